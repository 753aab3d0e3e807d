"""The legal action mask in the forms the games' machines hand out: the pure twin of
``ecarte/_core/masks.pxd`` (the same answers and errors)."""

from __future__ import annotations

from typing import Any

from ecarte._errors import ArgumentError

__all__ = ["legal_mask_of"]


def legal_mask_of(bits: int, n: int, out: Any, as_list: bool) -> Any:
    """The mask of bits ``0..n-1`` of ``bits``: with ``out`` None a new tuple of bools (a
    list with ``as_list``); else written into ``out`` (a writable C-contiguous buffer of
    one-byte items, uint8, int8 or bool, holding at least ``n``), 1 for a legal id and 0
    for the others, and ``out`` returned."""
    if out is None:
        mask = [bool(bits >> i & 1) for i in range(n)]
        return mask if as_list else tuple(mask)
    try:
        view = memoryview(out)
    except TypeError:
        view = None
    if view is None or view.readonly or not view.c_contiguous:
        raise ArgumentError(
            f"out must be a writable contiguous buffer of {n} one-byte items (a numpy uint8 "
            f"or bool array, a bytearray), not {type(out).__name__}"
        )
    with view:
        if view.itemsize != 1 or view.nbytes < n:
            raise ArgumentError(f"out must hold at least {n} one-byte items (uint8, int8 or bool)")
        with view.cast("B") as b:
            b[:n] = bytes(bits >> i & 1 for i in range(n))
    return out
