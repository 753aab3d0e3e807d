"""The Tk embedding example: the controller is tested without a display."""

from __future__ import annotations

import pytest
from helpers import load_example

pytest.importorskip("tkinter", reason="the Tk example needs tkinter in this Python")

gui = load_example("tk_gui.py", "ecarte_example_gui")


def test_clicking_the_first_choice_finishes_a_match() -> None:
    table = gui.Table(seed=8)
    for _ in range(3000):
        if table.game.is_over:
            break
        choices = table.choices()
        assert choices
        # when discarding: pick the first card, then press "discard"
        if table.discarding:
            table.click(0)
            assert table.choices()[0].startswith("[x]")
            error = table.click(len(choices) - 1)
            if error:  # e.g. the dealer may not discard; try with nothing picked
                table.click(0)
                assert table.click(len(choices) - 1) is None
        else:
            assert table.click(0) is None
    assert table.game.is_over
    assert table.status()[-1] in ("You win the match.", "The bot wins the match.")
    assert table.choices() == ()


def test_a_bad_click_reports_and_changes_nothing() -> None:
    table = gui.Table(seed=8)
    before = (table.game.history, table.status(), list(table.choices()))
    assert not table.discarding  # a match starts with packets or a proposal
    assert table.click(99) == "no choice 99"
    assert (table.game.history, table.status(), list(table.choices())) == before
