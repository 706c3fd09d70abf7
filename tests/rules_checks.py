"""The generic checks of a game's "How to play": its rules texts (web/tavolo_ui/rules/<game>/{en,it}.md,
rendered by ``tavolo_ui.rules_page``) and its reference (``Game.reference(lang)``), in English and
Italian. Plain functions, called by each game's ``test_reference.py`` with the game's own parameters."""

from __future__ import annotations

import re
from pathlib import Path

from engines.core.i18n import MISSING
from tavolo_ui.rules_page import markdown_html

RULES = Path(__file__).resolve().parents[1] / "web" / "tavolo_ui" / "rules"
#: the top-level sections every rules text has, in this order
REQUIRED = ["goal", "components", "setup", "round", "end", "scoring", "tips"]

HEADING = re.compile(r"^(#{2,3})\s+.+?\{#([a-z0-9][a-z0-9-]*)\}\s*$", re.M)
LINK = re.compile(r"\]\(#([^)]*)\)")


def rules_path(game: str, lang: str) -> Path:
    return RULES / game / f"{lang}.md"


def rules_text(game: str, lang: str) -> str:
    return rules_path(game, lang).read_text(encoding="utf-8")


def heading_ids(game: str, lang: str) -> list[tuple[int, str]]:
    """(level, id) of every ``## Title {#id}`` / ``### Title {#id}`` heading, in order."""
    return [(len(m.group(1)), m.group(2)) for m in HEADING.finditer(rules_text(game, lang))]


def links(game: str, lang: str) -> list[str]:
    """The targets of every ``(#id)`` link of the rules text."""
    return LINK.findall(rules_text(game, lang))


def anchor(ident: str) -> str:
    """The page's anchor of a reference entry (``rules_page.reference_html``)."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", ident.lower())


# ---- the rules texts --------------------------------------------------------------------------------
def check_sections(game: str, lang: str, phases: list[str]) -> list[tuple[int, str]]:
    """The required sections in order; the phases (the game's own) as the sub-sections of "round"."""
    assert rules_path(game, lang).is_file()
    ids = heading_ids(game, lang)
    top = [i for level, i in ids if level == 2]
    assert top == REQUIRED
    assert top.index("round") < top.index("end")
    assert [i for level, i in ids if level == 3] == [f"phase-{p}" for p in phases]
    assert phases, "a rules text needs a section for each phase"
    order = [i for _, i in ids]
    chain = [order.index(i) for i in ["round", *(f"phase-{p}" for p in phases), "end"]]
    assert chain == sorted(chain) and len(set(chain)) == len(chain), order
    # the page's own parser finds the same headings
    _, toc = markdown_html(rules_text(game, lang))
    assert [(level, i) for level, i, _ in toc] == ids
    return ids


def check_same_sections_and_links(game: str) -> None:
    assert heading_ids(game, "en") == heading_ids(game, "it")
    assert sorted(links(game, "en")) == sorted(links(game, "it"))


def check_links_resolve(game: str, lang: str, reference) -> None:
    """Every ``(#id)`` link is a section or a reference entry's anchor, and is rendered as a link."""
    targets = {i for _, i in heading_ids(game, lang)} | {anchor(e["id"]) for e in reference(lang)}
    found = links(game, lang)
    assert found, "the rules link no section or reference entry"
    assert [x for x in found if x not in targets] == []
    html, _ = markdown_html(rules_text(game, lang))
    assert html.count('<a href="#') == len(found) and "](#" not in html


def check_markdown_subset(game: str, lang: str, words: tuple[int, int] = (900, 1700),
                          forbidden: str = "`<", no_indent: bool = False) -> None:
    """Headings ``## Title {#id}``, only **bold**, none of the ``forbidden`` characters (and no indented
    line if ``no_indent``), between ``words`` words."""
    assert "`" in forbidden and "<" in forbidden
    text = rules_text(game, lang)
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("#"):
            assert HEADING.match(line), line
        assert "*" not in re.sub(r"\*\*[^*]+\*\*", "", s).lstrip("- "), line   # only **bold**
        assert not [c for c in forbidden if c in s], line
        if no_indent:
            assert not line.startswith((" ", "\t")), line   # no nested lists or continued items
    low, high = words
    assert low <= len(text.split()) <= high, len(text.split())


def check_no_ascii_apostrophe(game: str) -> tuple[str, str]:
    """Both texts use typographic apostrophes; returns the (English, Italian) texts."""
    en, it = rules_text(game, "en"), rules_text(game, "it")
    assert "'" not in it and "'" not in en
    return en, it


# ---- the reference ----------------------------------------------------------------------------------
def check_reference_ids(reference) -> list[str]:
    """Both languages list the same entries, once each, with distinct anchors and non-empty texts;
    returns the ids."""
    en, it = reference("en"), reference("it")
    ids = [e["id"] for e in en]
    assert ids == [e["id"] for e in it]
    assert len(ids) == len(set(ids))
    assert len({anchor(i) for i in ids}) == len(ids)          # anchors stay distinct
    for e in en + it:
        assert set(e) == {"id", "kind", "name", "text"}
        assert all(isinstance(e[k], str) and e[k].strip() for k in e), e
    return ids


def check_reference_translated(game: str, reference, kinds_differ: bool = True,
                               apostrophes: bool = True) -> tuple[list[dict], list[dict]]:
    """No missing Italian text of the game; every Italian text (and kind, if ``kinds_differ``) differs
    from the English one; no ASCII apostrophe in the Italian entries if ``apostrophes``.
    Returns the (English, Italian) entries."""
    MISSING.clear()
    en, it = reference("en"), reference("it")
    assert not [m for m in MISSING if m[0] == game], MISSING
    assert len(en) == len(it) and en
    for a, b in zip(en, it):
        assert a["text"] != b["text"], a["id"]
        if kinds_differ:
            assert a["kind"] != b["kind"], a["id"]
        if apostrophes:
            assert "'" not in b["text"] + b["name"] + b["kind"], a["id"]
    return en, it
