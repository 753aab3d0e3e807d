"""Random Euchre deals driven from Python, per action: ecarte-euchre against OpenSpiel.

    python benches/euchre_game.py [--deals N] [--rounds R]

Both engines play the same loop through their public Python API: a new game per deal
(``EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=s)``, against
``pyspiel.load_game("euchre").new_initial_state()``), then at each step ask the legal
action ids (the chance outcomes at chance nodes), pick one with
``random.Random(s).randrange``, apply it, until the deal is over. The two engines have
the same action ids in the same order, so with the same seeds they play the very same
deals (:func:`count_ecarte_actions` and :func:`count_openspiel_actions` agree). Issue
11's target: ecarte at most 0.5x OpenSpiel's time per applied action (chance outcomes
included).

Two more rows, ``once``: the same deals with the rules (``EuchreRules.openspiel()``) and
the game (``load_game``) made once per round instead of once per deal.

The loops are shared with ``benches/test_bench_euchre.py``. Needs
``pip install ./plugins/ecarte-euchre open_spiel``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable
from typing import Any


def ecarte_deals(seeds: Iterable[int], *, once: bool = False) -> None:
    """Random deals through ``EuchreGame``, one per seed (no counter in the loop)."""
    from ecarte.games.euchre import EuchreGame, EuchreRules

    rules = EuchreRules.openspiel() if once else None
    for seed in seeds:
        rng = random.Random(seed)
        g = EuchreGame(
            EuchreRules.openspiel() if rules is None else rules, auto_chance=False, seed=seed
        )
        while not g.is_over:
            ids = g.legal_action_ids()
            g.apply_id(ids[rng.randrange(len(ids))])


def openspiel_deals(pyspiel: Any, seeds: Iterable[int], *, once: bool = False) -> None:
    """The same deals through OpenSpiel's ``euchre``."""
    game = pyspiel.load_game("euchre") if once else None
    for seed in seeds:
        rng = random.Random(seed)
        s = (pyspiel.load_game("euchre") if game is None else game).new_initial_state()
        while not s.is_terminal():
            ids = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(ids[rng.randrange(len(ids))])


def count_ecarte_actions(seeds: Iterable[int]) -> int:
    """The applied actions of :func:`ecarte_deals` (chance outcomes included)."""
    from ecarte.games.euchre import EuchreGame, EuchreRules

    n = 0
    for seed in seeds:
        rng = random.Random(seed)
        g = EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=seed)
        while not g.is_over:
            ids = g.legal_action_ids()
            g.apply_id(ids[rng.randrange(len(ids))])
            n += 1
    return n


def count_openspiel_actions(pyspiel: Any, seeds: Iterable[int]) -> int:
    """The applied actions of :func:`openspiel_deals` (chance outcomes included)."""
    n = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = pyspiel.load_game("euchre").new_initial_state()
        while not s.is_terminal():
            ids = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(ids[rng.randrange(len(ids))])
            n += 1
    return n


def main() -> None:
    import pyspiel  # type: ignore[import-not-found]

    from ecarte._bench import Contender, interleave

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    seeds = range(args.deals)
    actions = count_ecarte_actions(seeds)
    assert actions == count_openspiel_actions(pyspiel, seeds), "not the same deals"
    t = interleave(
        [
            Contender("ecarte", lambda: None, lambda _: ecarte_deals(seeds), actions),
            Contender(
                "open_spiel", lambda: None, lambda _: openspiel_deals(pyspiel, seeds), actions
            ),
            Contender(
                "ecarte once", lambda: None, lambda _: ecarte_deals(seeds, once=True), actions
            ),
            Contender(
                "open_spiel once",
                lambda: None,
                lambda _: openspiel_deals(pyspiel, seeds, once=True),
                actions,
            ),
        ],
        args.rounds,
    )
    print(f"{args.deals:,} deals, {actions:,} actions, medians of {args.rounds} rounds")
    for name in ("ecarte", "open_spiel", "ecarte once", "open_spiel once"):
        print(f"{name:>16}: {t[name] * 1e9:6,.0f} ns per action")
    print(
        f"ratio ecarte/open_spiel: {t.ratio('ecarte', 'open_spiel'):.2f}x the time per action, "
        f"{t.ratio('ecarte once', 'open_spiel once'):.2f}x with rules and game made once "
        "(target: <= 0.5x)"
    )


if __name__ == "__main__":
    main()
