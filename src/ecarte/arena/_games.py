"""The games an arena plays and their players by name.

An :class:`ArenaGame` makes a game from the registry (:func:`ecarte.engine.registry.load_game`)
with a seed, makes players from :class:`PlayerSpec` text (``heuristic``,
``pimc:worlds=200,inference=true``) and plays one match to its end, returning what the
arena adds up (:class:`Outcome`). Écarté (two seats) and Euchre (two partnerships) are
built in (:data:`GAMES`); any other game joins by passing an object with these members to
:func:`ecarte.arena.run`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

from attrs import frozen

from ecarte._errors import ArgumentError, EcarteError

__all__ = [
    "GAMES",
    "ArenaGame",
    "EcarteArena",
    "EuchreArena",
    "Outcome",
    "PlayerError",
    "PlayerSpec",
]


class PlayerError(EcarteError):
    """A player of an arena match raised, or chose an action the game refused: ``seat``
    is its seat, ``reason`` what happened, ``player`` who it is (:func:`~ecarte.arena.run`
    names player A or B, its spec and the pair)."""

    def __init__(self, reason: str, seat: int, player: str = "") -> None:
        super().__init__(reason, seat, player)
        self.reason, self.seat, self.player = reason, seat, player

    def __str__(self) -> str:
        return f"{self.player or 'the player'} at seat {self.seat}: {self.reason}"


@frozen
class PlayerSpec:
    """A player by name with its options: ``name[:key=value,...]``.

    >>> PlayerSpec.parse("pimc:worlds=200,inference=true")
    PlayerSpec(name='pimc', options=(('inference', True), ('worlds', 200)))
    >>> str(PlayerSpec.parse("heuristic"))
    'heuristic'
    """

    name: str
    options: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def parse(text: str) -> PlayerSpec:
        from ecarte.games.ecarte.variant_args import parse_value

        name, _, rest = text.strip().partition(":")
        options: dict[str, object] = {}
        for item in filter(None, (s.strip() for s in rest.split(","))):
            key, sep, value = item.partition("=")
            if not sep or not key.strip().isidentifier():
                raise ArgumentError(f"player {text!r}: expected NAME[:KEY=VALUE,...]")
            if key.strip() in options:
                raise ArgumentError(f"player {text!r}: option {key.strip()} given twice")
            options[key.strip()] = parse_value(value.strip())
        if not name.isidentifier():
            raise ArgumentError(f"player {text!r}: no player name")
        return PlayerSpec(name, tuple(sorted(options.items())))

    def __str__(self) -> str:
        opts = ",".join(
            f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in self.options
        )
        return f"{self.name}:{opts}" if opts else self.name


class Outcome(NamedTuple):
    """One match seen from the sides: the winning side (-1 for a draw), each side's points,
    the hands (or deals) played, and each side's decisions and seconds spent deciding."""

    winner: int
    points: tuple[int, int]
    hands: int
    decisions: tuple[int, int]
    seconds: tuple[float, float]


class ArenaGame(Protocol):
    """What the arena needs of a game. A game may also have ``check(rules, players)``
    (the players' :class:`PlayerSpec`), which raises :class:`~ecarte.ArgumentError` for
    rules it does not play or players that do not play them: the run calls it before any
    match."""

    name: str
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    """The seats of side 0 and of side 1."""

    def players(self) -> Mapping[str, str]:
        """The players it can make, by name, with a line about each."""
        ...

    def make_player(self, spec: PlayerSpec, seed: int) -> Any:
        """A player from ``spec``; ``seed`` seeds its choices (if it draws any)."""
        ...

    def play(self, rules: Any, seed: int, players: Sequence[Any]) -> Outcome:
        """Play a match from ``seed`` with ``players[seat]`` at each seat."""
        ...


def _options(spec: PlayerSpec, allowed: Sequence[str]) -> dict[str, Any]:
    opts = dict(spec.options)
    unknown = sorted(set(opts) - set(allowed))
    if unknown:
        raise ArgumentError(
            f"player {spec.name!r} takes no option {', '.join(unknown)} "
            f"(options: {', '.join(allowed) or 'none'})"
        )
    return opts


class _Clock:
    """Decisions and seconds spent by each seat."""

    def __init__(self, seats: int) -> None:
        self.decisions = [0] * seats
        self.seconds = [0.0] * seats

    def time(self, seat: int, decide: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        out = decide()
        self.seconds[seat] += time.perf_counter() - start
        self.decisions[seat] += 1
        return out

    def turn(self, seat: int, choose: Callable[[], Any], apply: Callable[[Any], object]) -> None:
        """One decision of ``seat``: its player's choice, timed, then applied;
        :class:`PlayerError` if the player raises or the game refuses its choice."""
        try:
            action = self.time(seat, choose)
        except ArgumentError as exc:  # the player refuses the run's arguments (its rules)
            raise PlayerError(str(exc), seat) from exc
        except Exception as exc:
            raise PlayerError(f"raised {type(exc).__name__}: {exc}", seat) from exc
        try:
            apply(action)
        except Exception as exc:
            raise PlayerError(f"chose {action!r}, which the game refused: {exc}", seat) from exc

    def by_side(self, sides: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Any, Any]:
        d = tuple(sum(self.decisions[s] for s in side) for side in sides)
        t = tuple(sum(self.seconds[s] for s in side) for side in sides)
        return d, t


class _Entry(NamedTuple):
    """A player an arena game makes: a line about it, its options, how it is made from
    its options and a seed, and the preset it plays only, if any."""

    about: str
    options: tuple[str, ...]
    make: Callable[[dict[str, Any], int], Any]
    rules: str | None = None
    """The preset it plays only (None: any rules)."""


class _Roster:
    """The players of an arena game, from its table :attr:`roster`."""

    name: str
    roster: ClassVar[dict[str, _Entry]]

    def players(self) -> Mapping[str, str]:
        return {name: entry.about for name, entry in self.roster.items()}

    def check(self, rules: Any, players: Sequence[PlayerSpec]) -> None:
        """:class:`~ecarte.ArgumentError` for ``rules`` the game does not take (an
        unknown preset, naming the presets) or a player that plays other rules."""
        from ecarte.engine.registry import load_game

        try:
            game = load_game(self.name, rules=rules, seed=0)
        except ArgumentError:
            raise
        except EcarteError as exc:  # Écarté's RulesError: a run's argument all the same
            raise ArgumentError(str(exc)) from exc
        for spec in players:
            entry = self.roster.get(spec.name)
            only = None if entry is None else entry.rules
            if only is not None and game.rules != load_game(self.name, rules=only).rules:
                raise ArgumentError(f"player {spec.name!r} plays only the rules {only!r}: "
                                    f"--rules {only}")  # fmt: skip

    def make_player(self, spec: PlayerSpec, seed: int) -> Any:
        entry = self.roster.get(spec.name)
        if entry is None:
            known = ", ".join(self.roster)
            raise ArgumentError(f"no {self.name} player {spec.name!r}; known: {known}")
        options = _options(spec, entry.options)
        try:
            return entry.make(options, seed)
        except (ValueError, TypeError) as exc:  # an option's value the player refuses
            if isinstance(exc, ArgumentError) and str(exc).startswith("player "):
                raise  # (it names the player)
            raise ArgumentError(f"player {str(spec)!r}: {exc}") from exc


def _regles(options: dict[str, Any], seed: int) -> Any:
    try:
        from ecarte_regles import RegleBot
    except ImportError as exc:
        raise ArgumentError("player 'regles' needs the ecarte-regles plugin") from exc
    return RegleBot()


def _ecarte(name: str) -> Any:
    from ecarte import players

    return getattr(players, name)


def _euchre(module: str, name: str) -> Any:
    import importlib

    return getattr(importlib.import_module(f"ecarte.games.euchre.{module}"), name)


class EcarteArena(_Roster):
    """Écarté: whole matches (best of three games by default) of ``ecarte.Game``."""

    name: str = "ecarte"
    sides: tuple[tuple[int, ...], tuple[int, ...]] = ((0,), (1,))
    roster: ClassVar[dict[str, _Entry]] = {
        "random": _Entry(
            "uniform among the legal actions", (), lambda o, s: _ecarte("RandomPlayer")(seed=s)
        ),
        "heuristic": _Entry(
            "the heuristic player (ecarte.players.HeuristicPlayer)",
            (),
            lambda o, s: _ecarte("HeuristicPlayer")(),
        ),
        "regles": _Entry("the Jeux de Règles convention (the ecarte-regles plugin)", (), _regles),
        "pimc": _Entry(
            "PIMC (ecarte.players.PIMCPlayer)",
            ("worlds", "inference", "pool_factor", "objective", "kernel"),
            lambda o, s: _ecarte("PIMCPlayer")(**o, seed=s),
        ),
        "ismcts": _Entry(
            "IS-MCTS (ecarte.players.ISMCTSPlayer)",
            ("iterations", "ms", "worlds", "c", "inference", "pool_factor", "objective", "kernel"),
            lambda o, s: _ecarte("ISMCTSPlayer")(**o, seed=s),
        ),
    }

    def play(self, rules: Any, seed: int, players: Sequence[Any]) -> Outcome:
        from ecarte.engine.registry import load_game

        game = load_game("ecarte", rules=rules, seed=seed)
        clock = _Clock(2)
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            obs = game.observation(seat)
            clock.turn(
                seat,
                lambda: players[seat].choose(obs, legal),  # noqa: B023
                lambda action: game.apply(action, seat=seat),  # noqa: B023
            )
        points = [0, 0]
        hands = 0
        for result in game.game_results:
            for hand in result.hands:
                hands += 1
                for seat, p in hand.points.items():
                    points[seat] += p
        decisions, seconds = clock.by_side(self.sides)
        return Outcome(game.winner, (points[0], points[1]), hands, decisions, seconds)


class EuchreArena(_Roster):
    """Euchre: games to the target (10 points by default) of ``EuchreGame``, partners
    0 & 2 against 1 & 3."""

    name: str = "euchre"
    sides: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 2), (1, 3))

    roster: ClassVar[dict[str, _Entry]] = {
        "random": _Entry(
            "uniform among the legal actions (RandomBot)",
            (),
            lambda o, s: _euchre("bots", "RandomBot")(seed=s),
        ),
        "heuristic": _Entry(
            "the heuristic bot (HeuristicBot)",
            ("order_at", "alone_at"),
            lambda o, s: _euchre("bots", "HeuristicBot")(**o),
        ),
        "pimc": _Entry(
            "PIMC (EuchrePIMCPlayer)",
            ("worlds", "inference", "kernel"),
            lambda o, s: _euchre("pimc", "EuchrePIMCPlayer")(**o, seed=s),
        ),
        "ismcts": _Entry(
            "IS-MCTS (EuchreISMCTSPlayer)",
            ("iterations", "ms", "worlds", "c", "solve", "kernel"),
            lambda o, s: _euchre("ismcts", "EuchreISMCTSPlayer")(**o, seed=s),
        ),
        "openspiel": _Entry(
            "OpenSpiel's ISMCTSBot (with --rules openspiel)",
            ("simulations", "uct_c"),
            lambda o, s: _ISMCTS(seed=s, **o),
            "openspiel",
        ),
    }

    def play(self, rules: Any, seed: int, players: Sequence[Any]) -> Outcome:
        from ecarte.engine.registry import load_game

        game = load_game("euchre", rules=rules, seed=seed)
        clock = _Clock(4)
        while not game.is_over:
            seat = game.to_act
            clock.turn(seat, lambda: players[seat].choose(game), game.apply_id)  # noqa: B023
        decisions, seconds = clock.by_side(self.sides)
        s0, s1 = game.scores
        winner = game.winner  # None for a single deal (target 0): the side that scored
        if winner is None:
            winner = 0 if s0 > s1 else 1 if s1 > s0 else -1
        return Outcome(winner, (s0, s1), game.deals, decisions, seconds)


class _ISMCTS:
    """OpenSpiel's ``ISMCTSBot`` on its ``euchre`` (a single deal), as an Euchre player:
    each decision replays the game's action ids into an OpenSpiel state (the ids are the
    same, ``tests/games/euchre/test_openspiel_diff.py``) and asks the bot, which searches
    from the acting player's information state."""

    def __init__(self, seed: int, simulations: int = 100, uct_c: float = 2.0) -> None:
        if simulations.__class__ is not int or simulations < 1:
            raise ValueError(f"simulations must be an int >= 1, not {simulations!r}")
        if uct_c.__class__ not in (int, float) or not 0 < uct_c < math.inf:
            raise ValueError(f"uct_c must be a positive number, not {uct_c!r}")
        try:
            import pyspiel  # type: ignore[import-not-found,unused-ignore]
        except ImportError as exc:
            raise ArgumentError(
                "player 'openspiel' needs open_spiel: pip install 'ecarte[openspiel]'"
            ) from exc
        self._game = pyspiel.load_game("euchre")
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed % (1 << 31))
        self._bot = pyspiel.ISMCTSBot(
            seed % (1 << 31),
            evaluator,
            uct_c,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def choose(self, game: Any) -> int:
        from ecarte.games.euchre import EuchreRules

        if game.rules != EuchreRules.openspiel():
            raise ArgumentError("player 'openspiel' plays OpenSpiel's Euchre: --rules openspiel")
        state = self._game.new_initial_state()
        for a in game.history_ids():
            state.apply_action(a)
        return int(self._bot.step(state))


GAMES: dict[str, ArenaGame] = {"ecarte": EcarteArena(), "euchre": EuchreArena()}
"""The games ``ecarte arena --game NAME`` plays."""
