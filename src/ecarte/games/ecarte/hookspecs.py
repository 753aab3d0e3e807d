"""The hooks through which variants change dealing, exchange and scoring.

Hooks sit at phase boundaries only, never on each card of a playout. Every
hook is called with keyword arguments, so an implementation may accept any
subset of them. ``firstresult`` hooks stop at the first implementation that
returns something other than ``None``; the builtin classic rules
(:mod:`ecarte.games.ecarte._classic`) are registered ``trylast``, so a variant overrides a
phase simply by answering first. Results are checked by the engine: nonsense
raises :class:`ecarte.PluginError` naming the plugin and the hook, and the
game is left unchanged. So does any exception a hook raises (an ecarte error
included: an ``IllegalActionError`` from an ``apply()`` tried inside a hook is
a ``PluginError`` whose ``__cause__`` is that error).

Notifications (``ecarte_game_started``, ``ecarte_hand_ended``,
``ecarte_game_ended``, ``ecarte_match_ended``) are sent once the action that
caused them has been applied for good, never from a clone, and never for a
step that was rolled back: they are the only place for side effects (ledgers,
statistics). A notification that fails does not take the action back: every
implementation is still called, then one ``PluginError`` says the action was
applied and names each failing plugin and hook. The other hooks may be called
several times for the same state (listing legal actions, clones, undo) and
must not change anything.

Hook list (the order a match meets them): ``ecarte_configure_rules``,
``ecarte_table_size``, ``ecarte_next_game``, ``ecarte_game_started``, ``ecarte_cut``,
``ecarte_deal_packets``, ``ecarte_deal``, ``ecarte_king_points``, ``ecarte_exchange_allowed``,
``ecarte_validate_action``, ``ecarte_discard_limits``, ``ecarte_score_hand``,
``ecarte_hand_ended``, ``ecarte_next_hand``, ``ecarte_game_ended``,
``ecarte_match_status``, ``ecarte_match_ended``; at any time, for display,
``ecarte_describe`` (read through :meth:`ecarte.Game.describe`) and ``ecarte_adviser``
(who may advise whom: :meth:`ecarte.Game.advise`); when a game
is saved and restored (:meth:`ecarte.Game.to_dict`, :meth:`ecarte.Game.from_dict`,
pickle, ``copy.deepcopy``), ``ecarte_save_state`` and ``ecarte_restore_state``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeAlias, TypeVar

import pluggy

from ecarte._errors import PluginError

if TYPE_CHECKING:
    from ecarte._cards import Card

    from .actions import Action
    from .game import Game
    from .results import DealtHands, GameResult, HandOutcome, HandResult, MatchStatus, Seats
    from .rules import Rules

__all__ = [
    "HookWrapper",
    "Plugin",
    "ecarte_adviser",
    "ecarte_configure_rules",
    "ecarte_cut",
    "ecarte_deal",
    "ecarte_deal_packets",
    "ecarte_describe",
    "ecarte_discard_limits",
    "ecarte_exchange_allowed",
    "ecarte_game_ended",
    "ecarte_game_started",
    "ecarte_hand_ended",
    "ecarte_king_points",
    "ecarte_match_ended",
    "ecarte_match_status",
    "ecarte_next_game",
    "ecarte_next_hand",
    "ecarte_restore_state",
    "ecarte_save_state",
    "ecarte_score_hand",
    "ecarte_table_size",
    "ecarte_validate_action",
    "hookimpl",
    "hookspec",
]

hookspec = pluggy.HookspecMarker("ecarte")
hookimpl = pluggy.HookimplMarker("ecarte")
"""Decorator marking a plugin's hook implementation."""


@hookspec
def ecarte_configure_rules(rules: Rules) -> Rules | None:
    """Called once when a game is created, with the rules asked for.

    Return the rules to play by (e.g. ``rules.evolve(target=11)``), or None to
    keep them. This hook is a chain, not a first-result hook: the
    implementations are called in turn (variants first, classic last) and
    each receives the rules returned by the one before, so two variants can
    each change their own options.
    """


@hookspec(firstresult=True)
def ecarte_table_size(rules: Rules) -> int | None:
    """Called once when a game is created: how many players sit at the table
    (two play each hand; others wait). First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_next_game(game: Game, previous: GameResult | None) -> Seats | None:
    """Called before each game of the match (``previous`` is None before the
    first): the two players of the next game and who deals first, or
    ``dealer=None`` to cut for the deal. First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_next_hand(game: Game, previous: HandResult) -> Seats | None:
    """Called between two hands of the same game: who deals and who is elder
    next. First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_cut(game: Game, players: tuple[int, int], cards: tuple[Card, Card]) -> Seats | None:
    """Called when the two players of a game have cut for the deal (``cards[i]``
    was cut by ``players[i]``): the seats with the dealer, or ``dealer=None`` to
    cut again. First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_deal_packets(game: Game, dealer: int) -> tuple[int, int] | str | None:
    """Called before each deal: the packets of the coming deal, ``(3, 2)`` or
    ``(2, 3)``, or ``"choose"`` to let the dealer pick them now (a
    :class:`~ecarte.ChoosePackets` decision). First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_deal(
    game: Game, deck: Sequence[Card], dealer: int, elder: int, packets: tuple[int, int]
) -> DealtHands | None:
    """Called at each deal with the shuffled deck (top card first): the hands,
    the turned-up card and the stock, top first. First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_exchange_allowed(game: Game, seat: int, action: Action) -> bool | None:
    """Called when the elder comes to propose (for a proposal and for playing
    the hand) and when the dealer comes to answer (for an acceptance and a
    refusal), once each: whether ``seat`` may take ``action`` now. First
    non-None result wins."""


@hookspec(firstresult=True)
def ecarte_discard_limits(game: Game, seat: int) -> tuple[int, int] | None:
    """Called when ``seat`` comes to discard, once: the least and most cards it
    may discard (the engine never allows more than the stock holds). First
    non-None result wins."""


@hookspec(firstresult=True)
def ecarte_validate_action(game: Game, seat: int, action: Action) -> str | None:
    """Called when the decisions (packets, propose, play the hand, accept, refuse,
    discard, announce the king) are listed, a vetoed one not being offered; before
    applying a decision that was not offered; and when ``ecarte_exchange_allowed``
    forbids one, to explain why. Never called for the cards of a playout, and only
    when some plugin implements it. Return a sentence to veto the action (it
    raises :class:`ecarte.IllegalActionError` with that reason and the plugin's
    name), or None to allow it. The first veto wins."""


@hookspec(firstresult=True)
def ecarte_king_points(game: Game, seat: int, turned_up: bool) -> int | None:
    """Called when the king of trumps scores, turned up for the dealer or
    announced by its holder: the points. First non-None result wins."""


@hookspec(firstresult=True)
def ecarte_score_hand(game: Game, outcome: HandOutcome) -> dict[int, int] | None:
    """Called when the five tricks of a hand are played: the points each seat
    scores for the tricks (kings are scored separately). First non-None
    result wins."""


@hookspec(firstresult=True)
def ecarte_match_status(game: Game, games: Sequence[GameResult]) -> MatchStatus | None:
    """Called after each game: whether the match is over and who won it.
    First non-None result wins."""


@hookspec
def ecarte_game_started(game: Game, number: int, seats: Seats) -> None:
    """Notification: game ``number`` of the match is set up with ``seats``
    (``seats.dealer`` is None when a cut decides the deal). Sent after the
    transaction that started it, before any player acts in it. Every
    implementation is called."""


# Notifications are sent once an action is applied (never from clones). Every
# implementation is called even if one fails; the failures are then raised as one
# PluginError saying the action was applied. A game refuses to undo past an action
# whose consequences were notified.


@hookspec
def ecarte_hand_ended(game: Game, result: HandResult) -> None:
    """Notification: a hand is over (all its points are scored, kings
    included; a hand cut short by the end of a game has ``complete=False``).
    Every implementation is called."""


@hookspec
def ecarte_game_ended(game: Game, result: GameResult) -> None:
    """Notification: a game is over; ``result`` has its players, winner, loser,
    scores and hands. Sent before ``ecarte_game_started`` of the next game.
    Every implementation is called."""


@hookspec
def ecarte_match_ended(game: Game, winner: int, games: Sequence[GameResult]) -> None:
    """Notification: the match is over (after the last ``ecarte_game_ended``).
    Every implementation is called."""


@hookspec
def ecarte_describe(game: Game, seat: int | None) -> Sequence[str] | None:
    """Called by front ends (the CLI, servers) through :meth:`ecarte.Game.describe`
    to show a variant's own state: lines of plain text for ``seat`` (None for a
    spectator), such as open bets, a ledger, who sits out or the variant's rule.
    It must not change anything nor reveal what ``seat`` may not know. Every
    implementation is called; their lines are shown in registration order."""


@hookspec
def ecarte_adviser(game: Game, adviser: int | str) -> int | str | None:
    """Called when ``adviser`` (a seat, or a person's name) advises a player or asks to see
    the hand of the player it backs (:meth:`ecarte.Game.advise`,
    :meth:`ecarte.Game.observation`, :meth:`ecarte.Game.backed_view`): the seat of the
    player it backs and may advise now, a message saying why it may not (a str), or
    None when this plugin does not know it. Every implementation is called; two plugins
    that answer for the same adviser are an error. It must not change anything."""


@hookspec
def ecarte_save_state(game: Game) -> object | None:
    """Called when ``game`` is saved (:meth:`ecarte.Game.to_dict`, ``to_json``, pickle,
    ``copy.deepcopy``): this plugin's own state, as plain JSON values (None, bool, int,
    finite float, str, list, dict with str keys), or None if it keeps none. Every
    implementation is called; each plugin's answer is saved under its name. It must
    not change anything."""


@hookspec
def ecarte_restore_state(game: Game, state: object) -> None:
    """Called when a saved game is restored, once the new game has replayed the
    history (its notifications sent to the new plugin instances): ``state`` is what
    this plugin's ``ecarte_save_state`` returned, and replaces whatever the replay
    built. Not called for a plugin that saved None. Every implementation is called;
    an exception (a state that is not one this plugin writes) makes the restore
    fail with :class:`ecarte.SaveFormatError` naming the plugin and the hook."""


# ------------------------------------------------------------ typed plugins

_T = TypeVar("_T")

HookWrapper: TypeAlias = Generator[None, _T, _T]
"""The type of a hook wrapper (``@hookimpl(wrapper=True)``) of a hook that answers
``_T``: ``answer = yield`` receives the answer of the implementations inside it (classic
last), and the wrapper returns the answer it gives instead, e.g.
``HookWrapper[dict[int, int]]`` for ``ecarte_score_hand``."""


class Plugin:
    """A typed base for plugins: subclass it, and a type checker (mypy) checks each hook
    the plugin implements against the hook's specification (the arguments' names and
    types, the answer's type, a wrapper's generator).

    Each method here has its hook's whole signature and answers nothing; it is no hook
    implementation (the game never calls it). Override the hooks the plugin
    implements, each marked :data:`hookimpl` and with every argument of its signature
    (the engine passes them by name; one the plugin does not use costs nothing). A hook
    that answers a question may be overridden by a wrapper (returning
    :data:`HookWrapper` of the answer). Defining a method named like a hook without
    marking it, or named like no hook, raises :class:`ecarte.PluginError` when the
    class is defined.

    >>> from ecarte import HandOutcome, Game, hookimpl
    >>> from ecarte.hookspecs import HookWrapper, Plugin
    >>> class VoleScoresThree(Plugin):
    ...     NAME = "vole-three"
    ...     @hookimpl(wrapper=True)
    ...     def ecarte_score_hand(
    ...         self, game: Game, outcome: HandOutcome
    ...     ) -> HookWrapper[dict[int, int]]:
    ...         points = yield
    ...         return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}
    >>> Game(plugins=[VoleScoresThree], seed=1).plugin_names
    ('classic', 'vole-three')
    >>> class Misspelled(Plugin):
    ...     @hookimpl
    ...     def ecarte_score(self, game: Game) -> None: ...
    Traceback (most recent call last):
    ...
    ecarte._errors.PluginError: plugin class Misspelled: no hook is named ecarte_score
    """

    NAME: ClassVar[str]
    """The plugin's name in the game (``game.plugin(NAME)``, its messages and saves): an
    installed variant's entry-point name. Without it the class's name is used."""
    DESCRIPTION: ClassVar[str]
    """One line for ``ecarte variants`` (else the first line of the docstring)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in vars(cls).items():
            if not name.startswith("ecarte_"):
                continue
            if name not in __all__:
                raise PluginError(f"plugin class {cls.__name__}: no hook is named {name}")
            function = value.__func__ if isinstance(value, staticmethod | classmethod) else value
            if getattr(function, "ecarte_impl", None) is None:
                raise PluginError(
                    f"plugin class {cls.__name__}: {name} is not marked @hookimpl, so no "
                    "game would call it"
                )

    def ecarte_configure_rules(self, rules: Rules) -> Rules | None:
        return None

    def ecarte_table_size(self, rules: Rules) -> int | HookWrapper[int] | None:
        return None

    def ecarte_next_game(
        self, game: Game, previous: GameResult | None
    ) -> Seats | HookWrapper[Seats] | None:
        return None

    def ecarte_next_hand(
        self, game: Game, previous: HandResult
    ) -> Seats | HookWrapper[Seats] | None:
        return None

    def ecarte_cut(
        self, game: Game, players: tuple[int, int], cards: tuple[Card, Card]
    ) -> Seats | HookWrapper[Seats] | None:
        return None

    def ecarte_deal_packets(
        self, game: Game, dealer: int
    ) -> tuple[int, int] | str | HookWrapper[tuple[int, int] | str] | None:
        return None

    def ecarte_deal(
        self, game: Game, deck: Sequence[Card], dealer: int, elder: int, packets: tuple[int, int]
    ) -> DealtHands | HookWrapper[DealtHands] | None:
        return None

    def ecarte_exchange_allowed(
        self, game: Game, seat: int, action: Action
    ) -> bool | HookWrapper[bool] | None:
        return None

    def ecarte_discard_limits(
        self, game: Game, seat: int
    ) -> tuple[int, int] | HookWrapper[tuple[int, int]] | None:
        return None

    def ecarte_validate_action(self, game: Game, seat: int, action: Action) -> str | None:
        return None

    def ecarte_king_points(
        self, game: Game, seat: int, turned_up: bool
    ) -> int | HookWrapper[int] | None:
        return None

    def ecarte_score_hand(
        self, game: Game, outcome: HandOutcome
    ) -> dict[int, int] | HookWrapper[dict[int, int]] | None:
        return None

    def ecarte_match_status(
        self, game: Game, games: Sequence[GameResult]
    ) -> MatchStatus | HookWrapper[MatchStatus] | None:
        return None

    def ecarte_game_started(self, game: Game, number: int, seats: Seats) -> None:
        return None

    def ecarte_hand_ended(self, game: Game, result: HandResult) -> None:
        return None

    def ecarte_game_ended(self, game: Game, result: GameResult) -> None:
        return None

    def ecarte_match_ended(self, game: Game, winner: int, games: Sequence[GameResult]) -> None:
        return None

    def ecarte_describe(self, game: Game, seat: int | None) -> Sequence[str] | None:
        return None

    def ecarte_adviser(self, game: Game, adviser: int | str) -> int | str | None:
        return None

    def ecarte_save_state(self, game: Game) -> object | None:
        return None

    def ecarte_restore_state(self, game: Game, state: object) -> None:
        return None
