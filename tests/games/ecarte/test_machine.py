"""The match machine: the pure-Python twin (_pure_machine.py) against ec_machine.c, and on
its own (undo, replay, errors, hooks).

The differential tests compile benches/c/machine.c and compare its digests with the twin
of that driver in tests/helpers/machine_driver.py (machine_matches, machine_prefixes).
ECARTE_LONG=1 runs ten times as many matches (about ten minutes of pure Python)."""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import build_c_driver
from helpers.machine_driver import (
    cffi_ecarte,
    cffi_match,
    classic_answer,
    log_entries,
    machine_matches,
    machine_prefixes,
)

import ecarte.games.ecarte._pure_machine as pm
from ecarte.games.ecarte._pure_rules import HandRules

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

LONG = os.environ.get("ECARTE_LONG", "") not in ("", "0")
SCALE = 10 if LONG else 1


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """benches/c/machine.c, built once for the module (see ``build_c_driver``)."""
    return build_c_driver("machine", "ecarte", tmp_path_factory.mktemp("machine"))


def _run(exe: Path, *args: object) -> dict[str, int]:
    out = subprocess.run(
        [str(exe), *map(str, args)], check=True, capture_output=True, text=True
    ).stdout
    fields = dict(item.split("=") for item in out.split())
    hexes = ("digest", "records", "checks")
    return {
        k: int(v, 16) if k in hexes else int(v)
        for k, v in fields.items()
        if k not in ("rooms", "seconds")
    }


ALL_HOOKS = (1 << pm.NUM_HOOKS) - 1
"""The hook mask that asks every hook (the driver's ``all``)."""

# n, seed, hook mask, variant (-1: a random variant a match, 0: classic)
MATCH_RUNS = [
    pytest.param(1500, 1, 0, -1, marks=pytest.mark.long(35)),
    pytest.param(600, 2, ALL_HOOKS, -1, marks=pytest.mark.long(18)),
    (300, 3, ALL_HOOKS & 0x5555_5555, -1),
    (300, 4, ALL_HOOKS & 0xAAAA_AAAA, -1),
    (200, 5, 0, 0),
    (100, 6, ALL_HOOKS, 0),
]


@pytest.mark.parametrize(("n", "seed", "mask", "variant"), MATCH_RUNS)
def test_matches_agree_with_c(driver: Path, n: int, seed: int, mask: int, variant: int) -> None:
    """The same random matches (actions, chance, hook answers, bad inputs, undo, replay) give
    the same logs byte for byte in C and in the twin."""
    n *= SCALE
    c = _run(driver, "matches", n, seed, hex(mask), variant)
    assert c["matches"] == n
    assert machine_matches(n, seed, mask, variant) == c
    if mask:
        # hooks answered as the classic rules answer them change nothing but the answers
        plain = _run(driver, "matches", n, seed, 0, variant)
        assert c["records"] == plain["digest"]
        assert c["actions"] == plain["actions"] and c["hooks"] > 0


def test_every_prefix_agrees_with_c(driver: Path) -> None:
    """Replaying every prefix of a log (most cut inside an entry) fails or succeeds alike."""
    n = 12 * SCALE
    c = _run(driver, "prefixes", n, 9)
    assert c["idle"] > 0
    assert machine_prefixes(n, 9) == c


def test_exchange_hook_cannot_overflow_in_c(driver: Path) -> None:
    out = subprocess.run([str(driver), "exchanges"], check=True, capture_output=True, text=True)
    assert out.stdout.split() == ["exchanges=24", "proposals=24", "refused=1"]


# ------------------------------------------------------------ the twin on its own

CLASSIC = pm.config_init(pm.MatchRules(), 0)


def _start(
    cfg: pm.MatchConfig = CLASSIC, seed: int = 1, auto: bool = True
) -> tuple[pm.Match, bytearray, int]:
    m = pm.Match()
    log = bytearray()
    return m, log, pm.match_start(cfg, m, log, seed, auto)


def _unchanged(m: pm.Match, log: bytearray, call: Callable[..., int], *args: object) -> int:
    """call(*args), checking that it changes neither m nor the log."""
    before, nlog, prefix = m.state(), m.nlog, bytes(log[: m.nlog])
    r = call(*args)
    assert m.state() == before and m.nlog == nlog and bytes(log[:nlog]) == prefix
    return r


def _ids(legal: tuple[int, int]) -> list[int]:
    return [w * 64 + b for w in (0, 1) for b in range(64) if legal[w] >> b & 1]


def _kind(m: pm.Match, id_: int) -> str:
    if id_ < 32:
        return "card"
    if id_ >= pm.ID_DISCARD:
        return "discard"
    return {32: "propose", 33: "play", 34: "accept", 35: "refuse", 36: "king"}.get(id_, "packets")


def test_undo_after_every_kind_of_input_restores_the_exact_state() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for g in range(40):
        rules = pm.MatchRules(target=3, games_to_win=1, king_announcement=int(g % 3 == 0))
        cfg = pm.config_init(rules, 0)
        m, log, st = _start(cfg, seed=g, auto=g % 2 == 0)
        while m.phase != pm.PH_OVER:
            assert st == pm.STOP_IDLE
            before = m.copy()
            if m.to_act == pm.CHANCE:
                cards = pm.match_draw(m)
                kind = "cut" if len(cards) == 2 else "deal"
                st = pm.match_chance(cfg, m, log, cards)
            else:
                ids = _ids(pm.match_legal(cfg, m))
                id_ = pm.ID_KING if pm.ID_KING in ids else rng.choice(ids)
                kind = _kind(m, id_)
                st = pm.match_apply(cfg, m, log, id_)
            after, st_after = m.copy(), st
            assert pm.match_undo(cfg, m, log) == pm.STOP_IDLE
            assert m.state() == before.state(), kind
            # the log is overwritten in place on the way again
            if kind in ("cut", "deal"):
                st = pm.match_chance(cfg, m, log, cards)
            else:
                st = pm.match_apply(cfg, m, log, id_)
            assert st == st_after and m.state() == after.state()
            seen.add(kind)
            if m.nlog > 40 and rng.random() < 0.05:
                copy = m.copy()
                assert pm.match_replay(cfg, m, log, m.nlog) == pm.STOP_IDLE
                assert m.state() == copy.state()
    kinds = {"card", "discard", "propose", "play", "accept", "refuse", "king", "packets"}
    assert seen >= kinds | {"cut", "deal"}


def test_copy_is_independent() -> None:
    m, log, _ = _start()
    c = m.copy()
    ids = _ids(pm.match_legal(CLASSIC, m))
    pm.match_apply(CLASSIC, m, log, ids[-1])
    assert c.state() != m.state()
    assert c.play is not m.play and c.held is not m.held and c.scores is not m.scores
    assert set(pm.Match.__slots__) == set(pm._FIELDS) and len(pm._FIELDS) == 47


def test_start_and_log_records() -> None:
    m, log, st = _start(seed=3)
    assert st == pm.STOP_IDLE
    assert m.phase == pm.PH_PACKETS and m.to_act == m.dealer  # classic: the dealer chooses
    entries = [log[i] for i, _ in log_entries(log, m.nlog, 2)]
    assert entries[0] == pm.LOG_GAME and entries[-1] == pm.LOG_AUTO_CUT
    assert set(entries[1:]) <= {pm.LOG_AUTO_CUT, pm.LOG_CUT_AGAIN}
    assert m.last_input == pm.UINT32_MAX
    assert pm.match_undo(CLASSIC, m, log) == pm.ENOUNDOHERE
    assert pm.match_draw(m) == ()
    assert pm.match_resume(CLASSIC, m, log) == pm.STOP_IDLE


def _to_phase(cfg: pm.MatchConfig, phase: int, seed: int = 1) -> tuple[pm.Match, bytearray]:
    rng = random.Random(seed)
    for s in range(seed, seed + 200):
        m, log, st = _start(cfg, seed=s)
        while st == pm.STOP_IDLE and m.phase not in (phase, pm.PH_OVER):
            st = pm.match_apply(cfg, m, log, rng.choice(_ids(pm.match_legal(cfg, m))))
        if m.phase == phase and st == pm.STOP_IDLE:
            return m, log
    raise AssertionError(f"phase {phase} not reached")


def test_bad_ids_return_their_errors_and_change_nothing() -> None:
    m, log = _to_phase(CLASSIC, pm.PH_PROPOSE)
    for bad in (-1, 39, 63, 96, 1000):
        assert _unchanged(m, log, pm.match_apply, CLASSIC, m, log, bad) == pm.EBADCARD
    for bad in (0, pm.ID_ACCEPT, pm.ID_KING, pm.ID_PACKETS_32, pm.ID_DISCARD):
        assert _unchanged(m, log, pm.match_apply, CLASSIC, m, log, bad) == pm.ENOTNOW
    assert _unchanged(m, log, pm.match_chance, CLASSIC, m, log, (5, 6)) == pm.ENOTNOW
    m.allowed = 2  # as an EXCHANGE answer that forbids proposing would leave it
    r = _unchanged(m, log, pm.match_apply, CLASSIC, m, log, pm.ID_PROPOSE)
    assert r == pm.ENOTALLOWED

    m, log = _to_phase(CLASSIC, pm.PH_ELDER_DISCARD)
    assert (m.disc_least, m.disc_most) == (1, 5)  # classic: the elder discards 1 to 5
    r = _unchanged(m, log, pm.match_apply, CLASSIC, m, log, pm.ID_DISCARD)
    assert r == pm.EDISCARDN

    m, log = _to_phase(CLASSIC, pm.PH_PLAY)
    pm.match_apply(CLASSIC, m, log, _ids(pm.match_legal(CLASSIC, m))[0])
    legal = pm.match_legal(CLASSIC, m)[0]
    held = pm.piquet_mask(m.play.hands[m.play.to_move])
    illegal = [i for i in range(32) if held >> i & 1 and not legal >> i & 1]
    not_held = [i for i in range(32) if not held >> i & 1]
    for bad in illegal[:1] + not_held[:1]:
        assert _unchanged(m, log, pm.match_apply, CLASSIC, m, log, bad) == pm.EILLEGAL


def test_bad_chance_returns_its_errors_and_changes_nothing() -> None:
    cfg = CLASSIC
    m, log, st = _start(cfg, auto=False)
    assert st == pm.STOP_IDLE and m.to_act == pm.CHANCE and m.phase == pm.PH_CUT
    cut = pm.match_draw(m)
    assert len(cut) == 2
    for bad in ((cut[0], cut[0]), (0, cut[1]), (cut[0], 64), (cut[0], -1)):
        assert _unchanged(m, log, pm.match_chance, cfg, m, log, bad) == pm.EBADCHANCE
    deck = tuple(pm.card_of(i) for i in range(32))
    assert _unchanged(m, log, pm.match_chance, cfg, m, log, deck) == pm.ENOTNOW
    assert _unchanged(m, log, pm.match_apply, cfg, m, log, 37) == pm.ENOTNOW
    assert pm.match_chance(cfg, m, log, cut) == pm.STOP_IDLE
    assert log[m.last_input] == pm.LOG_CUT  # supplied, not drawn


def test_cut_loop_limit() -> None:
    """99 equal cuts in a row are cut again; the 100th gives ECUTLOOP."""
    m, log, _ = _start(auto=False)
    equal = (pm.card_of(0), pm.card_of(8))  # the same rank in two suits
    for i in range(99):
        assert pm.match_chance(CLASSIC, m, log, equal) == pm.STOP_IDLE
        assert m.cuts == i + 1 and log[m.nlog - 1] == pm.LOG_CUT_AGAIN
    assert pm.match_chance(CLASSIC, m, log, equal) == pm.ECUTLOOP
    assert m.cuts == 100 and m.phase == pm.PH_CUT
    assert pm.match_undo(CLASSIC, m, log) == pm.STOP_IDLE and m.cuts == 99
    assert pm.match_chance(CLASSIC, m, log, (pm.card_of(0), pm.card_of(1))) == pm.STOP_IDLE
    assert m.cuts == 0 and m.dealer != pm.NO_SEAT


BAD_ANSWERS = {
    pm.H_NEXT_GAME: [b"\x00\x00\xff", b"\x00\x02\xff", b"\x00\x01\x05"],
    pm.H_CUT: [b"\x05"],
    pm.H_DEAL_PACKETS: [b"\x05", b"\x21"],
    pm.H_DEAL: [bytes(30)],
    pm.H_EXCHANGE: [b"\x00", b"\x04"],
    pm.H_DISCARD_LIMITS: [b"\x03\x02", b"\x00\x06"],
    pm.H_KING_POINTS: [],
    pm.H_SCORE_HAND: [b"\x02\x01\x00\x00\x00"],
    pm.H_NEXT_HAND: [b"\x00\x00\x00", b"\x00\x01\x02"],
    pm.H_MATCH_STATUS: [b"\x02\x00", b"\x01\x02"],
}


@pytest.mark.parametrize("hook", range(pm.NUM_HOOKS))
def test_every_hook_stops_and_takes_answers(hook: int) -> None:
    """Each hook stops the machine (STOP_HOOK, m.hook) where it is asked; out-of-range or
    short answers give EBADANSWER and change nothing; the classic answer goes on exactly as
    the machine without the hook."""
    rules = pm.MatchRules(target=3, games_to_win=2)
    hooked = pm.config_init(rules, 1 << hook)
    plain = pm.config_init(rules, 0)
    rng = random.Random(hook)
    asked = 0
    for seed in range(30):
        m, log, st = _start(hooked, seed=seed)
        p, plog, pst = _start(plain, seed=seed)
        while True:
            while st == pm.STOP_HOOK:
                asked += 1
                assert m.hook == hook and m.step != pm.ST_NONE
                assert pm.match_legal(hooked, m) == (0, 0)
                size = pm.hook_answer_size(hook)
                for bad in [*BAD_ANSWERS[hook], bytes(size + 1), bytes(size - 1)]:
                    r = _unchanged(m, log, pm.match_answer, hooked, m, log, bad)
                    assert r == pm.EBADANSWER, bad
                r = _unchanged(m, log, pm.match_apply, hooked, m, log, pm.ID_PROPOSE)
                assert r == pm.ENOTNOW
                st = pm.match_answer(hooked, m, log, classic_answer(hooked, m, log))
            assert st == pst == pm.STOP_IDLE
            assert _unchanged(m, log, pm.match_answer, hooked, m, log, b"") == pm.ENOTNOW
            records = [
                bytes(log[i : i + n])
                for i, n in log_entries(log, m.nlog, 2)
                if log[i] != pm.LOG_ANSWER
            ]
            assert b"".join(records) == bytes(plog[: p.nlog])
            if m.phase == pm.PH_OVER:
                break
            ids = _ids(pm.match_legal(hooked, m))
            assert ids == _ids(pm.match_legal(plain, p))
            id_ = rng.choice(ids)
            st, pst = pm.match_apply(hooked, m, log, id_), pm.match_apply(plain, p, plog, id_)
            if rng.random() < 0.2:
                copy = m.copy()
                assert pm.match_undo(hooked, m, log) == pm.STOP_IDLE
                st = pm.match_apply(hooked, m, log, id_)
                assert m.state() == copy.state()
    assert asked > 0


def test_hook_answers_take_effect() -> None:
    rules = pm.MatchRules(nplayers=3, target=2, games_to_win=1)
    mask = 1 << pm.H_NEXT_GAME | 1 << pm.H_DEAL | 1 << pm.H_KING_POINTS | 1 << pm.H_MATCH_STATUS
    cfg = pm.config_init(rules, mask | 1 << pm.H_DEAL_PACKETS)
    m, log, st = _start(cfg)
    assert st == pm.STOP_HOOK and m.hook == pm.H_NEXT_GAME and m.hook_args[0] == 0
    st = pm.match_answer(cfg, m, log, bytes((2, 1, 2)))  # seats 2 and 1, seat 2 deals
    assert st == pm.STOP_HOOK and m.hook == pm.H_DEAL_PACKETS and m.hook_args[0] == 2
    assert (m.game_players, m.dealer, m.elder) == ([2, 1], 2, 1)
    st = pm.match_answer(cfg, m, log, bytes((23,)))
    assert st == pm.STOP_HOOK and m.hook == pm.H_DEAL
    king = 0 * 16 + 11  # the king of suit 0 turned up
    elder = [pm.card_of(i) for i in (8, 9, 10, 11, 12)]
    dealer = [pm.card_of(i) for i in (16, 17, 18, 19, 20)]
    stock = [pm.card_of(i) for i in range(32) if pm.card_of(i) not in (*elder, *dealer, king)]
    mask_of = sum(1 << pm.index_of(c) for c in elder), sum(1 << pm.index_of(c) for c in dealer)
    answer = mask_of[0].to_bytes(4, "little") + mask_of[1].to_bytes(4, "little")
    st = pm.match_answer(cfg, m, log, answer + bytes((king, *stock)))
    assert st == pm.STOP_HOOK and m.hook == pm.H_KING_POINTS
    assert m.hook_args[:3] == [2, 1, 1]  # the dealer (seat 2), turned up, position 1
    assert m.held == [sum(1 << c for c in elder), sum(1 << c for c in dealer)]
    assert m.turnup == king and m.trump == 0 and m.stock == stock
    st = pm.match_answer(cfg, m, log, (2).to_bytes(2, "little"))  # 2 points: the game
    assert st == pm.STOP_HOOK and m.hook == pm.H_MATCH_STATUS
    assert m.scores[2] == 2 and m.games_won[2] == 1
    st = pm.match_answer(cfg, m, log, bytes((1, 0)))  # over, and seat 0 wins the match
    assert st == pm.STOP_IDLE and m.phase == pm.PH_OVER and m.winner == 0
    assert m.to_act == pm.TERMINAL and log[m.nlog - 2 : m.nlog] == bytes((pm.LOG_MATCH_END, 0))
    copy = m.copy()
    assert pm.match_replay(cfg, m, log, m.nlog) == pm.STOP_IDLE
    assert m.state() == copy.state()


def test_exchange_hook_cannot_exceed_24_exchanges() -> None:
    rules = pm.MatchRules(HandRules(elder_min_discard=0, dealer_min_discard=0))
    cfg = pm.config_init(rules, 1 << pm.H_EXCHANGE)
    m, log, st = _start(cfg)
    refused = 0
    while m.phase not in (pm.PH_PLAY, pm.PH_OVER):
        if st == pm.STOP_HOOK:
            before = m.state()
            st = pm.match_answer(cfg, m, log, b"\x01")
            if st == pm.EBADANSWER:
                refused += 1
                assert m.state() == before
                assert m.ndiscards == 48 and m.hook_args[1] == 0
                st = pm.match_answer(cfg, m, log, b"\x02")
        else:
            st = pm.match_apply(cfg, m, log, _ids(pm.match_legal(cfg, m))[0])
        assert st >= 0
    assert m.exchanges == 24 and refused == 1


def test_replay_rejects_foreign_logs() -> None:
    m, log = _to_phase(CLASSIC, pm.PH_PLAY)
    cut = m.nlog
    assert pm.match_replay(CLASSIC, m, log, cut + 1) == pm.ELOG
    assert pm.match_replay(CLASSIC, m, log, len(log) + 1) == pm.ELOG
    for tags in (range(pm.NUM_IDS), (pm.LOG_AUTO_DEAL,)):
        at = next(i for i, _ in log_entries(log, cut, 2) if log[i] in tags)
        bad = bytearray(log[:cut])
        bad[at + 1] ^= 0x40  # another seat to act, or a deal with a card that is no card
        assert pm.match_replay(CLASSIC, m, bad, cut) == pm.ELOG
    bad = bytearray(log[:cut])
    bad[cut - 2] = 0x7F  # not an entry
    assert pm.match_replay(CLASSIC, m, bad, cut) == pm.ELOG
    answered = bytearray(log[:cut])
    hooked = pm.config_init(pm.MatchRules(), 1 << pm.H_NEXT_GAME)
    assert pm.match_replay(hooked, m, answered, cut) == pm.ELOG  # no answer where asked
    assert pm.match_replay(CLASSIC, m, log, cut) == pm.STOP_IDLE


def test_config_init_checks_the_rules() -> None:
    good = pm.MatchRules()
    cfg = pm.config_init(good, ALL_HOOKS)
    assert cfg.rules == good and cfg.hook_mask == ALL_HOOKS and len(cfg.ctx) == 4
    assert [c.trump for c in cfg.ctx] == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        pm.config_init(good, 1 << pm.NUM_HOOKS)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("order", (11, 10, 9, 12, 8, 7, 6, 6)),
        ("order", (11, 10, 9, 12, 8, 7, 6, 4)),
        ("order", (11, 10, 9)),
        ("elder_min_discard", 6),
        ("dealer_min_discard", -1),
        ("play_flags", 4),
        ("penalty_to_dealer", 2),
        ("penalty_every_refusal", 2),
        ("vole_penalty", 1),
        ("vole_penalty", 4),
        ("penalties", 2),
        ("alternate_packets", 2),
        ("lower_cut_deals", 2),
        ("king_announcement", 3),
        ("game_values", 2),
        ("nplayers", 1),
        ("nplayers", 17),
        ("target", 0),
        ("games_to_win", 0),
    ],
)
def test_config_init_refuses_rules_out_of_range(field: str, value: object) -> None:
    good = pm.MatchRules()
    if field in HandRules._fields:  # a rule of each hand
        rules = good._replace(hand=good.hand._replace(**{field: value}))
    else:
        rules = good._replace(**{field: value})
    with pytest.raises(ValueError):
        pm.config_init(rules, 0)


@pytest.mark.long(17)  # two C runs of 100,000 matches
def test_hook_answers_at_scale_in_c(driver: Path) -> None:
    """100,000 random matches over random rules, every hook answered by the driver's own
    statement of the classic rules (and undo, replay and bad input checked on the way),
    give the logs of the same matches answered by the machine itself."""
    n = 100_000 * SCALE
    hooked = _run(driver, "matches", n, 77, "all", -1)
    plain = _run(driver, "matches", n, 77, 0, -1)
    assert hooked["matches"] == plain["matches"] == n and hooked["hooks"] > n
    assert hooked["records"] == plain["digest"] and hooked["actions"] == plain["actions"]


def test_the_machine_is_reachable_through_cffi() -> None:
    """C hosts and PyPy reach the match machine through the cffi module: a whole match
    played there writes the log the Cython binding writes."""
    ffi, lib = cffi_ecarte()
    from ecarte import Game

    cfg, m, log, buf = cffi_match(ffi, lib, 12345)
    game = Game(seed=12345)
    legal = ffi.new("uint64_t[2]")
    while m.phase != 8:  # EC_PH_OVER
        lib.ec_match_legal(cfg, m, legal)
        low = legal[0]
        ids = [i for i in range(64) if low >> i & 1] + [
            64 + i for i in range(32) if legal[1] >> i & 1
        ]
        assert tuple(ids) == game.legal_action_ids()
        assert lib.ec_match_apply(cfg, m, log, ids[-1]) == 0
        game.apply(game.action_from_id(ids[-1]))
    assert bytes(ffi.buffer(buf, m.nlog)) == game._m_log(0)
