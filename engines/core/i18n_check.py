"""The translation walk: play seeded games and check every text a person reads, in every language.

Used by each game's ``tests/<game>/test_i18n.py`` (shared here so the four games are held to
the same standard). For each visited position it renders, in every language of
``i18n.LANGS``: the log line of every legal action, the automatic-event lines of the action
played, every button label and picker step, and the refusal reason of a sample of illegal
actions (legal actions of the *other* positions, and each legal action with a field changed).
Each text must:

- have a translation (nothing of the game's domain in ``i18n.MISSING``);
- have no field left unfilled (``{name}``) and no raw data structure (``[``, ``]``, ``{``, ``}``);
- use the typographic apostrophe: an ASCII ``'`` in a person's text is almost always a Python
  ``repr`` that leaked (``'clay'``), so texts write ’ instead ("l’Architetto", "Player’s");
- read differently in Italian and English when it has words (a text left in English);
- contain none of the ``identifiers`` the game passes (its internal names: snake_case keys,
  phase names, component ids the board does not show), and no snake_case word at all.

``walk`` returns the problems found (empty when all is well) so a test can print them all.

``catalogue_problems`` checks the catalogues themselves, so that a translation cannot silently
go stale. A catalogue is keyed by the English text, so editing an English text in the code
leaves its old entry behind and the new text without one; the check reports both, naming the
catalogue file and the text:

- *missing*: a text written in the code as ``T("...")`` (a name bound to ``texts(domain)``
  in that module, or imported from the module that binds it, or a helper that renders one,
  such as the UI's ``L``) with no entry in a language's catalogue of its domain;
- *orphaned*: an entry whose English appears nowhere in the code.

Not every text is a literal ``T("...")``: games make texts from their data (a card's name in
``data.json``, ``T(card.name)``) and from two written pieces ("next to " + "the Palace"). The
orphan side counts them: an entry is still in use when its English is a string written in a
source file or a data file, such a string with the typographic apostrophe, or two of them
joined. The missing side cannot see them statically: a translation missing for a text made at
run time is found by ``walk`` (``i18n.MISSING``), only for the positions the walks reach.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from . import i18n
from .errors import IllegalAction
from .game import Game, GameState
from .rng import Rng

_RAW = re.compile(r"[\[\]{}]|'")
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@functools.lru_cache(maxsize=16)
def _any_of(identifiers: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern that finds any of ``identifiers`` as a whole word (``problems_in``)."""
    return re.compile("|".join(rf"\b{re.escape(ident)}\b" for ident in identifiers))


def problems_in(text: str, identifiers: Iterable[str] = ()) -> list[str]:
    """What is wrong with one rendered text (see the module doc); [] if nothing."""
    found = []
    if _RAW.search(text):
        found.append(f"raw data or ASCII quote: {text!r}")
    snake = _SNAKE.search(text)
    if snake:
        found.append(f"internal identifier {snake.group(0)!r}: {text!r}")
    idents = tuple(identifiers)
    if idents and _any_of(idents).search(text):  # one search first: most texts name none
        for ident in idents:
            if re.search(rf"\b{re.escape(ident)}\b", text):
                found.append(f"internal identifier {ident!r}: {text!r}")
    if not text.strip():
        found.append("empty text")
    return found


def _texts_of(game: Game, state: GameState, actions: list, played: Any, after: GameState | None,
              langs: tuple[str, ...]) -> Iterable[tuple[str, dict[str, str]]]:
    """(kind, {lang: text}) of every text of this position."""
    for a in actions:
        yield "log", {lang: game.describe(state, a, lang) for lang in langs}
        yield "label", {lang: game.action_label(state, a, lang) for lang in langs}
        steps = {lang: game.action_steps(state, a, lang) for lang in langs}
        for i in range(len(steps[langs[0]])):
            yield "step", {lang: steps[lang][i] for lang in langs}
    if after is not None:
        for t in game.event_texts(state, played, after):
            yield "event", {lang: i18n.render(t, lang) for lang in langs}


def _refusals(game: Game, state: GameState, foreign: list, rng: Rng, langs: tuple[str, ...],
              samples: int) -> Iterable[tuple[str, dict[str, str]]]:
    """Reasons of illegal actions: actions legal elsewhere, and legal ones with a field changed."""
    legal = game.legal_actions(state)
    dumped = [game.dump_action(a) for a in legal]
    candidates: list[dict] = [game.dump_action(a) for a in foreign]
    for d in dumped[:samples]:
        for key, value in d.items():
            if key == "type":
                continue
            changed = dict(d)
            changed[key] = (value + 1) if isinstance(value, int) and not isinstance(value, bool) else (
                value[:-1] if isinstance(value, list) and value else value)
            candidates.append(changed)
    for _ in range(min(samples, len(candidates))):
        data = candidates[rng.below(len(candidates))]
        if data in dumped:
            continue
        before = state.model_dump_json()
        try:
            game.apply(state, data)
        except IllegalAction as exc:
            assert state.model_dump_json() == before, f"refusing {data} changed the state"
            yield "refusal", {lang: exc.message(lang) for lang in langs}
        else:
            raise AssertionError(f"{data} was applied although it is not among the legal actions")


def _untranslated(texts: dict[str, str]) -> bool:
    """Whether a text reads the same in every language although it has words to translate
    (two or more words of letters: a lone name or number may well be the same)."""
    values = list(texts.values())
    words = re.findall(r"[^\W\d_]{2,}", values[0])
    return len(values) > 1 and all(v == values[0] for v in values) and len(words) >= 2


def walk(game: Game, games: list[tuple[int, int]], *, max_steps: int = 400,
         identifiers: Iterable[str] = (), bot: Callable | None = None, refusal_samples: int = 3,
         extra: Callable[[GameState, str], Iterable[str]] | None = None,
         same_ok: Callable[[str], bool] = lambda text: False) -> list[str]:
    """Play each (players, seed) game with ``bot`` (default: random choice among the legal
    actions) for at most ``max_steps`` actions, checking every text of every position (see the
    module doc); ``extra(state, lang)`` may yield more texts to check (a renderer's tips), the
    same texts in the same order in every language. A text with two or more words that reads
    the same in every language counts as not translated, unless ``same_ok(english)`` says it
    may (a proper name of several words).
    Returns the problems, each with where it was found, and the missing translations."""
    langs = i18n.LANGS
    idents = list(identifiers)
    problems: list[str] = []
    domain = game.name
    i18n.MISSING.clear()
    for players, seed in games:
        state = game.new_game(players, seed)
        rng = Rng.from_seed(seed * 31 + players)
        previous: list = []
        for step in range(max_steps):
            if game.is_over(state):
                break
            actions = game.legal_actions(state)
            played = bot(game, state, rng) if bot else actions[rng.below(len(actions))]
            after = state.clone()
            game.apply(after, played)
            where = f"{game.name} {players}p seed {seed} step {step}"
            texts = list(_texts_of(game, state, actions, played, after, langs))
            texts += list(_refusals(game, state, previous, rng, langs, refusal_samples))
            if extra:
                per_lang = {lang: list(extra(state, lang)) for lang in langs}
                texts += [("extra", {lang: per_lang[lang][i] for lang in langs})
                          for i in range(min(len(v) for v in per_lang.values()))]
            for kind, by_lang in texts:
                for lang, text in by_lang.items():
                    problems += [f"{where} {kind} ({lang}): {p}" for p in problems_in(text, idents)]
                if not same_ok(by_lang[langs[0]]) and _untranslated(by_lang):
                    problems.append(f"{where} {kind}: not translated: {by_lang[langs[0]]!r}")
            previous = actions[:5]
            state = after
    for dom, lang, template in sorted(i18n.MISSING):
        if dom in (domain, "core"):
            problems.append(f"missing {lang} translation in {dom}: {template!r}")
    return problems


# ---- the catalogues ------------------------------------------------------------------------
RENDERING_HELPERS = {"L": "ui"}
"""Helpers that render a text of a domain at once, ``L(template, lang, **fields)`` (the UI's
``tavolo_ui.words``): a module that defines or imports one writes texts with it."""


def _bindings(tree: ast.Module) -> dict[str, str]:
    """Names a module binds to ``texts(domain)`` itself (``T = texts("ui")``), anywhere in it."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            fn, args = node.value.func, node.value.args
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name == "texts" and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                out.update({t.id: args[0].value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _imported_from(path: Path, node: ast.ImportFrom, root: Path) -> Path:
    """The file a ``from ... import`` reads (``from .texts import T`` -> the package's texts.py)."""
    base = path.parent
    for _ in range(node.level - 1):
        base = base.parent
    if not node.level:
        base = root
    return base.joinpath(*(node.module or "").split(".")).with_suffix(".py")


def written_templates(paths: Iterable[Path], root: Path) -> list[tuple[str, str, str, int]]:
    """(domain, template, file, line) of every ``T("...")`` with a literal text in ``paths``
    (see the module doc for the names that count as a ``T``); ``file`` is relative to ``root``."""
    trees = {path: ast.parse(path.read_text("utf-8")) for path in paths}
    own = {path: _bindings(tree) for path, tree in trees.items()}
    found = []
    for path, tree in trees.items():
        bound = dict(own[path])
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name in RENDERING_HELPERS:
                bound.setdefault(node.name, RENDERING_HELPERS[node.name])
            if isinstance(node, ast.ImportFrom):
                theirs = own.get(_imported_from(path, node, root), {})
                for alias in node.names:
                    domain = theirs.get(alias.name, RENDERING_HELPERS.get(alias.name))
                    if domain:
                        bound.setdefault(alias.asname or alias.name, domain)
        for call in ast.walk(tree):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in bound
                    and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)):
                found.append((bound[call.func.id], call.args[0].value, path.relative_to(root).as_posix(), call.lineno))
    return found


def _strings_of(data: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings_of(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings_of(value)


def written_strings(sources: Iterable[Path], data: Iterable[Path] = ()) -> set[str]:
    """Every string literal of the Python ``sources`` and every string of the JSON ``data``
    files, each also with the typographic apostrophe (the English a catalogue can be keyed by)."""
    strings: set[str] = set()
    for path in sources:
        strings |= {node.value for node in ast.walk(ast.parse(path.read_text("utf-8")))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    for path in data:
        strings |= set(_strings_of(json.loads(path.read_text("utf-8"))))
    return strings | {s.replace("'", "’") for s in strings}


def _in_use(english: str, written: set[str]) -> bool:
    """Whether a catalogue's English is written in the code: as it is, or as two written
    strings joined ("next to " + "the Palace")."""
    return english in written or any(english[:i] in written and english[i:] in written
                                     for i in range(1, len(english)))


def catalogue_problems(folders: dict[str, Path], templates: Iterable[tuple[str, str, str, int]],
                       written: set[str], root: Path) -> list[str]:
    """The problems of the catalogues of ``folders`` (domain -> its ``i18n`` folder) in every
    language but the code's: a catalogue file missing, an entry missing for one of the
    ``templates`` of its domain (``written_templates``), an orphaned entry (its English not in
    ``written``, see ``written_strings``), an entry whose fields differ from its English's.
    Each names the catalogue file (relative to ``root``) and the text."""
    problems = []
    by_domain: dict[str, dict[str, str]] = {}
    for domain, template, where, line in templates:
        by_domain.setdefault(domain, {}).setdefault(template, f"{where}:{line}")
    for domain, folder in sorted(folders.items()):
        for lang in i18n.LANGS[1:]:
            path = folder / f"{lang}.json"
            name = path.relative_to(root).as_posix()
            if not path.is_file():
                problems.append(f"{name}: no catalogue of {domain!r} in {lang!r}")
                continue
            table = json.loads(path.read_text("utf-8"))
            for template, where in by_domain.get(domain, {}).items():
                if template not in table:
                    problems.append(f"{name}: missing {template!r} (written at {where})")
            for english, translated in table.items():
                if not _in_use(english, written):
                    problems.append(f"{name}: orphaned {english!r}: no code writes this English any more")
                elif not isinstance(translated, str) or sorted(set(i18n.fields(english))) != sorted(set(i18n.fields(translated))):
                    problems.append(f"{name}: the fields of {english!r} differ in {translated!r}")
    return problems
