"""Determinization, evaluation and the search levels (the "strong, fair bots" issue).

Hidden in Myraclia is only what comes out of the bags next, which is chance (the bags are
multisets in the state); a seeded game's dealer knows it, and is re-dealt: see
``engines.myraclia.determinize``.
"""

from __future__ import annotations

import json

from engines.core.rng import Rng
from engines.core.chance import Sampler
from engines.core.search import ismcts
from engines.myraclia import GAME
from engines.myraclia.bot import choose as heuristic
from engines.myraclia.components import COLOURS
from engines.myraclia.determinize import determinize
from engines.myraclia.evaluate import evaluate
from engines.myraclia.dealer import MyracliaDealer

from .helpers import components_census

ALL = {"eternity": True, "darkness": True, "kickstarter": True}
#: (players, seed, options): every player count, with and without the expansions
GAMES = [(2, 11, None), (3, 12, ALL), (4, 13, None), (5, 14, ALL), (2, 15, ALL), (3, 16, None)]


def _positions(players: int, seed: int, options: dict | None, every: int = 1):
    """The positions of a seeded heuristic game (every ``every``-th, and the last)."""
    state = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    n = 0
    while not GAME.is_over(state):
        if n % every == 0:
            yield n, state.clone()
        GAME.apply(state, heuristic(GAME, state, rng))
        n += 1
    yield n, state


def _dump(state) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True)


def _redeal(state, seed: int):
    """A twin of ``state`` differing only in what nobody can see: its seeded dealer (the
    bags' order and the generator)."""
    twin = state.clone()
    rng = Rng.from_seed(seed)
    tiles, tokens = list(twin.tile_bag), list(twin.eternity_bag)
    rng.shuffle(tiles)
    rng.shuffle(tokens)
    twin.dealer = MyracliaDealer(rng=rng.fork(), tiles=tiles, tokens=tokens)
    return twin


def test_view_kept_components_conserved_state_untouched():
    """At every position of seeded heuristic games (every player count, with and without the
    expansions), for every seat: the view is the same, every component is in one place, the
    real state is unchanged."""
    checked = 0
    for players, seed, options in GAMES:
        for n, state in _positions(players, seed, options):
            before = _dump(state)
            census = components_census(state)
            for p in range(players):
                det = GAME.determinize(state, p, Rng.from_seed(1000 * n + p))
                assert GAME.view(det, p) == GAME.view(state, p), (players, seed, n, p)
                assert components_census(det) == census
                assert det.tile_bag == state.tile_bag and det.eternity_bag == state.eternity_bag
                assert det.dealer is not None and state.dealer is not None
                assert det.dealer.rng != state.dealer.rng  # the dealer is re-seeded
                assert sorted(det.dealer.tiles) == state.tile_bag
                checked += 1
            assert _dump(state) == before
    assert checked > 1500


def test_depends_only_on_what_the_player_sees():
    for players, seed, options in GAMES[:4]:
        for n, state in _positions(players, seed, options, every=9):
            twin = _redeal(state, n + 1)
            assert _dump(twin) != _dump(state)
            for p in range(players):
                assert GAME.view(twin, p) == GAME.view(state, p)
                a = GAME.determinize(state, p, Rng.from_seed(n))
                b = GAME.determinize(twin, p, Rng.from_seed(n))
                assert _dump(a) == _dump(b), (players, seed, n, p)


def test_every_unseen_tile_and_token_can_come_next():
    """Over many samples the re-seeded dealer's next tile is every tile still in the bag in
    some sample, and its next token every token still in the Eternity bag; the next element
    a search samples from the element bag takes every colour the bag holds."""
    for players, seed, options, at in ((3, 21, ALL, 0), (4, 22, ALL, 60)):
        state = next(s for n, s in _positions(players, seed, options) if n >= at)
        tops, tokens, firsts = set(), set(), set()
        rng = Rng.from_seed(5)
        for _ in range(500):
            det = determinize(state, 1, rng)
            assert det.dealer is not None and det.dealer.tokens is not None
            tops.add(det.dealer.tiles[-1])  # the dealer draws from the end
            tokens.add(det.dealer.tokens[-1])
            det.drawing, det.to_draw = "draft", 1  # a draw for the Draft board
            firsts.add(GAME.sample_chance(det, rng).colour)
        assert tops == set(state.tile_bag)
        assert tokens == set(state.eternity_bag)
        assert firsts == {COLOURS[c] for c, n in enumerate(state.element_bag) if n}


def test_a_world_has_a_dealer_only_where_the_state_has_one():
    """A state dealt by the page (no seeded dealer) gives worlds without one: the search
    samples their chance (``sample_chance``), and nothing in them fixes what comes next."""
    state = GAME.new_game(3, 23, ALL, dealer=False, deal=False)
    GAME.deal(state, Sampler(Rng.from_seed(1)))
    world = determinize(state, 0, Rng.from_seed(2))
    assert world.dealer is None and GAME.view(world, 0) == GAME.view(state, 0)


def test_determinizations_play_to_the_end():
    """From sampled worlds, random and playout moves finish the game without errors."""
    for players, seed, options in GAMES[:4]:
        for n, state in _positions(players, seed, options, every=23):
            if GAME.is_over(state):
                continue
            for k, policy in enumerate(("random", "playout")):
                world = GAME.determinize(state, (n + k) % players, Rng.from_seed(n + k))
                rng = Rng.from_seed(n)
                steps = 0
                while not GAME.is_over(world):
                    legal = GAME.legal_actions(world)
                    assert legal
                    if policy == "random" and steps < 150:
                        GAME.apply(world, legal[rng.below(len(legal))])
                    else:
                        GAME.apply(world, GAME.playout_action(world, rng))
                    steps += 1
                    assert steps < 5000
                assert GAME.winners(world)


def test_evaluate_at_the_end_and_in_range():
    for players, seed, options in GAMES[:4]:
        last = None
        for n, state in _positions(players, seed, options, every=5):
            values = [evaluate(state, p) for p in range(players)]
            assert all(0.0 <= v <= 1.0 for v in values)
            assert abs(sum(values) - 1.0) < 1e-9
            last = state
        assert GAME.is_over(last)
        w = GAME.winners(last)
        assert [GAME.evaluate(last, p) for p in range(players)] == \
            [1.0 / len(w) if p in w else 0.0 for p in range(players)]


def test_evaluate_predicts_the_winner_at_two_thirds():
    """Over seeded heuristic games, the eventual winner's evaluate at 2/3 of the game is the
    highest more often than chance."""
    hits = trials = 0
    chance = 0.0
    for i in range(24):
        players = 2 + i % 4
        states = [s for _, s in _positions(players, 300 + i, ALL if i % 2 else None)]
        final = states[-1]
        w = GAME.winners(final)
        if len(w) != 1:
            continue
        mid = states[2 * len(states) // 3]
        values = [evaluate(mid, p) for p in range(players)]
        trials += 1
        hits += values[w[0]] == max(values)
        chance += 1 / players
    rate = hits / trials
    print(f"\nmyraclia evaluate: winner ranked first at 2/3 of the game in {hits}/{trials} "
          f"({rate:.0%}; chance {chance / trials:.0%})")
    assert rate > chance / trials + 0.1


def test_search_decision_ignores_hidden_information():
    """Two states differing only in what the deciding player cannot see: the same decision
    of a (small) search for the same bot seed."""
    checked = 0
    for players, seed, options in ((2, 31, ALL), (3, 32, ALL)):
        for n, state in _positions(players, seed, options, every=17):
            if GAME.is_over(state) or len(GAME.legal_actions(state)) < 2:
                continue
            twin = _redeal(state, n + 7)
            a = ismcts(GAME, state, Rng.from_seed(n), 12, playout_steps=10)
            b = ismcts(GAME, twin, Rng.from_seed(n), 12, playout_steps=10)
            assert a.action == b.action and a.stats == b.stats
            checked += 1
            if checked >= 6:
                break
    assert checked >= 6


def test_levels():
    bots = GAME.bots()
    assert list(bots)[-1] == "heuristic"
    assert {"easy", "normal", "hard"} <= set(bots)
    assert bots["normal"].iterations < bots["hard"].iterations
    state = GAME.new_game(3, 41, ALL)
    rng = Rng.from_seed(3)
    mistakes = 0
    while not GAME.is_over(state):  # "easy" plays legal moves, and sometimes not the heuristic's
        legal = GAME.legal_actions(state)
        a = bots["easy"](GAME, state, rng)
        assert a in legal
        mistakes += a != heuristic(GAME, state, Rng.from_seed(0))
        GAME.apply(state, a)
    assert mistakes > 0
