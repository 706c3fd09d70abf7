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


def test_the_catalog_says_which_games_have_a_guide():
    """The home screen offers Learn by playing from the catalog's ``guide`` (the game's own
    wheel, which holds the guide's files, may not be loaded yet): it agrees with the files."""
    from engines.core.guide import guide_path, has_guide

    for name in engines.list_games():
        assert has_guide(name) == guide_path(name, "en").is_file(), name


def test_the_registry_says_which_games_are_installed(tmp_path):
    """``installed`` finds a game's package without importing it; a game whose package is
    missing (its wheel not loaded in the page) is not installed; an unknown name neither."""
    code = ("import sys, engines; from engines.core.registry import installed; "
            "print([installed(n) for n in engines.list_games()], installed('chess'), "
            "sorted(m for m in sys.modules if m.split('.')[:2] in [['engines', g] for g in engines.list_games()]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[True, True, True, True] False []"
    # a copy of the engines without Citadels' package: what the page has before its wheel
    import shutil

    shutil.copytree(ROOT / "engines", tmp_path / "engines", ignore=shutil.ignore_patterns("citadels", "__pycache__"))
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[True, False, True, True] False []"
