"""The pure-Python Euchre game machine (``_pure_euchre``, the twin of ``ec_euchre_game.c``):
scenarios on the three decks, chance drawing, replay, undo and copy, bad arguments, and a
differential test against the plugin's ``EuchreGame`` (the live machine behind the plugin's
facade, which maps ``EuchreRules`` to option flags) under every combination of flags."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ecarte import ArgumentError, IllegalActionError
from ecarte._core._pure import Rng
from ecarte.games.euchre._pure_machine import (
    ANYONE_ALONE,
    CHANCE,
    DECLINE,
    DISCARD_UP,
    LEAD_LONE,
    LONE_DEFENDER,
    LONE_FOUR,
    ONE_BY_ONE,
    PH_ALONE,
    PH_BID,
    PH_BID2,
    PH_DEAL,
    PH_DEALER,
    PH_DISCARD,
    PH_NAME,
    PH_OVER,
    PH_PLAY,
    PH_TAKE,
    STICK,
    TERMINAL,
    EuchreMachine,
    deal_points,
)

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

C, D, H, S = range(4)


class Id(int):
    """An int subclass, as an id."""


def random_flags(rng: random.Random) -> int:
    """Random option bits, ANYONE_ALONE only with LONE_DEFENDER (the machine refuses it
    alone, as EuchreRules does)."""
    flags = rng.randrange(256)
    return flags | LONE_DEFENDER if flags & ANYONE_ALONE else flags


PACKETS = [s for p, n in enumerate((3, 2, 3, 2, 2, 3, 2, 3)) for s in [p % 4 + 1] * n]


HANDS = ["9C AD KD QD TD", "TC 9S TS QS JS", "QC KC AC 9D AS", "JH KH QH TH JC"]
"""Four hands by seat, as :func:`dealt` takes them (no joker among them)."""


def core(text: str) -> int:
    """The core id of a card written rank then suit ("JH", "7S"); "JK" is the joker."""
    if text == "JK":
        return 15
    return "CDHS".index(text[1]) * 16 + 5 + "789TJQKA".index(text[0])


def cid(m: EuchreMachine, text: str) -> int:
    return m.card_id(core(text))


def mask(*cards: str) -> int:
    return sum(1 << core(c) for c in cards)


def call(m: EuchreMachine, suit: int) -> int:
    return m.deck + 1 + suit


def with_partner(m: EuchreMachine) -> None:
    """The maker plays with its partner, not alone."""
    m.apply_id(m.deck + 6)


def ordered_up(m: EuchreMachine, suit: int, discard: str) -> None:
    """The seat to bid calls ``suit``, the dealer discards ``discard``, the maker plays
    with its partner."""
    m.apply_id(call(m, suit))
    m.apply_id(cid(m, discard))
    with_partner(m)


def dealt(
    hands: list[str], up: str, *, deck: int = 24, flags: int = 0, target: int = 10, dealer: int = 0
) -> EuchreMachine:
    """A machine (auto_chance off) whose first deal gives these hands and turns ``up``."""
    m = EuchreMachine(deck, flags, target, 0, auto_chance=False)
    m.apply_id(dealer)
    queues = [h.split() for h in hands]
    for k in range(20):
        seat = (dealer + (k if flags & ONE_BY_ONE else PACKETS[k])) % 4
        m.apply_id(cid(m, queues[seat].pop(0)))
    m.apply_id(cid(m, up))
    assert [m.hand(s) for s in range(4)] == [mask(*h.split()) for h in hands]
    return m


def play(m: EuchreMachine, *cards: str) -> None:
    for c in cards:
        m.apply_id(cid(m, c))


def legal_cards(m: EuchreMachine) -> set[int]:
    return {m.core_card(i) for i in m.legal_action_ids()}


def view(m: EuchreMachine) -> tuple[Any, ...]:
    """Everything the machine shows."""
    return (
        m.deck, m.flags, m.target, m.seed, m.phase, m.to_act, m.is_over, m.dealer, m.upcard,
        m.trump, m.maker, m.discard, m.alone, m.scores, m.returns_tuple, m.winner, m.steps,
        m.deals, m.legal_mask(), m.history_ids(), m.history_auto(), m.bids(), m.played(),
        m.tricks_won, m.active(), [m.hand(s) for s in range(4)], m.draw(),
    )  # fmt: skip


def random_game(rng: random.Random, m: EuchreMachine) -> list[tuple[Any, ...]]:
    """Play ``m`` to the end by random ids (chance outcomes by chance()); the views before
    each call."""
    views = []
    while not m.is_over:
        views.append(view(m))
        if m.to_act == CHANCE:
            m.chance()
        else:
            m.apply_id(rng.choice(m.legal_action_ids()))
    return views


# ------------------------------------------------------------------ ids and decks


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_ids_are_deck_relative(deck: int) -> None:
    m = EuchreMachine(deck, auto_chance=False)
    assert m.num_ids == deck + 9
    assert m.phase == PH_DEALER and m.to_act == CHANCE and m.legal_action_ids() == [0, 1, 2, 3]
    m.apply_id(2)
    assert m.phase == PH_DEAL and m.dealer == 2 and m.deals == 1
    assert m.legal_action_ids() == list(range(deck))
    low = 7 if deck != 32 else 5
    for i in range(4 * (13 - low)):
        assert m.core_card(i) == (i % 4) * 16 + i // 4 + low
        assert m.card_id(m.core_card(i)) == i
    assert m.card_id(15) == (24 if deck == 25 else -1)
    assert m.card_id(13) == -1 and m.card_id(4 + 16) == -1


def test_deal_orders() -> None:
    one = EuchreMachine(flags=ONE_BY_ONE, auto_chance=False)
    packets = EuchreMachine(auto_chance=False)
    for m in (one, packets):
        m.apply_id(3)
        for i in range(20):
            m.apply_id(i)
    # one by one: card i to seat dealer + i; packets 3-2-3-2, 2-3-2-3 from the dealer's left
    assert [one.hand(s) for s in range(4)] == [
        sum(1 << one.core_card(i) for i in range(20) if (3 + i) % 4 == s) for s in range(4)
    ]
    assert packets.hand(0) == sum(1 << packets.core_card(i) for i in (0, 1, 2, 10, 11))
    assert packets.hand(3) == sum(1 << packets.core_card(i) for i in (8, 9, 17, 18, 19))
    assert packets.phase == PH_DEAL and packets.upcard == -1
    packets.apply_id(20)
    assert packets.phase == PH_BID and packets.to_act == 0 and packets.upcard == 20
    assert packets.legal_action_ids() == [24, 25 + 20 % 4]


# -------------------------------------------------------------------- trick play


def test_bowers_follow_suit_as_trumps() -> None:
    # hearts trumps: the jack of diamonds (left bower) is a heart, not a diamond
    m = dealt(
        ["AD KD AH KH QH", "JD AS KS QS 9S", "QD TD TH JS 9C", "JH AC KC QC JC"], "9H", dealer=3
    )
    m.apply_id(call(m, H))
    assert (m.phase, m.to_act, m.maker, m.trump) == (PH_DISCARD, 3, 0, H)
    assert legal_cards(m) == {core(c) for c in ["JH", "AC", "KC", "QC", "JC"]}
    m.apply_id(cid(m, "JC"))
    assert m.hand(3) == mask("JH", "AC", "KC", "QC", "9H") and m.discard == cid(m, "JC")
    with_partner(m)
    assert (m.phase, m.to_act, m.active()) == (PH_PLAY, 0, 15)
    play(m, "AD")
    assert legal_cards(m) == {core(c) for c in ["JD", "AS", "KS", "QS", "9S"]}  # void in diamonds
    play(m, "9S")
    assert legal_cards(m) == {core("QD"), core("TD")}
    play(m, "TD", "JH")  # the right bower trumps
    assert m.to_act == 3 and m.tricks_won == (0, 1)
    play(m, "9H")
    assert legal_cards(m) == {core("AH"), core("KH"), core("QH")}
    play(m, "AH")
    assert legal_cards(m) == {core("JD")}  # its only trump
    play(m, "JD", "TH")
    assert m.to_act == 1 and m.tricks_won == (0, 2)  # the left bower beat the ace
    c = [core(x) for x in ["AD", "9S", "TD", "JH", "9H", "AH", "JD", "TH"]]
    assert m.played() == ((0, tuple(c[:4])), (3, tuple(c[4:])))
    play(m, "AS")
    assert m.played()[-1] == (1, (core("AS"),))
    assert legal_cards(m) == {core("JS")}  # the jack of spades stays a spade


def test_deck_32_sevens_and_eights() -> None:
    m = dealt(
        ["7S AD KD QD TD", "8S 7D 8D 9D 7H", "JC 8H 9H TH QH", "AS 7C 8C 9C TC"],
        "KS",
        deck=32,
        dealer=3,
    )
    assert m.legal_action_ids() == [32, call(m, S)] and cid(m, "7C") == 0
    ordered_up(m, S, "7C")
    play(m, "7S")
    assert legal_cards(m) == {core("8S")}
    play(m, "8S")
    assert legal_cards(m) == {core("JC")}  # the left bower
    play(m, "JC", "AS")
    assert m.to_act == 2 and m.tricks_won == (1, 0)  # left bower over the ace
    play(m, "8H", "8C", "TD")
    assert legal_cards(m) == {core("7H")}
    play(m, "7H")
    assert m.to_act == 2 and m.tricks_won == (2, 0)  # the eight over the seven
    while not m.is_over and m.phase == PH_PLAY:
        m.apply_id(m.legal_action_ids()[0])
    assert len(m.played()) == 0 and sum(m.scores) > 0  # scored, next deal begun
    assert m.phase == PH_DEAL and m.dealer == 0 and m.deals == 2


def test_deck_25_joker_is_the_highest_trump() -> None:
    m = dealt(
        ["9C AD KD QD TD", "JK TC 9S TS QS", "QC KC AC 9D JS", "JH KH QH TH JC"],
        "9H",
        deck=25,
        dealer=3,
    )
    assert m.legal_action_ids() == [25, call(m, H)]
    ordered_up(m, H, "JC")
    play(m, "9C")
    assert legal_cards(m) == {core("TC")}  # the joker (core id 15) is no club
    play(m, "TC", "AC", "9H")
    assert m.to_act == 3
    play(m, "JH", "TD")
    assert m.legal_action_ids() == [24]  # the joker follows trumps
    play(m, "JK", "9D")
    assert m.to_act == 1 and m.tricks_won == (0, 2)  # over the right bower


@pytest.mark.parametrize("flags", [0, DISCARD_UP, DECLINE, DISCARD_UP | DECLINE | STICK])
def test_turned_joker_the_dealer_names_trumps(flags: int) -> None:
    m = dealt(HANDS, "JK", deck=25, flags=flags, dealer=3)
    assert (m.phase, m.to_act, m.upcard, m.bids()) == (PH_NAME, 3, 24, [])
    assert m.legal_action_ids() == [26, 27, 28, 29]
    m.apply_id(call(m, S))
    assert (m.phase, m.to_act, m.maker, m.trump) == (PH_DISCARD, 3, 3, S)
    assert m.bids() == [(3, call(m, S))]
    hand = {cid(m, c) for c in ["JH", "KH", "QH", "TH", "JC"]}
    assert set(m.legal_action_ids()) == hand | ({24} if flags & DISCARD_UP else set())
    m.apply_id(cid(m, "TH"))
    assert m.hand(3) == mask("JH", "KH", "QH", "JC", "JK") and m.discard == cid(m, "TH")
    assert (m.phase, m.to_act) == (PH_ALONE, 3)
    with_partner(m)
    play(m, "9C")
    assert legal_cards(m) == {core("TC")}
    play(m, "TC", "AC", "JK")
    assert m.to_act == 3  # the joker trumps


def test_discard_the_upcard() -> None:
    m = dealt(HANDS, "AH", deck=25, flags=DISCARD_UP, dealer=3)
    m.apply_id(call(m, H))
    m.apply_id(cid(m, "AH"))
    assert m.hand(3) == mask("JH", "KH", "QH", "TH", "JC") and m.discard == cid(m, "AH")


# ------------------------------------------------------------------------- bidding


def pass_round(m: EuchreMachine, n: int) -> None:
    for _ in range(n):
        m.apply_id(m.deck)


def test_stick_the_dealer() -> None:
    m = dealt(HANDS, "AH", flags=STICK, dealer=3)
    pass_round(m, 4)
    assert m.phase == PH_BID2 and m.to_act == 0
    assert m.legal_action_ids() == [24, 25, 26, 28]
    pass_round(m, 3)
    assert m.to_act == 3 and m.legal_action_ids() == [25, 26, 28]
    with pytest.raises(IllegalActionError):
        m.apply_id(24)
    m.apply_id(25)
    assert (m.phase, m.to_act, m.maker, m.trump) == (PH_ALONE, 3, 3, C)
    assert [s for s, _ in m.bids()] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_redeal_when_all_pass() -> None:
    m = dealt(HANDS, "AH", dealer=3)
    pass_round(m, 8)
    assert (m.phase, m.to_act, m.dealer, m.deals, m.upcard) == (PH_DEAL, CHANCE, 0, 2, -1)
    assert m.bids() == [] and [m.hand(s) for s in range(4)] == [0] * 4
    assert m.legal_action_ids() == list(range(24)) and m.scores == (0, 0)
    single = dealt(HANDS, "AH", target=0, dealer=3)
    pass_round(single, 8)
    assert (single.phase, single.to_act, single.returns_tuple) == (PH_OVER, TERMINAL, (0,) * 4)
    assert single.winner == -1 and single.legal_mask() == 0 and single.draw() == -1


def test_deals_saturate() -> None:
    m = EuchreMachine(seed=5)
    for k in range(1, 260):
        assert m.deals == min(k, 255) and m.dealer == (m.history_ids()[0] + k - 1) % 4
        pass_round(m, 8)


def test_decline() -> None:
    m = dealt(HANDS, "AH", flags=DECLINE, dealer=3)
    m.apply_id(call(m, H))
    assert (m.phase, m.to_act, m.legal_action_ids()) == (PH_TAKE, 3, [31, 32])
    m.apply_id(32)
    assert (m.phase, m.to_act, m.maker, m.trump, m.discard) == (PH_ALONE, 0, 0, H, -1)
    assert m.hand(3) == mask(*HANDS[3].split())
    taken = dealt(HANDS, "AH", flags=DECLINE, dealer=3)
    taken.apply_id(call(taken, H))
    taken.apply_id(31)
    assert (taken.phase, taken.to_act) == (PH_DISCARD, 3)
    own = dealt(HANDS, "AH", flags=DECLINE, dealer=3)  # the dealer's own order: no TAKE
    pass_round(own, 3)
    own.apply_id(call(own, H))
    assert (own.phase, own.to_act) == (PH_DISCARD, 3)


def to_alone(flags: int) -> EuchreMachine:
    """Dealer 0; seat 1 orders hearts up; the dealer discards: the ALONE phase."""
    m = dealt(HANDS, "AH", flags=flags, dealer=0)
    m.apply_id(call(m, H))
    m.apply_id(m.legal_action_ids()[0])
    assert (m.phase, m.to_act, m.maker) == (PH_ALONE, 1, 1)
    return m


@pytest.mark.parametrize("lead_lone", [0, LEAD_LONE])
def test_lone_defender(lead_lone: int) -> None:
    m = to_alone(LONE_DEFENDER | lead_lone)
    m.apply_id(29)  # the maker alone
    assert m.to_act == 2  # the defenders from the dealer's left
    m.apply_id(30)
    assert m.to_act == 0
    m.apply_id(29)
    assert (m.phase, m.alone, m.active()) == (PH_PLAY, 0b0011, 0b0011)
    assert m.to_act == (0 if lead_lone else 1)  # both alone: the lone defender leads
    first = to_alone(LONE_DEFENDER | lead_lone)
    first.apply_id(30)
    first.apply_id(29)  # seat 2 alone: seat 0 is not asked
    assert (first.phase, first.alone, first.active()) == (PH_PLAY, 0b0100, 0b1110)
    assert first.to_act == (3 if lead_lone else 1)
    plain = to_alone(lead_lone)
    plain.apply_id(30)
    assert plain.phase == PH_PLAY and plain.to_act == 1


@pytest.mark.parametrize("lead_lone", [0, LEAD_LONE])
def test_lead_left_of_a_lone_maker(lead_lone: int) -> None:
    m = to_alone(lead_lone)
    m.apply_id(29)
    assert (m.phase, m.alone, m.active()) == (PH_PLAY, 0b0010, 0b0111)
    assert m.to_act == (2 if lead_lone else 1)
    m = dealt(HANDS, "AH", flags=lead_lone, dealer=1)  # seat 3, left of the lone maker
    m.apply_id(call(m, H))  # seat 2 orders up
    m.apply_id(m.legal_action_ids()[0])
    m.apply_id(29)
    assert m.active() == 0b1110 and m.to_act == (3 if lead_lone else 2)


# ------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("flags", "made", "maker_alone", "defender_alone", "expected"),
    [
        (0, 3, False, False, (True, 1)),
        (0, 4, True, False, (True, 1)),
        (0, 5, False, False, (True, 2)),
        (0, 5, True, False, (True, 4)),
        (0, 5, True, True, (True, 4)),
        (0, 2, False, False, (False, 2)),
        (0, 0, True, False, (False, 2)),
        (0, 2, False, True, (False, 2)),
        (0, 1, True, True, (False, 2)),
        (0, 0, False, True, (False, 4)),
        (LONE_FOUR, 2, False, True, (False, 4)),
        (LONE_FOUR, 0, False, True, (False, 4)),
        (LONE_FOUR, 2, False, False, (False, 2)),
    ],
)
def test_deal_points(
    flags: int, made: int, maker_alone: bool, defender_alone: bool, expected: tuple[bool, int]
) -> None:
    assert deal_points(flags, made, maker_alone, defender_alone) == expected


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_single_deal_returns(deck: int) -> None:
    rng = random.Random(deck)
    for _ in range(200):
        flags = random_flags(rng)
        m = EuchreMachine(deck, flags, 0, rng.getrandbits(64))
        random_game(rng, m)
        assert m.winner == -1 and m.to_act == TERMINAL and m.legal_action_ids() == []
        if m.maker < 0:
            assert not flags & STICK and m.returns_tuple == (0,) * 4
            continue
        side = m.maker & 1
        lone_def = m.alone & (0b1010 if side == 0 else 0b0101)
        lone_maker = m.alone & (0b0101 if side == 0 else 0b1010)  # the maker or its partner
        made = m.tricks_won[side]
        assert sum(m.tricks_won) == 5 and len(m.played()) == 5
        makers, pts = deal_points(flags, made, bool(lone_maker), bool(lone_def))
        scorer = side if makers else 1 - side
        assert m.scores[scorer] == pts and m.scores[1 - scorer] == 0
        assert m.returns_tuple == tuple(pts if s & 1 == scorer else -pts for s in range(4))
        played = [c for _, t in m.played() for c in t]
        assert len(set(played)) == len(played) == 5 * m.active().bit_count()


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_game_to_a_target(deck: int) -> None:
    rng = random.Random(deck + 1)
    for g in range(30):
        m = EuchreMachine(deck, random_flags(rng), rng.choice((1, 5, 10)), g)
        random_game(rng, m)
        w = m.winner
        assert m.scores[w] >= m.target > m.scores[1 - w] and m.deals >= 1
        assert m.returns_tuple == tuple(1 if s & 1 == w else -1 for s in range(4))


# ----------------------------------------------------------- chance and history


def test_chance_draws_from_the_core_prng() -> None:
    m = EuchreMachine(25, 0, 10, 12345, auto_chance=False)
    while m.to_act == CHANCE:
        ids = m.legal_action_ids()
        k = m.steps
        rng = Rng(12345 ^ ((k * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) % 2**64))
        expected = ids[rng.below(len(ids))]
        assert m.draw() == expected and m.chance() == expected
    assert m.phase in (PH_BID, PH_NAME) and m.draw() == -1
    with pytest.raises(IllegalActionError, match="no chance outcome"):
        m.chance()
    auto = EuchreMachine(25, 0, 10, 12345)
    assert auto.history_ids() == m.history_ids() and auto.history_auto() == [True] * 22
    assert m.history_auto() == [False] * 22


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_replay_undo_copy(deck: int) -> None:
    rng = random.Random(deck)
    for _ in range(20):
        flags, target, seed = random_flags(rng), rng.choice((0, 3)), rng.getrandbits(64)
        m = EuchreMachine(deck, flags, target, seed)
        views = []
        while not m.is_over:
            views.append(view(m))
            m.apply_id(rng.choice(m.legal_action_ids()))
            if rng.random() < 0.1:
                c = m.copy()
                before = view(m)
                if not c.is_over:
                    c.apply_id(c.legal_action_ids()[0])
                assert view(m) == before
        end = view(m)
        again = EuchreMachine.replay(m.history_ids(), deck, flags, target, seed, auto_chance=True)
        assert view(again)[:20] == end[:20] and view(again)[21:] == end[21:]
        assert again.history_auto() == [False] * m.steps
        assert view(m.copy()) == end
        for v in reversed(views):
            m.undo()
            assert view(m) == v
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            m.undo()


def test_replay_auto_chance_and_errors() -> None:
    m = EuchreMachine(32, STICK, 0, 9)
    ids = m.history_ids()
    half = EuchreMachine.replay(ids[:10], 32, STICK, 0, 9, auto_chance=True)
    assert half.history_ids() == ids and half.history_auto() == [False] * 10 + [True] * 12
    manual = EuchreMachine.replay(ids[:10], 32, STICK, 0, 9)
    assert manual.to_act == CHANCE and not manual.auto_chance
    bad = [*ids, 99]
    with pytest.raises(IllegalActionError, match="history record 22: action id 99"):
        EuchreMachine.replay(bad, 32, STICK, 0, 9)
    with pytest.raises(IllegalActionError, match="history record 1: an action id is an int"):
        EuchreMachine.replay([0, "1"], 32)  # type: ignore[list-item]


def test_copy_keeps_the_subclass_and_its_attributes() -> None:
    class Slotted(EuchreMachine):
        __slots__ = ("__private", "note")

        def private(self) -> int:
            return self.__private

    class Plain(EuchreMachine):
        pass

    for cls in (Slotted, Plain):
        m = cls(flags=STICK, seed=3)
        m.note = [1]
        m._Slotted__private = 7  # type: ignore[attr-defined]
        c = m.copy()
        assert type(c) is cls and c.note is m.note and view(c) == view(m)
        if isinstance(c, Slotted):
            assert c.private() == 7
        c.apply_id(c.legal_action_ids()[-1])
        assert view(c) != view(m)
        c.undo()
        assert view(c) == view(m)


def test_illegal_ids_change_nothing() -> None:
    m = EuchreMachine(seed=1)
    before = view(m)
    for bad in (-1, 23, 33, 40, 2**70):
        with pytest.raises(IllegalActionError, match=f"action id {bad} is not legal now"):
            m.apply_id(bad)
    for bad in (True, "24", 24.0, None):
        with pytest.raises(IllegalActionError, match="an action id is an int"):
            m.apply_id(bad)  # type: ignore[arg-type]
    assert view(m) == before
    assert str(m.legal_action_ids()[0]) in m._illegal_message(0)
    m.apply_id(Id(m.deck))  # pass, through operator.index
    assert m.history_ids()[-1].__class__ is int
    single = dealt(HANDS, "AH", target=0, dealer=3)
    pass_round(single, 8)
    with pytest.raises(IllegalActionError, match="the game is over"):
        single.apply_id(0)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"deck": 23}, "deck"),
        ({"deck": True}, "deck"),
        ({"deck": "24"}, "deck"),
        ({"flags": 256}, "flags"),
        ({"flags": -1}, "flags"),
        ({"flags": True}, "flags"),
        ({"target": 1001}, "target"),
        ({"target": False}, "target"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": 1.0}, "seed"),
        ({"auto_chance": 1}, "auto_chance"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(ArgumentError, match=name):
        EuchreMachine(**kwargs)


def test_bad_view_arguments() -> None:
    m = EuchreMachine(seed=2)
    for call_, arg, name in [
        (m.hand, 4, "seat"),
        (m.hand, True, "seat"),
        (m.core_card, 24, "action_id"),
        (m.core_card, -1, "action_id"),
        (m.card_id, 64, "core_card"),
    ]:
        with pytest.raises(ArgumentError, match=name):
            call_(arg)


# ------------------------------------------ differential: the plugin's game and its rules

try:
    import ecarte.games.euchre as euchre
except ImportError:  # the plugin is not installed
    euchre = None

GAMES = 60


def rules_of(flags: int, target: int) -> Any:
    from ecarte.games.euchre.rules import DealOrder, Lead, LoneDefenderScoring

    return euchre.EuchreRules(
        stick_the_dealer=bool(flags & STICK),
        dealer_may_decline=bool(flags & DECLINE),
        allow_lone_defender=bool(flags & LONE_DEFENDER),
        anyone_alone=bool(flags & ANYONE_ALONE),
        lone_defender_scoring=LoneDefenderScoring.FOUR
        if flags & LONE_FOUR
        else LoneDefenderScoring.BY_TRICKS,
        lead=Lead.LEFT_OF_LONE if flags & LEAD_LONE else Lead.LEFT_OF_DEALER,
        deal_order=DealOrder.ONE_BY_ONE if flags & ONE_BY_ONE else DealOrder.PACKETS,
        dealer_may_discard_upcard=bool(flags & DISCARD_UP),
        target=target,
    )


@pytest.mark.skipif(euchre is None, reason="the differential test needs ecarte-euchre")
@pytest.mark.parametrize(
    "flags",  # every flag; ANYONE_ALONE only with LONE_DEFENDER, as EuchreRules has it
    [*range(128), *(f | ANYONE_ALONE for f in range(128) if f & LONE_DEFENDER)],
)
def test_same_as_the_plugin_game(flags: int) -> None:
    rng = random.Random(flags)
    for _ in range(GAMES):
        target = rng.choice((0, 0, 1, 2, 5))
        m = EuchreMachine(24, flags, target, 0, auto_chance=False)
        e = euchre.EuchreGame(rules_of(flags, target), seed=0, auto_chance=False)
        while True:
            ids = m.legal_action_ids()
            assert ids == e.legal_action_ids(), m.history_ids()
            assert (m.to_act, m.scores, m.returns_tuple) == (e.to_act, e.scores, e.returns())
            assert m.phase == list(euchre.Phase).index(e.phase)
            if m.is_over:
                break
            if m.phase == PH_BID:
                assert m.core_card(m.upcard) == e.upcard.id and m.dealer == e.dealer
            if m.phase == PH_PLAY:
                assert m.trump == e.trump and m.maker == e.maker
                assert [m.hand(s) for s in range(4)] == [e.hand(s).mask for s in range(4)]
                assert m.tricks_won == e.tricks_won
            i = rng.choice(ids)
            m.apply_id(i)
            e.apply_id(i)
        assert e.is_over and m.tricks_won == e.tricks_won
        assert m.winner == (-1 if e.winner is None else e.winner)
