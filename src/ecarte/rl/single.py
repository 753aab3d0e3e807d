"""A Gymnasium single-agent environment: one seat of a game played by the agent, the others
by chosen opponents.

The observation is ``{"observation": tensor, "action_mask": mask}`` (int8) of the agent's
seat, as in :mod:`ecarte.rl.aec`; the action an integer id (an int or a numpy integer),
and an illegal one raises :class:`ecarte.IllegalActionError`, as does a float, a bool or a
string (``action_space.sample()`` without a mask draws a legal one). A step before
``reset`` or after the episode's end (an illegal action's too) raises Gymnasium's
``ResetNeeded``. The reward is the agent's return at the end of the game. Opponents move
inside ``reset`` and ``step`` until the agent is to act; a game that ends before the
agent's first decision (a single deal of Euchre its partner plays alone) is skipped by
``reset``, which always returns a decision of the agent.

An illegal action is never played: with ``illegal="raise"`` (the default) it raises, and
with ``illegal="terminate"`` it ends the episode unplayed, with reward ``illegal_reward``
and ``info["illegal_action"]`` True (PettingZoo's ``TerminateIllegalWrapper`` rule, for
code that samples actions without masks across resets, as Gymnasium's ``check_env``
does).

>>> from ecarte.rl import EuchreSpec
>>> env = SingleAgentEnv(EuchreSpec(), seat=0, opponents=HeuristicEuchreOpponent())
>>> obs, info = env.reset(seed=3)
>>> done = False
>>> while not done:
...     obs, reward, done, truncated, info = env.step(env.action_space.sample())
>>> reward in (-1.0, 1.0)
True
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any, Protocol

from ecarte._core._args import _index
from ecarte._errors import IllegalActionError
from ecarte.games.euchre.bots import HeuristicBot
from ecarte.games.euchre.game import EuchreGame

from ._games import INFO_STATE, OBSERVATION, EuchreSpec, Spec, check_spec, missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError as exc:  # (the extra not installed)
    raise missing_extra("ecarte.rl.single", exc, "rl") from exc

from ._spaces import LegalDiscrete, action_id, check_options

__all__ = ["HeuristicEuchreOpponent", "Opponent", "RandomOpponent", "SingleAgentEnv"]

_MAX_DEALS = 1000
"""Games a reset draws at most looking for one in which the agent acts."""


class Opponent(Protocol):
    """A player of the seats the agent does not play. ``reset`` starts a game (the spec
    and the game's seed), ``observe`` sees every move made, ``act`` chooses the id of
    ``seat``, which is to act in ``state``."""

    def reset(self, spec: Spec, seed: int) -> None: ...
    def observe(self, seat: int, action: int) -> None: ...
    def act(self, state: Any, seat: int, rng: np.random.Generator) -> int: ...


class RandomOpponent:
    """A uniform legal action, drawn from the environment's generator."""

    def reset(self, spec: Spec, seed: int) -> None:
        pass

    def observe(self, seat: int, action: int) -> None:
        pass

    def act(self, state: Any, seat: int, rng: np.random.Generator) -> int:
        ids = state.legal_ids()
        return int(ids[rng.integers(len(ids))])


class HeuristicEuchreOpponent:
    """The engine's :class:`ecarte.games.euchre.HeuristicBot`, on a game it keeps in step
    with the environment's (same rules, same seed, same moves)."""

    def __init__(self, bot: HeuristicBot | None = None) -> None:
        self.bot = bot or HeuristicBot()
        self.game: EuchreGame | None = None

    def reset(self, spec: Spec, seed: int) -> None:
        if not isinstance(spec, EuchreSpec):
            raise TypeError("HeuristicEuchreOpponent plays Euchre, not this game")
        self.game = EuchreGame(spec.rules, seed=seed)

    def observe(self, seat: int, action: int) -> None:
        assert self.game is not None
        self.game.apply_id(action)

    def act(self, state: Any, seat: int, rng: np.random.Generator) -> int:
        assert self.game is not None and self.game.to_act == seat
        return self.bot.choose(self.game)


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):
    """Seat ``seat`` of a game of ``spec`` against ``opponents`` (one for every other
    seat, or one shared; random by default)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - gymnasium's

    def __init__(
        self,
        spec: Spec,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        which: str = "observation",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        check_spec(spec)
        if illegal not in ("raise", "terminate"):
            raise ValueError(f"illegal must be 'raise' or 'terminate', not {illegal!r}")
        reward: object = illegal_reward
        if isinstance(reward, bool) or not isinstance(reward, numbers.Real):
            raise ValueError(f"illegal_reward must be a finite number, not {reward!r}")
        if not math.isfinite(reward):
            raise ValueError(f"illegal_reward must be a finite number, not {reward!r}")
        self.illegal = illegal
        self.illegal_reward = float(reward)
        s = _index(seat)
        if s is None or not 0 <= s < spec.num_players:
            raise ValueError(f"seat must be an int 0..{spec.num_players - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if which not in ("observation", "info_state"):
            raise ValueError(f"which must be 'observation' or 'info_state', not {which!r}")
        self.game = spec
        self.which = OBSERVATION if which == "observation" else INFO_STATE
        others = [s for s in range(spec.num_players) if s != seat]
        if opponents is None:
            opponents = RandomOpponent()
        if isinstance(opponents, Sequence):
            if len(opponents) != len(others):
                raise ValueError(f"give one opponent, or one for each of seats {others}")
            self.opponents = dict(zip(others, opponents, strict=True))
        else:
            self.opponents = dict.fromkeys(others, opponents)
        for opponent in self.opponents.values():
            if isinstance(opponent, type) or not all(
                callable(getattr(opponent, m, None)) for m in ("reset", "observe", "act")
            ):
                raise ValueError(f"an opponent has reset, observe and act, not {opponent!r}")
            if isinstance(opponent, HeuristicEuchreOpponent) and not isinstance(spec, EuchreSpec):
                raise TypeError("HeuristicEuchreOpponent plays Euchre, not this game")
        self.seat = s
        self.render_mode = render_mode
        self._size = spec.tensor_size(self.which)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (self._size,), np.int8),
                "action_mask": spaces.Box(0, 1, (spec.num_ids,), np.int8),
            }
        )
        self.action_space = LegalDiscrete(spec.num_ids, self._legal)
        self._state = spec.new_state(0)
        self._ended = True  # no episode runs: before reset, or an illegal action ended it
        self._distinct: list[Opponent] = []

    def _legal(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(self.game.num_ids, np.int8)
        if self._state.to_act == self.seat:
            self._state.write_mask(mask)
        return mask

    def _obs(self) -> dict[str, Any]:
        obs = np.empty(self._size, np.int8)
        self._state.write(self.seat, self.which, obs)
        return {"observation": obs, "action_mask": self._legal()}

    def _move(self, seat: int, action: int) -> None:
        self._state.apply(action)
        for opponent in self._distinct:  # each opponent object sees each move once
            opponent.observe(seat, action)

    def _others(self) -> None:
        st = self._state
        while not st.is_over and st.to_act != self.seat:
            seat = st.to_act
            action = self.opponents[seat].act(st, seat, self.np_random)
            try:
                self._move(seat, action_id(action, self.game.num_ids))
            except IllegalActionError as e:  # the opponent's: the episode cannot go on
                self._ended = True
                raise IllegalActionError(
                    f"the opponent at seat {seat} played an illegal action: {e}"
                ) from None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        check_options(options)
        super().reset(seed=seed)
        self._ended = False
        seen: dict[int, Opponent] = {}
        for opponent in self.opponents.values():
            seen.setdefault(id(opponent), opponent)
        self._distinct = list(seen.values())
        for _ in range(_MAX_DEALS):
            # a game that ends before the agent acts (a single deal its partner plays
            # alone) has no decision for it: the next game seed is drawn instead
            game_seed = int(self.np_random.integers(1 << 63))
            self._state.reset(game_seed)
            for opponent in self._distinct:
                opponent.reset(self.game, game_seed)
            self._others()
            if not self._state.is_over:
                return self._obs(), {}
        raise RuntimeError(f"{_MAX_DEALS} games in a row ended before seat {self.seat} acted")

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._ended or self._state.to_act != self.seat:
            raise ResetNeeded("the episode is not running: reset the environment first")
        a = action_id(action, None if self.illegal == "terminate" else self.game.num_ids)
        if self.illegal == "terminate" and not (
            0 <= a < self.game.num_ids and self._state.legal_mask >> a & 1
        ):
            self._ended = True
            return self._obs(), self.illegal_reward, True, False, {"illegal_action": True}
        self._move(self.seat, a)
        self._others()
        over = self._state.is_over
        reward = float(self._state.returns()[self.seat]) if over else 0.0
        return self._obs(), reward, over, False, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        st = self._state
        return f"{self.game.name}: to act {st.to_act}, legal {st.legal_ids()}"
