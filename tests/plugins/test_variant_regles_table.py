"""The table of jeux de règle checked on every hand of five (C(32, 5) = 201,376),
for each of the four trump suits, against the patterns of RULES.md section 2
stated again here, independently of the plugin's code.

Each pattern is one plain predicate over the hand seen from the trump suit:
how many trumps, and the ranks held in each plain suit. The hands are ints
(masks of card ids, ``id = suit * 16 + rank``); the predicates are evaluated
once per distinct (trump count, plain suits) key and looked up per hand,
which keeps the whole check to a few seconds.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest
from ecarte_regles import TABLE, match_hand

from ecarte import PIQUET_DECK, CardSet, Rank, Suit

# --- the table, stated again -------------------------------------------------

Plain = tuple[frozenset[str], ...]  # the ranks held in each plain suit
COURT = frozenset("KQJ")


def three_trumps(trumps: int, plain: Plain) -> bool:
    return trumps >= 3


def two_trumps_and_three_of_a_plain_suit(trumps: int, plain: Plain) -> bool:
    return trumps == 2 and any(len(ranks) == 3 for ranks in plain)


def one_trump_and_king_queen_jack(trumps: int, plain: Plain) -> bool:
    return trumps == 1 and any(ranks >= COURT for ranks in plain)


def one_trump_and_four_of_a_plain_suit(trumps: int, plain: Plain) -> bool:
    return trumps == 1 and any(len(ranks) == 4 for ranks in plain)


def one_trump_and_two_queens(trumps: int, plain: Plain) -> bool:
    return trumps == 1 and sum("Q" in ranks for ranks in plain) >= 2


def one_trump_a_queen_and_a_guarded_jack(trumps: int, plain: Plain) -> bool:
    # the jack is guarded by another card of its suit; the queen is of another suit
    return trumps == 1 and any(
        "Q" in queen_suit and "J" in jack_suit and len(jack_suit) >= 2
        for queen_suit, jack_suit in itertools.permutations(plain, 2)
    )


def one_trump_an_unguarded_king_and_an_unguarded_queen(trumps: int, plain: Plain) -> bool:
    return trumps == 1 and {"K"} in plain and {"Q"} in plain


def four_court_cards_without_a_trump(trumps: int, plain: Plain) -> bool:
    return trumps == 0 and sum(len(ranks & COURT) for ranks in plain) >= 4


def at_most_two_cards_discarded_without_a_king_or_a_trump(trumps: int, plain: Plain) -> bool:
    # "hands from which only two cards can be discarded without throwing a king
    # or a trump": the cards that are neither are at most two
    neither = sum(len(ranks - {"K"}) for ranks in plain)
    return neither <= 2


STATED: dict[str, Callable[[int, Plain], bool]] = {
    "three trumps": three_trumps,
    "two trumps and three of a plain suit": two_trumps_and_three_of_a_plain_suit,
    "one trump and king-queen-jack": one_trump_and_king_queen_jack,
    "one trump and four of a plain suit": one_trump_and_four_of_a_plain_suit,
    "one trump and two queens": one_trump_and_two_queens,
    "one trump, a queen and a guarded jack": one_trump_a_queen_and_a_guarded_jack,
    "one trump, an unguarded king and an unguarded queen": (
        one_trump_an_unguarded_king_and_an_unguarded_queen
    ),
    "four court cards without a trump": four_court_cards_without_a_trump,
    "only two safe discards": at_most_two_cards_discarded_without_a_king_or_a_trump,
}

# --- every hand ----------------------------------------------------------------

RANK_TEXT = {5: "7", 6: "8", 7: "9", 8: "10", 9: "J", 10: "Q", 11: "K", 12: "A"}
RANKS_OF = {  # a suit's 16-bit rank mask -> the ranks, as text
    mask: frozenset(t for r, t in RANK_TEXT.items() if mask >> r & 1)
    for mask in (
        sum(1 << r for r in rs) for n in range(6) for rs in itertools.combinations(RANK_TEXT, n)
    )
}
HANDS = [sum(c) for c in itertools.combinations([card.mask for card in PIQUET_DECK], 5)]


PLAIN_SUITS = {trump: [s for s in Suit if s != trump] for trump in Suit}
Key = tuple[int, tuple[int, ...]]  # the number of trumps, each plain suit's rank mask


def _key(hand: int, trump: Suit) -> Key:
    a, b, c = PLAIN_SUITS[trump]
    trumps = (hand >> 16 * trump & 0xFFFF).bit_count()
    return trumps, (hand >> 16 * a & 0xFFFF, hand >> 16 * b & 0xFFFF, hand >> 16 * c & 0xFFFF)


Classified = tuple[Suit, dict[Key, list[str]], list[tuple[int, str | None, str | None]]]
_DONE: dict[Suit, Classified] = {}


def _classify(trump: Suit) -> Classified:
    """Per key, the names of the stated patterns that hold; per hand, the first
    stated pattern and the plugin's answer. Computed once per trump suit (the
    tests run once per backend; this does not depend on it)."""
    if trump in _DONE:
        return _DONE[trump]
    holds: dict[Key, list[str]] = {}
    rows = []
    for hand in HANDS:
        key = _key(hand, trump)
        names = holds.get(key)
        if names is None:
            plain = tuple(RANKS_OF[m] for m in key[1])
            names = holds[key] = [n for n, stated in STATED.items() if stated(key[0], plain)]
        found = match_hand(CardSet(hand), trump)
        rows.append((hand, names[0] if names else None, found and found.name))
    _DONE[trump] = (trump, holds, rows)
    return _DONE[trump]


@pytest.fixture(params=list(Suit), ids=[s.name.lower() for s in Suit])
def classified(request: pytest.FixtureRequest) -> Classified:
    return _classify(request.param)


def test_the_table_is_the_stated_one_in_the_same_order() -> None:
    assert [p.name for p in TABLE] == list(STATED)
    assert len(HANDS) == 201_376 == len(set(HANDS))


def test_every_hand_matches_the_first_stated_pattern(classified: Classified) -> None:
    trump, _, rows = classified
    wrong = [(str(CardSet(h)), want, got) for h, want, got in rows if want != got]
    assert not wrong, f"{len(wrong)} hands differ with {trump.name} trumps, e.g. {wrong[:5]}"


def test_each_pattern_on_its_own(classified: Classified) -> None:
    # every pattern's own test, not only the first match, on one hand per key
    # (the key keeps each plain suit's ranks, and the number of trumps)
    trump, holds, _ = classified
    a, b, c = PLAIN_SUITS[trump]
    low_trumps = [sum(1 << (16 * trump + Rank.SEVEN + i) for i in range(n)) for n in range(6)]
    for (trumps, (ma, mb, mc)), names in holds.items():
        hand = CardSet(low_trumps[trumps] | ma << 16 * a | mb << 16 * b | mc << 16 * c)
        for pattern in TABLE:
            assert pattern.matches(hand, trump) is (pattern.name in names), (str(hand), pattern)


def test_how_many_hands_each_pattern_takes(classified: Classified) -> None:
    # the same counts for every trump suit (a suit is a suit). The last pattern
    # takes 1,960 hands more than when it was coded as "exactly three kings or
    # trumps" (issue 10): 168 with one trump and three plain kings, 1,764 with two
    # trumps, two plain kings and one other card, 28 with two trumps and three kings
    trump, _, rows = classified
    counts = Counter(want for _, want, _ in rows)
    assert counts == {
        None: 142_243,
        "three trumps": 17_192,
        "two trumps and three of a plain suit": 4_704,
        "one trump and king-queen-jack": 504,
        "one trump and four of a plain suit": 1_560,
        "one trump and two queens": 5_160,
        "one trump, a queen and a guarded jack": 4_752,
        "one trump, an unguarded king and an unguarded queen": 720,
        "four court cards without a trump": 2_016,
        "only two safe discards": 22_525,
    }
    stronger: Counter[tuple[int, int]] = Counter()
    for hand, want, _ in rows:
        trumps, plain = _key(hand, trump)
        kings_or_trumps = trumps + sum(m >> Rank.KING & 1 for m in plain)
        if want == "only two safe discards" and kings_or_trumps > 3:
            stronger[trumps, kings_or_trumps] += 1
    assert stronger == {(1, 4): 168, (2, 4): 1_764, (2, 5): 28}


@pytest.mark.parametrize(
    ("hand", "name"),
    [  # hearts trumps: issue 10's examples, stronger hands than the third
        ("7♥ K♠ K♣ K♦ 8♦", "only two safe discards"),
        ("7♥ 8♥ K♠ K♣ 7♦", "only two safe discards"),
        ("7♥ K♠ K♣ 7♦ 8♦", "only two safe discards"),
        ("K♠ K♣ K♦ 7♦ 8♠", "only two safe discards"),  # no trump, three kings
        ("K♥ K♠ 7♦ 8♦ 9♣", None),  # the king of trumps counts once
    ],
)
def test_examples(hand: str, name: str | None) -> None:
    found = match_hand(CardSet.parse(hand), Suit.HEARTS)
    assert (found and found.name) == name
