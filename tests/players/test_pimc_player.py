"""The PIMC player behind the player protocol: legal everywhere, reproducible, remembering
its discards, under every rules preset and with variants."""

from __future__ import annotations

import pytest
from pimc_cases import RULES, check_same_seed_same_decisions, decision_points

from ecarte import Discard, Game, Phase, _core
from ecarte.games.ecarte.pimc import Decision, PIMCPlayer, observe
from ecarte.players import HeuristicPlayer, Player, RandomPlayer, play_match

pytestmark = pytest.mark.own_backends  # the kernels are taken one by one


def test_it_is_a_player() -> None:
    assert isinstance(PIMCPlayer(), Player)
    with pytest.raises(ValueError):
        PIMCPlayer(worlds=0)
    with pytest.raises(ValueError):
        PIMCPlayer(objective="tricks")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_decision_is_legal(name: str) -> None:
    for inference in (False, True):
        player = PIMCPlayer(worlds=8, seed=3, inference=inference)
        phases = set()
        for game, seat in decision_points(30, seed=40 + inference, rules=RULES[name]):
            legal = game.legal_actions()
            obs = game.observation(seat)
            action = player.choose(obs, legal)
            assert action in legal
            phases.add(obs.phase)
        assert Phase.PLAY in phases and len(phases) >= 3


@pytest.mark.parametrize(
    "variant", [None, "regles", "quick", "napoleon", "poule"], ids=lambda v: v or "classic"
)
def test_whole_matches(variant: str | None) -> None:
    game = Game(seed=8, variant=variant)
    seats = range(game.players)
    players = {s: PIMCPlayer(worlds=6, seed=s) if s != 1 else HeuristicPlayer() for s in seats}
    assert play_match(game, players).is_over


def test_same_seed_same_decisions() -> None:
    check_same_seed_same_decisions(lambda seed: PIMCPlayer(worlds=20, seed=seed), seed=9)


@pytest.mark.skipif(_core.BACKEND != "cython", reason="the compiled kernel is not built")
def test_the_kernels_decide_alike() -> None:
    for game, seat in decision_points(6, seed=13, every=0.5):
        obs, legal = game.observation(seat), game.legal_actions()
        c, p = PIMCPlayer(worlds=5, kernel="c"), PIMCPlayer(worlds=5, kernel="pure")
        assert c.choose(obs, legal) == p.choose(obs, legal) and c.last == p.last


def test_values_are_chances_of_winning_the_game() -> None:
    game, seat = next(iter(decision_points(1, seed=2)))
    d = PIMCPlayer(worlds=30).evaluate(game.observation(seat), game.legal_actions())
    assert isinstance(d, Decision) and set(d.worlds) <= {6, 30} and max(d.worlds) == 30
    assert all(0 <= v <= 1 for v in d.values)
    points = PIMCPlayer(worlds=30, objective="points")
    assert all(-4 <= v <= 4 for v in points.evaluate(game.observation(seat), d.actions).values)


def test_it_remembers_its_discards() -> None:
    """After its discard the cards it threw are out of the opponent's possible hands."""
    for seed in range(30):
        game = Game(seed=seed)
        pimc = PIMCPlayer(worlds=6)
        players = {0: pimc, 1: RandomPlayer(seed=seed)}
        thrown = 0
        while not game.is_over and game.hand_number == 1:
            seat = game.to_act
            obs = game.observation(seat)
            action = players[seat].choose(obs, game.legal_actions())
            if seat == 0 and isinstance(action, Discard):
                thrown |= action.cards.mask
            game.apply(action, seat=seat)
            if thrown and game.to_act == 0 and game.phase is not Phase.OVER:
                mine = game.observation(0)
                assert pimc.own_discards(mine) == thrown
                q, _ = observe(mine, pimc.own_discards(mine))
                assert q.pool & thrown == 0
                return
    pytest.fail("no discard by the PIMC player in 30 hands")


def test_it_beats_a_random_player() -> None:
    """Seeded on both sides (the same matches every run). It wins about 7 matches in 8
    against a random player; 14 of 20 is far below that and far above even."""
    wins = 0
    for seed in range(20):
        game = Game(seed=seed)
        pimc, random_seat = seed % 2, 1 - seed % 2
        play_match(
            game, {pimc: PIMCPlayer(worlds=10, seed=seed), random_seat: RandomPlayer(seed=seed)}
        )
        wins += game.winner == pimc
    assert wins >= 14


@pytest.mark.parametrize("kernel", ["c", "pure"])
@pytest.mark.parametrize("copy_by", ["pickle", "deepcopy"])
def test_a_player_can_be_pickled_and_copied(kernel: str, copy_by: str) -> None:
    """A process pool pickles its players: a copy, made mid-hand (its discards
    remembered), decides every later decision as the original does."""
    import copy
    import pickle

    from ecarte.players import ISMCTSPlayer

    if kernel == "c":
        pytest.importorskip("ecarte.games.ecarte._pimc")
    for make in (
        lambda: PIMCPlayer(worlds=8, seed=5, inference=True, kernel=kernel),
        lambda: ISMCTSPlayer(iterations=30, seed=5, kernel=kernel),
    ):
        game = Game(seed=11)
        players = {0: make(), 1: make()}
        clones: dict[int, PIMCPlayer] = {}
        moves = 0
        while not game.is_over and moves < 60:
            seat = game.to_act
            legal, obs = game.legal_actions(), game.observation(seat)
            if moves == 12:
                clones = {
                    s: pickle.loads(pickle.dumps(p)) if copy_by == "pickle" else copy.deepcopy(p)
                    for s, p in players.items()
                }
            action = players[seat].choose(obs, legal)
            if clones:
                assert clones[seat].choose(obs, legal) == action
            game.apply(action, seat=seat)
            moves += 1
        assert clones and repr(clones[0]) == repr(players[0])


def test_one_instance_at_both_seats_plays_as_two() -> None:
    """A GUI may hand one player both seats: it remembers each seat's discards apart, so
    it takes the decisions two instances with its seed take (a single memory forgot a
    seat's discards once the other seat discarded)."""
    from ecarte.players import ISMCTSPlayer

    for make in (lambda: PIMCPlayer(worlds=30, seed=3), lambda: ISMCTSPlayer(40, seed=3)):
        for seed in range(4):
            logs = []
            for shared in (False, True):
                one = make()
                players = {0: one, 1: one} if shared else {0: make(), 1: make()}
                game = Game(seed=seed)
                log = []
                while not game.is_over:
                    seat = game.to_act
                    if seat < 0:
                        game.apply_chance()
                        continue
                    action = players[seat].choose(game.observation(seat), game.legal_actions())
                    log.append(action)
                    game.apply(action, seat=seat)
                logs.append(log)
            assert logs[0] == logs[1], seed
