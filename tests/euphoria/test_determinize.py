"""Determinization, evaluation and the search levels (the "strong, fair bots" issue).

Hidden in Euphoria: the other players' artifact hands, face-down recruits, unresolved dilemmas
and set-up deals, the unbuilt sites' market tiles, what is out of the game and the decks: see
``engines.euphoria.determinize``.
"""

from __future__ import annotations

import json

from engines.core.rng import Rng
from engines.euphoria.dealer import EuphoriaDealer
from engines.core.search import SearchBot, ismcts
from engines.euphoria import GAME
from engines.euphoria.bot import choose as heuristic
from engines.euphoria.components import FACTIONS, RECRUITS, SITES
from engines.euphoria.determinize import _COMMITTED, determinize
from engines.euphoria.evaluate import evaluate
from engines.euphoria.game import HARD_EXPLORATION, HARD_ITERATIONS, NORMAL_ITERATIONS
from engines.euphoria.effects import faction_revealed

from .helpers import components_census

ALL = {"recruit_draft": True, "market_selection": True, "morale_knowledge_placement": True}
#: (players, seed, options): every player count, with and without the variants
GAMES = [(2, 11, None), (3, 12, ALL), (4, 13, None), (5, 14, ALL), (6, 15, None), (2, 16, ALL)]


def _positions(players: int, seed: int, options: dict | None, every: int = 1, limit: int = 1500):
    """The positions of a seeded heuristic game (every ``every``-th, and the last)."""
    state = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    n = 0
    while not GAME.is_over(state) and n < limit:
        if n % every == 0:
            yield n, state.clone()
        GAME.apply(state, heuristic(GAME, state, rng))
        n += 1
    yield n, state


def _dump(state) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True)


def _redeal(state, p: int, seed: int):
    """A twin of ``state`` differing only in what ``p`` cannot see, re-dealt by hand: the other
    hands and the artifact deck, the other players' face-down recruits swapped with recruits of
    the deck of a faction not called out, the unresolved dilemmas, the unbuilt sites' tiles
    with those out of the game (without the market-selection variant), and the generator.
    A player with a pending trade or a payment he committed to keeps his hand."""
    twin = state.clone()
    rng = Rng.from_seed(seed)
    others = [q for q in range(twin.players) if q != p]
    top = twin.tasks[-1] if twin.tasks and twin.phase != "over" else {}
    if top.get("k") in ("trade_build", "trade_answer"):
        dealt = []
    else:
        dealt = [q for q in others if not (top.get("p") == q and top.get("k") in _COMMITTED | {"bradley"})]
    cards = twin.art_deck + [c for q in dealt for c in twin.p[q].hand]
    rng.shuffle(cards)
    for q in dealt:
        n = len(twin.p[q].hand)
        twin.p[q].hand, cards = cards[:n], cards[n:]
    twin.art_deck = cards
    free = [i for i, r in enumerate(twin.recruit_deck) if not faction_revealed(twin, RECRUITS[r].faction)]
    for q in others:
        for j in range(len(twin.p[q].hidden)):
            if free and rng.below(2):
                i = free.pop(rng.below(len(free)))
                twin.p[q].hidden[j], twin.recruit_deck[i] = twin.recruit_deck[i], twin.p[q].hidden[j]
    dilemma_holders = [q for q in dealt if not twin.p[q].dilemma_done]
    dilemmas = twin.dilemma_deck + [twin.p[q].dilemma for q in dilemma_holders]
    rng.shuffle(dilemmas)
    for q in dilemma_holders:
        twin.p[q].dilemma = dilemmas.pop()
    twin.dilemma_deck = dilemmas
    if not twin.options.market_selection:
        unbuilt = [x for x in SITES if not twin.built[x]]
        tiles = [twin.site_tile[x] for x in unbuilt] + twin.markets_out
        rng.shuffle(tiles)
        for x in unbuilt:
            twin.site_tile[x] = tiles.pop()
        twin.markets_out = tiles
    for deck in (twin.art_deck, twin.recruit_deck, twin.dilemma_deck, twin.markets_out):
        deck.sort()  # multisets, as the rules keep them
    twin.dealer = EuphoriaDealer.new(seed)  # another future: unseen, like the rest
    return twin


def test_view_kept_components_conserved_state_untouched():
    """At positions of seeded heuristic games (every player count, with and without the
    variants), for every seat: the view is the same, every component is in one place, the
    real state is unchanged, and the sample plays on."""
    checked = 0
    for players, seed, options in GAMES:
        for n, state in _positions(players, seed, options, every=5, limit=500):
            before = _dump(state)
            census = components_census(state)
            for p in range(players):
                det = GAME.determinize(state, p, Rng.from_seed(1000 * n + p))
                assert GAME.view(det, p) == GAME.view(state, p), (players, seed, n, p)
                assert components_census(det) == census
                assert det.dealer is not None and det.dealer != state.dealer
                if not GAME.is_over(det):
                    assert GAME.legal_actions(det)
                checked += 1
            assert _dump(state) == before
    assert checked > 800


def test_depends_only_on_what_the_player_sees():
    checked = 0
    for players, seed, options in GAMES:
        for n, state in _positions(players, seed, options, every=13, limit=600):
            for p in range(players):
                twin = _redeal(state, p, n + 7 * p)
                assert GAME.view(twin, p) == GAME.view(state, p)
                a = determinize(state, p, Rng.from_seed(n))
                b = determinize(twin, p, Rng.from_seed(n))
                assert _dump(a) == _dump(b), (players, seed, n, p)
                checked += 1
    assert checked > 300


def test_coverage():
    """Over many samples every unseen artifact type reaches every other hand and the deck, every
    unseen recruit of a faction not called out every other player's face-down recruits, and
    every unseen market tile every unbuilt site."""
    state = next(s for n, s in _positions(4, 21, None) if n >= 150)
    p = 0
    others = [1, 2, 3]
    places: dict[str, set] = {}
    for k in range(300):
        det = determinize(state, p, Rng.from_seed(k))
        for q in others:
            for c in det.p[q].hand:
                places.setdefault("art:" + c, set()).add(q)
            for r in det.p[q].hidden:
                places.setdefault(r, set()).add(q)
        for c in det.art_deck:
            places.setdefault("art:" + c, set()).add("deck")
        for x in SITES:
            if not det.built[x]:
                places.setdefault(det.site_tile[x], set()).add(x)
    unseen_arts = set(state.art_deck) | {c for q in others for c in state.p[q].hand}
    wanted = {q for q in others if state.p[q].hand} | {"deck"}
    for c in unseen_arts:
        assert places["art:" + c] == wanted, c
    revealed = {f for f in FACTIONS if faction_revealed(state, f)}
    unseen_recruits = set(state.recruit_deck) | set(state.recruits_out) | {
        r for q in others for r in state.p[q].hidden}
    wanted = {q for q in others if state.p[q].hidden}
    for r in unseen_recruits:
        if RECRUITS[r].faction not in revealed:
            assert places.get(r) == wanted, r
        else:
            assert r not in places, r
    unbuilt = {x for x in SITES if not state.built[x]}
    assert unbuilt
    for tile in {state.site_tile[x] for x in unbuilt} | set(state.markets_out):
        assert places[tile] == unbuilt, tile


def test_determinizations_play_on():
    """From sampled worlds, random then playout moves go on without errors (Euphoria's games
    can be long: a few hundred steps are played, most samples reach the end)."""
    finished = total = 0
    for players, seed, options in GAMES[:5]:
        for n, state in _positions(players, seed, options, every=97, limit=400):
            if GAME.is_over(state):
                continue
            world = GAME.determinize(state, n % players, Rng.from_seed(n))
            rng = Rng.from_seed(n)
            steps = 0
            while not GAME.is_over(world) and steps < 600:
                legal = GAME.legal_actions(world)
                assert legal
                if steps < 60:
                    GAME.apply(world, legal[rng.below(len(legal))])
                else:
                    GAME.apply(world, GAME.playout_action(world, rng))
                steps += 1
            total += 1
            if GAME.is_over(world):
                finished += 1
                assert GAME.winners(world)
    assert total >= 8 and finished >= total // 2


def test_evaluate_at_the_end_and_in_range():
    for players, seed, options in GAMES[:4]:
        last = None
        for n, state in _positions(players, seed, options, every=7, limit=5000):
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
    for i in range(16):
        players = 2 + i % 4
        states = [s for _, s in _positions(players, 300 + i, ALL if i % 2 else None, limit=1200)]
        final = states[-1]
        if not GAME.is_over(final):
            continue
        w = GAME.winners(final)
        if len(w) != 1:
            continue
        mid = states[2 * len(states) // 3]
        values = [evaluate(mid, p) for p in range(players)]
        trials += 1
        hits += values[w[0]] == max(values)
        chance += 1 / players
    rate = hits / trials
    print(f"\neuphoria evaluate: winner ranked first at 2/3 of the game in {hits}/{trials} "
          f"({rate:.0%}; chance {chance / trials:.0%})")
    assert rate > chance / trials + 0.15


def test_search_decision_ignores_hidden_information():
    """Two states differing only in what the deciding player cannot see: the same decision
    of a (small) search for the same bot seed."""
    checked = 0
    for players, seed, options in ((2, 31, None), (3, 32, ALL)):
        for n, state in _positions(players, seed, options, every=17):
            if GAME.is_over(state) or len(GAME.legal_actions(state)) < 2:
                continue
            p = GAME.to_move(state)
            twin = _redeal(state, p, n + 7)
            assert GAME.view(twin, p) == GAME.view(state, p)
            for how in ({}, {"opponents": "policy"}):  # Normal's tree and Hard's
                a = ismcts(GAME, state, Rng.from_seed(n), 10, playout_steps=8, **how)
                b = ismcts(GAME, twin, Rng.from_seed(n), 10, playout_steps=8, **how)
                assert a.action == b.action and a.stats == b.stats
            checked += 1
            if checked >= 8:
                break
    assert checked >= 8


def test_levels():
    bots = GAME.bots()
    assert list(bots)[-1] == "heuristic"
    assert {"easy", "normal", "search", "playout"} <= set(bots)
    # normal is the search (it beat the heuristic in the arena), sliced by the page's worker
    assert bots["normal"] is bots["search"] and bots["normal"] is not bots["heuristic"]
    assert isinstance(bots["normal"], SearchBot) and bots["normal"].iterations > 0
    # hard searches longer, its tree over its own choices only (the worker's slices get the setting)
    assert bots["hard"] == SearchBot(iterations=HARD_ITERATIONS, exploration=HARD_EXPLORATION,
                                     playout_steps=bots["normal"].playout_steps, opponents="policy")
    assert bots["normal"].iterations == NORMAL_ITERATIONS < HARD_ITERATIONS
    assert HARD_EXPLORATION < bots["normal"].exploration  # Hard's iterations go to its best candidates
    state = GAME.new_game(3, 41, ALL)
    rng = Rng.from_seed(3)
    mistakes = steps = 0
    while not GAME.is_over(state) and steps < 400:  # legal moves, and sometimes not the heuristic's
        legal = GAME.legal_actions(state)
        a = bots["easy"](GAME, state, rng)
        assert a in legal
        mistakes += a != heuristic(GAME, state, Rng.from_seed(0))
        GAME.apply(state, a)
        steps += 1
    assert mistakes > 0


def test_search_actions_are_the_heuristics_best_few_legal_actions_without_trades():
    """``search_actions``: legal actions in their order, no trade proposal while anything else
    is legal, at most ``SEARCH_WIDTH`` of them, the heuristic's pick among them, and the
    same from the real state and from the mover's determinization (it reads what he sees)."""
    from engines.euphoria.actions import Trade
    from engines.euphoria.game import SEARCH_WIDTH
    from engines.euphoria.playout import action_scores
    checked = narrowed = 0
    for players, seed, options in ((2, 21, None), (3, 22, ALL)):
        for n, state in _positions(players, seed, options, every=5, limit=600):
            if GAME.is_over(state):
                continue
            legal = GAME.legal_actions(state)
            kept = GAME.search_actions(state)
            assert kept and len(kept) <= max(SEARCH_WIDTH, 1)
            at = [legal.index(k) for k in kept]
            assert at == sorted(at), "in the order of legal_actions"
            if any(type(a) is not Trade for a in legal):
                assert all(type(a) is not Trade for a in kept)
            scores = action_scores(state, legal)
            worst_kept = min(scores[i] for i in at)
            assert all(scores[i] <= worst_kept for i in range(len(legal)) if i not in at
                       and type(legal[i]) is not Trade), "only better-rated actions are left out"
            p = GAME.to_move(state)
            twin = determinize(state, p, Rng.from_seed(n))
            assert [a.model_dump() for a in GAME.search_actions(twin)] == [a.model_dump() for a in kept]
            narrowed += len(kept) < len(legal)
            checked += 1
    assert checked > 50 and narrowed > 10
