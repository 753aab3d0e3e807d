"""The layouts of the games' tensors, read from the C that writes them: fields, their
meaning, a decoder (for tests and debugging) and the index tables of ``docs/rl.md``.

A tensor is a flat array of 0/1 bytes made of fields; a field is ``rows`` rows of
``width`` slots, each row either *one-hot* (a value: slot ``min(v, width - 1)`` set, or
none) or *bits* (a set).

>>> from ecarte.rl import EuchreSpec, OBSERVATION
>>> fields = layout(EuchreSpec(), OBSERVATION)
>>> fields[0]
Field(name='phase', offset=0, rows=1, width=10, kind='one-hot')
>>> sum(f.size for f in fields) == EuchreSpec().tensor_size(OBSERVATION)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from ._games import Spec

__all__ = ["DESCRIPTIONS", "Field", "decode", "layout", "markdown_table"]


@frozen
class Field:
    """One field of a tensor."""

    name: str
    offset: int
    rows: int
    width: int
    kind: str
    """``"one-hot"`` or ``"bits"``."""

    @property
    def size(self) -> int:
        return self.rows * self.width


def layout(spec: Spec, which: int) -> list[Field]:
    """The fields of a game's tensor (``which``: OBSERVATION or INFO_STATE), in order."""
    return [Field(*f) for f in spec.layout(which)]


def decode(spec: Spec, which: int, tensor: Sequence[int] | Any) -> dict[str, list[Any]]:
    """Each field's rows: a one-hot row as its value (None when no slot is set), a bits row
    as the sorted list of its set slots. A one-hot row with several slots set is an
    error (the tensor is not one of this layout), as is a tensor of another size."""
    out: dict[str, list[Any]] = {}
    values = [int(v) for v in tensor]
    size = spec.tensor_size(which)
    if len(values) != size:
        raise ValueError(f"a tensor of {len(values)} values: this layout has {size}")
    for f in layout(spec, which):
        rows: list[Any] = []
        for r in range(f.rows):
            start = f.offset + r * f.width
            slots = [i for i in range(f.width) if values[start + i]]
            if f.kind == "bits":
                rows.append(slots)
            elif len(slots) > 1:
                raise ValueError(f"{f.name} row {r}: one-hot with slots {slots} set")
            else:
                rows.append(slots[0] if slots else None)
        out[f.name] = rows
    return out


_RELATIVE = "relative seats: 0 the observer, then the seats after it in turn"

DESCRIPTIONS: dict[str, dict[str, str]] = {
    "ecarte": {
        "phase": "the phase: cut, packets, deal, propose, respond, elder-discard, "
        "dealer-discard, play, over",
        "to_act": "the seat to act (0 the observer, 1 the opponent); none when chance "
        "moves or the match is over",
        "dealer": "the dealer (0 the observer, 1 the opponent)",
        "hand": "the observer's cards now",
        "turnup": "the card turned up",
        "trump": "the trump suit (clubs, diamonds, hearts, spades)",
        "packets": "this hand dealt 3-2 (0) or 2-3 (1)",
        "stock": "cards left in the stock",
        "exchanges": "accepted proposals this hand (capped at 11)",
        "last_discard": "by seat (observer, opponent): the cards in its last discard",
        "played_alone": "the elder played without proposing",
        "refused": "the dealer refused a proposal",
        "refused_after": "exchanges before the refusal (capped at 11)",
        "kings": "the seats that scored the king of trumps by announcing or holding it",
        "trick": "by seat: the card it played to the trick in progress",
        "trick_leader": "the seat that led the trick in progress",
        "played": "by seat: the cards it played to finished tricks this hand",
        "tricks_won": "by seat: tricks won this hand",
        "score": "by seat: points in the game (capped at 15)",
        "games_won": "by seat: games won in the match (capped at 3)",
        "dealt": "the observer's five cards as dealt",
        "my_discards": "the cards the observer discarded this hand",
        "discards": "discard k of the hand: its number of cards (even k the elder's, odd "
        "k the dealer's)",
        "play_seat": "play k of the hand: its seat",
        "play_card": "play k of the hand: its card",
    },
    "euchre": {
        "phase": "the phase: dealer, deal, bid, bid2, take, discard, alone, play, over, name",
        "to_act": f"the seat to act ({_RELATIVE}); none when chance moves or over",
        "dealer": "the dealer's relative seat",
        "hand": "the observer's cards now (action ids)",
        "upcard": "the card turned up",
        "upcard_taken": "the dealer took the turned card up",
        "trump": "the trump suit (clubs, diamonds, hearts, spades)",
        "maker": "the maker's relative seat",
        "alone": "the relative seats playing alone",
        "discard": "the dealer's discard (in the dealer's tensor only)",
        "bid_seat": "bid k of the deal: its relative seat",
        "bid": "bid k of the deal: 0 pass, 1 + suit a call",
        "trick": "by relative seat: the card it played to the trick in progress",
        "trick_leader": "the relative seat that led the trick in progress",
        "played": "by relative seat: the cards it played to finished tricks this deal",
        "tricks_won": "by side (the observer's, the others'): tricks this deal",
        "score": "by side: points in the game (capped at 15)",
        "dealt": "the observer's five cards as dealt",
        "play_seat": "play k of the deal: its relative seat",
        "play_card": "play k of the deal: its card",
    },
}
"""What each field means, by game and field name."""


def markdown_table(spec: Spec, which: int) -> str:
    """The index table of a tensor, as ``docs/rl.md`` prints it."""
    lines = [
        "| indices | field | rows × width | kind | meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for f in layout(spec, which):
        end = f.offset + f.size - 1
        where = f"{f.offset}" if end == f.offset else f"{f.offset}–{end}"
        meaning = DESCRIPTIONS[spec.name][f.name]
        lines.append(f"| {where} | `{f.name}` | {f.rows} × {f.width} | {f.kind} | {meaning} |")
    return "\n".join(lines)
