"""Install what the test suite needs besides the ecarte wheel: every plugin under
plugins/ and the example plugin, into the running interpreter.

Usage: python .ci/install_plugins.py PROJECT   (the repository's top folder)

pyproject.toml's cibuildwheel test-command runs this after the wheel is installed
(the plugins depend on ecarte); Python rather than a shell glob, so that it also
works where the shell does not expand ``plugins/*`` (Windows).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main(project: str) -> int:
    root = Path(project)
    paths = sorted(p for p in (root / "plugins").iterdir() if (p / "pyproject.toml").exists())
    paths.append(root / "examples" / "ecarte-single-proposal")
    if len(paths) < 2:
        print(f"install_plugins: no plugins under {root / 'plugins'}", file=sys.stderr)
        return 1
    command = [sys.executable, "-m", "pip", "install", "-q", *map(str, paths)]
    return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
