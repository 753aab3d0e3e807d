"""The match: a Python facade over the match machine of the C core.

:class:`Game` is the public API. Its state is a machine of the live backend
(``ecarte.games.ecarte._machine.Machine``, Cython over ``ec_machine.c``, or its
pure-Python twin ``ecarte.games.ecarte._pymachine.Machine``): ``Game`` objects are
instances of a class built on that machine, so the calls of a playing loop
(``legal_actions``, ``apply``, ``to_act``, ``clone``) run in the machine. Hooks
that a plugin overrides stop the machine, and :mod:`ecarte.games.ecarte._hooks` asks the
plugin; records (history, log, results) are read from the machine's log
(:mod:`ecarte.games.ecarte._records`) when asked for.

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
import random
import reprlib
import types
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from attrs import frozen

from ecarte._cards import PIQUET_DECK, Card, CardSet, Rank, Suit
from ecarte._errors import (
    ArgumentError,
    CardParseError,
    IllegalActionError,
    PluginError,
    SaveFormatError,
)
from ecarte.engine import backend as _backend

from . import _hooks, _save
from ._records import ACTIONS, Records, card_mask
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
from .results import GameResult, HandResult
from .rules import KingAnnouncement, Rules

if TYPE_CHECKING:
    from ._pymachine import Machine as _Base
else:
    _Base = object

__all__ = ["CHANCE", "NUM_ACTION_IDS", "TERMINAL", "Game", "Observation", "Phase"]

CHANCE = -1
"""``Game.to_act`` when chance (a cut or a deal) moves next."""
TERMINAL = -2
"""``Game.to_act`` when the match is over."""
NUM_ACTION_IDS = 96
"""Integer action ids run from 0 to 95 (see :meth:`Game.action_id`)."""

_DISCARD_BASE = 64
_IDS: dict[Action, int] = {action: i for i, action in enumerate(ACTIONS)}
_STOP_IDLE, _STOP_HOOK = 0, 1
_ENOTNOW, _ENOTALLOWED, _EDISCARDN, _EBADANSWER, _ELOG, _ECUTLOOP = -20, -21, -22, -23, -24, -25
_EILLEGAL, _EBADCARD, _ENOUNDO, _EBADCHANCE = -13, -4, -26, -27


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


_PHASES = tuple(Phase)  # by the machine's phase number
_CHANCE_PHASES = (Phase.CUT, Phase.DEAL)
_EXPECTED: dict[Phase, tuple[type[Action], ...]] = {
    Phase.PACKETS: (ChoosePackets,),
    Phase.PROPOSE: (Propose, PlayHand),
    Phase.RESPOND: (Accept, Refuse),
    Phase.ELDER_DISCARD: (Discard,),
    Phase.DEALER_DISCARD: (Discard,),
    Phase.PLAY: (Play, AnnounceKing),
}


# ----------------------------------------------------------- legal action tables

_LEGAL_BY_MASK: dict[int, tuple[Action, ...]] = {}
"""Legal tuples by the low word of their id mask: the pure machine's cache (up to 65,536; the
compiled machine makes them from the id bits)."""


def _bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@lru_cache(maxsize=64)
def _positions(least: int, most: int) -> tuple[int, ...]:
    """The position masks (over a hand of five) of ``least`` to ``most`` cards, in order."""
    return tuple(m for m in range(32) if least <= m.bit_count() <= most)


class DiscardChoices(Sequence[Discard]):
    """The legal discards of a hand (what :meth:`Game.legal_actions` returns in a discard
    phase): a read-only sequence in action-id order, equal to the tuple of its items,
    whose :class:`~ecarte.Discard` objects are made when read (up to 31 per decision,
    most never looked at)."""

    __slots__ = ("_cards", "_masks")

    def __init__(self, hand: int, least: int, most: int) -> None:
        self._cards = tuple(_bits(hand))  # the hand's cards (one-bit masks) by position
        self._masks = _positions(least, most)

    def _subset(self, m: int) -> int:
        cards = 0
        for i, card in enumerate(self._cards):
            if m >> i & 1:
                cards |= card
        return cards

    def __len__(self) -> int:
        return len(self._masks)

    @overload
    def __getitem__(self, index: int) -> Discard: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Discard, ...]: ...

    def __getitem__(self, index: int | slice) -> Discard | tuple[Discard, ...]:
        if isinstance(index, slice):
            return tuple(_discard(self._subset(m)) for m in self._masks[index])
        return _discard(self._subset(self._masks[index]))

    def __iter__(self) -> Iterator[Discard]:
        return (_discard(self._subset(m)) for m in self._masks)

    def _id_of(self, action: object) -> int:
        """The action id of ``action`` if it is one of these discards, else -1."""
        if action.__class__ is not Discard:
            return -1
        cards = action.cards.mask
        m = 0
        for i, card in enumerate(self._cards):
            if cards & card:
                m |= 1 << i
        if self._subset(m) != cards or m not in self._masks:
            return -1
        return _DISCARD_BASE + m

    def __contains__(self, action: object) -> bool:
        return self._id_of(action) >= 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DiscardChoices):
            return (other._cards, other._masks) == (self._cards, self._masks)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: tuple[Action, ...]) -> tuple[Action, ...]:
        return (*self, *other)

    def __radd__(self, other: tuple[Action, ...]) -> tuple[Action, ...]:
        return (*other, *self)

    def __repr__(self) -> str:
        return repr(tuple(self))


def _discards(hand: int, least: int, most: int) -> DiscardChoices:
    """The discards of ``least`` to ``most`` cards of ``hand``, in action-id order (the id
    of a discard is 64 + the mask of its positions in the hand sorted by card)."""
    return DiscardChoices(hand, least, most)


_DISCARDS: dict[int, Discard] = {}


def _discard(cards: int) -> Discard:
    """The Discard of a card mask: one shared frozen object per mask (built without the
    attrs converter: the CardSet is made here)."""
    discard = _DISCARDS.get(cards)
    if discard is None:
        card_set = object.__new__(CardSet)
        object.__setattr__(card_set, "mask", cards)
        discard = object.__new__(Discard)
        object.__setattr__(discard, "cards", card_set)
        if len(_DISCARDS) < 1 << 15:
            _DISCARDS[cards] = discard
    return discard


for _module in {_backend.module("ecarte.machine", n) for n in _backend.available("ecarte.machine")}:
    _module.set_tables(ACTIONS, _LEGAL_BY_MASK, _discard, DiscardChoices)


# ------------------------------------------------------------------- views


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


class _View(NamedTuple):
    """The machine's fields at one moment (``Machine._m_view``, in its order), by name,
    with the table size and the derived views (seats of the hands, tricks) the facade
    reads. Positions 0 and 1 are the elder and the dealer."""

    phase: int
    to_act: int
    step: int
    dealer: int
    elder: int
    winner: int
    game_number: int
    hand_number: int
    game_players: tuple[int, int]
    chosen_packets: int
    deal_packets: int
    scores: tuple[int, ...]
    games_won: tuple[int, ...]
    held: tuple[int, int]
    turnup: int
    trump: int
    stock: tuple[int, ...]
    exchanges: int
    discarded: tuple[int, ...]
    played_without_proposing: int
    refused_after: int
    king_seats: int
    announced: int
    in_play: int
    complete: int
    hand_points: tuple[int, int]
    hand_kings: tuple[int, int]
    play_hands: tuple[int, int]
    play_cards: tuple[int, ...]
    play_leaders: tuple[int, ...]
    play_to_move: int
    play_won: tuple[int, int]
    disc_least: int
    disc_most: int
    seed: int
    auto_chance: int
    deal_at: int
    chance_count: int
    discards: int
    players: int

    def seat(self, pos: int) -> int:
        return self.dealer if pos else self.elder

    @property
    def hands(self) -> tuple[int, ...]:
        """Each table seat's hand (card masks)."""
        hands = [0] * self.players
        if self.dealer != 255:
            now = self.play_hands if self.in_play else self.held
            hands[self.elder], hands[self.dealer] = now
        return tuple(hands)

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick in progress as (seat, card id)."""
        if not self.in_play:
            return ()
        cards = self.play_cards
        start = len(cards) - len(cards) % 2
        leader = self.play_leaders[-1] if cards[start:] else 0
        return tuple((self.seat(leader ^ i), c) for i, c in enumerate(cards[start:]))

    @property
    def tricks(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The finished tricks as ((seat, card), (seat, card))."""
        if not self.in_play:
            return ()
        cards, out = self.play_cards, []
        for t in range(len(cards) // 2):
            lead = self.play_leaders[t]
            out.append(((self.seat(lead), cards[2 * t]), (self.seat(lead ^ 1), cards[2 * t + 1])))
        return tuple(out)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.players
        if self.in_play:
            won[self.elder], won[self.dealer] = self.play_won
        return tuple(won)

    @property
    def exchange_log(self) -> tuple[tuple[int, int], ...]:
        return tuple((self.seat(i % 2), n) for i, n in enumerate(self.discarded))

    @property
    def announced_seats(self) -> tuple[int, ...]:
        return tuple(self.seat(p) for p in (0, 1) if self.announced >> p & 1)

    @property
    def packets(self) -> tuple[int, int] | None:
        """The packets the dealer chose for this game."""
        p = self.chosen_packets
        return (p // 10, p % 10) if p else None


def _card(card_id: int) -> Card | None:
    return None if card_id > 63 else Card.from_id(card_id)


# --------------------------------------------------------------------- the game


class Game(_Base):
    """A match of écarté: games of hands up to the target, best of three by default.

    The state machine is driven by :meth:`apply` with the action of the seat
    :attr:`to_act`; chance (cut and deal) is drawn from ``seed`` unless
    ``auto_chance=False``, in which case :attr:`to_act` is :data:`CHANCE` and
    a :class:`~ecarte.Cut` or :class:`~ecarte.Deal` event is applied (or
    :meth:`apply_chance` draws one).

    ``variant`` names installed variants (entry points ``ecarte.variants``);
    ``plugins`` are extra plugin objects (or classes, instantiated per game).
    A game's plugin instances are its own; the hook tables of a set of plugin
    classes are built once and shared.

    Hot methods (``legal_actions``, ``apply``, ``to_act``, ``is_over``,
    ``clone``) come from the machine class of the live backend; a ``Game``
    object is an instance of a subclass of both.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Game:
        if cls is Game:
            cls = _game_class(_backend.live())
            return cls.__new__(cls)  # the machine's allocator
        return super().__new__(cls)

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        variant: str | Sequence[str] | None = None,
        plugins: Iterable[object] = (),
        auto_chance: bool = True,
    ) -> None:
        config = _hooks.game_config(rules, variant, plugins)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        elif seed.__class__ is not int:
            raise ArgumentError(f"seed must be an int (or None), not {reprlib.repr(seed)}")
        elif not -(1 << 63) <= seed < 1 << 64:
            raise ArgumentError(
                f"seed must be an int in [-2**63, 2**64), not an int of {seed.bit_length()} bits"
            )
        if auto_chance is not True and auto_chance is not False:
            raise ArgumentError(f"auto_chance must be a bool, not {reprlib.repr(auto_chance)}")
        self._config = config
        self._records = None
        self._busy = False
        self._silent = False
        self._notified = 0
        status = self._m_start(config.machine, seed & (1 << 64) - 1, auto_chance, config.flags)
        if status != _STOP_IDLE:
            self._continue(status, None)  # the first game's hooks
        if config.notifications:
            self._notify(0)

    # ------------------------------------------------------------------ views

    @property
    def rules(self) -> Rules:
        """The rules in force (after the variants configured them)."""
        return self._config.rules  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        """Number of players at the table."""
        return self._config.players  # type: ignore[no-any-return]

    @property
    def variants(self) -> tuple[str, ...]:
        """Names of the variants this game was created with."""
        return self._config.variants  # type: ignore[no-any-return]

    @property
    def seed(self) -> int:
        """The seed chance events are drawn from (event k from the seed and k), as an
        unsigned 64-bit int (a negative seed counts modulo 2**64)."""
        return self._view().seed

    @property
    def _state(self) -> _View:
        """The machine's fields now (for tests and the views below)."""
        return self._view()

    def _view(self) -> _View:
        return _View._make((*self._m_view(), self._config.players))

    @property
    def phase(self) -> Phase:
        """Where the match stands (see :class:`Phase`)."""
        phase: Phase = _PHASES[self._m_phase]
        return phase

    @property
    def winner(self) -> int | None:
        """The winner of the match, once it is over."""
        w = self._m_view()[5]
        return None if w < 0 else w

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each table player in the current (or last) game."""
        return self._m_view()[11]  # type: ignore[no-any-return]

    @property
    def games_won(self) -> tuple[int, ...]:
        """Games won in this match by each table player."""
        return self._m_view()[12]  # type: ignore[no-any-return]

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """The finished games of the match, in order."""
        return tuple(self._read().games)

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """The finished hands of the current game."""
        return tuple(self._read().game_hands)

    @property
    def game_players(self) -> tuple[int, int]:
        """The two table players of the current game."""
        return self._m_view()[8]  # type: ignore[no-any-return]

    @property
    def dealer(self) -> int | None:
        """The dealer of the current hand (None before the first cut)."""
        d = self._m_view()[3]
        return None if d == 255 else d

    @property
    def elder(self) -> int | None:
        """The non-dealer of the current hand, who proposes and leads first."""
        e = self._m_view()[4]
        return None if e == 255 else e

    @property
    def turnup(self) -> Card | None:
        """The turned-up card of the current hand (None before the deal)."""
        return _card(self._m_view()[14])

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current hand (None before the deal)."""
        t = self._m_view()[15]
        return None if t < 0 else Suit(t)

    @property
    def exchanges(self) -> tuple[tuple[int, int], ...]:
        """Each discard of this hand so far, as (seat, number of cards): public facts."""
        return self._view().exchange_log

    @property
    def chosen_packets(self) -> tuple[int, int] | None:
        """The packets the dealer chose for this game, if they chose."""
        return self._view().packets

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._m_view()[16])

    @property
    def game_number(self) -> int:
        """The number of the current game of the match (from 1)."""
        return self._m_view()[6]  # type: ignore[no-any-return]

    @property
    def hand_number(self) -> int:
        """Number of hands begun in the match so far."""
        return self._m_view()[7]  # type: ignore[no-any-return]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won in the current hand by each table player."""
        return self._view().tricks_won

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick so far, as (seat, card)."""
        return tuple((p, Card.from_id(c)) for p, c in self._view().trick)

    @property
    def history(self) -> tuple[Action | Event, ...]:
        """Every action and chance event, in order: :meth:`replay` rebuilds the game."""
        return tuple(self._read().history)

    @property
    def log(self) -> tuple[str, ...]:
        """A readable account of the match (actions, scores, results)."""
        return tuple(self._read().text())

    def _read(self) -> Records:
        """The records of the log so far (read from where the last reading stopped)."""
        records: Records | None = self._records
        end = self._m_nlog
        if records is None or records.offset > end:
            records = self._records = Records(self._config.players)
        if records.offset < end:
            records.read(self._m_log(records.offset), records.offset)
        return records

    def plugin(self, name: str) -> object:
        """The plugin registered under ``name`` in this game (a variant's name,
        or a plugin object's ``NAME``); raises KeyError if there is none."""
        return self._config.hooks.plugin(name)

    @property
    def plugin_names(self) -> tuple[str, ...]:
        """The names of this game's plugins, classic included."""
        return self._config.hooks.names  # type: ignore[no-any-return]

    def describe(self, seat: int | None = None) -> tuple[str, ...]:
        """Lines in which the variants describe their own state for ``seat`` (None: a
        spectator), for display (hook ``ecarte_describe``); empty for classic rules."""
        if seat is not None:
            self._check_seat(seat)
        return _hooks.describe(self, seat)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (the whole truth: use :meth:`observation` for views)."""
        self._check_seat(seat)
        return CardSet(self._view().hands[seat])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        self._check_seat(seat)
        v = self._view()
        return Observation(
            seat=seat,
            rules=self.rules,
            phase=_PHASES[v.phase],
            to_act=v.to_act,
            dealer=None if v.dealer == 255 else v.dealer,
            elder=None if v.elder == 255 else v.elder,
            hand=CardSet(v.hands[seat]),
            turnup=_card(v.turnup),
            trump=None if v.trump < 0 else Suit(v.trump),
            stock_size=len(v.stock),
            exchanges=v.exchange_log,
            trick=tuple((p, Card.from_id(c)) for p, c in v.trick),
            tricks=tuple(tuple((p, Card.from_id(c)) for p, c in t) for t in v.tricks),
            tricks_won=v.tricks_won,
            played_without_proposing=bool(v.played_without_proposing),
            refused_after=None if v.refused_after == 255 else v.refused_after,
            kings_announced=v.announced_seats,
            scores=v.scores,
            games_won=v.games_won,
        )

    def __repr__(self) -> str:
        v = self._view()
        return (
            f"<Game {_PHASES[v.phase].value} game {v.game_number} hand {v.hand_number} "
            f"scores {v.scores} games {v.games_won} to_act {v.to_act}>"
        )

    # ---------------------------------------------------------- legal actions

    def _legal_slow(self) -> Sequence[Action]:
        """``legal_actions`` when plugins are involved (vetoes), or inside a hook."""
        if self._busy:
            return ()
        low, high = self._m_legal()
        v = self._view()
        if high:
            pos = v.phase == 6
            legal: tuple[Action, ...] = tuple(_discards(v.held[pos], v.disc_least, v.disc_most))
        else:
            legal = tuple(ACTIONS[b.bit_length() - 1] for b in _bits(low))
        if self._config.validators and legal:
            legal = self._asking(_hooks.unvetoed, v.to_act, legal)
        self._legal = legal
        return legal

    def _asking(self, ask: Any, *args: Any) -> Any:
        """Call ``ask(self, *args)``, a question to the plugins, as the game's hooks are
        called: the game may be read, not changed or copied, meanwhile."""
        self._busy = True
        try:
            return ask(self, *args)
        finally:
            self._busy = False

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
            card = action.card
            if card not in PIQUET_DECK:
                raise IllegalActionError(f"{action}: not a card of the piquet deck")
            return int(card.suit) * 8 + int(card.rank) - Rank.SEVEN
        if isinstance(action, Discard):
            hand = tuple(CardSet(self._view().hands[max(self.to_act, 0)]))
            m = 0
            for card in action.cards:
                if card not in hand:
                    raise IllegalActionError(f"{action}: {card} is not in the hand")
                m |= 1 << hand.index(card)
            return _DISCARD_BASE + m
        try:
            return _IDS[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} has no action id") from None

    def action_from_id(self, action_id: int) -> Action:
        """The action with that id in this state (see :meth:`action_id`)."""
        if action_id.__class__ is not int:
            raise IllegalActionError(f"an action id is an int, not {action_id!r}")
        if 0 <= action_id < len(ACTIONS):
            return ACTIONS[action_id]
        if _DISCARD_BASE <= action_id < _DISCARD_BASE + 32:
            hand = tuple(CardSet(self._view().hands[max(self.to_act, 0)]))
            m = action_id - _DISCARD_BASE
            if m >> len(hand):
                raise IllegalActionError(f"action id {action_id}: the hand has {len(hand)} cards")
            return _discard(sum(c.mask for i, c in enumerate(hand) if m >> i & 1))
        raise IllegalActionError(f"no action has id {action_id!r}")

    # -------------------------------------------------------------- applying

    def _apply_slow(self, action: Any, seat: Any, action_id: int) -> None:
        """``apply`` off the machine's fast path: text, events, a seat to check, plugins."""
        if self._busy:
            self._refuse_mid_step("apply()")
        if isinstance(action, str):
            action = parse_record(action)
            action_id = -1
        v = self._view()
        phase = _PHASES[v.phase]
        if seat is not None and (seat.__class__ is not int or seat != v.to_act):
            if seat.__class__ is not int:
                raise IllegalActionError(f"a seat is an int, not {seat!r}")
            if v.to_act < 0:
                raise IllegalActionError(f"seat {seat} cannot act: {self._who_acts(v)}")
            raise IllegalActionError(f"it is seat {v.to_act}'s turn, not seat {seat}'s")
        if isinstance(action, Event):
            self._apply_event(action, v)
            return
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if phase in _CHANCE_PHASES or phase is Phase.OVER:
            raise IllegalActionError(f"{action}: {self._who_acts(v)}")
        expected = _EXPECTED[phase]
        if not isinstance(action, expected):
            names = " or ".join(t.__name__ for t in expected)
            raise IllegalActionError(
                f"{action}: seat {v.to_act} must choose {names} now (phase {phase.value})"
            )
        if action_id < 0:
            if isinstance(action, Discard) and action.cards.mask & ~v.hands[v.to_act]:
                missing = action.cards - CardSet(v.hands[v.to_act])
                raise IllegalActionError(f"{action}: seat {v.to_act} does not hold {missing}")
            action_id = self.action_id(action)
        if self._config.validators and not isinstance(action, Play):
            offered = self.legal_actions()
            if action not in offered:
                veto, plugin = self._asking(_hooks.first_veto, v.to_act, action)
                if veto is not None:
                    raise IllegalActionError(f"{action}: {veto} (variant {plugin!r})")
        self._run(self._m_apply, (action_id,), action)

    def _apply_event(self, event: Event, v: _View) -> None:
        phase = _PHASES[v.phase]
        if phase not in _CHANCE_PHASES:
            raise IllegalActionError(f"{event}: no chance event is due ({self._who_acts(v)})")
        if isinstance(event, Cut):
            cards = event.cards
            if phase is not Phase.CUT:
                raise IllegalActionError(f"{event}: a deal is due, not a cut")
            if (
                len(cards) != 2
                or not all(isinstance(c, Card) and c in PIQUET_DECK for c in cards)
                or cards[0] == cards[1]
            ):
                raise IllegalActionError(f"{event}: a cut is two different cards of the deck")
            ids: tuple[int, ...] = (cards[0].id, cards[1].id)
        elif isinstance(event, Deal):
            order = event.order
            if phase is not Phase.DEAL:
                raise IllegalActionError(f"{event}: a cut is due, not a deal")
            if (
                len(order) != 32
                or not all(isinstance(c, Card) for c in order)
                or CardSet.of(order) != PIQUET_DECK
            ):
                raise IllegalActionError(
                    f"{event}: a deal orders the 32 cards of the deck once each"
                )
            ids = tuple(c.id for c in order)
        else:
            raise IllegalActionError(f"not a chance event: {event!r}")
        self._run(self._m_chance, (ids,), event)

    def apply_chance(self) -> Event:
        """Draw the chance event due from the game's seed, and apply it."""
        drawn = self._m_draw()
        if not drawn:
            raise IllegalActionError(f"no chance event is due: {self._who_acts(self._view())}")
        cards = tuple(Card.from_id(c) for c in drawn)
        event: Event = Cut((cards[0], cards[1])) if len(cards) == 2 else Deal(cards)
        self.apply(event)
        return event

    def _run(self, call: Any, args: tuple[Any, ...], action: Any = None) -> None:
        """Run one machine call to its end, answering the hooks it stops at; atomically:
        on any error the machine is restored. Then notify plugins of what it ended."""
        if self._busy:
            self._refuse_mid_step("apply()")
        start = self._m_nlog
        if self._config.flags & 1:  # a plugin's hook may fail: keep the state
            self._m_save()
            try:
                status = call(*args)
            except BaseException:
                self._m_restore()
                raise
            self._continue(status, action)
        else:  # the machine changes nothing when it refuses
            status = call(*args)
            if status < 0:
                self._fail(status, action)
        if self._config.notifications:
            self._notify(start)

    def _continue(self, status: int, action: Any) -> None:
        """Answer the hooks the machine stops at until it waits for a decision; on any
        error, restore the state saved before the call (``_m_save``) and raise."""
        self._busy = True
        try:
            while status == _STOP_HOOK:
                status = self._m_answer(_hooks.answer(self))
            if status < 0:
                self._fail(status, action)
        except BaseException:
            self._m_restore()
            self._records = None  # it may have read what the failed step wrote
            raise
        finally:
            self._busy = False

    def _notify(self, start: int) -> None:
        """Send the notifications of what the log says since ``start`` (never from clones)."""
        if self._silent:
            return
        records = self._read()
        events = [e for e in records.events if e[0] >= start]
        if not events:
            return
        self._notified = self._m_nlog
        errors: list[Exception] = []
        for _, hook, kwargs in events:
            errors += _hooks.notify(self, hook, kwargs)
        if errors:
            raise PluginError(
                "the action was applied, but plugin notifications failed: "
                + "; ".join(map(str, errors))
            ) from errors[0]

    def _fail(self, status: int, action: Any) -> None:
        """Raise the error a machine status stands for (the state is restored)."""
        if status == _ECUTLOOP:
            raise PluginError("hook ecarte_cut asked for a new cut 100 times in a row")
        if status in (_EBADANSWER, _ELOG):
            raise PluginError(f"the match machine refused a hook answer (status {status})")
        if action is None:
            raise IllegalActionError(f"the match machine refused (status {status})")
        self._illegal(action, -1, status)

    def _illegal(self, action: Any, action_id: int, status: int) -> None:
        """Raise the IllegalActionError explaining why the machine refused ``action``."""
        v = self._view()
        seat = v.to_act
        if isinstance(action, Event) or status == _EBADCHANCE:
            raise IllegalActionError(f"{action}: not a chance event due now")
        in_play = _PHASES[v.phase] is Phase.PLAY and not v.step
        if isinstance(action, Play) and in_play:
            card = action.card
            if not v.hands[seat] >> card.id & 1:
                raise IllegalActionError(f"{card}: seat {seat} does not hold that card")
            if v.trick:
                raise IllegalActionError(f"{card}: {self._why_illegal(v, card)}")
        if isinstance(action, AnnounceKing) and in_play:
            raise IllegalActionError(self._why_no_king(v))
        if isinstance(action, Discard):
            n = len(action.cards)
            if n > v.disc_most:
                raise IllegalActionError(
                    f"{action}: seat {seat} may discard at most {v.disc_most} now "
                    f"(the stock holds {len(v.stock)})"
                )
            raise IllegalActionError(f"{action}: seat {seat} must discard at least {v.disc_least}")
        if isinstance(action, Propose | PlayHand | Accept | Refuse) and status == _ENOTALLOWED:
            if self._config.validators:
                veto, plugin = self._asking(_hooks.first_veto, seat, action)
                if veto is not None:
                    raise IllegalActionError(f"{action}: {veto} (variant {plugin!r})")
            if isinstance(action, Propose):
                raise IllegalActionError(
                    f"propose: the stock ({len(v.stock)} cards) cannot serve another "
                    "exchange, or the variant forbids it"
                )
            raise IllegalActionError(f"{action}: not allowed now")
        phase = _PHASES[v.phase]
        if phase in _CHANCE_PHASES or phase is Phase.OVER or v.step:
            raise IllegalActionError(f"{action}: {self._who_acts(v)}")
        expected = _EXPECTED[phase]
        names = " or ".join(t.__name__ for t in expected)
        raise IllegalActionError(
            f"{action}: seat {seat} must choose {names} now (phase {phase.value})"
        )

    def _why_no_king(self, v: _View) -> str:
        seat = v.to_act
        if self.rules.king_announcement is KingAnnouncement.AUTOMATIC:
            return "king: the king of trumps is scored automatically under these rules"
        if v.phase != 7 or not v.hands[seat] >> (v.trump * 16 + Rank.KING) & 1:
            return f"king: seat {seat} does not hold the king of trumps"
        if seat in v.announced_seats:
            return f"king: seat {seat} has already announced the king"
        return f"king: too late, seat {seat} has already played a card this hand"

    def _why_illegal(self, v: _View, card: Card) -> str:
        seat = v.to_act
        led = Card.from_id(v.trick[0][1])
        hand = CardSet(v.hands[seat])
        legal = CardSet(card_mask(self._m_legal()[0] & 0xFFFFFFFF))
        if hand.suit(led.suit) and card.suit != led.suit:
            return f"must follow suit {led.suit.symbol} (legal: {legal})"
        if card.suit == led.suit:
            return f"must win the trick if able: play a higher {led.suit.symbol} (legal: {legal})"
        return f"void in {led.suit.symbol}, must trump (legal: {legal})"

    def undo(self) -> None:
        """Take back the last :meth:`apply` (with the chance events it triggered)."""
        if self._busy:
            self._refuse_mid_step("undo()")
        last = self._m_last_input
        if last < 0:
            raise IllegalActionError("nothing to undo")
        if last < self._notified:
            raise IllegalActionError(
                "cannot undo: plugins were notified of what that action ended (a hand, "
                "a game or the match) and would not be told it was taken back; search "
                "forward on a clone(), which sends no notifications and can undo what "
                "it applies itself"
            )
        status = self._m_undo()
        assert status == _STOP_IDLE, status
        self._records = None  # the log is written anew from here
        if self._view().auto_chance and self.phase in _CHANCE_PHASES:
            self._m_resume()  # the chance drawn with the undone action's predecessor

    def __copy__(self) -> Game:
        return self.clone()

    def _refuse_mid_step(self, what: str) -> None:
        """Raise: a hook sees the game between two states, which it may read but not
        change or copy."""
        raise IllegalActionError(
            f"{what} from inside a plugin hook: the game is applying an action; read "
            "it there, and act from a notification hook, which runs once it is done"
        )

    @classmethod
    def replay(
        cls,
        history: Iterable[Action | Event | str],
        rules: Rules | str | None = None,
        *,
        variant: str | Sequence[str] | None = None,
        plugins: Iterable[object] = (),
        seed: int | None = None,
        auto_chance: bool | None = None,
    ) -> Game:
        """Rebuild a game from its :attr:`history` (chance events included, as events or
        their text).

        Pass the rules and variants the game was played with. With its :attr:`seed`
        the rebuilt game also draws the same future chance events as the original:
        ``auto_chance`` defaults to True when a seed is given (a history that stops
        before a cut or a deal continues with the seed's), else to False (chance waits
        for events). A record that cannot be applied raises the error of ``apply``
        (:class:`IllegalActionError`, :class:`CardParseError` for bad text) with the
        record's index and text.
        """
        if auto_chance is None:
            auto_chance = seed is not None
        elif auto_chance is not True and auto_chance is not False:
            raise ArgumentError(f"auto_chance must be a bool, not {reprlib.repr(auto_chance)}")
        records: object = history
        if isinstance(records, str | bytes) or not isinstance(records, Iterable):
            raise ArgumentError(f"history must be an iterable of records, not {history!r}")
        game = cls(rules, variant=variant, plugins=plugins, seed=seed, auto_chance=False)
        for i, record in enumerate(history):
            try:
                game.apply(record)
            except (IllegalActionError, CardParseError) as exc:
                raise type(exc)(f"history record {i} ({record}): {exc}") from exc
        if auto_chance:
            game._m_set_auto(True)
            if game.phase in _CHANCE_PHASES:
                game._run(game._m_resume, ())
        return game

    def rebuild(self) -> Game:
        """A fresh game replayed from this one's history, rules, variants and seed
        (plugin objects passed as ``plugins=`` are not part of it)."""
        return Game.replay(
            self.history,
            self._config.asked_rules,  # the variants configure them again
            variant=self.variants,
            seed=self.seed,
            auto_chance=bool(self._view().auto_chance),
        )

    # ---------------------------------------------------- saving and restoring

    def to_dict(self) -> dict[str, Any]:
        """The game as a saved document of plain JSON values (format ``ecarte-save``,
        :data:`ecarte.games.ecarte._save.VERSION`): the rules asked for, the variants, the plugin
        objects with their options, the seed, ``auto_chance``, the history as text and
        each plugin's state (hook ``ecarte_save_state``). See docs/api.md, "Saving and
        restoring"."""
        return _save.to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text."""
        return _save.to_json(self, indent)

    @classmethod
    def from_dict(cls, d: Any, *, plugins: Sequence[object] = ()) -> Game:
        """The game saved by :meth:`to_dict`: a new game with the same rules, plugins and
        seed, the history replayed, then each plugin's state restored (hook
        ``ecarte_restore_state``). ``plugins`` gives back, in order, fresh plugin
        objects for those saved without options (objects that cannot be rebuilt by
        name). A corrupt, foreign or newer document raises :class:`SaveFormatError`
        naming the field."""
        return _save.from_dict(cls, d, plugins)

    @classmethod
    def from_json(cls, text: str | bytes, *, plugins: Sequence[object] = ()) -> Game:
        """The game saved by :meth:`to_json` (see :meth:`from_dict`)."""
        return _save.from_json(cls, text, plugins)

    def _check_saveable(self, what: str) -> None:
        names = _save.unsaveable(self)
        if names:
            raise SaveFormatError(
                f"{what}: the plugin objects {names} cannot be rebuilt by name (they are "
                "not an installed variant's class with save_options()); save with to_dict() "
                "and pass fresh ones to from_dict(d, plugins=[...])"
            )

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        """Pickle through :meth:`to_dict`: unpickling rebuilds the game (see
        :meth:`from_dict`), with plugin instances of its own."""
        self._check_saveable("pickle")
        return (_save.unpickle, (self.to_dict(),))

    def __deepcopy__(self, memo: Any) -> Game:
        """``from_dict(to_dict())``: an independent game with plugin instances of its own,
        their state restored (``copy.copy`` is :meth:`clone`, which shares them)."""
        self._check_saveable("deepcopy")
        return _save.unpickle(self.to_dict())

    # ------------------------------------------------------------- internals

    def _check_seat(self, seat: int) -> None:
        if not (seat.__class__ is int and 0 <= seat < self.players):
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.players}")

    @staticmethod
    def _who_acts(v: _View) -> str:
        phase = _PHASES[v.phase]
        if phase is Phase.OVER:
            return "the match is over"
        if phase in _CHANCE_PHASES:
            return f"chance moves next (a {'Cut' if phase is Phase.CUT else 'Deal'} event)"
        return f"seat {v.to_act} is to act in phase {phase.value}"


@cache
def _game_class(backend: str) -> type[Game]:
    """The class of the games made while ``backend`` is live: Game on that backend's
    machine (the machine's methods win: they are the fast ones)."""
    machine = _backend.module("ecarte.machine", backend).Machine
    cls = types.new_class("Game", (machine, Game), {}, lambda ns: ns.update(__slots__=()))
    cls.__module__ = __name__
    cls.__qualname__ = "Game"
    cls.__doc__ = Game.__doc__
    game_class: type[Game] = cls
    return game_class
