"""The conformance suite (``ecarte.testing.check_game``) on games with plugin objects, as
docs/plugins.md tells a plugin author to run it."""

from __future__ import annotations

import pytest
from ecarte_single_proposal import SingleProposal

from ecarte import Game, hookimpl
from ecarte.testing import check_game


class KingsScoreMore:
    """A plugin object with a constructor option and no ``save_options``: a save holds it
    without options, and gives it back only to ``from_dict(d, plugins=[...])``."""

    NAME = "kings-score-more"

    def __init__(self, points: int) -> None:
        self.points = points

    @hookimpl
    def ecarte_king_points(self) -> int:
        return self.points


def test_a_plugin_object_is_checked_with_fresh_objects_of_its_class() -> None:
    report = check_game(lambda seed: Game(plugins=[SingleProposal()], seed=seed), games=2)
    assert report.games == 2 and report.checkpoints >= 2


def test_a_plugin_object_with_options_is_checked_with_the_fresh_objects_given() -> None:
    def factory(seed: int) -> Game:
        return Game(plugins=[KingsScoreMore(2)], seed=seed)

    with pytest.raises(AssertionError, match=r"check_game\(\.\.\., plugins="):
        check_game(factory, games=1)
    report = check_game(factory, games=2, plugins=lambda: [KingsScoreMore(2)])
    assert report.games == 2 and report.checkpoints >= 2
