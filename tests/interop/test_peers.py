"""The peer comparison logic, on a fake peer (the real peers are an optional extra)."""

from ddz_fast import Hand, Kind, legal_moves
from ddz_fast.tools import peers, positions as bench_positions
from ddz_fast.tools.bench.movegen import single_rate


class FakePeer(peers.Peer):
    """ddz_fast's own lists, with a duplicate, an illegal set and no four-with-two added."""

    name = "Fake"
    package = "ddz-fast"
    answers_list_pass = True

    def lead_calls(self, positions):
        calls = []
        for hand in positions.landlord_hands:
            moves = [m.cards for m in legal_moves(list(hand))
                     if m.kind not in (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS)]
            calls.append(lambda ms=moves: ms + ms[:1] + ["2B"])
        return calls

    def answer_calls(self, positions):
        return [lambda h=h, p=p: [m.cards for m in legal_moves(list(h), p)] + ["pass"]
                for h, p in zip(positions.answer_hands, positions.prevs)]

    def cards(self, move):
        return "" if move == "pass" else move


def test_compare_and_timing():
    positions = bench_positions.deal_positions(40, seed=3)
    peer = FakePeer()
    leads = peers.compare(peer, positions, answers=False)
    assert leads.positions == 40 and leads.duplicates == 40
    assert len(leads.extra) == 40 and all(cards == "2B" for _, cards in leads.extra)
    assert set(leads.missing) <= {"four_two_singles", "four_two_pairs"}
    text = leads.describe()
    assert "duplicates 1.00 per position" in text and "2B from" in text
    answers = peers.compare(peer, positions, answers=True)
    assert answers.describe() == "the same card sets"
    seconds, moves = peer.responses(positions, repeat=1)
    assert seconds > 0 and abs(moves - single_rate(
        positions.answer_hands, positions.prevs, 1).moves_per_item) < 1e-9
    assert peer.label.startswith("Fake ") and peers.canonical("R3B2") == "32BR"


def test_id_calls_default_to_the_move_calls():
    positions = bench_positions.deal_positions(5, seed=4)
    peer = FakePeer()
    assert peer.preset == "standard" and not peer.has_masks
    assert [c() for c in peer.id_lead_calls(positions)] == [c() for c in peer.lead_calls(positions)]
    assert [c() for c in peer.id_answer_calls(positions)] == [
        c() for c in peer.answer_calls(positions)]
    seconds, counted = peer.timed(peer.answer_calls(positions), 1, answers=False,
                                  count=lambda moves: len(moves) - 1)
    assert seconds > 0 and counted == single_rate(
        positions.answer_hands, positions.prevs, 1).moves_per_item
    head = positions.head(2)
    assert head.seeds == positions.seeds[:2] and head.prevs == positions.prevs[:2]
    assert (head.answer_hands == positions.answer_hands[:2]).all()


def test_resolver_cards_give_a_suit_per_copy():
    # doudizhu-resolver's strings (its README: '2h-2s-2d-2c-BJ-CJ'); ranks as its engine names them
    assert peers.resolver_cards(Hand("2QQTT3")) == "3s-10s-10h-Qs-Qh-2s"
    assert peers.resolver_cards(Hand("22223BR")) == "3s-2s-2h-2d-2c-BJ-CJ"


def test_the_resolver_comparison_says_how_to_install_it(monkeypatch):
    import importlib.util
    import io
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    out = io.StringIO()
    peers.resolver_report(out)
    assert "pip install doudizhu-resolver==0.1.2" in out.getvalue()
