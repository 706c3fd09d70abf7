"""Undo takes back any number of your own actions (alone with bots, their moves in between
too), back to the last one that revealed something, and never lets hidden information be
fished for: the position is rebuilt from the record, so replaying the same actions gives
the same game."""

import pytest

from engines import get_game, list_games
from engines.core.bots import get_bot
from engines.core.rng import Rng
from tavolo_ui.session import Session

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)


def human_and_bots(name: str, seed: int) -> Session:
    return Session.start(name, [{"name": "Ada", "kind": "human"}] +
                         [{"name": f"Bot {i}", "kind": "bot:heuristic"} for i in (1, 2)], seed)


@pytest.mark.parametrize("name", list_games())
def test_undo_goes_back_through_own_quiet_actions_only_and_replays_identically(name):
    game = get_game(name)
    rng = Rng.from_seed(7)
    undone_total, multi = 0, 0
    for seed in range(3):
        s = human_and_bots(name, 100 + seed)
        bot = get_bot(game, "heuristic")
        steps = 0
        while not s.is_over() and steps < 400:
            if s.bot_to_move() is not None:
                s.bot_step()
            else:
                s.apply(bot(game, s.state.clone(), rng))
                if rng.below(4) == 0:  # now and then, take back as much as undo allows
                    before_json = s.state.model_dump_json()
                    before_actions = list(s.record.actions)
                    undone = []
                    while s.can_undo():
                        count = s.undo_count()
                        first = len(s.record.actions) - count
                        assert s.actors[first] == 0  # back to one of Ada's own actions,
                        assert all(a != 0 for a in s.actors[first + 1:])  # past bots' moves only
                        state = game.new_game(3, 100 + seed)
                        for a in s.record.actions[:first]:
                            game.apply(state, a)
                        for data in s.record.actions[first:]:  # none of which showed Ada anything
                            action = game.parse_action(data)
                            before = state.clone()
                            game.apply(state, action)
                            assert not game.reveals_to(before, action, state, 0)  # to Ada
                        undone = s.record.actions[first:] + undone
                        s.undo()
                    undone_total += len(undone)
                    multi += len(undone) > 1
                    for a in undone:  # the same actions again: the very same game
                        s.apply(a)
                    assert s.record.actions == before_actions
                    assert s.state.model_dump_json() == before_json
            steps += 1
    assert undone_total > 0
    print(name, "undone", undone_total, "runs of more than one", multi)


@pytest.mark.parametrize("players", [2, 3])
def test_citadels_undo_never_goes_back_over_a_draft_that_came_back(players):
    """Alone with bots in the Citadels draft: when the cards come back to Ada she has seen what
    the bots left her, so Undo must not take back her earlier choice (nor the bots' ones)."""
    s = Session.start("citadels", [{"name": "Ada", "kind": "human"}] +
                      [{"name": f"Bot {i}", "kind": "bot:heuristic"} for i in range(1, players)], 0)
    game = s.game
    came_back = 0
    while not s.is_over() and s.state.round <= 3:
        if s.bot_to_move() is not None:
            s.bot_step()
            continue
        if s.state.phase == "draft":
            mine = [i for i, a in enumerate(s.actors) if a == 0]
            if mine and any(s.actors[j] != 0 for j in range(mine[-1] + 1, len(s.actors))):
                # others chose since Ada last acted: Undo would go back over what she was handed
                assert s.undo_count() == 0, (s.undo_count(), mine[-1], len(s.actors))
                came_back += 1
        s.apply(game.legal_actions(s.state)[0])
    assert came_back > 0


# ---- Undo that teaches (issue 27): the disabled Undo names the action that revealed what ----------
def _citadels_until_undo_stops(seed: int = 5) -> Session:
    """Ada alone with two bots in Citadels, played by the heuristic until Undo is stopped by
    her own last move, which the log shows bringing something to light (an event line)."""
    s = human_and_bots("citadels", seed)
    game, rng = s.game, Rng.from_seed(1)
    bot = get_bot(game, "heuristic")
    for _ in range(400):
        if s.bot_to_move() is not None:
            s.bot_step()
            continue
        s.apply(bot(game, s.state.clone(), rng))
        if s.undo_count() == 0 and s.lines[-1][2]:  # her own last move stops it: it revealed
            return s
    raise AssertionError("Undo was never stopped by a move of Ada's that revealed something")


def test_the_disabled_undo_names_the_move_that_revealed_and_what_it_revealed():
    s = _citadels_until_undo_stops()
    move = s.show(s.lines[-1][1])     # Ada's own log line: what everyone reads in the log
    shown = s.show(s.lines[-1][2][0])  # the first thing that move brought to light, in the log
    why = s.undo_reason()
    assert why == f"Your last move, “{move}”, revealed something new ({shown}): Undo stops there.", why
    assert "Ada" in why and "(a card, a die, a hidden choice)" not in why
    s.lang = "it"
    it = s.undo_reason()
    assert it.startswith(f"La tua ultima mossa, “{s.show(s.lines[-1][1])}”, ha rivelato") and "Annulla" in it
    # a bot's move since hers: the note names that move (or hers, if hers revealed first)
    s.lang = "en"
    while s.bot_to_move() is not None and s.undo_stop() is not None:
        s.bot_step()
        stop = s.undo_stop()
        if stop is not None and s.undo_count() == 0:
            assert s.undo_reason().startswith(f"“{s.show(s.lines[stop][1])}” revealed something new")


def test_the_undo_banner_goes_away_after_the_next_action(app):
    """The page: pressing the greyed Undo shows why in the banner; Ada's next move takes the
    banner down (it stayed for rounds before); a banner about something else stays."""
    s = _citadels_until_undo_stops()
    app.page.session = s
    app.table.undo(s)
    message, kind = app.page.banner[:2]
    assert kind == "info" and str(message) == s.undo_reason()  # the words of the test above
    while s.bot_to_move() is not None:  # the bots' moves leave it up: it speaks to Ada
        s.bot_step()
        app.table.after_action()
        assert app.page.banner is not None and app.page.banner[0] is message
    app.table.play_index(0)  # Ada's next move
    assert app.page.banner is None
    app.page.flash("something else", "info")  # another message: the next move leaves it
    if s.bot_to_move() is None:
        app.table.play_index(0)
    else:
        s.bot_step()
        app.table.after_action()
    assert app.page.banner is not None and app.page.banner[0] == "something else"
