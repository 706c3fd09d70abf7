"""Spyrium's chance nodes (``engines.core.chance``): where the rules stop for a draw, the
outcomes with their weights, and what each outcome does.

Every random event of Spyrium happens at set-up (§2) or at the start of a round
(§4), and every card, event and token drawn is turned face up, seen by everyone. The state
stops at a chance node (``state.dealing`` set; ``Game.to_move`` is ``CHANCE``) for each of:

- "event": the next event (the preview) turned face up from the face-down events (§2.7 at
  set-up, §4.2 at a round's start once the preview became the turn event): one outcome
  (``RevealEvent``) per face-down event, weight 1;
- "event_token": when that event shows the token icon, its numbered token (§2.7, §4.2);
- "first_player": the first player card, at set-up (§2.8): one outcome per seat, weight 1;
- "card": each of the 9 market cards, dealt row-major from the period's deck (§4.3, D-51):
  one outcome (``DealCard``) per card left in the deck, weight 1 (every card differs);
- "token": each numbered token put on a market card (§4.3; ``tokens_for`` a card), in
  position order.

A token (``DrawToken``) is drawn from the face-down reserve: one outcome per value left,
weight the number of tokens of that value; when the reserve is empty the discard pile is
shuffled into it first (§11.5), so the weights are the discard pile's; when both are empty
no token is drawn and there is no node (D-26). The decks, the reserve and the face-down
events are multisets (sorted lists): the order of a draw is decided at its node only.

The set-up (``rules.setup``) stops at the first "event" node; a round's start
(``rules.start_round``) at its "event" node (or "card" when no event is left). From there
each outcome leads to the next node (``play_outcome``), and the last one to the first
player's turn.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .actions import DEAL, DRAW, FIRST, REVEAL
from .components import EVENTS, MARKET_SIZE, PERIOD_BY_ROUND, tokens_for
from .rules import start_round
from .state import SpyriumState


def _tokens_left(state: SpyriumState) -> bool:
    """Whether a token can be drawn: the reserve, or the discard pile to reshuffle (§11.5)."""
    return bool(state.token_reserve or state.token_discard)


def _after_event(state: SpyriumState) -> None:
    """After the preview is revealed: its token if it shows the icon (§2.7, §4.2)."""
    if state.future_events and EVENTS[state.future_events[0]].token_on_reveal and _tokens_left(state):
        state.dealing = "event_token"
    else:
        _after_event_token(state)


def _after_event_token(state: SpyriumState) -> None:
    """At set-up the first player (§2.8); in a round the market deal (§4.3)."""
    if state.round == 0:
        state.dealing = "first_player"
    else:
        state.dealing, state.dealing_pos = "card", 0


def _next_tokens(state: SpyriumState, pos: int, left: int) -> None:
    """The next token node of the market deal: ``left`` more for the card at ``pos``, then
    the cards after it (§4.3); none when no token is left (D-26). Then the round begins."""
    while pos < MARKET_SIZE:
        if left > 0 and _tokens_left(state):
            state.dealing, state.dealing_pos, state.dealing_left = "token", pos, left
            return
        pos += 1
        if pos < MARKET_SIZE:
            card = state.market[pos]
            assert card is not None  # just dealt
            left = tokens_for(card, state.players)
    state.dealing, state.dealing_pos, state.dealing_left = None, 0, 0


def _counts(items: list) -> list[tuple[Any, int]]:
    """(item, how many) of a sorted list, in its order."""
    out: list[tuple[Any, int]] = []
    for x in items:
        if out and out[-1][0] == x:
            out[-1] = (x, out[-1][1] + 1)
        else:
            out.append((x, 1))
    return out


def chance_weights(state: SpyriumState) -> list[tuple[Any, int]]:
    """The outcomes of the chance node ``state`` is at, with their weights (see above)."""
    kind = state.dealing
    if kind == "event":
        return [(REVEAL[e], 1) for e in state.future_events]
    if kind == "card":
        return [(DEAL[c], n) for c, n in _counts(state.decks[PERIOD_BY_ROUND[state.round]])]
    if kind == "first_player":
        return [(FIRST[seat], 1) for seat in range(state.players)]
    if kind is None:
        return []
    return [(DRAW[v], n) for v, n in _counts(state.token_reserve or sorted(state.token_discard))]


def sample_chance(state: SpyriumState, rng: Rng) -> Any:
    """One outcome of the chance node with the weights of ``chance_weights``: a uniform item
    of the pile drawn from (each item counted once, so a kind weighs how many it has)."""
    kind = state.dealing
    if kind == "card":
        deck = state.decks[PERIOD_BY_ROUND[state.round]]
        return DEAL[deck[rng.below(len(deck))]]
    if kind == "token":
        pile = state.token_reserve or state.token_discard
        return DRAW[pile[rng.below(len(pile))]]
    if kind == "event":
        return REVEAL[rng.choice(state.future_events)]
    if kind == "first_player":
        return FIRST[rng.below(state.players)]
    return DRAW[rng.choice(state.token_reserve or state.token_discard)]  # "event_token"


def play_outcome(state: SpyriumState, a: Any) -> None:
    """Play the chance outcome ``a`` at the node ``state`` is at, and go on to the next node
    (or to the first player's turn)."""
    kind = state.dealing
    if kind == "card":
        pos = state.dealing_pos
        state.decks[PERIOD_BY_ROUND[state.round]].remove(a.card)
        state.market[pos] = a.card
        if pos + 1 < MARKET_SIZE:
            state.dealing_pos = pos + 1
        else:
            first = state.market[0]
            assert first is not None  # just dealt
            _next_tokens(state, 0, tokens_for(first, state.players))
    elif kind == "event":
        state.future_events.remove(a.event)  # the others stay sorted
        state.future_events.insert(0, a.event)
        _after_event(state)
    elif kind == "first_player":
        state.first_player = a.seat
        state.dealing = None
        start_round(state)
    else:
        if not state.token_reserve:  # §11.5: the discard pile shuffled into the reserve
            state.token_reserve = sorted(state.token_discard)
            state.token_discard = []
        state.token_reserve.remove(a.value)
        if kind == "event_token":
            state.future_token = a.value
            _after_event_token(state)
        else:
            pos, left = state.dealing_pos, state.dealing_left - 1
            state.market_tokens[pos].append(a.value)
            if left and (state.token_reserve or state.token_discard):
                state.dealing_left = left  # the same card takes another
            else:
                _next_tokens(state, pos, left)
