"""One Italian word for a round (issue 27, "Words"): "turno di gioco", the term of Citadels'
Italian rulebook, in every catalogue and every rules page; "round" nowhere, and "turno" alone
only for a player's turn."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(ROOT.glob("engines/*/i18n/it.json")) + [ROOT / "web" / "tavolo_ui" / "i18n" / "it.json"]
RULES = sorted(ROOT.glob("web/tavolo_ui/rules/*/it.md"))
ROUND = re.compile(r"\bround", re.I)
LINK = re.compile(r"\{#[\w-]+\}|\]\(#[\w-]+\)")  # a heading's anchor, a link's target: ids, not words


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", CATALOGUES, ids=_name)
def test_no_italian_catalogue_says_round(path):
    table = json.loads(path.read_text("utf-8"))
    assert [v for v in table.values() if ROUND.search(v)] == []


@pytest.mark.parametrize("path", CATALOGUES, ids=_name)
def test_every_round_of_the_english_is_a_turno_di_gioco(path):
    """Where the English says "round", the Italian says "turno di gioco" (Spyrium's "turno"
    alone read as a round, and as a player's turn elsewhere)."""
    table = json.loads(path.read_text("utf-8"))
    wrong = [f"{k!r}: {v!r}" for k, v in table.items()
             if re.search(r"\brounds?\b", k, re.I) and not re.search(r"\bturn[oi] di gioco\b", v, re.I)]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("path", RULES, ids=_name)
def test_no_italian_rules_page_says_round(path):
    text = LINK.sub("", path.read_text("utf-8"))
    assert [line for line in text.splitlines() if ROUND.search(line)] == []
