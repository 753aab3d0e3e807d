"""Pure-Python twin of the C core: the reference implementation and fallback.

Everything here works on plain ints so that the compiled backend can replace
it function for function:

- a card is an id ``suit * 16 + rank`` (0..63) and a set of cards a 64-bit mask;
- a :class:`TrickContext` holds, per card id, its *effective* suit (a left
  bower belongs to the trump suit) and its power within that suit, plus the
  trump suit. Rank orders are data in these tables, never code branches;
- a trick is a sequence of the card ids played so far (1 to 4 players).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "TrickContext",
    "legal_plays",
    "make_context",
    "trick_winner",
]

MUST_OVERTAKE = 1
"""Flag: a player following suit must beat the best card of the led suit if able."""
MUST_TRUMP = 2
"""Flag: a player void in the led suit must play a trump if able."""
MUST_OVERTRUMP = 4
"""Flag: a player trumping a trick already trumped must beat that trump if able."""
NO_TRUMP = -1
"""Trump value meaning "no trump suit"."""

_TRUMP_BONUS = 64


class TrickContext:
    """Per-hand tables for trick play (effective suits, powers, trumps)."""

    __slots__ = ("power", "suit_mask", "suit_of", "trump")

    def __init__(self, suit_of: Sequence[int], power: Sequence[int], trump: int) -> None:
        if len(suit_of) != 64 or len(power) != 64:
            raise ValueError("suit_of and power need 64 entries, one per card id")
        if not NO_TRUMP <= trump <= 3:
            raise ValueError(f"trump must be a suit 0..3 or -1, not {trump!r}")
        masks = [0, 0, 0, 0]
        for card, suit in enumerate(suit_of):
            if suit == -1:
                continue
            if not 0 <= suit <= 3:
                raise ValueError(f"card {card}: effective suit {suit!r} is not -1..3")
            if not 0 <= power[card] < _TRUMP_BONUS:
                raise ValueError(f"card {card}: power {power[card]!r} is not 0..63")
            masks[suit] |= 1 << card
        self.suit_of = tuple(suit_of)
        self.power = tuple(power)
        self.trump = trump
        self.suit_mask = tuple(masks)


def make_context(suit_of: Sequence[int], power: Sequence[int], trump: int) -> TrickContext:
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    return TrickContext(suit_of, power, trump)


def _check_trick(ctx: TrickContext, trick: Sequence[int]) -> None:
    if len(trick) > 3:
        raise ValueError(f"a trick in progress holds 0 to 3 cards, not {len(trick)}")
    seen = 0
    for c in trick:
        if not (isinstance(c, int) and 0 <= c < 64) or ctx.suit_of[c] < 0:
            raise ValueError(f"card id {c!r} is not in this deck")
        if seen >> c & 1:
            raise ValueError(f"card id {c} played twice in one trick")
        seen |= 1 << c


def _strength(ctx: TrickContext, card: int, led: int) -> int:
    suit = ctx.suit_of[card]
    if suit == ctx.trump:
        return ctx.power[card] + _TRUMP_BONUS
    if suit == led:
        return ctx.power[card]
    return -1


def trick_winner(ctx: TrickContext, trick: Sequence[int]) -> int:
    """Index in ``trick`` of the card winning it: highest trump, else highest of the led suit."""
    if not 1 <= len(trick) <= 4:
        raise ValueError(f"a trick holds 1 to 4 cards, not {len(trick)}")
    _check_trick(ctx, trick[:3])
    _check_trick(ctx, trick[3:])
    led = ctx.suit_of[trick[0]]
    best, best_strength = 0, _strength(ctx, trick[0], led)
    for i in range(1, len(trick)):
        s = _strength(ctx, trick[i], led)
        if s > best_strength:
            best, best_strength = i, s
    return best


def legal_plays(ctx: TrickContext, hand: int, trick: Sequence[int], flags: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick``.

    Follow the led suit if able; with :data:`MUST_OVERTAKE`, beat the best card
    of the led suit if able (unless the trick is already trumped). When void,
    with :data:`MUST_TRUMP` play a trump if able, and with
    :data:`MUST_OVERTRUMP` beat the best trump already played if able.
    """
    if not 0 <= hand < 1 << 64:
        raise ValueError(f"hand mask {hand!r} is not a 64-bit mask")
    _check_trick(ctx, trick)
    if hand & ~(ctx.suit_mask[0] | ctx.suit_mask[1] | ctx.suit_mask[2] | ctx.suit_mask[3]):
        raise ValueError("hand holds a card that is not in this deck")
    for c in trick:
        if hand >> c & 1:
            raise ValueError(f"card id {c} is both in the hand and in the trick")
    if not trick:
        return hand
    led = ctx.suit_of[trick[0]]
    best = trick[trick_winner(ctx, trick)]
    follow = hand & ctx.suit_mask[led]
    if follow:
        if flags & MUST_OVERTAKE and ctx.suit_of[best] == led:
            over = _beating(ctx, follow, ctx.power[best])
            if over:
                return over
        return follow
    trump = ctx.trump
    if trump != NO_TRUMP and flags & MUST_TRUMP:
        trumps = hand & ctx.suit_mask[trump]
        if trumps:
            if flags & MUST_OVERTRUMP and ctx.suit_of[best] == trump:
                over = _beating(ctx, trumps, ctx.power[best])
                if over:
                    return over
            return trumps
    return hand


def _beating(ctx: TrickContext, cards: int, power: int) -> int:
    out = 0
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        if ctx.power[c] > power:
            out |= low
        cards ^= low
    return out
