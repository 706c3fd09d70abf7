"""Italian's preposition fits the name after it (issue 27, "Words"): "Tocca ad Anna", "Tocca a
Ben", wherever a catalogue writes "a {field}" and wherever the page puts a seat's name in
place of "Player N" (``engines.core.i18n.fit_preposition``)."""

import re
from pathlib import Path

import pytest

from engines.core.i18n import Text, fields, fit_preposition, player, render, table
from tavolo_ui.bidi import isolate
from tavolo_ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = ["core", "ui", "spyrium", "citadels", "euphoria", "myraclia"]
VOWELS = ["Anna", "Elena", "Igor", "Olga", "Ugo", "Èrik", "Ìsa"]
CONSONANTS = ["Ben", "Carla", "Dario", "3"]
BEFORE_FIELD = re.compile(r"(?<!\w)[aA] \{(\w+)\}")


@pytest.mark.parametrize("name", VOWELS)
def test_a_becomes_ad_before_a_vowel(name):
    assert fit_preposition("it", "Tocca a ", name) == "Tocca ad "
    assert fit_preposition("it", "A ", isolate(name)) == "Ad "  # a sentence's start, an isolated name
    assert fit_preposition("it", "Passa il dispositivo a ", f"«{name}»") == "Passa il dispositivo ad "


@pytest.mark.parametrize("name", CONSONANTS)
def test_a_stays_before_a_consonant_or_a_number(name):
    assert fit_preposition("it", "Tocca a ", name) == "Tocca a "


def test_only_the_preposition_and_only_in_italian():
    assert fit_preposition("en", "Give a ", "Anna") == "Give a "
    assert fit_preposition("it", "casa ", "Anna") == "casa "  # another word
    assert fit_preposition("it", "Tocca a", "Anna") == "Tocca a"  # not a word before it
    assert fit_preposition("it", "la ", "Anna") == "la "


def _italian_entries_with_a_before_a_field():
    """(domain, English, field) of every catalogue entry whose Italian writes "a {field}"."""
    found = []
    for domain in DOMAINS:
        for english, italian in table(domain, "it").items():
            found += [(domain, english, m.group(1)) for m in BEFORE_FIELD.finditer(italian)]
    return found


ENTRIES = _italian_entries_with_a_before_a_field()


def test_the_catalogues_write_a_before_names():
    """The scan below sees the strings the issue names ("{name} to play.", a thief's victim,
    the first player card's new holder)."""
    seen = {(d, e) for d, e, _f in ENTRIES}
    assert ("ui", "{name} to play.") in seen
    assert ("citadels", "{thief} takes {gold} from {player}") in seen
    assert ("spyrium", "The first player card passes to {player}") in seen
    assert len(ENTRIES) > 20


@pytest.mark.parametrize("domain,english,field", ENTRIES, ids=[f"{d}:{e[:40]}" for d, e, _f in ENTRIES])
def test_every_italian_a_before_a_field_fits_the_value(domain, english, field):
    for name, prep in (("Anna", "ad"), ("Ben", "a"), ("Èrik", "ad")):
        values = {f: name for f in fields(english)}
        shown = Text(domain, english, values).render("it")
        assert not re.search(rf"(?<!\w)(?i:a|ad) {name}", shown.replace(f"{prep} {name}", "")), shown
        assert re.search(rf"(?<!\w)(?i:{prep}) {name}", shown), shown


def test_the_page_fits_the_preposition_to_a_seat_name():
    """The engines say "Giocatore 1"; the page puts the seat's name there and the word before
    it follows the name."""
    s = Session.start("toy", [{"name": "Anna", "kind": "human"}, {"name": "Ben", "kind": "human"}], seed=3)
    s.lang = "it"
    turn = lambda seat: Text("ui", "{name} to play.", {"name": player(seat)})  # noqa: E731
    assert s.show(turn(0)) == f"Tocca ad {isolate('Anna')}."
    assert s.show(turn(1)) == f"Tocca a {isolate('Ben')}."
    assert s.rename(render(turn(0), "en"), lang="en") == f"{isolate('Anna')} to play."
    assert s.rename("A Giocatore 1 va la Corona", lang="it") == f"Ad {isolate('Anna')} va la Corona"

