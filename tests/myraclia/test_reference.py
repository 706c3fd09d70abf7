"""Myraclia's "How to play": the rules texts (web/tavolo_ui/rules/myraclia/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from engines.core.i18n import LANGS, MISSING
from engines.myraclia import GAME
from engines.myraclia.components import COLOURS, DARKNESS_IDS, SURFACES, TILES, TOKEN_IDS
from engines.myraclia.reference import PIECES, entries
from engines.myraclia.state import Phase
from engines.myraclia.texts import OPTION_LABELS, surface
from tavolo_ui.rules_page import markdown_html

RULES = Path(__file__).resolve().parents[2] / "web" / "tavolo_ui" / "rules" / "myraclia"
REQUIRED = ["goal", "components", "setup", "round", "end", "scoring", "tips"]
#: the game's own phases (``MyracliaState.phase``) that a player acts in: each has its section
PHASES = [p for p in get_args(Phase) if p != "over"]

_HEADING = re.compile(r"^(#{2,3})\s+.+?\{#([a-z0-9][a-z0-9-]*)\}\s*$", re.M)
_LINK = re.compile(r"\]\(#([^)]*)\)")


def _text(lang: str) -> str:
    return (RULES / f"{lang}.md").read_text(encoding="utf-8")


def _ids(lang: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(_text(lang))]


def _anchor(ident: str) -> str:
    """The page's anchor of a reference entry (``rules_page.reference_html``)."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", ident.lower())


# ---- the rules texts ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_exists_with_the_required_sections_in_order(lang):
    assert (RULES / f"{lang}.md").is_file()
    ids = _ids(lang)
    assert [i for level, i in ids if level == 2] == REQUIRED
    # the phases are sub-sections of "round", named after the game's phases, in the game's order
    assert [i for level, i in ids if level == 3] == [f"phase-{p}" for p in PHASES]
    order = [i for _, i in ids]
    assert order.index("round") < order.index(f"phase-{PHASES[0]}")
    assert order.index(f"phase-{PHASES[-1]}") < order.index("end")
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
    html, _ = markdown_html(_text(lang))  # every link is rendered as a link
    assert html.count('<a href="#') == len(links) and "](#" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_uses_only_the_markdown_subset(lang):
    for line in _text(lang).splitlines():
        s = line.strip()
        if s.startswith("#"):
            assert _HEADING.match(line), line
        assert "*" not in re.sub(r"\*\*[^*]+\*\*", "", s).lstrip("- "), line  # only **bold**
        assert "`" not in s and "<" not in s and "|" not in s, line
        assert not line.startswith((" ", "\t")), line  # no nested lists or continued items
    words = len(_text(lang).split())
    assert 900 <= words <= 1700, words


def test_typographic_apostrophes_and_the_game_own_names():
    it, en = _text("it"), _text("en")
    assert "'" not in it and "'" not in en
    # the names of the reference's boards and pieces, as the catalogue prints them
    for lang, text in (("en", en), ("it", it)):
        names = {e["id"]: e["name"] for e in GAME.reference(lang)}
        for piece in PIECES:
            assert names[piece].lower() in text.lower(), (lang, names[piece])
        for s in SURFACES:
            assert surface(s).render(lang) in text, (lang, s)
    # the words of the board, the buttons and the log
    for word in ("Drafting order", "Terraforming order", "End turn", "Released", "Free", "founding round",
                 "Kickstarter tile", "Eternity tokens", "Darkness tiles", "hand rule", "compact-shape"):
        assert word in en, word
    for word in ("Ordine di draft", "Ordine di terraformazione", "Termina il turno", "Rilasciato",
                 "Gratuito", "round iniziale", "tessera Kickstarter", "gettoni Eternità",
                 "tessere Oscurità", "regola della mano", "forma compatta", "Fase Draft",
                 "Fase Terraformazione", "PV", "jolly"):
        assert word in it, word
    assert "Variante per principianti" in OPTION_LABELS["beginner"].render("it")
    assert "variante per principianti" in it and "beginner variant" in en


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    en, it = GAME.reference("en"), GAME.reference("it")
    ids = [e["id"] for e in en]
    assert ids == [e["id"] for e in it]
    assert len(ids) == len(set(ids))
    assert len({_anchor(i) for i in ids}) == len(ids)  # anchors stay distinct
    sections = {i for _, i in _ids("en")}
    assert not {_anchor(i) for i in ids} & sections
    # every component of the data, from the components module's own lists
    tiles = [t for t in TILES if t not in DARKNESS_IDS]
    expected = list(COLOURS) + tiles + list(DARKNESS_IDS) + list(TOKEN_IDS) + list(SURFACES) + list(PIECES)
    assert ids == expected
    assert set(TILES) <= set(ids) and set(TOKEN_IDS) <= set(ids)
    for e in en + it:
        assert set(e) == {"id", "kind", "name", "text"}
        assert all(isinstance(e[k], str) and e[k].strip() for k in e), e


def test_reference_names_and_texts_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    assert en["P07"]["name"] == "P07 (plains)" and it["P07"]["name"] == "P07 (Pianura)"
    assert en["P07"]["kind"] == "Myraclia tile" and it["P07"]["kind"] == "Tessera Myraclia"
    assert en["P07"]["text"].startswith("P07 plains: needs green + yellow + black, 3 VP")
    assert "Elemento Rilasciato giallo" in it["F09"]["text"]
    assert en["KS01"]["kind"] == "Kickstarter tile" and it["DARK1"]["kind"] == "Tessera Oscurità"
    assert en["E01"]["kind"] == "Eternity token" and it["E01"]["name"].startswith("Gettone Eternità E01")
    assert en["green"]["text"].startswith("21 of the 103 element cubes")
    assert it["white"]["name"] == "Elemento bianco"
    assert en["draft-board"]["name"] == "Draft board" and it["tile-offer"]["name"] == "Offerta delle Tessere"
    assert "1/3/5/8/12 VP" in en["water"]["text"] and it["water"]["name"] == "Zona d’Acqua"


def test_italian_reference_is_translated():
    MISSING.clear()
    en, it = GAME.reference("en"), GAME.reference("it")
    assert not [m for m in MISSING if m[0] == "myraclia"], MISSING
    for a, b in zip(en, it):
        assert a["text"] != b["text"], a["id"]
        assert a["kind"] != b["kind"], a["id"]
        assert "'" not in b["text"] + b["name"] + b["kind"]


def test_entries_are_texts_of_the_catalogue():
    from engines.core.i18n import Text
    for ident, kind, name, text in entries():
        assert all(isinstance(x, Text) for x in (kind, name, text)), ident
