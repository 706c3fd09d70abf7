"""Each game's playthrough (``engines.core.playthrough``) is the one stored in
``tests/playthroughs/``: a change of behaviour shows here as a diff, state by state.
After a deliberate change, regenerate with ``python tools/playthrough.py --write``."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from engines import list_games

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("playthrough_tool", ROOT / "tools" / "playthrough.py")
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


@pytest.mark.parametrize("name", list_games())
def test_the_playthrough_is_unchanged(name):
    stored = (tool.FOLDER / f"{name}.txt").read_text()
    now = tool.text_of(name)
    if now != stored:
        diff = "".join(list(difflib.unified_diff(stored.splitlines(True), now.splitlines(True), "stored", "now"))[:60])
        pytest.fail(f"{name}'s playthrough changed (python tools/playthrough.py --write after a deliberate change):\n{diff}")
