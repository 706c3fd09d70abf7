"""Names people typed are shown isolated (``tavolo_ui.bidi``, issue 25): a name holding
U+202E RIGHT-TO-LEFT OVERRIDE (or any direction control) never reorders the page's own words
around it, wherever the name is shown; and it is stored as it was typed.

``outside(text)`` is what the bidirectional algorithm lays out at the sentence's own level:
the text with every isolate (FSI/LRI/RLI … its matching PDI) taken out. A name is isolated
when none of it, and none of its controls, is left there.
"""

from __future__ import annotations

import json

import pytest

from engines.core.i18n import starts_with_vowel
from tavolo_ui.bidi import BIDI_CONTROLS, FSI, PDI, Isolated, bdi, isolate, shown, visible_length
from tavolo_ui.canvas import Canvas
from tavolo_ui.saves import Msg
from tavolo_ui.session import Session

RLO = "\u202e"
EVIL = RLO + "Anna"  # shows as "annA", and without isolation turns the rest of the line around
HOSTILE = [EVIL, "x" + PDI + RLO + "Bo", "\u2067Cy", "Di\n" + RLO + "x", "\u202aE\u202c\u200f\u061c"]
"""Names that try every way out of an isolate: an override, a PDI of their own closing ours,
an isolate left open, a line break (a new paragraph), embeddings and marks."""


def outside(text: str) -> str:
    """``text`` without its isolates: what is laid out at the sentence's own level."""
    out, depth = [], 0
    for ch in text:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == PDI and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    assert depth == 0, f"an isolate is left open in {text!r}"
    return "".join(out)


def assert_isolated(text: str, name: str, sentence: str) -> None:
    """``text`` shows ``name`` inside an isolate, and at the sentence's level only
    ``sentence`` (the page's own words), with no direction control."""
    assert isolate(name) in text, (text, name)
    level = outside(text)
    assert level == sentence, (text, level)
    assert not BIDI_CONTROLS & set(level) and "\n" not in level, text


# ---- the helper ---------------------------------------------------------------------------------
def test_a_name_is_put_between_fsi_and_pdi_as_it_was_typed():
    assert isolate("Anna") == FSI + "Anna" + PDI
    assert isolate(EVIL) == FSI + EVIL + PDI  # the override stays: "annA" inside, as typed
    assert outside("Tocca a " + isolate(EVIL) + ".") == "Tocca a ."


def test_a_name_cannot_end_its_isolate_early():
    assert shown("x" + PDI + RLO + "Bo") == "x" + RLO + "Bo"  # its stray PDI would close ours
    assert shown("\u2067Cy") == "\u2067Cy" + PDI  # the isolate it opens is closed
    assert shown(FSI + "a" + PDI + PDI) == FSI + "a" + PDI  # balanced ones stay, the extra goes
    assert shown("Di\n" + RLO + "x") == "Di " + RLO + "x"  # a new paragraph would escape every isolate
    assert shown("Di\u2029\r\x85x") == "Di   x"
    for name in HOSTILE:
        assert_isolated("Tocca a " + isolate(name) + ".", name, "Tocca a .")


def test_a_cut_name_is_cut_before_it_is_isolated():
    assert isolate("Bartholomew the Great", 12) == FSI + "Bartholomew…" + PDI
    assert isolate("\u2067" + "a" * 20, 5) == FSI + "\u2067aaa…" + PDI + PDI  # the cut isolate closed too
    assert isolate("Ann", 12) == FSI + "Ann" + PDI


def test_html_names_are_escaped_inside_bdi():
    assert bdi('<b>"Bo"</b>') == "<bdi>&lt;b&gt;&quot;Bo&quot;&lt;/b&gt;</bdi>"
    assert bdi("x" + PDI + RLO) == "<bdi>x" + RLO + "</bdi>"  # a <bdi> ends at a stray PDI too


def test_the_controls_take_no_room_on_the_board():
    assert visible_length(isolate(EVIL)) == len("Anna")
    assert Canvas.text_width(isolate("Anna") + " to move", 12) == Canvas.text_width("Anna to move", 12)


def test_a_name_that_is_a_message_is_isolated_in_each_language():
    from engines.core.i18n import texts

    T = texts("ui")
    unnamed = Msg(T("Save {id}")).format(id=3)  # a save the page named, in the page's language
    line = T("Delete “{name}”? This cannot be undone.", name=Isolated(unnamed))
    assert line.render("en") == f"Delete “{FSI}Save 3{PDI}”? This cannot be undone."
    assert line.render("it") == f"Eliminare “{FSI}Partita 3{PDI}”? Non si potrà tornare indietro."
    assert Msg(T("Imported “{name}”.")).format(name=Isolated(EVIL)).render("en") == f"Imported “{isolate(EVIL)}”."


# ---- where names enter the page's texts -----------------------------------------------------------
def H(name: str) -> dict:
    return {"name": name, "kind": "human"}


@pytest.mark.parametrize("name", HOSTILE)
def test_the_status_line_and_the_log_isolate_a_seats_name(name):
    s = Session.start("toy", [H(name), H("Ben")], seed=3)
    s.confirm_handoff()
    assert_isolated(s.status(), name, " to play.")
    s.lang = "it"
    prep = "ad" if starts_with_vowel(name) else "a"  # Italian's "ad" before a vowel (fit_preposition)
    assert_isolated(s.status(), name, f"Tocca {prep} .")
    s.lang = "en"
    line = s.apply({"type": "stop"})
    assert_isolated(line, name, " stops")
    assert_isolated(s.log[-1][1], name, " stops")
    assert_isolated(s.log_lines("it")[-1][1], name, s.log_lines("it")[-1][1].replace(isolate(name), ""))
    assert s.record.seats[0].name == name  # stored as typed
    assert json.loads(s.record.model_dump_json())["seats"][0]["name"] == name


def test_labels_coach_and_winners_isolate_a_seats_name():
    s = Session.start("toy", [H(EVIL), H("Ben")], seed=3)
    s.confirm_handoff()
    assert [a["label"] for a in s.action_dicts()] == [f"{isolate(EVIL)} draws", f"{isolate(EVIL)} stops"]
    s.apply({"type": "draw"})
    assert_isolated(s.explain({"type": "stop"}), "Ben", "It is ’s turn: wait for yours.")
    assert_isolated(s.names([0, 1]), EVIL, " and ")
    while not s.is_over():
        s.confirm_handoff()
        s.apply({"type": "stop"})
    assert outside(s.status()).startswith("Game over. Winner")
    assert not BIDI_CONTROLS & set(outside(s.status()))


def test_board_texts_and_tips_get_the_name_isolated():
    s = Session.start("toy", [H(EVIL), H("x" + PDI + RLO + "Bo")], seed=3)
    cv = Canvas(300, 200)
    cv.text(0, 0, "Player 1 to move")
    cv.text(0, 20, "Player 2 draws")
    cv.hit(0, 0, 10, 10, tip="Player 1 holds it")
    s.rename_canvas(cv)
    assert_isolated(cv.texts()[0], EVIL, " to move")
    assert_isolated(cv.texts()[1], "x" + PDI + RLO + "Bo", " draws")
    assert_isolated(cv.hits[0].tip, EVIL, " holds it")


def test_a_long_name_on_the_board_is_cut_inside_its_isolate():
    name = RLO + "Bartholomew the Great"
    s = Session.start("toy", [H(name)], seed=3)
    cv = Canvas(300, 200)
    cv.text(0, 0, "Player 1 draws")
    s.rename_canvas(cv)
    assert cv.texts() == [FSI + RLO + "Bartholome…" + PDI + " draws"]


def test_the_text_log_isolates_every_name():
    from tavolo_ui.review import Review, text_log

    s = Session.start("toy", [H(EVIL), H("Ben")], seed=3)
    s.confirm_handoff()
    s.apply({"type": "stop"})
    text = text_log(Review(s, None), "en")
    players = next(line for line in text.splitlines() if line.startswith("Players:"))
    assert_isolated(players, EVIL, "Players:  (human),  (human)")
    assert "1. " + isolate(EVIL) + " stops" in text.splitlines()


def test_the_home_screen_shows_a_saves_name_in_bdi():
    from tavolo_ui.home import save_row
    from tavolo_ui.saves import SaveEntry

    entry = SaveEntry("g1", name=EVIL + " <i>", game="citadels", updated=1, actions=2, over=False)
    row = save_row(entry, "en", lambda ms: "today")
    assert '<b class="save-name"><bdi>' + RLO + 'Anna &lt;i&gt;</bdi></b>' in row
    broken = save_row(SaveEntry("g2", name="x" + PDI + RLO, error="damaged"), "it", lambda ms: "")
    assert '<b class="save-name"><bdi>x' + RLO + '</bdi></b>' in broken
