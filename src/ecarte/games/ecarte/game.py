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

import reprlib
import types
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast, overload

from ecarte._cards import PIQUET_DECK, Card, CardSet, Rank
from ecarte._core._pure import masks as _masks
from ecarte._errors import (
    ArgumentTypeError,
    CardParseError,
    IllegalActionError,
    PluginError,
    SaveFormatError,
    named,
    shown,
)
from ecarte.engine import backend as _backend

from . import _checks, _hooks, _save
from . import observation as ob
from ._checks import CHANCE_PHASES
from ._views import MatchReads, held
from .actions import ACTIONS, Action, Cut, Deal, Discard, Event, Play, parse_record
from .observation import (
    DISCARD_BASE,
    LEGAL_BY_MASK,
    DiscardChoices,
    Observation,
    Phase,
    discard_of,
    phases_of,
)
from .protocol import MachineModule
from .rules import Rules

if TYPE_CHECKING:
    from ._pymachine import Machine as _Base
else:
    _Base = object

__all__ = ["CHANCE", "NUM_ACTION_IDS", "TERMINAL", "DiscardChoices", "Game", "Observation", "Phase"]

_BINDINGS: dict[str, MachineModule] = {
    name: cast(MachineModule, _backend.module("ecarte.machine", name))
    for name in _backend.available("ecarte.machine")
}
"""The match machine's binding module on each backend that has one."""

CHANCE = next(iter(_BINDINGS.values())).CHANCE
"""``Game.to_act`` when chance (a cut or a deal) moves next."""
TERMINAL = next(iter(_BINDINGS.values())).TERMINAL
"""``Game.to_act`` when the match is over."""
NUM_ACTION_IDS = 96
"""Integer action ids run from 0 to 95 (see :meth:`Game.action_id`)."""

_B = TypeVar("_B")  # a writable buffer legal_action_mask fills

_IDS: dict[Action, int] = {action: i for i, action in enumerate(ACTIONS)}

_F = TypeVar("_F", bound=Callable[..., Any])


for _binding in {id(b): b for b in _BINDINGS.values()}.values():
    _binding.set_tables(ACTIONS, LEGAL_BY_MASK, discard_of, DiscardChoices)


# --------------------------------------------------------------------- the game


class Game(MatchReads):
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

    The facade reads the machine only through its contract
    (:class:`.protocol.MatchMachine`, its fields by name in a
    :class:`.protocol.MatchView`) and its binding's constants (``_binding``). Its
    reads (fields, history, observations) are its base class
    :class:`._views.MatchReads`. Its helper modules (``_hooks``, ``_save``, ``_checks``,
    ``_advice``) use a few internal
    members, documented here: ``_config`` (what the game and its clones share),
    ``_view()``, ``_read()`` (the records of the log), ``_guard(what)``,
    ``_first_veto(seat, action)``, ``_resume_chance()``, ``_asking(ask, *args)`` and
    ``_check_seat(seat)``.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # the machine's hot methods, as callers see them (nothing at run time)

        def legal_actions(self) -> Sequence[Action]:
            """The actions :attr:`to_act` may take, sorted by action id (empty at chance
            nodes, at the end, and inside a plugin hook while an action is applied)."""

        @overload
        def apply(self, action: Action, *, seat: int | None = None) -> None:
            """Apply the action of the seat to act (checked): an illegal one raises
            :class:`~ecarte.IllegalActionError` and changes nothing. With ``seat``, also
            check that it is that seat's turn."""

        @overload
        def apply(self, action: Event, *, seat: int | None = None) -> None:
            """Apply a chance event (a :class:`~ecarte.Cut` or :class:`~ecarte.Deal`)."""

        @overload
        def apply(self, action: str, *, seat: int | None = None) -> None:
            """Apply the action or chance event of that text (``"propose"``, ``"K♠"``,
            ``"packets 3-2"``...); bad text raises :class:`~ecarte.CardParseError` or
            :class:`~ecarte.IllegalActionError`."""

        def apply(self, action: Action | Event | str, *, seat: int | None = None) -> None: ...

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
        seed = _checks.match_seed(seed)
        if auto_chance is not True and auto_chance is not False:
            raise ArgumentTypeError(f"auto_chance must be a bool, not {reprlib.repr(auto_chance)}")
        self._config = config
        self._records = None
        self._busy = False
        self._silent = False
        self._notified = 0
        status = self._m_start(config.machine, seed & (1 << 64) - 1, auto_chance, config.flags)
        if status != self._binding.STOP_IDLE:
            self._continue(status, None)  # the first game's hooks
        if config.notifications:
            self._notify(0, "the game was not made:")

    def __repr__(self) -> str:
        v = self._m_view()
        return (
            f"<Game {self._phases[v.phase].value} game {v.game_number} hand {v.hand_number} "
            f"scores {v.scores} games {v.games_won} to_act {v.to_act}>"
        )

    # ---------------------------------------------------------- legal actions

    def _legal_slow(self) -> Sequence[Action]:
        """``legal_actions`` when plugins are involved (vetoes), or inside a hook."""
        if self._busy:
            return ()
        low, high = self._m_legal()
        v = self._m_view()
        if high:
            pos = int(v.phase == self._binding.PH_DEALER_DISCARD)
            choices = ob.discards_of(v.held[pos], v.disc_least, v.disc_most)
            legal: tuple[Action, ...] = tuple(choices)
        else:
            legal = tuple(ACTIONS[b.bit_length() - 1] for b in ob.bits_of(low))
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

    def _first_veto(self, seat: int, action: Action) -> tuple[str | None, str]:
        """The first plugin's veto of ``action`` by ``seat`` and the plugin's name (None,
        "" when none vetoes it); asked as hooks are (internal interface)."""
        found: tuple[str | None, str] = self._asking(_hooks.first_veto, seat, action)
        return found

    def legal_action_ids(self) -> tuple[int, ...]:
        """Sorted integer ids of :meth:`legal_actions`."""
        return tuple(sorted(self.action_id(a) for a in self.legal_actions()))

    @overload
    def legal_action_mask(self, out: None = None) -> tuple[bool, ...]: ...
    @overload
    def legal_action_mask(self, out: _B) -> _B: ...
    def legal_action_mask(self, out: Any = None) -> Any:
        """A :data:`NUM_ACTION_IDS`-long mask of the legal ids, as a new tuple of bools;
        with ``out`` (a writable buffer of one-byte items, e.g. a numpy ``uint8`` or
        ``bool`` array of at least 96) written there as 0 or 1, and ``out`` returned.
        (The machine answers this from its legal bits, unless a plugin may veto.)"""
        return self._legal_mask_slow(out)

    def _legal_mask_slow(self, out: Any) -> Any:
        """:meth:`legal_action_mask` from :meth:`legal_action_ids` (plugins vetoing, or
        inside a hook)."""
        return _masks.legal_mask_of(self._legal_bits_slow(), NUM_ACTION_IDS, out, False)

    def legal_action_bits(self) -> int:
        """The legal ids as the bits of an int: bit ``i`` is set when id ``i`` is among
        :meth:`legal_action_ids` (a discard's bit is past bit 64). (The machine answers
        this from its legal bits, unless a plugin may veto.)"""
        return self._legal_bits_slow()

    def _legal_bits_slow(self) -> int:
        """:meth:`legal_action_bits` from :meth:`legal_action_ids` (plugins vetoing, or
        inside a hook)."""
        return sum(1 << i for i in self.legal_action_ids())

    def hand_mask(self, seat: int) -> int:
        """The card mask of the cards ``seat`` holds: ``hand(seat).mask``, which the
        machine reads without making a :class:`~ecarte.CardSet`."""
        return self.hand(seat).mask

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
            hand = tuple(CardSet(ob.hands(self._m_view())[max(self.to_act, 0)]))
            m = 0
            for card in action.cards:
                if card not in hand:
                    raise IllegalActionError(f"{action}: {card} is not in the hand")
                m |= 1 << hand.index(card)
            return DISCARD_BASE + m
        try:
            if not isinstance(action, Action):  # (not hashed: its __hash__ is the caller's)
                raise TypeError
            return _IDS[action]
        except (KeyError, TypeError):
            given: object = action  # typed an Action, but anything may come
            what = given if isinstance(given, Event) else reprlib.repr(given)
            raise IllegalActionError(f"{what} has no action id") from None

    def action_from_id(self, action_id: int) -> Action:
        """The action with that id in this state (see :meth:`action_id`)."""
        if action_id.__class__ is not int:
            raise IllegalActionError(f"an action id is an int, not {shown(action_id)}")
        if 0 <= action_id < len(ACTIONS):
            return ACTIONS[action_id]
        if DISCARD_BASE <= action_id < DISCARD_BASE + 32:
            hand = tuple(CardSet(ob.hands(self._m_view())[max(self.to_act, 0)]))
            m = action_id - DISCARD_BASE
            if m >> len(hand):
                cards = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
                raise IllegalActionError(f"action id {action_id}: the hand has {cards}")
            return discard_of(sum(c.mask for i, c in enumerate(hand) if m >> i & 1))
        raise IllegalActionError(f"no action has id {action_id!r}")

    # -------------------------------------------------------------- applying

    def _apply_slow(self, action: Any, seat: Any, action_id: int) -> None:
        """``apply`` off the machine's fast path: text, events, a seat to check, plugins."""
        self._guard("apply()")
        if isinstance(action, str):
            action = parse_record(action)
            action_id = -1
        v = self._m_view()
        _checks.check_turn(self, v, seat)
        if isinstance(action, Event):
            self._run(self._m_chance, (_checks.chance_ids(self, v, action),), action)
            return
        action_id = _checks.check_decision(self, v, action, action_id)
        self._run(self._m_apply, (action_id,), action)

    def apply_chance(self) -> Event:
        """Draw the chance event due from the game's seed, and apply it."""
        drawn = self._m_draw()
        if not drawn:
            who = _checks.who_acts(self, self._m_view())
            raise IllegalActionError(f"no cut or deal is due: {who}")
        cards = tuple(Card.from_id(c) for c in drawn)
        event: Event = Cut((cards[0], cards[1])) if len(cards) == 2 else Deal(cards)
        self.apply(event)
        return event

    def _run(self, call: Any, args: tuple[Any, ...], action: Any = None) -> None:
        """Run one machine call to its end, answering the hooks it stops at; atomically:
        on any error the machine is restored. Then notify plugins of what it ended."""
        self._guard("apply()")
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
            stop_hook = self._binding.STOP_HOOK
            while status == stop_hook:
                status = self._m_answer(_hooks.answer(self))
            if status < 0:
                self._fail(status, action)
        except BaseException:
            self._m_restore()
            self._records = None  # it may have read what the failed step wrote
            raise
        finally:
            self._busy = False

    def _notify(self, start: int, failed: str = "the action was applied, but") -> None:
        """Send the notifications of what the log says since ``start`` (never from clones);
        ``failed`` begins the message of an error, saying what stands."""
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
                f"{failed} plugin notifications failed: " + "; ".join(map(str, errors))
            ) from errors[0]

    def _fail(self, status: int, action: Any) -> NoReturn:
        """Raise the error a machine status stands for (the state is restored)."""
        _checks.fail(self, status, action)

    def _illegal(self, action: Any, action_id: int, status: int) -> NoReturn:
        """Raise the IllegalActionError explaining why the machine refused ``action``."""
        _checks.illegal(self, action, status)

    def undo(self) -> None:
        """Take back the last :meth:`apply` (with the chance events it triggered)."""
        self._claim()  # never waits: another thread's call meanwhile is refused
        try:
            self._undo()  # checked and taken back in one claim: no other call between
        finally:
            self._release()

    def _undo(self) -> None:
        self._guard("undo()")
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
        assert status == self._binding.STOP_IDLE, status
        self._records = None  # the log is written anew from here
        if self._m_view().auto_chance and self.phase in CHANCE_PHASES:
            self._m_resume()  # the chance drawn with the undone action's predecessor

    def __copy__(self) -> Game:
        return self.clone()

    def _guard(self, what: str) -> None:
        """Raise if called from inside a plugin hook (internal interface: ``what`` names
        the call refused, e.g. ``"to_dict()"``)."""
        if self._busy:
            self._refuse_mid_step(what)

    def _refuse_mid_step(self, what: str) -> NoReturn:
        """Raise: a hook sees the game between two states, which it may read but not
        change or copy."""
        raise IllegalActionError(
            f"{what} from inside a plugin hook: the game may be read there, not changed "
            "or copied; act from a notification hook, which runs once an action is done"
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
            raise ArgumentTypeError(f"auto_chance must be a bool, not {reprlib.repr(auto_chance)}")
        records: object = history
        if isinstance(records, str | bytes) or not isinstance(records, Iterable):
            raise ArgumentTypeError(f"history must be an iterable of records, not {history!r}")
        game = cls(rules, variant=variant, plugins=plugins, seed=seed, auto_chance=False)
        for i, record in enumerate(history):
            try:
                game.apply(record)
            except (IllegalActionError, CardParseError) as exc:
                why = str(exc)  # apply's message names the record, mostly: never twice
                why = why.removeprefix(f"{record}: ")
                raise type(exc)(f"history record {i} ({named(str(record))}): {why}") from exc
        if auto_chance:
            game._resume_chance()
        return game

    def _resume_chance(self) -> None:
        """Draw chance from the seed from now on, and draw the chance event due now if
        one is (internal interface: replays end here)."""
        self._m_set_auto(True)
        if self.phase in CHANCE_PHASES:
            self._run(self._m_resume, ())

    @held
    def rebuild(self, *, plugins: Sequence[object] = ()) -> Game:
        """A fresh game replayed from this one's history, rules, variants, plugin objects
        and seed. A plugin object of an installed variant's class with ``save_options()``
        is made anew from its options; ``plugins`` gives the others, fresh and in order
        (as :meth:`from_dict` takes them)."""
        return Game.replay(
            self.history,
            self._config.asked_rules,  # the variants configure them again
            variant=self.variants,
            plugins=_save.fresh_plugins(self, plugins, "rebuild()"),
            seed=self.seed,
            auto_chance=bool(self._m_view().auto_chance),
        )

    # ---------------------------------------------------- saving and restoring

    @held
    def to_dict(self) -> dict[str, Any]:
        """The game as a saved document of plain JSON values (format ``ecarte-save``,
        :data:`ecarte.games.ecarte._save.VERSION`): the rules asked for, the variants, the plugin
        objects with their options, the seed, ``auto_chance``, the history as text and
        each plugin's state (hook ``ecarte_save_state``). See docs/api.md, "Saving and
        restoring".

        The document is secret: its seed and history tell every card dealt and every
        deal to come. Keep it on the server; send players :meth:`observation` (its
        ``to_dict()``) and :meth:`events` instead."""
        return _save.to_dict(self)

    @held
    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text (as secret: keep it on the server): one line, or
        indented by ``indent`` spaces (0 to 16; anything else raises
        :class:`ArgumentError`)."""
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


@cache
def _game_class(backend: str) -> type[Game]:
    """The class of the games made while ``backend`` is live: Game on that backend's
    machine (the machine's methods win: they are the fast ones)."""
    binding = cast(MachineModule, _backend.module("ecarte.machine", backend))
    namespace = {
        "__slots__": (),
        "_binding": binding,
        "_phases": phases_of(binding),
        "_discard_phases": frozenset((binding.PH_ELDER_DISCARD, binding.PH_DEALER_DISCARD)),
    }
    cls = types.new_class("Game", (binding.Machine, Game), {}, lambda ns: ns.update(namespace))
    cls.__module__ = __name__
    cls.__qualname__ = "Game"
    cls.__doc__ = Game.__doc__
    game_class: type[Game] = cls
    return game_class
