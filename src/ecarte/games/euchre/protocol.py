"""The contract of Euchre's machine: what the facade (:mod:`.game`) needs from it.

The machine is ``_machine.EuchreMachine`` (Cython over ``ec_euchre_game.c``) or its
pure twin ``_pure_machine.EuchreMachine``; ``EuchreGame`` is built on whichever backend
is live, the facade first (its views wrap the machine's numbers). The machine's fields
are named properties; its binding module gives the phase numbers of
``ecarte_euchre.h``. ``tests/games/euchre`` checks every backend against these
protocols, field by field on random states.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, Self

from ecarte.engine.protocol import Machine

__all__ = ["FIELDS", "EuchreMachine", "MachineModule"]


class EuchreMachine(Machine, Protocol):
    """One Euchre game on the machine: its named fields and the calls the facade makes."""

    @property
    def deck(self) -> int:
        """Cards in the deck: 24, 25 or 32."""
        ...

    @property
    def flags(self) -> int:
        """The rule options (``STICK | DECLINE | ...``)."""
        ...

    @property
    def target(self) -> int:
        """Points that win a game, 0 for a single deal."""
        ...

    @property
    def seed(self) -> int:
        """The seed chance outcomes are drawn from."""
        ...

    @property
    def auto_chance(self) -> bool:
        """True when chance is drawn inside ``apply_id``."""
        ...

    @property
    def sealed(self) -> int:
        """Actions before which ``undo`` stops."""
        ...

    @property
    def phase(self) -> int:
        """The phase number (``PH_*``)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer, -1 before one is drawn."""
        ...

    @property
    def upcard(self) -> int:
        """The turned-up card's action id, -1 before the deal."""
        ...

    @property
    def trump(self) -> int:
        """The trump suit, -1 before one is made."""
        ...

    @property
    def maker(self) -> int:
        """The seat that made trumps, -1 before."""
        ...

    @property
    def discard(self) -> int:
        """The card the dealer discarded, -1 before."""
        ...

    @property
    def alone(self) -> int:
        """The seats playing alone (bit per seat)."""
        ...

    @property
    def scores(self) -> tuple[int, int]:
        """Points of each side."""
        ...

    @property
    def returns_tuple(self) -> tuple[int, int, int, int]:
        """Returns by seat (0 before the end)."""
        ...

    @property
    def winner(self) -> int:
        """The winning side, -1 before the end."""
        ...

    @property
    def steps(self) -> int:
        """Actions and chance outcomes applied."""
        ...

    @property
    def deals(self) -> int:
        """Deals begun."""
        ...

    @property
    def num_ids(self) -> int:
        """Action ids of this deck: its size + 9."""
        ...

    @property
    def num_action_ids(self) -> int:
        """The length of the legal action mask (``num_ids``, or what the game set)."""
        ...

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won this deal by each side."""
        ...

    def legal_mask(self) -> int:
        """The legal ids as a bit mask."""
        ...

    def legal_action_ids(self) -> list[int]:
        """The legal ids, ascending."""
        ...

    def legal_action_mask(self, out: Any = None) -> Any:
        """The legal ids as ``num_action_ids`` bools (a new list), or written into the
        one-byte buffer ``out`` as 0/1 (``out`` returned)."""
        ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome due, ascending, equally likely;
        empty outside the chance phases. A new list each call (of shared immutable pairs)."""
        ...

    def apply_id(self, action_id: int) -> None:
        """Apply an action or chance outcome id (checked)."""
        ...

    def draw(self) -> int:
        """The chance outcome due, drawn from the seed (not applied)."""
        ...

    def chance(self) -> int:
        """Draw and apply the chance outcome due; its id."""
        ...

    def chance_auto(self) -> int:
        """Draw and apply the chance outcome due as drawn automatically; its id."""
        ...

    def seal(self) -> None:
        """Make ``undo`` stop here."""
        ...

    def restore_history(self, ids: list[int], autos: list[bool], sealed: int) -> None:
        """Replay saved ids (``autos``: drawn automatically) and seal."""
        ...

    def trick_winner(self, trump: int, cards: Iterable[int]) -> int:
        """The position winning a trick of ``cards`` under ``trump``."""
        ...

    def history_ids(self) -> list[int]:
        """Every id applied, in order."""
        ...

    def history_auto(self) -> list[bool]:
        """Whether each id of ``history_ids`` was drawn automatically."""
        ...

    def undo(self) -> None:
        """Take back the last id applied (not past the seal)."""
        ...

    def copy(self) -> Self:
        """An independent copy."""
        ...

    def hand(self, seat: int) -> int:
        """The core card mask of ``seat``'s hand."""
        ...

    def bids(self) -> list[tuple[int, int]]:
        """The bids so far as (seat, action id)."""
        ...

    def played(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The tricks of this deal as (leader, core cards)."""
        ...

    def active(self) -> int:
        """The seats playing this deal (bit per seat)."""
        ...

    def core_card(self, action_id: int) -> int:
        """The core card id of a card action id."""
        ...

    def card_id(self, core_card: int) -> int:
        """The card action id of a core card id."""
        ...


FIELDS: tuple[str, ...] = tuple(
    name for name, value in vars(EuchreMachine).items() if isinstance(value, property)
)
"""The machine's named fields, in their order (``to_act`` and ``is_over`` come from
:class:`ecarte.engine.protocol.Machine`)."""


class MachineModule(Protocol):
    """A backend's Euchre binding module: the machine class and the phase numbers of
    ``ecarte_euchre.h`` under their C names less the ``EC_EU_`` prefix."""

    EuchreMachine: type[EuchreMachine]
    PH_DEALER: int
    PH_DEAL: int
    PH_BID: int
    PH_BID2: int
    PH_TAKE: int
    PH_DISCARD: int
    PH_ALONE: int
    PH_PLAY: int
    PH_OVER: int
    PH_NAME: int
    CHANCE: int
    TERMINAL: int
