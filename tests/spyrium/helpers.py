"""Shared helpers for the Spyrium tests: building positions and the component census."""

from __future__ import annotations

from collections import Counter

from engines.spyrium import GAME
from engines.spyrium.components import (ALL_CARDS, EVENT_IDS, SLOT_INDEX, TOKEN_SUPPLY,
                                        WORKERS_PER_COLOUR)
from engines.spyrium.state import Building, SpyriumState, Technique

G = GAME


def fresh(players: int = 2, seed: int = 1) -> SpyriumState:
    """A new game at the start of round 1."""
    return G.new_game(players, seed)


def clear_market(s: SpyriumState) -> None:
    """Empty the market (cards to ``removed``, tokens to the discard pile) for a built position."""
    for pos, card in enumerate(s.market):
        if card is not None:
            s.removed.append(card)
        s.token_discard += s.market_tokens[pos]
        s.market[pos] = None
        s.market_tokens[pos] = []


def put(s: SpyriumState, pos: int, type_id: str, tokens: tuple[int, ...] = (), copy: int = 1) -> str:
    """Put a card of ``type_id`` at ``pos`` with these tokens (scenario positions only)."""
    card = f"{type_id}#{copy}"
    s.market[pos] = card
    s.market_tokens[pos] = list(tokens)
    return card


def place(s: SpyriumState, seat: int, slot: str, n: int = 1) -> None:
    """Stand ``n`` workers of ``seat`` in ``slot`` (taken from the seat's active workers)."""
    for _ in range(n):
        s.slots[SLOT_INDEX[slot]].append(seat)
        s.players_[seat].active -= 1


def give_building(s: SpyriumState, seat: int, type_id: str, copy: int = 1, tapped: bool = False) -> int:
    s.players_[seat].buildings.append(Building(card=f"{type_id}#{copy}", tapped=tapped))
    return len(s.players_[seat].buildings) - 1


def give_technique(s: SpyriumState, seat: int, type_id: str, tapped: bool = False) -> None:
    s.players_[seat].techniques.append(Technique(card=f"{type_id}#1", tapped=tapped))


def phase2(s: SpyriumState, seat: int) -> None:
    """Make ``seat`` the player to move, in Phase II."""
    s.current = seat
    s.players_[seat].phase = 2


def architect_to_hire_with_powers() -> SpyriumState:
    """3 players; seat 0 in Phase II with a worker at V00 next to the Architect (one token, 3),
    Commerce and Lobbying, Residence 1: hiring offers every price, declaration and Residence."""
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-architect", tokens=(3,))
    place(s, 0, "V00")
    place(s, 1, "H00")
    give_technique(s, 0, "B-commerce")
    give_technique(s, 0, "C-lobbying")
    s.players_[0].residence = 1
    phase2(s, 0)
    return s


def of_type(s: SpyriumState, cls) -> list:
    return [a for a in G.legal_actions(s) if isinstance(a, cls)]


def components_census(s: SpyriumState) -> None:
    """Every card, event, token and worker is in exactly one place (§0.3, §1)."""
    cards = [c for d in s.decks.values() for c in d] + [c for c in s.market if c] + list(s.removed)
    for p in s.players_:
        cards += [b.card for b in p.buildings] + [t.card for t in p.techniques]
    assert Counter(cards) == Counter(ALL_CARDS), "cards not conserved"
    events = list(s.future_events) + list(s.past_events) + ([s.turn_event] if s.turn_event else [])
    assert sorted(events) == sorted(EVENT_IDS), "events not conserved"
    tokens = list(s.token_reserve) + list(s.token_discard) + [t for ts in s.market_tokens for t in ts]
    tokens += [t for t in (s.future_token, s.turn_event_token) if t is not None]
    for p in s.players_:
        tokens += p.kept_tokens
    assert sorted(tokens) == sorted(TOKEN_SUPPLY), "tokens not conserved"
    for seat, p in enumerate(s.players_):
        where = (p.reserve + p.active + p.spent + sum(b.workers for b in p.buildings)
                 + sum(slot.count(seat) for slot in s.slots))
        assert where == WORKERS_PER_COLOUR, f"player {seat} has {where} workers"
    for slot in s.slots:
        assert all(0 <= w < s.players for w in slot)


def assert_non_negative(s: SpyriumState) -> None:
    for p in s.players_:
        for k in ("money", "spyrium", "vp", "reserve", "active", "spent", "residence"):
            assert getattr(p, k) >= 0, f"{k} went negative"
        assert all(b.workers >= 0 for b in p.buildings)
        assert all(v >= 0 for v in p.vp_log.values())
