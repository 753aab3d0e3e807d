"""Embedding ecarte in a desktop GUI (Tkinter): you are seat 0 against the bot.

Run ``python examples/embedding/tk_gui.py``. The game logic lives in
:class:`Table`, a small controller with no widgets (tested headlessly); the
Tk window only draws what it says and forwards clicks.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence

from ecarte import Action, CardSet, Discard, Game, Phase
from ecarte.players import HeuristicPlayer

HUMAN = 0


class Table:
    """One match seen from the human seat: status lines and choices to click."""

    def __init__(self, seed: int | None = None) -> None:
        self.game = Game(seed=seed)
        self.bot = HeuristicPlayer()
        self.selected: set[int] = set()  # cards picked for a discard, by position
        self._bots_move()

    def _bots_move(self) -> None:
        game = self.game
        while not game.is_over and game.to_act != HUMAN:
            seat = game.to_act
            game.apply(self.bot.choose(game.observation(seat), game.legal_actions()), seat=seat)

    @property
    def discarding(self) -> bool:
        return self.game.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD)

    def status(self) -> list[str]:
        """Lines describing the table for the human."""
        obs = self.game.observation(HUMAN)
        lines = [
            f"Scores: you {obs.scores[0]}, bot {obs.scores[1]}    "
            f"games: you {obs.games_won[0]}, bot {obs.games_won[1]}",
            f"Turn-up {obs.turnup or '-'}  ·  stock {obs.stock_size}  ·  tricks: "
            f"you {obs.tricks_won[HUMAN]}, bot {obs.tricks_won[1 - HUMAN]}",
            "Trick: " + " ".join(("you " if s == HUMAN else "bot ") + str(c) for s, c in obs.trick),
            f"Your hand: {obs.hand or '-'}   ({obs.phase.value})",
        ]
        if self.game.is_over:
            who = "You win" if self.game.winner == HUMAN else "The bot wins"
            lines.append(f"{who} the match.")
        return lines

    def choices(self) -> Sequence[str]:
        """The labels of the buttons: cards to toggle when discarding, else actions."""
        if self.game.is_over:
            return ()
        if self.discarding:
            cards = list(self.game.hand(HUMAN))
            marks = ["[x] " if i in self.selected else "[ ] " for i in range(len(cards))]
            return [m + str(c) for m, c in zip(marks, cards, strict=True)] + ["discard"]
        return [str(a) for a in self.game.legal_actions()]

    def click(self, index: int) -> str | None:
        """Press button ``index``; returns an error message, or None."""
        game = self.game
        if self.discarding:
            cards = list(game.hand(HUMAN))
            if index < len(cards):
                self.selected ^= {index}
                return None
            action: Action = Discard(CardSet.of(cards[i] for i in sorted(self.selected)))
        else:
            legal = game.legal_actions()
            if not 0 <= index < len(legal):
                return f"no choice {index}"
            action = legal[index]
        try:
            game.apply(action, seat=HUMAN)
        except ValueError as exc:
            return str(exc)
        self.selected.clear()
        self._bots_move()
        return None


class App:  # pragma: no cover - drawn on a screen
    """The Tk window around a :class:`Table`."""

    def __init__(self, root: tk.Tk, table: Table) -> None:
        self.root, self.table = root, table
        root.title("ecarte")
        self.status = tk.Label(root, justify="left", font=("TkDefaultFont", 12))
        self.status.pack(anchor="w", padx=10, pady=10)
        self.buttons = tk.Frame(root)
        self.buttons.pack(padx=10, pady=10)
        self.message = tk.Label(root, fg="firebrick")
        self.message.pack(anchor="w", padx=10)
        self.redraw()

    def redraw(self, message: str | None = None) -> None:
        self.status.config(text="\n".join(self.table.status()))
        self.message.config(text=message or "")
        for child in self.buttons.winfo_children():
            child.destroy()
        for i, label in enumerate(self.table.choices()):
            tk.Button(self.buttons, text=label, command=lambda i=i: self.press(i)).pack(
                side="left", padx=2
            )

    def press(self, index: int) -> None:
        self.redraw(self.table.click(index))


def main() -> None:  # pragma: no cover - needs a display
    root = tk.Tk()
    App(root, Table())
    root.mainloop()


if __name__ == "__main__":
    main()
