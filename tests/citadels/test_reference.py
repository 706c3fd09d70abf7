"""Citadels' "How to play": the rules texts (web/tavolo_ui/rules/citadels/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.citadels import GAME
from engines.citadels.components import CHARACTERS, DISTRICTS
from engines.citadels.reference import PIECES
from engines.core.i18n import LANGS, MISSING
from tavolo_ui.rules_page import markdown_html

RULES = Path(__file__).resolve().parents[2] / "web" / "tavolo_ui" / "rules" / "citadels"
REQUIRED = ["goal", "components", "setup", "round", "end", "scoring", "tips"]
#: the game's own phases (``CitadelsState.phase``) that a player acts in: each has its section
PHASES = ["draft", "turn", "warlord", "graveyard"]

_HEADING = re.compile(r"^(#{2,3})\s+.+?\{#([a-z0-9][a-z0-9-]*)\}\s*$", re.M)
_LINK = re.compile(r"\]\(#([^)]*)\)")


def _text(lang: str) -> str:
    return (RULES / f"{lang}.md").read_text(encoding="utf-8")


def _ids(lang: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(_text(lang))]


def _anchor(ident: str) -> str:
    """The page's anchor of a reference entry (``rules_page.reference_html``)."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", ident.lower())


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_has_the_required_sections_in_order(lang):
    ids = _ids(lang)
    top = [i for level, i in ids if level == 2]
    assert top == REQUIRED
    # the phases are sub-sections of "round", named after the game's phases
    start, stop = top.index("round"), top.index("end")
    subs = [i for level, i in ids if level == 3]
    assert subs == [f"phase-{p}" for p in PHASES]
    order = [i for _, i in ids]
    assert order.index("round") < order.index("phase-draft") and order.index("phase-graveyard") < order.index("end")
    assert start < stop
    # the page's own parser finds the same headings
    _, toc = markdown_html(_text(lang))
    assert [(level, i) for level, i, _ in toc] == ids


def test_both_languages_have_the_same_sections_and_links():
    assert _ids("en") == _ids("it")
    assert sorted(_LINK.findall(_text("en"))) == sorted(_LINK.findall(_text("it")))


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_resolves(lang):
    targets = {i for _, i in _ids(lang)} | {_anchor(e["id"]) for e in GAME.reference(lang)}
    links = _LINK.findall(_text(lang))
    assert links, "the rules link no section or reference entry"
    assert [x for x in links if x not in targets] == []
    html, _ = markdown_html(_text(lang))                      # every link is rendered as a link
    assert html.count('<a href="#') == len(links) and "](#" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_uses_only_the_markdown_subset(lang):
    for line in _text(lang).splitlines():
        s = line.strip()
        if s.startswith("#"):
            assert _HEADING.match(line), line
        assert "*" not in re.sub(r"\*\*[^*]+\*\*", "", s).lstrip("- "), line   # only **bold**
        assert "`" not in s and "<" not in s, line
    words = len(_text(lang).split())
    assert 900 <= words <= 1700, words


def test_italian_uses_typographic_apostrophes_and_the_game_names():
    it, en = _text("it"), _text("en")
    assert "'" not in it and "'" not in en
    for rank in range(1, 9):
        assert CHARACTERS[rank].name_it in it and CHARACTERS[rank].name_en in en  # type: ignore[union-attr]
    for name in ("Corona", "Banca", "Mazzo", "Torre di Guardia", "Cimitero", "Città Fantasma"):
        assert name in it
    for name in ("Crown", "Bank", "Deck", "Keep", "Graveyard", "Haunted City"):
        assert name in en


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    en, it = GAME.reference("en"), GAME.reference("it")
    ids = [e["id"] for e in en]
    assert ids == [e["id"] for e in it]
    assert len(ids) == len(set(ids))
    assert len({_anchor(i) for i in ids}) == len(ids)          # anchors stay distinct
    expected = [c.id for c in CHARACTERS[1:]] + list(DISTRICTS) + list(PIECES)  # type: ignore[union-attr]
    assert ids == expected
    for e in en + it:
        assert set(e) == {"id", "kind", "name", "text"}
        assert all(isinstance(e[k], str) and e[k].strip() for k in e), e


def test_reference_names_and_texts_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    for c in CHARACTERS[1:]:
        assert en[c.id]["name"] == c.name_en and it[c.id]["name"] == c.name_it  # type: ignore[union-attr]
        assert en[c.id]["kind"] == "Character" and it[c.id]["kind"] == "Personaggio"  # type: ignore[union-attr]
    for k, d in DISTRICTS.items():
        assert en[k]["name"] == d.name_en and it[k]["name"] == d.name_it
        assert f"costs {d.cost} gold" in en[k]["text"] and f"{d.cost} monet" in it[k]["text"]
        assert f"{d.copies} card" in en[k]["text"]
    assert "Torre di Guardia" == it["keep"]["name"] and "Mercenario" in it["keep"]["text"]
    assert "8 points" in en["university"]["text"]


def test_italian_reference_is_translated():
    MISSING.clear()
    en, it = GAME.reference("en"), GAME.reference("it")
    assert not [m for m in MISSING if m[0] == "citadels"], MISSING
    for a, b in zip(en, it):
        assert a["text"] != b["text"], a["id"]
        assert a["kind"] != b["kind"], a["id"]
        assert "'" not in b["text"] + b["name"] + b["kind"]
