"""The texts shown before the UI's Python runs (``build.BOOT_TEXTS``): every one that boot.js,
main.py and index.html's boot screen show is in the list (so in the UI's catalogue, checked by
``tests/core/test_catalogues.py``) and the list has no other; ``build.py`` writes the
languages and their translations into the site's boot.js."""

from __future__ import annotations

import ast
import json
import re

import pytest

import build
from engines.core.i18n import LANGS
from tests.conftest import ROOT

_JS_TEXT = re.compile(r"""\btl?\("((?:[^"\\]|\\.)*)"\)""")


def boot_js_texts() -> set[str]:
    """The texts boot.js translates: the literals it passes to ``t`` and ``tl``."""
    return {json.loads(f'"{m.group(1)}"') for m in _JS_TEXT.finditer((ROOT / "web" / "boot.js").read_text("utf-8"))}


def main_py_texts() -> set[str]:
    """The texts main.py shows: the literals it passes to ``_t`` and the messages it names."""
    tree = ast.parse((ROOT / "web" / "main.py").read_text("utf-8"))
    named = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
             for t in n.targets if isinstance(t, ast.Name) and t.id.startswith("NOT_")}
    called = {n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.func.id == "_t" and n.args and isinstance(n.args[0], ast.Constant)}
    return called | set(named.values())


def index_boot_texts() -> set[str]:
    """The texts of index.html that boot.js translates: the title and the boot screen's (not
    the brand, "Tavolo")."""
    page = (ROOT / "web" / "index.html").read_text("utf-8")
    boot = page[page.index('<div id="boot"'):page.index("</div>\n</div>", page.index('<div id="boot"'))]
    texts = {t.strip() for t in re.findall(r">([^<>]+)<", boot) if t.strip()}
    return (texts | set(re.findall(r"<title>(.*?)</title>", page))) - {"Tavolo"}


def test_every_text_shown_before_python_is_listed_and_no_other():
    shown = {"boot.js": boot_js_texts(), "main.py": main_py_texts(), "index.html": index_boot_texts()}
    assert len(shown["boot.js"]) >= 8 and len(shown["main.py"]) == 5 and len(shown["index.html"]) == 4, shown
    for where, texts in shown.items():
        assert texts <= set(build.BOOT_TEXTS), f"{where} shows texts not in build.BOOT_TEXTS: {sorted(texts - set(build.BOOT_TEXTS))}"
    assert set(build.BOOT_TEXTS) == set().union(*shown.values())
    assert len(build.BOOT_TEXTS) == len(set(build.BOOT_TEXTS))


def test_the_built_boot_script_gets_the_languages(tmp_path):
    script = tmp_path / "boot.js"
    script.write_text((ROOT / "web" / "boot.js").read_text("utf-8"), "utf-8")
    build.write_boot_languages(script, ROOT / "web")
    text = script.read_text("utf-8")
    assert build.BOOT_LANGUAGES_MARK not in text
    data = json.loads(re.search(r"var LANGS = (\{.*\});\n", text).group(1))
    assert data["codes"] == list(LANGS) and sorted(data["texts"]) == sorted(LANGS[1:])
    for lang in LANGS[1:]:
        assert sorted(data["texts"][lang]) == sorted(build.BOOT_TEXTS)
    assert data["texts"]["it"]["Loading…"] == "Caricamento…"
    assert all(english != translated for english, translated in data["texts"]["it"].items())
    with pytest.raises(build.BuildError):
        build.write_boot_languages(script, ROOT / "web")  # the mark is gone: nothing to fill
