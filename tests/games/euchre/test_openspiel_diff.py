"""Differential test against OpenSpiel's ``euchre``: one sequence of OpenSpiel action
ids (chance outcomes included) drives both engines; the legal id sets, the player to act,
the action texts and the returns must agree at every step.

``EUCHRE_DIFF_DEALS`` sets the number of deals per parameter combination (default
10,000: 40,000 deals over the four combinations of ``allow_lone_defender`` and
``stick_the_dealer``, some 20 seconds). Without pyspiel the test is skipped, except in
CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import os
import random

import pytest

from ecarte.games.euchre import CHANCE, TERMINAL, EuchreGame, EuchreRules

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None
    if os.environ.get("CI"):
        raise

pytestmark = pytest.mark.skipif(
    pyspiel is None, reason="open_spiel is not installed (pip install open_spiel)"
)

DEALS = int(os.environ.get("EUCHRE_DIFF_DEALS", "10000"))
COMBOS = [(lone, stick) for lone in (False, True) for stick in (False, True)]


def _os_player(p: int) -> int:
    if p == pyspiel.PlayerId.CHANCE:
        return CHANCE
    if p == pyspiel.PlayerId.TERMINAL:
        return TERMINAL
    return p


def drive(game: object, ours: EuchreGame, rng: random.Random, texts: bool) -> list[int]:
    """Play one deal with random OpenSpiel ids through both; return the id sequence."""
    s = game.new_initial_state()  # type: ignore[attr-defined]
    ids = []
    while True:
        p = s.current_player()
        assert ours.to_act == _os_player(p), (ids, ours.to_act, p)
        if s.is_terminal():
            assert ours.is_over
            assert list(ours.returns()) == s.returns(), (ids, ours.returns(), s.returns())
            return ids
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            legal = [a for a, _ in outcomes]
            assert ours.chance_outcomes() == outcomes, ids
        else:
            legal = s.legal_actions()
        assert ours.legal_action_ids() == legal, (ids, ours.legal_action_ids(), legal)
        a = legal[rng.randrange(len(legal))]
        if texts:
            assert ours.action_from_id(a).openspiel_text() == s.action_to_string(p, a), ids
        ids.append(a)
        s.apply_action(a)
        ours.apply_id(a)


@pytest.mark.parametrize(("allow_lone_defender", "stick_the_dealer"), COMBOS)
def test_random_deals_match_openspiel(allow_lone_defender: bool, stick_the_dealer: bool) -> None:
    params = {"allow_lone_defender": allow_lone_defender, "stick_the_dealer": stick_the_dealer}
    game = pyspiel.load_game("euchre", params)
    rules = EuchreRules.openspiel(**params)
    rng = random.Random(f"{allow_lone_defender}-{stick_the_dealer}")
    assert EuchreGame(rules).num_action_ids == game.num_distinct_actions()
    seen = {"all pass": 0, "maker alone": 0, "defender alone": 0, "euchred": 0, "march": 0}
    for n in range(DEALS):
        ours = EuchreGame(rules, auto_chance=False)
        drive(game, ours, rng, texts=n < 200)
        maker = ours.maker
        if maker is None:
            seen["all pass"] += 1
            continue
        seen["maker alone"] += maker in ours.alone
        seen["defender alone"] += any(s % 2 != maker % 2 for s in ours.alone)
        seen["euchred"] += ours.returns()[maker] < 0
        seen["march"] += ours.tricks_won[maker % 2] == 5
    # every path was taken (the ones the parameters allow)
    assert seen["all pass"] > 0 or stick_the_dealer or DEALS < 1000, seen
    assert (seen["defender alone"] > 0) == allow_lone_defender or DEALS < 1000, seen
    assert min(seen["maker alone"], seen["euchred"], seen["march"]) > 0 or DEALS < 1000, seen


def test_replay_clone_undo_on_openspiel_sequences() -> None:
    game = pyspiel.load_game("euchre", {"allow_lone_defender": True})
    rules = EuchreRules.openspiel(allow_lone_defender=True)
    rng = random.Random(11)
    for _ in range(50):
        ours = EuchreGame(rules, auto_chance=False)
        ids = drive(game, ours, rng, texts=False)
        again = EuchreGame.replay(ids, rules)
        assert again.returns() == ours.returns() and again.history == ours.history
        k = rng.randrange(len(ids))
        part = EuchreGame.replay(ids[:k], rules)
        twin = part.clone()
        part.apply_id(ids[k])
        part.undo()
        assert part.history == twin.history
        assert part.legal_action_ids() == twin.legal_action_ids()
        for a in ids[k:]:
            twin.apply_id(a)
        assert twin.returns() == ours.returns()
