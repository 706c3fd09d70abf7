"""The review screen in the page: a finished save listed apart and replayed with the
scrubber, the steps and the log; a game in progress reviewed from the table and left again;
a watch link reviewed whole, from the move being watched to the link's last one.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import json

import pytest

from engines import get_game, new_record
from engines.core.bots import get_bot
from engines.core.rng import Rng
from tavolo_ui.links import make_fragment
from tavolo_ui.review import Review
from tavolo_ui.saves import DictStorage, Saves
from tavolo_ui.session import Session
from tests.web.conftest import app_errors, open_app, shot, wait_ready
from tests.web.pagedriver import body, play_one_move, start_game, wait_my_choices

pytestmark = pytest.mark.browser


def finished_game(name: str, players: int, seed: int):
    """A record of a whole game played by the heuristic bot (seat 0 a human, as if played)."""
    game = get_game(name)
    seats = [{"name": "Ada" if i == 0 else f"Bot {i}", "kind": "human" if i == 0 else "bot:heuristic"}
             for i in range(players)]
    record = new_record(game, players, seed, None, seats)
    state, rng, bot = game.new_game(players, seed), Rng.from_seed(seed), get_bot(game, "heuristic")
    while game.to_move(state) is not None:
        action = bot(game, state.clone(), rng)
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    return record


def store(page, record, name: str) -> None:
    """Put ``record`` in the page's localStorage as a save, the way the page writes one."""
    storage = DictStorage()
    saves = Saves(storage)
    saves.put(saves.new_id(), name, record.model_dump(mode="json"), over=True)
    page.evaluate("(items) => { for (const [k, v] of items) localStorage.setItem(k, v); }",
                  [[k, v] for k, v in storage.data.items()])


def at(page) -> int:
    return int(body(page, "reviewAt"))


def test_a_finished_game_is_listed_apart_and_replayed(page, base_url):
    record = finished_game("citadels", 3, 12)
    model = Review(Session(record.model_copy(deep=True)), viewer=0)
    n = model.n
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    store(page, record, "Finished Citadels")
    page.reload()
    wait_ready(page)
    assert page.locator("#finished .save").count() == 1
    assert page.locator("#saves .save").count() == 0
    page.click("#finished button[data-cmd='review-save']")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert at(page) == n and int(body(page, "reviewN")) == n
    page.click("#review-prev")
    assert at(page) == n - 1
    page.click("#review-start")
    assert at(page) == 0
    page.click("#review-next-turn")
    model.go(0)
    assert at(page) == model.next_turn()
    page.click("#review-next-round")
    assert at(page) == model.next_round()
    # the scrubber
    page.evaluate("() => { const r = document.getElementById('review-pos'); r.value = '40';"
                  " r.dispatchEvent(new Event('input', {bubbles: true})); }")
    assert at(page) == 40
    page.wait_for_function("() => document.querySelector('#review-log li.here')")
    # a line of the log goes to its position
    line = page.locator("#review-log li[data-at='25'] button").first
    line.click()
    assert at(page) == 25
    assert json.loads(page.get_attribute("#board", "data-hits") or "[]"), "the board is drawn"
    # the game is over: any seat's eyes
    page.select_option("#review-seen", "2")
    assert body(page, "reviewSeen") == "2"
    assert page.locator("#review-hands").is_hidden()
    shot(page, "review_01_citadels_1280")
    # ... or everything at once: the public board, and every seat's own part beside it
    page.select_option("#review-seen", "all")
    assert body(page, "reviewSeen") == "all"
    page.wait_for_selector("#review-hands .review-hand")
    assert page.locator("#review-hands .review-hand").count() == record.players
    shot(page, "review_01b_citadels_everything_1280")
    page.select_option("#review-seen", "2")
    assert page.locator("#review-hands").is_hidden()
    # play on by itself, then pause
    page.click("#review-play")
    page.wait_for_function("() => Number(document.body.dataset.reviewAt) >= 27", timeout=10_000)
    page.click("#review-play")
    stopped = at(page)
    page.wait_for_timeout(1500)
    assert at(page) == stopped
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    shot(page, "review_02_citadels_390")
    # what if: a new game from move 25, Ada against two bots again
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#review-log li[data-at='25'] button").first.click()
    page.click("#review-fork")
    page.wait_for_selector("#modal:not([hidden]) .seat-kind")
    assert page.locator("#modal .seat").count() == 3
    page.locator("#modal .seat-name").nth(0).fill("Ada again")
    page.click("#fork-start")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 25")
    page.click("header .brand")
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert "(from move 25)" in page.inner_text("#saves")
    assert page.locator("#finished .save").count() == 1  # the original is untouched
    assert not app_errors(page)


def test_a_game_in_progress_is_reviewed_through_the_players_eyes(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "myraclia", [("Ada", "human"), ("Bot", "bot:heuristic")], 5)
    for _ in range(2):  # two of Ada's moves, the bot's in between
        wait_my_choices(page)
        play_one_move(page)
    wait_my_choices(page)
    played = int(body(page, "actions"))
    page.click("#review-btn")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert at(page) == played
    assert page.locator("#review-seen").count() == 0  # during the game: only Ada's own eyes
    assert not page.locator("#review-fork").is_disabled()  # a fork from Ada's view (re-dealt)
    assert body(page, "reviewSeen") == "0"
    page.click("#review-start")
    assert at(page) == 0
    page.click("button[data-cmd='lang'][data-arg='it']")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert "Mossa 0 di" in page.inner_text("#review-where")
    shot(page, "review_03_myraclia_it")
    page.click("#review-back")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert int(body(page, "actions")) == played  # the game goes on where it was
    assert not app_errors(page)


def test_a_game_in_progress_is_forked_from_the_players_view_and_played_on(page, base_url):
    """"Play from here" in a game in progress: the dialog says what is dealt again, the new
    game starts at that move with the viewer's table as it was, plays on against a bot, and
    its review and its undo stop at the fork; the original save is untouched."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, "citadels", [("Ada", "human"), ("Bot B", "bot:easy"), ("Bot C", "bot:easy")], 14)
    for _ in range(3):
        wait_my_choices(page)
        play_one_move(page)
    wait_my_choices(page)
    original = json.loads(page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:')).map(k => localStorage.getItem(k))[0]"))
    played = len(original["record"]["actions"])
    page.click("#review-btn")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    page.click("#review-prev")
    fork_at = at(page)
    page.click("#review-fork")
    page.wait_for_selector("#modal:not([hidden]) #fork-redeal")
    assert "Ada" in page.inner_text("#fork-redeal")
    shot(page, "review_04_fork_in_progress")
    page.click("#fork-start")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    saves = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:'))"
                          ".map(k => JSON.parse(localStorage.getItem(k)))")
    assert len(saves) == 2
    fork = next(s for s in saves if s["record"].get("forks"))
    assert fork["record"]["forks"][0]["at"] == fork_at and fork["record"]["forks"][0]["seat"] == 0
    assert fork["record"]["actions"] == original["record"]["actions"][:fork_at]
    untouched = next(s for s in saves if not s["record"].get("forks"))
    assert len(untouched["record"]["actions"]) == played
    wait_my_choices(page)  # the bots play on, then Ada
    play_one_move(page)
    page.click("#review-btn")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    page.click("#review-start")
    assert at(page) == fork_at  # the review of the fork begins where it was forked
    assert not app_errors(page)


def test_a_watch_link_is_reviewed_whole(page, base_url, tmp_path):
    """Review while watching a link: it starts at the move being watched and goes on to the
    link's last move (not only the moves watched so far); its text log holds every move of
    the link; Back returns to the watch where it was."""
    record = finished_game("citadels", 3, 12)
    total = len(record.actions)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "index.html" + make_fragment(record, "watch"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'watch'"
                           " && Number(document.body.dataset.actions) >= 2", timeout=30_000)
    page.click("#pause")
    page.wait_for_timeout(300)
    watched = int(body(page, "actions"))
    assert watched < total
    page.click("#review-btn")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    assert at(page) == watched and int(body(page, "reviewN")) == total
    page.click("#review-next")
    assert at(page) == watched + 1
    page.click("#review-end")
    assert at(page) == total  # the link's last move
    assert page.locator(f"#review-log li[data-at='{total}']").count() >= 1
    shot(page, "review_05_watch_link_end")
    with page.expect_download() as dl:
        page.click("#review-text")
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    text = path.read_text()
    numbered = [line.split(".", 1)[0] for line in text.splitlines() if line[:1].isdigit()]
    assert numbered == [str(i) for i in range(1, total + 1)], numbered[-3:]
    assert "Final scores:" in text and "Winners:" in text
    page.click("#review-back")
    page.wait_for_function("() => document.body.dataset.screen === 'watch'")
    assert int(body(page, "actions")) == watched
    assert not app_errors(page)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_end_of_a_game_has_one_score_table_total_first_and_the_chart(page, base_url, width):
    page.set_viewport_size({"width": width, "height": 844})
    open_app(page, base_url)
    store(page, finished_game("euphoria", 4, 11), "Finished")
    page.reload()
    wait_ready(page)
    page.locator("#finished button").filter(has_text="Final table").first.click()
    page.wait_for_function("() => document.body.dataset.screen === 'table' && Number(document.body.dataset.endChart) > 1")
    # one score table (the statistics under it are another kind of table, folded away)
    assert page.locator("#results table.end-score").count() == 1
    assert page.locator("#results table").count() == 1 + page.locator("#results details.end-stats table").count()
    headers = page.eval_on_selector_all("#results thead th", "ths => ths.map(t => t.textContent)")
    assert headers[1] == "Total"
    totals = [int(t) for t in page.eval_on_selector_all("#results td.total", "tds => tds.map(t => t.textContent)")]
    assert totals == sorted(totals, reverse=True)  # the best first
    fits = page.evaluate("(() => { const r = document.querySelector('#results');"
                         " return r.scrollWidth <= r.clientWidth + 1 && document.documentElement.scrollWidth <= innerWidth + 1; })()")
    assert fits, "the end-of-game table scrolls sideways"
    shot(page, f"end_of_game_{width}")
    # nothing left to suggest: no Hints button (Euphoria has the suggesting bot)
    assert page.locator("#hints-btn").count() == 1 and page.locator("#hints-btn").is_hidden()
    assert not app_errors(page)


def test_on_a_phone_the_replay_never_scrolls_the_page_away_from_its_buttons(page, base_url):
    """The log follows the position inside its own box; the page stays where the person put
    it (it used to open scrolled down to the log, and to jump there at every step)."""
    record = finished_game("citadels", 3, 12)
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url)
    store(page, record, "Finished Citadels")
    page.reload()
    wait_ready(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#finished button[data-cmd='review-save']")
    page.wait_for_function("() => document.body.dataset.screen === 'review'")
    page.wait_for_function("() => document.querySelector('#review-log li.here')")
    assert page.evaluate("window.scrollY") == 0
    page.click("#review-start")
    page.click("#review-play")
    page.wait_for_function("() => Number(document.body.dataset.reviewAt) >= 3", timeout=10_000)
    page.click("#review-play")
    assert page.evaluate("window.scrollY") == 0
    # the current line is in sight inside the log's box
    assert page.evaluate("""() => {
        const box = document.getElementById('review-log').getBoundingClientRect();
        const line = document.querySelector('#review-log li.here').getBoundingClientRect();
        return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
    }""")
    page.click("#review-end")
    assert page.evaluate("window.scrollY") == 0
    assert not app_errors(page)
