"""Spyrium's "How to play": the rules texts (web/tavolo_ui/rules/spyrium/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import pytest

from engines.core.i18n import LANGS
from engines.core.i18n_check import problems_in
from engines.spyrium import GAME
from engines.spyrium.components import CARD_TYPES, DATA, EVENT_IDS, EVENTS, TECHNIQUES
from engines.spyrium.reference import PIECES
from engines.spyrium.state import Player
from engines.spyrium.texts import card_name, event_name
from tests.rules_checks import (check_links_resolve, check_markdown_subset, check_no_ascii_apostrophe,
                                check_reference_ids, check_reference_translated, check_same_sections_and_links,
                                check_sections)

GAME_ID = "spyrium"
#: the game's own phases (``Player.phase``: Phase I and Phase II), one sub-section each
PHASES = ["i", "ii"]
_ROMAN = {1: "i", 2: "ii"}

# ---- the rules texts (the generic checks: tests/rules_checks.py) ------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_exists_with_the_required_sections_in_order(lang):
    check_sections(GAME_ID, lang, PHASES)


def test_both_languages_have_the_same_sections_and_links():
    check_same_sections_and_links(GAME_ID)


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_resolves(lang):
    check_links_resolve(GAME_ID, lang, GAME.reference)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_uses_only_the_markdown_subset(lang):
    check_markdown_subset(GAME_ID, lang, words=(900, 1700), forbidden="`<_")


def test_the_phase_sections_are_the_game_phases():
    assert sorted(_ROMAN[p] for p in Player.model_fields["phase"].annotation.__args__) == PHASES


def test_typographic_apostrophes_and_the_game_names():
    en, it = check_no_ascii_apostrophe(GAME_ID)
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
    ids = check_reference_ids(GAME.reference)
    # every card type, technique and event of the data (a new one without an entry fails here)
    assert set(CARD_TYPES) | set(TECHNIQUES) | set(EVENT_IDS) <= set(ids)
    assert {c.id for c in DATA.cards} | {t.id for t in DATA.techniques} | {e.id for e in DATA.events} <= set(ids)
    buildings = [t for t, c in CARD_TYPES.items() if c.type == "building"]
    characters = [t for t, c in CARD_TYPES.items() if c.type == "character"]
    assert ids == buildings + characters + list(TECHNIQUES) + EVENT_IDS + PIECES   # by kind, then data order
    # the pieces of the data's component list and the board are there too
    assert {"worker", "spyrium", "money", "numbered-token", "bonus-marker", "first-player", "start-card",
            "market", "worker-slot", "turn-event", "next-event", "score-track", "residence-track"} <= set(PIECES)


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
    en, it = check_reference_translated(GAME_ID, GAME.reference, kinds_differ=True, apostrophes=False)
    for a, b in zip(en, it):
        for lang, e in (("en", a), ("it", b)):
            for field in ("kind", "name", "text"):
                assert problems_in(e[field], [*CARD_TYPES, *TECHNIQUES, *EVENT_IDS]) == [], (lang, e)
