"""Helpers for the Citadels tests: building positions and the components census."""

from __future__ import annotations

from engines import get_game
from engines.citadels import rules
from engines.citadels.components import ALL_CARDS, RANKS
from engines.citadels.state import CitadelsState

GAME = get_game("citadels")
_SORTED_CARDS = sorted(ALL_CARDS)


def new(players: int = 4, seed: int = 1, **options) -> CitadelsState:
    return GAME.new_game(players, seed, options)


def at_turn(state: CitadelsState, rank: int, holders: dict[int, int] | None = None,
            killed: int = 0, robbed: int = 0, thief_seat: int = -1,
            revealed: list[int] | None = None) -> CitadelsState:
    """Put ``state`` at the reveal of ``rank`` (robbery, crown, Merchant run as in play).

    ``holders`` maps ranks to seats (others: nobody). The round's draft is skipped.
    """
    holders = holders if holders is not None else {rank: 0}
    state.holder = [-1] * 9
    for r, s in holders.items():
        state.holder[r] = s
    state.removed_up, state.removed_down = [], 0
    state.face_down = [r for r in RANKS if r not in holders]     # the rest: out of play
    state.face_down_by = [-1] * len(state.face_down)
    state.draft_cards = []
    state.draft_step = 0
    state.killed, state.robbed, state.thief_seat = killed, robbed, thief_seat
    state.revealed = list(revealed or [])
    state.phase = "turn"
    state.called = rank - 1
    rules.call_next(state)
    assert state.called == rank, "the rank was not called (nobody holds it or it is killed)"
    return state


def give(state: CitadelsState, seat: int, hand: list[str] | None = None,
         city: list[str] | None = None, gold: int | None = None, city_round: int = 1) -> None:
    """Move named card ids from wherever they are into ``seat``'s hand / city."""
    def pull(card: str) -> None:
        for zone in [state.deck, state.bottom, *state.hands, state.drawn]:
            if card in zone:
                zone.remove(card)
                return
        for s, city_ in enumerate(state.cities):
            if card in city_:
                i = city_.index(card)
                city_.pop(i)
                state.built_round[s].pop(i)
                return
        raise AssertionError(f"{card} is nowhere")
    if hand is not None:
        for c in list(state.hands[seat]):
            state.hands[seat].remove(c)
            state.bottom.append(c)
        for c in hand:
            pull(c)
            state.hands[seat].append(c)
    if city is not None:
        for c in list(state.cities[seat]):
            state.cities[seat].remove(c)
            state.bottom.append(c)
        state.built_round[seat] = []
        for c in city:
            pull(c)
            state.cities[seat].append(c)
            state.built_round[seat].append(city_round)
    if gold is not None:
        state.gold[seat] = gold


def put_on_top(state: CitadelsState, cards: list[str]) -> None:
    """The next draws deal ``cards``, in this order: they go into the deck's shuffled part,
    and the state's seeded dealer deals them first."""
    for c in cards:
        for zone in [state.deck, state.bottom, *state.hands]:
            if c in zone:
                zone.remove(c)
    dealer = state.dealer
    assert dealer is not None, "put_on_top needs a state with its seeded dealer"
    rest = [c for c in dealer.order[dealer.next:] if c in state.deck]
    state.deck = sorted(state.deck + cards)
    dealer.order, dealer.next = cards + rest, 0


def deck_order(state: CitadelsState) -> list[str]:
    """The deck as the seeded dealer will deal it, top first: the shuffled part in the
    dealer's order, then the cards put under it."""
    dealer = state.dealer
    assert dealer is not None
    return [c for c in dealer.order[dealer.next:] if c in state.deck] + state.bottom


def play(state: CitadelsState, **action) -> None:
    GAME.apply(state, action)


def types(state: CitadelsState) -> set[str]:
    return {a.type for a in GAME.legal_actions(state)}


def components_census(state: CitadelsState) -> None:
    """Every district card in exactly one place; every character in exactly one place."""
    places = [*state.deck, *state.bottom, *state.drawn, *(c for h in state.hands for c in h),
              *(c for city in state.cities for c in city)]
    if state.destroyed:
        places.append(state.destroyed)
    assert sorted(places) == _SORTED_CARDS, "district cards not conserved"
    for s in range(state.players):
        assert len(state.cities[s]) == len(state.built_round[s])
    if state.phase != "over":
        chars = [*state.removed_up, *state.face_down, *state.draft_cards,
                 *(r for r in RANKS if state.holder[r] >= 0)]
        if state.removed_down:
            chars.append(state.removed_down)
        assert sorted(chars) == sorted(RANKS), f"characters not conserved: {chars}"
