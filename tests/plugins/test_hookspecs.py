"""Like datasette's tests: every hook is documented, and every hook has a test."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pluggy
import pytest

import ecarte
from ecarte import hookspecs

HERE = Path(__file__).parent
DOCS = HERE.parent.parent / "docs" / "plugins.md"
HOOKS = sorted(name for name in vars(hookspecs) if name.startswith("ecarte_"))
NOTIFICATIONS = {"ecarte_game_started", "ecarte_hand_ended", "ecarte_game_ended"}
NOTIFICATIONS |= {"ecarte_match_ended"}
CHAINS = {"ecarte_configure_rules"}
COLLECTORS = {"ecarte_describe"}  # every implementation answers; the answers are joined
COLLECTORS |= {"ecarte_save_state", "ecarte_restore_state"}  # each plugin its own state


def _spec_opts(name: str) -> dict[str, object]:
    opts = getattr(hookspecs, name).ecarte_spec
    assert isinstance(opts, dict)
    return opts


def test_there_are_hooks_for_every_phase() -> None:
    for needed in ("configure_rules", "next_game", "next_hand", "deal", "exchange_allowed"):
        assert f"ecarte_{needed}" in HOOKS
    for needed in ("discard_limits", "validate_action", "score_hand", "game_ended"):
        assert f"ecarte_{needed}" in HOOKS
    assert {"ecarte_hand_ended", "ecarte_match_ended"} <= set(HOOKS)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_docstring_saying_when_and_how(name: str) -> None:
    doc = " ".join((inspect.getdoc(getattr(hookspecs, name)) or "").split())
    assert "called" in doc.lower() or doc.startswith("Notification"), name
    firstresult = bool(_spec_opts(name).get("firstresult"))
    if name in NOTIFICATIONS:
        assert not firstresult and "Every implementation is called" in doc
    elif name in CHAINS:
        assert not firstresult and "chain" in doc
    elif name in COLLECTORS:
        assert not firstresult and "Every implementation is called" in doc
    else:
        assert firstresult
        assert "First non-None result wins" in doc or "first veto wins" in doc, name


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_in_the_plugin_guide(name: str) -> None:
    assert f"`{name}`" in DOCS.read_text(encoding="utf-8"), f"{name} missing from {DOCS}"


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_test(name: str) -> None:
    tree = ast.parse((HERE / "test_hooks.py").read_text(encoding="utf-8"))
    tests = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    wanted = "test_hook_" + name.removeprefix("ecarte_")
    assert wanted in tests, f"no {wanted} in test_hooks.py"


@pytest.mark.parametrize("name", HOOKS)
def test_classic_plugin_implements_every_decision_hook(name: str) -> None:
    from ecarte.games.ecarte._classic import ClassicRules

    if name in NOTIFICATIONS | COLLECTORS or name == "ecarte_validate_action":
        return
    impl = getattr(ClassicRules, name)
    assert impl.ecarte_impl["trylast"] is True


def test_hookimpl_is_exported() -> None:
    assert isinstance(ecarte.hookimpl, pluggy.HookimplMarker)
    assert ecarte.hookimpl.project_name == "ecarte"
    assert hookspecs.hookspec.project_name == "ecarte"
