# cython: language_level=3
"""The game-free parts of the RL interface (ecarte_rl.h), declared once."""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from libc.stdint cimport uint8_t, uint16_t, uint64_t




cdef extern from "ecarte_rl.h" nogil:
    int EC_TF_ONE_HOT
    int EC_TF_BITS
    ctypedef struct ec_tensor_field:
        char name[24]
        uint16_t offset
        uint16_t rows
        uint16_t width
        uint8_t kind
    ctypedef struct ec_tensor_layout:
        uint16_t nfields
        uint16_t size
        ec_tensor_field f[32]
    uint64_t ec_episode_seed(uint64_t base, uint64_t env, uint64_t episode)


cdef inline list layout_fields(const ec_tensor_layout *L):
    """The fields of a layout as (name, offset, rows, width, kind) tuples, kind "one-hot"
    or "bits"."""
    cdef int k
    cdef ec_tensor_field *f
    out = []
    for k in range(L.nfields):
        f = <ec_tensor_field *>&L.f[k]
        out.append((f.name.decode(), f.offset, f.rows, f.width,
                    "one-hot" if f.kind == EC_TF_ONE_HOT else "bits"))
    return out



cdef inline int get_bytes(object out, Py_ssize_t size, Py_buffer *view) except -1:
    """``view`` of ``out``, a writable C-contiguous buffer of one-byte items (uint8, int8,
    bool) holding at least ``size`` of them; the caller releases it (PyBuffer_Release)."""
    PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    if view.itemsize != 1 or view.len < size:
        PyBuffer_Release(view)
        raise ValueError(f"the buffer must hold at least {size} one-byte items")
    return 0
