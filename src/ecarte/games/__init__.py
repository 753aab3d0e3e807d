"""The games on the engine, one folder each: Écarté (:mod:`ecarte.games.ecarte`, whose
API :mod:`ecarte` re-exports) and Euchre (:mod:`ecarte.games.euchre`)."""
