"""Helpers shared by the core tests (random game tables, deals)."""

from __future__ import annotations

import random


def piquet_tables(order: list[int], trump: int) -> tuple[list[int], list[int]]:
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, r in enumerate(order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = len(order) - i
    return suit_of, power


def random_tables(rng: random.Random) -> tuple[list[int], list[int], int]:
    """Random game tables: 32, 24 (Euchre, with a left bower) or 52 cards; any rank order."""
    kind = rng.randrange(3)
    trump = rng.randrange(-1, 4)
    suit_of = [-1] * 64
    power = [0] * 64
    ranks = {0: list(range(5, 13)), 1: list(range(7, 13)), 2: list(range(13))}[kind]
    for s in range(4):
        order = ranks[:]
        rng.shuffle(order)
        for i, r in enumerate(order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = len(order) - i
    if kind == 1 and trump >= 0:
        # Euchre: right bower on top, the left bower (same colour jack) joins trumps
        left = (trump ^ 1) * 16 + 9
        suit_of[trump * 16 + 9] = trump
        power[trump * 16 + 9] = 40
        suit_of[left] = trump
        power[left] = 39
    if rng.random() < 0.1:
        # ties in power are allowed by the trick rules (the earlier card wins)
        c = rng.choice([c for c in range(64) if suit_of[c] >= 0])
        power[c] = 1
    return suit_of, power, trump


def deal_hands(rng: random.Random, deck: list[int], sizes: list[int]) -> list[int]:
    cards = rng.sample(deck, sum(sizes))
    out = []
    for n in sizes:
        m = 0
        for c in cards[:n]:
            m |= 1 << c
        cards = cards[n:]
        out.append(m)
    return out
