"""Sampling a full state that agrees with what one player has seen (for ISMCTS search).

Hidden from ``player`` (see ``view``): the other players' hands, the deck order, another
seat's pending income draw (``drawn``), the unrevealed characters of the other seats, the
face-down ranks put down by others, the initial face-down rank (unless he saw it, 7p), and
the cards handed to another drafting seat.

Re-dealt:
* cards: the other hands, the deck (its shuffled part and the cards put under it) and another
  seat's ``drawn`` are pooled, sorted, shuffled with ``rng`` and dealt back with the same
  sizes; the cards left make the world's deck, all of it shuffled (a multiset, nothing under);
* characters: the round's draft is replayed (``_replay_draft``) so that it agrees with every
  hand ``player`` was handed (``offers`` at his steps): a rank missing from a hand he got was
  taken before (or is the initial face-down card), a rank in it he did not take was taken
  after, so each other seat's pick is drawn among the ranks gone before his next hand; a
  revealed character goes to its holder, a rank called without answer to no one. The replay
  gives the other seats' holdings, the face-down cards, the initial face-down card and another
  drafter's hand (and the world's ``offers`` and ``handed``). Before he has been handed
  anything, or should ``TRIES`` replays all run into a dead end, every rank he cannot place is
  shuffled into the same slots instead (``_shuffle_characters``: re-deal 1, which forks of
  records made before the replay still use: ``Citadels.determinize_as``).

Approximations (never contradicting ``view(…, player)``): what ``player`` learned through a
Magician exchange (the hand he gave) or cards he put at the bottom of the deck is forgotten;
the replay picks uniformly at each step, so the worlds are not weighted by how likely each
seat was to choose what it chose.

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
from .rules import _OFFER_DOWN, _SCHEDULE, KEEP, active_seat
from .state import CitadelsState

#: how many replays of the draft are tried before the plain shuffle (``_shuffle_characters``)
TRIES = 12


def _shuffle(items: list, rng: Rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def determinize(state: CitadelsState, player: int, rng: Rng, replay_draft: bool = True) -> CitadelsState:
    """A world for ``player`` (see the module doc); ``replay_draft=False`` is re-deal 1 (the
    game's ``determinize_as``): the characters shuffled without the draft's hands, as forks
    made before were dealt."""
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
    if s.phase != "over" and not (replay_draft and any(_replay_draft(s, player, rng) for _ in range(TRIES))):
        _shuffle_characters(s, player, rng)
    fork = rng.fork()
    s.dealer = CitadelsDealer(rng=fork, order=order) if state.dealer is not None else None
    return s


def _shuffle_characters(s: CitadelsState, player: int, rng: Rng) -> None:
    """Every rank ``player`` cannot place, shuffled into the slots he cannot see (the holding
    slots take ranks not called yet): the fallback when the draft cannot be replayed."""
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


def _replay_draft(s: CitadelsState, player: int, rng: Rng) -> bool:
    """One replay of this round's draft that agrees with everything ``player`` saw; True when
    it succeeds, and then ``s`` holds its characters (else ``s`` is left as it was).

    The player saw each hand handed to him (``offers`` at his steps): a rank missing from a
    hand was taken before it (or is the initial face-down card), and a rank in it that he did
    not take was taken after. So the replay picks, at each other seat's step, a rank from the
    hand that is missing from the player's next hand; at his own steps he takes what he took.
    A seat keeps only ranks it may hold: its own revealed characters (which it must take while
    it still has a step), never another seat's, never a rank called without an answer; a rank
    put face down is never a revealed one. A replay may run into a dead end (a revealed
    character left over): it fails, and the caller tries again."""
    offers = s.offers
    if not offers or s.draft_crown < 0:
        return False
    schedule = _SCHEDULE[s.players]
    seats = [(s.draft_crown + offset) % s.players for offset, _op in schedule]
    steps = len(offers)                      # begun: during the draft, the current one too
    drafting = s.phase == "draft"
    mine = [t for t in range(steps) if seats[t] == player]
    if not mine:
        return False
    holder, revealed = s.holder, set(s.revealed)
    known = {r for r in range(1, 9) if holder[r] == player} | {
        r for r, by in zip(s.face_down, s.face_down_by) if by == player}
    called = 0 if drafting else s.called
    silent = {r for r in range(1, called + 1) if r not in revealed and r != s.killed}  # held by nobody
    ranks = [r for r in range(1, 9) if r not in s.removed_up]
    last = len(schedule) - 1
    offer_down = _OFFER_DOWN[s.players]      # 7 players: the last chooser also gets the initial card
    if offer_down and mine[0] == last:
        init_from = list(offers[last])
    else:
        first = set(offers[mine[0]])
        # the initial card is face down, or (7 players) the last chooser's: never another's revealed
        init_from = [r for r in ranks if r not in first and (
            r not in revealed or offer_down and holder[r] == seats[last])]
        if offer_down:  # the last chooser's revealed rank the player never saw can only be that card
            init_from = [r for r in init_from if r in revealed] or init_from
        else:  # the steps before his first are keeps: a rank called silent is the face-down one
            init_from = [r for r in init_from if r in silent] or init_from
    if not init_from:
        return False
    init = init_from[rng.below(len(init_from))]
    hand = set(ranks) - {init}
    seen: list[list[int]] = []
    kept: list[tuple[int, int]] = []         # (rank, seat) of every keep
    down: list[tuple[int, int]] = []         # (rank, seat) put face down, in order
    for t in range(steps):
        if t == last and offer_down:
            hand.add(init)
        q = seats[t]
        if q == player and hand != set(offers[t]):
            return False
        seen.append(sorted(hand))
        if drafting and t == steps - 1:      # the step being chosen now
            break
        after = next((set(offers[u]) for u in mine if u > t), None)
        pool = [r for r in seen[-1] if after is None or r not in after]
        op = schedule[t][1]
        if q == player:
            pool = [r for r in pool if r in known and (holder[r] == player) == (op == KEEP)]
        elif op == KEEP:
            pool = [r for r in pool if r not in known and r not in silent and (r not in revealed or holder[r] == q)]
            must = [r for r in pool if r in revealed]
            if must:
                end = next((u for u in mine if u > t), len(schedule))
                if sum(1 for u in range(t, end) if seats[u] == q and schedule[u][1] == KEEP) <= len(must):
                    pool = must
        else:
            pool = [r for r in pool if r not in known and r not in revealed]
        if not pool:
            return False
        r = pool[rng.below(len(pool))]
        hand.discard(r)
        (kept if op == KEEP else down).append((r, q))
    if not drafting:
        down += [(r, seats[last]) for r in sorted(hand)]
        if any(r in revealed for r in hand):
            return False
    # every other seat's revealed character was kept (by its holder: the pools allow no other)
    others_revealed = sum(1 for r in revealed if holder[r] != player)
    if [by for _r, by in down] != s.face_down_by or sum(
            1 for r, q in kept if q != player and r in revealed) != others_revealed:
        return False
    # ---- the replay agrees: its characters are the world's -------------------------------------
    for r in range(1, 9):
        if holder[r] != player and r not in revealed:
            holder[r] = -1
    for r, q in kept:
        holder[r] = q
    s.face_down = [r for r, _by in down]
    if not (offer_down and steps > last):
        s.removed_down = init
    if drafting:
        s.draft_cards = seen[-1]
    s.offers = seen
    handed: list[set[int]] = [set() for _ in range(s.players)]
    for t, hand_t in enumerate(seen):
        handed[seats[t]].update(hand_t)
    s.handed = [sorted(h) for h in handed]
    return True
