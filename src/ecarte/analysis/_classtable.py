"""The classes of a seat's hand: their exact shares, and deals within one class.

A seat's five cards and the turn-up (a trump) are dealt at random; a class of hands is a
set of (hand, trump) pairs that a label function puts together. Every label the analysis
uses (the jeux de règle, the dealer's convention, trumps and kings) depends on the cards
of the trump suit and on the plain suits' cards as a set, not on which plain suit holds
which: a hand is a *key* (the trump ranks, the three plain suits' ranks sorted), and the
32-card deck has 38,304 keys. :class:`ClassTable` labels each key once, weighs it by the
hands and turn-ups it stands for, and so knows each class's exact share and can deal a
hand within a class (a key by its weight, then the trump suit, the plain suits' order and
the turn-up at random): with the rest of the deal at random, the deals of a class are
distributed as random deals whose hand falls in it.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from math import comb

from ecarte._cards import PIQUET_DECK, CardSet, Suit

__all__ = ["ClassTable", "class_table"]

RANKS = tuple(sorted({c.id & 15 for c in PIQUET_DECK}))
"""The rank ids of the piquet deck (7 to ace)."""
_HIGH = 3  # the suit the table's keys put the trumps in
_PAIRS = comb(32, 5) * 27 // 4
"""(hand, turn-up) pairs with the turn-up in one given suit: every key's weight sums to this."""

Key = tuple[int, tuple[int, int, int]]


def _subsets() -> list[list[int]]:
    """The rank masks of one suit by their number of cards."""
    return [[sum(1 << r for r in c) for c in combinations(RANKS, k)] for k in range(6)]


def _plain(n: int, subs: list[list[int]]) -> Iterator[tuple[int, int, int]]:
    """Every multiset of three plain suits' rank masks holding ``n`` cards, once."""
    for s1 in range(n + 1):
        for s2 in range(s1, n - s1 + 1):
            s3 = n - s1 - s2
            if s3 < s2:
                continue
            if s1 == s2 == s3:
                yield from combinations_with_replacement(subs[s1], 3)
            elif s1 == s2:
                for (a, b), c in product(combinations_with_replacement(subs[s1], 2), subs[s3]):
                    yield a, b, c
            elif s2 == s3:
                for a, (b, c) in product(subs[s1], combinations_with_replacement(subs[s2], 2)):
                    yield a, b, c
            else:
                yield from product(subs[s1], subs[s2], subs[s3])


def _arrangements(plain: tuple[int, int, int]) -> int:
    """How many hands a multiset of plain suits stands for (its distinct orders)."""
    return {3: 6, 2: 3, 1: 1}[len(set(plain))]


def key_of(hand: int, trump: int) -> Key:
    """The key of a hand (a mask of card ids) with trumps in ``trump``."""
    suits = [hand >> (16 * s) & 0xFFFF for s in range(4)]
    high = suits.pop(trump)
    a, b, c = sorted(suits)
    return high, (a, b, c)


class ClassTable:
    """The classes of hands under one label function: their labels (sorted), exact shares
    and a sampler of hands within a class."""

    def __init__(self, label: Callable[[CardSet, Suit], str]) -> None:
        subs = _subsets()
        keys: dict[str, list[tuple[Key, int]]] = {}
        self._index: dict[Key, str] = {}
        for t in range(6):
            for high in subs[t]:
                for plain in _plain(5 - t, subs):
                    hand = high << (16 * _HIGH)
                    for s, m in zip((0, 1, 2), sorted(plain), strict=True):
                        hand |= m << (16 * s)
                    name = label(CardSet(hand), Suit(_HIGH))
                    key = (high, tuple(sorted(plain)))
                    self._index[key] = name  # type: ignore[index]
                    weight = _arrangements(plain) * (8 - t)  # the turn-up: a trump not held
                    keys.setdefault(name, []).append((key, weight))  # type: ignore[arg-type]
        self.labels: tuple[str, ...] = tuple(sorted(keys))
        self._keys = [[k for k, _ in keys[name]] for name in self.labels]
        self._cum: list[list[int]] = []
        shares = []
        for name in self.labels:
            cum, total = [], 0
            for _, w in keys[name]:
                total += w
                cum.append(total)
            self._cum.append(cum)
            shares.append(Fraction(total, _PAIRS))
        self.shares: tuple[Fraction, ...] = tuple(shares)
        """Each class's exact chance: the share of random deals whose hand falls in it."""

    def label(self, hand: int, trump: int) -> str:
        """The class of ``hand`` (a mask of card ids) with trumps in ``trump``."""
        return self._index[key_of(hand, trump)]

    def deal(self, k: int, rng: random.Random) -> tuple[int, int]:
        """A hand of class ``k`` (an index of :attr:`labels`) and its turn-up's card id,
        drawn as a random deal conditioned on the hand falling in the class."""
        cum = self._cum[k]
        high, plain = self._keys[k][bisect_right(cum, rng.randrange(cum[-1]))]
        trump = rng.randrange(4)
        others = [s for s in range(4) if s != trump]
        rng.shuffle(others)
        hand = high << (16 * trump)
        for s, m in zip(others, plain, strict=True):
            hand |= m << (16 * s)
        free = [r for r in RANKS if not high >> r & 1]
        return hand, trump * 16 + free[rng.randrange(len(free))]


@lru_cache(maxsize=8)
def class_table(by: str, side: str) -> ClassTable:
    """The table of the classes ``by`` (``"classic"`` or ``"shape"``) of ``side``'s hand
    (``"elder"`` or ``"dealer"``), built once per process (a few seconds)."""
    from . import _classes

    return ClassTable(_classes(by, side))
