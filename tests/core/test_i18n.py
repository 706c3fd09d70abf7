"""The catalogue mechanism (engines.core.i18n): templates, translation tables, nesting, misses."""

from __future__ import annotations

import json

import pytest

from engines.core import i18n
from engines.core.errors import IllegalAction
from engines.core.i18n import LANGS, PLAYER_RE, Text, add_domain, best_lang, fields, player, render, texts


@pytest.fixture
def domain(tmp_path):
    (tmp_path / "it.json").write_text(json.dumps({
        "Build the {district} ({cost} gold)": "Costruisci {district} ({cost} oro)",
        "the Palace": "il Palazzo",
    }), encoding="utf-8")
    add_domain("test-domain", tmp_path)
    yield texts("test-domain")
    i18n.MISSING.clear()


def test_a_text_renders_in_each_language_with_nested_texts(domain):
    T = domain
    text = T("Build the {district} ({cost} gold)", district=T("the Palace"), cost=5)
    assert str(text) == text.render("en")
    assert text.render("en") == "Build the the Palace (5 gold)"
    assert text.render("it") == "Costruisci il Palazzo (5 oro)"
    assert [t.template for t in text.walk()] == ["Build the {district} ({cost} gold)", "the Palace"]


def test_a_missing_translation_renders_english_and_is_remembered(domain):
    T = domain
    assert T("Not translated {n}", n=2).render("it") == "Not translated 2"
    assert ("test-domain", "it", "Not translated {n}") in i18n.MISSING


def test_texts_compare_by_content(domain):
    T = domain
    assert T("the Palace") == T("the Palace")
    assert T("a {x}", x=1) != T("a {x}", x=2)
    assert len({T("the Palace"), T("the Palace")}) == 1


def test_players_are_named_in_each_language_and_found_by_the_page():
    assert player(0).render("en") == "Player 1"
    assert player(2).render("it") == "Giocatore 3"
    for lang in LANGS:
        assert [m.group(1) for m in PLAYER_RE.finditer(f"{player(1).render(lang)} and {player(3).render(lang)}")] == ["2", "4"]


def test_illegal_action_carries_its_reason_as_a_text(domain):
    T = domain
    exc = IllegalAction(T("Build the {district} ({cost} gold)", district=T("the Palace"), cost=5))
    assert str(exc) == "Build the the Palace (5 gold)"
    assert exc.message("it") == "Costruisci il Palazzo (5 oro)"
    assert IllegalAction("plain").message("it") == "plain"


def test_helpers():
    assert fields("{a} and {b}, {a}") == ["a", "b", "a"]
    assert render("as is", "it") == "as is"
    assert best_lang(["it-IT", "en-US"]) == "it"
    assert best_lang(["de-DE", "en-GB"]) == "en"
    assert best_lang([]) == "en"


def test_every_table_shipped_keeps_the_fields_of_its_templates():
    """A translation must use exactly the fields of its English template: a field missing or
    misspelt would show a raw "{name}" or raise when rendered."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    tables = [p for p in root.glob("engines/**/i18n/*.json")] + [p for p in root.glob("web/**/i18n/*.json")]
    assert tables, "no translation table found"
    for path in tables:
        data = json.loads(path.read_text(encoding="utf-8"))
        for english, translated in data.items():
            assert isinstance(translated, str) and translated.strip(), f"{path}: empty translation of {english!r}"
            assert sorted(set(fields(english))) == sorted(set(fields(translated))), f"{path}: {english!r} -> {translated!r}"
