"""Property tests over seeded random games at every player count (200 games per count).

Step bound: every game ends within ``MAX_STEPS`` actions. Seats play the random bot, except
that in every fourth game one seat plays the heuristic bot (so both kinds of game are covered);
pure random play ends well within the bound on its own (measured over these seeds: at most
554 steps and 21 rounds, at 7 players; the heuristic bot at most 457 steps).
Cheap invariants are checked at every step; JSON round trip, clone and view leaks on a
sample of steps; replay of the record on a sample of games.
"""

from __future__ import annotations

import json

import pytest

from engines.citadels.bot import choose as heuristic
from engines.citadels.components import DISTRICTS, kind
from engines.core.bots import random_bot
from engines.core.play import play_game
from engines.core.testing import (assert_clone_independent, assert_json_round_trip,
                                  assert_replay_matches, assert_view_json)

from .helpers import GAME, components_census

GAMES_PER_COUNT = 200
CHUNKS = 4
MAX_STEPS = 5000


def recompute_scores(state) -> list[int]:
    """Scores from scratch, independently of engines.citadels.scoring (§12.2)."""
    n = 7 if state.options.short_game else 8
    out = []
    for s in range(state.players):
        city = state.cities[s]
        pts = sum(DISTRICTS[kind(c)].vp for c in city)
        colours = set()
        wild = False
        for c, r in zip(city, state.built_round[s]):
            if kind(c) == "haunted_city" and not (state.final_round and r == state.final_round):
                wild = True
            else:
                colours.add(DISTRICTS[kind(c)].color)
        if len(colours) + (1 if wild else 0) >= 5:
            pts += 3
        if state.first_complete == s:
            pts += 4
        elif len(city) >= n:
            pts += 2
        out.append(pts)
    return out


def check_view_hides(state) -> None:
    for p in range(state.players):
        v = GAME.view(state, p)
        text = json.dumps(v)
        hidden = list(state.deck)
        for q in range(state.players):
            if q != p:
                hidden += state.hands[q]
        if not (state.drawn and state.holder[state.called] == p):
            hidden += state.drawn
        for c in hidden:
            assert f'"{c}"' not in text, f"player {p} sees hidden card {c}"
        for ch in v["characters"]:
            if ch["holder"] is not None:
                assert ch["rank"] in state.revealed
        assert v["private"]["characters"] == [r for r in range(1, 9) if state.holder[r] == p]
        if "draft_cards" in v["private"]:
            assert GAME.to_move(state) == p and state.phase == "draft"
        mine = {r for r, by in zip(state.face_down, state.face_down_by) if by == p}
        assert set(v["private"]["face_down"]) == mine
    spectator = json.dumps(GAME.view(state, None))
    for h in state.hands:
        for c in h:
            assert f'"{c}"' not in spectator


def run_game(players: int, seed: int) -> None:
    bots = [random_bot] * players
    if seed % 4 == 0:
        bots[seed % players] = heuristic
    steps = 0

    def on_step(state, action) -> None:
        nonlocal steps
        steps += 1
        components_census(state)
        assert min(state.gold) >= 0 and state.keep_left >= 0
        if steps % 3 == 0 or action.type in ("build", "destroy"):
            assert GAME.scores(state) == recompute_scores(state)
        if (steps + seed) % 89 == 0:
            check_view_hides(state)
            assert_json_round_trip(GAME, state)
        if (steps + seed) % 211 == 0:
            assert_clone_independent(GAME, state)
            assert_view_json(GAME, state)

    state, record = play_game(GAME, players, seed, bots, max_steps=MAX_STEPS, on_step=on_step)
    assert steps <= MAX_STEPS
    assert GAME.is_over(state) and GAME.to_move(state) is None and GAME.legal_actions(state) == []
    components_census(state)
    assert min(state.gold) >= 0
    assert any(len(c) >= (8) for c in state.cities)
    assert GAME.scores(state) == recompute_scores(state)
    for p, b in enumerate(GAME.score_breakdown(state)):
        assert sum(b.values()) == GAME.scores(state)[p]
    w = GAME.winners(state)
    assert w and max(GAME.scores(state)) == GAME.scores(state)[w[0]]
    check_view_hides(state)
    if seed % 10 == 0:
        assert_replay_matches(GAME, record, state)
        assert_json_round_trip(GAME, state)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", range(2, 8))
def test_property_random_games(players: int, chunk: int) -> None:
    per = GAMES_PER_COUNT // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        run_game(players, 1000 * players + seed)


@pytest.mark.parametrize("options", [{"short_game": True}, {"killed_king_heir": True},
                                     {"forbid_duplicate_districts": True}, {"first_crown": 1}])
def test_property_variants(options) -> None:
    for seed in range(25):
        players = 2 + seed % 6
        state, record = play_game(GAME, players, seed, "random", options=options, max_steps=MAX_STEPS)
        components_census(state)
        n = 7 if options.get("short_game") else 8
        assert any(len(c) >= n for c in state.cities)
        if options.get("forbid_duplicate_districts"):
            for city in state.cities:
                assert len({kind(c) for c in city}) == len(city)
        if seed % 5 == 0:
            assert_replay_matches(GAME, record, state)
