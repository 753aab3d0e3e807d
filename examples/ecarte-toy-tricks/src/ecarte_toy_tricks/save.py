"""Toy tricks' save codec: a game in the engine's save envelope (:mod:`ecarte.engine.save`),
and back.

The document::

    {"format": "ecarte-save", "version": 2, "game": "toy-tricks",
     "rules": {"must_overtake": bool, "must_trump": bool},
     "seed": int, "history": ["A♠", "7♠", ...], "state": {}}

The deal comes from the seed, so the cards played are the whole history; the game keeps
nothing else (``state`` is ``{}``) and has no fields of its own. Restoring deals again
from the seed and replays the history, every card checked: a corrupt, foreign or newer
document raises :class:`ecarte.SaveFormatError` naming the field.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

from ecarte import IllegalActionError, RulesError
from ecarte.engine import save
from ecarte.engine.save import fail, get

if TYPE_CHECKING:
    from .game import ToyTricks

__all__ = ["CODEC", "NAME", "decode", "encode", "from_dict", "from_json", "to_dict", "to_json"]

NAME = "toy-tricks"
"""The game's registered name: the ``game`` field of its saves."""


def encode(game: ToyTricks) -> dict[str, Any]:
    """The envelope's fields of ``game``."""
    return {
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "history": [str(card) for card in game.history],
        "state": {},
    }


def decode(envelope: save.Envelope) -> ToyTricks:
    """The saved game of a checked envelope (what :func:`ecarte.from_json` calls)."""
    from .game import ToyRules, ToyTricks

    names = tuple(ToyRules().to_dict())
    unknown = sorted(set(envelope.rules) - set(names), key=str)
    if unknown:
        raise fail(f"rules.{unknown[0]}", "not a rule option of Toy tricks")
    options = {name: get(envelope.rules, name, bool, "a bool") for name in names}
    try:
        rules = ToyRules(**options)
    except RulesError as exc:
        raise fail("rules", str(exc)) from None
    if envelope.state:
        key = sorted(envelope.state, key=str)[0]
        raise fail(f"state.{key}", "a Toy tricks game keeps no state beyond its history")
    game = ToyTricks(rules, seed=envelope.seed)
    for i, card in enumerate(envelope.history):
        if not isinstance(card, str):
            raise fail(f"history[{i}]", f"{reprlib.repr(card)} is not a card's text")
        try:
            game.apply(card)
        except IllegalActionError as exc:
            raise fail(f"history[{i}]", str(exc)) from None
    return game


CODEC = save.SaveCodec(encode=encode, decode=decode)
"""Toy tricks' codec in the save envelope (the registry's ``toy-tricks``)."""


def to_dict(game: ToyTricks) -> dict[str, Any]:
    """The saved game: the envelope around :func:`encode`."""
    return save.write(NAME, encode(game), CODEC)


def to_json(game: ToyTricks, indent: int | None = None) -> str:
    return save.dumps(to_dict(game), indent)


def from_dict(d: Any) -> ToyTricks:
    """The game saved in ``d`` (errors: :class:`~ecarte.SaveFormatError` naming the field)."""
    return decode(save.envelope(d, NAME, CODEC))


def from_json(text: str | bytes | bytearray) -> ToyTricks:
    return from_dict(save.loads(text))
