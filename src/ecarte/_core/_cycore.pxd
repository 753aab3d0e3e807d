# cython: language_level=3
"""The extension types of ecarte._core._cycore, for modules that take a context."""

from libc.stdint cimport uint64_t

from ecarte._core.core cimport ec_context, ec_play, ec_playn


cdef class Context:
    cdef ec_context c


cdef class _PlayBase:
    cdef readonly Context ctx
    cdef uint64_t _legal(self) noexcept
    cdef int _apply(self, int card) noexcept
    cdef int _apply_unchecked(self, int card) noexcept
    cdef int _undo(self) noexcept
    cdef bint _holds(self, int card) noexcept
    cdef int _with_turn(self, int status) noexcept


cdef class PlayState(_PlayBase):
    cdef ec_play p


cdef class PlayStateN(_PlayBase):
    cdef ec_playn p
