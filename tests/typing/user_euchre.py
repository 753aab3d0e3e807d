"""User code driving a Euchre game, checked by ``mypy --strict`` (``test_mypy.py``; the
expectations as in ``user_game.py``)."""

from __future__ import annotations

from typing import reveal_type

from ecarte.games.euchre import EuchreGame


def a_loop() -> None:
    game = EuchreGame(seed=1)
    # N: Revealed type is "tuple[ecarte.games.euchre.actions.EuchreAction, ...]"
    reveal_type(game.legal_actions())
    # N: Revealed type is "list[int]"
    reveal_type(game.legal_action_ids())
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    game.apply("pass")
    game.apply(0)
    # E: "EuchreAction" has no attribute "nope"
    _ = game.legal_actions()[0].nope
    # E: Argument 1 to "apply" of "EuchreGame" has incompatible type "float"
    game.apply(3.5)
