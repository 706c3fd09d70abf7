"""The shared core stands on its own: no module of ``engines/core`` imports the top package
``engines`` (whose ``__init__`` re-exports the core) or any game; games are reached through
the registry (``engines.core.registry``), by the catalog's module names."""

from __future__ import annotations

import ast
from pathlib import Path

import engines

CORE = Path(engines.__file__).resolve().parent / "core"
GAMES = {p.parent.name for p in CORE.parent.glob("*/game.py")}


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, as an absolute dotted name (relative imports resolved
    against ``engines.core``; ``from X import name`` counts as ``X.name`` when ``X`` is the
    top package, since ``name`` is then a module of it)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = ["engines", "core"][:3 - node.level]
                base = ".".join(package + ([base] if base else []))
            found += [f"{base}.{a.name}" for a in node.names] if base == "engines" else [base]
    return found


def test_the_game_packages_are_found():
    assert {"spyrium", "citadels", "euphoria", "myraclia"} <= GAMES


def test_no_core_module_imports_the_top_package_or_a_game():
    bad = []
    for path in sorted(CORE.glob("*.py")):
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[0] != "engines" or parts[1:2] == ["core"] or module == "engines.version":
                continue
            bad.append(f"{path.name}: {module}")
    assert not bad, bad


def test_the_check_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from engines import get_game\nimport engines.citadels.rules\nfrom .. import spyrium\n"
                      "from ..version import __version__\nfrom .game import Game\n")
    assert imported_modules(sample) == ["engines.get_game", "engines.citadels.rules", "engines.spyrium",
                                        "engines.version", "engines.core.game"]
