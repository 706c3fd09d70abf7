"""Games at a distance in the page (issue 29): one browser context per player (its own
storage, as its own device), the game passed only by move links between them.

- A 3-player game of each title (Myraclia's last round to its end, the others for twelve links): Ada plays on one device, Bea on another, a bot in the
  third seat moves on whichever device reaches its turn. Every move of a person is chosen by
  the game's heuristic bot on CPython (on a replay of that device's autosave) and played by
  clicking; the link the table offers is read from its box and opened on the other device,
  whose hand-off screen names the seat and shows nothing of the game until it is confirmed.
- A link opened twice, an older link opened after a newer one, a fork (one link answered
  twice) detected and resolved, a link opened on a device that plays another seat.
- The final table of a game at a distance opened on a device, which verifies the whole game
  and says so on its end screen (``test_the_end_screen_says_the_whole_game_is_verified``).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
import time
from urllib.parse import urlsplit

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.core.seal import SeatKey, b64, chain, link_hash
from tavolo_ui.bidi import isolate
from tavolo_ui.distance import is_sealed_fragment, move_fragment
from tavolo_ui.revealed import parse_revealed, revealed_fragment
from tests.web.conftest import app_errors, shot, wait_ready
from tests.web.test_language import DETAILS_JS
from tests.web.pagedriver import Mirror, body, click_action, saved_record, start_game

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEATS = [("Ada", "human"), ("Bea", "friend"), ("Bot Carlo", "bot:easy")]


class Device:
    """One player's browser (a context of its own: its own storage, its language from the
    browser's locale) showing the page: opened on its home screen, or on a link."""

    def __init__(self, new_context, base_url: str, viewport: dict, lang: str, seat: int, link: str | None = None,
                 share_sheet: bool = False, storage: dict | None = None):
        locale = {"en": "en-GB", "it": "it-IT"}[lang]
        extra = {} if storage is None else {"storage_state": storage}  # a copy of another device's storage
        self.page = new_context(viewport=viewport, locale=locale, **extra).new_page()
        if share_sheet:  # a phone's share sheet (Web Share API), which remembers what it was given
            self.page.add_init_script("navigator.share = data => { window.__shared = data; return Promise.resolve(); };")
        self.page.console_errors = []
        self.page.on("console", lambda m: m.type == "error" and self.page.console_errors.append(m.text))
        self.seat = seat
        self.mirror: Mirror | None = None
        self.page.goto(link or base_url + "index.html")
        wait_ready(self.page)
        assert self.page.evaluate("document.documentElement.lang") == lang


def start_far_game(device: Device, game: str, seats=SEATS) -> None:
    """From the home screen: the New game form with a friend at a distance, no seed typed
    (every draw from entropy), started."""
    start_game(device.page, game, seats, None)


def nothing_shown(page) -> None:
    """The table is hidden: no choice, a blank board, no log line."""
    assert page.locator("#actions button.act").count() == 0, "choices shown behind the hand-off"
    assert page.get_attribute("#board", "data-hits") in (None, "", "[]"), "board drawn behind the hand-off"
    assert page.locator("#send-box").count() == 0
    assert page.locator("#log li").count() == 0, "log lines shown behind the hand-off"


def open_link(device: Device, link: str, name: str, confirm: bool = True, go: bool = True,
              handoff: bool = True) -> None:
    """Open a move link on ``device`` (``go``: the page is sent to it; else it was opened on
    it): the hand-off names ``name``, nothing of the game shows until it is confirmed
    (``confirm``). Without ``handoff`` (a device that has the game and plays only that
    person: ``distance.needs_handoff``) the table opens at once with the link's moves."""
    page = device.page
    if go:
        page.goto(link)
    if not handoff:
        moves = link.split("#move=", 1)[1].split(".")[2]
        page.wait_for_function(f"() => document.body.dataset.screen === 'table' && document.body.dataset.handoff === ''"
                               f" && document.body.dataset.actions === '{moves}'", timeout=60_000)
        return
    page.wait_for_function("() => document.body.dataset.handoff !== undefined && document.body.dataset.handoff !== ''"
                           " && document.getElementById('handoff-name')", timeout=60_000)
    assert page.inner_text("#handoff-name") == isolate(name)
    nothing_shown(page)
    if confirm:
        page.click("#handoff button[data-cmd='handoff']")
        page.wait_for_function("() => document.body.dataset.handoff === ''")


def send_link(page, seat: int) -> str:
    """The move link the table offers for ``seat``, copied (as a person sends it)."""
    link = page.input_value(f"#move-link-{seat}")
    page.click(f"#send-box button[data-cmd='copy-move'][data-arg='{seat}']")
    page.wait_for_selector("#send-box .move-sent")
    return link


def set_up_lap(ada, new_context, base_url: str, viewport: dict, lang: str, bea_viewport: dict | None = None
               ) -> tuple[Device, str]:
    """The set-up lap of the game Ada's device (``ada``: a ``Device`` or its page) has just
    created: its link to Bea opens on a new device of Bea's (her first link: the hand-off,
    confirmed), whose device joins and sends it back; Ada's device then deals the set-up (her
    own device: no hand-off). Bea's device and the lap's first link."""
    page = getattr(ada, "page", ada)
    page.wait_for_selector("#lap-wait + #send-box .move-link", timeout=60_000)
    l0 = send_link(page, 1)
    bea = Device(new_context, base_url, bea_viewport or viewport, lang, 1, link=l0)
    open_link(bea, l0, "Bea", go=False)
    page.goto(send_link(bea.page, 0))
    page.wait_for_function("() => document.body.dataset.screen === 'table' && !document.querySelector('#lap-wait')"
                           " && document.body.dataset.handoff === ''", timeout=60_000)
    return bea, l0


def play_until_link(device: Device, game, rng, clicks: dict) -> str | None:
    """Play ``device``'s seat (the heuristic's choice, clicked) until a friend is to move:
    the link the table offers for them (None: the game is over)."""
    page = device.page
    choose = importlib.import_module(f"engines.{game.name}.bot").choose
    while True:
        page.wait_for_function(
            "() => document.body.dataset.over === '1' || document.querySelector('#send-box .move-link')"
            " || document.querySelectorAll('#actions button.act').length > 0", timeout=90_000)
        if body(page, "over") == "1":
            return None
        if page.locator("#send-box .move-link").count():
            return send_link(page, 1 - device.seat)
        if device.mirror is None:
            device.mirror = Mirror(game, saved_record(page))
        device.mirror.sync(page)
        state = device.mirror.state
        assert game.to_move(state) == device.seat and body(page, "toMove") == str(device.seat)
        legal = game.legal_actions(state)
        click_action(page, legal.index(choose(game, state, rng)), clicks)


def final_table_and_play_again(now: Device, devices: list[Device], name: str) -> None:
    """The game is over on ``now`` (the last mover's device): it sends the final table to the
    other device, which shows the same end; then Play again keeps the same friend, still at a
    distance, on the New game form."""
    shot(now.page, f"far_{name}_end")
    other = devices[1 - now.seat]
    final = send_link(now.page, other.seat)
    open_link(other, final, ["Ada", "Bea"][other.seat], handoff=False)
    other.page.wait_for_function("() => document.body.dataset.over === '1'")
    assert body(other.page, "stateHash") == body(now.page, "stateHash")
    now.page.click("#results button[data-cmd='again']")
    now.page.wait_for_function("() => document.body.dataset.screen === 'new'")
    kinds = [now.page.locator(".seat-kind").nth(i).input_value() for i in range(3)]
    assert kinds[1 - now.seat] == "friend" and kinds[now.seat] == "human", kinds


def far_game(new_context, base_url, name: str, viewport: dict, lang: str, budget_s: float,
             max_links: int | None = None) -> dict:
    """A game of ``name`` between two devices passed by move links (see the module doc): to its
    end, or until ``max_links`` links have passed (each device then shows the same position)."""
    game = get_game(name)
    ada = Device(new_context, base_url, viewport, lang, 0)
    start_far_game(ada, name)
    assert ada.page.locator("#banner").is_visible()  # what a link holds, said once at creation
    shot(ada.page, f"far_{name}_created")
    rng, clicks = Rng.from_seed(7), {"board": 0, "button": 0}
    devices: list[Device] = [ada]
    now, links, t0 = ada, 0, time.monotonic()
    link_lengths = []
    while time.monotonic() - t0 < budget_s and (max_links is None or links < max_links):
        link = play_until_link(now, game, rng, clicks)
        if link is None:
            break
        if links == 0:
            shot(now.page, f"far_{name}_send_box")
        link_lengths.append(len(link))
        assert is_sealed_fragment("#" + link.split("#", 1)[1]), "a new game at a distance is sealed"
        booted = len(devices) == 1
        if booted:  # Bea opens her first link in a browser that had no Tavolo page open
            devices.append(Device(new_context, base_url, viewport, lang, 1, link=link))
        nxt = devices[1 - now.seat]
        nxt.mirror = None  # the device's save jumps by the other's moves
        # only Bea's first link has a hand-off: after it each device plays one person's seat
        open_link(nxt, link, ["Ada", "Bea"][nxt.seat], confirm=False, go=not booted, handoff=booted)
        if booted:
            shot(nxt.page, f"far_{name}_handoff_{links}")
            nxt.page.click("#handoff button[data-cmd='handoff']")
            nxt.page.wait_for_function("() => document.body.dataset.handoff === ''")
        links += 1
        now = nxt
    over = body(now.page, "over") == "1"
    if not over and len(devices) == 2:  # the last link opened: both devices at one position
        now.page.wait_for_function("() => document.body.dataset.stateHash")
        assert body(now.page, "stateHash") == body(devices[1 - now.seat].page, "stateHash")
    if over:  # the last mover's device sends the final table to the other
        final_table_and_play_again(now, devices, name)
    for d in devices:
        assert not app_errors(d.page), d.page.console_errors
    return {"over": over, "links": links, "longest": max(link_lengths or [0]), "clicks": clicks,
            "seconds": round(time.monotonic() - t0)}


def devices_at_round(name: str, seats: list[dict], seed: int, last_round: int) -> tuple[list[dict], int]:
    """Two devices' storages (``storage_state``'s ``localStorage`` items) of a game at a
    distance dealt by commit and reveal, played on CPython from its set-up lap (seeded keys
    and chance secrets, as ``tests/ui/test_distance_lap_page.py`` makes them) by the game's
    heuristic bot, each turn's ``t4`` link opened on the other device, until ``last_round``
    begins; and the seat whose device is to play then. Each device keeps the game as the
    page saves it (its record, its ``Distance``: seat keys, transcript, chance secrets) and
    resumes it when opened."""
    from tests.ui.test_distance_lap_page import play_from_the_lap

    ada, bea, now, _other = play_from_the_lap(name, seed, seats, lambda session: session.state.round >= last_round)
    assert not now.session.is_over(), "the game ended before the round wanted"
    return [stored(device) for device in (ada, bea)], now.info.mine[0]


def stored(device) -> dict:
    """The ``localStorage`` items of a simulated device (``tests/ui``'s ``PageDevice``) that
    keeps its game at a distance as the page saves it (its record, its ``Distance``: seat
    keys, transcript, chance secrets), the game its last one: it resumes it when opened."""
    from tavolo_ui.distance import Distance
    from tavolo_ui.saves import DictStorage, Saves

    record = device.session.record
    to_move = device.session.to_move()
    info = Distance(device.info.gid, device.info.mine, floor=len(record.actions), seal=device.info.seal,
                    chances=device.info.chances, turn=-1 if to_move is None else to_move)
    storage = DictStorage()
    saves = Saves(storage)
    sid = saves.new_id()
    title = get_game(record.game).title
    assert saves.put(sid, f"{title} with Ada, Bea, Bot Carlo", record.model_dump(mode="json"),
                     distance=info.to_json()) is None
    assert saves.set_last(sid) is None
    return storage.data


def storage_state(base_url: str, storage: dict) -> dict:
    """A browser context's ``storage_state`` holding ``storage`` (``stored``) for the site."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
    return {"cookies": [], "origins": [{"origin": origin, "localStorage": [{"name": k, "value": v}
                                                                           for k, v in storage.items()]}]}


def test_the_end_of_a_game_between_two_devices_by_move_links(new_context, base_url):
    """Myraclia (the shortest title) from the start of its last round (rounds 1-4 passed
    between two simulated devices in CPython, each device's storage then given to its
    browser) to its end, by clicks and move links between the two browsers, the final table
    sent, Play again. The set-up lap and the first link's hand-off are shown by
    ``test_revealed_lap_and_forged_set_up_refused`` and ``test_twelve_links_between_two_devices``;
    whole games pass between simulated devices in CPython (``tests/core/test_distance_tool.py``).
    (A whole game here took 138 s of the suite's time.)"""
    name, t0 = "myraclia", time.monotonic()
    seats = [{"name": n, "kind": "human" if k == "friend" else k} for n, k in SEATS]
    storages, first = devices_at_round(name, seats, 1, LAST_ROUND)
    devices = [Device(new_context, base_url, LAPTOP, "en", seat, storage=storage_state(base_url, storage))
               for seat, storage in enumerate(storages)]
    game, rng, clicks = get_game(name), Rng.from_seed(7), {"board": 0, "button": 0}
    for device in devices:
        device.page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    now, links = devices[first], 0
    while time.monotonic() - t0 < 400:
        link = play_until_link(now, game, rng, clicks)
        if link is None:
            break
        assert is_sealed_fragment("#" + link.split("#", 1)[1])
        nxt = devices[1 - now.seat]
        nxt.mirror = None  # the device's save jumps by the other's moves
        open_link(nxt, link, ["Ada", "Bea"][nxt.seat], go=True, handoff=False)  # each device plays one person
        links += 1
        now = nxt
    assert body(now.page, "over") == "1", (links, clicks)
    assert links >= 6, links
    final_table_and_play_again(now, devices, name)
    for d in devices:
        assert not app_errors(d.page), d.page.console_errors
    print(f"myraclia's last round at a distance: {links} links, {clicks}, {time.monotonic() - t0:.0f}s")


LAST_ROUND = 5
"""``test_the_end_of_a_game_between_two_devices_by_move_links`` plays from this round on."""


# The other titles pass twelve links each: the link code is the same for every title, and
# whole games of each pass between simulated devices in CPython (tools/distance_game.py,
# tests/core/test_distance_tool.py) and are played to the end in the browser by clicks
# (test_hot_seat_games.py; test_<game>_page.py from a later round); what is left to show here is that each
# title's table sends and opens its links, on a phone and in Italian too.
CASES = [("citadels", PHONE, "it"), ("spyrium", LAPTOP, "en"), ("euphoria", PHONE, "en")]


@pytest.mark.parametrize("name, viewport, lang", CASES, ids=[c[0] for c in CASES])
def test_twelve_links_between_two_devices(new_context, base_url, name, viewport, lang):
    result = far_game(new_context, base_url, name, viewport, lang, 300, max_links=12)
    print(f"{name} at a distance: {result}")
    assert result["links"] == 12 or result["over"], result


def saves_in(page) -> list[dict]:
    """The saved games of this device (its storage)."""
    raw = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:'))"
                        ".map(k => localStorage.getItem(k))")
    return [json.loads(r) for r in raw]


def play_first_choices(device: Device, pick: int) -> str:
    """Play this device's seat by pressing its ``pick``-th choice (the first if there are
    fewer) until a friend is to move: the link for them."""
    page = device.page
    while True:
        page.wait_for_function(
            "() => document.querySelector('#send-box .move-link')"
            " || document.querySelectorAll('#actions .act-list > button').length > 0", timeout=90_000)
        if page.locator("#send-box .move-link").count():
            return send_link(page, 1 - device.seat)
        before = int(body(page, "actions"))
        buttons = page.locator("#actions .act-list > button")
        buttons.nth(min(pick, buttons.count() - 1)).click()
        page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}"
                               " || document.querySelectorAll('#actions .act-list > button').length > 0")


def test_twice_older_forked_and_wrong_seat_links(new_context, base_url):
    ada = Device(new_context, base_url, PHONE, "en", 0, share_sheet=True)
    other = Device(new_context, base_url, PHONE, "en", 1)  # someone the lap's link is not for
    start_far_game(ada, "citadels")
    # the lap's link opened by someone it is not for: nothing shown, nothing kept
    ada.page.wait_for_selector("#lap-wait + #send-box .move-link", timeout=60_000)
    open_link(other, ada.page.input_value("#move-link-1"), "Bea", confirm=False)
    other.page.click("#handoff button[data-cmd='not-my-link']")
    other.page.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert saves_in(other.page) == []
    bea, _l0 = set_up_lap(ada, new_context, base_url, PHONE, "en", bea_viewport=LAPTOP)
    # Ada's phone has a share sheet: "Send to Bea" hands it the link and the message
    while not ada.page.locator("#send-box").count():
        before = int(body(ada.page, "actions"))
        ada.page.locator("#actions .act-list > button").first.click()
        ada.page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")
    l1 = ada.page.input_value("#move-link-1")
    shot(ada.page, "far_send_box_phone")
    ada.page.click("#send-box button[data-cmd='send-move'][data-arg='1']")
    ada.page.wait_for_selector("#send-box .move-sent")
    shared = ada.page.evaluate("window.__shared")
    assert shared["url"] == l1 and shared["text"] == "Your turn in Citadels with Ada and Bot Carlo"
    # the move has left: Undo says so
    ada.page.click("#undo", force=True)  # force: Playwright counts aria-disabled as not enabled
    assert "left this device" in ada.page.inner_text("#banner")

    # the same link opened twice: harmless (Bea's own device, which joined the game: no hand-off)
    open_link(bea, l1, "Bea", handoff=False)
    first = body(bea.page, "stateHash")
    # Share offers no play or watch link of a game at a distance (one would seat everyone here)
    bea.page.click("#share-btn")
    bea.page.wait_for_selector("#modal:not([hidden]) .modal-box")
    assert bea.page.locator("#modal textarea").count() == 0 and "No other link" in bea.page.inner_text("#modal")
    bea.page.click("#modal button[data-cmd='close-modal']")
    open_link(bea, l1, "Bea", handoff=False)  # her own device now: no hand-off
    assert "already have this move" in bea.page.inner_text("#banner")
    assert body(bea.page, "stateHash") == first and len(saves_in(bea.page)) == 1

    # Bea answers on her laptop, and again, otherwise, on her phone (a copy of her laptop's
    # storage: the same seat keys and chance secrets): two continuations, both signed by Bea
    bea2 = Device(new_context, base_url, PHONE, "en", 1, storage=bea.page.context.storage_state())
    l2 = play_first_choices(bea, 0)
    open_link(bea2, l1, "Bea", handoff=False)
    l2b = play_first_choices(bea2, 1)
    assert l2b != l2

    # Ada takes the laptop's answer and plays on
    open_link(ada, l2, "Ada", handoff=False)
    l3 = play_first_choices(ada, 0)
    after_l3 = body(ada.page, "stateHash")
    # an older link after a newer one: said, and the newer game kept
    ada.page.goto(l2)
    ada.page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.handoff === ''"
                               " && (document.getElementById('banner') || {}).innerText.includes('older than your game')")
    assert body(ada.page, "stateHash") == after_l3
    del l3

    # the phone's answer: two continuations, shown side by side; Ada keeps the link's
    ada.page.goto(l2b)
    ada.page.wait_for_function("() => document.body.dataset.screen === 'fork'")
    sides = ada.page.locator(".fork-side")
    assert sides.count() == 2 and all(sides.nth(i).locator("ol.log li").count() >= 1 for i in range(2))
    shot(ada.page, "far_fork")
    ada.page.click("button[data-cmd='fork-keep'][data-arg='link']")
    ada.page.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert "other continuation is set aside" in ada.page.inner_text("#banner")
    assert body(ada.page, "handoff") == ""  # Ada's own device: the kept game opens at her seat at once
    assert body(ada.page, "stateHash") == body(bea2.page, "stateHash")
    # the other continuation is set aside (a new game id, this device's seats): Bea's seat
    # never becomes a person at Ada's device
    kept = saves_in(ada.page)
    assert len(kept) == 2 and all(s["distance"]["mine"] == [0] for s in kept)
    assert len({s["distance"]["gid"] for s in kept}) == 2 and sum(s["distance"].get("aside", False) for s in kept) == 1
    # the kept game goes on with the link's seals: Ada's next link opens on Bea's phone as newer
    l4 = play_first_choices(ada, 0)
    open_link(bea2, l4, "Bea", handoff=False)
    assert bea2.page.locator("#banner.error").count() == 0 and bea2.page.evaluate("document.body.dataset.screen") == "table"

    # a link for Bea opened on Ada's device: told it is someone else's, nothing changes
    ada.page.goto(l1)
    ada.page.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert "is for" in ada.page.inner_text("#banner")
    # the inbox: Bea's laptop waits for Ada, with the link to send again
    bea.page.click("header .brand")
    bea.page.wait_for_selector("#inbox li.far")
    assert "Waiting for" in bea.page.inner_text("#inbox") and bea.page.locator("#inbox [data-cmd='inbox-resend']").count()
    shot(bea.page, "far_inbox")
    for d in (ada, bea, bea2):
        assert not app_errors(d.page), d.page.console_errors


# ---- issue 38: a game at a distance as two new users live it ----------------------------------
RUNS = [("en", LAPTOP, PHONE), ("it", PHONE, LAPTOP)]
WORDS = {"en": {"invite": "{a} invites you to a game of Citadels as {b}", "mine": "(your choice: ",
                "twice": "played this position twice", "aside": "the version here, not kept, from move 1",
                "now": "last move: just now", "review": "not kept: review only"},
         "it": {"invite": "{a} ti invita a una partita di Citadels come {b}", "mine": "(la tua scelta: ",
                "twice": "ha giocato questa posizione due volte", "aside": "versione locale scartata, dalla mossa 1",
                "now": "ultima mossa: adesso", "review": "non tenuta: solo da rivedere"}}


def above_the_fold(page, selector: str) -> None:
    """``selector`` is seen without scrolling: inside the viewport, with nothing cut off."""
    box, view = page.locator(selector).bounding_box(), page.viewport_size
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= view["height"], (selector, box, view)
    assert 0 <= box["x"] and box["x"] + box["width"] <= view["width"], (selector, box, view)


def pick_until_link(page, pick: int) -> None:
    """Press the ``pick``-th choice until the table offers a link (its box shown)."""
    while not page.locator("#send-box .move-link").count():
        before = int(body(page, "actions"))
        page.locator("#actions .act-list > button").nth(pick).click()
        page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}"
                               " && (document.querySelector('#send-box .move-link')"
                               " || document.querySelectorAll('#actions .act-list > button').length > 0)")


@pytest.mark.parametrize("lang, viewport, other", RUNS, ids=["en-1280", "it-390"])
def test_first_link_fork_sides_and_kept_continuation(new_context, base_url, lang, viewport, other):
    """Bea opens the first link (the set-up lap's): her hand-off says who invites her, to what,
    and how it goes. Then Ada picks a character, takes it back before pressing Send (the link
    was already in its box) and picks another; Bea's answer comes back to Ada: the fork screen
    shows Ada's own two picks (never Bea's), says Ada played the position twice; the version
    kept aside goes to Saved games, named so, and opens only in the review."""
    w = WORDS[lang]
    ada = Device(new_context, base_url, viewport, lang, 0)
    start_game(ada.page, "citadels", SEATS, 38)

    # Bea's first link: who invites her, to which game, how it goes; nothing of the table
    ada.page.wait_for_selector("#lap-wait + #send-box .move-link", timeout=60_000)
    l0 = send_link(ada.page, 1)
    bea = Device(new_context, base_url, viewport, lang, 1, link=l0)
    open_link(bea, l0, "Bea", confirm=False, go=False)
    a, b = isolate("Ada"), isolate("Bea")
    welcome = bea.page.inner_text("#handoff")
    assert w["invite"].format(a=a, b=b) in welcome and "offline" in welcome
    for size in (viewport, other):
        bea.page.set_viewport_size(size)
        for button in ("handoff", "not-my-link"):
            above_the_fold(bea.page, f"#handoff button[data-cmd='{button}']")
        shot(bea.page, f"far38_first_link_{lang}_{size['width']}")
    bea.page.set_viewport_size(viewport)
    bea.page.click("#handoff button[data-cmd='handoff']")
    bea.page.wait_for_function("() => document.body.dataset.handoff === ''")
    ada.page.goto(send_link(bea.page, 0))  # the lap back at Ada's device: the set-up dealt
    ada.page.wait_for_function("() => document.body.dataset.screen === 'table' && !document.querySelector('#lap-wait')"
                               " && document.body.dataset.handoff === ''", timeout=60_000)

    pick_until_link(ada.page, 0)
    l1 = ada.page.input_value("#move-link-1")  # seen in its box, not sent: Undo may still take it back
    ada.page.click("#undo", force=True)
    ada.page.wait_for_function("() => document.body.dataset.actions === '0'")
    pick_until_link(ada.page, 1)
    send_link(ada.page, 1)

    open_link(bea, l1, "Bea", handoff=False)  # her own device, which joined the game
    l2 = play_first_choices(bea, 0)

    # Bea's answer on Ada's device: two continuations, each with Ada's own pick, never Bea's
    ada.page.goto(l2)
    ada.page.wait_for_function("() => document.body.dataset.screen === 'fork'")
    assert w["twice"] in ada.page.inner_text("#fork-cause") and a in ada.page.inner_text("#fork-cause")
    sides = [[li.inner_text() for li in ada.page.locator(f".fork-side[data-side='{side}'] ol.log li").all()]
             for side in ("here", "link")]
    assert all(w["mine"] in lines[0] for lines in sides) and sides[0][0] != sides[1][0], sides
    assert all(line.startswith(a) for lines in sides for line in lines if w["mine"] in line), sides
    assert any(line.startswith(b) for line in sides[1]), sides  # Bea's pick: its public line only
    for size in (viewport, other):
        ada.page.set_viewport_size(size)
        above_the_fold(ada.page, ".fork-side[data-side='here'] h3")
        shot(ada.page, f"far38_fork_sides_{lang}_{size['width']}")
    ada.page.set_viewport_size(viewport)

    # the link's version kept: Ada's own device opens it at once; the other is set aside
    ada.page.click("button[data-cmd='fork-keep'][data-arg='link']")
    ada.page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.handoff === ''")
    ada.page.click("header .brand")
    ada.page.wait_for_selector("#inbox li.far")
    assert ada.page.locator("#inbox li").count() == 1 and w["now"] in ada.page.inner_text("#inbox")
    assert ada.page.locator("#inbox .not-sealed").count() == 0  # a sealed game: nothing extra
    row = ada.page.locator("#saves li.save.aside")
    assert row.count() == 1 and w["aside"] in row.inner_text() and w["review"] in row.inner_text()
    assert row.locator("[data-cmd='resume']").count() == 0
    saved = ada.page.locator("section:has(#saves) h2").inner_text()
    assert saved == {"en": "Saved games", "it": "Partite salvate"}[lang]  # no game to continue there
    for size in (viewport, other):
        ada.page.set_viewport_size(size)
        shot(ada.page, f"far38_kept_continuation_{lang}_{size['width']}")
    row.locator("[data-cmd='review-save']").click()
    ada.page.wait_for_function("() => document.body.dataset.screen === 'review'")
    for d in (ada, bea):
        assert not app_errors(d.page), d.page.console_errors


# ---- issue 39: sealed games at a distance ----------------------------------------------------
def test_sealed_forged_link_refused_in_the_page(new_context, base_url):
    """A sealed game between two devices (Italian, on phones): the New game form says the bots
    play on the creator's device; Bea's device, at the bot's turn, sends the link to Ada, whose
    device plays the bots; Bea's answer with her move re-signed by another key (edited on
    CPython) is refused on Ada's device, the reason naming Bea as she was typed, and nothing of
    it is saved; the genuine answer then opens."""
    ada = Device(new_context, base_url, PHONE, "it", 0)
    page = ada.page
    page.click(".game-card[data-game='citadels'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    page.select_option("#players", "3")
    page.wait_for_function("() => document.querySelectorAll('.seat').length === 3")
    assert not page.locator("#bots-here").is_visible()  # no friend at a distance yet
    for i, (name, kind) in enumerate(SEATS):
        page.locator(".seat-name").nth(i).fill(name)
        page.locator(".seat-kind").nth(i).select_option(kind)
    assert page.locator("#bots-here").is_visible() and "tiene le loro carte" in page.inner_text("#bots-here")
    shot(page, "sealed_new_game_bots_here_it_390")
    page.click("#start")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    bea, _l0 = set_up_lap(ada, new_context, base_url, PHONE, "it")
    l1 = play_first_choices(ada, 0)
    assert is_sealed_fragment("#" + l1.split("#", 1)[1])
    open_link(bea, l1, "Bea", handoff=False)
    while not bea.page.locator("#send-box .move-link").count():  # Bea's picks until a link is offered
        before = int(body(bea.page, "actions"))
        bea.page.locator("#actions .act-list > button").first.click()
        bea.page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")
    heading = bea.page.inner_text("#send-box h3")
    assert body(bea.page, "toMove") == "2", "Bea's move hands the turn to the bot"
    assert heading == f"Tocca a {isolate('Bot Carlo')}: manda il link ad {isolate('Ada')}, sul cui dispositivo giocano i bot"
    assert bea.page.locator("#move-link-0").count() == 1 and bea.page.locator("#move-link-2").count() == 0
    shot(bea.page, "sealed_bot_turn_send_box_it_390")
    l2 = send_link(bea.page, 0)

    # Bea's move re-signed with another key, her key left as it was: the link's checksum is right
    base, fragment = l2.split("#", 1)
    link = parse_revealed("#" + fragment)
    stored = next(x for x in saves_in(page) if "distance" in x)["distance"]["seal"]["transcript"]
    whole = [*stored[:link.first], *link.segments]
    k = link.first
    assert whole[k]["seat"] == 1  # her key was bound in her lap segment
    head = chain(link.gid, link.record, whole[:k])[-1]
    whole[k] = dict(whole[k], sig=b64(SeatKey.new().sign(link_hash(head, link.record, whole[k]))))
    bad = base + revealed_fragment(link.record, link.gid, 0, whole, k)

    before = saves_in(page)
    page.goto(bad)
    page.wait_for_function("() => document.body.dataset.screen === 'home' && document.querySelector('#banner.error')",
                           timeout=60_000)
    reason = page.inner_text("#banner .banner-msg")
    assert isolate("Bea") in reason and "Giocatore" not in reason and "firmat" in reason, reason
    shot(page, "sealed_forged_link_refused_it_390")
    assert saves_in(page) == before  # nothing of it kept
    page.goto(base + move_fragment(link.record, link.gid, 0))  # the answer with its seals taken out
    page.wait_for_function("() => (document.querySelector('#banner .banner-msg') || {}).innerText"
                           "?.includes('non è sigillato')", timeout=60_000)
    assert body(page, "screen") == "home" and saves_in(page) == before
    page.goto(l2)  # the genuine answer opens (on Ada's own device: no hand-off), then the bot moves here
    moves = l2.split("#move=", 1)[1].split(".")[2]
    page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.handoff === ''"
                           f" && Number(document.body.dataset.actions) >= {moves}", timeout=60_000)
    assert page.locator("#banner.error").count() == 0
    for d in (ada, bea):
        assert not app_errors(d.page), d.page.console_errors


# ---- issue 39, stage 2: public draws by commit and reveal -------------------------------------
LAP_WORDS = {"en": {"creator": "The game starts once each friend has joined", "back": "send the link back to",
                    "invite": "{a} invites you to a game of Spyrium as {b}", "join": "Join as {b}", "wait": "Waiting for",
                    "refused": "does not follow from the seats’ commitments", "details": "Details",
                    "technical": r"draw \d+ of the record"},
             "it": {"creator": "La partita comincia quando tutti sono entrati", "back": "rimanda il link a",
                    "invite": "{a} ti invita a una partita di Spyrium come {b}", "join": "Entra come {b}", "wait": "In attesa che",
                    "refused": "non deriva dagli impegni dei giocatori", "details": "Dettagli",
                    "technical": r"la pescata \d+ della registrazione"}}


def both_widths(page, viewport: dict, other: dict, name: str, selector: str) -> None:
    """Screenshots of ``page`` at both widths, ``selector`` seen without scrolling in each."""
    for size in (viewport, other):
        page.set_viewport_size(size)
        above_the_fold(page, selector)
        shot(page, f"{name}_{size['width']}")
    page.set_viewport_size(viewport)


def forged_set_up(link: str, seal: dict) -> str:
    """The creator's first dealt link with one public draw of its set-up replaced by another
    possible one, and every segment from the deal on signed again with the creator's keys
    (``seal``: its device's stored ``Distance.seal``, read from its storage): what a dishonest
    creator's device would send. Each signature holds; the draw does not follow from the
    seats' commitments."""
    from engines.core.seal import seal_segment, unb64
    from tavolo_ui.revealed import parse_revealed, revealed_fragment
    from tests.ui.test_distance_revealed_page import replace_a_draw

    base, fragment = link.split("#", 1)
    parsed = parse_revealed("#" + fragment)
    players, whole = parsed.record.players, seal["transcript"]
    assert parsed.first == players and whole[players:] == parsed.segments  # the receiver holds the lap
    deal_end = whole[players]["c"][1]
    forged = replace_a_draw(parsed.record, 0, deal_end)  # the moves and draws after it still fit
    assert forged is not None, "no set-up draw with another possible outcome"
    transcript = whole[:players]
    for segment in whole[players:]:
        key = SeatKey.from_text(seal["keys"][str(segment["seat"])])
        transcript = seal_segment(forged, transcript, segment["seat"], key, segment["a"][1], segment["c"][1],
                                  gid=parsed.gid, anchor=unb64(segment.get("anchor"), 32),
                                  reveal=unb64(segment.get("reveal"), 32))
    return base + revealed_fragment(forged, parsed.gid, parsed.seat, transcript, players)


@pytest.mark.parametrize("lang, viewport, other", RUNS, ids=["en-1280", "it-390"])
def test_revealed_lap_and_forged_set_up_refused(new_context, base_url, lang, viewport, other):
    """A new game at a distance starts with the set-up lap: Ada's send box says the game
    starts once Bea has joined; Bea's first link welcomes her to Ada's game as Bea, her device
    joins (one click) and her send box sends it back to Ada; back on Ada's device the set-up
    is dealt and the table shows. A set-up with one public draw replaced (re-signed with
    Ada's own keys, on CPython) is refused on Bea's device, naming Ada; the genuine link opens."""
    w = LAP_WORDS[lang]
    a, b = isolate("Ada"), isolate("Bea")
    ada = Device(new_context, base_url, viewport, lang, 0)
    start_far_game(ada, "spyrium")
    ada.page.wait_for_selector("#lap-wait")
    ada.page.wait_for_selector("#send-box .move-link")
    assert ada.page.inner_text("#send-box h3") == w["creator"]
    assert w["wait"] in ada.page.inner_text("#status") and b in ada.page.inner_text("#status")
    nothing = ada.page.get_attribute("#board", "data-hits") in (None, "", "[]")
    assert nothing and ada.page.locator("#actions button.act").count() == 0  # no board before the set-up
    for button in ("#review-btn", "#savecopy", "#hints-btn"):  # nothing to replay or copy: they would deal a set-up
        assert ada.page.locator(button).count() == 0 or ada.page.locator(button).is_hidden(), button
    both_widths(ada.page, viewport, other, f"lap_creator_send_box_{lang}", "#send-box")
    l1 = send_link(ada.page, 1)
    assert "t4" == l1.split("#", 1)[1].split(".")[4]

    bea = Device(new_context, base_url, viewport, lang, 1, link=l1)
    open_link(bea, l1, "Bea", confirm=False, go=False)
    assert bea.page.inner_text("#handoff h2") == w["invite"].format(a=a, b=b)  # no move, no table yet
    assert bea.page.inner_text("#handoff button[data-cmd='handoff']") == w["join"].format(b=b)
    both_widths(bea.page, viewport, other, f"lap_friend_welcome_{lang}", "#handoff button[data-cmd='handoff']")
    bea.page.click("#handoff button[data-cmd='handoff']")
    bea.page.wait_for_selector("#send-box .move-link")
    assert w["back"] in bea.page.inner_text("#send-box h3") and bea.page.locator("#move-link-0").count() == 1
    both_widths(bea.page, viewport, other, f"lap_friend_send_box_{lang}", "#send-box")
    l2 = send_link(bea.page, 0)

    ada.page.goto(l2)  # Ada's own device: no hand-off; the set-up is dealt and the table shows
    ada.page.wait_for_function("() => document.body.dataset.screen === 'table' && !document.querySelector('#lap-wait')"
                               " && (document.querySelector('#send-box .move-link')"
                               " || document.querySelectorAll('#actions .act-list > button').length > 0)",
                               timeout=60_000)
    both_widths(ada.page, viewport, other, f"lap_creator_dealt_{lang}", "#status")
    l3 = play_first_choices(ada, 0)
    seal = next(x for x in saves_in(ada.page) if "distance" in x)["distance"]["seal"]
    bad = forged_set_up(l3, seal)

    before = saves_in(bea.page)
    bea.page.goto(bad)
    bea.page.wait_for_function("() => document.body.dataset.screen === 'home' && document.querySelector('#banner.error')",
                               timeout=60_000)
    reason = bea.page.inner_text("#banner .banner-msg")
    assert w["refused"] in reason.replace("'", "’") and a in reason, reason
    bea.page.click("#banner details summary")  # the technical reason, in the page's language too
    shown = bea.page.evaluate(DETAILS_JS)
    assert shown["summary"] == w["details"] and shown["label"] == "", shown  # no "not translated" label
    assert re.fullmatch(w["technical"], shown["detail"]), shown
    both_widths(bea.page, viewport, other, f"lap_forged_set_up_details_{lang}", "#banner details pre")
    assert saves_in(bea.page) == before  # nothing of it kept
    open_link(bea, l3, "Bea", handoff=False)  # the genuine link opens
    for d in (ada, bea):
        assert not app_errors(d.page), d.page.console_errors


@functools.cache
def myraclia_to_the_end():
    """``tests/ui``'s ``play_to_the_end`` of Myraclia, played once for both runs."""
    from tests.ui.test_distance_lap_page import play_to_the_end
    return play_to_the_end("myraclia")


END_WORDS = {"en": {"verified": "Verified: every move was signed on its player’s device, and every draw follows",
                    "unprotected": "Not protected:", "more": "Read more"},
             "it": {"verified": "Partita verificata: ogni mossa è stata firmata sul dispositivo del suo giocatore",
                    "unprotected": "Non protetto:", "more": "Leggi di più"}}


def end_checked_fits(page) -> None:
    """The end screen's words on the whole game verified, scrolled to, fit the page's width:
    inside the viewport, no line cut off or running out of its box."""
    el = page.locator("#end-checked")
    # the table is laid out again for a new width just after the resize: nothing runs out of the page then
    page.wait_for_function("() => document.documentElement.scrollWidth <= window.innerWidth", timeout=10_000)
    el.scroll_into_view_if_needed()
    box, view = el.bounding_box(), page.viewport_size
    assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= view["width"], (box, view)
    assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"] + 1, (box, view)  # scrolled to, to the pixel
    assert page.evaluate("[...document.querySelectorAll('#end-checked, #end-checked *')]"
                         ".every(e => e.scrollWidth <= e.clientWidth + 1)")


@pytest.mark.parametrize("lang, viewport, other", RUNS, ids=["en-1280", "it-390"])
def test_the_end_screen_says_the_whole_game_is_verified(new_context, base_url, lang, viewport, other):
    """A whole Myraclia game at a distance is played between two simulated devices in CPython
    (``myraclia_to_the_end``, about 4 s); the browser is the device that receives the final
    table (its storage as it was before it), which opens it: the game is over there, its
    device verifies the whole game, and the end screen says "Verified" with what that does
    not protect and Read more, at both widths."""
    w = END_WORDS[lang]
    _last, receiver, final = myraclia_to_the_end()
    seat = receiver.info.mine[0]
    device = Device(new_context, base_url, viewport, lang, seat, storage=storage_state(base_url, stored(receiver)))
    device.page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    open_link(device, f"{base_url}index.html{final}", ["Ada", "Bea"][seat], handoff=False)
    page = device.page
    page.wait_for_function("() => document.body.dataset.over === '1'"
                           " && document.querySelector('#end-checked[data-audit=\"verified\"]')", timeout=60_000)
    words = page.inner_text("#end-checked")
    assert words.startswith(w["verified"]) and w["unprotected"] in words and w["more"] in words, words
    page.click("#end-checked details.more summary")  # Read more: what a link protects and what not
    assert "Myraclia" in page.inner_text("#end-checked details.more p")
    for size in (viewport, other):
        page.set_viewport_size(size)
        end_checked_fits(page)
        shot(page, f"far_end_verified_{lang}_{size['width']}")
    assert not app_errors(page), page.console_errors
