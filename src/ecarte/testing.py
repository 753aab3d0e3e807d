"""A conformance suite for games on the ecarte engine.

:func:`check_game` plays random games to the end through a game's public surface and
checks, at every step, the properties every game of the engine promises: legal action ids
and the mask agree, ids and actions round-trip, a clone is an independent equal copy,
``undo()`` restores exactly, an illegal action raises the package's error and changes
nothing, replaying the history and saving and restoring reproduce the game (and go on
identically), the same seed gives the same game, and every game ends in a bounded number
of steps with sane results. A failure is an :class:`AssertionError` naming the property,
the game, the step and the seed that reproduces it.

>>> from ecarte import Game
>>> report = check_game(lambda seed: Game("classic", seed=seed), games=1, seed=3)
>>> report.games, report.steps > 0
(1, True)

What the suite needs of a game is :class:`GameLike`; the rest is optional and used when
present (see :func:`check_game`). :func:`snapshot` captures every public observable of a
game, which is how states are compared.
"""

from __future__ import annotations

import json
import math
import random
import reprlib
import types
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from attrs import frozen

from ._errors import IllegalActionError
from .engine.protocol import Machine

__all__ = [
    "DEFAULT_READERS",
    "DEFAULT_SEAT_READERS",
    "CheckReport",
    "GameLike",
    "check_game",
    "snapshot",
]

CHANCE = -1
"""``to_act`` when chance moves next."""
TERMINAL = -2
"""``to_act`` once the game is over."""

DEFAULT_READERS = (
    "legal_action_ids",
    "legal_actions",
    "legal_action_mask",
    "chance_outcomes",
    "returns",
    "describe",
    "bids",
    "played",
    "history_ids",
    "to_json",
)
"""Methods without arguments that :func:`snapshot` calls when a game has them (they must
only read)."""

DEFAULT_SEAT_READERS = ("observation", "hand", "cards", "holds_joker", "describe")
"""Methods of one seat that :func:`snapshot` calls for each seat when a game has them."""

_SAVE_ONLY = frozenset({"to_json()", "history_auto()"})
"""Observables a replayed game may differ in: how its chance outcomes were recorded (drawn
by the game, or applied from the history)."""

_WRONG_TYPES: tuple[object, ...] = (None, 1.5, True, object(), [0])
"""Inputs of the wrong type for ``apply``."""


class GameLike(Machine, Protocol):
    """What :func:`check_game` needs of a game, on top of what every machine answers
    (:class:`ecarte.engine.protocol.Machine`: ``to_act``, -1 for chance and -2 once over,
    and ``is_over``): both :class:`ecarte.Game` and
    :class:`ecarte.games.euchre.EuchreGame` are ``GameLike``."""

    @property
    def history(self) -> Sequence[object]:
        """Every action and chance event applied, in order."""

    def legal_action_ids(self) -> Sequence[int]:
        """The legal action ids, ascending."""

    def legal_actions(self) -> Sequence[object]:
        """The legal actions, in the order of their ids."""

    def legal_action_mask(self) -> Sequence[bool]:
        """One flag per action id, true for the legal ones."""

    def action_id(self, action: Any) -> int:
        """The id of an action in this state."""

    def action_from_id(self, action_id: int) -> object:
        """The action an id means in this state."""

    def apply(self, action: Any) -> None:
        """Apply an action, checked: an illegal one raises and changes nothing."""

    def clone(self) -> GameLike:
        """An independent copy."""

    def undo(self) -> None:
        """Take back the last applied action."""

    def observation(self, seat: int) -> object:
        """What ``seat`` may know."""

    def to_json(self) -> str:
        """The game as a saved JSON document."""

    def from_json(self, text: str) -> GameLike:
        """The game a :meth:`to_json` document saved (a classmethod)."""


@frozen
class CheckReport:
    """What :func:`check_game` played: ``games`` games of ``steps`` steps in all
    (decisions and chance events), of which ``checkpoints`` were replayed and restored."""

    games: int
    steps: int
    checkpoints: int


# ------------------------------------------------------------------ adapters


def _method(game: object, name: str) -> Callable[..., Any] | None:
    """``game.name`` if it is callable, else None."""
    value = getattr(game, name, None)
    return value if callable(value) else None


def _seats(game: GameLike) -> int:
    """The number of seats: ``players`` or ``num_players`` when the game has one, else the
    seats whose ``observation`` can be read."""
    for name in ("players", "num_players"):
        n = getattr(game, name, None)
        if isinstance(n, int) and not isinstance(n, bool):
            return n
    n = 0
    while n < 64:
        try:
            game.observation(n)
        except (ValueError, IndexError, KeyError, TypeError):
            break
        n += 1
    return n


def _chance_step(game: GameLike) -> Callable[[], Any] | None:
    """The game's own way of drawing the chance event due (``apply_chance`` of écarté,
    ``chance`` of Euchre), if it has one."""
    return _method(game, "apply_chance") or _method(game, "chance")


def _apply_id(game: GameLike, action_id: int) -> None:
    """Apply an action by id: ``apply_id`` when the game has it, else the action the id
    means."""
    apply_id = _method(game, "apply_id")
    if apply_id is not None:
        apply_id(action_id)
    else:
        game.apply(game.action_from_id(action_id))


Plugins = Callable[[], Sequence[object]]
"""What gives an Écarté game's fresh plugin objects (see :func:`check_game`)."""


def _fresh_plugins(game: Any, plugins: Plugins | None) -> list[object]:
    """Fresh plugin objects for a copy of the Écarté ``game``: those its save holds without
    options (``Game.from_dict(d, plugins=...)``), from ``plugins()``, else each made anew
    by its class without arguments."""
    from .games.ecarte import _save

    objects = _save._plugin_objects(game)
    saved = game.to_dict()["plugins"]
    wanted = [
        plugin
        for (_, plugin), entry in zip(objects, saved, strict=True)
        if entry["options"] is None
    ]
    if not wanted:
        return []
    if plugins is not None:
        return list(plugins())
    fresh: list[object] = []
    for plugin in wanted:
        if isinstance(plugin, types.ModuleType):
            fresh.append(plugin)  # a module is its own plugin object
            continue
        try:
            fresh.append(type(plugin)())
        except Exception as exc:
            raise AssertionError(
                f"check_game: the plugin object {plugin!r} cannot be made anew without "
                f"arguments ({exc}): pass check_game(..., plugins=lambda: [fresh objects]), "
                "the objects Game.from_dict(d, plugins=...) needs"
            ) from exc
    return fresh


def _replay(game: GameLike, plugins: Plugins | None = None) -> GameLike:
    """A new game replayed from ``game.history`` with the game's configuration and seed."""
    from .games.ecarte.game import Game

    if isinstance(game, Game):
        return _replay_ecarte(game, plugins)
    rebuild = _method(game, "rebuild")
    if rebuild is not None:
        rebuilt: GameLike = rebuild()
        return rebuilt
    replay = _method(game, "replay")
    if replay is None:
        raise AssertionError(
            "check_game: the game has neither rebuild() nor a replay(history, rules, seed=, "
            "auto_chance=) classmethod"
        )
    kwargs = {name: getattr(game, name) for name in ("seed", "auto_chance") if hasattr(game, name)}
    replayed: GameLike = replay(game.history, getattr(game, "rules", None), **kwargs)
    return replayed


def _replay_ecarte(game: Any, plugins: Plugins | None) -> GameLike:
    """``Game.rebuild()``, with the plugin objects too: those saved with their options are
    made anew from them, the others are fresh ones (:func:`_fresh_plugins`)."""
    from .games.ecarte import _save

    saved = game.to_dict()
    if not saved["plugins"]:
        rebuilt: GameLike = game.rebuild()
        return rebuilt
    replayed: GameLike = type(game).replay(
        game.history,
        game._config.asked_rules,
        variant=game.variants,
        plugins=_save._plugins(saved["plugins"], _fresh_plugins(game, plugins)),
        seed=game.seed,
        auto_chance=saved["auto_chance"],
    )
    return replayed


def _restored(game: GameLike, text: str, plugins: Plugins | None) -> GameLike:
    """``from_json(text)``; for an Écarté game, with fresh plugin objects."""
    from .games.ecarte.game import Game

    if isinstance(game, Game):
        return Game.from_json(text, plugins=_fresh_plugins(game, plugins))
    return game.from_json(text)


# ----------------------------------------------------------------- snapshots


def _freeze(value: object) -> object:
    """A value to compare: a list or another sequence (not text) as a tuple."""
    if value.__class__ is tuple or isinstance(value, str | bytes):
        return value
    if isinstance(value, list | Sequence):
        return tuple(value)
    return value


def _read(call: Callable[..., Any], *args: Any) -> object:
    """``call(*args)``, or what it raised."""
    try:
        return _freeze(call(*args))
    except Exception as exc:
        return ("raised", type(exc).__name__, str(exc))


def snapshot(
    game: GameLike,
    *,
    readers: Sequence[str] = DEFAULT_READERS,
    seat_readers: Sequence[str] = DEFAULT_SEAT_READERS,
    seats: int | None = None,
) -> dict[str, object]:
    """Every public observable of ``game``, by name: each public attribute that is not a
    method (``to_act``, ``phase``, ``scores``, ``history``, ...); under ``"name()"``, what
    each method of ``readers`` that the game has returns (the legal ids, actions and mask,
    ``to_json``, ...); under ``"name(seat)"``, what each method of ``seat_readers`` returns
    for each seat (``observation``, ``hand``, ...). ``seats`` is how many (by default
    ``players`` or ``num_players``, else the seats whose ``observation`` can be read).
    Sequences are tuples; a reader that raises is recorded as ``("raised", error class,
    message)``. Two games are in the same state when their snapshots are equal.

    >>> from ecarte import Game
    >>> game = Game(seed=1)
    >>> state = snapshot(game)
    >>> state["to_act"] == game.to_act, "observation(1)" in state, "to_json()" in state
    (True, True, True)
    >>> snapshot(game.clone()) == state
    True
    """
    out: dict[str, object] = {}
    for name in dir(game):
        if name.startswith("_"):
            continue
        try:
            value = getattr(game, name)
        except Exception as exc:
            out[name] = ("raised", type(exc).__name__, str(exc))
            continue
        if not callable(value):
            out[name] = _freeze(value)
    for name in readers:
        method = _method(game, name)
        if method is not None:
            out[f"{name}()"] = _read(method)
    if seats is None:
        seats = _seats(game)
    for name in seat_readers:
        method = _method(game, name)
        if method is not None:
            for seat in range(seats):
                out[f"{name}({seat})"] = _read(method, seat)
    return out


def _diff(a: Mapping[str, object], b: Mapping[str, object], skip: frozenset[str]) -> list[str]:
    """The observables in which two snapshots differ, shown briefly."""
    short = reprlib.Repr()
    short.maxstring = short.maxother = 120
    out = []
    for key in sorted(set(a) | set(b)):
        if key in skip:
            continue
        va, vb = a.get(key, "<missing>"), b.get(key, "<missing>")
        if va != vb:
            out.append(f"{key}: {short.repr(va)} != {short.repr(vb)}")
    return out


# ------------------------------------------------------------------- checking


class _Walk:
    """One random game: the checks of each step, with what reproduces a failure."""

    def __init__(
        self,
        factory: Callable[[int], GameLike],
        seed: int,
        number: int,
        *,
        max_steps: int,
        checkpoints: int,
        window: int,
        error: type[BaseException],
        readers: Sequence[str],
        seat_readers: Sequence[str],
        plugins: Plugins | None,
    ) -> None:
        self.factory = factory
        self.plugins = plugins
        self.seed = seed
        self.number = number
        self.rng = random.Random(seed)
        self.max_steps = max_steps
        self.window = window
        self.error = error
        self.readers = readers
        self.seat_readers = seat_readers
        self.step = 0
        self.game = self.new_game()
        self.seats = _seats(self.game)
        self.mask_size = len(self.game.legal_action_mask())
        self.choices: list[int | None] = []  # each step's action id, None for chance
        self.twins: list[tuple[str, GameLike, int]] = []  # (how made, game, steps left)
        self.checkpoint_steps = set(self.rng.sample(range(120), min(checkpoints, 120)))
        self.checked = 0

    # ---------------------------------------------------------------- helpers
    def fail(self, prop: str, why: str) -> AssertionError:
        return AssertionError(
            f"check_game: {prop}: game {self.number} (seed {self.seed}), step {self.step}: "
            f"{why} [reproduce: check_game(factory, games=1, seed={self.seed})]"
        )

    def new_game(self) -> GameLike:
        try:
            return self.factory(self.seed)
        except Exception as exc:
            raise self.fail("factory", f"factory({self.seed}) raised {exc!r}") from exc

    def snap(self, game: GameLike) -> dict[str, object]:
        return snapshot(
            game, readers=self.readers, seat_readers=self.seat_readers, seats=self.seats
        )

    def same(
        self,
        prop: str,
        what: str,
        expected: Mapping[str, object],
        got: Mapping[str, object],
        skip: frozenset[str] = frozenset(),
    ) -> None:
        diff = _diff(expected, got, skip)
        if diff:
            shown = "; ".join(diff[:6]) + (f"; and {len(diff) - 6} more" if len(diff) > 6 else "")
            raise self.fail(prop, f"{what}: {shown}")

    def move(self, game: GameLike, choice: int | None) -> None:
        """Apply a choice: an action id, or (None) the game's own chance draw."""
        if choice is None:
            step = _chance_step(game)
            if step is None:
                raise self.fail("legal actions", "chance is due but the game draws none")
            step()
        else:
            _apply_id(game, choice)

    def show(self, choice: int | None) -> str:
        if choice is None:
            return "the chance draw"
        try:
            return f"action {choice} ({self.game.action_from_id(choice)})"
        except Exception:
            return f"action {choice}"

    # ----------------------------------------------------------------- checks
    def check_legal(self) -> list[int]:
        """The legal ids, checked against the mask, the actions and the turn."""
        game = self.game
        prop = "legal actions"
        to_act = game.to_act
        over = game.is_over
        if over != (to_act == TERMINAL):
            raise self.fail(prop, f"is_over is {over} but to_act is {to_act}")
        if not over and to_act != CHANCE and not 0 <= to_act < self.seats:
            raise self.fail(prop, f"to_act {to_act} is no seat of {self.seats} nor chance")
        ids = list(game.legal_action_ids())
        if any(not isinstance(i, int) or isinstance(i, bool) for i in ids):
            raise self.fail(prop, f"legal ids {ids} are not all ints")
        if ids != sorted(ids):
            raise self.fail(prop, f"legal ids {ids} are not sorted")
        if len(set(ids)) != len(ids):
            raise self.fail(prop, f"legal ids {ids} repeat an id")
        mask = list(game.legal_action_mask())
        if len(mask) != self.mask_size:
            raise self.fail(prop, f"the mask has {len(mask)} entries, not {self.mask_size}")
        if any(not 0 <= i < self.mask_size for i in ids):
            raise self.fail(prop, f"legal ids {ids} are not all in range({self.mask_size})")
        if [i for i, legal in enumerate(mask) if legal] != ids:
            raise self.fail(prop, f"the mask does not match the legal ids {ids}")
        actions = list(game.legal_actions())
        if len(actions) != len(ids):
            raise self.fail(prop, f"{len(actions)} legal actions for {len(ids)} legal ids")
        if over:
            if ids:
                raise self.fail(prop, f"the game is over but ids {ids} are legal")
            return ids
        if not ids and not (to_act == CHANCE and _chance_step(game) is not None):
            raise self.fail(prop, "no legal action before the end")
        prop = "action ids round-trip"
        for i, action in zip(ids, actions, strict=True):
            try:
                back = game.action_from_id(i)
                again = game.action_id(action)
            except Exception as exc:
                raise self.fail(prop, f"id {i}, action {action}: raised {exc!r}") from exc
            if back != action:
                raise self.fail(prop, f"action_from_id({i}) is {back!r}, not {action!r}")
            if again != i:
                raise self.fail(prop, f"action_id({action!r}) is {again}, not {i}")
        if to_act == CHANCE:
            self.check_chance(ids)
        return ids

    def check_chance(self, ids: list[int]) -> None:
        outcomes_of = _method(self.game, "chance_outcomes")
        if outcomes_of is None:
            return
        outcomes = list(outcomes_of())
        prop = "chance outcomes"
        if ids and [i for i, _ in outcomes] != ids:
            raise self.fail(prop, f"outcomes {outcomes} are not the legal ids {ids}")
        total = sum(p for _, p in outcomes)
        if outcomes and (any(p <= 0 for _, p in outcomes) or not math.isclose(total, 1.0)):
            raise self.fail(prop, f"probabilities {[p for _, p in outcomes]} sum to {total}")

    def check_clone(self, before: dict[str, object], choices: list[int | None]) -> None:
        prop = "clone independence"
        twin = self.game.clone()
        if twin is self.game:
            raise self.fail(prop, "clone() returned the game itself")
        self.same(prop, "the clone differs from its original", before, self.snap(twin))
        self.move(twin, self.rng.choice(choices))
        self.same(prop, "moving the clone changed the original", before, self.snap(self.game))

    def check_illegal(self, before: dict[str, object], ids: list[int]) -> None:
        """One illegal input per step, in turn an id that is not legal, an id out of range
        and an input of the wrong type."""
        prop = "illegal actions"
        kind = self.step % 3
        illegal = [i for i in range(self.mask_size) if i not in set(ids)]
        call: Callable[[], None]
        if kind == 0 and illegal:
            i = self.rng.choice(illegal)
            what, call = f"illegal id {i}", lambda: _apply_id(self.game, i)
        elif kind < 2:
            n = self.mask_size
            what, call = f"out-of-range id {n}", lambda: _apply_id(self.game, n)
        else:
            wrong = self.rng.choice(_WRONG_TYPES)
            what, call = f"apply({wrong!r})", lambda: self.game.apply(wrong)
        self.refused(prop, what, call)
        self.same(prop, f"the refused {what} changed the game", before, self.snap(self.game))

    def refused(self, prop: str, what: str, call: Callable[[], object]) -> None:
        """Fail ``prop`` unless ``call()`` (``what``) raises the game's error."""
        try:
            call()
        except self.error:
            pass
        except Exception as exc:
            raise self.fail(prop, f"{what} raised {exc!r}, not {self.error.__name__}") from exc
        else:
            raise self.fail(prop, f"{what} was accepted")

    def check_undo(self, before: dict[str, object], choice: int | None) -> None:
        prop = "undo restores"
        game = self.game
        twin = game.clone()
        self.move(game, choice)
        try:
            game.undo()
        except self.error as exc:
            # a game may refuse to undo (écarté, past plugin notifications): then nothing
            # changes, and a clone, which notifies nobody, undoes the same move
            pre = self.snap(twin)  # its plugin objects are the game's, notified since
            self.move(twin, choice)
            self.same(
                prop, f"a refused undo ({exc}) changed the game", self.snap(twin), self.snap(game)
            )
            try:
                twin.undo()
            except self.error as exc2:
                raise self.fail(prop, f"a clone refused to undo its own move: {exc2}") from exc2
            self.same(prop, "undo() on a clone did not restore", pre, self.snap(twin))
            return
        self.same(
            prop, f"undo() after {self.show(choice)} did not restore", before, self.snap(game)
        )
        self.move(game, choice)

    def start_twins(self) -> None:
        """A replayed and a restored copy, compared now and moved with the game for
        ``window`` steps."""
        game = self.game
        now = self.snap(game)
        try:
            replayed = _replay(game, self.plugins)
        except AssertionError:
            raise
        except Exception as exc:
            raise self.fail("replay", f"replaying the history raised {exc!r}") from exc
        self.same("replay", "the replayed game differs", now, self.snap(replayed), _SAVE_ONLY)
        prop = "save and restore"
        try:
            text = game.to_json()
            json.loads(text)
            restored = _restored(game, text, self.plugins)
        except AssertionError:
            raise
        except Exception as exc:
            raise self.fail(prop, f"to_json/from_json raised {exc!r}") from exc
        self.same(prop, "the restored game differs", now, self.snap(restored))
        self.twins = [
            ("replay", replayed, self.window),
            ("save and restore", restored, self.window),
        ]
        self.checked += 1

    def move_twins(self, choice: int | None, now: dict[str, object]) -> None:
        kept = []
        for prop, twin, left in self.twins:
            try:
                self.move(twin, choice)
            except Exception as exc:
                raise self.fail(
                    prop, f"the copy refused {self.show(choice)}, which the game took: {exc!r}"
                ) from exc
            skip = _SAVE_ONLY if prop == "replay" else frozenset()
            self.same(
                prop,
                f"after {self.show(choice)} the copy went another way",
                now,
                self.snap(twin),
                skip,
            )
            if left > 1:
                kept.append((prop, twin, left - 1))
        self.twins = kept

    def check_end(self) -> None:
        prop = "end of the game"
        game = self.game
        for name in ("returns", "scores"):
            value = getattr(game, name, None)
            if value is None:
                continue
            if callable(value):
                value = value()
            values = list(value)
            if name == "returns" and len(values) != self.seats:
                raise self.fail(prop, f"returns {values} are not one per seat ({self.seats})")
            if not all(
                isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                for v in values
            ):
                raise self.fail(prop, f"{name} {values} are not all finite numbers")
        winner = getattr(game, "winner", None)
        if winner is not None and not (isinstance(winner, int) and 0 <= winner < self.seats):
            raise self.fail(prop, f"winner {winner!r} is no seat of {self.seats}")

    def check_seed(self, final: dict[str, object]) -> None:
        prop = "same seed, same game"
        self.step = 0
        again = self.new_game()
        for k, choice in enumerate(self.choices):
            try:
                self.move(again, choice)
            except Exception as exc:
                self.step = k
                raise self.fail(
                    prop, f"a second game of the seed refused {choice}: {exc!r}"
                ) from exc
        self.step = len(self.choices)
        self.same(prop, "a second game of the seed, moved alike, differs", final, self.snap(again))

    # ------------------------------------------------------------------ walk
    def run(self) -> int:
        first = self.snap(self.game)
        self.same(
            "same seed, same game",
            "two new games of the seed differ",
            first,
            self.snap(self.new_game()),
        )
        before = first
        while True:
            ids = self.check_legal()
            if self.game.is_over:
                break
            if self.step >= self.max_steps:
                raise self.fail("bounded length", f"not over after {self.max_steps} steps")
            if self.step in self.checkpoint_steps:
                self.start_twins()
            choices: list[int | None] = [None] if self.game.to_act == CHANCE else list(ids)
            if self.game.to_act == CHANCE and _chance_step(self.game) is None:
                choices = list(ids)
            self.check_clone(before, choices)
            self.check_illegal(before, ids)
            choice = self.rng.choice(choices)
            self.check_undo(before, choice)
            self.choices.append(choice)
            self.step += 1
            before = self.snap(self.game)
            self.move_twins(choice, before)
        self.check_end()
        self.check_after_end(before)
        self.start_twins()
        self.check_seed(before)
        return len(self.choices)

    def check_after_end(self, before: dict[str, object]) -> None:
        prop = "end of the game"
        for i in (0, self.mask_size - 1):
            self.refused(prop, f"id {i} after the end", partial(_apply_id, self.game, i))
        self.same(
            prop, "a refused action after the end changed the game", before, self.snap(self.game)
        )


def check_game(
    factory: Callable[[int], GameLike],
    *,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 10_000,
    checkpoints: int = 2,
    window: int = 6,
    error: type[BaseException] = IllegalActionError,
    readers: Sequence[str] = DEFAULT_READERS,
    seat_readers: Sequence[str] = DEFAULT_SEAT_READERS,
    plugins: Plugins | None = None,
) -> CheckReport:
    """Play ``games`` random games made by ``factory(seed)`` to the end and check them;
    raise :class:`AssertionError` at the first failure, naming the property, the game
    number, the step and the seed (``check_game(factory, games=1, seed=that seed)``
    plays that game again). Game ``k`` is ``factory(seed + k)``, its moves drawn from a
    generator seeded with ``seed + k``.

    At every step, in a state whose :func:`snapshot` is taken first:

    - *legal actions*: ``is_over`` iff ``to_act`` is -2; ``to_act`` a seat or -1
      (chance); the legal ids sorted, unique, in ``range(len(legal_action_mask()))``
      (a length that never changes), equal to the mask's true entries, as many as the
      legal actions, never empty before the end (but at chance when the game draws its
      own: ``apply_chance()`` or ``chance()``); ``chance_outcomes()`` if present are the
      legal ids with probabilities summing to 1;
    - *action ids round-trip*: ``action_from_id(id)`` is the legal action of that id and
      ``action_id(action)`` its id;
    - *clone independence*: ``clone()`` is another object with an equal snapshot, and
      moving it leaves the original's snapshot unchanged;
    - *illegal actions*: an id not legal, an id out of range and an input of the wrong
      type each raise ``error`` and change nothing;
    - *undo restores*: after the step's move, ``undo()`` gives back the snapshot (a game
      may refuse with ``error``, changing nothing; then a clone's undo must restore);
    - *replay* and *save and restore*: at ``checkpoints`` random steps (of the first 120)
      and at the end, the game replayed from its ``history`` (``rebuild()``, or the
      class's ``replay(history, rules, seed=..., auto_chance=...)``) and
      ``from_json(to_json())`` have its snapshot (the replay but for ``to_json``: it may
      record chance as applied, not drawn), and for ``window`` steps they take the
      game's moves and stay equal to it;
    - *same seed, same game*: two new games of a seed are equal, and one moved as the
      game was ends equal to it;
    - *bounded length* and *end of the game*: over within ``max_steps`` steps; then no id
      is legal or accepted, ``returns()`` (one per seat) and ``scores`` are finite numbers
      and ``winner``, if not None, is a seat.

    Moves are made by id (``apply_id`` when the game has it, else
    ``apply(action_from_id(id))``); chance, when it waits (``auto_chance=False``), by the
    game's own draw. The seats are ``players`` (or ``num_players``), else those whose
    ``observation`` can be read. ``readers`` and ``seat_readers`` name the methods that
    :func:`snapshot` calls.

    An Écarté game's plugin objects that its save holds without options (no
    ``save_options``) are given fresh to the replay and to ``from_json``: ``plugins()``
    returns them, as ``Game.from_dict(d, plugins=...)`` takes them; without it, each is
    made anew by its class, without arguments.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games!r}")
    steps = checked = 0
    for k in range(games):
        walk = _Walk(
            factory,
            seed + k,
            k,
            max_steps=max_steps,
            checkpoints=checkpoints,
            window=window,
            error=error,
            readers=readers,
            seat_readers=seat_readers,
            plugins=plugins,
        )
        steps += walk.run()
        checked += walk.checked
    return CheckReport(games=games, steps=steps, checkpoints=checked)
