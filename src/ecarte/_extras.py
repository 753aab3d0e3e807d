"""The optional modules a command needs, checked before it starts."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from ._errors import EcarteError


def require(needed: Iterable[tuple[str, str, str]]) -> None:
    """Raise :class:`EcarteError` naming the first of ``needed`` (a module, the extra that
    installs it, what needs it) that does not import, and the extra to install."""
    for module, extra, what in needed:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise EcarteError(
                f"{what} needs {module}: pip install 'ecarte[{extra}]' ({exc})"
            ) from None
