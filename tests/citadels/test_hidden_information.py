"""§11: ``view(state, p)`` depends only on what ``p`` may see.

For sampled positions of random games at every player count, a second state is made that
differs only in what ``p`` must not know (§11.2, §11.3): the deck order, the other players'
hands and pending draws, which unrevealed character each other player holds, the
characters others put face down, the initial face-down character, the cards being handed to
another chooser, and what is still to come (the seeded dealer). Both states must give ``p`` exactly the same view. The killed
character's holder is part of what is shuffled (D-22).
"""

from __future__ import annotations

import json

import pytest

from engines.core.bots import random_bot
from engines.core.rng import Rng

from .helpers import GAME, at_turn, new, play


def hidden_twin(state, p: int | None, seed: int):
    """A copy of ``state`` with everything hidden from ``p`` reshuffled (p=None: spectator)."""
    rng = Rng.from_seed(seed)
    twin = state.clone()
    twin.dealer = None                          # the future is nobody's to see
    rng.shuffle(twin.deck)
    # other players' hands (and another player's pending income draw), sizes kept
    drawer = twin.holder[twin.called] if twin.drawn and twin.phase == "turn" else None
    others = [q for q in range(twin.players) if q != p]
    pool = [c for q in others for c in twin.hands[q]]
    if drawer is not None and drawer != p:
        pool += twin.drawn
    rng.shuffle(pool)
    for q in others:
        n = len(twin.hands[q])
        twin.hands[q], pool = pool[:n], pool[n:]
    if drawer is not None and drawer != p:
        twin.drawn = pool
    # characters: every slot p cannot see gets a shuffled rank
    slots: list[tuple[str, int]] = []
    for r in range(1, 9):
        if twin.holder[r] >= 0 and twin.holder[r] != p and r not in twin.revealed:
            slots.append(("holder", r))
    for i, by in enumerate(twin.face_down_by):
        if by != p:
            slots.append(("down", i))
    if twin.removed_down and twin.seen_down_by != p:
        slots.append(("removed", 0))
    drafter = GAME.to_move(twin) if twin.phase == "draft" else None
    if drafter is not None and drafter != p:
        slots += [("draft", i) for i in range(len(twin.draft_cards))]
    ranks = []
    seats = {}
    for kind_, i in slots:
        if kind_ == "holder":
            ranks.append(i)
            seats[i] = twin.holder[i]
        elif kind_ == "down":
            ranks.append(twin.face_down[i])
        elif kind_ == "removed":
            ranks.append(twin.removed_down)
        else:
            ranks.append(twin.draft_cards[i])
    rng.shuffle(ranks)
    holder_slots = [i for k, i in slots if k == "holder"]
    for r in holder_slots:
        twin.holder[r] = -1
    for (kind_, i), r in zip(slots, ranks):
        if kind_ == "holder":
            twin.holder[r] = seats[i]
        elif kind_ == "down":
            twin.face_down[i] = r
        elif kind_ == "removed":
            twin.removed_down = r
        else:
            twin.draft_cards[i] = r
    if drafter is not None and drafter != p:
        twin.draft_cards.sort()
    return twin


def assert_same_view(state, seed: int) -> None:
    for p in [*range(state.players), None]:
        twin = hidden_twin(state, p, seed)
        a = json.dumps(GAME.view(state, p), sort_keys=True)
        b = json.dumps(GAME.view(twin, p), sort_keys=True)
        assert a == b, f"player {p} can tell hidden information apart (phase {state.phase})"


@pytest.mark.parametrize("players", range(2, 8))
def test_rule_11_view_depends_only_on_what_the_player_may_see(players):
    for game_seed in range(5):
        state = GAME.new_game(players, 500 + game_seed)
        rng = Rng.from_seed(game_seed)
        step = 0
        while not GAME.is_over(state):
            if step % 9 == 0:
                assert_same_view(state, 31 * step + game_seed)
            GAME.apply(state, random_bot(GAME, state, rng))
            step += 1
        assert_same_view(state, game_seed)


def test_rule_11_3_killed_holder_is_hidden_by_the_twin_test():
    """The twin test does catch a leak: the killed King's holder differs between twins."""
    s = at_turn(new(4), 1, {1: 0, 4: 2, 6: 1})
    play(s, type="assassinate", rank=4)
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.called == 6
    twins = [hidden_twin(s, 3, seed) for seed in range(20)]
    assert any(t.holder[4] != 2 for t in twins)        # the shuffle does move the killed King
    assert_same_view(s, 5)
