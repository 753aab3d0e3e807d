"""The exception hierarchy."""

from __future__ import annotations

__all__ = ["CardParseError", "EcarteError", "IllegalActionError", "PluginError", "RulesError"]


class EcarteError(Exception):
    """Base class of every error raised by ecarte."""


class CardParseError(EcarteError, ValueError):
    """Text that is not a card, a set of cards or an action."""


class IllegalActionError(EcarteError, ValueError):
    """An action the rules do not allow in this state. The state is unchanged."""


class RulesError(EcarteError, ValueError):
    """An invalid rules value; the message names the field."""


class PluginError(EcarteError):
    """A plugin answered a hook with nonsense; the message names plugin and hook."""
