"""Myraclia's "How to play": the rules texts (web/tavolo_ui/rules/myraclia/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

from typing import get_args

import pytest

from engines.core.i18n import LANGS
from engines.myraclia import GAME
from engines.myraclia.components import COLOURS, DARKNESS_IDS, SURFACES, TILES, TOKEN_IDS
from engines.myraclia.reference import PIECES, entries
from engines.myraclia.state import Phase
from engines.myraclia.texts import OPTION_LABELS, surface
from tests.rules_checks import (anchor, check_links_resolve, check_markdown_subset, check_no_ascii_apostrophe,
                                check_reference_ids, check_reference_translated, check_same_sections_and_links,
                                check_sections, heading_ids)

GAME_ID = "myraclia"
#: the game's own phases (``MyracliaState.phase``) that a player acts in: each has its section
PHASES = [p for p in get_args(Phase) if p != "over"]

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
    check_markdown_subset(GAME_ID, lang, words=(900, 1700), forbidden="`<|", no_indent=True)


def test_typographic_apostrophes_and_the_game_own_names():
    en, it = check_no_ascii_apostrophe(GAME_ID)
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
                 "Gratuito", "turno di gioco iniziale", "tessera Kickstarter", "gettoni Eternità",
                 "tessere Oscurità", "regola della mano", "forma compatta", "Fase Draft",
                 "Fase Terraformazione", "PV", "jolly"):
        assert word in it, word
    assert "Variante per principianti" in OPTION_LABELS["beginner"].render("it")
    assert "variante per principianti" in it and "beginner variant" in en


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    ids = check_reference_ids(GAME.reference)
    sections = {i for _, i in heading_ids(GAME_ID, "en")}
    assert not {anchor(i) for i in ids} & sections
    # every component of the data, from the components module's own lists
    tiles = [t for t in TILES if t not in DARKNESS_IDS]
    expected = list(COLOURS) + tiles + list(DARKNESS_IDS) + list(TOKEN_IDS) + list(SURFACES) + list(PIECES)
    assert ids == expected
    assert set(TILES) <= set(ids) and set(TOKEN_IDS) <= set(ids)


def test_reference_names_and_texts_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    assert en["P07"]["name"] == "plains tile (green + yellow + black)"
    assert it["P07"]["name"] == "tessera Pianura (verde + giallo + nero)"
    assert en["P07"]["kind"] == "Myraclia tile" and it["P07"]["kind"] == "Tessera Myraclia"
    assert en["P07"]["text"].startswith("plains tile (green + yellow + black): 3 VP")
    assert "Elemento Rilasciato giallo" in it["F09"]["text"]
    assert en["KS01"]["kind"] == "Kickstarter tile" and it["DARK1"]["kind"] == "Tessera Oscurità"
    assert en["E01"]["kind"] == "Eternity token" and it["E01"]["name"].startswith("Gettone Eternità (")
    assert en["green"]["text"].startswith("21 of the 103 element cubes")
    assert it["white"]["name"] == "Elemento bianco"
    assert en["draft-board"]["name"] == "Draft board" and it["tile-offer"]["name"] == "Offerta delle Tessere"
    assert "1/3/5/8/12 VP" in en["water"]["text"] and it["water"]["name"] == "Zona d’Acqua"


def test_italian_reference_is_translated():
    check_reference_translated(GAME_ID, GAME.reference, kinds_differ=True, apostrophes=True)


def test_entries_are_texts_of_the_catalogue():
    from engines.core.i18n import Text
    for ident, kind, name, text in entries():
        assert all(isinstance(x, Text) for x in (kind, name, text)), ident
