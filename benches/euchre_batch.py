"""Random Euchre hands per second: the C core's batch against OpenSpiel's C++ loop.

    python benches/euchre_batch.py [--deals N] [--seconds S]

Two rows and their ratio (issue 11 asks for at least 5x per deal):

- ``ecarte``: ``ecarte._core.random_euchre_hands`` on the live backend (one call, the C
  core in chunks without the GIL): deal, turn-up, random maker, the dealer's discard,
  uniform legal plays, scoring (ecarte_core.h, ``ec_euchre_hands``).
- ``open_spiel``: ``pyspiel.evaluate_bots`` on ``euchre`` with four uniform random bots,
  one call per deal (OpenSpiel's C++ plays the deal, its bidding, the play and the
  returns; Python only loops over deals). Its deal includes random bidding (stick the
  dealer: every deal gets a maker) and going-alone decisions, where ecarte draws a maker.

Both use one thread. Needs ``pip install open_spiel``; without it only the first row is
printed.
"""

from __future__ import annotations

import argparse
import time


def ecarte_rate(deals: int, seconds: float) -> float:
    import ecarte._core as core

    core.random_euchre_hands(1000, 1)  # warm up
    best = 0.0
    end = time.perf_counter() + seconds
    seed = 0
    while True:
        t0 = time.perf_counter()
        core.random_euchre_hands(deals, seed)
        best = max(best, deals / (time.perf_counter() - t0))
        seed += 1
        if time.perf_counter() > end:
            return best


def open_spiel_rate(deals: int, seconds: float) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)]
    best = 0.0
    end = time.perf_counter() + seconds
    seed = 0
    while True:
        t0 = time.perf_counter()
        for _ in range(deals):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            seed += 1
        best = max(best, deals / (time.perf_counter() - t0))
        if time.perf_counter() > end:
            return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="ecarte deals per timing")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (best of)")
    args = parser.parse_args()
    import ecarte._core as core

    ours = ecarte_rate(args.deals, args.seconds)
    print(f"ecarte ({core.BACKEND}) random_euchre_hands: {ours:,.0f} deals/s")
    theirs = open_spiel_rate(max(1, args.deals // 20), args.seconds)
    if theirs is None:
        print("open_spiel: not installed (pip install open_spiel)")
        return
    print(f"open_spiel evaluate_bots(euchre, uniform random): {theirs:,.0f} deals/s")
    print(f"ratio: {ours / theirs:.1f}x per deal (target: at least 5x)")


if __name__ == "__main__":
    main()
