"""The shared search (``engines.core.search``, single-observer ISMCTS) on the toy game:
legal, reproducible, fair (blind to what the player cannot see) and better than chance."""

import pytest

from engines.core.bots import random_bot
from engines.core.rng import Rng
from engines.core.search import Search, action_key, ismcts, search_bot
from tests.core.toy import Draw, Stop, Toy

GAME = Toy()


def positions(n_games=6, players=3):
    """Positions of seeded random toy games (the player to move's turn)."""
    for seed in range(n_games):
        state = GAME.new_game(players, seed)
        rng = Rng.from_seed(seed + 50)
        while GAME.to_move(state) is not None:
            yield state.clone()
            GAME.apply(state, random_bot(GAME, state, rng))


#: the search's settings other than the budget: the default tree, and the opponents played by
#: the policy
settings = pytest.mark.parametrize("how", [{}, {"opponents": "policy"}], ids=["tree", "policy"])


@settings
def test_search_returns_a_legal_action_of_the_list_and_leaves_the_state_alone(how):
    for state in positions():
        before = state.model_dump_json()
        legal = GAME.legal_actions(state)
        result = ismcts(GAME, state, Rng.from_seed(1), 40, **how)
        assert result.action in legal
        assert state.model_dump_json() == before
        assert 0.0 <= result.value <= 1.0


@settings
def test_the_same_seed_gives_the_same_decision_and_statistics(how):
    for state in list(positions(3)):
        a = ismcts(GAME, state, Rng.from_seed(9), 60, **how)
        b = ismcts(GAME, state, Rng.from_seed(9), 60, **how)
        assert action_key(a.action) == action_key(b.action)
        assert [(action_key(x), n, v) for x, n, v in a.stats] == [(action_key(x), n, v) for x, n, v in b.stats]


@settings
def test_a_search_run_in_slices_finds_the_same_as_in_one_go(how):
    """The page's worker runs a search slice by slice (to read its messages between them):
    the split must not change the tree, hence not the decision."""
    for state in list(positions(3))[::3]:
        whole = ismcts(GAME, state, Rng.from_seed(4), 50, **how)
        sliced = Search(GAME, state, Rng.from_seed(4), **how)
        for n in (1, 7, 13, 100):  # 1 + 7 + 13 + the remaining 29
            sliced.run(min(n, 50 - sliced.done))
        assert sliced.done == 50
        got = sliced.result()
        assert action_key(got.action) == action_key(whole.action)
        assert [(action_key(x), n, v) for x, n, v in got.stats] == [(action_key(x), n, v) for x, n, v in whole.stats]


@settings
def test_what_the_player_cannot_see_does_not_change_the_decision(how):
    """Two states that differ only in the opponents' hands and the deck order (same sizes,
    same cards in all) give the same search, iteration for iteration."""
    checked = 0
    for state in positions(8):
        me = GAME.to_move(state)
        other = state.clone()
        hidden = other.deck + [c for i, h in enumerate(other.hands) if i != me for c in h]
        hidden.reverse()  # another arrangement of the same unseen cards
        for i, h in enumerate(other.hands):
            if i != me:
                other.hands[i] = [hidden.pop() for _ in h]
        other.deck = hidden
        other.rng = Rng.from_seed(777)  # and other dice to come
        assert GAME.view(other, me) == GAME.view(state, me)
        a = ismcts(GAME, state, Rng.from_seed(4), 50, **how)
        b = ismcts(GAME, other, Rng.from_seed(4), 50, **how)
        assert [(action_key(x), n, v) for x, n, v in a.stats] == [(action_key(x), n, v) for x, n, v in b.stats]
        assert action_key(a.action) == action_key(b.action)
        checked += 1
    assert checked > 20


def _nodes(node):
    for child in node.children.values():
        yield child
        yield from _nodes(child)


def test_with_opponents_played_by_the_policy_the_tree_holds_only_the_deciders_choices():
    trees = 0
    for state in list(positions(4))[::2]:
        me = GAME.to_move(state)
        search = Search(GAME, state, Rng.from_seed(2), opponents="policy")
        search.run(40)
        movers = {n.mover for n in _nodes(search.root)}
        if search.forced:
            continue
        assert movers == {me}
        deep = Search(GAME, state, Rng.from_seed(2))
        deep.run(40)
        trees += state.players > 1 and {n.mover for n in _nodes(deep.root)} != {me}
    assert trees > 0  # the default tree does hold the others' choices: the option changes something


def test_the_search_settings_are_checked():
    with pytest.raises(ValueError):
        Search(GAME, next(positions(1)), Rng.from_seed(1), opponents="nobody")


def test_determinize_keeps_the_view_and_the_cards_and_samples_every_place():
    state = next(s for s in positions(3) if any(len(h) for i, h in enumerate(s.hands) if i != GAME.to_move(s)))
    me = GAME.to_move(state)
    rng = Rng.from_seed(3)
    seen_places = set()
    for _ in range(300):
        world = GAME.determinize(state, me, rng)
        assert GAME.view(world, me) == GAME.view(state, me)
        assert sorted(world.deck + sum(world.hands, [])) == sorted(state.deck + sum(state.hands, []))
        assert world.rng != state.rng
        for i, h in enumerate(world.hands):
            if i != me:
                seen_places.update((i, c) for c in h)
    unseen_values = set(state.deck + [c for i, h in enumerate(state.hands) if i != me for c in h])
    others = [i for i, h in enumerate(state.hands) if i != me and h]
    assert {(i, c) for i in others for c in unseen_values} <= seen_places


def test_the_default_determinize_refuses_rather_than_play_on_the_real_hidden_state():
    from engines import get_game
    from engines.core.game import Game
    with pytest.raises(NotImplementedError):
        Game.determinize(get_game("citadels"), get_game("citadels").new_game(3, 1), 0, Rng.from_seed(1))


def test_search_beats_chance_at_draw_to_21():
    """Three seats, one of them searching (rotating), 60 games: a fair share is a third."""
    bot = search_bot(80)
    wins = 0.0
    games = 60
    for seed in range(games):
        seat = seed % 3
        state = GAME.new_game(3, 1000 + seed)
        rngs = [Rng.from_seed(seed * 10 + i) for i in range(3)]
        while (p := GAME.to_move(state)) is not None:
            choose = bot if p == seat else random_bot
            GAME.apply(state, choose(GAME, state, rngs[p]))
        winners = GAME.winners(state)
        wins += (seat in winners) / len(winners)
    assert wins / games > 0.45, wins / games


def test_a_single_legal_action_is_played_without_searching():
    state = GAME.new_game(1, 2, {"deck_size": 10})
    state.deck.clear()  # only Stop is left
    result = ismcts(GAME, state, Rng.from_seed(1), 1000)
    assert isinstance(result.action, Stop) and result.iterations == 0
    assert Draw() not in GAME.legal_actions(state)


def test_with_mistakes_plays_the_bot_or_a_random_legal_action_at_the_rate_asked():
    from engines.core.bots import with_mistakes
    state = GAME.new_game(2, 5)
    always_stop = lambda game, st, rng: Stop()  # noqa: E731
    never = with_mistakes(always_stop, 0.0)
    always = with_mistakes(always_stop, 1.0)
    half = with_mistakes(always_stop, 0.5)
    rng = Rng.from_seed(3)
    assert all(isinstance(never(GAME, state, rng), Stop) for _ in range(50))
    assert {type(always(GAME, state, rng)).__name__ for _ in range(50)} == {"Draw", "Stop"}
    draws = sum(isinstance(half(GAME, state, rng), Draw) for _ in range(2000))
    assert 350 < draws < 650  # half the moves random, half of those a Draw


class _Narrowed(Toy):
    """The toy game with ``search_actions``: drawing is never searched while stopping is legal."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def search_actions(self, state):
        self.asked += 1
        legal = self.legal_actions(state)
        return [a for a in legal if isinstance(a, Stop)] or legal


def test_a_game_may_narrow_the_actions_searched_and_the_others_are_searched_as_before():
    """``search_actions`` (opt-in) is what a node considers; a game without it is searched on
    ``legal_actions``, as before (the same tree as a game whose narrowing keeps everything)."""
    narrowed = _Narrowed()
    for state in list(positions(3))[::2]:
        legal = GAME.legal_actions(state)
        result = ismcts(narrowed, state, Rng.from_seed(3), 30)
        kept = narrowed.search_actions(state)
        assert result.action in legal and action_key(result.action) in {action_key(a) for a in kept}
        assert {action_key(a) for a, _n, _v in result.stats} <= {action_key(a) for a in kept}
    assert narrowed.asked > 0

    class Everything(Toy):
        def search_actions(self, state):
            return self.legal_actions(state)

    for state in list(positions(2))[::3]:
        plain = ismcts(GAME, state, Rng.from_seed(8), 40)
        same = ismcts(Everything(), state, Rng.from_seed(8), 40)
        assert [(action_key(x), n, v) for x, n, v in plain.stats] == [(action_key(x), n, v) for x, n, v in same.stats]
