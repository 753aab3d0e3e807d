"""The classic rules: one small pure function per phase, and the builtin plugin that
answers each hook with them (registered ``trylast``).

Every phase the hooks cover is decided here and only here (the C machine states the
same rules again, and the tests prove the two equal); a variant changes a phase by
answering the same hook first, adjusts the classic answer with a hook wrapper, or
calls these functions (public as :mod:`ecarte.classic`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from ecarte._cards import Card, CardSet

from .actions import Accept, Action, PlayHand, Propose, Refuse
from .hookspecs import Plugin, hookimpl
from .results import DealtHands, GameResult, HandOutcome, HandResult, MatchStatus, Seats
from .rules import DealPattern, FirstDealer, PenaltyBeneficiary, Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "KING_POINTS",
    "TABLE_SIZE",
    "ClassicRules",
    "cut",
    "deal",
    "deal_packets",
    "discard_limits",
    "exchange_allowed",
    "match_status",
    "next_game",
    "next_hand",
    "score_hand",
]

TABLE_SIZE = 2
"""Seats at a classic table: the two players."""
KING_POINTS = 1
"""What the king of trumps scores, turned up for the dealer or announced by its holder."""


def next_game(previous: GameResult | None) -> Seats:
    """The seats of the next game: the same two players, the loser of ``previous``
    dealing first; before the first game (``previous`` None) seats 0 and 1 cut for the
    deal (``dealer=None``)."""
    if previous is None:
        return Seats(players=(0, 1), dealer=None)
    return Seats(players=previous.players, dealer=previous.loser)


def next_hand(previous: HandResult) -> Seats:
    """The seats of the next hand of a game: the deal passes to the elder."""
    return Seats(players=(previous.dealer, previous.elder), dealer=previous.elder)


def cut(rules: Rules, players: tuple[int, int], cards: tuple[Card, Card]) -> Seats:
    """Who deals after ``players[i]`` cut ``cards[i]``: the higher card in the rules' rank
    order (the lower one with :attr:`FirstDealer.LOWER_CUT
    <ecarte.FirstDealer.LOWER_CUT>`); equal ranks cut again (``dealer=None``)."""
    order = rules.rank_order.ranks
    first, second = (order.index(card.rank) for card in cards)
    if first == second:
        return Seats(players=players, dealer=None)
    higher, lower = players if first < second else players[::-1]
    lower_deals = rules.first_dealer is FirstDealer.LOWER_CUT
    return Seats(players=players, dealer=lower if lower_deals else higher)


def deal_packets(
    rules: Rules, hand_number: int, chosen: tuple[int, int] | None
) -> tuple[int, int] | Literal["choose"]:
    """The packets of the deal of hand ``hand_number`` of the match (from 1): with
    :attr:`DealPattern.ALTERNATE <ecarte.DealPattern.ALTERNATE>` 3-2 at odd hands and 2-3
    at even ones; otherwise the packets the dealer ``chosen`` for this game, or
    ``"choose"`` when the dealer has yet to pick them."""
    if rules.deal_pattern is DealPattern.ALTERNATE:  # at every deal of the match
        return (3, 2) if hand_number % 2 == 1 else (2, 3)
    return chosen or "choose"  # the dealer picks once a game


def deal(deck: Sequence[Card], dealer: int, elder: int, packets: tuple[int, int]) -> DealtHands:
    """Deal ``deck`` (top card first) in two rounds of ``packets``, each packet to the
    elder then to the dealer; the next card is turned up, the rest is the stock."""
    first, second = packets
    end = 2 * (first + second)
    return DealtHands(
        hands={
            elder: CardSet.of((*deck[:first], *deck[2 * first : end - second])),
            dealer: CardSet.of((*deck[first : 2 * first], *deck[end - second : end])),
        },
        turnup=deck[end],
        stock=tuple(deck[end + 1 :]),
    )


def exchange_allowed(
    rules: Rules, action: Action, exchanges: Sequence[tuple[int, int]], stock_size: int
) -> bool:
    """Whether the elder may propose, or play the hand, or the dealer accept or refuse,
    given the discards of the hand so far (``exchanges``: one ``(seat, cards)`` pair per
    discard, two per exchange, as :attr:`ecarte.Game.exchanges`) and the cards left in
    the stock. A proposal needs a stock that can serve the elder's least discard (at
    least one card), and an exchange in which neither side discarded ends the proposals
    (with least discards of 0 they would never end)."""
    if isinstance(action, Propose):
        idle = len(exchanges) >= 2 and exchanges[-1][1] == 0 and exchanges[-2][1] == 0
        return not idle and stock_size >= max(1, rules.elder_min_discard)
    return isinstance(action, PlayHand | Accept | Refuse)


def discard_limits(rules: Rules, *, elder: bool) -> tuple[int, int]:
    """The least and most cards the elder (``elder=True``) or the dealer may discard (the
    engine never allows more than the stock holds)."""
    return (rules.elder_min_discard if elder else rules.dealer_min_discard, 5)


def score_hand(rules: Rules, outcome: HandOutcome) -> dict[int, int]:
    """The points for the tricks of a hand, by seat (kings are scored apart).

    Three or four tricks score 1 and the vole (all five) 2. With ``rules.penalties``, a
    dealer who beats an elder that played without proposing scores the penalty (2, or
    ``rules.vole_under_penalty`` for a vole), and so does the side ``rules.
    refusal_penalty_to`` names when it wins after the dealer refused a proposal (only
    the first one with ``rules.penalty_first_refusal_only``)."""
    elder, dealer = outcome.elder, outcome.dealer
    winner = elder if outcome.tricks[elder] >= 3 else dealer
    vole = outcome.tricks[winner] == 5
    points = 2 if vole else 1
    penalty = rules.vole_under_penalty if vole else 2
    refused = outcome.refused_after is not None and (
        outcome.refused_after == 0 or not rules.penalty_first_refusal_only
    )
    if not rules.penalties:
        pass  # 1 for 3 or 4 tricks, 2 for the vole, whoever erred
    elif winner == dealer and outcome.elder_played_without_proposing:
        points = penalty
    elif refused:
        to_elder = rules.refusal_penalty_to is PenaltyBeneficiary.ELDER
        if (to_elder and winner == elder) or (not to_elder and winner == dealer):
            points = penalty
    return {winner: points, (dealer if winner == elder else elder): 0}


def match_status(rules: Rules, games: Sequence[GameResult]) -> MatchStatus:
    """The match is over once a player has won ``rules.games_to_win`` of ``games``."""
    wins: dict[int, int] = {}
    for result in games:
        wins[result.winner] = wins.get(result.winner, 0) + 1
        if wins[result.winner] >= rules.games_to_win:
            return MatchStatus(over=True, winner=result.winner)
    return MatchStatus(over=False)


class ClassicRules(Plugin):
    """Classic two-player Écarté: the builtin plugin, every game's (registered
    ``trylast``, so that any variant answers first). Each hook is the function of the
    same phase above, on ``game.rules``; a game never needs it passed."""

    NAME = "classic"
    DESCRIPTION = "Classic two-player écarté (club rules)"

    @hookimpl(trylast=True)
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules

    @hookimpl(trylast=True)
    def ecarte_table_size(self, rules: Rules) -> int:
        return TABLE_SIZE

    @hookimpl(trylast=True)
    def ecarte_next_game(self, game: Game, previous: GameResult | None) -> Seats:
        return next_game(previous)

    @hookimpl(trylast=True)
    def ecarte_next_hand(self, game: Game, previous: HandResult) -> Seats:
        return next_hand(previous)

    @hookimpl(trylast=True)
    def ecarte_cut(self, game: Game, players: tuple[int, int], cards: tuple[Card, Card]) -> Seats:
        return cut(game.rules, players, cards)

    @hookimpl(trylast=True)
    def ecarte_deal_packets(self, game: Game, dealer: int) -> tuple[int, int] | str:
        return deal_packets(game.rules, game.hand_number, game.chosen_packets)

    @hookimpl(trylast=True)
    def ecarte_deal(
        self, game: Game, deck: Sequence[Card], dealer: int, elder: int, packets: tuple[int, int]
    ) -> DealtHands:
        return deal(deck, dealer, elder, packets)

    @hookimpl(trylast=True)
    def ecarte_exchange_allowed(self, game: Game, seat: int, action: Action) -> bool:
        if not isinstance(action, Propose):  # allowed whatever the exchanges: none read
            return exchange_allowed(game.rules, action, (), 0)
        return exchange_allowed(game.rules, action, game.exchanges, game.stock_size)

    @hookimpl(trylast=True)
    def ecarte_discard_limits(self, game: Game, seat: int) -> tuple[int, int]:
        return discard_limits(game.rules, elder=seat == game.elder)

    @hookimpl(trylast=True)
    def ecarte_king_points(self, game: Game, seat: int, turned_up: bool) -> int:
        return KING_POINTS

    @hookimpl(trylast=True)
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> dict[int, int]:
        return score_hand(game.rules, outcome)

    @hookimpl(trylast=True)
    def ecarte_match_status(self, game: Game, games: Sequence[GameResult]) -> MatchStatus:
        return match_status(game.rules, games)
