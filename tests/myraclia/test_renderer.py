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


def test_the_final_board_is_drawn_without_a_score_table_of_its_own():
    """The page's end panel has the one score table (end_screen.py); the canvas keeps the
    surface, the score track and the players."""
    state = next(s for s in _positions(3, 4, every=1) if GAME.is_over(s))
    cv = Canvas(1100, 700)
    renderer.render(cv, GAME.view(state, None), [], None)
    texts = cv.texts()
    assert not any(t.startswith("Final scores") for t in texts)
    assert "Largest area" not in texts and "Tiles per surface type" not in texts
    assert "Score track" in texts and all(f"Player {p + 1}" in texts for p in range(state.players))


def test_spectator_view_renders():
    state = GAME.new_game(4, 2)
    cv = Canvas(380, 700)
    renderer.render(cv, GAME.view(state, None), [], None)
    assert not any(h.actions for h in cv.hits)


def _ruler(cv):
    """The score track's ruler: the rect drawn right after the "Score track" title."""
    i = next(k for k, op in enumerate(cv.ops) if op[0] == "text" and op[3] == "Score track")
    return next(op for op in cv.ops[i:] if op[0] == "rect")


@pytest.mark.parametrize("width", [1280, 390])
def test_score_track_draws_each_players_disc_on_their_score(width):
    view = GAME.view(GAME.new_game(4, 3), None)
    scores = [12, 12, 13, 41]  # a tie, a neighbour one step away and a leader past 40
    for seat, score in zip(view["seats"], scores):
        seat["score"] = score
    cv = Canvas(width, 700)
    renderer.render(cv, view, [], None)
    _, x0, _, length, _ = _ruler(cv)[:5]
    assert {"0", "25", "50"} <= set(cv.texts())  # numbered up to the leader rounded past the next 10
    step = length / 50
    discs = []
    for p, score in enumerate(scores):
        colour = renderer._pcol(p)
        mine = [op for op in cv.ops if op[0] == "circle" and op[4] == colour and op[1] == pytest.approx(x0 + score * step)]
        assert len(mine) == 1, f"player {p + 1}'s disc at {score}"
        discs.append(mine[0])
    for i, a in enumerate(discs):  # every disc visible: none overlaps another
        for b in discs[i + 1:]:
            assert ((a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5 >= a[3] + b[3]


def test_each_eternity_token_type_has_its_own_glyph():
    from engines.myraclia.components import TOKEN_IDS
    from engines.myraclia.view import token_face

    drawn = {}
    for tok in map(token_face, TOKEN_IDS):
        cv = Canvas(200, 200)
        renderer._token(cv, 50, 50, 8, tok)
        shape = cv.ops[0][0]
        drawn[tok["id"]] = (shape, cv.texts())
        if tok["type"] == "points":
            assert (shape, cv.texts()) == ("circle", [f"+{tok['value']}"])
        elif tok["type"] == "surface":
            assert (shape, cv.texts()) == ("poly", [tok["surface"][0].upper()])
            assert cv.ops[0][2] == renderer.LAND[tok["surface"]]
        else:
            letter = "R" if tok["type"] == "released_element" else "F"
            assert (shape, cv.texts()) == ("rect", [letter])
            assert cv.ops[0][5] == renderer.CUBE[tok["colour"]]
    assert len({v[0] for v in drawn.values()}) == 3  # circle, square, hexagon


def test_tokens_on_a_tile_are_drawn_with_their_glyphs():
    from engines.myraclia.view import token_face

    view = GAME.view(GAME.new_game(3, 1, {"eternity": True}), None)
    view["surface"][0]["tokens"] = [token_face("E03"), token_face("E05")]
    cv = Canvas(1280, 700)
    renderer.render(cv, view, [], None)
    assert "+3" in cv.texts() and "R" in cv.texts()


@pytest.mark.parametrize("eternity", [True, False])
def test_the_legend_explains_eternity_tokens_only_in_a_game_with_them(eternity):
    state = GAME.new_game(3, 2, {"eternity": eternity})
    cv = Canvas(1100, 700)
    renderer.render(cv, GAME.view(state, 0), _actions(state, 0), 0)
    legend = " ".join(cv.texts())
    assert "VP: victory points" in legend
    assert ("Eternity tokens:" in legend) == eternity
