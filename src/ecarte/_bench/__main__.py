"""``python -m ecarte._bench [--quick]``: the report of ``ecarte bench`` (like-for-like
rows first)."""

from __future__ import annotations

import sys

from .report import run_bench

if __name__ == "__main__":
    print(run_bench(quick="--quick" in sys.argv))
