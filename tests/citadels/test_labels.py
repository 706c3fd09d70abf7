"""The private button texts (``action_label``) against the public log lines (``describe``).

``describe`` is shown to everyone: it never names a chosen character, a kept, drawn or
discarded card (§11.2). ``action_label`` is shown only to the player to move: it names
them, and the labels of one position are all distinct.
"""

from __future__ import annotations

import pytest

from engines.citadels.components import character_name, district_name
from engines.core.bots import random_bot
from engines.core.rng import Rng

from .helpers import GAME, at_turn, give, new, play, put_on_top

A, T, MAG, K, B, M, AR, W = range(1, 9)

#: actions whose subject is hidden from the other players, and the field naming it
HIDDEN = {"choose_character": "rank", "discard_character": "rank", "keep_card": "district",
          "put_bottom": "district", "magician_discard": "district", "laboratory": "district"}


def _hidden_name(action) -> str:
    field = HIDDEN[action.type]
    value = getattr(action, field)
    return character_name(value) if field == "rank" else district_name(value)


def _check_position(state) -> None:
    legal = GAME.legal_actions(state)
    labels = [GAME.action_label(state, a) for a in legal]
    assert all(labels), "an empty label"
    assert len(set(labels)) == len(labels), f"two buttons read the same: {labels}"
    lines: dict[str, set[str]] = {}
    for a, label in zip(legal, labels):
        if a.type in HIDDEN:
            name = _hidden_name(a)
            line = GAME.describe(state, a)
            assert name in label, (label, a)
            assert name not in line, (line, a)
            lines.setdefault(a.type, set()).add(line)
    for typ, seen in lines.items():     # the log line is the same whatever was chosen
        assert len(seen) == 1, (typ, seen)


@pytest.mark.parametrize("players", range(2, 8))
def test_labels_distinct_and_describe_hides_what_labels_name(players):
    for seed in range(4):
        state = GAME.new_game(players, seed)
        rng = Rng.from_seed(seed)
        steps = 0
        while not GAME.is_over(state) and steps < 3000:
            _check_position(state)
            GAME.apply(state, random_bot(GAME, state, rng))
            steps += 1


def test_label_examples_read_like_buttons():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=["palace-1"], city=["manor-1", "castle-1"], gold=5)
    labels = {a.type: GAME.action_label(s, a) for a in GAME.legal_actions(s)}
    assert labels["take_gold"] == "Take 2 gold"
    assert labels["draw_cards"] == "Draw 2 cards, keep one"
    assert labels["collect_income"] == "Collect 2 gold for your yellow (noble) districts"
    play(s, type="take_gold")
    build = [a for a in GAME.legal_actions(s) if a.type == "build"][0]
    assert GAME.action_label(s, build) == "Build the Palace (5 gold)"
    assert GAME.describe(s, build) == "Player 1 (the King) builds the Palace for 5 gold"
    s = at_turn(new(4), A, {A: 0})
    kill = [a for a in GAME.legal_actions(s) if a.type == "assassinate" and a.rank == M][0]
    assert GAME.action_label(s, kill) == "Kill the Merchant"


def test_collecting_no_district_income_says_why_it_is_offered():
    """Issue 27: "Collect 0 gold for your yellow districts" reads like a choice that gains
    nothing. Collecting is legal at any moment of the turn (§7.4), and folding it away would
    change the legal actions, so the label says why it is there, in both languages."""
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=["palace-1"], city=["temple-1"], gold=5)
    collect = next(a for a in GAME.legal_actions(s) if a.type == "collect_income")
    assert GAME.action_label(s, collect) == ("Collect gold for your yellow (noble) districts (you have none "
                                             "yet: 0 gold now, more if you build one first)")
    it = GAME.action_label(s, collect, "it")
    assert it.startswith("Incassa le monete d’oro per i tuoi edifici gialli (nobiltà): non ne hai ancora")
    assert ") (" not in it  # one bracket after another read as a list of asides
    assert all("Collect 0" not in GAME.action_label(s, a) for a in GAME.legal_actions(s))
    play(s, type="take_gold")  # ending the turn collects nothing either: the button does not say "collect 0"
    end = next(a for a in GAME.legal_actions(s) if a.type == "end_turn")
    assert GAME.action_label(s, end) == "End your turn"
    assert GAME.action_label(s, end, "it") == "Termina il turno"


def test_label_of_the_draft_names_the_character_describe_does_not():
    s = new(4, seed=3)
    a = GAME.legal_actions(s)[0]
    assert GAME.action_label(s, a) == f"Keep the {character_name(a.rank)}"
    assert GAME.describe(s, a) == "Player 1 chooses a character"
    s2 = new(2, seed=3)
    GAME.apply(s2, GAME.legal_actions(s2)[0])
    GAME.apply(s2, GAME.legal_actions(s2)[0])
    d = GAME.legal_actions(s2)[0]
    assert d.type == "discard_character"
    assert GAME.action_label(s2, d) == f"Put the {character_name(d.rank)} face down"
    assert character_name(d.rank) not in GAME.describe(s2, d)


def test_label_of_the_income_draw_with_library_and_observatory():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, city=["library-1", "observatory-1"])
    labels = sorted(GAME.action_label(s, a) for a in GAME.legal_actions(s) if a.type == "draw_cards")
    assert labels == ["Draw 2 cards, keep both", "Draw 3 cards, keep two (Observatory)"]
    put_on_top(s, ["palace-1", "tavern-1", "castle-1"])
    play(s, type="draw_cards", count=3)
    keep = {GAME.action_label(s, a) for a in GAME.legal_actions(s)}
    assert keep == {"Keep the Palace", "Keep the Tavern", "Keep the Castle"}
    assert all("Palace" not in GAME.describe(s, a) for a in GAME.legal_actions(s))
