"""The batched environment plays, for the same seeds, the trajectories of the AEC
environment: every observation, mask, seat to act and reward of every environment of a
batch, across automatic resets (SAME_STEP), equal to those of an AEC environment reset
with the episode's seed and given the same actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ecarte import ArgumentError, IllegalActionError
from ecarte.games.euchre import EuchreRules
from ecarte.rl import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec
from ecarte.rl.aec import CardGameEnv
from ecarte.rl.vector import VecEnv

pytestmark = pytest.mark.own_backends

SPECS = {
    "ecarte": EcarteSpec(),
    "ecarte-short": EcarteSpec(EcarteSpec().rules.evolve(target=1, games_to_win=1)),
    "euchre": EuchreSpec(EuchreRules.standard().with_options(target=3)),
    "euchre-openspiel": EuchreSpec(EuchreRules.openspiel()),
}


def _record(env: VecEnv, steps: int, seed: int) -> dict[int, list[list[Any]]]:
    """Each environment's episodes as lists of (obs, mask, to_act, action, rewards)."""
    rng = np.random.default_rng(seed)
    out = env.reset()
    episodes: dict[int, list[list[Any]]] = {b: [[]] for b in range(env.n)}
    for _ in range(steps):
        actions = env.sample(rng)
        before = [(out.obs[b].copy(), out.mask[b].copy(), int(out.to_act[b])) for b in range(env.n)]
        out = env.step(actions)
        for b in range(env.n):
            episodes[b][-1].append([*before[b], int(actions[b]), out.rewards[b].copy()])
            if out.terminated[b]:
                episodes[b].append([])
    return episodes


@pytest.mark.parametrize("which", [OBSERVATION, INFO_STATE], ids=["observation", "info-state"])
@pytest.mark.parametrize("name", sorted(SPECS))
def test_batch_trajectories_are_the_aec_environments(name: str, which: int) -> None:
    spec = SPECS[name]
    vec = VecEnv(spec, 6, seed=17, which=which)
    recorded = _record(vec, 400 if "short" in name or "openspiel" in name else 150, seed=3)
    aec = CardGameEnv(spec, which="observation" if which == OBSERVATION else "info_state")
    ended = 0
    for b, episodes in recorded.items():
        for k, steps in enumerate(episodes):
            aec.reset(seed=vec.episode_seed(b, k))
            for obs, mask, to_act, action, rewards in steps:
                agent = aec.agent_selection
                seen = aec.observe(agent)
                assert aec.possible_agents.index(agent) == to_act
                assert (seen["observation"] == obs).all()
                assert (seen["action_mask"] == mask).all()
                aec.step(action)
                got = [aec.rewards.get(a, 0.0) for a in aec.possible_agents]
                assert got == rewards.tolist()
            if k < len(episodes) - 1:  # ended in the batch: over here too
                assert all(aec.terminations.values())
                ended += 1
            else:
                assert not any(aec.terminations.values())
        assert vec.episode(b) == len(episodes) - 1
    if "short" in name or "openspiel" in name:
        assert ended > 0  # resets were exercised


def test_an_illegal_action_steps_no_environment() -> None:
    vec = VecEnv(EuchreSpec(), 3, seed=2)
    out = vec.reset()
    before = out.obs.copy()
    actions = vec.sample(np.random.default_rng(1))
    actions[1] = int(np.flatnonzero(out.mask[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="environment 1"):
        vec.step(actions)
    states = [vec.state(b) for b in range(3)]
    vec2 = VecEnv(EuchreSpec(), 3, seed=2)
    assert [s.steps for s in states] == [vec2.state(b).steps for b in range(3)]
    assert (vec.out.obs == before).all()


def test_caller_owned_outputs_are_written() -> None:
    vec = VecEnv(EcarteSpec(), 2, seed=5)
    mine = vec.outputs()
    vec.reset(out=mine)
    assert mine.obs.any() and mine.mask.any() and not vec.out.obs.any()
    with pytest.raises(ValueError, match="obs must be"):
        vec._batch.step(np.zeros(2, np.int32), np.zeros((2, 3), np.uint8))


def _bad_outputs(vec: VecEnv) -> dict[str, Any]:
    """Output arrays that are not the batch's: another dtype, read-only, not contiguous."""
    o = vec.outputs()
    readonly = o.mask.copy()
    readonly.flags.writeable = False
    strided = np.zeros((vec.n, vec.obs_size * 2), np.uint8)[:, ::2]
    return {
        "obs": [o.obs.astype(np.float32), o.obs.astype(np.int8), strided, o.obs[0]],
        "mask": [o.mask.astype(bool), readonly, o.mask.tolist()],
        "rewards": [o.rewards.astype(np.float64)],
        "terminated": [o.terminated.astype(bool)],
        "to_act": [o.to_act.astype(np.int64)],
    }


def test_outputs_not_of_the_batch_are_refused_by_name() -> None:
    """Caller-owned outputs of another dtype, read-only or strided raise ArgumentError
    naming the array and what it must be (were the Cython buffer's own errors), and
    neither a reset nor a step writes or steps anything."""
    vec = VecEnv(EuchreSpec(), 3, seed=2)
    vec.reset()
    rng = np.random.default_rng(0)
    out = vec.step(vec.sample(rng))  # (a reset would change the steps)
    actions = vec.sample(rng)
    before = [a.copy() for a in (out.obs, out.mask, out.rewards, out.terminated, out.to_act)]
    steps = [vec.state(b).steps for b in range(3)]
    for name, bads in _bad_outputs(vec).items():
        for bad in bads:
            mine = vec.outputs()
            setattr(mine, name, bad)
            with pytest.raises(ValueError, match=f"out.{name} must be"):
                vec.step(actions, out=mine)
            with pytest.raises(ValueError, match=f"out.{name} must be"):
                vec.reset(out=mine)
            assert [vec.state(b).steps for b in range(3)] == steps
            assert not any(a.any() for a in (mine.obs, mine.mask) if isinstance(a, np.ndarray))
            now = (out.obs, out.mask, out.rewards, out.terminated, out.to_act)
            assert all((a == b).all() for a, b in zip(now, before, strict=True))
    vec.step(actions)


def test_an_action_id_out_of_int32_is_illegal_not_wrapped() -> None:
    """Actions given as int64 (numpy's default) are not wrapped into int32: an id that is
    not one of the game's raises, as any illegal action does, and steps nothing."""
    vec = VecEnv(EuchreSpec(), 2, seed=1)
    vec.reset()
    actions = vec.sample(np.random.default_rng(0)).astype(np.int64)
    actions[0] += 1 << 32  # int32 would read a legal id
    with pytest.raises(IllegalActionError, match="environment 0"):
        vec.step(actions)
    assert [vec.state(b).steps for b in range(2)] == [
        VecEnv(EuchreSpec(), 2, seed=1).state(b).steps for b in range(2)
    ]
    actions[0] -= 1 << 32
    vec.step(actions)  # the ids in range are played


@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool, str, object])
def test_actions_that_are_not_integer_ids_are_refused(dtype: Any) -> None:
    """Floats (whole ones too), bools, strings and objects are not action ids: they raise
    and step nothing; integer arrays of any width are ids."""
    vec = VecEnv(EuchreSpec(), 2, seed=1)
    vec.reset()
    actions = vec.sample(np.random.default_rng(0))
    with pytest.raises(IllegalActionError, match="integer"):
        vec.step(actions.astype(dtype))
    assert [vec.state(b).steps for b in range(2)] == [
        VecEnv(EuchreSpec(), 2, seed=1).state(b).steps for b in range(2)
    ]
    vec.step(actions.astype(np.uint8))


def test_actions_of_the_wrong_shape_are_refused() -> None:
    vec = VecEnv(EuchreSpec(), 2, seed=1)
    vec.reset()
    actions = vec.sample(np.random.default_rng(0))
    for bad in (actions.reshape(2, 1), actions[:1], int(actions[0])):
        with pytest.raises(ValueError, match="one action id for each of the 2 environments"):
            vec.step(bad)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [({"n": -1}, "n"), ({"n": 2.0}, "n"), ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed")],
)
def test_a_batch_refuses_a_bad_size_or_seed(kwargs: dict[str, Any], named: str) -> None:
    args: dict[str, Any] = {"n": 2, "seed": 1, **kwargs}
    n = args.pop("n")
    with pytest.raises(ValueError, match=named):
        VecEnv(EuchreSpec(), n, **args)


@pytest.mark.parametrize("which", ["info_state", 1.0, True, None, 2])
def test_a_batch_refuses_a_which_that_is_not_a_tensor(which: Any) -> None:
    for spec in (EcarteSpec(), EuchreSpec()):
        with pytest.raises(ValueError, match="which must be OBSERVATION"):
            VecEnv(spec, 2, which=which)
    assert VecEnv(EuchreSpec(), 2, which=np.int64(INFO_STATE)).obs_size == 999


def test_an_environment_index_out_of_the_batch_is_refused() -> None:
    vec = VecEnv(EuchreSpec(), 2, seed=1)
    for bad in (2, -1, 1.0, True):
        for read in (vec.state, vec.episode, lambda b: vec.episode_seed(b, 0)):
            with pytest.raises(ValueError, match="environment"):
                read(bad)
    with pytest.raises(ValueError, match="episode"):
        vec.episode_seed(0, -1)
    assert vec.episode_seed(np.int64(1), 0) == vec.episode_seed(1, 0)


def test_outputs_changed_after_a_step_are_refused_by_name() -> None:
    """The same outputs, an array replaced or made read-only after they were written:
    refused by name as a new set is, nothing written or stepped."""
    vec = VecEnv(EuchreSpec(), 3, seed=4)
    rng = np.random.default_rng(1)
    mine = vec.outputs()
    for name, bads in _bad_outputs(vec).items():
        for bad in [*bads, None]:
            vec.reset(out=mine)  # (written: these arrays are the last call's)
            actions = vec.sample(rng, mine.mask)
            steps = [vec.state(b).steps for b in range(3)]
            kept = getattr(mine, name)
            setattr(mine, name, bad)
            with pytest.raises(ArgumentError, match=f"out.{name} must be"):
                vec.step(actions, out=mine)
            assert [vec.state(b).steps for b in range(3)] == steps
            setattr(mine, name, kept)
    mine.obs.flags.writeable = False
    before = mine.obs.copy()
    with pytest.raises(ArgumentError, match=r"out\.obs must be .*read-only"):
        vec.step(actions, out=mine)
    assert [vec.state(b).steps for b in range(3)] == steps and (mine.obs == before).all()
    mine.obs.flags.writeable = True
    vec.step(actions, out=mine)
    assert [vec.state(b).steps for b in range(3)] != steps


def test_sample_refuses_a_mask_not_of_the_batch() -> None:
    vec = VecEnv(EuchreSpec(), 3, seed=1)
    vec.reset()
    rng = np.random.default_rng(0)
    for bad in (vec.out.mask[:2], vec.out.mask[:, :5], vec.out.mask.ravel(), [[1, 0]]):
        with pytest.raises(ArgumentError, match="mask must be"):
            vec.sample(rng, bad)
    assert vec.sample(rng, vec.out.mask.astype(bool)).shape == (3,)


def test_a_step_before_the_first_reset_is_refused() -> None:
    vec = VecEnv(EuchreSpec(), 2, seed=1)
    steps = [vec.state(b).steps for b in range(2)]
    with pytest.raises(ArgumentError, match=r"reset\(\) first"):
        vec.step(np.zeros(2, np.int32))
    assert [vec.state(b).steps for b in range(2)] == steps
    vec.reset()
    vec.step(vec.sample(np.random.default_rng(0)))
