"""Pure twin of ``c/ec_ismcts.c``: single-observer IS-MCTS for one decision of Écarté.

A :class:`Search` asks the PIMC query (:class:`~._pure_pimc.Query`, what the deciding seat
saw) and plays its iterations in the worlds of the PIMC sampler (:func:`~._pure_pimc.worlds`,
iteration ``i`` in world ``i % nworlds``). Each iteration walks one tree whose nodes are the
decisions of both seats as the deciding seat sees them (propose or play, accept or refuse,
each card; the root's options, a discard among them), choosing among the actions legal in
the world by UCB1 on availability counts (Cowling, Powley and Whitehouse 2012), adds one
node, plays the hand out from it as PIMC plays a world (the model's exchanges, the tricks
double dummy) and backs the utility up, each node scored for the seat that acted there.
Discards after the root are the model's. The compiled ``_pimc.Search`` does the same, step
for step, with the same tree for the same seed.

>>> from ecarte._cards import Card, CardSet, Suit
>>> from ._pure_pimc import PLAY_OPTION, PROPOSE_OPTION, query, unknown
>>> hand = CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣").mask
>>> q = query(hand=hand, pool=unknown(hand, Card.parse("8♠").id), trump=Suit.SPADES)
>>> s = Search(q, (PROPOSE_OPTION, PLAY_OPTION), seed=1, nworlds=40)
>>> s.run(40)
>>> visits, totals = s.root()
>>> sum(visits), visits[PROPOSE_OPTION] > visits[PLAY_OPTION]  # no court card: propose
(40, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ecarte import _core
from ecarte._core._args import _bits
from ecarte._core._pure import mcts

from ._pure_pimc import (
    DEALER_DISCARD,
    ELDER_DISCARD,
    PLAY,
    PLAY_OPTION,
    PLAY_THRESHOLD,
    PROPOSE,
    REFUSE_OPTION,
    REFUSE_THRESHOLD,
    RESPOND,
    WIN,
    Query,
    _Env,
    _Hand,
    check_options,
    likely,
    model_discard,
    worlds,
)

__all__ = ["POINTS_SCALE", "Search"]

END = 5
"""The hand is over (after the phases)."""
MAX_DEPTH = 96
POINTS_SCALE = 4
"""The points objective's rewards are divided by this in UCB1 (the game's by ``WIN``)."""
_M64 = (1 << 64) - 1


class _Sim(_Hand):
    """A hand in one world, from the decision on (a :class:`_Hand` with its play)."""

    __slots__ = ("claims", "leader", "len", "ntrick", "phase", "trick", "won")

    def __init__(self, env: _Env, opp: int, stock: tuple[int, ...]) -> None:
        q = env.q
        super().__init__(q, opp, stock)
        self.len = 0 if q.phase == PLAY else q.stock_size
        self.phase = q.phase
        self.leader = self.ntrick = 0
        self.trick = [0, 0]
        self.won = [0, 0]
        self.claims: list[tuple[int, int]] = []
        if q.phase == PLAY:
            self.leader = q.leader
            self.ntrick = len(q.trick)
            self.trick[0] = q.trick[0] if q.trick else 0
            self.won = list(q.won)
            if q.opp_king and opp >> env.king & 1:
                self.claims.append((1 - q.me, 1))

    def start_play(self, env: _Env) -> None:
        self.claims += [(pos, 1) for pos in (0, 1) if self.held[pos] >> env.king & 1]
        self.phase = PLAY
        self.leader = self.ntrick = 0
        self.won = [0, 0]

    def model_discard(self, env: _Env, pos: int, least: int) -> None:
        most = min(5, self.len - self.top)
        lo = min(least, most)
        self.discard(pos, model_discard(env.q.rules, self.held[pos], env.q.trump, lo, most))

    def apply(self, env: _Env, action: int) -> None:
        """Take the action of the position to move."""
        r = env.q.rules
        if self.phase == PROPOSE:
            if action == PLAY_OPTION:
                self.alone = int(self.exchanges == 0)
                self.start_play(env)
            else:
                self.phase = RESPOND
        elif self.phase == RESPOND:
            if action == REFUSE_OPTION:
                self.refusal = int(self.exchanges == 0 or r.penalty_every_refusal != 0)
                self.start_play(env)
            else:
                self.phase = ELDER_DISCARD
        elif self.phase == ELDER_DISCARD:
            self.discard(0, action)
            self.phase = DEALER_DISCARD
        elif self.phase == DEALER_DISCARD:
            self.discard(1, action)
            self.exchanges += 1
            self.phase = PROPOSE
        else:
            mover = (self.leader + self.ntrick) % 2
            self.held[mover] &= ~(1 << action)
            self.trick[self.ntrick] = action
            self.ntrick += 1
            if self.ntrick == 2:
                self.leader ^= _core.trick_winner(env.ctx, self.trick)
                self.won[self.leader] += 1
                self.ntrick = 0
                if not self.held[0] and not self.held[1]:
                    self.phase = END

    def advance(self, env: _Env) -> None:
        """The steps that are nobody's choice (a play forced by the rules, the model's
        discards after the root), up to a decision or the end of the hand."""
        r = env.q.rules
        while True:
            if self.phase == PROPOSE:
                idle = self.ndiscards >= 2 and self.last == 0 and self.before_last == 0
                if not idle and self.len - self.top >= max(1, r.elder_min_discard):
                    return
                self.alone = int(self.exchanges == 0)
                self.start_play(env)
                return
            if self.phase == ELDER_DISCARD:
                self.model_discard(env, 0, r.elder_min_discard)
                self.phase = DEALER_DISCARD
            elif self.phase == DEALER_DISCARD:
                self.model_discard(env, 1, r.dealer_min_discard)
                self.exchanges += 1
                self.phase = PROPOSE
            else:
                return

    def actions(self, env: _Env) -> tuple[list[int], int]:
        """The actions of the position to move (ascending cards in the play), and it."""
        if self.phase in (PROPOSE, RESPOND):
            return [0, 1], 0 if self.phase == PROPOSE else 1
        mover = (self.leader + self.ntrick) % 2
        trick = self.trick[: self.ntrick]
        legal = _core.legal_plays(env.ctx, self.held[mover], trick, env.flags)
        return _bits(legal), mover

    def rollout(self, env: _Env) -> int:
        """The hand played out as PIMC plays a world: the deciding seat's utility."""
        q = env.q
        while True:
            self.advance(env)
            if self.phase == PROPOSE:
                self.apply(env, int(likely(q.rules, self.held[0], q.trump) >= PLAY_THRESHOLD))
            elif self.phase == RESPOND:
                self.apply(env, int(likely(q.rules, self.held[1], q.trump) >= REFUSE_THRESHOLD))
            else:
                break
        if self.phase == END:
            elder = self.won[0]
        else:
            trick = tuple(self.trick[: self.ntrick])
            elder = env.elder_tricks(self.held, self.leader, trick, self.won)
        claims = [*self.claims, env.tricks_claim(elder, self.alone, self.refusal)]
        return env.utility(claims)


class Search(mcts.Tree):
    """One decision's tree: ``nworlds`` worlds drawn from ``seed`` (``pool_factor``
    candidates each under inference), UCB1 with the exploration constant ``c``.
    :meth:`run` adds iterations, :meth:`root` reads the options' statistics."""

    def __init__(
        self,
        q: Query,
        options: Sequence[int],
        seed: int,
        nworlds: int,
        pool_factor: int = 4,
        c: float = 0.7,
    ) -> None:
        if not 0 < c < 1e9:
            raise ValueError(f"c must be positive, not {c!r}")
        self.env = _Env(q)
        check_options(q, options, self.env)
        if len(set(options)) != len(options):
            raise ValueError("options: each once")
        self.worlds = worlds(q, seed, nworlds, pool_factor)
        self.options = tuple(options)
        super().__init__(c, _core.Rng(~seed & _M64))

    def determinizations(self) -> list[tuple[int, tuple[int, ...]]]:
        """The worlds the iterations play in, in turn: ``(opponent's hand, stock)``."""
        return list(self.worlds)

    def root(self) -> tuple[list[int], list[int]]:
        """Each option's visits and its sum of utilities for the deciding seat."""
        by_action = {ch.action: ch for ch in self.root_node.children}
        visits, totals = [], []
        for o in self.options:
            ch = by_action.get(o)
            visits.append(ch.visits if ch else 0)
            totals.append(ch.total if ch else 0)
        return visits, totals

    def _iterate(self) -> None:
        env, q = self.env, self.env.q
        opp, stock = self.worlds[self.iterations % len(self.worlds)]
        s = _Sim(env, opp, stock)
        node = self.root_node
        path = [node]
        scale = WIN if q.utility is not None else POINTS_SCALE
        expanded = False
        while not expanded and len(path) < MAX_DEPTH:
            if node is self.root_node:
                acts, mover = list(self.options), q.me
            else:
                s.advance(env)
                if s.phase == END:
                    break
                acts, mover = s.actions(env)
            nxt, expanded = mcts.step(node, acts, mover, self.rng, self.c, scale)
            self.count += expanded
            s.apply(env, nxt.action)
            path.append(nxt)
            node = nxt
        u = s.rollout(env)
        mcts.backup(path, 1 << q.me, u, WIN - u if q.utility is not None else -u)
        self.iterations += 1
