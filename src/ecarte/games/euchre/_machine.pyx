# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Euchre machine (``ec_euchre_game.c``) through Cython: the state behind
``ecarte.games.euchre.EuchreGame``.

``EuchreMachine`` owns one ``ec_eu_game`` and the history of the ids applied; the
plugin's game class subclasses it, so the calls a playing loop makes
(``legal_action_ids``, ``apply_id``, ``to_act``, ``copy``) run here without a Python
frame. ``_pure_euchre.EuchreMachine`` is its pure-Python twin, with the same methods.
"""


from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from ecarte.games.euchre._pure_machine import (
    CHANCE_PAIRS,
    EuchreGameTotals,
    _action_id,
    _arg,
    _bool_arg,
    _machine_args,
    _rebuild,
    _replay,
    _restore_history,
    _trick_args,
)
from ecarte.games.euchre._pure_hands import EuchreResult, EuchreTotals, _check_euchre_batch
from ecarte._errors import (
    ArgumentError, ConcurrentUseError, IllegalActionError, uninitialised)


from cpython.exc cimport PyErr_CheckSignals
from cpython.pythread cimport PyThread_get_thread_ident

from ecarte._core.batching cimport HANDS_CHUNK, RESULTS_CHUNK, chunk
from ecarte._core.core cimport ec_rng_seed, ec_trick_winner
from ecarte._core.masks cimport legal_mask_of
from ecarte.games.euchre.machine cimport *

cdef extern from *:
    """
    static inline int eu_ctz(uint64_t m) { return __builtin_ctzll(m); }
    static inline int eu_popcount(uint64_t m) { return __builtin_popcountll(m); }
    /* A new list of table[base + i] for each bit i of m, ascending (the table a tuple of
       immortal-in-practice objects: small ints, interned pairs). */
    static PyObject *eu_list(uint64_t m, PyObject *table, Py_ssize_t base) {
        PyObject *out = PyList_New(__builtin_popcountll(m));
        PyObject **item;
        if (out == NULL)
            return NULL;
        item = ((PyListObject *)out)->ob_item;
        while (m) {
            PyObject *v = PyTuple_GET_ITEM(table, base + __builtin_ctzll(m));
            Py_INCREF(v);
            *item++ = v;
            m &= m - 1;
        }
        return out;
    }
    """
    int eu_ctz(uint64_t m) nogil
    int eu_popcount(uint64_t m) nogil
    list eu_list(uint64_t m, tuple table, Py_ssize_t base)


cdef class _Tables:
    """A deck's machine tables (``_machine.pxd``: the RL module takes them from here)."""


cdef dict _TABLES = {}
cdef tuple _SMALL = tuple(range(64))
cdef tuple _PAIRS = CHANCE_PAIRS  # (i, 1.0 / n) at n * 32 + i, shared with the twin
cdef uint8_t AUTO = 0x80


cdef _Tables _tables(int deck):
    cdef _Tables tb = _TABLES.get(deck)
    if tb is None:
        tb = _Tables()
        if ec_eu_tables_init(&tb.t, deck) != 0:
            raise ArgumentError(f"deck must be 24, 25 or 32 cards, not {deck!r}")
        _TABLES[deck] = tb
    return tb


cdef object _M64 = (1 << 64) - 1


cdef inline bint _plain(object value, object high):
    """Whether ``value`` is a plain int 0..high."""
    return type(value) is int and 0 <= value <= high


cdef class EuchreMachine:
    """A whole game of Euchre in the C core (``ecarte_euchre.h``): ``deck`` 24, 25 or 32
    cards, ``flags`` the ``EUCHRE_*`` options, ``target`` points (0: a single deal),
    ``seed`` for the chance outcomes. Ids are the header's (OpenSpiel's for 24 cards)."""

    cdef ec_eu_game g
    cdef const ec_eu_tables *t
    cdef _Tables _tb
    cdef uint8_t *hist
    cdef Py_ssize_t nhist, cap
    cdef bint _auto
    cdef Py_ssize_t nsealed
    cdef unsigned long owner  # the thread holding the machine (_claim), while depth > 0
    cdef int depth
    cdef public int _nmask  # the length of legal_action_mask(): num_action_ids
    cdef public object rules  # the game's rules (EuchreGame's: its instances have no dict)
    cdef object __weakref__

    STICK = 1
    DECLINE = 2
    LONE_DEFENDER = 4
    LONE_FOUR = 8
    LEAD_LONE = 16
    ONE_BY_ONE = 32
    DISCARD_UP = 64
    ANYONE_ALONE = 128

    def __cinit__(self):
        self.hist = NULL
        self.nhist = self.cap = 0

    def __dealloc__(self):
        PyMem_Free(self.hist)

    def __init__(self, deck=24, flags=0, target=10, seed=0, auto_chance=True):
        if not (type(deck) is int and (deck == 24 or deck == 25 or deck == 32)
                and _plain(flags, 255) and (flags & 0x84) != 0x80  # ANYONE_ALONE needs
                and _plain(target, 1000) and _plain(seed, _M64)    # LONE_DEFENDER
                and type(auto_chance) is bool):  # else the twin's checks and conversions
            deck, flags, target, seed, auto_chance = _machine_args(
                deck, flags, target, seed, auto_chance)
        self._setup(deck, flags, target, seed, auto_chance)

    cdef _setup(self, int deck, int flags, int target, uint64_t seed, bint auto_chance):
        cdef ec_eu_config cfg
        self._free()
        self._tb = _tables(deck)
        self.t = &self._tb.t
        cfg.seed = seed
        cfg.target = <uint16_t>target
        cfg.deck = <uint8_t>deck
        cfg.flags = <uint8_t>flags
        ec_eu_init(self.t, &self.g, &cfg)
        self.nhist = self.nsealed = 0
        self._nmask = self.t.ncards + 9
        self._auto = auto_chance
        if auto_chance:
            self._run_chance()

    cdef inline int _need(self) except -1:
        if self.t == NULL:
            raise uninitialised(self)
        return 0

    cdef inline int _free(self) except -1:
        """Refuse a change while another thread holds the machine (each call here runs
        in C under the GIL: only the game's calls of several steps hold it)."""
        if self.depth and self.owner != PyThread_get_thread_ident():
            raise ConcurrentUseError()
        return 0

    def _claim(self):
        """Take this machine for a call made of several reads or steps (the game's
        methods): a change from another thread meanwhile raises ConcurrentUseError, as
        this call does if another thread holds it. :meth:`_release` gives it back."""
        self._need()
        self._free()
        self.owner = PyThread_get_thread_ident()
        self.depth += 1

    def _release(self):
        if self.depth > 0 and self.owner == PyThread_get_thread_ident():
            self.depth -= 1

    cdef int _push(self, uint8_t entry) except -1:
        cdef Py_ssize_t cap
        cdef uint8_t *grown
        if self.nhist == self.cap:
            cap = self.cap * 2 if self.cap else 128
            grown = <uint8_t *>PyMem_Realloc(self.hist, <size_t>cap)
            if grown == NULL:
                raise MemoryError()
            self.hist = grown
            self.cap = cap
        self.hist[self.nhist] = entry
        self.nhist += 1
        return 0

    cdef int _run_chance(self) except -1:
        cdef int i
        while self.g.to_act == EC_EU_CHANCE:
            i = ec_eu_chance(self.t, &self.g)
            self._push(<uint8_t>i | AUTO)
        return 0

    # ------------------------------------------------------------------ reading
    @property
    def deck(self) -> int:
        self._need()
        return self.g.cfg.deck

    @property
    def flags(self) -> int:
        self._need()
        return self.g.cfg.flags

    @property
    def target(self) -> int:
        self._need()
        return self.g.cfg.target

    @property
    def seed(self) -> int:
        self._need()
        return self.g.cfg.seed

    @property
    def auto_chance(self) -> bool:
        """Whether chance outcomes are drawn as soon as they are due; switching it on draws
        those due now."""
        self._need()
        return self._auto

    @auto_chance.setter
    def auto_chance(self, on) -> None:
        self._need()
        on = _bool_arg(on, "auto_chance")
        self._free()
        self._auto = on
        if self._auto:
            self._run_chance()

    def seal(self) -> None:
        """Fix the history so far: :meth:`undo` never takes it back."""
        self._need()
        self._free()
        self.nsealed = self.nhist

    @property
    def sealed(self) -> int:
        """How many history entries :meth:`undo` never takes back."""
        self._need()
        return self.nsealed

    def chance_auto(self) -> int:
        """Draw and apply the chance outcome due, recorded as drawn automatically (as
        ``auto_chance`` does); restoring a saved history uses it."""
        self._need()
        self._free()
        cdef int i = ec_eu_chance(self.t, &self.g)
        if i < 0:
            raise IllegalActionError("no chance outcome is due")
        self._push(<uint8_t>i | AUTO)
        return i

    def __reduce__(self):
        self._need()
        d = getattr(self, "__dict__", None)
        return (
            _restore,
            (type(self), self.g.cfg.deck, self.g.cfg.flags, self.g.cfg.target, self.g.cfg.seed,
             self._auto, self.history_ids(), self.history_auto(), self.nsealed, d),
        )

    @property
    def phase(self) -> int:
        self._need()
        return self.g.phase

    @property
    def to_act(self) -> int:
        """The seat to act, -1 for chance, -2 once over."""
        self._need()
        return self.g.to_act

    @property
    def is_over(self) -> bool:
        self._need()
        return self.g.phase == EC_EU_OVER

    @property
    def dealer(self) -> int:
        self._need()
        return self.g.dealer

    @property
    def upcard(self) -> int:
        self._need()
        return self.g.upcard

    @property
    def trump(self) -> int:
        self._need()
        return self.g.trump

    @property
    def maker(self) -> int:
        self._need()
        return self.g.maker

    @property
    def discard(self) -> int:
        self._need()
        return self.g.discard

    @property
    def alone(self) -> int:
        self._need()
        return self.g.alone

    @property
    def scores(self) -> tuple:
        self._need()
        return (self.g.scores[0], self.g.scores[1])

    @property
    def returns_tuple(self) -> tuple:
        self._need()
        return (self.g.returns[0], self.g.returns[1], self.g.returns[2], self.g.returns[3])

    @property
    def winner(self) -> int:
        self._need()
        return self.g.winner

    @property
    def steps(self) -> int:
        self._need()
        return self.g.steps

    @property
    def deals(self) -> int:
        self._need()
        return self.g.deals

    @property
    def num_ids(self) -> int:
        self._need()
        return self.t.ncards + 9

    @property
    def num_action_ids(self) -> int:
        """The length of :meth:`legal_action_mask`: ``num_ids`` unless the game set it
        (OpenSpiel's 31 under its rules)."""
        self._need()
        return self._nmask

    def legal_mask(self) -> int:
        self._need()
        return ec_eu_legal(self.t, &self.g)

    def legal_action_mask(self, out=None):
        """The legal ids (chance outcomes in a chance phase) as ``num_action_ids`` bools, a
        new list; with ``out`` (a writable buffer of one-byte items, e.g. a numpy uint8 or
        bool array of at least ``num_action_ids``) written there as 0/1 and ``out``
        returned."""
        self._need()
        cdef uint64_t m = ec_eu_legal(self.t, &self.g)
        return legal_mask_of(&m, self._nmask, out, True)

    def legal_action_ids(self) -> list:
        """The legal ids, ascending (the chance outcomes in a chance phase)."""
        self._need()
        return eu_list(ec_eu_legal(self.t, &self.g), _SMALL, 0)

    def chance_outcomes(self) -> list:
        """``(id, probability)`` of each chance outcome due, ascending by id, all equally
        likely (OpenSpiel's ``chance_outcomes()``); empty outside the chance phases. A new
        list each call, of the shared immutable pairs ``_pure_machine.CHANCE_PAIRS``."""
        self._need()
        cdef uint64_t m
        if self.g.to_act != EC_EU_CHANCE:
            return []
        m = ec_eu_legal(self.t, &self.g)
        return eu_list(m, _PAIRS, eu_popcount(m) * 32)

    def hand(self, seat) -> int:
        """The core card mask a seat holds now."""
        self._need()
        cdef int s = _seat(seat)
        if self.g.play.nactive:
            return self.g.play.hands[s]
        return self.g.hands[s]

    def bids(self) -> list:
        self._need()
        return [(b >> 6, b & 63) for b in self.g.bids[:self.g.nbids]]

    def played(self) -> tuple:
        """This deal's tricks so far: (leader, core card ids in play order) each."""
        self._need()
        cdef ec_playn *p = &self.g.play
        cdef int na = p.nactive, t
        if not na:
            return ()
        out = []
        for t in range((p.nplayed + na - 1) // na):
            out.append((p.leaders[t], tuple(p.cards[t * na:min(p.nplayed, t * na + na)])))
        return tuple(out)

    @property
    def tricks_won(self) -> tuple:
        """Tricks by side this deal (during the play: so far)."""
        self._need()
        cdef ec_playn *p = &self.g.play
        if self.g.phase == EC_EU_PLAY:
            return (p.won[0] + p.won[2], p.won[1] + p.won[3])
        return (self.g.won[0], self.g.won[1])

    def active(self) -> int:
        self._need()
        return self.g.play.active if self.g.play.nactive else 15

    def trick_winner(self, trump, cards) -> int:
        """The index in ``cards`` (1 to 4 core card ids of this deck, in play order) of the
        card that wins them with ``trump`` (a suit 0..3)."""
        cdef uint8_t trick[4]
        cdef int tr, r, k
        self._need()
        tr, cs = _trick_args(trump, cards, self.t.deck_mask)  # plain copies, checked
        for k in range(len(cs)):
            trick[k] = <uint8_t>cs[k]
        r = ec_trick_winner(&self.t.ctx[tr], trick, len(cs))
        if r < 0:
            raise ArgumentError(f"not a trick: {cards!r}")
        return r

    def core_card(self, action_id) -> int:
        self._need()
        cdef int n = self.t.ncards
        if not _plain(action_id, n - 1):
            action_id = _arg(action_id, "action_id", 0, n - 1, f"a card id 0..{n - 1}")
        return self.t.core_of[<int>action_id]

    def card_id(self, core_card) -> int:
        self._need()
        if not _plain(core_card, 63):
            core_card = _arg(core_card, "core_card", 0, 63, "a core card id 0..63")
        return self.t.id_of[<int>core_card]

    def history_ids(self) -> list:
        self._need()
        return [self.hist[k] & 0x7F for k in range(self.nhist)]

    def history_auto(self) -> list:
        self._need()
        return [bool(self.hist[k] & AUTO) for k in range(self.nhist)]

    # ----------------------------------------------------------------- acting
    def apply_id(self, action_id):
        """Apply an id (a chance outcome in a chance phase), checked: an illegal id raises
        :class:`ecarte.IllegalActionError` and changes nothing."""
        self._need()
        cdef int i
        if type(action_id) is int and 0 <= <object>action_id < 64:
            i = action_id
        else:
            v = _action_id(action_id)
            if not 0 <= v < 64:
                raise IllegalActionError(self._illegal_message(v))
            i = v
        if self.depth:
            self._free()
        if ec_eu_apply(self.t, &self.g, i) != 0:
            raise IllegalActionError(self._illegal_message(action_id))
        self._push(<uint8_t>i)
        if self._auto and self.g.to_act == EC_EU_CHANCE:
            self._run_chance()

    def _illegal_message(self, action_id) -> str:
        if self.g.phase == EC_EU_OVER:
            return f"action id {action_id} is not legal now: the game is over"
        legal = " ".join(map(str, self.legal_action_ids()))
        return f"action id {action_id} is not legal now (legal: {legal})"

    def chance(self) -> int:
        """Draw the chance outcome due from the seed, apply it and return it."""
        self._need()
        self._free()
        cdef int i = ec_eu_chance(self.t, &self.g)
        if i < 0:
            raise IllegalActionError("no chance outcome is due")
        self._push(<uint8_t>i)
        if self._auto:
            self._run_chance()
        return i

    def draw(self) -> int:
        self._need()
        return ec_eu_draw(self.t, &self.g)

    def undo(self) -> None:
        """Take back the last ``apply_id`` or ``chance()``, with the chance outcomes drawn
        automatically after it (a replay of the history, in C)."""
        self._need()
        self._free()
        cdef Py_ssize_t k = self.nhist - 1
        cdef ec_eu_config cfg = self.g.cfg
        while k >= 0 and self.hist[k] & AUTO:
            k -= 1
        if k < self.nsealed:
            raise IllegalActionError("nothing to undo")
        ec_eu_init(self.t, &self.g, &cfg)
        for j in range(k):
            ec_eu_apply(self.t, &self.g, self.hist[j] & 0x7F)
        self.nhist = k

    def restore_history(self, ids, autos, sealed) -> None:
        """Apply a saved history to a new machine (``auto_chance`` off): each id checked,
        those drawn automatically checked against the seed's draw, the first ``sealed``
        fixed. An error names the record and leaves the machine as it was built."""
        self._claim()  # its steps run Python code: no other thread comes in between
        cdef ec_eu_game saved = self.g

        def undo():
            self.g = saved
            self.nhist = self.nsealed = 0

        try:
            _restore_history(EuchreMachine, self, ids, autos, sealed, undo)
        finally:
            self._release()

    def copy(self):
        """An independent copy (of the subclass too, with its attributes)."""
        self._need()
        if self.depth:
            self._free()  # (not a machine another thread is restoring)
        cdef EuchreMachine new = type(self).__new__(type(self))
        new.g = self.g
        new._tb = self._tb
        new.t = self.t
        new._auto = self._auto
        new.nsealed = self.nsealed
        new._nmask = self._nmask
        new.rules = self.rules
        if self.nhist:
            new.hist = <uint8_t *>PyMem_Malloc(<size_t>self.cap)
            if new.hist == NULL:
                raise MemoryError()
            memcpy(new.hist, self.hist, <size_t>self.nhist)
            new.cap = self.cap
            new.nhist = self.nhist
        d = getattr(self, "__dict__", None)
        if d:
            new.__dict__.update(d)
        return new

    @classmethod
    def replay(cls, ids, deck=24, flags=0, target=10, seed=0, auto_chance=False):
        """The machine reached by applying ``ids`` (checked; an error names the record)."""
        return _replay(EuchreMachine, cls, ids, deck, flags, target, seed, auto_chance)


cdef dict _GAME_RULES = {}  # id(rules) -> (rules, deck, flags, target, mask length), as the
                           # facade made them
cdef object _facade_init = None


def game_init(EuchreMachine self, rules=None, *, seed=None, auto_chance=True):
    """``EuchreGame.__init__`` on this machine (``game_init_over`` installs it): rules
    object already seen, an int seed and a bool go straight to the machine, without a
    Python frame; anything else runs the facade's own ``__init__`` (its defaults, checks
    and errors), and its rules are remembered (rules are immutable)."""
    cdef tuple e = _GAME_RULES.get(id(rules))
    if (e is not None and e[0] is rules and type(seed) is int and 0 <= seed <= 0xFFFFFFFFFFFFFFFF
            and type(auto_chance) is bool):
        self.rules = rules
        self._setup(e[1], e[2], e[3], seed, auto_chance)
        self._nmask = e[4]
        return
    _facade_init(self, rules, seed=seed, auto_chance=auto_chance)
    rules = self.rules
    if id(rules) not in _GAME_RULES:
        if len(_GAME_RULES) >= 256:
            _GAME_RULES.clear()
        _GAME_RULES[id(rules)] = (rules, self.g.cfg.deck, self.g.cfg.flags, self.g.cfg.target,
                                  self._nmask)


def game_init_over(facade_init):
    """:func:`game_init`, with ``facade_init`` (the facade's ``__init__``) for what it does
    not take itself."""
    global _facade_init
    _facade_init = facade_init
    return game_init


def random_games(deck, flags, target, seed, size_t n):
    """``n`` random games in C without the GIL (``ec_eu_random_games``); the twin of
    ``_pure_euchre.random_games``, with the same ``EuchreGameTotals``."""
    cdef ec_eu_config cfg
    cdef ec_eu_totals tot
    cdef ec_rng rng
    cdef _Tables tb
    cdef int r
    d, f, t, s, _ = _machine_args(deck, flags, target, seed)
    tb = _tables(d)
    cfg.seed = 0
    cfg.deck = <uint8_t>d
    cfg.flags = <uint8_t>f
    cfg.target = <uint16_t>t
    ec_rng_seed(&rng, <uint64_t>s)
    ec_eu_totals_init(&tot)
    with nogil:
        r = ec_eu_random_games(&tb.t, &cfg, &rng, n, &tot)
    if r != 0:
        raise ArgumentError(f"random games: error {r}")
    return EuchreGameTotals(tot.games, tot.deals, tot.steps, (tot.points[0], tot.points[1]),
                            (tot.wins[0], tot.wins[1]), tot.digest)


def _restore(cls, *args):
    """A machine rebuilt from its history (pickle: the arguments of ``__reduce__``)."""
    return _rebuild(EuchreMachine, cls, *args)


cdef int _seat(object seat) except -1:
    if type(seat) is int and 0 <= seat <= 3:
        return seat
    return _arg(seat, "seat", 0, 3, "a seat 0..3")


# ------------------------------------------------------------ random Euchre hands

cdef int _euchre_rules(object opts, ec_euchre_rules *r) except -1:
    r.play_flags = <uint8_t>opts.play_flags
    r.alone = <uint8_t>opts.alone
    if ec_euchre_rules_check(r):
        raise ValueError("options: a rules field is out of range")
    return 0


def random_euchre_hands(n, seed, options=None):
    """Play ``n`` random Euchre hands from ``seed``; totals and digest. Chunks run without
    the GIL, with a check for signals between them; no memory grows with ``n``."""
    cdef ec_euchre_rules r
    cdef ec_euchre_totals t
    cdef ec_rng rng
    cdef size_t left, k
    count, s, opts = _check_euchre_batch(n, seed, options)
    left = <size_t>count
    ec_rng_seed(&rng, <uint64_t>s)
    _euchre_rules(opts, &r)
    ec_euchre_totals_init(&t)
    while left:
        k = chunk(left, HANDS_CHUNK)
        with nogil:
            ec_euchre_hands_next(&r, &rng, k, NULL, &t)
        left -= k
        PyErr_CheckSignals()
    return EuchreTotals(t.hands, t.tricks[0], t.tricks[1], t.points[0], t.points[1],
                        t.marches, t.euchres, t.alone, t.digest)


def random_euchre_hand_results(n, seed, options=None):
    """Play ``n`` random Euchre hands from ``seed`` and return each result (chunks without
    the GIL; Ctrl-C is checked between them)."""
    cdef ec_euchre_rules r
    cdef ec_rng rng
    cdef size_t left, k, i
    cdef ec_euchre_result out[RESULTS_CHUNK]
    cdef list results = []
    count, s, opts = _check_euchre_batch(n, seed, options)
    left = <size_t>count
    ec_rng_seed(&rng, <uint64_t>s)
    _euchre_rules(opts, &r)
    while left:
        k = chunk(left, RESULTS_CHUNK)
        with nogil:
            ec_euchre_hands_next(&r, &rng, k, out, NULL)
        for i in range(k):
            results.append(EuchreResult(out[i].tricks[0], out[i].tricks[1], out[i].points[0],
                                        out[i].points[1], out[i].dealer, out[i].maker,
                                        out[i].alone, out[i].up))
        left -= k
        PyErr_CheckSignals()
    return results


# The phases of ecarte_euchre.h (EC_EU_*), read from the header at compile time (the
# facade takes them from here; the pure twin states them in _pure_machine.py).
PH_DEALER = EC_EU_DEALER
PH_DEAL = EC_EU_DEAL
PH_BID = EC_EU_BID
PH_BID2 = EC_EU_BID2
PH_TAKE = EC_EU_TAKE
PH_DISCARD = EC_EU_DISCARD
PH_ALONE = EC_EU_ALONE
PH_PLAY = EC_EU_PLAY
PH_OVER = EC_EU_OVER
PH_NAME = EC_EU_NAME
CHANCE = EC_EU_CHANCE
TERMINAL = EC_EU_TERMINAL
