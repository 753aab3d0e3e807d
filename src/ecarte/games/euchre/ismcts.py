"""An IS-MCTS player for Euchre: one tree over the decisions of the four seats, searched in
the worlds the PIMC player samples.

Information Set Monte Carlo Tree Search (single observer; Cowling, Powley and Whitehouse
2012): every iteration walks one tree whose nodes are the decisions as the deciding seat
sees them (bids, taking up, the discard, going alone, every card of every seat) in a world
drawn by :class:`~ecarte.games.euchre.pimc.EuchrePIMCPlayer`'s sampler (the cards the seat
cannot see dealt consistently with what it saw: voids shown, the turned card with the
dealer once taken). At a node, the ids legal in the iteration's world compete by UCB1 on
their availability counts; one node is added per iteration and the deal is played out from
it: the bids by a rule (three trumps or more), the cards at random until the hand to play
holds ``solve`` cards or fewer, the rest double dummy. Each node is scored for the side of
the seat that acted there; the utility is the deal's points, the deciding seat's side's
less the other's. The id most visited at the root is taken.

The search runs in C (``c/ec_eu_ismcts.c``, on the tree of ``ec_mcts.h`` that Écarté's
search shares) or in its pure-Python twin (``_pure_ismcts.py``), with the same tree for the
same seed.

>>> from ecarte.games.euchre import EuchreGame
>>> game = EuchreGame(seed=4)
>>> player = EuchreISMCTSPlayer(iterations=200, seed=1)
>>> [str(a) for a in game.legal_actions()], player.choose(game)  # pass, or call hearts
(['pass', 'call ♥'], 24)
>>> player.visits  # the iterations through each option: the most visited is chosen
{24: 182, 27: 18}
"""

from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any, NamedTuple

from ecarte._core._args import _bits
from ecarte.engine import backend
from ecarte.engine.search import check_budget

from . import _pure_ismcts, _pure_pimc
from ._pure_machine import _PACKET_SEATS, DISCARD_UP, ONE_BY_ONE
from .bots import _to_decide
from .game import EuchreGame, Phase
from .pimc import TRIES, EuchrePIMCPlayer, _contexts, _mix, _public_ids, _Seen

__all__ = ["MAX_ITERATIONS", "EuchreISMCTSPlayer", "Worlds", "load_kernel"]

MAX_ITERATIONS = 1_000_000
"""The most iterations of one decision."""
_TRIES = 4
"""Draws per world wanted: a draw that breaks what the seat saw is dropped."""
_CHUNK = 16
"""Iterations between two looks at the clock under a time budget."""


def load_kernel(name: str | None = None) -> ModuleType:
    """The module that searches: ``"c"`` (the compiled ``_ismcts``), ``"pure"`` (the twin),
    or None: the compiled one when the live backend is Cython and it is built, else the
    twin. Both give the same tree for the same worlds and seed."""
    return backend.kernel(name, "ecarte.games.euchre._ismcts", _pure_ismcts)


class Worlds(NamedTuple):
    """A decision's determinizations: the dealer and, for each world, the ids of the deal
    from its dealing on (the world's 20 cards in the order of the deal and the turned card,
    then every decision so far, the dealer's hidden discard the world's own)."""

    dealer: int
    scripts: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, int, int, int], ...]
    """Each world's four hands as dealt (core card masks)."""


def _card_id(core: int, deck: int) -> int:
    low = 7 if deck == 24 else 5
    return ((core & 15) - low) * 4 + (core >> 4)


class EuchreISMCTSPlayer(EuchrePIMCPlayer):
    """Single-observer IS-MCTS with a budget of ``iterations`` per decision, or of ``ms``
    milliseconds, drawing the worlds included (then ``iterations`` is a cap, at least 16
    iterations run, and the decisions depend on the machine's speed).

    ``worlds`` determinizations are drawn per decision (iteration ``i`` plays in world
    ``i % worlds``; default ``min(iterations, 40)``, 40 under a time budget); ``c`` is
    UCB1's exploration constant (points scaled by 1/4); the play is solved double dummy
    from ``solve`` cards a hand (0: played out at random); ``kernel`` is ``"c"``,
    ``"pure"`` or None (see :func:`load_kernel`). With an iteration budget a seeded player
    is reproducible. :attr:`last` holds the mean points of each id at the last decision,
    :attr:`visits` their visits. The 25-card deck (the joker) is not modelled: the player
    then plays as the heuristic bot."""

    def __init__(
        self,
        iterations: int = 1000,
        *,
        ms: float | None = None,
        worlds: int | None = None,
        c: float = 0.7,
        solve: int = 2,
        seed: int = 0,
        kernel: str | None = None,
    ) -> None:
        check_budget(iterations, ms, c, MAX_ITERATIONS)
        if solve.__class__ is not int or not 0 <= solve <= 5:
            raise ValueError(f"solve must be an int 0..5, not {solve!r}")
        if worlds is None:
            worlds = 40 if ms is not None else min(iterations, 40)
        super().__init__(worlds, seed=seed, kernel=kernel)
        self.iterations = iterations
        self.ms = None if ms is None else float(ms)
        self.c = float(c)
        self.solve = solve
        self._kernel = load_kernel(kernel)
        self.visits: dict[int, int] = {}
        """The visits of each id at the root of the last decision."""

    def __repr__(self) -> str:
        budget = f"ms={self.ms}" if self.ms is not None else f"iterations={self.iterations}"
        return (
            f"EuchreISMCTSPlayer({budget}, worlds={self.worlds}, c={self.c}, "
            f"solve={self.solve}, seed={self.seed})"
        )

    def determinizations(self, game: EuchreGame) -> Worlds | None:
        """The worlds the decision of the seat to act searches, or None when the player
        does not model the deal or no world fits (then it plays as the heuristic bot).
        Each is a draw of the PIMC player's sampler that keeps every void the seat saw and
        the turned card with the dealer once taken (unless the rules let the dealer throw
        it); fewer than :attr:`worlds` when draws fail."""
        obs = game.observation(game.to_act)
        if game.deck not in (24, 32) or obs.joker or obs.upcard is None or obs.dealer is None:
            return None
        decisions, discard_at, discarded = _public_ids(game, obs)
        seen = _Seen(game, obs, _contexts(game.deck))
        seed = self._seed(obs)
        rng = random.Random(seed)  # the discard of a world's dealer
        seat, dealer, deck = obs.seat, obs.dealer, game.deck
        up = 1 << obs.upcard.id
        order = range(20) if game.flags & ONE_BY_ONE else _PACKET_SEATS
        scripts: list[tuple[int, ...]] = []
        dealt: list[tuple[int, int, int, int]] = []
        draws: list[tuple[int, tuple[int, ...]]] = []
        for batch in range(_TRIES * self.worlds):
            if len(scripts) == self.worlds:
                break
            if not draws:  # one kernel call draws a batch (exact worlds only: a world
                # breaking a void could not be replayed)
                draws = self._pimc.sample_worlds(
                    seen.query, _mix(seed, batch), self.worlds, TRIES, False
                )[::-1]
            kind, hands = draws.pop()
            if kind == _pure_pimc.NONE:
                continue
            orig = [hands[p] | seen.played[p] for p in range(4)]
            disc = -1
            if obs.phase is Phase.DISCARD and seat == dealer:
                orig[dealer] &= ~up
            if discarded:
                if seat == dealer:
                    assert obs.discard is not None
                    disc = obs.discard.id
                elif obs.phase is Phase.PLAY and not orig[dealer] & up:
                    if not game.flags & DISCARD_UP:
                        continue  # the dealer keeps the turned card
                    disc = obs.upcard.id  # the world's dealer threw the turned card
                elif obs.phase is Phase.PLAY:
                    left = _bits(seen.pool & ~(hands[0] | hands[1] | hands[2] | hands[3]))
                    disc = left[rng.randrange(len(left))]
                else:  # before the play the world's dealer holds its five before the take
                    mine = _bits(orig[dealer])
                    disc = mine[rng.randrange(len(mine))]
                if (seat == dealer or obs.phase is Phase.PLAY) and disc != obs.upcard.id:
                    orig[dealer] = orig[dealer] & ~up | 1 << disc
            queues = [_bits(h) for h in orig]
            ids = []
            for i in order:
                ids.append(_card_id(queues[(dealer + i) % 4].pop(0), deck))
            ids.append(_card_id(obs.upcard.id, deck))
            tail = list(decisions)
            if discard_at >= 0:
                tail[discard_at] = _card_id(disc, deck)
            scripts.append((*ids, *tail))
            dealt.append((orig[0], orig[1], orig[2], orig[3]))
        if not scripts:
            return None
        return Worlds(dealer, tuple(scripts), tuple(dealt))

    def choose(self, game: EuchreGame) -> int:
        _to_decide(game)
        start = time.perf_counter()
        legal = game.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        worlds = self.determinizations(game)
        if worlds is None:
            return self._heuristic.choose(game)
        obs = game.observation(game.to_act)
        seed = _mix(self._seed(obs), 0x15C7)
        search: Any = self._kernel.Search(
            game.deck, game.flags, worlds.dealer, worlds.scripts, seed, self.c, self.solve
        )
        if self.ms is None:
            search.run(self.iterations)
        else:
            deadline = start + self.ms / 1000  # drawing the worlds counts
            done = 0
            while done < self.iterations and (not done or time.perf_counter() < deadline):
                step = min(_CHUNK, self.iterations - done)
                search.run(step)
                done += step
        visits, totals = search.root(legal)
        self.visits = dict(zip(legal, visits, strict=True))
        self.last = {i: t / v if v else 0.0 for i, t, v in zip(legal, totals, visits, strict=True)}
        k = max(range(len(legal)), key=lambda j: (visits[j], self.last[legal[j]], -j))
        return legal[k]
