"""The twin of ``ec_mcts.h``: the tree of single-observer IS-MCTS shared by the games'
searches. A game walks the tree in a determinization of its own, asks :func:`step` at
each decision with the actions legal in that world, applies the action of the node
returned, plays the rest out and backs its utility up along the path (:func:`backup`)."""

from __future__ import annotations

import math
from typing import Protocol

ROOT_MOVER = 255
"""The root's mover: nobody acted to reach it."""


class _Below(Protocol):
    def below(self, n: int) -> int: ...


class Node:
    """A node: the action that leads to it, the position that took it, the sum of the
    utilities for that position, its visits, and the iterations in which its action was
    legal at the parent; children in the order they were added."""

    __slots__ = ("action", "avail", "children", "mover", "total", "visits")

    def __init__(self, action: int, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.total = 0
        self.visits = 0
        self.avail = 1
        self.children: list[Node] = []


class Tree:
    """A decision's search: the root, the count of nodes and of iterations, UCB1's
    exploration constant and the search's random generator; a game's search adds
    :meth:`_iterate`, one iteration in the next world."""

    def __init__(self, c: float, rng: _Below) -> None:
        self.c = float(c)
        self.rng = rng
        self.root_node = Node(0, ROOT_MOVER)
        self.iterations = 0
        self.count = 1

    def run(self, n: int) -> None:
        """Run ``n`` more iterations."""
        if n < 0:
            raise ValueError(f"iterations must be >= 0, not {n}")
        for _ in range(n):
            self._iterate()

    def _iterate(self) -> None:
        raise NotImplementedError


def step(
    node: Node, actions: list[int], mover: int, rng: _Below, c: float, scale: float
) -> tuple[Node, bool]:
    """The child to walk to from ``node`` in a world where ``actions`` are legal and
    ``mover`` acts, and whether it was just added (the walk then stops). Every legal
    child counts one more availability; if some legal action has no child, one of them
    (``rng.below(untried)``-th in the order of ``actions``) gets a new node; otherwise the
    legal child of the highest ``total / (visits * scale) + c * sqrt(ln(avail) / visits)``
    (the first in child order on a tie)."""
    by_action = {ch.action: ch for ch in node.children}
    untried = []
    for a in actions:
        ch = by_action.get(a)
        if ch is None:
            untried.append(a)
        else:
            ch.avail += 1
    if untried:
        new = Node(untried[rng.below(len(untried))], mover)
        node.children.append(new)
        return new, True
    legal = set(actions)
    best: Node | None = None
    best_score = 0.0
    for ch in node.children:
        if ch.action not in legal:
            continue
        mean = ch.total / (ch.visits * scale)
        score = mean + c * math.sqrt(math.log(ch.avail) / ch.visits)
        if best is None or score > best_score:
            best, best_score = ch, score
    assert best is not None
    return best, False


def backup(path: list[Node], side: int, u: int, other: int) -> None:
    """Back an iteration's utility up ``path`` (the root first): each node counts one more
    visit and adds ``u`` when its mover is in the mask ``side`` (the seats that share the
    deciding seat's utility), ``other`` when it is not (nothing at the root)."""
    for nd in path:
        nd.visits += 1
        if nd.mover != ROOT_MOVER:
            nd.total += u if side >> nd.mover & 1 else other
