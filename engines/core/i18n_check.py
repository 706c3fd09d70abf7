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
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from . import i18n
from .errors import IllegalAction
from .game import Game, GameState
from .rng import Rng

_RAW = re.compile(r"[\[\]{}]|'")
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def problems_in(text: str, identifiers: Iterable[str] = ()) -> list[str]:
    """What is wrong with one rendered text (see the module doc); [] if nothing."""
    found = []
    if _RAW.search(text):
        found.append(f"raw data or ASCII quote: {text!r}")
    if _SNAKE.search(text):
        found.append(f"internal identifier {_SNAKE.search(text).group(0)!r}: {text!r}")
    for ident in identifiers:
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
