"""Random Euchre deals driven from Python, per action: ecarte-euchre against OpenSpiel.

    python benches/euchre_game.py [--deals N] [--rounds R]

Two loops, each making the same calls on both engines, a new game per deal (timed:
``EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=s)`` against
``pyspiel.load_game("euchre").new_initial_state()``), the same pick on both
(``r = random.Random(s).random`` made per deal, then ``ids[int(r() * len(ids))]``),
until the deal is over:

- ``legal``: the legal ids at every node (``legal_action_ids()`` / ``legal_actions()``,
  which both answer the chance outcomes at a chance node);
- ``chance``: ``chance_outcomes()`` at a chance node, the picked outcome's id applied
  (``outcomes[int(r() * len(outcomes))][0]``), the legal ids elsewhere.

The two engines have the same action ids in the same order, so with the same seeds they
play the very same deals (the action counts are checked). Target: ecarte at most 0.5x
OpenSpiel's time per applied action (chance outcomes included) in both loops. Beside
them, the Python loop floor: the same loop, seeds, pick and answers without an engine
(the answers read from a list, the chosen id handed to ``list.append``). Then
``legal_action_mask()`` on fresh states against OpenSpiel's ``legal_actions_mask()`` on
the same states (target: at most 1.5x).

The loops are ``ecarte._bench.euchre_rows``'s (``euchre_deals``, ``spiel_euchre_deals``,
``floor_deals``, ``euchre_mask_contest``), shared with ``benches/test_bench_euchre.py``
and ``ecarte bench``. Needs ``open_spiel``.
"""

from __future__ import annotations

import argparse


def main() -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit(
            "euchre_game.py: OpenSpiel is not installed (pip install 'ecarte[openspiel]'): "
            "every row here is against it"
        ) from None

    from ecarte._bench import euchre_rows as B
    from ecarte._bench.harness import interleave

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    for loop in B.EUCHRE_LOOPS:
        contenders, actions = B.euchre_contest(args.deals, pyspiel, loop)
        t = interleave(contenders, args.rounds)
        print(
            f"{loop}: {B.EUCHRE_LOOP_TEXT[loop]}; {args.deals:,} deals, {actions:,} actions, "
            f"medians of {args.rounds} rounds"
        )
        for name in ("game", "openspiel", "floor"):
            print(f"  {name:>10}: {t[name] * 1e9:6,.0f} ns per action")
        print(
            f"  ratio ecarte/open_spiel: {t.ratio('game', 'openspiel'):.3f}x (target <= 0.5x); "
            f"floor/open_spiel {t.ratio('floor', 'openspiel'):.3f}x"
        )
    states = 2_000
    t = interleave(B.euchre_mask_contest(states, pyspiel), args.rounds)
    print(f"legal_action_mask(), fresh state: {states:,} states, medians of {args.rounds} rounds")
    for name in ("game", "openspiel"):
        print(f"  {name:>10}: {t[name] * 1e9:6,.0f} ns per call")
    print(f"  ratio ecarte/open_spiel: {t.ratio('game', 'openspiel'):.3f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
