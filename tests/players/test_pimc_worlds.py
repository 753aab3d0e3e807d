"""The worlds of the PIMC player: consistent with what the seat saw, the truth among them,
the compiled kernel and its pure twin draw for draw the same."""

from __future__ import annotations

from itertools import combinations

import pytest
from pimc_cases import RULES, decision_points, opponent, true_stock, with_opponent_hand

from ecarte import PIQUET_DECK, Card, CardSet, Game, Phase, Suit, _core
from ecarte.games.ecarte import _pure_pimc as pure
from ecarte.games.ecarte.pimc import _option, load_kernel, observe
from ecarte.games.ecarte.rules import KingAnnouncement

pytestmark = pytest.mark.own_backends  # the kernels are taken one by one

KERNELS = ["pure"] + (["c"] if _core.BACKEND == "cython" else [])
KING = 11


def _bits(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def _relaxed_worlds(kernel: str, q: pure.Query, soft: int, seed: int, n: int) -> list:
    try:
        return load_kernel(kernel).worlds(q, seed, n, 3)
    except pure.InfeasibleError:
        return load_kernel(kernel).worlds(q._replace(forbid=q.forbid & ~soft), seed, n, 3)


def _check_world(game: Game, seat: int, q: pure.Query, soft: int, opp: int, stock: tuple) -> None:
    """Everything the seat saw holds in the world ``(opp, stock)``."""
    obs = game.observation(seat)
    seen = obs.hand.mask | (1 << obs.turnup.id)
    seen |= sum(1 << c.id for t in (*obs.tricks, obs.trick) for _, c in t)
    assert opp & seen == 0 and opp & ~PIQUET_DECK.mask == 0
    assert opp & ~q.pool == 0 and opp & q.require == q.require
    assert opp & (q.forbid & ~soft) == 0
    opp_seat = opponent(game, seat)
    plays = [(s, c) for t in (*obs.tricks, obs.trick) for s, c in t]
    opp_cards = [c for s, c in plays if s == opp_seat]
    assert opp.bit_count() == (5 - len(opp_cards) if obs.phase is Phase.PLAY else 5)
    if obs.phase is not Phase.PLAY:
        assert len(stock) == obs.stock_size == len(set(stock))
        assert all(1 << c & q.pool & ~opp for c in stock)
    # every card the opponent answered with was legal with the hand the world gives it
    ctx = _core.ranked_context(int(obs.trump), obs.rules.rank_order.ranks, PIQUET_DECK.mask)
    flags = obs.rules.hand_rules().play_flags
    for k, ((_, led), (s, card)) in enumerate(obs.tricks):
        if s != opp_seat:
            continue
        held = opp | sum(1 << c.id for t in obs.tricks[k:] for s2, c in t if s2 == opp_seat)
        assert _core.legal_plays(ctx, held, [led.id], flags) >> card.id & 1
    king = 1 << (int(obs.trump) * 16 + KING)
    if opp_seat in obs.kings_announced and king & q.pool:
        assert opp & king


@pytest.mark.parametrize("name", sorted(RULES))
def test_worlds_are_consistent_and_the_truth_is_one_of_them(name: str) -> None:
    rules = RULES[name]
    replayed = 0
    for game, seat in decision_points(25, seed=len(name), rules=rules):
        obs = game.observation(seat)
        q, soft = observe(obs, inference=True)
        opp = game.hand(opponent(game, seat)).mask
        # the truth meets the hard constraints (a random opponent may hide its king: soft)
        assert opp & ~q.pool == 0 and opp & q.require == q.require
        assert opp & (q.forbid & ~soft) == 0 and opp.bit_count() == q.opp_size
        assert set(true_stock(game)) <= set(_bits(q.pool & ~opp))
        assert len(true_stock(game)) == q.stock_size
        if rules.king_announcement is KingAnnouncement.AUTOMATIC:
            assert opp & soft == 0  # automatic kings: a king not scored is not held
        for world_opp, stock in _relaxed_worlds(KERNELS[-1], q, soft, 11, 12):
            _check_world(game, seat, q, soft, world_opp, stock)
            twin = with_opponent_hand(game, seat, world_opp | q.opp_played)
            if twin is not None and world_opp & soft == 0:
                # dealt that hand instead, the opponent could have done all it did, and the
                # seat would have seen exactly what it saw
                assert twin.observation(seat) == obs
                replayed += 1
    assert replayed > 0


@pytest.mark.parametrize("kernel", KERNELS)
def test_no_world_fits_raises(kernel: str) -> None:
    hand = CardSet.parse("K♠ Q♠ J♠ A♥ 7♦").mask
    pool = pure.unknown(hand, Card.parse("8♠").id)
    q = pure.query(hand=hand, pool=pool, trump=Suit.SPADES, forbid=pool & ~0xFF)
    with pytest.raises(pure.InfeasibleError):
        load_kernel(kernel).worlds(q, 1, 5)
    with pytest.raises(ValueError):
        load_kernel(kernel).worlds(q._replace(forbid=0), 1, 0)


def test_a_suit_not_followed_is_never_held() -> None:
    """The opponent threw a club on a heart lead: no heart in any world; a low heart on a
    heart lead under must-overtake: no higher heart."""
    rules = RULES["classic"]
    order = rules.rank_order.ranks
    hits = 0
    for game, seat in decision_points(60, seed=5, rules=rules, every=0.6):
        obs = game.observation(seat)
        if obs.phase is not Phase.PLAY:
            continue
        q, _ = observe(obs)
        opp_seat = opponent(game, seat)
        for (_, led), (s, card) in obs.tricks:
            if s != opp_seat:
                continue
            suit = PIQUET_DECK.mask & 0xFFFF << (16 * int(led.suit))
            if card.suit != led.suit:
                hits += 1
                assert q.pool & suit & ~q.forbid == 0
            elif rules.must_overtake and card.rank != led.rank:
                higher = [c for c in CardSet(suit) if order.index(c.rank) < order.index(led.rank)]
                if order.index(card.rank) > order.index(led.rank):
                    assert q.pool & CardSet.of(higher).mask & ~q.forbid == 0
    assert hits > 0


def _cases(n: int, seed: int) -> list[tuple[pure.Query, list[int]]]:
    """Queries of random decision points under each rules preset, with their options."""
    out = []
    for k, name in enumerate(sorted(RULES)):
        for game, seat in decision_points(n, seed=seed + k, rules=RULES[name], every=0.5):
            obs = game.observation(seat)
            legal = game.legal_actions()
            options = [_option(a) for a in legal]
            if any(o is None for o in options):
                continue
            for inference, objective in ((False, "game"), (True, "points")):
                q, soft = observe(obs, inference=inference, objective=objective)
                out.append((q._replace(forbid=q.forbid & ~soft), options))
    return out


@pytest.mark.skipif("c" not in KERNELS, reason="the compiled kernel is not built")
def test_the_compiled_kernel_is_its_pure_twin() -> None:
    c, p = load_kernel("c"), load_kernel("pure")
    for i, (q, options) in enumerate(_cases(3, seed=21)):
        assert c.worlds(q, i, 7, 2) == p.worlds(q, i, 7, 2)
        assert c.values(q, options, i, 4, 2) == p.values(q, options, i, 4, 2), q


@pytest.mark.skipif("c" not in KERNELS, reason="the compiled kernel is not built")
def test_the_model_is_the_same_in_c() -> None:
    c, p = load_kernel("c"), load_kernel("pure")
    rules = RULES["brazilian"].hand_rules()
    ids = [card.id for card in PIQUET_DECK]
    for trump in range(4):
        for hand in combinations(ids[trump * 5 : trump * 5 + 9], 5):
            mask = sum(1 << x for x in hand)
            assert c.likely(rules, mask, trump) == p.likely(rules, mask, trump)
            for least, most in ((0, 5), (1, 5), (2, 3), (1, 1)):
                assert c.model_discard(rules, mask, trump, least, most) == p.model_discard(
                    rules, mask, trump, least, most
                )


def test_inference_weights_follow_the_model() -> None:
    """A dealer who refused holds a strong hand: the worlds kept under inference give the
    opponent more likely tricks than the uniform ones."""
    hand = CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣").mask
    q = pure.query(hand=hand, pool=pure.unknown(hand, Card.parse("Q♠").id), trump=Suit.SPADES)
    q = q._replace(phase=pure.PLAY, stock_size=21, refusal=1)
    kernel = load_kernel(KERNELS[-1])
    uniform = kernel.worlds(q, 3, 300)
    weighted = kernel.worlds(q._replace(infer=(pure.INFER_REFUSED,)), 3, 300, 4)

    def mean(ws: list) -> float:
        return sum(pure.likely(q.rules, opp, q.trump) for opp, _ in ws) / len(ws)

    assert mean(weighted) > mean(uniform) + 5
