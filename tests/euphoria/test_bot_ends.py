"""Games of heuristic bots end: they reach their last stars instead of looping.

At 2 players the territories hold 8 of the 20 stars, so a game ends only when markets are
built and their tiles take the rest. The heuristic used to pass such games heaping up one good
(a tunnel end's 3 energy or food, a finished tunnel's clay, a Tank that could not give the
Laboratory's victim a worker) while its stars waited for gold or stone: in a soak, 2% of
all-heuristic 2-player games had not ended after 20,000 actions. These are some of them (seeds
and bot generators as in ``bench/soak.py``); each loop was a different one.
"""

from __future__ import annotations

from engines.core.bots import get_bot
from engines.core.rng import Rng
from engines.euphoria import GAME
from engines.euphoria.playout import action_scores

from . import slow_bot

# 2 players, every seat the heuristic: none of these ended within 20,000 actions before.
LOOPING_SEEDS = {
    5000007: "both bump each other on the Wastelander tunnel end, 14,000 energy each",
    5000010: "Wastelander tunnel and Farm, 900 clay, no gold or stone for the markets left",
    5000085: "Subterran tunnel end and Wastelander tunnel, 3,000 food and 1,200 clay each",
    5000146: "one seat fills the Tank it may not gain a worker from (the Laboratory's penalty)",
}
BOUND = 1500  # actions; these games now end within 600


def _play(seed: int, players: int = 2, step=None):
    bot = get_bot(GAME, "heuristic")
    state = GAME.new_game(players, seed)
    rngs = [Rng.from_seed(seed * 1000 + 17 + i) for i in range(players)]
    steps = 0
    while (seat := GAME.to_move(state)) is not None and steps < BOUND:
        if step:
            step(state, seat, Rng(s=list(rngs[seat].s)))
        GAME.apply(state, bot(GAME, state, rngs[seat]))
        steps += 1
    return state, steps


def test_two_heuristic_bots_end_the_games_they_looped_in():
    for seed, loop in LOOPING_SEEDS.items():
        state, steps = _play(seed)
        assert GAME.to_move(state) is None, (seed, loop)
        assert any(p.stars == 0 for p in state.p), seed
        assert steps < BOUND


def test_the_heuristic_the_view_reading_bot_and_the_playout_worths_agree_to_the_end():
    """Whole games, the late part too (full territories, goods in plenty: where the worths
    changed): the fast bot chooses as the view-reading one, with the same draws, and its choice
    is one the playout policy rates best (the bot's random tie-break is below 0.01)."""
    fast = get_bot(GAME, "heuristic")
    late = 0

    def check(state, seat, rng):
        nonlocal late
        acts = GAME.legal_actions(state)
        if len(acts) < 2:
            return
        r1, r2 = Rng(s=list(rng.s)), Rng(s=list(rng.s))
        mine = fast(GAME, state, r1)
        assert mine == slow_bot.choose(GAME, state, r2) and r1.s == r2.s
        scores = action_scores(state, acts)
        assert scores[acts.index(mine)] > max(scores) - 0.01
        late += all(sum(v) >= state.players for v in state.territory.values())

    for seed in (5000007, 5000146):
        state, _ = _play(seed, step=check)
        assert GAME.to_move(state) is None
    _play(5000003, players=3, step=check)
    assert late > 100, late
