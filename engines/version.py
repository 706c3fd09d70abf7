"""The engines' version: the one place it is written (pyproject.toml reads it from here).

Bump it on every release: the engine wheel's file name carries it, and file names are cache
keys of the browser and the service worker. Kept as a plain literal so that importing the
engines does not go through ``importlib.metadata`` (which costs most of a second in the
browser: it imports and compiles ``email`` and friends).
"""

__version__ = "0.5.0"
