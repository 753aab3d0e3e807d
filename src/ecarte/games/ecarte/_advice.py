"""Advice: who backs whom (the ``ecarte_adviser`` hook), what a backer sees, and advice
given to the player it backs. Advice lives in the game's configuration, a copy of its own
once given (:meth:`~._hooks.Config.with_advice`): never saved, replayed or in the feed."""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

import attrs

from ecarte._errors import AdviceError, ArgumentTypeError, PluginError

from . import _hooks
from .actions import Action, Play
from .observation import Advice, Observation

if TYPE_CHECKING:
    from .game import Game


def view(game: Game, seat: int, hand: int) -> dict[str, Any]:
    """The observation's fields about advice for ``seat``: the player it backs and
    may advise and their hand, the advice it was given this hand (none without a
    plugin that knows advisers)."""
    config = game._config
    if not config.advice and not config.hooks.impls("ecarte_adviser"):
        return {}
    backs = backed(game, seat)
    return {
        "backs": backs if isinstance(backs, int) else None,
        "backed_hand": game.hand(backs) if isinstance(backs, int) else None,
        "advice": tuple(a for a in config.advice if a.seat == seat and a.hand == hand),
    }


def backed(game: Game, adviser: int | str) -> int | str | None:
    """The seat ``adviser`` backs and may advise now, why it may not (a str), or None
    when no plugin knows it (hook ``ecarte_adviser``)."""
    if adviser.__class__ is not int and not (isinstance(adviser, str) and adviser):
        raise ArgumentTypeError(
            f"an adviser is a seat or a person's name, not {reprlib.repr(adviser)}"
        )
    if adviser.__class__ is int:
        game._check_seat(adviser)
    answers: list[tuple[int | str, str]] = game._asking(_hooks.advisers, adviser)
    if len(answers) > 1:
        names = " and ".join(repr(name) for _, name in answers)
        raise PluginError(f"plugins {names}, hook ecarte_adviser: both answer for {adviser!r}")
    if not answers:
        return None
    backs, name = answers[0]
    if isinstance(backs, str):
        return backs
    if backs not in game.game_players or backs == adviser:
        raise PluginError(
            f"plugin {name!r}, hook ecarte_adviser: {adviser!r} backs {backs!r}, not a "
            f"player of this game ({game.game_players})"
        )
    return backs


def adviser_seat(game: Game, adviser: int | str) -> int:
    """The seat ``adviser`` backs and may advise now, or AdviceError."""
    if game.is_over:
        raise AdviceError("the match is over: no more advice")
    backs = backed(game, adviser)
    if backs is None:
        who = f"seat {adviser}" if adviser.__class__ is int else repr(adviser)
        raise AdviceError(
            f"{who} may not advise: no variant of this game knows {who} as an adviser"
        )
    if isinstance(backs, str):
        raise AdviceError(backs)
    return backs


def advise(game: Game, adviser: int | str, action: Action | str) -> Advice:
    """:meth:`Game.advise`: the advice checked, then kept in a configuration of the
    game's own (its clones keep theirs)."""
    seat = adviser_seat(game, adviser)
    if isinstance(action, str):
        action = Action.parse(action)
    if not isinstance(action, Action):
        raise ArgumentTypeError(
            f"advice is a card or a decision (an Action), not {reprlib.repr(action)}"
        )
    hand = game.hand(seat)
    cards = (action.card,) if isinstance(action, Play) else getattr(action, "cards", ())
    missing = [c for c in cards if c not in hand]
    if missing:
        raise AdviceError(
            f"{', '.join(map(str, missing))} is not in the hand of seat {seat}, whom "
            "the advice is for"
        )
    advice = Advice(adviser, seat, action, game.hand_number)
    given = [a for a in game._config.advice if a.hand == advice.hand]
    game._config = game._config.with_advice([*given, advice])  # not the clones
    return advice


def backed_view(game: Game, adviser: int | str) -> Observation:
    """:meth:`Game.backed_view`: the backed seat's observation with only the advice
    ``adviser`` gave."""
    seat = adviser_seat(game, adviser)
    seen = game.observation(seat)
    return attrs.evolve(
        seen,
        backs=None,
        backed_hand=None,
        advice=tuple(a for a in seen.advice if a.adviser == adviser),
    )
