"""Views for embedders: observations as JSON (Écarté and Euchre), the discard limits of
the seat to act, and the event feed (per seat, numbered, nothing hidden in it)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from helpers import random_action

from ecarte import (
    ArgumentError,
    Card,
    CardParseError,
    CardSet,
    Cut,
    DealtHands,
    Discard,
    EventKind,
    FeedEvent,
    Game,
    IllegalActionError,
    Phase,
    Rules,
    ScoreKind,
    hookimpl,
)
from ecarte.games.ecarte.rules import PRESETS
from ecarte.games.euchre import PRESETS as EUCHRE_PRESETS
from ecarte.games.euchre import EuchreGame

# ------------------------------------------------------------------ helpers


def _card_texts(value: Any) -> set[Card]:
    """Every card named by a string anywhere in a JSON value."""
    found: set[Card] = set()
    if isinstance(value, str):
        with contextlib.suppress(CardParseError):
            found.add(Card.parse(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= _card_texts(k) | _card_texts(v)
    elif isinstance(value, list):
        for v in value:
            found |= _card_texts(v)
    return found


def _matches(n: int, seed: int, **kwargs: Any) -> list[tuple[Game, random.Random]]:
    rng = random.Random(seed)
    presets = sorted(PRESETS)
    return [
        (Game(PRESETS[presets[i % len(presets)]], seed=rng.getrandbits(64), **kwargs), rng)
        for i in range(n)
    ]


def _step(game: Game, rng: random.Random) -> None:
    if game.to_act == -1:
        game.apply_chance()
    else:
        game.apply(random_action(game, rng))


# ------------------------------------------------------------ Observation.to_dict


def test_observation_to_dict_is_json_and_shows_only_what_the_seat_sees() -> None:
    phases: set[str] = set()
    for i, (game, rng) in enumerate(_matches(12, 16, auto_chance=False)):
        while True:
            for seat in range(game.players):
                obs = game.observation(seat)
                d = obs.to_dict()
                assert json.loads(json.dumps(d)) == d
                phases.add(d["phase"])
                public = {obs.turnup} | {c for _, c in obs.trick}
                public |= {c for t in obs.tricks for _, c in t}
                assert _card_texts(d) <= set(obs.hand) | public, (i, seat)
                hidden = CardSet.of(Card.from_id(c) for c in game._view().stock)
                for other in range(game.players):
                    if other != seat:
                        hidden |= game.hand(other)
                assert not _card_texts(d) & set(hidden), (i, seat)
                assert d["hand"] == [str(c) for c in obs.hand]
                assert d["rules"] == game.to_dict()["rules"]
                assert d["exchanges"] == [{"seat": s, "cards": n} for s, n in obs.exchanges]
                assert d["trump"] == (None if obs.trump is None else obs.trump.symbol)
            if game.is_over:
                break
            _step(game, rng)
    assert phases == {p.value for p in Phase}


def test_observation_to_dict_fields_and_schema() -> None:
    game = Game(seed=5)
    d = game.observation(game.to_act).to_dict()
    assert list(d) == [
        "seat", "rules", "phase", "to_act", "dealer", "elder", "hand", "turnup", "trump",
        "stock_size", "exchanges", "trick", "tricks", "tricks_won",
        "played_without_proposing", "refused_after", "kings_announced", "scores",
        "games_won", "discard_limits",
    ]  # fmt: skip
    assert d["rules"]["rank_order"] == "king-high" and d["rules"]["target"] == 5


def test_euchre_observation_to_dict_is_json_and_hides_the_other_hands() -> None:
    rng = random.Random(11)
    phases: set[str] = set()
    for name in sorted(EUCHRE_PRESETS):
        for _ in range(3):
            game = EuchreGame(EUCHRE_PRESETS[name](), seed=rng.getrandbits(64))
            while True:
                for seat in range(4):
                    obs = game.observation(seat)
                    d = obs.to_dict()
                    assert json.loads(json.dumps(d)) == d
                    phases.add(d["phase"])
                    assert d["hand"] == [str(c) for c in obs.hand]
                    public = {str(obs.upcard)} | {str(c) for _, c in obs.trick}
                    public |= {str(c) for t in obs.tricks for _, c in t}
                    for other in range(4):
                        if other != seat:
                            shown = {str(c) for c in game.cards(other)} - public
                            assert not shown & set(_strings(d)), (name, seat, other)
                    if seat != obs.dealer:
                        assert d["discard"] is None
                if game.is_over:
                    break
                game.apply_id(rng.choice(game.legal_action_ids()))
    assert {"bid", "play", "over"} <= phases


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


# ------------------------------------------------------------------ discard limits


class _OnlyOneOrThree:
    """Vetoes the discards of two, four or five cards."""

    NAME = "one-or-three"

    @hookimpl
    def ecarte_validate_action(self, game: Game, seat: int, action: Any) -> str | None:
        if isinstance(action, Discard) and len(action.cards) not in (0, 1, 3):
            return "discard none, one or three cards"
        return None


class _AtMostTwo:
    NAME = "at-most-two"

    @hookimpl
    def ecarte_discard_limits(self, game: Game, seat: int) -> tuple[int, int]:
        return (1, 2)


@pytest.mark.parametrize("plugins", [(), (_OnlyOneOrThree,), (_AtMostTwo,)], ids=str)
def test_discard_limits_are_the_sizes_of_the_legal_discards(plugins: tuple[Any, ...]) -> None:
    seen: set[tuple[int, int]] = set()
    for game, rng in _matches(8, 4, plugins=plugins):
        while not game.is_over:
            limits = game.discard_limits()
            for seat in range(game.players):
                assert game.observation(seat).discard_limits == limits
            if game.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
                sizes = {len(a.cards) for a in game.legal_actions()}
                assert limits == (min(sizes), max(sizes)), game
                seen.add(limits)
            else:
                assert limits is None
            legal = game.legal_actions()
            keen = [a for a in legal if str(a) in ("propose", "accept")]
            game.apply(keen[0] if keen and rng.random() < 0.9 else rng.choice(legal))
    if plugins == ():
        assert len(seen) > 3  # the rules' minimums, the stock
    elif plugins == (_OnlyOneOrThree,):
        assert (1, 3) in seen and all(a in (0, 1, 3) and b in (0, 1, 3) for a, b in seen)
    else:
        assert (1, 2) in seen and seen <= {(1, 2), (1, 1), (0, 0)}  # (0, 0): no stock left


# ---------------------------------------------------------------------- the feed


def _publics(game: Game) -> set[Card]:
    obs = game.observation(0)
    public = {c for _, c in obs.trick} | {c for t in obs.tricks for _, c in t}
    return public | ({obs.turnup} if obs.turnup else set())


def _check_feed(game: Game, rng: random.Random) -> int:
    """Play ``game`` out, checking each seat's new events against what it was shown;
    returns the number of events."""
    seats: list[int | None] = [*range(game.players), None]
    seen: dict[int | None, set[Card]] = {s: set() for s in seats}
    got: dict[int | None, list[FeedEvent]] = {s: [] for s in seats}
    held: dict[int, set[Card]] = {}  # each seat's hand, rebuilt from its own feed
    playing: dict[int, tuple[int, ...]] = {}  # the players of the game, from each seat's feed
    before = [game.hand(s) for s in range(game.players)]  # the hands before the last step
    while True:
        for seat in seats:
            if seat is not None:
                seen[seat] |= set(game.observation(seat).hand)
            seen[seat] |= _publics(game)
            new = game.events(seat, since=len(got[seat]))
            assert [e.n for e in new] == list(range(len(got[seat]), len(got[seat]) + len(new)))
            for e in new:
                if e.kind is EventKind.CUT:
                    seen[seat] |= set(e.cards)
                if e.kind is EventKind.PLAY:  # a card played is public: the player held it
                    assert e.seat is not None and e.card in before[e.seat]
                    seen[seat].add(e.card)
                shown = set(e.cards) | ({e.card} - {None})
                if e.kind is EventKind.DEALT and _cut_short(new, e.n):
                    shown = set()  # a hand over as dealt (a king won the game): never seen
                assert shown <= seen[seat], (seat, e)
                json.dumps(e.to_dict())
                if seat is None:
                    continue
                if e.kind is EventKind.GAME_STARTED:
                    playing[seat] = e.seats
                if e.kind in (EventKind.DEALT, EventKind.DISCARD, EventKind.DRAW):
                    mine = e.kind is EventKind.DEALT and seat in playing[seat]
                    mine = mine or e.seat == seat
                    assert bool(e.cards) == mine or e.count == 0, (seat, e)
                if e.kind is EventKind.DEALT and e.cards:
                    held[seat] = set(e.cards)
                elif e.kind is EventKind.DISCARD and e.seat == seat:
                    assert len(e.cards) == e.count and set(e.cards) <= held[seat]
                    held[seat] -= set(e.cards)
                elif e.kind is EventKind.DRAW and e.seat == seat:
                    assert len(e.cards) == e.count
                    held[seat] |= set(e.cards)
                elif e.kind is EventKind.PLAY and e.seat == seat:
                    held[seat].remove(e.card)  # type: ignore[arg-type]
                elif e.kind is EventKind.HAND_ENDED and seat in held:
                    assert e.hand is not None
                    assert held.pop(seat) == set() or not e.hand.complete
            got[seat] += new
        for seat in game.game_players:
            if seat in held and game.phase is not Phase.OVER:
                assert held[seat] == set(game.hand(seat)), (seat, game)
        assert [e.n for e in got[None]] == [e.n for e in got[0]]
        if game.is_over:
            break
        before = [game.hand(s) for s in range(game.players)]
        _step(game, rng)
    _check_results(game, got[None])
    return len(got[None])


def _cut_short(events: tuple[FeedEvent, ...], n: int) -> bool:
    """Whether the hand dealt in event ``n`` ended unfinished among ``events``."""
    return any(
        e.n > n and e.kind is EventKind.HAND_ENDED and e.hand and not e.hand.complete
        for e in events
    )


def _check_results(game: Game, feed: list[FeedEvent]) -> None:
    """The tricks of the feed are the hands' results; the scores add up."""
    results = [e.hand for e in feed if e.kind is EventKind.HAND_ENDED]
    assert results[-len(game.hand_results) :] == list(game.hand_results)
    won: dict[int, int] = {}
    scored: dict[int, int] = {}
    classic = game.plugin_names == ("classic",)
    exchanged = penalty = False  # a discard in the hand; playing as dealt or a refusal
    for e in feed:
        assert e.seat is None or 0 <= e.seat < game.players
        if e.kind is EventKind.DEALT:
            won, scored = {}, {}
            exchanged = penalty = False
        elif e.kind is EventKind.DISCARD:
            exchanged = True
        elif e.kind is EventKind.REFUSE or (e.kind is EventKind.PLAY_HAND and not exchanged):
            penalty = True
        elif e.kind is EventKind.TRICK:
            assert e.seat in e.seats and len(e.cards) == 2
            won[e.seat] = won.get(e.seat, 0) + 1  # type: ignore[index]
        elif e.kind is EventKind.SCORE:
            assert e.points is not None and e.seat is not None
            scored[e.seat] = scored.get(e.seat, 0) + e.points
            if e.score is ScoreKind.VOLE:
                assert won.get(e.seat) == 5
            if e.score in (ScoreKind.POINT, ScoreKind.PENALTY):
                assert won.get(e.seat) in (3, 4)
            if e.score is ScoreKind.PENALTY:
                assert penalty and e.points > 1
            if e.score is ScoreKind.POINT and classic:
                assert e.points == 1
        elif e.kind is EventKind.HAND_ENDED:
            assert e.hand is not None
            assert {s: n for s, n in e.hand.tricks.items() if n} == won
            assert {s: n for s, n in e.hand.points.items() if n} == scored
    games = [e.game for e in feed if e.kind is EventKind.GAME_ENDED]
    assert games == list(game.game_results)
    assert feed[-1].kind is EventKind.MATCH_ENDED and feed[-1].seat == game.winner


def test_the_feed_shows_each_seat_only_what_it_may_see() -> None:
    total = 0
    kinds: set[EventKind] = set()
    for game, rng in _matches(10, 2026):
        total += _check_feed(game, rng)
        kinds |= {e.kind for e in game.events(None)}
    for game, rng in _matches(3, 7, auto_chance=False):
        total += _check_feed(game, rng)
        kinds |= {e.kind for e in game.events(None)}
    assert kinds == set(EventKind) - {EventKind.CUT_AGAIN} and total > 1000
    scores = {e.score for g, _ in _matches(20, 3) for e in _played(g) if e.score}
    assert scores >= {ScoreKind.POINT, ScoreKind.VOLE, ScoreKind.PENALTY}


def _played(game: Game) -> tuple[FeedEvent, ...]:
    rng = random.Random(game.seed)
    while not game.is_over:
        _step(game, rng)
    return game.events(None)


class _Backwards:
    """Deals from the bottom of the deck (a deal hook: the log holds its answer)."""

    NAME = "backwards"

    @hookimpl
    def ecarte_deal(
        self, deck: Any, dealer: int, elder: int, packets: tuple[int, int]
    ) -> DealtHands:
        rev = tuple(reversed(deck))
        return DealtHands(
            hands={elder: CardSet.of(rev[:5]), dealer: CardSet.of(rev[5:10])},
            turnup=rev[10],
            stock=rev[11:],
        )


@pytest.mark.parametrize("variant", [None, "poule", "cercle", "quick", "napoleon", "regles"])
def test_the_feed_with_a_deal_hook_and_variants(variant: str | None) -> None:
    if variant is not None:
        pytest.importorskip(f"ecarte_{variant}", reason="the bundled variants are not installed")
        games = [(Game(seed=s, variant=variant), random.Random(s)) for s in range(3)]
    else:
        games = [(Game(seed=s, plugins=[_Backwards]), random.Random(s)) for s in range(4)]
    for game, rng in games:
        _check_feed(game, rng)


def test_since_numbers_and_undo() -> None:
    game = Game(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        game.apply(random_action(game, rng))
    every = game.events(0)
    assert [e.n for e in every] == list(range(len(every)))
    for k in (0, 1, 5, len(every) - 1, len(every), len(every) + 10):
        assert game.events(0, since=k) == every[k:]
        assert game.events(1, since=k) == game.events(1)[k:]
    before = len(every)
    game.apply(random_action(game, rng))
    assert game.events(0, since=before) == game.events(0)[before:]
    assert game.events(0)[:before] == every
    game.undo()
    assert game.events(0) == every
    clone = game.clone()
    assert clone.events(1) == game.events(1)
    with pytest.raises(ArgumentError, match="since"):
        game.events(0, since=-1)
    with pytest.raises(IllegalActionError, match="no seat 2"):
        game.events(2)


def test_feed_texts() -> None:
    game = Game(seed=1)
    first = game.events(None)
    assert first[0].kind is EventKind.GAME_STARTED and str(first[0]).startswith("game 1:")
    assert first[1].kind is EventKind.CUT
    while game.phase is not Phase.ELDER_DISCARD:
        game.apply(game.legal_actions()[-1] if game.phase is Phase.PACKETS else "propose")
        if game.phase is Phase.RESPOND:
            game.apply("accept")
    elder = game.to_act
    assert elder is not None
    game.apply(game.legal_actions()[-1])
    discard, draw = game.events(1 - elder)[-2:]
    assert str(discard) == f"seat {elder} discards {discard.count} card" + "s" * (
        discard.count != 1
    )
    assert draw.kind is EventKind.DRAW and not draw.cards
    mine = game.events(elder)[-1]
    assert mine.cards and str(mine).startswith(f"seat {elder} draws ")
    assert discard.to_dict()["cards"] == [] and mine.to_dict()["cards"] == list(
        map(str, mine.cards)
    )


def test_rules_of_the_observation_are_the_rules_in_force() -> None:
    game = Game(Rules.preset("brazilian"), seed=2)
    assert game.observation(0).to_dict()["rules"]["rank_order"] == "ace-high"


def test_an_equal_cut_is_cut_again() -> None:
    game = Game(auto_chance=False)
    game.apply(Cut((Card.parse("K♠"), Card.parse("K♥"))))
    game.apply(Cut((Card.parse("7♠"), Card.parse("Q♥"))))
    kinds = [e.kind for e in game.events(0)]
    assert kinds == [EventKind.GAME_STARTED, EventKind.CUT, EventKind.CUT_AGAIN, EventKind.CUT]
    assert game.events(0)[-1].seats == game.game_players
    assert str(game.events(None)[1]) == "cut: seat 0 K♠, seat 1 K♥"


def test_public_changes_refuses_a_mark_it_did_not_make() -> None:
    """``public_changes(since)`` takes a mark it returned (or None): anything else is an
    ArgumentError and changes nothing, as for ``public_changes_json``."""
    game = Game(seed=4, variant="poule")
    for _ in range(6):
        game.apply(random_action(game, random.Random(4)))
    _, mark = game.public_changes()
    before = game.to_dict()
    json_mark = game.public_changes_json()[1]
    for bad in (5, -1, True, 1.5, "x", [], (), mark[:-1], (*mark, 0), list(mark), json_mark):
        with pytest.raises(ArgumentError, match="since must be a mark public_changes"):
            game.public_changes(bad)  # type: ignore[arg-type]
        assert game.to_dict() == before
    assert game.public_changes(mark) == ({}, mark)
