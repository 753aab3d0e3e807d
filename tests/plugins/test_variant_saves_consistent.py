"""Saved poule and cercle states are checked for consistency when a game is restored:
a mutated save either loads with every money invariant holding or is refused with a
SaveFormatError naming the field; it never mints money nor seats a stranger."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from ecarte_cercle import Cercle, Ledger
from ecarte_poule import Poule

from ecarte import Game, SaveFormatError


def _cercle_save() -> dict[str, Any]:
    cercle = Cercle(
        players={"Ada": 40, "Blaise": 30},
        gallery={"Cleo": 30, "Dora": 20},
        commission_percent=5,
        value_per_point=4,
    )
    cercle.bet("Cleo", "Ada", 10)
    cercle.bet("Dora", "Blaise", 6)
    game = Game(plugins=[cercle], seed=7)
    rng = random.Random(7)
    while len(game.game_results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    names = sorted(cercle.seated.values())
    backer = next(n for n in cercle.gallery if cercle.balance(n) >= 2)
    cercle.bet(backer, names[0], 2, game=game.game_number + 1)
    cercle.cover(names[1], 1, game=game.game_number + 1)
    return game.to_dict()


def _poule_save() -> dict[str, Any]:
    game = Game(plugins=[Poule(ante=2)], seed=5)
    rng = random.Random(5)
    while len(game.game_results) < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.to_dict()


def _leaves(x: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(x, dict):
        return [p for k, v in x.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(x, list):
        return [p for i, v in enumerate(x) for p in _leaves(v, (*path, i))] or [path]
    return [path]


def _mutate(state: Any, rng: random.Random) -> Any:
    """One random change to a plugin's saved state: a number changed, a name swapped, an
    element dropped or doubled."""
    state = copy.deepcopy(state)
    path = rng.choice(_leaves(state))
    *parent_path, key = path if path else (None,)
    parent = state
    for k in parent_path:
        parent = parent[k]
    value = parent[key]
    kind = rng.randrange(4)
    if kind == 0 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-10, -1, 1, 2, 10, 100])
    elif kind == 1 and isinstance(value, str):
        parent[key] = rng.choice(["Ada", "Blaise", "Cleo", "Dora", "Zoe", "(house)"])
    elif kind == 2 and isinstance(parent, list):
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + 1
    else:
        parent[key] = "Zoe"
    return state


def _cercle_sound(cercle: Cercle) -> None:
    ledger = cercle.ledger
    ledger.check()
    settled = len(cercle.settlements)
    books = [b for n in (settled + 1, settled + 2) for b in cercle.book(n)]
    assert ledger.balance(Ledger.STAKES) == sum(b.amount for b in books)
    seated = set(cercle.seated.values())
    for b in books:
        assert b.player in seated
        assert (b.backer == b.player) if b.cover else (b.backer in cercle.gallery)
    brought = {"Ada": 40, "Blaise": 30, "Cleo": 30, "Dora": 20}
    assert -ledger.balance(Ledger.CASHIER) == sum(brought.values())
    assert seated | set(cercle.gallery) == set(brought)


def _poule_sound(poule: Poule) -> None:
    assert poule.pool == sum(poule.paid) - sum(poule.winnings)
    assert min(poule.paid) >= 0 and poule.pool >= 0


@pytest.mark.parametrize(
    ("save", "name", "sound"),
    [(_cercle_save, "cercle", _cercle_sound), (_poule_save, "poule", _poule_sound)],
)
def test_mutated_states_never_load_unsound(save: Any, name: str, sound: Any) -> None:
    doc = save()
    sound(Game.from_dict(doc).plugin(name))
    rng = random.Random(2026)
    refused = 0
    for _ in range(1000):
        bad = copy.deepcopy(doc)
        bad["state"][name] = _mutate(doc["state"][name], rng)
        try:
            back = Game.from_dict(bad)
        except SaveFormatError as exc:
            assert f"state.{name}" in str(exc)
            refused += 1
            continue
        sound(back.plugin(name))
    assert refused > 500  # most changes break an invariant, and each is refused


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(pool=s["pool"] + 1), "pool: the pool holds"),
        (lambda s: s["paid"].__setitem__(0, s["paid"][0] + 2), "pool: the pool holds"),
    ],
)
def test_a_poule_pool_that_is_not_paid_minus_winnings_is_refused(change: Any, message: str) -> None:
    doc = _poule_save()
    change(doc["state"]["poule"])
    with pytest.raises(SaveFormatError, match=f"state.poule.*{message}"):
        Game.from_dict(doc)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(pool=s["pool"] + 300, paid=[p + 100 for p in s["paid"]]),
        lambda s: s.update(pool=0, paid=[0, 0, 0]),
        lambda s: s.update(paid=[s["paid"][2], s["paid"][0], s["paid"][1]]),
    ],
)
def test_a_poule_state_the_games_played_do_not_give_is_refused(change: Any) -> None:
    # the pool and what each seat paid in follow from the games played: a state that adds
    # up but tells other payments is a tampered save, never the game
    doc = _poule_save()
    change(doc["state"]["poule"])
    assert doc["state"]["poule"] != _poule_save()["state"]["poule"]
    with pytest.raises(SaveFormatError, match=r"state\.poule.*the games played"):
        Game.from_dict(doc)


def test_cercle_books_stakes_and_names_are_checked() -> None:
    doc = _cercle_save()
    state = doc["state"]["cercle"]
    bets = state["books"][-1][1]
    cases = [
        ("books", lambda s: s["books"][-1][1][0].__setitem__(2, bets[0][2] + 5), "stakes"),
        ("books", lambda s: s["books"][-1][1][0].__setitem__(0, "Zoe"), "Zoe cannot stake"),
        ("entries", lambda s: s["entries"].append(["(cashier)", "Ada", 50, "purse"]), "cashier"),
        ("entries", lambda s: s["entries"][0].__setitem__(2, 400), "purses brought"),
        ("seated", lambda s: s["seated"][0].__setitem__(1, "Zoe"), "neither seated|seated"),
    ]
    for _field, change, message in cases:
        bad = copy.deepcopy(doc)
        change(bad["state"]["cercle"])
        with pytest.raises(SaveFormatError, match=f"state.cercle.*({message})"):
            Game.from_dict(bad)
    assert Game.from_dict(doc).to_dict() == doc


def _points_30(s: dict[str, Any]) -> None:
    s["entries"][9][2] = 30
    x = s["settlements"][0]
    x["won"]["Blaise"] = x["lost"]["Ada"] = x["points_paid"] = x["points_due"] = 30


def _winner_swapped(s: dict[str, Any]) -> None:
    s["settlements"][0].update(
        winner="Ada",
        loser="Blaise",
        points_payer="Blaise",
        units={"Ada": 5, "Blaise": 3},
        won={"Cleo": 6, "Ada": 8},
        lost={"Dora": 6, "Blaise": 8},
        new_player="Dora",
    )
    s["entries"][6] = ["(stakes)", "Cleo", 4, "game 1: excess returned"]
    s["entries"][9][:2] = ["Blaise", "Ada"]
    s["entries"][10] = ["Cleo", "(stakes)", 2, "game 3: stake on Ada"]
    s["entries"][11] = ["Dora", "(stakes)", 1, "game 3: stake on Dora"]
    s.update(
        seated=[[0, "Ada"], [1, "Dora"]],
        gallery=["Cleo", "Blaise"],
        books=[[3, [["Cleo", "Ada", 2, False], ["Dora", "Dora", 1, True]]]],
    )


@pytest.mark.parametrize(
    "change",
    [
        _points_30,
        _winner_swapped,
        lambda s: s["settlements"][0].update(units={"Blaise": 9, "Ada": 0}),
        lambda s: s["settlements"][0].update(value=3),
        lambda s: s["settlements"][0].update(debt=5),
    ],
)
def test_a_cercle_settlement_the_games_played_do_not_give_is_refused(change: Any) -> None:
    # the winner, the loser and the points of each game settled follow from the games
    # played: a state that adds up but settles other games is a tampered save
    doc = _cercle_save()
    assert doc["state"]["cercle"]["entries"][9] == ["Ada", "Blaise", 8, "game 1: points"]
    change(doc["state"]["cercle"])
    with pytest.raises(SaveFormatError, match=r"state\.cercle.*the games played"):
        Game.from_dict(doc)


@pytest.mark.parametrize(
    "text", ["1e-10000000", "1" * 41, "5/0", "100", "-1", " 5", "5.5", "NaN", 5]
)
def test_a_commission_is_bounded_before_it_is_parsed(text: object) -> None:
    doc = _cercle_save()
    doc["state"]["cercle"]["commission_percent"] = text
    with pytest.raises(SaveFormatError, match="commission_percent"):
        Game.from_json(json.dumps(doc))
