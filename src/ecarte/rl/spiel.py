"""The games as OpenSpiel Python games (``pyspiel``), registered when this module is
imported:

- ``ecarte_match``: an Écarté match; parameters ``rules`` (a preset name: classic,
  spanish, portuguese, swedish, brazilian), ``variant`` (an installed variant of two
  seats: one that only configures the rules, such as ``quick`` or ``napoleon``, is played
  by the C state; one whose hooks Python answers, such as ``regles`` or ``cercle``, by
  :class:`ecarte.Game`, its tensors read from its log), ``target`` and ``games_to_win``
  (-1: the rules' own).
- ``ecarte_euchre``: Euchre; parameters ``rules`` (standard, openspiel, seed), ``deck``
  and ``target`` (-1: the preset's; target 0 is a single deal).

Chance is explicit, with its probabilities: Écarté's cut and deal are drawn card by card
(outcome: the next card's piquet index, uniform over the cards left), Euchre's dealer and
deal as its machine's chance ids (``chance_outcomes`` away from a chance node raises
``pyspiel.SpielError``). Both provide the observation and information-state
tensors of ``docs/rl.md`` (as float32) and strings: the observation string is the
observation tensor's bytes in hex, the information-state string the sequence of the
seat's observations since the start (perfect recall). States clone, pickle and serialise
(their C state is plain data).

:func:`resampler` gives ISMCTS (``open_spiel.python.algorithms.ismcts``) the states
consistent with a player's information, by dealing the cards it has not seen again.

>>> import pyspiel
>>> import ecarte.rl.spiel  # noqa: F401 - registers the games
>>> game = pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"})
>>> game.num_players(), game.num_distinct_actions(), game.information_state_tensor_size()
(4, 33, 999)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ecarte.games.ecarte._rl as _ecarte_rl
from ecarte._cards import Card
from ecarte._errors import IllegalActionError
from ecarte.games.ecarte import _hooks
from ecarte.games.ecarte.actions import Cut, Deal
from ecarte.games.ecarte.game import Game
from ecarte.games.ecarte.observation import Phase
from ecarte.games.ecarte.rules import Rules
from ecarte.games.euchre.rules import PRESETS as EUCHRE_PRESETS
from ecarte.games.euchre.rules import EuchreRules

from ._games import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec, Spec, missing_extra
from .tensors import layout

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # (the extra not installed)
    raise missing_extra("ecarte.rl.spiel", exc, "openspiel") from exc

__all__ = ["EcarteSpielGame", "EuchreSpielGame", "resampler"]

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class Observer:
    """A ``pyspiel`` Python observer of a game's tensor: ``tensor`` (float32) and its
    named fields in ``dict`` (rows x width views)."""

    def __init__(self, spec: Spec, which: int) -> None:
        self.spec = spec
        self.which = which
        self._bytes = np.zeros(spec.tensor_size(which), np.uint8)
        self.tensor = np.zeros(spec.tensor_size(which), np.float32)
        self.dict = {
            f.name: self.tensor[f.offset : f.offset + f.size].reshape(f.rows, f.width)
            for f in layout(spec, which)
        }

    def set_from(self, state: Any, player: int) -> None:
        state._core.write(player, self.which, self._bytes)
        self.tensor[:] = self._bytes

    def string_from(self, state: Any, player: int) -> str:
        if self.which == INFO_STATE:
            return "|".join(state._seen[player])
        state._core.write(player, OBSERVATION, self._bytes)
        return bytes(np.packbits(self._bytes)).hex()


def _game_type(short: str, long: str, players: int, params: dict[str, Any]) -> Any:
    """The ``pyspiel.GameType`` of a game of the engine: sequential, explicit chance,
    imperfect information, zero-sum, rewards at the end, both tensors and strings."""
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _Game(pyspiel.Game):  # type: ignore[misc]
    """What both games share: their spec, game information and observers."""

    spec: Spec

    def _setup(
        self,
        game_type: Any,
        spec: Spec,
        params: dict[str, Any],
        chance: int,
        utility: float,
        length: int,
    ) -> None:
        self.spec = spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_ids,
            max_chance_outcomes=chance,
            num_players=spec.num_players,
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, params)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of a player's observation, or with ``perfect_recall`` of its
        information state: both of public information and the player's own. ValueError
        for another kind of observation (public only, every player's) or parameters."""
        if params:
            raise ValueError(f"the observers take no parameters, not {params!r}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "the game observes public information and one player's private "
                "information together (its observation and information state), no other "
                "kind of observation"
            )
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.spec, INFO_STATE if recall else OBSERVATION)


def _known(what: str, action: int, known: bool) -> None:
    """ValueError unless ``known``: ``action`` is one of the game's ids (or outcomes)."""
    if not known:
        noun = "outcome" if what.startswith("chance") else "action"
        raise ValueError(f"{what} {action} is no {noun} of the game")


def _chance_node(state: Any) -> None:
    """SpielError unless chance is to act (as OpenSpiel's own games check)."""
    if state._core.to_act != -1:
        raise pyspiel.SpielError("chance_outcomes: the state is not a chance node")


class _State(pyspiel.State):  # type: ignore[misc]
    """What both games' states share: the C state ``_core``, each player's observations
    since the start ``_seen`` (for the information-state strings)."""

    _core: Any
    _seen: list[list[str]]

    def _new_core(self, game: Any) -> Any:
        return game.spec.new_state(0, auto_chance=False)

    def _start(self, game: Any) -> None:
        self._core = self._new_core(game)
        self._seen = [[] for _ in range(game.spec.num_players)]
        self._buf = np.zeros(game.spec.tensor_size(OBSERVATION), np.uint8)
        self._note()

    def _note(self) -> None:
        """Each player's observation now, appended to what it has seen."""
        for p, seen in enumerate(self._seen):
            self._core.write(p, OBSERVATION, self._buf)
            seen.append(bytes(np.packbits(self._buf)).hex())

    def current_player(self) -> int:
        t = self._core.to_act
        return t if t >= 0 else _CHANCE if t == -1 else _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.legal_ids())

    def is_terminal(self) -> bool:
        return bool(self._core.is_over)

    def returns(self) -> list[float]:
        return [float(r) for r in self._core.returns()]

    def __str__(self) -> str:
        return " ".join(map(str, self.history()))


# ---------------------------------------------------------------------------- Euchre

_EUCHRE_PARAMS = {"rules": "openspiel", "deck": -1, "target": -1}


def _euchre_rules(params: dict[str, Any]) -> EuchreRules:
    name = params.get("rules", "openspiel")
    if name not in EUCHRE_PRESETS:
        raise ValueError(f"rules must be one of {sorted(EUCHRE_PRESETS)}, not {name!r}")
    rules = EUCHRE_PRESETS[name]()
    changes = {k: params[k] for k in ("deck", "target") if params.get(k, -1) != -1}
    return rules.with_options(**changes) if changes else rules


_EUCHRE_TYPE = _game_type("ecarte_euchre", "Euchre (the ecarte engine)", 4, _EUCHRE_PARAMS)


class EuchreSpielGame(_Game):
    """Euchre as a ``pyspiel.Game`` (see the module)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_EUCHRE_PARAMS, **(params or {})}
        spec = EuchreSpec(_euchre_rules(params))
        target, single = spec.rules.target, spec.rules.target == 0
        length = 100 if single else 100 * (2 * target + 40)
        self._setup(_EUCHRE_TYPE, spec, params, spec.rules.deck, 4.0 if single else 1.0, length)

    def new_initial_state(self) -> EuchreSpielState:
        return EuchreSpielState(self)


_EUCHRE_WORDS = (
    "pass",
    "call C",
    "call D",
    "call H",
    "call S",
    "alone",
    "partner",
    "take",
    "decline",
)


class EuchreSpielState(_State):
    """A game of Euchre."""

    def __init__(self, game: EuchreSpielGame) -> None:
        super().__init__(game)
        self._start(game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        _chance_node(self)
        ids = self._core.legal_ids()
        return [(i, 1.0 / len(ids)) for i in ids]

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))
        self._note()

    def _action_to_string(self, player: int, action: int) -> str:
        n = self._core.deck
        if player == _CHANCE:
            _known("chance outcome", action, 0 <= action < n)
            return f"dealer {action}" if self._core.phase == 0 else f"deal {action}"
        _known("action id", action, 0 <= action < n + len(_EUCHRE_WORDS))
        return f"card {action}" if action < n else _EUCHRE_WORDS[action - n]


# ---------------------------------------------------------------------------- Écarté

_ECARTE_PARAMS = {"rules": "classic", "variant": "", "target": -1, "games_to_win": -1}


def _ecarte_rules(params: dict[str, Any]) -> tuple[Rules, str]:
    """The rules in force and the variant whose hooks Python answers ("" when none: the C
    state plays the rules alone)."""
    rules = Rules.preset(params.get("rules", "classic"))
    changes = {k: params[k] for k in ("target", "games_to_win") if params.get(k, -1) != -1}
    rules = rules.evolve(**changes) if changes else rules
    variant = params.get("variant", "")
    if not variant:
        return rules, ""
    config = _hooks.game_config(rules, variant, ())
    if config.players != 2:
        raise ValueError(f"variant {variant!r} seats {config.players}: the adapter has two")
    return config.rules, variant if config.machine.hook_mask or config.flags else ""


class _GameMatch:
    """A match of a variant whose hooks Python answers: an :class:`ecarte.Game` (chance
    given by the adapter) with what the adapter reads of a state, its tensors from the C
    state rebuilt from the game's log (``_rl.from_log``) when asked."""

    def __init__(self, rules: Rules, variant: str) -> None:
        self.game = Game(rules, variant=variant, seed=0, auto_chance=False)
        self._read: Any = None

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.game = state["game"]
        self._read = None

    def __deepcopy__(self, memo: Any) -> _GameMatch:
        new = object.__new__(_GameMatch)
        new.game = self.game.clone()
        new._read = self._read  # read only
        return new

    @property
    def to_act(self) -> int:
        return int(self.game.to_act)

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)

    @property
    def phase(self) -> int:
        return 0 if self.game.phase is Phase.CUT else 1

    def returns(self) -> tuple[float, float]:
        w = self.game.winner
        return (0.0, 0.0) if w is None else (1.0, -1.0) if w == 0 else (-1.0, 1.0)

    def legal_ids(self) -> list[int]:
        return list(self.game.legal_action_ids())

    def apply(self, action_id: int) -> None:
        self.game.apply(self.game.action_from_id(action_id))
        self._read = None

    def chance(self, cards: list[int]) -> None:
        c = tuple(Card.from_id(i) for i in cards)
        self.game.apply(Cut((c[0], c[1])) if len(c) == 2 else Deal(c))
        self._read = None

    def write(self, seat: int, which: int, out: Any) -> None:
        if self._read is None:
            fields, hook_mask = self.game._config.machine.key
            rules = _ecarte_rl.Rules(fields, hook_mask)
            self._read = _ecarte_rl.from_log(rules, 0, False, self.game._m_log())
        self._read.write(seat, which, out)


_ECARTE_TYPE = _game_type("ecarte_match", "Écarté (the ecarte engine)", 2, _ECARTE_PARAMS)


class EcarteSpielGame(_Game):
    """An Écarté match as a ``pyspiel.Game`` (see the module)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_ECARTE_PARAMS, **(params or {})}
        rules, self.variant = _ecarte_rules(params)
        spec = EcarteSpec(rules)
        games = 2 * spec.rules.games_to_win - 1
        hands = 2 * spec.rules.target - 1  # a hand scores at least a point
        # a game: its cuts (at most 100, 2 cards each); a hand: its deal card by card, up to
        # 24 exchanges of 4 decisions, 10 cards, 2 kings and the packets
        length = games * (200 + hands * (32 + 96 + 13))
        self._setup(_ECARTE_TYPE, spec, params, 32, 1.0, length)

    def new_initial_state(self) -> EcarteSpielState:
        return EcarteSpielState(self)


def _card(index: int) -> int:
    """The card id (suit * 16 + rank) of a piquet index."""
    return (index >> 3) * 16 + 5 + (index & 7)


_ECARTE_WORDS = {
    32: "propose",
    33: "play",
    34: "accept",
    35: "refuse",
    36: "king",
    37: "3-2",
    38: "2-3",
}


class EcarteSpielState(_State):
    """An Écarté match; ``_drawn`` holds the cards of the chance event being drawn."""

    def __init__(self, game: EcarteSpielGame) -> None:
        super().__init__(game)
        self._drawn: list[int] = []
        self._start(game)

    def _new_core(self, game: Any) -> Any:
        if game.variant:
            return _GameMatch(game.spec.rules, game.variant)
        return game.spec.new_state(0, auto_chance=False)

    def _needed(self) -> int:
        return 2 if self._core.phase == 0 else 32

    def chance_outcomes(self) -> list[tuple[int, float]]:
        _chance_node(self)
        left = [i for i in range(32) if i not in self._drawn]
        return [(i, 1.0 / len(left)) for i in left]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.legal_ids())

    def _apply_action(self, action: int) -> None:
        a = int(action)
        if self._core.to_act == -1:
            if not 0 <= a < 32 or a in self._drawn:
                raise IllegalActionError(f"chance outcome {a} is not a card left")
            self._drawn.append(a)
            if len(self._drawn) < self._needed():
                return
            self._core.chance([_card(i) for i in self._drawn])
            self._drawn = []
        else:
            self._core.apply(a)
        self._note()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            _known("chance outcome", action, 0 <= action < 32)
            return f"card {action}"
        _known("action id", action, 0 <= action < 96 and not 39 <= action < 64)
        if action < 32:
            return f"play {action}"
        if action >= 64:
            return f"discard {action - 64:05b}"
        return _ECARTE_WORDS[action]


pyspiel.register_game(_EUCHRE_TYPE, EuchreSpielGame)
pyspiel.register_game(_ECARTE_TYPE, EcarteSpielGame)


# ---------------------------------------------------------------------------- resampling


def resampler(seed: int = 0, tries: int = 1000) -> Callable[[Any, int], Any]:
    """A ``set_resampler`` callback for ISMCTS on Euchre: a state with the same history
    for ``player`` and the cards it has not seen dealt again uniformly (the deal's chance
    outcomes permuted among the cards hidden from it), kept when the history's actions
    are legal in it; after ``tries`` failures, the state itself."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        if not isinstance(state, EuchreSpielState):
            raise TypeError("resampler deals Euchre states")
        game = state.get_game()
        history = state.history()
        n = game.spec.rules.deck
        probe = game.new_initial_state()
        deal_steps: list[int] = []  # positions in the history of the deal's card outcomes
        for k, a in enumerate(history):
            if probe.current_player() == _CHANCE and probe._core.phase == 1:
                deal_steps.append(k)
            probe.apply_action(a)
        # every card the player saw: its hands, the upcard, the plays, its discard
        obs = np.zeros(game.spec.tensor_size(INFO_STATE), np.uint8)
        probe._core.write(player, INFO_STATE, obs)
        visible: set[int] = set()
        for f in layout(game.spec, INFO_STATE):
            if f.name in ("hand", "upcard", "discard", "trick", "played", "dealt", "play_card"):
                block = obs[f.offset : f.offset + f.size].reshape(f.rows, f.width)
                visible |= set(np.nonzero(block)[1].tolist())
        hidden = [k for k in deal_steps if history[k] not in visible]
        dealt = {history[k] for k in deal_steps}
        pool = [history[k] for k in hidden] + [c for c in range(n) if c not in dealt]
        for _ in range(tries):
            rng.shuffle(pool)
            new = list(history)
            for k, c in zip(hidden, pool, strict=False):
                new[k] = c
            candidate = game.new_initial_state()
            try:
                for a in new:
                    candidate.apply_action(a)
            except (IllegalActionError, RuntimeError):
                continue
            return candidate
        return state.clone()

    return resample
