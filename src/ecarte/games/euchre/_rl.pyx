# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Euchre for reinforcement learning (``euchre_rl.h``) through Cython: the tensors of a
seat written by C into a caller's buffer, one game as an environment
(:class:`EuchreState`) and batches of environments stepped in C (:class:`EuchreBatch`).
``ecarte.rl`` builds the PettingZoo, Gymnasium and OpenSpiel adapters on them."""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy

from ecarte._errors import ArgumentError, IllegalActionError
from ecarte._core._args import _index, _show

from cpython.buffer cimport PyBuffer_Release

from ecarte._core._cycore cimport _Batch, action_arg
from ecarte._core.rl cimport (
    batch_index, check_which, seat_arg, seed_arg, ec_episode_seed, ec_rl_batch, ec_rl_outputs,
    ec_tensor_layout, get_bytes, layout_fields,
)
from ecarte.games.euchre.machine cimport *
from ecarte.games.euchre._machine cimport _Tables as _MachineTables, _tables as _machine_tables


cdef extern from "euchre_rl.h" nogil:
    int EC_EU_TENSOR_VERSION
    int EC_EU_OBSERVATION
    int EC_EU_INFO_STATE
    int ec_eu_tensor_layout(int deck, int which, ec_tensor_layout *L)
    void ec_eu_tensor(const ec_eu_tables *t, const ec_eu_game *g, int seat,
                      const ec_tensor_layout *L, uint8_t *out)
    void ec_eu_mask(const ec_eu_tables *t, const ec_eu_game *g, uint8_t *out)
    int ec_eu_env_reset(const ec_eu_tables *t, ec_eu_game *g, const ec_eu_config *cfg,
                        uint64_t seed)
    int ec_eu_env_step(const ec_eu_tables *t, ec_eu_game *g, int id)
    ctypedef struct ec_eu_batch:
        const ec_eu_tables *tables
        ec_eu_config cfg
        ec_eu_game *games
        ec_rl_batch rl
    int ec_eu_batch_reset(ec_eu_batch *b, const ec_rl_outputs *out)
    int ec_eu_batch_step(ec_eu_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                         size_t *bad)


TENSOR_VERSION = EC_EU_TENSOR_VERSION
"""The version of the tensors' layout (``docs/rl.md``)."""
OBSERVATION = EC_EU_OBSERVATION
INFO_STATE = EC_EU_INFO_STATE


cdef class _Tables:
    """A deck's machine tables (``_machine``'s, kept alive here) and its two tensor layouts."""
    cdef _MachineTables machine
    cdef const ec_eu_tables *t
    cdef ec_tensor_layout layouts[2]


cdef dict _TABLES = {}


cdef _Tables _tables(int deck):
    cdef _Tables tb = _TABLES.get(deck)
    if tb is None:
        tb = _Tables()
        tb.machine = _machine_tables(deck)
        tb.t = &tb.machine.t
        ec_eu_tensor_layout(deck, EC_EU_OBSERVATION, &tb.layouts[0])
        ec_eu_tensor_layout(deck, EC_EU_INFO_STATE, &tb.layouts[1])
        _TABLES[deck] = tb
    return tb


def tensor_layout(int deck, which):
    """The fields of a deck's tensor: (name, offset, rows, width, kind) in order."""
    cdef _Tables tb = _tables(deck)
    return layout_fields(&tb.layouts[check_which(which)])


def tensor_size(int deck, which):
    """The number of slots of a deck's tensor."""
    cdef _Tables tb = _tables(deck)
    return tb.layouts[check_which(which)].size


def episode_seed(uint64_t base, uint64_t env, uint64_t episode):
    """The seed of episode ``episode`` of environment ``env`` of a batch seeded ``base``."""
    return ec_episode_seed(base, env, episode)


cdef ec_eu_config _config(int deck, int flags, int target) except *:
    cdef ec_eu_config cfg
    if not 0 <= flags <= 255 or not 0 <= target <= 1000:
        raise ArgumentError(f"flags must be 0..255 and target 0..1000, not {flags}, {target}")
    cfg.seed = 0
    cfg.deck = <uint8_t>deck
    cfg.flags = <uint8_t>flags
    cfg.target = <uint16_t>target
    return cfg


cdef class EuchreState:
    """One game of Euchre (``deck``, ``flags``, ``target`` as
    :class:`ecarte.games.euchre.EuchreMachine`). With ``auto_chance`` the chance outcomes
    are drawn from the seed inside the calls and the game waits only for decisions (an
    environment); without, they are applied as ids like decisions (OpenSpiel)."""

    cdef ec_eu_game g
    cdef ec_eu_config cfg
    cdef _Tables tb
    cdef readonly bint auto_chance

    def __init__(self, int deck=24, int flags=0, int target=10, seed=0,
                 bint auto_chance=True):
        self.tb = _tables(deck)
        self.cfg = _config(deck, flags, target)
        self.auto_chance = auto_chance
        self.reset(seed)

    def reset(self, seed):
        """A new game with this seed, an int 0..2**64-1 (to its first decision with
        ``auto_chance``)."""
        cdef uint64_t s = seed_arg(seed)
        cdef ec_eu_config cfg = self.cfg
        if self.auto_chance:
            ec_eu_env_reset(self.tb.t, &self.g, &cfg, s)
        else:
            cfg.seed = s
            ec_eu_init(self.tb.t, &self.g, &cfg)

    def apply(self, action):
        """Apply a legal id (a chance outcome at a chance node); an illegal one, or what is
        not an integer id, raises :class:`ecarte.IllegalActionError` and changes nothing."""
        cdef int r
        cdef int action_id = action_arg(action)
        if self.auto_chance:
            r = ec_eu_env_step(self.tb.t, &self.g, action_id)
        elif 0 <= action_id < 64:
            r = ec_eu_apply(self.tb.t, &self.g, action_id)
        else:
            r = -1
        if r != 0:
            raise IllegalActionError(self._illegal(action_id))

    def _illegal(self, int action_id):
        if self.g.phase == EC_EU_OVER:
            return f"action id {action_id} is not legal: the game is over"
        return f"action id {action_id} is not legal now (legal: {self.legal_ids()})"

    def copy(self):
        """An independent copy."""
        cdef EuchreState new = EuchreState.__new__(EuchreState)
        new.g = self.g
        new.cfg = self.cfg
        new.tb = self.tb
        new.auto_chance = self.auto_chance
        return new

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        """Pickled as its plain C struct (the game has no pointer)."""
        raw = PyBytes_FromStringAndSize(<char *>&self.g, sizeof(ec_eu_game))
        return (_restore, (self.cfg.deck, self.cfg.flags, self.cfg.target, self.auto_chance, raw))

    # ------------------------------------------------------------------ reading
    @property
    def deck(self):
        return self.cfg.deck

    @property
    def num_ids(self):
        """Action ids 0..num_ids-1 (a deck of n cards: n + 9)."""
        return self.tb.t.ncards + 9

    @property
    def to_act(self):
        """The seat to act, -1 at a chance node, -2 once over."""
        return self.g.to_act

    @property
    def is_over(self):
        return self.g.phase == EC_EU_OVER

    @property
    def phase(self):
        return self.g.phase

    @property
    def seed(self):
        return self.g.cfg.seed

    @property
    def steps(self):
        """Ids applied so far (chance outcomes included)."""
        return self.g.steps

    @property
    def dealer(self):
        return self.g.dealer

    @property
    def scores(self):
        return (self.g.scores[0], self.g.scores[1])

    def returns(self):
        """By seat: 0 before the end (see :meth:`EuchreGame.returns`)."""
        return tuple(self.g.returns[s] for s in range(4))

    @property
    def legal_mask(self):
        """The legal ids (chance outcomes at a chance node) as a bit mask."""
        return ec_eu_legal(self.tb.t, &self.g)

    def legal_ids(self):
        cdef uint64_t m = ec_eu_legal(self.tb.t, &self.g)
        return [i for i in range(64) if m >> i & 1]

    def hand_ids(self, seat):
        """The action ids of the cards ``seat`` holds now (the whole truth, for tests)."""
        cdef uint64_t cards, out = 0
        seat = seat_arg(seat, 4)
        cards = self.g.play.hands[seat] if self.g.play.nactive else self.g.hands[seat]
        for c in range(64):
            if cards >> c & 1:
                out |= (<uint64_t>1) << self.tb.t.id_of[c]  # (ids up to 31: not an int shift)
        return out

    # ------------------------------------------------------------------ tensors
    def tensor_size(self, which):
        return self.tb.layouts[check_which(which)].size

    def write(self, seat, which, out):
        """Write ``seat``'s tensor (``which``: OBSERVATION or INFO_STATE) into ``out``
        (a contiguous uint8 or int8 buffer of at least :meth:`tensor_size` bytes)."""
        cdef const ec_tensor_layout *L = &self.tb.layouts[check_which(which)]
        cdef Py_buffer view
        cdef int s = seat_arg(seat, 4)
        get_bytes(out, L.size, &view)
        ec_eu_tensor(self.tb.t, &self.g, s, L, <uint8_t *>view.buf)  # (C: cannot raise)
        PyBuffer_Release(&view)

    def write_mask(self, out):
        """Write the legal ids as bytes into ``out`` (at least :attr:`num_ids` bytes)."""
        cdef Py_buffer view
        get_bytes(out, self.tb.t.ncards + 9, &view)
        ec_eu_mask(self.tb.t, &self.g, <uint8_t *>view.buf)
        PyBuffer_Release(&view)


def _restore(int deck, int flags, int target, bint auto_chance, bytes raw):
    """The state :meth:`EuchreState.__reduce__` saved (checked to be one of this deck)."""
    cdef EuchreState s = EuchreState(deck, flags, target, 0, auto_chance)
    cdef ec_eu_game g
    if len(raw) != sizeof(ec_eu_game):
        raise ValueError("not a saved Euchre state of this build")
    memcpy(&g, <const char *>raw, sizeof(ec_eu_game))
    if (g.cfg.deck != deck or g.cfg.flags != flags or g.cfg.target != target
            or g.phase > EC_EU_NAME or not -1 <= g.trump <= 3 or not -2 <= g.to_act <= 3
            or not -1 <= g.dealer <= 3 or g.nbids > 8 or g.play.nplayed > 32
            or g.play.nactive > 4 or not -1 <= g.upcard < deck or not -1 <= g.discard < deck):
        raise ValueError("not a saved Euchre state of these rules")
    s.g = g
    return s


cdef class EuchreBatch(_Batch):
    """``n`` Euchre environments stepped together in C (``euchre_rl.h``), auto-reset
    SAME_STEP; ``ecarte.rl.vector.VecEnv`` is its Python face. Outputs: numpy arrays of the
    shapes of ``outputs_of`` (``_core/rl.pxd``) with 4 seats, or None."""

    cdef ec_eu_batch b
    cdef _Tables tb

    def __cinit__(self):
        self.rl = &self.b.rl
        self.seats = 4

    def __init__(self, size_t n, int deck=24, int flags=0, int target=10, seed=0,
                 which=EC_EU_OBSERVATION):
        self.tb = _tables(deck)
        self.b.tables = self.tb.t
        self.b.cfg = _config(deck, flags, target)
        self.ids = self.tb.t.ncards + 9
        self.b.games = <ec_eu_game *>self._init(n, seed_arg(seed), &self.tb.layouts[check_which(which)],
                                                1, sizeof(ec_eu_game))
        self._start()

    cdef int _reset(self, const ec_rl_outputs *out) noexcept nogil:
        return ec_eu_batch_reset(&self.b, out)

    cdef int _step(self, const int32_t *actions, const ec_rl_outputs *out,
                   size_t *bad) noexcept nogil:
        return ec_eu_batch_step(&self.b, actions, out, bad)

    def state(self, i):
        """A copy of environment ``i``'s game (an :class:`EuchreState`)."""
        cdef EuchreState s = EuchreState.__new__(EuchreState)
        s.g = self.b.games[batch_index(&self.b.rl, i)]
        s.cfg = self.b.cfg
        s.tb = self.tb
        s.auto_chance = True
        return s
