"""The cercle's money: bets, the double-entry ledger, settlements and standings."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from attrs import field, frozen

from ecarte import EcarteError


class BetError(EcarteError, ValueError):
    """A bet, cover or repayment that is refused; nothing was changed."""


@frozen
class Bet:
    """A stake placed on a player for one game (by its number)."""

    backer: str
    player: str
    amount: int
    game: int
    cover: bool = False
    """A seated player's stake on themselves (matched first)."""


@frozen
class Entry:
    """One transfer in the ledger."""

    source: str
    target: str
    amount: int
    memo: str


def _is_amount(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Ledger:
    """Double-entry accounts: every change is a transfer, so balances total 0.

    Purses (one account per name), :attr:`STAKES`, :attr:`HOUSE` and the IOU
    accounts never go below zero; the two liability accounts
    :attr:`CASHIER` and :attr:`DEBTS` may. A ledger made with purses is the ledger
    whose cashier funded them, in order:

    >>> opened = Ledger({"Ada": 50, "Blaise": 0, "Cleo": 30})
    >>> funded = Ledger()
    >>> for name, purse in {"Ada": 50, "Blaise": 0, "Cleo": 30}.items():
    ...     funded.transfer(Ledger.CASHIER, name, purse, "purse")
    >>> opened.entries == funded.entries and opened.balances == funded.balances
    True
    >>> opened.balance(Ledger.CASHIER), [e.target for e in opened.entries]
    (-80, ['Ada', 'Cleo'])
    >>> Ledger({"Ada": -1})
    Traceback (most recent call last):
    ...
    ValueError: purse of Ada: an int >= 0, not -1
    """

    CASHIER = "(cashier)"
    """Funds the purses: minus the money brought to the club."""
    STAKES = "(stakes)"
    """Holds the stakes of the books not yet settled."""
    HOUSE = "(house)"
    """Collects the commission."""
    DEBTS = "(debts)"
    """Minus the debts outstanding: the counterpart of the IOU accounts."""

    def __init__(self, purses: Mapping[str, int] | None = None) -> None:
        """A ledger whose cashier funds ``purses`` (name -> amount, each an int >= 0, in
        order: one ``"purse"`` transfer each, none for an empty purse)."""
        self._balances: dict[str, int] = {}
        self._ious: dict[tuple[str, str], int] = {}
        self._entries: list[Entry] | None = []
        self._opening: list[tuple[str, int]] = []
        if purses:
            for name, amount in purses.items():
                if not _is_amount(amount) or amount < 0:
                    raise ValueError(f"purse of {name}: an int >= 0, not {amount!r}")
                if not isinstance(name, str) or name.startswith("("):
                    raise ValueError(f"{name!r}: a purse is a person's (not '(...')")
            self._open(purses)

    def _open(self, purses: Mapping[str, int]) -> None:
        """Fund ``purses`` (checked) in a new ledger: the balances now, the entries when
        first read (the transfers they stand for are known), so that a table made and
        never played writes none."""
        funded = [(name, amount) for name, amount in purses.items() if amount]
        if funded:
            balances = self._balances = {self.CASHIER: 0}
            total = 0
            for name, amount in funded:
                balances[name] = amount
                total += amount
            balances[self.CASHIER] = -total
            self._entries, self._opening = None, funded

    @property
    def entries(self) -> list[Entry]:
        """Every transfer, in order (the ledger's own list)."""
        entries = self._entries
        if entries is None:
            cashier = self.CASHIER
            entries = self._entries = [Entry(cashier, n, a, "purse") for n, a in self._opening]
        return entries

    @staticmethod
    def iou(debtor: str, creditor: str) -> str:
        """The account holding what ``debtor`` owes ``creditor``."""
        return f"(IOU {debtor} to {creditor})"

    def balance(self, account: str) -> int:
        """The balance of one account (0 for an account never used)."""
        return self._balances.get(account, 0)

    @property
    def balances(self) -> dict[str, int]:
        """Every account's balance (a copy)."""
        return dict(self._balances)

    def transfer(self, source: str, target: str, amount: int, memo: str) -> None:
        """Move ``amount`` from ``source`` to ``target``; raises ValueError (and
        changes nothing) if ``source`` cannot pay it."""
        if not _is_amount(amount) or amount < 0:
            raise ValueError(f"transfer amount must be an int >= 0, not {amount!r}")
        if amount == 0:
            return
        if source not in (self.CASHIER, self.DEBTS) and self.balance(source) < amount:
            raise ValueError(f"{source} holds {self.balance(source)}, cannot pay {amount}")
        self._balances[source] = self.balance(source) - amount
        self._balances[target] = self.balance(target) + amount
        self.entries.append(Entry(source, target, amount, memo))

    def record_debt(self, debtor: str, creditor: str, amount: int, memo: str) -> None:
        """Write an IOU: ``debtor`` owes ``creditor`` ``amount`` more."""
        self.transfer(self.DEBTS, self.iou(debtor, creditor), amount, memo)
        if amount:
            key = (debtor, creditor)
            self._ious[key] = self._ious.get(key, 0) + amount

    def cancel_debt(self, debtor: str, creditor: str, amount: int, memo: str) -> None:
        """Take ``amount`` off an IOU (once it has been paid)."""
        owed = self._ious.get((debtor, creditor), 0)
        if amount > owed:
            raise ValueError(f"{debtor} owes {creditor} {owed}, not {amount}")
        self.transfer(self.iou(debtor, creditor), self.DEBTS, amount, memo)
        if amount:
            self._ious[debtor, creditor] = owed - amount
            if not self._ious[debtor, creditor]:
                del self._ious[debtor, creditor]

    def debts(self) -> dict[tuple[str, str], int]:
        """Debts outstanding: (debtor, creditor) -> amount."""
        return dict(self._ious)

    def total(self) -> int:
        """The sum of all balances: always 0."""
        return sum(self._balances.values())

    def check(self) -> None:
        """Raise AssertionError unless the ledger balances, nobody but the cashier
        and the debts account is short, the IOUs add up to the debts and the
        balances are what the entries say."""
        assert self.total() == 0, f"ledger total {self.total()}"
        liabilities = (self.CASHIER, self.DEBTS)
        negative = {a: b for a, b in self._balances.items() if b < 0 and a not in liabilities}
        assert not negative, f"negative balances {negative}"
        owed = sum(self._ious.values())
        assert self.balance(self.DEBTS) == -owed, f"debts {self.balance(self.DEBTS)} != -{owed}"
        for (debtor, creditor), amount in self._ious.items():
            assert self.balance(self.iou(debtor, creditor)) == amount
        replay: dict[str, int] = {}
        for e in self.entries:
            replay[e.source] = replay.get(e.source, 0) - e.amount
            replay[e.target] = replay.get(e.target, 0) + e.amount
        assert {a: b for a, b in replay.items() if b} == {
            a: b for a, b in self._balances.items() if b
        }, "balances do not match the entries"


def _number(x: Fraction) -> int | float:
    """A Fraction as a JSON number: an int if it is whole, else the nearest float."""
    return int(x) if x.denominator == 1 else float(x)


@frozen
class Settlement:
    """How a game was paid."""

    game: int
    winner: str
    loser: str
    matched: int
    """Total matched on each side."""
    returned: dict[str, int]
    """Excess returned, by bettor."""
    won: dict[str, int]
    """Cash won, after commission, by bettor and by the player paid for the points."""
    lost: dict[str, int]
    """Cash lost, by name: stakes, and points paid (a debt incurred is in :attr:`debt`)."""
    commission: int
    points_paid: int
    """What the payer paid in cash for the points (before commission)."""
    new_player: str | None
    """The backer who took the loser's seat, if any."""
    value: int = 1
    """The game's value (``GameResult.value``), which multiplied the points."""
    units: dict[str, int] = field(factory=dict)
    """Each player's points, multipliers applied (see :meth:`Cercle.units`)."""
    points_payer: str | None = None
    """Who owed the points: the player with fewer units (None when even)."""
    points_due: int = 0
    """What the payer owed for the points: ``points_paid + debt``."""
    debt: int = 0
    """The part of :attr:`points_due` the payer's purse could not cover, recorded as an IOU."""
    void: dict[str, int] = field(factory=dict)
    """Stakes on the next game returned because the seats changed, by bettor."""


@frozen
class Standing:
    """One person's results at the club: games and money, whatever seat they held."""

    name: str
    seat: int | None
    """The seat they hold now (None: in the gallery)."""
    won: int
    """Games won at the table."""
    lost: int
    """Games lost at the table."""
    brought: int
    """The purse they brought to the club."""
    holds: int
    """Cash now, stakes held in open books included, debts owed to them added and debts
    they owe taken off."""

    @property
    def net(self) -> int:
        """Money won (positive) or lost so far."""
        return self.holds - self.brought
