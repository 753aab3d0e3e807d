"""The argument layer shared by the three backends of every core binding.

Every core function turns its arguments into plain values here (or with the same
rules on a compiled fast path) before it checks anything, so that every backend
rejects the same input with the same message and no method of a caller's object
runs once the checks have begun. The rules (docs/c-core.md):

- a number goes through ``operator.index`` once (``int``, ``IntEnum``, numpy integers),
  never a ``bool``; the plain int it gives is the only value read afterwards, so an int
  subclass's comparison methods are never called;
- a sequence argument is a list or a tuple, copied into a plain tuple first;
- anything wrong, a wrong type as much as a value out of range, raises ValueError whose
  message names the argument.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, NoReturn, TypeGuard, cast

from .._errors import shown

MAX_BATCH = 1 << 40
"""The largest ``n`` the batch functions take (``random_hands`` and the others)."""
MAX_PERFT_DEPTH = 64
"""The deepest ``perft``."""


def _unset(obj: object, name: str) -> NoReturn:
    """The ``__getattr__`` of a core class with slots, only reached for an attribute that is
    not set: a slot of an object made by ``__new__`` alone raises UninitialisedError (on
    every backend), any other name AttributeError."""
    from ecarte._errors import uninitialised

    if any(name in getattr(cls, "__slots__", ()) for cls in type(obj).__mro__):
        raise uninitialised(obj)
    raise AttributeError(f"{type(obj).__name__!r} object has no attribute {name!r}")


def _index(x: object) -> int | None:
    """``x`` as a plain int through ``operator.index``, or None for a bool or anything that
    is not an integer."""
    if type(x) is int:
        return x
    if type(x) is bool:  # bool cannot be subclassed; isinstance() could run __class__
        return None
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None


_SHOWN = (float, bool, str, bytes, complex, type(None))


def _show(x: object, v: int | None) -> str:
    """How a message shows a rejected argument: the plain int it converted to, the repr of
    a builtin value, else only its type (no method of the caller's object runs)."""
    if v is not None:
        return shown(v)
    if type(x) in _SHOWN:
        return shown(x)
    return f"a {type(x).__name__}"


def _is_int(x: object) -> TypeGuard[int]:
    """An int for the core: ``operator.index`` takes it and it is not a ``bool``."""
    return _index(x) is not None


def _tuple(x: object, what: str) -> tuple[Any, ...]:
    """A sequence argument copied into a plain tuple; ValueError unless a list or a tuple."""
    if type(x) is tuple:
        return x
    if issubclass(type(x), (list, tuple)):
        return tuple(cast("list[Any] | tuple[Any, ...]", x))
    raise ValueError(f"{what} must be a list or a tuple, not {type(x).__name__}")


def _check_seq(x: object, what: str) -> None:
    _tuple(x, what)


def _check_int(x: object, lo: int, hi: int, message: str) -> int:
    """``x`` as a plain int in ``lo..hi``, else ValueError: ``message`` with ``{}`` for
    the argument."""
    v = _index(x)
    if v is None or not lo <= v <= hi:
        raise ValueError(message.format(_show(x, v)))
    return v


def _check_flags(flags: object) -> int:
    """``flags`` as a plain int; ValueError unless an int 0..7."""
    return _check_int(flags, 0, 7, "flags {} are not a combination of MUST_* flags (an int 0..7)")


def _check_depth(depth: object) -> int:
    return _check_int(
        depth, 0, MAX_PERFT_DEPTH, f"perft depth must be an int 0..{MAX_PERFT_DEPTH}, not {{}}"
    )


def _check_n(n: object) -> int:
    return _check_int(n, 0, MAX_BATCH, "n must be an int 0..2**40, not {}")


def _check_seed(seed: object) -> int:
    return _check_int(seed, 0, _M64, "seed must be an int in 0..2**64-1, not {}")


def _player_seed(seed: object) -> int:
    """A player's seed as a 64-bit word: an int in [-2**63, 2**64) (a numpy integer as the
    int it holds), a negative one modulo 2**64 as an Écarté game's; ValueError naming the
    seed otherwise (one out of range would fold onto another seed)."""
    v = _index(seed)
    if v is None or not -(1 << 63) <= v < 1 << 64:
        raise ValueError(f"seed must be an int in [-2**63, 2**64), not {_show(seed, v)}")
    return v & _M64


def _check_below(n: object) -> int:
    return _check_int(n, 1, _BUDGET - 1, "below() needs 1 <= n < 2**32, not {}")


def _rng_state(state: object) -> tuple[int, ...]:
    """A generator's state as ``Rng.__reduce__`` gives it (the four words of xoshiro256**,
    the unused fraction and the bound of ``ec_rng``), as plain ints; ValueError unless it
    is one a generator can be in."""
    t = _tuple(state, "a generator state")
    if len(t) != 6:
        raise ValueError(f"a generator state is six ints, not {len(t)}")
    words = tuple(_check_int(x, 0, _M64, "generator state: {} is not a 64-bit int") for x in t[:5])
    bound = _check_int(t[5], 1, _BUDGET, "generator state: bound {} is not 1..2**32")
    if not any(words[:4]):
        raise ValueError("generator state: xoshiro256** is never in the all-zero state")
    return (*words, bound)


def _check_position_index(position: object) -> int:
    return _check_int(position, 0, 1, "position must be 0 or 1, not {}")


def _check_mask(m: object, what: str = "hand mask") -> int:
    return _check_int(m, 0, _M64, what + " {} is not a 64-bit mask")


def _check_cards(trick: object, lo: int, hi: int, what: str) -> tuple[int, ...]:
    """The cards of ``trick`` as plain ints 0..63, ``lo`` to ``hi`` of them (``what``:
    the sentence for a wrong count, with ``{}`` for it)."""
    t = _tuple(trick, "trick")
    if not lo <= len(t) <= hi:
        raise ValueError(what.format(len(t)))
    if all(type(c) is int and 0 <= c < 64 for c in t):
        return t
    return tuple(_check_int(c, 0, 63, "trick: card id {} is not in this deck") for c in t)


def _trick_content(deck: int, trick: tuple[int, ...]) -> int:
    """The mask of ``trick`` (plain ints 0..63); ValueError for a card outside ``deck`` or a
    card played twice."""
    seen = 0
    for c in trick:
        if not deck >> c & 1:
            raise ValueError(f"trick: card id {c} is not in this deck")
        if seen >> c & 1:
            raise ValueError(f"trick: card id {c} played twice in one trick")
        seen |= 1 << c
    return seen


def _legal_content(deck: int, hand: int, trick: tuple[int, ...]) -> None:
    seen = _trick_content(deck, trick)
    if hand & ~deck:
        raise ValueError("hand holds a card that is not in this deck")
    if hand & seen:
        raise ValueError(f"card ids {_bits(hand & seen)} are both in the hand and in the trick")


def _context_args(
    suit_of: object, power: object, trump: object
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``make_context``'s arguments as plain values: 64 suits -1..3, 64 powers 0..63 (0 for
    a card outside the deck, whatever was given), the trump -1..3."""
    suits = _tuple(suit_of, "suit_of")
    powers = _tuple(power, "power")
    if len(suits) != 64 or len(powers) != 64:
        raise ValueError("suit_of and power need 64 entries, one per card id")
    t = _check_int(trump, NO_TRUMP, 3, "trump must be a suit 0..3 or -1, not {}")
    out_s: list[int] = []
    out_p: list[int] = []
    for card in range(64):
        s = _check_int(suits[card], -1, 3, f"suit_of[{card}]: effective suit {{}} is not -1..3")
        out_s.append(s)
        if s == -1:
            out_p.append(0)
            continue
        p = _check_int(powers[card], 0, _TRUMP_BONUS - 1, f"power[{card}]: power {{}} is not 0..63")
        out_p.append(p)
    return tuple(out_s), tuple(out_p), t


def _position_args(
    hands: object, leader: object, trick: object, where: str = ""
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A position's hands, leader and trick as plain values, their shapes checked (2 to 4
    hands, a leader among them, fewer cards in the trick than hands); ``where`` prefixes
    every message (``"position 3: "`` in a batch)."""
    hs = _tuple(hands, where + "hands")
    np = len(hs)
    if not 2 <= np <= 4:
        raise ValueError(f"{where}a position has 2 to 4 hands, not {np}")
    masks = tuple(_check_mask(h, f"{where}hands[{i}]: hand mask") for i, h in enumerate(hs))
    lead = _check_int(leader, 0, np - 1, f"{where}leader must be a seat 0..{np - 1}, not {{}}")
    try:
        t = _check_cards(
            trick, 0, np - 1, f"a trick in progress holds 0 to {np - 1} cards, not {{}}"
        )
    except ValueError as exc:
        raise ValueError(f"{where}{exc}") from None
    return masks, lead, t


def _position_content(
    deck: int, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], where: str = ""
) -> None:
    """ValueError unless the position (plain values, shapes checked) can arise in ``deck``:
    cards in the deck, each in one place, hand sizes that fit the trick in progress."""
    try:
        seen = _trick_content(deck, trick)
    except ValueError as exc:
        raise ValueError(f"{where}{exc}") from None
    everything = seen
    for h in hands:
        if h & ~deck:
            raise ValueError(f"{where}a hand holds a card that is not in this deck")
        if h & seen:
            raise ValueError(
                f"{where}card ids {_bits(h & seen)} are both in a hand and in the trick"
            )
        if h & everything:
            raise ValueError(f"{where}card ids {_bits(h & everything)} are in two hands")
        everything |= h
    np = len(hands)
    size = hands[(leader + len(trick)) % np].bit_count()
    for i in range(np):
        want = size - 1 if i < len(trick) else size
        if hands[(leader + i) % np].bit_count() != want:
            raise ValueError(
                f"{where}hand sizes {[h.bit_count() for h in hands]} cannot arise with leader "
                f"{leader} and {len(trick)} card(s) in the trick"
            )


def _batch_positions(
    positions: object,
) -> tuple[tuple[Any, tuple[int, ...], int, tuple[int, ...]], ...]:
    """``solve_batch``'s positions as plain ``(ctx, hands, leader, trick)`` tuples, shapes
    checked (two hands each); the contexts are checked by the backend."""
    out = []
    for i, p in enumerate(_tuple(positions, "positions")):
        if not issubclass(type(p), (list, tuple)):
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
        q = tuple(p)
        if len(q) != 4:
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
        hands, leader, trick = _position_args(q[1], q[2], q[3], f"position {i}: ")
        if len(hands) != 2:
            raise ValueError(
                f"position {i}: the double-dummy solver takes 2 players, not {len(hands)}"
            )
        out.append((q[0], hands, leader, trick))
    return tuple(out)


def _play_args(hands: object, leader: object, flags: object) -> tuple[int, int, int, int]:
    """``PlayState``'s hands, leader and flags as plain ints."""
    hs = _tuple(hands, "hands")
    if len(hs) != 2:
        raise ValueError(f"a play state has 2 hands, not {len(hs)}")
    h0 = _check_mask(hs[0], "hands[0]: hand mask")
    h1 = _check_mask(hs[1], "hands[1]: hand mask")
    lead = _check_int(leader, 0, 1, "leader must be a position 0..1, not {}")
    return h0, h1, lead, _check_flags(flags)


def _play_content(deck: int, h0: int, h1: int) -> None:
    if (h0 | h1) & ~deck:
        raise ValueError("play state: a card id is not in this deck")
    if h0 & h1:
        raise ValueError("play state: a card appears twice")
    n = h0.bit_count()
    if n != h1.bit_count() or n > _PLAY_MAX_TRICKS:
        raise ValueError("play state: hands of equal size, at most 5 cards, are needed")


_PLAYN_MAX_CARDS = 8


def _check_hands_n(hands: object, what: str = "hands") -> tuple[int, ...]:
    hs = _tuple(hands, what)
    if not 2 <= len(hs) <= 4:
        raise ValueError(f"{what}: 2 to 4 hands are needed, not {len(hs)}")
    return tuple(_check_mask(h, f"{what}[{i}]: hand mask") for i, h in enumerate(hs))


def _check_active(active: object, np: int) -> int:
    """``active`` (None: every position) as a mask of ``np`` positions with at least 2 set."""
    if active is None:
        return (1 << np) - 1
    a = _check_int(
        active,
        0,
        (1 << np) - 1,
        f"active must be a mask of positions 0..{np - 1} (an int 0..{(1 << np) - 1}), not {{}}",
    )
    if a.bit_count() < 2:
        raise ValueError(f"active {a} holds fewer than 2 positions")
    return a


def _check_active_leader(leader: int, active: int) -> None:
    if not active >> leader & 1:
        raise ValueError(f"leader {leader} sits out (active positions mask {active})")


def _playn_args(
    hands: object, leader: object, flags: object, active: object
) -> tuple[tuple[int, ...], int, int, int]:
    """``PlayStateN``'s hands, leader, flags and active mask as plain ints, in that order."""
    hs = _check_hands_n(hands)
    np = len(hs)
    lead = _check_int(leader, 0, np - 1, f"leader must be a position 0..{np - 1}, not {{}}")
    fl = _check_flags(flags)
    act = _check_active(active, np)
    _check_active_leader(lead, act)
    return hs, lead, fl, act


def _playn_content(deck: int, hands: tuple[int, ...], active: int) -> None:
    seen = 0
    for i, h in enumerate(hands):
        if h & ~deck:
            raise ValueError(f"play state: hands[{i}] holds a card that is not in this deck")
        if h & seen:
            raise ValueError(f"play state: card ids {_bits(h & seen)} are in two hands")
        seen |= h
    sizes = {h.bit_count() for i, h in enumerate(hands) if active >> i & 1}
    if len(sizes) != 1 or max(sizes) > _PLAYN_MAX_CARDS:
        raise ValueError(
            f"play state: the active hands need equal sizes of at most {_PLAYN_MAX_CARDS} "
            f"cards, not {[h.bit_count() for h in hands]} (active mask {active})"
        )


def _solve_n_args(
    hands: object, leader: object, trick: object, flags: object, teams: object, active: object
) -> tuple[tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], int]:
    """``solve_n``'s arguments as plain values, in their order, shapes checked: 2 to 4
    hands, a leader among them, the flags, one team byte per hand, the active mask (the
    leader active, fewer cards in the trick than active positions)."""
    hs = _check_hands_n(hands)
    np = len(hs)
    lead = _check_int(leader, 0, np - 1, f"leader must be a position 0..{np - 1}, not {{}}")
    t = _check_cards(trick, 0, np - 1, f"a trick in progress holds 0 to {np - 1} cards, not {{}}")
    fl = _check_flags(flags)
    ts = _tuple(teams, "teams")
    if len(ts) != np:
        raise ValueError(f"teams needs one team per hand ({np}), not {len(ts)}")
    tm = tuple(_check_int(x, 0, 255, f"teams[{i}]: team {{}} is not an int 0..255")
               for i, x in enumerate(ts))  # fmt: skip
    act = _check_active(active, np)
    _check_active_leader(lead, act)
    if len(t) >= act.bit_count():
        raise ValueError(
            f"a trick in progress holds 0 to {act.bit_count() - 1} cards with "
            f"{act.bit_count()} active positions, not {len(t)}"
        )
    return hs, lead, t, fl, tm, act


def _position_n_content(
    deck: int, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], active: int
) -> None:
    """ValueError unless the position can arise: cards in the deck, each in one place, the
    active hands of sizes that fit the trick in progress (at most 8 cards)."""
    seen = _trick_content(deck, trick)
    everything = seen
    for h in hands:
        if h & ~deck:
            raise ValueError("a hand holds a card that is not in this deck")
        if h & seen:
            raise ValueError(f"card ids {_bits(h & seen)} are both in a hand and in the trick")
        if h & everything:
            raise ValueError(f"card ids {_bits(h & everything)} are in two hands")
        everything |= h
    nxt = _next_active(len(hands), active)
    p, sizes = leader, []
    for i in range(active.bit_count()):
        sizes.append(hands[p].bit_count() + (i < len(trick)))
        p = nxt[p]
    if len(set(sizes)) != 1 or sizes[0] > _PLAYN_MAX_CARDS:
        raise ValueError(
            f"hand sizes {[h.bit_count() for h in hands]} cannot arise with leader {leader}, "
            f"{len(trick)} card(s) in the trick and active positions mask {active}"
        )


NO_TRUMP = -1
"""Trump value meaning "no trump suit"."""


_TRUMP_BONUS = 64


def _bits(mask: int) -> list[int]:
    """The card ids in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_PLAY_MAX_TRICKS = 5


_M64 = (1 << 64) - 1


_BUDGET = 1 << 32


def _next_active(np: int, active: int) -> tuple[int, ...]:
    out = []
    for i in range(np):
        j = (i + 1) % np
        while not active >> j & 1:
            j = (j + 1) % np
        out.append(j)
    return tuple(out)


_FNV_OFFSET = 0xCBF29CE484222325


_FNV_PRIME = 0x100000001B3


def _digest_step(digest: int, fields: Iterable[int]) -> int:
    """A batch digest after one more result: its ``fields`` packed a byte each, the first
    lowest (the last may take the bytes left), xored in, times the FNV prime modulo 2**64
    (the C batches' digest)."""
    word = 0
    for i, v in enumerate(fields):
        word |= v << 8 * i
    return ((digest ^ word) * _FNV_PRIME) & _M64


def _nth(mask: int, idx: int) -> int:
    for _ in range(idx):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _ctz(m: int) -> int:
    return (m & -m).bit_length() - 1
