"""The game server's tests need its extra (``pip install 'ecarte[server]'``, in the test
extra too); their helpers are in ``server_helpers.py`` and ``server_procs.py``."""

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("msgspec")
