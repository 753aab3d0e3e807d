# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The match machine (``ec_machine.c``) through Cython: the state behind ``ecarte.Game``.

``Machine`` owns one ``ec_match`` and its log; ``ecarte.Game`` is a Python class
built on it (see ``ecarte.games.ecarte.game``), so the calls a playing loop makes
(``legal_actions``, ``apply``, ``to_act``, ``clone``) run here without a Python
frame, and only what a plugin overrides goes back to Python.
``_pymachine.Machine`` is its pure-Python twin, with the same methods.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.ref cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.pythread cimport PyThread_get_thread_ident
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from ecarte.games.ecarte.machine cimport *
from ecarte._core.masks cimport legal_mask_of

cdef extern from "ecarte_machine.h":
    int EC_NUM_IDS

from ecarte.games.ecarte._pure_machine import MatchTotals
from ecarte.games.ecarte.protocol import VIEW_FIELDS
from ecarte._errors import ConcurrentUseError, UninitialisedError


class _Unset:
    """The facade's fields of a machine made by ``__new__`` alone: any use says so."""

    def __getattr__(self, name):
        raise UninitialisedError("this Game was never initialised (made by __new__ alone)")


_UNSET = _Unset()


# The constants of ecarte_machine.h, read from the header at compile time (the facade
# takes them from here; the pure twin states them in _pure_machine.py).
PH_CUT = EC_PH_CUT
PH_PACKETS = EC_PH_PACKETS
PH_DEAL = EC_PH_DEAL
PH_PROPOSE = EC_PH_PROPOSE
PH_RESPOND = EC_PH_RESPOND
PH_ELDER_DISCARD = EC_PH_ELDER_DISCARD
PH_DEALER_DISCARD = EC_PH_DEALER_DISCARD
PH_PLAY = EC_PH_PLAY
PH_OVER = EC_PH_OVER
CHANCE = EC_CHANCE
TERMINAL = EC_TERMINAL
NO_SEAT = EC_NO_SEAT
STOP_IDLE = EC_STOP_IDLE
STOP_HOOK = EC_STOP_HOOK
STOP_ROOM = EC_STOP_ROOM
ENOTNOW = EC_ENOTNOW
ENOTALLOWED = EC_ENOTALLOWED
EDISCARDN = EC_EDISCARDN
EBADANSWER = EC_EBADANSWER
ELOG = EC_ELOG
ECUTLOOP = EC_ECUTLOOP
ENOUNDOHERE = EC_ENOUNDOHERE
EBADCHANCE = EC_EBADCHANCE
NUM_HOOKS = EC_NUM_HOOKS


def hook_answer_size(int hook):
    """Answer bytes of ``hook`` (``ec_hook_answer_size``), -1 for no such hook."""
    return ec_hook_answer_size(hook)


ANSWER_SIZES = tuple([ec_hook_answer_size(h) for h in range(EC_NUM_HOOKS)])
"""Answer bytes of each hook point (``ec_hook_answer_size``)."""
HOOK_NAMES = tuple([ec_hook_name(h).decode() for h in range(EC_NUM_HOOKS)])
"""The name of each hook point (``ec_hook_name``): hook ``h`` asks ``ecarte_<name>``."""


# Python objects the machine hands out, set once by ecarte.games.ecarte.game (set_tables).
cdef object _ACTIONS = None         # action objects by id, 0..38
cdef object _DISCARDS = None        # callable: card mask -> its (shared) Discard
cdef object _CHOICES_ABC = None     # ecarte.games.ecarte.game.DiscardChoices, which this class joins
cdef object _DISCARD_TYPE = None    # ecarte.Discard
cdef PyObject *_INTERNED[39]        # the objects of _ACTIONS, for identity lookups
cdef dict _MASKS = {}               # legal_action_mask() tuples by legal bits, made once


def set_tables(actions, legal_by_mask, discard, choices_abc):
    """Give the machine the interned actions (a tuple indexed by id 0..38), the cache of
    legal tuples by id mask, the function from a card mask to its Discard, and the public
    class of discard choices, which the machine's own :class:`DiscardChoices` joins as a
    virtual subclass (called by ecarte.games.ecarte.game)."""
    global _ACTIONS, _DISCARDS
    if len(actions) != 39:
        raise ValueError("expected the 39 interned actions of ids 0..38")
    _ACTIONS = tuple(actions)
    # (legal_by_mask is the pure twin's cache: here tuples are made from the id bits)
    global _CHOICES_ABC, _DISCARD_TYPE
    _DISCARDS = discard
    _DISCARD_TYPE = type(discard(0))
    _CHOICES_ABC = choices_abc
    choices_abc.register(DiscardChoices)
    for i in range(39):
        _INTERNED[i] = <PyObject *>PyTuple_GET_ITEM(_ACTIONS, i)


def random_matches(MatchConfig config, uint64_t seed, size_t n):
    """``n`` random complete matches in C without the GIL (``ec_random_matches``); the
    twin of ``_pure_machine.random_matches``, with the same ``MatchTotals``."""
    cdef ec_match_totals t
    cdef uint32_t cap = 1 << 16
    cdef uint8_t *buf
    cdef int r
    if config.cfg.hook_mask != 0:
        raise ValueError("random matches are played without hooks (hook_mask must be 0)")
    while True:
        buf = <uint8_t *>PyMem_Malloc(cap)
        if buf == NULL:
            raise MemoryError()
        ec_match_totals_init(&t)
        with nogil:
            r = ec_random_matches(&config.cfg, seed, n, buf, cap, &t)
        PyMem_Free(buf)
        if r != EC_STOP_ROOM:
            break
        cap *= 4  # a match whose log needs more: play the batch again (same results)
    if r != 0:
        raise ValueError(f"random matches: error {r}")
    return MatchTotals(t.matches, t.games, t.hands, t.actions,
                       tuple([t.wins[i] for i in range(16)]), t.digest)




cdef class MatchConfig:
    """The rules and overridden hooks of matches (``ec_match_config``): shared, read-only."""

    cdef ec_match_config cfg
    cdef readonly object key

    def __init__(self, tuple rules, uint32_t hook_mask):
        if match_config_init(&self.cfg, rules, hook_mask) != 0:
            raise ValueError(f"rules out of range for the match machine: {rules!r}")
        self.key = (rules, hook_mask)

    @property
    def hook_mask(self):
        return self.cfg.hook_mask


cdef enum:
    LOG_START = 256


cdef class Machine:
    """One match: the C struct, its log, and the Python-side slots of ``ecarte.Game``."""

    cdef ec_match m
    cdef ec_match *saved       # the state before the call in progress (hooks may fail)
    cdef ec_log log
    cdef MatchConfig config
    cdef bint hooks            # some hook is a plugin's: the machine may stop for Python
    cdef bint vetoes           # some plugin vetoes decisions (legal non-card actions)
    cdef bint notify           # some plugin wants notifications
    cdef int nlegal            # entries of legal_ids that match _legal (0: look up elsewhere)
    cdef uint8_t legal_ids[32]
    cdef public object _legal  # the legal actions of this state (None: not computed yet)
    cdef public object _config # ecarte.games.ecarte.game._Config of the game (shared with clones)
    cdef public object _records  # records parsed from the log (ecarte.games.ecarte._records)
    cdef public object _busy   # True while an apply runs hooks (a hook sees a mid-step game)
    cdef public object _silent # True for clones: no notifications
    cdef public object _notified  # log offset up to which plugins were notified
    cdef unsigned long owner   # the thread running Python code mid-call (hooks), while
    cdef int depth             # depth > 0: other threads' calls raise ConcurrentUseError
    cdef object __weakref__

    def __cinit__(self):
        self._config = _UNSET  # set by the facade's __init__

    def __dealloc__(self):
        PyMem_Free(self.log.buf)
        PyMem_Free(self.saved)

    cdef inline int _need(self) except -1:
        if self.config is None:
            raise UninitialisedError(
                f"this {type(self).__name__} was never initialised (made by __new__ alone)")
        return 0

    cdef inline int _free(self) except -1:
        """Refuse a call while another thread is inside a call that runs Python code (a
        plugin's hook, a notification, the slow path); a call without them runs in C
        under the GIL, whole."""
        if self.depth and self.owner != PyThread_get_thread_ident():
            raise ConcurrentUseError()
        return 0

    cdef inline int _take(self) except -1:
        self._free()
        self.owner = PyThread_get_thread_ident()
        self.depth += 1
        return 0

    def _claim(self):
        """Take this machine for a call made of several reads or steps (the game's reads,
        ``undo``): a call from another thread meanwhile raises ConcurrentUseError, as this
        one does if another thread holds it; the holding thread may take it again.
        :meth:`_release` gives it back (no object made: a read pays two C calls)."""
        self._need()
        self._take()

    def _release(self):
        if self.depth > 0 and self.owner == PyThread_get_thread_ident():
            self.depth -= 1

    cdef int _save(self) except -1:
        if self.saved == NULL:
            self.saved = <ec_match *>PyMem_Malloc(sizeof(ec_match))
            if self.saved == NULL:
                raise MemoryError()
        self.saved[0] = self.m
        return 0

    cdef int _room(self, uint32_t need) except -1:
        cdef uint32_t cap = self.log.cap
        cdef uint8_t *buf
        if cap - self.m.nlog >= need and self.log.buf != NULL:
            return 0
        while cap < self.m.nlog + need:
            cap = cap * 2 if cap else LOG_START
        buf = <uint8_t *>PyMem_Realloc(self.log.buf, cap)
        if buf == NULL:
            raise MemoryError()
        self.log.buf = buf
        self.log.cap = cap
        return 0

    cdef int _go(self, int status) except -9999:
        while status == EC_STOP_ROOM:
            self._room(EC_LOG_ROOM)
            status = ec_match_resume(&self.config.cfg, &self.m, &self.log)
        return status

    # ------------------------------------------------------------ low level

    def _m_start(self, MatchConfig config, uint64_t seed, bint auto_chance, int flags):
        """Start a match; ``flags``: 1 some hook is a plugin's, 2 some plugin vetoes
        decisions, 4 some plugin wants notifications."""
        self.config = config
        self.hooks = flags & 1
        self.vetoes = flags & 2
        self.notify = flags & 4
        self._room(EC_LOG_ROOM)
        self._legal = None
        return self._go(ec_match_start(&config.cfg, &self.m, &self.log, seed, auto_chance))

    def _m_apply(self, int action_id):
        self._need()
        self._room(EC_LOG_ROOM)
        self._legal = None
        return self._go(ec_match_apply(&self.config.cfg, &self.m, &self.log, action_id))

    def _m_chance(self, cards):
        self._need()
        cdef uint8_t c[32]
        cdef int n = len(cards)
        if n != 2 and n != 32:
            return EC_EBADCHANCE
        for i in range(n):
            v = cards[i]
            if not 0 <= v < 64:
                return EC_EBADCHANCE
            c[i] = v
        self._room(EC_LOG_ROOM)
        self._legal = None
        return self._go(ec_match_chance(&self.config.cfg, &self.m, &self.log, c, n))

    def _m_draw(self):
        self._need()
        cdef uint8_t c[32]
        cdef int n = ec_match_draw(&self.m, c)
        return tuple([c[i] for i in range(n)])

    def _m_answer(self, bytes data):
        self._need()
        if len(data) != ec_hook_answer_size(self.m.hook):
            raise ValueError("wrong answer size")
        self._room(EC_LOG_ROOM + len(data))
        self._legal = None
        return self._go(ec_match_answer(&self.config.cfg, &self.m, &self.log,
                                        <const uint8_t *>PyBytes_AS_STRING(data)))

    def _m_resume(self):
        self._need()
        self._room(EC_LOG_ROOM)
        self._legal = None
        return self._go(ec_match_resume(&self.config.cfg, &self.m, &self.log))

    def _m_undo(self):
        self._need()
        self._legal = None
        self._room(EC_LOG_ROOM)
        return ec_match_undo(&self.config.cfg, &self.m, &self.log)

    def _m_save(self):
        """Keep the state: :meth:`_m_restore` undoes whatever happens until the next save
        (the log past its saved length is ignored)."""
        self._need()
        self._save()

    def _m_restore(self):
        self._need()
        if self.saved != NULL:  # (nothing saved: a match that failed to start)
            self.m = self.saved[0]
        self._legal = None

    def _m_log(self, uint32_t start=0):
        """The log from ``start`` to its end, as bytes."""
        self._need()
        if start > self.m.nlog:
            start = self.m.nlog
        return PyBytes_FromStringAndSize(<char *>self.log.buf + start, self.m.nlog - start)

    def _m_legal(self):
        self._need()
        cdef uint64_t w[2]
        ec_match_legal(&self.config.cfg, &self.m, w)
        return w[0], w[1]

    def _m_set_auto(self, bint auto_chance):
        self._need()
        self.m.auto_chance = auto_chance


    @property
    def _m_phase(self):
        self._need()
        return self.m.phase

    @property
    def _m_hook(self):
        self._need()
        return self.m.hook, (self.m.hook_args[0], self.m.hook_args[1], self.m.hook_args[2],
                             self.m.hook_args[3])

    @property
    def _m_nlog(self):
        self._need()
        return self.m.nlog

    @property
    def _m_last_input(self):
        self._need()
        return -1 if self.m.last_input == 0xFFFFFFFF else self.m.last_input

    @property
    def _m_config(self):
        self._need()
        return self.config

    def _m_view(self):
        """The machine's fields now, by name (a :class:`MatchView`)."""
        self._need()
        cdef MatchView view = MatchView.__new__(MatchView)
        view.m = self.m
        view.players = self.config.cfg.rules.nplayers
        return view

    def _m_public_json(self, since=None, int least=EC_VIEW_OWN_LIMITS, int most=0):
        """The public view told as what changed (``ec_public_view``): ``(members, mark)``,
        or None when ``since`` is not a mark; ``least``, ``most``: the discard limits
        (-1: none; -2, the default: the machine's own)."""
        self._need()
        cdef uint8_t mark[EC_VIEW_CAP]
        cdef uint8_t out[EC_VIEW_CAP]
        cdef size_t mark_len = 0, out_len = 0, old_len = 0
        cdef const uint8_t *old = NULL
        cdef int status
        if since is not None:
            if type(since) is not bytes:
                return None
            old = <const uint8_t *>PyBytes_AS_STRING(since)
            old_len = PyBytes_GET_SIZE(since)
        status = ec_public_view(&self.m, self.config.cfg.rules.nplayers, least, most, old,
                                old_len, mark, EC_VIEW_CAP, &mark_len, out, EC_VIEW_CAP,
                                &out_len)
        if status == EC_EBADMARK:
            return None
        if status < 0:
            raise ValueError(f"discard limits out of 0..255: {least}, {most}")
        return (PyBytes_FromStringAndSize(<char *>out, out_len),
                PyBytes_FromStringAndSize(<char *>mark, mark_len))

    # ------------------------------------------------------------ the hot path

    @property
    def to_act(self):
        """The seat to act, or ``CHANCE`` (-1), or ``TERMINAL`` (-2)."""
        self._need()
        return self.m.to_act

    @property
    def is_over(self):
        """True once the match is over."""
        self._need()
        return self.m.phase == EC_PH_OVER

    def legal_actions(self):
        """The actions ``to_act`` may take, sorted by action id (empty at chance nodes, at
        the end, and inside a plugin hook while an action is being applied)."""
        self._need()
        cdef uint64_t w[2]
        cdef uint64_t bits
        cdef int n = 0, pos, k
        if self.depth:
            self._free()
        legal = self._legal
        if legal is not None:
            return legal
        if self._busy:
            return ()
        ec_match_legal(&self.config.cfg, &self.m, w)
        if self.vetoes and (w[1] or w[0] >> 32):
            self.nlegal = 0  # ids of the filtered tuple are looked up in Python
            self._take()  # plugins' Python code runs: no other thread's change then
            try:
                return self._legal_slow()  # decisions a plugin may veto
            finally:
                self.depth -= 1
        if w[1]:  # a sequence whose objects are made when read: apply asks it for ids
            pos = self.m.phase == EC_PH_DEALER_DISCARD
            legal = _choices(self.m.held[pos], self.m.disc_least, self.m.disc_most)
        else:  # the interned action of each id: a tuple made from the bits
            bits = w[0]
            legal = PyTuple_New(_popcount(bits))
            while bits:
                k = _ctz(bits)
                bits &= bits - 1
                self.legal_ids[n] = k
                item = <object>_INTERNED[k]
                Py_INCREF(item)
                PyTuple_SET_ITEM(legal, n, item)
                n += 1
        self.nlegal = n
        self._legal = legal
        return legal

    def legal_action_mask(self, out=None):
        """A ``NUM_ACTION_IDS``-long mask of the legal ids, as a new tuple of bools; with
        ``out`` (a writable buffer of one-byte items, e.g. a numpy uint8 or bool array of
        at least 96) written there as 0/1 and ``out`` returned. Made in C from the
        machine's legal bits (the tuples shared, by bits), unless a plugin may veto these
        actions."""
        self._need()
        cdef uint64_t w[2]
        if self.depth:
            self._free()
        if self._busy:
            return self._legal_mask_slow(out)
        ec_match_legal(&self.config.cfg, &self.m, w)
        if self.vetoes and (w[1] or w[0] >> 32):
            self._take()  # plugins' Python code runs: no other thread's change then
            try:
                return self._legal_mask_slow(out)  # decisions a plugin may veto
            finally:
                self.depth -= 1
        if out is not None:
            return legal_mask_of(w, EC_NUM_IDS, out, False)
        key = w[0] if not w[1] else ~<object>w[1]  # (no discard is legal beside another id)
        mask = _MASKS.get(key)
        if mask is None:
            mask = legal_mask_of(w, EC_NUM_IDS, None, False)
            if len(_MASKS) < 4096:
                _MASKS[key] = mask
        return mask

    def legal_action_bits(self):
        """The legal ids as the bits of an int (bit ``i`` set: id ``i`` is legal), read in
        C from the machine's legal bits, unless a plugin may veto these actions."""
        self._need()
        cdef uint64_t w[2]
        if self.depth:
            self._free()
        if self._busy:
            return 0
        ec_match_legal(&self.config.cfg, &self.m, w)
        if self.vetoes and (w[1] or w[0] >> 32):
            self._take()  # plugins' Python code runs: no other thread's change then
            try:
                return self._legal_bits_slow()  # decisions a plugin may veto
            finally:
                self.depth -= 1
        return <object>w[0] | (<object>w[1]) << 64

    def hand_mask(self, seat):
        """The card mask of the cards ``seat`` holds (:meth:`hand`'s ``mask``), read from
        the machine."""
        self._need()
        if not (type(seat) is int and 0 <= seat < self.config.cfg.rules.nplayers):
            self._check_seat(seat)  # raises
        if self.m.dealer == EC_NO_SEAT:
            return 0
        if seat == self.m.elder:
            return self.m.play.hands[0] if self.m.in_play else self.m.held[0]
        if seat == self.m.dealer:
            return self.m.play.hands[1] if self.m.in_play else self.m.held[1]
        return 0

    def apply(self, action, *, seat=None):
        """Apply the action of the seat to act (checked), or a chance event.

        ``action`` may be the text form (``"propose"``, ``"K♠"``...). With ``seat``, also
        check that it is that seat's turn. An illegal action raises
        :class:`~ecarte.IllegalActionError` and changes nothing.
        """
        self._need()
        cdef PyObject *a = <PyObject *>action
        cdef int i, action_id = -1
        cdef uint32_t start
        legal = self._legal
        if legal is not None:
            for i in range(self.nlegal):
                if <PyObject *>PyTuple_GET_ITEM(legal, i) is a:
                    action_id = self.legal_ids[i]
                    break
        if action_id < 0:
            for i in range(39):
                if _INTERNED[i] is a:
                    action_id = i
                    break
            else:
                if legal is not None and type(legal) is DiscardChoices:
                    action_id = (<DiscardChoices>legal).id_of(action)  # a discard offered
        if (action_id < 0 or self._busy or (self.vetoes and legal is None and action_id >= 32)
                or (seat is not None and not (type(seat) is int and seat == self.m.to_act))):
            self._take()  # Python code runs: no other thread's call in between
            try:
                return self._apply_slow(action, seat, action_id)
            finally:
                self.depth -= 1
        if not (self.hooks or self.notify):  # all in C: one call under the GIL
            if self.depth:
                self._free()
            self._room(EC_LOG_ROOM)
            self._step(action, action_id)
            return
        self._take()  # plugins' Python code runs mid-call: no other thread's call then
        try:
            self._room(EC_LOG_ROOM)
            start = self.m.nlog
            if self.hooks:
                self._save()
            self._step(action, action_id)
            if self.notify and _events(self.log.buf + start, self.m.nlog - start):
                self._notify(start)
        finally:
            self.depth -= 1

    cdef int _step(self, action, int action_id) except -1:
        """Apply ``action`` (of id ``action_id``; room made in the log) and go on to the
        next stop: an illegal action raises (``_illegal``), a hook is answered
        (``_continue``)."""
        cdef int status = self._go(
            ec_match_apply(&self.config.cfg, &self.m, &self.log, action_id))
        self._legal = None
        if status != EC_STOP_IDLE:
            if status < 0:
                self._illegal(action, action_id, status)
            self._continue(status, action)
        return 0

    def clone(self):
        """An independent copy (same plugins; notifications are not sent from clones)."""
        self._need()
        cdef Machine new
        if self.depth:
            self._free()
        if self._busy:
            self._refuse_mid_step("clone()")
        new = <Machine>type(self).__new__(type(self))
        new.m = self.m
        new.config = self.config
        new.hooks = self.hooks
        new.vetoes = self.vetoes
        new.notify = self.notify
        new.log.cap = self.m.nlog + EC_LOG_ROOM
        new.log.buf = <uint8_t *>PyMem_Malloc(new.log.cap)
        if new.log.buf == NULL:
            raise MemoryError()
        memcpy(new.log.buf, self.log.buf, self.m.nlog)
        new._legal = self._legal
        new.nlegal = self.nlegal
        memcpy(new.legal_ids, self.legal_ids, sizeof(self.legal_ids))
        new._config = self._config
        new._silent = True
        new._busy = False
        new._notified = self._notified
        return new


include "_match_view.pxi"


cdef inline bint _events(const uint8_t *log, uint32_t n):
    """Whether ``log[0:n]`` may hold an event to notify (a byte that is a game start, a
    hand or game end or the match end; data bytes may look like one: then the caller
    reads the log and finds none)."""
    cdef uint32_t i
    for i in range(n):
        if log[i] == 0xD0 or log[i] == 0xD4 or log[i] == 0xD5 or log[i] == 0xD6:
            return True
    return False


cdef inline int _popcount(uint64_t x):
    return __builtin_popcountll(x)


cdef inline int _ctz(uint64_t x):
    return __builtin_ctzll(x)


cdef extern from *:
    int __builtin_ctzll(unsigned long long)
    int __builtin_popcountll(unsigned long long)


cdef DiscardChoices _choices(uint64_t hand, int least, int most):
    cdef DiscardChoices c = DiscardChoices.__new__(DiscardChoices)
    cdef int n = 0, m
    while hand and n < 5:
        c.cards[n] = hand & (~hand + 1)
        hand &= hand - 1
        n += 1
    c.ncards = n
    n = 0
    for m in range(1 << c.ncards):
        if least <= _popcount(m) <= most:
            c.masks[n] = m
            n += 1
    c.n = n
    return c


cdef class DiscardChoices:
    """The legal discards of a hand: the twin of ``ecarte.games.ecarte.game.DiscardChoices`` (see there),
    a read-only sequence whose Discard objects are made when read."""

    cdef uint64_t cards[5]
    cdef int ncards
    cdef uint8_t masks[32]
    cdef int n

    cdef uint64_t subset(self, int m):
        cdef uint64_t out = 0
        cdef int i
        for i in range(self.ncards):
            if m >> i & 1:
                out |= self.cards[i]
        return out

    cdef int id_of(self, object action) except -2:
        """64 + the position mask of ``action`` if it is one of these discards, else -1."""
        cdef uint64_t cards
        cdef int i, m = 0
        if type(action) is not _DISCARD_TYPE:
            return -1
        cards = action.cards.mask
        for i in range(self.ncards):
            if cards & self.cards[i]:
                m |= 1 << i
        if self.subset(m) != cards:
            return -1
        for i in range(self.n):
            if self.masks[i] == m:
                return 64 + m
        return -1

    def _id_of(self, action):
        return self.id_of(action)

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        cdef Py_ssize_t i
        if isinstance(index, slice):
            return tuple([self[i] for i in range(*index.indices(self.n))])
        i = index
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("discard choice index out of range")
        return _DISCARDS(self.subset(self.masks[i]))

    def __iter__(self):
        cdef int i
        return iter([_DISCARDS(self.subset(self.masks[i])) for i in range(self.n)])

    def __contains__(self, action):
        return self.id_of(action) >= 0

    def __eq__(self, other):
        if isinstance(other, (tuple, _CHOICES_ABC)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self):
        return hash(tuple(self))

    def __add__(self, other):
        return (*self, *other)

    def __radd__(self, other):
        return (*other, *self)

    def index(self, value, start=0, stop=None):
        return tuple(self).index(value, start, self.n if stop is None else stop)

    def count(self, value):
        return 1 if value in self else 0

    def __reversed__(self):
        return reversed(tuple(self))

    def __repr__(self):
        return repr(tuple(self))

