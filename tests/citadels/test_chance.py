"""Citadels' chance nodes (``engines.core.chance``, ``rules.chance_weights``).

Every random event of the game is a chance node: a district card drawn from the deck's
shuffled part (the set-up deal §2, the income draw §7.2 with or without the Observatory, the
Magician's redraw §8.3, the Architect's two cards §8.7, the Smithy §9.3) and a character set
aside for the round (face down §4.1, face up §4.2). Seeded games are dealt node by node by
the seed's dealer through a source that checks each node; the state holds nothing of the
future (a game dealt from the system's entropy goes another way); an outcome is seen by
whom ``chance_seen_by`` says and by nobody else (views, log lines), and that drives
``reveals_to``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.citadels.components import ARCHITECT, MAGICIAN
from engines.core.bots import get_bot
from engines.core.chance import CHANCE, ENTROPY
from engines.core.rng import Rng

from .helpers import GAME

GAMES = 40
EVENTS = {"set-up deal", "income draw", "Observatory draw", "Magician draw", "Architect draw", "Smithy draw",
          "character face down", "character face up"}


def _event(state, last_action) -> str:
    """The kind of random event the chance node ``state`` is at (``last_action``: the
    player's move that led to it, None for the set-up)."""
    p = state.pending
    if p == "down":
        return "character face down"
    if p == "up":
        return "character face up"
    if p == "deal":
        return "set-up deal"
    if p == "income":
        return "Observatory draw" if last_action.count == 3 else "income draw"
    t = last_action.type
    if t == "smithy":
        return "Smithy draw"
    if t == "magician_draw" or state.called == MAGICIAN and t != "end_turn":
        return "Magician draw"
    assert t in ("architect_draw", "end_turn") and state.called == ARCHITECT, t
    return "Architect draw"


class Checked:
    """A chance source that checks the node it deals at, then deals what ``inner`` deals."""

    def __init__(self, inner) -> None:
        self.inner, self.last, self.events, self.nodes = inner, None, Counter(), 0

    def pick(self, game, state):
        assert game.to_move(state) == CHANCE and game.is_chance(state)
        weights = game.chance_weights(state)
        outcomes = [o for o, _ in weights]
        assert weights and all(isinstance(w, int) and w >= 1 for _, w in weights)
        assert len(set(outcomes)) == len(outcomes), "an outcome listed twice"
        assert game.legal_actions(state) == outcomes
        assert abs(sum(p for _, p in game.chance_outcomes(state)) - 1) < 1e-9
        outcome = self.inner.pick(game, state)
        assert outcome in outcomes, f"the dealer dealt {outcome}, which cannot happen here"
        assert game.sample_chance(state.clone(), Rng.from_seed(self.nodes)) in outcomes
        self.events[_event(state, self.last)] += 1
        self.nodes += 1
        return outcome


def _play(players: int, seed: int, source_of=lambda dealer: dealer, steps: int = 5000):
    """A game of heuristic and random bots whose chance is dealt node by node through a
    ``Checked`` source (by default over the seed's dealer); the moves, the source, the end."""
    state = GAME.new_game(players, seed, deal=False)
    source = Checked(source_of(state.dealer))
    state.dealer = None                      # every outcome goes through the checking source
    GAME.deal(state, source)
    bots = [get_bot(GAME, "heuristic" if (seed + p) % 2 else "random") for p in range(players)]
    rngs = [Rng.from_seed(seed * 31 + p) for p in range(players)]
    moves = []
    for _ in range(steps):
        seat = GAME.to_move(state)
        if seat is None:
            break
        action = bots[seat](GAME, state, rngs[seat])
        moves.append(action)
        assert GAME.apply(state, action) == []   # without a dealer, the caller deals
        source.last = action
        GAME.deal(state, source)
    return moves, source, state


def test_every_chance_node_of_seeded_games_sums_to_one_and_deals_one_of_its_outcomes():
    seen: Counter = Counter()
    for i in range(GAMES):
        players = 2 + i % 6
        moves, source, state = _play(players, 500 + i)
        seen += source.events
        assert GAME.is_over(state), f"game {i} did not end"
        # the seed's dealer, checked node by node, deals what ``new_game`` + ``apply`` deal
        same = GAME.new_game(players, 500 + i)
        for action in moves:
            GAME.apply(same, action)
        assert same.model_dump(exclude={"dealer"}) == state.model_dump(exclude={"dealer"})
    assert set(seen) == EVENTS, f"random events never met: {EVENTS - set(seen)}"


def test_the_same_seed_and_choices_with_outcomes_from_entropy_go_another_way():
    """The state does not fix the future: dealt from the system's entropy instead of the
    seed's dealer, the same seed and the same bots (the same generators) give another game."""
    seeded_moves, seeded, a = _play(4, 77, steps=60)
    entropy_moves, fresh, b = _play(4, 77, source_of=lambda dealer: ENTROPY, steps=60)
    assert a.hands != b.hands
    assert [GAME.dump_action(m) for m in seeded_moves] != [GAME.dump_action(m) for m in entropy_moves]
    # and at one chance node, two sources deal two futures from one state
    s = GAME.new_game(3, 5, deal=False)
    s.dealer = None
    x, y = s.clone(), s.clone()
    GAME.deal(x, ENTROPY)
    GAME.deal(y, ENTROPY)
    assert x.hands != y.hands   # 12 cards of 65 dealt twice the same: about 1 chance in 10^21


def _private_nodes(players: int, seed: int):
    """(state at a chance node, the seats that see its outcomes) along a seeded game."""
    state = GAME.new_game(players, seed, deal=False)
    dealer, state.dealer = state.dealer, None
    bot, rng = get_bot(GAME, "heuristic"), Rng.from_seed(seed)
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            yield state
            GAME.play_chance(state, dealer.pick(GAME, state))
            continue
        GAME.apply(state, bot(GAME, state, rng))


@pytest.mark.parametrize("players", [3, 4, 7])
def test_a_private_or_face_down_outcome_shows_in_no_other_seat_s_view_and_no_log_line(players):
    """Two different outcomes of one node: every seat that does not see them, and the
    spectator, get the same view after either, and the node's log line and button text are
    the same (so neither names the card or the character)."""
    private = 0
    for state in _private_nodes(players, 40 + players):
        outcomes = [o for o, _ in GAME.chance_weights(state)]
        if len(outcomes) < 2:
            continue
        first, other = outcomes[0], outcomes[-1]
        seen = GAME.chance_seen_by(state, first)
        assert GAME.chance_seen_by(state, other) == seen
        if first.type == "remove_character":
            assert seen == (None if first.face_up else ())
        else:
            assert seen is not None and len(seen) == 1
        if seen is None:
            continue
        private += 1
        after_first, after_other = state.clone(), state.clone()
        GAME.play_chance(after_first, first)
        GAME.play_chance(after_other, other)
        # §5: once the characters are set aside, the cards left go to the first chooser, who
        # finds the face-down one missing among them (as at a real table): that is the hand-off,
        # not the outcome
        handed_to = GAME.to_move(after_first) if after_first.phase == "draft" and not after_first.pending else None
        for q in [None, *(q for q in range(players) if q not in seen and q != handed_to)]:
            assert json.dumps(GAME.view(after_first, q)) == json.dumps(GAME.view(after_other, q)), (q, first, other)
        for lang in ("en", "it"):
            assert GAME.log_text(state, first).render(lang) == GAME.log_text(state, other).render(lang)
            assert GAME.action_label(state, first, lang) == GAME.action_label(state, other, lang)
        if seen:   # the seat that sees it finds the card in its view
            assert json.dumps(GAME.view(after_first, seen[0])) != json.dumps(GAME.view(after_other, seen[0]))
    assert private > 20


def test_the_seats_that_see_an_outcome_are_the_ones_it_reveals_to():
    """``chance_seen_by`` drives ``reveals_to``: an outcome counted as seen by a seat (and
    nothing else new) is a reveal to that seat alone; a move followed by cards drawn into a
    hand reveals them to that hand's seat."""
    state = GAME.new_game(4, 9)
    action = GAME.legal_actions(state)[0]
    after = state.clone()
    after.seen[2] += 1
    for seat in range(4):
        assert GAME.reveals_to(state, action, after, seat) == (seat == 2)
    drawn = 0
    for before in _private_nodes(4, 12):
        if before.pending == "income":
            seat = GAME.chance_seen_by(before, GAME.chance_weights(before)[0][0])[0]
            after = before.clone()
            GAME.deal(after, ENTROPY)
            assert after.seen[seat] > before.seen[seat]
            assert GAME.reveals_to(before, action, after, seat)
            drawn += 1
    assert drawn > 3
