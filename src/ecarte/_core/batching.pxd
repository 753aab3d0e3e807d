# cython: language_level=3
"""What every compiled batch shares: its chunk sizes, the chunk step and the error of a
C status. Each chunk runs without the GIL in a few milliseconds and Ctrl-C is checked
between chunks; results never depend on these sizes."""

from ecarte._core.core cimport ec_strerror


cdef enum:
    HANDS_CHUNK = 65536
    RESULTS_CHUNK = 4096
    SOLVES_CHUNK = 4096


cdef inline size_t chunk(size_t left, size_t size) noexcept nogil:
    return left if left < size else size


cdef inline int fail(int code, str what) except -1:
    raise ValueError(f"{what}: {ec_strerror(code).decode()}")
