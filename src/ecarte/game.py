"""The match state machine: cut, deal, exchange, play, scoring, games, match.

>>> game = Game(seed=7)
>>> game.phase in (Phase.PACKETS, Phase.PROPOSE)
True
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> game.winner in (0, 1), max(game.games_won)
(True, 2)
>>> replayed = Game.replay(game.history)
>>> replayed.games_won == game.games_won and replayed.history == game.history
True
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from attrs import frozen

from . import _core
from ._cards import PIQUET_DECK, Card, CardSet, Rank, Suit
from ._errors import IllegalActionError, PluginError
from ._plugins import (
    Impl,
    call_first,
    call_impl,
    configure_rules,
    implementations,
    make_plugin_manager,
    notify_all,
)
from .actions import (
    Accept,
    Action,
    AnnounceKing,
    ChoosePackets,
    Cut,
    Deal,
    Discard,
    Event,
    Play,
    PlayHand,
    Propose,
    Refuse,
    parse_record,
)
from .results import DealtHands, GameResult, HandOutcome, HandResult, MatchStatus, Seats
from .rules import KingAnnouncement, RankOrder, Rules

__all__ = ["CHANCE", "NUM_ACTION_IDS", "TERMINAL", "Game", "Observation", "Phase"]

CHANCE = -1
"""``Game.to_act`` when chance (a cut or a deal) moves next."""
TERMINAL = -2
"""``Game.to_act`` when the match is over."""
NUM_ACTION_IDS = 96
"""Integer action ids run from 0 to 95 (see :meth:`Game.action_id`)."""

_PROPOSE_ID, _PLAY_HAND_ID, _ACCEPT_ID, _REFUSE_ID, _KING_ID = 32, 33, 34, 35, 36
_PACKETS_32_ID, _PACKETS_23_ID, _DISCARD_BASE = 37, 38, 64
_SIMPLE_IDS: dict[Action, int] = {
    Propose(): _PROPOSE_ID,
    PlayHand(): _PLAY_HAND_ID,
    Accept(): _ACCEPT_ID,
    Refuse(): _REFUSE_ID,
    AnnounceKing(): _KING_ID,
    ChoosePackets(3): _PACKETS_32_ID,
    ChoosePackets(2): _PACKETS_23_ID,
}
_ACTIONS_BY_ID: dict[int, Action] = {v: k for k, v in _SIMPLE_IDS.items()}
_PLAYS = {c.id: Play(c) for c in PIQUET_DECK}
_ANNOUNCE = AnnounceKing()
_MAX_CUTS = 100
"""Cuts in a row after which a plugin's ``ecarte_cut`` is taken to loop (an equal cut
happens about once in ten cuts)."""
_PROPOSALS = (Propose(), PlayHand())
_RESPONSES = (Accept(), Refuse())
_PACKET_CHOICES = (ChoosePackets(3), ChoosePackets(2))


class Phase(enum.Enum):
    """Where the match stands."""

    CUT = "cut"
    """Chance: cut for the first deal of a game."""
    PACKETS = "packets"
    """The dealer picks the deal pattern (3-2 or 2-3) for the game."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt."""
    PROPOSE = "propose"
    """The elder proposes an exchange or plays the hand."""
    RESPOND = "respond"
    """The dealer accepts or refuses the proposal."""
    ELDER_DISCARD = "elder-discard"
    DEALER_DISCARD = "dealer-discard"
    PLAY = "play"
    """The five tricks (and king announcements)."""
    OVER = "over"
    """The match is over."""


_CHANCE_PHASES = (Phase.CUT, Phase.DEAL)
_DECK_MASK = PIQUET_DECK.mask
_card_id = operator.attrgetter("id")
_HAND_OVER = _core.PLAY_OVER << 1  # PlayState.try_apply: status << 1 | position to move
_EXPECTED: dict[Phase, tuple[type[Action], ...]] = {
    Phase.PACKETS: (ChoosePackets,),
    Phase.PROPOSE: (Propose, PlayHand),
    Phase.RESPOND: (Accept, Refuse),
    Phase.ELDER_DISCARD: (Discard,),
    Phase.DEALER_DISCARD: (Discard,),
    Phase.PLAY: (Play, AnnounceKing),
}


def _card_index(card: Card) -> int:
    return int(card.suit) * 8 + int(card.rank) - Rank.SEVEN


@cache
def _backend_context(trump: int, order: RankOrder, backend: str) -> Any:
    return _core.ranked_context(trump, order.ranks, PIQUET_DECK.mask)


def _context(trump: int, order: RankOrder) -> Any:
    """The trick tables of a hand, built once per trump, order and live backend."""
    return _backend_context(trump, order, _core.BACKEND)


def _suit_plays(suit: int) -> tuple[tuple[Play, ...], ...]:
    """For each 8-bit pattern of a suit's piquet ranks (7 to ace), its plays in id order."""
    return tuple(
        tuple(_PLAYS[suit * 16 + Rank.SEVEN + i] for i in range(8) if pattern >> i & 1)
        for pattern in range(256)
    )


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_suit_plays(suit) for suit in range(4))
_PLAYS_CACHE: dict[int, tuple[Play, ...]] = {}


def _plays(mask: int) -> tuple[Play, ...]:
    """The plays of a mask of piquet cards, in action-id order (card ids sort the same
    way): four table lookups, memoised (up to 65,536 masks)."""
    plays = _PLAYS_CACHE.get(mask)
    if plays is None:
        plays = (
            _CLUBS[mask >> 5 & 255]
            + _DIAMONDS[mask >> 21 & 255]
            + _HEARTS[mask >> 37 & 255]
            + _SPADES[mask >> 53 & 255]
        )
        if len(_PLAYS_CACHE) < 1 << 16:
            _PLAYS_CACHE[mask] = plays
    return plays


_new = object.__new__
_setattr = object.__setattr__


@lru_cache(maxsize=1024)
def _discards(hand: int, low: int, high: int) -> tuple[Discard, ...]:
    """The discards of ``low`` to ``high`` cards of ``hand``, in action-id order (the id
    of a discard is the mask of its positions in the hand sorted by card).

    Up to 31 records per call: they are taken from :data:`_DISCARDS` or built without
    the attrs ``__init__`` (neither class has validators or converters)."""
    subsets = [0]  # subsets[m]: the cards at the positions set in m
    for bit in _bits(hand):
        subsets += [cards | bit for cards in subsets]
    get = _DISCARDS.get
    return tuple(
        [get(subsets[m]) or _discard(subsets[m]) for m in _positions(len(subsets), low, high)]
    )


@cache
def _positions(subsets: int, low: int, high: int) -> tuple[int, ...]:
    """The position masks of ``low`` to ``high`` cards, in order, among ``subsets``."""
    return tuple(m for m in range(subsets) if low <= m.bit_count() <= high)


def _discard(cards: int) -> Discard:
    card_set = _new(CardSet)
    _setattr(card_set, "mask", cards)
    discard = _new(Discard)
    _setattr(discard, "cards", card_set)
    if len(_DISCARDS) < 1 << 15:
        _DISCARDS[cards] = discard
    return discard


_DISCARDS: dict[int, Discard] = {}
"""Discard records by card mask (frozen values, so shared): every discard of up to three
cards of the deck, and the first larger ones met, fit in its 32,768 entries."""


def _bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


_DECK = tuple(PIQUET_DECK)
_BIT_LENGTHS = tuple(n.bit_length() for n in range(len(_DECK) + 1))


def _shuffled(rng: random.Random) -> tuple[Card, ...]:
    """The deck shuffled by ``rng``: exactly ``rng.shuffle(list(_DECK))`` (Fisher-Yates
    from the top, each index drawn by rejection from ``getrandbits``), unrolled."""
    order = list(_DECK)
    getrandbits = rng.getrandbits
    for i in range(len(order) - 1, 0, -1):
        n = i + 1
        k = _BIT_LENGTHS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _offers(actions: tuple[Action, ...], action: Action) -> bool:
    """``action in actions``, trying identity first: callers usually pass back one of the
    very objects :meth:`Game.legal_actions` returned (comparing up to 31 discards by
    value costs more than this loop)."""
    for offered in actions:
        if offered is action:
            return True
    return action in actions


def _log_entry(entry: str | tuple[Any, Any]) -> str:
    if isinstance(entry, str):
        return entry
    head, tail = entry
    if isinstance(head, str):  # a template and its arguments
        return head.format(*tail)
    return _log_line(head, tail)


def _log_line(seat: int, action: Action) -> str:
    if isinstance(action, Discard):  # the log is public: discards show as a count
        return f"seat {seat}: discards {len(action.cards)}"
    return f"seat {seat}: {action}"


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(CardSet(mask))


@frozen(kw_only=True)
class Observation:
    """What one seat may know: never the opponent's hand, the stock or discards."""

    seat: int
    rules: Rules
    phase: Phase
    to_act: int
    dealer: int | None
    elder: int | None
    hand: CardSet
    turnup: Card | None
    trump: Suit | None
    stock_size: int
    exchanges: tuple[tuple[int, int], ...]
    """Each discard so far this hand, as (seat, number of cards)."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick so far, as (seat, card)."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    """The finished tricks of this hand."""
    tricks_won: tuple[int, ...]
    """Tricks won in this hand by each table player."""
    played_without_proposing: bool
    """The elder played this hand as dealt, before any exchange (a penalty may follow)."""
    refused_after: int | None
    """If the dealer refused a proposal this hand, the number of exchanges before it."""
    kings_announced: tuple[int, ...]
    scores: tuple[int, ...]
    games_won: tuple[int, ...]

    def __str__(self) -> str:
        trick = " ".join(f"{s}:{c}" for s, c in self.trick)
        return (
            f"seat {self.seat} | {self.phase.value} | to act {self.to_act} | hand {self.hand} | "
            f"turn-up {self.turnup} | stock {self.stock_size} | trick [{trick}] | "
            f"tricks {self.tricks_won} | scores {self.scores} | games {self.games_won}"
        )


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced (state fields are immutable tuples)."""
    return (*values[:i], value, *values[i + 1 :])


class _State:
    """Everything that changes; copied for undo and clone.

    Every field in the instance dict is an immutable value (ints, tuples,
    frozen records). The one mutable part, ``play`` (the core's play state of
    the hand in progress: hands, trick, tricks, who is to play), is a slot
    outside that dict, changed in place card by card: a copy is a dict copy
    plus ``play.copy()``. The play-phase views (``hands``, ``trick``,
    ``tricks``, ``tricks_won``, ``leader``) read ``play`` and map its
    positions (0 elder, 1 dealer) to seats. Two more slots are bookkeeping:
    ``legal`` caches the legal actions of this state (play phase) and
    ``shared`` says a game and its clone both hold it (copy on write).
    """

    __slots__ = ("__dict__", "legal", "pending", "play", "shared")

    def __init__(self, players: int) -> None:
        self.shared = False  # held by a game and its clone (see Game.clone)
        self.legal: tuple[Action, ...] | None = None  # cached legal actions
        # the notifications of the action being applied to this state; None when none is
        self.pending: list[tuple[str, dict[str, Any]]] | None = None
        self.phase = Phase.CUT
        self.to_act = CHANCE
        self.scores: tuple[int, ...] = (0,) * players
        self.games_won: tuple[int, ...] = (0,) * players
        self.games: tuple[GameResult, ...] = ()
        self.game_hands: tuple[HandResult, ...] = ()
        self.game_number = 0
        self.hand_number = 0
        self.game_players: tuple[int, int] = (0, 1)
        self.packets: tuple[int, int] | None = None
        self.winner: int | None = None
        self.chance_count = 0
        self._reset_hand(players, None, None)

    def _reset_hand(self, players: int, dealer: int | None, elder: int | None) -> None:
        self.dealer = dealer
        self.elder = elder
        self.seats: tuple[int, int] = (elder, dealer)  # type: ignore[assignment]
        self.held: tuple[int, ...] = (0,) * players
        """The hands before the play phase (``hands`` reads ``play`` during it)."""
        self.deal_packets: tuple[int, int] | None = None
        """The packets of this hand's deal."""
        self.turnup = -1
        self.trump = -1
        self.stock: tuple[int, ...] = ()
        self.discards = 0
        self.exchanges = 0
        self.exchange_log: tuple[tuple[int, int], ...] = ()
        self.played_without_proposing = False
        self.refused_after: int | None = None
        self.announced: tuple[int, ...] = ()
        self.king_seats: tuple[int, ...] = ()
        """Seats that held the king of trumps when play began, if announcing is optional."""
        self.hand_points: tuple[int, ...] = (0,) * players
        self.hand_kings: tuple[int, ...] = (0,) * players
        self.play: Any = None  # a _core.PlayState during the play phase

    def copy(self) -> _State:
        new = object.__new__(_State)
        new.__dict__ = self.__dict__.copy()
        play = self.play
        new.play = None if play is None else play.copy()
        new.legal = self.legal
        new.pending = None
        new.shared = False
        return new

    @property
    def hands(self) -> tuple[int, ...]:
        play = self.play
        if play is None:
            return self.held
        hands = list(self.held)
        hands[self.seats[0]], hands[self.seats[1]] = play.hands
        return tuple(hands)

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick in progress as (seat, card)."""
        play = self.play
        if play is None:
            return ()
        seats, first = self.seats, play.to_move ^ (play.nplayed & 1)
        return tuple((seats[first ^ i], c) for i, c in enumerate(play.trick))

    @property
    def tricks(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The finished tricks as ((seat, card), (seat, card))."""
        if self.play is None:
            return ()
        seats = self.seats
        return tuple(((seats[p], a), (seats[p ^ 1], b)) for p, a, b in self.play.tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * len(self.held)
        if self.play is not None:
            won[self.seats[0]], won[self.seats[1]] = self.play.won
        return tuple(won)

    @property
    def leader(self) -> int:
        if self.play is None:
            return -1 if self.elder is None else self.elder
        return self.seats[self.play.leader]


class _Mark(enum.Enum):
    NOTIFIED = "notified"
    """An undo record of an action whose consequences were notified to plugins."""


_NOTIFIED = _Mark.NOTIFIED


class _Config:
    """What a game and its clones share and never change (one attribute to copy)."""

    __slots__ = (
        "asked_rules",
        "auto_chance",
        "flags",
        "has_validators",
        "impls",
        "players",
        "pm",
        "rules",
        "seed",
        "variants",
    )

    def __init__(
        self,
        *,
        pm: Any,
        asked_rules: Rules,
        rules: Rules,
        players: int,
        variants: tuple[str, ...],
        seed: int,
        auto_chance: bool,
    ) -> None:
        self.pm = pm
        self.asked_rules = asked_rules  # before the variants' ecarte_configure_rules
        self.rules = rules
        self.players = players
        self.variants = variants
        self.seed = seed
        self.auto_chance = auto_chance
        self.has_validators = bool(pm.hook.ecarte_validate_action.get_hookimpls())
        self.flags = (_core.MUST_OVERTAKE if rules.must_overtake else 0) | (
            _core.MUST_TRUMP if rules.must_trump else 0
        )
        # each hook's implementations as (function, argument names, plugin name), listed
        # on first use (a game's plugins are fixed when it is created)
        self.impls: dict[str, tuple[tuple[Any, tuple[str, ...], str], ...]] = {}


class Game:
    """A match of écarté: games of hands up to the target, best of three by default.

    The state machine is driven by :meth:`apply` with the action of the seat
    :attr:`to_act`; chance (cut and deal) is resolved from ``seed`` unless
    ``auto_chance=False``, in which case :attr:`to_act` is :data:`CHANCE` and
    a :class:`~ecarte.actions.Cut` or :class:`~ecarte.actions.Deal` event is
    applied (or :meth:`apply_chance` samples one).

    ``variant`` names installed variants (entry points ``ecarte.variants``);
    ``plugins`` are extra plugin objects. Each game has its own plugin manager.
    """

    __slots__ = (
        "__weakref__",
        "_config",
        "_history",
        "_log",
        "_offered",
        "_silent",
        "_state",
        "_undo",
    )

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        variant: str | Sequence[str] | None = None,
        plugins: Iterable[object] = (),
        auto_chance: bool = True,
    ) -> None:
        variants = [variant] if isinstance(variant, str) else list(variant or ())
        pm = make_plugin_manager(variants, plugins)
        asked = Rules.preset(rules) if isinstance(rules, str) else rules or Rules()
        configured = configure_rules(pm, asked)
        players, plugin = call_first(pm, "ecarte_table_size", rules=configured)
        if not isinstance(players, int) or not 2 <= players <= 16:
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_table_size: {players!r} is not 2..16 players"
            )
        self._config = _Config(
            pm=pm,
            asked_rules=asked,
            rules=configured,
            players=players,
            variants=tuple(variants),
            seed=random.SystemRandom().getrandbits(63) if seed is None else seed,
            auto_chance=auto_chance,
        )
        self._silent = False
        self._state = _State(players)
        self._history: list[Action | Event] = []
        # log lines, formatted when read: a str, (seat, action), or (template, args)
        self._log: list[str | tuple[Any, Any]] = []
        # a saved state with the history and log lengths, or None for a card played in
        # the middle of a hand (undone by the play state itself)
        self._undo: list[tuple[_State, int, int] | _Mark | None] = []
        self._transaction(self._start_game, None)

    # ------------------------------------------------------------------ views

    @property
    def rules(self) -> Rules:
        """The rules in force (after the variants configured them)."""
        return self._config.rules

    @property
    def players(self) -> int:
        """Number of players at the table."""
        return self._config.players

    @property
    def variants(self) -> tuple[str, ...]:
        """Names of the variants this game was created with."""
        return self._config.variants

    @property
    def seed(self) -> int:
        """The seed chance events are drawn from (each from the seed and its number)."""
        return self._config.seed

    @property
    def _pm(self) -> Any:
        return self._config.pm

    @property
    def _has_validators(self) -> bool:
        return self._config.has_validators

    @property
    def phase(self) -> Phase:
        """Where the match stands (see :class:`Phase`)."""
        return self._state.phase

    @property
    def to_act(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""
        return self._state.to_act

    @property
    def is_over(self) -> bool:
        """True once the match is over."""
        return self._state.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The winner of the match, once it is over."""
        return self._state.winner

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each table player in the current (or last) game."""
        return tuple(self._state.scores)

    @property
    def games_won(self) -> tuple[int, ...]:
        """Games won in this match by each table player."""
        return tuple(self._state.games_won)

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """The finished games of the match, in order."""
        return tuple(self._state.games)

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """The finished hands of the current game."""
        return tuple(self._state.game_hands)

    @property
    def game_players(self) -> tuple[int, int]:
        """The two table players of the current game."""
        return self._state.game_players

    @property
    def dealer(self) -> int | None:
        """The dealer of the current hand (None before the first cut)."""
        return self._state.dealer

    @property
    def elder(self) -> int | None:
        """The non-dealer of the current hand, who proposes and leads first."""
        return self._state.elder

    @property
    def turnup(self) -> Card | None:
        """The turned-up card of the current hand (None before the deal)."""
        t = self._state.turnup
        return None if t < 0 else Card.from_id(t)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current hand (None before the deal)."""
        t = self._state.trump
        return None if t < 0 else Suit(t)

    @property
    def exchanges(self) -> tuple[tuple[int, int], ...]:
        """Each discard of this hand so far, as (seat, number of cards): public facts."""
        return tuple(self._state.exchange_log)

    @property
    def chosen_packets(self) -> tuple[int, int] | None:
        """The packets the dealer chose for this game, if they chose."""
        return self._state.packets

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._state.stock)

    @property
    def game_number(self) -> int:
        """The number of the current game of the match (from 1)."""
        return self._state.game_number

    @property
    def hand_number(self) -> int:
        """Number of hands begun in the match so far."""
        return self._state.hand_number

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won in the current hand by each table player."""
        return self._state.tricks_won

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick so far, as (seat, card)."""
        return tuple((p, Card.from_id(c)) for p, c in self._state.trick)

    @property
    def history(self) -> tuple[Action | Event, ...]:
        """Every action and chance event, in order: :meth:`replay` rebuilds the game."""
        return tuple(self._history)

    @property
    def log(self) -> tuple[str, ...]:
        """A readable account of the match (actions, scores, results)."""
        return tuple(map(_log_entry, self._log))

    def plugin(self, name: str) -> object:
        """The plugin registered under ``name`` in this game (a variant's name,
        or a plugin object's ``NAME``); raises KeyError if there is none."""
        plugin = self._pm.get_plugin(name)
        if plugin is None:
            raise KeyError(f"no plugin {name!r} in this game")
        return plugin

    @property
    def plugin_names(self) -> tuple[str, ...]:
        """The names of this game's plugins, classic included."""
        return tuple(name for name, _ in self._pm.list_name_plugin())

    def describe(self, seat: int | None = None) -> tuple[str, ...]:
        """Lines in which the variants describe their own state for ``seat`` (None: a
        spectator), for display (hook ``ecarte_describe``); empty for classic rules."""
        if seat is not None:
            self._check_seat(seat)
        hook = "ecarte_describe"
        lines: list[str] = []
        for impl in self._impls(hook):
            answer = call_impl(impl, hook, {"game": self, "seat": seat})
            if answer is None:
                continue
            if isinstance(answer, str) or not all(isinstance(x, str) for x in answer):
                raise PluginError(
                    f"plugin {impl[2]!r}, hook {hook}: {answer!r} is not a sequence of str"
                )
            lines += answer
        return tuple(lines)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (the whole truth: use :meth:`observation` for views)."""
        self._check_seat(seat)
        return CardSet(self._state.hands[seat])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        self._check_seat(seat)
        s = self._state
        return Observation(
            seat=seat,
            rules=self.rules,
            phase=s.phase,
            to_act=s.to_act,
            dealer=s.dealer,
            elder=s.elder,
            hand=CardSet(s.hands[seat]),
            turnup=self.turnup,
            trump=self.trump,
            stock_size=len(s.stock),
            exchanges=tuple(s.exchange_log),
            trick=self.trick,
            tricks=tuple(tuple((p, Card.from_id(c)) for p, c in t) for t in s.tricks),
            tricks_won=s.tricks_won,
            played_without_proposing=s.played_without_proposing,
            refused_after=s.refused_after,
            kings_announced=tuple(s.announced),
            scores=self.scores,
            games_won=self.games_won,
        )

    def __repr__(self) -> str:
        s = self._state
        return (
            f"<Game {s.phase.value} game {s.game_number} hand {s.hand_number} "
            f"scores {tuple(s.scores)} games {tuple(s.games_won)} to_act {s.to_act}>"
        )

    # ---------------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions :attr:`to_act` may take, sorted by :meth:`action_id`
        (empty at chance nodes, at the end, and inside a plugin hook while an action
        is being applied)."""
        s = self._state
        legal = s.legal
        if legal is not None:
            return legal
        if s.pending is not None:  # inside a hook, mid-step: nothing can be applied
            return ()
        phase = s.phase
        if phase is Phase.PLAY:
            seat = s.to_act
            legal = _plays(s.play.legal())
            if (
                s.king_seats
                and self._may_announce(seat)
                and not (self._has_validators and self._first_veto(seat, _ANNOUNCE)[0])
            ):
                legal = (*legal, _ANNOUNCE)
        elif phase is Phase.PROPOSE:
            legal = self._allowed(s.elder, _PROPOSALS)
        elif phase is Phase.RESPOND:
            legal = self._allowed(s.dealer, _RESPONSES)
        elif phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
            seat = s.to_act
            low, high = self._discard_limits(seat)
            legal = self._unvetoed(seat, _discards(s.held[seat], low, high))
        elif phase is Phase.PACKETS:
            legal = self._unvetoed(s.dealer, _PACKET_CHOICES)
        else:
            legal = ()
        s.legal = legal  # the hooks are asked once per state; apply() trusts this answer
        return legal

    def legal_action_ids(self) -> tuple[int, ...]:
        """Sorted integer ids of :meth:`legal_actions`."""
        return tuple(sorted(self.action_id(a) for a in self.legal_actions()))

    def legal_action_mask(self) -> tuple[bool, ...]:
        """A :data:`NUM_ACTION_IDS`-long mask of the legal ids."""
        ids = set(self.legal_action_ids())
        return tuple(i in ids for i in range(NUM_ACTION_IDS))

    def action_id(self, action: Action) -> int:
        """A stable integer for ``action`` in this state: 0-31 play a card
        (``suit * 8 + rank - Rank.SEVEN``), 32 propose, 33 play the hand, 34 accept,
        35 refuse, 36 announce the king, 37/38 packets 3-2/2-3, and 64 + m a
        discard, m being the mask of the cards discarded over the mover's
        hand sorted by card."""
        if isinstance(action, Play):
            if action.card not in PIQUET_DECK:
                raise IllegalActionError(f"{action}: not a card of the piquet deck")
            return _card_index(action.card)
        if isinstance(action, Discard):
            hand = _cards(self._state.hands[max(self._state.to_act, 0)])
            m = 0
            for card in action.cards:
                if card not in hand:
                    raise IllegalActionError(f"{action}: {card} is not in the hand")
                m |= 1 << hand.index(card)
            return _DISCARD_BASE + m
        try:
            return _SIMPLE_IDS[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} has no action id") from None

    def action_from_id(self, action_id: int) -> Action:
        """The action with that id in this state (see :meth:`action_id`)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise IllegalActionError(f"an action id is an int, not {action_id!r}")
        if 0 <= action_id < 32:
            return _PLAYS[(action_id // 8) * 16 + action_id % 8 + Rank.SEVEN]
        if _DISCARD_BASE <= action_id < _DISCARD_BASE + 32:
            hand = _cards(self._state.hands[max(self._state.to_act, 0)])
            m = action_id - _DISCARD_BASE
            if m >> len(hand):
                raise IllegalActionError(f"action id {action_id}: the hand has {len(hand)} cards")
            return Discard(CardSet.of(c for i, c in enumerate(hand) if m >> i & 1))
        try:
            return _ACTIONS_BY_ID[action_id]
        except (KeyError, TypeError):
            raise IllegalActionError(f"no action has id {action_id!r}") from None

    # -------------------------------------------------------------- applying

    def apply(self, action: Action | Event | str, *, seat: int | None = None) -> None:
        """Apply the action of the seat to act (checked), or a chance event.

        ``action`` may be the text form (``"propose"``, ``"K♠"``...). With
        ``seat``, also check that it is that seat's turn. An illegal action
        raises :class:`~ecarte.IllegalActionError` and changes nothing.
        """
        if action.__class__ is Play:
            # The hot path: a card in the middle of a hand. The play state checks the
            # card before changing anything, so no snapshot is needed; the undo record is
            # None (the play state takes its last card back). Anything else (an illegal
            # card, the last card of a hand, which scores through the plugin hooks) takes
            # the checked path below.
            s = self._state
            if s.shared:
                self._unshare()
                s = self._state
            play = s.play
            if (
                play is not None
                and s.phase is Phase.PLAY
                and (seat is None or (seat == s.to_act and seat.__class__ is int))
                and s.pending is None  # not from inside a hook (the checked path says)
            ):
                r = play.try_apply(action.card.id)
                if r >= 0:
                    if r < _HAND_OVER:
                        s.legal = None
                        self._log.append((s.to_act, action))
                        s.to_act = s.seats[r & 1]
                        self._history.append(action)
                        self._undo.append(None)
                        return
                    play.undo()
        if isinstance(action, str):
            action = parse_record(action)
        s = self._state
        if seat is not None and (seat.__class__ is not int or seat != s.to_act):
            if seat.__class__ is not int:
                raise IllegalActionError(f"a seat is an int, not {seat!r}")
            if s.to_act < 0:
                raise IllegalActionError(f"seat {seat} cannot act: {self._who_acts()}")
            raise IllegalActionError(f"it is seat {s.to_act}'s turn, not seat {seat}'s")
        if isinstance(action, Event):
            if s.phase not in _CHANCE_PHASES:
                raise IllegalActionError(f"{action}: no chance event is due ({self._who_acts()})")
        elif not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        elif s.phase in _CHANCE_PHASES or s.phase is Phase.OVER:
            raise IllegalActionError(f"{action}: {self._who_acts()}")
        self._transaction(self._apply, action)

    def apply_chance(self) -> Event:
        """Sample and apply the due chance event from the game's RNG."""
        event = self._sample_chance()
        self.apply(event)
        return event

    def undo(self) -> None:
        """Take back the last :meth:`apply` (with the chance events it triggered)."""
        if self._state.pending is not None:
            self._refuse_mid_step("undo()")
        if not self._undo:
            raise IllegalActionError("nothing to undo")
        if self._state.shared:
            self._unshare()
        if self._undo[-1] is _NOTIFIED:
            raise IllegalActionError(
                "cannot undo: plugins were notified of what that action ended (a hand, "
                "a game or the match) and would not be told it was taken back; search "
                "forward on a clone(), which sends no notifications and can undo what "
                "it applies itself"
            )
        record = self._undo.pop()
        assert record is not _NOTIFIED
        if record is None:  # a card in the middle of a hand
            s = self._state
            s.legal = None
            s.play.undo()
            s.to_act = s.seats[s.play.to_move]
            self._history.pop()
            self._log.pop()
            return
        state, n_history, n_log = record
        self._state = state.copy()  # clones share the saved states: never mutate one
        del self._history[n_history:]
        del self._log[n_log:]

    def clone(self) -> Game:
        """An independent copy (same plugins; notifications are not sent from clones)."""
        # Copy on write: both games share the state, history, log and undo stack until
        # one of them changes; the state's `shared` flag makes whichever changes first
        # take private copies (_unshare). The saved states are never changed.
        # Attributes are copied one by one, in __init__'s order: reading self.__dict__
        # would turn the instance's inline attribute values into a dict and slow down
        # every later attribute access of the original. (_offered is only read inside a
        # transaction, which sets it first.)
        if self._state.pending is not None:
            self._refuse_mid_step("clone()")
        new = _new(Game)
        new._config = self._config
        new._silent = True
        new._state = state = self._state
        new._history = self._history
        new._log = self._log
        new._undo = self._undo
        state.shared = True
        return new

    def _notify_later(self, hook: str, kwargs: dict[str, Any]) -> None:
        """Queue a notification, sent once the action being applied is done."""
        pending = self._state.pending
        assert pending is not None
        pending.append((hook, kwargs))

    def _refuse_mid_step(self, what: str) -> None:
        """Raise if an action is being applied: a hook sees the game between two states,
        which it may read but not change or copy (callers on hot paths test
        ``pending`` first)."""
        if self._state.pending is not None:
            raise IllegalActionError(
                f"{what} from inside a plugin hook: the game is applying an action; read "
                "it there, and act from a notification hook, which runs once it is done"
            )

    def _unshare(self) -> None:
        """Take private copies of what a clone shares, before changing anything."""
        self._state = self._state.copy()
        self._history = self._history.copy()
        self._log = self._log.copy()
        self._undo = self._undo.copy()

    @classmethod
    def replay(
        cls,
        history: Iterable[Action | Event],
        rules: Rules | str | None = None,
        *,
        variant: str | Sequence[str] | None = None,
        plugins: Iterable[object] = (),
        seed: int | None = None,
        auto_chance: bool = False,
    ) -> Game:
        """Rebuild a game from its :attr:`history` (chance events included).

        Pass the rules and variants the game was played with; with its
        :attr:`seed` and ``auto_chance=True`` the rebuilt game also draws the
        same future chance events as the original.
        """
        game = cls(rules, variant=variant, plugins=plugins, seed=seed, auto_chance=False)
        for record in history:
            game.apply(record)
        if auto_chance:
            game._config.auto_chance = True
            if game.phase in _CHANCE_PHASES:
                game._transaction(lambda _: None, None)
        return game

    def rebuild(self) -> Game:
        """A fresh game replayed from this one's history, rules, variants and seed
        (plugin objects passed as ``plugins=`` are not part of it)."""
        return Game.replay(
            self._history,
            self._config.asked_rules,  # the variants configure them again
            variant=self.variants,
            seed=self.seed,
            auto_chance=self._config.auto_chance,
        )

    # ------------------------------------------------------------- internals

    def _check_seat(self, seat: int) -> None:
        if not (seat.__class__ is int and 0 <= seat < self.players):
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.players}")

    def _who_acts(self) -> str:
        s = self._state
        if s.phase is Phase.OVER:
            return "the match is over"
        if s.phase in _CHANCE_PHASES:
            return f"chance moves next (a {'Cut' if s.phase is Phase.CUT else 'Deal'} event)"
        return f"seat {s.to_act} is to act in phase {s.phase.value}"

    def _transaction(self, step: Any, arg: Any) -> None:
        """Run ``step`` atomically: on any error the state is restored. While it runs,
        the state's ``pending`` collects the notifications (None otherwise): legal actions
        are not cached, and apply, undo and clone are refused (hooks run mid-step)."""
        self._refuse_mid_step("apply()")
        if self._state.shared:
            self._unshare()
        saved = (self._state.copy(), len(self._history), len(self._log))
        self._state.pending = []
        self._offered = self._state.legal
        self._state.legal = None
        try:
            step(arg)
            if self._config.auto_chance:
                cuts = 0
                while self._state.phase in _CHANCE_PHASES:
                    event = self._sample_chance()
                    if isinstance(event, Deal):
                        self._apply_deal(event, sampled=True)
                        continue
                    cuts += 1
                    if cuts > _MAX_CUTS:
                        raise PluginError(
                            f"hook ecarte_cut asked for a new cut {_MAX_CUTS} times in a row"
                        )
                    self._apply(event)
        except BaseException:
            self._state, n_history, n_log = saved
            del self._history[n_history:]
            del self._log[n_log:]
            raise
        state = self._state
        pending, state.pending = state.pending, None
        assert pending is not None
        notify = [] if self._silent else [(self._impls(hook), hook, kw) for hook, kw in pending]
        notified = any(impls for impls, _, _ in notify)
        if step == self._apply:  # bound methods are new objects: `is` never matches
            self._undo.append(_NOTIFIED if notified else saved)
        errors: list[Exception] = []
        for impls, hook, kwargs in notify:  # the action is done: hooks may act here
            errors += notify_all(impls, hook, {"game": self, **kwargs})
        if errors:
            raise PluginError(
                "the action was applied, but plugin notifications failed: "
                + "; ".join(map(str, errors))
            ) from errors[0]

    def _sample_chance(self) -> Event:
        rng = random.Random(f"ecarte:{self.seed}:{self._state.chance_count}")
        if self._state.phase is Phase.CUT:
            a, b = rng.sample(_DECK, 2)
            return Cut((a, b))
        if self._state.phase is Phase.DEAL:
            deal = _new(Deal)  # the order is a tuple of Cards: nothing to convert
            _setattr(deal, "order", _shuffled(rng))
            return deal
        raise IllegalActionError(f"no chance event is due: {self._who_acts()}")

    def _first(self, hook: str, **kwargs: Any) -> tuple[Any, str]:
        """:func:`~ecarte._plugins.call_first` with the hook's implementations listed once
        per game (a game's plugins are fixed when it is created)."""
        kwargs["game"] = self
        for impl in self._impls(hook):
            result = call_impl(impl, hook, kwargs)
            if result is not None:
                return result, impl[2]
        raise PluginError(f"no plugin answered {hook}")  # the classic plugin always answers

    def _impls(self, hook: str) -> tuple[Impl, ...]:
        """A hook's implementations, listed once per game (its plugins are fixed)."""
        known = self._config.impls
        impls = known.get(hook)
        if impls is None:
            impls = known[hook] = implementations(self._config.pm, hook)
        return impls

    def _allowed(self, seat: int | None, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        out = tuple(a for a in actions if self._is_allowed(seat, a))
        if not out:
            raise PluginError(
                f"hook ecarte_exchange_allowed forbids every action of seat {seat} "
                f"({', '.join(map(str, actions))})"
            )
        return self._unvetoed(seat, out)

    def _unvetoed(self, seat: int | None, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """``actions`` less those a plugin vetoes (a vetoed decision is not offered)."""
        if not self._has_validators or seat is None:
            return actions
        vetoes = [self._first_veto(seat, a) for a in actions]
        out = tuple(a for a, (veto, _) in zip(actions, vetoes, strict=True) if veto is None)
        if not out:
            plugins = ", ".join(sorted({repr(plugin) for _, plugin in vetoes}))
            raise PluginError(
                f"plugin {plugins}, hook ecarte_validate_action: vetoes every action of seat "
                f"{seat} ({', '.join(map(str, actions))})"
            )
        return out

    def _is_allowed(self, seat: int | None, action: Action) -> bool:
        ok, plugin = self._first("ecarte_exchange_allowed", seat=seat, action=action)
        if not isinstance(ok, bool):
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_exchange_allowed: {ok!r} is not a bool"
            )
        return ok

    def _discard_limits(self, seat: int) -> tuple[int, int]:
        limits, plugin = self._first("ecarte_discard_limits", seat=seat)
        if not (
            isinstance(limits, tuple)
            and len(limits) == 2
            and all(isinstance(x, int) for x in limits)
            and 0 <= limits[0] <= limits[1] <= 5
        ):
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_discard_limits: {limits!r} is not "
                "(least, most) with 0 <= least <= most <= 5"
            )
        cap = min(limits[1], len(self._state.stock))
        return (min(limits[0], cap), cap)

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` (the seat to play) may play now."""
        return int(self._state.play.legal())

    def _may_announce(self, seat: int) -> bool:
        s = self._state
        if seat not in s.king_seats or seat in s.announced:
            return False
        # held the king when play began (optional announcements) and has not played yet
        # (so still holds it); the elder plays first
        return s.play is not None and s.play.nplayed <= (0 if seat == s.elder else 1)

    def _other(self, seat: int) -> int:
        a, b = self._state.game_players
        return b if seat == a else a

    def _apply(self, action: Action | Event) -> None:
        s = self._state
        if isinstance(action, Cut):
            self._apply_cut(action)
            return
        if isinstance(action, Deal):
            self._apply_deal(action)
            return
        assert isinstance(action, Action)
        seat = s.to_act
        offered, self._offered = self._offered, None
        if offered is None or not _offers(offered, action):  # not a checked legal action
            self._check_legal(seat, s.phase, action)
            if self._has_validators and not isinstance(action, Play):
                veto, plugin = self._first_veto(seat, action)
                if veto is not None:
                    raise IllegalActionError(f"{action}: {veto} (variant {plugin!r})")
        self._history.append(action)
        self._log.append((seat, action))
        if isinstance(action, ChoosePackets):
            s.packets = s.deal_packets = action.packets
            s.phase, s.to_act = Phase.DEAL, CHANCE
        elif isinstance(action, Propose):
            s.phase, s.to_act = Phase.RESPOND, s.dealer  # type: ignore[assignment]
        elif isinstance(action, PlayHand):
            s.played_without_proposing = s.exchanges == 0
            self._start_play()
        elif isinstance(action, Accept):
            s.phase, s.to_act = Phase.ELDER_DISCARD, s.elder  # type: ignore[assignment]
        elif isinstance(action, Refuse):
            s.refused_after = s.exchanges
            self._start_play()
        elif isinstance(action, Discard):
            self._discard(seat, action.cards.mask)
        elif isinstance(action, AnnounceKing):
            s.announced = (*s.announced, seat)
            points, plugin = self._first("ecarte_king_points", seat=seat, turned_up=False)
            self._score(seat, points, "announces the king", plugin, "ecarte_king_points")
        elif isinstance(action, Play):
            self._play(seat, action.card.id)

    def _first_veto(self, seat: int, action: Action) -> tuple[str | None, str]:
        hook = "ecarte_validate_action"
        kwargs = {"game": self, "seat": seat, "action": action}
        for impl in self._impls(hook):
            veto = call_impl(impl, hook, kwargs)
            if veto is not None:
                if not (isinstance(veto, str) and veto.strip()):
                    raise PluginError(
                        f"plugin {impl[2]!r}, hook {hook}: {veto!r} is neither None (no veto) "
                        "nor a reason (a non-empty str)"
                    )
                return veto, impl[2]
        return None, ""

    def _check_legal(self, seat: int, phase: Phase, action: Action) -> bool:
        """Raise IllegalActionError with the broken rule, or return True."""
        s = self._state
        expected = _EXPECTED[phase]
        if not isinstance(action, expected):
            names = " or ".join(t.__name__ for t in expected)
            raise IllegalActionError(
                f"{action}: seat {seat} must choose {names} now (phase {phase.value})"
            )
        if isinstance(action, Propose | PlayHand | Accept | Refuse):
            if not self._is_allowed(seat, action):
                veto, plugin = (None, "")
                if self._has_validators:
                    veto, plugin = self._first_veto(seat, action)
                if veto is not None:
                    raise IllegalActionError(f"{action}: {veto} (variant {plugin!r})")
                if isinstance(action, Propose):
                    raise IllegalActionError(
                        f"propose: the stock ({len(s.stock)} cards) cannot serve another "
                        "exchange, or the variant forbids it"
                    )
                raise IllegalActionError(f"{action}: not allowed now")
        elif isinstance(action, Discard):
            low, high = self._discard_limits(seat)
            n = len(action.cards)
            if action.cards.mask & ~s.hands[seat]:
                missing = action.cards - CardSet(s.hands[seat])
                raise IllegalActionError(f"{action}: seat {seat} does not hold {missing}")
            if n > high:
                raise IllegalActionError(
                    f"{action}: seat {seat} may discard at most {high} now "
                    f"(the stock holds {len(s.stock)})"
                )
            if n < low:
                raise IllegalActionError(f"{action}: seat {seat} must discard at least {low}")
        elif isinstance(action, AnnounceKing):
            if not self._may_announce(seat):
                raise IllegalActionError(self._why_no_king(seat))
        elif isinstance(action, Play):
            card = action.card
            if not s.hands[seat] >> card.id & 1:
                raise IllegalActionError(f"{card}: seat {seat} does not hold that card")
            if not self._legal_mask(seat) >> card.id & 1:
                raise IllegalActionError(f"{card}: {self._why_illegal(seat, card)}")
        return True

    def _why_no_king(self, seat: int) -> str:
        s = self._state
        if self.rules.king_announcement is KingAnnouncement.AUTOMATIC:
            return "king: the king of trumps is scored automatically under these rules"
        if not s.hands[seat] >> (s.trump * 16 + Rank.KING) & 1:
            return f"king: seat {seat} does not hold the king of trumps"
        if seat in s.announced:
            return f"king: seat {seat} has already announced the king"
        return f"king: too late, seat {seat} has already played a card this hand"

    def _why_illegal(self, seat: int, card: Card) -> str:
        s = self._state
        led = Card.from_id(s.trick[0][1])
        hand = CardSet(s.hands[seat])
        legal = CardSet(self._legal_mask(seat))
        if hand.suit(led.suit) and card.suit != led.suit:
            return f"must follow suit {led.suit.symbol} (legal: {legal})"
        if card.suit == led.suit:
            return f"must win the trick if able: play a higher {led.suit.symbol} (legal: {legal})"
        return f"void in {led.suit.symbol}, must trump (legal: {legal})"

    # chance -----------------------------------------------------------------

    def _apply_cut(self, event: Cut) -> None:
        s = self._state
        cards = event.cards
        if (
            len(cards) != 2
            or not all(isinstance(c, Card) and c in PIQUET_DECK for c in cards)
            or cards[0] == cards[1]
        ):
            raise IllegalActionError(f"{event}: a cut is two different cards of the deck")
        self._history.append(event)
        s.chance_count += 1
        a, b = s.game_players
        self._log.append(f"cut: seat {a} {cards[0]}, seat {b} {cards[1]}")
        seats, plugin = self._first("ecarte_cut", players=s.game_players, cards=cards)
        self._check_seats(seats, plugin, "ecarte_cut", allow_cut=True)
        if set(seats.players) != set(s.game_players):
            raise PluginError(f"plugin {plugin!r}, hook ecarte_cut: changed the players")
        if seats.dealer is None:
            self._log.append("equal cut: cut again")
            return
        self._start_hand(seats.dealer)

    def _apply_deal(self, event: Deal, sampled: bool = False) -> None:
        """Deal; ``sampled`` deals come from :meth:`_sample_chance`, valid by construction."""
        s = self._state
        order = event.order
        if not sampled and (
            len(order) != 32
            or not all(isinstance(c, Card) for c in order)
            or CardSet.of(order) != PIQUET_DECK
        ):
            raise IllegalActionError(f"{event}: a deal orders the 32 cards of the deck once each")
        dealer, elder = s.dealer, s.elder
        assert dealer is not None and elder is not None
        packets = s.deal_packets
        assert packets is not None
        dealt, plugin = self._first(
            "ecarte_deal", deck=order, dealer=dealer, elder=elder, packets=packets
        )
        self._check_deal(dealt, plugin, dealer, elder)
        self._history.append(event)
        s.chance_count += 1
        held = _set(s.held, elder, dealt.hands[elder].mask)
        s.held = _set(held, dealer, dealt.hands[dealer].mask)
        s.turnup = dealt.turnup.id
        s.trump = int(dealt.turnup.suit)
        s.stock = tuple(map(_card_id, dealt.stock))
        self._log.append(
            (
                "hand {}: seat {} deals {}-{}, turn-up {}",
                (s.hand_number, dealer, packets[0], packets[1], dealt.turnup),
            )
        )
        s.phase, s.to_act = Phase.PROPOSE, elder
        if dealt.turnup.rank is Rank.KING:
            points, plugin = self._first("ecarte_king_points", seat=dealer, turned_up=True)
            self._score(dealer, points, "turns up the king", plugin, "ecarte_king_points")

    def _check_deal(self, dealt: Any, plugin: str, dealer: int, elder: int) -> None:
        def bad(why: str) -> PluginError:
            return PluginError(f"plugin {plugin!r}, hook ecarte_deal: {why}")

        if not isinstance(dealt, DealtHands):
            raise bad(f"returned {dealt!r}, not DealtHands")
        if not isinstance(dealt.hands, dict):
            raise bad(f"hands must be a dict of seat to CardSet, got {dealt.hands!r}")
        if type(dealt.stock) is not tuple or any(type(c) is not Card for c in dealt.stock):
            raise bad(f"the stock must be a tuple of cards, got {dealt.stock!r}")
        if set(dealt.hands) != {dealer, elder}:
            raise bad(f"hands for seats {sorted(dealt.hands)}, expected {sorted({dealer, elder})}")
        seen = 0
        for hand in dealt.hands.values():
            if not isinstance(hand, CardSet) or len(hand) != 5:
                raise bad(f"a hand must be a CardSet of 5 cards, got {hand!r}")
            if seen & hand.mask:
                raise bad("the hands share a card")
            seen |= hand.mask
        if not isinstance(dealt.turnup, Card) or seen & dealt.turnup.mask:
            raise bad(f"bad turn-up {dealt.turnup!r}")
        seen |= dealt.turnup.mask
        stock = 0
        for card in dealt.stock:
            stock |= 1 << card.id
        if stock.bit_count() != len(dealt.stock) or stock & seen or stock | seen != _DECK_MASK:
            raise bad("hands, turn-up and stock must hold the 32 cards once each")

    # flow -------------------------------------------------------------------

    def _start_game(self, previous: GameResult | None) -> None:
        s = self._state
        seats, plugin = self._first("ecarte_next_game", previous=previous)
        self._check_seats(seats, plugin, "ecarte_next_game", allow_cut=True)
        s.game_number += 1
        s.game_players = seats.players
        s.scores = (0,) * self.players
        s.game_hands = ()
        s.packets = None
        self._log.append(f"game {s.game_number}: seats {seats.players[0]} and {seats.players[1]}")
        self._notify_later("ecarte_game_started", {"number": s.game_number, "seats": seats})
        if seats.dealer is None:
            s._reset_hand(self.players, None, None)
            s.phase, s.to_act = Phase.CUT, CHANCE
        else:
            self._start_hand(seats.dealer)

    def _check_seats(self, seats: Any, plugin: str, hook: str, allow_cut: bool = False) -> None:
        def bad(why: str) -> PluginError:
            return PluginError(f"plugin {plugin!r}, hook {hook}: {why}")

        if not isinstance(seats, Seats):
            raise bad(f"returned {seats!r}, not Seats")
        a, b = seats.players
        if a == b or not all(isinstance(p, int) and 0 <= p < self.players for p in (a, b)):
            raise bad(f"players {seats.players!r} are not two seats of a table of {self.players}")
        if seats.dealer is None and not allow_cut:
            raise bad("the dealer must be named between hands")
        if seats.dealer is not None and seats.dealer not in seats.players:
            raise bad(f"dealer {seats.dealer!r} is not one of the players {seats.players}")

    def _start_hand(self, dealer: int) -> None:
        s = self._state
        s.hand_number += 1
        elder = self._other(dealer)
        s._reset_hand(self.players, dealer, elder)
        packets, plugin = self._first("ecarte_deal_packets", dealer=dealer)
        if packets == "choose":
            s.phase, s.to_act = Phase.PACKETS, dealer
        elif packets in ((3, 2), (2, 3)) and all(p.__class__ is int for p in packets):
            s.deal_packets = packets
            s.phase, s.to_act = Phase.DEAL, CHANCE
        else:
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_deal_packets: {packets!r} is not "
                "(3, 2), (2, 3) or 'choose'"
            )

    def _discard(self, seat: int, cards: int) -> None:
        s = self._state
        n = cards.bit_count()
        hand = s.held[seat] & ~cards
        s.discards |= cards
        for card in s.stock[:n]:
            hand |= 1 << card
        s.held = _set(s.held, seat, hand)
        s.stock = s.stock[n:]
        s.exchange_log = (*s.exchange_log, (seat, n))
        if seat == s.elder:
            s.phase, s.to_act = Phase.DEALER_DISCARD, s.dealer  # type: ignore[assignment]
        else:
            s.exchanges += 1
            s.phase, s.to_act = Phase.PROPOSE, s.elder  # type: ignore[assignment]

    def _start_play(self) -> None:
        s = self._state
        assert s.elder is not None and s.dealer is not None
        s.phase, s.to_act = Phase.PLAY, s.elder
        s.play = _core.PlayState(
            _context(s.trump, self.rules.rank_order),
            (s.held[s.elder], s.held[s.dealer]),
            0,  # the elder leads
            self._config.flags,
        )
        king = s.trump * 16 + Rank.KING
        if self.rules.king_announcement is KingAnnouncement.OPTIONAL:
            s.king_seats = tuple(p for p in (s.elder, s.dealer) if s.held[p] >> king & 1)
        if self.rules.king_announcement is KingAnnouncement.AUTOMATIC:
            for seat in (s.elder, s.dealer):
                if s.held[seat] >> king & 1:
                    s.announced = (*s.announced, seat)
                    points, plugin = self._first("ecarte_king_points", seat=seat, turned_up=False)
                    self._score(seat, points, "holds the king", plugin, "ecarte_king_points")

    def _play(self, seat: int, card: int) -> None:
        """A checked card (``apply`` plays most cards itself; this path is atomic)."""
        s = self._state
        status = s.play.apply(card)
        s.to_act = s.seats[s.play.to_move]
        if status == _core.PLAY_OVER:
            self._score_hand()

    def _score_hand(self) -> None:
        s = self._state
        assert s.dealer is not None and s.elder is not None
        outcome = HandOutcome(
            dealer=s.dealer,
            elder=s.elder,
            tricks=dict(zip(s.seats, s.play.won, strict=True)),
            exchanges=s.exchanges,
            elder_played_without_proposing=s.played_without_proposing,
            refused_after=s.refused_after,
        )
        points, plugin = self._first("ecarte_score_hand", outcome=outcome)
        if not (
            isinstance(points, dict)
            and set(points) <= {s.dealer, s.elder}
            and all(isinstance(v, int) and not isinstance(v, bool) for v in points.values())
        ):
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_score_hand: {points!r} is not a dict of "
                f"int points for seats {s.elder} and {s.dealer}"
            )
        for seat in sorted(points, key=lambda p: -points[p]):  # the larger claim first
            if points[seat]:
                self._score(seat, points[seat], "scores the tricks", plugin, "ecarte_score_hand")
                if s.phase is not Phase.PLAY:
                    return
        self._end_hand(complete=True)
        seats, plugin = self._first("ecarte_next_hand", previous=s.game_hands[-1])
        self._check_seats(seats, plugin, "ecarte_next_hand")
        s.game_players = seats.players
        self._start_hand(seats.dealer)

    def _score(self, seat: int, points: Any, why: str, plugin: str, hook: str) -> None:
        """Claim points; end the game the moment the target is reached."""
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise PluginError(f"plugin {plugin!r}, hook {hook}: {points!r} is not points (>= 0)")
        s = self._state
        s.scores = _set(s.scores, seat, s.scores[seat] + points)
        s.hand_points = _set(s.hand_points, seat, s.hand_points[seat] + points)
        if hook == "ecarte_king_points":
            s.hand_kings = _set(s.hand_kings, seat, s.hand_kings[seat] + points)
        self._log.append(("seat {} {}: +{} -> {}", (seat, why, points, s.scores[seat])))
        if s.scores[seat] >= self.rules.target:
            self._end_game(seat)

    def _end_hand(self, complete: bool) -> None:
        s = self._state
        assert s.dealer is not None and s.elder is not None
        players = (s.elder, s.dealer)
        won = s.tricks_won
        result = HandResult(
            number=s.hand_number,
            dealer=s.dealer,
            elder=s.elder,
            trump=Card.from_id(s.turnup),
            tricks={p: won[p] for p in players},
            points={p: s.hand_points[p] for p in players},
            kings={p: s.hand_kings[p] for p in players},
            complete=complete,
        )
        s.game_hands = (*s.game_hands, result)
        e, d = players
        self._log.append(
            (
                "hand {} over: tricks seat {} {}, seat {} {}; scores seat {} {}, seat {} {}",
                (s.hand_number, e, won[e], d, won[d], e, s.scores[e], d, s.scores[d]),
            )
        )
        self._notify_later("ecarte_hand_ended", {"result": result})

    def _end_game(self, winner: int) -> None:
        s = self._state
        self._end_hand(complete=s.play is not None and s.play.over)
        loser = self._other(winner)
        result = GameResult(
            number=s.game_number,
            players=s.game_players,
            winner=winner,
            loser=loser,
            scores={p: s.scores[p] for p in s.game_players},
            value=self.rules.game_value(s.scores[loser]),
            hands=tuple(s.game_hands),
        )
        s.games = (*s.games, result)
        s.games_won = _set(s.games_won, winner, s.games_won[winner] + 1)
        self._log.append(
            f"game {s.game_number} won by seat {winner} "
            f"{s.scores[winner]}-{s.scores[loser]} (worth {result.value})"
        )
        self._notify_later("ecarte_game_ended", {"result": result})
        status, plugin = self._first("ecarte_match_status", games=tuple(s.games))
        if not isinstance(status, MatchStatus) or (
            status.over
            and not (isinstance(status.winner, int) and 0 <= status.winner < self.players)
        ):
            raise PluginError(f"plugin {plugin!r}, hook ecarte_match_status: {status!r}")
        if status.over:
            s.phase, s.to_act, s.winner = Phase.OVER, TERMINAL, status.winner
            self._log.append(f"match won by seat {status.winner}")
            self._notify_later(
                "ecarte_match_ended", {"winner": status.winner, "games": tuple(s.games)}
            )
        else:
            self._start_game(result)
