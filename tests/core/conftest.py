"""Fixtures for the core tests: every test runs on every importable backend."""

from __future__ import annotations

from types import ModuleType

import pytest

import ecarte._core as core

BACKENDS = core.backends()


@pytest.fixture(params=sorted(BACKENDS), ids=lambda name: name)
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """One backend module (cython, cffi, pure)."""
    return BACKENDS[request.param]
