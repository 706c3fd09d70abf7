"""The Spyrium canvas renderer, on CPython: every legal action is clickable, nothing hidden
is drawn, and it lays out at a laptop and a phone width in many random positions."""

from __future__ import annotations

import pytest

from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium.components import ALL_CARDS, EVENTS, name_of
from engines.spyrium.texts import card_tip
from engines.spyrium.state import Building, Technique
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import spyrium as R

from .helpers import clear_market, put


def _positions(players: int, seed: int, samples: int = 6):
    rng = Rng.from_seed(seed)
    state = G.new_game(players, seed)
    out = [state.clone()]
    while not G.is_over(state):
        G.apply(state, rng.choice(G.legal_actions(state)))
        if rng.below(40) == 0 and len(out) < samples:
            out.append(state.clone())
    out.append(state)
    return out


def _draw(state, width: float, me):
    view = G.view(state, me)
    actions = []
    if me is not None and G.to_move(state) == me:
        actions = [{"index": i, "action": G.dump_action(a), "label": G.describe(state, a)}
                   for i, a in enumerate(G.legal_actions(state))]
    cv = Canvas(width, 700)
    R.render(cv, view, actions, me)
    return cv, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("width", [1100, 380])
def test_renderer_every_action_clickable_at_both_widths(players, width):
    for seed in range(4):
        for state in _positions(players, 50 + seed):
            me = G.to_move(state) if G.to_move(state) is not None else 0
            cv, actions = _draw(state, width, me)
            reachable = {i for h in cv.hits for i in h.actions}
            assert reachable == {a["index"] for a in actions}
            assert cv.height >= 300
            for op in cv.ops:  # everything is drawn inside the canvas width
                if op[0] == "rect":
                    assert op[1] >= -4 and op[1] + op[3] <= width + 4, op
            for h in cv.hits:
                assert h.x + h.w <= width + 4


def test_renderer_primary_actions_are_not_in_the_fallback_list():
    for seed in range(6):
        for state in _positions(3, 80 + seed):
            me = G.to_move(state)
            if me is None:
                continue
            cv, actions = _draw(state, 1100, me)
            assert "Other actions" not in cv.texts()


def test_renderer_draws_no_hidden_information():
    for seed in range(5):
        for state in _positions(4, 90 + seed):
            for me in (None, 0, 1):
                cv, _ = _draw(state, 1100, me)
                shown = " ".join(cv.texts()) + " ".join(h.tip or "" for h in cv.hits)
                for d in state.decks.values():
                    for card in d:
                        assert card not in shown
                for ev in state.future_events[1:]:
                    assert EVENTS[ev].name_en not in shown


def test_renderer_hover_texts_at_the_end_and_no_second_score_table():
    """The page's end panel has the one score table (end_screen.py); the canvas keeps the
    final neighbourhoods with their tips."""
    state = _positions(2, 7)[-1]
    assert G.is_over(state)
    cv, _ = _draw(state, 1100, 0)
    texts = cv.texts()
    assert "Final scores by category" not in texts and "Build tokens" not in texts
    view = G.view(state, 0)
    for p in view["players"]:
        for b in p["buildings"]:
            assert any(h.tip == str(card_tip(b["type"])) for h in cv.hits)


def test_renderer_card_names_legible_at_phone_width():
    """At a phone width every card name in the market and in a neighbourhood is drawn whole
    (the long Working-Class Neighborhood too, wrapped: the name of the list and the log), in a font of at
    least MIN_NAME px, inside its card; event names wrap before their phases label; no text
    at all is smaller than MIN_TEXT px."""
    longest = sorted({c.split("#")[0] for c in ALL_CARDS},
                     key=lambda t: -len(name_of(t)))[:9]
    state = G.new_game(4, 3)
    state.turn_event = "ev-spyrium-residence"  # the longest event name
    clear_market(state)
    for pos, t in enumerate(longest):
        put(state, pos, t)
    p = state.players_[0]
    p.buildings = [Building(card="A-neighborhood-left#1"), Building(card="B-laboratory-middle#1")]
    p.techniques = [Technique(card="A-capitalization#1")]
    for width in (362, 390):  # the page's board at a 390 px phone, and the whole width
        _check_phone_names(state, width, longest)


def _check_phone_names(state, width: float, longest: list[str]) -> None:
    cv, _ = _draw(state, width, 0)
    texts = [op for op in cv.ops if op[0] == "text"]
    phases = [op for op in texts if op[3] in {str(t) for t in R._PHASES.values()}]
    assert phases
    for ph in phases:  # an event name wraps before its phases label
        left = ph[1] - Canvas.text_width(ph[3], ph[4])
        for op in texts:
            if op[8] and abs(op[2] - ph[2]) < 4 and op[1] < ph[1]:
                assert op[1] + R._bold_width(op[3], op[4]) <= left, op[3]
    assert min(op[4] for op in texts) >= R.MIN_TEXT
    names = [op for op in texts if op[8] and op[4] < 14]  # bold, not a heading
    drawn = " ".join(op[3] for op in names).replace("- ", "-")  # a name wrapped after its hyphen
    for t in [*longest, "A-neighborhood-left", "B-laboratory-middle", "A-capitalization"]:
        name = name_of(t).split(" (")[0]
        assert name in drawn, name  # the same name as the list's and the log's (issue 27)
    assert "…" not in drawn
    card_rects = [op for op in cv.ops if op[0] == "rect" and op[3] < 160 and op[4] >= 70]
    for op in names:
        assert op[4] >= R.MIN_NAME
        box = [r for r in card_rects if r[1] <= op[1] < r[1] + r[3] and r[2] <= op[2] < r[2] + r[4]]
        if box:  # the name stays inside its card (by the width estimate, bold margin included)
            assert op[1] + R._bold_width(op[3], op[4]) <= box[0][1] + box[0][3], op[3]
