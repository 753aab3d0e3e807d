"""A seat's view of an Écarté table is its observation as an embedder gets it
(:meth:`ecarte.Observation.to_dict`), with the table's own fields beside it; a spectator's
is the same without a hand."""

from __future__ import annotations

import random

import msgspec
import pytest

from ecarte import Game, available_variants
from ecarte.server import messages as m
from ecarte.server.games import ADAPTERS

TABLE_FIELDS = {"seat", "to_act", "hand"}
"""Observation fields the table answers itself: whose view, whose turn (None once over)."""


@pytest.mark.parametrize("variant", [None, "poule", "regles"])
def test_each_view_is_the_seats_observation(variant: str | None) -> None:
    adapter = ADAPTERS["ecarte"]
    rng = random.Random(7)
    game = Game(seed=11, variant=variant)
    steps = 0
    while not game.is_over and steps < 300:
        seats: list[int | None] = [*range(game.players), None]
        views = adapter.views(game, seats, None)
        for seat in seats:
            view = msgspec.to_builtins(msgspec.convert(views[seat], m.EcarteView))
            observed = game.observation(game.game_players[0] if seat is None else seat)
            expected = observed.to_dict()
            del expected["rules"]
            for key, value in expected.items():
                if key not in TABLE_FIELDS:
                    assert view[key] == value, (seat, key)
            assert view["seat"] == seat
            assert view["hand"] == ([] if seat is None else expected["hand"])
            assert view["to_act"] == (game.to_act if game.to_act >= 0 else None)
            assert view["legal"] == (
                [{"id": game.action_id(a), "text": str(a)} for a in game.legal_actions()]
                if seat == game.to_act
                else []
            )
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("rules", ["standard", "openspiel"])
def test_each_euchre_view_is_the_seats_observation(rules: str) -> None:
    from ecarte import get_game

    adapter = ADAPTERS["euchre"]
    rng = random.Random(5)
    game = get_game("euchre").load(rules=rules, seed=3)
    steps = 0
    while not game.is_over and steps < 400:
        seats: list[int | None] = [0, 1, 2, 3, None]
        views = adapter.views(game, seats, None)
        for seat in seats:
            view = msgspec.to_builtins(msgspec.convert(views[seat], m.EuchreView))
            expected = game.observation(0 if seat is None else seat).to_dict()
            for key, value in expected.items():
                if key not in TABLE_FIELDS | {"discard"}:
                    assert view[key] == value, (seat, key)
            assert view["seat"] == seat
            assert view["hand"] == ([] if seat is None else expected["hand"])
            assert view["discard"] == (None if seat is None else expected["discard"])
            if seat is not None and seat != game.observation(0).dealer:
                assert view["discard"] is None
        game.apply(rng.choice(game.legal_action_ids()))
        steps += 1
    assert steps > 10  # a whole deal at least


def test_the_views_fast_paths_agree_with_the_engine() -> None:
    """The legal actions (the hand read once for every discard) and the finished hands
    (kept while a hand goes on) are what the engine's own calls give, over whole matches."""
    import random

    from ecarte import Game
    from ecarte.server.games import ADAPTERS, _ecarte_legal, _summaries

    adapt = ADAPTERS["ecarte"]
    rng = random.Random(5)
    for seed, variant in [*((s, None) for s in range(6)), (6, "poule"), (7, "cercle")]:
        game, cache, views = Game(seed=seed, variant=variant), {}, {}
        seats = (None, *range(game.players))
        while not game.is_over:
            slow = [{"id": game.action_id(a), "text": str(a)} for a in game.legal_actions()]
            assert _ecarte_legal(game) == slow
            assert _summaries(game, cache) == _summaries(game, None)  # (read whole)
            # the views made with the table's cache are the ones made anew
            assert adapt.view_parts(game, seats, None, views) == adapt.view_parts(game, seats, None)
            game.apply(rng.choice(game.legal_actions()))
        assert _summaries(game, cache) == _summaries(game, None)


def test_the_views_told_as_changes_are_the_views_read_whole() -> None:
    """A table's views told as what changed (``view_update`` with the table's cache, its
    common case and its general path, and each seat's own patch, as JSON members in the
    order of the view) give,
    applied in order to the first views, the views read whole, at every step of whole
    matches (classic rules and variants)."""
    import json
    import random

    from ecarte import Game
    from ecarte.server.games import ADAPTERS

    adapt = ADAPTERS["ecarte"]
    rng = random.Random(11)
    for seed, variant in [*((s, None) for s in range(5)), (5, "poule"), (6, "cercle")]:
        game, cache = Game(seed=seed, variant=variant), {}
        seats = (None, *range(game.players))
        public, _, states = adapt.view_update(game, seats, None, cache, None)
        shown = {seat: {**public, **adapt.own_fields(game, states[seat])} for seat in seats}
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            now, patch_json, new = adapt.view_update(game, seats, None, cache, public)
            moved = json.loads(b"{" + patch_json + b"}")
            whole, own = adapt.view_parts(game, seats, None)
            assert now == whole
            assert json.loads(json.dumps({**public, **moved})) == json.loads(json.dumps(whole))
            assert all(public[k] != v for k, v in moved.items())  # (only what changed)
            assert list(moved) == [k for k in whole if k in moved]  # (in the view's order)
            for seat in seats:
                patch = json.loads(b"{" + adapt.own_patch(game, states[seat], new[seat]) + b"}")
                shown[seat] = {**shown[seat], **moved, **patch}
                expected = json.loads(json.dumps({**whole, **own[seat]}))
                assert json.loads(json.dumps(shown[seat])) == expected, (seed, seat)
            public, states = now, new


def test_a_club_tables_view_says_who_sits_and_which_books_are_open() -> None:
    """A club (``cercle``) table's views carry its bets as fields (``club``): the name at
    each seat and the games whose books are open, as the club has them at every step
    (names that read like the club's own lines included); other tables' carry None."""
    from ecarte.server.games import cercle_of

    adapt = ADAPTERS["ecarte"]
    odd = "Ada (1), seat 9 Bo"  # (what the club's lines in words would read wrongly)
    spec = m.CreateTable(
        variants=["cercle"],
        options={"cercle": {"players": {odd: 50, "Blaise": 50}, "gallery": {"Cleo": 30}}},
    )
    game = adapt.create(spec, 3)
    cercle = cercle_of(game)
    rng = random.Random(2)
    seen = set()
    while True:
        views = adapt.views(game, [0, 1, None], None)
        club = {"seated": [cercle.seated[0], cercle.seated[1]], "open": list(cercle.open_books())}
        for view in views.values():
            assert msgspec.convert(view, m.EcarteView).club == msgspec.convert(club, m.Club)
        seen.add((tuple(club["seated"]), tuple(club["open"])))
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert ((odd, "Blaise"), (2,)) in seen  # (game 1 dealt: the next game's book only)
    assert club["open"] == []  # (the table closed)
    assert len({opened for _, opened in seen}) > 2
    plain = adapt.views(Game(seed=1), [0, None], None)
    assert all(view["club"] is None for view in plain.values())


SEAT_FIELDS = {"seat", "rules", "hand", "backs", "backed_hand", "advice"}
"""The fields of an observation that belong to its seat (the rest every seat sees)."""


@pytest.mark.parametrize("variant", [None, *available_variants()])
def test_the_public_observation_is_what_every_seat_observes(variant: str | None) -> None:
    """``Game.public_observation()`` (read from the match at once) is each seat's
    ``observation().to_dict()`` less the seat's own fields, at every step of whole
    matches of every installed variant."""
    rng = random.Random(3)
    for seed in range(3):
        game = Game(seed=seed, variant=variant)
        steps = 0
        while not game.is_over and steps < 400:
            public = game.public_observation()
            for seat in range(game.players):
                seen = game.observation(seat).to_dict()
                assert public == {k: v for k, v in seen.items() if k not in SEAT_FIELDS}
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        assert steps > 20


@pytest.mark.parametrize("variant", [None, *available_variants()])
def test_the_public_changes_are_what_moved_in_the_public_observation(
    variant: str | None,
) -> None:
    """``Game.public_changes(mark)`` gives every field of the public observation that
    changed since the mark (and only fields of it): the last observation updated with
    them is the observation now, after every step of whole matches of every installed
    variant, from the last step's mark and from one several steps older."""
    rng = random.Random(4)
    for seed in range(3):
        game = Game(seed=seed, variant=variant)
        view, mark = game.public_changes()
        assert view == game.public_observation()
        old_view, old_mark = dict(view), mark
        steps = 0
        while not game.is_over and steps < 400:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
            now = game.public_observation()
            changed, mark = game.public_changes(mark)
            assert set(changed) <= set(now)
            view = {**view, **changed}
            assert view == now, steps
            if steps % 7 == 0:  # a mark several steps old
                since, old_mark = game.public_changes(old_mark)
                assert {**old_view, **since} == now, steps
                old_view = dict(now)
        assert steps > 20
