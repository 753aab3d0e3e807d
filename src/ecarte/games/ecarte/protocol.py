"""The contract of Écarté's match machine: what the facade (:mod:`.game`) needs from it.

The match machine is ``_machine.Machine`` (Cython over ``ec_machine.c``) or its pure
twin ``_pymachine.Machine``; ``Game`` is built on whichever backend is live. Every
backend's binding module provides :class:`MachineModule` (its classes, functions and
the C constants: phases, statuses, hook points and their answer sizes), its
``Machine`` provides :class:`MatchMachine`, and ``Machine._m_view()`` returns a
:class:`MatchView`, the machine's fields by name. The facade provides
:class:`MachineHost`, the methods the machine calls back on its subclass.
``tests/engine`` and ``tests/games/ecarte`` check every backend against these
protocols, field by field on random states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Self

from ecarte.engine.protocol import Machine

if TYPE_CHECKING:
    from .actions import Action, Event

__all__ = ["VIEW_FIELDS", "MachineHost", "MachineModule", "MatchMachine", "MatchView"]


class MatchView(Protocol):
    """The match machine's fields at one moment, by name (a snapshot: it does not follow
    the machine afterwards). Positions 0 and 1 of the pairs are the elder and the
    dealer. Two views of one backend are equal when every field is."""

    @property
    def phase(self) -> int:
        """The phase number (``PH_*``)."""
        ...

    @property
    def to_act(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        ...

    @property
    def step(self) -> int:
        """The internal step to run next (0: none, the machine waits)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat, ``NO_SEAT`` before a dealer is known."""
        ...

    @property
    def elder(self) -> int:
        """The elder's seat (the non-dealer), ``NO_SEAT`` before a dealer is known."""
        ...

    @property
    def winner(self) -> int:
        """The match's winner, -1 before the end."""
        ...

    @property
    def game_number(self) -> int:
        """The current game of the match, from 1."""
        ...

    @property
    def hand_number(self) -> int:
        """Hands begun in the match."""
        ...

    @property
    def game_players(self) -> tuple[int, int]:
        """The two table seats of the current game."""
        ...

    @property
    def chosen_packets(self) -> int:
        """32 or 23 once the dealer chose this game's packets, else 0."""
        ...

    @property
    def deal_packets(self) -> int:
        """The packets of this hand's deal (32 or 23), 0 before."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each table seat in the current game."""
        ...

    @property
    def games_won(self) -> tuple[int, ...]:
        """Games won by each table seat."""
        ...

    @property
    def held(self) -> tuple[int, int]:
        """The hands (card masks) before play: the elder's, the dealer's."""
        ...

    @property
    def turnup(self) -> int:
        """The turned-up card id, 255 before the deal."""
        ...

    @property
    def trump(self) -> int:
        """The trump suit, -1 before the deal."""
        ...

    @property
    def stock(self) -> tuple[int, ...]:
        """The card ids of the stock, top first."""
        ...

    @property
    def exchanges(self) -> int:
        """Accepted proposals this hand."""
        ...

    @property
    def discarded(self) -> tuple[int, ...]:
        """Cards in each discard so far: the elder's, the dealer's, alternately."""
        ...

    @property
    def discards(self) -> int:
        """The card mask of every card discarded this hand."""
        ...

    @property
    def played_without_proposing(self) -> int:
        """1 if the elder played the hand as dealt."""
        ...

    @property
    def refused_after(self) -> int:
        """Exchanges before the dealer refused, 255 when none."""
        ...

    @property
    def king_seats(self) -> int:
        """Positions (bit 0 elder, bit 1 dealer) that held the king of trumps when play began."""
        ...

    @property
    def announced(self) -> int:
        """Positions that announced (or scored automatically) the king."""
        ...

    @property
    def in_play(self) -> int:
        """1 once play began."""
        ...

    @property
    def complete(self) -> int:
        """1 once the five tricks are played."""
        ...

    @property
    def hand_points(self) -> tuple[int, int]:
        """Points of this hand: the elder's, the dealer's."""
        ...

    @property
    def hand_kings(self) -> tuple[int, int]:
        """King points of this hand: the elder's, the dealer's."""
        ...

    @property
    def play_hands(self) -> tuple[int, int]:
        """The hands during play (card masks): the elder's, the dealer's."""
        ...

    @property
    def play_cards(self) -> tuple[int, ...]:
        """The card ids played this hand, in order."""
        ...

    @property
    def play_leaders(self) -> tuple[int, ...]:
        """The leading position of each trick begun."""
        ...

    @property
    def play_to_move(self) -> int:
        """The position to play next."""
        ...

    @property
    def play_won(self) -> tuple[int, int]:
        """Tricks won: the elder's, the dealer's."""
        ...

    @property
    def disc_least(self) -> int:
        """The fewest cards the discarding seat may discard now."""
        ...

    @property
    def disc_most(self) -> int:
        """The most cards the discarding seat may discard now."""
        ...

    @property
    def seed(self) -> int:
        """The seed chance events are drawn from."""
        ...

    @property
    def auto_chance(self) -> int:
        """1 when chance is drawn inside an apply."""
        ...

    @property
    def deal_at(self) -> int:
        """Where the deck of the deal being laid out is in the log."""
        ...

    @property
    def chance_count(self) -> int:
        """Chance events so far."""
        ...

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...


VIEW_FIELDS: tuple[str, ...] = tuple(
    name for name, value in vars(MatchView).items() if isinstance(value, property)
)
"""The names of the fields of a :class:`MatchView`, in their order."""


class MatchMachine(Machine, Protocol):
    """One match on the machine: what the facade calls and reads.

    The ``_m_*`` members drive the machine (each returns a status: ``STOP_*`` or an
    error, see :class:`MachineModule`); the hot path (``legal_actions``, ``apply``,
    ``to_act``, ``is_over``, ``clone``) runs in the binding; the plain attributes are
    the facade's per-game slots, which the machine keeps (and copies on ``clone``).
    """

    _legal: Sequence[Action] | None
    """The legal actions of this state, None until computed."""
    _config: Any
    """The game's configuration (``_hooks.Config``), shared with its clones."""
    _records: Any
    """The records read from the log so far (``_records.Records``), or None."""
    _busy: bool
    """True while an apply answers hooks (the game is between two states)."""
    _silent: bool
    """True for clones: no notifications are sent."""
    _notified: int
    """The log offset up to which plugins were notified."""

    def _m_start(self, config: Any, seed: int, auto_chance: bool, flags: int) -> int:
        """Start a match on ``config`` (a ``MatchConfig``); ``flags``: 1 some hook is a
        plugin's, 2 some plugin vetoes decisions, 4 some plugin wants notifications."""
        ...

    def _m_apply(self, action_id: int) -> int:
        """Apply an action id for the seat to act."""
        ...

    def _m_chance(self, cards: tuple[int, ...]) -> int:
        """Apply a chance event: a cut (2 card ids) or a deal (32, top first)."""
        ...

    def _m_draw(self) -> tuple[int, ...]:
        """The chance event due now, drawn from the seed (empty if none is due)."""
        ...

    def _m_answer(self, data: bytes) -> int:
        """Answer the hook asked (``_m_hook``) with ``ANSWER_SIZES[hook]`` bytes."""
        ...

    def _m_resume(self) -> int:
        """Go on from where the machine stopped (chance drawn when automatic)."""
        ...

    def _m_undo(self) -> int:
        """Take back the last apply."""
        ...

    def _m_save(self) -> None:
        """Keep the state: ``_m_restore`` goes back to it."""
        ...

    def _m_restore(self) -> None:
        """Go back to the state of the last ``_m_save``."""
        ...

    def _m_log(self, start: int = 0) -> bytes:
        """The log from ``start`` to its end."""
        ...

    def _m_legal(self) -> tuple[int, int]:
        """The legal ids as two words: bit i of the first is id i, of the second id 64 + i."""
        ...

    def _m_set_auto(self, auto_chance: bool) -> None:
        """Draw chance inside applies (True) or wait for chance events (False)."""
        ...

    def _m_view(self) -> MatchView:
        """The machine's fields now, by name."""
        ...

    def _m_public_json(
        self, since: bytes | None = None, least: int = -2, most: int = 0
    ) -> tuple[bytes, bytes] | None:
        """The public view as JSON members told as what changed since the mark ``since``
        and the mark of now (``ec_public_view``, ecarte_view.h), or None when ``since`` is
        not a mark; ``least``, ``most``: the discard limits (-1: none; -2: the machine's
        own)."""
        ...

    @property
    def _m_phase(self) -> int:
        """The phase number (``PH_*``)."""
        ...

    @property
    def _m_hook(self) -> tuple[int, tuple[int, ...]]:
        """The hook point asked (its number in ``HOOK_NAMES``) and its four arguments."""
        ...

    @property
    def _m_nlog(self) -> int:
        """Bytes of the log that are this match."""
        ...

    @property
    def _m_last_input(self) -> int:
        """Where the last apply began in the log (-1: nothing to undo)."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to act, by action id."""
        ...

    def apply(self, action: Action | Event | str, *, seat: int | None = None) -> None:
        """Apply an action (checked) or a chance event, or the text of either."""
        ...

    def clone(self) -> Self:
        """An independent copy that sends no notifications."""
        ...


class MachineHost(Protocol):
    """What the machine calls back on the facade built on it (off the fast path)."""

    def _legal_slow(self) -> Sequence[Action]:
        """``legal_actions`` when plugins may veto decisions."""
        ...

    def _apply_slow(self, action: Any, seat: Any, action_id: int) -> None:
        """``apply`` off the fast path (text, events, a seat to check, vetoes)."""
        ...

    def _illegal(self, action: Any, action_id: int, status: int) -> None:
        """Raise the error explaining why the machine refused ``action``."""
        ...

    def _continue(self, status: int, action: Any) -> None:
        """Answer the hooks the machine stopped at (``STOP_HOOK``), or raise on an error."""
        ...

    def _notify(self, start: int) -> None:
        """Send the notifications of what the log holds past ``start``."""
        ...

    def _refuse_mid_step(self, what: str) -> None:
        """Raise: ``what`` was called from inside a hook."""
        ...

    def _public_json(
        self, since: bytes | None, least: int, most: int
    ) -> tuple[bytes, bytes] | None:
        """``_m_public_json`` stated in Python from the public observation's fields (the
        pure machine's)."""
        ...


class MachineModule(Protocol):
    """A backend's binding module: its classes and functions, and the constants of
    ``ecarte_machine.h`` under their C names less the ``EC_`` prefix."""

    Machine: type[MatchMachine]
    MatchConfig: Callable[[tuple[Any, ...], int], Any]
    MatchView: type[MatchView]

    PH_CUT: int
    PH_PACKETS: int
    PH_DEAL: int
    PH_PROPOSE: int
    PH_RESPOND: int
    PH_ELDER_DISCARD: int
    PH_DEALER_DISCARD: int
    PH_PLAY: int
    PH_OVER: int
    CHANCE: int
    TERMINAL: int
    NO_SEAT: int
    STOP_IDLE: int
    STOP_HOOK: int
    STOP_ROOM: int
    ENOTNOW: int
    ENOTALLOWED: int
    EDISCARDN: int
    EBADANSWER: int
    ELOG: int
    ECUTLOOP: int
    ENOUNDOHERE: int
    EBADCHANCE: int
    NUM_HOOKS: int
    ANSWER_SIZES: tuple[int, ...]
    """Answer bytes of each hook point (``ec_hook_answer_size``)."""
    HOOK_NAMES: tuple[str, ...]
    """The name of each hook point (``ec_hook_name``): hook ``h`` asks ``ecarte_<name>``."""

    def hook_answer_size(self, hook: int) -> int:
        """Answer bytes of ``hook``, -1 for no such hook."""
        ...

    def set_tables(
        self,
        actions: tuple[Any, ...],
        legal_by_mask: dict[int, tuple[Any, ...]],
        discard: Callable[[int], Any],
        choices: Any,
    ) -> None:
        """Give the machine the facade's interned actions and discard classes."""
        ...

    def random_matches(self, config: Any, seed: int, n: int) -> Any:
        """``n`` random complete matches (totals)."""
        ...
