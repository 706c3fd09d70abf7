"""Property tests over seeded games at every player count (2–5).

200 games per player count, random play; in one game of twenty one seat is the heuristic bot,
so that the games also reach the positions good play leads to (many buildings, techniques,
bonuses). Pure random play ends quickly (see the bound below), so no more mixing is needed.
Every game must end within ``STEP_BOUND`` actions: per round a player places at most 7
workers (+1 by event), removes them again, uses each building at most once (+Taylorism,
+the reuse event), switches, passes and chooses a bonus; 6 rounds of 5 players stay far below
2,000 (random games take about 100–350 actions).

Cheap invariants are checked after every action; the JSON round trip, clone and view checks
on a sample of steps; replay once per game.
"""

from __future__ import annotations

import json

import pytest

from engines.core.play import play_game
from engines.core.rng import Rng
from engines.core.record import replay
from engines.core.testing import assert_clone_independent, assert_json_round_trip, assert_view_json
from engines.spyrium import GAME as G
from engines.spyrium import scoring
from engines.spyrium.bot import choose as heuristic
from engines.core.bots import random_bot

from .helpers import assert_non_negative, components_census

STEP_BOUND = 2000
GAMES = 200
CHUNKS = 4


def _hidden_ids(state) -> list[str]:
    """Identifiers of the hidden components: cards in the decks, events below the preview."""
    return [c for d in state.decks.values() for c in d] + list(state.future_events[1:])


def _check_view(state) -> None:
    hidden = _hidden_ids(state)
    for p in [None, *range(state.players)]:
        v = G.view(state, p)
        text = json.dumps(v)
        for h in hidden:
            assert f'"{h}"' not in text, f"hidden {h} visible to {p}"
        assert v["token_reserve"] == len(state.token_reserve)
        assert v["decks"] == {k: len(d) for k, d in state.decks.items()}


def _check_view_ignores_hidden_order(state, rng: Rng) -> None:
    """Reordering what is hidden changes no player's view."""
    twin = state.clone()
    for d in twin.decks.values():
        rng.shuffle(d)
    rng.shuffle(twin.token_reserve)
    rest = twin.future_events[1:]
    rng.shuffle(rest)
    twin.future_events = twin.future_events[:1] + rest
    for p in range(state.players):
        assert G.view(twin, p) == G.view(state, p)


def _run(players: int, seed: int) -> int:
    bots = [random_bot] * players
    if seed % 20 == 1:
        bots[seed % players] = heuristic  # some games reach the positions good play leads to
    step = 0
    rng = Rng.from_seed(seed)
    deep = seed % 50 == 0

    def on_step(state, action):
        nonlocal step
        step += 1
        assert step <= STEP_BOUND
        _after(state)  # the state after the previous action
        if deep or step % 50 == 0:
            assert_json_round_trip(G, state)
            _check_view(state)  # JSON-able views without hidden identifiers
            assert_clone_independent(G, state)
        if step % 53 == 0:
            _check_view_ignores_hidden_order(state, rng)

    state, record = play_game(G, players, seed, bots, on_step=on_step)
    assert G.is_over(state) and G.to_move(state) is None and G.legal_actions(state) == []
    _after(state)
    assert_view_json(G, state)
    assert [sum(b.values()) for b in G.score_breakdown(state)] == G.scores(state)
    assert G.winners(state) and all(G.scores(state)[w] == max(G.scores(state)) for w in G.winners(state))
    if seed % 4 == 0:
        # the record replays from its own outcomes, without the seeded dealer the game had
        # (``engines.core.testing.assert_replay_matches`` compares the dealer too)
        played = state.clone()
        played.dealer = None
        assert replay(record) == played
    return step


def _after(state) -> None:
    components_census(state)
    assert_non_negative(state)
    for p in state.players_:
        assert sum(p.vp_log.values()) == p.vp  # the score track is its sources' sum
        assert scoring.score(p) == p.vp + scoring.building_vp(p) + sum(scoring.technique_vp(p).values())
    assert G.scores(state) == [scoring.score(p) for p in state.players_]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_property_seeded_games(players, chunk):
    per = GAMES // CHUNKS
    longest = 0
    for seed in range(chunk * per, (chunk + 1) * per):
        longest = max(longest, _run(players, 1000 * players + seed))
    assert longest <= STEP_BOUND


def test_property_refused_action_changes_nothing_in_random_positions():
    from engines.core.testing import assert_illegal_leaves_state
    from engines.spyrium.actions import Pass, PlaceWorker
    rng = Rng.from_seed(3)
    for seed in range(20):
        state = G.new_game(2 + seed % 4, seed)
        for _ in range(rng.below(120)):
            if G.is_over(state):
                break
            G.apply(state, rng.choice(G.legal_actions(state)))
        if G.is_over(state):
            continue
        legal = G.legal_actions(state)
        for a in (Pass(), PlaceWorker(slot="H00"), PlaceWorker(slot="V12")):
            if a not in legal:
                assert_illegal_leaves_state(G, state, a)


def test_property_check_agrees_with_legal_actions():
    """``check`` looks only at the actions of the same kind: it must accept exactly the
    legal actions, also for actions that were legal in other positions."""
    from engines.spyrium import rules
    rng = Rng.from_seed(5)
    for seed in range(12):
        state = G.new_game(2 + seed % 4, 300 + seed)
        pool: list = []
        while not G.is_over(state):
            legal = G.legal_actions(state)
            pool = (pool + legal)[-300:]
            for a in legal:
                assert rules.is_legal(state, a)
            for a in pool[:: 7]:
                assert rules.is_legal(state, a) == (a in legal)
            G.apply(state, rng.choice(legal))
