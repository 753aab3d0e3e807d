"""Internals of the Game's fast paths that no public view shows directly."""

from __future__ import annotations

import random

from ecarte import PIQUET_DECK, Game, Phase
from ecarte.game import _shuffled


def test_unrolled_shuffle_is_random_shuffle() -> None:
    for i in range(500):
        key = f"ecarte:{i}:{i % 7}"
        order = list(PIQUET_DECK)
        random.Random(key).shuffle(order)
        assert _shuffled(random.Random(key)) == tuple(order)


def test_clones_share_until_one_changes() -> None:
    game = Game(seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    copy = game.clone()
    assert copy._state is game._state  # copy on write
    before = (game.history, game.log, game.observation(0), game.observation(1))
    copy.apply(copy.legal_actions()[0])
    assert copy._state is not game._state
    assert (game.history, game.log, game.observation(0), game.observation(1)) == before
    copy.undo()
    assert (copy.history, copy.log, copy.observation(0), copy.observation(1)) == before
    game.apply(game.legal_actions()[-1])
    game.undo()
    assert (game.history, game.log, game.observation(0), game.observation(1)) == before


def test_mid_hand_cards_leave_small_undo_records() -> None:
    game = Game(seed=4)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    n = len(game._undo)
    for _ in range(3):
        game.apply(next(a for a in game.legal_actions() if a.__class__.__name__ == "Play"))
    assert game._undo[n:] == [None, None, None]
