"""A third language proves the one list: a pseudo-language "xx", added the way the module doc
of ``engines.core.i18n`` says (a catalogue per domain and one entry in ``LANGUAGES``, here
monkeypatched and generated in a temporary folder, never committed), reaches every text.

Its catalogues are made from the English keys of the Italian ones (which hold every text the
code writes, ``tests/core/test_catalogues.py``): each text wrapped in ⟦ ⟧ with its letters
turned into their full-width forms (A -> Ａ), its ``{fields}`` kept. So a text rendered in
"xx" with an ASCII word left in it shows English that did not go through a catalogue."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

import engines
from engines.core import i18n
from engines.core.i18n import Language
from engines.core.rng import Rng
from tavolo_ui import home, new_game, twin
from tests.conftest import ROOT

FOLDERS = {**{p.parent.name: p for p in ROOT.glob("engines/*/i18n")}, "ui": ROOT / "web" / "tavolo_ui" / "i18n"}
_FIELD = re.compile(r"(\{[^{}]*\})")
_ENGLISH_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])")
"""Two ASCII letters or more as a word: English (a tile's id, "W10", or a letter, may stay)."""


def pseudo(english: str) -> str:
    """The pseudo-language's text: wrapped in ⟦ ⟧, letters full-width, ``{fields}`` kept."""
    parts = _FIELD.split(english)
    return "⟦" + "".join(p if _FIELD.fullmatch(p) else
                         "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in p)
                         for p in parts) + "⟧"


@pytest.fixture
def xx(tmp_path, monkeypatch):
    """The pseudo-language in the list and a catalogue of it in every domain."""
    for domain, folder in FOLDERS.items():
        here = tmp_path / domain
        here.mkdir()
        for table in folder.glob("*.json"):
            here.joinpath(table.name).write_bytes(table.read_bytes())
        english = json.loads((folder / "it.json").read_text("utf-8"))
        here.joinpath("xx.json").write_text(json.dumps({e: pseudo(e) for e in english}, ensure_ascii=False), "utf-8")
        i18n.add_domain(domain, here)
    languages = (*i18n.LANGUAGES, Language("xx", "Pseudo", "en-XA"))
    monkeypatch.setattr(i18n, "LANGUAGES", languages)
    monkeypatch.setattr(i18n, "LANGS", tuple(lang.code for lang in languages))
    monkeypatch.setattr(i18n, "LANG_NAMES", {lang.code: lang.name for lang in languages})
    for module in (home,):  # the modules that import the list's names
        monkeypatch.setattr(module, "LANGS", i18n.LANGS)
        monkeypatch.setattr(module, "LANG_NAMES", i18n.LANG_NAMES)
    i18n.MISSING.clear()
    yield "xx"
    for domain, folder in FOLDERS.items():
        i18n.add_domain(domain, folder)
    i18n.MISSING.clear()


def unwrapped(text: str, kept: set[str] = frozenset()) -> list[str]:
    """The problems of a text rendered in "xx": not wrapped, or English words left in it
    (but for the ``kept`` names, which stay as they are in every language)."""
    problems = []
    if not (text.startswith("⟦") and text.endswith("⟧")):
        problems.append(f"not wrapped: {text!r}")
    longest_first = sorted(kept, key=len, reverse=True)  # "Euphoria: Build..." before "Euphoria"
    if _ENGLISH_WORD.search(re.sub("|".join(map(re.escape, longest_first)) or "$^", "", text)):
        problems.append(f"English left: {text!r}")
    return problems


def test_the_pseudo_text_keeps_the_fields():
    assert pseudo("Build the {district} ({cost} gold)") == "⟦Ｂｕｉｌｄ ｔｈｅ {district} ({cost} ｇｏｌｄ)⟧"
    assert unwrapped(pseudo("a {x}").format(x="gold")) == ["English left: '⟦ａ gold⟧'"]


def test_every_catalogue_text_renders_in_the_new_language(xx):
    problems = []
    for domain, folder in FOLDERS.items():
        T = i18n.texts(domain)
        for english in json.loads((folder / "it.json").read_text("utf-8")):
            text = T(english, **{name: 7 for name in i18n.fields(english)}).render(xx)
            problems += [f"{domain}: {p}" for p in unwrapped(text)]
    assert problems == [] and not i18n.MISSING, "\n".join(problems[:30])


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Words(HTMLParser):
    """The texts of an HTML page a person reads: its text and its titles, labels, placeholders,
    outside ``hidden`` elements (a seat's bot levels not offered to people)."""

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.hidden: list[str] = []  # the tags of the hidden elements open now

    def handle_starttag(self, tag, attrs):
        if self.hidden or "hidden" in dict(attrs):
            if tag not in _VOID:  # an element with no end tag closes nothing
                self.hidden.append(tag)
            return
        self.texts += [v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v]

    def handle_endtag(self, tag):
        if self.hidden and self.hidden[-1] == tag:
            self.hidden.pop()

    def handle_data(self, data):
        if data.strip() and not self.hidden:
            self.texts.append(data.strip())


def page_words(html: str) -> list[str]:
    words = _Words()
    words.feed(html)
    return words.texts


def test_the_page_speaks_the_new_language(xx):
    """The home screen and each game's New game form in "xx": every text wrapped except what is
    not translated on purpose (the brand, the games' titles (and without their subtitles), the switch's language codes and
    names, the seats' default names, numbers)."""
    kept = {"Tavolo", "Pseudo", *i18n.LANG_NAMES.values(), *(code.upper() for code in i18n.LANGS)}
    titles = {engines.about(name)["title"] for name in engines.list_games()}
    kept |= titles | {home.short_title(title) for title in titles}  # a phone's header: "Euphoria"
    html = home.home_html(xx)
    assert 'data-arg="xx" lang="xx" title="Pseudo"' in html and 'aria-pressed="true">XX</button>' in html
    pages = [html] + [new_game.new_game_html(engines.get_game(name), xx) for name in twin.GAMES]
    problems = [p for page in pages for text in page_words(page) if text not in kept and not text.isdigit()
                for p in unwrapped(text, kept)]
    assert problems == [] and not i18n.MISSING, "\n".join(problems[:30])


@pytest.mark.parametrize("game_name", twin.GAMES)
def test_a_game_speaks_the_new_language(xx, game_name):
    """A seeded game in "xx": every log line, automatic event, button label, picker step and
    line of the board in words (the twin, from the view) is wrapped, with no English left."""
    game = engines.get_game(game_name)
    state = game.new_game(3, 5)
    rng = Rng.from_seed(5)
    problems: list[str] = []
    for _ in range(40):
        if game.is_over(state):
            break
        actions = game.legal_actions(state)
        texts = [game.describe(state, a, xx) for a in actions] + [game.action_label(state, a, xx) for a in actions]
        texts += [step for a in actions[:10] for step in game.action_steps(state, a, xx)]
        seat = game.to_move(state)
        for heading, lines in twin.describe(game_name, game.view(state, seat), seat, xx):
            texts += [heading, *lines]
        played = actions[rng.below(len(actions))]
        after = state.clone()
        game.apply(after, played)
        texts += [i18n.render(t, xx) for t in game.event_texts(state, played, after)]
        problems += [p for t in texts for p in unwrapped(t)]
        state = after
    assert problems == [] and not i18n.MISSING, "\n".join(sorted(set(problems))[:30])
