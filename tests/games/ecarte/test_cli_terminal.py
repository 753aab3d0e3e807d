"""The ``ecarte`` command line in a terminal: whole matches in a pseudo-terminal
(Python's ``pty``), as a player would play them, and what the screen shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

PROMPT = b"your choice> "
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _terminal_env(live_backend: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8", **extra)
    if live_backend == "pure":
        env["ECARTE_PURE_PYTHON"] = "1"
    return env


def _in_terminal(
    args: list[str], answer: Callable[[int], str], env: dict[str, str], timeout: float = 240
) -> tuple[int, bytes]:
    """Run ``ecarte *args`` on a 100x40 pseudo-terminal; at the n-th prompt (from 0) type
    ``answer(n)``. Return the exit status and everything the terminal received."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "ecarte.cli", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    screen, answered = b"", 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # EIO: the program ended and closed the terminal
                break
            if not chunk:
                break
            screen += chunk
            if screen.count(PROMPT) > answered:
                os.write(master, answer(answered).encode() + b"\n")
                answered += 1
        else:
            pytest.fail(f"no end after {timeout}s: {screen[-2000:]!r}")
        return proc.wait(timeout=30), screen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


# Python's pty needs a POSIX system: no tool to install, so the tests skip elsewhere.
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals need POSIX")


@posix_only
def test_a_whole_match_in_a_terminal(live_backend: str) -> None:
    """The README's ``ecarte play`` in a terminal: a human against the bot to the end."""
    script = {0: "help", 1: "?", 2: "rules"}
    status, raw = _in_terminal(
        ["play", "--seed", "7"], lambda n: script.get(n, "1"), _terminal_env(live_backend)
    )
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "table: seat 0 (you), seat 1 (bot)" in screen
    assert re.search(r"seat +role +score +games +tricks", screen)  # rich's table
    assert re.search(r"seat 0 \(you\) +(dealer|elder) +\d+ +\d+", screen)
    assert "type one of:" in screen and "rules in force" in screen
    assert "your hand (" in screen
    assert "match over: seat" in screen
    assert "Traceback" not in screen
    # the game's words: tricks, the point or the vole, scores in seat order, cards drawn
    assert re.search(r"trick 1 to seat [01] \((you|bot)\) \(tricks: seat 0 \d, seat 1 \d\)", screen)
    assert re.search(
        r"seat [01] \((you|bot)\) (wins the point \([34] tricks\)|makes the vole)", screen
    )
    assert re.search(
        r"hand 1 over: tricks seat 0 \d, seat 1 \d; scores seat 0 \d, seat 1 \d", screen
    )
    assert re.search(r"game 1 won by seat [01] \((you|bot)\): seat 0 \d+, seat 1 \d+", screen)
    assert re.search(r"seat 0: discards \d \(\S+.*\), draws \S+", screen)
    assert re.search(r"\S+ is the only card you can play: played for you", screen)
    assert "worth" not in screen and "scores the tricks" not in screen
    # hearts and diamonds in red, clubs and spades not
    assert re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa5\xa6]", raw)
    assert not re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa0\xa3]", raw)


@posix_only
def test_no_color_in_a_terminal(live_backend: str) -> None:
    env = _terminal_env(live_backend, NO_COLOR="1")
    # the first answer picks the first choice (the packets, if seat 0 deals), then quit
    status, raw = _in_terminal(
        ["play", "--seed", "7"], lambda n: "1" if n == 0 else "quit", env, timeout=60
    )
    assert status == 0
    assert b"\x1b[" not in raw
    assert b"your hand (" in raw and b"match abandoned: you quit" in raw


@posix_only
def test_poule_and_cercle_in_a_terminal(live_backend: str) -> None:
    """A waiting human sees each hand by its end (la poule); bets typed in the terminal
    (club écarté)."""
    env = _terminal_env(live_backend)
    status, raw = _in_terminal(["play", "--seed", "5", "--variant", "poule"], lambda n: "1", env)
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "you wait: seats 1 and 2 play; each hand is told by its end" in screen
    assert screen.count("took the pool") == 1
    gallery = 'gallery={"Cleo": 40}'
    answers = {0: "bet 3"}
    status, raw = _in_terminal(
        ["play", "--seed", "4", "--variant", "cercle", "--option", gallery],
        lambda n: answers.get(n, "1"),
        env,
    )
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "cercle: bets on game 1 are open: bet AMOUNT stakes on yourself" in screen
    assert "cercle: Player 1 stakes 3 on themselves for game 1 (holds 97)" in screen
    assert "cercle: Cleo stakes 4 on " in screen


@posix_only
def test_euchre_in_a_terminal(live_backend: str) -> None:
    env = _terminal_env(live_backend)
    status, raw = _in_terminal(["play", "--game", "euchre", "--seed", "5"], lambda n: "1", env)
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "-- North (you) to play: first round of bidding --" in screen
    assert "choices: 1) pass  2) order up (♥ trumps)" in screen
    assert "South (partner) picks it up" in screen and "trick 1 to " in screen
    assert re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa5\xa6]", raw)  # red
    status, raw = _in_terminal(
        ["play", "--game", "euchre", "--seed", "5", "--color", "never"],
        lambda n: "quit",
        env,
        timeout=60,
    )
    assert status == 0 and b"\x1b[" not in raw
