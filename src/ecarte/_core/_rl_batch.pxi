# The batches of the games' RL environments (ecarte_rl.h), included by _cycore.pyx.


cdef int _check_reset(int r) except -1:
    if r < 0:
        raise IllegalActionError(ec_strerror(r).decode())
    return r


cdef int action_arg(object action) except? -1:
    """``action`` as a C int: an int or a numpy integer, never a bool, a float or a string
    (IllegalActionError, as the environments say it); the games' RL states' actions."""
    if type(action) is int and -2**31 <= action < 2**31:  # (the common case)
        return action
    a = _index(action)
    if a is None:
        raise IllegalActionError(f"an action is an integer id, not {_show(action, a)}")
    if not -2**31 <= a < 2**31:
        raise IllegalActionError(f"action id {a} is not legal now")
    return a


cdef class _Batch:
    """What the games' batches of environments share (``ecarte_rl.h``): the game-free part
    of the batch (``rl``, in the game's C struct, which the game's batch points to) and its
    environments, both made by :meth:`_init` and freed here, and :meth:`episode`,
    :meth:`reset` and :meth:`step` over the game's C reset and step (``_reset``, ``_step``)."""

    def __cinit__(self):
        if type(self) is _Batch:
            raise TypeError("_Batch is the base of a game's batch, not a batch")

    def __dealloc__(self):  # (its arrays are NULL until the game's __init__ allocates them)
        if self.rl != NULL:
            batch_free(self.rl)
        PyMem_Free(self.envs)

    cdef int _reset(self, const ec_rl_outputs *out) noexcept nogil:
        return -1  # (never called: each game's batch resets its own environments)

    cdef int _step(self, const int32_t *actions, const ec_rl_outputs *out,
                   size_t *bad) noexcept nogil:
        return -1  # (never called: each game's batch steps its own environments)

    cdef void *_init(self, size_t n, uint64_t seed, const ec_tensor_layout *L, size_t words,
                     size_t env_size) except NULL:
        """The batch's game-free part (``batch_init``: ``n`` environments, layout ``L``,
        ``words`` of legal mask each) and its ``n`` environments of ``env_size`` bytes, not
        yet started (the game's __init__ points its C struct to them, then starts them)."""
        batch_init(self.rl, n, seed, L, words)
        PyMem_Free(self.envs)
        self.envs = PyMem_Malloc(n * env_size)
        if self.envs == NULL:
            raise MemoryError()
        return self.envs

    cdef int _start(self) except -1:
        """Every environment at its episode 0, no output written (the end of __init__)."""
        cdef ec_rl_outputs none
        memset(&none, 0, sizeof(ec_rl_outputs))
        return _check_reset(self._reset(&none))

    def episode(self, i):
        """The episode number environment ``i`` is playing."""
        return self.rl.episodes[batch_index(self.rl, i)]

    def reset(self, obs=None, mask=None, rewards=None, terminated=None, to_act=None):
        """Every environment back to its episode 0; the outputs written."""
        cdef ec_rl_outputs o
        cdef int r
        outputs_of(&o, self.rl.n, self.rl.layout.size, self.ids, self.seats, obs, mask,
                   rewards, terminated, to_act)
        with nogil:
            r = self._reset(&o)
        _check_reset(r)

    def step(self, const int32_t[::1] actions not None, obs=None, mask=None, rewards=None,
             terminated=None, to_act=None):
        """Step environment i with ``actions[i]``, writing the outputs. An illegal action
        anywhere raises :class:`ecarte.IllegalActionError` and changes nothing."""
        cdef ec_rl_outputs o
        cdef size_t bad = 0
        cdef int r
        check_actions(self.rl, actions.shape[0])
        outputs_of(&o, self.rl.n, self.rl.layout.size, self.ids, self.seats, obs, mask,
                   rewards, terminated, to_act)
        with nogil:
            r = self._step(&actions[0], &o, &bad)
        check_step(r, bad, actions)
