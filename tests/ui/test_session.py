"""The shell's game session: seats, hot-seat handoff, undo rules, bots (on the toy game)."""

import pytest

from engines import IllegalAction, RecordError, replay
from engines.core.errors import Refusal
from tavolo_ui.session import Session, bot_rng, seat_order_from_text

H = lambda n: {"name": n, "kind": "human"}  # noqa: E731
B = lambda n: {"name": n, "kind": "bot:random"}  # noqa: E731
ANNA, BEN = "\u2068Anna\u2069", "\u2068Ben\u2069"  # names as the page shows them: isolated (tavolo_ui.bidi)


def test_start_and_play_records_actions_and_log():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    assert s.to_move() == 0
    s.confirm_handoff()
    line = s.apply({"type": "stop"})
    assert line == f"{ANNA} stops"  # "Player 1" replaced by the seat's name
    assert s.record.actions == [{"type": "stop"}]
    assert s.log == [(0, f"{ANNA} stops")]
    assert replay(s.record) == s.state


def test_illegal_action_reported_and_nothing_changes():
    s = Session.start("toy", [H("Anna")], seed=1, options={"deck_size": 10})
    for _ in range(3):
        if s.is_over():
            break
        s.apply({"type": "stop"})
    before = s.state.model_dump_json()
    with pytest.raises(IllegalAction):
        s.apply({"type": "draw"})  # the game is over
    assert s.state.model_dump_json() == before
    with pytest.raises(IllegalAction):
        s.apply({"type": "fly"})  # not an action of this game


def test_labels_and_action_dicts_only_for_me():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    assert s.action_dicts() == []  # the handoff screen is up: nothing is shown
    s.confirm_handoff()
    acts = s.action_dicts()
    assert [a["index"] for a in acts] == [0, 1]
    assert acts[0]["label"] == f"{ANNA} draws" and acts[0]["action"] == {"type": "draw"}


def test_handoff_rules():
    # one human: never a handoff, even after bots
    s = Session.start("toy", [H("Anna"), B("Bot")], seed=5)
    assert s.handoff_to() is None and s.me() == 0
    # two humans: the first human must confirm; then a handoff whenever the person changes
    s = Session.start("toy", [H("Anna"), H("Ben"), B("Bot")], seed=5)
    assert s.handoff_to() == 0 and s.me() is None
    s.confirm_handoff()
    assert s.handoff_to() is None and s.me() == 0
    s.apply({"type": "draw"})
    assert s.to_move() == 1 and s.handoff_to() == 1
    assert s.me() == 0  # the table is still Anna's until Ben confirms (it is hidden anyway)
    s.confirm_handoff()
    assert s.me() == 1
    s.apply({"type": "draw"})
    assert s.to_move() == 2 and s.handoff_to() is None  # a bot: no handoff
    s.bot_step()
    assert s.to_move() == 0 and s.handoff_to() == 0


def test_same_human_twice_in_a_row_no_handoff():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=2)
    s.confirm_handoff()
    s.apply({"type": "stop"})  # Anna is out; Ben plays alone from now on
    s.confirm_handoff()
    s.apply({"type": "draw"})
    if not s.is_over():
        assert s.to_move() == 1 and s.handoff_to() is None


def test_bot_only_is_spectator():
    s = Session.start("toy", [B("A"), B("B")], seed=9)
    assert s.bot_only() and s.me() is None and s.handoff_to() is None
    assert s.action_dicts() == []
    while not s.is_over():
        s.bot_step()
    assert s.winners()
    cats, rows = s.breakdown()
    assert cats == ["total"] and len(rows) == 2
    assert "Winner" in s.status()


def test_bots_are_deterministic():
    def run():
        s = Session.start("toy", [B("A"), B("B"), B("C")], seed=42)
        while not s.is_over():
            s.bot_step()
        return s.record.actions
    assert run() == run()
    assert bot_rng(1, 0, 0) != bot_rng(1, 1, 0)


def test_undo_own_action_that_revealed_nothing():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    s.confirm_handoff()
    start = s.state.model_dump_json()
    s.apply({"type": "stop"})
    assert s.can_undo()  # on the handoff screen, Anna can still take it back
    assert s.undo() == f"{ANNA} stops"
    assert s.state.model_dump_json() == start
    assert s.record.actions == [] and s.log == []
    assert s.me() == 0 and s.handoff_to() is None
    assert not s.can_undo() and "Nothing" in s.undo_reason()


def test_no_undo_of_a_draw():
    s = Session.start("toy", [H("Anna")], seed=3)
    s.apply({"type": "draw"})
    assert not s.can_undo()
    assert "revealed" in s.undo_reason()
    with pytest.raises(IllegalAction):
        s.undo()


def test_alone_with_bots_undo_goes_back_past_their_quiet_moves():
    s = Session.start("toy", [H("Anna"), B("Bot")], seed=3)
    s.apply({"type": "stop"})
    assert s.undo_count() == 1
    s.apply({"type": "stop"})  # the bot's move: it reveals nothing
    assert s.actors == [0, 1] and s.undo_count() == 2
    assert s.undo() == f"{ANNA} stops"
    assert s.record.actions == [] and s.to_move() == 0


def test_no_undo_past_a_bots_move_that_revealed_something():
    s = Session.start("toy", [H("Anna"), B("Bot")], seed=3)
    s.apply({"type": "stop"})
    s.apply({"type": "draw"})  # the bot draws a card: something new is known
    assert not s.can_undo()
    assert "revealed something new" in s.undo_reason()


def test_no_undo_once_another_human_acted():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    s.confirm_handoff()
    s.apply({"type": "stop"})
    assert s.can_undo()
    s.confirm_handoff()
    s.apply({"type": "stop"})  # Ben's move
    s.at_device = 0  # Anna looks again
    assert not s.can_undo()
    assert "Another seat" in s.undo_reason()


def test_other_human_cannot_undo_previous_humans_action():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    s.confirm_handoff()
    s.apply({"type": "stop"})
    s.confirm_handoff()  # Ben takes the device
    assert s.me() == 1 and not s.can_undo()


def test_undo_after_reload_still_allowed():
    s = Session.start("toy", [H("Anna"), B("Bot")], seed=3)
    s.apply({"type": "stop"})
    again = Session.load(s.record.model_dump_json())
    assert again.can_undo()
    again.undo()
    assert again.record.actions == []


def test_load_errors_are_clear():
    s = Session.start("toy", [H("Anna")], seed=3)
    data = s.record.model_dump(mode="json")
    with pytest.raises(RecordError, match="unknown game '\u2068nosuch\u2069'"):  # as the record says, isolated
        Session.load({**data, "game": "nosuch"})
    with pytest.raises(RecordError, match="tavolo/3"):
        Session.load({**data, "format": "tavolo/3"})
    with pytest.raises(RecordError, match="Action 1"):
        Session.load({**data, "actions": [{"type": "fly"}]})
    with pytest.raises(RecordError):
        Session.load("{not json")


def test_start_validates():
    with pytest.raises(ValueError):
        Session.start("toy", [H(str(i)) for i in range(6)], seed=1)
    with pytest.raises(ValueError):
        Session.start("toy", [{"name": "X", "kind": "bot:genius"}], seed=1)


def test_rename_canvas_texts_and_tips():
    from tavolo_ui.canvas import Canvas
    s = Session.start("toy", [H("Anna"), H("Bartholomew the Great")], seed=3)
    cv = Canvas(300, 200)
    cv.text(0, 0, "Player 1 (you)")
    cv.text(0, 20, "Player 2 draws")
    cv.text(0, 40, "Player 9 is not a seat")
    cv.hit(0, 0, 10, 10, tip="Player 2 holds it")
    s.rename_canvas(cv)
    # cut to 12 characters, then isolated: the cut never falls between the two controls
    assert cv.texts() == [f"{ANNA} (you)", "\u2068Bartholomew…\u2069 draws", "Player 9 is not a seat"]
    assert cv.hits[0].tip == "\u2068Bartholomew the Great\u2069 holds it"


def test_same_labels_told_apart():
    s = Session.start("toy", [H("Anna")], seed=3)
    s.button_label = lambda a: "Anna does something"  # a label that hides the choice
    acts = s.action_dicts()
    # the toy has no steps of its own: its log line (describe) is the one step
    assert [a["label"] for a in acts] == [f"Anna does something ({ANNA} draws)", f"Anna does something ({ANNA} stops)"]
    acts = s.action_dicts({0: "the top card"})  # the board's tip, where there is one
    assert [a["label"] for a in acts] == ["Anna does something (the top card)", f"Anna does something ({ANNA} stops)"]
    s.lang = "it"
    acts = s.action_dicts({0: "same", 1: "same"})  # nothing tells them apart: numbered
    assert [a["label"] for a in acts] == ["Anna does something (scelta 1)", "Anna does something (scelta 2)"]


def test_buttons_use_action_label_log_uses_describe(monkeypatch):
    from tests.core.toy import Toy
    monkeypatch.setattr(Toy, "action_label", lambda self, st, a, lang="en": f"Player 1: {a.type} (private)",
                        raising=False)
    s = Session.start("toy", [H("Anna")], seed=3)
    assert [a["label"] for a in s.action_dicts()] == [f"{ANNA}: draw (private)", f"{ANNA}: stop (private)"]
    s.apply({"type": "stop"})
    assert s.log[-1][1] == f"{ANNA} stops"  # the public line


@pytest.mark.parametrize("text, order", [("", None), ("  ", None), ("2, 1, 3", [1, 0, 2]), ("3 1 2", [2, 0, 1]),
                                         ("1,2", [0, 1])])
def test_seat_order_from_text(text, order):
    assert seat_order_from_text(text) == order


@pytest.mark.parametrize("text, msg", [("two, one", "not a list of seat numbers"), ("0, 1", "numbered from 1")])
def test_seat_order_from_text_refuses_clearly(text, msg):
    with pytest.raises(ValueError, match=msg):
        seat_order_from_text(text)


def test_myraclia_youngest_first_is_asked_as_a_seat_order():
    """The New game form shows the option as seat numbers, and the order reaches the game."""
    from engines import get_game

    game = get_game("myraclia")
    field = game.options_model.model_fields["youngest_first"]
    assert (field.json_schema_extra or {}).get("ui") == "seat_order"
    seats = [{"name": n, "kind": "human"} for n in ("Anna", "Ben", "Carla")]
    s = Session.start("myraclia", seats, 5, {"youngest_first": seat_order_from_text("3, 1, 2")})
    assert s.record.options["youngest_first"] == [2, 0, 1]
    with pytest.raises(ValueError, match="every seat"):
        Session.start("myraclia", seats, 5, {"youngest_first": seat_order_from_text("1, 1, 2")})


def test_coach_explains_a_move_that_is_not_legal_with_the_engines_reason():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3, options={"deck_size": 10})
    s.confirm_handoff()
    assert s.explain({"type": "draw"}) is None  # legal now: nothing to explain
    s.state.deck.clear()  # as if the deck had run out
    assert s.explain({"type": "draw"}) == "The deck is empty: you can only stop."
    assert s.game.why_not(s.state, {"type": "draw"}) == Refusal("The deck is empty: you can only stop.")
    assert s.coach({"type": "draw"}, "deck") == ("The deck is empty: you can only stop.", "deck")  # no rule: the spot's
    s.lang = "it"
    assert s.explain({"type": "draw"}) == "The deck is empty: you can only stop."  # toy texts are plain str
    assert "fly" in s.explain({"type": "fly"})  # a dict that is no action: the parser's refusal


def test_coach_tells_other_seats_and_spectators_whose_turn_it_is():
    s = Session.start("toy", [H("Anna"), H("Ben")], seed=3)
    s.confirm_handoff()
    s.apply({"type": "draw"})  # Ben to move; the device is still with Anna
    assert s.me() == 0 and s.to_move() == 1
    assert s.explain({"type": "stop"}) == f"It is {BEN}’s turn: wait for yours."  # not Ben's reasons
    s.lang = "it"
    assert s.explain({"type": "stop"}) == f"È il turno di {BEN}: aspetta il tuo."
    bots = Session.start("toy", [B("R1"), B("R2")], seed=3)
    assert bots.explain({"type": "stop"}) == "Watching: \u2068R1\u2069 to play."
    bots.lang = "it"
    assert bots.explain({"type": "stop"}) == "Stai guardando: tocca a \u2068R1\u2069."
