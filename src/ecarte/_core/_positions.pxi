# Positions (2 to 4 hands, a trick in progress) and what takes them: perft, the two-player
# solver (one position and a batch) and the N-hand solver: a part of ``_cycore.pyx``, which
# includes it (it is compiled there, with that module's declarations).


cdef int _fill_position(tuple hands, long leader, tuple trick, ec_position *pos) except -1:
    cdef Py_ssize_t i
    memset(pos, 0, sizeof(ec_position))
    for i in range(len(hands)):
        pos.hands[i] = <uint64_t>hands[i]
    pos.nplayers = <uint8_t>len(hands)
    pos.leader = <uint8_t>leader
    pos.ntrick = <uint8_t>len(trick)
    _fill(trick, pos.trick)
    return 0


cdef tuple _position(object hands, object leader, object trick):
    """``(hands, leader, trick)`` as plain values (``_pure._position_args``), with a fast
    path for exact ints in lists or tuples (copied first)."""
    cdef tuple hs = _plain(hands), t
    cdef Py_ssize_t np
    if hs is None:
        return _position_args(hands, leader, trick)
    t = _plain(trick)
    if t is None:
        return _position_args(hs, leader, trick)
    np = len(hs)
    if 2 <= np <= 4 and type(leader) is int and 0 <= leader < np and len(t) < np:
        for h in hs:
            if type(h) is not int or not 0 <= h <= _M64:
                return _position_args(hs, leader, t)
        if _card_ids(t):
            return hs, leader, t
    return _position_args(hs, leader, t)


cdef int _check_content(Context cx, tuple hands, long leader, tuple trick, ec_position *pos,
                        str where) except -1:
    cdef int err = ec_position_check(&cx.c, pos)
    if err:
        _position_content(cx.c.deck, hands, leader, trick, where)
        _fail(err, f"{where}position")
    return 0


cdef double _perft_bound(const ec_position *pos, int depth) noexcept nogil:
    """The product of the movers' hand sizes over ``depth`` plies: a bound on the number
    of sequences (after a trick every hand has the same size, whoever leads)."""
    cdef int sizes[4]
    cdef int np = pos.nplayers, mover = (pos.leader + pos.ntrick) % pos.nplayers, i
    cdef double b = 1.0
    cdef uint64_t m
    for i in range(np):
        m = pos.hands[i]
        sizes[i] = 0
        while m:
            m &= m - 1
            sizes[i] += 1
    for i in range(depth):
        if sizes[mover] == 0:
            break
        b *= sizes[mover]
        sizes[mover] -= 1
        mover = (mover + 1) % np
    return b


cdef uint64_t _perft(const ec_context *ctx, const ec_position *pos, unsigned flags,
                     int depth) except? 0xFFFFFFFFFFFFFFFF:
    """``ec_perft`` on a checked position, split on the first card while the bound is large:
    each piece runs without the GIL and signals are checked between pieces. The sum is the
    C recursion's (uint64 arithmetic)."""
    cdef uint64_t count = 0, total = 0, legal, h
    cdef ec_position child
    cdef uint8_t full[4]
    cdef int mover, c, w, np = pos.nplayers
    if depth <= 1 or _perft_bound(pos, depth) <= PERFT_LEAF:
        with nogil:
            ec_perft(ctx, pos, flags, depth, &count)
        PyErr_CheckSignals()
        return count
    mover = (pos.leader + pos.ntrick) % np
    h = pos.hands[mover]
    legal = ec_legal_plays_unchecked(ctx, h, pos.trick, pos.ntrick, flags)
    while legal:
        c = 0
        while not (legal >> c) & 1:
            c += 1
        legal &= legal - 1
        child = pos[0]
        child.hands[mover] = h & ~((<uint64_t>1) << c)
        if pos.ntrick + 1 == np:
            for w in range(pos.ntrick):
                full[w] = pos.trick[w]
            full[pos.ntrick] = <uint8_t>c
            w = ec_trick_winner_unchecked(ctx, full, np)
            child.leader = <uint8_t>((pos.leader + w) % np)
            child.ntrick = 0
        else:
            child.trick[pos.ntrick] = <uint8_t>c
            child.ntrick = pos.ntrick + 1
        total += _perft(ctx, &child, flags, depth - 1)
    return total


def perft(ctx, hands, leader, trick, flags, depth):
    """Number of distinct play sequences of ``depth`` cards from the position (split into
    pieces run without the GIL; Ctrl-C is checked between them)."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    hs, lead, t = _position(hands, leader, trick)
    cdef unsigned fl = _flags(flags)
    cdef int d = _check_depth(depth)
    _fill_position(hs, lead, t, &pos)
    _check_content(cx, hs, lead, t, &pos, "")
    return _perft(&cx.c, &pos, fl, d)


def solve(ctx, hands, leader, trick, flags):
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    cdef uint8_t best = 255
    cdef int v
    hs, lead, t = _position(hands, leader, trick)
    if len(hs) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(hs)}")
    cdef unsigned fl = _flags(flags)
    _fill_position(hs, lead, t, &pos)
    _check_content(cx, hs, lead, t, &pos, "")
    with nogil:
        v = ec_solve(&cx.c, &pos, fl, &best)
    if v < 0:
        _fail(v, "solve")
    return v, (best if best != 255 else -1)


def solve_batch(positions, flags):
    """:func:`solve` for each ``(ctx, hands, leader, trick)``: every position is copied and
    checked first, then solved in chunks without the GIL (Ctrl-C checked between them)."""
    cdef tuple ps = _batch_positions(positions)
    cdef unsigned fl = _flags(flags)
    cdef Py_ssize_t n = len(ps), i, j, k
    cdef ec_position one
    cdef ec_context *ctxs
    cdef ec_position pos[POSITIONS_CHUNK]
    cdef int8_t values[POSITIONS_CHUNK]
    cdef uint8_t best[POSITIONS_CHUNK]
    cdef list out = []
    cdef Context cx
    for i in range(n):
        where = f"position {i}: "
        ctx, hs, lead, t = ps[i]
        cx = _ctx(ctx, where)
        _fill_position(hs, lead, t, &one)
        _check_content(cx, hs, lead, t, &one, where)
    ctxs = <ec_context *>PyMem_Malloc(POSITIONS_CHUNK * sizeof(ec_context))  # one chunk
    if ctxs == NULL:
        raise MemoryError()
    try:
        i = 0
        while i < n:
            k = min(n - i, POSITIONS_CHUNK)
            for j in range(k):
                ctx, hs, lead, t = ps[i + j]
                ctxs[j] = (<Context>ctx).c
                _fill_position(hs, lead, t, &pos[j])
            with nogil:
                ec_solve_batch(ctxs, 1, pos, <size_t>k, fl, values, best)
            for j in range(k):
                out.append((values[j], best[j] if best[j] != 255 else -1))
            i += k
            PyErr_CheckSignals()
    finally:
        PyMem_Free(ctxs)
    return out


def solve_n(ctx, hands, leader, trick, flags, teams, active=None):
    """Double-dummy solve of 2 to 4 hands with partnerships: ``(tricks, card)`` (one C call
    without the GIL)."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    cdef uint8_t best = 255
    cdef uint8_t tc[4]
    cdef unsigned act_c
    cdef unsigned fl_c
    cdef int v, err, i
    hs, lead, t, fl, tm, act = _solve_n_args(hands, leader, trick, flags, teams, active)
    _fill_position(hs, lead, t, &pos)
    act_c = <unsigned>act
    fl_c = <unsigned>fl
    for i in range(len(tm)):
        tc[i] = <uint8_t>tm[i]
    err = ec_position_check_n(&cx.c, &pos, act_c)
    if err:
        _position_n_content(cx.c.deck, hs, lead, t, act)
        _fail(err, "position")
    with nogil:
        v = ec_solve_n(&cx.c, &pos, act_c, fl_c, tc, &best)
    if v < 0:
        _fail(v, "solve_n")
    return v, (best if best != 255 else -1)
