"""Undo must respect every reveal (reliability issue): ``reveals_information`` is True for a
move that *looked* at something hidden, whatever it found.

When an allegiance track reaches its reveal tier or a tunnel's miner its reveal space, every
hidden recruit of that faction is turned face up (D-32). The move tells everyone who holds
one, and just as much that nobody does: undoing it must be refused in both cases.

The last test checks the same thing without naming any rule: for positions of seeded games,
a copy of the position that the player to move cannot tell apart (the others' hidden
recruits and hands, the decks and the PRNG reshuffled) must give that player the same view
after the same move, unless the move counts as a reveal.
"""

from __future__ import annotations

import json

import pytest

from engines.core.rng import Rng
from engines.euphoria.dealer import EuphoriaDealer
from engines.euphoria import GAME
from engines.euphoria.bot import choose as heuristic
from engines.euphoria.components import RECRUITS
from engines.euphoria.effects import faction_revealed

from .helpers import blank, give_recruit, goods, place


def _play(s, action) -> bool:
    """Apply ``action`` to ``s``; whether it counts as a reveal."""
    before = s.clone()
    GAME.apply(s, action)
    return GAME.reveals_information(before, action, s)


def _place_on_generator(allegiance: int, hidden_holder: int | None = None):
    """Player 1 puts the 1 on the Generator (total 1: Euphorian allegiance +1), starting at
    ``allegiance``; ``hidden_holder`` holds Gary the Electrician (Euphorian) face down."""
    s = blank(2)
    s.allegiance["euphorian"] = allegiance
    if hidden_holder is not None:
        give_recruit(s, hidden_holder, "gary_the_electrician", active=False)
    action = next(a for a in GAME.legal_actions(s) if a.type == "place" and a.space == "GEN" and a.die == 0)
    return s, _play(s, action)


def test_allegiance_reaching_the_reveal_tier_with_no_hidden_recruit_is_a_reveal():
    s, reveals = _place_on_generator(7)
    assert s.allegiance["euphorian"] == 8 and all(not pl.active and not pl.hidden for pl in s.p)
    assert s.dealt == blank(2).dealt and len(s.recruit_deck) == len(blank(2).recruit_deck)  # no roll, no draw
    assert reveals, "everyone learned that nobody hides a Euphorian recruit: no undo"


def test_allegiance_reveal_with_a_hidden_recruit_and_below_the_tier():
    s, reveals = _place_on_generator(7, hidden_holder=1)
    assert "gary_the_electrician" in s.p[1].active and reveals
    s, reveals = _place_on_generator(6, hidden_holder=1)
    assert s.allegiance["euphorian"] == 7 and "gary_the_electrician" in s.p[1].hidden
    assert not reveals  # no check of the hidden recruits: the move may be taken back


@pytest.mark.parametrize("miners, expected", [(5, True), (4, False)])
def test_miner_reaching_the_reveal_space_with_no_hidden_recruit_is_a_reveal(miners, expected):
    s = blank(2)
    goods(s, 0, energy=1, water=1)
    s.miners["euphorian"] = miners
    place(s, 0, "TUN_EUP")
    gold = next(a for a in GAME.legal_actions(s) if a.type == "choose" and a.option == "gold")
    reveals = _play(s, gold)  # the reward; then the miner advances
    assert s.miners["euphorian"] == miners + 1 and faction_revealed(s, "euphorian") == expected
    assert reveals == expected


# ---- the same, from seeded games -------------------------------------------------------------
def hidden_twin(s, p: int, seed: int):
    """``s`` with what player ``p`` cannot see reshuffled: the other players' hidden recruits,
    the recruit deck and the recruits out of the game (one pool, sizes kept); the other
    players' hands and the artifact deck (one pool); the PRNG. None when the reshuffle
    gives a position the rules never make (a hidden recruit of a revealed faction)."""
    rng = Rng.from_seed(seed)
    t = s.clone()
    t.dealer = EuphoriaDealer.new(seed + 1)
    others = [q for q in range(t.players) if q != p]
    pool = [r for q in others for r in t.p[q].hidden] + t.recruit_deck + t.recruits_out
    rng.shuffle(pool)
    for q in others:
        n = len(t.p[q].hidden)
        t.p[q].hidden, pool = sorted(pool[:n]), pool[n:]
    n = len(t.recruit_deck)
    t.recruit_deck, t.recruits_out = pool[:n], pool[n:]
    cards = [c for q in others for c in t.p[q].hand] + t.art_deck
    rng.shuffle(cards)
    for q in others:
        n = len(t.p[q].hand)
        t.p[q].hand, cards = cards[:n], cards[n:]
    t.art_deck = cards
    for deck in (t.art_deck, t.recruit_deck):
        deck.sort()  # multisets, as the rules keep them
    if any(faction_revealed(t, RECRUITS[r].faction) for pl in t.p for r in pl.hidden):
        return None
    return t


def _view(s, p) -> str:
    return json.dumps(GAME.view(s, p), sort_keys=True)


@pytest.mark.parametrize("players, seed, trading, steps", [(2, 902, True, 360), (3, 903, False, 300)])
def test_a_move_that_is_not_a_reveal_shows_nothing_hidden(players, seed, trading, steps):
    """Games of the heuristic bot with a random move every third step (``_walk`` of
    test_labels). The first case holds the move that the old rule let be undone: at step
    341 Player 1 puts a 1 on the Generator and Euphorian allegiance reaches 8, with nobody
    holding a hidden Euphorian recruit."""
    s = GAME.new_game(players, seed, {"trading": trading})
    rng = Rng.from_seed(seed - 900)
    checked = 0
    for step in range(steps):
        if GAME.is_over(s):
            break
        acts = GAME.legal_actions(s)
        action = rng.choice(acts) if step % 3 == 0 else heuristic(GAME, s, rng)
        p = GAME.to_move(s)
        before = s.clone()
        GAME.apply(s, action)
        if before.phase != "play" or GAME.reveals_information(before, action, s):
            continue
        for k in range(3):
            twin = hidden_twin(before, p, 1000 * step + k)
            if twin is None or _view(twin, p) != _view(before, p):
                continue
            GAME.apply(twin, action)
            checked += 1
            assert _view(twin, p) == _view(s, p), f"step {step}: {action} showed something hidden"
    assert checked > 100
