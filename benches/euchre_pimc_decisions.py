"""Processor time of the Euchre PIMC player's decisions, by phase, on a fixed set.

The decisions are those with two options or more of the deals of the given seeds
(OpenSpiel's rules) played by four heuristic bots; at each, ``EuchrePIMCPlayer(worlds,
seed=0)`` (the C kernel) decides and its processor time (``time.process_time``, so other
work on the machine counts little) is taken; the game goes on with the bot's choice, so
every build sees the same decisions. ``--out`` writes each decision's choice and option
totals (JSON) and ``--check`` compares them with such a file: a faster solver must leave
them unchanged.

    python benches/euchre_pimc_decisions.py --worlds 500 --out /tmp/ref.json
    python benches/euchre_pimc_decisions.py --worlds 500 --check /tmp/ref.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre.bots import HeuristicBot
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.pimc import EuchrePIMCPlayer


def decisions(seeds: range, worlds: int, rounds: int) -> list[dict[str, Any]]:
    """Each decision's phase, choice, totals and least processor time over ``rounds``."""
    bot = HeuristicBot()
    player = EuchrePIMCPlayer(worlds, seed=0, kernel="c")
    out = []
    for seed in seeds:
        game = EuchreGame(EuchreRules.openspiel(), seed=seed)
        while not game.is_over:
            legal = game.legal_action_ids()
            if len(legal) > 1:
                obs = game.observation(game.to_act)
                phase = f"trick {len(obs.tricks) + 1}" if obs.phase is Phase.PLAY else "before"
                best = float("inf")
                for _ in range(rounds):
                    t0 = time.process_time()
                    choice = player.choose(game)
                    best = min(best, time.process_time() - t0)
                totals = {str(o): round(v * worlds) for o, v in player.last.items()}
                out.append(
                    {"seed": seed, "phase": phase, "choice": choice, "totals": totals, "s": best}
                )
            game.apply_id(bot.choose(game))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--seeds", type=int, nargs=2, default=(100, 106), metavar=("FROM", "TO"))
    ap.add_argument("--rounds", type=int, default=1, help="timings per decision (the least)")
    ap.add_argument("--out", help="write the decisions (JSON)")
    ap.add_argument("--check", help="compare choices and totals with this file")
    args = ap.parse_args()
    rows = decisions(range(*args.seeds), args.worlds, args.rounds)
    phases = sorted({r["phase"] for r in rows}, key=lambda p: (p != "before", p))
    for p in [*phases, "all"]:
        ts = [r["s"] for r in rows if p in ("all", r["phase"])]
        print(f"{p:10} {len(ts):4} decisions  {1000 * statistics.fmean(ts):7.2f} ms mean")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f)
    if args.check:
        with open(args.check) as f:
            ref = json.load(f)
        keys = ("seed", "phase", "choice", "totals")
        bad = [
            i
            for i, (a, b) in enumerate(zip(ref, rows, strict=True))
            if any(a[k] != b[k] for k in keys)
        ]
        print("same choices and totals" if not bad else f"DIFFERENT at decisions {bad}")


if __name__ == "__main__":
    main()
