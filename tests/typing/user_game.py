"""User code driving a game, checked by ``mypy --strict`` (``test_mypy.py``).

A comment ``# E: text`` says mypy reports an error containing ``text`` on the next line
of code, ``# N: text`` a note (``reveal_type``); every other line must pass. The code sits in
functions: importing this module (the doctest collector does) runs nothing.
"""

# ruff: noqa: E501 - an expectation is mypy's message, whole
from __future__ import annotations

from collections.abc import Sequence
from typing import reveal_type

from ecarte import Action, Discard, Game, IllegalActionError, Observation, Play, Propose
from ecarte.players import HeuristicPlayer, Player


def a_loop() -> None:
    game = Game(seed=1)
    # N: Revealed type is "typing.Sequence[ecarte.games.ecarte.actions.Action]"
    reveal_type(game.legal_actions())
    # N: Revealed type is "ecarte.games.ecarte.actions.Action"
    reveal_type(game.legal_actions()[0])
    # N: Revealed type is "int"
    reveal_type(game.to_act)
    # N: Revealed type is "bool"
    reveal_type(game.is_over)
    # N: Revealed type is "ecarte.games.ecarte.game.Game"
    reveal_type(game.clone())
    # N: Revealed type is "None"
    reveal_type(game.apply(Propose()))
    while not game.is_over:
        action = game.legal_actions()[0]
        if isinstance(action, Play):
            # N: Revealed type is "ecarte._cards.Card"
            reveal_type(action.card)
        elif isinstance(action, Discard):
            # N: Revealed type is "ecarte._cards.CardSet"
            reveal_type(action.cards)
        game.apply(action, seat=game.to_act)
    game.apply("propose")
    game.apply(game.history[0])  # an action or a chance event
    # E: "Action" has no attribute "nope"
    _ = game.legal_actions()[0].nope
    # E: No overload variant of "apply" of "Game" matches argument type "float"
    game.apply(3.5)
    # E: No overload variant of "apply" of "Game" matches argument types "Propose", "str"
    game.apply(Propose(), seat="0")
    try:
        game.apply("nonsense")
    except IllegalActionError as exc:
        print(exc)


class FirstLegal:
    """A player: mypy checks it against ``ecarte.players.Player``."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[0]


class Confused:
    def choose(self, observation: Observation, legal: Sequence[Action]) -> int:
        return 0


def players() -> None:
    seated: dict[int, Player] = {0: FirstLegal(), 1: HeuristicPlayer()}
    # E: Incompatible types in assignment (expression has type "Confused", variable has type "Player")
    wrong: Player = Confused()
    game = Game(seed=2)
    seat = game.to_act
    chosen = seated[seat].choose(game.observation(seat), game.legal_actions())
    # N: Revealed type is "ecarte.games.ecarte.actions.Action"
    reveal_type(chosen)
    game.apply(chosen)
    print(wrong)
