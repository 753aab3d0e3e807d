# cython: language_level=3
"""What ``_machine`` shares with Euchre's other compiled modules: a deck's machine tables,
built once per deck."""

from ecarte.games.euchre.machine cimport ec_eu_tables


cdef class _Tables:
    cdef ec_eu_tables t


cdef _Tables _tables(int deck)
