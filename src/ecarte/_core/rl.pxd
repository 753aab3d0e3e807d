# cython: language_level=3
"""The game-free parts of the RL interface (ecarte_rl.h), declared once."""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint64_t




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
    ctypedef struct ec_rl_outputs:
        uint8_t *obs
        uint8_t *mask
        float *rewards
        uint8_t *terminated
        int8_t *to_act
    int EC_RL_OBSERVATION
    int EC_RL_INFO_STATE
    ctypedef struct ec_rl_batch:
        uint64_t seed
        size_t n
        uint64_t *episodes
        uint64_t *legal
        ec_tensor_layout layout
    uint64_t ec_episode_seed(uint64_t base, uint64_t env, uint64_t episode)


cdef inline object int_arg(object x, str what, object lo, object hi, str shown=None):
    """``x`` as a plain int ``lo..hi`` (an int or a numpy integer, never a bool, a float or a
    string); ArgumentError ``what must be shown, not x`` otherwise (``shown`` by default
    ``an int lo..hi``)."""
    if type(x) is int and lo <= x <= hi:  # (the common case: nothing imported or written)
        return x
    from ecarte._core._args import _index, _show
    from ecarte._errors import ArgumentError

    v = _index(x)
    if v is None or not lo <= v <= hi:
        raise ArgumentError(f"{what} must be {shown or f'an int {lo}..{hi}'}, not {_show(x, v)}")
    return v


cdef inline uint64_t seed_arg(object seed) except? 0:
    """``seed`` as an int 0..2**64-1 (ArgumentError otherwise)."""
    return int_arg(seed, "seed", 0, 2**64 - 1, "an int 0..2**64-1")


cdef inline int seat_arg(object seat, int nseats) except -1:
    """``seat`` as a seat 0..nseats-1 (ArgumentError otherwise)."""
    if nseats == 2:
        return int_arg(seat, "seat", 0, 1, "0 or 1")
    return int_arg(seat, "seat", 0, nseats - 1)


cdef inline int check_which(object which) except -1:
    """``which``, checked to name one of a game's two tensors."""
    return int_arg(which, "which", EC_RL_OBSERVATION, EC_RL_INFO_STATE,
                   "OBSERVATION (0) or INFO_STATE (1)")


cdef inline int batch_init(ec_rl_batch *b, size_t n, uint64_t seed, const ec_tensor_layout *L,
                           size_t words) except -1:
    """The game-free part of a batch of ``n`` environments (one at least) writing tensors of
    layout ``L``, with ``words`` 64-bit words of legal mask an environment; :func:`batch_free`
    frees it."""
    if n < 1:
        from ecarte._errors import ArgumentError

        raise ArgumentError("a batch has at least one environment")
    b.seed = seed
    b.n = n
    b.layout = L[0]
    b.episodes = <uint64_t *>PyMem_Malloc(n * sizeof(uint64_t))
    b.legal = <uint64_t *>PyMem_Malloc(words * n * sizeof(uint64_t))
    if b.episodes == NULL or b.legal == NULL:
        raise MemoryError()
    return 0


cdef inline void batch_free(ec_rl_batch *b) noexcept:
    PyMem_Free(b.episodes)
    PyMem_Free(b.legal)


cdef inline size_t batch_index(const ec_rl_batch *b, object i) except? 0:
    """``i``, checked to be an environment of the batch: ArgumentError unless an int,
    IndexError unless 0..n-1."""
    if type(i) is int and 0 <= i < b.n:  # (the common case: nothing imported)
        return i
    from ecarte._core._args import _index, _show
    from ecarte._errors import ArgumentError

    v = _index(i)
    if v is None:
        raise ArgumentError(f"an environment index is an int, not {_show(i, v)}")
    if not 0 <= v < b.n:
        raise IndexError(f"environment index {_show(i, v)} is not 0..{b.n - 1}")
    return v


cdef inline int check_actions(const ec_rl_batch *b, Py_ssize_t count) except -1:
    """An action array of ``count`` entries, checked to hold one per environment."""
    if <size_t>count != b.n:
        from ecarte._errors import ArgumentError

        raise ArgumentError(f"actions must be {b.n} int32")
    return 0


cdef inline int check_step(int r, size_t bad, const int32_t[::1] actions) except -1:
    """The status ``r`` of a batch's step, raising IllegalActionError unless it is 0
    (environment ``bad`` was given an illegal action)."""
    if r != 0:
        from ecarte._errors import IllegalActionError

        raise IllegalActionError(f"environment {bad}: action id {actions[bad]} is not legal now")
    return 0


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
    try:
        PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    except (TypeError, ValueError, BufferError):
        from ecarte._errors import ArgumentError  # (a pxd has no module-level imports)
        raise ArgumentError(
            f"the buffer must be a writable contiguous buffer of {size} one-byte items (a "
            f"numpy uint8 or int8 array, a bytearray), not {type(out).__name__}") from None
    if view.itemsize != 1 or view.len < size:
        PyBuffer_Release(view)
        from ecarte._errors import ArgumentError
        raise ArgumentError(f"the buffer must hold at least {size} one-byte items")
    return 0


cdef inline uint8_t *_rows(object out, size_t n, Py_ssize_t width, str name) except? NULL:
    """The bytes of ``out``, an ``n x width`` C array of uint8 (None: NULL)."""
    cdef uint8_t[:, ::1] rows
    if out is None:
        return NULL
    rows = out
    if <size_t>rows.shape[0] != n or rows.shape[1] != width:
        raise ValueError(f"{name} must be {n} x {width} uint8")
    return &rows[0, 0]


cdef inline int outputs_of(ec_rl_outputs *o, size_t n, Py_ssize_t size, Py_ssize_t ids,
                           Py_ssize_t seats, obs, mask, rewards, terminated, to_act) except -1:
    """The pointers of a batch's output arrays (None: not written), checked to be C arrays
    of the shapes ``n x size`` (obs, uint8), ``n x ids`` (mask, uint8), ``n x seats``
    (rewards, float32), ``n`` (terminated, uint8; to_act, int8). The arrays must outlive
    the call that writes them."""
    cdef float[:, ::1] re
    cdef uint8_t[::1] te
    cdef int8_t[::1] ta
    o.obs = o.mask = o.terminated = NULL
    o.rewards = NULL
    o.to_act = NULL
    o.obs = _rows(obs, n, size, "obs")
    o.mask = _rows(mask, n, ids, "mask")
    if rewards is not None:
        re = rewards
        if <size_t>re.shape[0] != n or re.shape[1] != seats:
            raise ValueError(f"rewards must be {n} x {seats} float32")
        o.rewards = &re[0, 0]
    if terminated is not None:
        te = terminated
        if <size_t>te.shape[0] != n:
            raise ValueError(f"terminated must be {n} uint8")
        o.terminated = &te[0]
    if to_act is not None:
        ta = to_act
        if <size_t>ta.shape[0] != n:
            raise ValueError(f"to_act must be {n} int8")
        o.to_act = &ta[0]
    return 0
