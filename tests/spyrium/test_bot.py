"""The heuristic bot: legal, and blind to hidden information (it decides from ``view``)."""

from __future__ import annotations

from engines.__main__ import main as cli
from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium.bot import choose


def test_bot_plays_legal_moves_and_ignores_hidden_order():
    rng = Rng.from_seed(11)
    for seed in (0, 3):
        state = G.new_game(2 + seed, seed)
        step = 0
        while not G.is_over(state):
            step += 1
            if step % 12 == 0:
                twin = state.clone()
                for d in twin.decks.values():
                    rng.shuffle(d)
                rng.shuffle(twin.token_reserve)
                rest = twin.future_events[1:]
                rng.shuffle(rest)
                twin.future_events = twin.future_events[:1] + rest
                a1 = choose(G, state, Rng.from_seed(step))
                a2 = choose(G, twin, Rng.from_seed(step))
                assert a1 == a2
            a = choose(G, state, Rng.from_seed(step))
            assert a in G.legal_actions(state)
            G.apply(state, a)


def test_cli_plays_a_game_with_the_heuristic_bot(capsys):
    assert cli(["play", "spyrium", "--players", "3", "--seed", "4", "--bot", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "Player 1" in out and "scores:" in out


def test_bots_registry():
    assert list(G.bots()) == ["playout", "easy", "normal", "hard", "heuristic"]
