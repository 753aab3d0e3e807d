"""The modules of Euchre on each backend, registered in the engine's backend table."""

from ecarte.engine import backend as _backend

_backend.register(
    "euchre.machine",
    {
        "cython": "ecarte.games.euchre._machine",
        "cffi": "ecarte.games.euchre._pure_machine",
        "pure": "ecarte.games.euchre._pure_machine",
    },
)
_backend.register(
    "euchre.hands",
    {
        "cython": "ecarte.games.euchre._machine",
        "cffi": "ecarte.games.euchre._cffi",
        "pure": "ecarte.games.euchre._pure_hands",
    },
)
