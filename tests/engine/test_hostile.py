"""Hostile input: every core binding converts its arguments once, then never
touches the caller's objects again; batches stop on Ctrl-C and stay in the same streams.

The reproductions of crashes run in a subprocess, one for all the cases of a backend (and
each case alone in one of its own when that one does not exit cleanly), so that a
regression fails its test instead of killing pytest. The rule under test is in
docs/c-core.md ("Arguments").
"""

from __future__ import annotations

import enum
import random
import subprocess
import sys
import textwrap
from types import ModuleType
from typing import Any

import pytest
from helpers import Spy as _Spy
from helpers import deal_hands, hands_of, piquet_tables

import ecarte._core as core
from ecarte._core import ranked_context
from ecarte.games.ecarte._pure_hands import HandOptions

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

BACKENDS = core.backends()
CLASSIC = [11, 10, 9, 12, 8, 7, 6, 5]
DECK = 0x1FE0_1FE0_1FE0_1FE0
A, D = 0x3E0, 0x3E00000  # clubs 7..J, diamonds 7..J: two five-card hands

# A prelude for the subprocesses: the backend, a context, and an int subclass whose
# comparisons empty a list (the one the binding is reading) and lie.
PRELUDE = """
import sys
from ecarte._core import backend, ranked_context
from ecarte.engine.backend import module as _module
import ecarte.games.ecarte
m = backend(sys.argv[1])
hands_of = lambda m: _module("ecarte.hands", sys.argv[1])
ctx = ranked_context(0, [11, 10, 9, 12, 8, 7, 6, 5], 0x1FE01FE01FE01FE0, m)
A, D = 0x3E0, 0x3E00000
victim = []
class C(int):
    def _lie(a, b):
        victim.clear()
        return True
    __ge__ = __le__ = __gt__ = __lt__ = _lie
def show(f):
    try:
        print("ok", f())
    except ValueError as exc:
        print("ValueError", exc)
"""

CASES = {
    "make_context suit_of": """
        victim[:] = [-1] * 64; victim[3] = C(0)
        show(lambda: m.make_context(victim, [1] * 64, 0).suit_of[:4])
    """,
    "make_context power": """
        victim[:] = [1] * 64; victim[3] = C(0)
        show(lambda: m.make_context([0] * 64, victim, 0).power[:4])
    """,
    "make_context trump": """
        show(lambda: m.make_context([0] * 64, [1] * 64, C(9)))
    """,
    "legal_plays trick": """
        victim[:] = [C(21)]
        show(lambda: m.legal_plays(ctx, D & ~(1 << 21), victim, 3))
    """,
    "legal_plays hand": """
        show(lambda: m.legal_plays(ctx, C(2**80), [], 3))
    """,
    "trick_winner": """
        victim[:] = [C(5), 21]
        show(lambda: m.trick_winner(ctx, victim))
    """,
    "perft hands": """
        victim[:] = [C(A), D]
        show(lambda: m.perft(ctx, victim, 0, [], 3, 4))
    """,
    "perft leader": """
        show(lambda: m.perft(ctx, [A, D], C(7), [], 3, 4))
    """,
    "solve leader": """
        victim[:] = [A, D]
        show(lambda: m.solve(ctx, victim, C(1), [], 3))
    """,
    "solve_batch positions": """
        victim[:] = [(ctx, (A, D), C(0), ())] * 100
        show(lambda: m.solve_batch(victim, 3)[-1])
    """,
    "solve_batch flags": """
        victim[:] = [(ctx, (A, D), 0, ())] * 100
        show(lambda: m.solve_batch(victim, C(3))[-1])
    """,
    "PlayState hands": """
        victim[:] = [C(A), D]
        show(lambda: m.PlayState(ctx, victim, C(0), 3).hands)
    """,
    "PlayState.hand big": """
        show(lambda: m.PlayState(ctx, (A, D), 0, 3).hand(C(10**8)))
    """,
    "PlayState.hand negative": """
        show(lambda: m.PlayState(ctx, (A, D), 0, 3).hand(C(-5)))
    """,
    "PlayState.apply_unchecked": """
        s = m.PlayState(ctx, (A, D), 0, 3)
        show(lambda: s.apply_unchecked(C(981)))
        show(lambda: (s.cards, s.hands == (A, D)))
    """,
    "PlayState.apply": """
        s = m.PlayState(ctx, (A, D), 0, 3)
        show(lambda: s.apply(C(981)))
        show(lambda: (s.try_apply(C(-3)), s.apply(C(5)), s.cards))
    """,
    "Rng.below": """
        r = m.Rng(1)
        show(lambda: r.below(C(0)))
        show(lambda: [r.below(6) for _ in range(8)])
    """,
    "random_hands n": """
        show(lambda: hands_of(m).random_hands(C(2**41), 1))
        show(lambda: hands_of(m).random_hands(C(3), C(1)).digest)
    """,
    "ranked_context order": """
        victim[:] = [C(11), 10, 9, 12, 8, 7, 6, 5]
        show(lambda: ranked_context(0, victim, 0x1FE01FE01FE01FE0, m).power[11])
    """,
}


def _run(code: str, name: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, name],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


_MARK = "-- hostile case: "
"""Written to stdout and stderr before each case of a batch (a line of its own)."""

_BATCH = """
import sys
for _name, _code in CASES.items():
    print(MARK + _name, flush=True)
    print(MARK + _name, file=sys.stderr, flush=True)
    exec(compile(_code, _name, "exec"), {"__name__": "__main__"})
"""

_BATCHES: dict[str, dict[str, tuple[str, str]] | None] = {}


def _split(text: str) -> dict[str, str]:
    parts: dict[str, str] = {}
    name = None
    for line in text.splitlines(keepends=True):
        if line.startswith(_MARK):
            name = line[len(_MARK) : -1]
            parts[name] = ""
        elif name is not None:
            parts[name] += line
    return parts


def _batch(name: str) -> dict[str, tuple[str, str]] | None:
    """Every case on backend ``name`` in one subprocess, each case's code run in a fresh
    namespace: {case: (stdout, stderr)}, or None when the subprocess did not exit cleanly
    (a crash: each case then runs alone, so that only the guilty one fails)."""
    if name not in _BATCHES:
        cases = {case: PRELUDE + textwrap.dedent(code) for case, code in CASES.items()}
        code = f"CASES = {cases!r}\nMARK = {_MARK!r}\n{_BATCH}"
        proc = _run(code, name, timeout=60 * len(CASES))
        outs, errs = _split(proc.stdout), _split(proc.stderr)
        done = proc.returncode == 0 and set(outs) == set(errs) == set(CASES)
        _BATCHES[name] = {case: (outs[case], errs[case]) for case in CASES} if done else None
    return _BATCHES[name]


def _case(name: str, case: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``case`` on backend ``name``: from the backend's
    batch, or run alone when the batch did not finish."""
    batch = _batch(name)
    if batch is not None:
        return 0, *batch[case]
    proc = _run(PRELUDE + textwrap.dedent(CASES[case]), name)
    return proc.returncode, proc.stdout, proc.stderr


def _expected(case: str) -> str:
    """The pure twin's output (it cannot crash)."""
    status, out, err = _case("pure", case)
    assert status == 0, err
    return out


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_hostile_int_subclasses_in_a_subprocess(name: str, case: str) -> None:
    status, out, err = _case(name, case)
    assert status == 0, f"{name} {case}: exit {status}\n{err[-2000:]}"
    assert out == _expected(case), f"{name} {case}"
    assert "Traceback" not in err


def test_hostile_outputs_are_the_rule() -> None:
    # what the rule gives: the plain value read once, in range or ValueError naming the
    # argument; the state and the stream untouched by a rejected call
    got = {case: _expected(case) for case in CASES}
    assert got["make_context suit_of"] == "ok (-1, -1, -1, 0)\n"
    assert got["make_context trump"].startswith("ValueError trump must be a suit 0..3 or -1")
    assert got["legal_plays hand"].startswith("ValueError hand mask")
    assert got["perft leader"].startswith("ValueError leader must be a seat 0..1, not 7")
    assert got["PlayState.hand big"] == "ValueError position must be 0 or 1, not 100000000\n"
    assert got["PlayState.hand negative"] == "ValueError position must be 0 or 1, not -5\n"
    assert got["PlayState.apply_unchecked"] == (
        "ValueError apply_unchecked(981): not a card of the position to move\nok ((), True)\n"
    )
    assert got["PlayState.apply"] == (
        "ValueError play 981: a card id is not in this deck\nok (-1, 0, (5,))\n"
    )
    fresh = core.backend("pure").Rng(1)
    assert got["Rng.below"] == (
        f"ValueError below() needs 1 <= n < 2**32, not 0\nok {[fresh.below(6) for _ in range(8)]}\n"
    )
    assert got["random_hands n"].startswith("ValueError n must be an int 0..2**40, not 2199")


def test_no_method_of_an_int_subclass_runs(impl: ModuleType) -> None:
    spy = _Spy
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, r in enumerate(CLASSIC):
            suit_of[s * 16 + r] = spy(s)
            power[s * 16 + r] = spy(8 - i)
    _Spy.calls.clear()
    ctx = impl.make_context(suit_of, power, spy(0))
    legal = impl.legal_plays(ctx, spy(D), [spy(5)], spy(3))
    winner = impl.trick_winner(ctx, (spy(5), spy(21)))
    count = impl.perft(ctx, [spy(A), spy(D)], spy(0), [], spy(3), spy(4))
    value = impl.solve(ctx, (spy(A), spy(D)), spy(0), (), spy(3))
    batch = impl.solve_batch([(ctx, (spy(A), spy(D)), spy(0), ())], spy(3))
    state = impl.PlayState(ctx, (spy(A), spy(D)), spy(0), spy(3))
    state.apply(spy(5))
    state.try_apply(spy(21))
    state.apply_unchecked(spy(6))
    hand = state.hand(spy(1))
    rng = impl.Rng(spy(1))
    draws = [rng.below(spy(6)) for _ in range(4)]
    totals = hands_of(impl).random_hands(spy(5), spy(9), HandOptions(vole_penalty=spy(3)))
    results = hands_of(impl).random_hand_results(spy(2), spy(9))
    solves = hands_of(impl).random_solves(spy(2), spy(9))
    ranked = ranked_context(spy(0), [spy(r) for r in CLASSIC], spy(DECK), impl)
    assert _Spy.calls == []
    pure = core.backend("pure")
    pctx = ranked_context(0, CLASSIC, DECK, pure)
    assert legal == pure.legal_plays(pctx, D, [5], 3)
    assert winner == 0 and count == pure.perft(pctx, [A, D], 0, [], 3, 4)
    assert value == pure.solve(pctx, (A, D), 0, (), 3) == batch[0]
    assert state.cards == (5, 21, 6) and hand == D & ~(1 << 21)
    rp = pure.Rng(1)
    assert draws == [rp.below(6) for _ in range(4)]
    assert totals == hands_of(pure).random_hands(5, 9, HandOptions(vole_penalty=3))
    assert results == hands_of(pure).random_hand_results(2, 9) and solves == hands_of(
        pure
    ).random_solves(2, 9)
    assert ranked.power == pctx.power
    for value in (ctx.trump, *ctx.suit_of, *state.cards, *state.hands, count, legal):
        assert type(value) is int


class _Index:
    """Not an int, but an integer through ``__index__`` (as numpy integers are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_index_objects_are_ints_and_bools_or_floats_are_not(impl: ModuleType) -> None:
    ctx = ranked_context(_Index(0), CLASSIC, _Index(DECK), impl)
    pure = core.backend("pure")
    pctx = ranked_context(0, CLASSIC, DECK, pure)
    assert impl.legal_plays(ctx, _Index(D), [_Index(5)], _Index(3)) == pure.legal_plays(
        pctx, D, [5], 3
    )
    assert hands_of(impl).random_hands(_Index(3), _Index(1)) == hands_of(pure).random_hands(3, 1)
    assert impl.PlayState(ctx, (_Index(A), D), 0, 3).hand(_Index(0)) == A
    for bad in (True, False, 1.0, "1", None, 1 + 0j):
        with pytest.raises(ValueError, match="position must be 0 or 1"):
            impl.PlayState(ctx, (A, D), 0, 3).hand(bad)
        with pytest.raises(ValueError, match="n must be an int"):
            hands_of(impl).random_hands(bad, 1)
        with pytest.raises(ValueError, match="below"):
            impl.Rng(1).below(bad)


class _Raises:
    def __index__(self) -> int:
        raise TypeError("no")


def _bad_calls(m: ModuleType) -> list[tuple[str, Any]]:
    """Bad calls, each with its wrong argument (one per call, or several to test the order
    of the checks: the arguments in order, then what they hold together)."""
    ctx = ranked_context(0, CLASSIC, DECK, m)
    state = m.PlayState(ctx, (A, D), 0, 3)
    spent = m.PlayState(ctx, (A, D), 0, 3)
    calls: list[tuple[str, Any]] = [
        ("make_context short", lambda: m.make_context([0] * 63, [1] * 64, 0)),
        ("make_context suit", lambda: m.make_context([0] * 10 + [7.5] + [0] * 53, [1] * 64, 0)),
        ("make_context power", lambda: m.make_context([0] * 64, [1] * 10 + [64] + [1] * 53, 0)),
        ("make_context trump", lambda: m.make_context([0] * 64, [1] * 64, True)),
        ("make_context seq", lambda: m.make_context({0}, [1] * 64, 0)),
        ("legal hand", lambda: m.legal_plays(ctx, -1, [5], 3)),
        ("legal trick type", lambda: m.legal_plays(ctx, D, "5", 3)),
        ("legal trick long", lambda: m.legal_plays(ctx, D, [5, 6, 7, 8], 3)),
        ("legal card", lambda: m.legal_plays(ctx, D, [64], 3)),
        ("legal card index", lambda: m.legal_plays(ctx, D, [_Raises()], 3)),
        ("legal card deck", lambda: m.legal_plays(ctx, D, [0], 3)),
        ("legal card twice", lambda: m.legal_plays(ctx, 0, [5, 5], 3)),
        ("legal hand deck", lambda: m.legal_plays(ctx, D | 1, [5], 3)),
        ("legal both", lambda: m.legal_plays(ctx, D, [21], 3)),
        ("legal flags", lambda: m.legal_plays(ctx, D, [5], 8)),
        ("legal order", lambda: m.legal_plays(ctx, -1, [64], 9)),
        ("winner empty", lambda: m.trick_winner(ctx, [])),
        ("winner card", lambda: m.trick_winner(ctx, [5, 0])),
        ("perft hands", lambda: m.perft(ctx, [A], 0, [], 3, 2)),
        ("perft mask", lambda: m.perft(ctx, [A, 2**64], 0, [], 3, 2)),
        ("perft leader", lambda: m.perft(ctx, [A, D], 2, [], 3, 2)),
        ("perft trick", lambda: m.perft(ctx, [A, D], 0, [5, 21], 3, 2)),
        ("perft flags", lambda: m.perft(ctx, [A, D], 0, [], -1, 2)),
        ("perft depth", lambda: m.perft(ctx, [A, D], 0, [], 3, 65)),
        ("perft twice", lambda: m.perft(ctx, [A, A], 0, [], 3, 2)),
        ("perft sizes", lambda: m.perft(ctx, [A, D | 1 << 37], 0, [], 3, 2)),
        ("perft both", lambda: m.perft(ctx, [A, D], 0, [5], 3, 2)),
        ("perft deck", lambda: m.perft(ctx, [A, D | 1], 0, [], 3, 2)),
        ("perft order", lambda: m.perft(ctx, [A, A], 0, [], 9, 99)),
        ("solve players", lambda: m.solve(ctx, [A, D, 1 << 37], 0, [], 3)),
        ("solve sizes", lambda: m.solve(ctx, [A, D | 1 << 37], 1, [], 3)),
        ("batch type", lambda: m.solve_batch(None, 3)),
        ("batch position", lambda: m.solve_batch([(ctx, (A, D), 0)], 3)),
        ("batch hands", lambda: m.solve_batch([(ctx, (A, D), 0, ()), (ctx, (A,), 0, ())], 3)),
        ("batch players", lambda: m.solve_batch([(ctx, (A, D, 1 << 37), 0, ())], 3)),
        ("batch flags", lambda: m.solve_batch([(ctx, (A, D), 0, ())], 8)),
        ("batch content", lambda: m.solve_batch([(ctx, (A, D), 0, ()), (ctx, (A, A), 0, ())], 3)),
        ("batch order", lambda: m.solve_batch([(ctx, (A, A), 0, ()), (ctx, (A,), 0, ())], 3)),
        ("state hands", lambda: m.PlayState(ctx, (A, D, 0), 0, 3)),
        ("state mask", lambda: m.PlayState(ctx, (A, -D), 0, 3)),
        ("state leader", lambda: m.PlayState(ctx, (A, D), 2, 3)),
        ("state flags", lambda: m.PlayState(ctx, (A, D), 0, 3.0)),
        ("state deck", lambda: m.PlayState(ctx, (A, D | 1), 0, 3)),
        ("state twice", lambda: m.PlayState(ctx, (A, A), 0, 3)),
        ("state sizes", lambda: m.PlayState(ctx, (A, D & (D - 1)), 0, 3)),
        ("apply range", lambda: state.apply(64)),
        ("apply deck", lambda: state.apply(0)),
        ("apply illegal", lambda: state.apply(21)),
        ("apply type", lambda: state.apply(5.0)),
        ("unchecked", lambda: state.apply_unchecked(21)),
        ("undo", lambda: spent.undo()),
        ("hand", lambda: state.hand(2)),
        ("rng seed", lambda: m.Rng(-1)),
        ("rng below", lambda: m.Rng(1).below(2**32)),
        ("hands n", lambda: hands_of(m).random_hands(-1, 1)),
        ("hands seed", lambda: hands_of(m).random_hands(1, 2**64)),
        ("hands options", lambda: hands_of(m).random_hands(1, 1, "classic")),
        ("hands order", lambda: hands_of(m).random_hands(1, 1, HandOptions(order=(1, 2)))),
        ("hands field", lambda: hands_of(m).random_hands(1, 1, HandOptions(vole_penalty=10))),
        ("hands switch", lambda: hands_of(m).random_hands(1, 1, HandOptions(king_points=1))),  # type: ignore[arg-type]
        ("hands pattern", lambda: hands_of(m).random_hands(1, 1, HandOptions(deal_pattern=41))),
        ("results order", lambda: hands_of(m).random_hand_results(-1, -1, "x")),
        ("solves order", lambda: hands_of(m).random_solves(1, -1, "x")),
        ("ranked order", lambda: ranked_context(0, [11, 11], DECK, m)),
        ("ranked deck", lambda: ranked_context(0, CLASSIC, -1, m)),
    ]
    return calls


def _messages(m: ModuleType) -> dict[str, str]:
    out = {}
    for name, call in _bad_calls(m):
        try:
            call()
        except ValueError as exc:
            out[name] = str(exc)
        else:
            out[name] = "no error"
    return out


def test_every_backend_gives_the_same_message(impl: ModuleType) -> None:
    want = _messages(core.backend("pure"))
    got = _messages(impl)
    assert "no error" not in want.values()
    assert got == want


def test_messages_name_the_argument() -> None:
    msgs = _messages(core.backend("pure"))
    named = {
        "make_context suit": "suit_of[10]",
        "make_context power": "power[10]",
        "make_context trump": "trump",
        "make_context seq": "suit_of",
        "legal hand": "hand",
        "legal trick type": "trick",
        "legal card": "trick: card id 64",
        "legal card index": "trick: card id a _Raises",
        "legal flags": "flags 8",
        "legal order": "hand mask -1",
        "perft mask": "hands[1]",
        "perft leader": "leader",
        "perft depth": "depth",
        "perft order": "flags 9",
        "batch hands": "position 1: a position has 2 to 4 hands",
        "batch content": "position 1: card ids",
        "batch order": "position 1: a position has 2 to 4 hands",
        "state mask": "hands[1]",
        "apply type": "play 5.0",
        "hands n": "n must be",
        "hands seed": "seed must be",
        "hands options": "options must be",
        "hands field": "vole_penalty",
        "hands switch": "king_points must be a bool, not 1",
        "hands pattern": "deal_pattern",
        "results order": "n must be",
        "solves order": "seed must be",
        "ranked order": "order",
        "ranked deck": "deck",
    }
    for name, fragment in named.items():
        assert fragment in msgs[name], (name, msgs[name])


# --------------------------------------------------------------- perft in chunks


def test_perft_split_gives_the_whole_count(impl: ModuleType) -> None:
    """Positions whose bound exceeds the compiled bindings' single-call limit: they split on
    the first cards; the counts are the C recursion's (recorded before the split)."""
    if impl.__name__.endswith("_pure"):
        pytest.skip("the pure twin does not split (it is the reference of the counts)")
    rng = random.Random()
    got = []
    for np, k, flags in ((3, 6, 0), (4, 5, 2)):
        rng.seed(np * 100 + k)
        suit_of, power = piquet_tables(CLASSIC, 1)
        deck = [x for x in range(64) if suit_of[x] >= 0]
        hands = deal_hands(rng, deck, [k] * np)
        ctx = impl.make_context(suit_of, power, 1)
        got.append(impl.perft(ctx, hands, 0, [], flags, np * k))
        got.append(impl.perft(ctx, hands, 0, [], flags, np * k - 5))
    assert got[0::2] == [1396224, 61568]
    pure = core.backend("pure")
    rng.seed(406)
    hands = deal_hands(rng, [x for x in range(64) if x & 15 in CLASSIC], [4] * 3)
    suit_of, power = piquet_tables(CLASSIC, 2)
    want = pure.perft(pure.make_context(suit_of, power, 2), hands, 1, [], 0, 12)
    assert impl.perft(impl.make_context(suit_of, power, 2), hands, 1, [], 0, 12) == want


# A hand of the C core that takes far longer than a second, per backend.
_LONG = {
    "random_hands": "hands_of(m).random_hands(2**40, 1)",
    "random_hand_results": "hands_of(m).random_hand_results(2**31, 1)",
    "random_solves": "hands_of(m).random_solves(2**40, 1)",
    "perft": (
        "m.perft(m.make_context(*tables), deal, 0, [], 0, 32)"  # four hands of eight cards
    ),
    "solve_batch": "m.solve_batch([(ctx8, hands8, 0, ())] * 150_000, 0)",
}

_SIGINT = """
import os, signal, sys, threading, time
from ecarte._core import backend, ranked_context
m = backend(sys.argv[1])
order = [11, 10, 9, 12, 8, 7, 6, 5]
suit_of = [-1] * 64; power = [0] * 64
for s in range(4):
    for i, r in enumerate(order):
        suit_of[s * 16 + r] = s; power[s * 16 + r] = 8 - i
tables = (suit_of, power, -1)
deal = [sum(1 << (s * 16 + r) for r in order) for s in range(4)]  # a suit each: all legal
ctx8 = ranked_context(1, order, 0x1FE01FE01FE01FE0, m)
cards = [s * 16 + r for s in range(4) for r in order]
import random
from ecarte.engine.backend import module as _module
import ecarte.games.ecarte
hands_of = lambda m: _module("ecarte.hands", sys.argv[1])
picked = random.Random(1).sample(cards, 16)
hands8 = (sum(1 << c for c in picked[:8]), sum(1 << c for c in picked[8:]))  # eight cards each
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores it
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    CALL
except KeyboardInterrupt:
    print("KeyboardInterrupt after %.2f s" % (time.monotonic() - start))
else:
    print("finished after %.2f s" % (time.monotonic() - start))
"""


@pytest.mark.parametrize("call", sorted(_LONG))
def test_ctrl_c_stops_a_long_call(impl: ModuleType, call: str) -> None:
    name = impl.__name__.rsplit(".", 1)[-1]
    backend_name = {"_cycore": "cython", "_cffi": "cffi", "_pure": "pure"}[name]
    proc = _run(_SIGINT.replace("CALL", _LONG[call]), backend_name, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    words = proc.stdout.split()
    assert words[0] == "KeyboardInterrupt", proc.stdout
    assert float(words[2]) < 5.0, proc.stdout  # generous: the chunks last milliseconds


class _Suit(enum.IntEnum):
    CLUBS = 0


def test_int_enums_still_work(impl: ModuleType) -> None:
    ctx = ranked_context(_Suit.CLUBS, CLASSIC, DECK, impl)
    assert impl.Rng(_Suit.CLUBS).below(_Suit.CLUBS + 6) == core.backend("pure").Rng(0).below(6)
    assert impl.trick_winner(ctx, [_Suit.CLUBS + 5, 21]) == 0


# --------------------------------------------------------------- huge ints

HUGE = 10**5000  # its decimal text is longer than Python's int-to-text limit


def test_a_huge_int_is_refused_naming_the_argument(impl: ModuleType) -> None:
    """An int too long to print is refused in the argument's words, as any other bad int
    (its repr would raise the interpreter's own ValueError instead)."""
    m = impl
    ctx = ranked_context(0, CLASSIC, DECK, m)
    calls = {
        "hand": lambda: m.legal_plays(ctx, HUGE, (), 0),
        "flags": lambda: m.legal_plays(ctx, A, (), -HUGE),
        "leader": lambda: m.PlayState(ctx, (A, D), HUGE, 3),
        "depth": lambda: m.perft(ctx, [A, D], 0, [], 3, HUGE),
        "seed": lambda: m.Rng(HUGE),
        "card id": lambda: m.trick_winner(ctx, (HUGE,)),
        "trump": lambda: ranked_context(HUGE, CLASSIC, DECK, m),
        "order": lambda: ranked_context(0, [HUGE], DECK, m),
        "deck": lambda: ranked_context(0, CLASSIC, -HUGE, m),
    }
    for fragment, call in calls.items():
        with pytest.raises(ValueError) as info:
            call()
        message = str(info.value)
        assert fragment in message and "bits" in message and len(message) < 200, message


def test_a_huge_number_of_workers_is_refused_naming_workers() -> None:
    from ecarte import batch

    with pytest.raises(ValueError, match=r"workers must be an int >= 1, not -an int of \d+ bits"):
        batch.random_hands(10, seed=1, workers=-HUGE)
