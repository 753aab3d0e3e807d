"""docs/rl.md prints the layouts the C writes: each index table is the one
``ecarte.rl.tensors.markdown_table`` renders from the compiled layout, and states its
version."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ecarte.rl import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec
from ecarte.rl.tensors import markdown_table

pytestmark = pytest.mark.own_backends

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SPECS = {"ecarte": EcarteSpec(), "euchre": EuchreSpec()}
KINDS = {"observation": OBSERVATION, "info_state": INFO_STATE}


def test_the_tables_are_the_layouts() -> None:
    text = DOC.read_text(encoding="utf-8")
    tables = re.findall(r"<!-- table: (\w+) (\w+) -->\n(.*?)\n<!-- end table -->", text, re.S)
    assert {(g, w) for g, w, _ in tables} == {(g, w) for g in SPECS for w in KINDS}
    for game, which, table in tables:
        assert table == markdown_table(SPECS[game], KINDS[which]), (game, which)
    for spec in SPECS.values():
        assert f"version {spec.version}" in text
