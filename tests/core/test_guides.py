"""The guided first games ("Learn by playing", ``engines.core.guide``): every script, in every
language, replays against its game's engine.

For each guide: the game starts from the script's seats, seed and options; at each step the
seat to move is the step's seat and the step's action is among the legal actions there;
every rule named is an entry of the game's reference; the languages have the same moves, and
every learner step has words, which differ between the languages (no untranslated copy).
"""

from __future__ import annotations

import copy
import re

import pytest

import engines
from engines.core.guide import Guide, has_guide, load_guide
from engines.core.i18n import LANGS

GUIDED = [name for name in engines.list_games() if has_guide(name)]


def replay_problems(guide: Guide) -> list[str]:
    """What is wrong when ``guide`` is played on its game's engine (empty: nothing)."""
    game = engines.get_game(guide.game)
    state = game.new_game(len(guide.seats), guide.seed, guide.options)
    for n, step in enumerate(guide.steps):
        if game.to_move(state) != step.seat:
            return [f"step {n}: seat {game.to_move(state)} is to move, not {step.seat}"]
        legal = [game.dump_action(a) for a in game.legal_actions(state)]
        if step.action not in legal:
            return [f"step {n}: {step.action} is not legal here"]
        game.apply(state, step.action)
    return []


def test_every_game_has_a_guide():
    """The four games each have their guided first game (the checks below run on each)."""
    assert sorted(GUIDED) == sorted(["citadels", "spyrium", "euphoria", "myraclia"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GUIDED)
def test_every_step_is_legal_where_it_is_asked(name, lang):
    guide = load_guide(name, lang)
    assert guide is not None and guide.lang == lang and guide.game == name
    assert replay_problems(guide) == []


@pytest.mark.parametrize("name", GUIDED)
def test_a_corrupted_step_is_found(name):
    """The replay check can fail: a learner's action changed to another, or a step taken out,
    makes the script unplayable where it is asked."""
    guide = load_guide(name, "en")
    assert guide is not None
    learner_steps = [n for n, step in enumerate(guide.steps) if step.seat == guide.learner]
    wrong = copy.deepcopy(guide)
    wrong.steps[learner_steps[1]].action = {"type": "no_such_action"}
    assert replay_problems(wrong)
    skipped = copy.deepcopy(guide)
    del skipped.steps[learner_steps[0]]
    assert replay_problems(skipped)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GUIDED)
def test_the_rules_named_are_in_the_reference(name, lang):
    guide = load_guide(name, lang)
    ids = {entry["id"] for entry in engines.get_game(name).reference(lang)}
    assert [s.rule for s in guide.steps if s.rule is not None and s.rule not in ids] == []


@pytest.mark.parametrize("name", GUIDED)
def test_the_languages_have_the_same_moves_and_their_own_words(name):
    guides = {lang: load_guide(name, lang) for lang in LANGS}
    en = guides["en"]
    for lang, guide in guides.items():
        assert guide.lang == lang, f"{name} has no guide in {lang}"
        assert (guide.seed, guide.options, guide.seats, guide.learner) == (en.seed, en.options, en.seats, en.learner)
        assert [(s.seat, s.action, s.rule) for s in guide.steps] == [(s.seat, s.action, s.rule) for s in en.steps]
        if lang == "en":
            continue
        assert guide.intro != en.intro and guide.end != en.end
        same = [n for n, (a, b) in enumerate(zip(guide.steps, en.steps)) if a.say and a.say == b.say]
        assert same == [], f"{name} {lang}: steps {same} are not translated"
        assert [n for n, (a, b) in enumerate(zip(guide.steps, en.steps)) if bool(a.say) != bool(b.say)] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GUIDED)
def test_the_learner_is_told_what_to_do_at_every_step(name, lang):
    guide = load_guide(name, lang)
    seats = guide.seat_dicts()
    assert seats[guide.learner]["kind"] == "human"
    assert all(s["kind"].startswith("bot:") for n, s in enumerate(seats) if n != guide.learner)
    learner = [s for s in guide.steps if s.seat == guide.learner]
    assert 8 <= len(learner) <= 15
    assert [n for n, s in enumerate(guide.steps) if s.seat == guide.learner and not s.say.strip()] == []
    assert all(s.say.count(". ") + s.say.count(": ") <= 3 for s in learner)  # one or two sentences


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GUIDED)
def test_the_words_use_the_tables_names(name, lang):
    """The coach says what the board, the list and the log say (issue 27, one name for each
    thing): no component's raw id ("F12", "W03"), and in Italian one word for round."""
    guide = load_guide(name, lang)
    words = [guide.intro, guide.end] + [s.say for s in guide.steps if s.say]
    assert [w for w in words if re.search(r"\b[A-Z]{1,3}\d{2}\b", w)] == []
    if lang == "it":
        assert [w for w in words if re.search(r"\bround\b", w, re.I)] == []


def test_a_game_without_a_guide_has_none():
    assert not has_guide("no-such-game")
    assert all(load_guide(name, "en") is None for name in engines.list_games() if name not in GUIDED)


def test_the_guides_ship_in_the_wheel():
    """pyproject.toml's package data takes the ``guide/`` folders into the engine wheel."""
    import tomllib
    from pathlib import Path
    data = tomllib.loads((Path(engines.__file__).parents[1] / "pyproject.toml").read_text())
    assert "guide/*.json" in data["tool"]["setuptools"]["package-data"]["*"]
