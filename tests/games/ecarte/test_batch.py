"""ecarte.batch: the public batch API on the core (every test runs on each game backend,
through tests/conftest.py's live_backend)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from ecarte import ArgumentError, Card, CardSet, RankOrder, Rules, Suit, _core, batch
from ecarte.batch import HandOptions, Position, Solution
from ecarte.engine import backend
from ecarte.games.ecarte.rules import KingAnnouncement, PenaltyBeneficiary

SMALL = 50  # a chunk size for the tests, so that a few hundred hands span chunks


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> int:
    from ecarte.engine import batch as engine_batch

    monkeypatch.setattr(engine_batch, "CHUNK", SMALL)
    return SMALL


# ------------------------------------------------------------------ rules


def test_hand_options_follow_the_rules() -> None:
    classic = batch.hand_options()
    assert classic == HandOptions()
    spanish = batch.hand_options("spanish")
    assert (spanish.dealer_min_discard, spanish.vole_penalty) == (1, 3)
    assert spanish.penalty_to_dealer and spanish.penalty_every_refusal
    brazilian = batch.hand_options(Rules.preset("brazilian"))
    assert brazilian.order == (12, 11, 10, 9, 8, 7, 6, 5) and not brazilian.must_overtake
    swedish = batch.hand_options("swedish", packets=(2, 3))
    assert (swedish.elder_min_discard, swedish.deal_pattern) == (0, 23)
    assert swedish.penalty_every_refusal
    loose = Rules(must_trump=False, refusal_penalty_to=PenaltyBeneficiary.DEALER)
    assert batch.hand_options(loose).play_flags == _core.MUST_OVERTAKE
    # the king of trumps is scored automatically whatever the announcement rule says
    for announcement in KingAnnouncement:
        assert batch.hand_options(Rules(king_announcement=announcement)).king_points
    options = HandOptions(vole_penalty=3)
    assert batch.hand_options(options) == options


@pytest.mark.parametrize(
    ("rules", "packets"),
    [
        ("nope", (3, 2)),
        (42, (3, 2)),
        (None, (3, 3)),
        (None, [3, 2]),
        (None, (2, 3, 0)),
        (None, (3.0, 2)),
        (None, (2, 3.0)),
        (None, (True, 2)),
    ],
)
def test_hand_options_reject(rules: Any, packets: Any) -> None:
    with pytest.raises(ValueError):
        batch.hand_options(rules, packets=packets)


# ------------------------------------------------------------ random hands


def test_a_single_chunk_is_the_core_stream() -> None:
    options = batch.hand_options("spanish")
    assert batch.random_hands(300, 11, "spanish") == backend.module("ecarte.hands").random_hands(
        300, 11, options
    )
    assert batch.random_hand_results(40, 11) == backend.module("ecarte.hands").random_hand_results(
        40, 11
    )
    assert batch.random_solves(30, 11) == backend.module("ecarte.hands").random_solves(30, 11)


def test_chunks_are_defined_by_their_seeds(small_chunks: int) -> None:
    n, seed = 3 * small_chunks + 7, 2**64 - 1
    sizes = [small_chunks] * 3 + [7]
    results = batch.random_hand_results(n, seed, "brazilian")
    options = batch.hand_options("brazilian")
    want: list[Any] = []
    digest = None
    for k, size in enumerate(sizes):
        want += backend.module("ecarte.hands").random_hand_results(
            size, batch.chunk_seed(seed, k), options
        )
        d = (
            backend.module("ecarte.hands")
            .random_hands(size, batch.chunk_seed(seed, k), options)
            .digest
        )
        digest = d if digest is None else ((digest ^ d) * 0x100000001B3) % 2**64
    assert results == want
    totals = batch.random_hands(n, seed, "brazilian")
    assert totals.hands == n and totals.digest == digest
    assert totals.elder_points == sum(r.elder_points for r in results)
    assert totals.voles == sum(r.dealer_tricks == 5 or r.elder_tricks == 5 for r in results)
    assert totals.actions == sum(r.actions for r in results)


@pytest.mark.parametrize("workers", [2, 3, 8])
def test_workers_never_change_results(small_chunks: int, workers: int) -> None:
    n = 4 * small_chunks + 1
    assert batch.random_hands(n, 5, workers=workers) == batch.random_hands(n, 5)
    assert batch.random_hand_results(n, 5, workers=workers) == batch.random_hand_results(n, 5)
    m = small_chunks + 3
    assert batch.random_solves(m, 5, workers=workers) == batch.random_solves(m, 5)


def test_chunk_seeds() -> None:
    seeds = [batch.chunk_seed(1, k) for k in range(1000)]
    assert seeds[0] == 1 and len(set(seeds)) == 1000
    assert all(0 <= s < 2**64 for s in seeds)
    assert batch.chunk_seed(2**64 - 1, 3) == batch.chunk_seed(2**64 - 1, 3)
    with pytest.raises(ValueError, match="seed"):
        batch.chunk_seed(-1, 1)


def test_empty_batches() -> None:
    assert batch.random_hands(0, 1) == backend.module("ecarte.hands").random_hands(0, 1)
    assert batch.random_hand_results(0, 1) == []
    assert batch.random_solves(0, 1) == backend.module("ecarte.hands").random_solves(0, 1)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": -1}, "n must be"),
        ({"seed": 2**64}, "seed must be"),
        ({"workers": 0}, "workers"),
        ({"workers": True}, "workers"),
        ({"workers": 1.5}, "workers"),
        ({"rules": "nope"}, "preset"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    args = {"n": 3, "seed": 1, **kwargs}
    for fn in (batch.random_hands, batch.random_hand_results, batch.random_solves):
        with pytest.raises(ValueError, match=match):
            fn(**args)


def test_progress_bar_on_stderr(small_chunks: int, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    got = batch.random_hands(2 * small_chunks, 3, progress=True, workers=2)
    assert got == batch.random_hands(2 * small_chunks, 3)
    out, err = capsys.readouterr()
    assert out == "" and "random hands" in err
    batch.perft(_POSITION, 4, progress=True)
    assert "perft" in capsys.readouterr().err


# ---------------------------------------------------- positions: perft, solver

_POSITION = Position((CardSet.parse("K♥ 7♣ 8♣ A♠"), CardSet.parse("Q♥ 9♣ 10♦ 7♠")), Suit.HEARTS)
_ORDER = (11, 10, 9, 12, 8, 7, 6, 5)
_DECK = 0x1FE0_1FE0_1FE0_1FE0


def _ctx(trump: int) -> Any:
    return _core.ranked_context(trump, _ORDER, _DECK)


@pytest.mark.parametrize("workers", [1, 2])
def test_perft_matches_the_core(workers: int) -> None:
    hands = [int(h) for h in _POSITION.hands]
    for depth in range(0, 10):
        want = _core.perft(_ctx(2), hands, 0, [], 3, depth)
        assert batch.perft(_POSITION, depth, workers=workers) == want
    three = Position((0x1E0, 0x1C0 << 16, 0x1E0 << 32), None, 1, (21,))  # seat 1 led 7♦
    want = _core.perft(_ctx(-1), list(three.hands), 1, [21], 3, 9)
    assert batch.perft(three, 9, workers=workers) == want
    loose = Rules(must_overtake=False, must_trump=False, rank_order=RankOrder.ACE_HIGH)
    ace = _core.ranked_context(2, (12, 11, 10, 9, 8, 7, 6, 5), _DECK)
    assert batch.perft(_POSITION, 8, loose, workers=workers) == _core.perft(
        ace, [int(h) for h in _POSITION.hands], 0, [], 0, 8
    )


@pytest.mark.parametrize("positions", [5, None, 1.5])
def test_solve_batch_refuses_what_is_not_positions(positions: Any) -> None:
    """``solve_batch(5)`` raised Python's ``'int' object is not iterable``."""
    with pytest.raises(ArgumentError, match=r"^positions must be an iterable of Position") as info:
        batch.solve_batch(positions)
    assert isinstance(info.value, TypeError)


def test_solve_and_solve_batch() -> None:
    p = _POSITION
    tricks, card = _core.solve(_ctx(2), [int(h) for h in p.hands], 0, [], 3)
    assert batch.solve(p) == Solution(tricks, None if card < 0 else Card.from_id(card))
    mid = Position((p.hands[0].mask & ~(1 << 43), p.hands[1]), Suit.HEARTS, 0, (43,))
    positions = [p, p._replace(leader=1), p._replace(trump=None), mid]
    want = [batch.solve(q) for q in positions]
    assert batch.solve_batch(positions) == want
    assert batch.solve_batch(positions * 40, workers=3) == want * 40
    empty = Position((0, 0), Suit.CLUBS)
    assert batch.solve(empty) == Solution(0, None)


def test_solve_batch_workers_and_chunks(small_chunks: int) -> None:
    rng_positions = []
    for i in range(3 * small_chunks + 1):
        a = 1 << (5 + i % 8) | 1 << (21 + (i * 3) % 8)
        b = 1 << (37 + (i * 5) % 8) | 1 << (53 + (i * 7) % 8)
        rng_positions.append(Position((a, b), i % 4, i % 2))
    one = batch.solve_batch(rng_positions)
    assert batch.solve_batch(rng_positions, workers=4) == one
    assert one == [batch.solve(q) for q in rng_positions]


@pytest.mark.parametrize(
    ("position", "match"),
    [
        (Position((0x60, 0x60), Suit.CLUBS), "position 1: card ids"),
        (Position((0x60, 0x600000, 0x6000000000), Suit.CLUBS), "position 1: the double-dummy"),
        (Position((0x60, 0x600000), 4), "position 1: trump"),
        (Position((0x60, 0x600000), True), "position 1: trump"),
        (Position((0x60, 0x3), Suit.CLUBS), "position 1: a hand holds a card"),
        (Position(CardSet(0x60), Suit.CLUBS), "position 1: "),  # type: ignore[arg-type]
        ((0x60,), "position 1: not a Position"),
    ],
)
def test_solve_batch_names_the_bad_position(position: Any, match: str) -> None:
    good = Position((0x60, 0x600000), Suit.CLUBS)
    with pytest.raises(ValueError, match=match):
        batch.solve_batch([good, position, good])


def test_solve_and_perft_reject() -> None:
    with pytest.raises(ValueError, match="2 players"):
        batch.solve(Position((0x60, 0x600000, 0x6000000000), Suit.CLUBS))
    with pytest.raises(ValueError, match="perft depth"):
        batch.perft(_POSITION, 65)
    with pytest.raises(ValueError, match="workers"):
        batch.perft(_POSITION, 3, workers=0)
    with pytest.raises(ValueError, match="order"):
        batch.solve(_POSITION, HandOptions(order=(11, 12, 10, 9, 8, 7, 6, 5)))


# ------------------------------------------------------------------ Ctrl-C

_SIGINT = """
import os, signal, sys, threading, time
from ecarte import _core, batch
from ecarte.games.ecarte._pure_hands import HandOptions
from ecarte.engine import backend
from ecarte.games.ecarte._pure_hands import HandOptions
from ecarte.engine import backend
from ecarte.games.ecarte._pure_hands import HandOptions
from ecarte.engine import backend
_core.use_backend(sys.argv[1])
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores it
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    batch.random_hands(2**40, 1, workers=2)
except KeyboardInterrupt:
    print("KeyboardInterrupt after %.2f s" % (time.monotonic() - start))
"""


def test_ctrl_c_stops_a_batch_with_workers(live_backend: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _SIGINT, live_backend],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    words = proc.stdout.split()
    assert words[:1] == ["KeyboardInterrupt"], proc.stdout + proc.stderr[-2000:]
    assert float(words[2]) < 5.0
