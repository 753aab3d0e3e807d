"""One game used by several threads at once: on every backend, each call either runs or
raises ConcurrentUseError, and the game is never corrupted (its history still replays,
its save loads as the same game). Hammer tests (many threads switching as often as
possible) and exact ones (a second thread let in while the first is inside a call)."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import ecarte._core as core
from ecarte import ConcurrentUseError, Game, IllegalActionError
from ecarte._bench.ecarte_rows import ScoreHandInPython
from ecarte.games.ecarte.hookspecs import hookimpl
from ecarte.games.euchre import EuchreGame, EuchreRules

pytestmark = pytest.mark.own_backends

BACKENDS = [n for n in ("cython", "cffi", "pure") if n in core.backends()]


@contextmanager
def backend(name: str) -> Iterator[None]:
    """``name`` live, and threads switched as often as possible."""
    previous = core.BACKEND
    interval = sys.getswitchinterval()
    core.use_backend(name)
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
        core.use_backend(previous)


def hammer(work: Callable[[random.Random], None], threads: int = 4, rounds: int = 2000) -> int:
    """Run ``work`` ``rounds`` times in each of ``threads`` threads; return how many calls
    raised ConcurrentUseError. Any error but that one and IllegalActionError (another
    thread moved first) fails the test."""
    errors: list[BaseException] = []
    concurrent = [0]

    def run(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(rounds):
            try:
                work(rng)
            except ConcurrentUseError:
                concurrent[0] += 1
            except IllegalActionError:
                pass  # another thread moved first: the action is no longer legal
            except BaseException as exc:
                errors.append(exc)

    pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert errors == []
    return concurrent[0]


# ------------------------------------------------------------------------- Écarté


class Yielding(ScoreHandInPython):
    """The per-hand hook answered in Python, letting other threads run in the middle."""

    @hookimpl
    def ecarte_score_hand(self, game: Any, outcome: Any) -> dict[int, int]:
        threading.Event().wait(0)  # a switch of threads mid-apply
        return super().ecarte_score_hand(game, outcome)


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("plugins", [(), (Yielding(),)], ids=["classic", "python-hook"])
def test_threads_on_one_ecarte_game_get_a_clear_error_or_success(
    name: str, plugins: tuple[object, ...]
) -> None:
    with backend(name):
        game = Game(seed=11, plugins=plugins)

        def work(rng: random.Random) -> None:
            if game.is_over:
                game.undo()
            legal = game.legal_actions()
            if legal:
                game.apply(rng.choice(legal))
            if rng.random() < 0.1:
                game.undo()
            if rng.random() < 0.05:
                game.clone()

        hammer(work, rounds=1500)
        again = Game.replay(game.history, seed=11, plugins=plugins)
        assert [str(r) for r in again.history] == [str(r) for r in game.history]
        assert again.to_dict() == game.to_dict()


@pytest.mark.parametrize("name", BACKENDS)
def test_reads_during_another_threads_changes_see_a_state_the_game_was_in(name: str) -> None:
    """One thread plays and takes back; three read the observations, the history and
    the save meanwhile. Every read that runs gives a state the game was really in (the
    writer reads each state it makes, after making it), or raises ConcurrentUseError."""
    with backend(name):
        game = Game(seed=23)
        states: set[Any] = set()
        histories: set[tuple[str, ...]] = set()
        read: list[tuple[str, Any]] = []
        stop = threading.Event()
        done: list[int] = []  # the writer's changes, once it ends without an error

        def record() -> None:  # the state the writer just made (readers cannot change it)
            while True:
                try:
                    states.update(game.observation(seat) for seat in (0, 1))
                    histories.add(tuple(map(str, game.history)))
                    return
                except ConcurrentUseError:
                    pass  # a reader holds the game: read again

        def write() -> None:
            rng = random.Random(1)
            changes = 0
            try:
                record()
                least = 300 if name == "cython" else 100
                # on until the readers have read too (a loaded machine may start them late)
                while changes < least or (len(read) < 20 and changes < 100 * least):
                    try:
                        if game.is_over or rng.random() < 0.2:
                            game.undo()
                        else:
                            game.apply(rng.choice(game.legal_actions()))
                    except (ConcurrentUseError, IllegalActionError):
                        continue  # a reader held the game, or nothing to undo
                    record()
                    changes += 1
            finally:
                stop.set()
            done.append(changes)

        def reader(rng: random.Random) -> None:
            while not stop.is_set():
                try:
                    k = rng.randrange(3)
                    if k == 0:
                        read.append(("observation", game.observation(rng.randrange(2))))
                    elif k == 1:
                        read.append(("history", tuple(map(str, game.history))))
                    else:
                        read.append(("history", tuple(game.to_dict()["history"])))
                except ConcurrentUseError:
                    pass  # the writer holds the game

        writer = threading.Thread(target=write)
        writer.start()
        hammer(reader, threads=3, rounds=1)
        writer.join()
        assert done and read
        for kind, value in read:
            assert value in (states if kind == "observation" else histories), kind
        again = Game.replay(game.history, seed=23)
        assert again.to_dict() == game.to_dict()


class LetsAnotherThreadIn:
    """A per-hand hook that runs ``probe`` in another thread, to its end, while the game
    is inside apply (the calls ``probe`` makes see the game mid-call)."""

    def __init__(self, probe: Callable[[Any], None]) -> None:
        self.probe = probe
        self.calls = 0

    @hookimpl
    def ecarte_score_hand(self, game: Any, outcome: Any) -> None:
        self.calls += 1
        t = threading.Thread(target=self.probe, args=(game,))
        t.start()
        t.join()


@pytest.mark.parametrize("name", BACKENDS)
def test_a_thread_calling_while_a_hook_runs_gets_concurrent_use_error(name: str) -> None:
    seen: list[str] = []

    def probe(game: Any) -> None:
        for call in (lambda: game.apply(game.legal_actions()[0]), game.undo):
            try:
                call()
            except ConcurrentUseError:
                seen.append("concurrent")
            except BaseException as exc:  # the hook's own thread would get these
                seen.append(repr(exc))

    plugin = LetsAnotherThreadIn(probe)
    with backend(name):
        game = Game(seed=5, plugins=[plugin])
        rng = random.Random(5)
        while plugin.calls < 3:
            game.apply(rng.choice(game.legal_actions()))
        assert set(seen) == {"concurrent"}, seen
        again = Game.replay(game.history, seed=5, plugins=[ScoreHandInPython()])
        assert [str(r) for r in again.history] == [str(r) for r in game.history]


# ------------------------------------------------------------------------- Euchre


@pytest.mark.parametrize("name", BACKENDS)
def test_threads_on_one_euchre_game_get_a_clear_error_or_success(name: str) -> None:
    rules = EuchreRules.standard()
    with backend(name):
        game = EuchreGame(rules, seed=7)

        def work(rng: random.Random) -> None:
            if game.is_over:
                game.undo()
            r = rng.random()
            if r < 0.4:
                legal = game.legal_actions()
                if legal:
                    game.apply(rng.choice(legal))
            elif r < 0.7:
                ids = game.legal_action_ids()
                if ids:
                    game.apply_id(rng.choice(ids))
            elif r < 0.8:
                game.undo()
            elif r < 0.9:
                game.observation(rng.randrange(4))
            elif r < 0.95:
                game.copy().legal_action_mask()
            else:
                EuchreGame.from_dict(game.to_dict())

        hammer(work, rounds=800 if name == "cython" else 300)
        again = EuchreGame.replay(game.history, rules, seed=7)
        assert again.history_ids() == game.history_ids()
        assert again.to_dict()["history"] == game.to_dict()["history"]
        loaded = EuchreGame.from_dict(game.to_dict())
        assert loaded.history_ids() == game.history_ids()
        assert loaded.legal_action_ids() == game.legal_action_ids()


def _in_thread(call: Callable[[], object]) -> BaseException | None:
    """What ``call`` raised in another thread (None: it ran)."""
    out: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call()
        except BaseException as exc:
            out[0] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join()
    return out[0]


@pytest.mark.parametrize("name", BACKENDS)
def test_a_euchre_game_held_by_a_thread_refuses_changes_from_another(name: str) -> None:
    with backend(name):
        game = EuchreGame(EuchreRules.standard(), seed=3)
        game.apply_id(game.legal_action_ids()[0])
        before = game.to_dict()
        legal = game.legal_action_ids()
        game._claim()  # this thread is inside a call of several steps
        try:
            for call in (
                lambda: game.apply_id(legal[0]),
                lambda: game.apply(game.legal_actions()[0]),
                game.undo,
                game.seal,
                lambda: setattr(game, "auto_chance", False),
                lambda: game.observation(0),
                game.to_dict,
                game._claim,
            ):
                assert isinstance(_in_thread(call), ConcurrentUseError)
            game.apply_id(legal[0])  # the thread holding it goes on
            game.undo()
        finally:
            game._release()
        assert game.to_dict() == before
        assert _in_thread(lambda: game.apply_id(legal[0])) is None  # released
