"""Batches of environments stepped in C, numpy arrays in and out (EnvPool's shape of API).

A :class:`VecEnv` holds ``n`` environments of a game; :meth:`~VecEnv.step` takes an int32
array of one action id per environment and steps them all in one C call, without the
GIL and without Python per environment. The outputs are arrays of the batch:

- ``obs``: ``n x obs_size`` uint8, the tensor of the seat to act (``docs/rl.md``);
- ``mask``: ``n x num_ids`` uint8, its legal ids;
- ``rewards``: ``n x num_players`` float32, by seat, the returns of the episodes that the
  step ended (0 elsewhere);
- ``terminated``: ``n`` uint8, 1 where the step ended an episode;
- ``to_act``: ``n`` int8, the seat to act.

Auto-reset is Gymnasium's ``SAME_STEP`` (:attr:`VecEnv.autoreset_mode`): an environment
whose episode ends reports its returns and termination, and is already at its next
episode's first decision in the outputs of the same step. Episode ``k`` of environment
``b`` is seeded with :meth:`VecEnv.episode_seed` ``(b, k)``: the AEC environment
(:mod:`ecarte.rl.aec`) reset with that seed plays the same trajectory. An illegal action
anywhere raises :class:`ecarte.IllegalActionError` and steps nothing.

By default the outputs are arrays the batch owns and overwrites at every step (copy
what you keep); pass your own (``out=``) to have them written there.

>>> import numpy as np
>>> from ecarte.rl import EuchreSpec
>>> env = VecEnv(EuchreSpec(), 4, seed=1)
>>> out = env.reset()
>>> rng = np.random.default_rng(0)
>>> for _ in range(100):
...     out = env.step(env.sample(rng))
>>> out.obs.shape, out.mask.dtype.name, env.autoreset_mode
((4, 415), 'uint8', 'same-step')
"""

from __future__ import annotations

from typing import Any

from attrs import define

import ecarte.games.euchre._rl as _euchre
from ecarte._core._args import _index
from ecarte._errors import ArgumentError, IllegalActionError

from ._games import INFO_STATE, OBSERVATION, Spec, check_seed, check_spec, missing_extra

try:
    import numpy as np
except ImportError as exc:  # (the extra not installed)
    raise missing_extra("ecarte.rl.vector", exc, "rl") from exc

__all__ = ["Outputs", "VecEnv"]


@define
class Outputs:
    """The arrays a reset or step writes (see the module)."""

    obs: np.ndarray[Any, np.dtype[np.uint8]]
    mask: np.ndarray[Any, np.dtype[np.uint8]]
    rewards: np.ndarray[Any, np.dtype[np.float32]]
    terminated: np.ndarray[Any, np.dtype[np.uint8]]
    to_act: np.ndarray[Any, np.dtype[np.int8]]


class VecEnv:
    """``n`` environments of ``spec`` (the tensor ``which``: OBSERVATION or INFO_STATE),
    seeded with ``seed``."""

    autoreset_mode = "same-step"
    """Gymnasium's ``AutoresetMode.SAME_STEP``."""

    def __init__(self, spec: Spec, n: int, *, seed: int = 0, which: int = OBSERVATION) -> None:
        check_spec(spec)
        if n.__class__ is not int or n < 1:
            raise ArgumentError(f"n must be an int >= 1 (environments), not {n!r}")
        s = check_seed(seed)
        w = _index(which)
        if w not in (OBSERVATION, INFO_STATE):
            raise ArgumentError(
                f"which must be OBSERVATION ({OBSERVATION}) or INFO_STATE ({INFO_STATE}) "
                f"of ecarte.rl, not {which!r}"
            )
        which = w
        self.spec = spec
        self.n = n
        self.which = which
        self._batch = spec.batch(n, s, which)
        self.seed = s
        self.obs_size = spec.tensor_size(which)
        self.num_ids = spec.num_ids
        self.out = self.outputs()
        self._checked: tuple[int, ...] = ()
        """The ids of the output arrays last checked whole, kept in ``_kept`` (the
        batch's C checks them at every call: a refusal there is named by :meth:`_args`)."""
        self._kept: tuple[Any, ...] = ()
        self._reset = False
        """Whether :meth:`reset` was called (a step before it is refused)."""
        self._due = {
            name: (getattr(self.out, name).dtype, getattr(self.out, name).shape)
            for name in ("obs", "mask", "rewards", "terminated", "to_act")
        }

    def outputs(self) -> Outputs:
        """A new set of output arrays of this batch's shapes."""
        n = self.n
        return Outputs(
            np.zeros((n, self.obs_size), np.uint8),
            np.zeros((n, self.num_ids), np.uint8),
            np.zeros((n, self.spec.num_players), np.float32),
            np.zeros(n, np.uint8),
            np.zeros(n, np.int8),
        )

    def _args(self, out: Outputs) -> tuple[Any, ...]:
        """The arrays of ``out``, checked; ArgumentError naming one not of this batch."""
        for name, (dtype, shape) in self._due.items():
            given = getattr(out, name)
            if (
                isinstance(given, np.ndarray)
                and given.dtype == dtype
                and given.shape == shape
                and given.flags.c_contiguous
                and given.flags.writeable
            ):
                continue
            got = type(given).__name__
            if isinstance(given, np.ndarray):
                got = f"{given.dtype} {given.shape}"
                got += "" if given.flags.c_contiguous else ", strided"
                got += "" if given.flags.writeable else ", read-only"
            raise ArgumentError(
                f"out.{name} must be a writable C-contiguous {' x '.join(map(str, shape))} "
                f"{np.dtype(dtype)} array (as VecEnv.outputs() makes), not {got}"
            ) from None
        return out.obs, out.mask, out.rewards, out.terminated, out.to_act

    def _call(self, method: Any, out: Outputs, *args: Any) -> Outputs:
        """``method(*args, *arrays of out)`` on the batch: the arrays checked whole when
        they are not those of the last call; one changed since (made read-only) is
        refused by the batch's C before anything moves, and named here."""
        arrays = (out.obs, out.mask, out.rewards, out.terminated, out.to_act)
        checked = tuple(map(id, arrays))
        if checked != self._checked:
            self._args(out)
            self._checked, self._kept = checked, arrays
        try:
            method(*args, *arrays)
        except (TypeError, ValueError, BufferError) as exc:
            if isinstance(exc, IllegalActionError):
                raise
            self._checked = self._kept = ()
            self._args(out)  # (ArgumentError naming the array)
            raise
        return out

    def reset(self, out: Outputs | None = None) -> Outputs:
        """Every environment back to its episode 0."""
        out = self._call(self._batch.reset, out or self.out)
        self._reset = True
        return out

    def step(self, actions: Any, out: Outputs | None = None) -> Outputs:
        """Step environment i with ``actions[i]``: an array of ``n`` integer ids (int32,
        contiguous, or converted; floats, bools and strings are refused)."""
        if not self._reset:
            raise ArgumentError("VecEnv.step before its first reset: call reset() first")
        out = out or self.out
        given = np.asarray(actions)
        if given.shape != (self.n,):
            raise ArgumentError(
                f"actions must be one action id for each of the {self.n} environments, "
                f"not an array of shape {given.shape}"
            )
        if given.dtype.kind not in "iu":
            raise IllegalActionError(f"actions must be integer ids, not {given.dtype}")
        ids = np.ascontiguousarray(given, np.int32)
        if given.dtype != np.int32:
            wrong = np.flatnonzero(ids != given)  # out of int32: not wrapped
            if wrong.size:
                b = int(wrong[0])
                raise IllegalActionError(f"environment {b}: action id {given[b]} is not legal now")
        return self._call(self._batch.step, out, ids)

    def _env(self, env: object) -> int:
        """``env`` as an index of the batch; ArgumentError otherwise."""
        b = _index(env)
        if b is None or not 0 <= b < self.n:
            raise ArgumentError(f"environment must be an int 0..{self.n - 1}, not {env!r}")
        return b

    def episode_seed(self, env: int, episode: int) -> int:
        """The seed of episode ``episode`` of environment ``env`` (the game-free
        ``ec_episode_seed`` of ``ecarte_rl.h``, the same for both games)."""
        b, k = self._env(env), _index(episode)
        if k is None or not 0 <= k < 1 << 64:
            raise ArgumentError(f"episode must be an int >= 0, not {episode!r}")
        return int(_euchre.episode_seed(self.seed, b, k))

    def episode(self, env: int) -> int:
        """The episode number environment ``env`` is playing."""
        return int(self._batch.episode(self._env(env)))

    def state(self, env: int) -> Any:
        """A copy of environment ``env``'s game state."""
        return self._batch.state(self._env(env))

    def sample(self, rng: np.random.Generator, mask: Any = None) -> np.ndarray[Any, Any]:
        """A uniform legal action for every environment, from ``mask`` (default: the
        last outputs' masks), vectorised in numpy."""
        m = self.out.mask if mask is None else np.asarray(mask)
        if m.shape != (self.n, self.num_ids):
            raise ArgumentError(
                f"mask must be an array of {self.n} x {self.num_ids} (a row of the legal ids "
                f"of each environment, as the outputs' mask), not of shape {m.shape}"
            )
        keys = rng.random(m.shape) * m
        return np.asarray(keys.argmax(axis=1), np.int32)
