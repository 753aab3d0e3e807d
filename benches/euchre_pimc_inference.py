"""The Euchre PIMC player's cost of inference: ``python benches/euchre_pimc_inference.py``
times (``time.process_time``) each decision with two options or more of six deals between
heuristic bots (OpenSpiel's rules, seeds 100 to 105) by ``EuchrePIMCPlayer(worlds=500)``
with uniform worlds and with ``inference=True``, twice, the two players alternated, and
prints the mean milliseconds a decision before the play and in it, and how many decisions
the two take differently (``--worlds N``, ``--rounds R`` change the defaults)."""

from __future__ import annotations

import argparse
import statistics
import time

from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre.bots import HeuristicBot
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.pimc import EuchrePIMCPlayer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worlds", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    bot = HeuristicBot()
    times: dict[bool, dict[str, list[float]]] = {
        inf: {"before the play": [], "in the play": []} for inf in (False, True)
    }
    differ = total = 0
    for r in range(args.rounds):
        for seed in range(100, 106):
            game = EuchreGame(EuchreRules.openspiel(), seed=seed)
            while not game.is_over:
                if len(game.legal_action_ids()) > 1:
                    where = "in the play" if game.phase is Phase.PLAY else "before the play"
                    choice = {}
                    for inf in (False, True) if r % 2 == 0 else (True, False):
                        player = EuchrePIMCPlayer(worlds=args.worlds, seed=1, inference=inf)
                        t0 = time.process_time()
                        choice[inf] = player.choose(game)
                        times[inf][where].append(time.process_time() - t0)
                    differ += choice[True] != choice[False]
                    total += 1
                game.apply_id(bot.choose(game))
    for inf in (False, True):
        row = times[inf]
        every = [t for ts in row.values() for t in ts]
        cells = ", ".join(f"{k} {1000 * statistics.mean(v):.2f}" for k, v in row.items())
        print(f"inference={inf}: ms a decision {cells}, all {1000 * statistics.mean(every):.2f}")
    print(f"{differ} of {total} decisions differ")


if __name__ == "__main__":
    main()
