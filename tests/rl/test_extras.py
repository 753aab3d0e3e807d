"""Without its libraries, each adapter's import says which extra to install."""

from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("ecarte.rl.aec", "pettingzoo", "rl"),
        ("ecarte.rl.aec", "gymnasium", "rl"),
        ("ecarte.rl.single", "gymnasium", "rl"),
        ("ecarte.rl.vector", "numpy", "rl"),
        ("ecarte.rl.spiel", "pyspiel", "openspiel"),
    ],
)
def test_an_adapter_without_its_library_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, missing: str, extra: str
) -> None:
    for name in [n for n in sys.modules if n == module or n.startswith("ecarte.rl._spaces")]:
        monkeypatch.delitem(sys.modules, name)
    for name in [missing, *(n for n in sys.modules if n.startswith(f"{missing}."))]:
        monkeypatch.setitem(sys.modules, name, None)  # as if it were not installed
    with pytest.raises(ImportError) as caught:
        importlib.import_module(module)
    message = str(caught.value)
    assert message.startswith(f"{module} needs {missing}: pip install 'ecarte[{extra}]'")
    assert isinstance(caught.value.__cause__, ImportError)
