"""Reading a cercle's saved state back: every field checked before it is used."""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from ecarte import EcarteError, Game

from ._money import Bet, Ledger, Settlement, _is_amount


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _is_list(value: object) -> bool:
    return isinstance(value, list)


def _row(value: object, *kinds: Callable[[object], bool]) -> bool:
    """Whether ``value`` is a saved row: a list of one item per check in ``kinds``, each
    passing its check (``_is_str``, ``_is_amount``...)."""
    return (
        isinstance(value, list)
        and len(value) == len(kinds)
        and all(ok(x) for ok, x in zip(kinds, value, strict=True))
    )


_BET = (_is_str, _is_str, _is_amount, _is_bool)
"""A saved bet: [backer, player, amount, cover]."""
_ENTRY = (_is_str, _is_str, _is_amount, _is_str)
"""A saved transfer: [source, target, amount, memo]."""
_DEBT = (_is_str, _is_str, _is_amount)
"""A saved debt: [debtor, creditor, amount]."""


_COMMISSION = re.compile(r"[0-9]{1,40}(/[0-9]{1,40})?")


def _commission_text(text: object) -> Fraction:
    """A saved commission: ``"N"`` or ``"N/D"`` (as ``str(Fraction)`` writes it), at most
    40 digits each, checked before it is parsed; a percentage in [0, 100)."""
    if not isinstance(text, str) or not _COMMISSION.fullmatch(text):
        raise EcarteError(
            f"commission_percent: {reprlib.repr(text)} is not a percentage (N or N/D)"
        )
    num, _, den = text.partition("/")
    if den and int(den) == 0:
        raise EcarteError(f"commission_percent: {text!r} divides by zero")
    value = Fraction(int(num), int(den or 1))
    if not value < 100:
        raise EcarteError(f"commission_percent: {text!r} is not in [0, 100)")
    return value


def _name(value: object) -> bool:
    return isinstance(value, str) and bool(value) and not value.startswith("(")


def _restored_seats(saved: object) -> dict[int, str]:
    if not (
        isinstance(saved, list)
        and [x[0] if isinstance(x, list) and len(x) == 2 else None for x in saved] == [0, 1]
        and all(x[0].__class__ is int and _name(x[1]) for x in saved)
        and saved[0][1] != saved[1][1]
    ):
        raise EcarteError(f"seated: seats 0 and 1, two names, not {reprlib.repr(saved)}")
    return {seat: name for seat, name in saved}


def _restored_gallery(saved: object, seated: dict[int, str]) -> list[str]:
    if not (isinstance(saved, list) and all(_name(n) for n in saved)):
        raise EcarteError(f"gallery: a list of names, not {reprlib.repr(saved)}")
    if len(set(saved)) != len(saved) or set(saved) & set(seated.values()):
        raise EcarteError("gallery: a name twice, or a name both seated and in the gallery")
    return list(saved)


def _restored_books(
    saved: object,
    game: Game,
    settlements: list[Settlement],
    seated: dict[int, str],
    gallery: list[str],
) -> dict[int, list[Bet]]:
    """The open books of a saved state, on the two games after the last settled (none
    once the match is over), each bet by a name
    seated (on themselves) or in the gallery (on a seated player)."""
    if not isinstance(saved, list):
        raise EcarteError("books: a list of [game, bets]")
    books: dict[int, list[Bet]] = {}
    settled = len(settlements)
    for entry in saved:
        if not _row(entry, _is_amount, _is_list):
            raise EcarteError("books: a book is [game, bets]")
        number, bets = entry
        if number in books:
            raise EcarteError(f"books: a book is named by a game number, not {number!r}")
        if game.is_over or not settled < number <= settled + 2:
            raise EcarteError(f"books: no book is open on game {number}")
        books[number] = []
        for b in bets:
            if not _row(b, *_BET):
                raise EcarteError("books: a bet is [backer, player, amount, cover]")
            bet = Bet(b[0], b[1], b[2], number, b[3])
            players = seated.values()
            by_right = (bet.player == bet.backer) if bet.cover else bet.backer in gallery
            if bet.amount <= 0 or bet.player not in players or not by_right:
                raise EcarteError(
                    f"books: game {number}: {bet.backer} cannot stake {bet.amount} on "
                    f"{bet.player} (a bet is by a name in the gallery on a seated player, "
                    "or a seated player's on themselves)"
                )
            books[number].append(bet)
    return books


def _settlement_state(x: Settlement) -> dict[str, object]:
    return {a.name: getattr(x, a.name) for a in attrs.fields(Settlement)}


def _settlement(d: object) -> Settlement:
    """A Settlement from its saved state, every field checked."""
    names = {a.name: a.type for a in attrs.fields(Settlement)}
    if not isinstance(d, dict) or set(d) != set(names):
        raise EcarteError(f"not a settlement: {d!r}")
    for name, kind in names.items():
        value = d[name]
        ok = {
            "int": _is_amount(value),
            "str": isinstance(value, str),
            "str | None": value is None or isinstance(value, str),
            "dict[str, int]": isinstance(value, dict)
            and all(isinstance(k, str) and _is_amount(v) for k, v in value.items()),
        }.get(str(kind), False)
        if not ok:
            raise EcarteError(f"settlement {name}: {value!r} is not {kind}")
    fields: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v for k, v in d.items()}
    return Settlement(**fields)


def _restored_ledger(
    entries: object, debts: object, brought: tuple[dict[str, int], dict[str, int]]
) -> Ledger:
    """The ledger of a saved state: its entries replayed, the purses brought at the
    start first, the debts matching the IOU accounts."""
    ledger = Ledger()
    if not isinstance(entries, list):
        raise EcarteError("entries: a list of [source, target, amount, memo]")
    for i, entry in enumerate(entries):
        if not _row(entry, *_ENTRY):
            raise EcarteError(f"entries[{i}]: not [source, target, amount, memo]")
        source, target, amount, memo = entry
        try:
            ledger.transfer(source, target, amount, memo)
        except ValueError as exc:
            raise EcarteError(f"entries[{i}]: {exc}") from None
    players, gallery = brought
    purses = [
        [Ledger.CASHIER, n, purse, "purse"] for n, purse in (players | gallery).items() if purse
    ]
    if entries[: len(purses)] != purses:
        raise EcarteError("entries: the ledger does not begin with the purses brought")
    if not isinstance(debts, list):
        raise EcarteError("debts: a list of [debtor, creditor, amount]")
    for i, debt in enumerate(debts):
        if not (_row(debt, *_DEBT) and debt[2] > 0 and (debt[0], debt[1]) not in ledger._ious):
            raise EcarteError(f"debts[{i}]: not [debtor, creditor, amount > 0], once each")
        ledger._ious[debt[0], debt[1]] = debt[2]
    try:
        ledger.check()
    except AssertionError as exc:
        raise EcarteError(f"the ledger does not balance: {exc}") from None
    return ledger


def _check_accounts(ledger: Ledger, people: set[str]) -> None:
    """Every account is a person's, the house's, the stakes', the debts' or an IOU
    between two people (one paid off holds 0); the cashier only funds purses, once a
    person."""
    ious = {ledger.iou(d, c): (d, c) for d, c in ledger.debts()}
    paid_off = {ledger.iou(d, c) for d in people for c in people if d != c}
    special = {Ledger.CASHIER, Ledger.STAKES, Ledger.HOUSE, Ledger.DEBTS}
    for account in ledger.balances:
        debtor_creditor = ious.get(account)
        if debtor_creditor is not None:
            if not set(debtor_creditor) <= people:
                raise EcarteError(f"debts: {account} is not between two people")
        elif account in paid_off and not ledger.balance(account):
            continue
        elif account not in special and account not in people:
            raise EcarteError(f"entries: {account!r} is neither seated nor in the gallery")
    funded: set[str] = set()
    for i, e in enumerate(ledger.entries):
        if e.target == Ledger.CASHIER or (
            e.source == Ledger.CASHIER
            and (e.memo != "purse" or e.target not in people or e.target in funded)
        ):
            raise EcarteError(f"entries[{i}]: the cashier only gives each person a purse")
        if e.source == Ledger.CASHIER:
            funded.add(e.target)


def _restored_settlements(
    saved: object, seated: dict[int, str], brought: dict[str, int]
) -> list[Settlement]:
    """The settlements of a saved state, in order: each between the two people
    seated then, the seats changing as they say, to the people seated now (the cercle
    then matches them with the games played)."""
    if not isinstance(saved, list):
        raise EcarteError("settlements: a list of settlements")
    settlements = [_settlement(x) for x in saved]
    seats = dict(enumerate(brought))
    for x in settlements:
        by_name = {name: seat for seat, name in seats.items()}
        if x.winner == x.loser or {x.winner, x.loser} != set(by_name) or x.new_player in by_name:
            raise EcarteError(
                f"settlements: game {x.game}: {x.winner} against {x.loser} were not "
                "the people seated"
            )
        if x.new_player is not None:
            seats[by_name[x.loser]] = x.new_player
    if seats != seated:
        raise EcarteError(f"seated: the settlements seat {seats}, not {seated}")
    return settlements
