"""``python -m ecarte._bench [--quick]``: the table of ``ecarte bench``."""

from __future__ import annotations

import sys

from .report import run_bench

if __name__ == "__main__":
    print(run_bench(quick="--quick" in sys.argv))
