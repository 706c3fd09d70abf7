"""The shared core: contract (game.py), chance nodes and their sources (chance.py), registry of
games (registry.py, over catalog.py), PRNG (rng.py), records, replay and the replay loop
(record.py), bots (bots.py), search (search.py), headless play (play.py), playthroughs
(playthrough.py). Nothing here imports a game or the top package ``engines``."""
