"""Three-player écarté, "la poule" (docs/rules.md section 2).

Three seats (0, 1, 2); two play, one waits. With the default ``rotation="per-game"``
seats 0 and 1 play the first game; the loser of each game makes way for the
waiting player, the two players of each game cut for its first deal, and
whoever wins two games in a row takes the pool (the match ends there). With
``rotation="per-hand"`` (the Spanish source's description) the dealer of each hand sits
it out: seat ``d`` deals, seat ``d + 1`` is elder, seat ``d + 2`` takes the
dealer's part (responds to proposals, scores a turned-up king), and the deal
passes to the left after every hand, from one game to the next too (seat 0
sits out the first hand; nobody cuts); all three keep their own score in the
game.

:meth:`Game.describe` shows who plays and who waits, the pool and what each
seat paid in, and who is one win away from taking it (public facts, the same
for every seat).

**Advice.** With per-game rotation the waiting seat may back one of the two players
for the game (:meth:`Poule.back`, once a game, public at the table); it then sees that
player's hand in its own observation (``backs``, ``backed_hand``) and may advise them
with :meth:`Game.advise` (a card or a decision, seen by that player alone, binding
nobody, never saved). With per-hand rotation the seat sitting out plays against both
in the game: it backs nobody.

>>> from ecarte import Game
>>> poule = Poule()
>>> game = Game(plugins=[poule], seed=2)
>>> poule.back(0)  # seat 2 waits and backs seat 0 in this game
>>> seen = game.observation(2)
>>> seen.backs, seen.backed_hand == game.hand(0)
(0, True)

>>> from ecarte import Game
>>> from ecarte.players import RandomPlayer, play_match
>>> game = Game(plugins=[Poule()], seed=5)
>>> game.players
3
>>> _ = play_match(game, {s: RandomPlayer(seed=s) for s in range(3)})
>>> poule = game.plugin("poule")
>>> last, before = game.game_results[-1], game.game_results[-2]
>>> last.winner == before.winner == game.winner == poule.pool_winner
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from ecarte import EcarteError, Game, GameResult, HandResult, MatchStatus, Seats, hookimpl

__all__ = ["ROTATIONS", "Poule", "PouleTalk"]

ROTATIONS = ("per-game", "per-hand")
SEATS = 3


def _sitting_out(hand: HandResult) -> int:
    return 3 - hand.dealer - hand.elder


def _hand_seats(sitter: int) -> Seats:
    """Seat ``sitter`` deals and sits out; the next seat is elder."""
    elder, responder = (sitter + 1) % SEATS, (sitter + 2) % SEATS
    return Seats(players=(elder, responder), dealer=responder)


class Poule:
    """La poule: a table of three, the loser of a game makes way, two wins in
    a row take the pool.

    ``ante`` is what each player puts in the pool at the start and what every
    loser of a game adds, except after the game that ends the match (the pool
    is fed by the players who lose). With per-game rotation the loser is the
    one of the game's two players who did not win. With per-hand rotation all
    three seats play and score in every game, so both seats that did not win
    it add the ante, including the one who sat out the deciding hand. The pool
    and what each seat paid in are kept in :attr:`pool` and :attr:`paid`, the
    winner and what they took in :attr:`pool_winner` and :attr:`winnings`.
    One instance serves one game (another game's notifications are refused).
    """

    NAME = "poule"
    DESCRIPTION = "Three players (la poule): the loser makes way, two wins in a row take the pool"

    def __init__(
        self, rotation: Literal["per-game", "per-hand"] = "per-game", ante: int = 1
    ) -> None:
        if rotation not in ROTATIONS:
            raise EcarteError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
        if isinstance(ante, bool) or not isinstance(ante, int) or ante < 0:
            raise EcarteError(f"ante must be an int >= 0, not {ante!r}")
        self.rotation = rotation
        self.ante = ante
        self.pool = 0
        """What the pool holds now."""
        self.paid = [0] * SEATS
        """What each seat has put in the pool."""
        self.pool_winner: int | None = None
        """The seat that took the pool, once the match is over."""
        self.winnings = [0] * SEATS
        """What each seat has taken from the pool."""
        self._game: Game | None = None
        self._backing: tuple[int, int] | None = None
        """(game number, seat): the player the waiting seat backs in that game."""

    # -- seating ------------------------------------------------------------

    @hookimpl
    def ecarte_table_size(self) -> int:
        return SEATS

    @hookimpl
    def ecarte_next_game(self, previous: GameResult | None) -> Seats:
        if self.rotation == "per-hand":
            sitter = 0 if previous is None else (_sitting_out(previous.hands[-1]) + 1) % SEATS
            return _hand_seats(sitter)
        if previous is None:
            return Seats(players=(0, 1), dealer=None)
        (waiting,) = set(range(SEATS)) - set(previous.players)
        # the winner stays and the waiting player comes in; they cut for the deal
        return Seats(players=(previous.winner, waiting), dealer=None)

    @hookimpl
    def ecarte_next_hand(self, previous: HandResult) -> Seats | None:
        if self.rotation == "per-hand":
            return _hand_seats((_sitting_out(previous) + 1) % SEATS)
        return None  # the two players of the game alternate the deal (classic)

    # -- advice -------------------------------------------------------------

    def _waiting(self, game: Game) -> int:
        (waiting,) = set(range(SEATS)) - set(game.game_players)
        return waiting

    def backs(self) -> int | None:
        """The seat the waiting seat backs in the game being played (None: nobody)."""
        game = self._game
        if game is None or game.is_over or self._backing is None:
            return None
        if self._backing[0] != game.game_number:
            return None
        return self._backing[1]

    def back(self, player: int) -> None:
        """The waiting seat backs the player of seat ``player`` in the game being
        played: it sees their hand and may advise them (:meth:`Game.advise`). Once a
        game: a waiting seat never sees both hands. Raises :class:`~ecarte.EcarteError`
        and changes nothing otherwise."""
        game = self._game
        if game is None or game.is_over:
            raise EcarteError("no game is being played: nobody to back")
        if self.rotation == "per-hand":
            raise EcarteError(
                "with per-hand rotation the seat sitting out plays against both in the "
                "game: it backs nobody"
            )
        if player.__class__ is not int or player not in game.game_players:
            raise EcarteError(
                f"seat {player!r} does not play game {game.game_number}: the waiting seat "
                f"backs seat {' or '.join(map(str, sorted(game.game_players)))}"
            )
        backs = self.backs()
        if backs is not None and backs != player:
            raise EcarteError(
                f"the waiting seat backs seat {backs} in game {game.game_number}: it "
                "cannot change sides (it would see both hands)"
            )
        self._backing = (game.game_number, player)

    @hookimpl
    def ecarte_adviser(self, game: Game, adviser: int | str) -> int | str | None:
        if adviser.__class__ is not int:
            return None
        if self.rotation == "per-hand":
            return (
                f"seat {adviser} may not advise: with per-hand rotation the seat sitting "
                "out plays against both in the game"
            )
        if adviser in game.game_players:
            return f"seat {adviser} plays game {game.game_number}: only the waiting seat advises"
        backs = self.backs()
        if backs is None:
            return (
                f"seat {adviser} backs no player in game {game.game_number}: it backs one "
                "first (Poule.back)"
            )
        return backs

    def terminal_talk(
        self, game: Game, humans: Sequence[int], *, seed: int | None = None
    ) -> PouleTalk:
        """La poule at ``ecarte play``: a waiting bot backs the human who plays (it then
        advises them, and the terminal shows its advice)."""
        return PouleTalk(self, humans)

    # -- the pool -----------------------------------------------------------

    @hookimpl
    def ecarte_match_status(self, games: Sequence[GameResult]) -> MatchStatus:
        if len(games) >= 2 and games[-1].winner == games[-2].winner:
            return MatchStatus(over=True, winner=games[-1].winner)
        return MatchStatus(over=False)

    @hookimpl
    def ecarte_game_started(self, game: Game, number: int) -> None:
        if self._game is not None and self._game is not game:
            raise EcarteError("a Poule instance serves one game; make one per game")
        self._game = game
        if number == 1:
            for seat in range(SEATS):
                self._pay(seat)

    @hookimpl
    def ecarte_game_ended(self, game: Game, result: GameResult) -> None:
        if game.is_over:
            return
        if self.rotation == "per-hand":  # all three played the game: both others lost it
            for seat in set(range(SEATS)) - {result.winner}:
                self._pay(seat)
        else:
            self._pay(result.loser)

    @hookimpl
    def ecarte_match_ended(self, winner: int) -> None:
        self.pool_winner = winner
        self.winnings[winner] += self.pool
        self.pool = 0

    @hookimpl
    def ecarte_describe(self, game: Game) -> list[str]:
        # who sits where, the pool and the results are public at the table
        a, b = sorted(game.game_players)  # in seat order, whoever deals
        (waiting,) = set(range(SEATS)) - {a, b}
        paid = ", ".join(f"seat {s} {self.paid[s]}" for s in range(SEATS))
        if game.is_over:
            taken = self.winnings[self.pool_winner] if self.pool_winner is not None else 0
            return [
                f"poule: seat {game.winner} won two games in a row and took the pool ({taken})",
                f"poule: paid in: {paid}",
            ]
        if self.rotation == "per-hand":
            who = (
                f"poule: seats {a} and {b} play this hand, seat {waiting} deals and sits it "
                "out (the deal passes to the left after every hand)"
            )
        else:
            who = (
                f"poule: seats {a} and {b} play game {game.game_number}, seat {waiting} waits "
                "(the loser makes way)"
            )
        lines = [who, f"poule: the pool holds {self.pool} (paid in: {paid})"]
        backs = self.backs()
        if backs is not None:
            lines.append(f"poule: seat {waiting} backs seat {backs} in this game")
        if game.game_results:
            last = game.game_results[-1]
            lines.append(
                f"poule: seat {last.winner} won game {last.number}: "
                "another win in a row takes the pool"
            )
        return lines

    # -- saving and restoring ------------------------------------------------

    def save_options(self) -> dict[str, object]:
        """The constructor's arguments: a saved game rebuilds this plugin with them."""
        return {"rotation": self.rotation, "ante": self.ante}

    @hookimpl
    def ecarte_save_state(self) -> dict[str, object]:
        state: dict[str, object] = {
            "rotation": self.rotation,
            "ante": self.ante,
            "pool": self.pool,
            "paid": list(self.paid),
            "pool_winner": self.pool_winner,
            "winnings": list(self.winnings),
        }
        backs = self.backs()
        if backs is not None:  # so that a restored waiting seat cannot change sides
            state["backs"] = backs
        return state

    @hookimpl
    def ecarte_restore_state(self, game: Game, state: object) -> None:
        keys = {"rotation", "ante", "pool", "paid", "pool_winner", "winnings"}
        if not isinstance(state, dict) or not keys <= set(state) <= keys | {"backs"}:
            raise EcarteError(f"not a poule state: {state!r}")
        backs = state.get("backs")
        if backs is not None and not (
            backs.__class__ is int
            and self.rotation == "per-game"
            and not game.is_over
            and backs in game.game_players
        ):
            raise EcarteError(f"backs: {backs!r} is not a player of the game being played")
        if (state["rotation"], state["ante"]) != (self.rotation, self.ante):
            raise EcarteError(
                f"the state is for rotation={state['rotation']!r}, ante={state['ante']!r}, "
                f"not {self.rotation!r}, {self.ante!r}"
            )
        pool, paid, winner, winnings = (
            state["pool"],
            state["paid"],
            state["pool_winner"],
            state["winnings"],
        )
        if not all(isinstance(x, list) and len(x) == SEATS for x in (paid, winnings)):
            raise EcarteError("paid and winnings are lists of one amount per seat")
        for value in (pool, *paid, *winnings):
            if value.__class__ is not int or value < 0:
                raise EcarteError(f"{value!r} is not an amount (an int >= 0)")
        if winner is not None and not (winner.__class__ is int and 0 <= winner < SEATS):
            raise EcarteError(f"pool_winner: {winner!r} is not a seat")
        if pool != sum(paid) - sum(winnings):
            raise EcarteError(
                f"pool: the pool holds {pool}, but {sum(paid)} was paid in and "
                f"{sum(winnings)} taken out"
            )
        if (winner is None) != (sum(winnings) == 0 and pool == sum(paid)) and self.ante:
            raise EcarteError(
                f"pool_winner: {winner!r}, but the pool holds {pool} of {sum(paid)} paid in"
            )
        self._check_told(game, paid, winner, winnings)
        self.pool, self.paid, self.pool_winner = pool, list(paid), winner
        self.winnings = list(winnings)
        self._game = game
        self._backing = None if backs is None else (game.game_number, backs)

    def _check_told(
        self, game: Game, paid: list[int], winner: int | None, winnings: list[int]
    ) -> None:
        """The payments of a saved state are what the games played ask of each seat: the
        first ante, then one for each game it lost before the last (at most: a clone that
        played on does not tell this object), and only the match's winner takes the pool."""
        lost = [0] * SEATS
        results = game.game_results
        for i, result in enumerate(results):
            if game.is_over and i == len(results) - 1:
                break  # the game that ends the match costs nothing
            if self.rotation == "per-hand":
                losers = set(range(SEATS)) - {result.winner}
            else:
                losers = {result.loser}
            for seat in losers:
                lost[seat] += 1
        for seat in range(SEATS):
            antes, extra = divmod(paid[seat], self.ante) if self.ante else (0, paid[seat])
            if extra or (self.ante and not 1 <= antes <= 1 + lost[seat]):
                raise EcarteError(
                    f"paid: seat {seat} paid in {paid[seat]}, but the games played ask it "
                    f"for 1 to {1 + lost[seat]} antes of {self.ante}"
                )
        if winner is not None and not (game.is_over and winner == game.winner):
            raise EcarteError(f"pool_winner: seat {winner} did not win the match played")
        if any(winnings[seat] for seat in range(SEATS) if seat != winner):
            raise EcarteError(f"winnings: {winnings}, but only the pool's winner takes it")

    def _pay(self, seat: int) -> None:
        self.paid[seat] += self.ante
        self.pool += self.ante

    def net(self) -> tuple[int, ...]:
        """What each seat has won (positive) or lost so far; the total is 0
        once the pool is taken."""
        return tuple(self.winnings[s] - self.paid[s] for s in range(SEATS))


class PouleTalk:
    """La poule at the terminal (:meth:`Poule.terminal_talk`): before each game, a
    waiting bot backs one of the humans who play (the first by seat), so that it may
    advise them."""

    commands: Mapping[str, str] = {}

    def __init__(self, poule: Poule, humans: Sequence[int]) -> None:
        self.poule = poule
        self.humans = tuple(humans)

    def plays(self, game: Game, person: int) -> int | None:
        """Each human keeps their seat."""
        return person

    def before(self, game: Game) -> tuple[list[str], list[tuple[int, str]]]:
        """The waiting bot's backing, when a game begins."""
        poule = self.poule
        if game.is_over or poule.rotation == "per-hand" or poule.backs() is not None:
            return [], []
        (waiting,) = set(range(SEATS)) - set(game.game_players)
        playing = [h for h in self.humans if h in game.game_players]
        if waiting in self.humans or not playing:
            return [], []
        poule.back(playing[0])
        return [f"poule: seat {waiting} (bot) backs seat {playing[0]} in this game"], []

    def command(self, game: Game, person: int, text: str) -> list[str]:
        """No words of its own."""
        raise EcarteError(f"la poule has no command {text!r}")
