# cython: language_level=3
"""The extension types of ecarte._core._cycore, for modules that take a context."""

from ecarte._core.core cimport ec_context, ec_play, ec_playn


cdef class Context:
    cdef ec_context c


cdef class PlayState:
    cdef ec_play p
    cdef readonly Context ctx


cdef class PlayStateN:
    cdef ec_playn p
    cdef readonly Context ctx
