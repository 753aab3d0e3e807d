"""Perft counts for fixed positions, kept in data/perft.txt; a per-move breakdown on mismatch."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import pytest

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

DATA = Path(__file__).parent / "data" / "perft.txt"


class Case(NamedTuple):
    name: str
    trump: int
    order: list[int]
    flags: int
    hands: list[int]
    leader: int
    trick: list[int]
    counts: dict[int, int]


def load() -> list[Case]:
    cases = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        f = [x.strip() for x in line.split("|")]
        cases.append(
            Case(
                f[0],
                int(f[1]),
                [int(x) for x in f[2].split(",")],
                int(f[3]),
                [int(x, 16) for x in f[4].split(",")],
                int(f[5]),
                [int(x) for x in f[6].split(",") if x],
                {int(d): int(n) for d, n in (p.split(":") for p in f[7].split())},
            )
        )
    return cases


def context(impl: ModuleType, case: Case) -> Any:
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, r in enumerate(case.order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = len(case.order) - i
    return impl.make_context(suit_of, power, case.trump)


def breakdown(impl: ModuleType, ctx: Any, case: Case, depth: int) -> str:
    """Per first move: the count below it (like ``divide`` in chess perft tools)."""
    np = len(case.hands)
    mover = (case.leader + len(case.trick)) % np
    legal = impl.legal_plays(ctx, case.hands[mover], case.trick, case.flags)
    lines = []
    for c in (c for c in range(64) if legal >> c & 1):
        hands = list(case.hands)
        hands[mover] &= ~(1 << c)
        trick = [*case.trick, c]
        leader = case.leader
        if len(trick) == np:
            leader = (leader + impl.trick_winner(ctx, trick)) % np
            trick = []
        n = impl.perft(ctx, hands, leader, trick, case.flags, depth - 1)
        lines.append(f"  card {c:2d}: {n}")
    return "\n".join(lines)


CASES = load()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft(impl: ModuleType, case: Case) -> None:
    ctx = context(impl, case)
    for depth, want in case.counts.items():
        got = impl.perft(ctx, case.hands, case.leader, case.trick, case.flags, depth)
        if got != want:
            pytest.fail(
                f"{case.name} depth {depth}: {got} != {want}\n" + breakdown(impl, ctx, case, depth),
                pytrace=False,
            )
