"""PettingZoo AEC environments of the games (``pettingzoo.AECEnv``).

Each agent ``player_i`` is seat ``i``. An observation is ``{"observation": tensor,
"action_mask": mask}``, both int8: the tensor (``which``: the observation, or the
information state) of that agent's seat, written by C (``docs/rl.md``), and the mask of
its legal action ids (all zero when it is not to act). Chance is drawn inside the steps
from the seed of :meth:`~CardGameEnv.reset`. An action is an integer id (an int or a
numpy integer); an illegal one, or a float, a bool or a string, raises
:class:`ecarte.IllegalActionError` and changes nothing: it is never played. Rewards come at
the end, the game's returns (Écarté: +1 the match's winner, -1 the loser; Euchre: the
game's returns by seat).

Turns. ``turns="seat"`` (the default) selects the agent whose seat is to act, as
PettingZoo's classic card games do. ``turns="cycle"`` makes each move of the game a
cycle in which every agent is selected, in seat order: the seat to act at the start of
the cycle moves when selected, and the others have one legal action, *wait* (id
:attr:`~CardGameEnv.wait`, the last of the action space); episodes end at the end of a
cycle. That form is parallelizable (:func:`parallel_env`: one parallel step per move).
``max_cycles`` counts cycles: moves with ``turns="cycle"``, rounds of ``num_agents``
moves with ``turns="seat"``; the episode is truncated when it is reached (None: never; a
game always ends).

>>> from ecarte.rl.aec import euchre_env
>>> env = euchre_env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, int(obs["action_mask"].sum())
('player_2', 2)
>>> env.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ecarte._errors import IllegalActionError
from ecarte.games.ecarte.rules import Rules
from ecarte.games.euchre.rules import EuchreRules

from ._games import (
    INFO_STATE,
    OBSERVATION,
    EcarteSpec,
    EuchreSpec,
    Spec,
    check_seed,
    check_spec,
    missing_extra,
)

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
    from pettingzoo import AECEnv
    from pettingzoo.utils.conversions import aec_to_parallel_wrapper
except ImportError as exc:  # (the extra not installed)
    raise missing_extra("ecarte.rl.aec", exc, "rl") from exc

from ._spaces import LegalDiscrete, action_id, check_options

__all__ = ["CardGameEnv", "ecarte_env", "euchre_env", "parallel_env"]

_WHICH = {"observation": OBSERVATION, "info_state": INFO_STATE}


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """A game of ``spec`` as a PettingZoo AEC environment (see the module)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's (each instance sets its own)
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "ecarte_card_game_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        spec: Spec,
        *,
        which: str = "observation",
        turns: str = "seat",
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_spec(spec)
        if which not in _WHICH:
            raise ValueError(f"which must be 'observation' or 'info_state', not {which!r}")
        if turns not in ("seat", "cycle"):
            raise ValueError(f"turns must be 'seat' or 'cycle', not {turns!r}")
        if max_cycles is not None and (max_cycles.__class__ is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be an int >= 1 (or None), not {max_cycles!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.spec = spec
        self.which = _WHICH[which]
        self.cycle = turns == "cycle"
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {
            **self.metadata,
            "name": f"{spec.name}_v{spec.version}",
            "is_parallelizable": self.cycle,
        }
        n = spec.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.wait = spec.num_ids
        """The id of waiting (``turns="cycle"`` only)."""
        self._nids = spec.num_ids + self.cycle
        self._size = spec.tensor_size(self.which)
        self._obs_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (self._size,), np.int8),
                    "action_mask": spaces.Box(0, 1, (self._nids,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._act_spaces = {
            a: LegalDiscrete(self._nids, self._legal_of(i))
            for i, a in enumerate(self.possible_agents)
        }
        self._state = spec.new_state(0)
        self._moves = 0
        self._cycles = 0  # cycle mode: cycles completed
        self._turn = 0  # cycle mode: the seat selected
        self._cycle_mover = 0  # cycle mode: the seat to act when the cycle began
        self._ended = False

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    # ------------------------------------------------------------------ state
    @property
    def state_object(self) -> Any:
        """The game state (a copy is the caller's to take: :meth:`copy`)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        else:
            seed = check_seed(seed)
        check_options(options)
        self._state.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._moves = 0
        self._cycles = 0
        self._turn = 0
        self._ended = False
        self._cycle_mover = self._state.to_act
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self._turn if self.cycle else max(self._state.to_act, 0)
        agent: str = self.possible_agents[seat]
        return agent

    def _legal_of(self, seat: int) -> Callable[[], np.ndarray[Any, np.dtype[np.int8]]]:
        return lambda: self._mask(seat)

    def _mover(self) -> int:
        """The seat that moves now (with turns="cycle": this cycle's mover), -1 if none."""
        if self._ended:
            return -1
        return self._cycle_mover if self.cycle else self._state.to_act

    def _mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(self._nids, np.int8)
        mover = self._mover()
        if mover == seat:
            self._state.write_mask(mask)
        elif self.cycle:
            mask[self.wait] = 1
        return mask

    def _check_reset(self) -> None:
        if not hasattr(self, "agent_selection"):
            raise ResetNeeded("reset the environment first")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._check_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        self._check_reset()
        seat = self._seat[agent]
        st = self._state
        obs = np.empty(self._size, np.int8)
        st.write(seat, self.which, obs)
        if not self.cycle and seat == st.to_act:  # the seat to act (never once over)
            mask = np.empty(self._nids, np.int8)
            st.write_mask(mask)
        else:
            mask = self._mask(seat)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        self._check_reset()
        if not self.agents:
            raise ResetNeeded("every agent is done: reset the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to act: None is not an action")
        a = action_id(action, self._nids)
        st = self._state
        if not self.cycle and self.max_cycles is None:  # the common case, in short
            st.apply(a)  # IllegalActionError, state unchanged
            self._moves += 1
            self._cumulative_rewards[agent] = 0.0
            if st.is_over:
                self._end(st)
            self.agent_selection = self.possible_agents[max(st.to_act, 0)]
            return
        if self.cycle and self._mover() != self._seat[agent]:
            if a != self.wait:
                raise IllegalActionError(f"{agent} is not to act: its one action is wait")
        elif self.cycle and a == self.wait:
            raise IllegalActionError(f"{agent} is to act: wait is not legal now")
        else:
            st.apply(a)  # IllegalActionError, state unchanged
            self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        if st.is_over and not self._ended:
            self._end(st, flag=False)
        elif self._ended:
            self._clear_rewards()
        if self.cycle:
            self._turn = (self._turn + 1) % len(self.possible_agents)
            if self._turn == 0:
                self._cycles += 1
                self._cycle_mover = st.to_act
            done = self._turn == 0 and (self._ended or self._cycles_up(self._cycles))
        else:
            done = self._ended or self._cycles_up(self._moves // len(self.possible_agents))
        if done:
            flags = self.terminations if self._ended else self.truncations
            for name in self.agents:
                flags[name] = True
        self.agent_selection = self._selected()

    def _check_cycle(self, actions: Any) -> None:
        """:class:`ecarte.IllegalActionError` unless ``actions`` maps every agent to its
        legal action of the cycle to come (``turns="cycle"``, at a cycle's start): what a
        parallel step checks before it plays any."""
        self._check_reset()
        if not self.agents:
            raise ResetNeeded("every agent is done: reset the environment")
        missing = [agent for agent in self.agents if agent not in actions]
        if missing:
            raise IllegalActionError(f"no action for {', '.join(missing)}: every agent acts")
        mover = self._mover()
        for agent in self.agents:
            action = actions[agent]
            if action is None:
                raise IllegalActionError(f"{agent} is not done: None is not an action")
            a = action_id(action, self._nids)
            if self._seat[agent] != mover:
                if a != self.wait:
                    raise IllegalActionError(f"{agent} is not to act: its one action is wait")
            elif a == self.wait:
                raise IllegalActionError(f"{agent} is to act: wait is not legal now")
            elif not self._state.legal_mask >> a & 1:
                legal = self._state.legal_ids()
                raise IllegalActionError(f"action id {a} is not legal now (legal: {legal})")

    def _end(self, st: Any, *, flag: bool = True) -> None:
        """The game is over: its returns are the rewards (the only ones), and with ``flag``
        every agent is terminated."""
        self._ended = True
        self.rewards = dict(zip(self.possible_agents, map(float, st.returns()), strict=True))
        self._accumulate_rewards()
        if flag:
            for name in self.agents:
                self.terminations[name] = True

    def _cycles_up(self, cycles: int) -> bool:
        return self.max_cycles is not None and cycles >= self.max_cycles

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        st = self._state
        return f"{self.spec.name}: to act {st.to_act}, legal {st.legal_ids()}"

    def close(self) -> None:
        pass


def ecarte_env(rules: Rules | None = None, **kwargs: Any) -> CardGameEnv:
    """An Écarté match (``rules``: any :class:`ecarte.Rules`, classic by default) as an
    AEC environment; ``kwargs`` as :class:`CardGameEnv`."""
    return CardGameEnv(EcarteSpec(rules or Rules()), **kwargs)


def euchre_env(rules: EuchreRules | None = None, **kwargs: Any) -> CardGameEnv:
    """A game of Euchre (``rules``: any :class:`EuchreRules`, the standard game to 10 by
    default) as an AEC environment; ``kwargs`` as :class:`CardGameEnv`."""
    return CardGameEnv(EuchreSpec(rules or EuchreRules.standard()), **kwargs)


class _Parallel(aec_to_parallel_wrapper):  # type: ignore[misc]
    """PettingZoo's parallel form of an environment, whose step checks every agent's
    action before it plays any (an environment in PettingZoo's wrappers is stepped as they
    step it)."""

    def step(self, actions: Any) -> Any:
        if isinstance(self.aec_env, CardGameEnv):  # (a wrapper hides its private methods)
            self.aec_env._check_cycle(actions)
        return super().step(actions)


def parallel_env(env: CardGameEnv) -> Any:
    """The parallel form of an environment made with ``turns="cycle"``: each step takes an
    action from every agent (wait from those not to act), one cycle; an illegal or
    missing action raises :class:`ecarte.IllegalActionError` and none is played (``env``
    in PettingZoo's wrappers: stepped as they step it)."""
    if not env.cycle:
        raise ValueError("the parallel form needs an environment with turns='cycle'")
    return _Parallel(env)
