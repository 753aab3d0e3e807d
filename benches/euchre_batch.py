"""Random Euchre deals per second: the C core's batch against OpenSpiel's C++ loop.

    python benches/euchre_batch.py [--deals N] [--rounds R]

Two rows and their ratio (the target: at least 5x the deals per second):

- ``ecarte``: ``ecarte.games.euchre.random_games(n, seed, EuchreRules.openspiel())``, that is
  ``ecarte.games.euchre.random_euchre_games`` on the live backend (one call, the C core's
  Euchre machine in chunks without the GIL, one thread): whole deals under OpenSpiel's
  rules, every decision uniform among the legal ones (bids, going alone, the discard, the
  cards), chance from each deal's seed (``ecarte_euchre.h``, ``ec_eu_random_games``).
- ``open_spiel``: ``pyspiel.evaluate_bots`` on ``euchre`` with four uniform random bots,
  one call per deal (OpenSpiel's C++ plays the deal, its bidding, the play and the
  returns; Python only loops over deals). The same rules and the same kind of players
  on both sides.

The contenders alternate, round by round (medians). The functions are
``ecarte._bench.deal_rows``'s, shared with ``ecarte bench`` and
``benches/test_bench_euchre.py``. Needs ``pip install 'ecarte[openspiel]'``; without it only the
first row is printed.
"""

from __future__ import annotations

import argparse

from ecarte._bench.deal_rows import check_deals, ecarte_deals, openspiel_bots, openspiel_deals

__all__ = ["check_deals", "ecarte_deals", "openspiel_bots", "openspiel_deals"]


def main() -> None:
    import ecarte._core as core
    from ecarte._bench.harness import Contender, interleave, pyspiel_module

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="ecarte deals per round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    n, m = args.deals, max(1, args.deals // 20)  # about the same time on each side
    check_deals(1000, 1)  # and warm up
    contenders = [Contender("ecarte", lambda: None, lambda _: ecarte_deals(n, 0), n)]
    pyspiel = pyspiel_module()
    if pyspiel is not None:
        game, bots = openspiel_bots(pyspiel)
        contenders.append(
            Contender(
                "open_spiel",
                lambda: None,
                lambda _: openspiel_deals(pyspiel, game, bots, range(m)),
                m,
            )
        )
    t = interleave(contenders, args.rounds)
    print(f"ecarte ({core.BACKEND}) random_games: {1 / t['ecarte']:,.0f} deals/s")
    if pyspiel is None:
        print("open_spiel: not installed (pip install 'ecarte[openspiel]')")
        return
    print(f"open_spiel evaluate_bots(euchre, uniform random): {1 / t['open_spiel']:,.0f} deals/s")
    ratio = 1 / t.ratio("ecarte", "open_spiel")
    print(f"ratio: {ratio:.1f}x per deal (target: at least 5x)")


if __name__ == "__main__":
    main()
