# cython: language_level=3
"""The extension types of ecarte._core._cycore, for modules that take a context."""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from ecarte._core.core cimport ec_context, ec_play, ec_playn
from ecarte._core.rl cimport ec_rl_batch, ec_rl_outputs, ec_tensor_layout


cdef class Context:
    cdef ec_context c


cdef struct _Fields:
    # what both play states hold: pointers into the subclass's C struct
    void *state          # the struct itself, copied flat
    size_t size
    uint64_t *hands
    uint8_t *cards
    uint8_t *leaders
    uint8_t *won
    uint8_t *nplayed
    uint8_t *to_move
    uint8_t *flags
    uint8_t *nslots      # the positions (hands) of the state
    uint8_t *ntrick      # the cards of a full trick (the active positions)
    uint8_t *active      # the mask of the positions that play
    int nleaders         # the length of leaders
    int turn_bits        # the bits of to_move in try_apply's result


cdef class _PlayBase:
    cdef readonly Context ctx
    cdef _Fields f
    cdef uint64_t _legal(self) noexcept
    cdef int _apply(self, int card) noexcept
    cdef int _apply_unchecked(self, int card) noexcept
    cdef int _undo(self) noexcept
    cdef _PlayBase _copy_into(self, _PlayBase new)


cdef class PlayState(_PlayBase):
    cdef ec_play p


cdef class PlayStateN(_PlayBase):
    cdef ec_playn p


cdef extern from "ec_mcts.h" nogil:
    ctypedef struct ec_mcts_node:
        pass
    ctypedef struct ec_mcts_tree:
        ec_mcts_node *nodes
        int64_t iterations
        int32_t capacity
        int32_t count


cdef enum:
    TREE_NODES = 64  # the nodes of a new tree; run() grows the array


cdef class _Tree:
    # what the games' IS-MCTS searches hold (ec_mcts.h): the node array, owned, and the
    # tree in the subclass's search struct, set by _fields
    cdef ec_mcts_node *nodes
    cdef ec_mcts_tree *tree
    cdef void _fields(self, ec_mcts_tree *tree) noexcept
    cdef int _run(self, int n) noexcept nogil


cdef int action_arg(object action) except? -1


cdef class _Batch:
    # what the games' RL batches hold (ecarte_rl.h): a pointer to the game-free part of the
    # batch, inside the subclass's C struct, its environments (owned) and the widths of the
    # outputs
    cdef ec_rl_batch *rl
    cdef void *envs
    cdef Py_ssize_t ids          # the action ids (the mask's width)
    cdef Py_ssize_t seats        # the rewards' width
    cdef void *_init(self, size_t n, uint64_t seed, const ec_tensor_layout *L, size_t words,
                     size_t env_size) except NULL
    cdef int _start(self) except -1
    cdef int _reset(self, const ec_rl_outputs *out) noexcept nogil
    cdef int _step(self, const int32_t *actions, const ec_rl_outputs *out,
                   size_t *bad) noexcept nogil
