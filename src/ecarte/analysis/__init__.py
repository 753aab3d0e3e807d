"""Computed analysis of Écarté: the exact counts the jeux de règle rest on.

The classical tables (Foster's Hoyle) reason from what the elder sees: its five cards and
the turn-up, which is a trump. The dealer's five cards are then one of the
C(26, 5) = 65,780 hands of the 26 other cards, and how many trumps the dealer may hold
decides whether a hand is a jeu de règle ("three tricks unless the dealer holds two
trumps or more"). :func:`dealer_trump_counts` counts them by enumerating every one of
those hands for a concrete deal:

>>> c = dealer_trump_counts(1)
>>> c.hands, c.at_most_one
(65780, 44574)
>>> dealer_trump_counts(2).at_most_one
50274

``ecarte analyse`` prints the table for every number of trumps the elder may hold.
"""

from __future__ import annotations

import argparse
import sys
from itertools import combinations
from math import comb
from typing import NamedTuple, TextIO

from ecarte._cards import PIQUET_DECK, Card, Rank, Suit

__all__ = ["DealerCounts", "add_arguments", "command", "dealer_trump_counts", "table"]


class DealerCounts(NamedTuple):
    """The dealer's possible hands seen from the elder holding ``elder_trumps`` trumps."""

    elder_trumps: int
    hands: int
    """Every hand of five of the 26 cards the elder does not see."""
    by_trumps: tuple[int, ...]
    """The hands with 0, 1, ... 5 trumps."""

    @property
    def at_most_one(self) -> int:
        """The hands with at most one trump: those in which a jeu de règle is safe."""
        return self.by_trumps[0] + self.by_trumps[1]


def _deal(elder_trumps: int) -> tuple[int, int, Suit]:
    """A concrete deal: the turn-up (the 7 of spades), the elder's hand (its lowest
    spades above the turn-up, then plain cards) and the trump suit."""
    trump = Suit.SPADES
    turnup = Card.of(Rank.SEVEN, trump)
    trumps = [c for c in PIQUET_DECK if c.suit == trump and c != turnup]
    plain = [c for c in PIQUET_DECK if c.suit != trump]
    hand = trumps[:elder_trumps] + plain[: 5 - elder_trumps]
    return turnup.mask, sum(c.mask for c in hand), trump


def dealer_trump_counts(elder_trumps: int) -> DealerCounts:
    """Enumerate the dealer's hands when the elder holds ``elder_trumps`` trumps (0..5)
    and count them by their trumps."""
    if elder_trumps.__class__ is not int or not 0 <= elder_trumps <= 5:
        raise ValueError(f"elder_trumps must be an int 0..5, not {elder_trumps!r}")
    turnup, hand, trump = _deal(elder_trumps)
    unseen = [c for c in PIQUET_DECK if not (turnup | hand) & c.mask]
    trump_mask = sum(c.mask for c in PIQUET_DECK if c.suit == trump)
    ids = [c.mask for c in unseen]
    counts = [0] * 6
    for five in combinations(ids, 5):
        counts[((five[0] | five[1] | five[2] | five[3] | five[4]) & trump_mask).bit_count()] += 1
    return DealerCounts(elder_trumps, sum(counts), tuple(counts))


def closed_form(elder_trumps: int) -> tuple[int, ...]:
    """The same counts by the hypergeometric formula: ``C(t, k) * C(26 - t, 5 - k)`` for
    the ``t = 7 - elder_trumps`` trumps the elder does not see."""
    t = 7 - elder_trumps
    return tuple(comb(t, k) * comb(26 - t, 5 - k) for k in range(6))


def table() -> list[DealerCounts]:
    """The counts for every number of trumps in the elder's hand."""
    return [dealer_trump_counts(t) for t in range(6)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``ecarte analyse`` (none yet)."""


def command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``ecarte analyse``: the table of the dealer's hands by the elder's trumps."""
    rows = table()
    print(
        f"The elder sees 6 cards (its hand and the turn-up, a trump): the dealer holds one "
        f"of {rows[0].hands:,} hands of the other 26.",
        file=out,
    )
    head = " ".join(f"{k:>6}" for k in range(6))
    print(f"elder trumps | dealer hands with k trumps: {head} | at most one (share)", file=out)
    for r in rows:
        counts = " ".join(f"{n:>6,}" for n in r.by_trumps)
        share = r.at_most_one / r.hands
        print(f"{r.elder_trumps:12} | {counts:>68} | {r.at_most_one:,} ({share:.1%})", file=out)
    return 0
