"""Écarté's random hands in the core (``random_hands``, ``random_hand_results``,
``random_solves``): identical on every backend, the same streams across the chunks of the
compiled bindings, and bad arguments refused with a ValueError."""

from __future__ import annotations

import hashlib
from types import ModuleType
from typing import Any

import pytest
from helpers import hands_of

import ecarte._core as core
from ecarte._core import backends
from ecarte._core._args import MAX_BATCH
from ecarte.games.ecarte._pure_hands import HandOptions, HandTotals

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

BACKENDS = backends()
COMPILED = {k: v for k, v in BACKENDS.items() if k != "pure"}
PURE = BACKENDS["pure"]


OPTIONS = [
    HandOptions(),
    HandOptions(order=(12, 11, 10, 9, 8, 7, 6, 5), must_overtake=False, deal_pattern=23),
    HandOptions(
        elder_min_discard=0,
        dealer_min_discard=1,
        penalty_to_dealer=True,
        penalty_every_refusal=True,
        vole_penalty=3,
        must_trump=False,
        king_points=False,
    ),
]


@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_random_hands_identical(opt: int) -> None:
    """Every hand's result identical (digest), 4,000 hands per option set against pure."""
    options = OPTIONS[opt]
    ref = hands_of(PURE).random_hands(4000, 99 + opt, options)
    for m in COMPILED.values():
        assert hands_of(m).random_hands(4000, 99 + opt, options) == ref
        assert hands_of(m).random_hand_results(50, 7, options) == hands_of(
            PURE
        ).random_hand_results(50, 7, options)


def test_random_hands_compiled_agree_at_scale() -> None:
    totals = {hands_of(m).random_hands(200_000, 2024) for m in COMPILED.values()}
    assert len(totals) <= 1


def test_random_hands_sane(impl: ModuleType) -> None:
    n = 2000
    t = hands_of(impl).random_hands(n, 3)
    assert t.hands == n and t.dealer_tricks + t.elder_tricks == 5 * n
    for r in hands_of(impl).random_hand_results(n, 3):
        assert r.dealer_tricks + r.elder_tricks == 5
        assert 1 <= r.dealer_points + r.elder_points <= 5
        assert r.actions >= 11
    assert hands_of(impl).random_hands(0, 3).hands == 0


def test_random_solves_identical() -> None:
    ref = hands_of(PURE).random_solves(300, 11)
    for m in COMPILED.values():
        assert hands_of(m).random_solves(300, 11) == ref
    big = {hands_of(m).random_solves(20_000, 12).digest for m in COMPILED.values()}
    assert len(big) <= 1


# ------------------------------------------------------------------- batches in chunks


def test_chunked_batches_keep_the_streams(impl: ModuleType) -> None:
    """The values of the one-call C functions before the chunks (recorded from the build
    of ca55b21): the chunk boundaries (65,536 hands, 4,096 results and solves) do not
    show."""
    if impl.__name__.endswith("_pure"):
        pytest.skip("the pure twin plays one hand at a time (tests of its equality elsewhere)")
    assert hands_of(impl).random_hands(150_000, 2024) == HandTotals(
        150000, 156845, 126468, 373474, 376526, 25935, 49694, 2071256, 57860287278443852
    )
    options = HandOptions(order=(12, 11, 10, 9, 8, 7, 6, 5), must_overtake=False, deal_pattern=23)
    assert hands_of(impl).random_hands(70_000, 5, options).digest == 17358761341621621417
    results = hands_of(impl).random_hand_results(9_000, 3)
    assert hashlib.sha256(repr(results).encode()).hexdigest()[:16] == "4f039dcf74dadcfd"
    solves = hands_of(impl).random_solves(9_000, 5)
    assert (solves.digest, sum(solves.values), sum(solves.moves)) == (
        5499530604156647584,
        24133,
        150461,
    )
    pure = core.backend("pure")
    assert (
        results[4094:4098] == hands_of(pure).random_hand_results(4098, 3)[4094:]
    )  # across a chunk


# ----------------------------------------------------------------------- bad arguments


def test_bad_batch_arguments(impl: ModuleType) -> None:
    for n, seed in ((-1, 0), (1, -1), (1, 2**64), (1.5, 0)):
        with pytest.raises(ValueError):
            hands_of(impl).random_hands(n, seed)
    for options in (
        HandOptions(order=(1, 2, 3, 4, 5, 6, 7, 8)),
        HandOptions(elder_min_discard=6),
        HandOptions(deal_pattern=41),
        HandOptions(vole_penalty=10),
    ):
        with pytest.raises(ValueError):
            hands_of(impl).random_hands(1, 0, options)
        with pytest.raises(ValueError):
            hands_of(impl).random_solves(1, 0, options)
    with pytest.raises(ValueError):
        hands_of(impl).random_hands(1, 0, "classic")
    for seed in (-1, 2**64):
        with pytest.raises(ValueError):
            impl.Rng(seed)
    for n in (0, 2**32):
        with pytest.raises(ValueError):
            impl.Rng(1).below(n)


def test_batch_size_is_bounded(impl: ModuleType) -> None:
    # Cython used to overflow its allocation (2**61 + 1) and crash; cffi raised OverflowError,
    # pure looped for ever. A bad n is now caught first, before the seed and the options.
    h = hands_of(impl)
    for fn in (h.random_hands, h.random_hand_results, h.random_solves):
        for n in (MAX_BATCH + 1, 2**61 + 1, 2**64, True):
            with pytest.raises(ValueError, match=r"n must be an int 0\.\.2\*\*40"):
                fn(n, 1, "not options")
            with pytest.raises(ValueError, match=r"n must be an int 0\.\.2\*\*40"):
                fn(n, 1)
    assert MAX_BATCH == 2**40


@pytest.mark.parametrize(
    "field",
    [
        {"elder_min_discard": 1.5},
        {"dealer_min_discard": True},
        {"vole_penalty": 2.0},
        {"deal_pattern": 32.0},
        {"order": (12, 11, 10, 9, 8, 7, 6, 5.0)},
        {"penalty_to_dealer": 2},
        {"penalty_every_refusal": 5},
        {"king_points": 2},
        {"king_points": None},
        {"must_overtake": "no"},
        {"must_trump": 1},
    ],
    ids=repr,
)
def test_hand_options_types(impl: ModuleType, field: dict[str, Any]) -> None:
    options = HandOptions(**field)
    with pytest.raises(ValueError, match=next(iter(field))):
        options.check()
    with pytest.raises(ValueError, match=next(iter(field))):
        hands_of(impl).random_hands(20, 5, options)
    with pytest.raises(ValueError, match=next(iter(field))):
        hands_of(impl).random_solves(5, 5, options)
