"""What the RL tests share: games played in step with their RL states, and each seat's
tensors decoded next to the observation objects."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np

from ecarte import Card, Game, Rank, Rules, Suit
from ecarte.games.euchre import JOKER, EuchreGame, EuchreRules, Phase
from ecarte.rl import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec
from ecarte.rl.tensors import decode, layout

ECARTE_RULES = [
    Rules.preset(name).evolve(target=3, games_to_win=2) for name in ("classic", "spanish")
] + [
    Rules.preset("brazilian").evolve(target=2, games_to_win=1, elder_min_discard=0),
    Rules(king_announcement=Rules().king_announcement.AUTOMATIC, target=2, games_to_win=1),
]
EUCHRE_RULES = [
    EuchreRules.standard().with_options(target=5),
    EuchreRules.openspiel(allow_lone_defender=True),
    EuchreRules.seed().with_options(target=3),
    EuchreRules.standard().with_options(deck=25, target=3),
    EuchreRules.standard().with_options(deck=32, target=3, stick_the_dealer=True),
]


def tensors(state: Any, seat: int, spec: Any) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The seat's observation and information-state tensors."""
    obs = np.full(spec.tensor_size(OBSERVATION), 7, np.uint8)  # every slot written
    info = np.full(spec.tensor_size(INFO_STATE), 7, np.uint8)
    state.write(seat, OBSERVATION, obs)
    state.write(seat, INFO_STATE, info)
    return obs, info


def check_prefix(spec: Any, obs: np.ndarray[Any, Any], info: np.ndarray[Any, Any]) -> None:
    """The information state starts with the observation's fields, the same."""
    n = len(layout(spec, OBSERVATION))
    assert [f.name for f in layout(spec, INFO_STATE)[:n]] == [
        f.name for f in layout(spec, OBSERVATION)
    ]
    assert (info[: len(obs)] == obs).all()
    assert set(np.unique(info)) <= {0, 1}


# ------------------------------------------------------------------ Euchre


def euchre_walk(rules: EuchreRules, seed: int, rng: random.Random) -> Iterator[tuple[Any, Any]]:
    """A random game as (EuchreGame, RL state) at each decision, the two in step."""
    spec = EuchreSpec(rules)
    game = EuchreGame(rules, seed=seed)
    state = spec.new_state(seed)
    while True:
        assert state.to_act == game.to_act
        assert state.legal_ids() == list(game.legal_action_ids())
        assert state.returns() == game.returns()
        yield game, state
        if game.is_over:
            return
        a = rng.choice(state.legal_ids())
        game.apply_id(a)
        state.apply(a)


def euchre_expected(game: EuchreGame, seat: int) -> dict[str, list[Any]]:
    """Each field of seat's information state, from ``game.observation(seat)``."""
    o = game.observation(seat)

    def rel(s: int) -> int:
        return (s - seat) % 4

    def cid(c: Any) -> int:
        return game.card_action_id(c)

    n = game.deck
    hand = sorted([cid(c) for c in o.hand] + ([cid(JOKER)] if o.joker else []))
    taken = game.discard >= 0 or o.phase is Phase.DISCARD
    bid_seat: list[Any] = [None] * 8
    bid: list[Any] = [None] * 8
    for k, (s, text) in enumerate(o.bids):
        bid_seat[k] = rel(s)
        bid[k] = 0 if text == "pass" else 1 + next(x for x in Suit if x.symbol == text[-1])
    trick: list[Any] = [None] * 4
    for s, c in o.trick:
        trick[rel(s)] = cid(c)
    played: list[list[int]] = [[] for _ in range(4)]
    plays = [p for t in o.tricks for p in t] + list(o.trick)
    for t in o.tricks:
        for s, c in t:
            played[rel(s)].append(cid(c))
    mine = [cid(c) for s, c in plays if s == seat]
    dealt = set(hand) | set(mine)
    if o.discard is not None:
        dealt.add(cid(o.discard))
    if seat == o.dealer and taken and o.upcard is not None:
        dealt.discard(cid(o.upcard))
    side = seat & 1
    assert len(plays) <= 20 and n == game.ids.cards
    return {
        "phase": [list(type(game)._phases).index(o.phase)],
        "to_act": [rel(o.to_act) if o.to_act >= 0 else None],
        "dealer": [None if o.dealer is None else rel(o.dealer)],
        "hand": [hand],
        "upcard": [None if o.upcard is None else cid(o.upcard)],
        "upcard_taken": [[0] if taken else []],
        "trump": [None if o.trump is None else int(o.trump)],
        "maker": [None if o.maker is None else rel(o.maker)],
        "alone": [sorted(rel(s) for s in o.alone)],
        "discard": [None if o.discard is None else cid(o.discard)],
        "bid_seat": bid_seat,
        "bid": bid,
        "trick": trick,
        "trick_leader": [rel(o.trick[0][0]) if o.trick else None],
        "played": [sorted(p) for p in played],
        "tricks_won": [o.tricks_won[side], o.tricks_won[1 - side]],
        "score": [min(o.scores[side], 15), min(o.scores[1 - side], 15)],
        "dealt": [sorted(dealt)],
        "play_seat": [rel(s) for s, _ in plays] + [None] * (20 - len(plays)),
        "play_card": [cid(c) for _, c in plays] + [None] * (20 - len(plays)),
    }


# ------------------------------------------------------------------ Écarté


def piquet(card: Card) -> int:
    return int(card.suit) * 8 + int(card.rank) - Rank.SEVEN


class EcarteTracker:
    """What the tests note of a match beyond its observations: each hand's dealt cards and
    each seat's discarded cards."""

    def __init__(self) -> None:
        self.hand = -1
        self.dealt: dict[int, list[int]] = {}
        self.discarded: dict[int, set[int]] = {0: set(), 1: set()}

    def see(self, game: Game) -> None:
        if game.hand_number != self.hand and game.turnup is not None:
            self.hand = game.hand_number
            self.dealt = {s: sorted(piquet(c) for c in game.hand(s)) for s in (0, 1)}
            self.discarded = {0: set(), 1: set()}

    def before(self, game: Game, action_id: int) -> None:
        if action_id >= 64:
            cards = game.action_from_id(action_id).cards  # type: ignore[attr-defined]
            self.discarded[game.to_act] |= {piquet(c) for c in cards}


def ecarte_walk(rules: Rules, seed: int, rng: random.Random) -> Iterator[tuple[Any, Any, Any]]:
    """A random match as (Game, RL state, tracker) at each decision, in step."""
    spec = EcarteSpec(rules)
    game = Game(rules, seed=seed)
    state = spec.new_state(seed)
    tracker = EcarteTracker()
    while True:
        assert state.to_act == game.to_act
        assert state.legal_ids() == list(game.legal_action_ids())
        tracker.see(game)
        yield game, state, tracker
        if game.is_over:
            assert state.returns()[game.winner] == 1.0
            return
        a = rng.choice(state.legal_ids())
        tracker.before(game, a)
        game.apply(game.action_from_id(a))
        state.apply(a)


def ecarte_expected(game: Game, seat: int, tracker: EcarteTracker) -> dict[str, list[Any]]:
    """Each field of seat's information state, from ``game.observation(seat)``."""
    o = game.observation(seat)
    opp = 1 - seat

    def rel(s: int) -> int:
        return 0 if s == seat else 1

    exchanges = list(o.exchanges)
    last: list[Any] = [None, None]
    for s, n in exchanges:
        last[rel(s)] = n
    trick: list[Any] = [None, None]
    for s, c in o.trick:
        trick[rel(s)] = piquet(c)
    played: list[list[int]] = [[], []]
    for t in o.tricks:
        for s, c in t:
            played[rel(s)].append(piquet(c))
    plays = [p for t in o.tricks for p in t] + list(o.trick)
    packets = game._view().deal_packets
    dealt = o.turnup is not None
    return {
        "phase": [list(type(game)._phases).index(o.phase)],
        "to_act": [rel(o.to_act) if o.to_act >= 0 else None],
        "dealer": [None if o.dealer is None else rel(o.dealer)],
        "hand": [sorted(piquet(c) for c in o.hand)],
        "turnup": [None if o.turnup is None else piquet(o.turnup)],
        "trump": [None if o.trump is None else int(o.trump)],
        "packets": [{0: None, 32: 0, 23: 1}[packets]],
        "stock": [o.stock_size],
        "exchanges": [min(len(exchanges) // 2, 11)],
        "last_discard": last,
        "played_alone": [[0] if o.played_without_proposing else []],
        "refused": [[0] if o.refused_after is not None else []],
        "refused_after": [None if o.refused_after is None else min(o.refused_after, 11)],
        "kings": [sorted(rel(s) for s in o.kings_announced)],
        "trick": trick,
        "trick_leader": [rel(o.trick[0][0]) if o.trick else None],
        "played": [sorted(p) for p in played],
        "tricks_won": [o.tricks_won[seat], o.tricks_won[opp]],
        "score": [min(o.scores[seat], 15), min(o.scores[opp], 15)],
        "games_won": [min(o.games_won[seat], 3), min(o.games_won[opp], 3)],
        "dealt": [tracker.dealt[seat] if dealt else []],
        "my_discards": [sorted(tracker.discarded[seat]) if dealt else []],
        "discards": [n for _, n in exchanges] + [None] * (48 - len(exchanges)),
        "play_seat": [rel(s) for s, _ in plays] + [None] * (10 - len(plays)),
        "play_card": [piquet(c) for _, c in plays] + [None] * (10 - len(plays)),
    }


def decoded(spec: Any, info: np.ndarray[Any, Any]) -> dict[str, list[Any]]:
    return decode(spec, INFO_STATE, info)
