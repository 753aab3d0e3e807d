"""Club betting, property test: thousands of random matches with random bets,
covers, repayments and settings (purses small enough to run into debts,
multipliers, commission, game values, presets that deal at once).

After every bet attempt and every action:
- the ledger balances (total 0, entries replay to the balances, no purse, stake
  or IOU below zero) and the stakes held are exactly the open books;
- money is conserved exactly: the purses, the stakes held and the house hold
  what was brought, and the house holds exactly the commissions;
- a bet is accepted exactly when this test's own reading of the rules says so,
  in particular never once a card of its game has been dealt (told from the
  history's Deal events, not from the plugin), and a refused one changes
  nothing;
- every settlement pays the points this test computes, and every debt it
  leaves is on the ledger, as this test's own account of the debts says.

The default run plays ``MATCHES`` matches (a few seconds); set
``ECARTE_LONG=1`` for a long run (``ECARTE_LONG=50000`` for that many
matches), e.g. ``ECARTE_LONG=1 python -m pytest -q
tests/plugins/test_variant_cercle_betting.py``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from ecarte_cercle import BetError, Cercle, Ledger
from helpers import cercle_units

from ecarte import Deal, Game, GameResult, Rules, _core

MATCHES = 2_000
_LONG = os.environ.get("ECARTE_LONG", "")
if _LONG:
    MATCHES = int(_LONG) if _LONG.isdigit() and int(_LONG) > 1 else 20_000

RULES = [
    Rules(target=3),
    Rules(target=3, game_values=True),
    Rules.preset("brazilian").evolve(target=3),  # packets alternate: dealt at once
    Rules.preset("brazilian").evolve(target=3, game_values=True),
    Rules(game_values=True),
]


class Match:
    """One random match and this test's own account of it."""

    def __init__(self, seed: int) -> None:
        rng = self.rng = random.Random(seed)
        players = {"Ada": rng.randint(0, 12), "Blaise": rng.randint(0, 12)}
        gallery = {n: rng.randint(0, 30) for n in ("Cleo", "Dora", "Eve")[: rng.randint(1, 3)]}
        self.vpp, self.vole, self.king = rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)
        self.cercle = Cercle(
            players=players,
            gallery=gallery,
            value_per_point=self.vpp,
            vole_multiplier=self.vole,
            king_multiplier=self.king,
            commission_percent=rng.choice([0, 0, 5, 10, 25]),
        )
        self.money = sum(players.values()) + sum(gallery.values())
        self.names = [*players, *gallery, "Zoe"]
        self.debts: dict[tuple[str, str], int] = {}
        self.accepted = self.refused = 0
        self.deals = self.seen = 0  # Deal events in the history read so far
        self.commissions = self.read = 0  # commissions in the ledger entries read so far
        self.game: Game | None = None
        for _ in range(rng.randint(0, 3)):  # bets before the game exists: games 1 and 2
            self.try_bet()
        self.game = Game(rng.choice(RULES), plugins=[self.cercle], seed=seed)

    # -- this test's reading of the rules ------------------------------------------

    def current(self) -> int:
        return 1 if self.game is None else self.game.game_number

    def dealt(self) -> bool:
        """A card of the current game is out: more deals in the history than
        the hands of the finished games."""
        game = self.game
        if game is None:
            return False
        history = game.history
        self.deals += sum(isinstance(r, Deal) for r in history[self.seen :])
        self.seen = len(history)  # history only grows (no undo here)
        return self.deals > sum(len(r.hands) for r in game.game_results)

    def takes(self, backer: str, player: str, amount: Any, number: Any, cover: bool) -> bool:
        if not isinstance(amount, int) or amount <= 0:
            return False
        if self.game is not None and self.game.is_over:
            return False
        current = self.current()
        number = current if number is None else number
        if number == current and self.dealt():
            return False
        if number not in (current, current + 1):
            return False
        seated = set(self.cercle.seated.values())
        if player not in seated:
            return False
        if cover and backer != player:
            return False
        if not cover and backer not in self.cercle.gallery:
            return False
        return self.cercle.balance(backer) >= amount

    # -- moves ---------------------------------------------------------------------

    def try_bet(self) -> None:
        rng, cercle = self.rng, self.cercle
        cover = rng.random() < 0.2
        backer, player = rng.choice(self.names), rng.choice(self.names)
        if cover:
            backer = player
        amount = rng.choice([rng.randint(1, 15), rng.randint(-2, 40)])
        offset = rng.choice([None, None, 0, 1, 1, -1, 2])
        number = None if offset is None else self.current() + offset
        expected = self.takes(backer, player, amount, number, cover)
        before = (len(cercle.ledger.entries), cercle.ledger.balances, self.books())
        try:
            if cover:
                cercle.cover(player, amount, game=number)
            else:
                cercle.bet(backer, player, amount, game=number)
        except BetError:
            assert not expected, (backer, player, amount, number, cover)
            assert (len(cercle.ledger.entries), cercle.ledger.balances, self.books()) == before
            self.refused += 1
        else:
            assert expected, (backer, player, amount, number, cover)
            self.accepted += 1

    def try_repay(self) -> None:
        if not self.debts:
            return
        debtor, creditor = self.rng.choice(sorted(self.debts))
        cash = self.cercle.balance(debtor)
        if cash == 0:
            with pytest.raises(BetError):
                self.cercle.repay(debtor, creditor, 1)
            return
        paid = self.cercle.repay(debtor, creditor)
        assert paid == min(cash, self.debts[debtor, creditor])
        self.debts[debtor, creditor] -= paid
        if not self.debts[debtor, creditor]:
            del self.debts[debtor, creditor]

    def books(self) -> tuple[Any, ...]:
        current = self.current()
        return (self.cercle.book(current), self.cercle.book(current + 1))

    # -- checks --------------------------------------------------------------------

    def check(self) -> None:
        ledger = self.cercle.ledger
        ledger.check()
        balances = ledger.balances
        cash = sum(b for a, b in balances.items() if not a.startswith("("))
        assert cash + ledger.balance(Ledger.STAKES) + ledger.balance(Ledger.HOUSE) == self.money
        entries = ledger.entries
        self.commissions += sum(
            e.amount
            for e in entries[self.read :]
            if e.target == Ledger.HOUSE and e.memo == "commission"
        )
        self.read = len(entries)
        assert ledger.balance(Ledger.HOUSE) == self.commissions
        assert ledger.balance(Ledger.STAKES) == sum(b.amount for book in self.books() for b in book)
        assert self.cercle.debts() == self.debts

    def settled(self, result: GameResult) -> None:
        settlement = self.cercle.settlements[result.number - 1]
        assert settlement.game == result.number and settlement.value == result.value
        winner = cercle_units(result, result.winner, self.vole, self.king)
        loser = cercle_units(result, result.loser, self.vole, self.king)
        due = abs(winner - loser) * self.vpp * result.value
        assert settlement.points_due == due
        assert settlement.points_paid + settlement.debt == due
        payer = settlement.winner if winner < loser else settlement.loser
        assert settlement.points_payer == (payer if due else None)
        if settlement.debt:  # the payer's purse was emptied, the rest is owed
            assert self.purse_when_debt_recorded(payer, result.number) == 0
            payee = settlement.loser if payer == settlement.winner else settlement.winner
            self.debts[payer, payee] = self.debts.get((payer, payee), 0) + settlement.debt

    def purse_when_debt_recorded(self, name: str, number: int) -> int:
        purse = 0
        for entry in self.cercle.ledger.entries:
            if entry.memo == f"game {number}: points not paid":
                assert entry.target == Ledger.iou(name, entry.target[len(f"(IOU {name} to ") : -1])
                return purse
            purse += (entry.target == name) * entry.amount - (entry.source == name) * entry.amount
        raise AssertionError(f"no debt recorded for game {number}")

    def play(self) -> None:
        game, rng = self.game, self.rng
        assert game is not None
        self.check()
        while not game.is_over:
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                self.try_bet()
                self.check()
            if rng.random() < 0.05:
                self.try_repay()
                self.check()
            games = len(game.game_results)
            seat = game.to_act
            game.apply(rng.choice(game.legal_actions()), seat=seat)
            for result in game.game_results[games:]:
                self.settled(result)
            self.check()
        self.try_bet()  # refused: the match is over
        assert self.cercle.ledger.balance(Ledger.STAKES) == 0
        self.check()


@pytest.mark.long(15)
def test_random_matches_with_random_bets(live_backend: str) -> None:
    if live_backend != next(iter(_core.backends())):
        pytest.skip("the books and the ledger do not depend on the backend: one run is enough")
    accepted = refused = debts = 0
    for seed in range(MATCHES):
        match = Match(seed)
        match.play()
        accepted, refused = accepted + match.accepted, refused + match.refused
        debts += sum(s.debt > 0 for s in match.cercle.settlements)
    # the random moves reach the interesting cases
    assert accepted > MATCHES and refused > MATCHES and debts > MATCHES // 20
