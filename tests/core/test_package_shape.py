"""Every game package has the same files doing the same jobs (issue 26), so a reader who knows
one game finds his way in the others, and a fifth game knows what to write.

The shape (README, "How to add a game"): ``game.py`` wires the verbs; ``rules.py`` (or a
``rules/`` package split along the rulebook's sections) holds the rules; ``events.py`` the log
lines of what the rules did by themselves; ``reasons.py`` why a move is refused; ``evaluate.py``
the search's judgement of a position; ``texts.py`` the text catalogue; ``view.py`` what a player
sees; ``public.py`` the one module the page imports; ``state.py``, ``actions.py``,
``components.py`` with ``data.json``; ``labels.py`` the buttons; ``scoring.py``; ``playout.py``,
``determinize.py`` and ``bot.py`` for the bots; ``statistics.py``; ``reference.py``; and the
Italian catalogue ``i18n/it.json``. A game may add modules of its own (Euphoria's recruits,
Myraclia's payment) when its package docstring names them.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import engines
from engines.core.i18n import LANGS

ENGINES = Path(engines.__file__).parent

SHAPE = ["__init__.py", "game.py", "events.py", "reasons.py", "evaluate.py", "texts.py", "view.py",
         "public.py", "state.py", "actions.py", "components.py", "data.json", "labels.py", "scoring.py",
         "playout.py", "determinize.py", "bot.py", "statistics.py", "reference.py"]

LONG = 800  # lines; a longer module says why in its docstring
LONG_REASON = "Longer than 800 lines because"


def _modules(game: str) -> list[Path]:
    return sorted((ENGINES / game).rglob("*.py"))


@pytest.mark.parametrize("game", engines.list_games())
def test_every_game_has_the_files_of_the_shape(game):
    folder = ENGINES / game
    missing = [name for name in SHAPE if not (folder / name).is_file()]
    rules = (folder / "rules.py").is_file() or (folder / "rules" / "__init__.py").is_file()
    assert not missing and rules, f"{game} lacks {missing + ([] if rules else ['rules.py or rules/'])}"
    for lang in LANGS:
        if lang != "en":  # English is the catalogue's key, written in the code
            assert (folder / "i18n" / f"{lang}.json").is_file(), f"{game} has no {lang} catalogue"


@pytest.mark.parametrize("game", engines.list_games())
def test_a_game_s_own_modules_are_named_in_its_package_docstring(game):
    doc = ast.get_docstring(ast.parse((ENGINES / game / "__init__.py").read_text())) or ""
    own = [p.stem for p in (ENGINES / game).glob("*.py") if p.name not in SHAPE and p.name != "rules.py"]
    unnamed = [name for name in own if f"``{name}``" not in doc and f"{name}.py" not in doc]
    assert not unnamed, f"{game}'s package docstring does not say what {unnamed} are for"


@pytest.mark.parametrize("game", engines.list_games())
def test_no_module_is_long_without_saying_why(game):
    for path in _modules(game):
        text = path.read_text()
        if text.count("\n") > LONG:
            doc = ast.get_docstring(ast.parse(text)) or ""
            assert LONG_REASON in doc, f"{path.relative_to(ENGINES)} has {text.count(chr(10))} lines and no reason"


@pytest.mark.parametrize("game", engines.list_games())
def test_the_verbs_come_from_the_modules_of_their_job(game):
    """The ``Game`` object's verbs run the functions of the module whose job they are, so the
    shape is not only file names: events from ``events``, reasons from ``reasons``, the
    evaluation from ``evaluate``, the view from ``view``."""
    g = engines.get_game(game)
    state = g.new_game(g.min_players, seed=5)
    events = importlib.import_module(f"engines.{game}.events")
    evaluate = importlib.import_module(f"engines.{game}.evaluate")
    view = importlib.import_module(f"engines.{game}.view")
    action = g.legal_actions(state)[0]
    after = state.clone()
    g.apply(after, action)
    assert g.event_texts(state, action, after) == events.event_texts(state, action, after)
    assert g.evaluate(after, 0) == evaluate.evaluate(after, 0)
    assert g.view(state, 0) == view.view(state, 0)
