"""The catalog (engines/catalog.json) agrees with the games it describes, and reading it
imports no game (the page's home screen relies on that)."""

import subprocess
import sys
from pathlib import Path

import pytest

import engines
from engines.core.catalog import about

ROOT = Path(__file__).resolve().parents[2]


def test_catalog_matches_every_game():
    assert engines.list_games() == ["spyrium", "citadels", "euphoria", "myraclia"]
    for name in engines.list_games():
        g, entry = engines.get_game(name), about(name)
        assert g.name == name
        assert (entry["title"], entry["description"]) == (g.title, g.description)
        assert (entry["min_players"], entry["max_players"]) == (g.min_players, g.max_players), name
        assert entry["title"] and entry["description"]


@pytest.mark.parametrize("call", [about, engines.get_game])
def test_unknown_game_is_a_key_error(call):
    with pytest.raises(KeyError, match="chess"):
        call("chess")


def test_reading_the_catalog_imports_no_game():
    code = ("import sys, engines; [engines.about(n) for n in engines.list_games()]; "
            "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            "[['engines', g] for g in engines.list_games()]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
