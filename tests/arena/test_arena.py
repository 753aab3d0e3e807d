"""The arena: paired matches, the same numbers on every executor, the statistics, the JSON,
the plot and the command."""

from __future__ import annotations

import functools
import json
import math
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ecarte import ArgumentError, EcarteError, cli
from ecarte.arena import GAMES, Interval, PlayerSpec, pair_seeds, play_pairs, run

pytestmark = pytest.mark.own_backends  # whole matches on the live backend, once

PLAYERS = ["pimc:worlds=4", "heuristic"]

# tests/engine/sanitize.sh preloads AddressSanitizer into every process it starts: a pool of
# worker processes started under the preload hangs there, so the sanitizer run checks the
# serial and thread executors only (the normal run checks the processes).
no_processes_under_asan = pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="worker processes under the AddressSanitizer preload (sanitize.sh) hang",
)


def numbers(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without what depends on the machine (time, executor)."""
    return {k: v for k, v in summary.items() if k not in ("timing", "seconds", "executor")}


def test_player_specs() -> None:
    spec = PlayerSpec.parse("pimc: worlds=20, inference=true ,objective=points")
    assert spec == PlayerSpec(
        "pimc", (("inference", True), ("objective", "points"), ("worlds", 20))
    )
    assert PlayerSpec.parse(str(spec)) == spec
    for bad in ("", "pimc:worlds", "pimc:2x=1"):
        with pytest.raises(ArgumentError):
            PlayerSpec.parse(bad)
    for game, bad in (("ecarte", "pimc:depth=3"), ("ecarte", "nobody"), ("euchre", "regles")):
        with pytest.raises(ArgumentError):
            GAMES[game].make_player(PlayerSpec.parse(bad), 0)


def test_pairs_swap_the_seats_on_the_same_deals() -> None:
    (pair,) = play_pairs("ecarte", None, ["random", "random"], 5, 3, 4)
    deal, a, b = pair_seeds(5, 3)
    assert len({deal, a, b}) == 3
    assert pair.wins == (pair.a_first.winner == 0) + (pair.a_second.winner == 1)
    assert pair.hands == pair.a_first.hands + pair.a_second.hands
    # heuristic against itself: the swapped match is the same match, side for side
    (mirror,) = play_pairs("ecarte", None, ["heuristic", "heuristic"], 5, 3, 4)
    assert mirror.wins == 1 and mirror.net == 0
    assert mirror.a_first.points == mirror.a_second.points


@functools.cache
def serial_numbers() -> dict[str, Any]:
    """The numbers of the serial run that every executor must give."""
    return numbers(run(PLAYERS, 6, seed=3, workers=1).summary())


def test_the_same_seed_gives_the_same_numbers_on_threads() -> None:
    serial = serial_numbers()
    with ThreadPoolExecutor(3) as pool:
        threads = numbers(run(PLAYERS, 6, seed=3, executor=pool, pairs_per_task=1).summary())
    assert serial == threads
    assert numbers(run(PLAYERS, 6, seed=4, workers=1).summary()) != serial


@no_processes_under_asan
def test_the_same_seed_gives_the_same_numbers_on_processes() -> None:
    with ProcessPoolExecutor(2) as pool:
        procs = numbers(run(PLAYERS, 6, seed=3, executor=pool, pairs_per_task=4).summary())
    assert serial_numbers() == procs


def test_the_intervals() -> None:
    values = [0.0, 0.5, 1.0, 1.0, 0.5, 0.5]
    iv = Interval.of(values)
    se = statistics.stdev(values) / math.sqrt(len(values))
    assert iv.mean == pytest.approx(statistics.mean(values)) and iv.se == pytest.approx(se)
    assert iv.low == pytest.approx(iv.mean - 1.959964 * se)
    num, den = [3.0, -1.0, 2.0, 0.0], [10.0, 12.0, 9.0, 11.0]
    r = Interval.ratio(num, den)
    assert r.mean == pytest.approx(sum(num) / sum(den))
    resid = [x - r.mean * d for x, d in zip(num, den, strict=True)]
    assert r.se == pytest.approx(statistics.stdev(resid) / math.sqrt(4) / statistics.mean(den))


def test_summary_json_and_plot(tmp_path: Path) -> None:
    r = run(["heuristic", "random"], 5, seed=2, workers=1)
    s = r.summary()
    assert json.loads(json.dumps(s)) == s
    assert s["matches"] == 10 and len(s["per_pair"]) == 5
    assert 0 <= s["win_rate"]["ci95"][0] <= s["win_rate"]["mean"] <= s["win_rate"]["ci95"][1]
    assert s["timing"]["a"]["decisions"] > 0 and s["timing"]["a"]["ms_per_decision"] > 0
    from ecarte.arena import plot

    paths = plot(s, tmp_path / "arena")
    assert [p.suffix for p in paths] == [".png", ".svg"]
    assert paths[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and b"<svg" in paths[1].read_bytes()


def test_euchre() -> None:
    s = run(["heuristic", "random"], 3, game="euchre", seed=1, workers=1).summary()
    assert s["game"] == "euchre" and s["win_rate"]["mean"] > 0.5


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    argv = ["arena", "heuristic", "random", "--pairs", "3", "--workers", "1", "--seed", "4"]
    assert cli.main([*argv, "--json", str(out), "--plot", str(tmp_path / "p")]) == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "95% interval" in text and "p.svg" in text
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert numbers(saved) == numbers(run(["heuristic", "random"], 3, seed=4, workers=1).summary())
    assert cli.main(["arena", "heuristic", "nobody", "--pairs", "2", "--workers", "1"]) == 2


@pytest.mark.parametrize("option", ["--json", "--plot"])
@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_the_command_refuses_an_output_it_cannot_write_before_it_plays(
    option: str,
    where: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--json`` or ``--plot`` in a folder that does not exist (or ``--json`` naming a
    folder) is a usage error in one line, before any match is played: not a traceback
    once the whole run is over."""
    import ecarte.arena

    played: list[object] = []
    monkeypatch.setattr(ecarte.arena, "run", lambda *a, **k: played.append(a))
    target = tmp_path / "nowhere" / "r" if where == "missing folder" else tmp_path
    if where == "a folder" and option == "--plot":
        target = tmp_path / "r.png"  # (the plot writes STEM.png: a folder there)
        target.mkdir()
        target = tmp_path / "r"
    argv = ["arena", "heuristic", "random", "--pairs", "2", "--workers", "1"]
    assert cli.main([*argv, option, str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ecarte: error: {option} {target}: cannot write ")
    assert err.count("\n") == 1 and played == []


@pytest.mark.parametrize(
    ("missing", "options", "extra"),
    [
        ("numpy", [], "arena"),
        ("matplotlib", ["--plot", "p"], "arena"),
        ("dask", ["--dask", "local"], "dask"),
    ],
)
def test_the_command_without_its_extra_says_how_to_install_it(
    missing: str,
    options: list[str],
    extra: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``pip install . ./plugins/*`` (the README's first command) brings no numpy:
    ``ecarte arena`` then printed a worker's traceback. It is a one-line error naming the
    extra, before any match is played."""
    import ecarte.arena

    played: list[object] = []
    monkeypatch.setattr(ecarte.arena, "run", lambda *a, **k: played.append(a))
    for name in [missing, *(n for n in sys.modules if n.startswith(f"{missing}."))]:
        monkeypatch.setitem(sys.modules, name, None)  # as if it were not installed
    monkeypatch.chdir(tmp_path)
    argv = ["arena", "heuristic", "random", "--pairs", "2", "--workers", "1", *options]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: ") and f"pip install 'ecarte[{extra}]'" in err
    assert err.count("\n") == 1 and played == []


@pytest.mark.parametrize(
    "players",
    [
        ("pimc:worlds=3", "openspiel:simulations=20"),
        ("ismcts:iterations=40,worlds=5", "pimc:worlds=3"),
    ],
)
def test_the_euchre_players_in_the_arena(players: tuple[str, str]) -> None:
    """PIMC against OpenSpiel's ISMCTSBot, IS-MCTS against PIMC: single deals of
    OpenSpiel's rules, both sides timed."""
    if "openspiel" in players[1]:
        pytest.importorskip("pyspiel")
    s = run(list(players), 2, game="euchre", rules="openspiel", seed=1, workers=1).summary()
    assert s["matches"] == 4 and s["hands"] == 4  # single deals
    assert s["timing"]["a"]["decisions"] > 0 and s["timing"]["b"]["decisions"] > 0


def test_openspiel_without_its_extra_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player 'openspiel' without open_spiel: a one-line error naming the extra."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if it were not installed
    argv = ["arena", "openspiel", "random", "--game", "euchre", "--rules", "openspiel"]
    assert cli.main([*argv, "--pairs", "2", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: player 'openspiel' needs open_spiel: ")
    assert "pip install 'ecarte[openspiel]'" in err and err.count("\n") == 1


def test_openspiel_plays_only_its_rules() -> None:
    pytest.importorskip("pyspiel")
    with pytest.raises(ArgumentError):  # OpenSpiel's Euchre is a single deal of its rules
        run(["openspiel", "random"], 2, game="euchre", seed=1, workers=1)


def test_win_rate_intervals_stay_between_0_and_1() -> None:
    """A win rate is a proportion: its interval never leaves [0, 1], however few the pairs."""
    from ecarte.arena import ArenaResult, Outcome, Pair

    def outcome(winner: int) -> Outcome:
        return Outcome(winner, (1, 0) if winner == 0 else (0, 1), 1, (1, 1), (0.0, 0.0))

    won = Pair(2.0, 2, 2, outcome(0), outcome(1))
    split = Pair(1.0, 0, 2, outcome(0), outcome(0))
    lost = Pair(0.0, -2, 2, outcome(1), outcome(0))
    for pairs in ((won, split), (won, won, split), (split, lost), (lost, lost, split)):
        s = ArenaResult("ecarte", "default", ("a", "b"), 0, tuple(pairs), 0.0, "here").summary()
        for key in ("win_rate", "win_rate_unpaired"):
            low, high = s[key]["ci95"]
            assert 0.0 <= low <= s[key]["mean"] <= high <= 1.0, (key, s[key])


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": "3"}, "seed"),
        ({"workers": 0}, "workers"),
        ({"workers": -1}, "workers"),
        ({"workers": 1.5}, "workers"),
    ],
)
def test_a_bad_seed_or_worker_count_is_refused_before_any_match(
    kwargs: dict[str, Any], named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[int] = []
    monkeypatch.setattr(GAMES["ecarte"], "play", lambda *a: played.append(1))
    with pytest.raises(ArgumentError, match=named):
        run(["random", "random"], 2, **{"workers": 1, **kwargs})
    assert not played


def test_a_player_that_is_not_text_is_refused() -> None:
    with pytest.raises(ArgumentError, match="player"):
        run([1, "random"], 2, workers=1)  # type: ignore[list-item]


def test_a_player_option_given_twice_is_refused() -> None:
    """``pimc:worlds=200,worlds=20`` is ambiguous: refused, not the last one silently."""
    with pytest.raises(ArgumentError, match="worlds"):
        PlayerSpec.parse("pimc:worlds=200,worlds=20")


@pytest.mark.parametrize(
    ("game", "player", "named"),
    [
        ("ecarte", "pimc:worlds=-1", "worlds"),
        ("ecarte", "ismcts:ms=0", "ms"),
        ("ecarte", "pimc:objective=wins", "objective"),
        ("euchre", "pimc:worlds=0", "worlds"),
        ("euchre", "heuristic:order_at=high", "order_at"),
        ("ecarte", "pimc:kernel=bogus", "kernel"),
        ("euchre", "ismcts:kernel=bogus", "kernel"),
    ],
)
def test_a_bad_player_option_value_is_refused_naming_the_player(
    game: str, player: str, named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pimc:worlds=-1`` is refused as the player's bad option, before any match, and the
    command says so in one line (no traceback)."""
    played: list[int] = []
    monkeypatch.setattr(GAMES[game], "play", lambda *a: played.append(1))
    with pytest.raises(ArgumentError, match=rf"player {player!r}.*{named}"):
        run(["random", player], 2, game=game, workers=1)
    assert not played
    argv = ["arena", "random", player, "--game", game, "--pairs", "2", "--workers", "1"]
    assert cli.main(argv) == 2


class _Raises:
    def choose(self, observation: Any, legal: Any) -> Any:
        raise RuntimeError("lost the plot")


class _Illegal:
    def choose(self, observation: Any, legal: Any) -> Any:
        from ecarte.games.ecarte.actions import Refuse

        return Refuse()  # never legal when the dealer chooses the packets


class _EuchreIllegal:
    def choose(self, game: Any) -> int:
        return 10_000


class _Roster:
    """An arena game with a faulty player ``bad`` besides the built-in ones."""

    def __init__(self, base: Any, bad: Any) -> None:
        self.base, self.bad = base, bad
        self.name, self.sides = base.name, base.sides

    def players(self) -> Any:
        return {**self.base.players(), "bad": "a faulty player"}

    def make_player(self, spec: PlayerSpec, seed: int) -> Any:
        return self.bad() if spec.name == "bad" else self.base.make_player(spec, seed)

    def play(self, rules: Any, seed: int, players: Any) -> Any:
        return self.base.play(rules, seed, players)


@pytest.mark.parametrize(
    ("game", "bad", "says"),
    [
        ("ecarte", _Raises, "raised RuntimeError: lost the plot"),
        ("ecarte", _Illegal, "refuse"),
        ("euchre", _EuchreIllegal, "10000"),
    ],
)
@pytest.mark.parametrize(
    "executor",
    ["this process", "threads", pytest.param("processes", marks=no_processes_under_asan)],
)
def test_a_player_that_fails_in_a_match_is_named(
    game: str, bad: Any, says: str, executor: str
) -> None:
    """A player that raises, or returns what the game refuses, stops the run with an
    error naming it (A or B, its spec, its seat, the pair), not a worker's traceback."""
    arena = _Roster(GAMES[game], bad)
    pool = {"threads": ThreadPoolExecutor, "processes": ProcessPoolExecutor}.get(executor)
    with pytest.raises(EcarteError, match=r"player B 'bad' in pair \d .* at seat \d: ") as info:
        if pool is None:
            run(["random", "bad"], 2, game=arena, seed=3, workers=1)
        else:
            with pool(2) as ex:
                run(["random", "bad"], 2, game=arena, seed=3, executor=ex, pairs_per_task=1)
    assert says in str(info.value)


def test_json_to_stdout_is_json_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json -`` is for a pipe (``| jq``): stdout holds the summary's JSON alone, the
    report and the plot's paths go to stderr."""
    argv = ["arena", "heuristic", "random", "--pairs", "2", "--workers", "1", "--seed", "4"]
    assert cli.main([*argv, "--json", "-", "--plot", str(tmp_path / "p")]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert numbers(summary) == numbers(run(["heuristic", "random"], 2, seed=4, workers=1).summary())
    assert "win rate" in captured.err and "p.svg" in captured.err


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--workers", "0"], "--workers 0: "),
        (["--workers", "-2"], "--workers -2: "),
        (["--pairs", "1"], "--pairs 1: "),
        (["--pairs-per-task", "0"], "--pairs-per-task 0: "),
        (["--seed", "-1"], "--seed -1: "),
        (["--rules", "bogus"], "'bogus'"),
        (["--game", "euchre", "--rules", "classic"], "'classic'"),
    ],
)
def test_a_bad_option_is_refused_before_a_dask_cluster_starts(
    options: list[str],
    words: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--dask local --workers 0`` started a LocalCluster before the run refused the
    worker count (an unknown ``--rules``: once the first match was dealt): each is one
    line before anything starts."""
    import ecarte.arena

    started: list[object] = []
    monkeypatch.setattr(ecarte.arena, "dask_executor", lambda *a: started.append(a))
    argv = ["arena", "heuristic", "random", "--dask", "local", *options]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and started == []
    assert captured.err.startswith("ecarte: error: ") and words in captured.err
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize(
    ("game", "presets"), [("ecarte", "brazilian, classic"), ("euchre", "standard, seed")]
)
def test_an_unknown_rules_preset_is_refused_before_any_match(
    game: str, presets: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``rules="bogus"`` was refused by the first match (in a worker); it is refused
    before any, naming the presets there are."""
    played: list[int] = []
    monkeypatch.setattr(GAMES[game], "play", lambda *a: played.append(1))
    with pytest.raises(ArgumentError, match=f"'bogus'.*{presets}"):
        run(["random", "random"], 2, game=game, rules="bogus", workers=1)
    assert not played


@pytest.mark.parametrize(
    ("seed", "pair", "named"),
    [(7, -1, "pair"), (7, 1.5, "pair"), (7, True, "pair"), (-1, 0, "seed"), ("7", 0, "seed")],
)
def test_pair_seeds_refuses_a_negative_or_non_int_number(seed: Any, pair: Any, named: str) -> None:
    """A negative pair failed inside numpy (``expected non-negative integer``)."""
    with pytest.raises(ArgumentError, match=rf"^{named} must be an int >= 0, not "):
        pair_seeds(seed, pair)


def test_openspiel_on_other_rules_is_refused_before_any_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player 'openspiel' without ``--rules openspiel`` was refused at its first
    decision, in a worker (after a Dask cluster started); it is refused before anything
    starts, saying which rules it plays."""
    pytest.importorskip("pyspiel")
    import ecarte.arena

    played: list[int] = []
    monkeypatch.setattr(GAMES["euchre"], "play", lambda *a: played.append(1))
    with pytest.raises(ArgumentError, match=r"player 'openspiel'.*--rules openspiel"):
        run(["random", "openspiel"], 2, game="euchre", rules="seed", workers=1)
    started: list[object] = []
    monkeypatch.setattr(ecarte.arena, "dask_executor", lambda *a: started.append(a))
    argv = ["arena", "openspiel", "random", "--game", "euchre", "--dask", "local"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: player 'openspiel'") and "--rules openspiel" in err
    assert played == [] and started == []


@pytest.mark.parametrize(
    ("player", "named"),
    [
        ("openspiel:simulations=0", "simulations"),
        ("openspiel:simulations=1.5", "simulations"),
        ("openspiel:uct_c=-1", "uct_c"),
        ("openspiel:uct_c=fast", "uct_c"),
    ],
)
def test_a_bad_openspiel_option_is_refused_before_any_match(
    player: str, named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``openspiel:simulations=0`` stopped the first match with OpenSpiel's failed
    assertion (``simulations=1.5``: pybind11's whole signature); it is refused as the
    player's bad option, before any match, in one line."""
    played: list[int] = []
    monkeypatch.setattr(GAMES["euchre"], "play", lambda *a: played.append(1))
    with pytest.raises(ArgumentError, match=rf"^player {player!r}: {named} must be "):
        run(["random", player], 2, game="euchre", rules="openspiel", workers=1)
    assert not played
