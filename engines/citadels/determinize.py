"""Sampling a full state that agrees with what one player has seen (for ISMCTS search).

Hidden from ``player`` (see ``view``): the other players' hands, the deck order, another
seat's pending income draw (``drawn``), the unrevealed characters of the other seats, the
face-down ranks put down by others, the initial face-down rank (unless he saw it, 7p), and
the cards handed to another drafting seat.

Re-dealt:
* cards: the other hands, the deck (its shuffled part and the cards put under it) and another
  seat's ``drawn`` are pooled, sorted, shuffled with ``rng`` and dealt back with the same
  sizes; the cards left make the world's deck, all of it shuffled (a multiset, nothing under);
* characters: every rank ``player`` cannot place (not revealed, not removed face up, not his,
  not his face-down card, not the one he saw) is pooled, sorted and shuffled into the same
  slots (other seats' unrevealed holdings, others' face-down cards, the initial face-down
  card, another drafter's hand); a rank already called without answer (``rank <= called``,
  not the killed one) never goes to a holding slot, so the calling stays consistent.

Approximations (never contradicting ``view(…, player)``): what ``player`` learned through a
Magician exchange (the hand he gave) or cards he put at the bottom of the deck is forgotten;
the draft hints (which ranks were offered to him, ``handed``) do not constrain the other
seats' characters; the other seats' ``handed`` lists are left as they were.

The future is not in the state, so nothing of it is re-dealt. Where the state has a seeded
dealer (a game made from a seed: tests, an old record's fork), the world gets one re-seeded as
the engine re-seeded its generator before chance was explicit (``rng.fork()``, after the
shuffles above), whose deck order is the order the shuffle left the world's deck in; so a fork
of an old record deals what it dealt. Else the world has no dealer. ``rng`` is consumed the
same way in both cases.
"""

from __future__ import annotations

from engines.core.rng import Rng

from .dealer import CitadelsDealer
from .rules import active_seat
from .state import CitadelsState


def _shuffle(items: list, rng: Rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def determinize(state: CitadelsState, player: int, rng: Rng) -> CitadelsState:
    s = state.clone()
    # ---- cards --------------------------------------------------------------------------
    others = [p for p in range(s.players) if p != player]
    mine_drawn = s.drawn and s.phase == "turn" and s.holder[s.called] == player
    pool = s.deck + s.bottom
    for p in others:
        pool += s.hands[p]
    if not mine_drawn:
        pool += s.drawn
    pool.sort()
    _shuffle(pool, rng)
    k = 0
    for p in others:
        n = len(s.hands[p])
        s.hands[p] = pool[k:k + n]
        k += n
    if not mine_drawn and s.drawn:
        n = len(s.drawn)
        s.drawn = pool[k:k + n]
        k += n
    order = pool[k:]
    s.deck = sorted(order)
    s.bottom = []
    # ---- characters ---------------------------------------------------------------------
    if s.phase != "over":
        called = s.called if s.phase != "draft" else 0
        hold = [r for r in range(1, 9) if r not in s.revealed and s.holder[r] not in (-1, player)]
        hold_seats = sorted(s.holder[r] for r in hold)
        fd = [i for i, by in enumerate(s.face_down_by) if by != player]
        down = bool(s.removed_down) and s.seen_down_by != player
        drafting = s.phase == "draft" and s.draft_cards and active_seat(s) != player
        ranks = hold + [s.face_down[i] for i in fd] + ([s.removed_down] if down else []) + (
            list(s.draft_cards) if drafting else [])
        ranks.sort()
        _shuffle(ranks, rng)
        # holding slots take ranks not yet called, the first ones in the shuffled order
        eligible = [r for r in ranks if r > called or r == s.killed]
        take = eligible[:len(hold)]
        rest = [r for r in ranks if r not in take]
        for r in hold:
            s.holder[r] = -1
        for r, seat in zip(take, hold_seats):
            s.holder[r] = seat
        for i in fd:
            s.face_down[i] = rest.pop()
        if down:
            s.removed_down = rest.pop()
        if drafting:
            s.draft_cards = sorted(rest)
            rest = []
    fork = rng.fork()
    s.dealer = CitadelsDealer(rng=fork, order=order) if state.dealer is not None else None
    return s
