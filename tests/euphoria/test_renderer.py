"""The Euphoria renderer: draws at laptop and phone width from the view only, every legal
action is reachable by a click, nothing hidden is written."""

from __future__ import annotations

import pytest

from engines.core.rng import Rng
from engines.euphoria import GAME
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers.euphoria import render
from engines.euphoria.components import RECRUITS


def _actions(state):
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.describe(state, a)}
            for i, a in enumerate(GAME.legal_actions(state))]


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("width", [1100, 380])
def test_renders_many_positions_with_every_action_clickable(players, width):
    rng = Rng.from_seed(players * 7 + width)
    state = GAME.new_game(players, players + width)
    for step in range(400):
        if GAME.is_over(state):
            break
        me = GAME.to_move(state)
        if step % 9 == 0:
            cv = Canvas(width, 700)
            acts = _actions(state)
            render(cv, GAME.view(state, me), acts, me)
            clickable = {i for h in cv.hits for i in h.actions}
            assert clickable == set(range(len(acts)))
            assert all(h.x >= 0 and h.x + h.w <= width + 1 for h in cv.hits)
            assert cv.height > 300
            text = " ".join(cv.texts())
            for q, pl in enumerate(state.p):
                if q != me:
                    for rid in pl.hidden + pl.dealt:
                        assert RECRUITS[rid].name not in text
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def test_the_board_at_the_end_has_no_score_table_but_keeps_the_final_board():
    """The page's end panel has the one score table (end_screen.py): at the end the board
    draws no table of its own, only the final board (the winner, the regions, every mat)."""
    from engines.core.play import play_game
    state, _ = play_game(GAME, 3, 4, "random")
    for width in (1100, 380):
        cv = Canvas(width, 700)
        render(cv, GAME.view(state, None), [], None)
        texts = cv.texts()
        assert not {"Stars by category", "Player", "total"} & set(texts)  # the table's headings
        assert any(t.startswith("Game over — winner") for t in texts)
        for region in ("Euphoria", "Subterra", "Wastelands", "Icarus"):
            assert region in texts
        for q in range(3):
            assert f"Player {q + 1}" in texts
            assert f"★ {10 - state.p[q].stars}/10" in texts  # each mat with its stars placed


def test_long_button_labels_wrap_at_phone_width_instead_of_shrinking():
    """Issue 5: a button text wider than a 390 px row goes on two lines of the same 11 px text
    (the canvas would otherwise squeeze it to a tiny font)."""
    from .helpers import blank
    s = blank(2)
    s.p[0].dice = [6, 3, 6, 1]
    s.p[0].where = ["CLOUD", "FARM", "ART_SUB", "pool"]
    s.p[0].goods["bliss"] = 1
    from .helpers import fresh_turn
    fresh_turn(s, 0)
    acts = [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(s, a)}
            for i, a in enumerate(GAME.legal_actions(s))]
    long = max((a["label"] for a in acts), key=len)
    assert Canvas.text_width(long, 11) + 16 > 390 - 2 * 12
    cv = Canvas(390, 700)
    render(cv, GAME.view(s, 0), acts, 0)
    drawn = {op[3]: op[9] for op in cv.ops if op[0] == "text" and op[4] == 11}
    lines = cv.wrap(long, 11, 390 - 2 * 10 - 16)
    assert len(lines) == 2 and long not in drawn
    for ln in lines:  # each line drawn whole, with room to spare (not squeezed)
        assert ln in drawn and Canvas.text_width(ln, 11) <= drawn[ln], ln


@pytest.mark.parametrize("width", [1280, 390, 720])
def test_morale_and_knowledge_tracks_mark_each_players_value(width):
    """Issue 5: every player mat draws a morale and a knowledge track, one numbered cell per
    step of the engine's range, the cell of the player's value filled in the player's colour."""
    from engines.euphoria.components import KNOW_MAX, KNOW_MIN, MORALE_MAX, MORALE_MIN
    from tavolo_ui.canvas import PALETTE
    from .helpers import blank
    s = blank(4)
    values = [(1, 6), (6, 1), (3, 4), (5, 2)]  # (morale, knowledge) per player
    for pl, (morale, know) in zip(s.p, values):
        pl.morale, pl.knowledge = morale, know
    cv = Canvas(width, 700)
    render(cv, GAME.view(s, 0), [], 0)
    texts = [op for op in cv.ops if op[0] == "text"]
    cells = [op for op in cv.ops if op[0] == "rect" and op[3] == op[4] == 16]
    for label, lo, hi, which in (("Morale", MORALE_MIN, MORALE_MAX, 0), ("Knowledge", KNOW_MIN, KNOW_MAX, 1)):
        labels = [op for op in texts if op[3] == label]
        assert len(labels) == len(s.p), label
        for q, lab in enumerate(sorted(labels, key=lambda op: (op[2], op[1]))):
            colour = PALETTE["players"][q % len(PALETTE["players"])]
            row = sorted((op for op in cells if op[1] > lab[1] and abs(op[2] + 8 - lab[2]) < 1
                          and op[1] < lab[1] + 220), key=lambda op: op[1])[:hi - lo + 1]
            numbers = [next(t[3] for t in texts if abs(t[1] - (c[1] + 8)) < 1 and abs(t[2] - (c[2] + 9)) < 1)
                       for c in row]
            assert numbers == [str(v) for v in range(lo, hi + 1)], (label, q)
            filled = [str(lo + i) for i, c in enumerate(row) if c[5] == colour]
            assert filled == [str(values[q][which])], (label, q, width)
    tips = [h.tip for h in cv.hits if h.tip]
    assert any(t.startswith("Morale 6 ") and "hand limit of 6" in t for t in tips)
    assert any(t.startswith("Knowledge 4 ") for t in tips)
