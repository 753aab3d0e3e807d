"""How saving is checked (issue 9): a state machine interleaving every way to move, copy and
save a game, and a fuzz test of ``Game.from_json`` with mutated documents.

Both run inside ordinary test functions, so that the ``live_backend`` fixture runs them on
every backend. ``ECARTE_LONG=1`` runs more of each.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
from typing import Any

import hypothesis.strategies as st
import pytest
from helpers import random_action
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ecarte import Game, IllegalActionError, SaveFormatError
from ecarte._fuzz._saves import value_paths
from ecarte.games.ecarte._records import ACTIONS

LONG = bool(os.environ.get("ECARTE_LONG"))


def views(game: Game, plugins: bool = True) -> tuple[Any, ...]:
    """Everything two games in the same state agree on (``plugins``: what their plugins
    describe too; a clone shares its original's plugin instances, which follow the
    original)."""
    return (
        tuple(game.observation(p) for p in range(game.players)),
        tuple(game.hand(p) for p in range(game.players)),
        game.legal_actions(),
        game.legal_action_ids(),
        game.history,
        game.log,
        game.scores,
        game.games_won,
        game.game_results,
        game.hand_results,
        game.phase,
        game.to_act,
        game.winner,
        game.seed,
        game.rules,
        game.describe() if plugins else None,
    )


class SaveMachine(RuleBasedStateMachine):
    """One game, moved, copied and saved in every way; after each step it must agree with
    the game its history replays, and each copy with its original."""

    game: Game

    @initialize(
        preset=st.sampled_from([None, "brazilian", "portuguese"]),
        variant=st.sampled_from([None, "poule", "quick", "cercle"]),
        seed=st.integers(0, 2**64 - 1),
    )
    def start(self, preset: str | None, variant: str | None, seed: int) -> None:
        self.game = Game(preset, variant=variant, seed=seed)
        self.shared = False  # the game is a clone: its plugins follow another game

    def _same(self, other: Game, shared: bool) -> None:
        assert views(other, not self.shared) == views(self.game, not self.shared)
        assert other.to_dict() == self.game.to_dict()
        self.game, self.shared = other, shared

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def apply(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions()
        self.game.apply(data.draw(st.sampled_from(legal)))

    @precondition(lambda self: not self.game.is_over)
    @rule(n=st.integers(1, 30), seed=st.integers(0, 1000))
    def apply_several(self, n: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(n):
            if self.game.is_over:
                break
            self.game.apply(random_action(self.game, rng))

    @rule(data=st.data())
    def illegal_apply(self, data: st.DataObject) -> None:
        legal = set(self.game.legal_actions())
        illegal = [a for a in ACTIONS if a not in legal]
        action = data.draw(st.sampled_from(illegal))
        before = views(self.game)
        try:
            self.game.apply(action)
        except IllegalActionError:
            pass
        else:  # pragma: no cover
            raise AssertionError(f"{action} applied though not legal")
        assert views(self.game) == before

    @rule()
    def undo(self) -> None:
        before = views(self.game)
        try:
            self.game.undo()
        except IllegalActionError:
            assert views(self.game) == before

    @rule()
    def clone(self) -> None:
        self._same(self.game.clone(), True)

    @rule()
    def shallow_copy(self) -> None:
        self._same(copy.copy(self.game), True)

    @rule()
    def deep_copy(self) -> None:
        self._same(copy.deepcopy(self.game), self.shared)

    @rule()
    def pickled(self) -> None:
        self._same(pickle.loads(pickle.dumps(self.game)), self.shared)

    @rule()
    def json_round_trip(self) -> None:
        self._same(Game.from_json(self.game.to_json()), self.shared)

    @rule()
    def replayed(self) -> None:
        game = self.game
        other = (
            Game.replay(game.history, game.rules, seed=game.seed)
            if not game.variants
            else Game.replay(
                game.history,
                game._config.asked_rules,
                variant=game.variants,
                seed=game.seed,
            )
        )
        assert views(other)[:-1] == views(game)[:-1]  # describe(): plugin state is not replayed

    @invariant()
    def agrees_with_its_history(self) -> None:
        game = self.game
        again = game.rebuild()
        assert views(again)[:-1] == views(game)[:-1]


def test_saving_state_machine() -> None:
    run_state_machine_as_test(
        SaveMachine,
        settings=settings(
            max_examples=500 if LONG else 100,
            stateful_step_count=50 if LONG else 30,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )


# ------------------------------------------------------------------ fuzzing


def _documents() -> list[str]:
    from ecarte_cercle import Cercle

    docs = []
    for variant, steps in ((None, 40), ("poule", 60), ("quick", 0), ("regles", 200)):
        game = Game(variant=variant, seed=steps)
        rng = random.Random(steps)
        for _ in range(steps):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        docs.append(game.to_json())
    cercle = Cercle(players={"Ada": 20, "Blaise": 20}, gallery={"Cleo": 10})
    cercle.bet("Cleo", "Ada", 5)
    game = Game(plugins=[cercle], seed=3)
    for _ in range(50):
        game.apply(game.legal_actions()[-1])
    docs.append(game.to_json())
    return docs


_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 255, 256, 2**31, 2**63, 2**64, -(2**64), 10**30, 1.5,
    "", "x", "K♠", "cut K♠ K♠", "propose", "deal", "poule", "classic", "ace-high", [], {},
    [1], ["propose"], {"a": 1}, {"name": "poule", "options": {}}, "🂡" * 3,
]  # fmt: skip


def _value(rng: random.Random) -> Any:
    return copy.deepcopy(rng.choice(_VALUES))  # never one object in two places


def _mutate(doc: Any, rng: random.Random) -> Any:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = value_paths(doc)[1:]
        if not paths:
            break
        path = rng.choice(paths)
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        how = rng.random()
        if how < 0.5:
            parent[key] = _value(rng)
        elif how < 0.65:
            del parent[key]
        elif how < 0.8 and isinstance(parent[key], str):
            text = parent[key]
            i = rng.randrange(len(text) + 1)
            parent[key] = text[:i] + rng.choice(["", " ", "x", "♠", "10", "-"]) + text[i + 1 :]
        elif how < 0.9 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += rng.choice((-1, 1, 2**32))
        elif isinstance(parent, list):
            parent.insert(key, _value(rng) if rng.random() < 0.5 else copy.deepcopy(parent[key]))
        else:
            parent[f"extra{rng.randrange(3)}"] = _value(rng)
    return doc


@pytest.mark.long(15)
def test_from_json_raises_only_save_format_error_on_mutated_documents() -> None:
    texts = _documents()
    docs = [json.loads(t) for t in texts]
    cases = 100_000 if LONG else 10_000
    rng = random.Random(20240609)
    outcomes = {"refused": 0, "restored": 0}
    for case in range(cases):
        i = rng.randrange(len(docs))
        if rng.random() < 0.1:  # the text itself: cut, flipped, doubled
            text = texts[i]
            j = rng.randrange(len(text))
            text = rng.choice([text[:j], text[:j] + rng.choice('{}[]",:0a') + text[j + 1 :]])
        else:
            text = json.dumps(_mutate(copy.deepcopy(docs[i]), rng), ensure_ascii=False)
        try:
            game = Game.from_json(text)
        except SaveFormatError:
            outcomes["refused"] += 1
        except Exception as exc:  # pragma: no cover - what this test is for
            raise AssertionError(f"case {case}: {type(exc).__name__}: {exc}\n{text}") from exc
        else:
            outcomes["restored"] += 1
            assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert outcomes["refused"] > cases // 2, outcomes
