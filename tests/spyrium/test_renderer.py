"""The Spyrium canvas renderer, on CPython: every legal action is clickable, nothing hidden
is drawn, and it lays out at a laptop and a phone width in many random positions."""

from __future__ import annotations

import pytest

from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium.components import EVENTS
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import spyrium as R


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


def test_renderer_hover_texts_and_end_breakdown():
    state = _positions(2, 7)[-1]
    assert G.is_over(state)
    cv, _ = _draw(state, 1100, 0)
    texts = cv.texts()
    assert "Final scores by category" in texts
    for label in R.CATEGORY_LABELS.values():
        assert label in texts
    view = G.view(state, 0)
    for p in view["players"]:
        for b in p["buildings"]:
            assert any(h.tip == b["text"] for h in cv.hits)
