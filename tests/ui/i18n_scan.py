"""Find the texts written in the source: every call of a name bound to ``texts(...)`` (and of
``L``, which renders a ``T`` at once, where a module defines it or imports it from
``tavolo_ui.page``) with a literal first argument."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "web" / "tavolo_ui").glob("*.py")) + [ROOT / "web" / "tavolo_ui" / "renderers" / "generic.py"] + sorted((ROOT / "engines" / "core").glob("*.py"))
RENDERING_HELPERS = {"L": "ui"}  # L(template, ...) renders T(template, ...) at once (page.py, review_screen.py)


def _domain_bindings(tree: ast.AST) -> dict[str, str]:
    """Names bound to ``texts("domain")`` in a module (``T = texts("ui")``)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            call = node.value
            fn = call.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name == "texts" and call.args and isinstance(call.args[0], ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        out[target.id] = call.args[0].value
    return out


def templates(paths=SOURCES) -> list[tuple[str, str, str, int]]:
    """(domain, template, file, line) of every text written in ``paths``."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text("utf-8"))
        bound = _domain_bindings(tree)
        helpers = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}  # a module with its own L
        helpers |= {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom)
                    for a in n.names}  # or with page's (``from .page import L``: app.py, table.py...)
        if helpers & set(RENDERING_HELPERS):
            bound = {**RENDERING_HELPERS, **bound}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in bound
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((bound[node.func.id], node.args[0].value, str(path.relative_to(ROOT)), node.lineno))
    return found
