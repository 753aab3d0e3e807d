"""Pure-Python twin of ``ec_euchre_game.c``: a whole game of Euchre as a state machine.

``ecarte_euchre.h`` is the contract: the phases, the action ids of a deck of ``n`` cards
(24, 25 with the joker, or 32), the option flags and the chance outcomes drawn from the
core PRNG. :class:`EuchreMachine` follows it step for step, so that the compiled machine
and this one give the same legal ids, the same state and the same chance outcomes; it is
also the fallback when the C core is not built.

The play of each deal runs on :class:`~ecarte._core._pure.PlayStateN`, with one trick
context per deck and trump suit.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from functools import cache
from threading import RLock
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Self, TypeVar, overload

from ecarte._core._args import _bits, _index, _nth, _show
from ecarte._core._pure import PLAY_OVER, PlayStateN, Rng, TrickContext, make_context, trick_winner
from ecarte._core._pure.masks import legal_mask_of
from ecarte._errors import (
    ArgumentError,
    ConcurrentUseError,
    IllegalActionError,
    RulesError,
    named,
    shown,
    unset_attribute,
)

from ._pure_hands import euchre_tables

__all__ = [
    "ALL_FLAGS",
    "ANYONE_ALONE",
    "CHANCE",
    "CHANCE_PAIRS",
    "DECLINE",
    "DISCARD_UP",
    "JOKER",
    "LEAD_LONE",
    "LONE_DEFENDER",
    "LONE_FOUR",
    "ONE_BY_ONE",
    "PH_ALONE",
    "PH_BID",
    "PH_BID2",
    "PH_DEAL",
    "PH_DEALER",
    "PH_DISCARD",
    "PH_NAME",
    "PH_OVER",
    "PH_PLAY",
    "PH_TAKE",
    "STICK",
    "TERMINAL",
    "EuchreMachine",
    "deal_points",
]

# ---- phases (EC_EU_*)
PH_DEALER: Final = 0
PH_DEAL: Final = 1
PH_BID: Final = 2
PH_BID2: Final = 3
PH_TAKE: Final = 4
PH_DISCARD: Final = 5
PH_ALONE: Final = 6
PH_PLAY: Final = 7
PH_OVER: Final = 8
PH_NAME: Final = 9

CHANCE: Final = -1
TERMINAL: Final = -2

# ---- options (EC_EU_*)
STICK: Final = 1
DECLINE: Final = 2
LONE_DEFENDER: Final = 4
LONE_FOUR: Final = 8
LEAD_LONE: Final = 16
ONE_BY_ONE: Final = 32
DISCARD_UP: Final = 64
ANYONE_ALONE: Final = 128
ALL_FLAGS: Final = 255

JOKER: Final = 15
_FNV_PRIME: Final = 0x100000001B3
"""The joker's core card id (suit 0, rank slot 15)."""

# ---- action ids, relative to the deck size n
_PASS, _CALL, _ALONE, _PARTNER, _TAKE, _DECLINE = 0, 1, 5, 6, 7, 8

_M64 = (1 << 64) - 1

T = TypeVar("T")
M = TypeVar("M", bound="EuchreMachine")
B = TypeVar("B")  # a writable buffer legal_action_mask fills

CHANCE_PAIRS: Final[tuple[tuple[int, float], ...]] = tuple(
    (i, 1.0 / n if n else 0.0) for n in range(33) for i in range(32)
)
"""The ``(id, probability)`` pairs of :meth:`EuchreMachine.chance_outcomes`, made once:
``CHANCE_PAIRS[n * 32 + i]`` is ``(i, 1.0 / n)``, outcome ``i`` of ``n`` equally likely ones
(a chance outcome is a dealer 0..3 or a card id 0..31). Both machines answer with these
tuples, in a new list per call."""
_PACKET_SEATS = tuple(
    s for packet, n in enumerate((3, 2, 3, 2, 2, 3, 2, 3)) for s in [packet % 4 + 1] * n
)  # seat offsets from the dealer for the 20 cards, packets from the dealer's left


class _Tables:
    """The tables of one deck (``ec_eu_tables``): four trick contexts, the id maps and, to
    turn a core mask into an id mask, each suit's rank bits spread to their ids."""

    __slots__ = ("core_of", "ctx", "deck_mask", "id_of", "low", "n", "nranks", "spread")

    def __init__(self, deck: int) -> None:
        self.n = deck
        self.low = 5 if deck == 32 else 7
        self.nranks = 13 - self.low
        self.core_of = [(i % 4) * 16 + i // 4 + self.low for i in range(4 * self.nranks)]
        if deck == 25:
            self.core_of.append(JOKER)
        self.id_of = [-1] * 64
        for i, c in enumerate(self.core_of):
            self.id_of[c] = i
        self.deck_mask = sum(1 << c for c in self.core_of)
        self.spread = tuple(
            tuple(
                sum(1 << (r * 4 + s) for r in range(self.nranks) if bits >> r & 1)
                for bits in range(1 << self.nranks)
            )
            for s in range(4)
        )
        self.ctx = tuple(self._context(t) for t in range(4))

    def _context(self, trump: int) -> TrickContext:
        """Deck 24: 9..A powers 1..6, left bower 7, right bower 8; deck 32: 7..A 1..8, left
        9, right 10; deck 25: deck 24 and the joker in the trump suit, power 9."""
        return make_context(*euchre_tables(trump, self.n), trump)

    def ids(self, mask: int) -> int:
        """The id mask of a core card mask."""
        lo, sp, full = self.low, self.spread, (1 << self.nranks) - 1
        out = (
            sp[0][mask >> lo & full]
            | sp[1][mask >> (16 + lo) & full]
            | sp[2][mask >> (32 + lo) & full]
            | sp[3][mask >> (48 + lo) & full]
        )
        if mask >> JOKER & 1:
            out |= 1 << 24
        return out


@cache
def _tables(deck: int) -> _Tables:
    return _Tables(deck)


def deal_points(flags: int, made: int, maker_alone: bool, defender_alone: bool) -> tuple[bool, int]:
    """``(makers_score, points)`` of a deal where the makers took ``made`` tricks
    (``ec_eu_deal_points``): 3-4 tricks 1, all five 2 (4 when one of them, the maker or
    its partner, went alone); euchred, the defenders 2, or against a lone defender 4
    (with :data:`LONE_FOUR`, else only when the makers took no trick)."""
    if made >= 3:
        return True, 1 if made < 5 else (4 if maker_alone else 2)
    if not defender_alone:
        return False, 2
    return False, 4 if flags & LONE_FOUR or made == 0 else 2


def _arg(value: object, name: str, lo: int, hi: int, what: str) -> int:
    """``value`` as a plain int ``lo..hi`` (:func:`operator.index`, never a bool), else an
    ArgumentError naming it (``what``: the values it takes)."""
    v = _index(value)
    if v is None or not lo <= v <= hi:
        raise ArgumentError(f"{name} must be {what}, not {_show(value, v)}")
    return v


def _action_id(value: object) -> int:
    """An action id given as another integer (:func:`operator.index`, never a bool) as a
    plain int, else an IllegalActionError."""
    if isinstance(value, bool):
        raise IllegalActionError(f"an action id is an int, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"an action id is an int, not {shown(value)}") from None


def _trick_args(trump: object, cards: object, deck_mask: int) -> tuple[int, list[int]]:
    """``trick_winner``'s arguments as a suit and a plain list of 1 to 4 core card ids of
    the deck (copied once), else an ArgumentError."""
    tr = _arg(trump, "trump", 0, 3, "a suit 0..3")
    try:
        given = list(cards)  # type: ignore[call-overload]
    except TypeError:
        given = None
    cs = [] if given is None else [_index(c) for c in given]
    if not 1 <= len(cs) <= 4 or any(
        c is None or not 0 <= c < 64 or not deck_mask >> c & 1 for c in cs
    ):
        raise ArgumentError(f"a trick is 1 to 4 cards of the deck, not {cards!r}")
    return tr, cs  # type: ignore[return-value]


def _machine_args(
    deck: object, flags: object, target: object, seed: object, auto_chance: object = False
) -> tuple[int, int, int, int, bool]:
    """A machine's arguments as plain values, checked in their order (both machines'
    checks: an ArgumentError names the first bad one)."""
    v = _index(deck)
    if v not in (24, 25, 32):
        raise ArgumentError(f"deck must be 24, 25 or 32, not {_show(deck, v)}")
    f = _arg(flags, "flags", 0, ALL_FLAGS, "an int 0..255 (EC_EU_* options)")
    if f & ANYONE_ALONE and not f & LONE_DEFENDER:  # as EuchreRules refuses it
        raise RulesError("flags: ANYONE_ALONE needs LONE_DEFENDER (anyone includes the defenders)")
    t = _arg(target, "target", 0, 1000, "an int 0..1000 (0: a single deal)")
    s = _arg(seed, "seed", 0, _M64, "an int 0..2**64-1")
    return v, f, t, s, _bool_arg(auto_chance, "auto_chance")


def _bool_arg(value: object, name: str) -> bool:
    """``value`` if it is a bool, else an ArgumentError naming it."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} must be a bool, not {value!r}")
    return value


def _apply_each(apply: Callable[[T], object], history: Iterable[T], show: bool = False) -> None:
    """``apply`` each record of ``history`` in order; an IllegalActionError names the
    record (its number, and with ``show`` the record itself)."""
    for k, a in enumerate(history):
        try:
            apply(a)
        except IllegalActionError as e:
            if not show:
                raise IllegalActionError(f"history record {k}: {e}") from None
            why = str(e).removeprefix(f"{a}: ")  # the record is named once
            raise IllegalActionError(f"history record {k} ({named(str(a))}): {why}") from None


def _replay(
    machine: type[M],
    cls: type[M],
    ids: Iterable[int],
    deck: int,
    flags: int,
    target: int,
    seed: int,
    auto_chance: bool,
) -> M:
    """``cls.replay`` for the class ``machine`` (this twin's or the compiled one), ``cls``
    itself or a subclass."""
    _bool_arg(auto_chance, "auto_chance")
    m = cls.__new__(cls)
    machine.__init__(m, deck, flags, target, seed, False)
    _apply_each(lambda i: machine.apply_id(m, i), ids)
    m.auto_chance = auto_chance
    return m


def _history_args(ids: object, autos: object, sealed: object) -> tuple[list[int], list[bool], int]:
    """Plain copies of a saved history (ids as ints, autos as bools) and ``sealed``, made
    once before anything is applied: the caller's lists and objects are not read again."""
    try:
        id_list, auto_list = list(ids), list(autos)  # type: ignore[call-overload]
    except TypeError:
        raise ArgumentError(f"ids and autos must be lists, not {ids!r} and {autos!r}") from None
    if len(id_list) != len(auto_list):
        raise ArgumentError("ids and autos differ in length")
    plain = []
    for k, i in enumerate(id_list):
        try:
            plain.append(_action_id(i))
        except IllegalActionError as e:
            raise IllegalActionError(f"history record {k}: {e}") from None
    flags = [bool(a) for a in auto_list]
    n = _arg(sealed, "sealed", 0, len(plain), f"an int 0..{len(plain)}")
    return plain, flags, n


def _shown(m: object, action_id: int) -> str:
    """The text of ``action_id`` now, when ``m`` tells it (a game), else the id."""
    try:
        return str(m.action_to_string(action_id))  # type: ignore[attr-defined]
    except (AttributeError, IllegalActionError):
        return repr(action_id)


def _restore_history(
    machine: type[M],
    m: M,
    ids: list[int],
    autos: list[bool],
    sealed: object,
    undo: Callable[[], object],
) -> None:
    """``m.restore_history`` for the class ``machine`` (this twin's or the compiled one):
    the arguments checked, then each record applied, ``undo()`` called before an
    IllegalActionError naming the record."""
    ids, autos, n = _history_args(ids, autos, sealed)
    if m.history_ids():
        raise IllegalActionError("restore_history needs a new machine")

    def step(k: int) -> None:
        if k == n:
            m.seal()
        if not autos[k]:
            machine.apply_id(m, ids[k])
        elif (drawn := m.draw()) != ids[k]:
            if drawn < 0:  # a move where no chance is due: named by its text
                raise IllegalActionError(
                    f"{_shown(m, ids[k])} is marked as drawn from the seed (auto), but no "
                    "chance outcome is due here"
                )
            raise IllegalActionError(f"{ids[k]!r} is not the chance outcome the seed draws")
        else:
            m.chance_auto()

    try:
        _apply_each(step, range(len(ids)))
    except IllegalActionError:
        undo()
        raise
    if n == len(ids):
        m.seal()


def _rebuild(
    machine: type[M],
    cls: type[M],
    deck: int,
    flags: int,
    target: int,
    seed: int,
    auto: bool,
    ids: list[int],
    autos: list[bool],
    sealed: int,
    state: dict[str, object] | None,
) -> M:
    """A machine of class ``cls`` (``machine``, this twin's or the compiled one, or a
    subclass) rebuilt from its history (pickle)."""
    m = cls.__new__(cls)
    machine.__init__(m, deck, flags, target, seed, False)
    m.restore_history(ids, autos, sealed)
    m.auto_chance = auto
    if state:
        m.__dict__.update(state)
    return m


def _held(method: Callable[..., T]) -> Callable[..., T]:
    """``method`` run while it holds the machine (:meth:`EuchreMachine._claim`): a call
    from another thread meanwhile raises ConcurrentUseError, as this one does if another
    thread holds it."""

    @functools.wraps(method)
    def held(self: EuchreMachine, *args: Any) -> T:
        self._claim()
        try:
            return method(self, *args)
        finally:
            self._release()

    return held


class EuchreMachine:
    """A game of Euchre moved by integer action ids, chance outcomes included (``ec_eu_game``).

    Seats 0 and 2 (side 0) play against seats 1 and 3 (side 1). With ``auto_chance`` the
    chance outcomes due are drawn at once, at construction and after every
    :meth:`apply_id`; otherwise they are applied as ids like the others (or by
    :meth:`chance`).

    >>> m = EuchreMachine(flags=STICK, seed=7)
    >>> m.phase == PH_BID, m.to_act == (m.dealer + 1) % 4, m.legal_action_ids()[0]
    (True, True, 24)
    >>> while not m.is_over:  # always the lowest id: pass, or a card
    ...     m.apply_id(m.legal_action_ids()[0])
    >>> sum(m.returns_tuple), max(m.scores) >= 10, m.winner in (0, 1)
    (0, True, True)
    """

    __slots__ = (
        "__weakref__",
        "_alone",
        "_asks",
        "_auto",
        "_autos",
        "_bids",
        "_deal_seats",
        "_dealer",
        "_deals",
        "_discard",
        "_flags",
        "_hands",
        "_ids",
        "_maker",
        "_ndealt",
        "_nmask",
        "_phase",
        "_play",
        "_returns",
        "_scores",
        "_sealed",
        "_seed",
        "_t",
        "_target",
        "_to_act",
        "_trump",
        "_undealt",
        "_upcard",
        "_use",
        "_winner",
        "_won",
        "rules",
    )

    rules: Any
    """What the game built on this machine keeps of its rules (its facade's)."""

    STICK: Final = STICK
    DECLINE: Final = DECLINE
    LONE_DEFENDER: Final = LONE_DEFENDER
    LONE_FOUR: Final = LONE_FOUR
    LEAD_LONE: Final = LEAD_LONE
    ONE_BY_ONE: Final = ONE_BY_ONE
    DISCARD_UP: Final = DISCARD_UP
    ANYONE_ALONE: Final = ANYONE_ALONE

    def __init__(
        self,
        deck: int = 24,
        flags: int = 0,
        target: int = 10,
        seed: int = 0,
        auto_chance: bool = True,
    ) -> None:
        v, f, t, s, auto_chance = _machine_args(deck, flags, target, seed, auto_chance)
        try:  # an __init__ called again on a machine in use by another thread is refused
            lock = object.__getattribute__(self, "_use")
        except AttributeError:
            lock = self._use = RLock()
        if not lock.acquire(False):
            raise ConcurrentUseError()
        try:
            self._flags, self._target, self._seed = f, t, s
            self._t = _tables(v)
            self._nmask = v + 9
            object.__setattr__(self, "rules", None)  # past the game's guard of its rules
            self._deal_seats = tuple(range(20)) if f & ONE_BY_ONE else _PACKET_SEATS
            self._auto = auto_chance
            self._reset()
            if auto_chance:
                self._run_chance()
        finally:
            lock.release()

    def _claim(self) -> None:
        """Take this machine for a call made of several reads or steps (the game's
        methods): any call from another thread meanwhile raises ConcurrentUseError, as
        this one does if another thread holds it. :meth:`_release` gives it back."""
        if not self._use.acquire(False):
            raise ConcurrentUseError()

    def _release(self) -> None:
        self._use.release()

    def _reset(self) -> None:
        """The state of a new game, in the DEALER phase, with no history."""
        self._ids: list[int] = []
        self._autos: list[bool] = []
        self._sealed = 0
        self._scores = [0, 0]
        self._returns = (0, 0, 0, 0)
        self._winner = -1
        self._deals = 0
        self._dealer = -1
        self._new_deal()
        self._phase = PH_DEALER

    def _new_deal(self) -> None:
        self._hands = [0, 0, 0, 0]
        self._undealt = (1 << self._t.n) - 1  # action ids
        self._ndealt = 0
        self._upcard = -1
        self._trump = -1
        self._maker = -1
        self._discard = -1
        self._alone = 0
        self._asks: list[int] = []
        self._bids: list[tuple[int, int]] = []
        self._won = (0, 0)
        self._play: PlayStateN | None = None
        self._phase = PH_DEAL
        self._to_act = CHANCE

    # ------------------------------------------------------------ properties
    @property
    def deck(self) -> int:
        return self._t.n

    @property
    def flags(self) -> int:
        return self._flags

    @property
    def target(self) -> int:
        return self._target

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def auto_chance(self) -> bool:
        """Whether chance outcomes are drawn as soon as they are due; switching it on draws
        those due now."""
        return self._auto

    @auto_chance.setter
    def auto_chance(self, on: bool) -> None:
        on = _bool_arg(on, "auto_chance")
        self._claim()
        try:
            self._auto = on
            if on:
                self._run_chance()
        finally:
            self._release()

    def seal(self) -> None:
        """Fix the history so far: :meth:`undo` never takes it back."""
        self._claim()
        self._sealed = len(self._ids)
        self._release()

    @property
    def sealed(self) -> int:
        """How many history entries :meth:`undo` never takes back."""
        return self._sealed

    @property
    def phase(self) -> int:
        return self._phase

    @property
    def to_act(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase == PH_OVER

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def upcard(self) -> int:
        """The action id of the turned-up card, -1 before."""
        return self._upcard

    @property
    def trump(self) -> int:
        return self._trump

    @property
    def maker(self) -> int:
        return self._maker

    @property
    def discard(self) -> int:
        """The action id of the dealer's discard, -1."""
        return self._discard

    @property
    def alone(self) -> int:
        """The mask of the seats playing alone this deal."""
        return self._alone

    @property
    def scores(self) -> tuple[int, int]:
        """Points by side (0: seats 0 and 2; 1: seats 1 and 3)."""
        return (self._scores[0], self._scores[1])

    @property
    def returns_tuple(self) -> tuple[int, int, int, int]:
        """By seat, once over: a single deal's points (+ to the side that scored, - to the
        other), else +1 to the winners and -1 to the losers; all 0 before."""
        return self._returns

    @property
    def winner(self) -> int:
        """The side that reached the target, -1 (always -1 with target 0)."""
        return self._winner

    @property
    def steps(self) -> int:
        """The number of ids applied so far."""
        return len(self._ids)

    @property
    def deals(self) -> int:
        """Deals begun, saturating at 255."""
        return self._deals

    @property
    def num_ids(self) -> int:
        return self._t.n + 9

    @property
    def num_action_ids(self) -> int:
        """The length of :meth:`legal_action_mask`: ``num_ids`` unless the game set it
        (OpenSpiel's 31 under its rules)."""
        return self._nmask

    # ----------------------------------------------------------- legal ids
    @overload
    def legal_action_mask(self, out: None = None) -> list[bool]: ...
    @overload
    def legal_action_mask(self, out: B) -> B: ...
    def legal_action_mask(self, out: Any = None) -> Any:
        """The legal ids (chance outcomes in a chance phase) as ``num_action_ids`` bools, a
        new list; with ``out`` (a writable buffer of one-byte items, e.g. a numpy uint8 or
        bool array of at least ``num_action_ids``) written there as 0/1 and ``out``
        returned."""
        return legal_mask_of(self.legal_mask(), self._nmask, out, True)

    def legal_mask(self) -> int:
        """The legal ids as a mask over ids ``0..num_ids-1`` (chance outcomes in the DEALER
        and DEAL phases)."""
        lock = self._use
        if not lock.acquire(False):
            raise ConcurrentUseError()
        try:
            return self._legal_mask()
        finally:
            lock.release()

    def _legal_mask(self) -> int:
        ph = self._phase
        t = self._t
        n = t.n
        if ph == PH_PLAY:
            assert self._play is not None
            return t.ids(self._play.legal())
        if ph == PH_DEAL:
            return self._undealt
        if ph == PH_BID:
            return 1 << n | 1 << (n + _CALL + self._upcard % 4)
        if ph == PH_BID2:
            calls = 15 << (n + _CALL) & ~(1 << (n + _CALL + self._upcard % 4))
            if self._flags & STICK and self._to_act == self._dealer:
                return calls
            return calls | 1 << n
        if ph == PH_ALONE:
            return 3 << (n + _ALONE)
        if ph == PH_DISCARD:
            hand = self._hands[self._dealer]
            if self._flags & DISCARD_UP:
                hand |= 1 << t.core_of[self._upcard]
            return t.ids(hand)
        if ph == PH_TAKE:
            return 3 << (n + _TAKE)
        if ph == PH_NAME:
            return 15 << (n + _CALL)
        if ph == PH_DEALER:
            return 15
        return 0

    def legal_action_ids(self) -> list[int]:
        """The legal ids, ascending."""
        return _bits(self.legal_mask())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome due, ascending by id, all equally
        likely (OpenSpiel's ``chance_outcomes()``); empty outside the chance phases. A new
        list each call, of shared immutable pairs."""
        self._claim()
        try:
            if self._to_act != CHANCE:
                return []
            ids = _bits(self._legal_mask())
        finally:
            self._release()
        base = len(ids) * 32
        return [CHANCE_PAIRS[base + i] for i in ids]

    # -------------------------------------------------------------- moving
    def apply_id(self, action_id: int) -> None:
        """Apply an action or chance outcome by id, checked: an illegal id raises
        :class:`ecarte.IllegalActionError` and changes nothing. Then, with ``auto_chance``,
        the chance outcomes due are drawn."""
        if type(action_id) is int:
            i = action_id
        else:
            self._t  # noqa: B018 - one made by __new__ alone is refused before its argument
            i = _action_id(action_id)
        lock = self._use
        if not lock.acquire(False):
            raise ConcurrentUseError()
        try:
            if i < 0 or not self._legal_mask() >> i & 1:
                raise IllegalActionError(self._illegal_message(i))
            self._apply(i, False)
            if self._auto:
                self._run_chance()
        finally:
            lock.release()

    def _illegal_message(self, action_id: int) -> str:
        """The message of the error an illegal id raises (subclasses say more)."""
        if self._phase == PH_OVER:
            return f"action id {action_id} is not legal now: the game is over"
        legal = " ".join(map(str, self.legal_action_ids()))
        return f"action id {action_id} is not legal now (legal: {legal})"

    @_held
    def draw(self) -> int:
        """The chance outcome :meth:`chance` would apply, -1 if none is due."""
        return self._draw()

    def _draw(self) -> int:
        if self._to_act != CHANCE:
            return -1
        mask = self._legal_mask()
        k = len(self._ids)
        rng = Rng(self._seed ^ ((k * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & _M64))
        return _nth(mask, rng.below(mask.bit_count()))

    @_held
    def chance(self) -> int:
        """Draw the chance outcome due and apply it (taken back by :meth:`undo` like an
        :meth:`apply_id`); return its id. IllegalActionError if none is due."""
        i = self._draw()
        if i < 0:
            raise IllegalActionError("no chance outcome is due")
        self._apply(i, False)
        if self._auto:
            self._run_chance()
        return i

    @_held
    def chance_auto(self) -> int:
        """Draw and apply the chance outcome due, recorded as drawn automatically (as
        ``auto_chance`` does); restoring a saved history uses it."""
        i = self._draw()
        if i < 0:
            raise IllegalActionError("no chance outcome is due")
        self._apply(i, True)
        return i

    def restore_history(self, ids: list[int], autos: list[bool], sealed: int) -> None:
        """Apply a saved history to a new machine (``auto_chance`` off): each id checked,
        those drawn automatically checked against the seed's draw, the first ``sealed``
        fixed. An error names the record and leaves the machine as it was built."""
        self._claim()
        auto, self._auto = self._auto, False
        try:
            _restore_history(EuchreMachine, self, ids, autos, sealed, self._reset)
        finally:
            self._auto = auto
            self._release()

    @_held
    def __reduce__(self) -> tuple[object, ...]:
        return (
            _restore,
            (
                type(self),
                self.deck,
                self._flags,
                self._target,
                self._seed,
                self._auto,
                self.history_ids(),
                self.history_auto(),
                self._sealed,
                getattr(self, "__dict__", None),
            ),
        )

    def trick_winner(self, trump: int, cards: Iterable[int]) -> int:
        """The index in ``cards`` (1 to 4 core card ids of this deck, in play order) of the
        card that wins them with ``trump`` (a suit 0..3)."""
        tr, cs = _trick_args(trump, cards, self._t.deck_mask)
        try:
            return trick_winner(self._t.ctx[tr], cs)
        except ValueError:
            raise ArgumentError(f"not a trick: {cards!r}") from None

    def _run_chance(self) -> None:
        while self._to_act == CHANCE:
            self._apply(self._draw(), True)

    def _apply(self, i: int, auto: bool) -> None:
        self._ids.append(i)
        self._autos.append(auto)
        self._step(i)

    def _step(self, i: int) -> None:
        """Apply a legal id (no checks; the history is the caller's)."""
        ph = self._phase
        t = self._t
        n = t.n
        if ph == PH_PLAY:
            play = self._play
            assert play is not None
            r = play.try_apply(t.core_of[i])
            if r >> 2 == PLAY_OVER:
                self._end_play()
            else:
                self._to_act = r & 3
            return
        if ph == PH_DEAL:
            c = t.core_of[i]
            self._undealt &= ~(1 << i)
            k = self._ndealt
            self._ndealt = k + 1
            if k < 20:
                self._hands[(self._dealer + self._deal_seats[k]) & 3] |= 1 << c
            else:
                self._upcard = i
                if c == JOKER:
                    self._phase = PH_NAME
                    self._to_act = self._dealer
                else:
                    self._phase = PH_BID
                    self._to_act = (self._dealer + 1) & 3
            return
        if ph == PH_DEALER:
            self._dealer = i
            self._begin_deal()
            return
        p = self._to_act
        if ph in (PH_BID, PH_BID2):
            self._bids.append((p, i))
            if i != n:
                self._maker = p
                self._trump = i - n - _CALL
                if ph == PH_BID2:
                    self._start_alone()
                elif self._flags & DECLINE and p != self._dealer:
                    self._phase = PH_TAKE
                    self._to_act = self._dealer
                else:
                    self._phase = PH_DISCARD
                    self._to_act = self._dealer
            elif p != self._dealer:
                self._to_act = (p + 1) & 3
            elif ph == PH_BID:
                self._phase = PH_BID2
                self._to_act = (p + 1) & 3
            else:  # all passed twice
                self._redeal()
        elif ph == PH_NAME:
            self._bids.append((p, i))
            self._maker = p
            self._trump = i - n - _CALL
            self._phase = PH_DISCARD
        elif ph == PH_TAKE:
            if i == n + _TAKE:
                self._phase = PH_DISCARD
            else:
                self._start_alone()
        elif ph == PH_DISCARD:
            d = self._dealer
            self._discard = i
            self._hands[d] = (self._hands[d] | 1 << t.core_of[self._upcard]) & ~(1 << t.core_of[i])
            self._start_alone()
        else:  # PH_ALONE
            lone = i == n + _ALONE
            if lone:
                self._alone |= 1 << p
            if not lone and p == self._maker and self._flags & ANYONE_ALONE:
                self._to_act = (p + 2) & 3  # the maker stays: its partner is asked next
            elif not self._asks or (lone and p & 1 != self._maker & 1):
                self._asks = []
                self._start_play()
            else:
                self._to_act = self._asks.pop(0)

    def _begin_deal(self) -> None:
        self._phase = PH_DEAL
        self._deals = min(self._deals + 1, 255)

    def _redeal(self) -> None:
        if not self._target:
            self._phase = PH_OVER
            self._to_act = TERMINAL
            return
        self._dealer = (self._dealer + 1) & 3
        self._new_deal()
        self._begin_deal()

    def _start_alone(self) -> None:
        """The maker is asked first; with :data:`ANYONE_ALONE`, then the maker's partner if
        the maker stays; with :data:`LONE_DEFENDER`, then each defender from the dealer's
        left (with :data:`ANYONE_ALONE`: from the maker's left), until one goes alone."""
        self._phase = PH_ALONE
        m = self._maker
        self._to_act = m
        if self._flags & LONE_DEFENDER:
            if self._flags & ANYONE_ALONE:
                self._asks = [(m + 1) & 3, (m + 3) & 3]
            else:
                d = self._dealer
                self._asks = [(d + k) & 3 for k in range(1, 5) if (d + k) & 1 != m & 1]

    def _start_play(self) -> None:
        alone = self._alone
        active = 0
        for s in range(4):
            if not alone >> ((s + 2) & 3) & 1:
                active |= 1 << s
        d = self._dealer
        leader = next((d + k) & 3 for k in range(1, 5) if active >> ((d + k) & 3) & 1)
        if self._flags & LEAD_LONE:
            side = self._maker & 1
            makers = alone & (0b0101 if side == 0 else 0b1010)  # the maker or its partner
            defenders = alone & (0b1010 if side == 0 else 0b0101)
            if defenders:
                lone_def = (defenders & -defenders).bit_length() - 1
                leader = lone_def if makers else (lone_def + 1) & 3
            elif makers:
                lone_maker = (makers & -makers).bit_length() - 1
                leader = (lone_maker + 1) & 3
        self._play = PlayStateN(self._t.ctx[self._trump], self._hands, leader, 0, active)
        self._phase = PH_PLAY
        self._to_act = leader

    def _end_play(self) -> None:
        play = self._play
        assert play is not None
        w = play.won
        self._won = (w[0] + w[2], w[1] + w[3])
        side = self._maker & 1
        lone_makers = self._alone & (0b0101 if side == 0 else 0b1010)  # maker or partner
        defenders = self._alone & (0b1010 if side == 0 else 0b0101)
        makers, pts = deal_points(self._flags, self._won[side], bool(lone_makers), bool(defenders))
        scorer = side if makers else 1 - side
        self._scores[scorer] += pts
        if not self._target:
            self._returns = (pts, -pts, pts, -pts) if scorer == 0 else (-pts, pts, -pts, pts)
        elif self._scores[scorer] >= self._target:
            self._returns = (1, -1, 1, -1) if scorer == 0 else (-1, 1, -1, 1)
            self._winner = scorer
        else:
            self._dealer = (self._dealer + 1) & 3
            self._new_deal()
            self._begin_deal()
            return
        self._phase = PH_OVER
        self._to_act = TERMINAL

    # --------------------------------------------------- history, undo, copy
    def history_ids(self) -> list[int]:
        """Every id applied, chance outcomes included, in order."""
        return list(self._ids)  # (one list, replaced whole by undo: read at once)

    def history_auto(self) -> list[bool]:
        """For each id of :meth:`history_ids`, whether it was drawn automatically."""
        return list(self._autos)

    @_held
    def undo(self) -> None:
        """Take back the last :meth:`apply_id` or :meth:`chance` call and the chance
        outcomes drawn automatically after it, by replaying the history before it."""
        autos = self._autos
        keep = len(autos) - 1
        while keep >= 0 and autos[keep]:
            keep -= 1
        if keep < self._sealed:
            raise IllegalActionError("nothing to undo")
        ids, autos, sealed = self._ids[:keep], autos[:keep], self._sealed
        self._reset()
        self._sealed = sealed
        for i in ids:
            self._step(i)
        self._ids = ids
        self._autos = autos

    def copy(self) -> Self:
        """An independent copy (of the same class, extra attributes copied shallowly)."""
        new = type(self).__new__(type(self))
        self._claim()
        try:
            self._copy_to(new)
        finally:
            self._release()
        new._use = RLock()
        return new

    def _copy_to(self, new: Self) -> None:
        for cls in type(self).__mro__:
            for name, slot in vars(cls).items():
                if isinstance(slot, MemberDescriptorType) and hasattr(self, name):
                    setattr(new, name, getattr(self, name))
        if hasattr(self, "__dict__"):
            new.__dict__.update(self.__dict__)
        new._ids = self._ids.copy()
        new._autos = self._autos.copy()
        new._scores = self._scores.copy()
        new._hands = self._hands.copy()
        new._asks = self._asks.copy()
        new._bids = self._bids.copy()
        new._play = self._play.copy() if self._play is not None else None

    __copy__ = copy

    @classmethod
    def replay(
        cls,
        ids: Iterable[int],
        deck: int = 24,
        flags: int = 0,
        target: int = 10,
        seed: int = 0,
        auto_chance: bool = False,
    ) -> EuchreMachine:
        """The game reached by applying ``ids`` (checked, chance outcomes included) to a new
        game; then ``auto_chance`` holds, drawing the chance outcomes due at once."""
        return _replay(EuchreMachine, cls, ids, deck, flags, target, seed, auto_chance)

    # --------------------------------------------------------------- views
    def hand(self, seat: int) -> int:
        """The core card mask of a seat's cards now (in the play: what is left)."""
        self._t  # noqa: B018 - one made by __new__ alone is refused before its argument
        s = _arg(seat, "seat", 0, 3, "a seat 0..3")
        self._claim()
        try:
            if self._play is not None:
                return self._play.hand(s)
            return self._hands[s]
        finally:
            self._release()

    def bids(self) -> list[tuple[int, int]]:
        """``(seat, id)`` of each bid this deal (the dealer naming trumps over a turned
        joker included)."""
        return list(self._bids)  # (one list, replaced whole by a new deal: read at once)

    @_held
    def played(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The tricks of this deal so far, each ``(leader, core card ids in play order)``;
        the last may be incomplete. Empty before the play."""
        play = self._play
        if play is None:
            return ()
        out = [(t[0], t[1:]) for t in play.tricks]
        if play.trick:
            out.append((play.leader, play.trick))
        return tuple(out)

    @property
    @_held
    def tricks_won(self) -> tuple[int, int]:
        """Tricks by side this deal (during the play: so far)."""
        play = self._play
        if play is not None and self._phase == PH_PLAY:
            w = play.won
            return (w[0] + w[2], w[1] + w[3])
        return self._won

    def active(self) -> int:
        """The mask of the seats playing this deal (15 before the play)."""
        return self._play.active if self._play is not None else 15

    def core_card(self, action_id: int) -> int:
        """The core card id of a card id ``0..deck-1``."""
        t = self._t
        return t.core_of[_arg(action_id, "action_id", 0, t.n - 1, f"a card id 0..{t.n - 1}")]

    def card_id(self, core_card: int) -> int:
        """The action id of a core card id ``0..63``, -1 if that card is not in the deck."""
        return self._t.id_of[_arg(core_card, "core_card", 0, 63, "a core card id 0..63")]

    if not TYPE_CHECKING:  # reached only for an attribute that is not set

        def __getattr__(self, name):
            unset_attribute(self, name, "_t")

    def __repr__(self) -> str:
        return (
            f"<EuchreMachine deck={self._t.n} phase={self._phase} to_act={self._to_act}"
            f" dealer={self._dealer} trump={self._trump} scores={self.scores}>"
        )


def _restore(cls: type[EuchreMachine], *args: Any) -> EuchreMachine:
    """A machine rebuilt from its history (pickle: the arguments of ``__reduce__``)."""
    return _rebuild(EuchreMachine, cls, *args)


class EuchreGameTotals(NamedTuple):
    """Twin of ``ec_eu_totals``: random Euchre games added up."""

    games: int
    deals: int
    """Deals begun, redeals included."""
    steps: int
    """Ids applied, chance outcomes included."""
    points: tuple[int, int]
    """Sums of the returns of seat 0 (side 0) and seat 1 (side 1)."""
    wins: tuple[int, int]
    """Games whose returns are positive for each side."""
    digest: int


def random_games(deck: int, flags: int, target: int, seed: int, n: int) -> EuchreGameTotals:
    """Twin of ``ec_eu_random_games`` (from zeroed totals, ``Rng(seed)``): ``n`` games,
    game ``i`` seeded with the ``i``-th draw of the stream, every decision the
    ``below(count)``-th legal id.

    >>> random_games(24, STICK, 0, 1, 3).games
    3
    """
    deck, flags, target, seed, _ = _machine_args(deck, flags, target, seed)
    rng = Rng(seed)
    games = deals = steps = 0
    points = [0, 0]
    wins = [0, 0]
    digest = 0xCBF29CE484222325
    for _ in range(n):
        m = EuchreMachine(deck, flags, target, rng.next_u64(), False)
        k = 0
        while m._phase != PH_OVER:
            if m._to_act == CHANCE:
                m._apply(m.draw(), True)
            else:
                legal = m.legal_mask()
                m._apply(_nth(legal, rng.below(legal.bit_count())), False)
            k += 1
        r = m._returns
        games += 1
        deals += m._deals
        steps += k
        points[0] += r[0]
        points[1] += r[1]
        wins[0] += r[0] > 0
        wins[1] += r[1] > 0
        digest = ((digest ^ k) * _FNV_PRIME) & _M64
        for v in r:
            digest = ((digest ^ (v & 0xFF)) * _FNV_PRIME) & _M64
    return EuchreGameTotals(games, deals, steps, (points[0], points[1]), (wins[0], wins[1]), digest)
