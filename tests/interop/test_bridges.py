"""The position bridges of ddz_fast.interop against the peers' own states (pip install
'ddz-fast[peers]'): openspiel.to_state / from_state, rlcard.from_env, douzero.from_env.

Positions come from random games driven by either side; each is compared with what the peer
itself reports (hands, seat to move, move to beat, landlord, bid, history, legal actions), and
round trips must give the same position and history. Then the errors.
"""

import random
import re
import sys
from collections import Counter

import pytest

from ddz_fast import (
    PASS, RANK_SYMBOLS, ActionSpace, Game, Hand, IllegalActionError, IllegalMoveError,
    InvalidMoveError, InvalidPositionError, Move, Rules,
)
from ddz_fast.interop import douzero, openspiel, rlcard
from peer_deviations import explaining
from peer_helpers import OPENSPIEL, douzero_choices, openspiel_choices

DECK = "".join(symbol * (4 if symbol not in "BR" else 1) for symbol in RANK_SYMBOLS)


def random_deal(rng, landlord):
    """Hands of 20, 17 and 17 cards (the landlord's with the kitty) and the kitty."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [Hand("".join(cards[17 * seat:17 * seat + 17])) for seat in range(3)]
    kitty = Hand("".join(cards[51:]))
    hands[landlord] += kitty
    return hands, kitty


def without_seed(game, marked=True):
    """The position text without the seed (from_state's games have none of their own) and,
    unless ``marked``, the marked card."""
    text = re.sub(r" seed=\d+", "", game.position())
    return text if marked else re.sub(r" marked=\S", "", text)


# --- OpenSpiel ------------------------------------------------------------------------------

def observed(state, seat):
    """What OpenSpiel's observation string tells ``seat``: its hand, the face-up card's rank
    index, the first bidder, its seat counted from the landlord's."""
    text = state.observation_string(seat)
    hand = re.search(r"My hand (\S*)", text).group(1).replace("(BWJ)", "B").replace("(CJ)", "R")
    numbers = [int(re.search(pattern + r"(\d+)", text).group(1)) for pattern in
               ("face up card rank: ", "start player: ", "My position from Dizhu: ")]
    return Hand(hand), *numbers


def check_state(game, state, space, seen, auction=()):
    """``state`` (OpenSpiel's) and ``game`` (ddz_fast's) are at the same position, the state's
    history being the deal, ``auction`` (ids) and the game's history."""
    assert state.history()[openspiel.DEAL_ACTIONS:] == list(auction) + [
        space.id(action) for _, action in game.history]
    for seat in range(3):
        hand, _, first, from_landlord = observed(state, seat)
        assert hand == game.hands[seat] and first == game.first_bidder
        if game.landlord is not None:
            assert from_landlord == (seat - game.landlord) % 3
    assert state.is_terminal() == (game.phase == "over")
    if game.phase == "over":
        assert tuple(state.returns()) == game.result.scores
    else:
        assert state.current_player() == game.to_move
        openspiel_choices(game, state, space, seen)


def random_openspiel_game(rng):
    """A game under the openspiel preset: a seeded deal (a third of them with the first bidder
    given, a third set up in the play phase), then random legal actions that OpenSpiel offers
    too (none its deviations say it lacks: the chains it skips)."""
    kind = rng.randrange(3)
    if kind < 2:
        first = rng.randrange(3) if kind else None
        game = Game(rng.randrange(2**64), rules=OPENSPIEL, first_bidder=first)
    else:
        landlord = rng.randrange(3)
        hands, kitty = random_deal(rng, landlord)
        game = Game.from_hands(hands, landlord=landlord, bid=rng.randint(1, 3), kitty=kitty,
                               rules=OPENSPIEL)
    for _ in range(rng.randrange(70)):
        if game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        elif game.phase == "play":
            hand, prev = game.hands[game.to_move], game.last_move
            game.play(rng.choice([m for m in game.legal_moves()
                                  if not explaining("openspiel", hand, prev, m, "ddz")]))
    return game


@pytest.mark.peers
def test_openspiel_to_state_and_back():
    pytest.importorskip("pyspiel")
    space = ActionSpace("openspiel")
    seen = Counter()
    for seed in range(300):
        game = random_openspiel_game(random.Random(seed))
        state = openspiel.to_state(game)
        back = openspiel.from_state(state)
        if game.seed is None:     # set up: the landlord bids first, the others pass
            landlord, bid = game.landlord, game.winning_bid
            auction = [(landlord, bid)] + [((landlord + i) % 3, 0) for i in (1, 2)] * (bid < 3)
            seen["set up"] += 1
        else:
            auction = []
        check_state(game, state, space, seen, [bid for _, bid in auction])
        assert back.history == auction + game.history
        # The marked card stays when the first bidder holds one of its rank, as in a deal
        # without a first bidder given (OpenSpiel's face-up card is the first bidder's).
        same_marked = game.seed is not None and game.first_bidder == Game(game.seed).first_bidder
        assert without_seed(back, same_marked) == without_seed(game, same_marked)
        assert back.seed is None and openspiel.to_state(back).history() == state.history()
        seen[game.phase] += 1
    assert seen["set up"] and seen["auction"] and seen["over"] and seen["play"] > 150, seen


@pytest.mark.peers
def test_openspiel_auction_made_up_for_a_set_up_game():
    pytest.importorskip("pyspiel")
    dealt = Game(7, rules=OPENSPIEL)
    hands = [dealt.hands[0] + dealt.kitty, *dealt.hands[1:]]
    for first, bid, auction in [(0, 3, [(0, 3)]), (0, 1, [(0, 1), (1, 0), (2, 0)]),
                                (1, 2, [(1, 0), (2, 0), (0, 2), (1, 0), (2, 0)])]:
        game = Game.from_position(phase="play", hands=hands, to_move=0, landlord=0, bid=bid,
                                  kitty=dealt.kitty, first=first, rules=OPENSPIEL)
        back = openspiel.from_state(openspiel.to_state(game))
        assert back.history == auction and back.first_bidder == first
        assert without_seed(back, marked=False) == without_seed(game)


@pytest.mark.slow
@pytest.mark.peers
def test_openspiel_from_state_and_back():
    pyspiel = pytest.importorskip("pyspiel")
    space = ActionSpace("openspiel")
    seen = Counter()
    for seed in range(120):
        rng = random.Random(seed)
        state = pyspiel.load_game("dou_dizhu").new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        while True:
            game = openspiel.from_state(state)
            check_state(game, state, space, seen)
            assert observed(state, 0)[1] == RANK_SYMBOLS.index(game.marked_card)
            again = openspiel.to_state(game)
            assert [again.observation_string(seat) for seat in range(3)] == [
                state.observation_string(seat) for seat in range(3)]
            assert openspiel.from_state(again).position() == game.position()
            seen["positions"] += 1
            if game.phase == "over" or rng.random() < 0.03:
                break
            # Random actions of OpenSpiel's that are legal (not its bombs on the rocket).
            state.apply_action(rng.choice(openspiel_choices(game, state, space, seen)))
    assert seen["positions"] > 1000, seen


# --- RLCard ---------------------------------------------------------------------------------

def check_rlcard(game, env, space):
    """``game`` is at the position of the RLCard ``env``, as RLCard reports it."""
    from rlcard.games.doudizhu.utils import ACTION_2_ID, cards2str

    peer = env.game
    assert [str(hand) for hand in game.hands] == [cards2str(p.current_hand) for p in peer.players]
    assert game.landlord == peer.round.landlord_id == 0 and game.winning_bid == 1
    assert game.kitty == Hand(cards2str(peer.round.dealer.deck[-3:]))
    assert [(seat, space.id(action)) for seat, action in game.history] == [
        (seat, ACTION_2_ID[action]) for seat, action in peer.round.trace]
    if peer.is_over():
        assert game.phase == "over" and tuple(env.get_payoffs()) == game.result.scores
        return
    assert game.to_move == peer.round.current_player
    leader = peer.round.greater_player
    to_beat = None if leader is None or leader.player_id == game.to_move else leader.played_cards
    assert (game.last_move and game.last_move.cards) == to_beat
    assert sorted(space.legal_ids(game).tolist()) == sorted(ACTION_2_ID[a] for a in peer.state["actions"])


@pytest.mark.peers
def test_rlcard_from_env():
    rlcard_package = pytest.importorskip("rlcard")
    space = ActionSpace("rlcard")
    env = rlcard_package.make("doudizhu", config={"seed": 5})
    positions = 0
    for seed in range(60):
        rng = random.Random(seed)
        state, _ = env.reset()
        while True:
            check_rlcard(rlcard.from_env(env if seed % 2 else env.game), env, space)
            positions += 1
            if env.is_over():
                break
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
    assert positions > 2000


# --- DouZero --------------------------------------------------------------------------------

def check_douzero(game, env, seen):
    """``game`` is at the position of the DouZero ``env``, as DouZero reports it."""
    peer = env._env
    assert list(game.hands) == [douzero.from_cards(peer.info_sets[p].player_hand_cards)
                                for p in douzero.POSITIONS]
    assert game.landlord == 0 and game.winning_bid == 1 and game.bombs == peer.bomb_num
    assert [douzero.to_cards(move) for _, move in game.history] == peer.card_play_action_seq
    assert [seat for seat, _ in game.history] == [i % 3 for i in range(len(game.history))]
    if peer.game_over:
        assert game.phase == "over" and game.result.winner == (
            "landlord" if peer.winner == "landlord" else "farmers")
        return
    assert game.to_move == douzero.POSITIONS.index(peer.acting_player_position)
    assert douzero.to_cards(game.last_move or PASS) == peer.get_last_move()
    douzero_choices(game, env.infoset.legal_actions, seen)


@pytest.mark.slow
@pytest.mark.peers
def test_douzero_from_env():
    np = pytest.importorskip("numpy")
    env_module = pytest.importorskip("douzero.env.env")
    seen = Counter()
    saved = np.random.get_state()
    try:
        for seed in range(60):
            rng = random.Random(seed)
            env = env_module.Env("adp")
            np.random.seed(seed)            # Env.reset shuffles with numpy's global generator
            env.reset()
            kitty = list(env._env.three_landlord_cards)
            game = douzero.from_env(env, kitty=kitty)     # (also picks the actions below)
            while True:
                if rng.random() < 0.3 or env._env.game_over:
                    read = douzero.from_env(env if seed % 2 else env._env, kitty=kitty)
                    check_douzero(read, env, seen)
                    assert read.position() == game.position() and read.history == game.history
                    assert read.kitty == douzero.from_cards(kitty)
                    # Without the kitty: the one DouZero's state allows, or none.
                    alone = douzero.from_env(env)
                    seen["kitty read back" if alone.kitty else "kitty lost"] += 1
                    assert alone.kitty in (read.kitty, Hand())
                    assert alone.position() == read.position().replace(
                        "" if alone.kitty else f" kitty={read.kitty}", "")
                if env._env.game_over:
                    break
                # A random play that both offer.
                move = rng.choice(douzero_choices(game, env.infoset.legal_actions, seen))
                env.step(douzero.to_cards(move))
                game.play(move)
    finally:
        np.random.set_state(saved)
    assert seen["kitty read back"] > 50 and seen["kitty lost"] > 500, seen


# --- errors ---------------------------------------------------------------------------------

def rest_of_deck(*hands):
    return Hand([(4 if rank < 13 else 1) - sum(h.counts[rank] for h in hands) for rank in range(15)])


def set_up(hands, kitty, rules=OPENSPIEL):
    """A play-phase game, seat 0 the landlord: ``hands`` for seats 0 and 1, the rest to seat 2."""
    hands = [Hand(hand) for hand in hands]
    return Game.from_hands(hands + [rest_of_deck(*hands)], kitty=kitty, rules=rules)


@pytest.mark.peers
def test_to_state_refuses_what_openspiel_cannot_express():
    pytest.importorskip("pyspiel")
    full = Game(7, rules=OPENSPIEL)
    dealt = [full.hands[0] + full.kitty, full.hands[1]]
    single_round = Game(7, rules=OPENSPIEL.replace(auction="single_round"))
    bid_once = Game(7, rules=OPENSPIEL)
    bid_once.bid(1)
    redealt = Game(7)
    for _ in range(3):
        redealt.bid(0)
    four_with_two = set_up(["33334444555566667" + "2BR", "7778888999TTTTJJJ"], "2BR", Rules())
    four_with_two.play("3333+45")
    skipped = set_up(["33334567TTJJQQKKAA22", "4445556688889TJQK"], "A22")   # chains from a quad
    skipped.play("34567")
    played = set_up(dealt, full.kitty)
    played.play(played.legal_moves()[0])
    # Uneven hands of the whole deck (the 17 cards OpenSpiel deals to each seat) are no position
    # of a deal: the engine refuses them itself.
    with pytest.raises(InvalidPositionError, match=re.escape("make 18; a farmer is dealt 17")):
        set_up([Hand(str(dealt[0])[1:]), dealt[1] + Hand(str(dealt[0])[0])], full.kitty)
    for game, error, words in [
        ("a game", TypeError, "ddz_fast Game"),
        (single_round, InvalidPositionError, "only the open auction"),
        (redealt, InvalidPositionError, "dealt again"),
        (Game.from_hands(["3456", "789", "TJQ"], rules=OPENSPIEL), InvalidPositionError, "out of play"),
        (set_up(dealt, None), InvalidPositionError, "without its kitty"),
        (Game.from_position(bid_once.position()), InvalidPositionError, "partway through its auction"),
        (Game.from_position(played.position()), InvalidPositionError, "after cards were played"),
        (four_with_two, InvalidMoveError, "no action for Move('four_two_singles'"),
        (skipped, IllegalMoveError, "does not offer Move('straight', 5, 4, '34567') by seat 0"),
    ]:
        with pytest.raises(error, match=re.escape(words)):
            openspiel.to_state(game)


@pytest.mark.peers
def test_from_state_refuses_what_the_rules_forbid():
    pyspiel = pytest.importorskip("pyspiel")
    space = ActionSpace("openspiel")
    rocket = set_up(["BR6789TJQKA26789TJQK", "33334444555566778"], "BR6")
    rocket.play("BR")
    bomb_on_rocket = openspiel.to_state(rocket)
    assert space.id(Move.parse("3333")) in bomb_on_rocket.legal_actions()      # bombs on the rocket
    bomb_on_rocket.apply_action(space.id(Move.parse("3333")))
    unchecked = openspiel.to_state(Game(7, rules=OPENSPIEL))
    unchecked.apply_action(space.id(Move.parse("45678")))       # apply_action takes it
    partway = pyspiel.load_game("dou_dizhu").new_initial_state()
    for action in (4, 60):
        partway.apply_action(action)
    twice = pyspiel.load_game("dou_dizhu").new_initial_state()
    for action in [3] + list(range(51, 101)) + [51]:       # card 0 dealt twice
        twice.apply_action(action)
    for state, error, words in [
        ("a state", TypeError, "pyspiel State"),
        (pyspiel.load_game("tic_tac_toe").new_initial_state(), InvalidPositionError, "'tic_tac_toe'"),
        (partway, InvalidPositionError, "2 of its 52 chance actions"),
        (twice, InvalidPositionError, "no deal of OpenSpiel's"),
        (bomb_on_rocket, IllegalMoveError, "history[56] = 26043: 3333 does not beat BR"),
        (unchecked, IllegalActionError, "history[52] = 20: a play (45678) in the auction"),
    ]:
        with pytest.raises(error, match=re.escape(words)):
            openspiel.from_state(state)


@pytest.mark.peers
def test_rlcard_from_env_errors():
    rlcard_package = pytest.importorskip("rlcard")
    env = rlcard_package.make("doudizhu", config={"seed": 5})
    with pytest.raises(InvalidPositionError, match="no deal yet"):
        rlcard.from_env(env)
    with pytest.raises(TypeError, match="RLCard doudizhu Env"):
        rlcard.from_env(object())
    env.reset()
    env.game.step("pass")           # RLCard takes any action (unchecked steps)
    with pytest.raises(IllegalMoveError, match=re.escape("trace[0] = (0, 'pass'): seat 0 leads")):
        rlcard.from_env(env)
    env.reset()
    held = rlcard.from_env(env).hands
    env.game.step(str(held[0])[-1])
    env.game.step(str(held[1])[0])  # a card that does not beat the lead
    with pytest.raises(IllegalMoveError, match=re.escape(f"trace[1] = (1, '{str(held[1])[0]}')")):
        rlcard.from_env(env)
    env.reset()
    missing = next(symbol for symbol in RANK_SYMBOLS if symbol not in str(rlcard.from_env(env).hands[0]))
    env.game.step(missing)          # a card the landlord does not hold
    with pytest.raises(InvalidPositionError, match="hands and trace make no deal"):
        rlcard.from_env(env)
    env.reset()
    env.game.round.landlord_id = 1
    with pytest.raises(InvalidPositionError, match="landlord is seat 1"):
        rlcard.from_env(env)


class Scripted:
    """A DouZero player that plays the given actions in turn."""

    def __init__(self, *actions):
        self.actions = list(actions)

    def act(self, infoset):
        return self.actions.pop(0)


def douzero_game(hands, kitty, *actions):
    """A DouZero GameEnv dealt ``hands`` (landlord, landlord_down, landlord_up) after
    ``actions``, taken in turn from the landlord on."""
    game_module = pytest.importorskip("douzero.env.game")
    players = {p: Scripted(*actions[i::3]) for i, p in enumerate(douzero.POSITIONS)}
    peer = game_module.GameEnv(players)
    peer.card_play_init({**dict(zip(douzero.POSITIONS, map(sorted, hands))),
                         "three_landlord_cards": sorted(kitty)})
    for _ in actions:
        peer.step()
    return peer


@pytest.mark.peers
def test_douzero_from_env_errors():
    env_module = pytest.importorskip("douzero.env.env")
    with pytest.raises(InvalidPositionError, match="no deal yet"):
        douzero.from_env(env_module.Env("adp"))
    with pytest.raises(TypeError, match="DouZero GameEnv or Env"):
        douzero.from_env([3, 4])
    # The landlord plays 3 and then 44: a kitty of 459 or of 359 leaves DouZero's [5, 9].
    peer = douzero_game([[3, 4, 4, 5, 9], [8, 8], [6, 7]], [4, 5, 9], [3], [], [], [4, 4])
    assert peer.three_landlord_cards == [5, 9]
    assert douzero.from_env(peer).kitty == Hand()
    assert douzero.from_env(peer, kitty=[9, 3, 5]).kitty == Hand("359")
    with pytest.raises(InvalidPositionError, match=re.escape("the kitty was [3, 5, 9] or [4, 5, 9]")):
        douzero.from_env(peer, kitty=[5, 9, 9])
    # DouZero's rejected plays: a plane whose kickers hold a trio next to it, no play here.
    peer = douzero_game([[3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 17], [9, 9], [7, 8]],
                        [7, 8, 17], [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8])
    with pytest.raises(IllegalMoveError, match=re.escape(
            "card_play_action_seq[0] = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8] by landlord: "
            "no legal move")):
        douzero.from_env(peer)


PEERS_EXTRA = "pip install 'ddz-fast[peers]'"


@pytest.mark.parametrize("bridge, module, install", [
    (openspiel.to_state, "pyspiel", PEERS_EXTRA), (openspiel.from_state, "pyspiel", PEERS_EXTRA),
    (rlcard.from_env, "rlcard.games.doudizhu.game", PEERS_EXTRA),
    (douzero.from_env, "douzero.env.game", "pip install --no-deps douzero==1.1.0"),
])
def test_bridges_name_the_install_when_the_peer_is_missing(monkeypatch, bridge, module, install):
    monkeypatch.setitem(sys.modules, module, None)       # its import raises ImportError
    with pytest.raises(ImportError, match=re.escape(f"needs {module}") + ".*" + re.escape(install)):
        bridge(None)
