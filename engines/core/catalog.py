"""The catalog of games (``engines/catalog.json``): what the home screen shows of each game
before its rules are imported (the title and description on the box, the player range), and
the module that defines it. Reading it costs no import of any game, which keeps the page's
first screen fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NotRequired, TypedDict


class GameAbout(TypedDict):
    module: str
    title: str
    description: str
    min_players: int
    max_players: int
    guide: NotRequired[bool]  # a guided first game ships with it (engines/<game>/guide/)


CATALOG: dict[str, GameAbout] = json.loads(
    (Path(__file__).resolve().parents[1] / "catalog.json").read_text("utf-8"))["games"]


def about(name: str) -> GameAbout:
    """The catalog entry of game ``name``; ``KeyError`` for an unknown name."""
    if name not in CATALOG:
        raise KeyError(f"unknown game '{name}'")
    return CATALOG[name]
