"""Deals by class of hand and the lines of the first decision played out on them.

Deal ``i`` of class ``k`` of a stratum deals from its own seed, the state of
``numpy.random.SeedSequence(seed, spawn_key=(stratum, k, i))``: one seat's hand within its
class (:class:`~._classtable.ClassTable`), the other cards at random. Stratum 0 deals the
elder's classes (the decision tables and the game), 1 the dealer's on deals where the
elder proposes (the dealer's table), 2 the dealer's with the elder's hand at random (the
game: every line of the first decision, as stratum 0). The numbers depend on the seed and
the deals' indices alone, not on how the deals are cut into tasks nor where the tasks run.

The lines are played out by the players of the analysis:

- ``"model"``: the exchanges by the model of both seats of the PIMC player, the tricks
  double dummy (one world of the PIMC kernel: the true deal, the stock in a fresh order);
- ``"pimc"``: a hand of a game at 0-0 whose first decision is forced, every later
  decision (the exchanges, the king, the cards) by the PIMC player at both seats
  (:class:`~ecarte.games.ecarte.pimc.PIMCPlayer`, ``worlds`` worlds a decision, uniform
  worlds, the points of the hand as its objective). The turned-up king's point is left
  out, as in the model's lines (it is the same on every line).

Every value is the elder's points less the dealer's.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from ecarte._cards import PIQUET_DECK, Card

from ._classtable import class_table

__all__ = ["DealerRecord", "ElderRecord", "GameRecord", "deal_seeds", "stratum_task"]

Players = Literal["model", "pimc"]

ElderRecord = tuple[str, int, int, int, bool]
"""A deal of an elder's class: the dealer's class, the values of playing, of proposing
and being refused, of proposing and being accepted, and whether the dealer refuses a
proposal (the players' answer)."""
DealerRecord = tuple[int, int]
"""A deal of a dealer's class on which the elder proposes: the values of refusing and of
accepting."""
GameRecord = tuple[str, int, int, int]
"""A deal of a dealer's class with the elder's hand at random: the elder's class and the
values of playing, of proposing and being refused, of proposing and being accepted."""

_DECK = [c.id for c in PIQUET_DECK]
_KING = 11


def deal_seeds(seed: int, stratum: int, k: int, i: int) -> tuple[int, int]:
    """The seeds of deal ``i`` of class ``k`` of ``stratum``: the deal's, and the
    players'."""
    from numpy.random import SeedSequence

    a, b = SeedSequence(seed, spawn_key=(stratum, k, i)).generate_state(2, "uint64")
    return int(a), int(b)


def _rest(rng: random.Random, taken: int) -> list[int]:
    rest = [c for c in _DECK if not taken >> c & 1]
    rng.shuffle(rest)
    return rest


class _Lines:
    """The lines of the first decision on one deal, by one kind of players."""

    def __init__(self, players: Players, worlds: int, rules: Any) -> None:
        from ecarte.games.ecarte.rules import Rules

        self.players = players
        self.worlds = worlds
        self.rules = rules if isinstance(rules, Rules) else Rules()
        self.hand_rules = self.rules.hand_rules()
        if players == "model":
            from ecarte.games.ecarte.pimc import load_kernel

            self.kernel = load_kernel()

    # -- the model ------------------------------------------------------------------

    def _queries(self, elder: int, dealer: int, trump: int, stock: int) -> tuple[Any, Any]:
        from ecarte.games.ecarte import _pure_pimc as model

        base = model.Query(rules=self.hand_rules, trump=trump, me=0, phase=model.PROPOSE,
                           hand=elder, pool=dealer | stock, require=dealer)  # fmt: skip
        respond = base._replace(me=1, phase=model.RESPOND, hand=dealer, pool=elder | stock,
                                require=elder)  # fmt: skip
        return base, respond

    def model_elder_plays(self, elder: int, trump: int) -> bool:
        from ecarte.games.ecarte import _pure_pimc as model

        return model.likely(self.hand_rules, elder, trump) >= model.PLAY_THRESHOLD

    def model_dealer_refuses(self, dealer: int, trump: int) -> bool:
        from ecarte.games.ecarte import _pure_pimc as model

        return model.likely(self.hand_rules, dealer, trump) >= model.REFUSE_THRESHOLD

    def model_respond(self, respond: Any, seed: int) -> tuple[int, int]:
        """(refuse, accept), the elder's points less the dealer's."""
        accept, refuse = self.kernel.values(respond, (0, 1), seed, 1)
        return -refuse, -accept

    # -- the PIMC player ------------------------------------------------------------

    def start(self, elder: int, dealer: int, turnup: int, stock: list[int], seed: int) -> Any:
        """A game at its first decision on this deal (packets 3-2: the elder's first
        three cards, the dealer's three, two each, the turn-up, the stock top first)."""
        from ecarte.games.ecarte.actions import ChoosePackets, Cut, Deal
        from ecarte.games.ecarte.game import Game

        e, d = sorted(_bits(elder)), sorted(_bits(dealer))
        order = [*e[:3], *d[:3], *e[3:], *d[3:], turnup, *stock]
        game = Game(self.rules, seed=seed, auto_chance=False)
        game.apply(Cut((Card.parse("K♠"), Card.parse("7♥"))))
        game.apply(ChoosePackets(3))
        game.apply(Deal(tuple(Card.from_id(c) for c in order)))
        return game

    def pimc_players(self, seed: int) -> dict[int, Any]:
        from ecarte.games.ecarte.pimc import PIMCPlayer

        return {s: PIMCPlayer(self.worlds, seed=seed, objective="points") for s in (0, 1)}

    def choose(self, game: Any, seed: int) -> Any:
        """The PIMC player's decision at ``game``'s current decision."""
        seat = game.to_act
        return self.pimc_players(seed)[seat].choose(game.observation(seat), game.legal_actions())

    def play_out(self, game: Any, forced: tuple[Any, ...], seed: int) -> int:
        """Play the hand of a copy of ``game`` after the ``forced`` actions."""
        g = game.clone()
        for action in forced:
            g.apply(action)
        players = self.pimc_players(seed)
        while not g.hand_results:
            seat = g.to_act
            g.apply(players[seat].choose(g.observation(seat), g.legal_actions()))
        r = g.hand_results[0]
        turned_king = 1 if r.trump.rank == _KING else 0
        return int(r.points.get(r.elder, 0) - r.points.get(r.dealer, 0) + turned_king)

    # -- one deal of each stratum -----------------------------------------------------

    def lines(
        self, elder: int, dealer: int, turnup: int, stock: list[int], seeds: tuple[int, int]
    ) -> tuple[int, int, int, bool]:
        """The values of playing, of proposing and being refused, of proposing and being
        accepted on this deal, and whether the dealer refuses a proposal."""
        from ecarte.games.ecarte.actions import Accept, PlayHand, Propose, Refuse

        deal_seed, player_seed = seeds
        trump = turnup >> 4
        if self.players == "model":
            from ecarte.games.ecarte import _pure_pimc as model

            base, respond = self._queries(elder, dealer, trump, _mask(stock))
            (play,) = self.kernel.values(base, (model.PLAY_OPTION,), player_seed, 1)
            refuse, accept = self.model_respond(respond, player_seed)
            return play, refuse, accept, self.model_dealer_refuses(dealer, trump)
        game = self.start(elder, dealer, turnup, stock, deal_seed)
        play = self.play_out(game, (PlayHand(),), player_seed)
        refuse = self.play_out(game, (Propose(), Refuse()), player_seed)
        accept = self.play_out(game, (Propose(), Accept()), player_seed)
        proposed = game.clone()
        proposed.apply(Propose())
        return play, refuse, accept, self.choose(proposed, player_seed) == Refuse()

    def _class_deal(
        self, by: str, stratum: int, side: str, k: int, seed: int, i: int
    ) -> tuple[str, tuple[int, int, int, bool]]:
        """Deal ``i`` of ``side``'s class ``k`` in ``stratum``, the other hand at random:
        the other hand's class and the lines."""
        other = "dealer" if side == "elder" else "elder"
        seeds = deal_seeds(seed, stratum, k, i)
        rng = random.Random(seeds[0])
        mine, turnup = class_table(by, side).deal(k, rng)
        rest = _rest(rng, mine | 1 << turnup)
        theirs = _mask(rest[:5])
        elder, dealer = (mine, theirs) if side == "elder" else (theirs, mine)
        label = class_table(by, other).label(theirs, turnup >> 4)
        return label, self.lines(elder, dealer, turnup, rest[5:], seeds)

    def elder_deal(self, by: str, k: int, seed: int, i: int) -> ElderRecord:
        dealer_class, lines = self._class_deal(by, 0, "elder", k, seed, i)
        return (dealer_class, *lines)

    def game_dealer_deal(self, by: str, k: int, seed: int, i: int) -> GameRecord:
        """A deal of the dealer's class ``k`` with the elder's hand at random."""
        elder_class, (play, refuse, accept, _) = self._class_deal(by, 2, "dealer", k, seed, i)
        return elder_class, play, refuse, accept

    def dealer_deal(self, by: str, k: int, seed: int, i: int) -> DealerRecord:
        """A deal of the dealer's class ``k`` on which the elder proposes (the rest of
        the deal is drawn again until it does)."""
        from ecarte.games.ecarte.actions import Accept, Propose, Refuse

        deal_seed, player_seed = deal_seeds(seed, 1, k, i)
        rng = random.Random(deal_seed)
        dealer, turnup = class_table(by, "dealer").deal(k, rng)
        trump = turnup >> 4
        while True:
            rest = _rest(rng, dealer | 1 << turnup)
            elder = _mask(rest[:5])
            if self.players == "model":
                if self.model_elder_plays(elder, trump):
                    continue
                _, respond = self._queries(elder, dealer, trump, _mask(rest[5:]))
                return self.model_respond(respond, player_seed)
            game = self.start(elder, dealer, turnup, rest[5:], rng.getrandbits(63))
            if self.choose(game, player_seed) == Propose():
                refuse = self.play_out(game, (Propose(), Refuse()), player_seed)
                accept = self.play_out(game, (Propose(), Accept()), player_seed)
                return refuse, accept


def _bits(mask: int) -> list[int]:
    return [c for c in _DECK if mask >> c & 1]


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def stratum_task(
    stratum: int,
    k: int,
    first: int,
    size: int,
    seed: int,
    by: str,
    rules: object,
    players: Players,
    worlds: int,
) -> list[Any]:
    """Deals ``first`` to ``first + size - 1`` of class ``k`` of ``stratum``: their
    records (:data:`ElderRecord`, :data:`DealerRecord`, :data:`GameRecord`)."""
    lines = _Lines(players, worlds, rules)
    deal = (lines.elder_deal, lines.dealer_deal, lines.game_dealer_deal)[stratum]
    return [deal(by, k, seed, i) for i in range(first, first + size)]
