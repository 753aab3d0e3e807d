"""A PIMC player for Euchre: sample the hidden hands, solve each world, pick the best mean.

:class:`EuchrePIMCPlayer` has the protocol of the Euchre bots (``choose(game) -> action
id``) but reads only what its seat may know: ``game.observation(seat)``, the legal action
ids and the rules. At each decision it samples ``worlds`` deals of the cards it cannot see,
consistent with what it saw, and values each legal option in each world:

- a card: played, then the rest of the deal double dummy for the four hands
  (``ecarte._core.solve_n``, partners as a side, a lone hand's partner out);
- a bid (pass, order up, name a suit), the dealer's discard, going alone: the world is
  dealt as a new :class:`~ecarte.games.euchre.EuchreGame` (``from_deal``), the bids so far
  are replayed, the option is taken, the decisions up to the play are the heuristic bot's
  (:class:`~ecarte.games.euchre.bots.HeuristicBot`) and the play is solved double dummy;
  a deal passed out is worth nothing.

The utility is the deal's points, the seat's side's less the other's. The worlds: the
unknown cards (the deck less the seat's hand, the cards played, the turned card once it
is out of play or taken, its own discard) are dealt to the other hands, of the sizes they
have, and the undealt cards, uniformly among the deals in which every card a seat played
on a trick was legal with the hand the world gives it (a suit it did not follow is void),
and the turned card, if taken, is with the dealer or its discard (rejection sampling; the
void constraints are dropped if no deal fits in :data:`TRIES` draws). The 25-card deck
(the joker) is not modelled: the player then plays as the heuristic bot. Decisions are
seeded from ``seed`` and what the seat sees.

>>> from ecarte.games.euchre import EuchreGame
>>> from ecarte.games.euchre.bots import HeuristicBot
>>> game = EuchreGame(seed=4)
>>> players = [EuchrePIMCPlayer(worlds=4, seed=1), HeuristicBot()] * 2
>>> while not game.is_over:
...     game.apply_id(players[game.to_act].choose(game))
>>> game.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ecarte import _core
from ecarte._cards import Card, CardSet, Rank, Suit

from ._pure_machine import deal_points
from .bots import HeuristicBot
from .game import EuchreGame, EuchreObservation, Phase
from .tables import euchre_context

__all__ = ["TRIES", "EuchrePIMCPlayer"]

TRIES = 200
"""Draws of a world before the void constraints are dropped."""
TEAMS = (0, 1, 0, 1)
_M64 = (1 << 64) - 1


def _deck_mask(deck: int) -> int:
    low = Rank.NINE if deck == 24 else Rank.SEVEN
    return sum(1 << (s * 16 + r) for s in range(4) for r in range(low, Rank.ACE + 1))


def _mix(h: int, v: int) -> int:
    z = (h ^ (v & _M64)) + 0x9E3779B97F4A7C15 & _M64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _M64
    return z ^ (z >> 31)


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.id
    return m


class _Seen:
    """What the seat saw of the deal, as masks: the facts the worlds respect."""

    def __init__(self, game: EuchreGame, obs: EuchreObservation, ctxs: Sequence[Any]) -> None:
        self.obs = obs
        seat, dealer = obs.seat, obs.dealer
        assert dealer is not None and obs.upcard is not None
        plays = [pc for t in obs.tricks for pc in t] + list(obs.trick)
        self.played = [_mask(c for s, c in plays if s == p) for p in range(4)]
        played = self.played[0] | self.played[1] | self.played[2] | self.played[3]
        up = 1 << obs.upcard.id
        trump_known = obs.trump is not None
        self.taken = trump_known and isinstance(obs.upcard, Card) and obs.trump == obs.upcard.suit
        mine = obs.hand.mask
        self.pool = _deck_mask(game.deck) & ~mine & ~played
        if obs.discard is not None:
            self.pool &= ~(1 << obs.discard.id)
        if not self.taken or seat == dealer:
            self.pool &= ~up
        # hand sizes now: five less the cards played (the dealer took one and threw one)
        self.sizes = [5 - self.played[p].bit_count() for p in range(4)]
        if obs.phase is not Phase.PLAY and self.taken and seat != dealer:
            # the worlds deal the dealer its five cards: the turned card comes on top
            self.pool &= ~up
        self.forbid = [0, 0, 0, 0]
        if self.taken and seat != dealer and up & self.pool:
            for p in range(4):
                if p != dealer:
                    self.forbid[p] |= up
        if trump_known and obs.phase is Phase.PLAY:
            ctx = ctxs[int(obs.trump)]  # type: ignore[arg-type]
            for t in (*obs.tricks, obs.trick):
                for k in range(1, len(t)):
                    s, card = t[k]
                    if s == seat:
                        continue
                    led = [c.id for _, c in t[:k]]
                    c = 1 << card.id
                    for x in range(64):
                        if (
                            self.pool >> x & 1
                            and not _core.legal_plays(ctx, c | 1 << x, led, 0) & c
                        ):
                            self.forbid[s] |= 1 << x
        self.seat = seat

    def sample(self, rng: random.Random, strict: bool) -> list[int] | None:
        """The other seats' hands (the seat's own slot: its hand), or None."""
        cards = [x for x in range(64) if self.pool >> x & 1]
        others = [p for p in range(4) if p != self.seat]
        for _ in range(TRIES if strict else 1):
            rng.shuffle(cards)
            hands = [0, 0, 0, 0]
            hands[self.seat] = self.obs.hand.mask
            at = 0
            ok = True
            for p in others:
                h = sum(1 << x for x in cards[at : at + self.sizes[p]])
                at += self.sizes[p]
                if strict and h & self.forbid[p]:
                    ok = False
                    break
                hands[p] = h
            if ok:
                return hands
        return None


class EuchrePIMCPlayer:
    """Perfect Information Monte Carlo over ``worlds`` sampled worlds per decision."""

    def __init__(self, worlds: int = 30, *, seed: int = 0) -> None:
        if worlds.__class__ is not int or worlds < 1:
            raise ValueError(f"worlds must be an int >= 1, not {worlds!r}")
        self.worlds = worlds
        self.seed = seed & _M64
        self._heuristic = HeuristicBot()
        self.last: dict[int, float] = {}
        """The mean points of each option of the last decision, by action id."""

    def __repr__(self) -> str:
        return f"EuchrePIMCPlayer(worlds={self.worlds}, seed={self.seed})"

    def _seed(self, obs: EuchreObservation) -> int:
        h = _mix(self.seed, obs.seat)
        for v in (obs.hand.mask, obs.dealer or 0, obs.upcard.id if obs.upcard else 0):
            h = _mix(h, v)
        for s, text in obs.bids:
            h = _mix(h, s * 1000 + sum(map(ord, text)))
        for t in (*obs.tricks, obs.trick):
            for s, c in t:
                h = _mix(h, s * 64 + c.id)
        return _mix(h, obs.scores[0] * 100 + obs.scores[1])

    def choose(self, game: EuchreGame) -> int:
        seat = game.to_act
        legal = game.legal_action_ids()
        obs = game.observation(seat)
        if len(legal) == 1:
            return legal[0]
        if game.deck not in (24, 32) or obs.joker or obs.upcard is None or obs.dealer is None:
            return self._heuristic.choose(game)
        ctxs = [euchre_context(t, game.deck) for t in range(4)]
        seen = _Seen(game, obs, ctxs)
        rng = random.Random(self._seed(obs))
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.worlds):
            hands = seen.sample(rng, True) or seen.sample(rng, False)
            assert hands is not None
            for option in legal:
                if obs.phase is Phase.PLAY:
                    totals[option] += self._play_value(game, obs, ctxs, hands, option)
                else:
                    totals[option] += self._rollout_value(game, obs, ctxs, seen, hands, option)
        self.last = {o: t / self.worlds for o, t in totals.items()}
        return max(legal, key=lambda o: (totals[o], -legal.index(o)))

    # -- values -------------------------------------------------------------------

    @staticmethod
    def _points(flags: int, maker: int, alone: Sequence[int], made: int, me: int) -> int:
        side = maker & 1
        lone_maker = any(s & 1 == side for s in alone)  # the maker or its partner
        defenders = any(s & 1 != side for s in alone)
        makers, pts = deal_points(flags, made, lone_maker, defenders)
        scorer = side if makers else 1 - side
        return pts if scorer == me & 1 else -pts

    def _play_value(
        self,
        game: EuchreGame,
        obs: EuchreObservation,
        ctxs: Sequence[Any],
        hands: list[int],
        option: int,
    ) -> int:
        assert obs.trump is not None and obs.maker is not None
        card = game.action_from_id(option).card
        assert isinstance(card, Card)
        ctx = ctxs[int(obs.trump)]
        active = game.active()
        hands = list(hands)
        hands[obs.seat] &= ~(1 << card.id)
        trick = [c.id for _, c in obs.trick] + [card.id]
        leader = obs.trick[0][0] if obs.trick else obs.seat
        won = list(obs.tricks_won)
        done = len(obs.tricks)
        if len(trick) == bin(active).count("1"):
            w = _core.trick_winner(ctx, trick)
            s = leader
            for _ in range(w):
                s = _next(s, active)
            won[s & 1] += 1
            leader, trick, done = s, [], done + 1
        side = obs.maker & 1
        if done < 5:
            t, _ = _core.solve_n(ctx, hands, leader, trick, 0, list(TEAMS), active)
            mover = leader
            for _ in range(len(trick)):
                mover = _next(mover, active)
            ours = t if mover & 1 == side else 5 - done - t
            won[side] += ours
        return self._points(game.flags, obs.maker, obs.alone, won[side], obs.seat)

    def _rollout_value(
        self,
        game: EuchreGame,
        obs: EuchreObservation,
        ctxs: Sequence[Any],
        seen: _Seen,
        hands: list[int],
        option: int,
    ) -> int:
        dealer = obs.dealer
        assert dealer is not None and obs.upcard is not None
        dealt = list(hands)
        if seen.taken and obs.seat == dealer and obs.phase is Phase.DISCARD:
            dealt[dealer] &= ~(1 << obs.upcard.id)  # the dealer's five before the take
        elif seen.taken and obs.seat == dealer and obs.discard not in (None, obs.upcard):
            assert obs.discard is not None
            dealt[dealer] = dealt[dealer] & ~(1 << obs.upcard.id) | 1 << obs.discard.id
        world = EuchreGame.from_deal(
            game.rules, dealer=dealer, hands=[CardSet(h) for h in dealt], upcard=obs.upcard
        )
        ids = world.ids
        for _, text in obs.bids:
            if text == "pass":
                world.apply_id(ids.PASS)
            else:
                suit = next(s for s in Suit if s.symbol == text.split()[-1])
                world.apply_id(ids.CALL + int(suit))
        bot = self._heuristic
        while (world.phase, world.to_act) != (obs.phase, obs.seat):
            if world.phase is Phase.PLAY or world.is_over or world.deals != 1:
                return 0  # the world's heuristic players took another road: no value
            if world.phase is Phase.DISCARD and world.to_act == dealer and obs.discard is not None:
                world.apply_id(world.card_action_id(obs.discard))
            elif world.phase is Phase.ALONE:  # the decisions before this seat's are public
                world.apply_id(ids.ALONE if world.to_act in obs.alone else ids.PARTNER)
            else:
                world.apply_id(bot.choose(world))
        world.apply_id(option)
        while world.phase is not Phase.PLAY and not world.is_over and world.deals == 1:
            world.apply_id(bot.choose(world))
        if world.phase is not Phase.PLAY or world.deals != 1:
            return 0  # passed out: a new deal
        trump, maker = world.trump, world.maker
        assert trump is not None and maker is not None
        live = [world.hand(s).mask for s in range(4)]
        active = world.active()
        leader = world.to_act
        t, _ = _core.solve_n(ctxs[int(trump)], live, leader, [], 0, list(TEAMS), active)
        made = t if leader & 1 == maker & 1 else 5 - t
        return self._points(world.flags, maker, world.alone, made, obs.seat)


def _next(seat: int, active: int) -> int:
    s = (seat + 1) % 4
    while not active >> s & 1:
        s = (s + 1) % 4
    return s
