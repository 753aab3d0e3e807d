"""The game server's tests need its extra (``pip install 'ecarte[server]'``, in the test
extra too); their helpers are in ``helpers/server.py`` and ``helpers/server_process.py``."""

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("msgspec")
