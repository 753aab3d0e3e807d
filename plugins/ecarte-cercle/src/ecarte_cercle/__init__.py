"""Club écarté (au cercle) with a betting gallery (RULES.md section 2, seed 000).

Two players sit at the table (a table of more seats, e.g. with ``poule``, is
refused when the game is created); a gallery of named backers stakes money on one
player or the other before each game. When the game ends, the book is
matched: each side's stakes count in order, the seated players' own stakes
first (their first right to cover), then the backers' in the order they were
placed, up to the smaller side's total; whatever exceeds it is returned to
the last bettors. Matched stakes are paid at even money. The two players
also settle the game between themselves at ``value_per_point`` a point, a
vole's points counting ``vole_multiplier`` times and the king's points
``king_multiplier`` times. An optional house commission (a percentage,
rounded down) is taken from every win. The loser of a game then leaves the
table and their biggest backer takes the seat (the loser joins the gallery).

Every movement of money is a transfer in a double-entry :class:`Ledger`
(the cashier funds the bankrolls), so its balances always total zero and no
one but the cashier is ever below zero.

>>> from ecarte import Game
>>> from ecarte.players import HeuristicPlayer, play_match
>>> cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30, "Dora": 30})
>>> game = Game(plugins=[cercle], seed=1)
>>> cercle.bet("Cleo", "Ada", 10)
>>> cercle.bet("Dora", "Blaise", 4)
>>> cercle.book()  # doctest: +NORMALIZE_WHITESPACE
(Bet(backer='Cleo', player='Ada', amount=10, game=1, cover=False),
 Bet(backer='Dora', player='Blaise', amount=4, game=1, cover=False))
>>> _ = play_match(game, {0: HeuristicPlayer(), 1: HeuristicPlayer()})
>>> cercle.ledger.total(), cercle.ledger.balance(Ledger.STAKES)
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from attrs import frozen

from ecarte import Action, EcarteError, Game, GameResult, PluginError, Seats, hookimpl

__all__ = ["Bet", "BetError", "Cercle", "Entry", "Ledger", "Settlement"]


class BetError(EcarteError, ValueError):
    """A bet or cover that is refused; nothing was changed."""


@frozen
class Bet:
    """A stake placed on a player for one game."""

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


class Ledger:
    """Double-entry accounts: every change is a transfer, so balances total 0."""

    CASHIER = "(cashier)"
    """Funds the bankrolls: the only account that may be negative."""
    STAKES = "(stakes)"
    """Holds the stakes of the open book."""
    HOUSE = "(house)"
    """Collects the commission."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self._balances: dict[str, int] = {}

    def balance(self, account: str) -> int:
        return self._balances.get(account, 0)

    @property
    def balances(self) -> dict[str, int]:
        return dict(self._balances)

    def transfer(self, source: str, target: str, amount: int, memo: str) -> None:
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"transfer amount must be an int >= 0, not {amount!r}")
        if amount == 0:
            return
        if source != self.CASHIER and self.balance(source) < amount:
            raise ValueError(f"{source} holds {self.balance(source)}, cannot pay {amount}")
        self._balances[source] = self.balance(source) - amount
        self._balances[target] = self.balance(target) + amount
        self.entries.append(Entry(source, target, amount, memo))

    def total(self) -> int:
        """The sum of all balances: always 0."""
        return sum(self._balances.values())

    def check(self) -> None:
        """Raise AssertionError unless the ledger balances and nobody but the cashier is short."""
        assert self.total() == 0, f"ledger total {self.total()}"
        negative = {a: b for a, b in self._balances.items() if b < 0 and a != self.CASHIER}
        assert not negative, f"negative balances {negative}"
        replay: dict[str, int] = {}
        for e in self.entries:
            replay[e.source] = replay.get(e.source, 0) - e.amount
            replay[e.target] = replay.get(e.target, 0) + e.amount
        assert {a: b for a, b in replay.items() if b} == {
            a: b for a, b in self._balances.items() if b
        }, "balances do not match the entries"


@frozen
class Settlement:
    """How a game is paid."""

    game: int
    winner: str
    loser: str
    matched: int
    """Total matched on each side."""
    returned: dict[str, int]
    """Excess returned, by bettor."""
    won: dict[str, int]
    """Net winnings after commission, by bettor and winning player."""
    lost: dict[str, int]
    """Stakes and points lost, by name."""
    commission: int
    points_paid: int
    """What the loser paid the winner for the points (before commission)."""
    new_player: str | None
    """The backer who took the loser's seat, if any."""


class Cercle:
    """Club écarté with a gallery of backers. One instance serves one game.

    ``players`` maps the two seated players' names (seat 0 first) to their
    bankrolls; ``gallery`` maps backers to theirs.
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
        commission_percent: int | Fraction = 0,
    ) -> None:
        players = dict(players if players is not None else {"Player 1": 100, "Player 2": 100})
        gallery = dict(gallery or {})
        if len(players) != 2:
            raise EcarteError(f"club écarté seats two players, not {len(players)}")
        if set(players) & set(gallery):
            raise EcarteError(f"{sorted(set(players) & set(gallery))} both seated and in gallery")
        for what, value in (
            ("value_per_point", value_per_point),
            ("vole_multiplier", vole_multiplier),
            ("king_multiplier", king_multiplier),
            *((f"bankroll of {n}", b) for n, b in (players | gallery).items()),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise EcarteError(f"{what} must be an int >= 0, not {value!r}")
        if not 0 <= commission_percent < 100:
            raise EcarteError(f"commission_percent must be in [0, 100), not {commission_percent}")
        self.value_per_point = value_per_point
        self.vole_multiplier = vole_multiplier
        self.king_multiplier = king_multiplier
        self.commission_percent = Fraction(commission_percent)
        self.ledger = Ledger()
        for name, bankroll in (players | gallery).items():
            self.ledger.transfer(Ledger.CASHIER, name, bankroll, "bankroll")
        self.seated: dict[int, str] = dict(enumerate(players))
        """Who sits at each seat of the table now."""
        self.gallery: list[str] = list(gallery)
        self.settlements: list[Settlement] = []
        self._bets: list[Bet] = []
        self._game: Game | None = None
        self._game_number = 0
        self._game_start = 0

    # -- the gallery --------------------------------------------------------

    def join(self, name: str, bankroll: int) -> None:
        """A new backer joins the gallery with ``bankroll``."""
        if name in self.gallery or name in self.seated.values() or name.startswith("("):
            raise BetError(f"{name!r} is already at the club (or not a name)")
        if isinstance(bankroll, bool) or not isinstance(bankroll, int) or bankroll < 0:
            raise BetError(f"bankroll must be an int >= 0, not {bankroll!r}")
        self.ledger.transfer(Ledger.CASHIER, name, bankroll, "bankroll")
        self.gallery.append(name)

    def balance(self, name: str) -> int:
        """What ``name`` holds now (stakes in the open book not included)."""
        return self.ledger.balance(name)

    def book(self) -> tuple[Bet, ...]:
        """The stakes placed on the current game, in order."""
        return tuple(self._bets)

    def _check_open(self, amount: int) -> Game:
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise BetError(f"a stake is a whole number of units, not {amount!r}")
        if amount <= 0:
            raise BetError(f"a stake must be positive, not {amount}")
        game = self._game
        if game is None:
            raise BetError("no game is set up yet: bets are taken once the players are seated")
        if game.is_over:
            raise BetError("the match is over: no more bets")
        if any(isinstance(r, Action) for r in game.history[self._game_start :]):
            raise BetError(
                f"game {self._game_number} has started: bets are closed until the next game"
            )
        return game

    def bet(self, backer: str, player: str, amount: int) -> None:
        """``backer`` (from the gallery) stakes ``amount`` on seated ``player``
        for the current game. Raises :class:`BetError` and changes nothing if
        the bet cannot be taken."""
        self._check_open(amount)
        if player not in self.seated.values():
            seated = " and ".join(self.seated.values())
            raise BetError(f"unknown player {player!r}: the players are {seated}")
        if backer not in self.gallery:
            hint = " (a player covers with cover())" if backer in self.seated.values() else ""
            raise BetError(f"unknown backer {backer!r}{hint}")
        self._take(Bet(backer, player, amount, self._game_number), backer)

    def cover(self, player: str, amount: int) -> None:
        """A seated player stakes ``amount`` on themselves; players' stakes
        are matched before the gallery's (their first right to cover)."""
        self._check_open(amount)
        if player not in self.seated.values():
            raise BetError(f"unknown player {player!r}: only a seated player covers")
        self._take(Bet(player, player, amount, self._game_number, cover=True), player)

    def _take(self, bet: Bet, payer: str) -> None:
        if bet.amount > self.ledger.balance(payer):
            raise BetError(f"{payer} holds {self.ledger.balance(payer)}, cannot stake {bet.amount}")
        self.ledger.transfer(payer, Ledger.STAKES, bet.amount, f"stake on {bet.player}")
        self._bets.append(bet)

    # -- hooks --------------------------------------------------------------

    @hookimpl(tryfirst=True)
    def ecarte_next_game(self, game: Game) -> None:
        # asked before each game, first of all plugins, and for the first game while
        # Game() is being created: a table that is not two seats is refused there
        if game.players != 2:
            raise PluginError(
                f"plugin 'cercle': club écarté is played at a table of two seats, "
                f"not {game.players} (it cannot be combined with a variant that seats more)"
            )

    @hookimpl
    def ecarte_game_started(self, game: Game, number: int, seats: Seats) -> None:
        if self._game is not None and self._game is not game:
            raise EcarteError("a Cercle instance serves one game; make one per game")
        self._game = game
        self._game_number = number
        self._game_start = len(game.history)

    @hookimpl
    def ecarte_game_ended(self, result: GameResult) -> None:
        self.settlements.append(self._settle(result))

    # -- settlement ---------------------------------------------------------

    def _units(self, result: GameResult, seat: int) -> int:
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

    def _settle(self, result: GameResult) -> Settlement:
        ledger = self.ledger
        winner, loser = self.seated[result.winner], self.seated[result.loser]
        sides: dict[str, list[Bet]] = {winner: [], loser: []}
        for b in sorted(self._bets, key=lambda b: not b.cover):  # stable: covers first
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
                    ledger.transfer(Ledger.STAKES, b.backer, b.amount - keep, "excess returned")
        won: dict[str, int] = {}
        lost: dict[str, int] = {}
        commission = 0
        for backer, stake in kept[loser]:
            lost[backer] = lost.get(backer, 0) + stake
        for backer, stake in kept[winner]:
            cut = self._commission(stake)
            commission += cut
            ledger.transfer(Ledger.STAKES, backer, stake, "stake back")
            ledger.transfer(Ledger.STAKES, Ledger.HOUSE, cut, "commission")
            ledger.transfer(Ledger.STAKES, backer, stake - cut, f"won on {winner}")
            won[backer] = won.get(backer, 0) + stake - cut
        assert ledger.balance(Ledger.STAKES) == 0
        net = self._units(result, result.winner) - self._units(result, result.loser)
        points = min(max(net, 0) * self.value_per_point, ledger.balance(loser))
        if points:
            cut = self._commission(points)
            commission += cut
            ledger.transfer(loser, winner, points - cut, f"game {result.number}: points")
            ledger.transfer(loser, Ledger.HOUSE, cut, "commission")
            lost[loser] = lost.get(loser, 0) + points
            won[winner] = won.get(winner, 0) + points - cut
        # the loser leaves; their biggest backer (first placed on a tie) sits down
        backers: dict[str, int] = {}
        for backer, stake in kept[loser]:
            if backer != loser:
                backers[backer] = backers.get(backer, 0) + stake
        new_player = max(backers, key=lambda b: backers[b]) if backers else None
        if new_player is not None:
            self.gallery.remove(new_player)
            self.gallery.append(loser)
            self.seated[result.loser] = new_player
        self._bets = []
        return Settlement(
            game=result.number,
            winner=winner,
            loser=loser,
            matched=matched,
            returned=returned,
            won=won,
            lost=lost,
            commission=commission,
            points_paid=points,
            new_player=new_player,
        )
