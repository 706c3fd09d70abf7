"""The catalogues cannot silently go stale: every text written in the code as ``T("...")`` has
an entry in every language's catalogue of its domain, every entry's English is still written
somewhere in the code (an English text edited leaves its old entry orphaned), and the fields
match (``engines.core.i18n_check.catalogue_problems``). The texts shown before the UI's Python
runs (``build.BOOT_TEXTS``) are the UI's, and are checked with them."""

from __future__ import annotations

import json

import pytest

import build
from engines.core import i18n
from engines.core.i18n_check import catalogue_problems, problems_in, written_strings, written_templates
from tests.conftest import ROOT

SOURCES = sorted(ROOT.glob("engines/**/*.py")) + sorted(ROOT.glob("web/**/*.py")) + [ROOT / "build.py"]
DATA = [p for p in sorted(ROOT.glob("engines/**/*.json")) if "i18n" not in p.parts]
FOLDERS = {**{p.parent.name: p for p in ROOT.glob("engines/*/i18n")}, "ui": ROOT / "web" / "tavolo_ui" / "i18n"}


def _boot_texts() -> list[tuple[str, str, str, int]]:
    """``build.BOOT_TEXTS`` as texts of the UI's domain written in build.py."""
    lines = (ROOT / "build.py").read_text("utf-8").splitlines()
    return [("ui", text, "build.py", next(i for i, ln in enumerate(lines, 1) if json.dumps(text, ensure_ascii=False) in ln))
            for text in build.BOOT_TEXTS]


TEMPLATES = written_templates(SOURCES, ROOT) + _boot_texts()
WRITTEN = written_strings(SOURCES, DATA)


def test_every_domain_has_its_catalogue_folder_and_texts():
    assert {"core", "ui", "spyrium", "citadels", "euphoria", "myraclia"} <= set(FOLDERS)
    domains = {d for d, _, _, _ in TEMPLATES}
    assert {"core", "ui", "spyrium", "citadels", "euphoria", "myraclia"} <= domains
    # T imported from the module that binds it counts (labels.py: ``from .texts import T``)
    assert any(d == "citadels" and f == "engines/citadels/labels.py" for d, _, f, _ in TEMPLATES)
    assert ("ui", "Loading the game engines…", "build.py") in {(d, t, f) for d, t, f, _ in TEMPLATES}


def test_the_catalogues_have_every_text_and_no_orphan():
    problems = catalogue_problems(FOLDERS, TEMPLATES, WRITTEN, ROOT)
    assert problems == [], "\n".join(problems)


@pytest.fixture
def edited(tmp_path):
    """A small domain in a temporary folder: its code and its Italian catalogue."""
    code = tmp_path / "cards.py"
    catalogue = tmp_path / "i18n"
    catalogue.mkdir()
    (catalogue / "it.json").write_text(json.dumps({"the Palace": "il Palazzo", "next to ": "accanto a "}), "utf-8")
    return tmp_path, code, catalogue


def _problems(root, code, catalogue):
    return catalogue_problems({"cards": catalogue}, written_templates([code], root), written_strings([code]), root)


def test_an_english_text_edited_leaves_an_orphan_and_a_missing_entry(edited):
    root, code, catalogue = edited
    code.write_text('T = texts("cards")\nPALACE = T("the Palace")\nNEXT = "next to "\n', "utf-8")
    assert _problems(root, code, catalogue) == []
    code.write_text('T = texts("cards")\nPALACE = T("the great Palace")\nNEXT = "next to "\n', "utf-8")
    assert _problems(root, code, catalogue) == [
        "i18n/it.json: missing 'the great Palace' (written at cards.py:2)",
        "i18n/it.json: orphaned 'the Palace': no code writes this English any more",
    ]


def test_texts_made_at_run_time_keep_their_entries(edited):
    """A text made of two written strings ("next to " + "the Palace") or written with an ASCII
    apostrophe in data is still in use."""
    root, code, catalogue = edited
    data = {"next to the Palace": "accanto al Palazzo", "the Architect’s Palace": "il Palazzo dell’Architetto",
            "the Palace": "il Palazzo", "next to ": "accanto a "}
    (catalogue / "it.json").write_text(json.dumps(data), "utf-8")
    code.write_text('T = texts("cards")\nA = [T("the Palace"), "next to ", "the Architect\'s Palace"]\n', "utf-8")
    assert _problems(root, code, catalogue) == []


def test_fields_and_files_are_checked(edited, monkeypatch):
    root, code, catalogue = edited
    (catalogue / "it.json").write_text(json.dumps({"the {n} Palace": "il Palazzo"}), "utf-8")
    code.write_text('T = texts("cards")\nPALACE = T("the {n} Palace", n=1)\n', "utf-8")
    assert _problems(root, code, catalogue) == ["i18n/it.json: the fields of 'the {n} Palace' differ in 'il Palazzo'"]
    monkeypatch.setattr(i18n, "LANGS", (*i18n.LANGS, "xx"))
    assert "i18n/xx.json: no catalogue of 'cards' in 'xx'" in _problems(root, code, catalogue)


def test_problems_in_names_each_identifier_found_as_a_whole_word():
    """The walks' identifier check: every identifier written as a word is named, in the
    order given; one inside a longer word or joined by ``_`` is not."""
    idents = ["market", "card", "tech"]
    assert problems_in("a market card", idents) == ["internal identifier 'market': 'a market card'",
                                                   "internal identifier 'card': 'a market card'"]
    assert problems_in("supermarket cardboard technique", idents) == []
    assert problems_in("the tech.", idents) == ["internal identifier 'tech': 'the tech.'"]
    assert problems_in("nothing here", []) == []
