# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Écarté match for reinforcement learning (``ecarte_env.h``) through Cython: the
tensors of a seat written by C into a caller's buffer, one match as an environment
(:class:`MatchState`) and batches of environments stepped in C (:class:`MatchBatch`).
``ecarte.rl`` builds the PettingZoo, Gymnasium and OpenSpiel adapters on them."""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from ecarte._errors import ArgumentError, IllegalActionError
from ecarte._core._args import _index, _show

from ecarte._core.core cimport ec_strerror
from cpython.buffer cimport PyBuffer_Release

from ecarte._core._cycore cimport _Batch, action_arg
from ecarte._core.rl cimport (
    batch_index, check_which, seat_arg, seed_arg, ec_rl_batch, ec_rl_outputs, ec_tensor_layout, get_bytes,
    layout_fields,
)
from ecarte.games.ecarte.machine cimport *


cdef extern from "ecarte_env.h" nogil:
    int EC_MT_TENSOR_VERSION
    int EC_MT_OBSERVATION
    int EC_MT_INFO_STATE
    int EC_NUM_IDS
    ctypedef struct ec_mt_env:
        ec_match m
        uint64_t dealt[2]
        uint64_t disc[2]
    int ec_mt_env_check(const ec_match_config *cfg)
    int ec_mt_tensor_layout(int which, ec_tensor_layout *L)
    void ec_mt_tensor(const ec_mt_env *e, int seat, const ec_tensor_layout *L, uint8_t *out)
    void ec_mt_mask(const ec_match_config *cfg, const ec_mt_env *e, uint8_t *out)
    int ec_mt_env_reset(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed,
                        int auto_chance)
    int ec_mt_env_step(const ec_match_config *cfg, ec_mt_env *e, int id)
    int ec_mt_env_chance(const ec_match_config *cfg, ec_mt_env *e, const uint8_t *cards,
                         int n)
    void ec_mt_env_returns(const ec_mt_env *e, float *out)
    int ec_mt_env_from_log(const ec_match_config *cfg, ec_mt_env *e, uint64_t seed,
                           int auto_chance, const uint8_t *log, uint32_t n, uint8_t *scratch,
                           uint32_t cap)
    ctypedef struct ec_mt_batch:
        const ec_match_config *cfg
        ec_mt_env *envs
        ec_rl_batch rl
    int ec_mt_batch_reset(ec_mt_batch *b, const ec_rl_outputs *out)
    int ec_mt_batch_step(ec_mt_batch *b, const int32_t *actions, const ec_rl_outputs *out,
                         size_t *bad)


TENSOR_VERSION = EC_MT_TENSOR_VERSION
"""The version of the tensors' layout (``docs/rl.md``)."""
OBSERVATION = EC_MT_OBSERVATION
INFO_STATE = EC_MT_INFO_STATE
NUM_IDS = EC_NUM_IDS
PH_OVER = EC_PH_OVER

cdef ec_tensor_layout _LAYOUTS[2]
ec_mt_tensor_layout(EC_MT_OBSERVATION, &_LAYOUTS[0])
ec_mt_tensor_layout(EC_MT_INFO_STATE, &_LAYOUTS[1])


def tensor_layout(which):
    """The fields of a tensor: (name, offset, rows, width, kind) in order."""
    return layout_fields(&_LAYOUTS[check_which(which)])


def tensor_size(which):
    """The number of slots of a tensor."""
    return _LAYOUTS[check_which(which)].size


cdef class Rules:
    """Match rules for the environments: the machine's ``ec_match_rules`` fields in order
    (``ecarte.games.ecarte._hooks.machine_rules``), two seats. With ``hook_mask`` (hooks a
    variant answers in Python) they only read matches (:func:`from_log`)."""

    cdef ec_match_config cfg
    cdef readonly tuple fields

    def __init__(self, tuple fields, uint32_t hook_mask=0):
        if match_config_init(&self.cfg, fields, hook_mask) != 0 or self.cfg.rules.nplayers != 2:
            raise ArgumentError(f"rules the environments do not take (two seats): {fields!r}")
        self.fields = fields

    @property
    def hook_mask(self):
        return self.cfg.hook_mask

    @property
    def playable(self):
        """Whether matches under these rules run here (no hook answered in Python)."""
        return ec_mt_env_check(&self.cfg) == 0

    def __reduce__(self):
        return (Rules, (self.fields, self.cfg.hook_mask))


def from_log(Rules rules, uint64_t seed, bint auto_chance, bytes log):
    """The state of the match whose machine log is ``log`` (a ``Game``'s, variants' hook
    answers included), for its tensors: a :class:`MatchState` to read, not to play when
    the rules have hooks."""
    cdef MatchState s = MatchState.__new__(MatchState)
    cdef uint32_t n = <uint32_t>len(log)
    cdef uint32_t cap = n + 4 * EC_LOG_ROOM
    cdef uint8_t *scratch = <uint8_t *>PyMem_Malloc(cap)
    cdef int r
    if scratch == NULL:
        raise MemoryError()
    try:
        r = ec_mt_env_from_log(&rules.cfg, &s.e, seed, auto_chance,
                               <const uint8_t *>PyBytes_AS_STRING(log), n, scratch, cap)
    finally:
        PyMem_Free(scratch)
    if r < 0:
        raise ValueError(f"not a log of a match under these rules: {_why(r)}")
    s.rules = rules
    s.auto_chance = auto_chance
    return s


cdef str _why(int r):
    """An error code of the match machine (or of the core) in words."""
    if r == EC_EBADCHANCE:
        return "a cut or a deal is cards of the deck, each once"
    if r == EC_ELOG:
        return "a log that this match did not write"
    if r == EC_ECUTLOOP:
        return "100 cuts in a row were all cut again"
    return ec_strerror(r).decode()


cdef int _check(int r) except -1:
    if r < 0:
        raise IllegalActionError(_why(r))
    return r


cdef class MatchState:
    """One match of Écarté under ``rules`` (a :class:`Rules`). With ``auto_chance`` the
    cuts and deals are drawn from the seed inside the calls and the match waits only for
    decisions (an environment); without, they are given by :meth:`chance`."""

    cdef ec_mt_env e
    cdef readonly Rules rules
    cdef readonly bint auto_chance

    def __init__(self, Rules rules, seed=0, bint auto_chance=True):
        if not rules.playable:
            raise ArgumentError("matches whose hooks Python answers are read here, not played")
        self.rules = rules
        self.auto_chance = auto_chance
        self.reset(seed)

    def reset(self, seed):
        """A new match with this seed, an int 0..2**64-1."""
        cdef uint64_t s = seed_arg(seed)
        _check(ec_mt_env_reset(&self.rules.cfg, &self.e, s, self.auto_chance))

    def apply(self, action):
        """Apply a legal id of the seat to act; an illegal one, or what is not an integer
        id, raises :class:`ecarte.IllegalActionError` and changes nothing."""
        cdef int r
        cdef int action_id = action_arg(action)
        if not self.rules.playable:
            raise IllegalActionError("a match whose hooks Python answers is read here, not played")
        r = ec_mt_env_step(&self.rules.cfg, &self.e, action_id)
        if r < 0:
            if self.e.m.phase == EC_PH_OVER:
                raise IllegalActionError(f"action id {action_id} is not legal: the match is over")
            raise IllegalActionError(
                f"action id {action_id} is not legal now (legal: {self.legal_ids()})"
            )

    def chance(self, cards):
        """Apply the chance event due: a cut (two card ids) or a deal (32, top first), a
        list or a tuple of ints; anything else raises :class:`ecarte.IllegalActionError` and
        changes nothing."""
        cdef uint8_t c[32]
        cdef int n
        if not self.rules.playable:
            raise IllegalActionError("a match whose hooks Python answers is read here, not played")
        if not isinstance(cards, (list, tuple)):
            raise IllegalActionError(
                f"a cut or a deal is a list or a tuple of card ids, not {type(cards).__name__}"
            )
        ids = tuple(cards)
        n = len(ids)
        if n != 2 and n != 32:
            raise IllegalActionError("a cut is two cards, a deal 32")
        for i in range(n):
            v = _index(ids[i])
            if v is None:
                raise IllegalActionError(f"a cut or a deal is card ids, not {_show(ids[i], v)}")
            if not 0 <= v < 64:
                raise IllegalActionError(_why(EC_EBADCHANCE))
            c[i] = <uint8_t>v
        _check(ec_mt_env_chance(&self.rules.cfg, &self.e, c, n))

    def copy(self):
        """An independent copy."""
        cdef MatchState new = MatchState.__new__(MatchState)
        new.e = self.e
        new.rules = self.rules
        new.auto_chance = self.auto_chance
        return new

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        """Pickled as its plain C struct (the match and its log buffer have no pointer)."""
        raw = PyBytes_FromStringAndSize(<char *>&self.e, sizeof(ec_mt_env))
        return (_restore, (self.rules, self.auto_chance, raw))

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self):
        """The seat to act, -1 when chance is due, -2 once over."""
        return self.e.m.to_act

    @property
    def is_over(self):
        return self.e.m.phase == EC_PH_OVER

    @property
    def phase(self):
        return self.e.m.phase

    @property
    def seed(self):
        return self.e.m.seed

    @property
    def dealer(self):
        """The dealer's seat, 255 before the cut."""
        return self.e.m.dealer

    @property
    def hand_number(self):
        return self.e.m.hand_number

    @property
    def winner(self):
        return self.e.m.winner

    def returns(self):
        """By seat: +1 the winner, -1 the loser once over, else 0."""
        cdef float r[2]
        ec_mt_env_returns(&self.e, r)
        return (r[0], r[1])

    @property
    def legal_mask(self):
        """The legal ids as a bit mask (bit i: id i, 0..95)."""
        cdef uint64_t w[2]
        ec_match_legal(&self.rules.cfg, &self.e.m, w)
        return w[0] | (<object>w[1]) << 64

    def legal_ids(self):
        m = self.legal_mask
        return [i for i in range(EC_NUM_IDS) if m >> i & 1]

    def hand(self, seat):
        """The card mask (card ids) ``seat`` holds now (the whole truth, for tests)."""
        cdef const ec_match *m = &self.e.m
        cdef int pos
        seat = seat_arg(seat, 2)
        if m.dealer == EC_NO_SEAT:
            return 0
        pos = m.dealer == seat
        return m.play.hands[pos] if m.in_play else m.held[pos]

    @property
    def stock(self):
        """The stock's card ids, top first (the whole truth, for tests)."""
        cdef const ec_match *m = &self.e.m
        return [m.stock[m.stock_top + i] for i in range(m.stock_len)]

    @property
    def discarded_cards(self):
        """Card masks of the cards each position discarded this hand (0 elder, 1 dealer)."""
        return (self.e.disc[0], self.e.disc[1])

    # ------------------------------------------------------------------ tensors
    def write(self, seat, which, out):
        """Write ``seat``'s tensor (``which``: OBSERVATION or INFO_STATE) into ``out``
        (a contiguous uint8 or int8 buffer of at least :func:`tensor_size` bytes)."""
        cdef const ec_tensor_layout *L = &_LAYOUTS[check_which(which)]
        cdef Py_buffer view
        cdef int s = seat_arg(seat, 2)
        get_bytes(out, L.size, &view)
        ec_mt_tensor(&self.e, s, L, <uint8_t *>view.buf)  # (C: cannot raise)
        PyBuffer_Release(&view)

    def write_mask(self, out):
        """Write the legal ids as bytes into ``out`` (at least 96 bytes)."""
        cdef Py_buffer view
        get_bytes(out, EC_NUM_IDS, &view)
        ec_mt_mask(&self.rules.cfg, &self.e, <uint8_t *>view.buf)
        PyBuffer_Release(&view)


def _restore(Rules rules, bint auto_chance, bytes raw):
    """The state :meth:`MatchState.__reduce__` saved (checked to be a plausible one)."""
    cdef MatchState s = MatchState(rules, 0, auto_chance)
    cdef ec_mt_env e
    if len(raw) != sizeof(ec_mt_env):
        raise ValueError("not a saved Écarté state of this build")
    memcpy(&e, <const char *>raw, sizeof(ec_mt_env))
    m = &e.m
    if (m.phase > EC_PH_OVER or not -1 <= m.trump <= 3 or not -2 <= m.to_act <= 1
            or m.stock_top + m.stock_len > 21 or m.ndiscards > 48 or m.play.nplayed > 10
            or (m.dealer != EC_NO_SEAT and m.dealer > 1) or m.nlog != 0):
        raise ValueError("not a saved Écarté state of these rules")
    s.e = e
    return s


cdef class MatchBatch(_Batch):
    """``n`` Écarté match environments stepped together in C (``ecarte_env.h``), auto-reset
    SAME_STEP; ``ecarte.rl.vector.VecEnv`` is its Python face. Outputs: numpy arrays of the
    shapes of ``outputs_of`` (``_core/rl.pxd``) with 2 seats, or None."""

    cdef ec_mt_batch b
    cdef readonly Rules rules

    def __cinit__(self):
        self.rl = &self.b.rl
        self.ids = EC_NUM_IDS
        self.seats = 2

    def __init__(self, size_t n, Rules rules, seed=0, which=EC_MT_OBSERVATION):
        if not rules.playable:
            raise ArgumentError("matches whose hooks Python answers are not played in batches")
        self.rules = rules
        self.b.cfg = &rules.cfg
        self.b.envs = <ec_mt_env *>self._init(n, seed_arg(seed), &_LAYOUTS[check_which(which)], 2,
                                              sizeof(ec_mt_env))
        self._start()

    cdef int _reset(self, const ec_rl_outputs *out) noexcept nogil:
        return ec_mt_batch_reset(&self.b, out)

    cdef int _step(self, const int32_t *actions, const ec_rl_outputs *out,
                   size_t *bad) noexcept nogil:
        return ec_mt_batch_step(&self.b, actions, out, bad)

    def state(self, i):
        """A copy of environment ``i``'s match (a :class:`MatchState`)."""
        cdef MatchState s = MatchState.__new__(MatchState)
        s.e = self.b.envs[batch_index(&self.b.rl, i)]
        s.rules = self.rules
        s.auto_chance = True
        return s
