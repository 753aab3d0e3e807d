"""Bad input raises ValueError with a message on every backend: never a crash."""

from __future__ import annotations

import enum
from types import ModuleType
from typing import Any

import pytest
from helpers import piquet_tables

import ecarte._core as core
from ecarte import UninitialisedError
from ecarte._core import ranked_context

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

CLASSIC = [11, 10, 9, 12, 8, 7, 6, 5]


@pytest.fixture
def ctx(impl: ModuleType) -> Any:
    return impl.make_context(*piquet_tables(CLASSIC, 1), 1)


def test_bad_context(impl: ModuleType) -> None:
    suit_of, power = piquet_tables(CLASSIC, 1)
    for args in (
        (suit_of[:10], power, 1),
        (suit_of, power, 4),
        (suit_of, power, -2),
        ([7] * 64, power, 1),
        (suit_of, [99] * 64, 1),
        (suit_of, [-1] * 64, 1),
        (suit_of, power, "x"),
    ):
        with pytest.raises(ValueError):
            impl.make_context(*args)


def test_bad_tricks(impl: ModuleType, ctx: Any) -> None:
    hand = 1 << 5 | 1 << 6
    for trick in ([64], [-1], [0], [21, 21], [21, 22, 23, 24], ["7c"], [2**70]):
        with pytest.raises(ValueError):
            impl.legal_plays(ctx, hand, trick, 3)
    for trick in ([], [21, 22, 23, 24, 25], [0], [21, 21], [21, 22, 23, 21], [3.5]):
        with pytest.raises(ValueError):
            impl.trick_winner(ctx, trick)


def test_bad_hands(impl: ModuleType, ctx: Any) -> None:
    for hand in (-1, 2**64, 1 << 0, 1.5, None):
        with pytest.raises(ValueError):
            impl.legal_plays(ctx, hand, [21], 3)
    with pytest.raises(ValueError, match="both in"):
        impl.legal_plays(ctx, 1 << 21, [21], 3)


def test_wrong_backend_context(impl: ModuleType) -> None:
    with pytest.raises(ValueError):
        impl.legal_plays(object(), 1 << 5, [], 3)


def test_bad_positions(impl: ModuleType, ctx: Any) -> None:
    a = 1 << 5 | 1 << 6
    b = 1 << 21 | 1 << 22
    cases: list[tuple[Any, ...]] = [
        ([a], 0, []),  # one player
        ([a, b, 1 << 7, 1 << 8, 1 << 9], 0, []),  # five players
        ([a, a], 0, []),  # the same card in two hands
        ([a, b | 1 << 0], 0, []),  # a card out of the deck
        ([a, b | 1 << 37], 0, []),  # sizes differ at the start of a trick
        ([a, b], 2, []),  # no such leader
        ([a, b], 0, [5]),  # trick card still in a hand
        ([a, b], 0, [7]),  # leader played but both hands have two cards
        ([a, b], 0, [7, 8]),  # a full trick is not in progress
        ([a, -1], 0, []),
    ]
    for hands, leader, trick in cases:
        with pytest.raises(ValueError):
            impl.perft(ctx, hands, leader, trick, 3, 2)
        with pytest.raises(ValueError):
            impl.solve(ctx, hands, leader, trick, 3)
    with pytest.raises(ValueError):
        impl.perft(ctx, [a, b], 0, [], 3, -1)
    with pytest.raises(ValueError):
        impl.solve(ctx, [a, b, 1 << 7 | 1 << 8], 0, [], 3)
    with pytest.raises(ValueError):
        impl.solve_batch([(ctx, [a, a], 0, [])], 3)


# Review fixes: every backend rejects the same input with ValueError (the rule of
# docs/c-core.md: an int is an int or an int subclass, never a bool; a sequence is a list or a
# tuple; anything else raises ValueError), and gives the same result on edge input.

A, D = 0x3E0, 0x3E00000  # clubs 7..J, diamonds 7..J: two five-card hands
DECK = 0x1FE0_1FE0_1FE0_1FE0


def _ranked(impl: ModuleType) -> Any:
    return ranked_context(0, CLASSIC, DECK, impl)


def test_flags_are_checked_everywhere(impl: ModuleType) -> None:
    ctx = _ranked(impl)
    for flags in (-1, 8, 0x3E0, 2**64, 2.0, None, True, "3"):
        with pytest.raises(ValueError, match="MUST_"):
            impl.legal_plays(ctx, A, [21], flags)
        with pytest.raises(ValueError, match="MUST_"):
            impl.perft(ctx, (A, D), 0, [], flags, 2)
        with pytest.raises(ValueError, match="MUST_"):
            impl.solve(ctx, (A, D), 0, [], flags)
        with pytest.raises(ValueError, match="MUST_"):
            impl.solve_batch([(ctx, (A, D), 0, [])], flags)
        with pytest.raises(ValueError, match="MUST_"):
            impl.PlayState(ctx, (A, D), 0, flags)


def test_perft_depth_bound(impl: ModuleType) -> None:
    ctx = _ranked(impl)
    for depth in (65, 10**6, -1, 2.0, True):
        with pytest.raises(ValueError, match=r"perft depth must be an int 0\.\.64"):
            impl.perft(ctx, (A, D), 0, [], 3, depth)
    pure = core.backend("pure")
    want = pure.perft(_ranked(pure), (A, D), 0, [], 3, 64)
    assert impl.perft(ctx, (A, D), 0, [], 3, 64) == want


def test_play_state_hand_position(impl: ModuleType) -> None:
    s = impl.PlayState(_ranked(impl), (A, D), 0, 3)
    assert (s.hand(0), s.hand(1)) == (A, D)
    for position in (2, -1, 2**70, True, 1.0, None):
        with pytest.raises(ValueError, match="position must be 0 or 1"):
            s.hand(position)


def test_pure_rejects_what_c_rejects(impl: ModuleType) -> None:
    ctx = _ranked(impl)
    for leader in (1.0, True, None):
        with pytest.raises(ValueError, match="leader"):
            impl.PlayState(ctx, (A, D), leader, 3)
    suit_of, power = piquet_tables(CLASSIC, 1)
    for bad in (-1.0, 1.0, True, None):
        with pytest.raises(ValueError, match="effective suit"):
            impl.make_context([bad, *suit_of[1:]], power, 0)
    for trump in (True, 1.0):
        with pytest.raises(ValueError, match="trump"):
            impl.make_context(suit_of, power, trump)
    with pytest.raises(ValueError):
        impl.legal_plays(ctx, True, [], 3)  # a bool is no mask


class _Suit(enum.IntEnum):
    CLUBS = 0
    HEARTS = 3


def test_int_subclasses_give_plain_ints(impl: ModuleType) -> None:
    suit_of, power = piquet_tables(CLASSIC, 1)
    ctx = impl.make_context([_Suit(s) if s in (0, 3) else s for s in suit_of], power, _Suit.HEARTS)
    assert type(ctx.trump) is int and ctx.trump == 3
    assert all(type(s) is int for s in ctx.suit_of)
    s = impl.PlayState(ctx, (A, D), _Suit.CLUBS, 3)
    assert type(s.to_move) is int and s.to_move == 0
    assert s.apply(_Suit.CLUBS + 5) == 0  # an IntEnum card id: plain int 5 played
    assert s.cards == (5,) and all(type(c) is int for c in s.cards)


@pytest.mark.parametrize(
    "bad", [None, 21, (c for c in [21]), iter([21]), {21}], ids=lambda b: type(b).__name__
)
def test_sequences_are_lists_or_tuples(impl: ModuleType, bad: object) -> None:
    ctx = _ranked(impl)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.legal_plays(ctx, A, bad, 3)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.trick_winner(ctx, bad)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.perft(ctx, (A, D), 0, bad, 3, 2)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.solve(ctx, bad, 0, [], 3)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.PlayState(ctx, bad, 0, 3)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.solve_batch(bad, 3)
    with pytest.raises(ValueError, match="list or a tuple"):
        impl.make_context(bad, [0] * 64, 0)
    with pytest.raises(ValueError, match="list or a tuple"):
        ranked_context(0, bad, DECK, impl)  # type: ignore[arg-type]


def test_solve_batch_positions(impl: ModuleType) -> None:
    ctx = _ranked(impl)
    for position in ((ctx, (A, D), 0), None, (c for c in (ctx, (A, D), 0, []))):
        with pytest.raises(ValueError, match="position 0"):
            impl.solve_batch([position], 3)
    pure = core.backend("pure")
    want = pure.solve_batch([(_ranked(pure), [A, D], 0, [])], 3)
    assert impl.solve_batch([[ctx, [A, D], 0, []]], 3) == want


@pytest.mark.parametrize(
    ("order", "deck"),
    [
        ([11, 10, -1], DECK),
        ([16, 10], DECK),
        ([11, 11, 10], DECK),
        ([11.0, 10], DECK),
        ([True, 10], DECK),
        (CLASSIC, -1),
        (CLASSIC, 2**64),
        (CLASSIC, 1.0),
        (CLASSIC, True),
    ],
    ids=repr,
)
def test_ranked_context_checks(impl: ModuleType, order: list[Any], deck: Any) -> None:
    with pytest.raises(ValueError, match=r"order|deck"):
        ranked_context(0, order, deck, impl)


def test_ranked_context_takes_a_backend_by_name_or_module(impl: ModuleType) -> None:
    """``backend="cython"`` (a name, as ``ecarte.BACKEND`` gives it) raised AttributeError
    from inside; a name is taken, and anything else is refused naming the argument."""
    name = next(n for n, m in core.backends().items() if m is impl)
    by_name = ranked_context(0, CLASSIC, DECK, name)
    assert type(by_name) is type(ranked_context(0, CLASSIC, DECK, impl))
    assert by_name.power == ranked_context(0, CLASSIC, DECK, impl).power
    for bad in ("nope", 5, None.__class__, "Cython"):
        with pytest.raises(ValueError, match=r"^(backend must be|unknown backend)"):
            ranked_context(0, CLASSIC, DECK, bad)


def _play_state_calls(state: Any) -> list[Any]:
    calls = [state.legal, state.copy, state.undo, lambda: state.apply(5)]
    calls += [lambda: state.try_apply(5), lambda: state.apply_unchecked(5), lambda: state.hand(0)]
    names = ("cards", "trick", "tricks", "won", "hands", "to_move", "over", "leader")
    calls += [lambda name=name: getattr(state, name) for name in names]
    return calls


def test_core_states_made_by_new_alone_are_refused(impl: ModuleType) -> None:
    # a play state, a context or a generator made by __new__ alone (no __init__) holds
    # nothing: every use raises UninitialisedError, on every backend
    context = getattr(impl, "Context", None) or impl.TrickContext
    for cls in (impl.PlayState, impl.PlayStateN):
        for call in _play_state_calls(cls.__new__(cls)):
            with pytest.raises(UninitialisedError, match="never initialised"):
                call()
    ctx = context.__new__(context)
    for name in ("deck", "suit_of", "power", "trump", "suit_mask", "above", "distinct"):
        with pytest.raises(UninitialisedError, match="never initialised"):
            getattr(ctx, name)
    with pytest.raises(UninitialisedError):
        impl.trick_winner(ctx, [5])
    with pytest.raises(UninitialisedError):
        impl.PlayState(ctx, (1 << 5, 1 << 6), 0, 0)
    rng = impl.Rng.__new__(impl.Rng)
    for call in (rng.next_u64, lambda: rng.below(6)):
        with pytest.raises(UninitialisedError, match="never initialised"):
            call()
    with pytest.raises(AttributeError):
        impl.Rng(1).no_such_attribute  # noqa: B018 - other names are plain AttributeErrors


def test_apply_unchecked_needs_a_held_card(impl: ModuleType) -> None:
    s = impl.PlayState(_ranked(impl), (A, D), 0, 3)
    for card in (21, 64, -1, 2**70, 5.0, True, 69):
        with pytest.raises(ValueError, match="apply_unchecked"):
            s.apply_unchecked(card)
    assert s.cards == () and s.hands == (A, D)
    for card in (5, 21, 6, 22, 7, 23, 8, 24, 9, 25):
        s.apply_unchecked(card)
    assert s.over
    with pytest.raises(ValueError, match="apply_unchecked"):
        s.apply_unchecked(5)
