"""Random Euchre deals per second: the C core's batch against OpenSpiel's C++ loop.

    python benches/euchre_batch.py [--deals N] [--rounds R]

Two rows and their ratio (issue 11 asks for at least 5x per deal):

- ``ecarte``: ``ecarte.games.euchre.random_games(n, seed, EuchreRules.openspiel())``, that is
  ``ecarte.batch.random_euchre_games`` on the live backend (one call, the C core's Euchre
  machine in chunks without the GIL, one thread): whole deals under OpenSpiel's rules,
  every decision uniform among the legal ones (bids, going alone, the discard, the
  cards), chance from each deal's seed (``ecarte_euchre.h``, ``ec_eu_random_games``).
- ``open_spiel``: ``pyspiel.evaluate_bots`` on ``euchre`` with four uniform random bots,
  one call per deal (OpenSpiel's C++ plays the deal, its bidding, the play and the
  returns; Python only loops over deals). The same rules and the same kind of players
  on both sides.

The contenders alternate, round by round (medians). The functions are shared with
``benches/test_bench_euchre.py``. Needs ``pip install open_spiel``; without it only the
first row is printed; it needs ``pip install ./plugins/ecarte-euchre``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any


def ecarte_deals(n: int, seed: int) -> None:
    """``n`` random Euchre deals under OpenSpiel's rules in the core's Euchre machine (one
    thread)."""
    from ecarte.games.euchre import EuchreRules, random_games

    random_games(n, seed, EuchreRules.openspiel())


def openspiel_bots(pyspiel: Any) -> tuple[Any, list[Any]]:
    """OpenSpiel's ``euchre`` and four uniform random bots."""
    return pyspiel.load_game("euchre"), [
        pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)
    ]


def openspiel_deals(pyspiel: Any, game: Any, bots: list[Any], seeds: Iterable[int]) -> None:
    """One ``evaluate_bots`` per seed: a whole random deal in OpenSpiel's C++."""
    for seed in seeds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)


def main() -> None:
    import ecarte._core as core
    from ecarte._bench.harness import Contender, interleave, pyspiel_module

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="ecarte deals per round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    n, m = args.deals, max(1, args.deals // 20)  # about the same time on each side
    ecarte_deals(1000, 1)  # warm up
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
        print("open_spiel: not installed (pip install open_spiel)")
        return
    print(f"open_spiel evaluate_bots(euchre, uniform random): {1 / t['open_spiel']:,.0f} deals/s")
    ratio = 1 / t.ratio("ecarte", "open_spiel")
    print(f"ratio: {ratio:.1f}x per deal (target: at least 5x)")


if __name__ == "__main__":
    main()
