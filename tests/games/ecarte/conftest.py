"""Fixtures of Écarté's tests: the test variant 'teller' of the command line's tests."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ecarte.games.ecarte._plugins import _all_entry_points

# ------------------------------------------------------------------ the variant "teller"

TELLER = '''
from ecarte import hookimpl


class Teller:
    """A variant for the CLI tests: describes the game, changes nothing."""

    NAME = "teller"
    DESCRIPTION = "Teller: says which game and hand it is"

    def __init__(self, greeting: str = "hello", every: int = 1, loud: bool = False) -> None:
        if greeting == "boom":
            raise RuntimeError("the teller lost its voice")
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        self.greeting, self.every, self.loud = greeting, every, loud

    @hookimpl
    def ecarte_describe(self, game, seat):
        text = f"{self.greeting} seat {seat}: game {game.game_number} hand {game.hand_number}"
        return [text.upper() if self.loud else text]


class Louder(Teller):
    """A variant that inherits its constructor, and so its options."""

    NAME = "louder"


class Misnamed:
    """A variant whose NAME is not its entry point's name."""

    NAME = "other"


class Fragile:
    """A variant whose constructor fails."""

    def __init__(self) -> None:
        raise RuntimeError("the fragile variant broke")


class Bare:
    NAME = "bare"


class Needy:
    """A variant with an option it cannot do without."""

    NAME = "needy"

    def __init__(self, stake: int, *, ante: int) -> None:
        self.stake = stake


class Tally:
    """A variant whose options are JSON lists and objects."""

    NAME = "tally"

    def __init__(
        self,
        counts: list[int] | None = None,
        pair: tuple[int, str] = (0, ""),
        steps: tuple[float, ...] = (),
        purses: dict[str, int] | None = None,
        grid: list[list[bool]] | None = None,
        seats: dict[int, str] | None = None,
    ) -> None:
        self.options = (counts, pair, steps, purses, grid)
        self.seats = seats


def _divide(points):
    return points / 0


class Faulty:
    """A variant whose hook fails (a plugin's bug)."""

    NAME = "faulty"

    @hookimpl
    def ecarte_describe(self, game, seat):
        return [str(_divide(game.hand_number))]


class _Talk:
    commands = {"shout": "shout a word"}

    def __init__(self, fails):
        self.fails = fails

    def plays(self, game, person):
        return person

    def before(self, game):
        if self.fails == "before":
            raise KeyError("no lines")
        return (None if self.fails == "shape" else ([], []))

    def command(self, game, person, text):
        raise ZeroDivisionError("shouted too loud")


class Chatty:
    """A variant whose words at the terminal (terminal_talk) fail as ``fails`` says."""

    NAME = "chatty"

    def __init__(self, fails: str = "") -> None:
        self.fails = fails

    def terminal_talk(self, game, humans, *, seed=None):
        if self.fails == "make":
            raise RuntimeError("no talk today")
        if self.fails == "none":
            return None
        return _Talk(self.fails)
'''


def _install_teller(where: Path) -> None:
    """A distribution 'ecarte-teller' with the variants 'teller', 'louder' (a subclass),
    'bare' (no description), 'tally' (list and object options), 'needy' (options without
    a default) and four broken ones
    ('misnamed', 'fragile', 'chatty', 'faulty'), importable from ``where``."""
    (where / "ecarte_cli_teller.py").write_text(TELLER, encoding="utf-8")
    info = where / "ecarte_cli_teller-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ecarte-cli-teller\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[ecarte.variants]\nteller = ecarte_cli_teller:Teller\n"
        "misnamed = ecarte_cli_teller:Misnamed\nfragile = ecarte_cli_teller:Fragile\n"
        "chatty = ecarte_cli_teller:Chatty\nlouder = ecarte_cli_teller:Louder\n"
        "bare = ecarte_cli_teller:Bare\ntally = ecarte_cli_teller:Tally\n"
        "needy = ecarte_cli_teller:Needy\n"
        "faulty = ecarte_cli_teller:Faulty\n",
        encoding="utf-8",
    )


@pytest.fixture
def teller(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The 'teller' variant installed for this test (in process and for subprocesses);
    the installed variants are read anew before and after it."""
    _install_teller(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))
    _all_entry_points.cache_clear()
    yield tmp_path
    sys.modules.pop("ecarte_cli_teller", None)
    _all_entry_points.cache_clear()
