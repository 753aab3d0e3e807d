# cython: language_level=3
"""The legal action mask in the forms the games' machines hand out
(``legal_action_mask()``): a new tuple or list of ``n`` bools made in C from the legal
bits, or, into a caller's buffer, the bytes 0/1 ``ec_mask_bytes`` writes (the function
of ``ec_tensor.h`` the RL environments write their masks with)."""

from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer,
)
from libc.stdint cimport uint8_t, uint64_t


cdef extern from "ec_tensor.h" nogil:
    void ec_mask_bytes(uint8_t *out, const uint64_t *words, int n)


cdef extern from *:
    """
    /* A new tuple (or list) of n bools, item i bit i of words[] (64 bits each). */
    static PyObject *ec_mask_sequence(const uint64_t *words, int n, int as_list)
    {
        PyObject *out = as_list ? PyList_New(n) : PyTuple_New(n);
        PyObject **item;
        int i;
        if (out == NULL)
            return NULL;
        item = as_list ? ((PyListObject *)out)->ob_item : ((PyTupleObject *)out)->ob_item;
        for (i = 0; i < n; i++) {
            PyObject *v = (words[i >> 6] >> (i & 63) & 1) ? Py_True : Py_False;
            Py_INCREF(v);
            item[i] = v;
        }
        return out;
    }
    """
    object ec_mask_sequence(const uint64_t *words, int n, bint as_list)


cdef inline object legal_mask_of(const uint64_t *words, int n, object out, bint as_list):
    """The mask of bits ``0..n-1`` of ``words``: with ``out`` None a new tuple of bools (a
    list with ``as_list``); else written into ``out`` (a writable C-contiguous buffer of
    one-byte items, uint8, int8 or bool, holding at least ``n``), 1 for a legal id and 0
    for the others, and ``out`` returned."""
    cdef Py_buffer view
    if out is None:
        return ec_mask_sequence(words, n, as_list)
    try:
        PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    except (TypeError, ValueError, BufferError):
        from ecarte._errors import ArgumentError  # (a pxd has no module-level imports)
        raise ArgumentError(
            f"out must be a writable contiguous buffer of {n} one-byte items (a numpy uint8 "
            f"or bool array, a bytearray), not {type(out).__name__}") from None
    if view.itemsize != 1 or view.len < n:
        PyBuffer_Release(&view)
        from ecarte._errors import ArgumentError
        raise ArgumentError(f"out must hold at least {n} one-byte items (uint8, int8 or bool)")
    ec_mask_bytes(<uint8_t *>view.buf, words, n)
    PyBuffer_Release(&view)
    return out
