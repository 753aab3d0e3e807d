"""The game-free Python layer of the engine: backends, the machine contract, the game
registry, the save envelope and batch chunking. No module here knows a game."""
