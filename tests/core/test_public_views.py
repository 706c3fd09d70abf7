"""The typed boundary between the engines and the page (issue 26).

- The page's renderers and screen-reader twins import from a game only that game's
  ``engines.<game>.public`` (AST of every file of ``web/tavolo_ui/renderers`` and
  ``web/tavolo_ui/twin``).
- ``Game.view`` returns exactly the game's typed view (``engines.<game>.public``): every view
  of seeded random games validates strictly against the closed TypedDict (no key added, none
  missing, no value of another type, no tuple for a list), for every player count, every seat
  and the spectator; and every key the types declare shows up in some view, so a key the
  view stopped giving (one marked ``NotRequired`` too) fails as well.
"""

from __future__ import annotations

import ast
import functools
import importlib
import types
import typing
from pathlib import Path
from typing import Any, Iterator

import pytest
import typing_extensions
from pydantic import TypeAdapter, ValidationError

from engines import get_game
from engines.core.game import GameState
from engines.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
PAGE_DIRS = [ROOT / "web" / "tavolo_ui" / "renderers", ROOT / "web" / "tavolo_ui" / "twin"]
GAMES = ["citadels", "spyrium", "euphoria", "myraclia"]
VIEW_TYPES = {"citadels": "CitadelsView", "spyrium": "SpyriumView", "euphoria": "EuphoriaView",
              "myraclia": "MyracliaView"}

GAMES_PER_PLAYER_COUNT = {"citadels": 4, "spyrium": 5, "euphoria": 4, "myraclia": 5}
"""Seeded games played per player count (about 20 per game)."""
EVERY = 10
"""The views of every 10th position of a game are checked (and more: ``views``)."""
MAX_STEPS = 800
"""A game stops here if it is not over (Euphoria's uniform random games can run long)."""
MORE_GAMES: dict[str, list[tuple[int, int]]] = {"euphoria": [(5, 4)]}
"""Further games ``(players, k)`` (see ``_play``): in Euphoria's game ``k = 4`` for 5 players,
Jonathan the Gambler shows a hand (the view's ``shown``), which few games do."""

OPTIONS: dict[str, dict[str, Any]] = {
    "citadels": {"short_game": True, "killed_king_heir": True, "forbid_duplicate_districts": True},
    "spyrium": {},
    "euphoria": {"recruit_draft": True, "market_selection": True, "morale_knowledge_placement": True,
                 "first_printing_recruits": True},
    "myraclia": {"kickstarter": True, "eternity": True, "darkness": True},
}
"""The options of every other game (the others use the defaults): variants change what the
view shows (Myraclia's Eternity tokens and Darkness tiles, Euphoria's drafts)."""

NEVER_GIVEN = {"citadels": {".private.seen_face_down"}}
"""Keys a type declares that no view can give today: Citadels' view gives ``seen_face_down``
when ``seen_down_by == player and removed_down``, but the rules set ``seen_down_by`` in the
same step that clears ``removed_down`` (``rules.py``, seven players), so that branch of
``view.view`` never runs."""


# ---- the page's imports ----------------------------------------------------------------------

def _engine_imports(path: Path) -> list[str]:
    """What a file imports from ``engines``, as dotted names: ``from engines.spyrium import
    public`` gives ``engines.spyrium.public`` (and ``from engines.euphoria import GAME``,
    ``engines.euphoria.GAME``); ``from engines.spyrium.texts import T``, ``engines.spyrium.texts``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "engines"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "engines":
            parts = node.module.split(".")
            if len(parts) == 1 or (len(parts) == 2 and parts[1] in GAMES):  # a package's names
                out += [f"{node.module}.{a.name}" for a in node.names]
            else:
                out.append(node.module)
    return out


PAGE_FILES = sorted(f for d in PAGE_DIRS for f in d.glob("*.py"))


@pytest.mark.parametrize("path", PAGE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_page_imports_only_the_public_module_of_its_game(path: Path) -> None:
    allowed = f"engines.{path.stem}.public" if path.stem in GAMES else None
    for name in _engine_imports(path):
        assert name.startswith("engines.core.") or name == allowed, \
            f"{path.parent.name}/{path.name} imports {name}: of the engines, only engines.core.* and {allowed}"


def test_every_game_has_a_renderer_and_a_twin_that_use_its_public_module() -> None:
    for game in GAMES:
        for d in PAGE_DIRS:
            assert f"engines.{game}.public" in _engine_imports(d / f"{game}.py")


def test_the_import_check_sees_deep_imports(tmp_path: Path) -> None:
    f = tmp_path / "spyrium.py"
    f.write_text("from engines.spyrium import texts\nfrom engines.spyrium.public import T\n"
                 "import engines.spyrium.components as c\nfrom engines.core.i18n import Text\n"
                 "def f():\n    from engines import get_game\n    from engines.euphoria import GAME\n")
    assert _engine_imports(f) == ["engines.spyrium.texts", "engines.spyrium.public",
                                  "engines.spyrium.components", "engines.core.i18n", "engines.get_game",
                                  "engines.euphoria.GAME"]


# ---- the views and their types ---------------------------------------------------------------

def view_type(game: str) -> type:
    return getattr(importlib.import_module(f"engines.{game}.public"), VIEW_TYPES[game])


@functools.cache
def adapter(game: str) -> TypeAdapter:
    return TypeAdapter(view_type(game))


def _shape(view: dict) -> set[str]:
    """The keys of a view and of the dicts in it, one level down (``private.drawn``)."""
    out = set(view)
    for key, value in view.items():
        if isinstance(value, dict):
            out.update(f"{key}.{k}" for k in value)
    return out


def _play(game: str, players: int, k: int) -> Iterator[GameState]:
    """Every position of the ``k``-th seeded game for ``players``: with the variants of
    ``OPTIONS`` when ``k`` is odd; moves drawn uniformly from ``legal_actions``, or from the
    game's playout policy (which finishes a game: Euphoria's uniform games seldom end) from
    the third game on."""
    g = get_game(game)
    seed = 1000 * players + k
    state = g.new_game(players, seed, OPTIONS[game] if k % 2 else None)
    rng = Rng.from_seed(seed)
    yield state
    for _ in range(MAX_STEPS):
        if g.is_over(state):
            return
        g.apply(state, g.playout_action(state, rng) if k >= 2 else rng.choice(g.legal_actions(state)))
        yield state


@functools.cache
def views(game: str) -> list[dict]:
    """Every seat's view and the spectator's of the positions of seeded games, for every player
    count: the first position, every ``EVERY``-th, the last, and each position where the view
    of the player to move has a key (``_shape``) that no earlier position of the game showed (a
    phase that lasts one move: the Graveyard's question)."""
    g = get_game(game)
    games = [(players, k) for players in range(g.min_players, g.max_players + 1)
             for k in range(GAMES_PER_PLAYER_COUNT[game])] + MORE_GAMES.get(game, [])
    out: list[dict] = []
    for players, k in games:
        shapes: set[str] = set()
        for step, state in enumerate(_play(game, players, k)):
            new = _shape(g.view(state, g.to_move(state))) - shapes
            shapes |= new
            if new or step % EVERY == 0 or g.is_over(state) or step == MAX_STEPS:
                out += [g.view(state, seat) for seat in (None, *range(players))]
    return out


def _is_typeddict(tp: Any) -> bool:
    return typing_extensions.is_typeddict(tp)


def _members(tp: Any) -> tuple[Any, ...]:
    """The members of a union (``X | None``, ``Optional[X]``), else ``(tp,)``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return typing.get_args(tp)
    return (tp,)


@functools.cache
def _hints(td: type) -> dict[str, Any]:
    """The type hints of a TypedDict (cached: ``seen_keys`` asks for them at every value)."""
    return typing_extensions.get_type_hints(td)


def declared_keys(tp: Any, path: str = "", out: set[str] | None = None) -> set[str]:
    """Every key path the type declares: ``players[].buildings[].tapped``, ``decks{}``."""
    out = set() if out is None else out
    for member in _members(tp):
        origin = typing.get_origin(member)
        if _is_typeddict(member):
            for key, hint in _hints(member).items():
                out.add(f"{path}.{key}")
                declared_keys(hint, f"{path}.{key}", out)
        elif origin is list:
            declared_keys(typing.get_args(member)[0], f"{path}[]", out)
        elif origin is dict:
            declared_keys(typing.get_args(member)[1], f"{path}{{}}", out)
    return out


@functools.cache
def _fits(tp: Any) -> TypeAdapter:
    return TypeAdapter(tp)


def _is(value: Any, tp: Any) -> bool:
    """``value`` is a ``tp`` (a TypedDict: all its keys, each of its type)."""
    try:
        _fits(tp).validate_python(value, strict=True)
    except ValidationError:
        return False
    return True


def seen_keys(value: Any, tp: Any, path: str, out: set[str]) -> None:
    """Add to ``out`` the key paths of ``value`` (which is valid for ``tp``; of a union, the
    member it is)."""
    members = _members(tp)
    several = sum(map(_is_typeddict, members)) > 1
    for member in members:
        origin = typing.get_origin(member)
        if _is_typeddict(member) and isinstance(value, dict) and (not several or _is(value, member)):
            hints = _hints(member)
            for key, v in value.items():
                out.add(f"{path}.{key}")
                seen_keys(v, hints[key], f"{path}.{key}", out)
            return
        if origin is list and isinstance(value, list):
            for v in value:
                seen_keys(v, typing.get_args(member)[0], f"{path}[]", out)
            return
        if origin is dict and isinstance(value, dict):
            for v in value.values():
                seen_keys(v, typing.get_args(member)[1], f"{path}{{}}", out)
            return


@pytest.mark.parametrize("game", GAMES)
def test_every_view_is_its_typed_view(game: str) -> None:
    ta = adapter(game)
    for v in views(game):
        try:
            ta.validate_python(v, strict=True)
        except ValidationError as e:
            raise AssertionError(f"{game} view (me={v.get('me')}) is not a {VIEW_TYPES[game]}:\n{e}") from None


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_key_shows_up_in_some_view(game: str) -> None:
    tp = view_type(game)
    seen: set[str] = set()
    for v in views(game):
        seen_keys(v, tp, "", seen)
    assert declared_keys(tp) - seen == NEVER_GIVEN.get(game, set())


@pytest.mark.parametrize("game", GAMES)
def test_a_key_added_or_removed_breaks_the_type(game: str) -> None:
    ta = adapter(game)
    g = get_game(game)
    v = g.view(g.new_game(g.min_players, 1, None), 0)
    ta.validate_python(v, strict=True)
    with pytest.raises(ValidationError):
        ta.validate_python({**v, "extra": 1}, strict=True)
    with pytest.raises(ValidationError):
        ta.validate_python({k: x for k, x in v.items() if k != "me"}, strict=True)
    with pytest.raises(ValidationError):
        ta.validate_python({**v, "me": "0"}, strict=True)
    rows = [k for k, x in v.items() if isinstance(x, list) and x and isinstance(x[0], dict)]
    assert rows  # the seats or players, at least
    for key in rows:
        with pytest.raises(ValidationError):
            ta.validate_python({**v, key: [{**v[key][0], "extra": 1}, *v[key][1:]]}, strict=True)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_function_returns_the_typed_view(game: str) -> None:
    view = importlib.import_module(f"engines.{game}.view").view
    assert typing.get_type_hints(view)["return"] is view_type(game)
