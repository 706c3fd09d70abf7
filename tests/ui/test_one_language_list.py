"""The languages are listed once, in ``engines.core.i18n.LANGUAGES``: no other place of the page
(``web/``) or of ``build.py`` names a language, so adding one needs no edit there.

Outside the catalogues, no Python string, JavaScript or HTML literal is a language's code
other than the code's own (English), one of the list's locales or a language's own name. The
code's own language may remain as a default ("a text renders in English unless told"), but is
never compared with (``lang == "en"``) and never named at all in the files that decide which
languages the page speaks: boot.js, main.py, build.py, the switch (home.py) and the dates
(app.py)."""

from __future__ import annotations

import ast
import re

from engines.core.i18n import LANG_NAMES, LANGS, LANGUAGES
from tests.conftest import ROOT

SOURCE = LANGS[0]
NAMED = set(LANGS[1:]) | {lang.locale for lang in LANGUAGES if lang.locale} | set(LANG_NAMES.values())
"""What no file names: the other languages' codes, the locales, the languages' own names."""
DECIDING = {"web/boot.js", "web/main.py", "build.py", "web/tavolo_ui/home.py", "web/tavolo_ui/app.py"}
"""The files that decide which languages the page speaks: not even English is named there."""


def _files(*suffixes: str) -> list[tuple[str, str]]:
    """(path from the root, text) of the files of ``web/`` (not the catalogues) and build.py
    whose names end with one of ``suffixes``."""
    paths = [p for p in ROOT.joinpath("web").rglob("*") if p.suffix in suffixes and "i18n" not in p.parts]
    paths += [ROOT / "build.py"] if ".py" in suffixes else []
    return [(p.relative_to(ROOT).as_posix(), p.read_text("utf-8")) for p in sorted(paths)]


def python_names(name: str, text: str) -> list[str]:
    """The languages named in a Python file (see the module doc), as "file:line 'literal'"."""
    tree = ast.parse(text)
    deciding = name in DECIDING
    compared = {id(c) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                for c in [node.left, *node.comparators]}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in NAMED or (node.value == SOURCE and (deciding or id(node) in compared)):
                found.append(f"{name}:{node.lineno} {node.value!r}")
    return found


_QUOTED = re.compile(r"""(["'])([A-Za-z-]+)\1""")


def script_names(name: str, text: str) -> list[str]:
    """The languages named in a JavaScript or HTML file, as quoted literals (``"it"``,
    ``lang="en"``), as "file:line 'literal'"."""
    named = NAMED | ({SOURCE} if name in DECIDING else set())
    return [f"{name}:{n} {m.group(2)!r}" for n, line in enumerate(text.splitlines(), 1)
            for m in _QUOTED.finditer(line) if m.group(2) in named]


def test_no_file_names_a_language_outside_the_list():
    found = [f for name, text in _files(".py") for f in python_names(name, text)]
    found += [f for name, text in _files(".js", ".mjs", ".html") for f in script_names(name, text)]
    assert found == [], "languages named outside engines.core.i18n.LANGUAGES:\n" + "\n".join(found)


def test_the_scan_finds_a_language_named():
    """The checks above see what they are meant to (a test that cannot fail proves nothing)."""
    assert python_names("web/tavolo_ui/home.py", 'for code in ("it", "en"):\n    pass\n') == [
        "web/tavolo_ui/home.py:1 'it'", "web/tavolo_ui/home.py:1 'en'"]
    assert python_names("web/tavolo_ui/canvas.py", 'def f(lang="en"):\n    return "it-IT" if lang == "en" else None\n') == [
        "web/tavolo_ui/canvas.py:2 'it-IT'", "web/tavolo_ui/canvas.py:2 'en'"]
    assert python_names("web/tavolo_ui/canvas.py", 'NAMES = {"x": "Italiano"}\n') == ["web/tavolo_ui/canvas.py:1 'Italiano'"]
    assert script_names("web/boot.js", 'if (code === "it" || code === "en") return code;\n') == [
        "web/boot.js:1 'it'", "web/boot.js:1 'en'"]
    assert script_names("web/index.html", '<html lang="en">\n') == []  # the page is written in English
