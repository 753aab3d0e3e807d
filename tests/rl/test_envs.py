"""The environments pass their libraries' own conformance tests: PettingZoo's
``api_test``, ``seed_test``, ``max_cycles_test`` (and the parallel form's seed test), and
Gymnasium's ``check_env``; an illegal action is an error and changes nothing."""

from __future__ import annotations

import types
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, parallel_seed_test, seed_test

from ecarte import ArgumentError, IllegalActionError
from ecarte.games.euchre import EuchreRules
from ecarte.rl import INFO_STATE, EcarteSpec, EuchreSpec
from ecarte.rl.aec import CardGameEnv, ecarte_env, euchre_env, parallel_env
from ecarte.rl.single import HeuristicEuchreOpponent, SingleAgentEnv

pytestmark = [
    pytest.mark.own_backends,
    pytest.mark.filterwarnings("ignore::UserWarning"),  # the tests' advice (dict spaces...)
]

MAKERS: dict[str, Callable[..., CardGameEnv]] = {
    "ecarte": ecarte_env,
    "euchre": euchre_env,
    "euchre-openspiel": lambda **k: euchre_env(EuchreRules.openspiel(), **k),
}


@pytest.mark.parametrize("turns", ["seat", "cycle"])
@pytest.mark.parametrize("name", sorted(MAKERS))
def test_pettingzoo_api_and_seed(name: str, turns: str) -> None:
    make = MAKERS[name]
    api_test(make(turns=turns), num_cycles=300)
    seed_test(lambda: make(turns=turns), num_cycles=300)
    api_test(make(turns=turns, which="info_state"), num_cycles=100)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_pettingzoo_max_cycles_and_parallel(name: str) -> None:
    make = MAKERS[name]
    module = types.SimpleNamespace(
        env=lambda **k: make(turns="cycle", **k),
        parallel_env=lambda **k: parallel_env(make(turns="cycle", **k)),
    )
    max_cycles_test(module)
    parallel_seed_test(lambda: parallel_env(make(turns="cycle")), num_cycles=100)


def test_max_cycles_truncates_seat_turns_after_rounds_of_moves() -> None:
    env = euchre_env(max_cycles=3)
    env.reset(seed=4)
    moves = 0
    while not any(env.truncations.values()):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == 12 and not any(env.terminations.values())
    # the unfinished game gives no rewards; the agents step None out
    assert not any(env._cumulative_rewards.values())
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert truncated and not terminated and reward == 0.0, agent
        env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("turns", ["seat", "cycle"])
def test_an_illegal_action_raises_and_changes_nothing(turns: str) -> None:
    env = ecarte_env(turns=turns)
    env.reset(seed=9)
    while env.observe(env.agent_selection)["action_mask"][env.wait if turns == "cycle" else 0]:
        env.step(env.wait)  # the cycle's waiting agents first
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.observe(env.agent_selection)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    after = env.observe(env.agent_selection)
    assert (before["observation"] == after["observation"]).all()
    with pytest.raises(IllegalActionError):
        env.step(None)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_the_parallel_form_of_a_wrapped_environment_plays(name: str) -> None:
    """PettingZoo's wrappers (``OrderEnforcingWrapper``, as its environments' makers
    return them) hide the environment's private methods: its parallel form plays as the
    unwrapped one's, as PettingZoo's own conversion did."""
    from pettingzoo.utils import wrappers

    logs = []
    for wrap in (
        lambda env: env,
        wrappers.OrderEnforcingWrapper,
        lambda env: wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env)),
    ):
        par = parallel_env(wrap(MAKERS[name](turns="cycle")))
        obs, _ = par.reset(seed=3)
        rng = np.random.default_rng(1)
        log = []
        while par.agents:
            masks = {a: obs[a]["action_mask"] for a in par.agents}
            actions = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items()}
            obs, rewards, *_ = par.step(actions)
            log.append((actions, rewards))
        logs.append(log)
    assert logs[0] and logs[1] == logs[0] and logs[2] == logs[0]


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_parallel_step_with_a_bad_action_plays_none(name: str) -> None:
    """Every agent's action is checked before any is played: one bad action, even of an
    agent after the mover in seat order, or one missing, leaves the environment as it
    was, and the next step plays."""
    par = parallel_env(MAKERS[name](turns="cycle"))
    rng = np.random.default_rng(5)
    obs, _ = par.reset(seed=2)
    for _ in range(20):
        masks = {a: obs[a]["action_mask"] for a in par.agents}
        good = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items()}
        mover = next(a for a, m in masks.items() if not m[-1])
        before = _aec_view(par.aec_env)
        for agent in par.agents:
            wrong = np.flatnonzero(masks[agent] == 0)
            for bad in (int(wrong[0]), int(wrong[-1]), 1.5, None):
                with pytest.raises(IllegalActionError):
                    par.step({**good, agent: bad})
                assert _aec_view(par.aec_env) == before, (agent, bad, mover)
            with pytest.raises(IllegalActionError, match=agent):
                par.step({a: good[a] for a in par.agents if a != agent})
            assert _aec_view(par.aec_env) == before, agent
        obs, *_ = par.step(good)
        if not par.agents:
            break


def test_the_action_space_samples_legal_actions_without_a_mask() -> None:
    env = euchre_env()
    env.reset(seed=2)
    for _ in range(200):
        if not env.agents:
            break
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample())  # never illegal


@pytest.mark.parametrize(
    "make",
    [
        lambda **k: SingleAgentEnv(EuchreSpec(), seat=1, opponents=HeuristicEuchreOpponent(), **k),
        lambda **k: SingleAgentEnv(EuchreSpec(EuchreRules.openspiel()), seat=3, **k),
        lambda **k: SingleAgentEnv(EcarteSpec(), seat=1, which="info_state", **k),
    ],
    ids=["euchre-heuristic", "euchre-openspiel", "ecarte"],
)
def test_gymnasium_check_env(make: Callable[..., Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(make(illegal="terminate"), skip_render_check=True)
    env = make()
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    total = 0.0
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(env.action_space.sample())
            assert obs["action_mask"].any() or done
        total += abs(reward)
    assert total > 0


def test_the_render_checks_pass_without_a_warning() -> None:
    """Gymnasium's passive checker of render (and PettingZoo's renderers) read the
    metadata's ``render_fps``; without it they warn."""
    from gymnasium.utils.passive_env_checker import env_render_passive_checker

    env = SingleAgentEnv(EcarteSpec(), render_mode="ansi")
    env.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "to act" in env_render_passive_checker(env)
    for aec in (ecarte_env(render_mode="ansi"), euchre_env(turns="cycle")):
        assert aec.metadata["render_fps"] > 0


class _Blunderer:
    """An opponent that plays legally ``moves`` times, then an illegal id (or a float)."""

    def __init__(self, moves: int, bad: str = "illegal") -> None:
        self.moves, self.bad = moves, bad

    def reset(self, spec: Any, seed: int) -> None:
        pass

    def observe(self, seat: int, action: int) -> None:
        pass

    def act(self, state: Any, seat: int, rng: np.random.Generator) -> Any:
        legal = state.legal_ids()
        self.moves -= 1
        if self.moves >= 0:
            return legal[0]
        return 2.0 if self.bad == "float" else next(a for a in range(99) if a not in legal)


@pytest.mark.parametrize("bad", ["illegal", "float"])
@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_an_opponents_illegal_action_is_told_as_the_opponents(spec: Any, bad: str) -> None:
    """Not as the agent's (the error read as if the agent's action were illegal, or a
    float raised TypeError); the episode is over: the next step needs a reset."""
    env = SingleAgentEnv(spec, seat=1, opponents=_Blunderer(3, bad))
    obs, _ = env.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"the opponent at seat \d played"):
        for _ in range(50):
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ResetNeeded):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env = SingleAgentEnv(spec, seat=1, opponents=_Blunderer(0, bad))
    with pytest.raises(IllegalActionError, match=r"the opponent at seat \d played"):
        for seed in range(5):  # (seat 1 may act first)
            env.reset(seed=seed)


def test_the_heuristic_opponents_beat_random_ones() -> None:
    """The chosen bot is the engine's: three heuristic seats against a random agent."""
    env = SingleAgentEnv(EuchreSpec(), seat=0, opponents=HeuristicEuchreOpponent())
    rewards = []
    for episode in range(12):
        env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            _, reward, done, _, _ = env.step(env.action_space.sample())
        rewards.append(reward)
    assert sum(rewards) < 0


@pytest.mark.parametrize(
    "opponents", [None, HeuristicEuchreOpponent()], ids=["random", "heuristic"]
)
@pytest.mark.parametrize("seat", range(4))
def test_a_reset_gives_the_agent_a_decision_in_single_deals(seat: int, opponents: Any) -> None:
    """A single deal can end without the agent acting (its partner plays alone): reset
    never hands back such a finished game, reproducibly for a seed."""
    env = SingleAgentEnv(EuchreSpec(EuchreRules.openspiel()), seat=seat, opponents=opponents)
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        assert obs["action_mask"].any() and not env._state.is_over, seed
        again, _ = env.reset(seed=seed)
        assert (again["observation"] == obs["observation"]).all()
        assert (again["action_mask"] == obs["action_mask"]).all()


def _not_ids(a: int) -> list[Any]:
    """Values that are not the action id ``a`` though ``int()`` would make one of them."""
    return [a + 0.7, float(a), np.float64(a), str(a), True, np.True_, np.array([a])]


def _history(state: Any, spec: Any) -> list[bytes]:
    """What every seat has seen of a game (its information-state tensor)."""
    out = []
    for seat in range(spec.num_players):
        buf = np.zeros(spec.tensor_size(INFO_STATE), np.uint8)
        state.write(seat, INFO_STATE, buf)
        out.append(buf.tobytes())
    return out


@pytest.mark.parametrize("illegal", ["raise", "terminate"])
@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_the_single_agent_env_refuses_what_is_not_an_action_id(spec: Any, illegal: str) -> None:
    """A float, a bool, a string... is refused, whatever ``illegal`` says, and plays
    nothing; a numpy integer (scalar or 0-d array) is an id."""
    env = SingleAgentEnv(spec, seat=1, illegal=illegal)
    obs, _ = env.reset(seed=3)
    a = int(np.flatnonzero(obs["action_mask"])[0])
    before = _history(env._state, spec)
    for bad in _not_ids(a) + ([1 << 70] if illegal == "raise" else []):
        with pytest.raises(IllegalActionError, match="action"):
            env.step(bad)
        assert _history(env._state, spec) == before, repr(bad)
    for good in (np.int64(a), np.uint8(a), np.array(a)):
        env.reset(seed=3)
        assert env.step(good)[4] == {}
        assert _history(env._state, spec) != before


def test_the_single_agent_env_refuses_a_step_before_reset_or_after_the_end() -> None:
    env = SingleAgentEnv(EuchreSpec(), seat=1)
    steps = env._state.steps
    with pytest.raises(ResetNeeded):
        env.step(env._state.legal_ids()[0])  # seat 2 is to act in the unreset game
    assert env._state.steps == steps
    env = SingleAgentEnv(EcarteSpec(), seat=0)
    env.reset(seed=1)
    done = False
    while not done:
        _, _, done, _, _ = env.step(env.action_space.sample())
    with pytest.raises(ResetNeeded):
        env.step(0)


@pytest.mark.parametrize(
    "spec",
    [EuchreSpec(), EcarteSpec(), EuchreSpec(EuchreRules.openspiel())],
    ids=["euchre", "ecarte", "euchre-openspiel"],
)
def test_the_single_agent_env_refuses_a_step_before_reset_at_every_seat(spec: Any) -> None:
    """Not even the seat to act in the game the environment holds before its first
    reset."""
    for seat in range(spec.num_players):
        env = SingleAgentEnv(spec, seat=seat)
        before = _history(env._state, spec)
        legal = env._state.legal_ids()
        with pytest.raises(ResetNeeded):
            env.step(legal[0])
        assert _history(env._state, spec) == before, seat
        env.reset(seed=2)
        env.step(env.action_space.sample())


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_an_illegal_action_is_told_in_the_games_words(name: str) -> None:
    """At every decision of a game, an illegal id's error names it and the legal ids (not
    a code of the C machine's that has no words, its "unknown error")."""
    env = MAKERS[name]()
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        for bad in np.flatnonzero(obs["action_mask"] == 0)[::5].tolist():
            with pytest.raises(IllegalActionError) as error:
                env.step(bad)
            assert str(error.value) == f"action id {bad} is not legal now (legal: {legal})"
        env.step(int(rng.choice(legal)))


def test_a_chance_event_not_of_the_deck_is_told_so() -> None:
    state = EcarteSpec().new_state(0, auto_chance=False)
    for cards in ([5, 5], [5, 200]):
        with pytest.raises(IllegalActionError, match="cards of the deck, each once"):
            state.chance(cards)
    assert state.to_act == -1


@pytest.mark.parametrize("turns", ["seat", "cycle"])
def test_the_aec_env_refuses_what_is_not_an_action_id(turns: str) -> None:
    env = euchre_env(turns=turns)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    a = int(np.flatnonzero(obs["action_mask"])[0])
    agent, steps = env.agent_selection, env.state_object.steps
    for bad in _not_ids(a):
        with pytest.raises(IllegalActionError, match="action"):
            env.step(bad)
        assert (env.agent_selection, env.state_object.steps) == (agent, steps), repr(bad)
    env.step(np.array(a))
    assert env.agent_selection != agent or env.state_object.steps > steps


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"seat": True}, "seat"),
        ({"seat": 1.0}, "seat"),
        ({"seat": "1"}, "seat"),
        ({"render_mode": "human"}, "render_mode"),
        ({"opponents": [1, 2, 3]}, "opponent"),
    ],
)
def test_the_single_agent_env_refuses_bad_arguments(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        SingleAgentEnv(EuchreSpec(), **kwargs)


def test_the_aec_env_refuses_bad_arguments_and_a_step_before_reset() -> None:
    for bad in (1.5, True, "3"):
        with pytest.raises(ValueError, match="max_cycles"):
            euchre_env(max_cycles=bad)
    env = euchre_env()
    with pytest.raises(ResetNeeded):
        env.step(0)
    with pytest.raises(ResetNeeded):
        env.observe("player_0")
    for seed in (1.5, "1", True):
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=seed)  # type: ignore[arg-type]
    env.reset(seed=np.int64(1))
    assert env.agent_selection == "player_2"


def _aec_view(env: CardGameEnv) -> list[Any]:
    """All an AEC environment shows: every agent's observation, the selection, the flags."""
    observations = [{k: v.tolist() for k, v in env.observe(a).items()} for a in env.agents]
    flags = (env.rewards, env.terminations, env.truncations, env._cumulative_rewards)
    return [observations, env.agent_selection, env.agents, *map(dict, flags)]


@pytest.mark.parametrize("turns", ["seat", "cycle"])
def test_the_aec_env_refuses_a_seed_out_of_range_or_options_not_a_dict(
    turns: str,
) -> None:
    env = ecarte_env(turns=turns)
    with pytest.raises(ResetNeeded):
        env.last()  # was an AttributeError
    env.reset(seed=3)
    for _ in range(5):
        env.step(env.action_space(env.agent_selection).sample())
    before = _aec_view(env)
    for seed in (-1, 1 << 64, -(1 << 64)):  # were taken modulo 2**64
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=seed)
        assert _aec_view(env) == before, seed
    for options in (5, "seat=1", [("seat", 1)]):  # were ignored
        with pytest.raises(ValueError, match="options"):
            env.reset(seed=3, options=options)  # type: ignore[arg-type]
        assert _aec_view(env) == before, options
    env.reset(seed=(1 << 64) - 1, options={"seat": 1})  # a dict: its keys are ignored
    env.reset(seed=0, options=None)


def test_the_single_agent_env_refuses_options_not_a_dict_and_changes_nothing() -> None:
    env = SingleAgentEnv(EuchreSpec(), seat=1)
    obs, _ = env.reset(seed=3)
    before = _history(env._state, env.game)
    for options in (5, "seat=0", [("seat", 0)]):
        with pytest.raises(ValueError, match="options"):
            env.reset(seed=4, options=options)  # type: ignore[arg-type]
        assert _history(env._state, env.game) == before, options
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.reset(seed=4, options={"seat": 0})


def test_a_step_after_an_illegal_action_ended_the_episode_needs_a_reset() -> None:
    env = SingleAgentEnv(EuchreSpec(), seat=1, illegal="terminate")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, terminated, _, info = env.step(illegal)
    assert terminated and info == {"illegal_action": True}
    before = _history(env._state, env.game)
    with pytest.raises(ResetNeeded):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the episode is over
    assert _history(env._state, env.game) == before
    env.reset(seed=3)
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize("turns", ["seat", "cycle"])
def test_a_step_once_every_agent_is_done_needs_a_reset(turns: str) -> None:
    env = ecarte_env(turns=turns)
    env.reset(seed=1)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else env.action_space(agent).sample())
    assert env.agents == []
    for action in (None, 0):
        with pytest.raises(ResetNeeded):
            env.step(action)  # was a KeyError


def test_a_spec_refuses_rules_of_another_type() -> None:
    from ecarte import Rules

    for bad in ("classic", None, EuchreRules.standard()):
        with pytest.raises(TypeError, match="Rules"):
            EcarteSpec(bad)  # type: ignore[arg-type]
    for bad in ("standard", None, Rules()):
        with pytest.raises(TypeError, match="EuchreRules"):
            EuchreSpec(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    [EuchreRules.standard(), EcarteSpec().rules, "euchre", None, EuchreSpec],
    ids=["euchre-rules", "ecarte-rules", "name", "none", "class"],
)
def test_the_environments_refuse_what_is_not_a_spec(bad: Any) -> None:
    """Rules where a spec is due (``SingleAgentEnv(EuchreRules.standard())``) raised an
    AttributeError from deep inside."""
    from ecarte.rl.vector import VecEnv

    for make in (SingleAgentEnv, CardGameEnv, lambda spec: VecEnv(spec, 2)):
        with pytest.raises(TypeError, match=r"EcarteSpec\(rules\) or EuchreSpec\(rules\)"):
            make(bad)


@pytest.mark.parametrize("bad", ["x", None, True, float("nan"), float("inf"), 1j])
def test_the_single_agent_env_refuses_an_illegal_reward_not_a_number(bad: Any) -> None:
    with pytest.raises(ValueError, match="illegal_reward"):
        SingleAgentEnv(EuchreSpec(), illegal_reward=bad)
    env = SingleAgentEnv(EuchreSpec(), illegal="terminate", illegal_reward=np.float32(-2))
    obs, _ = env.reset(seed=1)
    reward = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))[1]
    assert reward == -2.0 and type(reward) is float


@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_a_games_state_refuses_what_is_not_an_action_id(spec: Any) -> None:
    """The compiled state (``spec.new_state``) takes ids as the environments do: a float,
    even a whole one, a bool or a string raises IllegalActionError and plays nothing (a
    float was truncated and played), and so does an id out of C's int (OverflowError)."""
    state = spec.new_state(1)
    a = state.legal_ids()[0]
    before = _history(state, spec)
    for bad in (float(a), np.float64(a), a + 0.5, True, str(a), None, 1 << 40, -(1 << 40)):
        with pytest.raises(IllegalActionError, match="action"):
            state.apply(bad)
        assert _history(state, spec) == before, repr(bad)
    state.apply(np.int16(a))
    assert _history(state, spec) != before


@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_a_spec_refuses_a_seed_that_is_not_an_int_in_range(spec: Any) -> None:
    """``spec.new_state(1.5)`` played seed 1; -1 and 2**64 raised C's OverflowError."""
    for bad in (1.5, -1, 1 << 64, True, "1", None):
        with pytest.raises(ValueError, match=r"seed must be an int 0\.\.2\*\*64-1"):
            spec.new_state(bad)
    first = spec.new_state(np.uint64((1 << 64) - 1)).legal_ids()
    assert spec.new_state((1 << 64) - 1).legal_ids() == first


@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_a_games_state_refuses_a_seat_seed_or_tensor_that_is_not_an_int(spec: Any) -> None:
    """``state.write(1.0, ...)`` wrote seat 1's tensor and ``state.reset(1.5)`` started
    seed 1 (floats truncated); -1 or 2**70 raised C's OverflowError. Each is refused with
    ArgumentError and changes nothing."""
    state = spec.new_state(1)
    state.apply(state.legal_ids()[0])
    before = _history(state, spec)
    buf = np.zeros(spec.tensor_size(INFO_STATE), np.uint8)
    hand = state.hand if hasattr(state, "hand") else state.hand_ids
    not_ints: list[Any] = [1.0, 0.5, np.float64(1), True, "1", None]
    calls: list[Callable[[], Any]] = [
        *(lambda s=s: state.reset(s) for s in [*not_ints, -1, 1 << 64]),
        *(
            lambda s=s: state.write(s, INFO_STATE, buf)
            for s in [*not_ints, -1, spec.num_players, 1 << 70]
        ),
        *(lambda w=w: state.write(0, w, buf) for w in [*not_ints, 2, 1 << 70]),
        *(lambda s=s: hand(s) for s in [*not_ints, 1 << 70]),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match=r"^(seed|seat|which) must be"):
            call()
        assert _history(state, spec) == before
        assert not buf.any()
    state.write(np.int64(1), np.int8(INFO_STATE), buf)
    assert buf.any()
    state.reset(np.uint64((1 << 64) - 1))
    assert state.seed == (1 << 64) - 1


@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_a_batch_refuses_an_environment_index_that_is_not_an_int(spec: Any) -> None:
    """``batch.state(0.0)`` read environment 0; -1 raised C's OverflowError."""
    batch = spec.batch(2, 1, INFO_STATE)
    for bad in (0.0, True, "0", None):
        for call in (batch.state, batch.episode):
            with pytest.raises(ArgumentError, match=r"^an environment index is an int"):
                call(bad)
    for bad in (-1, 2, 1 << 70):
        for call in (batch.state, batch.episode):
            with pytest.raises(IndexError, match=r"environment index .* is not 0\.\.1"):
                call(bad)
    assert batch.state(np.int8(1)).legal_ids() and batch.episode(np.int8(1)) == 0


def test_an_ecarte_state_refuses_a_cut_that_is_not_card_ids() -> None:
    """``MatchState.chance([5.5, 6.2])`` cut cards 5 and 6 (floats truncated); 300, -1 or a
    string raised C's OverflowError or TypeError. Each is refused with
    IllegalActionError and changes nothing."""
    spec = EcarteSpec()
    state = spec.new_state(1, auto_chance=False)
    before = (_history(state, spec), state.to_act, state.dealer, state.legal_ids())
    for bad in (
        [5.5, 6.2],
        [5.0, 6],
        [5, np.float64(6)],
        [5, True],
        [5, 300],
        [5, -1],
        [5, "a"],
        [5, None],
        [5, 1 << 70],
        5,
        None,
        "ab",
        {5, 6},
    ):
        with pytest.raises(IllegalActionError, match=r"card ids|cards of the deck|two cards"):
            state.chance(bad)
        assert (_history(state, spec), state.to_act, state.dealer, state.legal_ids()) == before
    state.chance((np.int8(5), 6))
    assert state.dealer != before[2]


@pytest.mark.parametrize("spec", [EuchreSpec(), EcarteSpec()], ids=["euchre", "ecarte"])
def test_a_games_state_refuses_an_output_that_is_not_a_byte_buffer(spec: Any) -> None:
    """``state.write(0, 0, None)`` raised Python's ``a bytes-like object is required``,
    and a read-only ``bytes`` a ``BufferError``: each output that is not a writable
    C-contiguous buffer of enough one-byte items is refused with ArgumentError."""
    state = spec.new_state(1)
    n = spec.tensor_size(INFO_STATE)
    strided = np.zeros((n, 2), np.uint8)[:, 0]
    for out in (
        None,
        b"x" * n,
        "s" * n,
        [0] * n,
        strided,
        np.zeros(n - 1, np.uint8),
        np.zeros(n, np.float32),
    ):
        with pytest.raises(ArgumentError, match=r"buffer"):
            state.write(0, INFO_STATE, out)
        with pytest.raises(ArgumentError, match=r"buffer"):
            state.write_mask(
                out
                if not isinstance(out, np.ndarray) or out.size != n - 1
                else np.zeros(spec.num_ids - 1, np.uint8)
            )


def test_the_euchre_heuristic_opponent_is_refused_at_another_game_when_made() -> None:
    with pytest.raises(TypeError, match="HeuristicEuchreOpponent plays Euchre"):
        SingleAgentEnv(EcarteSpec(), seat=0, opponents=HeuristicEuchreOpponent())
