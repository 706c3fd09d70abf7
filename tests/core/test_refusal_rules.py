"""Every rule a refusal can name is an entry of its game's reference (issue 27).

``Game.why_not`` returns a ``Refusal``: the reason, and ``rule``, the id of the entry of
``Game.reference`` the coach's "Rule" link opens. The games' ``reasons`` mark their reasons
with ``errors.ruled(rule, text)`` and ``errors.refuses(rule)``; this reads every such mark in
the engines' sources (the string constants of their first argument) and the tables the
computed marks come from, and checks each against the reference. The coach walks of each
game (``tests/<game>/test_coach.py``) check the rules actually reached on the board.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engines
from engines.core.errors import SPOT, IllegalAction, Refusal, RuledText, refuses, rule_of, ruled
from engines.core.i18n import Text

GAMES = ["citadels", "euphoria", "myraclia", "spyrium"]
ROOT = Path(engines.__file__).resolve().parent


def _refs(game: str) -> set[str]:
    return {e["id"] for e in engines.get_game(game).reference("en")}


def _marks(game: str) -> list[tuple[str, int, str]]:
    """(file, line, rule) of every string constant in the first argument of a ``ruled`` or
    ``refuses`` call in the game's package, but a table's key."""
    out = []
    for path in sorted((ROOT / game).rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("ruled", "refuses") and node.args:
                keys = {id(n.slice) for n in ast.walk(node.args[0]) if isinstance(n, ast.Subscript)}
                for c in ast.walk(node.args[0]):  # a table's key (KIND["..."]) is no rule
                    if isinstance(c, ast.Constant) and isinstance(c.value, str) and id(c) not in keys:
                        out.append((path.name, node.lineno, c.value))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_written_in_the_reasons_is_a_reference_entry(game):
    refs = _refs(game)
    marks = _marks(game)
    assert len(marks) >= 10, marks  # each game marks its reasons
    wrong = [m for m in marks if m[2] != SPOT and m[2] not in refs]
    assert wrong == [], wrong


def test_the_rules_computed_from_tables_are_reference_entries():
    from engines.citadels import reasons as citadels
    from engines.euphoria.components import DILEMMAS
    from engines.euphoria.markets import KIND
    from engines.myraclia import reasons as myraclia
    from engines.spyrium.components import TECHNIQUES
    assert set(citadels._POWER_OF.values()) <= _refs("citadels")
    assert set(myraclia._PHASE_RULE.values()) - {SPOT} <= _refs("myraclia")
    assert set(DILEMMAS) | set(KIND.values()) <= _refs("euphoria")  # the dilemma card, a market's penalty
    spyrium = _refs("spyrium")
    for key in ("commerce", "lobbying", "taylorism"):  # the techniques whose power a reason names
        assert [t for t in TECHNIQUES if t.endswith("-" + key)][0] in spyrium


def test_a_marked_reason_renders_and_compares_as_its_text():
    text = Text("core", "The game is over.")
    marked = ruled("end", text)
    assert isinstance(marked, RuledText) and marked == text and marked.render("en") == "The game is over."
    assert rule_of(marked) == "end" and rule_of(text) is None and rule_of("plain") is None
    assert ruled("other", marked) is marked  # the first (most precise) mark stays
    assert rule_of(ruled(SPOT, text)) is None  # the spot's own entry: no rule to link

    @refuses("turn")
    def why(precise: bool) -> Text | None:
        return ruled("cost", text) if precise else text

    assert rule_of(why(True)) == "cost" and rule_of(why(False)) == "turn"
    exc = IllegalAction(why(False))
    assert exc.rule == "turn" and exc.reason == text
    assert Refusal(text, "turn").render("it") == text.render("it")


def test_a_refusal_renders_in_the_language_asked_through_the_core_render():
    """``i18n.render`` is how the page renders any message: a ``Refusal`` handed to it speaks
    the language asked, not English (it is not a ``Text`` itself)."""
    from engines.citadels.public import T
    from engines.core.errors import Refusal
    from engines.core.i18n import render

    refusal = Refusal(T("Rule"), None)
    assert render(refusal, "it") == "Regola"
    assert render(refusal, "en") == "Rule"
