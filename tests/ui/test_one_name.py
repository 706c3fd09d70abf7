"""One name for each thing (issue 27): a card, space, tile or character that an action's label
names is drawn on the board with the same words, in both languages.

Each game is played by heuristic bots from a seed (``tests/ui/test_board_text.py``'s
``positions``, fewer of them); at each position where the person at the device (seat 0) has
choices, the board is drawn as the page draws it, at the desktop width, in English and in
Italian. The names are derived from the game's data and texts (every card, district,
character, recruit, market, space, tile...), rendered in the page's language; a name found in
a choice's label must be found in the drawn texts too (the texts joined, so a name wrapped
onto two lines counts).

A Myraclia tile is named by its surface type and elements ("forest tile (red + yellow)"):
the planet writes the type on the tile in words (its elements are the cubes drawn on it), so
Myraclia's names here are the surface types. And Myraclia shows no raw identifier: no tile id
("F03", "W02") and no coordinates ("(1, -2)") in a choice, a log line or a drawn text.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from engines.core.i18n import Text, render
from tests.ui.test_board_text import paint, positions

GAMES = [("spyrium", 3), ("citadels", 4), ("euphoria", 3), ("myraclia", 3)]


def _names(game_name: str) -> list[Text]:
    """Every name of a thing of ``game_name``, from its data and texts (English ``Text``)."""
    if game_name == "spyrium":
        from engines.spyrium.components import CARD_TYPES, TECHNIQUES
        from engines.spyrium.texts import EVENT_NAMES, bare_name
        return [bare_name(t) for t in [*CARD_TYPES, *TECHNIQUES]] + list(EVENT_NAMES.values())
    if game_name == "citadels":
        from engines.citadels.components import CHARACTERS, DISTRICTS
        from engines.citadels.texts import char, district
        return [char(r) for r in range(1, len(CHARACTERS))] + [district(k) for k in DISTRICTS]
    if game_name == "euphoria":
        from engines.euphoria.components import MARKETS, RECRUITS
        from engines.euphoria.texts import ARTIFACT_NAMES, FACTION_NAMES, market, recruit, space_names
        return ([recruit(r) for r in RECRUITS] + [market(m) for m in MARKETS] + list(FACTION_NAMES.values())
                + space_names() + list(ARTIFACT_NAMES.values()))
    # a Myraclia tile is named by its surface type and its elements ("forest tile (red +
    # yellow)"): the planet draws the type in words on the tile (the elements as cubes)
    from engines.myraclia.components import SURFACES
    from engines.myraclia.texts import T, surface
    return [surface(s) for s in SURFACES] + [T("Darkness")]


@lru_cache(maxsize=None)
def names(game_name: str, lang: str) -> tuple[str, ...]:
    """The names rendered in ``lang``, longest first (a name inside a longer one is not
    counted again)."""
    return tuple(sorted({render(t, lang) for t in _names(game_name)}, key=len, reverse=True))


def named(label: str, game_name: str, lang: str) -> list[str]:
    """The names a label uses (whole words), each once, longest first."""
    found = []
    for name in names(game_name, lang):
        pattern = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)", re.IGNORECASE)
        if pattern.search(label):
            found.append(name)
            label = pattern.sub(" ", label)
    return found


def flat(texts: list[str]) -> str:
    """The drawn texts joined by spaces, with runs of spaces as one, and a line ending in a
    hyphen joined to the next, twice: with the hyphen ("Working-" / "Class") and without it
    ("Observa-" / "tory"): a wrapped name reads whole in one of them."""
    joined = re.sub(r"\s+", " ", " ".join(texts))
    return joined.replace("- ", "-") + " | " + joined.replace("- ", "")


def first_positions(game_name: str, players: int) -> list:
    return [s for s in positions(game_name, players) if s.action_dicts()][:5]


@pytest.mark.parametrize("game_name,players", GAMES)
def test_every_name_in_a_choice_is_drawn_on_the_board(game_name, players):
    missing: set[tuple[str, str, str]] = set()
    checked = 0
    for s in first_positions(game_name, players):
        for lang in ("en", "it"):
            cv = paint(s, 918, 660, lang)
            board = flat(cv.texts()).casefold()
            for a in s.action_dicts():
                for name in named(a["label"], game_name, lang):
                    checked += 1
                    if name.casefold() not in board:
                        missing.add((lang, name, a["label"]))
    assert checked > 10
    assert not missing, sorted(missing)[:30]


def test_spyrium_names_a_market_place_once():
    """A card in the market reads "the Mine (middle) at the bottom centre", not "the Mine
    (middle) (bottom middle)": no choice or log line stacks the position's brackets on the
    variant's, in either language."""
    doubled = re.compile(r"\) \((top|middle|bottom|centre|in alto|al centro|in basso)")
    found = set()
    for s in positions("spyrium", 3):
        for lang in ("en", "it"):
            s.lang = lang
            texts = [a["label"] for a in s.action_dicts()] + [line for _, line in s.log_lines(lang)]
            found |= {(lang, t) for t in texts if doubled.search(t)}
    assert not found, sorted(found)[:20]


RAW_ID = re.compile(r"\b[A-Z]{1,4}\d\d?\b|\(-?\d+, ?-?\d+\)|-?\d+,-?\d+")
"""A tile or token id ("F03", "W02", "DARK1", "E03") or a coordinate pair ("(1, -2)", "1,-2")."""


def test_myraclia_shows_no_raw_identifier_and_no_dashed_space():
    """Over a whole game, in both languages: no choice, log line, drawn text or tip names a
    tile or a space by id or coordinates; and no text asks for a "dashed" space, since the
    planet's free spaces are drawn with a solid outline and a "+" (the words say so)."""
    found: set[tuple[str, str]] = set()
    for s in positions("myraclia", 3):
        for lang in ("en", "it"):
            cv = paint(s, 918, 660, lang)
            texts = [a["label"] for a in s.action_dicts()] + cv.texts()
            texts += [h.tip for h in cv.hits if h.tip]
            texts += [line for _, line in s.log_lines(lang)]
            found |= {(lang, t) for t in texts if RAW_ID.search(t)
                      or re.search(r"dashed|tratteggiat", t, re.IGNORECASE)}
    assert not found, sorted(found)[:30]


def test_euphoria_names_each_faction_and_the_cloud_mine_one_way_per_language():
    """The Italian rulebook writes "Subterranean" for the faction (and "Subterra" for its
    region) and "Nuvola Miniera" for the Cloud Mine: the Italian catalogue and rules use those
    and never the English "Subterran" alone, nor another name of the Cloud Mine; the English
    texts write "Subterran" and never "Subterranean". (A guard: this already held.)"""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    catalogue = json.loads((root / "engines/euphoria/i18n/it.json").read_text(encoding="utf-8"))
    italian = list(catalogue.values()) + [(root / "web/tavolo_ui/rules/euphoria/it.md").read_text(encoding="utf-8")]
    english = list(catalogue) + [(root / "web/tavolo_ui/rules/euphoria/en.md").read_text(encoding="utf-8")]
    assert not [t for t in italian if re.search(r"Subterran(?!ean)", t)]
    assert not [t for t in italian if re.search(r"Miniera (delle|di) Nuvol|Nuvola Mineraria", t)]
    assert catalogue["Cloud Mine"] == "Nuvola Miniera" and catalogue["Subterran"] == "Subterranean"
    assert not [t for t in english if "Subterranean" in t]
