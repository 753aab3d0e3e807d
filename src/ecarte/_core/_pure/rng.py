"""Pure twin of ec_rng.c: xoshiro256** seeded by splitmix64, the same stream bit for bit."""

from __future__ import annotations

from typing import Any

from ecarte._core._args import _BUDGET, _M64, _check_below, _check_seed, _rng_state, _unset


class Rng:
    """xoshiro256** seeded by splitmix64, with the core's batched ``below``.

    >>> r = Rng(1)
    >>> [r.below(6) for _ in range(8)]
    [4, 1, 1, 4, 5, 5, 3, 0]
    """

    __slots__ = ("bound", "frac", "s")

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of one made by ``__new__`` alone
        raises UninitialisedError."""
        _unset(self, name)

    def __init__(self, seed: int) -> None:
        x = _check_seed(seed)
        s: list[int] = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & _M64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            s.append(z ^ (z >> 31))
        self.s = s
        self.frac = 0
        self.bound = _BUDGET

    def __copy__(self) -> Rng:
        """An independent generator at the same point of the stream (as deepcopy and
        pickle give, on every backend)."""
        return _rng_at((*self.s, self.frac, self.bound))

    def __deepcopy__(self, memo: Any) -> Rng:
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rng_at, ((*self.s, self.frac, self.bound),))

    def next_u64(self) -> int:
        """The next raw 64-bit output."""
        s = self.s
        s0, s1, s2, s3 = s
        x = (s1 * 5) & _M64
        result = ((((x << 7) | (x >> 57)) & _M64) * 9) & _M64  # rotl(s1 * 5, 7) * 9
        t = (s1 << 17) & _M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s[0], s[1], s[2], s[3] = s0, s1, s2, ((s3 << 45) | (s3 >> 19)) & _M64  # rotl(s3, 45)
        return result

    def below(self, n: int) -> int:
        """A number in ``0..n-1`` (``1 <= n < 2**32``)."""
        return self._below(_check_below(n))

    def _below(self, n: int) -> int:
        b = self.bound * n
        if b > _BUDGET:
            self.frac = self.next_u64()
            b = n
        self.bound = b
        t = self.frac * n
        self.frac = t & _M64
        return t >> 64


def _rng_at(state: object) -> Rng:
    """The generator in ``state`` (``Rng.__reduce__``), checked."""
    s0, s1, s2, s3, frac, bound = _rng_state(state)
    rng = Rng.__new__(Rng)
    rng.s = [s0, s1, s2, s3]
    rng.frac = frac
    rng.bound = bound
    return rng
