"""The Citadels canvas table: every legal action clickable, nothing hidden drawn, both widths."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.citadels.components import DISTRICTS, kind
from engines.core.rng import Rng
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.renderers.citadels import render

from .helpers import GAME

_NAME_TO_KIND = {d.name_en: k for k, d in DISTRICTS.items()}


def _actions(state):
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.describe(state, a)}
            for i, a in enumerate(GAME.legal_actions(state))]


def test_registry_finds_the_citadels_renderer():
    assert get_renderer("citadels") is render


@pytest.mark.parametrize("players", range(2, 8))
def test_every_action_reachable_and_no_hidden_text_at_both_widths(players):
    for seed in range(6):
        state = GAME.new_game(players, seed)
        rng = Rng.from_seed(seed)
        step = 0
        while True:
            me = GAME.to_move(state)
            if step % 3 == 0 or GAME.is_over(state):
                acts = _actions(state) if me is not None else []
                for width in (1100, 380):
                    cv = Canvas(width, 700)
                    render(cv, GAME.view(state, me), acts, me)
                    reached = set()
                    for h in cv.hits:
                        reached.update(h.actions)
                        assert 0 <= h.x and h.x + h.w <= width + 1, "hit region outside the canvas"
                    assert reached == set(range(len(acts)))
                    assert cv.height >= 300
                    # the district cards drawn are exactly the cities, my hand and my drawn cards:
                    # another player's hand shows only as a count
                    shown = Counter(_NAME_TO_KIND[h.tip.split(" (")[0]] for h in cv.hits
                                    if h.tip and h.tip.split(" (")[0] in _NAME_TO_KIND)
                    expected = Counter(kind(c) for city in state.cities for c in city)
                    if me is not None:
                        expected.update(kind(c) for c in state.hands[me])
                        if state.drawn and state.holder[state.called] == me and state.phase == "turn":
                            expected.update(kind(c) for c in state.drawn)
                    assert shown == expected
                if me is not None:
                    # a spectator sees no hand at all
                    cv = Canvas(1100, 700)
                    render(cv, GAME.view(state, None), [], None)
                    assert not any("Your hand" in s for s in cv.texts())
            if GAME.is_over(state):
                break
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.below(len(legal))])
            step += 1


def test_hand_cards_have_readable_tips_and_the_final_cities_at_the_end():
    state = GAME.new_game(4, 3)
    cv = Canvas(1100, 700)
    me = GAME.to_move(state)
    render(cv, GAME.view(state, me), _actions(state), me)
    tips = [h.tip for h in cv.hits if h.tip]
    for c in state.hands[me]:
        assert any(t.startswith(DISTRICTS[kind(c)].name_en) for t in tips)
    from engines.core.play import play_game
    final, _ = play_game(GAME, 4, 5, "heuristic")
    cv = Canvas(380, 700)
    render(cv, GAME.view(final, 0), [], 0)
    texts = cv.texts()
    # the page's end panel has the one score table (end_screen.py); the canvas keeps the board
    assert "Final scores" not in texts and "Game over" in " ".join(texts)
    for p, city in enumerate(final.cities):
        assert f"{len(city)}/{GAME.view(final, 0)['threshold']} districts" in " ".join(texts)
