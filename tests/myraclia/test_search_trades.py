"""The search bots and Myraclia's free, unlimited trades (§8.10.3): a search that weighed every
trade swapped elements back and forth without end (two small searches at 2 players, seeds 102
and 103: 535 and 491 trades, the game never ended). ``search_actions`` keeps no trade but the
one the playout policy would make."""

from engines import get_game
from engines.core.rng import Rng
from engines.core.search import search_bot
from engines.myraclia.playout import playout_action

GAME = get_game("myraclia")


def test_search_bots_end_the_games_that_looped_on_trades():
    bot = search_bot(20, playout_steps=10)
    for seed in (102, 103):
        state = GAME.new_game(2, seed)
        rngs = [Rng.from_seed(seed * 10 + i) for i in range(2)]
        steps = trades = 0
        while (p := GAME.to_move(state)) is not None and steps < 400:
            action = bot(GAME, state, rngs[p])
            trades += action.type == "trade"
            GAME.apply(state, action)
            steps += 1
        assert GAME.to_move(state) is None, f"seed {seed}: not ended after {steps} actions ({trades} trades)"
        assert trades <= 10, (seed, trades)


def test_the_search_considers_the_legal_actions_but_at_most_the_policys_trade():
    seen_trade = seen_kept = 0
    for seed in range(20, 32):
        state = GAME.new_game(3, seed)
        rng = Rng.from_seed(seed)
        while GAME.to_move(state) is not None:
            legal = GAME.legal_actions(state)
            searched = GAME.search_actions(state)
            trades = [a for a in searched if a.type == "trade"]
            assert [a for a in legal if a in searched] == searched  # a subset, in order
            assert [a for a in legal if a.type != "trade"] == [a for a in searched if a.type != "trade"] or \
                all(a.type == "trade" for a in legal)
            assert len(trades) <= 1
            if any(a.type == "trade" for a in legal):
                policy = playout_action(GAME, state.clone(), Rng.from_seed(0))
                if policy.type == "trade":
                    assert trades and trades[0] == policy
                    seen_kept += 1
                seen_trade += 1
            GAME.apply(state, playout_action(GAME, state, rng))
    assert seen_trade > 20 and seen_kept > 0
