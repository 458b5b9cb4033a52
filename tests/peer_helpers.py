"""What the tests against the peer engines share (tests/interop/, the encodings' tests): the
peer presets, their action spaces, seeded draws and the lockstep players' choices (each checked
against the peer's own legal actions up to peer_deviations.py)."""

import functools
import random
from collections import Counter

import numpy as np

from ddz_fast import MOVE_DTYPE, PASS, ActionSpace, Game, Hand, Kind, Rules, every_play
from ddz_fast.interop import douzero
from ddz_fast.tools.peers import douzero_dmc
from peer_deviations import differences

RLCARD, OPENSPIEL, DOUZERO = (Rules.preset(name) for name in ("rlcard", "openspiel", "douzero"))
DECK = np.array([4] * 13 + [1, 1])


@functools.cache
def space(name):
    return ActionSpace(name)


def draw(rng, size, available):
    """`size` cards drawn at random from the rank counts `available`."""
    pool = [r for r in range(15) for _ in range(int(available[r]))]
    return np.bincount(rng.sample(pool, size), minlength=15)


def blocks(rules):
    """The plays of the rules by (kind, length)."""
    out = {}
    for move in every_play(rules):
        out.setdefault((move.kind, move.length), []).append(move)
    return [out[key] for key in sorted(out, key=lambda k: (list(Kind).index(k[0]), k[1]))]


def batch_rows(action_space, hands, prevs, chunk=500):
    """legal_ids_batch and legal_mask_batch of the positions, as lists of ids per row (in
    chunks: a mask row has an element per action)."""
    out = []
    for start in range(0, len(hands), chunk):
        part = slice(start, start + chunk)
        counts = np.array([h.counts for h in hands[part]], dtype=np.uint8)
        rows = np.array([(p or PASS).row for p in prevs[part]], dtype=MOVE_DTYPE)
        offsets, ids = action_space.legal_ids_batch(counts, rows)
        by_ids = [ids[offsets[i]:offsets[i + 1]].tolist() for i in range(len(counts))]
        masks = action_space.legal_mask_batch(counts, rows)
        by_masks = [np.flatnonzero(row).tolist() for row in masks]
        assert by_ids == by_masks
        out += by_ids
    return out


def openspiel_choices(game, state, action_space, seen):
    """The ids both OpenSpiel's ``state`` and ``game`` offer, after checking that they offer
    the same ones: in the auction exactly, in play up to the deviations (counted in ``seen``)."""
    found, ours = state.legal_actions(), action_space.legal_ids(game).tolist()
    if game.phase == "auction":
        assert found == ours, game.position()
        return ours
    bad, met = differences("openspiel", found, ours, game.hands[game.to_move], game.last_move,
                           as_cards=action_space.action, pass_action=action_space.pass_id)
    assert not bad, (game.position(), bad)
    seen.update(met)
    return sorted(set(found) & set(ours))


@functools.cache
def douzero_text(cards):
    """The card text of a DouZero action (a tuple of card numbers), "pass" for none; cached:
    the same actions come back decision after decision."""
    return str(douzero.from_cards(cards)) if cards else "pass"


def douzero_choices(game, legal, seen):
    """ddz_fast's legal moves at ``game`` that DouZero offers too, after checking its legal
    card lists ``legal`` against them up to the deviations (counted in ``seen``)."""
    found = [douzero_text(tuple(cards)) for cards in legal]
    moves = game.legal_moves()                  # PASS is a move here
    bad, met = differences("douzero", found, [m.cards or "pass" for m in moves],
                           game.hands[game.to_move], game.last_move, as_cards=Hand)
    assert not bad, (game.position(), bad)
    seen.update(met)
    offered = set(found)
    return [m for m in moves if (m.cards or "pass") in offered]


def trio_rich_deal(rng):
    """DouZero's card_play_data for a deal full of trios and planes: the rank-ordered deck,
    rotated, with a few random swaps, cut 20/17/17 (the kitty, the landlord's last three)."""
    deck = [number for number in douzero.CARD_NUMBERS for _ in range(4 if number < 20 else 1)]
    cut = rng.randrange(54)
    deck = deck[cut:] + deck[:cut]
    for _ in range(12):
        i, j = rng.randrange(54), rng.randrange(54)
        deck[i], deck[j] = deck[j], deck[i]
    return {"landlord": sorted(deck[:20]), "landlord_down": sorted(deck[20:37]),
            "landlord_up": sorted(deck[37:]), "three_landlord_cards": sorted(deck[17:20])}


def douzero_deal(env, seed, rules):
    """Deal a DouZero Env and return ddz_fast's Game of the deal: a trio-rich deal for odd
    seeds, else DouZero's own seeded shuffle or ddz_fast's ``Game(seed)`` (the douzero preset
    has no auction: seat 0 holds the kitty and leads); those not DouZero's through
    card_play_init, as Env.reset does."""
    game = None
    if seed % 4 == 0:
        np.random.seed(seed)          # Env.reset shuffles with numpy's global generator
        env.reset()
    else:
        if seed % 2:
            data = trio_rich_deal(random.Random(seed))
        else:
            game = Game(seed, rules=rules)
            assert game.phase == "play" and game.landlord == 0
            data = {p: douzero.to_cards(h) for p, h in zip(douzero.POSITIONS, game.hands)}
            data["three_landlord_cards"] = douzero.to_cards(game.kitty)
        env._env.reset()
        env._env.card_play_init(data)
        env.infoset = env._env.game_infoset
    dealt = douzero.from_env(env)
    if game is None:
        return Game.from_hands(dealt.hands, kitty=dealt.kitty, rules=rules)
    assert (dealt.hands, dealt.kitty) == (game.hands, game.kitty)
    return game


def douzero_checkpoints(folder, seed):
    """DouZero's three models (douzero.dmc.models) with seeded random weights, saved in
    ``folder`` as its trainer saves them: {position: path}. Needs torch and douzero."""
    import torch
    torch.manual_seed(seed)
    model = douzero_dmc("models").Model(device="cpu")
    paths = {}
    for position in ("landlord", "landlord_up", "landlord_down"):
        paths[position] = folder / f"{position}_weights_{seed}.ckpt"
        torch.save(model.get_model(position).state_dict(), paths[position])
    return paths


def deep_agent_lockstep(paths, seeds, seen):
    """Play the deals of ``seeds`` (douzero_deal) with DouZero's DeepAgent in its Env and
    DouZeroPlayer in our Game, both loading the checkpoint files ``paths`` (by DouZero's
    position), in lockstep; count in ``seen`` the positions, those the networks scored (more
    than one legal move), the differences of the moves where both offer the same moves and the
    positions where they do not (peer_deviations.py). Needs torch and douzero."""
    from douzero.env.env import Env
    douzero_dmc("models")           # (deep_agent imports it: see douzero_dmc)
    from douzero.evaluation.deep_agent import DeepAgent
    agents = {position: DeepAgent(position, str(path)) for position, path in paths.items()}
    from ddz_fast.train import DouZeroPlayer
    ours = DouZeroPlayer(**paths)
    for seed in seeds:
        env = Env("adp")
        game = douzero_deal(env, seed, DOUZERO)
        while game.phase != "over":
            peer = env._env
            position = peer.acting_player_position
            assert douzero.POSITIONS.index(position) == game.to_move
            theirs = douzero.from_cards(agents[position].act(env.infoset))
            mine = ours(game)
            common = douzero_choices(game, env.infoset.legal_actions, Counter())
            offered = [douzero.from_cards(a) for a in env.infoset.legal_actions]
            same_sets = sorted(map(str, set(offered))) == sorted(str(Hand(m)) for m in game.legal_moves())
            seen["positions"] += 1
            seen["scored"] += len(game.legal_moves()) > 1
            if same_sets:
                seen["differences"] += Hand(mine) != theirs
            else:       # a known deviation (peer_deviations.py): the choices are not comparable
                seen["deviating positions"] += 1
            move = mine if mine in common else next(m for m in common if Hand(m) == theirs)
            _, _, done, _ = env.step(douzero.to_cards(move))
            game.play(move)
            assert done == (game.phase == "over")
