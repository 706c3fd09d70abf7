"""The texts written in the page's shell and the engines' core: every ``T("...")`` of
``web/tavolo_ui`` (its modules and the generic renderer) and ``engines/core``, found as
``engines.core.i18n_check.written_templates`` finds them (``L``, which renders a ``T`` at once,
counts too)."""

from __future__ import annotations

from pathlib import Path

from engines.core.i18n_check import written_templates

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "web" / "tavolo_ui").glob("*.py")) + [ROOT / "web" / "tavolo_ui" / "renderers" / "generic.py"] + sorted((ROOT / "engines" / "core").glob("*.py"))


def templates(paths=SOURCES) -> list[tuple[str, str, str, int]]:
    """(domain, template, file, line) of every text written in ``paths``."""
    return written_templates(paths, ROOT)
