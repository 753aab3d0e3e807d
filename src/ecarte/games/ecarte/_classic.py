"""The classic rules as the builtin plugin (registered ``trylast``).

Every phase the hooks cover is decided here and only here; a variant changes
a phase by answering the same hook first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ecarte._cards import Card, CardSet

from .actions import Accept, Action, PlayHand, Propose, Refuse
from .hookspecs import hookimpl
from .results import DealtHands, GameResult, HandOutcome, HandResult, MatchStatus, Seats
from .rules import DealPattern, FirstDealer, PenaltyBeneficiary, Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["ClassicRules"]


class ClassicRules:
    """Classic two-player Écarté (docs/rules.md section 1, with its options)."""

    NAME = "classic"
    DESCRIPTION = "Classic two-player écarté (club rules)"

    @hookimpl(trylast=True)
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules

    @hookimpl(trylast=True)
    def ecarte_table_size(self) -> int:
        return 2

    @hookimpl(trylast=True)
    def ecarte_next_game(self, game: Game, previous: GameResult | None) -> Seats:
        if previous is None:
            return Seats(players=(0, 1), dealer=None)
        return Seats(players=previous.players, dealer=previous.loser)

    @hookimpl(trylast=True)
    def ecarte_next_hand(self, previous: HandResult) -> Seats:
        return Seats(players=(previous.dealer, previous.elder), dealer=previous.elder)

    @hookimpl(trylast=True)
    def ecarte_cut(self, game: Game, players: tuple[int, int], cards: tuple[Card, Card]) -> Seats:
        order = game.rules.rank_order.ranks
        first, second = (order.index(card.rank) for card in cards)
        if first == second:
            return Seats(players=players, dealer=None)  # equal ranks cut again
        higher, lower = players if first < second else players[::-1]
        lower_deals = game.rules.first_dealer is FirstDealer.LOWER_CUT
        return Seats(players=players, dealer=lower if lower_deals else higher)

    @hookimpl(trylast=True)
    def ecarte_deal_packets(self, game: Game) -> tuple[int, int] | str:
        if game.rules.deal_pattern is DealPattern.ALTERNATE:  # at every deal of the match
            return (3, 2) if game.hand_number % 2 == 1 else (2, 3)
        return game.chosen_packets or "choose"  # the dealer picks once a game

    @hookimpl(trylast=True)
    def ecarte_deal(
        self, deck: Sequence[Card], dealer: int, elder: int, packets: tuple[int, int]
    ) -> DealtHands:
        first, second = packets  # each packet goes to the elder, then to the dealer
        end = 2 * (first + second)
        return DealtHands(
            hands={
                elder: CardSet.of((*deck[:first], *deck[2 * first : end - second])),
                dealer: CardSet.of((*deck[first : 2 * first], *deck[end - second : end])),
            },
            turnup=deck[end],
            stock=tuple(deck[end + 1 :]),
        )

    @hookimpl(trylast=True)
    def ecarte_exchange_allowed(self, game: Game, action: Action) -> bool:
        if isinstance(action, Propose):
            # An exchange in which neither side discarded ends the proposals
            # (with minimum discards of 0 it would otherwise never end).
            log = game.exchanges
            idle = len(log) >= 2 and log[-1][1] == 0 and log[-2][1] == 0
            return not idle and game.stock_size >= max(1, game.rules.elder_min_discard)
        return isinstance(action, PlayHand | Accept | Refuse)

    @hookimpl(trylast=True)
    def ecarte_discard_limits(self, game: Game, seat: int) -> tuple[int, int]:
        rules = game.rules
        least = rules.elder_min_discard if seat == game.elder else rules.dealer_min_discard
        return (least, 5)

    @hookimpl(trylast=True)
    def ecarte_king_points(self) -> int:
        return 1

    @hookimpl(trylast=True)
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> dict[int, int]:
        rules = game.rules
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

    @hookimpl(trylast=True)
    def ecarte_match_status(self, game: Game, games: Sequence[GameResult]) -> MatchStatus:
        wins: dict[int, int] = {}
        for result in games:
            wins[result.winner] = wins.get(result.winner, 0) + 1
            if wins[result.winner] >= game.rules.games_to_win:
                return MatchStatus(over=True, winner=result.winner)
        return MatchStatus(over=False)
