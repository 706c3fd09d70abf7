"""The canvas renderer: both widths, every legal action clickable, nothing hidden shown."""

from __future__ import annotations

import pytest

from engines.core.rng import Rng
from engines.myraclia import GAME
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import myraclia as renderer


def _actions(state, me):
    if GAME.to_move(state) != me:
        return []
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.describe(state, a)}
            for i, a in enumerate(GAME.legal_actions(state))]


def _positions(players: int, seed: int, every: int = 7, options=None):
    state = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            yield state
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
        step += 1
    yield state


@pytest.mark.parametrize("width", [1100, 380])
@pytest.mark.parametrize("players", [2, 5])
def test_every_action_has_a_place_and_nothing_hidden_is_drawn(width, players):
    opts = {"eternity": True, "darkness": True, "kickstarter": True}
    for seed in range(3):
        for state in _positions(players, seed, options=opts):
            me = GAME.to_move(state)
            me = 0 if me is None else me
            actions = _actions(state, me)
            cv = Canvas(width, 700)
            renderer.render(cv, GAME.view(state, me), actions, me)
            clickable = {i for h in cv.hits for i in h.actions}
            assert clickable == {a["index"] for a in actions}
            hidden = set(state.tile_bag) | set(state.eternity_bag)
            drawn = " ".join(cv.texts()) + " ".join(h.tip or "" for h in cv.hits)
            assert not any(x in drawn.split() for x in hidden)
            assert cv.height >= 300
            for op in cv.ops:  # everything inside the canvas width
                if op[0] == "rect":
                    assert op[1] >= -5 and op[1] + op[3] <= width + 5


def test_final_score_breakdown_is_drawn():
    state = next(s for s in _positions(3, 4, every=1) if GAME.is_over(s))
    cv = Canvas(1100, 700)
    renderer.render(cv, GAME.view(state, None), [], None)
    texts = cv.texts()
    assert any(t.startswith("Final scores") for t in texts)
    assert "largest area" in texts and "surface types" in texts


def test_spectator_view_renders():
    state = GAME.new_game(4, 2)
    cv = Canvas(380, 700)
    renderer.render(cv, GAME.view(state, None), [], None)
    assert not any(h.actions for h in cv.hits)
