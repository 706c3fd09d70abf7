"""A game in progress survives an offline reload: with the service worker in control, the
network cut and the server stopped, a reload resumes the same game at the same move, and play
goes on and is saved.

Needs ``python build.py`` first. Screenshots: test-output/screens/offline_game_*.png
"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, play_one_move, saved_record, start_game
from tests.web.test_offline import CONTROLLED, SW_TIMEOUT_MS, reload_offline

pytestmark = pytest.mark.browser

SEATS = [("Anna", "human"), ("Ben", "human")]


def to_the_choices(page) -> None:
    """Until the player to move sees the choices, passing the handoff screen if it shows."""
    page.wait_for_function("() => document.body.dataset.handoff !== ''"
                           " || !!document.querySelector('#actions button.act')")
    if body(page, "handoff"):
        page.click("#handoff button[data-cmd='handoff']")
        page.wait_for_selector("#actions button.act")


def table_now(page) -> dict:
    """What the table shows of its game: moves played, the state's hash, who is to move, the log."""
    return {"actions": body(page, "actions"), "state": body(page, "stateHash"), "to_move": body(page, "toMove"),
            "log": page.inner_text("#log")}


def test_offline_reload_mid_game_resumes_it(new_context, serve, site_dir):
    url, stop = serve(site_dir)  # a server of its own, so stopping it disturbs no other test
    ctx = new_context()
    page = ctx.new_page()
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    start_game(page, "citadels", SEATS, 11)
    for _ in range(3):  # the characters' draft, hot-seat
        to_the_choices(page)
        play_one_move(page)
    to_the_choices(page)
    before = table_now(page)
    record = saved_record(page)
    assert before["actions"] == "3" and len(record["actions"]) == 3
    assert before["log"].count("\n") >= 2, before["log"]

    served = reload_offline(ctx, page, stop)
    assert body(page, "screen") == "table", "the reload did not resume the game"
    assert body(page, "handoff") == before["to_move"]  # a reload hides the table until the player is there
    to_the_choices(page)
    assert table_now(page) == before
    assert saved_record(page) == record
    shot(page, "offline_game_01_resumed")
    http = [r for r in served if r.url.startswith("http")]
    assert http and all(r.from_service_worker and r.ok for r in http), \
        [(r.url, r.status, r.from_service_worker) for r in http if not (r.from_service_worker and r.ok)]

    play_one_move(page)  # and play goes on, saved
    page.wait_for_function("() => document.body.dataset.actions === '4'")
    after = saved_record(page)
    assert after["actions"][:3] == record["actions"] and len(after["actions"]) == 4
    assert after.get("chance", [])[:len(record.get("chance", []))] == record.get("chance", [])  # draws kept, new ones after
    assert {k: v for k, v in after.items() if k not in ("actions", "chance")} == \
        {k: v for k, v in record.items() if k not in ("actions", "chance")}
    assert app_errors(page) == [], page.console_errors
