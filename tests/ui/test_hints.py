"""Hints that explain themselves: "Suggest a move" shows, with the move and its win chance,
one sentence of why in the page's language (the search's share of its simulated games for the
move, and the next best of the person's own legal actions by its label). Run on CPython with
the page on fake browser objects (the bots think on the page: no worker there); the worker's
message carrying the explanation is read in ``read_message`` (tests/ui/test_thinker.py's
fakes)."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from html import unescape

import pytest

from engines.core.search import Explanation
from tavolo_ui.session import Session

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)
from .test_thinker import GOOD, _settle, request_of, started, thinker  # noqa: F401 (the worker's side on fakes)


def _ada_to_move(name: str, seed: int) -> Session:
    """A game of Ada against two bots, moved on (the bots' moves and Ada's first) until Ada
    is to move with at least two actions the search weighs."""
    s = Session.start(name, [{"name": "Ada", "kind": "human"}] +
                      [{"name": f"Bot {i}", "kind": "bot:heuristic"} for i in (1, 2)], seed)
    while s.to_move() != 0 or len(s.game.search_actions(s.state)) < 2:
        if s.bot_to_move() is not None:
            s.bot_step()
        else:
            s.apply(s.legal_actions()[0])
    return s


def _suggested(app, lang: str) -> tuple[str, str, Session]:  # noqa: F811
    """The panel's suggestion (its HTML and the sentence of why, as read) for Ada in Myraclia."""
    s = _ada_to_move("myraclia", 4)
    s.lang = lang
    app.page.session, app.page.lang, app.table.mode = s, lang, "play"
    sys.modules["js"].localStorage.setItem("tavolo:hints", "1")  # the Hints toggle on
    asyncio.run(app.table.hints._suggest())
    html = app.table.hints.suggestion_html(app.table.choices.action_text)
    why = re.search(r'<p class="suggest-why" id="suggestion-why">(.*?)</p>', html)
    return html, unescape(why.group(1)) if why else "", s


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_suggestion_comes_with_one_sentence_of_why_naming_only_ada_s_legal_moves(app, lang):  # noqa: F811
    html, why, s = _suggested(app, lang)
    assert 'id="suggestion"' in html, "no suggestion shown"
    assert why, f"the suggestion has no sentence of why: {html}"
    start = {"en": "Of the ", "it": "Delle "}[lang]
    assert why.startswith(start) and why.endswith(".") and why.count(".") == 1, why
    shares = [int(p) for p in re.findall(r"(\d+)%", why)]
    assert len(shares) == 2 and shares[0] >= shares[1], why  # the move's share, then the next best's
    named = re.search(r"“(.*)”", why).group(1)
    labels = [app.table.choices.action_text(i) for i in range(len(s.legal_actions()))]
    assert named in labels, (named, labels)  # one of Ada's own legal moves, by its label
    assert named != app.table.choices.action_text(app.table.hints.suggested_index())
    assert "Bot 1" not in why and "Bot 2" not in why  # no other seat is named


def test_without_an_explanation_no_sentence_is_shown(app):  # noqa: F811
    """An answer without an explanation (a worker of an older page, a bot that does not
    search) shows the move and no sentence."""
    html, _why, s = _suggested(app, "en")
    key, index, value, _reason = app.table.hints.suggestion
    app.table.hints.suggestion = (key, index, value, None)
    html = app.table.hints.suggestion_html(app.table.choices.action_text)
    assert 'id="suggestion"' in html and "suggestion-why" not in html


def test_the_workers_answer_carries_the_explanation_and_a_wrong_one_is_dropped(thinker):  # noqa: F811
    read = thinker.read_message
    why = Explanation(simulations=80, share=0.62, runner_up={"type": "stop"}, runner_up_share=0.21)
    got = read({"id": 3, "action": json.dumps(GOOD), "value": 0.6, "explanation": why.model_dump_json()})
    assert got == {"id": 3, "action": GOOD, "value": 0.6, "explanation": why}
    for wrong in ("not json", json.dumps({"share": 2}), json.dumps([1]), 5, None):
        assert "explanation" not in read({"id": 3, "action": json.dumps(GOOD), "value": 0.6, "explanation": wrong})
    assert read({"id": 3, "action": json.dumps(GOOD), "value": 0.6}) == {"id": 3, "action": GOOD, "value": 0.6}


def test_the_worker_path_returns_the_explanation_with_the_action(thinker):  # noqa: F811
    why = Explanation(simulations=80, share=0.5, runner_up={"type": "stop"}, runner_up_share=0.3)

    async def scenario():
        bots = started(thinker)
        task = asyncio.ensure_future(bots.decide("{record}", 0, "normal"))
        await _settle()
        worker = thinker.made[0]
        worker.say({"id": request_of(worker)["id"], "action": json.dumps(GOOD), "value": 0.5,
                    "explanation": why.model_dump_json()})
        assert await task == (GOOD, 0.5, why)

    asyncio.run(scenario())
