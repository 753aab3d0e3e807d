"""A user's plugins, checked by ``mypy --strict`` against ``ecarte.hookspecs.Plugin``
(``test_mypy.py``; the expectations as in ``user_game.py``)."""

# ruff: noqa: E501 - an expectation is mypy's message, whole
from __future__ import annotations

from typing import reveal_type

from ecarte import Game, HandOutcome, Rules, classic, hookimpl
from ecarte.hookspecs import HookWrapper, Plugin


class VoleScoresThree(Plugin):
    NAME = "vole-three"

    @hookimpl(wrapper=True)
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> HookWrapper[dict[int, int]]:
        points = yield
        # N: Revealed type is "dict[int, int]"
        reveal_type(points)
        return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}


class TwoForAVole(Plugin):
    NAME = "two-vole"

    @hookimpl
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> dict[int, int] | None:
        return classic.score_hand(game.rules.evolve(vole_under_penalty=2), outcome)

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules | None:
        return rules.evolve(target=7)


class Wrong(Plugin):
    @hookimpl
    # E: Return type "str" of "ecarte_score_hand" incompatible with return type
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> str:
        return "two"

    @hookimpl
    # E: Argument 2 of "ecarte_discard_limits" is incompatible with supertype "ecarte.games.ecarte.hookspecs.Plugin"
    def ecarte_discard_limits(self, game: Game, seat: str) -> tuple[int, int]:
        return (0, 5)

    @hookimpl(wrapper=True)
    # E: Return type "Generator[None, str, str]" of "ecarte_king_points" incompatible with return type
    def ecarte_king_points(self, game: Game, seat: int, turned_up: bool) -> HookWrapper[str]:
        points = yield
        return points


def games() -> None:
    game = Game(plugins=[VoleScoresThree(), TwoForAVole], seed=1)
    # N: Revealed type is "ecarte.games.ecarte.rules.Rules"
    reveal_type(game.rules)
    # N: Revealed type is "object"
    reveal_type(game.plugin("vole-three"))
