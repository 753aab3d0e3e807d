"""Pure twin of ec_rules.c: the rules of one hand of Écarté (``ec_hand_rules``), shared by
the match machine's twin and the batches' twin: one struct, one set of ranges, one
statement of the classic scoring of the tricks.

>>> trick_points(HandRules(), elder_tricks=5, elder_alone=True, refusal=False)
(2, True, False)
>>> trick_points(HandRules(vole_penalty=3), elder_tricks=0, elder_alone=True, refusal=False)
(3, False, True)
>>> trick_points(HandRules(penalties=0), elder_tricks=0, elder_alone=True, refusal=False)
(2, False, False)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ecarte._core._pure import MUST_OVERTAKE, MUST_TRUMP, TrickContext

__all__ = ["CLASSIC_ORDER", "RANGES", "HandRules", "hand_contexts", "hand_rules_ok", "trick_points"]

CLASSIC_ORDER = (11, 10, 9, 12, 8, 7, 6, 5)
"""Rank ids high to low: K Q J A 10 9 8 7."""

RANGES: dict[str, tuple[int, int]] = {
    "elder_min_discard": (0, 5),
    "dealer_min_discard": (0, 5),
    "play_flags": (0, MUST_OVERTAKE | MUST_TRUMP),
    "penalty_to_dealer": (0, 1),
    "penalty_every_refusal": (0, 1),
    "vole_penalty": (2, 3),
    "penalties": (0, 1),
}
"""The range of every number of ``ec_hand_rules`` (``ec_hand_rules_check``), inclusive:
the one statement of them that :class:`ecarte.Rules`, the batches' options and the match
machine's twin check against."""


class HandRules(NamedTuple):
    """``ec_hand_rules``: the rules of one hand, as the C struct's fields; the defaults
    are the classic rules (``ec_hand_rules_default``)."""

    order: tuple[int, ...] = CLASSIC_ORDER
    elder_min_discard: int = 1
    dealer_min_discard: int = 0
    play_flags: int = MUST_OVERTAKE | MUST_TRUMP
    penalty_to_dealer: int = 0
    penalty_every_refusal: int = 0
    vole_penalty: int = 2
    penalties: int = 1

    def c_bytes(self) -> bytes:
        """The C struct's bytes: every field is a ``uint8_t`` (the order 8 of them), in
        this order. Values must be in 0..255 (they are, once checked)."""
        return bytes((*self.order, *self[1:]))


def hand_rules_ok(r: HandRules) -> bool:
    """``ec_hand_rules_check``: the order lists the ranks 5..12 once each and every number
    is in :data:`RANGES` (plain ints are expected)."""
    order = tuple(r.order)
    if len(order) != 8 or sorted(order) != list(range(5, 13)):
        return False
    return all(lo <= getattr(r, name) <= hi for name, (lo, hi) in RANGES.items())


@lru_cache(maxsize=64)
def hand_contexts(order: tuple[int, ...]) -> tuple[TrickContext, ...]:
    """``ec_hand_contexts``: the trick tables of the 32-card deck under ``order``, one per
    trump suit. Built once per order (the tables are never changed after construction)."""
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, rank in enumerate(order):
            suit_of[s * 16 + rank] = s
            power[s * 16 + rank] = 8 - i
    return tuple(TrickContext(suit_of, power, t) for t in range(4))


def trick_points(
    r: HandRules, elder_tricks: int, elder_alone: bool, refusal: bool
) -> tuple[int, bool, bool]:
    """``ec_trick_points``: ``(points, elder_scores, penalty)`` for the tricks of a hand.
    The side with 3 tricks or more scores 1, 2 for all five (the vole); under a penalty 2,
    or ``vole_penalty`` for a vole. Unless ``penalties`` is 0, the penalty falls when the
    elder played without proposing and lost, or when a refusal carrying it was made and the
    side it is against lost (the dealer, unless ``penalty_to_dealer``)."""
    elder_wins = elder_tricks >= 3
    vole = elder_tricks in (0, 5)
    penalty = bool(r.penalties) and (
        (elder_alone and not elder_wins) or (refusal and elder_wins != bool(r.penalty_to_dealer))
    )
    if vole:
        return (r.vole_penalty if penalty else 2), elder_wins, penalty
    return (2 if penalty else 1), elder_wins, penalty
