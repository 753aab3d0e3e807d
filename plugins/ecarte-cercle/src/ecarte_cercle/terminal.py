"""Club écarté at the terminal (``ecarte play --variant cercle``): the gallery's bets
before each game, and the humans' own, typed at the prompt.

``ecarte play`` asks a variant's plugin for its ``terminal_talk(game, humans, seed=...)``
(:meth:`ecarte_cercle.Cercle.terminal_talk`); the object it returns tells the terminal
which words a human may type (``bet``), what to ask between moves (the betting round of
each game, while its book is open) and which seat each human plays now: a human who
loses their seat to their biggest backer joins the gallery, and from there bets on the
games the others play, and may come back to the table as a backer.

>>> import io
>>> from ecarte import Game
>>> from ecarte_cercle import Cercle
>>> cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30})
>>> game = Game(plugins=[cercle], seed=1)
>>> talk = cercle.terminal_talk(game, [0], seed=1)
>>> lines, questions = talk.before(game)
>>> lines
['cercle: Cleo stakes 3 on Ada for game 1']
>>> questions
[(0, 'cercle: bets on game 1 are open: bet AMOUNT stakes on yourself, Ada (you hold 50)')]
>>> talk.command(game, 0, "bet 5")
['cercle: Ada stakes 5 on themselves for game 1 (holds 45)']
>>> talk.plays(game, 0)
0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ecarte import EcarteError, Game

from ._money import Ledger

if TYPE_CHECKING:
    from . import Cercle

__all__ = ["CercleTalk"]


class CercleTalk:
    """The betting of club écarté at the terminal, for the humans who began at the seats
    ``humans`` (a human is named by that seat); the gallery's other members are bots,
    who stake a tenth of their purse on the player who has won more games at the table (a
    coin decides a tie, from ``seed``)."""

    commands: Mapping[str, str] = {
        "bet": (
            "bet NAME AMOUNT [game N]: stake on a seated player, from the gallery; at the "
            "table, bet AMOUNT stakes on yourself (the next open book unless N is given)"
        ),
        "close": "close: the table closes when the game being played ends",
    }

    def __init__(self, cercle: Cercle, humans: Sequence[int], seed: int | None) -> None:
        self.cercle = cercle
        self.names = {person: cercle.seated[person] for person in humans if person in (0, 1)}
        self.random = random.Random(seed)
        self.done: set[int] = set()
        """The games whose betting round was held."""
        self.deals_at_once = False
        """Whether a game was dealt before its book could be offered (its round is then
        held during the game before)."""

    def ended(self, game: Game) -> list[str]:
        """The end of the club table in the club's words, said in place of the match's
        end (a seat "winning the match" means nothing at a table of people): the games
        played, who is up (the results by person follow in the table's description),
        and the books.

        >>> from ecarte import Game
        >>> from ecarte.players import RandomPlayer, play_match
        >>> from ecarte_cercle import Cercle
        >>> cercle = Cercle(players={"Ada": 20, "Blaise": 20}, gallery={"Cleo": 20})
        >>> cercle.bet("Cleo", "Ada", 5)
        >>> game = Game(plugins=[cercle], seed=3)
        >>> _ = play_match(game, {0: RandomPlayer(seed=3), 1: RandomPlayer(seed=4)})
        >>> for line in cercle.terminal_talk(game, []).ended(game):
        ...     print(line)
        the table is closed after 3 games: Blaise is up 1, Ada down 1
        the books: every stake settled (5 unmatched, returned); no debts
        """
        cercle = self.cercle
        played = len(cercle.settlements)
        rows = cercle.standings()
        best = max((r.net for r in rows), default=0)
        worst = min((r.net for r in rows), default=0)
        up = [r.name for r in rows if r.net == best > 0]
        down = [r.name for r in rows if r.net == worst < 0]
        who = "nobody is up"
        if up:
            who = f"{' and '.join(up)} {'is' if len(up) == 1 else 'are'} up {best}"
        if down:
            who += f", {' and '.join(down)} down {-worst}"
        returned = sum(sum(x.returned.values()) for x in cercle.settlements)
        void = sum(sum(x.void.values()) for x in cercle.settlements)
        unplayed = sum(
            e.amount for e in cercle.ledger.entries if e.memo.endswith("not played, returned")
        )
        books = "every stake settled"
        back = [
            f"{amount} {why}"
            for amount, why in (
                (returned, "unmatched, returned"),
                (void, "void when the seats changed, returned"),
                (unplayed, "on games not played, returned"),
            )
            if amount
        ]
        if back:
            books += f" ({', '.join(back)})"
        house = cercle.balance(Ledger.HOUSE)
        if house:
            books += f"; the house took {house}"
        debts = cercle.debts()
        owed = ", ".join(f"{d} owes {c} {a}" for (d, c), a in sorted(debts.items()))
        books += f"; debts: {owed}" if debts else "; no debts"
        return [
            f"the table is closed after {played} game{'s' * (played != 1)}: {who}",
            f"the books: {books}",
        ]

    def advisers(self, game: Game) -> list[str]:
        """The gallery's bots: each advises the human they staked on (the terminal asks
        them, :meth:`ecarte.Game.advise`)."""
        humans = set(self.names.values())
        return [name for name in self.cercle.gallery if name not in humans]

    def plays(self, game: Game, person: int) -> int | None:
        """The seat the human who began at ``person`` holds now (None: in the gallery)."""
        name = self.names.get(person)
        return next((s for s, n in self.cercle.seated.items() if n == name), None)

    def _due(self) -> int | None:
        """The game whose betting round is due now, if any."""
        cercle = self.cercle
        books = cercle.open_books()
        current = cercle.current_game
        if current in books:
            return None if current in self.done else current
        if current not in self.done:  # dealt before its round: the rules deal at once
            self.deals_at_once = True
        if self.deals_at_once and current + 1 in books and current + 1 not in self.done:
            return current + 1
        return None

    def before(self, game: Game) -> tuple[list[str], list[tuple[int, str]]]:
        """The gallery's bets and the humans' questions when a game's book opens."""
        number = self._due()
        if number is None:
            return [], []
        self.done.add(number)
        cercle = self.cercle
        lines = []
        humans = set(self.names.values())
        players = sorted(cercle.seated.items())
        for backer in list(cercle.gallery):
            amount = cercle.balance(backer) // 10
            if backer in humans or amount <= 0:
                continue
            won = {r.name: r.won for r in cercle.standings()}  # by person, not by seat
            wins = [(won[name], name) for _, name in players]
            best = max(w for w, _ in wins)
            player = self.random.choice([name for w, name in wins if w == best])
            cercle.bet(backer, player, amount, game=number)
            lines.append(f"cercle: {backer} stakes {amount} on {player} for game {number}")
        questions = []
        for person, name in self.names.items():
            purse = cercle.balance(name)
            if name in cercle.seated.values():
                how = f"bet AMOUNT stakes on yourself, {name}"
            else:
                on = " or ".join(n for _, n in players)
                how = f"bet NAME AMOUNT stakes on {on}"
            questions.append(
                (person, f"cercle: bets on game {number} are open: {how} (you hold {purse})")
            )
        return lines, questions

    def command(self, game: Game, person: int, text: str) -> list[str]:
        """``close``, or ``bet [NAME] AMOUNT [game N]`` typed by ``person``: the table
        closing, the stake placed, or an
        :class:`EcarteError` (a :class:`~ecarte_cercle.BetError` from the book) and
        nothing changed."""
        cercle = self.cercle
        me = self.names.get(person)
        if text.split()[0].lower() == "close":
            if len(text.split()) > 1:
                raise EcarteError(
                    "close takes no other word: type close, and the table closes when the "
                    "game being played ends"
                )
            return [f"cercle: the table closes after game {cercle.close()}"]
        if me is None:
            raise EcarteError("only a human who sat at the table bets here")
        words = text.split()[1:]
        number: int | None = None
        if len(words) >= 2 and words[-2].lower() == "game":
            number = _number(words[-1])
            if number is None:
                raise EcarteError(f"game {words[-1]!r}: a game is named by its number")
            words = words[:-2]
        amount = _number(words[-1]) if words else None
        if amount is None:
            raise EcarteError("write bet NAME AMOUNT (or bet AMOUNT at the table) [game N]")
        named = " ".join(words[:-1])
        if number is None:
            books = cercle.open_books()
            if not books:
                raise EcarteError("the match is over: no more bets")
            number = books[0]
        seated = me in cercle.seated.values()
        if seated and (not named or named.lower() == me.lower()):
            cercle.cover(me, amount, game=number)
            return [
                f"cercle: {me} stakes {amount} on themselves for game {number} "
                f"(holds {cercle.balance(me)})"
            ]
        if seated:
            raise EcarteError(f"at the table you stake on yourself only: bet {amount}")
        if not named:
            choices = " or ".join(f"bet {n} {amount}" for _, n in sorted(cercle.seated.items()))
            raise EcarteError(f"from the gallery, name the player you back: {choices}")
        player = next((n for n in cercle.seated.values() if n.lower() == named.lower()), named)
        cercle.bet(me, player, amount, game=number)
        return [
            f"cercle: {me} stakes {amount} on {player} for game {number} "
            f"(holds {cercle.balance(me)})"
        ]


def _number(word: str) -> int | None:
    """The whole number ``word`` writes in ASCII digits (``str.isdigit`` also accepts
    "²", which ``int`` refuses), None for other text; a number too long for ``int``
    (more than 4300 digits) is given as one no purse holds."""
    if not (word.isascii() and word.isdigit()):
        return None
    digits = word.lstrip("0")
    return int(digits or "0") if len(digits) <= 18 else 10**18
