"""The OpenSpiel adapter: OpenSpiel's own ``random_sim_test`` with serialisation, an
OpenSpiel algorithm on the games (ISMCTS on a single deal of Euchre, with the
adapter's resampler; MCTS on a one-hand Écarté match), and the Euchre game against
OpenSpiel's own C++ ``euchre``."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from rl_support import EcarteTracker, ecarte_expected  # noqa: E402

import ecarte.rl.spiel as spiel  # noqa: E402
from ecarte.rl import INFO_STATE, OBSERVATION  # noqa: E402
from ecarte.rl.tensors import decode  # noqa: E402

pytestmark = pytest.mark.own_backends

GAMES = [
    ("ecarte_euchre", {"rules": "openspiel"}),
    ("ecarte_euchre", {"rules": "standard", "target": 2}),
    ("ecarte_euchre", {"rules": "seed", "deck": 25, "target": 1}),
    ("ecarte_euchre", {"rules": "standard", "deck": 32, "target": 0}),
    ("ecarte_match", {"target": 2, "games_to_win": 1}),
    ("ecarte_match", {"rules": "spanish", "target": 1, "games_to_win": 2}),
    ("ecarte_match", {"variant": "napoleon", "target": 2, "games_to_win": 1}),
    ("ecarte_match", {"variant": "quick"}),
]


@pytest.mark.parametrize(("name", "params"), GAMES, ids=lambda v: str(v))
def test_random_sim_test_with_serialisation(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_variant_of_more_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="seats 3"):
        pyspiel.load_game("ecarte_match", {"variant": "poule"})


@pytest.mark.parametrize("variant", ["regles", "cercle", "single-proposal"])
def test_variants_with_python_hooks_have_their_observations(variant: str) -> None:
    """A variant whose hooks Python answers is played by ``ecarte.Game``; its tensors, read
    from the game's log, are its observations field by field (as test_tensors checks the
    C state's)."""
    game = pyspiel.load_game("ecarte_match", {"variant": variant, "target": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    rng = random.Random(4)
    state = game.new_initial_state()
    tracker = EcarteTracker()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        match = state._core.game
        tracker.see(match)
        assert state.legal_actions() == list(match.legal_action_ids())
        for seat in (0, 1):
            tensor = np.array(state.information_state_tensor(seat), np.uint8)
            assert decode(game.spec, INFO_STATE, tensor) == ecarte_expected(match, seat, tracker)
            checked += 1
        action = rng.choice(state.legal_actions())
        tracker.before(match, action)
        state.apply_action(action)
    assert checked > 20


def _play(game: object, choose: object, seed: int) -> list[float]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(choose(state))  # type: ignore[operator]
    return list(state.returns())


def test_ismcts_plays_a_deal_of_euchre() -> None:
    game = pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"})
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game=game,
        uct_c=2.0,
        evaluator=evaluator,
        max_simulations=10,
        random_state=np.random.RandomState(2),
    )
    bot.set_resampler(spiel.resampler(seed=3))
    returns = _play(game, bot.step, seed=4)
    assert sum(returns) == 0 and returns[0] == returns[2] and returns[0] != 0


def test_mcts_plays_a_hand_of_ecarte() -> None:
    game = pyspiel.load_game("ecarte_match", {"target": 1, "games_to_win": 1})
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(2))
    returns = _play(game, bot.step, seed=5)
    assert sorted(returns) == [-1.0, 1.0]


def test_the_resampler_keeps_the_players_information() -> None:
    game = pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"})
    rng = random.Random(8)
    resample = spiel.resampler(seed=9)
    changed = 0
    for _ in range(6):
        state = game.new_initial_state()
        for _ in range(rng.randrange(22, 45)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        other = resample(state, player)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        changed += other.history() != state.history()
    assert changed > 0


def test_the_tensors_are_the_c_states() -> None:
    game = pyspiel.load_game("ecarte_match", {})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for which, get in (
        (OBSERVATION, state.observation_tensor),
        (INFO_STATE, state.information_state_tensor),
    ):
        mine = np.zeros(game.spec.tensor_size(which), np.uint8)
        state._core.write(1, which, mine)
        assert get(1) == mine.astype(np.float32).tolist()
    assert game.observation_tensor_size() == game.spec.tensor_size(OBSERVATION)


def test_euchre_is_openspiels_own() -> None:
    """Under the openspiel preset the adapter's ids, chance outcomes, legal actions and
    returns are those of OpenSpiel's C++ ``euchre``."""
    ours = pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"})
    theirs = pyspiel.load_game("euchre")
    rng = random.Random(3)
    for _ in range(5):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert a.current_player() == b.current_player()
            if b.is_chance_node():
                assert a.chance_outcomes() == b.chance_outcomes()
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal() and a.returns() == b.returns()


@pytest.mark.parametrize("name", ["ecarte_euchre", "ecarte_match"])
def test_chance_outcomes_only_at_a_chance_node(name: str) -> None:
    """A decision or a finished game has no chance outcomes: asking raises (as OpenSpiel's
    own games do), never a distribution over the players' actions or the cards left."""
    state = pyspiel.load_game(name).new_initial_state()
    rng = random.Random(4)
    seen = set()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        seen.add("decision")
        with pytest.raises(pyspiel.SpielError, match="not a chance node"):
            state.chance_outcomes()
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError, match="not a chance node"):
        state.chance_outcomes()
    assert seen


@pytest.mark.parametrize("name", ["ecarte_euchre", "ecarte_match"])
def test_an_observer_of_another_kind_is_refused(name: str) -> None:
    """The game has two observers, a player's observation and its information state (both
    public and private to that player): asked for another kind (public information only,
    every player's private information) or given parameters, it refuses rather than
    give the player's observation, private cards included."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(name)
    kinds = pyspiel.PrivateInfoType
    for recall in (False, True):
        for private, public in (
            (kinds.NONE, True),
            (kinds.ALL_PLAYERS, True),
            (kinds.SINGLE_PLAYER, False),
        ):
            iig = pyspiel.IIGObservationType(
                perfect_recall=recall, public_info=public, private_info=private
            )
            with pytest.raises(ValueError, match="observ"):
                make_observation(game, iig)
        own = pyspiel.IIGObservationType(perfect_recall=recall)
        assert make_observation(game, own).tensor.size == (
            game.information_state_tensor_size() if recall else game.observation_tensor_size()
        )
    with pytest.raises(ValueError, match="param"):
        make_observation(game, None, {"cards": True})
    assert make_observation(game).tensor.size == game.observation_tensor_size()


@pytest.mark.parametrize("name", ["ecarte_euchre", "ecarte_match"])
def test_action_to_string_refuses_what_is_no_action_of_the_game(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    n = game.num_distinct_actions()
    chance = int(pyspiel.PlayerId.CHANCE)
    for bad in (-1, n, 1000) + ((39, 63) if name == "ecarte_match" else ()):
        with pytest.raises(ValueError, match=f"action id {bad} is no action of the game"):
            state.action_to_string(0, bad)
    for bad in (-1, game.max_chance_outcomes()):
        with pytest.raises(ValueError, match=f"chance outcome {bad} is no outcome of the game"):
            state.action_to_string(chance, bad)
    ids = range(n) if name == "ecarte_euchre" else [*range(39), *range(64, 96)]
    assert len({state.action_to_string(0, a) for a in ids}) == len(ids)  # each its own
