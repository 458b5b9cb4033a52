"""DouZero's side: its evaluation data (read, written byte for byte, refused when malformed, never
run) and its counting of WP and ADP (its own simulation code on our games)."""

import copy
import io
import pickle

import numpy as np
import pytest

from ddz_fast import (
    Game, GreedyPlayer, InvalidCardsError, InvalidPositionError, RandomPlayer, evaluate,
)
from ddz_fast.evaluation import seeded_deals
from ddz_fast.interop.douzero import (
    DEAL_KEYS, from_deal, read_eval_data, to_cards, to_deal, write_eval_data,
)

DECK = [n for n in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30]


def generate(rng):
    """One deal as DouZero's generate_eval_data.py deals it (kwai/DouZero, generate()): the
    shuffled deck's first 20 cards to the landlord, 20..36 to landlord_up, 37..53 to
    landlord_down, cards 17..19 (the last three of the landlord's) as three_landlord_cards,
    each list sorted. douzero/env/env.py (Env.reset) deals the same way."""
    deck = DECK.copy()
    rng.shuffle(deck)
    deal = {"landlord": deck[:20], "landlord_up": deck[20:37], "landlord_down": deck[37:54],
            "three_landlord_cards": deck[17:20]}
    for key in deal:
        deal[key].sort()
    return deal


def douzero_deals(dz, n, seed):
    """n deals made by DouZero's own code: Env.reset, its card_play_init recording the deal."""
    from douzero.env.env import Env
    deals = []
    env = Env("adp")
    init = env._env.card_play_init
    env._env.card_play_init = lambda data: (deals.append(copy.deepcopy(data)), init(data))[1]
    np.random.seed(seed)
    for _ in range(n):
        env.reset()
    return deals


def pickled(deals):
    buffer = io.BytesIO()
    pickle.dump(deals, buffer, pickle.HIGHEST_PROTOCOL)        # as generate_eval_data.py writes
    return buffer.getvalue()


def written(deals):
    buffer = io.BytesIO()
    write_eval_data(deals, buffer)
    return buffer.getvalue()


def check_deal(game, deal):
    assert (game.landlord, game.winning_bid, game.phase, game.to_move) == (0, 1, "play", 0)
    assert [to_cards(hand) for hand in game.hands] == [
        deal["landlord"], deal["landlord_down"], deal["landlord_up"]]
    assert to_cards(game.kitty) == deal["three_landlord_cards"]


def test_round_trip_of_generated_deals(tmp_path):
    rng = np.random.default_rng(7)
    deals = [generate(rng) for _ in range(200)]
    path = tmp_path / "eval_data.pkl"
    path.write_bytes(pickled(deals))
    games = read_eval_data(path)
    for game, deal in zip(games, deals, strict=True):
        check_deal(game, deal)
        assert to_deal(game) == deal and list(to_deal(game)) == list(DEAL_KEYS)
        assert from_deal(deal).position() == game.position()
    assert written(games) == path.read_bytes()                 # byte for byte
    assert written(deals) == path.read_bytes()
    write_eval_data(games, tmp_path / "again.pkl")
    assert (tmp_path / "again.pkl").read_bytes() == path.read_bytes()
    with open(path, "rb") as f:
        assert [g.position() for g in read_eval_data(f)] == [g.position() for g in games]


def test_douzero_s_own_deals(dz):
    deals = douzero_deals(dz, 100, seed=3)
    games = read_eval_data(io.BytesIO(pickled(deals)))
    for game, deal in zip(games, deals, strict=True):
        check_deal(game, deal)
    assert written(games) == pickled(deals)


def test_seeded_deals_convert_with_any_landlord_seat():
    for game in seeded_deals(50, 9):
        deal = to_deal(game)
        again = from_deal(deal)
        assert again.hands == game.hands and again.kitty == game.kitty
        assert sum(len(deal[k]) for k in DEAL_KEYS[:3]) == 54
    game = seeded_deals(1, 2)[0]
    moved = Game.from_hands([game.hands[1], game.hands[2], game.hands[0]], landlord=2,
                            kitty=game.kitty, rules="douzero")
    assert to_deal(moved) == to_deal(game)


def test_games_not_at_the_start_of_play_are_refused():
    game = seeded_deals(1, 2)[0]
    game.play(GreedyPlayer()(game))
    with pytest.raises(InvalidPositionError, match="start of play"):
        to_deal(game)
    with pytest.raises(InvalidPositionError, match="start of play"):
        to_deal(Game(1))
    with pytest.raises(InvalidPositionError, match="kitty"):
        to_deal(Game.from_hands([g for g in seeded_deals(1, 2)[0].hands], rules="douzero"))
    with pytest.raises(InvalidPositionError, match="deal 1: "):
        write_eval_data([seeded_deals(1, 2)[0], game], io.BytesIO())


def bad(change):
    deal = generate(np.random.default_rng(1))
    change(deal)
    return deal


def card_twice(deal):
    """landlord_up's first card becomes one of landlord_down's of another rank."""
    deal["landlord_up"][0] = next(c for c in deal["landlord_down"] if c != deal["landlord_up"][0])


MALFORMED = [
    ("not a dict", lambda: [[3, 4]], InvalidPositionError, "deal 0: a DouZero deal is a dict"),
    ("a key missing", lambda: [bad(lambda d: d.pop("landlord_up"))], InvalidPositionError, "keys"),
    ("a key more", lambda: [bad(lambda d: d.update(bid=1))], InvalidPositionError, "'bid'"),
    ("a short hand", lambda: [bad(lambda d: d["landlord"].pop())], InvalidPositionError,
     "'landlord' holds 19 cards, not 20"),
    ("a long kitty", lambda: [bad(lambda d: d["three_landlord_cards"].append(3))],
     InvalidPositionError, "'three_landlord_cards' holds 4"),
    ("no card", lambda: [bad(lambda d: d["landlord_up"].__setitem__(0, 15))], InvalidCardsError,
     "'landlord_up': 15 is no DouZero card"),
    ("a string card", lambda: [bad(lambda d: d["landlord_up"].__setitem__(0, "3"))],
     InvalidCardsError, "'landlord_up'"),
    ("a hand of text", lambda: [bad(lambda d: d.__setitem__("landlord_up", "3" * 17))],
     InvalidPositionError, "must be a list"),
    ("a card twice", lambda: [bad(card_twice)], InvalidPositionError, "no deal of the 54 cards"),
    ("a kitty not the landlord's", lambda: [bad(lambda d: d.__setitem__(
        "three_landlord_cards", sorted(d["landlord_up"][:3])))], InvalidPositionError,
     "not all in the landlord's hand"),
    ("the second deal", lambda: [generate(np.random.default_rng(2)), {}], InvalidPositionError,
     "deal 1: "),
    ("a dict", lambda: {"landlord": []}, InvalidPositionError, "a list of deals, not a dict"),
]


@pytest.mark.parametrize("data, error, match", [pytest.param(*case[1:], id=case[0]) for case in MALFORMED])
def test_malformed_data_is_refused(data, error, match):
    with pytest.raises(error, match=match):
        read_eval_data(io.BytesIO(pickle.dumps(data())))


_RAN = []


def _mark(*args):
    _RAN.append(args)


class Payload:
    def __reduce__(self):
        return (_mark, ("ran",))


@pytest.mark.parametrize("data", [
    pickle.dumps([Payload()]),
    pickle.dumps(Payload(), protocol=0),
    pickle.dumps([np.int64(3)]),            # numpy's ints name a class: refused too
])
def test_a_pickle_that_names_code_is_refused_unrun(data):
    with pytest.raises(InvalidPositionError, match="names .*lists and dicts of ints only"):
        read_eval_data(io.BytesIO(data))
    assert _RAN == []


@pytest.mark.parametrize("data", [b"", b"garbage", pickle.dumps([1])[:-3], b"\x80\x05K"])
def test_no_pickle_is_refused(data):
    with pytest.raises(InvalidPositionError, match="DouZero"):
        read_eval_data(io.BytesIO(data))


# --- DouZero's counting --------------------------------------------------------------------

class Replay:
    """A DouZero agent playing the moves our evaluation played, in order, from one shared list
    of (position, cards)."""

    def __init__(self, moves):
        self.moves = moves

    def act(self, infoset):
        position, cards = self.moves.pop(0)
        assert infoset.player_position == position
        assert cards in [sorted(action) for action in infoset.legal_actions]
        return cards


class Recording:
    """Our player, noting each move as DouZero's (position, cards)."""

    POSITION = {0: "landlord", 1: "landlord_down", 2: "landlord_up"}

    def __init__(self, player, log):
        self.player, self.log = player, log

    def __call__(self, game):
        move = self.player(game)
        self.log.append((self.POSITION[(game.to_move - game.landlord) % 3], to_cards(move)))
        return move

    def __repr__(self):
        return repr(self.player)


def douzero_counts(simulation, deals, moves, monkeypatch):
    """DouZero's mp_simulate over the deals, its agents replaying our moves; then evaluate()'s
    arithmetic (douzero/evaluation/simulation.py: WP = wins / games; ADP landlord =
    landlord scores / games, farmers = 2 x farmer scores / games)."""
    agents = {position: Replay(moves) for position in ("landlord", "landlord_up", "landlord_down")}
    monkeypatch.setattr(simulation, "load_card_play_models", lambda paths: agents)
    out = []

    class Queue:
        put = out.append
    simulation.mp_simulate(copy.deepcopy(deals), {}, Queue)
    assert moves == []                                      # every move replayed
    landlord_wins, farmer_wins, landlord_scores, farmer_scores = out[0]
    total = landlord_wins + farmer_wins
    return (landlord_wins / total, farmer_wins / total, landlord_scores / total,
            2 * farmer_scores / total)


@pytest.mark.parametrize("players, deals", [
    (("greedy", "random"), 40),
    pytest.param(("random", "random"), 150, marks=pytest.mark.slow),
])
def test_wp_and_adp_are_douzero_s(dz, monkeypatch, players, deals):
    from douzero.evaluation import simulation
    games = seeded_deals(deals, 21)
    dz_deals = [to_deal(game) for game in games]
    log = []
    make = {"random": lambda seed: RandomPlayer(seed), "greedy": lambda seed: GreedyPlayer()}
    a = Recording(make[players[0]](1), log)
    b = Recording(make[players[1]](2), log)
    e = evaluate(a, b, games)
    n = len(games)
    assert (e.records["bombs"] > 0).any()                   # so the doubling is checked
    first, second = log[:sum(e.records["turns"][:n])], log[sum(e.records["turns"][:n]):]
    wp_landlord, wp_farmers, adp_landlord, adp_farmers = douzero_counts(simulation, dz_deals, first, monkeypatch)
    assert (e.landlord.wp.value, e.farmers.wp.value) == pytest.approx((wp_landlord, wp_farmers))
    assert (e.landlord.adp.value, e.farmers.adp.value) == pytest.approx((adp_landlord, adp_farmers))
    wp_landlord, wp_farmers, adp_landlord, adp_farmers = douzero_counts(simulation, dz_deals, second, monkeypatch)
    assert (e.swapped_landlord.wp.value, e.swapped_farmers.wp.value) == pytest.approx((wp_landlord, wp_farmers))
    assert (e.swapped_landlord.adp.value, e.swapped_farmers.adp.value) == pytest.approx((adp_landlord, adp_farmers))


@pytest.mark.slow
def test_douzero_s_evaluate_reads_what_we_write(dz, tmp_path, capsys):
    """DouZero's own evaluate (its worker processes, its random agents) on a file of ours."""
    from douzero.evaluation.simulation import evaluate as douzero_evaluate
    path = tmp_path / "eval_data.pkl"
    write_eval_data(seeded_deals(40, 4), path)
    douzero_evaluate("random", "random", "random", str(path), 2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "WP results:" and lines[2] == "ADP results:"
    landlord, farmers = (float(x) for x in lines[1].split(" - ")[1].split(" : "))
    assert landlord + farmers == pytest.approx(1) and 40 * landlord == pytest.approx(round(40 * landlord))
    adp_landlord, adp_farmers = (float(x) for x in lines[3].split(" - ")[1].split(" : "))
    assert adp_landlord == pytest.approx(-adp_farmers)
