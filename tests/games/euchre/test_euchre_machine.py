"""The Euchre machine: ec_euchre_game.c (through Cython) against its pure twin
(_pure_euchre.py), step for step, and the C driver's digest recomputed by the twin.

ECARTE_LONG=1 plays ten times as many games."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest
from helpers import build_c_driver
from test_pure_euchre import random_flags

import ecarte.games.euchre  # noqa: F401 - registers the Euchre machine
from ecarte import ArgumentError, IllegalActionError, RulesError
from ecarte._core._pure import Rng
from ecarte.engine import backend
from ecarte.games.euchre import EuchreRules
from ecarte.games.euchre._pure_machine import PH_PLAY
from ecarte.games.euchre._pure_machine import EuchreMachine as Pure

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

SCALE = 10 if os.environ.get("ECARTE_LONG", "") not in ("", "0") else 1
COMPILED = [n for n in backend.available("euchre.machine") if n == "cython"]
DECKS = (24, 25, 32)


def compiled() -> type:
    if not COMPILED:
        if os.environ.get("CI"):
            pytest.fail("CI: the Cython Euchre machine must be built")
        pytest.skip("the Cython Euchre machine is not built")
    return backend.module("euchre.machine", "cython").EuchreMachine  # type: ignore[no-any-return]


def state(m: object) -> tuple[object, ...]:
    """Everything the machine shows."""
    g: object = m
    return (
        g.legal_mask(),  # type: ignore[attr-defined]
        g.legal_action_ids(),  # type: ignore[attr-defined]
        *(
            getattr(g, name)
            for name in (
                "phase",
                "to_act",
                "is_over",
                "dealer",
                "upcard",
                "trump",
                "maker",
                "discard",
                "alone",
                "scores",
                "returns_tuple",
                "winner",
                "steps",
                "deals",
                "num_ids",
                "tricks_won",
                "sealed",
            )
        ),
        tuple(g.hand(s) for s in range(4)),  # type: ignore[attr-defined]
        g.bids(),  # type: ignore[attr-defined]
        g.played(),  # type: ignore[attr-defined]
        g.active(),  # type: ignore[attr-defined]
        g.draw(),  # type: ignore[attr-defined]
        g.history_ids(),  # type: ignore[attr-defined]
        g.history_auto(),  # type: ignore[attr-defined]
    )


def lockstep(c: object, p: object, rng: random.Random, *, undo_every: int = 0) -> int:
    """Drive both with the same ids to the end; return the steps."""
    steps = 0
    while True:
        s = state(c)
        assert s == state(p), (c.history_ids(), s, state(p))  # type: ignore[attr-defined]
        if c.is_over:  # type: ignore[attr-defined]
            return steps
        probe = rng.randrange(-2, c.num_ids + 3)  # type: ignore[attr-defined]
        if probe not in s[1]:
            for m in (c, p):
                with pytest.raises(IllegalActionError):
                    m.apply_id(probe)  # type: ignore[attr-defined]
            assert state(c) == state(p) == s
        if undo_every and steps % undo_every == undo_every - 1:
            undone = []
            for m in (c, p):
                try:
                    m.undo()  # type: ignore[attr-defined]
                    undone.append(True)
                except IllegalActionError:  # nothing the caller did yet
                    undone.append(False)
            assert undone[0] == undone[1]
            assert state(c) == state(p)
        if c.to_act == -1 and rng.random() < 0.5:  # type: ignore[attr-defined]
            assert c.chance() == p.chance()  # type: ignore[attr-defined]
        else:
            ids = c.legal_action_ids()  # type: ignore[attr-defined]
            i = ids[rng.randrange(len(ids))]
            c.apply_id(i)  # type: ignore[attr-defined]
            p.apply_id(i)  # type: ignore[attr-defined]
        steps += 1


def test_the_c_machine_and_the_pure_twin_agree_step_for_step() -> None:
    cls = compiled()
    rng = random.Random(2026)
    total = 0
    for k in range(600 * SCALE):
        args = (DECKS[k % 3], random_flags(rng), rng.choice((0, 0, 10, 3)), rng.getrandbits(64))
        auto = rng.random() < 0.5
        c, p = cls(*args, auto_chance=auto), Pure(*args, auto_chance=auto)
        total += lockstep(c, p, rng, undo_every=rng.choice((0, 0, 7, 13)))
        # copies, replays and restored histories of the finished game agree too
        ids, autos = c.history_ids(), c.history_auto()
        assert state(c.copy()) == state(p.copy()) == state(c)
        assert state(cls.replay(ids, *args)) == state(Pure.replay(ids, *args))
        r, q = cls(*args, auto_chance=False), Pure(*args, auto_chance=False)
        r.restore_history(ids, autos, len(ids) // 2)
        q.restore_history(ids, autos, len(ids) // 2)
        assert state(r) == state(q)
    assert total > 20_000 * SCALE


def test_anyone_alone_the_c_machine_and_the_twin_agree_and_the_partner_goes_alone() -> None:
    """Random games with ANYONE_ALONE (and lone defenders) on, going alone often: every
    step equal, and deals met where the maker's partner, or both sides, play alone."""
    cls = compiled()
    rng = random.Random(4)
    seen = set()
    for k in range(300 * SCALE):
        flags = rng.randrange(256) | Pure.ANYONE_ALONE | Pure.LONE_DEFENDER
        args = (DECKS[k % 3], flags, rng.choice((0, 10)), rng.getrandbits(64))
        c, p = cls(*args), Pure(*args)
        while not c.is_over:
            assert state(c) == state(p)
            ids = c.legal_action_ids()
            alone = c.num_ids - 4  # n + 5
            i = alone if alone in ids and rng.random() < 0.4 else rng.choice(ids)
            c.apply_id(i)
            p.apply_id(i)
            if c.phase == PH_PLAY and not c.played():
                side = c.maker & 1
                lone = [s for s in range(4) if c.alone >> s & 1]
                partner = (c.maker + 2) & 3 in lone
                seen.add((partner, any(s & 1 != side for s in lone)))
        assert state(c) == state(p)
    assert seen >= {(True, False), (True, True)}


def test_both_refuse_the_same_arguments() -> None:
    cls = compiled()
    for bad in (
        {"deck": 23},
        {"deck": True},
        {"flags": 256},
        {"flags": -1},
        {"target": 1001},
        {"seed": -1},
        {"seed": 1 << 64},
        {"seed": 1.0},
    ):
        for m in (cls, Pure):
            with pytest.raises(ArgumentError):
                m(**bad)


def test_both_refuse_anyone_alone_without_lone_defenders_as_the_rules_do() -> None:
    with pytest.raises(RulesError, match="anyone_alone needs allow_lone_defender"):
        EuchreRules(anyone_alone=True)
    cls = compiled()
    games = [backend.module("euchre.machine", n).random_games for n in ("cython", "pure")]
    for flags in (Pure.ANYONE_ALONE, Pure.ANYONE_ALONE | Pure.STICK, 255 & ~Pure.LONE_DEFENDER):
        for m in (cls, Pure):
            with pytest.raises(RulesError, match="ANYONE_ALONE needs LONE_DEFENDER"):
                m(flags=flags)
            with pytest.raises(RulesError, match="ANYONE_ALONE needs LONE_DEFENDER"):
                m.replay([], flags=flags, seed=1)
        for random_games in games:
            with pytest.raises(RulesError, match="ANYONE_ALONE needs LONE_DEFENDER"):
                random_games(24, flags, 0, 1, 5)
    both = Pure.ANYONE_ALONE | Pure.LONE_DEFENDER
    assert cls(flags=both).flags == Pure(flags=both).flags == both


def test_a_corrupt_history_is_refused_and_changes_nothing() -> None:
    cls = compiled()
    g = cls(25, 127, 10, 5)
    while not g.is_over:
        g.apply_id(g.legal_action_ids()[0])
    ids, autos = g.history_ids(), g.history_auto()
    for m in (cls, Pure):
        bad = list(ids)
        k = next(i for i, a in enumerate(autos) if a and i > 5)
        bad[k] = (bad[k] + 1) % 25  # not the outcome the seed draws (or not legal)
        fresh = m(25, 127, 10, 5, auto_chance=False)
        before = state(fresh)
        with pytest.raises(IllegalActionError, match=f"history record {k}"):
            fresh.restore_history(bad, autos, 0)
        assert state(fresh) == before


def driver_digest(n: int, seed: int) -> tuple[int, int]:
    """What benches/c/euchre.c games prints, recomputed with the pure twin."""
    digest = 0xCBF29CE484222325
    steps = 0

    def fnv(h: int, v: int) -> int:
        return ((h ^ v) * 0x100000001B3) & (2**64 - 1)

    for i in range(n):
        rng = Rng(seed ^ i)
        deck = DECKS[rng.below(3)]
        flags = rng.below(256)
        flags |= Pure.LONE_DEFENDER if flags & Pure.ANYONE_ALONE else 0
        target = rng.below(2) * 10
        g = Pure(deck, flags, target, rng.next_u64(), auto_chance=False)
        while not g.is_over:
            legal = g.legal_mask()
            rng.below(deck + 11)  # the driver's probe of an illegal id
            if g.to_act == -1:
                i_ = g.chance()
            else:
                ids = g.legal_action_ids()
                i_ = ids[rng.below(len(ids))]
                assert legal >> i_ & 1
                g.apply_id(i_)
            digest = fnv(digest, i_)
            steps += 1
        digest = fnv(digest, g.scores[0] << 16 | g.scores[1])
        for r in g.returns_tuple:
            digest = fnv(digest, r & 0xFF)
    return digest, steps


def test_the_c_driver_digest_matches_the_pure_twin(tmp_path: Path) -> None:
    exe = build_c_driver("euchre", "euchre", tmp_path)
    n = 150 * SCALE
    out = subprocess.run(
        [str(exe), "games", str(n), "11"], check=True, capture_output=True, text=True
    ).stdout.split()
    fields = dict(zip(out[::2], out[1::2], strict=True))
    assert fields["bad"] == "0"
    assert (int(fields["digest"], 16), int(fields["steps"])) == driver_digest(n, 11)


def test_random_games_in_c_are_the_pure_twins() -> None:
    compiled()
    c = backend.module("euchre.machine", "cython").random_games
    p = backend.module("euchre.machine", "pure").random_games
    rng = random.Random(9)
    for k in range(12 * SCALE):
        args = (DECKS[k % 3], random_flags(rng), rng.choice((0, 10)), rng.getrandbits(64), 40)
        assert c(*args) == p(*args)
    t = c(24, 0, 0, 1, 5000)  # no stick the dealer: some deals are all passes
    assert t.games == 5000 and t.deals == 5000 and t.points[0] + t.points[1] == 0
    assert sum(t.wins) < 5000  # all-pass deals score nobody
    for bad in ((23, 0, 0, 1, 1), (24, 256, 0, 1, 1), (24, 0, -1, 1, 1), (24, 0, 0, -1, 1)):
        for fn in (c, p):
            with pytest.raises(ArgumentError):
                fn(*bad)


@pytest.mark.parametrize("deck", DECKS)
def test_the_machines_tables_are_the_public_euchre_contexts(deck: int) -> None:
    """ec_eu_tables_init (in C) and euchre_tables (in Python) rank every deck alike: the
    winners of random tricks agree, and solve_n plays positions of every deck."""
    from ecarte.games.euchre import euchre_context
    from ecarte.tricks import legal_plays, solve_n, trick_winner

    rng = random.Random(deck)
    machines = [compiled()(deck), Pure(deck)]
    cards = [machines[0].core_card(i) for i in range(deck)]
    for trump in range(4):
        ctx = euchre_context(trump, deck=deck)
        for _ in range(300):
            trick = rng.sample(cards, rng.randint(1, 4))
            want = trick_winner(ctx, tuple(trick))
            assert [m.trick_winner(trump, trick) for m in machines] == [want, want]
        hands = [0, 0, 0, 0]
        for k, c in enumerate(rng.sample(cards, 20)):
            hands[k % 4] |= 1 << c
        tricks, best = solve_n(ctx, hands, 0, (), 0, (0, 1, 0, 1))
        assert 0 <= tricks <= 5 and legal_plays(ctx, hands[0], (), 0) >> best & 1
