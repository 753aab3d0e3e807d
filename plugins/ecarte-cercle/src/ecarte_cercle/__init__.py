"""Club écarté (au cercle) with a betting gallery (docs/rules.md section 2).

Two players sit at the table (a table of more seats, e.g. with ``poule``, is
refused when the game is created); a gallery of named backers stakes money on
one player or the other.

**The table.** A club table is a table of people, not a match of seats: the loser of
a game gives their seat to a backer, so one seat is held by several people in turn. It
plays game after game between the two people seated until it closes: after ``games``
games (by default as many as the longest match of the rules: 3), or when
:meth:`Cercle.close` is asked (the game being played is the last). The results are per
person (:meth:`Cercle.standings`); ``Game.winner`` is only the seat that won the last
game. "The match" below is the table's whole sitting.

**The books.** Each game of the match has its own book, named by the game's
number. A book is open until the first card of its game is dealt and closes at
that moment, before anyone can see a card of that game; a bet on a game whose
cards have been dealt is refused (:class:`BetError`). The engine deals inside
the same call that starts a game (``Game()`` for the first game, the
``apply()`` that ends game N for game N + 1, unless the dealer has to choose
the packets first), so there are two open books at most:

- the *current* game's (:attr:`Cercle.current_game`: the game being played, or
  game 1 before the instance serves a game) until its cards are dealt;
- the *next* game's, at any time before the match is over.

``bet()`` and ``cover()`` take the game's number (``game=``, the current game
by default) and check it against the live state of the game the plugin serves
(it knows that game from the notifications it receives, and holds it weakly: a
game that is dropped is freed at once, and its table is closed), never against a
remembered flag. To stake on game 1 of a rules set that deals at once (e.g.
the ``brazilian`` preset, whose packets alternate), bet before creating the
``Game``; during game N, bet on game N + 1 with ``game=N + 1``.

A bet on the next game names one of the players seated *now*. When game N
ends, its loser leaves (see below); a stake on game N + 1 that backs a player
who no longer sits, or that was placed by the backer who now takes a seat, is
void and returned in full (``Settlement.void``). Stakes on a game that is
never played (the match ended before it) are returned when the match ends.

**Settlement** of game N, when it ends (notification ``ecarte_game_ended``):

- *Stakes.* Each side's stakes count in order, the seated players' own stakes
  first (their first right to cover), then the backers' in the order they were
  placed, up to the smaller side's total; whatever exceeds it is returned to
  the last bettors. Matched stakes are paid at even money (stakes are held by
  the book when placed, so they can always be paid). The game's value does not
  change them: a backer never risks more than they staked.
- *Points.* Every point a player scored in the game is worth
  ``value_per_point`` and is paid by the opponent; a point scored with a vole
  (the hand's trick points when the player took all five tricks) counts
  ``vole_multiplier`` times, a king's point ``king_multiplier`` times
  (:meth:`Cercle.units`). The two players' bills are netted: whoever has the
  smaller total pays the difference (usually the loser; with multipliers the
  winner may owe the loser). With ``Rules.game_values`` the net is multiplied
  by the game's value (``GameResult.value``: 3 if the loser scored nothing, 2 if
  1 or 2 points, else 1).
- *Debts.* What the payer's purse cannot cover is not written off: it stays on
  the ledger as a debt (an IOU account per debtor and creditor,
  :meth:`Ledger.debts`, ``Settlement.debt``), to be paid with
  :meth:`Cercle.repay`.
- *Commission.* An optional house commission (a percentage, rounded down) is
  taken from every win paid in cash: matched stakes won, points, repayments.

The loser of a game then leaves the table and their biggest backer (the
largest matched stake on the loser, the first placed on a tie) takes the seat;
the loser joins the gallery. A loser without backers keeps the seat.

**Advice.** A backer in the gallery whose stakes on the game being played are all on
one player backs that player: they may see that player's hand
(:meth:`Game.backed_view`) and advise them (:meth:`Game.advise`: a card or a decision,
seen by that player alone, binding nobody, never saved). Stakes are placed before the
cards of a game are dealt, so a backer never sees both hands.

Every movement of money is a transfer in a double-entry :class:`Ledger` (the
cashier funds the purses; debts are a liability account against the IOUs), so
its balances always total zero and no purse is ever below zero.

>>> from ecarte import Game
>>> from ecarte.players import HeuristicPlayer, play_match
>>> cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30, "Dora": 30})
>>> cercle.bet("Cleo", "Ada", 10)  # before the game exists: on game 1
>>> game = Game(plugins=[cercle], seed=1)
>>> cercle.bet("Dora", "Blaise", 4)  # game 1's packets are not chosen yet: still open
>>> cercle.book()  # doctest: +NORMALIZE_WHITESPACE
(Bet(backer='Cleo', player='Ada', amount=10, game=1, cover=False),
 Bet(backer='Dora', player='Blaise', amount=4, game=1, cover=False))
>>> _ = play_match(game, {0: HeuristicPlayer(), 1: HeuristicPlayer()})
>>> cercle.ledger.total(), cercle.ledger.balance(Ledger.STAKES)
(0, 0)
"""

from __future__ import annotations

import reprlib
import weakref
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ecarte import EcarteError, Game, GameResult, MatchStatus, Rules, SaveFormatError, hookimpl
from ecarte.hookspecs import HookWrapper

from ._money import Bet, BetError, Entry, Ledger, Settlement, Standing, _is_amount, _number
from ._saved import (
    _check_accounts,
    _commission_text,
    _restored_books,
    _restored_gallery,
    _restored_ledger,
    _restored_seats,
    _restored_settlements,
    _settlement_state,
)

__all__ = ["Bet", "BetError", "Cercle", "Entry", "Ledger", "Settlement", "Standing"]


@lru_cache(maxsize=128)
def _percent(value: int) -> Fraction:
    """A whole commission percentage as a Fraction (one per value, shared by the tables)."""
    return Fraction(value)


class Cercle:
    """Club écarté with a gallery of backers. One instance serves one game.

    ``players`` maps the two seated players' names (seat 0 first) to their
    purses; ``gallery`` maps backers to theirs; ``games`` is the number of games
    the table plays (None: as many as the longest match of the rules). See the
    module documentation for the table, the books, the settlement and the debts.
    """

    NAME = "cercle"
    DESCRIPTION = "Club écarté (au cercle): a gallery bets on the players, the loser gives way"

    def __init__(
        self,
        players: Mapping[str, int] | None = None,
        gallery: Mapping[str, int] | None = None,
        *,
        value_per_point: int = 1,
        vole_multiplier: int = 1,
        king_multiplier: int = 1,
        commission_percent: int | float | Fraction = 0,
        games: int | None = None,
    ) -> None:
        for what, whom, given in (("players", "player", players), ("gallery", "backer", gallery)):
            if given is not None and not isinstance(given, Mapping):
                raise EcarteError(
                    f"{what} names each {whom} with a purse ({{name: purse}}), "
                    f"not {reprlib.repr(given)}"
                )
        players = dict(players) if players is not None else {"Player 1": 100, "Player 2": 100}
        gallery = dict(gallery) if gallery else {}
        if len(players) != 2:
            raise EcarteError(f"club écarté seats two players, not {len(players)}")
        people = players | gallery
        if len(people) != 2 + len(gallery):
            raise EcarteError(f"{sorted(set(players) & set(gallery))} both seated and in gallery")
        for name, purse in people.items():
            if not isinstance(name, str) or not name or name[0] == "(":
                raise EcarteError(f"{name!r} is not a name (a non-empty str, not '(...')")
            if (purse.__class__ is not int and not _is_amount(purse)) or purse < 0:
                raise EcarteError(f"purse of {name} must be an int >= 0, not {purse!r}")
        for what, value in (
            ("value_per_point", value_per_point),
            ("vole_multiplier", vole_multiplier),
            ("king_multiplier", king_multiplier),
        ):
            if (value.__class__ is not int and not _is_amount(value)) or value < 0:
                raise EcarteError(f"{what} must be an int >= 0, not {value!r}")
        if commission_percent.__class__ is int and 0 <= commission_percent < 100:
            commission = _percent(commission_percent)  # shared: a Fraction never changes
        elif isinstance(commission_percent, int | float | Fraction) and not isinstance(
            commission_percent, bool
        ):
            if not 0 <= commission_percent < 100:
                raise EcarteError(
                    f"commission_percent must be in [0, 100), not {commission_percent}"
                )
            commission = Fraction(commission_percent)
        else:
            raise EcarteError(f"commission_percent must be a number, not {commission_percent!r}")
        if games is not None and (not _is_amount(games) or games < 1):
            raise EcarteError(f"games must be an int >= 1 (or None), not {games!r}")
        self.value_per_point = value_per_point
        self.vole_multiplier = vole_multiplier
        self.king_multiplier = king_multiplier
        self.commission_percent = commission
        self._asked_commission = commission
        """The constructor's commission (a saved state may bring another)."""
        self._games = games
        self._seat_match = False
        """A table saved by an older version, which played a match of seats: it goes on
        as it did (see :meth:`ecarte_restore_state`)."""
        self._brought: tuple[dict[str, int], dict[str, int]] = (players, gallery)
        """The purses brought at the start: the players', the gallery's (never changed)."""
        self.ledger = Ledger()
        self.ledger._open(people)  # the purses are checked above
        self.seated: dict[int, str] = dict(enumerate(players))
        """Who sits at each seat of the table now."""
        self.gallery: list[str] = list(gallery)
        self.settlements: list[Settlement] = []
        self._books: dict[int, list[Bet]] = {}
        self._served: weakref.ref[Game] | None = None
        """The game this instance serves, held weakly: a game and its plugins make no
        reference cycle, so a game that is dropped is freed at once (the table it served
        is then closed)."""
        self._number = 1
        """The number of the game being played, as the last notification said."""
        self._closes = 0
        """When the table closes by default (``2 * games_to_win - 1``: 0 until it serves
        a game)."""

    def __getstate__(self) -> dict[str, Any]:
        # the game is held weakly: a copy of a table that serves a game would serve it
        # without hearing from it, so such a table is copied and saved with its game
        if self._served is not None:
            raise SaveFormatError(
                "a Cercle that serves a game is saved and copied with its game "
                "(Game.to_dict, pickle or copy.deepcopy of the Game), not alone"
            )
        return dict(self.__dict__)

    # -- the table ----------------------------------------------------------

    @property
    def games(self) -> int | None:
        """The number of games after which the table closes: ``games=`` (or the game
        :meth:`close` was asked in), else as many as the longest match of the game's
        rules (``2 * games_to_win - 1``: 3); None for the default before a game exists."""
        if self._games is not None:
            return self._games
        return self._closes or None

    @property
    def closed(self) -> bool:
        """Whether the table has closed: its last game is over."""
        return self._over()

    def close(self) -> int:
        """Close the table when the game being played (or about to be dealt) ends: no
        game follows it. Returns that game's number; raises :class:`~ecarte.EcarteError`
        once the table is closed. (A game made with ``variant="cercle"`` saves no
        options: closed on request, it is saved but cannot be restored; pass a
        ``Cercle`` object in ``plugins=`` to save such a table.)"""
        if self._over():
            raise EcarteError("the table is closed: no game is being played")
        self._games = self.current_game
        return self._games

    # -- the gallery --------------------------------------------------------

    def join(self, name: str, purse: int) -> None:
        """A new backer joins the gallery with ``purse``."""
        if (
            not isinstance(name, str)
            or not name
            or name.startswith("(")
            or name in self.gallery
            or name in self.seated.values()
        ):
            raise BetError(f"{name!r} is already at the club (or not a name)")
        if not _is_amount(purse) or purse < 0:
            raise BetError(f"a purse must be an int >= 0, not {purse!r}")
        self.ledger.transfer(Ledger.CASHIER, name, purse, "purse")
        self.gallery.append(name)

    def balance(self, name: str) -> int:
        """What ``name`` holds in cash now (stakes in unsettled books not included)."""
        return self.ledger.balance(name)

    def debts(self) -> dict[tuple[str, str], int]:
        """Debts outstanding: (debtor, creditor) -> amount."""
        return self.ledger.debts()

    def standings(self) -> tuple[Standing, ...]:
        """Every person's results so far, seated players first (by seat), then the
        gallery: games won and lost at the table, and money, by person (a seat may be
        held by several people in turn).

        >>> from ecarte import Game
        >>> from ecarte.players import RandomPlayer, play_match
        >>> cercle = Cercle(players={"Ada": 20, "Blaise": 20}, gallery={"Cleo": 20})
        >>> cercle.bet("Cleo", "Ada", 5)
        >>> _ = play_match(Game(plugins=[cercle], seed=3), {0: RandomPlayer(), 1: RandomPlayer()})
        >>> rows = cercle.standings()
        >>> sum(r.won for r in rows) == sum(r.lost for r in rows) == len(cercle.settlements)
        True
        >>> sum(r.net for r in rows) + cercle.balance(Ledger.HOUSE)
        0
        """
        brought: dict[str, int] = {}
        for e in self.ledger.entries:
            if e.source == Ledger.CASHIER:
                brought[e.target] = brought.get(e.target, 0) + e.amount
        staked: dict[str, int] = {}
        for bets in self._books.values():
            for b in bets:
                staked[b.backer] = staked.get(b.backer, 0) + b.amount
        owed: dict[str, int] = {}
        for (debtor, creditor), amount in self.ledger.debts().items():
            owed[creditor] = owed.get(creditor, 0) + amount
            owed[debtor] = owed.get(debtor, 0) - amount
        seats = {name: seat for seat, name in self.seated.items()}
        names = [self.seated[s] for s in sorted(self.seated)] + list(self.gallery)
        return tuple(
            Standing(
                name=n,
                seat=seats.get(n),
                won=sum(x.winner == n for x in self.settlements),
                lost=sum(x.loser == n for x in self.settlements),
                brought=brought.get(n, 0),
                holds=self.ledger.balance(n) + staked.get(n, 0) + owed.get(n, 0),
            )
            for n in names
        )

    # -- advice -------------------------------------------------------------

    @hookimpl
    def ecarte_adviser(self, game: Game, adviser: int | str) -> int | str | None:
        if not isinstance(adviser, str) or adviser not in self.gallery:
            if isinstance(adviser, str) and adviser in self.seated.values():
                return f"{adviser} plays at the table: a backer in the gallery advises"
            return None
        number = game.game_number
        staked = {b.player for b in self._books.get(number, ()) if b.backer == adviser}
        if not staked:
            return (
                f"{adviser} has no stake on game {number}: a backer advises the player they "
                "staked on"
            )
        if len(staked) > 1:
            return f"{adviser} staked on both players of game {number}: they advise neither"
        (player,) = staked
        return next(seat for seat, name in self.seated.items() if name == player)

    # -- the books ----------------------------------------------------------

    @property
    def current_game(self) -> int:
        """The number of the game being played (1 before this instance serves a game)."""
        game = self._live()
        return self._number if game is None else game.game_number

    def _live(self) -> Game | None:
        """The game this instance serves, if it serves one and it still exists."""
        served = self._served
        return None if served is None else served()

    def _dealt(self) -> bool:
        """Whether a card of the current game has been dealt (from the live game; a game
        that no longer exists deals no more)."""
        game = self._live()
        if game is None:
            return self._served is not None
        return game.turnup is not None or bool(game.hand_results)

    def _over(self) -> bool:
        """Whether the table is closed: its game is over, or no longer exists."""
        game = self._live()
        return self._served is not None if game is None else game.is_over

    def open_books(self) -> tuple[int, ...]:
        """The numbers of the games that take bets now."""
        if self._over():
            return ()
        current = self.current_game
        return (current + 1,) if self._dealt() else (current, current + 1)

    def book(self, game: int | None = None) -> tuple[Bet, ...]:
        """The stakes placed on game number ``game`` (the current game by default)
        and not settled yet, in order."""
        return tuple(self._books.get(self.current_game if game is None else game, ()))

    def _check(self, amount: object, game: object) -> int:
        """The game a stake of ``amount`` may be placed on, or BetError."""
        if not _is_amount(amount):
            raise BetError(f"a stake is a whole number of units, not {amount!r}")
        assert isinstance(amount, int)
        if amount <= 0:
            raise BetError(f"a stake must be positive, not {amount}")
        current = self.current_game
        if game is None:
            game = current
        if not _is_amount(game):
            raise BetError(f"a game is named by its number, not {game!r}")
        assert isinstance(game, int)
        if self._over():
            raise BetError("the match is over: no more bets")
        if game < current:
            raise BetError(f"game {game} is over: the current game is {current}")
        if game == current and self._dealt():
            raise BetError(
                f"bets on game {game} are closed: its cards have been dealt "
                f"(bets are open on game {game + 1})"
            )
        if game > current + 1:
            raise BetError(
                f"bets are taken on the current game ({current}) and the next one only, "
                f"not on game {game}"
            )
        return game

    def bet(self, backer: str, player: str, amount: int, *, game: int | None = None) -> None:
        """``backer`` (from the gallery) stakes ``amount`` on seated ``player``
        for game number ``game`` (the current game by default). Raises
        :class:`BetError` and changes nothing if the bet cannot be taken: among
        others, once a card of that game has been dealt."""
        number = self._check(amount, game)
        if player not in self.seated.values():
            seated = " and ".join(self.seated.values())
            raise BetError(f"unknown player {player!r}: the players are {seated}")
        if backer not in self.gallery:
            hint = " (a player covers with cover())" if backer in self.seated.values() else ""
            raise BetError(f"unknown backer {backer!r}{hint}")
        self._take(Bet(backer, player, amount, number), backer)

    def cover(self, player: str, amount: int, *, game: int | None = None) -> None:
        """A seated player stakes ``amount`` on themselves for game number
        ``game`` (the current game by default); players' stakes are matched
        before the gallery's (their first right to cover)."""
        number = self._check(amount, game)
        if player not in self.seated.values():
            raise BetError(f"unknown player {player!r}: only a seated player covers")
        self._take(Bet(player, player, amount, number, cover=True), player)

    def _take(self, bet: Bet, payer: str) -> None:
        if bet.amount > self.ledger.balance(payer):
            raise BetError(f"{payer} holds {self.ledger.balance(payer)}, cannot stake {bet.amount}")
        self.ledger.transfer(
            payer, Ledger.STAKES, bet.amount, f"game {bet.game}: stake on {bet.player}"
        )
        self._books.setdefault(bet.game, []).append(bet)

    def repay(self, debtor: str, creditor: str, amount: int | None = None) -> int:
        """``debtor`` pays ``creditor`` ``amount`` of what they owe (all of it by
        default, at most what their purse holds); the commission is taken as
        on any win. Returns what was paid; raises :class:`BetError` and changes
        nothing if there is no such debt or the purse cannot pay ``amount``."""
        owed = self.ledger.debts().get((debtor, creditor), 0)
        if not owed:
            raise BetError(f"{debtor!r} owes {creditor!r} nothing")
        if amount is None:
            amount = min(owed, self.ledger.balance(debtor))
        if not _is_amount(amount) or not 0 <= amount <= owed:
            raise BetError(f"a repayment is an int from 0 to {owed}, not {amount!r}")
        if amount > self.ledger.balance(debtor):
            raise BetError(f"{debtor} holds {self.ledger.balance(debtor)}, cannot pay {amount}")
        self._pay(debtor, creditor, amount, f"{debtor} repays {creditor}")
        self.ledger.cancel_debt(debtor, creditor, amount, f"{debtor} repaid {creditor}")
        return amount

    # -- at the terminal ----------------------------------------------------

    def terminal_talk(self, game: Game, humans: Sequence[int], *, seed: int | None = None) -> Any:
        """The betting of ``ecarte play --variant cercle``: the gallery's bets and the
        humans' own (:class:`ecarte_cercle.terminal.CercleTalk`)."""
        from .terminal import CercleTalk

        return CercleTalk(self, humans, seed)

    # -- hooks --------------------------------------------------------------

    @hookimpl(wrapper=True)
    def ecarte_table_size(self, rules: Rules) -> HookWrapper[int]:
        # the table's size is settled once, when the game is created: a table that is
        # not two seats is refused there, before anything is dealt
        size = yield
        if size != 2:
            raise EcarteError(
                f"club écarté is played at a table of two seats, not {size} (it cannot be "
                "combined with a variant that seats more)"
            )
        return size

    @hookimpl
    def ecarte_match_status(self, game: Game, games: Sequence[GameResult]) -> MatchStatus:
        # the table closes by the number of games, never by a seat's wins (a seat is
        # held by several people in turn); its results are per person (standings())
        last = games[-1].winner
        if self._seat_match:  # an older version's match of seats goes on as it did
            won = [sum(g.winner == seat for g in games) for seat in (0, 1)]
            if max(won) >= game.rules.games_to_win:
                return MatchStatus(over=True, winner=won.index(max(won)))
        closes = self._games if self._games is not None else 2 * game.rules.games_to_win - 1
        over = len(games) >= closes
        return MatchStatus(over=over, winner=last if over else None)

    @hookimpl
    def ecarte_game_started(self, game: Game, number: int) -> None:
        if self._served is not None and self._live() is not game:
            raise EcarteError("a Cercle instance serves one game; make one per game")
        self._serve(game, number)

    def _serve(self, game: Game, number: int) -> None:
        if self._served is None:
            self._served = weakref.ref(game)
            self._closes = 2 * game.rules.games_to_win - 1
        self._number = number

    @hookimpl
    def ecarte_game_ended(self, result: GameResult) -> None:
        self.settlements.append(self._settle(result))

    @hookimpl
    def ecarte_match_ended(self) -> None:
        for number in sorted(self._books):  # books of games that will not be played
            for b in self._books.pop(number):
                self.ledger.transfer(
                    Ledger.STAKES, b.backer, b.amount, f"game {number}: not played, returned"
                )

    @hookimpl
    def ecarte_describe(self) -> list[str]:
        # everything here is public at the club: the table, the books, the ledger
        purse = self.ledger.balance
        seats = ", ".join(f"seat {s} {n} ({purse(n)})" for s, n in sorted(self.seated.items()))
        lines = [f"cercle: at the table {seats}"]
        if self.gallery:
            lines.append("cercle: gallery " + ", ".join(f"{n} ({purse(n)})" for n in self.gallery))
        current = self.current_game
        open_books = self.open_books()
        for number in sorted({current, current + 1, *self._books}):
            bets = self._books.get(number, [])
            if not bets and number not in open_books:
                continue
            state = "open" if number in open_books else "closed"
            staked = (
                ", ".join(
                    f"{b.backer} {b.amount} on {'themselves' if b.cover else b.player}"
                    for b in bets
                )
                or "no bets"
            )
            lines.append(f"cercle: game {number} book {state}: {staked}")
        lines.append(f"cercle: house {purse(Ledger.HOUSE)}, stakes held {purse(Ledger.STAKES)}")
        debts = self.ledger.debts()
        if debts:
            owed = ", ".join(f"{d} owes {c} {a}" for (d, c), a in sorted(debts.items()))
            lines.append(f"cercle: debts: {owed}")
        lines.append(self._table_line())
        played = [r for r in self.standings() if r.won or r.lost or r.net]
        if played:
            lines.append(
                "cercle: results: "
                + ", ".join(f"{r.name} won {r.won} lost {r.lost} ({r.net:+d})" for r in played)
            )
        return lines

    def _table_line(self) -> str:
        settled = len(self.settlements)
        if self._over():
            return f"cercle: the table is closed after {settled} game{'s' * (settled != 1)}"
        if self._seat_match:
            return (
                "cercle: a match of seats (saved by an older version): it ends when a seat "
                "has won its games"
            )
        last = self.games
        return f"cercle: game {self.current_game} of {last}: the table closes after game {last}"

    # -- saving and restoring -----------------------------------------------

    def save_options(self) -> dict[str, object]:
        """The constructor's arguments (the purses brought at the start): a saved game
        rebuilds this plugin with them, then restores its state."""
        players, gallery = self._brought
        return {
            "players": dict(players),
            "gallery": dict(gallery),
            "value_per_point": self.value_per_point,
            "vole_multiplier": self.vole_multiplier,
            "king_multiplier": self.king_multiplier,
            # JSON has no fractions: the exact one is in the saved state
            "commission_percent": _number(self._asked_commission),
            "games": self._games,
        }

    @hookimpl
    def ecarte_save_state(self) -> dict[str, object]:
        state = self._money_state()
        if not self._seat_match:  # an older version's table is saved as it wrote it
            state["games"] = self.games
        return state

    def _money_state(self) -> dict[str, object]:
        return {
            "entries": [[e.source, e.target, e.amount, e.memo] for e in self.ledger.entries],
            "debts": [[d, c, a] for (d, c), a in self.ledger.debts().items()],
            "seated": [[seat, name] for seat, name in sorted(self.seated.items())],
            "gallery": list(self.gallery),
            "books": [
                [number, [[b.backer, b.player, b.amount, b.cover] for b in bets]]
                for number, bets in sorted(self._books.items())
            ],
            "settlements": [_settlement_state(x) for x in self.settlements],
            "commission_percent": str(self.commission_percent),
        }

    @hookimpl
    def ecarte_restore_state(self, game: Game, state: object) -> None:
        # every field is checked before anything is changed, and the whole is checked
        # for consistency: a save must not be able to mint money or seat a stranger
        seat_match = isinstance(state, dict) and "games" not in state
        if not isinstance(state, dict) or set(state) - {"games"} != set(self._money_state()):
            raise EcarteError(f"not a cercle state: {reprlib.repr(state)}")
        self._check_table(game, seat_match, state.get("games"))
        commission = _commission_text(state["commission_percent"])
        ledger = _restored_ledger(state["entries"], state["debts"], self._brought)
        seated = _restored_seats(state["seated"])
        gallery = _restored_gallery(state["gallery"], seated)
        people = set(seated.values()) | set(gallery)
        _check_accounts(ledger, people)
        settlements = _restored_settlements(state["settlements"], seated, self._brought[0])
        self._check_settled(game, settlements)
        books = _restored_books(state["books"], game, settlements, seated, gallery)

        staked = sum(b.amount for bets in books.values() for b in bets)
        if ledger.balance(Ledger.STAKES) != staked:
            raise EcarteError(
                f"books: the bets add up to {staked}, the stakes account holds "
                f"{ledger.balance(Ledger.STAKES)}"
            )
        self.commission_percent = commission
        self.ledger, self.seated, self.gallery = ledger, seated, gallery
        self._books, self.settlements = books, settlements
        self._served = None
        self._serve(game, game.game_number)
        self._seat_match = seat_match

    def _check_settled(self, game: Game, settlements: list[Settlement]) -> None:
        """Each settlement is of a game played, in the order played, between the people
        then seated (who changed as the settlements say), with that game's winner, loser,
        value and points: the stakes depend on bets, never kept in the history, but the
        points do not. (A clone that played on shares this object and does not notify
        it: a game may be unsettled.)"""
        results = game.game_results
        seats = dict(enumerate(self._brought[0]))
        last = 0
        for x in settlements:
            if not last < x.game <= len(results):
                raise EcarteError(
                    f"settlements: game {x.game} settled after game {last}, but the games "
                    f"played are {len(results)}"
                )
            last = x.game
            result = results[x.game - 1]
            winner, loser = seats[result.winner], seats[result.loser]
            units = {
                winner: self.units(result, result.winner),
                loser: self.units(result, result.loser),
            }
            net = (units[winner] - units[loser]) * self.value_per_point * result.value
            due = abs(net)
            payer = (loser if net > 0 else winner) if due else None
            given = (x.winner, x.loser, x.value, x.units, x.points_payer, x.points_due)
            if given != (winner, loser, result.value, units, payer, due) or not (
                0 <= x.points_paid <= due and x.debt == due - x.points_paid
            ):
                raise EcarteError(
                    f"settlements: game {x.game} ({x.winner} beat {x.loser}, worth "
                    f"{x.value}, units {x.units}, {x.points_paid} of {x.points_due} points "
                    f"paid, debt {x.debt}) is not what the games played give ({winner} "
                    f"beat {loser}, worth {result.value}, units {units}, {due} points due)"
                )
            if x.new_player is not None:
                seats[result.loser] = x.new_player

    def _check_table(self, game: Game, seat_match: bool, games: object) -> None:
        """A saved table closes after as many games as this one, rebuilt for ``game``;
        a table saved by an older version (``seat_match``: a match of seats) goes on as
        it did if it can."""
        if seat_match:
            won = max(game.games_won)
            if not game.is_over and won >= game.rules.games_to_win:
                raise EcarteError(
                    f"games: this table was saved by an older version as a match of seats, "
                    f"over when a seat won {won} games; a club table now plays until it "
                    "closes, and this one cannot go on as it did"
                )
            return
        rebuilt = 2 * game.rules.games_to_win - 1 if self._games is None else self._games
        if not _is_amount(games) or games != rebuilt:
            saved = "1 game" if games == 1 and _is_amount(games) else f"{reprlib.repr(games)} games"
            raise EcarteError(
                f"games: the table closes after {saved}, but the plugin "
                f"rebuilt for this game closes after {rebuilt} (a table made with "
                "variant='cercle' saves no options: closed on request, it cannot be "
                "restored; pass a Cercle object in plugins= to save it)"
            )

    # -- settlement ---------------------------------------------------------

    def units(self, result: GameResult, seat: int) -> int:
        """What ``seat``'s points in ``result`` count for: every point once, a
        vole's trick points ``vole_multiplier`` times and a king's points
        ``king_multiplier`` times (before ``value_per_point`` and the game's value)."""
        units = 0
        for hand in result.hands:
            kings = hand.kings.get(seat, 0)
            tricks = hand.points.get(seat, 0) - kings
            vole = hand.tricks.get(seat, 0) == 5
            units += tricks * (self.vole_multiplier if vole else 1)
            units += kings * self.king_multiplier
        return units

    def _commission(self, win: int) -> int:
        return int(win * self.commission_percent / 100)

    def _pay(self, payer: str, payee: str, amount: int, memo: str) -> int:
        """Pay ``amount`` in cash, the house taking its commission; returns the cut."""
        cut = self._commission(amount)
        self.ledger.transfer(payer, payee, amount - cut, memo)
        self.ledger.transfer(payer, Ledger.HOUSE, cut, "commission")
        return cut

    def _settle(self, result: GameResult) -> Settlement:
        ledger = self.ledger
        number = result.number
        winner, loser = self.seated[result.winner], self.seated[result.loser]
        sides: dict[str, list[Bet]] = {winner: [], loser: []}
        for b in sorted(self._books.pop(number, []), key=lambda b: not b.cover):  # covers first
            sides[b.player].append(b)
        matched = min(sum(b.amount for b in side) for side in sides.values())
        returned: dict[str, int] = {}
        kept: dict[str, list[tuple[str, int]]] = {winner: [], loser: []}
        for player, side in sides.items():
            room = matched
            for b in side:
                keep = min(b.amount, room)
                room -= keep
                if keep:
                    kept[player].append((b.backer, keep))
                if b.amount > keep:
                    returned[b.backer] = returned.get(b.backer, 0) + b.amount - keep
                    memo = f"game {number}: excess returned"
                    ledger.transfer(Ledger.STAKES, b.backer, b.amount - keep, memo)
        won: dict[str, int] = {}
        lost: dict[str, int] = {}
        commission = 0
        for backer, stake in kept[loser]:
            lost[backer] = lost.get(backer, 0) + stake
        for backer, stake in kept[winner]:
            ledger.transfer(Ledger.STAKES, backer, stake, f"game {number}: stake back")
            cut = self._pay(Ledger.STAKES, backer, stake, f"game {number}: won on {winner}")
            commission += cut
            won[backer] = won.get(backer, 0) + stake - cut
        # the points: each player pays the other's, netted; the game's value multiplies
        units = {winner: self.units(result, result.winner), loser: self.units(result, result.loser)}
        net = (units[winner] - units[loser]) * self.value_per_point * result.value
        payer, payee = (loser, winner) if net > 0 else (winner, loser)
        due = abs(net)
        paid = min(due, ledger.balance(payer))
        if paid:
            cut = self._pay(payer, payee, paid, f"game {number}: points")
            commission += cut
            lost[payer] = lost.get(payer, 0) + paid
            won[payee] = won.get(payee, 0) + paid - cut
        if due > paid:
            ledger.record_debt(payer, payee, due - paid, f"game {number}: points not paid")
        # the loser leaves; their biggest backer (first placed on a tie) sits down
        backers: dict[str, int] = {}
        for backer, stake in kept[loser]:
            if backer != loser:
                backers[backer] = backers.get(backer, 0) + stake
        new_player = max(backers, key=lambda b: backers[b]) if backers else None
        void: dict[str, int] = {}
        if new_player is not None:
            self.gallery.remove(new_player)
            self.gallery.append(loser)
            self.seated[result.loser] = new_player
            # the next game's stakes that back the player who left, or that the
            # new player placed from the gallery, cannot stand
            keep_bets = []
            for b in self._books.get(number + 1, []):
                if b.player == loser or b.backer == new_player:
                    void[b.backer] = void.get(b.backer, 0) + b.amount
                    memo = f"game {number + 1}: void, {loser} left the table"
                    ledger.transfer(Ledger.STAKES, b.backer, b.amount, memo)
                else:
                    keep_bets.append(b)
            if number + 1 in self._books:
                self._books[number + 1] = keep_bets
        return Settlement(
            game=number,
            winner=winner,
            loser=loser,
            matched=matched,
            returned=returned,
            won=won,
            lost=lost,
            commission=commission,
            points_paid=paid,
            new_player=new_player,
            value=result.value,
            units=units,
            points_payer=payer if due else None,
            points_due=due,
            debt=due - paid,
            void=void,
        )
