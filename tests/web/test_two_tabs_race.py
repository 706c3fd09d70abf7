"""Two tabs of one browser (one localStorage) playing the same saved game at the same moment.

A hot-seat game of Citadels is open in two tabs; at one instant (both tabs' clocks are the
browser's) each tab keeps a different character. Nothing may be lost and nothing overwritten
silently: afterwards the save holds exactly one of the two games (the start plus one of the
two moves), the tab whose move is in it goes on saving, and the other tab still shows its own
move, says plainly that the two no longer agree and offers a copy, on the handoff screen too
(Anna's move hands the device to Ben: the choice must not need Ben's table shown); its "Save
as a copy" then stores its game beside the other, which stays byte for byte as it was.

In Chromium both tabs usually write (each checks the save before the other's write reached
it): the last write wins, and the tab it overwrote learns it from the ``storage`` event, which
the test prints for each tab.

Needs ``python build.py`` first. Screenshots: test-output/screens/two_tabs_race_*.png
"""

from __future__ import annotations

import json
import time

import pytest

from engines import get_game
from engines.core.i18n import texts
from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import Mirror, body, saved_record, start_game, state_hash

pytestmark = pytest.mark.browser

T = texts("ui")


def L(text: str) -> str:
    """A text of the page in Italian."""
    return T(text).render("it")

GAME = "citadels"
SEATS = [("Anna", "human"), ("Ben", "human")]
SAVE = "tavolo:v1:save:"
ALL_STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
CONFLICT = "() => !!document.querySelector('#banner button[data-cmd=\"conflict-copy\"]')"

# both tabs press their button at the same instant ``at`` (ms of the browser's clock);
# ``window.pressed`` then says whether the button was there to press
PRESS_AT = """([selector, at]) => { window.pressed = null; setTimeout(() => {
    const button = document.querySelector(selector);
    if (button) button.click();
    window.pressed = !!button;
}, at - Date.now()); }"""


# for the report: the saves the other tab wrote, as this tab's ``storage`` events saw them
SEEN = """() => { window.seen = []; addEventListener('storage', e => {
    if (e.key && e.key.startsWith('tavolo:v1:save:'))
        window.seen.push(e.newValue === null ? 'removed' : JSON.parse(e.newValue).record.actions.length);
}); }"""


def watch_errors(page):
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    return page


def pass_handoff(page) -> None:
    page.wait_for_selector("#handoff:not([hidden])")
    page.click("#handoff button[data-cmd='handoff']")
    page.wait_for_selector("#handoff", state="hidden")
    page.wait_for_selector("#actions button.act")


def saves_in(page) -> dict[str, str]:
    return {k[len(SAVE):]: v for k, v in page.evaluate(ALL_STORAGE).items() if k.startswith(SAVE)}


def banner(page) -> str:
    return page.evaluate("() => (document.querySelector('#banner .banner-msg') || {}).innerText || ''")


def test_two_tabs_moving_at_the_same_moment_lose_nothing(context, base_url):
    game = get_game(GAME)
    one = watch_errors(context.new_page())
    open_app(one, base_url)
    start_game(one, GAME, SEATS, 7)
    pass_handoff(one)
    two = watch_errors(context.new_page())  # the same context: the same localStorage
    open_app(two, base_url)
    two.wait_for_function("() => document.body.dataset.screen === 'table'")  # the last game, resumed
    pass_handoff(two)
    for tab in (one, two):
        assert tab.evaluate("() => document.visibilityState") == "visible"  # no throttled timers
        tab.evaluate(SEEN)

    (sid, start_text), = saves_in(one).items()
    start = saved_record(one)
    assert start["actions"] == []
    mirror = Mirror(game, start)
    legal = game.legal_actions(mirror.state)
    moves = {"one": 0, "two": 1}  # Anna keeps the Assassin in tab one, the Thief in tab two
    tabs = {"one": one, "two": two}
    played, hashes = {}, {}
    for name, index in moves.items():
        played[name] = json.loads(json.dumps(game.dump_action(legal[index])))
        state = mirror.state.clone()
        game.apply(state, legal[index])
        hashes[name] = state_hash(state)
    assert played["one"] != played["two"]

    # the race: one instant, two different moves
    at = one.evaluate("() => Date.now()") + 500
    for name, tab in tabs.items():
        tab.evaluate(PRESS_AT, [f"#actions button.act[data-arg='{moves[name]}']", at])
    t0 = time.monotonic()
    for name, tab in tabs.items():
        tab.wait_for_function("() => window.pressed !== null")
        assert tab.evaluate("() => window.pressed"), f"tab {name} had no button to press at the instant"
    for name, tab in tabs.items():  # each tab's own move is on its own table
        tab.wait_for_function("() => document.body.dataset.actions === '1'")
        assert body(tab, "stateHash") == hashes[name], f"tab {name} does not show its own move"
    # a tab learns that its move is not in the save at its autosave, or from the other tab's
    # storage event, which may come a little later
    deadline = time.monotonic() + 10
    while not any(tab.evaluate(CONFLICT) for tab in tabs.values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    one.wait_for_timeout(1000)  # let any late storage event arrive
    print(f"race settled in {time.monotonic() - t0:.1f} s")

    saves = saves_in(one)
    assert list(saves) == [sid], "the race made or lost a save"
    stored = json.loads(saves[sid])
    assert stored["record"]["actions"] in ([played["one"]], [played["two"]]), stored["record"]["actions"]
    assert stored["actions"] == 1 and stored["name"] == json.loads(start_text)["name"]
    assert {k: v for k, v in stored["record"].items() if k not in ("actions", "chance")} == \
           {k: v for k, v in start.items() if k not in ("actions", "chance")}
    winner = "one" if stored["record"]["actions"] == [played["one"]] else "two"
    loser = "two" if winner == "one" else "one"
    print(f"the save holds tab {winner}'s move; saves written by the other tab, as seen by tab one: "
          f"{one.evaluate('() => window.seen')}, by tab two: {two.evaluate('() => window.seen')}")
    w, lose = tabs[winner], tabs[loser]
    assert not w.evaluate(CONFLICT), f"tab {winner}'s move is saved, yet it says it is not"
    assert lose.evaluate(CONFLICT), f"tab {loser}'s move is not saved, and it does not say so"
    assert "no longer agree" in banner(lose)
    assert lose.locator("#banner button[data-cmd='conflict-load']").count() == 1
    assert body(lose, "stateHash") == hashes[loser]  # its move is still on its table
    # Anna's move was played: both tabs hand the device to Ben, the table hidden. The tab whose
    # move was not saved says so there, and offers what its banner offers, without showing
    # Ben's table to Anna
    assert body(w, "handoff") == body(lose, "handoff") == "1"
    assert "Not saved here" not in w.inner_text("#handoff")
    assert "Not saved here" in lose.inner_text("#handoff")
    offered = lose.locator("#handoff button[data-cmd^='conflict-']")
    assert offered.all_inner_texts() == ["Save as a copy", "Load the other tab’s version"]
    lose.bring_to_front()
    shot(lose, "two_tabs_race_01_not_saved_here")
    # the same in Italian on a phone
    lose.set_viewport_size({"width": 390, "height": 844})
    lose.click("header .lang-btn[data-arg='it']")
    lose.wait_for_function("() => document.documentElement.lang === 'it'")
    assert L("Not saved here: this game was changed in another tab.") in lose.inner_text("#handoff")
    assert offered.all_inner_texts() == [L("Save as a copy"), L("Load the other tab’s version")]
    assert lose.evaluate("() => document.documentElement.scrollWidth") <= 391
    shot(lose, "two_tabs_race_01_not_saved_here_it_390")
    lose.click("header .lang-btn[data-arg='en']")
    lose.wait_for_function("() => document.documentElement.lang === 'en'")
    lose.set_viewport_size({"width": 1280, "height": 800})

    # the tab whose move was not saved keeps it as a copy; the save it lost to is untouched
    lose.click("#handoff button[data-cmd='conflict-copy']")
    lose.wait_for_function("() => document.getElementById('handoff').innerText.includes('Saved this tab')")
    assert body(lose, "handoff") == "1", "saving a copy showed the table"
    assert "Not saved here" not in lose.inner_text("#handoff")
    shot(lose, "two_tabs_race_02_kept_as_a_copy")
    after = saves_in(lose)
    assert after[sid] == saves[sid], "the other tab's save changed"
    (copy_id, copy_text), = ((k, v) for k, v in after.items() if k != sid)
    everything = lose.evaluate(ALL_STORAGE)
    assert sorted(everything) == sorted(["tavolo:layout", "tavolo:lang", "tavolo:v1:last", SAVE + sid, SAVE + copy_id])
    assert everything["tavolo:v1:last"] == copy_id  # the game last put on a table: this tab's copy
    copy = json.loads(copy_text)
    assert copy["name"] == stored["name"] + " (this tab)"
    assert copy["record"] == {**start, "actions": [played[loser]]}

    # both tabs play on, each into its own save
    for name, tab in ((winner, w), (loser, lose)):
        tab.bring_to_front()
        pass_handoff(tab)
        tab.locator("#actions button.act").first.click()
        tab.wait_for_function("() => document.body.dataset.actions === '2'")
    final = saves_in(one)
    assert sorted(final) == sorted([sid, copy_id])
    first, second = json.loads(final[sid])["record"]["actions"], json.loads(final[copy_id])["record"]["actions"]
    assert len(first) == len(second) == 2
    assert first[0] == played[winner] and second[0] == played[loser]
    assert not w.evaluate(CONFLICT) and not lose.evaluate(CONFLICT)
    assert app_errors(one) == [] and app_errors(two) == [], (one.console_errors, two.console_errors)
