"""Every game of ``list_games()`` keeps the engine contract (``engines.core.game``).

Its class is a ``Game[State, Action]`` naming its own state model and action union, it declares
what it is (name, title, players, ``chance``, ``information``), and every verb the page, the
bots and the search call runs on a new game, on a position a few seeded random moves in and on
a finished game, answering the type its documentation says. Its package has no import circle
and imports no other game.
"""

from __future__ import annotations

import ast
import json
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

import engines
from engines.core.game import Chance, Game, GameState, Information, Options
from engines.core.i18n import LANGS, Text
from engines.core.play import play_game
from engines.core.rng import Rng
from engines.core.statistics import StatRow

NAMES = engines.list_games()
ENGINES = Path(engines.__file__).resolve().parent



def type_arguments(cls: type) -> tuple | None:
    """The ``(StateT, ActionT)`` a class gives ``Game``, or None when it gives none."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is Game:
                return typing.get_args(base)
    return None


def action_classes(action_type) -> tuple[type, ...]:
    """The model classes of an action type (a union, possibly ``Annotated``)."""
    if typing.get_origin(action_type) is typing.Annotated:
        action_type = typing.get_args(action_type)[0]
    members = typing.get_args(action_type) or (action_type,)
    return tuple(typing.get_origin(m) or m for m in members)


def positions(game: Game) -> list:
    """A new game at the lowest player count, and the same a few seeded random moves in."""
    state = game.new_game(game.min_players, 11)
    moved, rng = state.clone(), Rng.from_seed(5)
    for _ in range(12):
        if game.is_over(moved):
            break
        actions = game.legal_actions(moved)
        game.apply(moved, actions[rng.below(len(actions))])
    return [state, moved]


@pytest.mark.parametrize("name", NAMES)
def test_the_class_is_a_game_of_its_own_state_and_actions(name):
    game = engines.get_game(name)
    args = type_arguments(type(game))
    assert args is not None, f"{type(game).__name__} does not subclass Game[State, Action]"
    state_type, action_type = args
    assert state_type is game.state_model and issubclass(state_type, GameState)
    assert all(issubclass(c, BaseModel) for c in action_classes(action_type))
    state = game.new_game(game.min_players, 3)
    assert all(isinstance(a, action_classes(action_type)) for a in game.legal_actions(state))


@pytest.mark.parametrize("name", NAMES)
def test_the_game_declares_what_it_is(name):
    game = engines.get_game(name)
    about = engines.about(name)
    assert game.name == name and isinstance(game.title, str) and game.title == about["title"]
    assert 1 <= game.min_players <= game.max_players
    assert (game.min_players, game.max_players) == (about["min_players"], about["max_players"])
    assert isinstance(game.chance, Chance) and isinstance(game.information, Information)
    assert issubclass(game.options_model, Options) and issubclass(game.state_model, GameState)


def check_verbs(game: Game, state: GameState) -> None:
    """Every verb on ``state`` (a game not over) answers its documented type; ``state`` is
    not changed."""
    before_json = state.model_dump_json()
    seat = game.to_move(state)
    assert isinstance(seat, int) and 0 <= seat < state.players and game.is_over(state) is False
    legal = game.legal_actions(state)
    assert isinstance(legal, list) and legal
    searched = game.search_actions(state)
    assert searched and all(a in legal for a in searched)
    assert game.playout_action(state, Rng.from_seed(1)) in legal
    action = legal[0]
    data = game.dump_action(action)
    assert json.loads(json.dumps(data)) == data and game.parse_action(data) == action
    assert game.check(state, action) is None and game.why_not(state, data) is None
    assert isinstance(game.log_text(state, action), (Text, str))
    for lang in LANGS:
        assert isinstance(game.describe(state, action, lang), str)
        assert isinstance(game.action_label(state, action, lang), str)
        steps = game.action_steps(state, action, lang)
        assert steps and all(isinstance(s, str) for s in steps)
    after = state.clone()
    game.apply(after, action)
    unchecked = state.clone()
    game.play_legal(unchecked, action)
    assert unchecked == after
    events = game.event_texts(state, action, after)
    assert isinstance(events, list) and all(isinstance(e, (Text, str)) for e in events)
    assert isinstance(game.reveals_information(state, action, after), bool)
    assert all(isinstance(game.reveals_to(state, action, after, s), bool) for s in range(state.players))
    round_ = game.round_of(state)
    assert round_ is None or (isinstance(round_, int) and not isinstance(round_, bool))
    for p in [None, *range(state.players)]:
        view = game.view(state, p)
        assert isinstance(view, dict) and json.dumps(view)
    world = game.determinize(state, seat, Rng.from_seed(2))
    assert type(world) is type(state) and game.view(world, seat) == game.view(state, seat)
    values = [game.evaluate(state, p) for p in range(state.players)]
    assert all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in values)
    check_scores(game, state)
    assert state.model_dump_json() == before_json


def check_scores(game: Game, state: GameState) -> None:
    """``scores``, ``score_breakdown`` (adding up to the scores) and ``winners``."""
    scores = game.scores(state)
    assert len(scores) == state.players and all(isinstance(s, int) for s in scores)
    breakdown = game.score_breakdown(state)
    assert [sum(b.values()) for b in breakdown] == scores
    assert all(isinstance(k, str) and isinstance(v, int) for b in breakdown for k, v in b.items())
    winners = game.winners(state)
    assert isinstance(winners, list) and all(w in range(state.players) for w in winners)


@pytest.mark.parametrize("name", NAMES)
def test_every_verb_runs_on_a_new_game_and_mid_game(name):
    game = engines.get_game(name)
    for state in positions(game):
        check_verbs(game, state)


@pytest.mark.parametrize("name", NAMES)
def test_the_game_wide_verbs_answer_their_types(name):
    game = engines.get_game(name)
    assert isinstance(game.validate_options(None), game.options_model)
    for lang in LANGS:
        categories = game.score_categories(lang)
        assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in categories.items())
        for option in game.options_model.model_fields:
            assert isinstance(game.option_label(option, lang), str) and game.option_label(option, lang)
        for entry in game.reference(lang):
            assert set(entry) == {"id", "kind", "name", "text"}
    bots = game.bots()
    assert bots and all(isinstance(k, str) and callable(b) for k, b in bots.items())


@pytest.mark.parametrize("name", NAMES)
def test_a_finished_game_scores_and_has_statistics(name):
    game = engines.get_game(name)
    state, record = play_game(game, game.min_players, 4, "playout", max_steps=20_000)
    assert game.is_over(state) and game.to_move(state) is None and game.legal_actions(state) == []
    check_scores(game, state)
    assert game.evaluate(state, game.winners(state)[0]) > 0.0
    rows = game.statistics(record)
    assert all(isinstance(r, StatRow) and len(r.values) == state.players for r in rows)


# ---- the packages ----------------------------------------------------------------------------
def module_name(path: Path) -> str:
    """The dotted name of a module file under ``engines`` (a package: its folder's name)."""
    parts = list(path.relative_to(ENGINES.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, module_level: bool) -> list[tuple[str, list[str]]]:
    """The imports of a module file, each as (module, [its names as modules]): ``from .x import
    y`` gives ``("engines.g.x", ["engines.g.x.y"])``. ``module_level``: only the statements run
    when the module is imported, not those inside functions; else those too (a late import
    inside a function is still a circle, only hidden). Never those under ``if TYPE_CHECKING``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text("utf-8"))
    typing_only = {id(inner) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for stmt in node.body for inner in ast.walk(stmt)}
    found = []
    for node in (tree.body if module_level else ast.walk(tree)):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, [alias.name]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.append((base, [f"{base}.{alias.name}" for alias in node.names]))
    return found


def import_graph(game: str, module_level: bool = True) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports when it is imported (``module_level``)
    or at any time. ``from . import rules`` is an edge to ``rules``, not to the package it is
    named from."""
    files = {module_name(p): p for p in (ENGINES / game).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        edges = set()
        for base, names in imports_of(path, module_level):
            submodules = [n for n in names if n in files]
            edges |= set(submodules) if submodules and len(submodules) == len(names) else {base}
        graph[module] = {m for m in edges if m in files and m != module}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for nxt in sorted(graph[module]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


@pytest.mark.parametrize("name", NAMES)
def test_the_game_package_has_no_import_circle(name):
    assert cycle(import_graph(name)) is None


@pytest.mark.parametrize("name", NAMES)
def test_no_late_import_hides_an_import_circle(name):
    """Imports inside functions count too: they are how a circle is usually hidden."""
    assert cycle(import_graph(name, module_level=False)) is None


def test_the_circle_check_finds_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("name", NAMES)
def test_no_game_imports_another(name):
    others = [g for g in NAMES if g != name]
    bad = [f"{module_name(p)}: {base}" for p in (ENGINES / name).rglob("*.py")
           for base, names in imports_of(p, module_level=False)
           for m in [base, *names] if any(m == f"engines.{g}" or m.startswith(f"engines.{g}.") for g in others)]
    assert not bad, bad
