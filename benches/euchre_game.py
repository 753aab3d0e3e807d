"""Random Euchre deals driven from Python, per action: ecarte-euchre against OpenSpiel.

    python benches/euchre_game.py [--deals N] [--repeat R]

Both engines play the same kind of loop through their public Python API: at each step
ask the legal action ids (the chance outcomes at chance nodes), pick one with
``random.Random.randrange``, apply it; a deal ends at the terminal state (``openspiel``
preset: one deal). The rows give microseconds per applied action (chance outcomes
included) and the ratio (issue 11's target: ecarte at most 0.5x OpenSpiel's time).

Needs ``pip install ./plugins/ecarte-euchre open_spiel``.
"""

from __future__ import annotations

import argparse
import random
import time


def ecarte_time(deals: int) -> tuple[float, int]:
    from ecarte_euchre import EuchreGame, EuchreRules

    rules = EuchreRules.openspiel()
    rng = random.Random(1)
    steps = 0
    t = time.perf_counter()
    for _ in range(deals):
        g = EuchreGame(rules, auto_chance=False, seed=0)
        while not g.is_over:
            ids = g.legal_action_ids()
            g.apply_id(ids[rng.randrange(len(ids))])
            steps += 1
    return time.perf_counter() - t, steps


def openspiel_time(deals: int) -> tuple[float, int]:
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(1)
    steps = 0
    t = time.perf_counter()
    for _ in range(deals):
        s = game.new_initial_state()
        while not s.is_terminal():
            ids = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(ids[rng.randrange(len(ids))])
            steps += 1
    return time.perf_counter() - t, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = {}
    for name, fn in (("ecarte", ecarte_time), ("open_spiel", openspiel_time)):
        best = min(
            (t / steps for t, steps in (fn(args.deals) for _ in range(args.repeat))),
        )
        rows[name] = best
        print(f"{name:>10}: {best * 1e6:6.2f} us per action")
    ratio = rows["ecarte"] / rows["open_spiel"]
    print(f"ratio ecarte/open_spiel: {ratio:.2f}x the time per action (target: <= 0.5x)")


if __name__ == "__main__":
    main()
