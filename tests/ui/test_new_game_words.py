"""The New game form's words (issue 27, "Words"): bot levels read Easy / Normal / Hard, the
other levels (named for people, never by their id) and the seed only under "Advanced", and
seats counted from 1 wherever a person reads or types one."""

import re
from pathlib import Path

import pytest

from engines import get_game
from engines.core.bots import bot_levels
from tavolo_ui import new_game
from tavolo_ui.review import _option_text

GAMES = ["spyrium", "citadels", "euphoria", "myraclia"]
SHOWN = {"en": ["Person here", "Friend at a distance", "Bot (Easy)", "Bot (Normal)", "Bot (Hard)"],
         "it": ["Persona presente", "Amico a distanza", "Bot (Facile)", "Bot (Normale)", "Bot (Difficile)"]}
STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"


def _options(select_html: str) -> list[tuple[str, str, str]]:
    """Each ``<option>`` of some markup as (value, attributes, text)."""
    return re.findall(r'<option value="([^"]*)"([^>]*)>([^<]*)</option>', select_html)


def _first_seat_kinds(html: str) -> str:
    return re.search(r'<select class="seat-kind".*?</select>', html, re.S).group(0)


def _advanced(html: str) -> str:
    found = re.search(r'<details id="advanced"[^>]*>.*?</details>', html, re.S)
    assert found, "the form has no Advanced disclosure"
    return found.group(0)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", GAMES)
def test_seats_offer_easy_normal_hard_and_the_rest_only_under_advanced(name, lang):
    html = new_game.new_game_html(get_game(name), lang)
    options = _options(_first_seat_kinds(html))
    plain = [text for _value, attrs, text in options if "advanced" not in attrs and "hidden" not in attrs]
    assert plain == SHOWN[lang]
    advanced = [(value, text) for value, attrs, text in options if "advanced" in attrs]
    assert {v for v, _t in advanced} == {"bot:random", "bot:playout", "bot:heuristic"}
    for _value, text in advanced:  # named for people: no raw id, in either language
        assert not re.search(r"\b(random|playout|heuristic|search)\b", text), text
    # the style sheet shows those options only while Advanced is open
    style = STYLE.read_text("utf-8")
    assert ".seat-kind option.advanced { display: none; }" in style
    assert "#new-form:has(#advanced[open]) .seat-kind option.advanced { display: block; }" in style


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", GAMES)
def test_the_seed_is_under_advanced_with_what_it_does(name, lang):
    html = new_game.new_game_html(get_game(name), lang)
    advanced = _advanced(html)
    assert 'id="seed"' in advanced and html.count('id="seed"') == 1
    said = {"en": "The same seed deals the same game", "it": "Lo stesso seme distribuisce la stessa partita"}[lang]
    assert said in advanced
    assert "<details id=\"advanced\" class=\"advanced\">" in advanced  # closed unless opened


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_level_has_a_name_for_people(name):
    for level in bot_levels(get_game(name)):
        assert level in new_game.LEVEL_NAMES
        for lang in ("en", "it"):
            assert new_game.bot_level_name(level, lang) != level


def test_a_saved_seat_of_an_old_level_name_reads_as_that_level():
    """Euphoria's "search" (its Normal's old name) is not offered twice, and a fork of a game
    with it reads "Normal"."""
    game = get_game("euphoria")
    html = new_game.seat_kind_options(new_game.offered_levels(game), "bot:search", "en", game)
    assert ("bot:search", " selected", "Bot (Normal)") in _options(html)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_citadels_crown_seat_is_counted_from_1_on_the_form(lang):
    html = new_game.options_html(get_game("citadels"), lang)
    field = re.search(r'<label class="row">([^<]*)<input[^>]*data-key="first_crown"[^>]*>', html)
    assert field, html
    label, tag = field.group(1), field.group(0)
    assert not re.search(r"\d", label)  # no "(0 is the first player)"
    assert 'data-type="seat"' in tag and 'value="1"' in tag and 'min="1"' in tag and 'max="7"' in tag


def test_seat_options_in_the_text_log_are_counted_from_1():
    assert _option_text(get_game("citadels"), "first_crown", 0, "en").endswith("= 1")
    assert _option_text(get_game("myraclia"), "youngest_first", [1, 0, 2], "en").endswith("= 2, 1, 3")


def test_a_wrong_crown_seat_is_refused_in_seats_from_1():
    with pytest.raises(ValueError) as info:
        get_game("citadels").new_game(3, 1, {"first_crown": 3})
    assert info.value.args[0].render("en") == "The first crown must go to a seat from 1 to 3, not 4."
