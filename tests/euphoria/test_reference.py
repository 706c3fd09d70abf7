"""Euphoria's "How to play": the rules texts (web/tavolo_ui/rules/euphoria/*.md) and the
reference of every component (``Game.reference``), in English and Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core.i18n import LANGS, MISSING
from engines.euphoria import GAME, names
from engines.euphoria.components import (ARTIFACT_TYPES, COMMODITIES, DILEMMA_IDS, FACTIONS, MARKET_IDS, MARKETS,
                                         RECRUIT_IDS, RESOURCES, SPACES, TUNNEL_FACTIONS)
from tavolo_ui.rules_page import markdown_html

RULES = Path(__file__).resolve().parents[2] / "web" / "tavolo_ui" / "rules" / "euphoria"
REQUIRED = ["goal", "components", "setup", "round", "end", "scoring", "tips"]
#: the game's own phases (``EuphoriaState.phase``) in which players choose: each has its section
PHASES = ["setup", "play"]

_HEADING = re.compile(r"^(#{2,3})\s+.+?\{#([a-z0-9][a-z0-9-]*)\}\s*$", re.M)
_LINK = re.compile(r"\]\(#([^)]*)\)")


def _text(lang: str) -> str:
    return (RULES / f"{lang}.md").read_text(encoding="utf-8")


def _ids(lang: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in _HEADING.finditer(_text(lang))]


def _anchor(ident: str) -> str:
    """The page's anchor of a reference entry (``rules_page.reference_html``)."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", ident.lower())


# ---- the rules texts ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_has_the_required_sections_in_order(lang):
    assert (RULES / f"{lang}.md").is_file()
    ids = _ids(lang)
    top = [i for level, i in ids if level == 2]
    assert top == REQUIRED
    subs = [i for level, i in ids if level == 3]
    assert subs == [f"phase-{p}" for p in PHASES]
    order = [i for _, i in ids]
    assert order.index("round") < order.index("phase-setup") < order.index("phase-play") < order.index("end")
    _, toc = markdown_html(_text(lang))                       # the page's own parser finds them too
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


def test_typographic_apostrophes_and_the_game_names():
    it, en = _text("it"), _text("en")
    assert "'" not in it and "'" not in en
    for sp in ("GEN", "AQU", "FARM", "CLOUD", "ART_EUP", "ART_SUB", "ART_WAS",
               "ICA_WIND", "ICA_NIMBUS", "ICA_BREEZE", "ICA_SKY", "TUN_EUP"):
        assert names.space(sp).render("en") in en and names.space(sp).render("it") in it, sp
    assert names.TANK_TEXT.render("en") in en and names.TANK_TEXT.render("it") in it
    for f in FACTIONS:
        assert names.faction(f).render("en") in en and names.faction(f).render("it") in it
        assert names.region(f).render("en") in en and names.region(f).render("it") in it
    for a in ARTIFACT_TYPES:
        assert names.artifact(a).render("en") in en and names.artifact(a).render("it") in it
    for g in COMMODITIES + RESOURCES:
        assert names.good(g).render("en") in en and names.good(g).render("it") in it


# ---- the reference ----------------------------------------------------------------------------------
def test_reference_lists_every_component_once_in_both_languages():
    en, it = GAME.reference("en"), GAME.reference("it")
    ids = [e["id"] for e in en]
    assert ids == [e["id"] for e in it]
    assert len(ids) == len(set(ids))
    assert len({_anchor(i) for i in ids}) == len(ids)          # anchors stay distinct
    # every component of the data, from the components module's own lists
    expected = (list(SPACES) + list(MARKET_IDS) + list(RECRUIT_IDS) + list(DILEMMA_IDS) + list(ARTIFACT_TYPES)
                + list(COMMODITIES + RESOURCES))
    assert ids[:len(expected)] == expected
    pieces = ids[len(expected):]
    for need in ["worker", "star", "morale", "knowledge"] + [f"allegiance_{f}" for f in FACTIONS] \
            + [f"territory_{f}" for f in FACTIONS] + [f"miner_{f}" for f in TUNNEL_FACTIONS]:
        assert need in pieces, need
    for e in en + it:
        assert set(e) == {"id", "kind", "name", "text"}
        assert all(isinstance(e[k], str) and e[k].strip() for k in e), e


def test_reference_names_are_the_game_own():
    en = {e["id"]: e for e in GAME.reference("en")}
    it = {e["id"]: e for e in GAME.reference("it")}
    for m in MARKET_IDS:
        assert en[m]["name"] == names.market(m).render("en") and it[m]["name"] == names.market(m).render("it")
        assert names.penalty(m).render("it") in it[m]["text"]
        assert en[m]["kind"] == "Market tile" and it[m]["kind"] == "Tessera mercato"
    for r in RECRUIT_IDS:
        assert en[r]["name"] == names.recruit(r).render("en") and it[r]["name"] == names.recruit(r).render("it")
        assert names.recruit_text(r).render("en") in en[r]["text"]
        assert en[r]["kind"] == "Recruit" and it[r]["kind"] == "Specialista"
    assert it["GEN"]["name"] == "Generatore" and "Cost: 3 energy" in en["WAT_ENERGY"]["text"]
    assert MARKETS["spa_of_fleeting_pleasure"].name == en["spa_of_fleeting_pleasure"]["name"]


def test_italian_reference_is_translated():
    MISSING.clear()
    en, it = GAME.reference("en"), GAME.reference("it")
    assert not [m for m in MISSING if m[0] == "euphoria"], MISSING
    for a, b in zip(en, it):
        assert a["text"] != b["text"], a["id"]
        assert "'" not in b["text"] + b["name"] + b["kind"], a["id"]
