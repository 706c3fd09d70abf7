"""More of the page: the end-of-game table, watch links, undo on the handoff screen,
export and import of a save. Needs ``python build.py`` first."""

from __future__ import annotations

import json

import pytest

from engines import get_game
from engines.core.play import play_game
from tavolo_ui.bidi import isolate
from tavolo_ui.links import make_fragment
from tests.web.conftest import open_app, shot, wait_ready
from tests.web.test_shell import GAME, body, new_game, pass_handoff, wait_body

pytestmark = pytest.mark.browser


def finished_record(players=3, seed=11):
    state, record = play_game(get_game(GAME), players, seed, "random")
    rec = record.model_dump(mode="json")
    rec["seats"] = [{"name": n, "kind": "human"} for n in ("Ada", "Bruno", "Chiara")[:players]]
    return state, rec


def test_finished_game_shows_score_breakdown_and_winners(page, base_url):
    state, rec = finished_record()
    game = get_game(GAME)
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    wait_body(page, "screen", "table")
    assert body(page, "over") == "1"
    page.wait_for_selector("#results:not([hidden])")
    text = page.inner_text("#results")
    winners = [("Ada", "Bruno", "Chiara")[i] for i in game.winners(state)]
    assert all(w in text.split("\n")[0] for w in winners)
    rows = page.locator("#results table.score tbody tr")
    assert rows.count() == 3
    # every category of the breakdown is a column, and the totals are the scores
    cats = list(game.score_breakdown(state)[0])
    head = page.inner_text("#results table.score thead").lower()
    assert all(c.replace("_", " ") in head for c in cats)
    # the total comes first, and the rows go from the best score down
    totals = {rows.nth(i).locator("th").inner_text().replace("★", "").strip(): int(rows.nth(i).locator("td.total").inner_text())
              for i in range(3)}
    assert totals == {isolate(("Ada", "Bruno", "Chiara")[i]): v for i, v in enumerate(game.scores(state))}
    assert list(totals.values()) == sorted(game.scores(state), reverse=True)
    shot(page, "shell_20_end_of_game")


def test_watch_link_replays_move_by_move(page, base_url):
    _, rec = finished_record(seed=5)
    page.goto(base_url + "index.html" + make_fragment(rec, "watch"))
    wait_ready(page)
    wait_body(page, "screen", "watch")
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=30_000)
    shot(page, "shell_21_watching")
    page.click("#pause")
    page.wait_for_timeout(300)
    n = int(body(page, "actions"))
    page.click("#step")
    wait_body(page, "actions", str(n + 1))
    page.wait_for_timeout(1200)
    assert body(page, "actions") == str(n + 1)  # still paused
    # a watched game is not saved unless asked
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(':save:')).length") == 0
    page.click("#takeover")
    wait_body(page, "screen", "table")
    assert body(page, "actions") == str(n + 1)
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(':save:')).length") == 1


def test_undo_own_move_on_the_handoff_screen(page, base_url):
    open_app(page, base_url)
    new_game(page, [("Anna", "human"), ("Ben", "human")], "undo")
    pass_handoff(page, "Anna")
    page.locator("#actions button.act").first.click()
    wait_body(page, "actions", "1")
    page.wait_for_selector("#handoff:not([hidden])")
    undo = page.locator("#handoff button[data-cmd='undo']")
    assert undo.count() == 1, "a draft choice reveals nothing: Anna may take it back"
    shot(page, "shell_22_handoff_with_undo")
    undo.click()
    wait_body(page, "actions", "0")
    page.wait_for_selector("#handoff", state="hidden")
    assert "Undone" in page.inner_text("#banner")
    assert page.locator("#actions button.act").count() >= 1  # Anna chooses again
    shot(page, "shell_23_after_undo")


def test_export_and_import(page, base_url, tmp_path):
    open_app(page, base_url)
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")], "export")
    page.locator("#actions button.act").first.click()
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 1")
    page.click("header .brand")
    wait_body(page, "screen", "home")
    with page.expect_download() as dl:
        page.click(".save button[data-cmd='export']")
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["format"] == "tavolo/1" and data["game"] == GAME
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("() => document.querySelectorAll('.save:not(.broken)').length === 2")
    assert "Imported" in page.inner_text("#banner")
    # a file that is not a game is refused with a message, nothing added
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}')
    page.set_input_files("#import-file", str(bad))
    page.wait_for_function("() => document.getElementById('banner').innerText.includes('cannot be imported')")
    assert page.locator(".save").count() == 2
    shot(page, "shell_24_import")


FILL = """() => {
  let chunk = 'x'.repeat(1 << 20), i = 0;
  while (chunk.length >= 8) {
    try { localStorage.setItem('filler:' + i, chunk); i++; }
    catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
  }
  return i;
}"""


def test_storage_full_is_reported_and_play_goes_on(page, base_url):
    open_app(page, base_url)
    page.evaluate(FILL)
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")], "full")
    page.wait_for_selector("#banner.error")
    assert "storage" in page.inner_text("#banner") and "full" in page.inner_text("#banner")
    page.locator("#actions button.act").first.click()
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 1")  # the game goes on
    assert "Not saved" in page.inner_text("#status")
    shot(page, "shell_25_storage_full")
    # room again: the next action is saved and the warning goes away
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler:')).forEach(k => localStorage.removeItem(k))")
    page.wait_for_function("() => document.body.dataset.toMove === '0'", timeout=30_000)
    page.locator("#actions button.act").first.click()
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('tavolo:v1:save:'))")
    page.wait_for_function("() => !document.getElementById('status').innerText.includes('Not saved')")


def test_rename_and_delete(page, base_url):
    open_app(page, base_url)
    new_game(page, [("Solo", "human"), ("Bot", "bot:random")], "rename")
    page.click("header .brand")
    wait_body(page, "screen", "home")
    page.once("dialog", lambda d: d.accept("Sunday game"))
    page.click(".save button[data-cmd='rename']")
    page.wait_for_function("() => document.querySelector('.save-name').innerText === 'Sunday game'")
    page.once("dialog", lambda d: d.accept())
    page.click(".save button[data-cmd='delete']")
    page.wait_for_function("() => document.querySelectorAll('.save').length === 0")
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(':save:')).length") == 0


def test_undo_says_on_the_button_when_it_takes_the_bots_moves_back_too(page, base_url):
    """Alone with a bot, Undo takes back your last move and the bot's quiet moves after it; the
    button says how many moves before it is pressed ("Undo 2 moves"), and pressing it takes
    back exactly those."""
    from tavolo_ui.session import Session
    from tests.web.pagedriver import play_one_move, saved_record, start_game, wait_my_choices

    open_app(page, base_url)
    start_game(page, "spyrium", [("Ada", "human"), ("Bot", "bot:easy")], 1)
    seen = set()
    for _ in range(8):
        wait_my_choices(page)
        record = saved_record(page)
        count = Session.load(record).undo_count() if record["actions"] else 0
        label = page.inner_text("#undo")
        if count <= 1:
            assert label == "Undo" and page.get_attribute("#undo", "aria-disabled") == ("false" if count == 1 else "true")
        else:
            assert label == f"Undo {count} moves", (label, count)
            assert page.get_attribute("#undo", "title") == \
                f"Take back your last move and the {count - 1} bot moves after it"
            shot(page, "undo_with_bot_moves")
            page.click("#undo")
            page.wait_for_function(f"() => Number(document.body.dataset.actions) === {len(record['actions']) - count}")
            assert saved_record(page)["actions"] == record["actions"][:len(record["actions"]) - count]
            seen.add(count)
            break
        play_one_move(page)
    assert seen, "no position where Undo took a bot's move back too"
