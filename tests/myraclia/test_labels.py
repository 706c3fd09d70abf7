"""Button labels (``action_label``), the public log (``describe``), ``reveals_information``
and the last untested decision (D24)."""

from __future__ import annotations

import json
import re

import pytest

from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.actions import AddElements, EndTurn, Pass, Reserve, Take, Terraform
from engines.myraclia.components import TILES
from engines.myraclia.texts import space_name, tile_name

from .helpers import cv, refill_offer, terraform_position
from .test_rules import draft_state

OPTIONS = [{}, {"kickstarter": True, "eternity": True, "darkness": True}]


def _positions(players: int, seed: int, options: dict, every: int = 1):
    """States along a game played by the heuristic bot mixed with random moves."""
    state = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    bot = GAME.bots()["heuristic"]
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            yield state
        legal = GAME.legal_actions(state)
        action = rng.choice(legal) if rng.below(3) == 0 else bot(GAME, state, rng)
        GAME.apply(state, action)
        step += 1


def _twin(state):
    """The same position with everything hidden changed: the tile bag and the face-down
    Eternity tokens in another order, another element-bag mix of the same size."""
    twin = state.clone()
    twin.tile_bag = list(reversed(twin.tile_bag))
    twin.eternity_bag = list(reversed(twin.eternity_bag))
    bag = twin.element_bag
    i = next((c for c in range(7) if bag[c]), None)
    j = next((c for c in range(6, -1, -1) if bag[c]), None)
    if i is not None and j is not None and i != j:
        bag[i] -= 1
        bag[j] += 1
    return twin


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_action_has_a_clear_distinct_label(players: int) -> None:
    """Contract: the buttons of one position all read differently and name what they do."""
    seen_kinds = set()
    for k, options in enumerate(OPTIONS):
        for state in _positions(players, 40 + k, options, every=5):
            legal = GAME.legal_actions(state)
            labels = [GAME.action_label(state, a) for a in legal]
            assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1][:3]
            for a, text in zip(legal, labels):
                seen_kinds.add(a.type)
                assert text and "Player" not in text
                rest = text  # what the label says besides the tile's name (which lists its needs)
                if a.type in ("terraform", "reserve", "change", "place_tile", "place_token"):
                    assert str(tile_name(a.tile)) in text and a.tile not in text  # named, not by its id
                    rest = text.replace(str(tile_name(a.tile)), "")
                if a.type == "take":
                    assert f"column {a.column}" in text
                if a.type == "terraform":
                    assert all(c in rest for c in a.pay) and "VP" in text
                if a.type in ("reserve", "change", "add"):
                    assert all(c in rest for c in a.place)
                if a.type == "place_tile":  # the space by a tile beside it, not by coordinates
                    ids = {(t.q, t.r): t.id for t in state.surface}
                    assert str(space_name(ids, a.q, a.r)) in text and f"({a.q}, {a.r})" not in text
                if a.type == "trade":
                    assert a.give in text and a.take in text
    assert {"take", "pass", "terraform", "reserve", "end_turn", "place_tile", "trade"} <= seen_kinds


def test_labels_name_cost_wildcards_vp_and_disc_moves() -> None:
    """Seed example position (§8.4): P07 with one own neighbour is +4 VP; a wildcard is named;
    a tile is named by its surface type and elements."""
    tiles = [("M01", 1, 0, 0, True), ("W01", -1, 0, 1, True), ("P07", 0, 0), ("F09", 0, 1),
             ("F01", 0, 2, 1, True), ("P01", -1, 2, 1, True)]
    s = terraform_position(tiles=tiles, reserves={0: cv(black=1, yellow=2, green=1, red=3)})
    assert GAME.action_label(s, Terraform(tile="P07", pay=["green", "yellow", "black"])) == \
        "Terraform the plains tile (green + yellow + black) paying green, yellow, black: +4 VP"
    labels = [GAME.action_label(s, a) for a in GAME.legal_actions(s) if a.type == "terraform" and a.tile == "P07"]
    assert "Terraform the plains tile (green + yellow + black) paying green, yellow + wildcard 3 red: +4 VP" in labels
    s.seats[0].score = 5
    assert GAME.action_label(s, Reserve(tile="F09", place=["yellow"])) == \
        "Reserve the forest tile (yellow + red + blue) placing yellow: -2 VP (2 missing)"
    assert GAME.action_label(s, EndTurn()) == "End your turn: 7 elements to your trade zone"
    d = draft_state(groups=[("yellow", 4), ("green", 3), ("orange", 3)])
    assert GAME.action_label(d, Take(column=2)) == "Take 1 green from column 2 (your disc goes to column 2)"
    GAME.apply(d, Take(column=2))
    GAME.apply(d, Pass())
    GAME.apply(d, Pass())
    assert GAME.action_label(d, Take(column=1)) == "Take 1 yellow from column 1 (your disc stays in column 2)"
    assert GAME.action_label(d, Take(column=3)) == "Take 1 orange from column 3 (your disc moves left to column 3)"


@pytest.mark.parametrize("players", [2, 4])
def test_describe_and_view_never_reveal_hidden_information(players: int) -> None:
    """The log line of every legal action, and every view, are the same whatever is hidden
    (tile bag order, face-down Eternity tokens, element bag mix), and never name a hidden id."""
    for k, options in enumerate(OPTIONS):
        for state in _positions(players, 70 + k, options, every=9):
            twin = _twin(state)
            secret = set(state.tile_bag) | set(state.eternity_bag)
            for p in [None, *range(players)]:
                assert GAME.view(state, p) == GAME.view(twin, p)
            for a in GAME.legal_actions(state)[:60]:
                line = GAME.describe(state, a)
                assert line == GAME.describe(twin, a)
                assert line.startswith(f"Player {GAME.to_move(state) + 1} ")
                assert not set(re.findall(r"[A-Z]+[0-9]+", line)) & secret
            assert not set(re.findall(r'"([A-Z]+[0-9]+)"', json.dumps(GAME.view(state, 0)))) & secret


def test_reveals_information_when_an_eternity_token_or_draft_is_drawn() -> None:
    """§13.3: the token drawn face up at the end of the round is new information; a draft
    take that does not end the draft, a trade, an addition and a terraform are not."""
    s = terraform_position(tiles=[("P01", 0, 0, 0, True), ("F01", 1, 0)], options={"eternity": True})
    s.seats[0].score = 0
    s.seats[1].score = 3
    GAME.apply(s, EndTurn())
    before = s.clone()
    GAME.apply(s, EndTurn())  # last turn of the round: the lowest player draws a token
    assert s.phase == "eternity" and s.eternity_drawn and GAME.to_move(s) == 0
    assert GAME.reveals_information(before, EndTurn(), s)
    d = draft_state(groups=[("yellow", 4), ("green", 3)])
    before = d.clone()
    GAME.apply(d, Take(column=1))
    assert not GAME.reveals_information(before, Take(column=1), d)
    t = terraform_position(tiles=[("P01", 0, 0, 1, True), ("W06", 1, 0), ("P12", 0, 1, 0, False, cv(white=1))],
                           reserves={0: cv(green=2, yellow=1, blue=1)})
    t.seats[0].score = 0
    for a in (AddElements(place=["green"]), Terraform(tile="W06", pay=["green", "yellow", "blue"])):
        before = t.clone()
        GAME.apply(t, a)
        assert not GAME.reveals_information(before, a, t)


def test_decision_d24_bag_with_only_darkness_leaves_the_offer_short() -> None:
    """D24: with a Darkness tile in the offer and only Darkness tiles left in the bag, the
    offer is not refilled beyond the one Darkness tile allowed (§14.2)."""
    s = GAME.new_game(2, 5, {"darkness": True})
    myraclia = [t for t in s.tile_bag if not TILES[t].darkness]
    s.offer = ["DARK1", myraclia[0]]
    s.tile_bag = ["DARK2", "DARK3"]
    refill_offer(s)
    assert s.offer == ["DARK1", myraclia[0]]
    assert sorted(s.tile_bag) == ["DARK2", "DARK3"]
