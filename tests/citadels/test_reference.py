"""Citadels' "How to play": the rules texts (web/tavolo_ui/rules/citadels/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import pytest

from engines.citadels import GAME
from engines.citadels.components import CHARACTERS, DISTRICTS
from engines.citadels.reference import PIECES, RULES
from engines.core.i18n import LANGS
from tests.rules_checks import (check_links_resolve, check_markdown_subset, check_no_ascii_apostrophe,
                                check_reference_ids, check_reference_translated, check_same_sections_and_links,
                                check_sections)

GAME_ID = "citadels"
#: the game's own phases (``CitadelsState.phase``) that a player acts in: each has its section
PHASES = ["draft", "turn", "warlord", "graveyard"]


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


def test_italian_uses_typographic_apostrophes_and_the_game_names():
    en, it = check_no_ascii_apostrophe(GAME_ID)
    for rank in range(1, 9):
        assert CHARACTERS[rank].name_it in it and CHARACTERS[rank].name_en in en  # type: ignore[union-attr]
    for name in ("Corona", "Banca", "Mazzo", "Torre di Guardia", "Cimitero", "Città Fantasma"):
        assert name in it
    for name in ("Crown", "Bank", "Deck", "Keep", "Graveyard", "Haunted City"):
        assert name in en


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    ids = check_reference_ids(GAME.reference)
    expected = [c.id for c in CHARACTERS[1:]] + list(DISTRICTS) + list(PIECES) + list(RULES)  # type: ignore[union-attr]
    assert ids == expected


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
    check_reference_translated(GAME_ID, GAME.reference, kinds_differ=True, apostrophes=True)
