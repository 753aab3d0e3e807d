"""Pure twin of ``c/ec_eu_ismcts.c``: single-observer IS-MCTS for one decision of Euchre.

A :class:`Search` is given its determinizations as ``scripts``: for each world, the ids of
the current deal from its dealing on (the world's cards dealt, then the bids, the discard
and the cards played so far), replayed on a single deal of the rules (``deck``, ``flags``)
after ``dealer``. Iteration ``i`` plays in world ``i % len(scripts)``: it walks one tree
whose nodes are the decisions of the four seats as the deciding seat sees them, choosing
among the ids legal in the world by UCB1 on availability counts (the tree of
``ec_mcts.h``), adds one node and plays the deal out: bids by :func:`rule`, cards at random
until the hand to play holds ``solve`` cards or fewer, the rest double dummy. The utility is
the deal's points for the deciding seat's side less the other's; each node is scored for
the side of the seat that acted. The compiled ``_ismcts.Search`` does the same, step for
step, with the same tree for the same worlds and seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecarte._core._args import _bits
from ecarte._core._pure import Rng, mcts
from ecarte._core._pure.solvern import solve_n

from ._pure_machine import EuchreMachine, deal_points

__all__ = ["SCALE", "Search", "rule"]

SCALE = 4
"""Rewards (points) are divided by this in UCB1."""
MAX_DEPTH = 64
PH_BID, PH_BID2, PH_TAKE, PH_DISCARD, PH_ALONE, PH_PLAY, PH_OVER = 2, 3, 4, 5, 6, 7, 8
TEAMS = (0, 1, 0, 1)


def _trumps(m: EuchreMachine, hand: int, suit: int) -> int:
    ctx = m._t.ctx[suit]
    return (hand & ctx.suit_mask[suit]).bit_count()


def rule(m: EuchreMachine) -> int:
    """The rollout's id at a decision before the play: order up or name a suit with three
    trumps or more (the dealer counting the turned card; the stuck dealer names its
    longest), take up, play with the partner, discard the weakest card."""
    legal = m.legal_mask()
    n = m.deck
    p = m.to_act
    ph = m.phase
    pick = -1
    if ph == PH_BID:
        suit = m.upcard % 4
        k = _trumps(m, m.hand(p), suit) + (p == m.dealer)
        pick = n + 1 + suit if k >= 3 else n
    elif ph == PH_BID2:
        best, most = -1, -1
        for suit in range(4):
            if legal >> (n + 1 + suit) & 1:
                k = _trumps(m, m.hand(p), suit)
                if k > most:
                    most, best = k, suit
        pick = n + 1 + best if most >= 3 or not legal >> n & 1 else n
    elif ph == PH_TAKE:
        pick = n + 7
    elif ph == PH_ALONE:
        pick = n + 6
    elif ph == PH_DISCARD:
        ctx = m._t.ctx[m.trump]
        least = 1 << 30
        for i in _bits(legal):
            core = m._t.core_of[i]
            key = (64 if ctx.suit_of[core] == m.trump else 0) + ctx.power[core]
            if key < least:
                least, pick = key, i
    if pick < 0 or not legal >> pick & 1:
        pick = (legal & -legal).bit_length() - 1
    return pick


class Search(mcts.Tree):
    """One decision's tree over the worlds ``scripts`` (see the module), UCB1 with the
    exploration constant ``c``, the play solved from ``solve`` cards a hand."""

    def __init__(
        self,
        deck: int,
        flags: int,
        dealer: int,
        scripts: Sequence[Sequence[int]],
        seed: int,
        c: float = 0.7,
        solve: int = 2,
    ) -> None:
        if not scripts:
            raise ValueError("at least one world")
        if not 0 < c < 1e9:
            raise ValueError(f"c must be positive, not {c!r}")
        if not 0 <= solve <= 8:
            raise ValueError(f"solve must be 0..8, not {solve!r}")
        self.worlds: list[EuchreMachine] = []
        for k, script in enumerate(scripts):
            m = EuchreMachine(deck, flags, 0, 0, False)
            for i in (dealer, *script):
                if not m.legal_mask() >> i & 1:
                    raise ValueError(f"world {k}: id {i} is not legal")
                m.apply_id(i)
            self.worlds.append(m)
        first = self.worlds[0]
        if any(
            w.to_act != first.to_act or w.to_act < 0 or w.legal_mask() != first.legal_mask()
            for w in self.worlds
        ):
            raise ValueError("the worlds are not at the same decision")
        self.me = first.to_act
        super().__init__(c, Rng(seed))
        self.solve = solve

    def root(self, ids: Sequence[int]) -> tuple[list[int], list[int]]:
        """Each id's visits and sum of utilities (the deciding seat's points) at the root."""
        by_action = {ch.action: ch for ch in self.root_node.children}
        visits, totals = [], []
        for i in ids:
            ch = by_action.get(i)
            visits.append(ch.visits if ch else 0)
            totals.append(ch.total if ch else 0)
        return visits, totals

    def _solved(self, m: EuchreMachine) -> int:
        play = m._play
        assert play is not None
        na = play.nactive
        nt = play.nplayed % na
        trick = play._cards[play.nplayed - nt :] if nt else []
        leader = play._leaders[play.nplayed // na]
        r, _ = solve_n(m._t.ctx[m.trump], play.hands, leader, trick, play.flags, TEAMS, play.active)
        side = m.maker & 1
        left = 5 - play.nplayed // na
        won = play.won
        made = won[side] + won[side + 2] + (r if play.to_move & 1 == side else left - r)
        defenders = bool(m.alone & (0b1010 if side == 0 else 0b0101))
        makers, pts = deal_points(m.flags, made, bool(m.alone >> m.maker & 1), defenders)
        scorer = side if makers else 1 - side
        return pts if scorer == self.me & 1 else -pts

    def _rollout(self, m: EuchreMachine) -> int:
        while m.phase != PH_OVER:
            if m.phase == PH_PLAY:
                play = m._play
                assert play is not None
                if play.hand(play.to_move).bit_count() <= self.solve:
                    return self._solved(m)
                legal = _bits(m.legal_mask())
                m.apply_id(legal[self.rng.below(len(legal))])
            else:
                m.apply_id(rule(m))
        return m.returns_tuple[self.me]

    def _iterate(self) -> None:
        m = self.worlds[self.iterations % len(self.worlds)].copy()
        node = self.root_node
        path = [node]
        expanded = False
        while not expanded and len(path) < MAX_DEPTH and m.phase != PH_OVER:
            acts, mover = _bits(m.legal_mask()), m.to_act
            nxt, expanded = mcts.step(node, acts, mover, self.rng, self.c, SCALE)
            self.count += expanded
            m.apply_id(nxt.action)
            path.append(nxt)
            node = nxt
        u = self._rollout(m)
        mcts.backup(path, 0x5 << (self.me & 1), u, -u)  # the partners
        self.iterations += 1
