"""The Euchre game state: a facade over the engine's Euchre machine
(the C core's ``ec_euchre_game`` through ``_machine.pyx``, or its pure twin
``_pure_machine.py``, whichever backend is live when the game is made).

Action ids, for a deck of ``n`` cards (24, 25 or 32): 0..n-1 a card (``rank * 4 + suit``
from the deck's lowest rank, suits ♣ ♦ ♥ ♠; the joker of the 25-card deck is 24), ``n``
pass, ``n+1..n+4`` name clubs, diamonds, hearts, spades (trumps), ``n+5`` go alone,
``n+6`` play with the partner, ``n+7`` take up the ordered card and ``n+8`` decline it
(with ``dealer_may_decline`` only). With 24 cards they are OpenSpiel's ``euchre`` ids
(the module constants :data:`PASS`, :data:`CALL`, ...). Chance outcomes use the same
ids: 0..3 the dealer, a card id the card dealt next.
"""

from __future__ import annotations

import enum
import random
import reprlib
import threading
import types
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from attrs import frozen

from ecarte import Card, CardSet, IllegalActionError, Suit
from ecarte._errors import ArgumentError, ArgumentTypeError
from ecarte._errors import shown as quoted
from ecarte.engine import backend as _backend

from . import save as _save
from ._pure_machine import EuchreGameTotals, _apply_each
from ._pure_machine import EuchreMachine as _PureMachine
from .actions import (
    _SUIT_NAMES,
    JOKER,
    ActionIds,
    EuchreAction,
    EuchreCard,
    Joker,
    Kind,
)
from .batch import random_euchre_games
from .tables import JOKER_ID as EUCHRE_JOKER

if TYPE_CHECKING:
    _Base = _PureMachine
else:
    _Base = object
from .rules import DealOrder, EuchreRules, Lead, LoneDefenderScoring

__all__ = ["CHANCE", "TERMINAL", "EuchreGame", "EuchreObservation", "Phase", "random_games"]

_HISTORY_READ: dict[tuple[int, int, int, int], tuple[tuple[int, ...], list[Any], Any]] = {}
"""The last histories read (by deck, flags, target and seed): the ids, their actions, and
the probe machine at their end (``EuchreGame.history`` goes on from there)."""
_HISTORY_LOCK = threading.Lock()

CHANCE = -1
"""``to_act`` when a chance outcome (the dealer, a card dealt) is due."""
TERMINAL = -2
"""``to_act`` when the game is over."""


class Phase(enum.Enum):
    DEALER = "dealer"  # chance: who deals
    DEAL = "deal"  # chance: the next card
    BID = "bid"  # first round: pass or order up the turned suit
    BID2 = "bid2"  # second round: pass or name another suit
    TAKE = "take"  # the dealer takes up or declines the ordered card (seed)
    DISCARD = "discard"
    ALONE = "alone"  # the maker, then (options) its partner, the defenders: alone or not
    PLAY = "play"
    OVER = "over"
    NAME = "name"  # a joker was turned up: the dealer names trumps


_DOING = {
    Phase.DEALER: "the cards are drawn for the deal next",
    Phase.DEAL: "the cards are dealt next",
    Phase.BID: "seat {} orders up the turned card or passes",
    Phase.BID2: "seat {} names a trump suit or passes",
    Phase.TAKE: "seat {}, the dealer, takes up the ordered card or declines it",
    Phase.DISCARD: "seat {}, the dealer, discards a card",
    Phase.ALONE: "seat {} goes alone or plays with the partner",
    Phase.PLAY: "seat {} plays a card",
    Phase.NAME: "seat {}, the dealer, names trumps",
    Phase.OVER: "the game is over",
}
"""What happens now in each phase, in the game's words (for messages)."""


def _phases_of(binding: Any) -> tuple[Phase, ...]:
    """The phases by the machine's phase number, from the binding's ``PH_*`` constants
    (``Phase.DEALER`` is ``PH_DEALER``...)."""
    by_number = {getattr(binding, "PH_" + phase.name): phase for phase in Phase}
    return tuple(by_number[n] for n in range(len(by_number)))


class _Deck:
    """Everything a deck's action ids mean, built once per deck."""

    def __init__(self, n: int) -> None:
        probe = _PureMachine(n, 0, 0, 0, False)
        self.n = n
        self.ids = ActionIds(n, n, n + 1, n + 5, n + 6, n + 7, n + 8)
        self.core = tuple(probe.core_card(i) for i in range(n))
        self.card_id = {c: i for i, c in enumerate(self.core)}
        self.cards: tuple[EuchreCard, ...] = tuple(
            JOKER if c == EUCHRE_JOKER else Card.from_id(c) for c in self.core
        )
        self.plays = tuple(EuchreAction(Kind.PLAY, i, i, c) for i, c in enumerate(self.cards))
        self.deals = tuple(EuchreAction(Kind.DEAL, i, i, c) for i, c in enumerate(self.cards))
        self.discards = tuple(EuchreAction(Kind.DISCARD, i, i, c) for i, c in enumerate(self.cards))
        self.dealers = tuple(EuchreAction(Kind.DEALER, s, s) for s in range(4))
        self.decisions = {
            n: EuchreAction(Kind.PASS, 0, n),
            **{n + 1 + s: EuchreAction(Kind.CALL, s, n + 1 + s) for s in range(4)},
            n + 5: EuchreAction(Kind.ALONE, 0, n + 5),
            n + 6: EuchreAction(Kind.PARTNER, 0, n + 6),
            n + 7: EuchreAction(Kind.TAKE, 0, n + 7),
            n + 8: EuchreAction(Kind.DECLINE, 0, n + 8),
        }

    def action(self, phase: Phase, i: int) -> EuchreAction | None:
        """What id ``i`` means in ``phase`` (None: nothing)."""
        if 0 <= i < self.n:
            if phase is Phase.PLAY:
                return self.plays[i]
            if phase is Phase.DEAL:
                return self.deals[i]
            if phase is Phase.DISCARD:
                return self.discards[i]
            if phase is Phase.DEALER and i < 4:
                return self.dealers[i]
            return None
        return self.decisions.get(i)


@cache
def _deck(n: int) -> _Deck:
    return _Deck(n)


_CARD_VERBS = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.DEAL: "deal"}
"""The word a card's text may follow in each phase where an action is a card."""

# seat offsets from the dealer of the 20 cards dealt in packets 3-2-3-2, 2-3-2-3
_PACKET_SEATS = tuple(
    s for packet, n in enumerate((3, 2, 3, 2, 2, 3, 2, 3)) for s in [packet % 4 + 1] * n
)


@frozen
class EuchreObservation:
    """What one seat may know: never another hand, the undealt cards or (but for the
    dealer) the discard. ``hand`` holds the seat's suited cards; ``joker`` says whether it
    also holds the joker (25-card deck)."""

    seat: int
    phase: Phase
    dealer: int | None
    hand: CardSet
    joker: bool
    upcard: EuchreCard | None
    bids: tuple[tuple[int, str], ...]
    trump: Suit | None
    maker: int | None
    alone: tuple[int, ...]
    declined: bool
    """The dealer declined the card ordered up this deal (``dealer_may_decline``): the
    suit is trumps all the same, the dealer kept the hand dealt."""
    discard: EuchreCard | None
    tricks: tuple[tuple[tuple[int, EuchreCard], ...], ...]
    trick: tuple[tuple[int, EuchreCard], ...]
    tricks_won: tuple[int, int]
    scores: tuple[int, int]
    to_act: int

    def to_dict(self) -> dict[str, Any]:
        """This observation as plain JSON values: cards as their text (``"J♠"``,
        ``"Joker"``), the trump as its symbol, the phase by value, pairs as objects
        (``{"seat": 1, "card": "J♠"}``, ``{"seat": 2, "bid": "pass"}``). Nothing in it is
        hidden from :attr:`seat` (unlike the game's save, which stays on the server)."""
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": [str(c) for c in self.hand],
            "joker": self.joker,
            "upcard": None if self.upcard is None else str(self.upcard),
            "bids": [{"seat": s, "bid": b} for s, b in self.bids],
            "trump": None if self.trump is None else self.trump.symbol,
            "maker": self.maker,
            "alone": list(self.alone),
            "declined": self.declined,
            "discard": None if self.discard is None else str(self.discard),
            "tricks": [_played(t) for t in self.tricks],
            "trick": _played(self.trick),
            "tricks_won": list(self.tricks_won),
            "scores": list(self.scores),
        }


_T = TypeVar("_T")

_RULES_FIXED = "the rules of a game cannot change: make a new EuchreGame under the new rules"


def _known(value: int, of: Callable[[int], _T]) -> _T | None:
    """``of(value)``, or None where the machine says -1 (none yet)."""
    return None if value < 0 else of(value)


def _played(trick: Sequence[tuple[int, EuchreCard]]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": str(c)} for s, c in trick]


@cache
def _engine_options(rules: EuchreRules) -> tuple[int, int, int]:
    """``(deck, flags, target)`` of the engine's machine for these rules."""
    flags = (
        _PureMachine.STICK * rules.stick_the_dealer
        | _PureMachine.DECLINE * rules.dealer_may_decline
        | _PureMachine.LONE_DEFENDER * rules.allow_lone_defender
        | _PureMachine.LONE_FOUR * (rules.lone_defender_scoring is LoneDefenderScoring.FOUR)
        | _PureMachine.LEAD_LONE * (rules.lead is Lead.LEFT_OF_LONE)
        | _PureMachine.ONE_BY_ONE * (rules.deal_order is DealOrder.ONE_BY_ONE)
        | _PureMachine.DISCARD_UP * rules.dealer_may_discard_upcard
        | _PureMachine.ANYONE_ALONE * rules.anyone_alone
    )
    return rules.deck, flags, rules.target


@cache
def _num_action_ids(rules: EuchreRules) -> int:
    """The length of the legal action mask: ``n + 9`` for a deck of ``n`` cards, or
    OpenSpiel's 31 under the ``openspiel`` presets (the machine's ``num_action_ids``)."""
    return 31 if rules.is_openspiel else rules.deck + 9


def random_games(
    n: int,
    seed: int,
    rules: EuchreRules | None = None,
    *,
    workers: int = 1,
    progress: bool = False,
) -> EuchreGameTotals:
    """Play ``n`` random games under ``rules`` (default: the standard game to 10) in the
    C core, every decision uniform among the legal ones, and return the totals
    (:func:`ecarte.batch.random_euchre_games`).

    >>> t = random_games(1000, seed=1, rules=EuchreRules.openspiel())
    >>> t.games, t.deals, sum(t.points)  # single deals, stick the dealer, zero-sum
    (1000, 1000, 0)
    """
    if rules is None:
        rules = EuchreRules.standard()
    elif not isinstance(rules, EuchreRules):
        raise ArgumentTypeError(f"rules must be EuchreRules, not {type(rules).__name__}")
    deck, flags, target = _engine_options(rules)
    return random_euchre_games(
        n, seed, deck=deck, flags=flags, target=target, workers=workers, progress=progress
    )


class EuchreGame(_Base):
    """A game of Euchre: four seats, partners opposite (0 & 2 against 1 & 3).

    This is not :class:`ecarte.Game` (which is Écarté, with its variant plugins): Euchre
    is another game on the same engine, with the same public surface. The playing loop's
    calls (``legal_action_ids``, ``apply_id``, ``to_act``, ``is_over``, ``undo``) are the
    engine machine's own.

    >>> g = EuchreGame(EuchreRules.openspiel(), seed=7)
    >>> g.to_act in range(4), g.phase
    (True, <Phase.BID: 'bid'>)
    >>> while not g.is_over:
    ...     g.apply_id(g.legal_action_ids()[0])
    >>> sum(g.returns())
    0
    """

    __slots__ = ()  # the state is the machine's (the rules too): no instance dict

    rules: EuchreRules
    _phases: ClassVar[tuple[Phase, ...]]
    """The phases by the machine's phase number (from its binding's constants)."""
    _allocate: ClassVar[Callable[[type[Any]], Any]]
    """The machine's ``__new__`` (set on the class of each backend)."""
    _machine_init: Callable[..., None]
    """The machine's ``__init__`` (set on the class of each backend)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> EuchreGame:
        if cls is EuchreGame:
            live = _backend.live()
            cls = _GAME_CLASSES.get(live) or _game_class(live)
        elif not hasattr(cls, "_allocate"):  # a subclass of the facade: on the live machine
            cls = _subclass_class(cls, _backend.live())
        game: EuchreGame = cls._allocate(cls)  # the machine's allocator
        return game

    def __init__(
        self,
        rules: EuchreRules | None = None,
        *,
        seed: int | None = None,
        auto_chance: bool = True,
    ) -> None:
        if type(rules) is not EuchreRules:
            if rules is None:
                rules = EuchreRules.standard()
            elif not isinstance(rules, EuchreRules):
                raise ArgumentTypeError(f"rules must be EuchreRules, not {type(rules).__name__}")
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            if seed is None:
                seed = random.SystemRandom().getrandbits(64)
            elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
                raise ArgumentError(f"seed must be an int 0..2**64-1, not {seed!r}")
        deck, flags, target = _engine_options(rules)
        self._machine_init(deck, flags, target, seed, auto_chance)
        super().__setattr__("rules", rules)  # the machine's own attribute: past the guard
        self._nmask = _num_action_ids(rules)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "rules" and getattr(self, "rules", None) is not None:
            raise AttributeError(_RULES_FIXED)
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if name == "rules":
            raise AttributeError(_RULES_FIXED)
        super().__delattr__(name)

    @classmethod
    def from_deal(
        cls,
        rules: EuchreRules | None = None,
        *,
        dealer: int,
        hands: Sequence[str | CardSet],
        upcard: str | EuchreCard,
        seed: int = 0,
    ) -> EuchreGame:
        """A game whose first deal is given: the dealer, the four hands (five cards each,
        text like ``"J♥ A♥ 9♠ 10♣ K♦"`` or card sets; ``"Joker"`` in a 25-card deck) and
        the turned card; the chance outcomes that deal them are in the history. Later
        chance outcomes are drawn from ``seed``.

        >>> g = EuchreGame.from_deal(dealer=0, upcard="9♥",
        ...     hands=["J♥ J♦ A♥ K♥ Q♥", "9♠ 10♠ J♠ Q♠ K♠", "9♣ 10♣ J♣ Q♣ K♣", "9♦ 10♦ Q♦ K♦ A♦"])
        >>> g.to_act, [str(a) for a in g.legal_actions()]
        (1, ['pass', 'call ♥'])
        """
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ArgumentError(f"from_deal: dealer must be a seat 0..3, not {dealer!r}")
        game = cls(rules, seed=seed, auto_chance=False)
        deck = _deck(game.deck)
        dealt: set[int] = set()

        def card_id(c: int) -> int:
            i = deck.card_id.get(c)
            shown = JOKER if c == EUCHRE_JOKER else Card.from_id(c)
            if i is None:
                raise ArgumentError(f"from_deal: {shown} is not in the {deck.n}-card deck")
            if i in dealt:
                raise ArgumentError(f"from_deal: {shown} is dealt twice")
            dealt.add(i)
            return i

        if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
            raise ArgumentTypeError(
                "from_deal: hands are the four hands (texts or card sets), not "
                f"{reprlib.repr(hands)}"
            )
        try:
            given = [_cards_of(h) for h in hands]
        except ArgumentError as e:
            raise type(e)(f"from_deal: {e}") from None
        queues = [[card_id(c) for c in cards] for cards in given]
        if len(queues) != 4 or any(len(q) != 5 for q in queues):
            raise ArgumentError("from_deal needs four hands of five cards")
        if isinstance(upcard, str):
            turned = _cards_of(upcard)
        elif isinstance(upcard, Card | Joker):
            turned = [upcard.id]
        else:
            raise ArgumentTypeError(
                f"from_deal: the turned card is a card or its text, not {reprlib.repr(upcard)}"
            )
        if len(turned) != 1:
            raise ArgumentError(f"from_deal: the turned card is one card, not {upcard!r}")
        up = card_id(turned[0])
        one_by_one = game.rules.deal_order is DealOrder.ONE_BY_ONE
        game.apply_id(dealer)
        for n in range(20):
            seat = (dealer + (n if one_by_one else _PACKET_SEATS[n])) % 4
            game.apply_id(queues[seat].pop(0))
        game.apply_id(up)
        game.seal()  # undo stops at the given deal
        game.auto_chance = True
        return game

    # ------------------------------------------------------------------ state
    @property
    def phase(self) -> Phase:  # type: ignore[override]
        return self._phases[super().phase]

    @property
    def ids(self) -> ActionIds:
        """The non-card action ids of this game's deck."""
        return _deck(self.deck).ids

    @property
    def dealer(self) -> int | None:  # type: ignore[override]
        return _known(super().dealer, int)

    @property
    def trump(self) -> Suit | None:  # type: ignore[override]
        return _known(super().trump, Suit)

    @property
    def maker(self) -> int | None:  # type: ignore[override]
        return _known(super().maker, int)

    @property
    def upcard(self) -> EuchreCard | None:  # type: ignore[override]
        return _known(super().upcard, _deck(self.deck).cards.__getitem__)

    @property
    def alone(self) -> tuple[int, ...]:  # type: ignore[override]
        """The seats playing alone this deal."""
        a = super().alone
        return tuple(s for s in range(4) if a >> s & 1)

    @property
    def winner(self) -> int | None:  # type: ignore[override]
        """The winning side (0 or 1) of a game to a target, once over."""
        return _known(super().winner, int)

    def returns(self) -> tuple[int, int, int, int]:
        """By seat: a single deal (``target`` 0, OpenSpiel) gives the deal's points, + to
        the side that scored and - to the other; a game to a target gives +1 to the
        winners and -1 to the losers. All 0 before the end."""
        return self.returns_tuple

    def hand(self, seat: int) -> CardSet:  # type: ignore[override]
        """A seat's suited cards now (see :meth:`holds_joker` for the joker)."""
        return CardSet(super().hand(seat) & ~(1 << EUCHRE_JOKER))

    def holds_joker(self, seat: int) -> bool:
        """Whether ``seat`` holds the joker now (25-card deck)."""
        return bool(super().hand(seat) >> EUCHRE_JOKER & 1)

    def cards(self, seat: int) -> tuple[EuchreCard, ...]:
        """A seat's cards now, the joker included, by action id."""
        m = super().hand(seat)
        deck = _deck(self.deck)
        return tuple(card for c, card in zip(deck.core, deck.cards, strict=True) if m >> c & 1)

    @property
    def history(self) -> tuple[EuchreAction, ...]:
        """Every action and chance outcome applied, in order."""
        ids = tuple(self.history_ids())
        key = (self.deck, self.flags, self.target, self.seed)
        deck = _deck(self.deck)
        with _HISTORY_LOCK:
            # an id means what its phase says: the phases come from a probe machine that
            # replays the ids; the probe of the last history read of these rules and seed
            # goes on from where it stopped while the ids extend what it has replayed
            read = _HISTORY_READ.pop(key, None)
            if read is None or ids[: len(read[0])] != read[0]:
                probe = _backend.module("euchre.machine").EuchreMachine(*key, False)
                read = ((), [], probe)
            done, out, probe = read
            for i in ids[len(done) :]:
                a = deck.action(self._phases[probe.phase], i)
                assert a is not None
                out.append(a)
                probe.apply_id(i)
            _HISTORY_READ[key] = (ids, out, probe)
            if len(_HISTORY_READ) > 16:
                del _HISTORY_READ[next(iter(_HISTORY_READ))]
            return tuple(out)

    def __repr__(self) -> str:
        return (
            f"<EuchreGame {self.phase.value} to_act={self.to_act} dealer={self.dealer}"
            f" trump={self.trump} scores={self.scores}>"
        )

    # ---------------------------------------------------------------- actions
    def legal_actions(self) -> tuple[EuchreAction, ...]:
        """The legal actions (or chance outcomes) as records, sorted by id."""
        self._claim()  # the phase and the ids read together
        try:
            deck, ph, ids = _deck(self.deck), self.phase, self.legal_action_ids()
        finally:
            self._release()
        return tuple(deck.action(ph, i) for i in ids)  # type: ignore[misc]

    def action_from_id(self, action_id: int) -> EuchreAction:
        """The action an id means in the current phase (ids 0..n-1 are a card dealt,
        discarded or played; 0..3 a dealer)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise ArgumentError(f"an action id is an int, not {quoted(action_id)}")
        action_id = int.__index__(action_id)  # an int subclass's own value, read once
        a = _deck(self.deck).action(self.phase, action_id)
        if a is None:
            raise IllegalActionError(f"action id {action_id!r} means nothing now: {self._doing()}")
        return a

    def _doing(self) -> str:
        """What happens now, in the game's words (for messages)."""
        return _DOING[self.phase].format(self.to_act)

    def action_id(self, action: EuchreAction | str) -> int:
        """The id of an action (a record or its text form, in the current phase)."""
        if isinstance(action, EuchreAction):
            return action.id
        if not isinstance(action, str):
            raise ArgumentTypeError(f"an action is an EuchreAction or its text, not {action!r}")
        self._claim()  # the text read in one state
        try:
            return self._resolve(action)
        finally:
            self._release()

    def action_to_string(self, action_id: int) -> str:
        """The text form of an id in the current phase."""
        return str(self.action_from_id(action_id))

    def card_action_id(self, card: EuchreCard) -> int:
        """The action id of a card of this game's deck."""
        if not isinstance(card, Card | Joker):
            raise ArgumentTypeError(f"not a card: {card!r} (a Card or the Joker)")
        i = _deck(self.deck).card_id.get(card.id)
        if i is None:
            raise ArgumentError(f"{card} is not in the {self.deck}-card deck")
        return i

    def _resolve(self, text: str) -> int:
        t = text.strip()
        ids = self.legal_action_ids()
        deck, ph = _deck(self.deck), self.phase
        for i in ids:
            a = deck.action(ph, i)
            assert a is not None
            if t == str(a) or t == a.openspiel_text() or t.lower() == str(a).lower():
                return i
        words = t.split()
        verb = words[0].lower() if len(words) > 1 else None
        if ph in _CARD_VERBS and words and len(words) <= 2 and verb in (None, _CARD_VERBS[ph]):
            word = words[-1]
            if word.lower() in ("joker", "jo", "benny") and EUCHRE_JOKER in deck.card_id:
                return deck.card_id[EUCHRE_JOKER]
            try:
                card = Card.parse(word)
            except ValueError:
                card = None
            if card is not None and card.id in deck.card_id:
                return deck.card_id[card.id]
        if ph in (Phase.BID, Phase.BID2, Phase.NAME) and verb in ("call", "order"):
            word = words[-1]
            for s in Suit:
                if word in (s.symbol, s.letter, s.letter.upper(), _SUIT_NAMES[s]):
                    return deck.ids.CALL + s
        legal = ", ".join(str(deck.action(ph, i)) for i in ids)
        raise IllegalActionError(f"{quoted(text)} is not a legal action here (legal: {legal})")

    def apply(self, action: EuchreAction | str | int, *, seat: int | None = None) -> None:
        """Apply an action (a record, its text form or an id), checked: an illegal one
        raises :class:`ecarte.IllegalActionError` and changes nothing."""
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise ArgumentError(f"seat must be a seat 0..3, not {seat!r}")
        self._claim()  # checked and applied in one state: no other thread in between
        try:
            self._apply_action(action, seat)
        finally:
            self._release()

    def _apply_action(self, action: EuchreAction | str | int, seat: int | None) -> None:
        if seat is not None and seat != self.to_act:
            if self.to_act < 0:
                raise IllegalActionError(f"not seat {seat}'s turn: {self._doing()}")
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if isinstance(action, EuchreAction):
            if _deck(self.deck).action(self.phase, action.id) != action:
                raise IllegalActionError(f"{action} is not legal now: {self._doing()}")
            self.apply_id(action.id)
        elif isinstance(action, str):
            self.apply_id(self._resolve(action))
        elif hasattr(type(given := cast(object, action)), "__index__"):
            self.apply_id(action)  # an id (a numpy integer too): the machine checks it
        else:
            raise IllegalActionError(
                f"not an action: {_quoted_value(given)} (an EuchreAction, its text or its id)"
            )

    def _illegal_message(self, action_id: object) -> str:
        """Why ``action_id`` is refused now (the machine raises it)."""
        ph = self.phase
        if ph is Phase.OVER:
            return _DOING[ph]
        deck = _deck(self.deck)
        a = deck.action(ph, action_id) if type(action_id) is int else None
        legal = " ".join(str(deck.action(ph, i)) for i in self.legal_action_ids())
        what = str(a) if a is not None else f"action id {action_id!r}"
        if ph is Phase.PLAY and a is not None and a.card is not None:
            if not super().hand(self.to_act) >> a.card.id & 1:
                return f"{what}: seat {self.to_act} does not hold that card"
            return f"{what}: must follow suit (legal: {legal})"
        return f"{what} is not legal now: {self._doing()} (legal: {legal})"

    # ------------------------------------------------------ views, undo, copy
    def observation(self, seat: int) -> EuchreObservation:
        """What ``seat`` may know (its own hand only; the discard only for the dealer)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ArgumentError(f"seat must be 0..3, not {seat!r}")
        self._claim()  # everything read in one state
        try:
            return self._observation(seat)
        finally:
            self._release()

    def _observation(self, seat: int) -> EuchreObservation:
        deck = _deck(self.deck)
        active = self.active()
        tricks = [self._trick_of(leader, cards, active) for leader, cards in self.played()]
        trick: tuple[tuple[int, EuchreCard], ...] = ()
        na = bin(active).count("1")
        if tricks and len(tricks[-1]) < na:
            trick = tricks.pop()
        d = self.discard
        bids = self.bids()
        return EuchreObservation(
            seat=seat,
            phase=self.phase,
            dealer=self.dealer,
            hand=self.hand(seat),
            joker=self.holds_joker(seat),
            upcard=self.upcard,
            bids=tuple((s, str(deck.decisions[i])) for s, i in bids),
            trump=self.trump,
            maker=self.maker,
            alone=self.alone,
            declined=self._declined(bids, d, deck.ids.PASS),
            discard=deck.cards[d] if seat == self.dealer and d >= 0 else None,
            tricks=tuple(tricks),
            trick=trick,
            tricks_won=self.tricks_won,
            scores=self.scores,
            to_act=self.to_act,
        )

    def _declined(self, bids: Sequence[tuple[int, int]], discard: int, pass_id: int) -> bool:
        """Whether the dealer declined the ordered card this deal: a player other than the
        dealer ordered it up in the first round, and the dealer, asked, discarded nothing."""
        if not self.rules.dealer_may_decline or discard >= 0:
            return False
        if self.phase in (Phase.TAKE, Phase.DISCARD):  # not answered yet
            return False
        order = next((k for k, (_, i) in enumerate(bids) if i != pass_id), 4)
        return order < 4 and bids[order][0] != self.dealer

    def _trick_of(
        self, leader: int, cards: Sequence[int], active: int
    ) -> tuple[tuple[int, EuchreCard], ...]:
        deck = _deck(self.deck)
        out = []
        s = leader
        for c in cards:
            out.append((s, deck.cards[deck.card_id[c]]))
            s = (s + 1) % 4
            while not active >> s & 1:
                s = (s + 1) % 4
        return tuple(out)

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-ready dict (``ecarte.games.euchre.save`` spells out the
        format). It is secret: its seed and history tell every hand. Keep it on the
        server and send players their :meth:`observation` (its ``to_dict()``)."""
        self._claim()  # everything read in one state
        try:
            return _save.to_dict(self)
        finally:
            self._release()

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text: one line, or indented by ``indent`` spaces (0 to 16;
        anything else raises :class:`ecarte.ArgumentError`).

        >>> g = EuchreGame(seed=3)
        >>> g.apply(g.legal_actions()[0])
        >>> EuchreGame.from_json(g.to_json()).history == g.history
        True
        """
        return _save.to_json(self, indent)

    @classmethod
    def from_dict(cls, d: Any) -> EuchreGame:
        """The game a :meth:`to_dict` document saved; :class:`ecarte.SaveFormatError`
        names the field of a corrupt, foreign or newer one."""
        return _save.from_dict(cls, d)

    @classmethod
    def from_json(cls, text: Any) -> EuchreGame:
        """The game :meth:`to_json` saved (errors as :meth:`from_dict`)."""
        return _save.from_json(cls, text)

    def clone(self) -> EuchreGame:
        """An independent copy."""
        return self.copy()

    __copy__ = clone

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle through :meth:`to_dict`: unpickling rebuilds the game on the backend live
        then (see :meth:`from_dict`)."""
        return (_save.unpickle, (self.to_dict(),))

    def __deepcopy__(self, memo: Any) -> EuchreGame:
        return self.clone()

    @classmethod
    def replay(  # type: ignore[override]
        cls,
        history: Iterable[EuchreAction | int | str],
        rules: EuchreRules | None = None,
        *,
        seed: int = 0,
        auto_chance: bool = False,
    ) -> EuchreGame:
        """The game reached by applying ``history`` (records, ids or texts) to a new game
        with these rules; chance outcomes are taken from the history (``auto_chance``
        draws those due after its end from the seed)."""
        if isinstance(history, str | bytes) or not isinstance(history, Iterable):
            raise ArgumentTypeError(f"history must be an iterable of records, not {history!r}")
        game = cls(rules, seed=seed, auto_chance=False)
        _apply_each(game.apply, history, show=True)
        game.auto_chance = auto_chance
        return game


@cache
def _game_class(backend: str) -> type[EuchreGame]:
    """The class of the games made while ``backend`` is live: EuchreGame on that backend's
    machine (the facade first: its views override the machine's numbers)."""
    binding = _backend.module("euchre.machine", backend)
    machine = binding.EuchreMachine
    phases = _phases_of(binding)
    cls = types.new_class(
        "EuchreGame", (EuchreGame, machine), {}, lambda ns: ns.update(__slots__=(), _phases=phases)
    )
    cls.__module__ = __name__
    cls.__qualname__ = "EuchreGame"
    cls.__doc__ = EuchreGame.__doc__
    game_class: type[EuchreGame] = cls
    game_class._allocate = machine.__new__  # the machine's allocator, no super() frame
    game_class._machine_init = machine.__init__
    if hasattr(binding, "game_init_over"):  # the compiled machine's own: no Python frame
        setattr(game_class, "__init__", binding.game_init_over(EuchreGame.__init__))  # noqa: B010
    _GAME_CLASSES[backend] = game_class
    return game_class


def _subclass_class(cls: type[EuchreGame], backend: str) -> type[EuchreGame]:
    """The class of the games of a subclass of :class:`EuchreGame` made while ``backend``
    is live: the subclass on that backend's game class (its own methods first)."""
    made = _SUBCLASSES.get((cls, backend))
    if made is None:
        try:
            made = types.new_class(cls.__name__, (cls, _game_class(backend)), {})
        except TypeError:  # a layout of its own: slots beside the machine's struct
            raise ArgumentTypeError(
                f"{cls.__name__} cannot add slots to EuchreGame (a game's state is its"
                " machine's): leave __slots__ out or empty"
            ) from None
        made.__module__, made.__qualname__ = cls.__module__, cls.__qualname__
        made.__doc__ = cls.__doc__
        _SUBCLASSES[cls, backend] = made
    return made


_SUBCLASSES: dict[tuple[type[EuchreGame], str], type[EuchreGame]] = {}
"""The classes :func:`_subclass_class` made, by subclass and backend."""


_GAME_CLASSES: dict[str, type[EuchreGame]] = {}
"""The classes :func:`_game_class` made, by backend (``EuchreGame()`` looks here first)."""


def _quoted_value(value: object) -> str:
    """A rejected value quoted short (a long repr by its start)."""
    return reprlib.repr(value) if isinstance(value, list | tuple | dict | set) else quoted(value)


def _cards_of(hand: object) -> list[int]:
    """Engine card ids of a hand given as text (``"Joker"`` included), a card set or
    cards."""
    if isinstance(hand, CardSet):
        return [c.id for c in hand]
    if isinstance(hand, str):
        out = []
        for word in hand.split():
            if word.lower() in ("joker", "jo", "benny"):
                out.append(EUCHRE_JOKER)
            else:
                out.append(Card.parse(word).id)
        return out
    if isinstance(hand, bytes) or not isinstance(hand, Iterable):
        raise ArgumentTypeError(f"a hand is a text or cards, not {reprlib.repr(hand)}")
    cards = list(hand)
    for c in cards:
        if not isinstance(c, Card | Joker):
            raise ArgumentTypeError(f"not a card: {reprlib.repr(c)} (a Card or the Joker)")
    return [c.id for c in cards]
