# Rule sets (RULES.md sections 3 and 5).

from ._core.typedefs cimport KIND_FOUR_TWO_SINGLES, KIND_PLANE_SINGLES, N_KINDS

from .checks import check_bool

AUCTIONS = ("open", "single_round")


cdef class Rules:
    """An immutable, hashable rule set.

    ``distinct_single_wings``: the single kickers of a plane must have pairwise different ranks
    (seeds 002 and 004); by default they may repeat (``333444+55``).
    ``auction``: ``"open"`` (default; players speak until a bid is followed by two passes) or
    ``"single_round"`` (everyone speaks once).
    """

    def __cinit__(self):
        self.set(False, "open")     # an instance made without __init__ is the default rule set

    def __init__(self, distinct_single_wings=False, auction="open"):
        if self.frozen:
            raise TypeError("a Rules is immutable: __init__ may not be called again")
        check_bool(distinct_single_wings, "distinct_single_wings")
        if not isinstance(auction, str):
            raise TypeError(f"auction must be one of {AUCTIONS}, not {auction!r}")
        if auction not in AUCTIONS:
            raise ValueError(f"auction must be one of {AUCTIONS}, not {auction!r}")
        self.set(bool(distinct_single_wings), str(auction))     # str: numpy's str_ too
        self.frozen = True

    cdef void set(self, bint distinct_single_wings, str auction):
        self.distinct_single_wings = distinct_single_wings
        self.auction = auction
        self.c.kinds = (1 << N_KINDS) - 1
        self.c.distinct_single_kickers = 1 << KIND_FOUR_TWO_SINGLES
        if distinct_single_wings:
            self.c.distinct_single_kickers |= 1 << KIND_PLANE_SINGLES
        self.c.rocket_kickers = False
        self.c.single_round_auction = auction == "single_round"

    def _key(self):
        return (self.distinct_single_wings, self.auction)

    def __eq__(self, other):
        if isinstance(other, Rules):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Rules(distinct_single_wings={self.distinct_single_wings!r}, auction={self.auction!r})"

    def __reduce__(self):
        return (Rules, self._key())


cdef Rules DEFAULT_RULES = Rules()


cdef Rules as_rules(object rules):
    if rules is None:
        return DEFAULT_RULES
    if isinstance(rules, Rules):
        return <Rules>rules
    raise TypeError(f"rules must be a ddz_fast.Rules or None, not {type(rules).__name__}")
