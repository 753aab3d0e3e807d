"""The core's four-hand groundwork (issue 11): ``PlayStateN`` (``ec_playn``), ``solve_n``
(``ec_solve_n``) and the random Euchre hands (``ec_euchre_hands``), on every backend.

The pure twin is the oracle of the compiled backends; a brute-force minimax written here
(every legal card, no pruning, no table) is the oracle of the solvers on small positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from helpers import (
    apply_on_every_state,
    deal_hands,
    euchre_hands_of,
    random_tables,
    refuse_on_every_state,
    states_agree,
    undo_every_state,
)

import ecarte._core as core
from ecarte._core._args import _next_active
from ecarte.engine import backend
from ecarte.games.euchre import _pure_hands as _pure_euchre_hands
from ecarte.games.euchre import batch as euchre_batch
from ecarte.games.euchre._pure_hands import EuchreOptions
from ecarte.games.euchre.tables import context_on

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

BACKENDS = core.backends()
PURE = BACKENDS["pure"]
EUCHRE = [s * 16 + r for s in range(4) for r in range(7, 13)]
PARTNERS = (0, 1, 0, 1)


def _bits(m: int) -> list[int]:
    return [c for c in range(64) if m >> c & 1]


# ------------------------------------------------------------------ PlayStateN


def _view(s: Any) -> tuple[Any, ...]:
    return (s.hands, s.cards, s.trick, s.tricks, s.won, s.to_move, s.leader, s.nplayed,
            s.over, s.flags, s.active, s.nactive, s.nplayers, s.legal(), s.position())  # fmt: skip


def _random_state_args(rng: random.Random) -> tuple[Any, ...]:
    suit_of, power, trump = random_tables(rng)
    deck = [c for c in range(64) if suit_of[c] >= 0]
    np = rng.randint(2, 4)
    active = (1 << np) - 1
    if np > 2 and rng.random() < 0.4:
        active &= ~(1 << rng.randrange(np))
    size = rng.randint(0, min(8, len(deck) // np))
    sizes = [size if active >> i & 1 else rng.randint(0, size) for i in range(np)]
    hands = deal_hands(rng, deck, sizes)
    leader = rng.choice([i for i in range(np) if active >> i & 1])
    return suit_of, power, trump, hands, leader, rng.randrange(8), active


def _walk(rng: random.Random, n_hands: int) -> int:
    steps = 0
    for _ in range(n_hands):
        suit_of, power, trump, hands, leader, flags, active = _random_state_args(rng)
        ctxs = {name: m.make_context(suit_of, power, trump) for name, m in BACKENDS.items()}
        states = {
            name: m.PlayStateN(ctxs[name], hands, leader, flags, active)
            for name, m in BACKENDS.items()
        }
        ref = states["pure"]
        nxt = _next_active(len(hands), active)
        while True:
            states_agree(states, _view, ctxs["pure"], flags)
            tricks = ref.tricks
            for i, (lead, *cards) in enumerate(tricks):
                assert len(cards) == ref.nactive
                win = lead
                for _ in range(PURE.trick_winner(ctxs["pure"], cards)):
                    win = nxt[win]
                assert win == (tricks[i + 1][0] if i + 1 < len(tricks) else ref.leader)
            assert sum(ref.won) == len(tricks)
            assert all(ref.won[i] == 0 for i in range(len(hands)) if not active >> i & 1)
            assert all(ref.hand(i) == hands[i] for i in range(len(hands)) if not active >> i & 1)
            if ref.over:
                assert ref.legal() == 0
                break
            legal = _bits(ref.legal())
            illegal = rng.choice([c for c in range(-1, 66) if c not in legal])
            refuse_on_every_state(states, illegal, _view)
            apply_on_every_state(states, rng.choice(legal), _view, rng, seat_bits=2)
            steps += 1
        undo_every_state(states, hands, leader, flags, active)
    return steps


def _two_hand_deals(
    impl: ModuleType, rng: random.Random, n: int
) -> Iterator[tuple[Any, int, list[int]]]:
    """``n`` deals of two hands of one random size on random tables: (the context on
    ``impl``, the size, the hands)."""
    for _ in range(n):
        suit_of, power, trump = random_tables(rng)
        deck = [c for c in range(64) if suit_of[c] >= 0]
        ctx = impl.make_context(suit_of, power, trump)
        size = rng.randint(0, 5)
        yield ctx, size, deal_hands(rng, deck, [size, size])


@pytest.mark.parametrize("seed", range(6))
def test_play_state_n_walks_agree_on_every_backend(seed: int) -> None:
    assert _walk(random.Random(seed), 80) > 0


def test_two_positions_play_as_play_state(impl: ModuleType) -> None:
    """A two-player PlayStateN is a PlayState: same legal cards, tricks and winners."""
    rng = random.Random(11)
    for ctx, _, hands in _two_hand_deals(impl, rng, 100):
        leader, flags = rng.randrange(2), rng.randrange(8)
        a, b = impl.PlayState(ctx, hands, leader, flags), impl.PlayStateN(ctx, hands, leader, flags)
        while not a.over:
            assert (a.legal(), a.to_move, a.won, a.leader, a.trick) == (
                b.legal(), b.to_move, b.won, b.leader, b.trick)  # fmt: skip
            card = rng.choice(_bits(a.legal()))
            assert a.apply(card) == b.apply_unchecked(card)
        assert b.over and a.won == b.won and a.tricks == b.tricks


def test_lone_hand_trick_by_trick(impl: ModuleType) -> None:
    ctx = context_on(impl, 0)  # clubs trumps
    club_a, diamond_a, heart_a, spade_j = 12, 28, 44, 57
    s = impl.PlayStateN(ctx, (1 << club_a, 1 << diamond_a, 1 << heart_a, 1 << spade_j), 1, 0,
                        active=0b1011)  # fmt: skip
    assert s.to_move == 1 and s.nactive == 3
    assert s.apply(diamond_a) == impl.PLAY_ON and s.to_move == 3  # position 2 sits out
    assert s.legal() == 1 << spade_j
    assert s.apply(spade_j) == impl.PLAY_ON and s.to_move == 0
    assert s.apply(club_a) == impl.PLAY_OVER  # the left bower is a trump: it wins
    assert s.won == (0, 0, 0, 1) and s.over and s.hand(2) == 1 << heart_a
    assert s.tricks == ((1, diamond_a, spade_j, club_a),) and s.leader == 3


def test_left_bower_follows_trumps(impl: ModuleType) -> None:
    """Hearts trumps: the jack of diamonds is a trump; a diamond lead does not take it, a
    trump lead forces it."""
    ctx = context_on(impl, 2)
    jd, qd, kh, ac = 16 + 9, 16 + 10, 32 + 11, 12
    hand = 1 << jd | 1 << ac
    s = impl.PlayStateN(ctx, (1 << qd | 1 << kh, hand, 1 << 7 | 1 << 8, 1 << 23 | 1 << 24), 0, 0)
    s.apply(qd)  # a diamond led: the left bower is no diamond, any card may go
    assert s.legal() == hand
    t = impl.PlayStateN(ctx, (1 << kh | 1 << qd, hand, 1 << 7 | 1 << 8, 1 << 23 | 1 << 24), 0, 0)
    t.apply(kh)  # a trump led: the left bower must follow
    assert t.legal() == 1 << jd


@pytest.mark.parametrize(
    "hands, leader, flags, active",
    [
        ((1 << 7,), 0, 0, None),  # one hand
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10, 1 << 11), 0, 0, None),  # five
        ((1 << 7, 1 << 7, 0, 0), 0, 0, 0b0011),  # a card in two hands
        ((1 << 7, 1 << 8 | 1 << 9, 1 << 10, 1 << 11), 0, 0, None),  # sizes differ
        ((1 << 7, 1 << 8, 1 << 10, 1 << 63), 0, 0, None),  # outside the deck
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 4, 0, None),  # leader
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 2, 0, 0b1011),  # the leader sits out
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 0, 8, None),  # flags
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 0, 0, 0b0001),  # one active position
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 0, 0, 0b10001),  # a position past the hands
        ((1 << 7, 1 << 8, 1 << 10, 1 << 11), 0, 0, True),  # not an int
        ((-1, 1 << 8), 0, 0, None),  # not a mask
        (0xFF, 0, 0, None),  # not a sequence
    ],
)
def test_bad_play_states_n(
    impl: ModuleType, hands: Any, leader: Any, flags: Any, active: Any
) -> None:
    ctx = context_on(impl, 0)
    with pytest.raises(ValueError) as exc:
        impl.PlayStateN(ctx, hands, leader, flags, active)
    with pytest.raises(ValueError) as ref:
        PURE.PlayStateN(context_on(PURE, 0), hands, leader, flags, active)
    assert str(exc.value) == str(ref.value)


def test_bad_plays_change_nothing(impl: ModuleType) -> None:
    ctx = context_on(impl, 1)
    hands = (1 << 7 | 1 << 8, 1 << 23 | 1 << 9, 1 << 39 | 1 << 40, 1 << 55 | 1 << 56)
    s = impl.PlayStateN(ctx, hands, 0, 0)
    before = s.copy()
    for card in (23, 0, 64, -1, 5.0, None):
        with pytest.raises(ValueError):
            s.apply(card)
        assert s == before
    with pytest.raises(ValueError):
        s.apply_unchecked(23)
    with pytest.raises(ValueError):
        s.hand(4)
    assert s.hand(1) == 1 << 23 | 1 << 9


# ------------------------------------------------------------------ solve_n


def brute_force(
    ctx: Any, hands: list[int], leader: int, trick: list[int], flags: int,
    teams: tuple[int, ...], active: int,
) -> tuple[int, int]:  # fmt: skip
    """The definition of ``solve_n``: minimax over every legal card, no pruning."""
    np = len(hands)
    nxt = _next_active(np, active)
    na = bin(active).count("1")
    mover = leader
    for _ in trick:
        mover = nxt[mover]
    side = teams[mover]

    def value(hands: list[int], leader: int, trick: list[int], c: int) -> int:
        m = leader
        for _ in trick:
            m = nxt[m]
        h = list(hands)
        h[m] &= ~(1 << c)
        t = [*trick, c]
        if len(t) < na:
            return rec(h, leader, t)
        w = leader
        for _ in range(PURE.trick_winner(ctx, t)):
            w = nxt[w]
        return (teams[w] == side) + rec(h, w, [])

    def rec(hands: list[int], leader: int, trick: list[int]) -> int:
        m = leader
        for _ in trick:
            m = nxt[m]
        if not hands[m]:
            return 0
        vals = [value(hands, leader, trick, c)
                for c in _bits(PURE.legal_plays(ctx, hands[m], trick, flags))]  # fmt: skip
        return max(vals) if teams[m] == side else min(vals)

    if not hands[mover]:
        return 0, -1
    vals = {c: value(hands, leader, trick, c)
            for c in _bits(PURE.legal_plays(ctx, hands[mover], trick, flags))}  # fmt: skip
    best = max(vals.values())
    return best, min(c for c, v in vals.items() if v == best)


def _euchre_position(
    rng: random.Random, size: int, lone: bool, ctx: Any
) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
    """A random Euchre position: ``size`` cards each, a random leader, maybe a lone
    player (its partner sits out), a random legal prefix of the first trick."""
    active = 15
    if lone:
        active &= ~(1 << rng.randrange(4))
    hands = deal_hands(rng, EUCHRE, [size] * 4)
    leader = rng.choice([p for p in range(4) if active >> p & 1])
    s = PURE.PlayStateN(ctx, hands, leader, 0, active)
    for _ in range(rng.randrange(bin(active).count("1"))):
        s.apply(rng.choice(_bits(s.legal())))
    hs, lead, trick = s.position()
    return hs, lead, trick, active


@pytest.mark.parametrize("seed", range(4))
def test_solve_n_is_the_brute_force_minimax(impl: ModuleType, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        if rng.random() < 0.6:  # Euchre, lone player or not
            trump = rng.randrange(4)
            pctx, ictx = context_on(PURE, trump), context_on(impl, trump)
            hands, leader, trick, active = _euchre_position(
                rng, rng.randint(1, 3), rng.random() < 0.4, pctx
            )
            np, flags = 4, rng.choice([0, 0, 1, 2, 6, 7])
            teams = PARTNERS if rng.random() < 0.8 else (0, 1, 2, 3)
        else:  # any table, 2 to 4 positions, any sides
            suit_of, power, trump, _, _, flags, _ = _random_state_args(rng)
            pctx, ictx = (
                PURE.make_context(suit_of, power, trump),
                impl.make_context(suit_of, power, trump),
            )
            np = rng.randint(2, 4)
            deck = [c for c in range(64) if suit_of[c] >= 0]
            sz = rng.randint(0, 3)
            hands_l = deal_hands(rng, deck, [sz] * np)
            active = (1 << np) - 1
            leader = rng.randrange(np)
            s = PURE.PlayStateN(pctx, hands_l, leader, flags, active)
            for _ in range(rng.randrange(np) if sz else 0):
                s.apply(rng.choice(_bits(s.legal())))
            hands, leader, trick = s.position()
            teams = tuple(rng.randrange(2) for _ in range(np))
        ref = brute_force(pctx, list(hands), leader, list(trick), flags, teams, active)
        assert impl.solve_n(ictx, hands, leader, trick, flags, teams, active) == ref


@pytest.mark.parametrize("seed", range(3))
def test_solve_n_last_two_tricks_are_the_brute_force_minimax(impl: ModuleType, seed: int) -> None:
    """Positions of two or three cards a hand without rule flags, where the solver searches
    the last two tricks plainly (no table, no ordering): the value and the move are the
    brute force's, and the pure twin's threshold searches say a number of tricks can be
    forced exactly when the value reaches it, partners or any sides, lone hand or not,
    also when the bounds of the last two tricks are kept across all the solves."""
    from ecarte._core._pure.solvern import solve_n_reached, solve_n_target

    rng = random.Random(300 + seed)
    ends: dict[int, tuple[int, int]] = {}
    for _ in range(80):
        trump = rng.randrange(4)
        pctx, ictx = context_on(PURE, trump), context_on(impl, trump)
        hands, leader, trick, active = _euchre_position(
            rng, rng.choice([2, 2, 3]), rng.random() < 0.4, pctx
        )
        teams = PARTNERS if rng.random() < 0.7 else tuple(rng.randrange(2) for _ in range(4))
        ref = brute_force(pctx, list(hands), leader, list(trick), 0, teams, active)
        assert impl.solve_n(ictx, hands, leader, trick, 0, teams, active) == ref
        position = (hands, leader, trick, 0, teams, active)
        for target in range(-1, 5):
            assert solve_n_target(pctx, target, *position) is (ref[0] >= target)
        want = sum(ref[0] >= t for t in (1, 2, 3))
        assert solve_n_reached(pctx, (1, 2, 3), *position) == want
        for targets in ((1, 2, 3), (2,), (1,), (3,)):
            got = solve_n_reached(pctx, targets, *position, ends=ends)
            assert got == sum(ref[0] >= t for t in targets)
    assert ends  # the searches met positions of two tricks left


@pytest.mark.parametrize("lone", [False, True])
def test_solve_n_agrees_with_pure_on_euchre_deals(lone: bool) -> None:
    rng = random.Random(100 + lone)
    compiled = {n: m for n, m in BACKENDS.items() if n != "pure"}
    for i in range(12):
        trump = rng.randrange(4)
        pctx = context_on(PURE, trump)
        hands, leader, trick, active = _euchre_position(rng, 5 if i % 2 else 4, lone, pctx)
        ref = PURE.solve_n(pctx, hands, leader, trick, 0, PARTNERS, active)
        for m in compiled.values():
            assert m.solve_n(context_on(m, trump), hands, leader, trick, 0, PARTNERS, active) == ref


@pytest.mark.skipif(len(BACKENDS) < 2, reason="no compiled backend")
def test_solve_n_compiled_backends_agree_on_many_deals() -> None:
    rng = random.Random(7)
    compiled = [m for n, m in BACKENDS.items() if n != "pure"]
    for i in range(300):
        trump = rng.randrange(4)
        hands, leader, trick, active = _euchre_position(rng, 5, i % 3 == 0, context_on(PURE, trump))
        results = {
            m.solve_n(context_on(m, trump), hands, leader, trick, 0, PARTNERS, active)
            for m in compiled
        }
        assert len(results) == 1
        value, card = results.pop()
        assert 0 <= value <= 5 and any(h >> card & 1 for h in hands)


def test_two_hands_solve_n_matches_solve(impl: ModuleType) -> None:
    """With two hands, solve_n's value is solve's (the move may be another equivalent
    card: solve_n names the lowest legal card id achieving the value)."""
    rng = random.Random(5)
    for ctx, size, hands in _two_hand_deals(impl, rng, 80):
        leader, flags = rng.randrange(2), rng.randrange(8) & 3
        trick: tuple[int, ...] = ()
        if size and rng.random() < 0.5:
            c = rng.choice(_bits(hands[leader]))
            hands[leader] &= ~(1 << c)
            trick = (c,)
        v, _ = impl.solve(ctx, hands, leader, trick, flags)
        assert impl.solve_n(ctx, hands, leader, trick, flags, (0, 1))[0] == v


@pytest.mark.parametrize(
    "hands, leader, trick, flags, teams, active",
    [
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (), 0, (0, 1, 0), None),  # teams too short
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (), 0, (0, 1, 0, 256), None),  # a team byte
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (), 0, 5, None),  # teams not a sequence
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (), 9, PARTNERS, None),  # flags
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (), 0, PARTNERS, 0b0100),  # the leader is out
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (11, 12, 23), 0, PARTNERS, 0b1011),  # trick long
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (7,), 0, PARTNERS, None),  # hand and trick
        ((1 << 7, 1 << 8, 1 << 9, 1 << 10), 0, (11,), 0, PARTNERS, None),  # sizes
        ((1 << 7, 1 << 7, 1 << 9, 1 << 10), 0, (), 0, PARTNERS, None),  # two hands
        ((0x1FF, 0x1FF << 16, 0x1FF << 32, 0x1FF << 48), 0, (), 0, PARTNERS, None),  # 9 cards
        ((1 << 7,), 0, (), 0, (0,), None),  # one hand
    ],
)
def test_bad_solve_n(impl: ModuleType, hands: Any, leader: Any, trick: Any, flags: Any,
                     teams: Any, active: Any) -> None:  # fmt: skip
    suit_of = [s if c & 15 < 9 else -1 for c in range(64) for s in [c >> 4]]  # 9 ranks a suit
    power = [c & 15 for c in range(64)]
    with pytest.raises(ValueError) as exc:
        impl.solve_n(
            impl.make_context(suit_of, power, 0), hands, leader, trick, flags, teams, active
        )
    with pytest.raises(ValueError) as ref:
        PURE.solve_n(
            PURE.make_context(suit_of, power, 0), hands, leader, trick, flags, teams, active
        )
    assert str(exc.value) == str(ref.value)


def test_play_state_position_solves(impl: ModuleType) -> None:
    """PlayStateN.position() feeds solve_n; playing the solver's card keeps the value."""
    rng = random.Random(9)
    for _ in range(20):
        trump = rng.randrange(4)
        ctx = context_on(impl, trump)
        active = 15 if rng.random() < 0.5 else 15 & ~(1 << rng.randrange(4))
        hands = deal_hands(rng, EUCHRE, [4] * 4)
        s = impl.PlayStateN(
            ctx, hands, rng.choice([p for p in range(4) if active >> p & 1]), 0, active
        )
        while not s.over:
            me = s.to_move
            v, card = impl.solve_n(ctx, *s.position(), 0, PARTNERS, s.active)
            before = sum(s.won[p] for p in range(4) if p % 2 == me % 2)
            s.apply(card)
            if s.over:
                assert sum(s.won[p] for p in range(4) if p % 2 == me % 2) - before == v
                break
            w, _ = impl.solve_n(ctx, *s.position(), 0, PARTNERS, s.active)
            # the value holds on: tricks taken, then what the side to move forces (or the
            # rest of the tricks not complete, less what the other side forces)
            got = sum(s.won[p] for p in range(4) if p % 2 == me % 2) - before
            rest = s.hand(s.to_move).bit_count()
            assert got + (w if s.to_move % 2 == me % 2 else rest - w) == v


# ------------------------------------------------------------------ random Euchre hands


@pytest.mark.parametrize("alone", [0, 1, 2])
def test_euchre_hands_agree_with_pure(impl: ModuleType, alone: int) -> None:
    opts = EuchreOptions(alone=alone)
    ref = euchre_hands_of(PURE).random_euchre_hands(3000, 12, opts)
    assert euchre_hands_of(impl).random_euchre_hands(3000, 12, opts) == ref
    results = euchre_hands_of(impl).random_euchre_hand_results(3000, 12, opts)
    assert results == euchre_hands_of(PURE).random_euchre_hand_results(3000, 12, opts)
    assert ref.hands == 3000 and ref.tricks0 + ref.tricks1 == 15000
    assert ref.alone == {0: 0, 1: 3000}.get(alone, ref.alone)
    assert sum(r.points0 + r.points1 for r in results) == ref.points0 + ref.points1


@pytest.mark.skipif(len(BACKENDS) < 2, reason="no compiled backend")
def test_euchre_hands_compiled_backends_agree_on_large_batches() -> None:
    compiled = [m for n, m in BACKENDS.items() if n != "pure"]
    for seed in range(3):
        opts = EuchreOptions(alone=2, play_flags=seed)
        assert (
            len({euchre_hands_of(m).random_euchre_hands(150_000, seed, opts) for m in compiled})
            == 1
        )


def test_euchre_hands_replay_through_play_state() -> None:
    """The pure twin's hands (identical to the C batch's) replayed through PlayStateN:
    every card legal, the same tricks, the scoring of RULES.md §3."""
    rng = PURE.Rng(3)
    ctxs = [context_on(PURE, t) for t in range(4)]
    opts = EuchreOptions(alone=2)
    for _ in range(400):
        trace: list[Any] = []
        r = _pure_euchre_hands._euchre_hand(opts, ctxs, rng, trace)
        (hands, active, leader), plays = trace[0], trace[1:]
        assert sum(h.bit_count() for h in hands) == 20 and len(plays) == 5 * bin(active).count("1")
        assert not any(hands[p] >> r.up & 1 for p in range(4) if p != r.dealer)
        assert leader == next(p for p in ((r.dealer + k) % 4 for k in (1, 2, 3)) if active >> p & 1)
        s = PURE.PlayStateN(ctxs[r.up >> 4], hands, leader, 0, active)
        for c in plays:
            s.apply(c)
        assert s.over
        tricks = [s.won[0] + s.won[2], s.won[1] + s.won[3]]
        assert (r.tricks0, r.tricks1) == tuple(tricks)
        makers = tricks[r.maker & 1]
        want = [0, 0]
        if makers >= 3:
            want[r.maker & 1] = (4 if r.alone else 2) if makers == 5 else 1
        else:
            want[1 - (r.maker & 1)] = 2
        assert (r.points0, r.points1) == tuple(want)
        assert active == (15 & ~(1 << (r.maker + 2) % 4) if r.alone else 15)


def test_euchre_deal_is_a_deal() -> None:
    rng = PURE.Rng(1)
    counts = [0] * 64
    for _ in range(2000):
        dealer = rng.below(4)
        hands, up = _pure_euchre_hands.euchre_deal(rng, dealer)
        assert [h.bit_count() for h in hands] == [5] * 4
        everything = hands[0] | hands[1] | hands[2] | hands[3] | 1 << up
        assert everything.bit_count() == 21 and all(c in EUCHRE for c in _bits(everything))
        counts[up] += 1
    assert all(40 < counts[c] < 130 for c in EUCHRE)  # ~83 each


def test_euchre_options_and_batch_arguments(impl: ModuleType) -> None:
    for opts in (EuchreOptions(alone=3), EuchreOptions(play_flags=8),
                 EuchreOptions(alone=True), "x"):  # fmt: skip
        with pytest.raises(ValueError):
            euchre_hands_of(impl).random_euchre_hands(10, 1, opts)
    for n, seed in ((-1, 1), (1, -1), (1.0, 1), (1, 2**64)):
        with pytest.raises(ValueError):
            euchre_hands_of(impl).random_euchre_hands(n, seed)
    assert euchre_hands_of(impl).random_euchre_hands(0, 1).hands == 0


def test_euchre_context_tables(impl: ModuleType) -> None:
    for trump in range(4):
        ctx = context_on(impl, trump)
        right, left = trump * 16 + 9, (3 - trump) * 16 + 9
        assert ctx.suit_of[left] == trump and ctx.trump == trump
        assert ctx.power[right] > ctx.power[left] > ctx.power[trump * 16 + 12]
        assert ctx.deck == sum(1 << c for c in EUCHRE)


def test_batch_random_euchre_hands() -> None:
    t = euchre_batch.random_euchre_hands(40_000, seed=4, alone=2, workers=2)
    assert t == euchre_batch.random_euchre_hands(40_000, seed=4, alone=2, workers=1)
    assert t.hands == 40_000 and t.tricks0 + t.tricks1 == 200_000
    small = euchre_batch.random_euchre_hands(500, seed=4)
    assert small == backend.module("euchre.hands").random_euchre_hands(
        500, 4
    )  # one chunk: the core's own stream
    with pytest.raises(ValueError):
        euchre_batch.random_euchre_hands(10, seed=1, alone=5)


def test_no_method_of_an_int_subclass_runs(impl: ModuleType) -> None:
    """The argument rules (docs/c-core.md): one ``operator.index`` conversion, then plain
    ints only; the spy int subclass of test_hostile must see none of its methods run."""
    from helpers import Spy as spy

    ctx = context_on(impl, 0)
    hands = deal_hands(random.Random(1), EUCHRE, [5] * 4)
    spy.calls.clear()
    state = impl.PlayStateN(ctx, [spy(h) for h in hands], spy(1), spy(0), spy(0b1011))
    card = _bits(state.legal())[0]
    state.apply(spy(card))
    state.try_apply(spy(64))
    hand = state.hand(spy(3))
    after = [h & ~(1 << card) for h in hands]
    value = impl.solve_n(ctx, [spy(h) for h in after], spy(1), [spy(card)], spy(0),
                         [spy(0), spy(1), spy(0), spy(1)], spy(0b1111))  # fmt: skip
    totals = euchre_hands_of(impl).random_euchre_hands(spy(5), spy(9), EuchreOptions(alone=spy(2)))
    assert spy.calls == []
    pctx = context_on(PURE, 0)
    assert value == PURE.solve_n(pctx, after, 1, [card], 0, PARTNERS, 15)
    assert hand == hands[3] and state.cards == (card,)
    assert totals == euchre_hands_of(PURE).random_euchre_hands(5, 9, EuchreOptions(alone=2))
    for v in (*state.hands, *state.won, state.to_move, state.active, hand, *value):
        assert type(v) is int
