# The play states of two positions (``PlayState``) and of 2 to 4 (``PlayStateN``), over one
# shared base: a part of ``_cycore.pyx``, which includes it (it is compiled there, with that
# module's declarations).

# ------------------------------------------------------------------------- play states

cdef uint8_t _TWO = 2     # PlayState: two positions, two cards a trick,
cdef uint8_t _BOTH = 3    # both positions playing


cdef inline int _need(_PlayBase state) except -1:
    """Refuse a state made by ``__new__`` alone (its context is the one of no state)."""
    if state.ctx is _NO_CONTEXT:
        raise uninitialised(state)
    return 0


cdef class _PlayBase:
    """What the two play states share: their common fields (read through ``f``, pointers
    into the subclass's C struct), the copy, comparison, and the checks and messages of a
    play and of an undo. Each subclass points ``f`` at its struct (``ec_play``,
    ``ec_playn``) and binds its C functions in the cdef methods below, called in C (no
    Python call)."""

    def __cinit__(self):
        # a state made by __new__ alone (no __init__) holds no card and no context: every
        # method refuses it (UninitialisedError)
        self.ctx = _NO_CONTEXT

    cdef uint64_t _legal(self) noexcept:
        return 0

    cdef int _apply(self, int card) noexcept:
        return EC_EILLEGAL

    cdef int _apply_unchecked(self, int card) noexcept:
        return EC_EILLEGAL

    cdef int _undo(self) noexcept:
        return -1

    cdef _PlayBase _copy_into(self, _PlayBase new):
        """``new`` (made by ``__new__``) as a flat copy of this state."""
        memcpy(new.f.state, self.f.state, self.f.size)
        new.ctx = self.ctx
        return new

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        """The state's copy (its context, read-only, is shared)."""
        return self.copy()

    def __reduce__(self):
        """Pickled as its first position and the cards played since."""
        _need(self)
        return _play_reduce(self, _play_state_at)

    def legal(self):
        """Mask of the cards the position to move may play."""
        _need(self)
        return self._legal()

    def apply(self, card):
        """Play ``card`` for the position to move: PLAY_ON, PLAY_TRICK or PLAY_OVER."""
        _need(self)
        cdef int c, r
        v = card if type(card) is int else _index(card)  # one conversion, a plain int
        if v is None or not 0 <= v < 64:
            raise ValueError(f"play {_show(card, v)}: a card id is not in this deck")
        c = <int>v
        r = self._apply(c)
        if r == EC_EBADCARD:
            raise ValueError(f"play {c}: a card id is not in this deck")
        if r == EC_EILLEGAL:
            raise ValueError(f"play {c}: the card is not a legal play now")
        if r < 0:
            _fail(r, f"play {c}")
        return r

    def try_apply(self, card):
        """-1 (no change) for a card that may not be played (or no card id at all), else
        ``status << 1 | to_move`` (``status << 2 | to_move`` for ``PlayStateN``)."""
        _need(self)
        cdef int c, r
        v = card if type(card) is int else _index(card)
        if v is None or not 0 <= v < 64:
            return -1
        c = <int>v
        r = self._apply(c)
        if r < 0:
            return -1
        return r << self.f.turn_bits | self.f.to_move[0]

    def apply_unchecked(self, card):
        """``apply`` without the rules: the card must be legal (search code). Only a card
        not held by the position to move raises ValueError (memory safety)."""
        _need(self)
        v = card if type(card) is int else _index(card)
        if v is None or not 0 <= v < 64 or not (self.f.hands[self.f.to_move[0]] >> v) & 1:
            raise ValueError(
                f"apply_unchecked({_show(card, v)}): not a card of the position to move")
        return self._apply_unchecked(<int>v)

    def undo(self):
        """Take back the last card played and return it."""
        _need(self)
        cdef int r = self._undo()
        if r < 0:
            raise ValueError("undo: no card to take back")
        return r

    @property
    def flags(self):
        _need(self)
        return self.f.flags[0]

    @property
    def nplayed(self):
        _need(self)
        return self.f.nplayed[0]

    @property
    def to_move(self):
        _need(self)
        return self.f.to_move[0]

    @property
    def hands(self):
        _need(self)
        return tuple(self.f.hands[i] for i in range(self.f.nslots[0]))

    @property
    def won(self):
        _need(self)
        return tuple(self.f.won[i] for i in range(self.f.nslots[0]))

    @property
    def cards(self):
        _need(self)
        return tuple(self.f.cards[i] for i in range(self.f.nplayed[0]))

    @property
    def trick(self):
        _need(self)
        cdef int n = self.f.nplayed[0]
        return tuple(self.f.cards[i] for i in range(n - n % self.f.ntrick[0], n))

    @property
    def tricks(self):
        _need(self)
        cdef int na = self.f.ntrick[0]
        return tuple((self.f.leaders[i], *[self.f.cards[na * i + j] for j in range(na)])
                     for i in range(self.f.nplayed[0] // na))

    @property
    def over(self):
        _need(self)
        cdef int i
        for i in range(self.f.nslots[0]):
            if (self.f.active[0] >> i) & 1 and self.f.hands[i]:
                return False
        return True

    def __eq__(self, other):
        _need(self)
        if type(other) is not type(self):
            return NotImplemented
        cdef _Fields a = self.f, b = (<_PlayBase>other).f
        cdef int i
        if (self.ctx is not (<_PlayBase>other).ctx or a.nslots[0] != b.nslots[0]
                or a.active[0] != b.active[0] or a.nplayed[0] != b.nplayed[0]
                or a.to_move[0] != b.to_move[0] or a.flags[0] != b.flags[0]):
            return False
        for i in range(a.nslots[0]):
            if a.hands[i] != b.hands[i] or a.won[i] != b.won[i]:
                return False
        for i in range(a.nplayed[0]):
            if a.cards[i] != b.cards[i]:
                return False
        for i in range(min(a.nplayed[0] // a.ntrick[0] + 1, a.nleaders)):
            if a.leaders[i] != b.leaders[i]:
                return False
        return True

    __hash__ = None


cdef class PlayState(_PlayBase):
    """A two-player hand in the play phase (``ec_play``), as ``_pure.PlayState``."""

    def __cinit__(self):
        self.f = _Fields(&self.p, sizeof(ec_play), &self.p.hands[0], &self.p.cards[0],
                         &self.p.leaders[0], &self.p.won[0], &self.p.nplayed, &self.p.to_move,
                         &self.p.flags, &_TWO, &_TWO, &_BOTH, 5, 1)

    def __init__(self, ctx, hands, leader, flags):
        cdef Context cx = _ctx(ctx)
        cdef int err
        h0, h1, lead, fl = _play_args(hands, leader, flags)  # plain ints, checked
        err = ec_play_init(&cx.c, &self.p, <uint64_t>h0, <uint64_t>h1, <int>lead, <unsigned>fl)
        if err:
            _play_content(cx.c.deck, h0, h1)
            _fail(err, "play state")
        self.ctx = cx

    def copy(self):
        _need(self)
        return self._copy_into(PlayState.__new__(PlayState))

    cdef uint64_t _legal(self) noexcept:
        return ec_play_legal(&self.ctx.c, &self.p)

    cdef int _apply(self, int card) noexcept:
        return ec_play_apply(&self.ctx.c, &self.p, card)

    cdef int _apply_unchecked(self, int card) noexcept:
        return ec_play_apply_unchecked(&self.ctx.c, &self.p, card)

    cdef int _undo(self) noexcept:
        return ec_play_undo(&self.p)

    def hand(self, position):
        """The hand of position 0 or 1."""
        _need(self)
        cdef int i = <int>(position if type(position) is int and 0 <= position <= 1
                           else _check_position_index(position))
        return self.p.hands[i]

    @property
    def leader(self):
        _need(self)
        return self.p.to_move ^ (self.p.nplayed & 1)

    def __repr__(self):
        _need(self)
        return _play_repr("PlayState", self.hands, self.cards, self.p.to_move, self.won)


# ------------------------------------ N positions (ec_playn, ec_solve_n in the C core)

cdef class PlayStateN(_PlayBase):
    """A hand in the play phase for 2 to 4 positions (``ec_playn``), as
    ``_pure.PlayStateN``."""

    def __cinit__(self):
        self.f = _Fields(&self.p, sizeof(ec_playn), &self.p.hands[0], &self.p.cards[0],
                         &self.p.leaders[0], &self.p.won[0], &self.p.nplayed, &self.p.to_move,
                         &self.p.flags, &self.p.nplayers, &self.p.nactive, &self.p.active, 8, 2)
        # made by __new__ alone: two active positions holding no card
        cdef uint64_t none[2]
        none[0] = none[1] = 0
        ec_playn_init(&_NO_CONTEXT.c, &self.p, 2, none, 0, 0, 0)

    def __init__(self, ctx, hands, leader, flags, active=None):
        cdef Context cx = _ctx(ctx)
        cdef uint64_t hs_c[4]
        cdef int err, i
        hs, lead, fl, act = _playn_args(hands, leader, flags, active)  # plain ints, checked
        for i in range(len(hs)):
            hs_c[i] = <uint64_t>hs[i]
        err = ec_playn_init(&cx.c, &self.p, <int>len(hs), hs_c, <unsigned>act, <int>lead,
                            <unsigned>fl)
        if err:
            _playn_content(cx.c.deck, hs, act)
            _fail(err, "play state")
        self.ctx = cx

    def copy(self):
        _need(self)
        return self._copy_into(PlayStateN.__new__(PlayStateN))

    cdef uint64_t _legal(self) noexcept:
        return ec_playn_legal(&self.ctx.c, &self.p)

    cdef int _apply(self, int card) noexcept:
        return ec_playn_apply(&self.ctx.c, &self.p, card)

    cdef int _apply_unchecked(self, int card) noexcept:
        return ec_playn_apply_unchecked(&self.ctx.c, &self.p, card)

    cdef int _undo(self) noexcept:
        return ec_playn_undo(&self.p)

    @property
    def nplayers(self):
        _need(self)
        return self.p.nplayers

    @property
    def active(self):
        _need(self)
        return self.p.active

    @property
    def nactive(self):
        _need(self)
        return self.p.nactive

    def hand(self, position):
        """The hand of a position 0..nplayers-1."""
        _need(self)
        cdef int np = self.p.nplayers
        cdef int i = <int>(position if type(position) is int and 0 <= position < np
                           else _check_int(position, 0, np - 1,
                                           f"position must be 0..{np - 1}, not {{}}"))
        return self.p.hands[i]

    @property
    def leader(self):
        _need(self)
        cdef ec_position pos
        ec_playn_position(&self.p, &pos)
        return pos.leader

    def position(self):
        """``(hands, leader, trick)``, for :func:`solve_n` with ``active=self.active``."""
        _need(self)
        return self.hands, self.leader, self.trick

    def __repr__(self):
        _need(self)
        return _play_repr("PlayStateN", self.hands, self.cards, self.p.to_move, self.won,
                          self.active)
