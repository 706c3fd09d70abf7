"""No raw identifier, no English on the Italian page, no Italian on the English page (issue 27).

Each game is played whole by its heuristic bots (two player counts, with and without the
options that change what is shown); seat 0 is the person at the device, the others bots. At
every ``EVERY``-th position, and at the end, the scan collects, in English and in Italian,
every text a person reads:

- every ``text`` op and every tip the renderer draws (board at 918 and 378 px, as seat 0 and as
  a spectator), with the seats' names put in as the page does (``Session.rename_canvas``), and
  the coach's note of a sample of the spots that are no legal choice (``Session.coach``);
- every choice label and picker step of the seat to move (``Session.button_label``,
  ``Game.action_steps``) and the page's choice list (``Session.action_dicts``);
- the status line, the screen-reader twin's sections (as seat 0 and as a spectator);
- at the end: the whole log (action and event lines), the result, the end table's score
  categories and the statistics' labels, groups and values.

Checks:

a. no raw identifier: no snake_case token, no upper-case id with an underscore, no component
   id of the game's data that is not also its name (``Game.reference``: "A-mine-left",
   "WAT_ENERGY"), no Myraclia tile id ("F03"), no coordinates "(1, -2)", no Python repr
   ("None", "True", "False", "{'", "[]");
b. Italian: nothing falls back to English (``i18n.MISSING`` empty after the scan), and no
   Italian text equals an English text of the same position unless every word of it is a name
   kept the same in both languages (the catalogues' entries that translate to themselves, the
   names of ``Game.reference`` that read the same in both, the seats' names);
c. English: no Italian catalogue text (an entry whose Italian differs from its English) appears
   as a whole in an English text.

Checks a, c and the common English words look at each distinct text of a game once
(``distinct``): most texts of a position were read at the position before, and checking them
again cost over a minute (80 s for the file, 12 s since).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

import engines
from engines.core import i18n
from engines.core.bots import get_bot
from engines.core.i18n import Text, render
from engines.core.rng import Rng
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session
from tavolo_ui.twin import describe

ROOT = Path(__file__).resolve().parents[2]
BOARDS = [(918, 660), (378, 704)]
"""(board width, height offered) for a 1280 x 800 window and a 390 x 844 phone."""
LANGS = ("en", "it")
GAMES = ("spyrium", "citadels", "euphoria", "myraclia")
CASES = [
    ("spyrium", 2, {}), ("spyrium", 4, {}),
    ("citadels", 2, {}), ("citadels", 5, {"short_game": True, "killed_king_heir": True,
                                          "forbid_duplicate_districts": True, "first_crown": 2}),
    ("euphoria", 2, {}), ("euphoria", 4, {"recruit_draft": True, "market_selection": True,
                                          "morale_knowledge_placement": True, "first_printing_recruits": True,
                                          "trading": False}),
    ("myraclia", 2, {}), ("myraclia", 4, {"kickstarter": True, "eternity": True, "darkness": True}),
]
"""(game, players, options): each game at two player counts, the second with its options on."""
SEATS = ["Ada", "Bruno", "Carla", "Dario", "Elsa"]
"""The seats' names (seat 0 a human, the others bots): names, allowed in both languages."""
EVERY = 9
"""Positions between two scans."""
MAX_MOVES = 1500

SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
UPPER_ID = re.compile(r"\b[A-Z]{2,}_[A-Z0-9_]+\b")
TILE_ID = re.compile(r"\b[A-Z]\d\d\b")
COORDS = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
REPRS = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\[\]")
BEFORE_VOWEL = [pair for language in i18n.LANGUAGES if language.code == "it" for pair in language.before_vowel]
WORD = re.compile(r"[^\W\d_]+")


# ---- what a person reads -------------------------------------------------------------------
COACH_PROBES = 12
"""Board spots per position whose coach's note (a click on a spot that is no legal choice) is read."""


def board_texts(s: Session, lang: str) -> list[str]:
    """Every text op and tip of the board, as seat 0 (with its choices) and as a spectator,
    and the coach's notes of the first ``COACH_PROBES`` spots that are no legal choice now."""
    out = []
    render_board = get_renderer(s.game.name)
    for me, actions in ((0, s.action_dicts()), (None, [])):
        view = s.game.view(s.state, me)
        for width, height in BOARDS:
            cv = Canvas(width, height, lang=lang)
            render_board(cv, view, actions, me)
            s.rename_canvas(cv)
            out += [op[3] for op in cv.ops if op[0] == "text"]
            out += [h.tip for h in cv.hits if h.tip]
            if me == 0 and width == BOARDS[0][0]:
                probes = [h.probe for h in cv.hits if h.probe][:COACH_PROBES]
                out += [why for probe in probes if (why := s.coach(probe)[0])]
    return out


def choice_texts(s: Session, lang: str) -> list[str]:
    """The labels and picker steps of the seat to move, and the page's choice list."""
    out = [a["label"] for a in s.action_dicts()]
    for a in s.legal_actions()[:80]:
        out.append(s.button_label(a))
        out += [s.rename(t) for t in s.game.action_steps(s.state, a, lang)]
    return out


def twin_texts(s: Session, lang: str) -> list[str]:
    out = []
    for me in (0, None):
        for head, lines in describe(s.game.name, s.game.view(s.state, me), me, lang):
            out += [head, *lines]
    return out


def end_texts(s: Session, lang: str) -> list[str]:
    """The log, the result and the end table: score categories and statistics."""
    out = [line for _seat, line in s.log_lines(lang)]
    cats, _rows = s.breakdown()
    names = {k: str(v) for k, v in dict(s.game.score_categories(lang)).items()}
    out += [names.get(c) or c for c in cats]  # the end table's fallback shows the raw key
    for row in s.game.statistics(s.record):
        out.append(render(row.label, lang))
        if row.group is not None:
            out.append(render(row.group, lang))
        out += [render(v, lang) for v in row.values if isinstance(v, Text)]
    return out


def position_texts(s: Session, lang: str) -> list[str]:
    s.lang = lang
    out = board_texts(s, lang) + choice_texts(s, lang) + twin_texts(s, lang) + [s.status()]
    if s.is_over():
        out += end_texts(s, lang)
    return out


@lru_cache(maxsize=None)
def scan(game_name: str, players: int, options: tuple) -> tuple[list[dict[str, list[str]]], frozenset]:
    """The texts of every scanned position ({lang: texts}) of a bot game, and ``i18n.MISSING``
    after it."""
    seats = [{"name": SEATS[0], "kind": "human"}] + [{"name": SEATS[i], "kind": "bot:heuristic"}
                                                       for i in range(1, players)]
    s = Session.start(game_name, seats, 5, dict(options))
    bot = get_bot(s.game, "heuristic")
    i18n.MISSING.clear()
    found = []
    moves = 0
    while moves < MAX_MOVES:
        if moves % EVERY == 0 or s.is_over():
            found.append({lang: position_texts(s, lang) for lang in LANGS})
        if s.is_over():
            break
        s.apply(bot(s.game, s.state.clone(), Rng.from_seed(7919 + moves)))
        moves += 1
    assert s.is_over(), f"{game_name} not over after {MAX_MOVES} moves"
    return found, frozenset(i18n.MISSING)


def distinct(case, lang: str) -> frozenset[str]:
    """Every text of ``case``'s scan in ``lang``, each once: most of a position's texts are
    the previous position's too, and a check of one text does not depend on where it was read."""
    return _distinct(case[0], case[1], tuple(sorted(case[2].items())), lang)


@lru_cache(maxsize=None)
def _distinct(game_name: str, players: int, options: tuple, lang: str) -> frozenset[str]:
    positions, _missing = scan(game_name, players, options)
    return frozenset(text for texts in positions for text in texts[lang])


def case_id(case) -> str:
    return f"{case[0]}-{case[1]}p" + ("-options" if case[2] else "")


# ---- what may and may not appear -----------------------------------------------------------
def catalogue(domain_dir: Path) -> dict[str, str]:
    return json.loads((domain_dir / "i18n" / "it.json").read_text("utf-8"))


def catalogues() -> dict[str, str]:
    """Every Italian catalogue entry (English template -> Italian), all domains."""
    out: dict[str, str] = {}
    for d in [ROOT / "engines" / "core", *(d.parent for d in sorted((ROOT / "engines").glob("*/i18n")) if d.parent.name != "core"),
              ROOT / "web" / "tavolo_ui"]:
        out.update(catalogue(d))
    return out


def raw_ids(game_name: str) -> list[str]:
    """The component ids of the game's data that are not names: those with an underscore, a
    hyphen, a digit or an inner capital ("A-mine-left", "WAT_ENERGY"); a plain word ("green",
    "assassin") may be an ordinary word of a sentence."""
    game = engines.get_game(game_name)
    ids = {c["id"] for c in game.reference("en") if c["id"].lower() not in c["name"].lower()}
    return sorted(i for i in ids if re.search(r"[_\-\d]|.[A-Z]", i) and len(i) > 2)


@lru_cache(maxsize=None)
def component_names() -> tuple[str, ...]:
    """Every name of every game's components, in both languages, longest first ("Choose True
    Love": a name, where "True" is no Python repr)."""
    names = {c["name"] for g in GAMES for lang in LANGS for c in engines.get_game(g).reference(lang)}
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=None)
def _names_re() -> re.Pattern:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in component_names()) + r")(?!\w)")


def without_names(text: str) -> str:
    """``text`` with every component's name (whole words: "Re", the King, not the "Re" of
    "Replay") taken out."""
    return _names_re().sub(" ", text)


def raw_problems(text: str, ids: list[str]) -> list[str]:
    """Check a: the raw identifiers and reprs in ``text`` (reprs looked for outside the
    components' names)."""
    found = [m.group(0) for pattern in (SNAKE, UPPER_ID, TILE_ID, COORDS) for m in pattern.finditer(text)]
    found += [m.group(0) for m in REPRS.finditer(without_names(text))]
    found += [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    return found


@lru_cache(maxsize=None)
def same_words(game_name: str) -> frozenset[str]:
    """The words allowed to read the same in Italian and English: those of the catalogue
    entries kept as they are, of the reference names that read the same in both languages, the
    seats' names and the game's title, and the capitalised words an entry keeps in its
    translation ("Tunnel" of "Euphorian Tunnel", "Tunnel Euphorian")."""
    words = set(SEATS) | {"Bot"}
    for en, it in catalogues().items():
        if en == it:
            words |= set(WORD.findall(en))
        else:  # a name kept in a translated name: "Euphorian Tunnel", "Tunnel Euphorian"
            words |= {w for w in set(WORD.findall(en)) & set(WORD.findall(it)) if w[0].isupper()}
    game = engines.get_game(game_name)
    it_names = {c["id"]: c["name"] for c in game.reference("it")}
    for c in game.reference("en"):
        if it_names.get(c["id"]) == c["name"]:
            words |= set(WORD.findall(c["name"]))
    words |= set(WORD.findall(game.title))
    return frozenset(words)


def untranslated(text: str, allowed: frozenset[str]) -> bool:
    """Check b: a text that reads the same in English has a word that is not a kept name (a
    lone letter, the card's "i", is a symbol; a word the board breaks at a line's end,
    "Capitaliz-", is a piece of a word, not a word)."""
    words = WORD.findall(text[:-1].rsplit(" ", 1)[0] if text.endswith("-") and " " in text else
                         "" if text.endswith("-") else text)
    return any(len(w) > 1 and w not in allowed for w in words)


@lru_cache(maxsize=None)
def italian_phrases() -> tuple[str, ...]:
    """Check c's list: the Italian texts of the catalogues that differ from their English, cut
    at their fields ("{name}") (a piece ending in a word that changes before a vowel counts in
    both forms: "Tocca a", "Tocca ad"), each piece kept when it has two words or a word of 5 letters
    or more that is not also English (in the same catalogues)."""
    english_words = {w.lower() for en in catalogues() for w in WORD.findall(en)}
    out = set()
    for en, it in catalogues().items():
        if en == it:
            continue
        for piece in re.split(r"\{[^}]*\}", it):
            piece = piece.strip(" .,:;()·–—-")
            words = WORD.findall(piece)
            if len(words) >= 2 or (len(words) == 1 and len(words[0]) >= 5 and words[0].lower() not in english_words):
                out.add(piece)
                # the form a name before a vowel gives it: "Tocca a {name}" reads "Tocca ad Ada"
                out |= {piece[:-len(word)] + form for word, form in BEFORE_VOWEL if piece.endswith(" " + word)}
    return tuple(sorted(out))


def italian_in(text: str) -> list[str]:
    return [p for p in italian_phrases() if p in text and re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]


# ---- the checks ----------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_raw_identifier_in_any_text(case):
    ids = raw_ids(case[0])
    bad = {(lang, text, tuple(found)) for lang in LANGS for text in distinct(case, lang)
           if (found := raw_problems(text, ids))}
    assert not bad, sorted(bad)[:40]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_english_on_the_italian_page(case):
    game_name, players, options = case
    positions, missing = scan(game_name, players, tuple(sorted(options.items())))
    assert not {m for m in missing if m[1] == "it"}, sorted(missing)[:40]
    allowed = same_words(game_name)
    bad = set()
    for texts in positions:
        english = set(texts["en"])
        bad |= {t for t in texts["it"] if t in english and untranslated(t, allowed)}
    assert not bad, sorted(bad)[:60]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_italian_on_the_english_page(case):
    bad = {(text, tuple(found)) for text in distinct(case, "en") if (found := italian_in(text))}
    assert not bad, sorted(bad)[:40]


ENGLISH_WORDS = ("the", "and", "of", "to", "with", "from", "your", "you", "choose", "round", "turn", "player",
                 "players", "Player", "Your", "Undo", "Share", "Review", "Save", "gold", "cards", "card",
                 "build", "takes", "pays", "gets", "none", "each")
"""Common English words that no Italian text may hold, outside the names kept in English."""


def english_words_in(text: str, allowed: frozenset[str]) -> list[str]:
    """The common English words in an Italian ``text``, once the components' names and the
    kept names are taken out."""
    bare = without_names(text)
    return [w for w in ENGLISH_WORDS if w not in allowed and re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", bare)]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_common_english_word_in_italian(case):
    allowed = same_words(case[0])
    bad = {(text, tuple(found)) for text in distinct(case, "it") if (found := english_words_in(text, allowed))}
    assert not bad, sorted(bad)[:40]


# ---- the scan can fail ---------------------------------------------------------------------
def test_the_checks_see_what_they_look_for():
    """Each check finds a planted offender: a raw id, an English text kept in Italian, an
    Italian text in English."""
    ids = raw_ids("spyrium")
    assert "A-mine-left" in ids
    for text in ("build A-mine-left", "slot_3", "WAT_ENERGY", "F03 F", "space (1, -2)", "None", "{'a': 1}"):
        assert raw_problems(text, ids + raw_ids("euphoria")), text
    assert not raw_problems("Ada builds the Mine (left) for 3 gold", ids)
    allowed = same_words("citadels")
    assert untranslated("Ada takes 2 gold", allowed)
    assert not untranslated("Ada", allowed) and not untranslated("Bruno 12", allowed)
    assert english_words_in("Ada sceglie the Mine", allowed) == ["the"]
    assert without_names("Replay: Choose True Love, Re") == "Replay:  ,  "
    assert italian_in("Ada pesca 2 carte") or italian_in("Fine della partita"), italian_phrases()[:20]


def test_the_scan_finds_a_planted_offender(monkeypatch):
    """Today's texts pass the scan; the scan still fails when a choice label shows an action's
    id, when the board draws an English text in Italian, and when the status line speaks
    Italian on the English page (each planted with monkeypatch, through the same collection)."""
    seats = [{"name": SEATS[0], "kind": "human"}, {"name": SEATS[1], "kind": "bot:heuristic"}]
    s = Session.start("spyrium", seats, 5)
    while s.to_move() != 0:
        s.bot_step()
    assert s.action_dicts()
    clean = {lang: position_texts(s, lang) for lang in LANGS}
    assert not [t for lang in LANGS for t in clean[lang] if raw_problems(t, raw_ids("spyrium"))]

    monkeypatch.setattr(type(s.game), "action_label",
                        lambda self, state, action, lang="en": self.dump_action(action)["type"] + "_slot")
    assert any(raw_problems(t, raw_ids("spyrium")) for t in position_texts(s, "en"))
    monkeypatch.undo()

    real = get_renderer("spyrium")

    def drawing_english(cv, view, actions, me):
        real(cv, view, actions, me)
        cv.text(0, 0, "Your turn: choose a card")
    monkeypatch.setattr(__import__(__name__, fromlist=["x"]), "get_renderer", lambda name: drawing_english)
    texts = {lang: position_texts(s, lang) for lang in LANGS}
    assert [t for t in texts["it"] if t in set(texts["en"]) and untranslated(t, same_words("spyrium"))]
    assert any(english_words_in(t, same_words("spyrium")) for t in texts["it"])
    monkeypatch.undo()

    s.lang = "it"
    italian_status = s.status()
    monkeypatch.setattr(Session, "status", lambda self: italian_status)
    assert any(italian_in(t) for t in position_texts(s, "en")), italian_status



@pytest.mark.parametrize("game_name", GAMES)
def test_the_reference_speaks_one_language(game_name):
    """How to play's reference (``Game.reference``: every card, space, tile and rule with its
    text) passes the same checks: no raw id; no Italian in English; in Italian, no common
    English word and no entry that reads as its English unless it is a kept name."""
    game = engines.get_game(game_name)
    ids = raw_ids(game_name)
    allowed = same_words(game_name)
    i18n.MISSING.clear()
    entries = {lang: game.reference(lang) for lang in LANGS}
    texts = {lang: [t for c in entries[lang] for t in (c["kind"], c["name"], c["text"])] for lang in LANGS}
    assert not {m for m in i18n.MISSING if m[1] == "it"}, sorted(i18n.MISSING)[:20]
    raw = {(lang, t[:120], tuple(f)) for lang in LANGS for t in texts[lang] if (f := raw_problems(t, ids))}
    assert not raw, sorted(raw)[:40]
    italian = {(t[:120], tuple(f)) for t in texts["en"] if (f := italian_in(t))}
    assert not italian, sorted(italian)[:40]
    english = {(t[:120], tuple(f)) for t in texts["it"] if (f := english_words_in(t, allowed))}
    english |= {(t[:120], ("same as English",)) for en, it in zip(entries["en"], entries["it"])
                for t in (it["text"],) if t == en["text"] and untranslated(t, allowed)}
    assert not english, sorted(english)[:40]
