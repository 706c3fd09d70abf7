"""Texts for people, in Italian and English: one small catalogue mechanism for the engines and the UI.

A text is written in the code once, in English, as a template with named fields:

    T = texts("citadels")                      # this package's catalogue ("domain")
    T("Build the {district} ({cost} gold)", district=T("Palace"), cost=5)

``T(...)`` makes a ``Text``: nothing is translated yet. ``text.render("it")`` looks the
English template up in the domain's Italian table and fills the fields, rendering any field
that is itself a ``Text`` (a card name, a smaller phrase) in the same language; ``str(text)``
is the English. So an engine can say *what* to tell a person once, and the page can show it in
either language, later, and again in the other one when the person switches (the log keeps
``Text`` objects, not strings).

Catalogues are data files: ``<package folder>/i18n/<lang>.json``, a JSON object from each
English template to its translation (English needs no file: the template is the English). The
domain "core" is ``engines/core/i18n/``; a game's domain is its package name; other packages
(the UI) register their folder with ``add_domain``. A template missing from a table renders in
English and is remembered in ``MISSING`` (the translation walk in the tests fails on it).

Players are named with ``player(seat)``: "Player 2" / "Giocatore 2"; the page replaces both
with the seat's name (``PLAYER_RE``, made from each language's "Player {n}").

The languages are listed once, in ``LANGUAGES`` (code, own name, locale, the words that change
before a vowel: ``fit_preposition``); everything else reads
that list: the page's language switch and its dates (``tavolo_ui``), ``build.py`` (the first
screens of each language, and the languages and boot texts it writes into ``boot.js``, which
names no language itself), ``main.py`` (its last-resort texts come from ``boot.js``).

Adding a language (code ``xx``) takes:

- a catalogue ``xx.json`` in every domain's folder: ``engines/core/i18n/``, each game's
  ``engines/<game>/i18n/`` and the page's ``web/tavolo_ui/i18n/`` (the page's holds the boot
  texts too, ``build.BOOT_TEXTS``), with an entry for every English template written in the
  code and no other (``tests/core/test_catalogues.py`` names the file and the text of any
  entry missing or left over, and checks the fields);
- the rules in that language, ``web/tavolo_ui/rules/<game>/xx.md`` (a game without them shows
  the English rules);
- one entry in ``LANGUAGES``.

``tests/ui/test_new_language.py`` adds a pseudo-language that way (in the test only) and
shows that it reaches every text.
"""

from __future__ import annotations

import json
import re
import string
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple



class Language(NamedTuple):
    """A language Tavolo speaks."""

    code: str
    """Its ISO 639-1 code: the name of its catalogues (``<code>.json``) and the page's ``lang``."""
    name: str
    """Its own name ("Italiano"), on the page's language switch."""
    locale: str | None
    """The BCP-47 locale dates are written in ("it-IT"); None: the browser's own."""
    before_vowel: tuple[tuple[str, str], ...] = ()
    """Words that change before a word starting with a vowel, as (word, its form there):
    Italian's preposition ("a", "ad"): "Tocca ad Anna", "Tocca a Ben" (``fit_preposition``)."""


LANGUAGES = (
    Language("en", "English", None),
    Language("it", "Italiano", "it-IT", before_vowel=(("a", "ad"),)),
)
"""Every language Tavolo speaks, the one the code is written in (English) first: the one list
every other place reads (see the module doc for what adding one takes)."""

LANGS = tuple(language.code for language in LANGUAGES)
"""The codes of ``LANGUAGES``, in order: ``LANGS[0]`` is the language of the code."""

LANG_NAMES = {language.code: language.name for language in LANGUAGES}


def language(code: str) -> Language:
    """The entry of ``LANGUAGES`` with this code (KeyError for a language Tavolo does not speak)."""
    for entry in LANGUAGES:
        if entry.code == code:
            return entry
    raise KeyError(code)

_FORMATTER = string.Formatter()

_ENGINES = Path(__file__).resolve().parents[1]  # the ``engines`` folder: one package per game
_folders: dict[str, Path] = {"core": Path(__file__).resolve().parent / "i18n"}
_tables: dict[tuple[str, str], dict[str, str]] = {}

MISSING: set[tuple[str, str, str]] = set()
"""(domain, lang, template) of every text rendered without a translation since start-up."""


def add_domain(domain: str, folder: str | Path) -> None:
    """Register the folder holding ``<lang>.json`` for ``domain`` (a game is found by itself)."""
    _folders[domain] = Path(folder)
    for key in [k for k in _tables if k[0] == domain]:
        del _tables[key]


def _folder(domain: str) -> Path:
    """The folder of ``domain``'s catalogues: registered with ``add_domain``, else a game's
    own, ``engines/<domain>/i18n/`` (a game's domain is its package's name)."""
    if domain not in _folders:
        _folders[domain] = _ENGINES / domain / "i18n"
    return _folders[domain]


def table(domain: str, lang: str) -> dict[str, str]:
    """The translations of ``domain`` into ``lang`` ({} for English or a missing file)."""
    key = (domain, lang)
    if key not in _tables:
        data: dict[str, str] = {}
        path = _folder(domain) / f"{lang}.json"
        if lang != LANGS[0] and path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
        _tables[key] = data
    return _tables[key]


def fields(template: str) -> list[str]:
    """The names of the fields of a template, in order ("{a} and {b}" -> ["a", "b"])."""
    return [name for _, name, _, _ in _FORMATTER.parse(template) if name]


class Text:
    """A text for a person, translated when it is rendered. Immutable and comparable.

    ``domain``: the catalogue; ``template``: the English, with ``{field}`` places;
    ``params``: the values of the fields (numbers, strings shown as they are, or ``Text``).
    """

    __slots__ = ("domain", "template", "params")

    def __init__(self, domain: str, template: str, params: dict[str, Any] | None = None):
        self.domain = domain
        self.template = template
        self.params = params or {}

    def render(self, lang: str = "en") -> str:
        """The text in ``lang`` (a code of ``LANGS``); an unknown language renders English."""
        template = self.template
        if lang != LANGS[0]:
            translated = table(self.domain, lang).get(template)
            if translated is None:
                MISSING.add((self.domain, lang, template))
            else:
                template = translated
        if not self.params:
            return template
        values = {k: (v.render(lang) if isinstance(v, Text) else v) for k, v in self.params.items()}
        if not _changes_before_vowel(lang):
            return template.format(**values)
        out = ""  # filled field by field, so a preposition before a field fits its value
        for literal, name, spec, conversion in _FORMATTER.parse(template):
            out += literal
            if name is not None:
                value = _FORMATTER.get_field(name, (), values)[0]
                shown = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
                out = fit_preposition(lang, out, shown) + shown
        return out

    def walk(self) -> Iterator["Text"]:
        """This text and every ``Text`` inside its fields (for the translation tests)."""
        yield self
        for v in self.params.values():
            if isinstance(v, Text):
                yield from v.walk()

    def __str__(self) -> str:
        return self.render(LANGS[0])

    def __repr__(self) -> str:
        return f"Text({self.domain!r}, {self.template!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Text) and (self.domain, self.template, self.params)
                == (other.domain, other.template, other.params))

    def __hash__(self) -> int:
        return hash((self.domain, self.template))


def texts(domain: str) -> Callable[..., Text]:
    """The ``T`` of a package: ``T(template, **fields) -> Text`` in ``domain``."""
    def make(template: str, **params: Any) -> Text:
        return Text(domain, template, params)
    make.domain = domain  # type: ignore[attr-defined]
    return make


def render(text: "Text | str | Any", lang: str = "en") -> str:
    """``text`` in ``lang``: a ``Text``, or anything else that renders itself in a language (a
    ``render(lang)`` method: ``errors.Refusal``); a plain ``str`` is returned as it is (already a
    person's text)."""
    if isinstance(text, Text):
        return text.render(lang)
    own = getattr(text, "render", None)
    return own(lang) if callable(own) and not isinstance(text, str) else str(text)


def render_entries(entries: list[tuple[str, "Text", "Text", "Text"]], lang: str = "en",
                   style: Callable[[str], str] = lambda text: text) -> list[dict]:
    """A game's reference (``Game.reference``) from its ``(id, kind, name, text)`` entries:
    each rendered in ``lang`` as ``{"id", "kind", "name", "text"}``; ``style`` is applied to
    the name and the text (a game whose names start lower case capitalises them)."""
    return [{"id": i, "kind": kind.render(lang), "name": style(name.render(lang)), "text": style(text.render(lang))}
            for i, kind, name, text in entries]


_CORE = texts("core")


def player(seat: int) -> Text:
    """How a seat is named in texts: "Player 2" (seat 1) / "Giocatore 2"; the page puts the
    seat's own name in its place (``PLAYER_RE``)."""
    return _CORE("Player {n}", n=seat + 1)


def _player_re() -> re.Pattern[str]:
    """``player(seat)`` rendered in any language of ``LANGUAGES``: the words before the number
    in each language's "Player {n}" (the number comes last in each), then the number."""
    template = player(0).template
    words = dict.fromkeys(re.escape(table("core", lang).get(template, template).split("{n}")[0])
                          for lang in LANGS)
    return re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(\d+)\b")


PLAYER_RE = _player_re()
"""Matches ``player(seat)`` rendered in any language; group 1 is the seat number from 1."""


def _changes_before_vowel(lang: str) -> tuple[tuple[str, str], ...]:
    """``Language.before_vowel`` of ``lang`` (none for a language Tavolo does not speak)."""
    for entry in LANGUAGES:
        if entry.code == lang:
            return entry.before_vowel
    return ()


_LAST_WORD = re.compile(r"(?<!\w)(\w+) $")


def starts_with_vowel(word: str) -> bool:
    """Whether ``word``'s first letter (after quotes and invisible bidi marks) is a vowel,
    accented or not: "Anna", "«Elena»", "Èrik" yes; "Ben", "3", "" no."""
    for ch in word:
        if ch.isalpha():
            return unicodedata.normalize("NFD", ch)[0].lower() in "aeiou"
        if ch.isdigit():
            return False
    return False


def fit_preposition(lang: str, before: str, word: str) -> str:
    """``before`` (the text written just before ``word``) with its last word in the form
    ``lang`` wants before ``word``: in Italian the preposition "a" becomes "ad" before a
    vowel ("Tocca ad Anna", "Tocca ad Èrik", "Tocca a Ben"; "Ad" at a sentence's start), as
    ``Language.before_vowel`` lists. The one rule for every catalogue: ``Text.render``
    applies it where a template's text is followed by a field (the catalogues write "a
    {player}" and the value decides), and the page where it puts a seat's name in place of
    "Player N" (``tavolo_ui.session.Session.rename``). A word written before another word in
    the template itself stays as the translator wrote it."""
    changes = _changes_before_vowel(lang)
    found = _LAST_WORD.search(before) if changes else None
    if found is None or not starts_with_vowel(word):
        return before
    last = found.group(1)
    for plain, changed in changes:
        if last.lower() == plain:
            changed = changed.capitalize() if last[0].isupper() else changed
            return before[:found.start(1)] + changed + " "
    return before


def best_lang(preferences: list[str] | tuple[str, ...]) -> str:
    """The language to start in from the browser's preferences (``navigator.languages``,
    e.g. ["it-IT", "en"]): the first one Tavolo speaks, else English."""
    for pref in preferences:
        code = str(pref).split("-")[0].lower()
        if code in LANGS:
            return code
    return LANGS[0]
