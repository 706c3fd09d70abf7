"""The replay viewer's model (``tavolo_ui.review``): every position of a game, by action,
turn and round, seen through the right eyes."""

import re

import pytest

from engines import get_game, list_games
from engines.citadels.public import kind
from engines.core.bots import get_bot
from engines.core.i18n import render
from engines.core.rng import Rng
from tavolo_ui.review import CHECKPOINT, Review
from tavolo_ui.session import Session
from tavolo_ui.twin.citadels import hand_card

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)


def played(name: str, players: int, seed: int, steps: int):
    """A session of ``steps`` heuristic moves (or to the end), and the states as played."""
    game = get_game(name)
    session = Session.start(name, [{"name": f"P{i + 1}", "kind": "human"} for i in range(players)], seed)
    bot, rng = get_bot(game, "heuristic"), Rng.from_seed(seed)
    states = [session.state.model_dump_json()]
    while len(states) <= steps and not session.is_over():
        session.apply(bot(game, session.state.clone(), rng))
        states.append(session.state.model_dump_json())
    return session, states


@pytest.mark.parametrize("name", list_games())
def test_every_position_is_the_state_as_it_was_played(name):
    session, states = played(name, 3, 21, 2 * CHECKPOINT + 7)
    review = Review(session, viewer=0)
    n = len(states) - 1
    assert review.n == n and review.at == n
    for k in range(n + 1):  # forwards, one step at a time
        assert review.state_at(k).model_dump_json() == states[k], k
    rng = Rng.from_seed(5)
    for _ in range(40):  # and by jumps, back and forth
        k = rng.below(n + 1)
        assert review.state_at(k).model_dump_json() == states[k], k
    assert session.state.model_dump_json() == states[-1]  # the game itself is untouched


@pytest.mark.parametrize("name", list_games())
def test_turn_and_round_steps(name):
    session, _ = played(name, 3, 8, 120)
    review = Review(session, viewer=1)
    review.go(0)
    seen = [0]
    while review.at < review.n:
        before = review.at
        review.next_turn()
        assert review.at > before
        seen.append(review.at)
        if review.at < review.n:
            assert review.movers[review.at] != review.movers[review.at - 1]  # a new seat acts
    for k in reversed(seen[:-1]):  # back again through the same starts
        review.prev_turn()
        assert review.at == k
    if review.has_rounds():
        review.go(0)
        review.next_round()
        assert review.at == review.n or review.rounds[review.at] != review.rounds[review.at - 1]
    else:
        assert review.round_starts() == []


def test_during_a_game_only_the_viewers_eyes_and_after_it_anyone_s():
    session, _ = played("citadels", 4, 3, 60)
    assert not session.is_over()
    review = Review(session, viewer=2)
    review.go(30)
    game = session.game
    assert review.view() == game.view(review.state_at(30), 2)
    assert review.seen_by(0) == 2  # another seat's hand stays hidden during the game
    assert review.seen_by(None) is None  # the public view is always allowed
    assert review.view() == game.view(review.state_at(30), None)
    done, _ = played("citadels", 3, 3, 10_000)
    assert done.is_over()
    after = Review(done, viewer=0)
    assert after.can_show_everyone() and after.seen_by(2) == 2
    after.go(20)
    assert after.view() == done.game.view(after.state_at(20), 2)


def test_log_lines_point_at_their_positions_in_both_languages():
    session, _ = played("spyrium", 3, 4, 50)
    review = Review(session, viewer=0)
    for lang in ("en", "it"):
        entries = review.log_entries(lang)
        assert [text for _, _, text in entries] == [text for _, text in session.log_lines(lang)]
        positions = [k for k, _, _ in entries]
        assert positions == sorted(positions) and positions[0] == 1 and positions[-1] == review.n


def test_the_text_log_reads_the_whole_game_in_either_language():
    from tavolo_ui.review import text_log
    session, _ = played("myraclia", 2, 6, 10_000)
    assert session.is_over()
    review = Review(session, viewer=0)
    en, it = text_log(review, "en"), text_log(review, "it")
    assert en.startswith("Myraclia") and "Seed: 6" in en and "Seme: 6" in it
    assert f"{review.n}. " in en and "Final scores:" in en and "Vincitori:" in it
    for _, text in session.log_lines("en"):
        assert text in en
    # the options as the New game form names them, never by their fields' names
    rows = en.splitlines()
    at = rows.index("Options:")
    options = rows[at + 1:at + 6]
    assert options[0] == "  - Beginner variant: 3 starting elements each = no", options
    assert not any("eternity" in o or "False" in o or "None" in o for o in options)
    assert "Opzioni:\n  - Variante per principianti: 3 Elementi iniziali a testa = no" in it


def test_the_score_chart_has_a_line_per_player_and_marks_the_position():
    from tavolo_ui.canvas import Canvas
    from tavolo_ui.chart import draw_scores
    session, _ = played("citadels", 3, 3, 10_000)
    review = Review(session, viewer=0)
    series = review.score_series()
    assert series[0][0] == 0 and series[-1][0] == review.n
    assert series[-1][1] == session.game.scores(session.state)
    assert [k for k, _ in series] == sorted({k for k, _ in series})
    cv = Canvas(300, 150)
    draw_scores(cv, series, ["A", "B", "C"], review.n, 40, "rounds")
    lines = [op for op in cv.ops if op[0] == "line"]
    assert len(lines) >= 3 * (len(series) - 1)  # each player's line, segment by segment
    assert any(op[1] == op[3] and op[5] == "#e07a1f" for op in lines)  # the position marker
    assert [h.tip for h in cv.hits] == [f"{n}: {v}" for n, v in zip("ABC", series[-1][1])]


def _fork_of(session: Session, at: int, seat: int, seed: int, kinds: list[str] | None = None) -> Session:
    """What "Play from here" builds for a game in progress (``ReviewScreen.start_fork``)."""
    from engines import new_record
    from engines.core.record import Fork

    rec = session.record
    seats = [{"name": s.name, "kind": (kinds[i] if kinds else s.kind)} for i, s in enumerate(rec.seats)]
    record = new_record(session.game, rec.players, rec.seed, rec.options, seats)
    record.actions = [dict(a) for a in rec.actions[:at]]
    record.forks = [f.model_copy() for f in rec.forks if f.at <= at] + [Fork(at=at, seat=seat, seed=seed)]
    return Session(record)


@pytest.mark.parametrize("name", list_games())
def test_a_fork_of_a_game_in_progress_keeps_the_viewers_eyes_and_re_deals_the_rest(name):
    session, states = played(name, 3, 8, 45)
    assert not session.is_over()
    review = Review(session, viewer=1)
    review.go(30)
    assert review.can_fork() and review.fork_redeals()
    fork = _fork_of(session, 30, 1, 99, ["bot:heuristic", "human", "bot:heuristic"])
    original = review.state_at(30)
    game = session.game
    assert game.view(fork.state, 1) == game.view(original, 1)
    assert fork.record.forks[0].at == 30 and len(fork.record.actions) == 30
    assert session.record.actions[30:]  # the original game is untouched
    # its review starts at the fork: the positions before belong to the other game
    fr = Review(fork, viewer=1)
    assert fr.first == 30 and fr.go(0) == 30 and fr.state_at(0).model_dump() == fork.state.model_dump()
    assert all(at >= 30 for at, _seat, _text in fr.log_entries("en"))


def test_undo_never_goes_back_past_a_fork():
    from engines import replay

    session, _ = played("citadels", 3, 3, 40)
    at = next(k for k in range(20, 40) if session.game.to_move(replay(session.record, upto=k)) == 0)
    fork = _fork_of(session, at, 0, 7, ["human", "bot:heuristic", "bot:heuristic"])
    assert fork.fork_floor() == at and not fork.can_undo()
    assert "undo cannot go back" in fork.undo_reason()
    game, bot = fork.game, get_bot(fork.game, "heuristic")
    assert fork.to_move() == 0
    before = fork.state.model_dump_json()
    fork.apply(bot(game, fork.state.clone(), Rng.from_seed(1)))  # seat 0's first move after the fork
    assert fork.undo_count() == 1  # a quiet move of its own: undone, back to the fork itself
    fork.undo()
    assert len(fork.record.actions) == at and fork.state.model_dump_json() == before
    assert not fork.can_undo()


def test_a_finished_game_forks_without_re_dealing():
    done, _ = played("citadels", 3, 3, 10_000)
    review = Review(done, viewer=0)
    assert review.can_fork() and not review.fork_redeals()
    watcher = Review(played("citadels", 3, 5, 20)[0], viewer=None)
    assert not watcher.can_fork()  # a spectator of a game in progress has no view to keep


def test_a_forked_game_watched_move_by_move_crosses_its_fork_as_a_replay_does():
    """A watch link plays a record move by move (``Session.apply``): reaching the fork, the
    table is re-dealt exactly as ``replay`` re-deals it."""
    from engines import replay

    session, _ = played("citadels", 3, 9, 40)
    fork = _fork_of(session, 25, 2, 31, ["bot:heuristic"] * 3)
    game, bot = fork.game, get_bot(fork.game, "heuristic")
    for _ in range(10):
        fork.apply(bot(game, fork.state.clone(), Rng.from_seed(len(fork.record.actions))))
    actions = list(fork.record.actions)
    watch = Session(fork.record.model_copy(update={"actions": actions[:20]}), watch=True)  # as a watch link opens
    for data in actions[20:]:
        watch.apply(data)
    assert watch.state.model_dump() == replay(fork.record).model_dump() == fork.state.model_dump()


def test_the_score_chart_labels_the_rounds_where_they_begin():
    """The review passes the chart each round's start and number (Citadels has rounds);
    the chart draws them under its x axis."""
    from tavolo_ui.canvas import Canvas
    from tavolo_ui.chart import draw_scores
    session, _ = played("citadels", 3, 3, 10_000)
    review = Review(session, viewer=0)
    ticks = review.round_ticks()
    assert ticks and [k for k, _ in ticks] == review.round_starts()
    assert [label for _, label in ticks] == [str(review.rounds[k]) for k in review.round_starts()]
    assert len({label for _, label in ticks}) == len(ticks) > 1
    cv = Canvas(900, 150)
    draw_scores(cv, review.score_series(), ["A", "B", "C"], review.n, 40, "rounds", ticks)
    drawn = [op[3] for op in cv.ops if op[0] == "text" and op[6] == "center" and op[7] == "top"]
    assert drawn and set(drawn) <= {label for _, label in ticks} and drawn[0] == ticks[0][1]


# ---- "Seen by": Everything, once the game is over (issue 27) ---------------------------------
def _screen():
    """``tavolo_ui.review_screen`` imported on the fake browser objects of ``app``."""
    import importlib
    return importlib.import_module("tavolo_ui.review_screen")


def _options(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', html)


def test_everything_is_not_offered_during_a_game(app):  # noqa: F811
    screen = _screen()
    session, _ = played("citadels", 4, 3, 60)
    assert not session.is_over()
    for viewer in (2, None):
        review = Review(session, viewer=viewer)
        review.go(30)
        assert screen.seen_by_html(review, "en") == ""  # no "Seen by" at all, so no Everything
        assert review.see_everything() is False and not review.everything
        assert review.shown == viewer and review.hands("en") == [] and screen.hands_html(review, "en") == ""
        assert review.view() == session.game.view(review.state_at(30), viewer)  # nothing more shown


@pytest.mark.parametrize("lang, word", [("en", "Everything"), ("it", "Tutto")])
def test_everything_is_offered_once_over_and_shows_each_seats_hand(app, lang, word):  # noqa: F811
    screen = _screen()
    session, _ = played("citadels", 3, 3, 10_000)
    assert session.is_over()
    review = Review(session, viewer=0)
    options = _options(screen.seen_by_html(review, lang))
    assert options[-1] == (screen.EVERYTHING, word) and len(options) == 1 + 3 + 1
    review.go(40)
    assert review.see_everything() and review.shown is None
    game, state = session.game, review.state_at(40)
    assert review.view() == game.view(state, None)  # the board: the public view
    hands = review.hands(lang)
    assert [name for name, _ in hands] == [session.name(i) for i in range(3)]
    for seat, (_name, lines) in enumerate(hands):
        cards = game.view(state, seat)["private"]["hand"]
        assert cards, "a seat without cards at this position: pick another"
        for card in cards:  # each card of that seat's hand, by the words of its own view
            assert any(render(hand_card(kind(card)), lang) in line
                       for line in lines), (seat, card, lines)
    assert hands[0][1] != hands[1][1]
    html = screen.hands_html(review, lang)
    assert html.count('class="review-hand"') == 3 and all(f'data-seat="{i}"' in html for i in range(3))
    assert _options(screen.seen_by_html(review, lang))[-1] == (screen.EVERYTHING, word)
    assert ' selected>' + word in screen.seen_by_html(review, lang)
    review.seen_by(1)  # a seat again: its view, and no hands
    assert not review.everything and review.hands(lang) == [] and review.shown == 1
