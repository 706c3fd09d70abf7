"""The shared core: contract (game.py), PRNG (rng.py), records and replay (record.py),
bots (bots.py), headless play (play.py)."""
