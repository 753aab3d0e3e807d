"""The pure-Python twin of the match machine's C driver (``benches/c/machine.c``): the
same random matches and prefix replays, the same numbers and digests; and the match
log's entries and records, read as the driver reads them."""

from __future__ import annotations

import os
from typing import Any

import pytest

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_M64 = (1 << 64) - 1
_HOOK_SEED = 0x5EED0F400C5
_CLASSIC = (11, 10, 9, 12, 8, 7, 6, 5)
_ACE_HIGH = (12, 11, 10, 9, 8, 7, 6, 5)


def _fnv(h: int, byte: int) -> int:
    return ((h ^ (byte & 0xFF)) * _FNV_PRIME) & _M64


def _fnv_bytes(h: int, data: bytes | bytearray) -> int:
    for b in data:
        h = ((h ^ b) * _FNV_PRIME) & _M64
    return h


def variant_rules(v: int) -> Any:
    """The driver's rules of variant v (0: classic; else every field drawn from Rng(v))."""
    from ecarte._core._pure import Rng
    from ecarte.games.ecarte._pure_machine import MatchRules
    from ecarte.games.ecarte._pure_rules import HandRules

    if v == 0:
        return MatchRules()
    r = Rng(v)
    kind = r.below(3)
    order = list(_CLASSIC)
    if kind == 1:
        order = list(_ACE_HIGH)
    elif kind == 2:
        for i in range(7, 0, -1):
            j = r.below(i + 1)
            order[i], order[j] = order[j], order[i]
    hand = HandRules(
        order=tuple(order),
        elder_min_discard=r.below(6),
        dealer_min_discard=r.below(6),
        play_flags=r.below(4),
        penalty_to_dealer=r.below(2),
        penalty_every_refusal=r.below(2),
        vole_penalty=2 + r.below(2),
    )
    rules = MatchRules(
        hand=hand,
        alternate_packets=r.below(2),
        lower_cut_deals=r.below(2),
        king_announcement=r.below(3),
        game_values=r.below(2),
        nplayers=2 + r.below(2),
        target=1 + r.below(7),
        games_to_win=1 + r.below(3),
    )
    return rules._replace(hand=hand._replace(penalties=r.below(2)))  # drawn last, as in C


def entry_size(log: bytes | bytearray, i: int, nplayers: int) -> int:
    """Bytes of the log entry at i (0: not an entry the machine writes)."""
    import ecarte.games.ecarte._pure_machine as pm

    t = log[i]
    if t < 64:
        return 2
    if t < pm.NUM_IDS:
        return 6
    sizes = {
        pm.LOG_CUT: 3,
        pm.LOG_AUTO_CUT: 3,
        pm.LOG_DEAL: 33,
        pm.LOG_AUTO_DEAL: 33,
        pm.LOG_GAME: 6,
        pm.LOG_HAND: 6,
        pm.LOG_CUT_AGAIN: 1,
        pm.LOG_SCORE: 9,
        pm.LOG_HAND_END: 25,
        pm.LOG_GAME_END: 8 + 4 * nplayers,
        pm.LOG_MATCH_END: 2,
    }
    if t == pm.LOG_ANSWER:
        return 2 + pm.hook_answer_size(log[i + 1])
    return sizes.get(t, 0)


def log_entries(log: bytes | bytearray, nlog: int, nplayers: int) -> list[tuple[int, int]]:
    """(offset, size) of each entry of log[:nlog]; AssertionError if they do not tile it."""
    out = []
    i = 0
    while i < nlog:
        n = entry_size(log, i, nplayers)
        assert n, f"unknown log entry {log[i]:#x} at {i}"
        out.append((i, n))
        i += n
    assert i == nlog, "log entries overrun nlog"
    return out


def _piquet_of(mask: int) -> int:
    out = 0
    for i in range(32):
        if mask >> ((i >> 3) * 16 + 5 + (i & 7)) & 1:
            out |= 1 << i
    return out


def classic_answer(cfg: Any, m: Any, log: bytearray) -> bytes:
    """The classic answer to the hook m asks, computed from m and the log (as the driver)."""
    import ecarte.games.ecarte._pure_machine as pm

    r = cfg.rules
    hand = r.hand
    h = m.hook

    def last_game_end() -> int:
        at = [i for i, _ in log_entries(log, m.nlog, r.nplayers) if log[i] == pm.LOG_GAME_END]
        return at[-1]

    if h == pm.H_NEXT_GAME:
        if not m.hook_args[0]:
            return bytes((0, 1, pm.NO_SEAT))
        return bytes((m.game_players[0], m.game_players[1], log[last_game_end() + 6]))
    if h == pm.H_CUT:
        x = hand.order.index(log[m.nlog - 2] & 15)
        y = hand.order.index(log[m.nlog - 1] & 15)
        if x == y:
            return bytes((pm.NO_SEAT,))
        higher = 0 if x < y else 1
        return bytes((m.game_players[1 - higher if r.lower_cut_deals else higher],))
    if h == pm.H_DEAL_PACKETS:
        if r.alternate_packets:
            return bytes((32 if m.hand_number % 2 else 23,))
        return bytes((m.chosen_packets,))
    if h == pm.H_DEAL:
        deck = log[m.deal_at : m.deal_at + 32]
        hands = [0, 0]
        k = 0
        for size in (m.deal_packets // 10, m.deal_packets % 10):
            for who in (0, 1):  # the elder first
                for _ in range(size):
                    hands[who] |= 1 << deck[k]
                    k += 1
        return (
            _piquet_of(hands[0]).to_bytes(4, "little")
            + _piquet_of(hands[1]).to_bytes(4, "little")
            + bytes(deck[10:32])
        )
    if h == pm.H_EXCHANGE:
        if m.hook_args[1]:
            return bytes((3,))
        least = max(hand.elder_min_discard, 1)
        n = m.ndiscards
        idle = n >= 2 and not m.discarded[n - 1] and not m.discarded[n - 2]
        return bytes((2 | (not idle and m.stock_len >= least),))
    if h == pm.H_DISCARD_LIMITS:
        dealer = m.hook_args[0] == m.dealer
        return bytes((hand.dealer_min_discard if dealer else hand.elder_min_discard, 5))
    if h == pm.H_KING_POINTS:
        return bytes((1, 0))
    if h == pm.H_SCORE_HAND:
        won = m.play.won
        winner = 0 if won[0] >= 3 else 1
        vole = won[winner] == 5
        points, penalty = (2, hand.vole_penalty) if vole else (1, 2)
        refused = m.refused_after != 255 and (m.refused_after == 0 or hand.penalty_every_refusal)
        if hand.penalties and winner == 1 and m.played_without_proposing:
            points = penalty  # the elder played alone and lost
        if hand.penalties and refused and winner == (1 if hand.penalty_to_dealer else 0):
            points = penalty
        return bytes((winner, points, 0, 0, 0))
    if h == pm.H_NEXT_HAND:
        return bytes((m.dealer, m.elder, m.elder))
    if h == pm.H_MATCH_STATUS:
        winner = log[last_game_end() + 5]
        return bytes((int(m.games_won[winner] >= r.games_to_win), winner))
    raise AssertionError(f"no such hook {h}")


def bad_answer(h: int) -> bytes | None:
    """An answer out of range for hook h (None: KING_POINTS takes any)."""
    import ecarte.games.ecarte._pure_machine as pm

    size = pm.hook_answer_size(h)
    a = bytearray(size)
    if h == pm.H_NEXT_GAME:
        a[2] = pm.NO_SEAT
    elif h == pm.H_CUT:
        a[0] = 254
    elif h == pm.H_DEAL_PACKETS:
        a[0] = 5
    elif h == pm.H_DISCARD_LIMITS:
        a[0], a[1] = 3, 2
    elif h in (pm.H_SCORE_HAND, pm.H_MATCH_STATUS):
        a[0] = 2
    elif h == pm.H_KING_POINTS:
        return None
    return bytes(a)


def nth_legal(legal: tuple[int, int], k: int) -> int:
    """The id of the ``k``-th legal action (from 0, by id) of the machine's legal bits
    ``legal`` (ids 0-63, then 64 + i)."""
    for w in (0, 1):
        x = legal[w]
        while x:
            low = x & -x
            if k == 0:
                return w * 64 + low.bit_length() - 1
            k -= 1
            x ^= low
    raise AssertionError("no such legal id")


def cffi_ecarte() -> tuple[Any, Any]:
    """The ``ffi`` and ``lib`` of Écarté's cffi module; the test is skipped when it is not
    built (it fails under CI, which builds it)."""
    try:
        from ecarte.games.ecarte._cffi_ecarte import ffi, lib
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("the cffi module is not built")
    return ffi, lib


def cffi_match(ffi: Any, lib: Any, seed: int) -> tuple[Any, Any, Any, Any]:
    """A classic match of two seats started through the cffi module (``ffi``, ``lib``),
    chance drawn from ``seed``: its ``ec_match_config``, ``ec_match``, ``ec_log`` and the
    log's buffer (64 KiB, kept alive with it)."""
    from ecarte import Rules
    from ecarte.games.ecarte import _pure_machine as pm
    from ecarte.games.ecarte._hooks import machine_rules

    hand, *match = machine_rules(Rules(), 2)
    cfg = ffi.new("ec_match_config *")
    r = ffi.new("ec_match_rules *")
    for name, value in hand._asdict().items():
        setattr(r.hand, name, list(value) if name == "order" else value)
    for name, value in zip(pm.MatchRules._fields[1:], match, strict=True):
        setattr(r, name, value)
    assert lib.ec_match_config_init(cfg, r, 0) == 0
    buf = ffi.new("uint8_t[]", 1 << 16)
    log = ffi.new("ec_log *", {"buf": buf, "cap": 1 << 16})
    m = ffi.new("ec_match *")
    assert lib.ec_match_start(cfg, m, log, seed, 1) == 0
    return cfg, m, log, buf


_ENTRY_SIZES: list[int] = []


def log_records(log: bytes | bytearray, nplayers: int) -> bytes:
    """The entries of a match log (the machine's bytes) without its hook answers: what the
    machine recorded of the match, the same whether its hooks were answered in C or from
    Python (an answer's effects are in the entries after it). AssertionError if the entries
    do not tile the log."""
    import ecarte.games.ecarte._pure_machine as pm

    sizes = _ENTRY_SIZES
    if not sizes:
        sizes.extend(entry_size(bytes([t]), 0, 0) if t != pm.LOG_ANSWER else -1 for t in range(256))
    game_end = 8 + 4 * nplayers
    out = bytearray()
    i = kept = 0
    n = len(log)
    while i < n:
        tag = log[i]
        size = sizes[tag] if tag != pm.LOG_GAME_END else game_end
        if size < 0:  # an answer: dropped
            out += log[kept:i]
            i += 2 + pm.hook_answer_size(log[i + 1])
            kept = i
            continue
        assert size, f"unknown log entry {tag:#x} at {i}"
        i += size
    assert i == n, "the last entry is cut short"
    out += log[kept:n]
    return bytes(out)


def machine_matches(n: int, seed: int, hookmask: int = 0, variant: int = -1) -> dict[str, int]:
    """The pure twin of `machine matches N SEED [HOOKMASK [VARIANT]]` (benches/c/machine.c):
    the same draws, checks and counts; its numbers (all but rooms and seconds)."""
    import ecarte.games.ecarte._pure_machine as pm
    from ecarte._core._pure import Rng

    rng = Rng(seed)
    hrng = Rng(seed ^ _HOOK_SEED)
    below = rng.below
    t = dict.fromkeys(
        ("matches", "games", "hands", "actions", "chances", "hooks", "undos", "replays", "bad"),
        0,
    )
    digest = records = checks = _FNV_OFFSET
    configs: dict[int, Any] = {}

    def same(a: Any, b: Any, what: str) -> None:
        assert a.state() == b.state(), what

    def bad_input(r: int, before: Any, what: str, stop: str | None = None) -> None:
        """The bad ``what`` (status ``r``) changed nothing; at a ``stop`` (a hook or chance)
        an apply changes nothing either."""
        nonlocal checks
        same(m, before, f"a bad {what} changed the match")
        checks = _fnv(checks, r)
        if stop is not None:
            r = pm.match_apply(cfg, m, log, pm.ID_PROPOSE)
            same(m, before, f"an apply at {stop} changed the match")
            checks = _fnv(checks, r)
        t["bad"] += 1

    for g in range(n):
        v = variant if variant >= 0 else 0 if g % 4 == 0 else 1 + below(1000000)
        cfg = configs.get(v)
        if cfg is None:
            cfg = configs[v] = pm.config_init(variant_rules(v), hookmask)
        mseed = rng.next_u64()
        autoc = below(4) != 0
        m = pm.Match()
        log = bytearray()
        st = pm.match_start(cfg, m, log, mseed, autoc)
        first_idle = True
        while True:
            assert st >= 0, f"status {st}"
            if st == pm.STOP_HOOK:
                t["hooks"] += 1
                if hrng.below(4) == 0:
                    bad = bad_answer(m.hook)
                    if bad is not None:
                        before = m.copy()
                        r = pm.match_answer(cfg, m, log, bad)
                        assert r == pm.EBADANSWER, f"bad answer taken: {r}"
                        bad_input(r, before, "answer", "a hook")
                st = pm.match_answer(cfg, m, log, classic_answer(cfg, m, log))
                continue
            if first_idle:
                first_idle = False
                if m.last_input == pm.UINT32_MAX:
                    r = pm.match_undo(cfg, m, log)
                    assert r == pm.ENOUNDOHERE
                    checks = _fnv(checks, r)
            if below(32) == 0:
                before = m.copy()
                r = pm.match_replay(cfg, m, log, m.nlog)
                assert r == pm.STOP_IDLE, f"replay {r}"
                same(m, before, "replay of the whole log")
                t["replays"] += 1
            if m.phase == pm.PH_OVER:
                break
            id_ = -1
            cards: tuple[int, ...] = ()
            if m.to_act == pm.CHANCE:
                cards = pm.match_draw(m)
                assert cards, "no chance due"
                if below(8) == 0:
                    kind = below(3)
                    badc = list(cards)
                    if kind == 0:
                        badc[1] = badc[0]
                    elif kind == 1:
                        badc = (list(cards) * 16)[: 32 if len(cards) == 2 else 2]
                    else:
                        badc[0] = 0
                    before = m.copy()
                    r = pm.match_chance(cfg, m, log, badc)
                    assert r < 0, "bad chance taken"
                    bad_input(r, before, "chance", "chance")
            else:
                legal = pm.match_legal(cfg, m)
                if below(8) == 0:
                    bid = below(100) - 2
                    if bid < 0 or bid >= pm.NUM_IDS or not legal[bid >> 6] >> (bid & 63) & 1:
                        before = m.copy()
                        r = pm.match_apply(cfg, m, log, bid)
                        assert r < 0, f"bad id {bid} taken"
                        bad_input(r, before, "id")
                count = legal[0].bit_count() + legal[1].bit_count()
                assert count, "nothing legal"
                id_ = nth_legal(legal, below(count))
            undo = below(16) == 0
            if undo:
                before = m.copy()
            if id_ >= 0:
                st = pm.match_apply(cfg, m, log, id_)
                t["actions"] += 1
            else:
                st = pm.match_chance(cfg, m, log, cards)
                t["chances"] += 1
            if undo and st >= 0:
                after = m.copy()
                r = pm.match_undo(cfg, m, log)
                assert r == pm.STOP_IDLE, f"undo {r}"
                same(m, before, "undo")
                if id_ >= 0:
                    st2 = pm.match_apply(cfg, m, log, id_)
                else:
                    st2 = pm.match_chance(cfg, m, log, cards)
                assert st2 == st, "redo status"
                same(m, after, "redo")
                t["undos"] += 1
        t["matches"] += 1
        nplayers = cfg.rules.nplayers
        digest = _fnv_bytes(digest, log[: m.nlog])
        for i, size in log_entries(log, m.nlog, nplayers):
            tag = log[i]
            t["games"] += tag == pm.LOG_GAME_END
            t["hands"] += tag == pm.LOG_HAND_END
            if tag != pm.LOG_ANSWER:
                records = _fnv_bytes(records, log[i : i + size])
    t["digest"], t["records"], t["checks"] = digest, records, checks
    return t


def machine_prefixes(n: int, seed: int) -> dict[str, int]:
    """The pure twin of `machine prefixes N SEED` (benches/c/machine.c)."""
    import ecarte.games.ecarte._pure_machine as pm
    from ecarte._core._pure import Rng

    rng = Rng(seed)
    below = rng.below
    digest = _FNV_OFFSET
    replays = idle = 0
    for _ in range(n):
        rules = variant_rules(1 + below(1000000))
        mseed = rng.next_u64()
        rules = rules._replace(target=1 + below(2), games_to_win=1)
        cfg = pm.config_init(rules, 0)
        m = pm.Match()
        log = bytearray()
        st = pm.match_start(cfg, m, log, mseed, 1)
        while st == pm.STOP_IDLE and m.phase != pm.PH_OVER:
            legal = pm.match_legal(cfg, m)
            count = legal[0].bit_count() + legal[1].bit_count()
            st = pm.match_apply(cfg, m, log, nth_legal(legal, below(count)))
        assert st == pm.STOP_IDLE, f"status {st}"
        copy = bytes(log[: m.nlog])
        for u in range(len(copy) + 1):
            r = pm.match_replay(cfg, m, bytearray(copy[:u]), u)
            digest = _fnv(digest, r)
            if r >= 0:
                for i in range(4):
                    digest = _fnv(digest, m.nlog >> (8 * i))
                digest = _fnv(digest, m.phase)
                idle += 1
            replays += 1
    return {"prefixes": replays, "idle": idle, "digest": digest}
