"""Determinization, evaluation and the search levels (the "strong, fair bots" issue).

Hidden in Spyrium is only the order of the three period decks, of the token reserve and of
the events below the preview: the state holds none of them (chance nodes), a seeded dealer
holds them and its generator (which reshuffles the token discard pile): see ``engines.spyrium.determinize`` (the search judges a cut-off position with
``engines.spyrium.evaluate``).
"""

from __future__ import annotations

import json

from engines.core.rng import Rng
from engines.core.search import ismcts, search_bot
from engines.spyrium import GAME
from engines.spyrium.bot import choose as heuristic
from engines.spyrium.determinize import determinize
from engines.spyrium.evaluate import evaluate

from .helpers import components_census


def _positions(players: int, seed: int, every: int = 1):
    """The positions of a seeded heuristic game (every ``every``-th, and the last)."""
    state = GAME.new_game(players, seed)
    rng = Rng.from_seed(seed * 7 + 1)
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
    """A twin of ``state`` differing only in what nobody can see: its seeded dealer's orders
    (the decks', the token reserve's, the events' below the preview) and generator."""
    twin = state.clone()
    rng = Rng.from_seed(10_000 + seed)
    dealer = twin.dealer
    for deck in dealer.decks.values():
        rng.shuffle(deck)
    rng.shuffle(dealer.tokens)
    rng.shuffle(dealer.events)
    dealer.rng = rng.fork()
    return twin


def test_view_kept_components_conserved_state_untouched():
    """At every few positions of seeded heuristic games (every player count), for every seat:
    the view is the same, every component is in one place, the hidden piles hold the same
    content, the dealer is new, the real state is unchanged."""
    checked = 0
    for players in range(2, 6):
        for n, state in _positions(players, players, every=3):
            before = _dump(state)
            for p in range(players):
                det = GAME.determinize(state, p, Rng.from_seed(1000 * n + p))
                assert GAME.view(det, p) == GAME.view(state, p), (players, n, p)
                components_census(det)
                for period, deck in state.decks.items():
                    assert sorted(det.decks[period]) == sorted(deck)
                assert sorted(det.token_reserve) == sorted(state.token_reserve)
                assert det.future_events[:1] == state.future_events[:1]
                assert det.dealer is not None and det.dealer != state.dealer
                assert sorted(det.dealer.tokens) == det.token_reserve
                checked += 1
            assert _dump(state) == before
    assert checked > 500


def test_depends_only_on_what_the_player_sees():
    for players in (2, 3, 5):
        for n, state in _positions(players, 20 + players, every=11):
            twin = _redeal(state, n)
            assert _dump(twin) != _dump(state)
            for p in range(players):
                assert GAME.view(twin, p) == GAME.view(state, p)
                a = GAME.determinize(state, p, Rng.from_seed(n))
                b = GAME.determinize(twin, p, Rng.from_seed(n))
                assert _dump(a) == _dump(b), (players, n, p)


def test_every_unseen_card_token_and_event_can_come_next():
    """Over many samples every card still in a deck is on its top (dealt first) in some
    sample, every token value in the reserve comes out first in some sample, and every event
    below the preview is the next one below it in some sample."""
    state = next(s for n, s in _positions(3, 31) if n >= 20)  # round 1: every deck full
    assert all(state.decks.values()) and len(state.future_events) > 2
    tops = {period: set() for period in state.decks}
    tokens, events = set(), set()
    rng = Rng.from_seed(5)
    for _ in range(600):
        det = determinize(state, 1, rng)
        for period, deck in det.dealer.decks.items():
            tops[period].add(deck[-1])  # the dealer deals from the end
        tokens.add(det.dealer.tokens[-1])
        events.add(det.dealer.events[0])
    for period, deck in state.decks.items():
        assert tops[period] == set(deck), period
    assert tokens == set(state.token_reserve)
    assert events == set(state.future_events[1:])


def test_determinizations_play_to_the_end():
    """From sampled worlds, random and playout moves finish the game without errors."""
    for players in range(2, 6):
        for n, state in _positions(players, 40 + players, every=37):
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
                    assert steps < 3000
                components_census(world)
                assert GAME.winners(world)


def test_evaluate_at_the_end_and_in_range():
    for players in range(2, 6):
        last = None
        for n, state in _positions(players, 50 + players, every=5):
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
    for i in range(40):
        players = 2 + i % 4
        states = [s for _, s in _positions(players, 300 + i)]
        w = GAME.winners(states[-1])
        if len(w) != 1:
            continue
        mid = states[2 * len(states) // 3]
        values = [evaluate(mid, p) for p in range(players)]
        trials += 1
        hits += values[w[0]] == max(values)
        chance += 1 / players
    rate = hits / trials
    print(f"\nspyrium evaluate: winner ranked first at 2/3 of the game in {hits}/{trials} "
          f"({rate:.0%}; chance {chance / trials:.0%})")
    assert rate > chance / trials + 0.1


def test_search_decision_ignores_hidden_information():
    """Two states differing only in what the deciding player cannot see: the same decision
    of a (small) search for the same bot seed."""
    checked = 0
    bot = search_bot(12, playout_steps=10)
    for players in (2, 3):
        for n, state in _positions(players, 60 + players, every=13):
            if GAME.is_over(state) or len(GAME.legal_actions(state)) < 2:
                continue
            twin = _redeal(state, n + 7)
            a = ismcts(GAME, state, Rng.from_seed(n), 12, playout_steps=10)
            b = ismcts(GAME, twin, Rng.from_seed(n), 12, playout_steps=10)
            assert a.action == b.action and a.stats == b.stats
            assert bot(GAME, state, Rng.from_seed(n)) == bot(GAME, twin, Rng.from_seed(n))
            checked += 1
            if checked % 4 == 0:
                break
    assert checked >= 8


def _movers(node) -> set[int]:
    """The seats whose choices are nodes of the tree below ``node``."""
    out: set[int] = set()
    for child in node.children.values():
        out |= {child.mover} | _movers(child)
    return out


def test_hard_searches_only_its_own_choices_and_follows_the_values_closer_than_normal():
    """Hard's tree holds only the decider's choices (the others play the policy), and its
    smaller exploration constant gives the chosen action a larger share of the root's visits
    than Normal's settings do with the same iterations (Normal's spread them almost evenly)."""
    bots = GAME.bots()
    hard, normal = bots["hard"], bots["normal"]
    shares = {"hard": [], "normal": []}
    for n, state in _positions(2, 77, every=29):
        if GAME.is_over(state) or len(GAME.legal_actions(state)) < 3:
            continue
        me = GAME.to_move(state)
        for name, bot in (("hard", hard), ("normal", normal)):
            search = bot.start(GAME, state, Rng.from_seed(n))
            search.run(150)
            if name == "hard":
                assert _movers(search.root) == {me}
            result = search.result()
            shares[name].append(max(v for _a, v, _m in result.stats) / 150)
    assert len(shares["hard"]) >= 4
    assert sum(shares["hard"]) > 1.5 * sum(shares["normal"])


def test_levels():
    bots = GAME.bots()
    assert list(bots)[-1] == "heuristic"
    assert {"easy", "normal", "hard", "playout"} <= set(bots)
    assert bots["normal"].iterations < bots["hard"].iterations
    state = GAME.new_game(3, 41)
    rng = Rng.from_seed(3)
    mistakes = 0
    while not GAME.is_over(state):  # "easy" plays legal moves, and sometimes not the heuristic's
        legal = GAME.legal_actions(state)
        a = bots["easy"](GAME, state, rng)
        assert a in legal
        mistakes += a != heuristic(GAME, state, Rng.from_seed(0))
        GAME.apply(state, a)
    assert mistakes > 0
