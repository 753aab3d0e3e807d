"""The public view a server sends every seat after every action, read two ways, per action
of random classic matches:

    python benches/public_view.py [--games 200] [--rounds 7] [--seed 1]
                                  [--only dicts|json|none]

- ``dicts``: ``Game.public_changes(mark)``, then what a server does with its fields: keeps
  those whose value moved since the last view, updates the view with them and encodes
  them with ``msgspec.json.encode``;
- ``json``: ``Game.public_changes_json(mark)``, the members of the fields whose JSON
  changed, written by the machine.

Every state of ``--games`` matches (random legal actions drawn from ``--seed``) is kept as
a clone, with each contender's mark (and the view) of the state before it. Each round
times each contender over every state (CPU time, the contenders in turn, the order
reversed every other round); printed: the
backend, the load average, the actions, each contender's median µs per action over
``--rounds`` rounds and their ratio. ``--only`` runs one contender once over the states
(``none``: the states alone), for an instruction count: callgrind's total of ``--only
json`` less that of ``--only none``, over the actions, is ``json``'s instructions per
action. Nothing here is a timed test: it prints numbers.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec

import ecarte
from ecarte import Game

State = tuple[Game, Any, dict[str, Any], bytes]
"""A state: its game, the dicts' mark and view of the state before, the json's mark."""


def states(games: int, seed: int) -> list[State]:
    """Every state after an action of ``games`` random classic matches."""
    rng = random.Random(seed)
    out: list[State] = []
    for _ in range(games):
        game = Game(seed=rng.getrandbits(64))
        view, mark = game.public_changes()
        _, json_mark = game.public_changes_json()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            out.append((game.clone(), mark, view, json_mark))
            view = game.public_observation()
            _, mark = game.public_changes(mark)
            _, json_mark = game.public_changes_json(json_mark)
    return out


def dicts(todo: list[State]) -> None:
    encode = msgspec.json.encode
    for game, mark, previous, _ in todo:
        fields, mark = game.public_changes(mark)
        moved = {k: v for k, v in fields.items() if (b := previous[k]) is not v and b != v}
        public = {**previous, **moved} if moved else previous
        encode(moved)
    del public


def json(todo: list[State]) -> None:
    for game, _, _, mark in todo:
        game.public_changes_json(mark)


def none(todo: list[State]) -> None:
    pass


CONTENDERS: dict[str, Callable[[list[State]], None]] = {"dicts": dicts, "json": json}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=[*CONTENDERS, "none"])
    args = parser.parse_args()
    todo = states(args.games, args.seed)
    if args.only:
        {**CONTENDERS, "none": none}[args.only](todo)
        print(f"{args.only}: {len(todo)} actions")
        return
    print(
        f"backend {ecarte.BACKEND}, load {os.getloadavg()[0]:.2f}, {len(todo)} actions "
        f"of {args.games} classic matches"
    )
    times: dict[str, list[float]] = {name: [] for name in CONTENDERS}
    names = list(CONTENDERS)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:  # neither always first
            start = time.process_time()
            CONTENDERS[name](todo)
            times[name].append((time.process_time() - start) / len(todo) * 1e6)
    medians = {name: statistics.median(t) for name, t in times.items()}
    for name, t in times.items():
        rounds = ", ".join(f"{x:.2f}" for x in t)
        print(f"{name:6} {medians[name]:7.2f} µs per action (rounds: {rounds})")
    print(f"dicts / json: {medians['dicts'] / medians['json']:.1f}x")


if __name__ == "__main__":
    main()
