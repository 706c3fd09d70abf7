"""Spyrium's "How to play": the rules texts (web/tavolo_ui/rules/spyrium/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core.i18n import LANGS, MISSING
from engines.core.i18n_check import problems_in
from engines.spyrium import GAME
from engines.spyrium.components import CARD_TYPES, DATA, EVENT_IDS, EVENTS, TECHNIQUES
from engines.spyrium.reference import PIECES
from engines.spyrium.state import Player
from engines.spyrium.texts import card_name, event_name
from tavolo_ui.rules_page import markdown_html

RULES = Path(__file__).resolve().parents[2] / "web" / "tavolo_ui" / "rules" / "spyrium"
REQUIRED = ["goal", "components", "setup", "round", "end", "scoring", "tips"]
#: the game's own phases (``Player.phase``: Phase I and Phase II), one sub-section each
PHASES = ["i", "ii"]

_HEADING = re.compile(r"^(#{2,3})\s+.+?\{#([a-z0-9][a-z0-9-]*)\}\s*$", re.M)
_LINK = re.compile(r"\]\(#([^)]*)\)")
_ROMAN = {1: "i", 2: "ii"}


def _text(lang: str) -> str:
    return (RULES / f"{lang}.md").read_text(encoding="utf-8")


def _ids(lang: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(_text(lang))]


def _anchor(ident: str) -> str:
    """The page's anchor of a reference entry (``rules_page.reference_html``)."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", ident.lower())


# ---- the rules texts --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_exists_with_the_required_sections_in_order(lang):
    assert (RULES / f"{lang}.md").is_file()
    ids = _ids(lang)
    assert [i for level, i in ids if level == 2] == REQUIRED
    # the phases are the sub-sections of "round", named after the game's own phases
    assert [i for level, i in ids if level == 3] == [f"phase-{p}" for p in PHASES]
    order = [i for _, i in ids]
    assert order.index("round") < order.index("phase-i") < order.index("phase-ii") < order.index("end")
    # the page's own parser finds the same headings
    _, toc = markdown_html(_text(lang))
    assert [(level, i) for level, i, _ in toc] == ids


def test_the_phase_sections_are_the_game_phases():
    assert sorted(_ROMAN[p] for p in Player.model_fields["phase"].annotation.__args__) == PHASES


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
        assert "`" not in s and "<" not in s and "_" not in s, line
    words = len(_text(lang).split())
    assert 900 <= words <= 1700, words


def test_typographic_apostrophes_and_the_game_names():
    it, en = _text("it"), _text("en")
    assert "'" not in it and "'" not in en
    for name in ("Evento Attivo", "Prossimo evento", "Mercato", "carta Iniziale", "tracciato Dimora",
                 "tracciato Punteggio", "Distretto", "Fase I", "Fase II", "Piazza un lavoratore",
                 "Passa alla Fase II", "Guadagna monete", "Assumi un personaggio",
                 "Costruisci un edificio", "Brevetta una tecnica", "Attiva un edificio", "PV",
                 "carta Primo Giocatore", "sovrapprezzo"):
        assert name in it, name
    for name in ("Turn event", "Next event", "Market", "Start card", "Residence track", "Score track",
                 "neighborhood", "Phase I", "Phase II", "Place a worker", "Move to Phase II",
                 "Earn money", "Hire a character", "Build a building", "Patent a technique",
                 "Use a building", "VP", "first player card"):
        assert name in en, name


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    en, it = GAME.reference("en"), GAME.reference("it")
    ids = [e["id"] for e in en]
    assert ids == [e["id"] for e in it]
    assert len(ids) == len(set(ids))
    assert len({_anchor(i) for i in ids}) == len(ids)          # anchors stay distinct
    # every card type, technique and event of the data (a new one without an entry fails here)
    assert set(CARD_TYPES) | set(TECHNIQUES) | set(EVENT_IDS) <= set(ids)
    assert {c.id for c in DATA.cards} | {t.id for t in DATA.techniques} | {e.id for e in DATA.events} <= set(ids)
    buildings = [t for t, c in CARD_TYPES.items() if c.type == "building"]
    characters = [t for t, c in CARD_TYPES.items() if c.type == "character"]
    assert ids == buildings + characters + list(TECHNIQUES) + EVENT_IDS + PIECES   # by kind, then data order
    # the pieces of the data's component list and the board are there too
    assert {"worker", "spyrium", "money", "numbered-token", "bonus-marker", "first-player", "start-card",
            "market", "worker-slot", "turn-event", "next-event", "score-track", "residence-track"} <= set(PIECES)
    for e in en + it:
        assert set(e) == {"id", "kind", "name", "text"}
        assert all(isinstance(e[k], str) and e[k].strip() for k in e), e


def test_reference_names_and_texts_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    for t, c in CARD_TYPES.items():
        assert en[t]["name"] == card_name(t).render("en") and it[t]["name"] == card_name(t).render("it")
        assert c.name_en in en[t]["name"] and c.name_it in it[t]["name"]
        assert f"cost £{c.cost}" in en[t]["text"] and f"costo £{c.cost}" in it[t]["text"]
        kind = {"building": ("Building card", "Carta Edificio"), "character": ("Character card", "Carta Personaggio")}
        assert (en[t]["kind"], it[t]["kind"]) == kind[c.type]
    for t, tt in TECHNIQUES.items():
        assert en[t]["name"] == tt.name_en and it[t]["name"] == tt.name_it
        assert f"at most {tt.vp_cap} VP" in en[t]["text"]
    for e in EVENTS:
        assert en[e]["name"] == event_name(e).render("en") and it[e]["name"] == event_name(e).render("it")
    assert en["B-mansion"]["text"].startswith("Period B, cost £10, 1 copy in the game. 9 VP at the end.")
    assert "Piazza subito nel Mercato" in it["ev-late-placement"]["text"] and "solo Fase II" in it["ev-late-placement"]["text"]
    assert it["residence-track"]["name"] == "Tracciato Dimora" and it["turn-event"]["name"] == "Evento Attivo"


def test_italian_reference_is_translated_and_clean():
    MISSING.clear()
    en, it = GAME.reference("en"), GAME.reference("it")
    assert not [m for m in MISSING if m[0] == "spyrium"], MISSING
    for a, b in zip(en, it):
        assert a["text"] != b["text"], a["id"]
        assert a["kind"] != b["kind"], a["id"]
        for lang, e in (("en", a), ("it", b)):
            for field in ("kind", "name", "text"):
                assert problems_in(e[field], [*CARD_TYPES, *TECHNIQUES, *EVENT_IDS]) == [], (lang, e)
