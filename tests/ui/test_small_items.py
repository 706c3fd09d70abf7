"""The smaller items of issue 27 that can be read in Python: the live region's sentences, the
text log's file name, the contrast of the muted texts ("Bot speed"), the hidden file input
out of the Tab order, the web manifest's language and description, and the coach's note
kept inside the board. (The focus after New game, the note on a phone and its closing with
How to play are in ``tests/web/test_small_items_page.py``.)"""

import json
import re
import shutil
from pathlib import Path

import pytest

import build
from engines.core.i18n import LANGS
from tavolo_ui.canvas import PALETTE, popup_left
from tavolo_ui.home import INSTALL_DESCRIPTION, home_html
from tavolo_ui.review import log_file_name
from tavolo_ui.words import sentences

ROOT = Path(__file__).resolve().parents[2]
STYLE = (ROOT / "web" / "style.css").read_text("utf-8")
ANNA = "\u2068Anna\u2069"


# ---- the live region -------------------------------------------------------------------------
def test_each_announcement_is_a_sentence_with_its_full_stop_and_a_space():
    said = [f"{ANNA} takes 3 gold", f"{ANNA} builds the Palace (5 gold)", "", f"{ANNA} to play."]
    assert sentences(said) == (f"{ANNA} takes 3 gold. {ANNA} builds the Palace (5 gold). {ANNA} to play.")
    assert sentences(["Watching: Ben is thinking…", "Is it over?", "Tocca ad Anna."]) == \
        "Watching: Ben is thinking… Is it over? Tocca ad Anna."
    assert sentences(["  ", ""]) == ""


# ---- the text log's file name ----------------------------------------------------------------
def test_the_text_log_file_name_is_clean_and_sortable():
    assert log_file_name("citadels", 2026, 11, 28, 16, 15) == "citadels-2026-11-28-1615.txt"
    assert log_file_name("myraclia", 2027, 1, 2, 3, 4) == "myraclia-2027-01-02-0304.txt"
    assert re.fullmatch(r"[a-z0-9_-]+\.txt", log_file_name("Giòco / x", 2026, 1, 1, 0, 0))


# ---- contrast ----------------------------------------------------------------------------------
def _var(name: str) -> str:
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", STYLE).group(1)


def _luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("background", ["bg", "panel"])
def test_muted_texts_like_bot_speed_have_a_contrast_of_4_5(background):
    """"Bot speed" (``.pace.muted``) and every muted text stand on the page or a panel."""
    assert contrast(_var("muted"), _var(background)) >= 4.5
    assert PALETTE["muted"] == _var("muted")  # the board's muted texts are the same colour


# ---- the file input ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_hidden_file_input_is_not_a_tab_stop_and_import_is_a_button(lang):
    html = home_html(lang, [], [])
    field = re.search(r'<input type="file"[^>]*>', html).group(0)
    assert 'tabindex="-1"' in field and 'aria-hidden="true"' in field
    assert re.search(r'<button type="button" class="btn" id="import-btn">', html)
    boot = (ROOT / "web" / "boot.js").read_text("utf-8")
    assert 'closest("#import-btn")' in boot and 'document.addEventListener("click", openImport)' in boot
    assert "#import-file:focus-visible" not in STYLE


# ---- the web manifest ------------------------------------------------------------------------------
def test_the_manifest_has_a_language_and_a_description_in_every_language(tmp_path):
    source = json.loads((ROOT / "web" / "manifest.webmanifest").read_text("utf-8"))
    assert source["description"] == INSTALL_DESCRIPTION.render(LANGS[0])
    built = tmp_path / "manifest.webmanifest"
    shutil.copy(ROOT / "web" / "manifest.webmanifest", built)
    build.write_manifest(built)
    manifest = json.loads(built.read_text("utf-8"))
    assert manifest["lang"] == LANGS[0]
    for lang in LANGS:
        assert INSTALL_DESCRIPTION.render(lang) in manifest["description"]
    assert {k: v for k, v in manifest.items() if k not in ("lang", "description")} == \
        {k: v for k, v in source.items() if k != "description"}


# ---- the coach's note inside the board ------------------------------------------------------------
@pytest.mark.parametrize("x", [0, 100, 200, 300, 380])
def test_a_popup_stays_inside_the_board(x):
    """At 390 px the board is about 370 px wide and the note up to 280 px plus its padding
    and borders (305 px): placed for a click anywhere it stays inside, 4 px from each edge."""
    for width in (305, 200, 120):
        left = popup_left(x + 8, width, 370)
        assert 4 <= left and left + width <= 370 - 4
    assert ".note {" in STYLE and "box-sizing: border-box; max-width: min(280px, calc(100% - 8px));" in STYLE
