"""Embedding ecarte in a desktop GUI (Tkinter): you are seat 0 against the bot, the table
drawn on a canvas.

Run ``python examples/embedding/tk_gui.py``. Three layers, the first two without widgets
(tested without a display):

- :class:`Table`: the match seen from the human seat: the choices, what a click does, and
  what happened since your last move (the bot's moves), read from the engine's event feed
  as your seat may know it (the bot's discard is a number of cards).
- :func:`draw`: what to draw where, as plain :class:`Shape` values: the bot's hand face
  down, the turn-up and the stock, the trick in progress (or the last one, with who won
  it), your hand (the cards you may play raised, the ones picked for a discard lifted),
  the other actions as buttons, the scores, and the log with the bot's moves marked.
- :class:`App`: a Tk ``Canvas`` that draws the shapes and sends each click to the shape
  under it (:func:`hit`).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence
from dataclasses import dataclass

from ecarte import Action, Card, CardSet, Discard, EventKind, Game, Phase, Play
from ecarte.players import HeuristicPlayer

HUMAN = 0
BOT = 1 - HUMAN
WIDTH, HEIGHT = 900, 560
CARD_W, CARD_H = 64, 92
_RED = frozenset("♥♦")


class Table:
    """One match seen from the human seat: status lines, choices to click, the log."""

    def __init__(self, seed: int | None = None) -> None:
        self.game = Game(seed=seed)
        self.bot = HeuristicPlayer()
        self.selected: set[int] = set()  # cards picked for a discard, by position
        self.seen = 0  # the feed's events before the human's last move
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
            f"Scores: you {obs.scores[HUMAN]}, bot {obs.scores[BOT]}    "
            f"games: you {obs.games_won[HUMAN]}, bot {obs.games_won[BOT]}",
            f"Turn-up {obs.turnup or '-'}  ·  stock {obs.stock_size}  ·  tricks: "
            f"you {obs.tricks_won[HUMAN]}, bot {obs.tricks_won[BOT]}",
            "Trick: " + " ".join(("you " if s == HUMAN else "bot ") + str(c) for s, c in obs.trick),
            f"Your hand: {obs.hand or '-'}   ({obs.phase.value})",
        ]
        if self.game.is_over:
            who = "You win" if self.game.winner == HUMAN else "The bot wins"
            lines.append(f"{who} the match.")
        return lines

    def choices(self) -> Sequence[str]:
        """The labels of the choices: cards to toggle when discarding, else actions."""
        if self.game.is_over:
            return ()
        if self.discarding:
            cards = list(self.game.hand(HUMAN))
            marks = ["[x] " if i in self.selected else "[ ] " for i in range(len(cards))]
            return [m + str(c) for m, c in zip(marks, cards, strict=True)] + ["discard"]
        return [str(a) for a in self.game.legal_actions()]

    def playable(self) -> dict[Card, int]:
        """The cards of the human's hand that a click plays: each one's choice index."""
        if self.game.is_over or self.discarding:
            return {}
        legal = self.game.legal_actions()
        return {a.card: i for i, a in enumerate(legal) if isinstance(a, Play)}

    def click(self, index: int) -> str | None:
        """Press choice ``index``; returns an error message, or None."""
        game = self.game
        if game.is_over:
            return "the match is over"
        if self.discarding:
            cards = list(game.hand(HUMAN))
            if index < len(cards):
                self.selected ^= {index}
                return None
            if index != len(cards):  # the "discard" button comes after the cards
                return f"no choice {index}"
            action: Action = Discard(CardSet.of(cards[i] for i in sorted(self.selected)))
        else:
            legal = game.legal_actions()
            if not 0 <= index < len(legal):
                return f"no choice {index}"
            action = legal[index]
        seen = len(game.events(HUMAN))
        try:
            game.apply(action, seat=HUMAN)
        except ValueError as exc:
            return str(exc)
        self.selected.clear()
        self.seen = seen
        self._bots_move()
        return None

    def log(self, lines: int = 12) -> list[tuple[str, bool]]:
        """The last ``lines`` events of the match as the human may know them, each with
        whether it is new since the human's last move and made by the bot."""
        events = self.game.events(HUMAN)
        out = [(str(e), e.n >= self.seen and e.seat == BOT) for e in events]
        return out[-lines:]

    def last_trick_winner(self) -> int | None:
        """The seat that won the last trick of the match so far (None before the first)."""
        won = [e.seat for e in self.game.events(HUMAN) if e.kind is EventKind.TRICK]
        return won[-1] if won else None

    def bot_cards(self) -> int:
        """How many cards the bot holds (its hand is never read: counted from the tricks)."""
        obs = self.game.observation(HUMAN)
        if not obs.hand and not obs.trick and not obs.tricks:
            return 0
        played = len(obs.tricks) + sum(1 for s, _ in obs.trick if s == BOT)
        return 5 - played


@dataclass(frozen=True)
class Shape:
    """One thing to draw. ``kind``: ``card`` (face up), ``back`` (face down), ``button``,
    ``text`` or ``panel``. ``choice``: the choice index a click on it presses (None: not
    clickable). ``lifted``: a card raised (playable, or picked for a discard); ``mark``: a
    card or line to notice (the bot's last moves)."""

    kind: str
    x: int
    y: int
    w: int = 0
    h: int = 0
    text: str = ""
    choice: int | None = None
    lifted: bool = False
    mark: bool = False

    @property
    def red(self) -> bool:
        return self.kind == "card" and self.text[-1:] in _RED

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


def draw(table: Table, width: int = WIDTH, height: int = HEIGHT) -> list[Shape]:
    """The table as shapes, back to front (a later shape is drawn over an earlier one)."""
    game = table.game
    obs = game.observation(HUMAN)
    shapes = [Shape("panel", 0, 0, width, height)]
    log_x = width - 440
    # the bot's hand, face down
    shapes.append(Shape("text", 20, 14, text=f"The bot (seat {BOT})"))
    for i in range(table.bot_cards()):
        shapes.append(Shape("back", 20 + i * 30, 36, CARD_W, CARD_H))
    # the turn-up and the stock
    middle = 36 + CARD_H + 40
    if obs.turnup is not None:
        shapes.append(Shape("text", 20, middle - 20, text="turn-up"))
        shapes.append(Shape("card", 20, middle, CARD_W, CARD_H, str(obs.turnup)))
    if obs.stock_size:
        shapes.append(Shape("text", 100, middle - 20, text=f"stock {obs.stock_size}"))
        shapes.append(Shape("back", 100, middle, CARD_W, CARD_H))
    # the trick in progress, or the last one with who won it
    trick_x = 220
    if obs.trick:
        shapes.append(Shape("text", trick_x, middle - 20, text="trick"))
        trick, winner = obs.trick, None
    elif obs.tricks:
        trick, winner = obs.tricks[-1], table.last_trick_winner()
        who = "you" if winner == HUMAN else "the bot"
        shapes.append(Shape("text", trick_x, middle - 20, text=f"last trick: {who} won it"))
    else:
        trick, winner = (), None
    for i, (seat, card) in enumerate(trick):
        mark = seat == BOT and winner is None
        label = "you" if seat == HUMAN else "bot"
        x = trick_x + i * (CARD_W + 16)
        shapes.append(Shape("card", x, middle, CARD_W, CARD_H, str(card), mark=mark))
        shapes.append(Shape("text", x, middle + CARD_H + 4, text=label))
    # the human's hand: playable cards raised, picked ones lifted for the discard
    hand_y = height - CARD_H - 90
    shapes.append(Shape("text", 20, hand_y - 36, text=f"Your hand (seat {HUMAN})"))
    playable = table.playable()
    for i, card in enumerate(game.hand(HUMAN)):
        if table.discarding:
            choice: int | None = i
            lifted = i in table.selected
        else:
            choice = playable.get(card)
            lifted = choice is not None
        y = hand_y - (12 if lifted else 0)
        shapes.append(
            Shape("card", 20 + i * (CARD_W + 8), y, CARD_W, CARD_H, str(card), choice, lifted)
        )
    # the other actions, as buttons
    x = 20
    buttons: list[tuple[int, str]]
    if table.discarding:
        count = len(game.hand(HUMAN))
        buttons = [(count, f"discard {len(table.selected)}")]
    elif game.is_over:
        buttons = []
    else:
        buttons = [
            (i, str(a)) for i, a in enumerate(game.legal_actions()) if not isinstance(a, Play)
        ]
    for index, label in buttons:
        w = 14 + 8 * len(label)
        shapes.append(Shape("button", x, height - 56, w, 32, label, index))
        x += w + 10
    # the scores and the log
    lines = table.status()
    shapes.append(Shape("text", log_x, 14, text=lines[0].replace("    ", "\n")))
    for i, (line, mark) in enumerate(table.log()):
        shapes.append(Shape("text", log_x, 70 + 18 * i, text=line, mark=mark))
    if game.is_over:
        shapes.append(Shape("text", trick_x, middle + CARD_H + 30, text=lines[-1], mark=True))
    return shapes


def hit(shapes: Sequence[Shape], x: int, y: int) -> Shape | None:
    """The topmost clickable shape at ``(x, y)``, or None."""
    for shape in reversed(shapes):
        if shape.choice is not None and shape.contains(x, y):
            return shape
    return None


class App:
    """The Tk window around a :class:`Table`: a canvas redrawn after every click."""

    def __init__(self, root: tk.Tk, table: Table) -> None:
        self.root, self.table = root, table
        root.title("ecarte")
        self.canvas = tk.Canvas(root, width=WIDTH, height=HEIGHT, highlightthickness=0)
        self.canvas.pack()
        self.canvas.bind("<Button-1>", self.on_click)
        self.message = ""
        self.shapes: list[Shape] = []
        self.redraw()

    def on_click(self, event: tk.Event) -> None:  # type: ignore[type-arg]
        shape = hit(self.shapes, event.x, event.y)
        if shape is not None:
            assert shape.choice is not None
            self.message = self.table.click(shape.choice) or ""
            self.redraw()

    def redraw(self) -> None:
        c = self.canvas
        c.delete("all")
        self.shapes = draw(self.table)
        for s in self.shapes:
            box = (s.x, s.y, s.x + s.w, s.y + s.h)
            if s.kind == "panel":
                c.create_rectangle(*box, fill="#1d6b3a", width=0)
            elif s.kind == "card":
                outline = "#f2c200" if s.mark else ("#1f5fbf" if s.lifted else "#333333")
                width = 3 if s.mark or s.lifted else 1
                c.create_rectangle(*box, fill="white", outline=outline, width=width, tags=("card",))
                color = "#c0392b" if s.red else "black"
                corner = ("TkDefaultFont", 14, "bold")
                c.create_text(
                    s.x + 8,
                    s.y + 6,
                    text=s.text,
                    anchor="nw",
                    fill=color,
                    font=corner,
                    tags=("card-text",),
                )
                c.create_text(
                    s.x + s.w / 2,
                    s.y + s.h / 2 + 8,
                    text=s.text[-1],
                    fill=color,
                    font=("TkDefaultFont", 26),
                )
            elif s.kind == "back":
                c.create_rectangle(*box, fill="#7a1f2b", outline="white", width=2, tags=("back",))
            elif s.kind == "button":
                c.create_rectangle(*box, fill="#f4f1e8", outline="#333333", tags=("button",))
                c.create_text(s.x + s.w / 2, s.y + s.h / 2, text=s.text, tags=("button-text",))
            else:
                font = ("TkDefaultFont", 10, "bold" if s.mark else "normal")
                fill = "#ffd54a" if s.mark else "white"
                c.create_text(
                    s.x, s.y, text=s.text, anchor="nw", tags=("text",), fill=fill, font=font
                )
        if self.message:
            c.create_text(20, HEIGHT - 14, text=self.message, anchor="w", fill="#ffb4a8")


def main() -> None:  # pragma: no cover - needs a display
    try:
        root = tk.Tk()
    except tk.TclError as exc:  # no $DISPLAY, or one that cannot be opened
        raise SystemExit(f"tk_gui.py: no display to open a window on ({exc})") from None
    App(root, Table())
    root.mainloop()


if __name__ == "__main__":
    main()
