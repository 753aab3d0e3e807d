"""The modules of Écarté on each backend, registered in the engine's backend table."""

from ecarte.engine import backend as _backend

_backend.register(
    "ecarte.machine",
    {
        "cython": "ecarte.games.ecarte._machine",
        "cffi": "ecarte.games.ecarte._pymachine",
        "pure": "ecarte.games.ecarte._pymachine",
    },
)
_backend.register(
    "ecarte.hands",
    {
        "cython": "ecarte.games.ecarte._hands",
        "cffi": "ecarte.games.ecarte._cffi",
        "pure": "ecarte.games.ecarte._pure_hands",
    },
)
