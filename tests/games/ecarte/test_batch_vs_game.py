"""The batch's random hands are hands of the engine's game.

``random_hands`` plays whole hands (deal, exchanges, play, score) inside the core for
speed; the ``Game`` plays them through the plugin hooks, where the builtin classic plugin
decides the exchange and the score. Both must be the same game: every hand the pure twin
plays (identical to the C batch, see test_core_batch.py) is replayed through a ``Game`` with
the same rules, each decision must be legal there, and the tricks and points must agree.
"""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import (
    Accept,
    Card,
    CardSet,
    DealtHands,
    Discard,
    Game,
    KingAnnouncement,
    PenaltyBeneficiary,
    Phase,
    Play,
    PlayHand,
    Propose,
    Refuse,
    Rules,
    Seats,
    hookimpl,
)
from ecarte._core import _pure
from ecarte.games.ecarte import _pure_hands

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

HANDS = 600


def _options(rules: Rules) -> _pure_hands.HandOptions:
    """The batch options of ``rules`` (the batch always scores a king held at play)."""
    return _pure_hands.HandOptions.of(rules.hand_rules())


class _BatchDeal:
    """Seat 0 deals (as in the batch) the batch's hands, turn-up and stock."""

    def __init__(self, dealer: int, elder: int, turnup: int, stock: tuple[int, ...]) -> None:
        self.dealt = DealtHands(
            hands={0: CardSet(dealer), 1: CardSet(elder)},
            turnup=Card.from_id(turnup),
            stock=tuple(map(Card.from_id, stock)),
        )

    @hookimpl
    def ecarte_cut(self, players: tuple[int, int]) -> Seats:
        return Seats(players=players, dealer=0)

    @hookimpl
    def ecarte_deal(self) -> DealtHands:
        return self.dealt


def _replay(rules: Rules, trace: list[Any]) -> Game:
    (_, dealer, elder, turnup), *decisions, (_, stock) = trace
    game = Game(rules, plugins=[_BatchDeal(dealer, elder, turnup, stock)], seed=0)
    if game.phase is Phase.PACKETS:
        game.apply(game.legal_actions()[0])  # the deal hook ignores the packets
    simple = {"play-hand": PlayHand(), "propose": Propose(), "refuse": Refuse()}
    simple["accept"] = Accept()
    for kind, *args in decisions:
        if kind == "discard":
            seat, cards = args
            game.apply(Discard(CardSet(cards)), seat=seat)
        elif kind == "play":
            if game.phase is Phase.PROPOSE:  # the stock is empty: the batch goes on to play
                assert game.legal_actions() == (PlayHand(),)
                game.apply(PlayHand())
            game.apply(Play(Card.from_id(args[0])))
        else:
            game.apply(simple[kind])
    return game


RULES = {
    **{name: Rules.preset(name) for name in ("classic", "spanish", "swedish", "brazilian")},
    "large discards": Rules(elder_min_discard=4, dealer_min_discard=5),
    "loose play": Rules(
        must_overtake=False,
        must_trump=False,
        refusal_penalty_to=PenaltyBeneficiary.DEALER,
        vole_under_penalty=3,
    ),
}


@pytest.mark.parametrize("name", RULES)
def test_batch_hands_replay_through_the_game(name: str) -> None:
    rules = RULES[name].evolve(king_announcement=KingAnnouncement.AUTOMATIC)
    options = _options(rules)
    contexts = _pure_hands._piquet_contexts(options)
    rng = _pure.Rng(20261130)
    for n in range(HANDS):
        trace: list[Any] = []
        batch = _pure_hands._play_hand(options, contexts, rng, trace)
        game = _replay(rules, trace)
        assert game.hand_results, f"hand {n}: the game did not finish the hand"
        hand = game.hand_results[0]
        got = (hand.points[0], hand.points[1], hand.tricks[0], hand.tricks[1])
        want = (batch.dealer_points, batch.elder_points, batch.dealer_tricks, batch.elder_tricks)
        assert got == want, f"hand {n}: game {got} != batch {want}; {trace}"
