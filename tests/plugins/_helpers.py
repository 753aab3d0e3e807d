"""Small plugins and helpers shared by the plugin tests."""

from __future__ import annotations

from typing import Any

from ecarte import PIQUET_DECK, Card, CardSet, DealtHands, Game, Phase, hookimpl


class FixedDeal:
    """Deals the given hands to the elder and the dealer, and the turn-up."""

    NAME = "fixed-deal"

    def __init__(self, elder: str, dealer: str, turnup: str) -> None:
        self.elder = CardSet.parse(elder)
        self.dealer = CardSet.parse(dealer)
        self.turnup = Card.parse(turnup)
        used = self.elder | self.dealer | CardSet.of([self.turnup])
        assert len(used) == 11
        self.stock = tuple(c for c in PIQUET_DECK if c not in used)

    @hookimpl
    def ecarte_deal(self, dealer: int, elder: int) -> DealtHands:
        return DealtHands(
            hands={elder: self.elder, dealer: self.dealer}, turnup=self.turnup, stock=self.stock
        )


class Recorder:
    """Records every notification."""

    NAME = "recorder"

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    @hookimpl
    def ecarte_game_started(self, number: int, seats: Any) -> None:
        self.calls.append(("game_started", {"number": number, "seats": seats}))

    @hookimpl
    def ecarte_hand_ended(self, result: Any) -> None:
        self.calls.append(("hand_ended", {"result": result}))

    @hookimpl
    def ecarte_game_ended(self, result: Any) -> None:
        self.calls.append(("game_ended", {"result": result}))

    @hookimpl
    def ecarte_match_ended(self, winner: int, games: Any) -> None:
        self.calls.append(("match_ended", {"winner": winner, "games": games}))


def snapshot(game: Game, legal: bool = True) -> tuple[Any, ...]:
    """Everything observable about a game's state, for 'unchanged' checks."""
    return (
        game.phase,
        game.to_act,
        game.scores,
        game.games_won,
        game.history,
        game.log,
        game.dealer,
        game.elder,
        game.game_players,
        game.hand_results,
        game.game_results,
        tuple(game.hand(s) for s in range(game.players)),
        game.stock_size,
        game.legal_actions() if legal else None,
    )


def dealt(game: Game) -> Game:
    """Choose the packets if the dealer has to, so that the hands are dealt."""
    if game.phase is Phase.PACKETS:
        game.apply(game.legal_actions()[0])
    return game


def before_last_card(game: Game) -> None:
    """Play the first legal actions (playing the hand as dealt) until one card
    of the hand's last trick is left to play."""
    advance_to(game, Phase.PLAY, lambda legal: legal[-1] if len(legal) == 2 else legal[0])
    while not (sum(game.tricks_won) == 4 and len(game.trick) == 1):
        game.apply(game.legal_actions()[0])


def advance_to(game: Game, phase: Phase, choose: Any = None) -> None:
    """Apply the first legal action (or ``choose(legal)``) until ``phase``."""
    for _ in range(10_000):
        if game.phase is phase:
            return
        legal = game.legal_actions()
        game.apply(choose(legal) if choose else legal[0])
    raise AssertionError(f"never reached {phase}")
