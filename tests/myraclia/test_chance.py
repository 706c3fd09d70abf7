"""Myraclia's chance nodes (``engines.core.chance``, ``engines.myraclia.rules``): every draw
is a chance node with its outcomes and weights, the state holds nothing of what comes next,
every outcome is face up, and an outcome seen is what undo counts as a reveal.

The kinds of draw (``MyracliaState.drawing``), each met in the games below: ``surface`` and
``setup_offer`` (set-up tiles), ``start`` (starting elements), ``youngest`` (the start-order
ties), ``draft`` (the Draft board's elements), ``offer`` (a refill of the tile offer, with a
Darkness tile in it too) and ``token`` (the Eternity token).
"""

from __future__ import annotations

import json

from engines.core.chance import ENTROPY
from engines.core.i18n import render
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.components import TILES
from engines.myraclia.dealer import MyracliaDealer
from engines.myraclia.state import MyracliaState
from engines.myraclia.texts import tile_name, token_text

KINDS = {"surface", "setup_offer", "start", "youngest", "draft", "offer", "token"}
OPTIONS = [{}, {"eternity": True, "darkness": True}, {"kickstarter": True, "beginner": True},
           {"eternity": True, "youngest_first": None}]
STEPS = 160  # player actions a game (the first rounds: every kind of draw comes in them)


class Checked:
    """A chance source dealing what a seeded dealer deals, checking every node first: the
    weights are whole and positive, the probabilities sum to 1, the outcome dealt is one of
    them, everyone sees it; it counts the kinds of draw met."""

    def __init__(self, dealer: MyracliaDealer) -> None:
        self.dealer = dealer
        self.kinds: set[str] = set()
        self.dark_refill = False

    def pick(self, game, state: MyracliaState):
        weights = game.chance_weights(state)
        assert weights and all(isinstance(w, int) and w > 0 for _, w in weights)
        assert abs(sum(p for _, p in game.chance_outcomes(state)) - 1.0) < 1e-9
        assert game.legal_actions(state) == [o for o, _ in weights]
        outcome = self.dealer.pick(game, state)
        assert any(outcome == o for o, _ in weights), (state.drawing, outcome)
        assert game.chance_seen_by(state, outcome) is None  # every draw is face up
        for lang in ("en", "it"):  # its log line and label read in both languages
            for text in (render(game.log_text(state, outcome), lang), game.action_label(state, outcome, lang)):
                assert text and "{" not in text
        assert state.drawing is not None
        self.kinds.add(state.drawing)
        if state.drawing == "offer" and any(TILES[t].darkness for t in state.offer):
            self.dark_refill = True
            assert all(not TILES[o.tile].darkness for o, _ in weights)  # §14.2
        return outcome


def _play(players: int, seed: int, options: dict, check: Checked | None = None,
          source=None) -> tuple[MyracliaState, list[dict], list[dict]]:
    """A game of random moves (the moves' generator from ``seed``) for ``STEPS`` actions,
    its chance from ``check`` (a seeded dealer, checked) or ``source``; its state, the
    actions and the outcomes dealt."""
    state = GAME.new_game(players, seed, options, dealer=False, deal=False)
    src = check or source
    outcomes = [GAME.dump_action(o) for o in GAME.deal(state, src)]
    rng = Rng.from_seed(seed + 7)
    actions: list[dict] = []
    for _ in range(STEPS):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        action = legal[rng.below(len(legal))]
        before = state.clone()
        assert GAME.apply(state, action) == []  # no dealer in the state: the source deals
        dealt = GAME.deal(state, src)
        assert not GAME.is_chance(state)
        for seat in range(players):  # an outcome seen is a reveal to that seat, and only that
            assert GAME.reveals_to(before, action, state, seat) == bool(dealt)
            assert state.seen[seat] == state.dealt
        actions.append(GAME.dump_action(action))
        outcomes += [GAME.dump_action(o) for o in dealt]
    return state, actions, outcomes


def test_every_chance_node_of_forty_games():
    """At every chance node of 40 seeded games (every player count, every option set): the
    weights, the probabilities, the outcome dealt (``Checked``); every kind of draw occurs."""
    kinds: set[str] = set()
    dark_refill = False
    for i in range(40):
        players, options = 2 + i % 4, dict(OPTIONS[(i // 4) % len(OPTIONS)])
        if "youngest_first" in options:
            options["youngest_first"] = list(range(players))[::-1]
        state = GAME.new_game(players, 900 + i, options, deal=False)
        assert state.dealer is not None
        check = Checked(state.dealer)
        _play(players, 900 + i, options, check)
        kinds |= check.kinds
        dark_refill |= check.dark_refill
    assert kinds == KINDS
    assert dark_refill  # a refill with a Darkness tile in the offer happened


def test_the_state_holds_nothing_of_the_future():
    """The same seed and the same player choices, the outcomes from the system's entropy:
    the two games diverge (the seed fixes nothing; no generator in the state)."""
    assert "rng" not in MyracliaState.model_fields
    a = _play(3, 5, {"eternity": True}, source=ENTROPY)
    b = _play(3, 5, {"eternity": True}, source=ENTROPY)
    assert a[2][:20] != b[2][:20]  # the set-up's first twenty draws differ
    assert a[0].model_dump_json() != b[0].model_dump_json()
    assert a[0].dealer is None and "rng" not in json.loads(a[0].model_dump_json())


def test_the_seeded_dealer_deals_the_same_game_again():
    """A game with its seeded dealer is reproducible from its seed (tests, CLI, old records)."""
    first = GAME.new_game(4, 77, {"darkness": True})
    again = GAME.new_game(4, 77, {"darkness": True})
    assert first.model_dump_json() == again.model_dump_json()
    assert first.dealt == again.dealt > 0


def test_what_is_still_in_the_bags_is_in_no_view_and_no_log_line():
    """The bags are the only hidden thing (no outcome is private): no tile of the tile bag,
    no token of the Eternity bag appears in any seat's view, and the log line of a draw
    names what came out and nothing else."""
    state = GAME.new_game(3, 31, {"eternity": True, "darkness": True}, dealer=False, deal=False)
    dealer = GAME.seeded_dealer(state)
    rng = Rng.from_seed(3)
    named = 0
    for _ in range(400):
        while GAME.is_chance(state):
            o = dealer.pick(GAME, state)
            line = render(GAME.log_text(state, o), "en")
            if o.type == "draw_tile":
                assert render(tile_name(o.tile), "en") in line
                others = {render(tile_name(t), "en") for t in state.tile_bag} - {render(tile_name(o.tile), "en")}
                assert not any(name in line for name in others)
                named += 1
            if o.type == "draw_token":
                assert render(token_text(o.token), "en") in line
                named += 1
            GAME.apply(state, o)
        if GAME.is_over(state):
            break
        hidden = set(state.tile_bag) | set(state.eternity_bag)
        for seat in (None, 0, 1, 2):
            text = json.dumps(GAME.view(state, seat))
            assert not any(f'"{x}"' in text for x in hidden)
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
    assert named > 10


def test_the_seeded_dealer_passes_over_what_another_source_dealt():
    """Draws dealt now by the seeded dealer, now by another source (a sampler, a test): the
    dealer still deals only what the bags hold, never an impossible draw."""
    state = GAME.new_game(3, 12, {"eternity": True, "darkness": True}, deal=False)
    dealer, state.dealer = state.dealer, None  # the draws are dealt by hand below
    assert dealer is not None
    rng = Rng.from_seed(4)
    mixed = 0
    for _ in range(3000):
        if GAME.is_over(state):
            break
        if GAME.is_chance(state):
            other = rng.below(2) == 0
            mixed += other
            outcome = GAME.sample_chance(state, rng) if other else dealer.pick(GAME, state)
            assert any(outcome == o for o, _ in GAME.chance_weights(state))
            GAME.apply(state, outcome)
            continue
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
    assert GAME.is_over(state) and mixed > 50
