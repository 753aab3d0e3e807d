"""A PIMC player for Euchre: sample the hidden hands, solve each world, pick the best mean.

:class:`EuchrePIMCPlayer` has the protocol of the Euchre bots (``choose(game) -> action
id``) but reads only what its seat may know: ``game.observation(seat)``, the legal action
ids and the rules. At each decision it samples ``worlds`` deals of the cards it cannot see,
consistent with what it saw, and values each legal option in each world:

- a card: played, then the rest of the deal double dummy for the four hands (the core's
  ``ec_solve_n``, partners as a side, a lone hand's partner out);
- a bid (pass, order up, name a suit), taking up or declining, the dealer's discard,
  going alone: the world is dealt as a single deal of the rules, the decisions so far are
  replayed (the dealer's discard, unseen, the model's), the option is taken, the
  decisions up to the play are a model's (the heuristic bot's counts in tenths:
  ``euchre_pimc.h``) and the play is solved double dummy; a deal passed out is worth
  nothing.

With ``inference=True`` the worlds are not equally likely: each counts in proportion to
the chance that a model of play gives the decisions the seat saw the other three seats
take before the play (its partner's and its opponents': passing or ordering the turned
card up, passing or naming a suit in the second round, going alone or not), with the hand
the world gives each (:func:`decisions_seen`, ``_pure_pimc.weight``). The model is the one
above made a chance: a seat bids with a chance that rises along a logistic curve with its
hand's strength for the suit, about even at the model's 6, and goes alone likewise about
11; so a seat that passed seldom holds both bowers. An option's value is then its
weighted mean over the worlds (the same worlds as without inference). Without it (the
default) every world weighs the same.

The utility is the deal's points, the seat's side's less the other's. The worlds: the
unknown cards (the deck less the seat's hand, the cards played, the turned card once it
is out of play, turned down or declined by the dealer, its own discard) are dealt to the
other hands, of the sizes they have, and the undealt cards, uniformly among the deals in
which every card a seat played on a trick was legal with the hand the world gives it (a
suit it did not follow is void), and the turned card, if taken up, is with the dealer (or
its discard, when the rules let the dealer discard it) until played (rejection sampling;
the void constraints are dropped if no deal fits in :data:`TRIES` draws). The worlds are
drawn and the options valued by a kernel (:func:`load_kernel`): ``c/ec_eu_pimc.c``, one C
call drawing and solving every world of a decision, or its pure twin
``_pure_pimc.py``, which draws the same worlds and gives the same values. The 25-card deck
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

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ecarte import _core
from ecarte._cards import Card, Rank
from ecarte._core._args import _bits, _player_seed
from ecarte.engine import backend

from . import _pure_pimc
from ._pure_machine import ANYONE_ALONE, DISCARD_UP, LONE_DEFENDER, STICK
from .bots import HeuristicBot, _to_decide
from .game import EuchreGame, EuchreObservation, Phase
from .tables import euchre_context

__all__ = ["TRIES", "EuchrePIMCPlayer", "decisions_seen", "declined", "load_kernel"]

TRIES = 200
"""Draws of a world before the void constraints are dropped (then as many before the
turned card's is)."""
_M64 = (1 << 64) - 1
MAX_WORLDS = _pure_pimc.MAX_WEIGHTED_WORLDS
"""The most worlds of a decision (2**20), with inference or without."""


def load_kernel(name: str | None = None) -> ModuleType:
    """The module that draws the worlds and values the options: ``"c"`` (the compiled
    ``_ismcts``, whose ``sample_worlds``, ``pimc_play`` and ``pimc_bid`` are
    ``c/ec_eu_pimc.c``),
    ``"pure"`` (the twin ``_pure_pimc``), or None: the compiled one when the live backend
    is Cython and it is built, else the twin. Both draw the same worlds for the same seed
    and give the same values."""
    return backend.kernel(name, "ecarte.games.euchre._ismcts", _pure_pimc)


_CONTEXTS: dict[tuple[str, int], list[Any]] = {}


def _contexts(deck: int) -> list[Any]:
    """The four trick contexts of ``deck`` on the live backend, built once."""
    key = (backend.live(), deck)
    if key not in _CONTEXTS:
        _CONTEXTS[key] = [euchre_context(t, deck) for t in range(4)]
    return _CONTEXTS[key]


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


def declined(game: EuchreGame, obs: EuchreObservation) -> bool:
    """Whether the dealer declined the card ordered up this deal (``dealer_may_decline``):
    a public decision, read from the ids of the deal's decisions since its last card."""
    n = game.deck
    hist = game.history_ids()
    j = len(hist) - sum(len(t) for t in obs.tricks) - len(obs.trick)
    while j > 0 and hist[j - 1] >= n:  # going alone or not, taking up or not, the bids
        j -= 1
        if hist[j] == n + 8:
            return True
    return False


def decisions_seen(game: EuchreGame, obs: EuchreObservation) -> tuple[tuple[int, int, int], ...]:
    """The decisions before the play that ``obs.seat`` saw the other seats take this deal,
    as the inference weighs them: ``(seat, kind, suit)`` (``_pure_pimc.INFER_*``; the suit
    named in the second round or the trumps of a decision to go alone or not, else 0). A
    call the dealer is stuck with (``stick_the_dealer``) is left out: it was no choice."""
    n, seat, dealer = game.deck, obs.seat, obs.dealer
    out = []
    for k, (p, i) in enumerate(game.bids()):
        if k < 4:  # the first round: at most one bid each
            kind, suit = (_pure_pimc.INFER_PASS1 if i == n else _pure_pimc.INFER_ORDER), 0
        elif i == n:
            kind, suit = _pure_pimc.INFER_PASS2, 0
        elif game.flags & STICK and p == dealer:
            continue
        else:
            kind, suit = _pure_pimc.INFER_CALL2, i - n - 1
        if p != seat:
            out.append((p, kind, suit))
    maker, trump = obs.maker, obs.trump
    if maker is None or trump is None or dealer is None:
        return tuple(out)
    flags = game.flags
    asks: list[int] = []  # who is asked to go alone after the maker (the machine's order)
    if flags & LONE_DEFENDER:
        if flags & ANYONE_ALONE:
            asks = [(maker + 1) & 3, (maker + 3) & 3]
        else:
            asks = [(dealer + k) & 3 for k in range(1, 5) if (dealer + k) & 1 != maker & 1]
    p = maker
    for i in _public_ids(game, obs)[0]:
        if i not in (n + 5, n + 6):
            continue
        lone = i == n + 5
        if p != seat:
            kind = _pure_pimc.INFER_ALONE if lone else _pure_pimc.INFER_PARTNER
            out.append((p, kind, int(trump)))
        if not lone and p == maker and flags & ANYONE_ALONE:
            p = (p + 2) & 3  # the maker stays: its partner is asked
        elif not asks or (lone and p & 1 != maker & 1):
            break
        else:
            p = asks.pop(0)
    return tuple(out)


class _Seen:
    """What the seat saw of the deal, as masks: the facts the worlds respect
    (:attr:`query`, the kernels' ``Seen``)."""

    def __init__(self, game: EuchreGame, obs: EuchreObservation, ctxs: Sequence[Any]) -> None:
        self.obs = obs
        seat, dealer = obs.seat, obs.dealer
        assert dealer is not None and obs.upcard is not None
        plays = [pc for t in obs.tricks for pc in t] + list(obs.trick)
        self.played = [_mask(c for s, c in plays if s == p) for p in range(4)]
        played = self.played[0] | self.played[1] | self.played[2] | self.played[3]
        up = 1 << obs.upcard.id
        trump_known = obs.trump is not None
        self.declined = trump_known and declined(game, obs)
        self.taken = (
            trump_known
            and isinstance(obs.upcard, Card)
            and obs.trump == obs.upcard.suit
            and not self.declined
        )
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
        self.hard = [0, 0, 0, 0]
        self.known = [0, 0, 0, 0]
        if self.taken and seat != dealer and up & self.pool:
            if game.flags & DISCARD_UP:  # with the dealer, or its discard
                for p in range(4):
                    if p != dealer:
                        self.hard[p] |= up
            else:  # the dealer holds it until it plays it
                self.known[dealer] = up
                self.pool &= ~up
                self.sizes[dealer] -= 1
        self.voids = [0, 0, 0, 0]
        if trump_known and obs.phase is Phase.PLAY:
            ctx = ctxs[int(obs.trump)]  # type: ignore[arg-type]
            for t in (*obs.tricks, obs.trick):
                for k in range(1, len(t)):
                    s, card = t[k]
                    if s == seat:
                        continue
                    led = [c.id for _, c in t[:k]]
                    c = 1 << card.id
                    for x in _bits(self.pool & ~self.voids[s]):
                        if not _core.legal_plays(ctx, c | 1 << x, led, 0) & c:
                            self.voids[s] |= 1 << x
        self.seat = seat
        self.query = _pure_pimc.Seen(
            self.pool,
            mine,
            _four(self.voids),
            _four(self.hard),
            _four(self.known),
            _four(self.sizes),
            seat,
        )

    @property
    def forbid(self) -> list[int]:
        """The cards each seat cannot hold by what the seat saw."""
        return [v | h for v, h in zip(self.voids, self.hard, strict=True)]


def _four(v: Sequence[int]) -> tuple[int, int, int, int]:
    return (v[0], v[1], v[2], v[3])


class EuchrePIMCPlayer(backend.KernelPickling):
    """Perfect Information Monte Carlo over ``worlds`` sampled worlds per decision;
    ``inference`` weights them by the other seats' decisions before the play (uniform
    without); ``kernel`` is ``"c"``, ``"pure"`` or None (see :func:`load_kernel`)."""

    def __init__(
        self,
        worlds: int = 30,
        *,
        seed: int = 0,
        inference: bool = False,
        kernel: str | None = None,
    ) -> None:
        if worlds.__class__ is not int or not 1 <= worlds <= MAX_WORLDS:
            raise ValueError(f"worlds must be an int 1..{MAX_WORLDS}, not {worlds!r}")
        if inference not in (True, False):
            raise ValueError(f"inference must be True or False, not {inference!r}")
        self.worlds = worlds
        self.seed = _player_seed(seed)
        self.inference = bool(inference)
        self._heuristic = HeuristicBot()
        self._pimc: Any = load_kernel(kernel)
        self.last: dict[int, float] = {}
        """The mean points of each option of the last decision, by action id."""
        self.kinds: list[int] = []
        """The kind of each world of the last decision (``_pure_pimc.EXACT``: it meets
        everything the seat saw; ``HARD``: the voids dropped; ``FREE``: every constraint
        dropped)."""
        self.weights: list[int] = []
        """The weight of each world of the last decision (all 1 without inference)."""

    def __repr__(self) -> str:
        return (
            f"EuchrePIMCPlayer(worlds={self.worlds}, seed={self.seed}, inference={self.inference})"
        )

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
        _to_decide(game)
        seat = game.to_act
        legal = game.legal_action_ids()
        obs = game.observation(seat)
        if len(legal) == 1:
            return legal[0]
        if game.deck not in (24, 32) or obs.joker or obs.upcard is None or obs.dealer is None:
            return self._heuristic.choose(game)
        ctxs = _contexts(game.deck)
        seen = _Seen(game, obs, ctxs)
        seed = self._seed(obs)
        infer = None
        if self.inference:
            infer = _pure_pimc.Infer(
                obs.upcard.id, obs.dealer, decisions_seen(game, obs), _four(seen.played)
            )
        if obs.phase is Phase.PLAY:
            values, self.kinds, self.weights = self._play_values(
                game, obs, seen, legal, seed, infer
            )
        else:
            decisions, discard_at, _ = _public_ids(game, obs)
            if discard_at >= 0 and seat != obs.dealer:
                decisions[discard_at] = _pure_pimc.MODEL  # each world's dealer discards
            totals_, kinds, weights = self._pimc.pimc_bid(
                game.deck,
                seen.query,
                game.flags,
                obs.dealer,
                game.card_action_id(obs.upcard),
                decisions,
                discard_at,
                legal,
                seed,
                self.worlds,
                TRIES,
                infer,
            )
            values, self.kinds, self.weights = list(totals_), list(kinds), list(weights)
        totals = dict(zip(legal, values, strict=True))
        weight = sum(self.weights)
        self.last = {o: t / weight for o, t in totals.items()}
        return max(legal, key=lambda o: (totals[o], -legal.index(o)))

    # -- values -------------------------------------------------------------------

    def _play_values(
        self,
        game: EuchreGame,
        obs: EuchreObservation,
        seen: _Seen,
        legal: Sequence[int],
        seed: int,
        infer: _pure_pimc.Infer | None,
    ) -> tuple[list[int], list[int], list[int]]:
        """Each card's points summed over the worlds (each times its weight), the worlds'
        kinds and weights: one call of the kernel draws the worlds and solves them."""
        assert obs.trump is not None and obs.maker is not None
        cards = []
        for option in legal:
            card = game.action_from_id(option).card
            assert isinstance(card, Card)
            cards.append(card.id)
        query = _pure_pimc.Play(
            flags=game.flags,
            trump=int(obs.trump),
            maker=obs.maker,
            alone=sum(1 << s for s in obs.alone),
            active=game.active(),
            leader=obs.trick[0][0] if obs.trick else obs.seat,
            trick=tuple(c.id for _, c in obs.trick),
            done=len(obs.tricks),
            won=obs.tricks_won,
        )
        totals, kinds, weights = self._pimc.pimc_play(
            game.deck, seen.query, query, cards, seed, self.worlds, TRIES, infer
        )
        return list(totals), list(kinds), list(weights)


def _public_ids(game: EuchreGame, obs: EuchreObservation) -> tuple[list[int], int, bool]:
    """The ids of the current deal after its dealing, as the seat may know them: the
    decisions, the index among them of the dealer's discard (-1 for none: each world puts
    its own there, the seat's own when it is the dealer) and whether the dealer took the
    turned card up and discarded."""
    n = game.deck
    hist = game.history_ids()
    plays = sum(len(t) for t in obs.tricks) + len(obs.trick)
    end = len(hist) - plays
    j = end
    while hist[j - 1] >= n:  # going alone or not, bids, taking up
        j -= 1
    up = obs.upcard
    ordered = obs.trump is not None and isinstance(up, Card) and obs.trump == up.suit
    ordered = ordered and n + 8 not in hist[j:end]  # not declined
    discarded = ordered and obs.phase in (Phase.ALONE, Phase.PLAY)
    at = -1
    if discarded:
        j -= 1
        at = j
        while hist[j - 1] >= n:
            j -= 1
    return hist[j:], at - j if at >= 0 else -1, discarded
