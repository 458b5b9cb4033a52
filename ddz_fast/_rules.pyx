# Rule sets (RULES.md sections 3 and 5): one table of fields drives construction, checks,
# equality, hashing, repr, pickling, the presets and the command-line options.

import argparse

from ._core.typedefs cimport (
    KIND_FOUR_TWO_PAIRS, KIND_FOUR_TWO_SINGLES, KIND_LONG_BOMB, KIND_PLANE_SINGLES, KIND_ROCKET,
    KIND_TRIO_PAIR, KIND_TRIO_SINGLE,
    KIND_SHUTTLE, KIND_SHUTTLE_PAIRS, KIND_SHUTTLE_SINGLES, KIND_SHUTTLE_TWO_PAIRS,
    KIND_SHUTTLE_TWO_SINGLES, N_KINDS, TIER_HARD, TIER_PURE, TIER_SOFT, ddz_rules,
)
from ._core.state cimport MAX_BID, MAX_REDEALS
from ._core.typedefs cimport MAX_MOVES as C_MAX_MOVES

from .checks import check_bool, check_choice, check_int
from .errors import UnsupportedRulesError

# Room for the moves of one hand: bench/max_moves.py proves every preset stays within it.
MAX_MOVES = C_MAX_MOVES
HIGHEST_BID = MAX_BID
REDEAL_LIMIT = MAX_REDEALS          # all-pass auctions per deal at most (RedealLimitError)

AUCTIONS = ("open", "single_round", "none")
ALL_PASS = ("redeal", "end")
SCORINGS = ("points", "win", "wp", "adp", "logadp")
SHUTTLES = ("off", "ordinary", "super_bomb")
SHUTTLE_WINGS = ("none", "one", "two")
MOST_SHUTTLE_BOMBS = 3
WILDS = ("none", "one", "two")
BOMB_ORDERS = ("rocket_top", "pure_top")
SIDES = ("1v3", "2v2")
ATTACHMENTS = ("any", "pairs", "plane_pairs")
JOKER_PAIRS = ("same_colour", "none")
BOMB_RANKINGS = ("size", "tiers")
MULTIPLIERS = (1, 2, 4, 8)
STAGES = ("auction", "play")


class Field:
    """One switch of a rule set.

    ``stage``: the stage of a game it changes, one of ``STAGES`` (so a command that starts
    after the auction offers only the "play" fields). ``help``: its command-line help.
    ``c(switches, value)`` sets the value into ``switches``, a dict of the ``ddz_rules`` struct
    that the kernels read (it starts as ``SWITCHES``). Subclasses give the type: ``check``
    returns the value in canonical form or raises, ``add_option`` adds the command-line option
    (its default None means "as the preset says"), ``spell`` writes a value as that option,
    ``read`` the value of its text in a position (as ``write`` writes it; ``check`` judges it).
    """

    def __init__(self, name, default, stage, help, c):
        self.name = name
        self.default = default
        self.stage = stage
        self.help = help
        self.c = c
        self.option = "--" + name.replace("_", "-")


class Flag(Field):
    """A switch that is on or off: ``--name`` / ``--no-name``."""

    def check(self, value):
        return check_bool(value, self.name)

    def add_option(self, parser):
        parser.add_argument(self.option, action=argparse.BooleanOptionalAction, default=None,
                            help=f"{self.help} (default: as --rules says)")

    def spell(self, value):
        return self.option if value else "--no-" + self.option[2:]

    def write(self, value):
        return "true" if value else "false"

    def read(self, text):
        return {"true": True, "false": False}.get(text, text)


class Choice(Field):
    """A switch that takes one of a few names: ``--name CHOICE``."""

    def __init__(self, name, choices, default, stage, help, c):
        super().__init__(name, default, stage, help, c)
        self.choices = choices

    def check(self, value):
        return check_choice(value, self.name, self.choices)

    def add_option(self, parser):
        parser.add_argument(self.option, choices=self.choices, default=None,
                            help=f"{self.help} (default: as --rules says)")

    def spell(self, value):
        return f"{self.option} {value}"

    def write(self, value):
        return value

    def read(self, text):
        return text


class Count(Field):
    """A switch that takes a small integer, ``low..high``: ``--name N``."""

    def __init__(self, name, low, high, default, stage, help, c):
        super().__init__(name, default, stage, help, c)
        self.low = low
        self.high = high

    def check(self, value):
        return check_int(value, self.name, self.low, self.high)

    def add_option(self, parser):
        parser.add_argument(self.option, type=int, choices=range(self.low, self.high + 1),
                            default=None, metavar=f"{{{self.low}..{self.high}}}",
                            help=f"{self.help} (default: as --rules says)")

    def spell(self, value):
        return f"{self.option} {value}"

    def write(self, value):
        return str(value)

    def read(self, text):
        return int(text) if text.isdigit() and text.isascii() else text


class Multiplier(Count):
    """A factor of the multiplier, one of ``MULTIPLIERS`` (powers of two): ``--name N``. The
    kernels read how many doublings it makes."""

    def __init__(self, name, default, stage, help, c):
        super().__init__(name, MULTIPLIERS[0], MULTIPLIERS[-1], default, stage, help, c)

    def check(self, value):
        value = check_int(value, self.name)
        if value not in MULTIPLIERS:
            raise ValueError(f"{self.name} must be one of {', '.join(map(str, MULTIPLIERS))}, "
                             f"not {value}")
        return value

    def add_option(self, parser):
        parser.add_argument(self.option, type=int, choices=MULTIPLIERS, default=None,
                            help=f"{self.help} (default: as --rules says)")


def tier_multiplier(name, int tier, what):
    """The multiplier field of a bomb tier (RULES.md 10): `name`_bomb_multiplier."""
    def c(switches, value):
        switches["bomb_doublings"][tier] = doublings(value)
    return Multiplier(f"{name}_bomb_multiplier", default=2, stage="play",
                      help=f"the factor of a {name} bomb ({what})", c=c)


SHUTTLE_KINDS = 1 << KIND_SHUTTLE
SHUTTLE_WING_KINDS = {
    "none": 0,
    "one": 1 << KIND_SHUTTLE_SINGLES | 1 << KIND_SHUTTLE_PAIRS,
    "two": 1 << KIND_SHUTTLE_TWO_SINGLES | 1 << KIND_SHUTTLE_TWO_PAIRS,
}


# The kernels' switches before any field sets its own: every kind of the default game exists
# (the shuttles are variants), the single kickers of a four-with-two and of the shuttles
# differ, both jokers never serve as kickers together (RULES.md 5). Converting this dict to
# the struct fails if it lacks a field of ddz_rules.
cdef dict SWITCHES = {
    "kinds": (1 << (KIND_ROCKET + 1)) - 1,
    "distinct_single_kickers": (1 << KIND_FOUR_TWO_SINGLES | 1 << KIND_SHUTTLE_SINGLES
                                | 1 << KIND_SHUTTLE_TWO_SINGLES),
    "rocket_kickers": False,
    "quad_wings": True,
    "extending_wings": True,
    "single_round_auction": False,
    "no_auction": False,
    "all_pass_ends": False,
    "scoring": 0,
    "spring": True,
    "shuttle_bomb": False,
    "shuttle_bombs": 1,
    "wilds": 0,
    "pure_top": False,
    "bomb_doublings": [1, 1, 1],
    "rocket_doublings": 1,
    "players": 3,
    "joker_pairs": True,
    "bomb_tiers": False,
    "pair_sides": False,
    "moves_grow": False,        # (derived: switches_of)
}

# The kinds with kickers that each value of `attachments` removes (RULES.md 11).
ATTACHMENT_KINDS_OFF = {
    "any": 0,
    "pairs": 1 << KIND_TRIO_SINGLE | 1 << KIND_PLANE_SINGLES,
    "plane_pairs": 1 << KIND_TRIO_SINGLE | 1 << KIND_PLANE_SINGLES | 1 << KIND_TRIO_PAIR,
}

# The fields, in the order of Rules' positional arguments and pickles: append, never reorder.
# Each must be declared in _rules.pyi too (tests/test_rules.py checks it). Setters run in this
# order: shuttle_wings reads the kinds that shuttle set.
FIELDS = (
    Flag("distinct_single_wings", default=False, stage="play",
         help="variant: the single kickers of a plane must have pairwise different ranks",
         c=lambda s, on: s.update(
             distinct_single_kickers=s["distinct_single_kickers"] | on << KIND_PLANE_SINGLES)),
    Choice("auction", AUCTIONS, default="open", stage="auction",
           help="auction variant: 'open' (players speak until a bid is followed by two passes), "
                "'single_round' (every seat speaks once) or 'none' (seat 0 is the landlord at "
                "bid 1 and leads at once)",
           c=lambda s, auction: s.update(single_round_auction=auction == "single_round",
                                         no_auction=auction == "none")),
    Flag("four_with_two", default=True, stage="play",
         help="four of a rank with two single or two pair kickers is a combination",
         c=lambda s, on: s.update(kinds=s["kinds"] if on else s["kinds"] & ~(
             1 << KIND_FOUR_TWO_SINGLES | 1 << KIND_FOUR_TWO_PAIRS))),
    Flag("distinct_four_two_singles", default=True, stage="play",
         help="the two single kickers of a four with two must have different ranks",
         c=lambda s, on: s.update(distinct_single_kickers=s["distinct_single_kickers"] & ~(
             (not on) << KIND_FOUR_TWO_SINGLES))),
    Flag("quad_wings", default=True, stage="play",
         help="the single kickers of a plane may hold all four cards of a rank",
         c=lambda s, on: s.update(quad_wings=on)),
    Flag("extending_wings", default=True, stage="play",
         help="the single kickers of a plane may hold three cards of a rank next to it "
              "(3..A), which would lengthen the plane",
         c=lambda s, on: s.update(extending_wings=on)),
    Choice("all_pass", ALL_PASS, default="redeal", stage="auction",
           help="when nobody bids: 'redeal' (the next seat bids first on a new deal) or 'end' "
                "(the deal ends unscored)",
           c=lambda s, value: s.update(all_pass_ends=value == "end")),
    Choice("scoring", SCORINGS, default="points", stage="play",
           help="what a deal pays: 'points' (each farmer settles bid x 2**bombs with the "
                "landlord), 'win' (1 to each winner, 0 to the others), or DouZero's rewards "
                "'wp' (the landlord +-1, each farmer the opposite), 'adp' (+-2**bombs), "
                "'logadp' (+-(bombs + 1))",
           c=lambda s, value: s.update(scoring=SCORINGS.index(value))),
    Flag("spring", default=True, stage="play",
         help="a spring or an anti-spring doubles the points",
         c=lambda s, on: s.update(spring=on)),
    Flag("rocket_kickers", default=False, stage="play",
         help="both jokers may serve together as the kickers of a four with two, a plane or a "
              "shuttle",
         c=lambda s, on: s.update(rocket_kickers=on)),
    # RULES.md section 9: the sources disagree on the shuttle, so each reading is a switch.
    Choice("shuttle", SHUTTLES, default="off", stage="play",
           help="variant: two or more consecutive quads (3..A) are a space shuttle: 'off', "
                "'ordinary' (a kind of its own, beaten by bombs and the rocket; the Botzone "
                "judge) or 'super_bomb' (above bombs, below the rocket)",
           c=lambda s, value: s.update(
               kinds=s["kinds"] | (SHUTTLE_KINDS if value != "off" else 0),
               shuttle_bomb=value == "super_bomb")),
    Choice("shuttle_wings", SHUTTLE_WINGS, default="one", stage="play",
           help="the kickers a shuttle may carry besides none: 'one' single or pair of "
                "another rank per quad (the Botzone judge), 'two' (its sample player), or "
                "'none'; kicker ranks pairwise different",
           c=lambda s, value: s.update(kinds=s["kinds"] | (
               SHUTTLE_WING_KINDS[value] if s["kinds"] & SHUTTLE_KINDS else 0))),
    Count("shuttle_bombs", 0, MOST_SHUTTLE_BOMBS, default=1, stage="play",
          help="the bombs a shuttle counts as in the multiplier (3: the open_spiel fork's "
               "consecutive bombs)",
          c=lambda s, value: s.update(shuttle_bombs=value)),
    # RULES.md section 10: wild cards, their bombs' order and the multipliers by bomb tier.
    Choice("wilds", WILDS, default="none", stage="play",
           help="variant: wild cards, 'none', 'one' rank drawn after the auction (癞子) or "
                "'two' (天地癞子: one drawn before the auction, one after)",
           c=lambda s, value: s.update(wilds=WILDS.index(value))),
    Choice("bomb_order", BOMB_ORDERS, default="rocket_top", stage="play",
           help="with wild cards: 'rocket_top' (rocket > pure-wild bomb > hard > soft; "
                "Tencent) or 'pure_top' (pure-wild bomb > rocket > hard > soft; JJ)",
           c=lambda s, value: s.update(pure_top=value == "pure_top")),
    tier_multiplier("soft", TIER_SOFT, "natural and wild cards"),
    tier_multiplier("hard", TIER_HARD, "four natural cards: every bomb without wild cards"),
    tier_multiplier("pure", TIER_PURE, "a pure-wild bomb, four wild cards"),
    Multiplier("rocket_multiplier", default=2, stage="play",
               help="the factor of the rocket",
               c=lambda s, value: s.update(rocket_doublings=doublings(value))),
    Flag("long_bombs", default=False, stage="play",
         help="with wild cards: a bomb may hold 5 to 12 cards of a rank, more cards beating "
              "fewer (FENTAIIII's 天地癞子); without them it changes nothing",
         c=lambda s, on: s.update(kinds=s["kinds"] | (on and s["wilds"] != 0) << KIND_LONG_BOMB)),
    # RULES.md section 11: four players on two decks, and the switches of their sources.
    Count("players", 3, 4, default=3, stage="auction",
          help="variant: 4 players on two decks (108 cards, 25 each and 8 to the landlord; "
               "seeds 003 and 004)",
          c=lambda s, value: s.update(players=value, kinds=s["kinds"] | (
              (value == 4) << KIND_LONG_BOMB))),
    Choice("sides", SIDES, default="1v3", stage="auction",
           help="with 4 players: the landlord alone against three ('1v3', seed 003) or with "
                "the seat opposite against the other two ('2v2', seed 004)",
           c=lambda s, value: s.update(pair_sides=value == "2v2")),
    Choice("attachments", ATTACHMENTS, default="any", stage="play",
           help="with 4 players: the kinds with kickers, 'any' (those of 3 players), 'pairs' "
                "(no single kicker; seed 003) or 'plane_pairs' (only a plane with pairs; "
                "seed 004)",
           c=lambda s, value: s.update(kinds=s["kinds"] & ~ATTACHMENT_KINDS_OFF[value])),
    Choice("joker_pairs", JOKER_PAIRS, default="same_colour", stage="play",
           help="with 4 players: two jokers of one colour are a pair ('same_colour', seed 004) "
                "or no pair ('none')",
           c=lambda s, value: s.update(joker_pairs=value == "same_colour")),
    Choice("bomb_ranking", BOMB_RANKINGS, default="size", stage="play",
           help="with 4 players: bombs rank by their cards, then rank ('size', seed 004), or "
                "by the tiers of 4-5, 6, 7 and 8 cards, then rank ('tiers', seed 003)",
           c=lambda s, value: s.update(bomb_tiers=value == "tiers")),
)

# The fields that only the four-player game reads (RULES.md 11).
FOUR_PLAYER_FIELDS = ("sides", "attachments", "joker_pairs", "bomb_ranking")


def check_players(tuple values):
    """The fields of the four-player game (RULES.md 11) set only with players=4, and those
    that no source plays with it left off."""
    if values[INDEX["players"]] == 3:
        for name in FOUR_PLAYER_FIELDS:
            if values[INDEX[name]] != DEFAULTS[INDEX[name]]:
                raise UnsupportedRulesError(
                    f"{name}={values[INDEX[name]]!r} is a switch of the four-player game "
                    f"(players=4, RULES.md 11); three players play {name}="
                    f"{DEFAULTS[INDEX[name]]!r}")
        return
    if values[INDEX["four_with_two"]]:
        raise UnsupportedRulesError("four players (players=4, RULES.md 11) play no four with "
                                    "two: give four_with_two=False")
    for name, off in (("wilds", "none"), ("shuttle", "off")):
        if values[INDEX[name]] != off:
            raise UnsupportedRulesError(
                f"four players (players=4) are not played with {name}="
                f"{values[INDEX[name]]!r}: no source plays both (RULES.md 11)")


def doublings(int factor):
    """How many doublings a factor of MULTIPLIERS makes."""
    return factor.bit_length() - 1

cdef tuple NAMES = tuple(field.name for field in FIELDS)
cdef dict INDEX = {name: i for i, name in enumerate(NAMES)}
cdef tuple DEFAULTS = tuple(field.default for field in FIELDS)
cdef dict PRESET_RULES, PRESET_NAMES       # set once the class exists, below


cdef ddz_rules switches_of(tuple values) except *:
    """The kernels' switches for the values of the fields."""
    switches = {**SWITCHES, "bomb_doublings": list(SWITCHES["bomb_doublings"])}
    for field, value in zip(FIELDS, values):
        field.c(switches, value)
    switches["moves_grow"] = switches["wilds"] != 0 or switches["players"] == 4
    return switches


cdef ddz_rules DEFAULT_SWITCHES = switches_of(DEFAULTS)


cdef class Rules:
    """An immutable, hashable rule set: a value for each field of ``FIELDS``.

    ``Rules()`` is RULES.md's rule set; keywords change fields (positional arguments follow the
    table's order): ``distinct_single_wings=True``, the single kickers of a plane have pairwise
    different ranks (by default they may repeat: ``333444+55``); ``auction="single_round"``,
    everyone speaks once (by default ``"open"``: players speak until a bid is followed by two
    passes). ``Rules.preset(name)`` is a named rule set, ``Rules.presets()`` all of them;
    ``name`` says which preset a rule set is (None if none); ``replace(**changes)`` makes a
    copy with other values.
    """

    def __cinit__(self):
        # An instance made without __init__ is the default rule set.
        self.c = DEFAULT_SWITCHES
        self.values = DEFAULTS

    def __init__(self, *args, **kwargs):
        if self.frozen:
            raise TypeError("a Rules is immutable: __init__ may not be called again")
        # Python's binding of arguments to the fields, by hand: inspect.Signature.bind would
        # cost a few microseconds a rule set.
        if len(args) > len(FIELDS):
            raise TypeError(f"Rules() takes at most {len(FIELDS)} positional arguments "
                            f"({len(args)} given)")
        given = [*args, *DEFAULTS[len(args):]]
        for name, value in kwargs.items():
            i = INDEX.get(name)
            if i is None:
                raise TypeError(f"Rules() got an unexpected keyword argument {name!r}")
            if i < len(args):
                raise TypeError(f"Rules() got multiple values for argument {name!r}")
            given[i] = value
        values = tuple([field.check(value) for field, value in zip(FIELDS, given)])
        if values[INDEX["wilds"]] != "none" and values[INDEX["shuttle"]] != "off":
            raise UnsupportedRulesError(
                f"wild cards (wilds={values[INDEX['wilds']]!r}) and the space shuttle "
                f"(shuttle={values[INDEX['shuttle']]!r}) are not played together (RULES.md 10)")
        check_players(values)
        self.c = switches_of(values)
        self.values = values
        self.frozen = True

    def __getattr__(self, name):
        # Only reached for names that are no attribute of the class: the fields.
        i = INDEX.get(name)
        if i is None:
            raise AttributeError(f"'Rules' object has no attribute {name!r}")
        return self.values[i]

    def __dir__(self):
        return [*object.__dir__(self), *NAMES]

    def __setattr__(self, name, value):
        raise AttributeError(f"a Rules is immutable: {name!r} may not be set (see replace())")

    @property
    def name(self):
        """The name of the preset with these values, or None."""
        return PRESET_NAMES.get(self.values)

    def replace(self, **changes):
        """A rule set with these fields changed: ``rules.replace(auction="single_round")``.
        An unknown field raises ``TypeError``, a bad value what ``Rules()`` raises."""
        return Rules(**{**dict(zip(NAMES, self.values)), **changes})

    @staticmethod
    def preset(name):
        """The preset called ``name`` (one of ``Rules.presets()``): ``ValueError`` for another
        name, ``TypeError`` for anything but a str."""
        if not isinstance(name, str):
            raise TypeError(f"preset must be a preset name (a str), not {type(name).__name__} "
                            f"({name!r})")
        return preset_named(name)

    @staticmethod
    def presets():
        """Every preset as a new dict of name -> Rules, ``"standard"`` (RULES.md's defaults)
        first, then the others in the order they were added."""
        return dict(PRESET_RULES)

    def __eq__(self, other):
        if isinstance(other, Rules):
            return self.values == (<Rules>other).values
        return NotImplemented

    def __hash__(self):
        return hash(self.values)

    def __repr__(self):
        # Only the fields that differ from the defaults: Rules() is RULES.md's rule set.
        changed = ", ".join(f"{field.name}={value!r}" for field, value in zip(FIELDS, self.values)
                            if value != field.default)
        return f"Rules({changed})"

    def __reduce__(self):
        return (Rules, self.values)     # through the checks of __init__


# Named rule sets: their changes from the field defaults. Presets are switches only, and no
# kernel knows their names.
PRESETS = {
    "standard": {},                                 # RULES.md's defaults (seed 000)
    "strict": {"distinct_single_wings": True},      # seeds 002 and 004
    # RLCard 1.2.0 (its judger's solo_attachments and its action table)
    "rlcard": {"distinct_four_two_singles": False, "quad_wings": False, "extending_wings": False,
               "auction": "none", "scoring": "win"},
    # OpenSpiel 2.0.2's dou_dizhu
    "openspiel": {"four_with_two": False, "quad_wings": False, "all_pass": "end"},
    # DouZero 1.1.0 (its move generator and detector, env and rewards: "adp" is its default
    # objective; scoring="points" gives its game scores)
    "douzero": {"distinct_four_two_singles": False, "rocket_kickers": True,
                "extending_wings": False, "auction": "none", "scoring": "adp", "spring": False},
    # The wild-card games of the large platforms (RULES.md 10): 癞子, one wild rank drawn after
    # the auction, and 天地癞子, two, with long bombs; the platform table code's multipliers
    "laizi": {"wilds": "one", "hard_bomb_multiplier": 4, "pure_bomb_multiplier": 4,
              "rocket_multiplier": 4},
    "tiandi_laizi": {"wilds": "two", "long_bombs": True, "hard_bomb_multiplier": 4,
                     "pure_bomb_multiplier": 4, "rocket_multiplier": 4},
    # Four players on two decks (RULES.md 11): seed 003's game, the landlord alone against
    # three, no single kicker; seed 004's, pair against pair, of the kinds with kickers only
    # the plane with pairs; both with same-colour joker pairs and bombs by size
    "four_1v3": {"players": 4, "four_with_two": False, "sides": "1v3", "attachments": "pairs"},
    "four_2v2": {"players": 4, "four_with_two": False, "sides": "2v2",
                 "attachments": "plane_pairs"},
}
PRESET_RULES = {name: Rules(**changes) for name, changes in PRESETS.items()}
PRESET_NAMES = {(<Rules>rules).values: name for name, rules in PRESET_RULES.items()}


cdef Rules DEFAULT_RULES = Rules()


cdef Rules preset_named(str name):
    preset = PRESET_RULES.get(name)
    if preset is None:
        raise ValueError(f"unknown preset {name!r}; the presets are "
                         f"{', '.join(map(repr, PRESET_RULES))}")
    return preset


def most_bombs(Rules rules):
    """The most bombs a deal can count under the rules, as the multiplier counts them (its
    doublings): 14 under the default rules, the 13 quads of 3..2 and the rocket. Multipliers
    count a bomb as several; a shuttle counts as ``shuttle_bombs`` (six two-quad shuttles
    instead of the twelve quads of 3..A); wild cards make no more bombs than 13 and the
    rocket (a bomb holds four cards of 3..2). Two decks (players=4) make 26 and the rocket
    (the four jokers): two bombs of four cards of each rank."""
    cdef const ddz_rules* c = &rules.c
    cdef int bomb = max(c.bomb_doublings[0], c.bomb_doublings[1], c.bomb_doublings[2])
    if c.players == 4:
        return 26 * bomb + c.rocket_doublings
    cdef int quads = 12 * bomb
    if rules.values[INDEX["shuttle"]] != "off":
        quads = max(quads, 6 * c.shuttle_bombs)
    return quads + bomb + c.rocket_doublings


# Under any rules: every bomb and the rocket at the greatest multiplier.
MOST_BOMBS = 14 * doublings(MULTIPLIERS[-1])


cpdef Rules without_wilds(Rules rules, str what):
    """`rules` if they have no wild cards; UnsupportedRulesError naming `what` otherwise (the
    parts of the package that do not play wild cards yet)."""
    if rules.c.wilds:
        raise UnsupportedRulesError(
            f"{what} does not support wild cards yet (wilds={rules.values[INDEX['wilds']]!r}); "
            f"Game, Tables, simulate, perft and legal_moves() with wild_ranks= do")
    return rules


cpdef Rules as_rules(object rules, bint four_players=False):
    """The one reading of every ``rules=`` argument: a Rules as is, a preset name
    (``Rules.presets()``) as that preset, None as the default rules. The four-player game
    (players=4) only where the caller plays it (`four_players`)."""
    cdef Rules found
    if rules is None:
        return DEFAULT_RULES
    if isinstance(rules, Rules) or isinstance(rules, str):
        found = <Rules>rules if isinstance(rules, Rules) else preset_named(rules)
        if found.c.players == 4 and not four_players:
            raise UnsupportedRulesError(
                f"the four-player game (players=4, RULES.md 11) is not played by this "
                f"part of the package yet: Game, simulate, perft, Series, sample_deals, "
                f"ActionSpace, Tables and the calls on cards and moves play it")
        return found
    raise TypeError(f"rules must be a ddz_fast.Rules, a preset name or None, not "
                    f"{type(rules).__name__} ({rules!r})")
