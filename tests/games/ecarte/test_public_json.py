"""``Game.public_changes_json``: the public observation as JSON members told as what
changed, written by the machine (``ec_public_view``) and by its pure-Python twin
(``MatchReads._public_json``), which agree byte for byte, members and marks, in every
state of random matches: classic rules, every preset, random rules, every installed
variant, tables of 4 and 16 seats, chance by hand, undo."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec
import pytest
from helpers import Table, random_action
from helpers.machine_driver import cffi_ecarte, cffi_match, nth_legal

from ecarte import (
    PRESETS,
    ArgumentError,
    Discard,
    Game,
    KingAnnouncement,
    Rules,
    _core,
    available_variants,
    hookimpl,
)
from ecarte._core import use_backend

COMPILED = "cython" in _core.backends()
compiled_only = pytest.mark.skipif(not COMPILED, reason="the compiled machine is not built")


@contextmanager
def _backend(name: str) -> Iterator[None]:
    """Games made meanwhile are on backend ``name``."""
    previous = _core.BACKEND
    use_backend(name)
    try:
        yield
    finally:
        use_backend(previous)


class ThreeAtMost:
    """Vetoes discards of more than three cards: the discard limits are the variant's."""

    @hookimpl
    def ecarte_validate_action(self, action: Any) -> str | None:
        return (
            "three cards at most" if isinstance(action, Discard) and len(action.cards) > 3 else None
        )


def _random_rules(rng: random.Random) -> Rules:
    return Rules(
        elder_min_discard=rng.randint(0, 5),
        dealer_min_discard=rng.randint(0, 5),
        king_announcement=rng.choice(list(KingAnnouncement)),
        target=rng.randint(1, 5),
        games_to_win=rng.randint(1, 2),
    )


def _cases(rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """The games played: (a name, ``Game``'s arguments but the seed)."""
    return [
        ("classic", {}),
        ("classic, chance by hand", {"auto_chance": False}),
        *((f"preset {name}", {"rules": name}) for name in sorted(PRESETS)),
        *((f"random rules {i}", {"rules": _random_rules(rng)}) for i in range(3)),
        *((f"variant {name}", {"variant": name}) for name in sorted(available_variants())),
        ("a variant vetoing discards", {"plugins": [ThreeAtMost()]}),
        ("a table of 4", {"plugins": [Table(4)], "rules": Rules(target=2, games_to_win=3)}),
        ("a table of 16", {"plugins": [Table(16)], "rules": Rules(target=1, games_to_win=3)}),
    ]


def _states(game: Game, rng: random.Random, steps: int) -> Iterator[int]:
    """Play ``game`` at random (taking an action back now and then) up to ``steps``
    actions or its end, yielding the step number before each action and at the end."""
    for step in range(steps):
        yield step
        if game.is_over:
            return
        if game.to_act >= 0:
            game.apply(random_action(game, rng))
        else:
            game.apply_chance()
        if rng.random() < 0.03 and not game._config.notifications and game._m_last_input >= 0:
            game.undo()
    yield steps


def _decoded(members: bytes) -> dict[str, Any]:
    return msgspec.json.decode(b"{" + members + b"}")  # type: ignore[no-any-return]


# ------------------------------------------------------------------ on every backend


def test_the_members_are_the_public_observation_as_msgspec_writes_it() -> None:
    """With no mark the members are the public observation's JSON (msgspec's bytes); from
    a mark, the changed members applied to the JSON of then give the JSON of now, name
    only fields whose value changed, in the observation's order; the mark is the same
    whatever ``since``."""
    rng = random.Random(5)
    states = 0
    for name, kwargs in _cases(rng):
        for _ in range(2):
            game = Game(seed=rng.getrandbits(64), **kwargs)
            members, mark = game.public_changes_json()
            shown = old_shown = game.public_observation()
            old_mark = mark
            for step in _states(game, rng, 150):
                now = game.public_observation()
                whole, whole_mark = game.public_changes_json()
                assert b"{" + whole + b"}" == msgspec.json.encode(now), (name, step)
                for before, since in ((shown, mark), (old_shown, old_mark)):
                    members, new_mark = game.public_changes_json(since)
                    changed = _decoded(members) if members else {}
                    assert new_mark == whole_mark, (name, step)
                    assert {**before, **changed} == now, (name, step)
                    assert all(before[k] != v for k, v in changed.items()), (name, step)
                    assert list(changed) == [k for k in now if k in changed]
                    assert members == b",".join(
                        msgspec.json.encode({k: v})[1:-1] for k, v in changed.items()
                    )
                shown, mark = now, whole_mark
                if step % 7 == 0:  # a mark several steps old next
                    old_shown, old_mark = now, whole_mark
                states += 1
    assert states > 3000


def _bad_marks(mark: bytes, other: Game) -> list[Any]:
    """Marks that are not: cut, grown, reordered, renamed, with a field short or one too
    many, or not bytes at all."""
    head, body = mark[:34], mark[34:]
    ends = [int.from_bytes(head[2 * i : 2 * i + 2], "little") for i in range(17)]

    def marked(ends: list[int], body: bytes) -> bytes:
        return b"".join(e.to_bytes(2, "little") for e in ends) + body

    swapped = [*ends]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    starts = [0, *ends[:-1]]
    return [
        b"",
        b"\0" * 33,
        head,
        mark[:-1],
        mark + b" ",
        marked(swapped, body),
        marked([*ends[:-1], ends[-1] + 1], body),  # the last end past the end
        marked([0, *ends[1:]], body),  # the first member empty
        mark.replace(b'"phase":', b'"phaze":'),
        mark.replace(b'"scores":', b'"points":'),
        marked(ends[:-1], body[: ends[-2]]),  # 16 fields
        marked([*ends, ends[-1] + 5], body + b'"x":1'),  # 18 fields
        body[starts[0] : ends[0]],  # one member, no head
        other.public_changes()[1],  # the mark of the other read (a tuple)
        mark.decode("utf-8", "replace"),
        bytearray(mark),
        memoryview(mark),
        0,
    ]


def test_a_malformed_mark_is_refused_and_changes_nothing() -> None:
    rng = random.Random(8)
    for kwargs in ({}, {"variant": "regles"}, {"plugins": [Table(16)]}):
        game = Game(seed=rng.getrandbits(64), **kwargs)
        for _ in _states(game, rng, 60):
            _, mark = game.public_changes_json()
            view, log = game._m_view(), game._m_log()
            for bad in _bad_marks(mark, game):
                with pytest.raises(ArgumentError, match="since must be a mark"):
                    game.public_changes_json(bad)
                assert game._m_view() == view and game._m_log() == log
            assert game.public_changes_json(mark) == (b"", mark)


# ------------------------------------------------------------------ the machine and its twin


@pytest.mark.parametrize("part", range(4))
@compiled_only
@pytest.mark.own_backends
def test_the_machine_writes_what_its_twin_writes(part: int) -> None:
    """In every state of random matches, the machine's members and mark are its twin's,
    byte for byte, from no mark, the last step's mark and one several steps old, with
    the machine's own discard limits, none, and limits given (a variant's)."""
    rng = random.Random(100 + part)
    states = 0
    for _, kwargs in _cases(rng):
        for _ in range(3):
            with _backend("cython"):
                game = Game(seed=rng.getrandbits(64), **kwargs)
            marks: list[bytes | None] = [None]
            for step in _states(game, rng, 200):
                for since in (marks[-1], marks[max(0, len(marks) - 6)], None):
                    assert game._m_public_json(since) == game._public_json(since, -2, 0), step
                    if step % 5 == 0:
                        least, most = rng.choice([(-1, 0), (rng.randint(0, 5), rng.randint(0, 5))])
                        ours = game._m_public_json(since, least, most)
                        assert ours == game._public_json(since, least, most), step
                marks.append(game._m_public_json()[1])
                states += 1
            for least, most in ((256, 0), (0, -1), (-3, 0)):  # limits no machine has
                for read in (game._m_public_json, game._public_json):
                    with pytest.raises(ValueError, match="discard limits out of 0"):
                        read(None, least, most)
    assert states > 4000


@compiled_only
@pytest.mark.own_backends
def test_the_backends_answer_the_same_bytes() -> None:
    """The same match on the compiled machine and the pure twin (same seed, same
    decisions) gives the same members and marks at every step, variants that veto
    discards included (their limits are computed in Python, then written by the
    machine)."""
    rng = random.Random(9)
    for name, kwargs in _cases(rng):
        games = []
        seed = rng.getrandbits(64)
        for backend in ("cython", "pure"):
            with _backend(backend):
                games.append(Game(seed=seed, **kwargs))
        marks: list[Any] = [None, None]
        choices = random.Random(seed)
        while not games[0].is_over:
            answers = [g.public_changes_json(m) for g, m in zip(games, marks, strict=True)]
            assert answers[0] == answers[1], name
            marks = [answers[0][1], answers[1][1]]
            if games[0].to_act < 0:
                for g in games:
                    g.apply_chance()
            else:
                k = choices.randrange(len(games[0].legal_actions()))
                for g in games:
                    g.apply(g.legal_actions()[k])
        assert type(games[0]).__mro__[1] is not type(games[1]).__mro__[1]


@compiled_only
@pytest.mark.own_backends
def test_the_machine_and_its_twin_agree_on_any_bytes() -> None:
    """Marks with random bytes changed, cut or added: the machine and its twin refuse the
    same ones and answer the others alike (a changed value is a changed field)."""
    rng = random.Random(12)
    refused = answered = 0
    for kwargs in ({}, {"variant": "poule"}):
        with _backend("cython"):
            game = Game(seed=rng.getrandbits(64), **kwargs)
        marks = []
        for _ in _states(game, rng, 300):
            marks.append(game._m_public_json()[1])
        for mark in marks:
            for _ in range(20):
                bad = bytearray(mark)
                for _ in range(rng.randint(1, 3)):
                    i = rng.randrange(len(bad))
                    what = rng.random()
                    if what < 0.6:
                        bad[i] = rng.randrange(256) if rng.random() < 0.5 else bad[i] ^ 1
                    elif what < 0.8:
                        del bad[i]
                    else:
                        bad.insert(i, rng.randrange(256))
                since = bytes(bad)
                c = game._m_public_json(since)
                assert c == game._public_json(since, -2, 0), since
                refused += c is None
                answered += c is not None
    assert refused > 1000 and answered > 300


@compiled_only
@pytest.mark.own_backends
def test_the_view_is_reachable_through_cffi() -> None:
    """C hosts and PyPy reach ``ec_public_view`` through the cffi module: over a whole
    match played there, it writes what the compiled game writes."""
    ffi, lib = cffi_ecarte()
    cfg, m, log, _ = cffi_match(ffi, lib, 777)
    with _backend("cython"):
        game = Game(seed=777)
    mark, out, lengths = (
        ffi.new("uint8_t[]", 4096),
        ffi.new("uint8_t[]", 4096),
        ffi.new("size_t[2]"),
    )

    def view(since: bytes | None, cap: int = 4096) -> Any:
        old = ffi.NULL if since is None else ffi.from_buffer(since)
        n = 0 if since is None else len(since)
        status = lib.ec_public_view(m, 2, -2, 0, old, n, mark, cap, lengths, out, 4096, lengths + 1)
        if status:
            return status
        return bytes(ffi.buffer(out, lengths[1])), bytes(ffi.buffer(mark, lengths[0]))

    legal = ffi.new("uint64_t[2]")
    since, steps = None, 0
    while True:
        written = view(since)
        assert written == game._m_public_json(since), steps
        since = written[1]
        if m.phase == 8:  # EC_PH_OVER
            break
        lib.ec_match_legal(cfg, m, legal)
        action = nth_legal((legal[0], legal[1]), steps % bin(legal[0] | legal[1] << 64).count("1"))
        assert lib.ec_match_apply(cfg, m, log, action) == 0
        game.apply(game.action_from_id(action))
        steps += 1
    assert view(since[:-1]) == -28  # EC_EBADMARK
    assert view(None, 4095) == -29  # EC_EVIEWARG: a buffer below EC_VIEW_CAP


# ------------------------------------------------------------------ the twin's last view


def _twin_answer(
    game: Game, since: Any, least: int = -2, most: int = 0, machines: tuple[Game, ...] = ()
) -> tuple[bytes, bytes] | None:
    """The pure ``game``'s answer from ``since``, which its whole path (every member
    encoded, nothing kept) writes too, and so do the compiled ``machines`` (games in the
    same state)."""
    whole = game._public_json_whole(since, least, most)
    answer = game._public_json(since, least, most)
    assert answer == whole
    for machine in machines:
        assert machine._m_public_json(since, least, most) == answer
    return answer


def _from_last(game: Game, since: Any) -> bool:
    """Whether ``since`` is the pure ``game``'s last view written (bytes equal to its
    mark), from which only the members whose match data moved are encoded."""
    kept = game._public_kept
    return kept is not None and type(since) is bytes and since == kept[0]


def _limits(rng: random.Random) -> tuple[int, int]:
    """Discard limits as the game asks for them: the machine's own, none, a variant's."""
    return rng.choice([(-2, 0), (-2, 0), (-1, 0), (rng.randint(0, 5), rng.randint(0, 5))])


_SKIP = -99
"""Discard limits saying: no view written at this step."""


@pytest.mark.parametrize("part", range(2))
@pytest.mark.own_backends
def test_the_twin_from_its_last_mark_writes_what_it_writes_whole(part: int) -> None:
    """A pure game keeps the last view it wrote and, from that mark, encodes only the
    members whose match data moved: in every state of random matches (undo, clones,
    the discard limits changing from call to call) its members and mark are those of its
    whole path and of the compiled machine in the same state, from the last mark, a copy
    of it, an older one, none, another game's, and it refuses what is not a mark as
    before, keeping its last view."""
    rng = random.Random(300 + part)
    backends = ("pure", "cython") if COMPILED else ("pure",)
    from_last = states = clones = 0
    for name, kwargs in _cases(rng):
        seed, other_seed = rng.getrandbits(64), rng.getrandbits(64)
        games, others = [], []
        for backend in backends:
            with _backend(backend):
                games.append(Game(seed=seed, **kwargs))
                others.append(Game(seed=other_seed, **kwargs))
        assert games[0]._public_kept is None
        last: Any = None
        marks: list[bytes] = []
        for step in range(200):
            twin, machines = games[0], tuple(games[1:])
            least, most = _limits(rng) if step % 3 == 0 else (-2, 0)
            if step % 10 and rng.random() < 0.3:  # no view this step: the next is two away
                least = _SKIP
            if least != _SKIP:
                from_last += _from_last(twin, last)
                answer = _twin_answer(twin, last, least, most, machines)
                assert answer is not None, (name, step)
                last = answer[1]
            for _ in range(
                rng.randint(0, 2) if least != _SKIP else 0
            ):  # interleaved: other marks, then the last again
                since = rng.choice(
                    [None, bytes(bytearray(last)), *marks[-8:], others[0]._m_public_json()[1]]
                )
                answer = _twin_answer(twin, since, *_limits(rng), machines=machines)
                assert answer is not None, (name, step)
                if rng.random() < 0.5:
                    last = answer[1]
            if step % 10 == 0 and last is not None:  # what is not a mark changes nothing
                kept = twin._public_kept
                for bad in (bytearray(last), memoryview(last), last[:-1], last + b" "):
                    assert twin._public_json(bad, -2, 0) is None
                    for machine in machines:
                        assert machine._m_public_json(bad) is None
                assert twin._public_kept is kept
            marks.append(last)
            states += 1
            if games[0].is_over:
                break
            if games[0].to_act < 0:
                for g in (*games, *others):
                    if not g.is_over and g.to_act < 0:
                        g.apply_chance()
            else:
                k = rng.randrange(len(games[0].legal_actions()))
                for g in games:
                    g.apply(g.legal_actions()[k])
                for g in others:
                    if not g.is_over and g.to_act >= 0:
                        g.apply(g.legal_actions()[0])
            can_undo = not games[0]._config.notifications and games[0]._m_last_input >= 0
            if rng.random() < 0.05 and can_undo:
                for g in games:
                    g.undo()
            if rng.random() < 0.05 and not games[0]._config.notifications:
                # a clone goes on from its original's last view; the original is
                # answered from its own last mark once more, then left
                clones += 1
                originals, games = games, [g.clone() for g in games]
                assert games[0]._public_kept is originals[0]._public_kept
                if rng.random() < 0.5 and games[0].to_act >= 0:
                    for g in games:
                        g.apply(g.legal_actions()[-1])
                _twin_answer(games[0], last, machines=tuple(games[1:]))
                _twin_answer(originals[0], last, machines=tuple(originals[1:]))
    assert states > 2000 and from_last > states // 2 and clones > 20


@pytest.mark.own_backends
def test_the_twin_from_a_mark_another_game_wrote() -> None:
    """Games in the same public state write the same mark: a pure game answers from the
    mark of another (its last view's bytes, or not) what its whole path answers, and a
    game loaded from a save, which has written no view, from its original's marks."""
    rng = random.Random(31)
    with _backend("pure"):  # both before the cut
        first, second = Game(seed=1, auto_chance=False), Game(seed=2, auto_chance=False)
    start = _twin_answer(first, None)
    assert start is not None and _twin_answer(second, None) == start
    second.apply_chance()  # the cut, from the first game's mark: the second's last view
    assert _from_last(second, start[1]) and start[1] is not second._public_kept[0]
    answer = _twin_answer(second, start[1])
    assert answer is not None and answer[0]
    marks = [start[1], answer[1]]
    for step in range(400):
        for i, game in enumerate((first, second)):
            if game.is_over:
                continue
            since = marks[1 - i] if step % 2 else marks[i]  # the other game's mark, or its own
            answer = _twin_answer(game, since)
            assert answer is not None
            marks[i] = answer[1]
            if game.to_act < 0:
                game.apply_chance()
            else:
                game.apply(random_action(game, rng))
        if step % 25 == 0:
            with _backend("pure"):
                loaded = Game.from_dict(first.to_dict())
            assert loaded._public_kept is None
            for since in (marks[0], marks[1], None):
                _twin_answer(loaded, since)
            assert loaded._public_json(marks[0], -2, 0) == first._public_json_whole(marks[0], -2, 0)
