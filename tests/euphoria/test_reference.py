"""Euphoria's "How to play": the rules texts (web/tavolo_ui/rules/euphoria/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import pytest

from engines.core.i18n import LANGS
from engines.euphoria import GAME, texts
from engines.euphoria.components import (ARTIFACT_TYPES, COMMODITIES, DILEMMA_IDS, FACTIONS, MARKET_IDS, MARKETS,
                                         RECRUIT_IDS, RESOURCES, SPACES, TUNNEL_FACTIONS)
from tests.rules_checks import (check_links_resolve, check_markdown_subset, check_no_ascii_apostrophe,
                                check_reference_ids, check_reference_translated, check_same_sections_and_links,
                                check_sections)

GAME_ID = "euphoria"
#: the game's own phases (``EuphoriaState.phase``) in which players choose: each has its section
PHASES = ["setup", "play"]

# ---- the rules texts (the generic checks: tests/rules_checks.py) ------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_has_the_required_sections_in_order(lang):
    check_sections(GAME_ID, lang, PHASES)


def test_both_languages_have_the_same_sections_and_links():
    check_same_sections_and_links(GAME_ID)


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_resolves(lang):
    check_links_resolve(GAME_ID, lang, GAME.reference)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_uses_only_the_markdown_subset(lang):
    check_markdown_subset(GAME_ID, lang, words=(900, 1700))


def test_typographic_apostrophes_and_the_game_names():
    en, it = check_no_ascii_apostrophe(GAME_ID)
    for sp in ("GEN", "AQU", "FARM", "CLOUD", "ART_EUP", "ART_SUB", "ART_WAS",
               "ICA_WIND", "ICA_NIMBUS", "ICA_BREEZE", "ICA_SKY", "TUN_EUP"):
        assert texts.space(sp).render("en") in en and texts.space(sp).render("it") in it, sp
    assert texts.TANK_TEXT.render("en") in en and texts.TANK_TEXT.render("it") in it
    for f in FACTIONS:
        assert texts.faction(f).render("en") in en and texts.faction(f).render("it") in it
        assert texts.region(f).render("en") in en and texts.region(f).render("it") in it
    for a in ARTIFACT_TYPES:
        assert texts.artifact(a).render("en") in en and texts.artifact(a).render("it") in it
    for g in COMMODITIES + RESOURCES:
        assert texts.good(g).render("en") in en and texts.good(g).render("it") in it


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    ids = check_reference_ids(GAME.reference)
    # every component of the data, from the components module's own lists
    expected = (list(SPACES) + list(MARKET_IDS) + list(RECRUIT_IDS) + list(DILEMMA_IDS) + list(ARTIFACT_TYPES)
                + list(COMMODITIES + RESOURCES))
    assert ids[:len(expected)] == expected
    pieces = ids[len(expected):]
    for need in ["worker", "star", "morale", "knowledge"] + [f"allegiance_{f}" for f in FACTIONS] \
            + [f"territory_{f}" for f in FACTIONS] + [f"miner_{f}" for f in TUNNEL_FACTIONS]:
        assert need in pieces, need


def test_reference_names_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    for m in MARKET_IDS:
        assert en[m]["name"] == texts.market(m).render("en") and it[m]["name"] == texts.market(m).render("it")
        assert texts.penalty(m).render("it") in it[m]["text"]
        assert en[m]["kind"] == "Market tile" and it[m]["kind"] == "Tessera mercato"
    for r in RECRUIT_IDS:
        assert en[r]["name"] == texts.recruit(r).render("en") and it[r]["name"] == texts.recruit(r).render("it")
        assert texts.recruit_text(r).render("en") in en[r]["text"]
        assert en[r]["kind"] == "Recruit" and it[r]["kind"] == "Specialista"
    assert it["GEN"]["name"] == "Generatore" and "Cost: 3 energy" in en["WAT_ENERGY"]["text"]
    assert MARKETS["spa_of_fleeting_pleasure"].name == en["spa_of_fleeting_pleasure"]["name"]


def test_italian_reference_is_translated():
    check_reference_translated(GAME_ID, GAME.reference, kinds_differ=False, apostrophes=True)
