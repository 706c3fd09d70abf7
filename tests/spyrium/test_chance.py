"""Spyrium's chance nodes (``engines.spyrium.chance``, issue 28): every draw is a node whose
outcomes and weights follow from the piles left, the seeded dealer deals what the seed drew
before, the state holds nothing of the future, and every outcome is face up.

The kinds of random event (``SpyriumState.dealing``): "event" (the next event turned face up,
§2.7, §4.2), "event_token" (its numbered token), "first_player" (§2.8), "card" (a market
card, §4.3), "token" (a token on a market card, §4.3), and a token drawn after the discard
pile was reshuffled into the empty reserve (§11.5).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engines.core.chance import CHANCE, ENTROPY
from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium.actions import DealCard, DrawToken, FirstPlayer, Pass, RevealEvent

KINDS = {"event", "event_token", "first_player", "card", "token", "reshuffle"}


def _deal_checked(state, seen: Counter) -> None:
    """Deal the chance nodes ``state`` is at from its dealer, checking each node: its weights
    (whole, positive, summing to the pile drawn from), probabilities summing to 1, the outcome
    dealt among them, and the counts of the piles after it."""
    while G.to_move(state) == CHANCE:
        kind = state.dealing
        weights = G.chance_weights(state)
        assert weights and all(isinstance(w, int) and w > 0 for _, w in weights)
        assert sum(Fraction(w, sum(w for _, w in weights)) for _, w in weights) == 1
        assert abs(sum(p for _, p in G.chance_outcomes(state)) - 1.0) < 1e-9
        assert G.legal_actions(state) == [o for o, _ in weights]
        if kind in ("token", "event_token"):
            pile = state.token_reserve or state.token_discard
            assert dict((o.value, w) for o, w in weights) == Counter(pile)
            if not state.token_reserve:
                seen["reshuffle"] += 1
        outcome = state.dealer.pick(G, state)
        assert any(outcome == o for o, _ in weights), (kind, outcome)
        assert G.chance_seen_by(state, outcome) is None  # every draw is face up
        G.play_chance(state, outcome)
        seen[kind] += 1


def _play(players: int, seed: int, seen: Counter):
    state = G.new_game(players, seed, deal=False)
    rng = Rng.from_seed(seed)
    _deal_checked(state, seen)
    while not G.is_over(state):
        legal = G.legal_actions(state)
        G.play(state, legal[rng.below(len(legal))])
        _deal_checked(state, seen)
    return state


def test_every_chance_node_of_seeded_games_sums_to_one_and_deals_one_of_its_outcomes():
    seen: Counter = Counter()
    for k in range(40):
        _play(2 + k % 4, 800 + k, seen)
    assert set(seen) == KINDS, seen  # every kind of random event occurred
    assert seen["first_player"] == 40 and seen["card"] == 40 * 6 * 9


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
def test_the_seeded_dealer_deals_as_apply_does(players, seed):
    """Dealing node by node from the dealer gives the game ``apply`` plays (the same draws)."""
    a = _play(players, seed, Counter())
    b = G.new_game(players, seed)
    rng = Rng.from_seed(seed)
    while not G.is_over(b):
        legal = G.legal_actions(b)
        G.apply(b, legal[rng.below(len(legal))])
    assert a.model_dump_json() == b.model_dump_json()


def _from_entropy(players: int, seed: int, moves: int):
    """A game without a dealer, its chance dealt from the system's entropy, its player
    choices from ``seed``: the outcomes dealt and the final state."""
    state = G.new_game(players, seed, dealer=False, deal=False)
    outcomes = G.deal(state, ENTROPY)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if G.is_over(state):
            break
        legal = G.legal_actions(state)
        G.apply(state, legal[rng.below(len(legal))])
        outcomes += G.deal(state, ENTROPY)
    return outcomes, state


def test_the_state_does_not_fix_the_future():
    """The same seed and the same player choices, outcomes from entropy: the games diverge
    (the set-up's nine cards alone agree with odds of one in millions)."""
    a, sa = _from_entropy(3, 5, 60)
    b, sb = _from_entropy(3, 5, 60)
    assert sa.dealer is None and sb.dealer is None and not hasattr(sa, "rng")
    assert [G.dump_action(o) for o in a] != [G.dump_action(o) for o in b]
    assert sa.market != sb.market or sa.model_dump_json() != sb.model_dump_json()
    fresh = G.new_game(3, 5, dealer=False, deal=False)
    twin = fresh.clone()
    G.deal(fresh, ENTROPY)
    G.deal(twin, ENTROPY)
    assert fresh.market != twin.market  # a state at set-up holds no deal to come


def test_the_face_down_piles_hold_no_order_and_no_view_names_them():
    """The decks, the reserve and the events below the preview are sorted in the state; at
    an "event" node no event is shown as the next one (all are face down), and no log line
    or label of an outcome names anything but what is turned face up."""
    state = G.new_game(3, 12, deal=False)
    assert G.to_move(state) == CHANCE and state.dealing == "event"
    for p in (None, 0, 1, 2):
        v = G.view(state, p)
        assert v["next_event"] is None and v["hidden_events"] == 7
    seen_lines = []
    while True:
        while G.to_move(state) == CHANCE:
            outcome = state.dealer.pick(G, state)
            line = G.log_text(state, outcome).render("en")
            assert line == G.action_label(state, outcome) and line
            assert G.log_text(state, outcome).render("it") != line
            G.play_chance(state, outcome)
            if isinstance(outcome, RevealEvent):
                assert state.future_events[0] == outcome.event
            if isinstance(outcome, DealCard):
                assert outcome.card in state.market
            seen_lines.append(line)
        for period, deck in state.decks.items():
            assert deck == sorted(deck), period
        assert state.token_reserve == sorted(state.token_reserve)
        assert state.future_events[1:] == sorted(state.future_events[1:])
        if G.is_over(state) or state.round > 2:
            break
        G.play(state, G.legal_actions(state)[0])
    assert seen_lines


def test_an_outcome_seen_is_a_reveal_to_every_seat():
    """``chance_seen_by`` (everyone) drives ``reveals_to``: a move that ends a round deals the
    next round's cards and reveals to every seat; a move that deals nothing reveals nothing."""
    state = G.new_game(3, 21)
    rng = Rng.from_seed(2)
    ended = quiet = 0
    while not G.is_over(state) and (ended < 2 or quiet < 20):
        legal = G.legal_actions(state)
        a = legal[rng.below(len(legal))]
        before = state.clone()
        dealt = G.apply(state, a)
        for seat in range(3):
            assert G.reveals_to(before, a, state, seat) == bool(dealt)
        assert G.reveals_information(before, a, state) == bool(dealt)
        if dealt:
            assert isinstance(a, Pass) and state.round == before.round + 1
            assert all(isinstance(o, (RevealEvent, DrawToken, DealCard)) for o in dealt)
            ended += 1
        else:
            quiet += 1
    assert ended >= 2 and quiet >= 20


def test_outcomes_that_cannot_happen_and_moves_at_a_node_are_refused():
    state = G.new_game(2, 4, deal=False)
    before = state.model_dump_json()
    for bad in (FirstPlayer(seat=0), DealCard(card="A-mine-left#1"), Pass()):
        with pytest.raises(Exception) as err:
            G.apply(state, bad)
        assert type(err.value).__name__ == "IllegalAction"
    assert state.model_dump_json() == before
    G.deal(state)
    with pytest.raises(Exception) as err:
        G.apply(state, FirstPlayer(seat=0))  # a draw is no player's move
    assert type(err.value).__name__ == "IllegalAction"
