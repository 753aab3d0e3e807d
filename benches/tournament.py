"""The reported tournaments of the PIMC and IS-MCTS players (docs/arena.md): each pairing
of the table on ``--pairs`` pairs of matches (seats swapped on the same deals), one JSON
summary and one plot per pairing, and a table of the results in Markdown.

    python benches/tournament.py --pairs 1000 --out tournament/    # about an hour, 1 core
    python benches/tournament.py --pairs 20 --out /tmp/t --workers 2  # a quick look
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ecarte.arena import plot, report, run

PAIRINGS = [
    ("pimc", "heuristic"),
    ("pimc", "regles"),
    ("pimc:inference=true", "heuristic"),
    ("pimc:inference=true", "regles"),
    ("pimc:inference=true", "pimc"),
    ("ismcts", "pimc"),
    ("ismcts:inference=true", "pimc:inference=true"),
    ("ismcts:inference=true", "ismcts"),
    ("ismcts", "heuristic"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("tournament"))
    parser.add_argument("--only", type=int, nargs="*", help="indices of PAIRINGS to play")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, (a, b) in enumerate(PAIRINGS):
        if args.only is not None and i not in args.only:
            continue
        result = run([a, b], args.pairs, seed=args.seed, workers=args.workers, progress=True)
        summary = result.summary()
        stem = args.out / f"{i}-{a.replace(':', '_').replace('=', '-')}-v-{b}"
        stem.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")
        plot(summary, stem)
        print(report(summary), flush=True)
        w, p, t = summary["win_rate"], summary["points_per_hand"], summary["timing"]["a"]
        rows.append(
            f"| {a} | {b} | {summary['matches']} | {w['mean']:.3f} "
            f"[{w['ci95'][0]:.3f}, {w['ci95'][1]:.3f}] | {p['mean']:+.3f} "
            f"[{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}] | {t['ms_per_decision']:.2f} |"
        )
    table = [
        "| A | B | matches | A's win rate [95%] | A's points per hand [95%] | A ms/decision |",
        "|---|---|---|---|---|---|",
        *rows,
    ]
    (args.out / "table.md").write_text("\n".join(table) + "\n")
    print("\n".join(table))


if __name__ == "__main__":
    main()
