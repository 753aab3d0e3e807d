"""A PIMC player for Écarté: sample the hidden cards, solve each world, pick the best mean.

Perfect Information Monte Carlo (the method of GIB at bridge and Kermit at Skat): at each
decision :class:`PIMCPlayer` reads what its seat has seen (:func:`observe`), samples
``worlds`` deals of the cards it cannot see that are consistent with it, plays every legal
option out in every world and takes the option of the best mean utility. The worlds and
the play-outs run in C (``c/ec_pimc.c``, about a microsecond per world and option) or in
the pure-Python twin, with the same results for the same seed.

What the seat has seen, and what the worlds respect:

- its hand, the turn-up, every card played and its own discards (which the player
  remembers within a hand): the other cards are unknown;
- the sizes: the opponent's hand, the stock (its order is drawn anew in each world);
- the play: a suit the opponent did not follow, a trump it did not play when void, a card
  of the suit led that it would have had to play to win the trick (``must_overtake``)
  are not in its hand (each tested with the core's own legality rule);
- the king of trumps: announced and not yet played, the opponent holds it; not announced
  once the opponent played its first card (or, under automatic kings, once play began),
  it does not (a soft rule: dropped if no world fits, since a player may hide it);
- with ``inference=True``, the opponent's proposal, acceptance, refusal or playing as it
  held, and the count of cards of its latest discard, weight the worlds by the chance a
  simple model of its play gives them (:func:`~ecarte.games.ecarte._pure_pimc.weight`);
  ``pool_factor`` times as many candidates are drawn and ``worlds`` of them kept by
  systematic resampling. Without it the worlds are uniform.

In each world the cards are played double dummy (the core's solver), and what comes
before the tricks by a model of both seats: the elder plays a hand of about 2.6 likely
tricks and proposes otherwise, the dealer refuses from about 2.9, each discards every
plain card below the two highest ranks (``_pure_pimc.likely``, ``model_discard``). Kings
held at play count for their holders. The utility (``objective``) is ``"game"``, the
chance of winning the game from the points after the hand in a race where each later hand
gives one point to either side, or ``"points"``, the points of the hand (the seat's less
the opponent's). The king is always announced (it is worth a point and the model gives
hiding it no value); the packets are chance for a shuffled deck (3-2 is taken).

Decisions are seeded from ``seed`` and what the seat sees, so a player gives the same
decision in the same situation, whatever it decided before.

>>> from ecarte import Game
>>> from ecarte.players import HeuristicPlayer, play_match
>>> game = play_match(Game(seed=3), {0: PIMCPlayer(worlds=40, seed=1), 1: HeuristicPlayer()})
>>> game.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any, Literal, NamedTuple, TypeVar

from ecarte import _core
from ecarte._cards import PIQUET_DECK, Card
from ecarte._core._args import _bits, _player_seed
from ecarte.engine import backend

from . import _pure_pimc
from ._pure_pimc import (
    ACCEPT_OPTION,
    DEALER_DISCARD,
    ELDER_DISCARD,
    INFER_ACCEPTED,
    INFER_EXCHANGED,
    INFER_PLAYED,
    INFER_PROPOSED,
    INFER_REFUSED,
    KING,
    MAX_POOL,
    MAX_WORLDS,
    PLAY,
    PLAY_OPTION,
    PROPOSE,
    PROPOSE_OPTION,
    REFUSE_OPTION,
    RESPOND,
    InfeasibleError,
    Query,
    race_table,
)
from .actions import (
    Accept,
    Action,
    Discard,
    Play,
    PlayHand,
    Propose,
    Refuse,
)
from .game import Observation, Phase
from .players import HeuristicPlayer, _routine_choice, _seat_to_act, _some_legal
from .rules import KingAnnouncement, RankOrder

__all__ = ["Decision", "PIMCPlayer", "load_kernel", "observe"]

Objective = Literal["game", "points"]

_PHASES = {
    Phase.PROPOSE: PROPOSE,
    Phase.RESPOND: RESPOND,
    Phase.ELDER_DISCARD: ELDER_DISCARD,
    Phase.DEALER_DISCARD: DEALER_DISCARD,
    Phase.PLAY: PLAY,
}
_M64 = (1 << 64) - 1
_T = TypeVar("_T")


def load_kernel(name: str | None = None) -> ModuleType:
    """The module that samples and evaluates worlds: ``"c"`` (the compiled ``_pimc``),
    ``"pure"`` (the twin), or None: the compiled one when the live backend is Cython and
    it is built, else the twin. Both give the same values for the same seed."""
    return backend.kernel(name, "ecarte.games.ecarte._pimc", _pure_pimc)


class Decision(NamedTuple):
    """A decision's evaluation: the options, the mean utility of each over the worlds
    (between 0 and 1 for the game objective; points for ``"points"``), and the worlds
    behind each mean (all of them, or the screening's share for an option screened out).
    The player takes the best option among those played in every world."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    worlds: tuple[int, ...]

    def best(self) -> int:
        """The index of the option chosen: the best mean over all the worlds (the first
        on a tie)."""
        most = max(self.worlds)
        return max(
            (k for k, n in enumerate(self.worlds) if n == most),
            key=lambda k: (self.values[k], -k),
        )


# ------------------------------------------------------------------ what a seat saw


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.id
    return m


@lru_cache(maxsize=64)
def _context(trump: int, order: RankOrder, live: str) -> Any:
    return _core.ranked_context(trump, order.ranks, PIQUET_DECK.mask)


def _not_followed(obs: Observation, opp_seat: int, pool: int) -> int:
    """The unknown cards the opponent cannot hold: each trick it answered shows the cards
    that would have made its card illegal (tested with the core's legality, card by card:
    for these rules a card is legal unless the hand holds one of a better class)."""
    ctx = _context(int(obs.trump or 0), obs.rules.rank_order, backend.live())
    flags = obs.rules.hand_rules().play_flags
    legal_plays = _core.legal_plays
    forbid = 0
    for (_, led), (seat, card) in obs.tricks:
        if seat != opp_seat:
            continue
        c = 1 << card.id
        for x in _bits(pool & ~forbid):
            if not legal_plays(ctx, c | 1 << x, [led.id], flags) & c:
                forbid |= 1 << x
    return forbid


def observe(
    obs: Observation,
    own_discards: int = 0,
    *,
    inference: bool = False,
    objective: Objective = "game",
) -> tuple[Query, int]:
    """The query of a decision from what the seat sees (and ``own_discards``, the mask of
    the cards it discarded this hand), with the soft constraints apart: ``(query, soft)``,
    ``soft`` the cards the opponent most likely does not hold (a king it did not announce),
    already in ``query.forbid``."""
    if obs.phase not in _PHASES or obs.elder is None or obs.dealer is None:
        raise ValueError(f"no PIMC decision in the {obs.phase.value} phase")
    if obs.trump is None or obs.turnup is None:
        raise ValueError("no trump yet")
    rules = obs.rules
    hand_rules = rules.hand_rules()
    me = 0 if obs.seat == obs.elder else 1
    opp_seat = obs.dealer if me == 0 else obs.elder
    trump = int(obs.trump)
    phase = _PHASES[obs.phase]
    plays = [pc for t in obs.tricks for pc in t] + list(obs.trick)
    played = _mask(c for _, c in plays)
    opp_played = _mask(c for s, c in plays if s == opp_seat)
    hand = obs.hand.mask
    pool = PIQUET_DECK.mask & ~hand & ~(1 << obs.turnup.id) & ~played & ~own_discards
    counts = [n for _, n in obs.exchanges]
    king = trump * 16 + KING
    opp_announced = opp_seat in obs.kings_announced
    automatic = rules.king_announcement is KingAnnouncement.AUTOMATIC
    first_lead = rules.king_announcement is KingAnnouncement.FIRST_LEAD  # closed once led
    require = soft = forbid = 0
    opp_king = 0
    if phase == PLAY:
        forbid = _not_followed(obs, opp_seat, pool)
        if opp_announced:
            require = 1 << king & pool
        elif automatic or opp_played or (first_lead and plays):
            soft = 1 << king & pool & ~forbid
        else:
            opp_king = 1
    leader: int = me
    trick: tuple[int, ...] = ()
    if obs.trick:
        leader, trick = 1 - me, (obs.trick[0][1].id,)
    won = (obs.tricks_won[obs.elder], obs.tricks_won[obs.dealer])
    refused = obs.refused_after is not None
    infer: list[int] = []
    opp_discard: int | None = None
    if inference:
        if phase == RESPOND and not counts:
            infer.append(INFER_PROPOSED)
        elif phase == ELDER_DISCARD and not counts:
            infer.append(INFER_ACCEPTED)
        elif phase == PLAY and me == 0 and refused:
            infer.append(INFER_REFUSED)
        elif phase == PLAY and me == 1 and not refused and _could_propose(obs, counts):
            infer.append(INFER_PLAYED)
        opp_discard = _telling_discard(obs, opp_seat)
        if opp_discard is not None:
            infer.append(INFER_EXCHANGED)
    score = (obs.scores[obs.seat], obs.scores[opp_seat])
    q = Query(
        rules=hand_rules,
        trump=trump,
        me=me,
        phase=phase,
        hand=hand,
        pool=pool,
        require=require,
        forbid=forbid | soft,
        opp_size=5 - opp_played.bit_count() if phase == PLAY else 5,
        stock_size=obs.stock_size,
        ndiscards=len(counts),
        last=counts[-1] if counts else 0,
        before_last=counts[-2] if len(counts) >= 2 else 0,
        exchanges=len(counts) // 2,
        alone=int(obs.played_without_proposing),
        refusal=int(refused and (obs.refused_after == 0 or not rules.penalty_first_refusal_only)),
        leader=leader,
        trick=trick,
        won=won,
        opp_king=opp_king,
        opp_played=opp_played,
        infer=tuple(infer),
        opp_discard=opp_discard or 0,
        score=score,
        target=rules.target,
        utility=race_table(rules.target) if objective == "game" else None,
    )
    return q, soft


def _telling_discard(obs: Observation, opp_seat: int) -> int | None:
    """The cards of the opponent's latest discard, if it tells what the opponent kept: not
    when the stock left it no more cards to take (it may then have kept weak ones), nor
    a discard of five."""
    stock = obs.stock_size
    for seat, n in reversed(obs.exchanges):
        stock += n  # the stock before this discard
        if seat == opp_seat:
            return n if n < min(5, stock) else None
    return None


def _could_propose(obs: Observation, counts: Sequence[int]) -> bool:
    """Whether the elder could have proposed when it played (a forced play shows nothing)."""
    idle = len(counts) >= 2 and counts[-1] == 0 and counts[-2] == 0
    return not idle and obs.stock_size >= max(1, obs.rules.elder_min_discard)


def _relaxed(q: Query, soft: int) -> Iterable[Query]:
    """The query, then with the soft constraints dropped, then with every constraint on
    the opponent's hand dropped (a variant whose play rules differ)."""
    yield q
    if soft:
        yield q._replace(forbid=q.forbid & ~soft)
    yield q._replace(forbid=0, require=0, infer=())


def _first_fit(q: Query, soft: int, seat: int, run: Callable[[Query], _T]) -> tuple[Query, _T]:
    """``run`` on the first query of :func:`_relaxed` that some world fits, and that query;
    InfeasibleError if none does."""
    for attempt in _relaxed(q, soft):
        try:
            return attempt, run(attempt)
        except InfeasibleError:
            continue
    raise InfeasibleError(f"no world fits what seat {seat} saw")


# ------------------------------------------------------------------------ the player


def _option(action: Action) -> int | None:
    if isinstance(action, Play):
        return action.card.id
    if isinstance(action, Discard):
        return action.cards.mask
    return {
        Propose(): PROPOSE_OPTION,
        PlayHand(): PLAY_OPTION,
        Accept(): ACCEPT_OPTION,
        Refuse(): REFUSE_OPTION,
    }.get(action)


def _splitmix(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def _fingerprint(obs: Observation) -> list[int]:
    """What the seat sees, as ints (a decision's seed is made from them)."""
    out = [obs.seat, list(Phase).index(obs.phase), obs.hand.mask, obs.stock_size]
    out += [-1 if x is None else int(x) for x in (obs.dealer, obs.elder, obs.refused_after)]
    out.append(obs.turnup.id if obs.turnup is not None else -1)
    out += [v for e in obs.exchanges for v in e]
    out += [v for t in (*obs.tricks, obs.trick) for s, c in t for v in (s, c.id)]
    out += [*obs.kings_announced, -2, *obs.scores, -3, *obs.games_won]
    return out


class PIMCPlayer(backend.KernelPickling):
    """Perfect Information Monte Carlo over ``worlds`` sampled worlds per decision.

    ``seed`` makes it reproducible; ``inference`` weights the worlds by the opponent's
    decisions (uniform worlds without); ``pool_factor`` candidates per world kept under
    inference; ``objective`` ``"game"`` or ``"points"``; ``kernel`` ``"c"``, ``"pure"`` or
    None (see :func:`load_kernel`). It remembers each seat's own discards within a hand, so one
    instance may play both seats. :attr:`last` is the evaluation of its last sampled
    decision."""

    screen_above = 8
    """Decisions with more options are screened on a fifth of the worlds first."""
    screen_keep = 6
    """Options kept after the screening."""

    def __init__(
        self,
        worlds: int = 500,
        *,
        seed: int = 0,
        inference: bool = False,
        pool_factor: int = 4,
        objective: Objective = "game",
        kernel: str | None = None,
    ) -> None:
        if worlds.__class__ is not int or not 1 <= worlds <= MAX_WORLDS:
            raise ValueError(f"worlds must be an int 1..{MAX_WORLDS}, not {worlds!r}")
        if pool_factor.__class__ is not int or not 1 <= pool_factor <= MAX_POOL:
            raise ValueError(f"pool_factor must be an int 1..{MAX_POOL}, not {pool_factor!r}")
        if objective not in ("game", "points"):
            raise ValueError(f"objective must be 'game' or 'points', not {objective!r}")
        if inference.__class__ is not bool:
            raise ValueError(f"inference must be True or False, not {inference!r}")
        self.worlds = worlds
        self.seed = _player_seed(seed)
        self.inference = inference
        self.pool_factor = pool_factor
        self.objective: Objective = objective
        self._kernel = load_kernel(kernel)
        self._fallback = HeuristicPlayer()
        self._memory: dict[int, tuple[tuple[object, ...], tuple[tuple[int, int], ...], int]] = {}
        """By seat: the hand, the exchanges up to its latest discard, the cards it discarded."""
        self.last: Decision | None = None

    def __repr__(self) -> str:
        return (
            f"PIMCPlayer(worlds={self.worlds}, seed={self.seed}, inference={self.inference}, "
            f"objective={self.objective!r})"
        )

    # -- memory of the hand ---------------------------------------------------------

    @staticmethod
    def _hand_key(obs: Observation) -> tuple[object, ...]:
        return (obs.seat, obs.dealer, obs.turnup, obs.games_won)

    def own_discards(self, obs: Observation) -> int:
        """The cards this player discarded in the hand ``obs`` shows (0 if it does not
        remember that hand)."""
        memory = self._memory.get(obs.seat)
        if memory is None:
            return 0
        key, prefix, cards = memory
        seen = obs.hand.mask | _mask(c for t in (*obs.tricks, obs.trick) for _, c in t)
        if (
            key != self._hand_key(obs)
            or obs.exchanges[: len(prefix)] != prefix
            or cards & seen
            or (obs.turnup is not None and cards >> obs.turnup.id & 1)
        ):
            del self._memory[obs.seat]
            return 0
        return cards

    def _remember(self, obs: Observation, discard: Discard) -> None:
        before = self.own_discards(obs)
        prefix = (*obs.exchanges, (obs.seat, len(discard.cards)))
        self._memory[obs.seat] = (self._hand_key(obs), prefix, before | discard.cards.mask)

    # -- decisions ------------------------------------------------------------------

    def decision_seed(self, obs: Observation) -> int:
        """The seed of the worlds of the decision at ``obs``."""
        h = _splitmix(self.seed)
        for v in _fingerprint(obs):
            h = _splitmix(h ^ (v & _M64))
        return h

    def _decision(
        self, obs: Observation, legal: Sequence[Action], player: str
    ) -> tuple[list[int], Query, int, int]:
        """A decision's options, its query and soft constraints (:func:`observe`) and its
        seed; ValueError if an action is not an option of the phase or ``obs`` is not the
        seat to act."""
        _seat_to_act(obs)
        found = [_option(a) for a in legal]
        options = [o for o in found if o is not None]
        if len(options) != len(found):
            raise ValueError(f"not {player} decision: " + ", ".join(map(str, legal)))
        q, soft = observe(
            obs, self.own_discards(obs), inference=self.inference, objective=self.objective
        )
        return options, q, soft, self.decision_seed(obs)

    def evaluate(self, obs: Observation, legal: Sequence[Action]) -> Decision:
        """The mean utility of each legal option over the worlds (every legal action must
        be an option of the phase: cards, discards, propose/play, accept/refuse).

        With more than :attr:`screen_above` options (the discards), every option is first
        played in a fifth of the worlds and only the :attr:`screen_keep` best go on to
        the rest; an option screened out keeps the mean of its first worlds."""
        options, q, soft, seed = self._decision(obs, legal, "a PIMC")
        first = self.worlds
        if len(options) > self.screen_above and self.worlds >= 5 * self.screen_keep:
            first = self.worlds // 5
        attempt, totals = _first_fit(
            q, soft, obs.seat, lambda a: self._values(a, options, seed, first)
        )
        unit = _pure_pimc.WIN if self.objective == "game" else 1
        means = [t / (first * unit) for t in totals]
        counts = [first] * len(options)
        if first < self.worlds:
            keep = sorted(range(len(options)), key=lambda k: (-means[k], k))[: self.screen_keep]
            rest = self._values(
                attempt, [options[k] for k in keep], _splitmix(seed), self.worlds - first
            )
            for k, more in zip(keep, rest, strict=True):
                means[k] = (totals[k] + more) / (self.worlds * unit)
                counts[k] = self.worlds
        return Decision(tuple(legal), tuple(means), tuple(counts))

    def _values(self, q: Query, options: Sequence[int], seed: int, n: int) -> list[int]:
        totals: list[int] = self._kernel.values(q, options, seed, n, self.pool_factor)
        return totals

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        obs = observation
        legal = _some_legal(legal)
        _seat_to_act(obs)
        routine = _routine_choice(obs, legal)
        if routine is not None:
            return routine
        if len(legal) == 1:
            action = legal[0]
        elif obs.phase not in _PHASES or any(_option(a) is None for a in legal):
            action = self._fallback.choose(obs, legal)  # not a decision of the model
        else:
            try:
                decision = self.evaluate(obs, legal)
            except InfeasibleError:
                action = self._fallback.choose(obs, legal)
            else:
                self.last = decision
                action = legal[decision.best()]
        if isinstance(action, Discard):
            self._remember(obs, action)
        return action
