"""The page's session deals chance when it happens (issue 28), shown on the toy game written
with chance nodes (``tests/core/chance_toy.py``) beside the same game with its chance in a
seeded generator (``tests/core/toy.py``): a copy of a record knows nothing of the draws to
come, an old record is upgraded when opened, a watched link deals its own outcomes, undo
stops at a card seen, and the bot worker's cache follows a redraw."""

from __future__ import annotations

import json

import pytest

from engines import RecordError
from engines.core.record import FORMAT, FORMAT_2, new_record, parse_record, replay
from engines.core.registry import register
from engines.core.thinking import Thinker
from tavolo_ui.session import Session

from tests.core import chance_toy, toy

register(toy.GAME)
register(chance_toy.GAME)
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bea", "kind": "human"}]


def copy_of(session: Session) -> Session:
    """Save copy, then resume the copy: the record through its JSON, as a save keeps it."""
    return Session.load(session.record.model_dump_json())


def next_cards(game_name: str, tries: int = 6) -> set[int]:
    """The card Anna draws next in a copy of one game in progress, over several copies."""
    s = Session.start(game_name, SEATS, 2024, entropy=True)
    s.apply({"type": "draw"})
    s.apply({"type": "stop"})  # Bea stops; Anna is to move
    cards = set()
    for _ in range(tries):
        c = copy_of(s)
        c.apply({"type": "draw"})
        cards.add(c.state.hands[0][-1])
    return cards


def test_a_copy_of_a_game_with_its_chance_in_the_state_knows_the_next_draw():
    assert len(next_cards("toy")) == 1  # the look-ahead of issue 28: every copy draws the same


def test_a_copy_of_a_game_with_chance_nodes_does_not():
    assert len(next_cards("chance_toy")) > 1  # drawn from entropy when it happens


def test_every_draw_is_written_in_the_record_and_replays():
    s = Session.start("chance_toy", SEATS, 7, entropy=True)
    assert s.record.format == FORMAT_2 and s.record.chance == []
    s.apply({"type": "draw"})
    assert len(s.record.chance) == 1 and s.to_move() == 1  # dealt at once: never left at a chance node
    rebuilt = replay(parse_record(s.record.model_dump_json()))
    assert rebuilt.hands == s.state.hands


def test_a_first_format_record_from_elsewhere_is_upgraded_and_its_seed_deals_nothing_more():
    """An old link or file (seed and moves): opened, it replays to the same position, and
    the draws after it come from entropy (an imported file is stored upgraded; a link and
    Save copy go through the same ``upgrade``). The device's own first-format save, a game
    whose seed a person typed, goes on dealt by its seed."""
    from tavolo_ui.saves import DictStorage, Saves

    old = new_record(toy.GAME, 2, 31)
    old.actions = [{"type": "draw"}, {"type": "draw"}]
    data = old.model_dump()
    data["game"] = "chance_toy"
    seeded = replay(parse_record(data))
    dealer_next = seeded.dealer.order[-1]  # what the seed would deal next
    assert parse_record(data).format == FORMAT
    own = Session.load(data)
    own.apply({"type": "draw"})
    assert own.record.format == FORMAT and own.state.hands[0][-1] == dealer_next
    saves = Saves(DictStorage())
    firsts = set()
    for _ in range(8):
        stored = saves.get(saves.import_text(json.dumps(data)))
        assert stored.record["format"] == FORMAT_2 and len(stored.record["chance"]) == 2
        s = Session.load(stored.record)
        assert s.state.hands == seeded.hands and s.state.dealer is None
        s.apply({"type": "draw"})
        firsts.add(s.state.hands[0][-1])
    assert firsts != {dealer_next}


def test_undo_stops_at_a_card_you_saw_and_not_at_a_stop():
    s = Session.start("chance_toy", [SEATS[0], {"name": "Bot", "kind": "bot:random"}], 3, entropy=True)
    s.apply({"type": "draw"})
    assert not s.can_undo()  # the card drawn was seen: no redraw by undo
    s2 = Session.start("chance_toy", [SEATS[0], {"name": "Bot", "kind": "bot:random"}], 3, entropy=True)
    s2.apply({"type": "stop"})
    assert s2.can_undo()


def test_a_watched_link_deals_its_own_outcomes_in_order():
    s = Session.start("chance_toy", SEATS, 5, entropy=True)
    for a in ["draw", "draw", "draw", "stop", "draw", "stop"]:
        if s.is_over():
            break
        s.apply({"type": a})
    link = s.record.model_copy(deep=True)
    start = link.model_copy(update={"actions": []})
    w = Session.load(start, watch=True)
    for a in link.actions:
        w.apply(a)
    assert w.state.hands == s.state.hands and w.record.chance == link.chance
    assert link.chance == s.record.chance  # the watched session did not change the link's record


def test_a_record_opened_to_play_with_draws_its_moves_do_not_need_is_refused():
    s = Session.start("chance_toy", SEATS, 5, entropy=True)
    s.apply({"type": "draw"})
    data = s.record.model_dump()
    data["chance"] = data["chance"] + [{"type": "card", "value": 3}]
    with pytest.raises(RecordError, match="more than its moves need"):
        Session.load(data)


def test_the_bot_worker_follows_other_outcomes_after_the_same_moves():
    """An undo over a draw a seat did not see, then the move again: the same moves, other
    outcomes. The worker's kept state must not be the old one."""
    thinker = Thinker()
    a = new_record(chance_toy.GAME, 2, 9, outcomes=True)
    a.actions, a.chance = [{"type": "draw"}], [{"type": "card", "value": 3}]
    b = a.model_copy(update={"chance": [{"type": "card", "value": 5}]})
    assert thinker.state_of(a).hands[0] == [3]
    b.actions.append({"type": "stop"})
    a.actions = [{"type": "draw"}, {"type": "stop"}]
    assert thinker.state_of(b).hands[0] == [5]


def test_a_guided_game_is_dealt_by_its_seed_until_its_script_ends():
    seeded = chance_toy.GAME.new_game(2, 5)
    s = Session.start("chance_toy", SEATS, 5, seeded_until=3)
    s.apply({"type": "draw"})
    chance_toy.GAME.apply(seeded, {"type": "draw"})
    assert s.record.format == FORMAT and s.state.hands == seeded.hands  # the script's draws
    s.apply({"type": "draw"})
    s.apply({"type": "draw"})
    assert s.record.format == FORMAT_2 and s.state.dealer is None and len(s.record.chance) == 3
    s2 = Session.start("chance_toy", SEATS, 5, seeded_until=3)
    s2.unseed()  # the learner leaves the guide
    assert s2.record.format == FORMAT_2 and s2.state.dealer is None


def test_a_seed_typed_on_the_new_game_form_deals_the_same_game():
    hands = set()
    for _ in range(3):
        s = Session.start("chance_toy", SEATS, 77)  # entropy=False: the seed deals
        for a in ["draw", "draw", "draw"]:
            s.apply({"type": a})
        hands.add(str(s.state.hands))
        assert s.record.format == FORMAT
    assert len(hands) == 1


def test_save_copy_of_citadels_gives_no_look_ahead():
    """Issue 28's case: Citadels, 4 players, seed 2024. Before chance was explicit, a copy
    resumed from Save copy drew exactly what the real game drew next (manor-5, library-1).
    Now each copy, and the game itself, draws from entropy when it draws."""
    seats = [{"name": n, "kind": "human"} for n in ("Anna", "Bea", "Carlo", "Dino")]
    s = Session.start("citadels", seats, 2024, entropy=True)
    while not any(a.type == "draw_cards" for a in s.legal_actions()):
        s.apply(s.legal_actions()[0])
    drawn = set()
    for _ in range(6):
        copy = copy_of(s)
        copy.apply(next(a for a in copy.legal_actions() if a.type == "draw_cards"))
        drawn.add(tuple(copy.state.drawn))
    assert len(drawn) > 1
