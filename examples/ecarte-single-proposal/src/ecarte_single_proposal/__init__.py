"""A house rule, written as a third-party plugin: "une seule proposition".

Some cafés allow the elder a single proposal per hand: once one exchange has
been made, the elder must play what it holds. This plugin changes the
exchange phase only, through two hooks:

- ``ecarte_exchange_allowed`` answers False for a second proposal, so
  :meth:`ecarte.Game.legal_actions` stops offering it;
- ``ecarte_validate_action`` gives the reason, so applying it anyway raises
  :class:`ecarte.IllegalActionError` with a sentence that names the rule.

Everything else is left to the classic rules (the builtin plugin answers
last), so the house rule combines with any other variant.
"""

from __future__ import annotations

from ecarte import Action, Game, Propose, hookimpl
from ecarte.hookspecs import Plugin

__all__ = ["SingleProposal"]


class SingleProposal(Plugin):
    """One proposal per hand: after an exchange, the elder must play."""

    NAME = "single-proposal"
    DESCRIPTION = "House rule: the elder may propose only once per hand"

    @staticmethod
    def _second_proposal(game: Game, action: Action) -> bool:
        # game.exchanges has a (seat, cards) pair per discard: any pair means that
        # an exchange was made this hand
        return isinstance(action, Propose) and len(game.exchanges) > 0

    @hookimpl
    def ecarte_exchange_allowed(self, game: Game, seat: int, action: Action) -> bool | None:
        # answer only to forbid: None lets the classic rules decide (the stock)
        return False if self._second_proposal(game, action) else None

    @hookimpl
    def ecarte_validate_action(self, game: Game, seat: int, action: Action) -> str | None:
        if self._second_proposal(game, action):
            return "house rule: one proposal per hand"
        return None
