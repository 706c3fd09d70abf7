"""Driving a whole game in the page, shared by the per-game browser tests.

The page's game is mirrored on CPython: the autosave in localStorage is replayed with the
engine and checked against the page's state hash (``body.dataset.stateHash``), so a test
can choose the human's moves with a bot and then play them by clicking.
"""

from __future__ import annotations

import json
import time
import zlib

from engines.core.game import Game
from engines.core.record import deal_from, parse_record, positions, replay

from tavolo_ui.bidi import isolate
from tavolo_ui.choices import level

from ..ui.picker import picker_choices
from .conftest import shot


def body(page, key: str) -> str:
    """A ``data-*`` attribute of <body> that the shell exposes for tests ('' if unset)."""
    return page.evaluate(f"document.body.dataset.{key} || ''")


def fill_seed(page, seed) -> None:
    """The seed typed into the New game form, under its Advanced disclosure (opened first)."""
    if page.locator("#advanced").get_attribute("open") is None:
        page.click("#advanced > summary")
    page.fill("#seed", str(seed))


def start_game(page, game: str, seats: list[tuple[str, str]], seed: int | None) -> None:
    """From the home screen: the new-game form filled with ``seats`` (name, kind), started;
    ``seed`` typed (None: none, every draw from entropy)."""
    page.click(f".game-card[data-game='{game}'] button[data-cmd='new']")
    page.wait_for_function("() => document.body.dataset.screen === 'new'")
    page.select_option("#players", str(len(seats)))
    page.wait_for_function(f"() => document.querySelectorAll('.seat').length === {len(seats)}")
    for i, (name, kind) in enumerate(seats):
        page.locator(".seat-name").nth(i).fill(name)
        page.locator(".seat-kind").nth(i).select_option(kind)
    if seed is not None:
        fill_seed(page, seed)
    shot(page, f"{game}_page_01_new_game")
    page.click("#start")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")


def saved_record(page) -> dict:
    """The record of the one game autosaved in the page."""
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tavolo:v1:save:'))"
        ".map(k => localStorage.getItem(k))")
    assert len(saves) == 1, "one autosave expected"
    return json.loads(saves[0])["record"]


def state_hash(state) -> str:
    """The page's ``data-state-hash``: the position's JSON (a seeded dealer left out)."""
    return f"{zlib.crc32(state.model_dump_json(exclude={'dealer'}).encode()) & 0xFFFFFFFF:08x}"


class Mirror:
    """The page's game, replayed on CPython from its autosave (its moves and the chance
    outcomes the page dealt: ``replay``)."""

    def __init__(self, game: Game, record: dict):
        self.game = game
        self.record = parse_record(record)
        self.state = replay(self.record)
        self.applied = len(record["actions"])  # the moves replayed so far

    def catch_up(self, record: dict) -> None:
        """The mirror brought to ``record``: only its new moves and draws played when it goes
        on from the mirror's (a long game is not replayed from its start at every move)."""
        new = parse_record(record)
        old, n = self.record, self.applied
        dealt = getattr(self.state, "dealt", 0)
        if (new.model_dump(exclude={"actions", "chance"}) == old.model_dump(exclude={"actions", "chance"})
                and new.actions[:n] == old.actions[:n] and new.chance[:dealt] == old.chance[:dealt]):
            deal_from(self.game, new, self.state)  # the draws dealt since at the mirror's position
            for p in positions(self.game, new, self.state, first=n):
                self.state = p.after
        else:
            self.state = replay(new)
        self.record, self.applied = new, len(new.actions)

    def sync(self, page, timeout_s: float = 30) -> None:
        """Catch up with the page's autosave until the state hashes agree."""
        deadline = time.monotonic() + timeout_s
        while True:
            self.catch_up(saved_record(page))
            if state_hash(self.state) == body(page, "stateHash"):
                return
            assert time.monotonic() < deadline, "the autosave does not match the page's state"
            page.wait_for_timeout(100)


def board_hit_for(page, index: int):
    """The board region that plays exactly action ``index`` (x, y, w, h), if there is one."""
    hits = json.loads(page.get_attribute("#board", "data-hits") or "[]")
    for x, y, w, h, acts, *_ in hits:
        if acts == [index]:
            return x, y, w, h
    return None


def wait_my_turn_or_end(page, seat: int = 0, timeout_ms: int = 90_000) -> None:
    """Until the game is over or ``seat`` has action buttons to press."""
    page.wait_for_function(
        f"() => document.body.dataset.over === '1' || (document.body.dataset.toMove === '{seat}'"
        " && document.querySelectorAll('#actions button.act').length > 0)", timeout=timeout_ms)


def look_at_phone_width(page, name: str) -> None:
    """Screenshot the table at a phone width (390x844), check nothing scrolls sideways, and
    go back to the laptop size (1280x800)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width < 391")
    page.wait_for_timeout(300)
    shot(page, name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 700")
    page.wait_for_timeout(300)


def click_through(page, box: str, index: int) -> int:
    """Press the button that plays action ``index`` in ``box`` ("#actions" or "#chooser"),
    going down the step-by-step picker first when the list is a tree: the step button
    whose ``data-acts`` holds ``index``, again until the action's own button shows.
    Returns the number of step buttons pressed."""
    steps = 0
    while True:
        own = page.locator(f"{box} button.act[data-arg='{index}']")
        if own.count():
            own.click()
            return steps
        step = page.locator(f"{box} button.pick-step[data-acts~='{index}']")
        assert step.count() == 1, f"no button leads to action {index} in {box}"
        step.click()
        steps += 1
        assert steps < 12, "the picker does not end"


def click_action(page, index: int, clicks: dict[str, int], timeout_ms: int = 60_000) -> None:
    """Play action ``index`` by clicking its own spot on the board if it has one, else its
    button (through the picker's steps); count the click in ``clicks`` ("board"/"button",
    and "step" for each step of the picker) and wait until it is played."""
    before = int(body(page, "actions"))
    hit = board_hit_for(page, index)
    if hit is not None:
        x, y, w, h = hit
        page.click("#board", position={"x": x + w / 2, "y": y + h / 2})
        clicks["board"] += 1
    else:
        clicks["step"] = clicks.get("step", 0) + click_through(page, "#actions", index)
        clicks["button"] += 1
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}", timeout=timeout_ms)


def assert_first_level(page, game: Game, state, seat_names: list[str]) -> None:
    """The side panel shows the picker's first level for ``state``, as the shell builds it
    (every legal action when the list is short): one button per option, each reading
    differently (an action's button its label, a step's button its step and "N ways"), with
    the seats' names (isolated: ``tavolo_ui.bidi``) for "Player N", and together they lead to
    every legal action."""
    legal, choices = picker_choices(game, state)
    top = level(choices, [])
    buttons = page.locator("#actions .act-list > button")
    assert buttons.count() == len(top.options) <= len(legal)
    labels = [x.split("\n")[0].strip() for x in buttons.all_inner_texts()]
    assert len(set(labels)) == len(labels), labels
    expected = [o.text for o in top.options]
    for i in range(len(seat_names), 0, -1):
        expected = [x.replace(f"Player {i}", isolate(seat_names[i - 1])) for x in expected]
    assert labels == expected
    assert sorted(i for o in top.options for i in o.indexes) == list(range(len(legal)))


def play_hot_seat(page, game: Game, seats: list[tuple[str, str]], choose, rng, budget_s: float,
                  clicks: dict[str, int]) -> dict:
    """Play the page's game by clicks for every human seat (hot-seat) until it is over or
    ``budget_s`` has passed; bots play by themselves. At each change of human the handoff
    screen must name the next player while the table is hidden (no action buttons, a blank
    board) and is passed by clicking it. ``choose(game, state, rng)`` picks each move.
    Returns {"over", "handoffs", "moves": per seat, "kinds": the types of the moves clicked}."""
    t0 = time.monotonic()
    names = [name for name, _ in seats]
    humans = {i for i, (_, kind) in enumerate(seats) if kind == "human"}
    mirror = None
    handoffs, moves, kinds = 0, {i: 0 for i in humans}, set()
    while time.monotonic() - t0 < budget_s:
        page.wait_for_function(
            "() => document.body.dataset.over === '1' || document.body.dataset.handoff !== ''"
            " || document.querySelectorAll('#actions button.act').length > 0", timeout=90_000)
        if body(page, "over") == "1":
            break
        nxt = body(page, "handoff")
        if nxt:
            seat = int(nxt)
            assert seat in humans
            assert page.inner_text("#handoff-name") == isolate(names[seat])
            assert page.locator("#actions button.act").count() == 0, "choices shown behind the handoff"
            assert page.get_attribute("#board", "data-hits") in (None, "", "[]"), "board drawn behind the handoff"
            # the header stays usable above the handoff (Home, the game's name, Share), and
            # nothing in it can show a table (Review, Undo...)
            on_top = page.evaluate("""() => ['header .brand', '#share-btn'].every(sel => {
                const el = document.querySelector(sel), r = el.getBoundingClientRect();
                return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })""")
            assert on_top, "Home and Share are covered by the handoff screen"
            assert not page.locator("#review-btn").is_visible() and not page.locator("#undo").is_visible()
            if handoffs == 0:
                shot(page, f"{game.name}_hot_seat_handoff")
            page.click("#handoff button[data-cmd='handoff']")
            page.wait_for_function("() => document.body.dataset.handoff === ''")
            handoffs += 1
            continue
        if mirror is None:
            mirror = Mirror(game, saved_record(page))
        mirror.sync(page)
        state = mirror.state
        seat = game.to_move(state)
        assert seat in humans and body(page, "toMove") == str(seat)
        assert_first_level(page, game, state, names)
        legal = game.legal_actions(state)
        action = choose(game, state, rng)
        click_action(page, legal.index(action), clicks)
        kinds.add(str(game.dump_action(action).get("type", "")))
        moves[seat] += 1
    return {"over": body(page, "over") == "1", "handoffs": handoffs, "moves": moves, "kinds": kinds}


def open_and_start(page, base_url: str, game: str, seats: list[tuple[str, str]], seed: int) -> None:
    """At the laptop size (1280x800): the app opened, the game started from the home screen."""
    from .conftest import open_app

    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, base_url)
    start_game(page, game, seats, seed)


def seeded_session(game: Game, seats: list[tuple[str, str]], seed: int):
    """A new game of ``seats`` dealt from ``seed`` on CPython (``tavolo_ui.session.Session``),
    as the page deals a game started with a typed seed."""
    from engines.core.record import new_record
    from tavolo_ui.session import Session

    return Session.load(new_record(game, len(seats), seed, seats=[{"name": n, "kind": k} for n, k in seats]))


def seeded_line(game: Game, seats: list[tuple[str, str]], seed: int, choose) -> list[str]:
    """The type of every move of the whole game ``open_position`` plays (``choose`` for every
    seat, its ``Rng`` from ``seed``), in order: where a test opens the page, and what kinds of
    move a person plays in it."""
    from engines.core.rng import Rng

    session, rng, kinds = seeded_session(game, seats, seed), Rng.from_seed(seed), []
    while not session.is_over():
        action = choose(game, session.state, rng)
        kinds.append(str(game.dump_action(action).get("type", "")))
        session.apply(action)
    return kinds


def open_position(page, base_url: str, game: Game, seats: list[tuple[str, str]], seed: int, choose,
                  reached, rng=None) -> int:
    """At the laptop size (1280x800): a game of ``seats`` dealt from ``seed`` and played on
    CPython by ``choose(game, state, rng)`` for every seat until ``reached(state)`` (or, when
    ``reached`` is a number, until that many moves are played), put in the page's storage as
    this device's save of the game on the table, and the page opened on it (a reload resumes
    it). A save of this device's seeded game goes on dealt by its seed, as a game started with
    a typed seed does. ``rng`` (default: a new one from ``seed``) is left where these moves
    left it, so a test choosing the next moves with it goes on as ``seeded_line`` does.
    Returns the moves played before. A test that needs the end of a game, not its start,
    starts here (suite time)."""
    from engines.core.rng import Rng
    from tavolo_ui.saves import DictStorage, Saves

    from .conftest import wait_ready

    session = seeded_session(game, seats, seed)
    rng = Rng.from_seed(seed) if rng is None else rng
    done = (lambda state: len(session.record.actions) >= reached) if isinstance(reached, int) else reached
    while not done(session.state):
        assert not session.is_over(), "the game ended before the position wanted"
        session.apply(choose(game, session.state, rng))
    storage = DictStorage()
    saves = Saves(storage)
    sid = saves.new_id()
    assert saves.put(sid, game.title, session.record.model_dump(mode="json")) is None
    assert saves.set_last(sid) is None
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "pyscript.json")  # the page's origin, before the page runs
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", storage.data)
    page.goto(base_url + "index.html")
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    return len(session.record.actions)


def my_turns(page, game: Game, seat: int = 0):
    """Each position where ``seat`` must act, mirrored on CPython (the page's state hash
    checked), until the game is over; asserts the engine agrees that ``seat`` is to move."""
    mirror = None
    while True:
        wait_my_turn_or_end(page, seat)
        if body(page, "over") == "1":
            return
        if mirror is None:
            mirror = Mirror(game, saved_record(page))
        mirror.sync(page)
        assert game.to_move(mirror.state) == seat
        yield mirror.state


def wait_my_choices(page, timeout: int = 90_000) -> None:
    """Until seat 0 is to move and has action buttons."""
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && document.querySelector('#actions button.act')",
        timeout=timeout)


def play_one_move(page) -> None:
    """Click down the picker until an action is played (the action count grows)."""
    before = int(body(page, "actions"))
    for _ in range(6):
        page.click("#actions button.act >> nth=0")
        try:
            page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}", timeout=3_000)
            return
        except Exception:
            continue
    raise AssertionError("no move was played")


def board_spots(page) -> list[dict]:
    """The board's spots as the page exposes them (``data-hits``): x, y, w, h, the legal
    action indexes, whether a tip is shown, the coach's probe (the move the spot stands for
    when it is not legal now) and the reference id."""
    rows = json.loads(page.get_attribute("#board", "data-hits") or "[]")
    return [{"x": r[0], "y": r[1], "w": r[2], "h": r[3], "actions": r[4], "tip": r[5],
             "probe": r[6] if len(r) > 6 else None, "ref": r[7] if len(r) > 7 else None} for r in rows]


def click_spot(page, spot: dict) -> None:
    """Click the middle of a board spot (as a person would)."""
    page.click("#board", position={"x": spot["x"] + spot["w"] / 2, "y": spot["y"] + spot["h"] / 2})


def coach_note(page, spot: dict) -> dict:
    """Click a spot that is not a legal choice and read the note that opens: the coach's
    reason (``why``, '' if none), the spot's text (``tip``) and the rule link's target
    (``rule``: its ``data-arg``, '' if none). The page's state must not change."""
    before = body(page, "stateHash")
    click_spot(page, spot)
    page.wait_for_selector("#note:not([hidden])", timeout=10_000)
    note = page.evaluate("""() => {
        const n = document.getElementById('note');
        const part = sel => (n.querySelector(sel) || {}).textContent || '';
        const rule = n.querySelector('button.rule-link');
        return {why: part('.coach-why'), tip: part('.coach-tip'), rule: rule ? rule.dataset.arg : ''};
    }""")
    assert body(page, "stateHash") == before, "a click on a spot that is not legal changed the game"
    return note


def open_rule_from_note(page) -> str:
    """Press the open note's "Rule" link; the id of the reference entry the How to play view
    scrolled to (it must hold the focus), after closing the view again."""
    page.click("#note button.rule-link")
    page.wait_for_selector("#rules-view", timeout=10_000)
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#rules-view')"
                           " && document.activeElement.classList.contains('ref')")
    ident = page.evaluate("document.activeElement.id")
    # the contents mark where the view is: "Reference", never a section under the pointer
    marked = page.evaluate("() => [...document.querySelectorAll('#rules-view .toc a[aria-current]')]"
                           ".map(a => a.dataset.arg)")
    assert marked == ["reference"], marked
    page.click("#rules-close")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    return ident
