"""The plot of an arena run (matplotlib, imported only here)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["plot"]


def plot(summary: Mapping[str, Any], stem: str | Path) -> list[Path]:
    """Draw ``summary`` (:func:`ecarte.arena.summarize`) to ``stem.png`` and ``stem.svg``:
    A's win rate as the pairs accumulate with its 95% band, and the final win rate and
    points per hand with their intervals. Returns the two paths."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError("the arena's plot needs matplotlib: pip install 'ecarte[arena]'") from exc
    per_pair = summary["per_pair"]
    xs, mean, low, high = [], [], [], []
    total = total_sq = 0.0
    for n, (wins, _, _) in enumerate(per_pair, 1):
        v = wins / 2
        total += v
        total_sq += v * v
        m = total / n
        var = (total_sq - n * m * m) / (n - 1) if n > 1 else 0.0
        half = 1.959963984540054 * math.sqrt(max(var, 0.0) / n)
        xs.append(n)
        mean.append(m)
        low.append(m - half)
        high.append(m + half)
    a, b = summary["players"]["a"], summary["players"]["b"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), width_ratios=(3, 2))
    left.fill_between(xs, low, high, alpha=0.25, label="95% interval (paired)")
    left.plot(xs, mean, label=f"{a} win rate")
    left.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    left.set_xlabel("pairs of matches (seats swapped)")
    left.set_ylabel("match win rate")
    left.set_ylim(0, 1)
    left.legend(loc="lower right")
    left.set_title(f"{summary['game']}: {a} against {b}")
    rows = [
        ("win rate - 0.5", summary["win_rate"], 0.5),
        ("points per hand", summary["points_per_hand"], 0.0),
    ]
    labels = []
    for y, (label, iv, ref) in enumerate(rows):
        lo, hi = iv["ci95"]
        m = iv["mean"]
        right.errorbar([m - ref], [y], xerr=[[m - lo], [hi - m]], fmt="o", capsize=4)
        labels.append(f"{label}\n{m - ref:+.3f} [{lo - ref:+.3f}, {hi - ref:+.3f}]")
    right.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    right.set_yticks([0, 1], labels)
    right.set_ylim(-0.6, 1.6)
    right.set_title(f"{summary['matches']} matches, {summary['hands']} hands")
    fig.tight_layout()
    stem = Path(stem)
    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    for path in paths:
        fig.savefig(path)
    plt.close(fig)
    return paths
