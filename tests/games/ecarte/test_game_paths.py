"""One rule set, three statements, one game: the C machine answering its own hooks, the
same machine asking the classic plugin every hook from Python (the readable statement of
the rules, ``ecarte.games.ecarte._classic``), and the pure-Python twin. The same random decisions
through ``Game`` give the same legal actions at every step, the same history, log and
results, under every preset, random rule options, and each bundled variant.

The detailed tests below play ``N_MATCHES`` matches (observations compared at every
step); ``test_the_three_paths_agree_at_scale`` plays ``SCALE_MATCHES`` more, comparing
the machines' legal ids at every step and their logs at the end: 64,000 in CI (``CI``
set; in 32 tests that the test workers share, about three and a half minutes of one
core, a third of the suite's), 3,000 otherwise, a million with ``ECARTE_LONG=1``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from helpers.machine_driver import log_records, nth_legal

from ecarte import (
    PRESETS,
    DealPattern,
    FirstDealer,
    Game,
    KingAnnouncement,
    PenaltyBeneficiary,
    RankOrder,
    Rules,
    _core,
)
from ecarte.games.ecarte import _hooks
from ecarte.games.ecarte._records import ACTIONS

LONG = os.environ.get("ECARTE_LONG", "") not in ("", "0")
N_MATCHES = 1500 * (10 if LONG else 1)
SCALE_MATCHES = 1_000_000 if LONG else 64_000 if os.environ.get("CI") else 3_000
COMPILED = "cython" in _core.backends()


@contextmanager
def _backend(name: str, hook_path: bool = False) -> Iterator[None]:
    previous = _core.BACKEND
    _core.use_backend(name)
    _hooks.hook_path(hook_path)
    try:
        yield
    finally:
        _hooks.hook_path(False)
        _core.use_backend(previous)


def _random_rules(rng: random.Random) -> Rules:
    return Rules(
        rank_order=rng.choice(list(RankOrder)),
        first_dealer=rng.choice(list(FirstDealer)),
        deal_pattern=rng.choice(list(DealPattern)),
        elder_min_discard=rng.randint(0, 5),
        dealer_min_discard=rng.randint(0, 5),
        refusal_penalty_to=rng.choice(list(PenaltyBeneficiary)),
        penalty_first_refusal_only=rng.random() < 0.5,
        vole_under_penalty=rng.randint(2, 3),
        must_overtake=rng.random() < 0.5,
        must_trump=rng.random() < 0.5,
        king_announcement=rng.choice(list(KingAnnouncement)),
        target=rng.randint(1, 7),
        games_to_win=rng.randint(1, 3),
        game_values=rng.random() < 0.5,
        penalties=rng.random() < 0.5,
    )


def _make(backend: str, hook_path: bool, kwargs: dict[str, Any]) -> Game:
    with _backend(backend, hook_path):
        return Game(**kwargs)


def _views(game: Game) -> tuple[Any, ...]:
    return (
        game.phase,
        game.to_act,
        game.scores,
        game.games_won,
        tuple(game.observation(p) for p in range(game.players)),
    )


def _play_three(kwargs: dict[str, Any], seed: int) -> int:
    """Play one match on the three paths with the same decisions; the number of steps."""
    paths = [("cython", False), ("cython", True), ("pure", False)]
    games = [_make(backend, hook, kwargs) for backend, hook in paths]
    assert not games[0]._config.flags & 1 or kwargs.get("variant") not in (None, "quick")
    assert games[1]._m_config.hook_mask == (1 << len(_hooks.MACHINE_HOOKS)) - 1  # all from Python
    rng = random.Random(seed)
    steps = 0
    while True:
        legal = [g.legal_actions() for g in games]
        assert legal[0] == legal[1] == legal[2], (steps, legal)
        views = [_views(g) for g in games]
        assert views[0] == views[1] == views[2], steps
        if games[0].is_over:
            break
        k = rng.randrange(len(legal[0]))
        for g, actions in zip(games, legal, strict=True):
            g.apply(actions[k])
        steps += 1
        notified = games[0]._config.notifications  # (then undo is refused: see test_hooks)
        if rng.random() < 0.02 and not notified:  # undo replays the log on every path
            for g in games:
                g.undo()
    records = [(g.history, g.log, g.game_results, g.hand_results, g.winner) for g in games]
    assert records[0] == records[1] == records[2]
    return steps


pytestmark = [
    pytest.mark.own_backends,  # the three paths are the backends under test
    pytest.mark.skipif(not COMPILED, reason="the compiled machine is not built"),
]


@pytest.mark.long(40)
def test_presets_and_random_rules_agree_on_the_three_paths() -> None:
    rng = random.Random(2026)
    presets = sorted(PRESETS)
    steps = 0
    for i in range(N_MATCHES):
        rules = PRESETS[presets[i % len(presets)]] if i % 3 == 0 else _random_rules(rng)
        kwargs = {"rules": rules, "seed": rng.getrandbits(64), "auto_chance": i % 5 != 0}
        if not kwargs["auto_chance"]:
            continue  # chance events by hand: below
        steps += _play_three(kwargs, i)
    assert steps > N_MATCHES * 50


def test_chance_applied_by_hand_agrees_on_the_three_paths() -> None:
    """With ``auto_chance=False`` the caller draws each event (``apply_chance``)."""
    rng = random.Random(7)
    for i in range(N_MATCHES // 10):
        kwargs = {"rules": _random_rules(rng), "seed": i, "auto_chance": False}
        paths = [("cython", False), ("cython", True), ("pure", False)]
        games = [_make(backend, hook, kwargs) for backend, hook in paths]
        choice = random.Random(i)
        while not games[0].is_over:
            if games[0].to_act == -1:
                events = [g.apply_chance() for g in games]
                assert events[0] == events[1] == events[2]
                continue
            legal = [g.legal_actions() for g in games]
            assert legal[0] == legal[1] == legal[2]
            k = choice.randrange(len(legal[0]))
            for g, actions in zip(games, legal, strict=True):
                g.apply(actions[k])
        assert games[0].history == games[1].history == games[2].history


@pytest.mark.parametrize("variant", ["quick", "napoleon", "poule", "regles", "cercle"])
def test_each_bundled_variant_agrees_on_the_three_paths(variant: str) -> None:
    """A variant's own hooks are Python on every path; the rest is C or the classic plugin."""
    pytest.importorskip(f"ecarte_{variant}", reason="the bundled variants are not installed")
    rng = random.Random(variant)
    for i in range(N_MATCHES // 20):
        _play_three({"variant": variant, "seed": rng.getrandbits(32)}, i)


def _scale_chunk(start: int, count: int) -> tuple[int, int]:
    """Matches ``start`` to ``start + count`` of the scale run on the three paths: the rules
    of match ``i`` (a preset every fifth match, else random options) and its decisions come
    from ``random.Random(i)``. Returns (matches, decisions); raises on any difference.

    The C machine and the pure twin are driven through the machine's calls (``_m_legal``,
    ``_m_apply``: what ``Game`` asks them), the hook path through ``Game.apply``, which
    answers the machine's hooks from the classic plugin. Compared: the legal ids at every
    decision (the machine's legal bits: ``legal_actions`` is made from them, no plugin
    vetoing), the machine's log at the end (history, log lines and results are read from
    it; the hook path's holds the plugin's answers too, left out) and the scores, games
    won and winner."""
    paths = [("cython", False), ("cython", True), ("pure", False)]
    presets = sorted(PRESETS)
    every_hook = (1 << len(_hooks.MACHINE_HOOKS)) - 1
    decisions = 0
    for i in range(start, start + count):
        rng = random.Random(i)
        rules = PRESETS[presets[i % len(presets)]] if i % 5 == 0 else _random_rules(rng)
        kwargs = {"rules": rules, "seed": rng.getrandbits(64)}
        c, hooked, pure = (_make(backend, hook, kwargs) for backend, hook in paths)
        assert c._config.flags == pure._config.flags == 0  # the machine answers every hook
        assert hooked._config.flags == 1 and hooked._m_config.hook_mask == every_hook
        idle = c._binding.STOP_IDLE
        c_legal, c_apply = c._m_legal, c._m_apply
        pure_legal, pure_apply = pure._m_legal, pure._m_apply
        hooked_legal, hooked_apply = hooked._m_legal, hooked.apply
        while not c.is_over:
            legal = c_legal()
            if not (legal == hooked_legal() == pure_legal()):
                raise AssertionError(f"match {i}: legal actions differ at decision {decisions}")
            k = rng.randrange(legal[0].bit_count() + legal[1].bit_count())
            action_id = nth_legal(legal, k)
            if c_apply(action_id) != idle or pure_apply(action_id) != idle:
                raise AssertionError(f"match {i}: action {action_id} stopped a machine")
            # a discard as the game offers it (sorted by id), the others interned
            hooked_apply(ACTIONS[action_id] if legal[0] else hooked.legal_actions()[k])
            decisions += 1
        log = c._m_log()
        ends = [(g._m_phase, g.scores, g.games_won, g.winner) for g in (c, hooked, pure)]
        if not (
            ends[0] == ends[1] == ends[2]
            and log == pure._m_log()
            and log == log_records(hooked._m_log(), c.players)
        ):
            raise AssertionError(f"match {i}: the records differ")
    return count, decisions


SCALE_CHUNKS = 32
"""The scale run in this many tests, so that the test workers (pytest-xdist) share it."""


@pytest.mark.long(14)
@pytest.mark.parametrize("chunk", range(SCALE_CHUNKS))
def test_the_three_paths_agree_at_scale(chunk: int) -> None:
    """SCALE_MATCHES random matches (every preset, random options), in SCALE_CHUNKS
    chunks, give the same legal actions at every decision, and the same machine log (the
    history, log lines, hand and game results are read from it) and scores, on the C
    machine, the hook path (its log without the plugin's answers) and the pure twin."""
    start = SCALE_MATCHES * chunk // SCALE_CHUNKS
    count = SCALE_MATCHES * (chunk + 1) // SCALE_CHUNKS - start
    matches, decisions = _scale_chunk(start, count)
    assert matches == count > 0
    assert decisions > 50 * count


@pytest.mark.parametrize("where", ["legal", "log"])
def test_the_scale_run_sees_a_difference(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pure twin that differs from the C machine in one legal action, or in one byte of
    a hand's record in its log, fails the scale run."""
    import ecarte.games.ecarte._pure_machine as pm

    if where == "legal":  # no refusal of a proposal: accepting is forced
        legal = pm.match_legal

        def no_refusal(cfg: Any, m: Any) -> tuple[int, int]:
            low, high = legal(cfg, m)
            return (low & ~(1 << pm.ID_REFUSE) if m.phase == pm.PH_RESPOND else low), high

        monkeypatch.setattr(pm, "match_legal", no_refusal)
    else:  # the last byte of each hand's end record off by one
        write = pm._write

        def hand_end_changed(m: Any, log: bytearray, data: Any) -> None:
            if data and data[0] == pm.LOG_HAND_END:
                data = bytes((*data[:-1], (data[-1] + 1) & 255))
            write(m, log, data)

        monkeypatch.setattr(pm, "_write", hand_end_changed)
    seen = "legal actions differ at decision" if where == "legal" else "the records differ"
    with pytest.raises(AssertionError, match=f"match 0: {seen}"):
        _scale_chunk(0, 1)
