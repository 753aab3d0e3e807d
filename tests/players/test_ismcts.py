"""The IS-MCTS player: legal everywhere, reproducible, searching only in worlds consistent
with what its seat saw (PIMC's sampler), and the compiled search its pure twin's."""

from __future__ import annotations

import pytest
from pimc_cases import (
    RULES,
    check_same_seed_same_decisions,
    decision_points,
    opponent,
    with_opponent_hand,
)
from test_pimc_worlds import _cases, _check_world

from ecarte import Game, Phase, _core
from ecarte.arena import run
from ecarte.games.ecarte import _pure_ismcts, _pure_pimc
from ecarte.games.ecarte.ismcts import ISMCTSPlayer
from ecarte.games.ecarte.pimc import Decision, _option, load_kernel, observe
from ecarte.players import HeuristicPlayer, Player, RandomPlayer, play_match

pytestmark = pytest.mark.own_backends  # the kernels are taken one by one

COMPILED = _core.BACKEND == "cython"
SEARCHES = [_pure_ismcts.Search] + ([load_kernel("c").Search] if COMPILED else [])


def test_it_is_a_player() -> None:
    assert isinstance(ISMCTSPlayer(), Player)
    for bad in ({"iterations": 0}, {"ms": 0}, {"c": -1.0}, {"worlds": 0}, {"objective": "x"}):
        with pytest.raises(ValueError):
            ISMCTSPlayer(**bad)  # type: ignore[arg-type]
    assert ISMCTSPlayer(50).worlds == 50 and ISMCTSPlayer(5000).worlds == 1000


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_decision_is_legal(name: str) -> None:
    phases = set()
    for inference in (False, True):
        player = ISMCTSPlayer(iterations=40, seed=3, inference=inference)
        for game, seat in decision_points(25, seed=50 + inference, rules=RULES[name]):
            legal = game.legal_actions()
            obs = game.observation(seat)
            assert player.choose(obs, legal) in legal
            phases.add(obs.phase)
    assert Phase.PLAY in phases and len(phases) >= 3


@pytest.mark.parametrize("variant", [None, "regles", "poule"], ids=lambda v: v or "classic")
def test_whole_matches(variant: str | None) -> None:
    game = Game(seed=4, variant=variant)
    players = {
        s: ISMCTSPlayer(30, seed=s) if s != 1 else HeuristicPlayer() for s in range(game.players)
    }
    assert play_match(game, players).is_over


def test_same_seed_same_decisions() -> None:
    check_same_seed_same_decisions(lambda seed: ISMCTSPlayer(60, seed=seed), seed=19)


def test_the_root_counts_every_iteration() -> None:
    game, seat = next(iter(decision_points(1, seed=2)))
    d = ISMCTSPlayer(200, seed=5).evaluate(game.observation(seat), game.legal_actions())
    assert isinstance(d, Decision) and sum(d.worlds) == 200 and min(d.worlds) >= 1
    assert all(0 <= v <= 1 for v in d.values)
    assert d.best() == max(range(len(d.worlds)), key=lambda k: (d.worlds[k], d.values[k], -k))
    timed = ISMCTSPlayer(10**6, ms=3, seed=5).evaluate(game.observation(seat), d.actions)
    assert 1 <= sum(timed.worlds) < 10**6


@pytest.mark.skipif(not COMPILED, reason="the compiled kernel is not built")
def test_the_compiled_search_is_its_pure_twin() -> None:
    c, p = SEARCHES[1], SEARCHES[0]
    checked = 0
    for i, (q, options) in enumerate(_cases(3, seed=31)):
        a, b = c(q, options, i, 9, 2, 0.7), p(q, options, i, 9, 2, 0.7)
        assert a.determinizations() == b.determinizations()
        a.run(25)
        b.run(10)
        b.run(15)  # iterations in two calls are the same iterations
        assert a.root() == b.root() and a.count == b.count and a.iterations == 25, q
        checked += 1
    assert checked > 20
    with pytest.raises(ValueError):
        c(q, [*options, options[0]], 1, 4)  # an option twice


@pytest.mark.skipif(not COMPILED, reason="the compiled kernel is not built")
def test_the_kernels_decide_alike() -> None:
    for game, seat in decision_points(6, seed=23, every=0.5):
        obs, legal = game.observation(seat), game.legal_actions()
        c, p = ISMCTSPlayer(30, kernel="c"), ISMCTSPlayer(30, kernel="pure")
        assert c.choose(obs, legal) == p.choose(obs, legal) and c.last == p.last


@pytest.mark.parametrize("search", SEARCHES, ids=["pure", "c"][: len(SEARCHES)])
def test_it_searches_only_worlds_consistent_with_what_it_saw(search: type) -> None:
    """The determinizations are the PIMC sampler's for the seat's query (every one meets
    what the seat saw), and a deal that differs only in cards the seat cannot see gives the
    same decision, tree for tree."""
    kernel = load_kernel("pure")
    swapped = 0
    for name in ("classic", "spanish"):
        for game, seat in decision_points(12, seed=7, rules=RULES[name]):
            obs, legal = game.observation(seat), game.legal_actions()
            options = [_option(a) for a in legal]
            q, soft = observe(obs, inference=True)
            try:
                s = search(q, options, 3, 10, 2)
            except _pure_pimc.InfeasibleError:
                q = q._replace(forbid=q.forbid & ~soft)
                s = search(q, options, 3, 10, 2)
            assert s.determinizations() == kernel.worlds(q, 3, 10, 2)
            for opp, stock in s.determinizations():
                _check_world(game, seat, q, soft, opp, stock)
            player = ISMCTSPlayer(40, seed=9)
            action = player.choose(obs, legal)
            for opp, _ in s.determinizations()[:2]:
                twin = with_opponent_hand(game, seat, opp | q.opp_played)
                if twin is None or twin.hand(opponent(game, seat)) == game.hand(
                    opponent(game, seat)
                ):
                    continue
                again = ISMCTSPlayer(40, seed=9)
                assert again.choose(twin.observation(seat), twin.legal_actions()) == action
                assert again.last == player.last
                swapped += 1
    assert swapped > 0


def test_it_beats_a_random_player() -> None:
    wins = sum(
        play_match(Game(seed=s), {0: ISMCTSPlayer(100, seed=s), 1: RandomPlayer(seed=s)}).winner
        == 0
        for s in range(6)
    )
    assert wins >= 5


def test_the_arena_plays_it() -> None:
    s = run(["ismcts:iterations=40", "pimc:worlds=20"], 2, seed=3, workers=1).summary()
    assert s["players"]["a"] == "ismcts:iterations=40" and s["matches"] == 4
    assert s["timing"]["a"]["decisions"] > 0


class _LateClock:
    """A clock past any deadline at every look after the first: the slowest machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 3600.0
        return self.now


def test_a_time_budget_runs_at_least_one_round_of_iterations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """However slow the machine, a decision under ``ms`` searches (its first round of
    iterations runs), and chooses what the same iterations as a budget choose."""
    from ecarte.games.ecarte import ismcts

    game, seat = next(iter(decision_points(1, seed=2)))
    obs, legal = game.observation(seat), game.legal_actions()
    monkeypatch.setattr(ismcts, "time", _LateClock())
    for cap in (5, 500):
        timed = ISMCTSPlayer(cap, ms=1, worlds=40, seed=5).evaluate(obs, legal)
        assert sum(timed.worlds) == min(cap, 16)
        counted = ISMCTSPlayer(min(cap, 16), worlds=40, seed=5).evaluate(obs, legal)
        assert timed == counted
