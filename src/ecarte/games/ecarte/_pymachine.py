"""The match machine in pure Python: the twin of ``_machine.pyx`` (same methods).

It drives ``_pure_machine`` (the twin of ``ec_machine.c``) exactly as the Cython
class drives the C machine. ``ecarte.Game`` is built on it when the pure backend
is live (``ECARTE_PURE_PYTHON=1``, or under cffi); type checkers read this file
for both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import make_dataclass
from threading import RLock
from typing import TYPE_CHECKING, Any, Final, Self, TypeVar, overload

from ecarte._core._pure.masks import legal_mask_of
from ecarte._errors import ConcurrentUseError, unset_attribute

from . import _pure_machine as pm
from . import protocol
from ._pure_machine import (
    ANSWER_SIZES,
    CHANCE,
    EBADANSWER,
    EBADCHANCE,
    ECUTLOOP,
    EDISCARDN,
    ELOG,
    ENOTALLOWED,
    ENOTNOW,
    ENOUNDOHERE,
    HOOK_NAMES,
    NO_SEAT,
    NUM_HOOKS,
    NUM_IDS,
    PH_CUT,
    PH_DEAL,
    PH_DEALER_DISCARD,
    PH_ELDER_DISCARD,
    PH_OVER,
    PH_PACKETS,
    PH_PLAY,
    PH_PROPOSE,
    PH_RESPOND,
    STOP_HOOK,
    STOP_IDLE,
    STOP_ROOM,
    TERMINAL,
    hook_answer_size,
)
from ._pure_rules import HandRules

__all__ = [
    "ANSWER_SIZES",
    "CHANCE",
    "EBADANSWER",
    "EBADCHANCE",
    "ECUTLOOP",
    "EDISCARDN",
    "ELOG",
    "ENOTALLOWED",
    "ENOTNOW",
    "ENOUNDOHERE",
    "HOOK_NAMES",
    "NO_SEAT",
    "NUM_HOOKS",
    "PH_CUT",
    "PH_DEAL",
    "PH_DEALER_DISCARD",
    "PH_ELDER_DISCARD",
    "PH_OVER",
    "PH_PACKETS",
    "PH_PLAY",
    "PH_PROPOSE",
    "PH_RESPOND",
    "STOP_HOOK",
    "STOP_IDLE",
    "STOP_ROOM",
    "TERMINAL",
    "Machine",
    "MatchConfig",
    "MatchView",
    "hook_answer_size",
    "random_matches",
    "set_tables",
]

_ACTIONS: tuple[Any, ...] = ()
_LEGAL_BY_MASK: dict[int, tuple[Any, ...]] = {}
_IDS_BY_MASK: dict[int, tuple[int, ...]] = {}  # the ids in a mask of legal ids
_DISCARDS: Callable[[int, int, int], Any] | None = None
_INTERNED: dict[int, int] = {}  # id() of an interned action -> its action id


def set_tables(
    actions: tuple[Any, ...],
    legal_by_mask: dict[int, tuple[Any, ...]],
    discard: Callable[[int], Any],
    choices: Callable[[int, int, int], Any],
) -> None:
    """Give the machine the interned actions (ids 0..38), the cache of legal tuples by id
    mask, the function from a card mask to its Discard (unused here) and the class of
    discard choices, ``game.DiscardChoices`` (called by :mod:`.game`)."""
    global _ACTIONS, _LEGAL_BY_MASK, _DISCARDS
    if len(actions) != 39:
        raise ValueError("expected the 39 interned actions of ids 0..38")
    _ACTIONS = tuple(actions)
    _LEGAL_BY_MASK = legal_by_mask
    _DISCARDS = choices
    _INTERNED.clear()
    _INTERNED.update({id(a): i for i, a in enumerate(_ACTIONS)})


def random_matches(config: MatchConfig, seed: int, n: int) -> pm.MatchTotals:
    """``n`` random complete matches (twin of ``_machine.random_matches``)."""
    return pm.random_matches(config.cfg, seed, n)


class MatchConfig:
    """The rules and overridden hooks of matches (twin of ``ec_match_config``)."""

    __slots__ = ("cfg", "key")

    def __init__(self, rules: tuple[Any, ...], hook_mask: int) -> None:
        hand, *match = rules
        self.cfg = pm.config_init(pm.MatchRules(HandRules(*hand), *match), hook_mask)
        self.key = (rules, hook_mask)

    @property
    def hook_mask(self) -> int:
        return int(self.cfg.hook_mask)


_UINT32_MAX = 0xFFFFFFFF
_EVENT_TAGS = frozenset((0xD0, 0xD4, 0xD5, 0xD6))  # a game start, hand, game and match ends


MatchView = make_dataclass(
    "MatchView", [(name, Any) for name in protocol.VIEW_FIELDS], frozen=True, slots=True
)
MatchView.__module__ = __name__
MatchView.__doc__ = """The machine's fields at one moment, by name (twin of ``_machine.MatchView``):
the fields of :class:`.protocol.MatchView`, where they are documented, in their order."""


_PLAIN_FIELDS: Final = (
    "phase", "to_act", "step", "dealer", "elder", "winner", "game_number", "hand_number",
    "chosen_packets", "deal_packets", "turnup", "trump", "exchanges", "discards",
    "played_without_proposing", "refused_after", "king_seats", "announced", "in_play",
    "complete", "disc_least", "disc_most", "seed", "auto_chance", "deal_at", "chance_count",
)  # fmt: skip
"""The fields of a :class:`MatchView` that are the match's own, as they are."""


B = TypeVar("B")  # a writable buffer legal_action_mask fills
R = TypeVar("R")


def _concurrent() -> None:
    raise ConcurrentUseError(
        "this game is being changed by another thread: a game is not shared between "
        "threads without a lock"
    )


class Machine:
    """One match: the machine's state, its log, and the Python-side slots of ``Game``."""

    __slots__ = (
        "__weakref__",
        "_busy",
        "_config",
        "_hooks",
        "_legal",
        "_m",
        "_mcfg",
        "_mlog",
        "_nlegal_ids",
        "_notified",
        "_notify_on",
        "_public_kept",
        "_records",
        "_saved",
        "_silent",
        "_use",
        "_vetoes",
    )

    _busy: bool
    _config: Any
    _legal: Sequence[Any] | None
    _records: Any
    _public_kept: tuple[bytes, tuple[bytes, ...], tuple[Any, ...]] | None
    """The last public view written (``MatchReads._public_json``): its mark, its
    members and what each was read from, or None."""
    _silent: bool
    _notified: int
    _m: Any
    _mcfg: MatchConfig
    _mlog: bytearray
    _hooks: bool
    _vetoes: bool
    _notify_on: bool
    _saved: Any
    _nlegal_ids: tuple[int, ...]
    _use: Any  # an RLock held while an action is applied: another thread's call raises

    if not TYPE_CHECKING:  # reached only for an attribute that is not set

        def __getattr__(self, name):
            unset_attribute(self, name, "_m")

    def _claim(self) -> None:
        """Take this machine for a call made of several reads or steps (the game's reads,
        ``undo``): a call from another thread meanwhile raises ConcurrentUseError, as this
        one does if another thread holds it; the holding thread may take it again.
        :meth:`_release` gives it back."""
        if not self._use.acquire(False):
            _concurrent()

    def _release(self) -> None:
        self._use.release()

    def _claimed(self, call: Callable[..., R], *args: Any) -> R:
        """``call(*args)`` holding the machine's claim (:attr:`_use`): another thread's
        call meanwhile raises :class:`ConcurrentUseError`."""
        lock = self._use
        if not lock.acquire(False):
            _concurrent()
        try:
            return call(*args)
        finally:
            lock.release()

    if TYPE_CHECKING:  # provided by ecarte.Game (the machine's subclass)

        def _legal_slow(self) -> Sequence[Any]: ...

        def _legal_mask_slow(self, out: Any) -> Any: ...

        def _legal_bits_slow(self) -> int: ...

        def _check_seat(self, seat: int) -> None: ...

        def _apply_slow(self, action: Any, seat: Any, action_id: int) -> None: ...

        def _illegal(self, action: Any, action_id: int, status: int) -> None: ...

        def _refuse_mid_step(self, what: str) -> None: ...

        def _continue(self, status: int, action: Any) -> None: ...

        def _notify(self, start: int) -> None: ...

        def _public_json(
            self, since: bytes | None, least: int, most: int
        ) -> tuple[bytes, bytes] | None: ...

    # ------------------------------------------------------------ low level

    def _m_start(self, config: MatchConfig, seed: int, auto_chance: bool, flags: int) -> int:
        """Start a match; ``flags``: 1 some hook is a plugin's, 2 some plugin vetoes
        decisions, 4 some plugin wants notifications."""
        self._use = RLock()
        self._mcfg = config
        self._hooks = bool(flags & 1)
        self._vetoes = bool(flags & 2)
        self._notify_on = bool(flags & 4)
        self._mlog = bytearray()
        self._legal = None
        self._nlegal_ids = ()
        self._public_kept = None
        self._m = pm.Match()
        return int(pm.match_start(config.cfg, self._m, self._mlog, seed, int(auto_chance)))

    def _m_apply(self, action_id: int) -> int:
        self._legal = None
        return int(pm.match_apply(self._mcfg.cfg, self._m, self._mlog, action_id))

    def _m_chance(self, cards: tuple[int, ...]) -> int:
        if len(cards) not in (2, 32) or not all(0 <= c < 64 for c in cards):
            return EBADCHANCE
        self._legal = None
        return int(pm.match_chance(self._mcfg.cfg, self._m, self._mlog, tuple(cards)))

    def _m_draw(self) -> tuple[int, ...]:
        return tuple(pm.match_draw(self._m))

    def _m_answer(self, data: bytes) -> int:
        if len(data) != hook_answer_size(self._m.hook):
            raise ValueError("wrong answer size")
        self._legal = None
        return int(pm.match_answer(self._mcfg.cfg, self._m, self._mlog, bytes(data)))

    def _m_resume(self) -> int:
        self._legal = None
        return int(pm.match_resume(self._mcfg.cfg, self._m, self._mlog))

    def _m_undo(self) -> int:
        return self._claimed(self._undo_step)

    def _undo_step(self) -> int:
        self._legal = None
        return int(pm.match_undo(self._mcfg.cfg, self._m, self._mlog))

    def _m_save(self) -> None:
        """Keep the state: :meth:`_m_restore` undoes whatever happens until the next save
        (the log past its saved length is ignored)."""
        self._saved = self._m.copy()

    def _m_restore(self) -> None:
        saved = getattr(self, "_saved", None)  # (nothing saved: a match that failed to start)
        if saved is not None:
            self._m = saved.copy()
        self._legal = None

    def _m_log(self, start: int = 0) -> bytes:
        return bytes(self._mlog[min(start, self._m.nlog) : self._m.nlog])

    def _m_legal(self) -> tuple[int, int]:
        low, high = pm.match_legal(self._mcfg.cfg, self._m)
        return int(low), int(high)

    def _m_set_auto(self, auto_chance: bool) -> None:
        self._m.auto_chance = int(auto_chance)

    @property
    def _m_phase(self) -> int:
        return int(self._m.phase)

    @property
    def _m_hook(self) -> tuple[int, tuple[int, ...]]:
        return self._m.hook, tuple(self._m.hook_args)

    @property
    def _m_nlog(self) -> int:
        return int(self._m.nlog)

    @property
    def _m_last_input(self) -> int:
        last = self._m.last_input
        return -1 if last == _UINT32_MAX else int(last)

    @property
    def _m_config(self) -> MatchConfig:
        return self._mcfg

    def _m_view(self) -> protocol.MatchView:
        """The machine's fields now, by name (read holding the game: another thread's
        change is not seen half made)."""
        lock = self._use
        if not lock.acquire(False):
            _concurrent()
        try:
            m = self._m
            n = self._mcfg.cfg.rules.nplayers
            play = m.play
            nplayed = play.nplayed
            return MatchView(  # type: ignore[no-any-return]
                **{name: getattr(m, name) for name in _PLAIN_FIELDS},
                game_players=tuple(m.game_players),
                scores=tuple(m.scores[:n]),
                games_won=tuple(m.games_won[:n]),
                held=tuple(m.held),
                stock=tuple(m.stock[m.stock_top : m.stock_top + m.stock_len]),
                discarded=tuple(m.discarded[: m.ndiscards]),
                hand_points=tuple(m.hand_points),
                hand_kings=tuple(m.hand_kings),
                play_hands=tuple(play.hands),
                play_cards=tuple(play.cards[:nplayed]),
                play_leaders=tuple(play.leaders[: (nplayed + 1) // 2]),
                play_to_move=play.to_move,
                play_won=tuple(play.won),
                players=n,
            )
        finally:
            lock.release()

    def _m_public_json(
        self, since: bytes | None = None, least: int = -2, most: int = 0
    ) -> tuple[bytes, bytes] | None:
        """The public view told as what changed (twin of ``ec_public_view``, which the
        game states in Python: ``MatchReads._public_json``): ``(members, mark)``, or None
        when ``since`` is not a mark; ``least``, ``most``: the discard limits (-1: none;
        -2, the default: the machine's own)."""
        return self._public_json(since, least, most)

    # ------------------------------------------------------------ the hot path

    @property
    def to_act(self) -> int:
        """The seat to act, or ``CHANCE`` (-1), or ``TERMINAL`` (-2)."""
        return int(self._m.to_act)

    @property
    def is_over(self) -> bool:
        """True once the match is over."""
        return bool(self._m.phase == PH_OVER)

    def legal_actions(self) -> Sequence[Any]:
        """The actions ``to_act`` may take, sorted by action id (empty at chance nodes, at
        the end, and inside a plugin hook while an action is being applied)."""
        legal = self._legal
        if legal is not None:
            return legal
        return self._claimed(self._legal_actions)  # (not read while another thread changes it)

    def _legal_actions(self) -> Sequence[Any]:
        legal: Sequence[Any] | None
        if self._busy:
            return ()
        low, high = pm.match_legal(self._mcfg.cfg, self._m)
        if self._vetoes and (high or low >> 32):
            self._nlegal_ids = ()  # ids of the filtered tuple are looked up in Python
            return self._legal_slow()  # decisions a plugin may veto
        if high:
            m = self._m
            assert _DISCARDS is not None
            legal = _DISCARDS(m.held[int(m.phase == PH_DEALER_DISCARD)], m.disc_least, m.disc_most)
            self._nlegal_ids = tuple(64 + k for k in range(32) if high >> k & 1)
        else:
            ids = _IDS_BY_MASK.get(low)
            if ids is None:
                ids = tuple(k for k in range(39) if low >> k & 1)
                if len(_IDS_BY_MASK) < 65536:
                    _IDS_BY_MASK[low] = ids
            legal = _LEGAL_BY_MASK.get(low)
            if legal is None:
                legal = tuple(_ACTIONS[k] for k in ids)
                if len(_LEGAL_BY_MASK) < 65536:
                    _LEGAL_BY_MASK[low] = legal
            self._nlegal_ids = ids
        self._legal = legal
        return legal

    @overload
    def legal_action_mask(self, out: None = None) -> tuple[bool, ...]: ...
    @overload
    def legal_action_mask(self, out: B) -> B: ...
    def legal_action_mask(self, out: Any = None) -> Any:
        """A ``NUM_ACTION_IDS``-long mask of the legal ids, as a new tuple of bools; with
        ``out`` (a writable buffer of one-byte items, e.g. a numpy uint8 or bool array of
        at least 96) written there as 0/1 and ``out`` returned. Made from the machine's
        legal bits, unless a plugin may veto these actions."""
        lock = self._use  # (not read while another thread changes the state)
        if not lock.acquire(False):
            _concurrent()
        try:
            if self._busy:
                return self._legal_mask_slow(out)
            low, high = pm.match_legal(self._mcfg.cfg, self._m)
            if self._vetoes and (high or low >> 32):
                return self._legal_mask_slow(out)  # decisions a plugin may veto
        finally:
            lock.release()
        return legal_mask_of(int(low) | int(high) << 64, NUM_IDS, out, False)

    def legal_action_bits(self) -> int:
        """The legal ids as the bits of an int (bit ``i`` set: id ``i`` is legal), from
        the machine's legal bits, unless a plugin may veto these actions."""
        lock = self._use  # (not read while another thread changes the state)
        if not lock.acquire(False):
            _concurrent()
        try:
            if self._busy:
                return 0
            low, high = pm.match_legal(self._mcfg.cfg, self._m)
            if self._vetoes and (high or low >> 32):
                return self._legal_bits_slow()  # decisions a plugin may veto
        finally:
            lock.release()
        return int(low) | int(high) << 64

    def hand_mask(self, seat: int) -> int:
        """The card mask of the cards ``seat`` holds (``hand(seat).mask``), read from the
        machine."""
        if not (seat.__class__ is int and 0 <= seat < self._mcfg.cfg.rules.nplayers):
            self._check_seat(seat)  # raises
        m = self._m
        if m.dealer == NO_SEAT:
            return 0
        now = m.play.hands if m.in_play else m.held
        if seat == m.elder:
            return int(now[0])
        if seat == m.dealer:
            return int(now[1])
        return 0

    def _id_of(self, action: Any) -> int:
        """The id of an offered or interned action object, or -1 (identity only)."""
        legal = self._legal
        if legal is not None and self._nlegal_ids:
            for offered, action_id in zip(legal, self._nlegal_ids, strict=False):
                if offered is action:
                    return action_id
        found = _INTERNED.get(id(action), -1)
        if found < 0 and legal is not None and type(legal) is not tuple:
            found = legal._id_of(action)  # type: ignore[attr-defined]  # a discard offered
        return int(found)

    def apply(self, action: Any, *, seat: int | None = None) -> None:
        """Apply the action of the seat to act (checked), or a chance event.

        ``action`` may be the text form (``"propose"``, ``"K♠"``...). With ``seat``, also
        check that it is that seat's turn. An illegal action raises
        :class:`~ecarte.IllegalActionError` and changes nothing.
        """
        self._claimed(self._apply, action, seat)

    def _apply(self, action: Any, seat: int | None) -> None:
        action_id = self._id_of(action)
        if (
            action_id < 0
            or self._busy
            or (self._vetoes and self._legal is None and action_id >= 32)
            or (seat is not None and not (seat.__class__ is int and seat == self._m.to_act))
        ):
            self._apply_slow(action, seat, action_id)
            return
        start = self._m.nlog
        if self._hooks:
            self._saved = self._m.copy()
        status = pm.match_apply(self._mcfg.cfg, self._m, self._mlog, action_id)
        self._legal = None
        if status != STOP_IDLE:
            if status < 0:
                self._illegal(action, action_id, status)
            self._continue(status, action)
        if self._notify_on and any(b in _EVENT_TAGS for b in self._mlog[start : self._m.nlog]):
            self._notify(start)

    def clone(self) -> Self:
        """An independent copy (same plugins; notifications are not sent from clones)."""
        return self._claimed(self._clone)  # (not copied while another thread changes it)

    def _clone(self) -> Self:
        if self._busy:
            self._refuse_mid_step("clone()")
        new = object.__new__(type(self))
        new._m = self._m.copy()
        new._mcfg = self._mcfg
        new._hooks = self._hooks
        new._vetoes = self._vetoes
        new._notify_on = self._notify_on
        new._mlog = bytearray(self._mlog[: self._m.nlog])
        new._legal = self._legal
        new._nlegal_ids = self._nlegal_ids
        new._config = self._config
        new._records = None
        new._public_kept = self._public_kept  # (a tuple, checked against the state read)
        new._silent = True
        new._busy = False
        new._notified = self._notified
        new._use = RLock()
        return new
