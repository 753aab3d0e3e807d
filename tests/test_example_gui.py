"""The Tk embedding example: the controller and the drawing without a display, the window
on a display (``$DISPLAY``, or a virtual one of Xvfb)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
from collections.abc import Iterator

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


def test_a_click_beyond_the_discard_button_reports_and_discards_nothing() -> None:
    table = gui.Table(seed=8)
    for _ in range(300):
        if table.discarding:
            break
        assert table.click(0) is None
    assert table.discarding
    table.click(0)  # a card picked
    before = (table.game.history, set(table.selected))
    count = len(table.game.hand(gui.HUMAN))
    assert table.click(count + 1) == f"no choice {count + 1}"
    assert (table.game.history, set(table.selected)) == before


def test_the_last_trick_of_the_match_is_drawn_with_its_winner() -> None:
    from ecarte import EventKind, Play
    from ecarte.players import HeuristicPlayer

    human = HeuristicPlayer()
    table = gui.Table(seed=0)
    for _ in range(3000):
        if table.game.is_over:
            break
        game = table.game
        legal = game.legal_actions()
        action = human.choose(game.observation(gui.HUMAN), legal)
        if isinstance(action, Play) or not table.discarding:
            assert table.click(legal.index(action)) is None
            continue
        hand = list(game.hand(gui.HUMAN))
        for card in action.cards:
            table.click(hand.index(card))
        assert table.click(len(hand)) is None
    assert table.game.is_over
    last = [e for e in table.game.events(gui.HUMAN) if e.kind is EventKind.TRICK][-1]
    assert last.seat == gui.HUMAN  # seed 0: the human takes the last trick of the match
    texts = [s.text for s in gui.draw(table) if s.kind == "text"]
    assert "last trick: you won it" in texts


# ------------------------------------------------------------------ the drawing


def _play_until_the_bot_has_played(table: gui.Table) -> None:
    """Click the first choice until the trick in progress holds a card of the bot."""
    for _ in range(300):
        obs = table.game.observation(gui.HUMAN)
        if any(seat == gui.BOT for seat, _ in obs.trick):
            return
        if table.discarding:
            assert table.click(len(table.game.hand(gui.HUMAN))) is None
        else:
            assert table.click(0) is None
    raise AssertionError("the bot never led a trick")


def test_the_drawing_shows_the_table_as_the_human_may_see_it() -> None:
    table = gui.Table(seed=8)
    _play_until_the_bot_has_played(table)
    game, obs = table.game, table.game.observation(gui.HUMAN)
    shapes = gui.draw(table)
    cards = [s for s in shapes if s.kind == "card"]
    hand = [str(c) for c in game.hand(gui.HUMAN)]
    # the human's hand face up, each playable card raised and clickable
    shown = [s.text for s in cards if s.choice is not None]
    assert shown == [str(c) for c in table.playable()]
    assert set(shown) <= set(hand)
    assert all(s.lifted for s in cards if s.choice is not None)
    # the bot's hand face down, as many backs as it holds (and the stock's back)
    backs = [s for s in shapes if s.kind == "back"]
    assert len(backs) == table.bot_cards() + (1 if obs.stock_size else 0)
    # the turn-up, and the bot's card in the trick marked
    assert str(obs.turnup) in [s.text for s in cards]
    bot_card = next(str(c) for seat, c in obs.trick if seat == gui.BOT)
    assert [s.text for s in cards if s.mark] == [bot_card]
    # the bot's moves since the human's last move are marked in the log
    marked = [s.text for s in shapes if s.kind == "text" and s.mark]
    assert any(f"seat {gui.BOT} plays {bot_card}" in line for line in marked)
    # nothing drawn names a card of the bot's hand
    drawn = " ".join(s.text for s in shapes)
    assert not any(str(c) in drawn for c in game.hand(gui.BOT))
    # red suits are drawn red
    assert all(s.red == (s.text[-1] in "♥♦") for s in cards)


def test_a_match_is_played_to_the_end_by_clicking_on_the_drawing() -> None:
    table = gui.Table(seed=3)
    for _ in range(3000):
        if table.game.is_over:
            break
        shapes = gui.draw(table)
        clickable = [s for s in shapes if s.choice is not None]
        assert clickable
        if table.discarding:  # pick the first card (lifted), then press the discard button
            first = next(s for s in clickable if s.kind == "card")
            assert gui.hit(shapes, first.x + 1, first.y + 1) == first
            assert table.click(first.choice) is None  # type: ignore[arg-type]
            assert next(s for s in gui.draw(table) if s.kind == "card" and s.choice == 0).lifted
            button = next(s for s in gui.draw(table) if s.kind == "button")
            if table.click(button.choice) is not None:  # type: ignore[arg-type]
                table.click(first.choice)  # type: ignore[arg-type]
                assert table.click(button.choice) is None  # type: ignore[arg-type]
            continue
        target = clickable[-1]
        found = gui.hit(shapes, target.x + target.w // 2, target.y + target.h // 2)
        assert found is not None and found.choice is not None
        assert table.click(found.choice) is None
    assert table.game.is_over
    over = gui.draw(table)
    assert not [s for s in over if s.choice is not None]
    assert table.status()[-1] in [s.text for s in over]
    assert gui.hit(over, 30, 30) is None


# ------------------------------------------------------------------- the window


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An X display: ``$DISPLAY``, else a virtual one of Xvfb for these tests."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        assert not os.environ.get("CI"), "CI must install Xvfb (.ci/run)"
        pytest.skip("no X display, and no Xvfb to make one (apt-get install xvfb); CI installs it")
    read, write = os.pipe()
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        number = b""
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], 20)
            assert ready, "Xvfb did not say its display number"
            chunk = os.read(read, 16)
            assert chunk, "Xvfb stopped before it said its display number"
            number += chunk
        yield f":{int(number)}"
    finally:
        os.close(read)
        proc.terminate()
        proc.wait(10)


def test_the_window_draws_the_table_and_plays_clicks(display: str) -> None:
    import tkinter as tk

    root = tk.Tk(screenName=display)
    try:
        table = gui.Table(seed=8)
        app = gui.App(root, table)
        root.update()
        canvas = app.canvas

        def texts(tag: str) -> list[str]:
            return [canvas.itemcget(i, "text") for i in canvas.find_withtag(tag)]

        assert texts("button-text") == table.choices()  # the packets, before the deal
        for _ in range(12):  # click the drawn shapes: the game moves, the canvas follows
            before = len(table.game.history)
            target = next(s for s in reversed(app.shapes) if s.choice is not None)
            canvas.event_generate(
                "<Button-1>", x=target.x + target.w // 2, y=target.y + target.h // 2
            )
            root.update()
            assert len(table.game.history) > before or table.discarding
            assert app.shapes == gui.draw(table)
            hand = [str(c) for c in table.game.hand(gui.HUMAN)]
            assert hand and texts("card-text")[-len(hand) :] == hand
            assert len(canvas.find_withtag("back")) == len(
                [s for s in app.shapes if s.kind == "back"]
            )
            assert len(canvas.find_withtag("back")) >= table.bot_cards()
        marked = [s.text for s in app.shapes if s.kind == "text" and s.mark]
        assert marked and all(t in texts("text") for t in marked)
    finally:
        root.destroy()


@pytest.mark.own_backends  # (a child process, once)
def test_without_a_display_the_example_says_so_in_one_line() -> None:
    script = os.path.join(os.path.dirname(gui.__file__), "tk_gui.py")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["DISPLAY"] = ":99999"  # (no such display)
    done = subprocess.run(
        [sys.executable, script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("tk_gui.py: no display to open a window on (")
    assert done.stderr.count("\n") == 1
