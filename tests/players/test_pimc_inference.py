"""Inference on the opponent's exchanges: the count of its latest discard weights the
worlds by the model's play, the switch (``inference``) turns it on and off, the compiled
and pure weights agree, and an opponent playing the model always keeps the whole weight."""

from __future__ import annotations

import random

import pytest

from ecarte import Card, CardSet, Game, Phase, Suit, _core
from ecarte.games.ecarte import _pure_pimc as pure
from ecarte.games.ecarte.pimc import _PHASES, PIMCPlayer, load_kernel, observe
from ecarte.players import HeuristicPlayer, RandomPlayer

pytestmark = pytest.mark.own_backends  # the kernels are taken one by one

KERNELS = ["pure"] + (["c"] if _core.BACKEND == "cython" else [])


def _after_a_discard_of_one() -> pure.Query:
    """The dealer to play after the elder discarded one card and drew one."""
    hand = CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣").mask
    q = pure.query(hand=hand, pool=pure.unknown(hand, Card.parse("Q♠").id), trump=Suit.SPADES)
    return q._replace(me=1, phase=pure.PROPOSE, stock_size=19, ndiscards=2, last=1)


@pytest.mark.parametrize("kernel", KERNELS)
def test_the_switch_changes_the_weighting(kernel: str) -> None:
    """Uniform worlds without inference; with it, an opponent who discarded one card holds
    the four trumps or high cards it kept in twice as many of them or more."""
    q = _after_a_discard_of_one()
    k = load_kernel(kernel)
    uniform = k.worlds(q, 5, 400)
    weighted = k.worlds(q._replace(infer=(pure.INFER_EXCHANGED,), opp_discard=1), 5, 400, 4)
    assert uniform != weighted

    def kept(ws: list) -> float:
        return sum(pure.kept_kind(q.rules, opp, q.trump) >= 4 for opp, _ in ws) / len(ws)

    assert kept(weighted) > 2 * kept(uniform) > 0
    assert uniform == k.worlds(q, 5, 400, 4)  # no inference: the pool factor is not used


def test_the_weights_are_the_models() -> None:
    """Whole (16) with the kept cards, halved per one missing, never zero; the other
    decisions' chances multiply."""
    q = _after_a_discard_of_one()._replace(infer=(pure.INFER_EXCHANGED,), opp_discard=2)
    rules, trump = q.rules, q.trump
    for text, kept in (("K♠ Q♥ K♦ 8♣ 9♣", 3), ("K♠ A♥ Q♦ 8♣ 9♣", 2), ("7♥ 8♥ 9♦ 8♣ 9♣", 0)):
        opp = CardSet.parse(text).mask
        assert pure.kept_kind(rules, opp, trump) == kept
        assert pure.weight(q, opp) == 16 >> max(0, 3 - kept)
    both = q._replace(infer=(pure.INFER_PLAYED, pure.INFER_EXCHANGED))
    opp = CardSet.parse("K♠ A♥ Q♦ 8♣ 9♣").mask
    assert pure.weight(both, opp) == pure.weight(q, opp) * pure.weight(
        q._replace(infer=(pure.INFER_PLAYED,)), opp
    )


def _decisions_against_the_model(n: int, seed: int) -> list[tuple[Game, int]]:
    """Decision points of a random seat whose opponent is the heuristic player (which
    discards as the model does)."""
    rng = random.Random(seed)
    out = []
    match = 0
    while len(out) < n:
        game = Game(seed=seed * 100 + match)
        players = {0: RandomPlayer(seed=match), 1: HeuristicPlayer()}
        match += 1
        while not game.is_over and len(out) < n:
            seat = game.to_act
            legal = game.legal_actions()
            obs = game.observation(seat)
            if seat == 0 and obs.phase in _PHASES and obs.exchanges and rng.random() < 0.5:
                out.append((game.clone(), seat))
            game.apply(players[seat].choose(obs, legal), seat=seat)
    return out


def test_an_opponent_playing_the_model_keeps_the_whole_weight() -> None:
    inferred = 0
    for game, seat in _decisions_against_the_model(40, seed=3):
        obs = game.observation(seat)
        q, _ = observe(obs, inference=True)
        plain, _ = observe(obs, inference=False)
        assert plain.infer == ()
        if pure.INFER_EXCHANGED not in q.infer:
            continue
        inferred += 1
        truth = game.hand(1).mask
        assert pure.weight(q._replace(infer=(pure.INFER_EXCHANGED,)), truth) == 16
    assert inferred > 10


@pytest.mark.skipif(len(KERNELS) < 2, reason="the compiled kernel is not built")
def test_the_compiled_weights_are_the_pure_ones() -> None:
    c, p = load_kernel("c"), load_kernel("pure")
    checked = 0
    for i, (game, seat) in enumerate(_decisions_against_the_model(30, seed=8)):
        q, soft = observe(game.observation(seat), inference=True)
        if pure.INFER_EXCHANGED not in q.infer:
            continue
        q = q._replace(forbid=q.forbid & ~soft)
        assert c.worlds(q, i, 20, 3) == p.worlds(q, i, 20, 3)
        checked += 1
    assert checked > 5


def test_no_inference_from_a_discard_the_stock_capped() -> None:
    """A discard of all the stock held (or of five) says nothing about what was kept."""
    for game, seat in _decisions_against_the_model(60, seed=11):
        obs = game.observation(seat)
        q, _ = observe(obs, inference=True)
        stock = obs.stock_size
        for s, n in reversed(obs.exchanges):
            stock += n
            if s == 1:
                telling = n < min(5, stock)
                assert (pure.INFER_EXCHANGED in q.infer) == telling
                if telling:
                    assert q.opp_discard == n
                break


def test_the_player_decides_with_it() -> None:
    for game, seat in _decisions_against_the_model(6, seed=2):
        obs, legal = game.observation(seat), game.legal_actions()
        if obs.phase is Phase.PLAY or len(legal) < 2:
            continue
        assert PIMCPlayer(worlds=20, inference=True).choose(obs, legal) in legal
