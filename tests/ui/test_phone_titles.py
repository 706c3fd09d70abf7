"""What a phone's narrow screen shows of a game's name (issue: the 390 px title was cut, and a
saved Euphoria game's row on the home screen took four lines).

- The header holds the whole title and, when it differs, the title without the game's
  subtitle (``home.short_title``), which ``web/style.css`` shows up to 480 px: "New game:
  Euphoria" for "New game: Euphoria: Build a Better Dystopia", in both languages.
- A saved game's row names its game once: under its name only when the name does not already
  begin with it (the default name "Euphoria: Build a Better Dystopia · <date>"), and then
  without its subtitle.
"""

from __future__ import annotations

import re

import pytest

from engines import get_game
from tavolo_ui import home, new_game
from tavolo_ui.saves import SaveEntry

EUPHORIA = "Euphoria: Build a Better Dystopia"


def test_a_title_without_its_subtitle():
    assert home.short_title(EUPHORIA) == "Euphoria"
    assert home.short_title("Citadels") == "Citadels"


@pytest.mark.parametrize("lang, long, short", [
    ("en", "New game: " + EUPHORIA, "New game: Euphoria"),
    ("it", "Nuova partita: " + EUPHORIA, "Nuova partita: Euphoria"),
])
def test_the_new_game_forms_header_has_a_phones_title(lang, long, short):
    head = new_game.new_game_html(get_game("euphoria"), lang)
    assert f'<span class="title-long">{long}</span><span class="title-short">{short}</span>' in head
    assert f'class="title" title="{long}"' in head


def test_a_title_without_a_subtitle_is_written_once():
    head = home.header("en", "Citadels", short="Citadels")
    assert '<span class="title">Citadels</span>' in head and "title-short" not in head


def _muted(row: str) -> str:
    return re.search(r'<span class="muted">(.*?)</span>', row).group(1)


def test_a_saved_games_row_names_its_game_once():
    default = SaveEntry("g1", name=EUPHORIA + " · 07/12/2026, 21:09:06", game="euphoria", updated=1_765_000_000,
                        actions=0, over=False)
    assert _muted(home.save_row(default, "it", lambda ms: "adesso")) == "0 mosse · adesso"
    renamed = SaveEntry("g2", name="Friday", game="euphoria", updated=1_765_000_000, actions=3, over=False)
    assert _muted(home.save_row(renamed, "en", lambda ms: "today")) == "Euphoria · 3 moves · today"
