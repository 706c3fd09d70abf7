"""A game of Myraclia in the page, by clicks: 1 human and 1 heuristic bot.

The game is started from the home screen; the human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there (a Draft-board column, a tile, a new tile's space), else on its
button in the action list. The game is played to the end-of-game score table when that
fits in the time budget (about 4 minutes), else for as long as the budget allows (at least
a whole round). Screenshots (test-output/screens/myraclia_page_*.png) at the laptop size
(1280x800) and, once, at a phone width (390x844). A second test opens a shared position
where one tile can be paid in 30+ ways and picks one payment step by step (issue 6), in
the board's chooser and in the side panel; a third goes back up those steps with Escape.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import json
import time
from collections import Counter

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.myraclia.bot import choose as heuristic
from engines.core.record import new_record
from tavolo_ui.bidi import isolate
from tavolo_ui.choices import HANDFUL, level, make_choices
from tavolo_ui.links import make_fragment
from tests.web.conftest import app_errors, shot, wait_ready
from tavolo_ui.rules_page import ref_anchor
from tests.web.pagedriver import (Mirror, assert_first_level, body, board_spots, click_action, click_through,
                                   coach_note, look_at_phone_width, my_turns, open_and_start,
                                   open_rule_from_note, saved_record, wait_my_choices)

pytestmark = pytest.mark.browser

GAME = get_game("myraclia")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic")]
SEED = 11
BUDGET_S = 230          # the whole test stays under about 4 minutes


def test_myraclia_game_played_by_clicks(page, base_url):
    t0 = time.monotonic()
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    shot(page, "myraclia_page_02_first_draft")
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phases: set[str] = set()
    phone_done = False
    shots = {"terraform": "myraclia_page_03_terraform", "place": "myraclia_page_04_new_tiles"}
    rounds = 1
    for state in my_turns(page, GAME):
        rounds = state.round
        legal = GAME.legal_actions(state)
        assert_first_level(page, GAME, state, [name for name, _ in SEATS])
        if state.phase in shots and state.phase not in phases:
            shot(page, shots[state.phase])
        phases.add(state.phase)
        if not phone_done and state.phase == "terraform" and state.round >= 2:
            look_at_phone_width(page, "myraclia_page_05_phone")
            phone_done = True
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        click_action(page, index, clicks, timeout_ms=60_000)
        if time.monotonic() - t0 > BUDGET_S:
            break  # a substantial part played: checked below
    over = body(page, "over") == "1"
    assert clicks["board"] >= 1 and clicks["button"] + clicks["board"] >= 20, clicks
    assert {"draft", "terraform"} <= phases, phases
    if over:  # the end: the score table by category, the winner named
        page.wait_for_selector("#results:not([hidden])")
        shot(page, "myraclia_page_06_end")
        rows = page.locator("#results table.score tbody tr")
        assert rows.count() == len(SEATS)
        head = page.inner_text("#results table.score thead").lower()
        assert "largest area" in head and "surface types" in head
    else:
        assert rounds >= 2, "not even a whole round was played in the time budget"
        shot(page, "myraclia_page_06_stopped")
    print(f"myraclia page: over={over} rounds={rounds} clicks={clicks} "
          f"{time.monotonic() - t0:.0f}s")
    assert not app_errors(page), page.console_errors


def _choices(state):
    """The picker's choices for ``state``, as the shell builds them."""
    return make_choices([(i, GAME.action_steps(state, a), GAME.action_label(state, a))
                         for i, a in enumerate(GAME.legal_actions(state))])


def _pays_per_tile(state) -> Counter:
    return Counter(a.tile for a in GAME.legal_actions(state) if a.type == "terraform")


def _deepest_payment():
    """The shared position with many payments: (record, state, legal actions, their choices,
    the tile with the most payments, the index of its payment with the most steps, those
    steps)."""
    rec, state = _many_payments_record()
    legal = GAME.legal_actions(state)
    choices = _choices(state)
    tile = _pays_per_tile(state).most_common(1)[0][0]
    target = max((i for i, a in enumerate(legal) if a.type == "terraform" and a.tile == tile),
                 key=lambda i: (len(choices[i].steps), -i))
    return rec, state, legal, choices, tile, target, list(choices[target].steps)


def _many_payments_record() -> tuple[dict, object]:
    """A 2-player game (seed 31, the bot's moves and 1 in 3 random) up to Ada's
    terraforming turn with a tile she can pay in 20+ ways; the record (Ada human, Bruno
    a bot) and the state there."""
    state = GAME.new_game(2, 31)
    rng = Rng.from_seed(31)
    rec = new_record(GAME, 2, 31, seats=[{"name": "Ada", "kind": "human"},
                                         {"name": "Bruno", "kind": "bot:heuristic"}])
    while not (GAME.to_move(state) == 0 and state.phase == "terraform"
               and max(_pays_per_tile(state).values(), default=0) >= 20):
        legal = GAME.legal_actions(state)
        action = rng.choice(legal) if rng.below(3) == 0 else heuristic(GAME, state, rng)
        rec.actions.append(GAME.dump_action(action))
        GAME.apply(state, action)
    return rec.model_dump(mode="json"), state


def _crumbs(page, box: str) -> list[str]:
    return [t.strip() for t in page.locator(f"{box} .pick-path > span").all_inner_texts()]


def test_myraclia_payment_picked_step_by_step(page, base_url):
    """Issue 6: a tile with dozens of payments. The panel shows the kinds of action, then
    the tile, the direct matches, the wildcards (breadcrumb and Back at each level); the
    last button plays exactly the payment chosen. The board's chooser for one tile walks
    the same way. Screenshots at 1280x800 and 390x844."""
    rec, state, legal, choices, tile, target, steps = _deepest_payment()
    assert legal[target].type == "terraform" and len(steps) >= 4, steps
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.toMove === '0'"
                           " && document.querySelectorAll('#actions button.act').length > 0")
    # the board: the tile's chooser is the same tree, for that tile's actions only
    hits = json.loads(page.get_attribute("#board", "data-hits"))
    x, y, w, h, spot = next(t for t in hits if target in t[4])[:5]
    here = [c for c in choices if c.index in spot]
    page.click("#board", position={"x": x + w / 2, "y": y + h / 2})
    page.wait_for_selector("#chooser:not([hidden])")
    shown = level(here, [])
    assert shown.path == steps[:2] == _crumbs(page, "#chooser")  # the kind and the tile: no choice
    assert page.locator("#chooser .act-list > button").count() == len(shown.options) <= HANDFUL
    page.click(f"#chooser button.pick-step[data-acts~='{target}']")
    assert _crumbs(page, "#chooser") == steps[:3]
    shot(page, "myraclia_page_07_chooser")
    page.click("#chooser .pick-back")
    assert page.locator("#chooser .act-list > button").count() == len(shown.options)
    page.click("#chooser button[data-cmd='close-chooser']")
    page.wait_for_selector("#chooser", state="hidden")
    # the side panel: kinds of action first, then down to the one payment
    top = page.locator("#actions .act-list > button")
    assert 2 <= top.count() <= HANDFUL < len(legal), top.count()
    assert page.locator("#actions .pick-back").count() == 0
    # down one level, Back, down again: the breadcrumb follows
    first = page.locator(f"#actions button.pick-step[data-acts~='{target}']")
    assert first.inner_text().startswith(steps[0])
    first.click()
    assert _crumbs(page, "#actions")[0] == steps[0]
    page.click("#actions .pick-back")
    assert page.locator("#actions .pick-back").count() == 0
    assert page.locator("#actions .act-list > button").count() == top.count()
    pressed = 0
    while page.locator(f"#actions button.act[data-arg='{target}']").count() == 0:
        page.click(f"#actions button.pick-step[data-acts~='{target}']")
        pressed += 1
        crumbs = _crumbs(page, "#actions")
        assert crumbs == steps[:len(crumbs)], crumbs
        assert page.locator("#actions .act-list > button").count() <= 14
        if pressed == 2:
            shot(page, "myraclia_page_08_picker")
            look_at_phone_width(page, "myraclia_page_09_picker_phone")
            assert _crumbs(page, "#actions") == crumbs  # a resize keeps the steps chosen
    assert pressed >= 3
    shot(page, "myraclia_page_10_picker_last_step")
    before = int(body(page, "actions"))
    page.click(f"#actions button.act[data-arg='{target}']")
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")
    assert saved_record(page)["actions"][-1] == GAME.dump_action(legal[target])
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    # a spot with a few actions: the chooser is the plain list, as before
    hits = json.loads(page.get_attribute("#board", "data-hits"))
    x, y, w, h, spot = max(hits, key=lambda t: len(t[4]))[:5]
    assert 1 < len(spot) <= HANDFUL
    page.click("#board", position={"x": x + w / 2, "y": y + h / 2})
    page.wait_for_selector("#chooser:not([hidden])")
    assert page.inner_text("#chooser .chooser-title") == "Which one?"
    assert page.locator("#chooser button.act").count() == len(spot)
    assert page.locator("#chooser .pick-step").count() == 0
    legal = GAME.legal_actions(mirror.state)
    before = int(body(page, "actions"))
    click_through(page, "#chooser", spot[0])
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}")
    assert saved_record(page)["actions"][-1] == GAME.dump_action(legal[spot[0]])
    assert not app_errors(page), page.console_errors


FOCUS_ON_FIRST = """(box) => document.activeElement === document.querySelector(box + ' .act-list button')"""


def _keyboard_order(page) -> list[list[int]]:
    """The board's legal spots in the order the arrow keys visit them (``TableAccess.spots``)."""
    rows = [r for r in json.loads(page.get_attribute("#board", "data-hits") or "[]") if r[4]]
    rows.sort(key=lambda r: (round(r[1] / 24), r[0], r[1]))
    return [r[4] for r in rows]


def _escape(page, box: str, crumbs: list[str]) -> None:
    """Press Escape in ``box``: its picker goes back to the level with breadcrumb ``crumbs``,
    still open, the focus on the first button of that level."""
    page.keyboard.press("Escape")
    try:
        page.wait_for_function("([box, n]) => document.querySelectorAll(box + ' .pick-path > span').length === n",
                               arg=[box, len(crumbs)], timeout=5_000)
    except Exception as exc:
        if "Timeout" not in type(exc).__name__:
            raise
        raise AssertionError(f"Escape did not go back one step in {box}: {_crumbs(page, box)}") from None
    assert _crumbs(page, box) == crumbs
    assert page.locator(f"{box}:not([hidden]) .act-list button").count() > 0, f"Escape closed the {box}"
    assert page.evaluate(FOCUS_ON_FIRST, box), f"the focus left the first button of {box}"


def test_escape_goes_back_one_step_of_the_picker(page, base_url):
    """In a choice made in several steps, Escape goes back one step, as Back does, with the
    focus on the first button of that level; the board's chooser (opened by keyboard) closes
    only at its first step, the focus back on the board; the side panel's picker stays at
    its first step."""
    rec, state, legal, choices, tile, target, steps = _deepest_payment()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.toMove === '0'"
                           " && document.querySelectorAll('#actions button.act').length > 0")
    played = body(page, "actions")
    # the board's chooser, by keyboard: the tile's spot, Enter, a step down, Escape twice
    order = _keyboard_order(page)
    spot = next(k for k, acts in enumerate(order) if target in acts)
    page.focus("#board")
    page.wait_for_function("() => document.body.dataset.spot === '0'")
    for _ in range(spot):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.body.dataset.spot === '{spot}'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chooser:not([hidden])")
    first = _crumbs(page, "#chooser")
    assert first == steps[:2] and page.locator("#chooser .pick-back").count() == 0
    page.focus(f"#chooser button.pick-step[data-acts~='{target}']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#chooser .pick-back')")
    assert _crumbs(page, "#chooser") == steps[:3]
    shot(page, "myraclia_escape_01_chooser_step")
    _escape(page, "#chooser", first)
    page.keyboard.press("Escape")  # at the first step: the chooser closes
    page.wait_for_selector("#chooser", state="hidden", timeout=5_000)
    assert page.evaluate("document.activeElement && document.activeElement.id") == "board"
    # the side panel: two steps down, then Escape back up to the first level
    top = page.locator("#actions .act-list > button").count()
    page.click(f"#actions button.pick-step[data-acts~='{target}']")
    one = _crumbs(page, "#actions")
    page.click(f"#actions button.pick-step[data-acts~='{target}']")
    assert len(_crumbs(page, "#actions")) > len(one) and _crumbs(page, "#actions") == steps[:len(_crumbs(page, "#actions"))]
    _escape(page, "#actions", one)
    shot(page, "myraclia_escape_02_panel_back")
    _escape(page, "#actions", [])
    assert page.locator("#actions .pick-back").count() == 0
    assert page.locator("#actions .act-list > button").count() == top
    page.keyboard.press("Escape")  # at the first level nothing changes
    assert page.locator("#actions .act-list > button").count() == top
    assert body(page, "actions") == played  # nothing was played
    assert not app_errors(page), page.console_errors


def _shown(text: str) -> str:
    """An engine text as the page shows it: "Player N" replaced by the seat's name,
    isolated (``tavolo_ui.bidi``)."""
    for i in range(len(SEATS), 0, -1):
        text = text.replace(f"Player {i}", isolate(SEATS[i - 1][0]))
    return text


def _coach_round(page, mirror, spot: dict, lang: str, name: str) -> None:
    """Click ``spot`` (not a legal choice): the note shows the engine's reason in ``lang``,
    the spot's text, and a Rule link that opens How to play at the refusing rule's entry (the
    spot's own entry when the refusal names none)."""
    reason = GAME.why_not(mirror.state, spot["probe"])
    assert reason is not None, spot
    note = coach_note(page, spot)
    assert note["why"] and note["why"] == _shown(reason.render(lang)), (note, reason.render(lang))
    assert note["tip"]
    link = reason.rule or spot["ref"]  # the refusing rule, else the spot's own entry
    assert note["rule"] == f"myraclia#{ref_anchor(link)}"
    shot(page, name)
    assert open_rule_from_note(page) == ref_anchor(link)


def test_coach_says_why_a_tile_cannot_be_terraformed_and_links_its_rule(page, base_url):
    """In the draft, a tile of the planet cannot be terraformed yet: a click on it says why
    (the engine's own reason, in the page's language) and its Rule link opens the reference
    at that tile; the same in Italian. Screenshots myraclia_coach_en / _it."""
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    wait_my_choices(page)
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    assert mirror.state.phase == "draft"
    played = body(page, "actions")
    tiles = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "terraform"]
    assert tiles and all(not s["actions"] and s["ref"] == s["probe"]["tile"] for s in tiles)
    spot = max(tiles, key=lambda s: (s["y"], s["x"]))  # a tile low on the planet: the note has room
    _coach_round(page, mirror, spot, "en", "myraclia_coach_en")
    # an empty Draft-board column, if there is one: its own reason
    empty = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "take"]
    for col in empty[:1]:
        note = coach_note(page, col)
        assert note["why"] == GAME.why_not(mirror.state, col["probe"]).render("en")
        assert note["rule"] == "myraclia#ref-draft-board"
    page.click("button[data-cmd='lang'][data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    spot_it = next(s for s in board_spots(page) if s["probe"] == spot["probe"])
    _coach_round(page, mirror, spot_it, "it", "myraclia_coach_it")
    assert body(page, "actions") == played  # nothing was played by the clicks
    assert not app_errors(page), page.console_errors


def _terraform_turn_record() -> tuple[dict, object]:
    """A 2-player game (seed 5, the heuristic bot for both) up to Ada's terraforming turn in
    round 2 or later, where some tile of the planet cannot be terraformed: the record (Ada
    human, Bruno a bot) and the state there."""
    state = GAME.new_game(2, 5)
    rng = Rng.from_seed(5)
    rec = new_record(GAME, 2, 5, seats=[{"name": "Ada", "kind": "human"},
                                        {"name": "Bruno", "kind": "bot:heuristic"}])
    while not (GAME.to_move(state) == 0 and state.phase == "terraform" and state.round >= 2):
        action = heuristic(GAME, state, rng)
        rec.actions.append(GAME.dump_action(action))
        GAME.apply(state, action)
    return rec.model_dump(mode="json"), state


def test_coach_in_a_terraforming_turn_names_the_tiles_rule(page, base_url):
    """A shared position in Ada's terraforming turn: a tile she cannot terraform says why
    (not next to a terraformed tile, taken, not payable...), as the engine says it."""
    rec, state = _terraform_turn_record()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.toMove === '0'"
                           " && document.querySelectorAll('#actions button.act').length > 0")
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    tiles = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "terraform"]
    assert tiles, "some tile cannot be terraformed"
    reasons = {}
    for s in tiles:
        reasons.setdefault(str(GAME.why_not(mirror.state, s["probe"])), s)
    assert len(reasons) >= 2, reasons  # the tiles name different causes
    spot = next((s for why, s in reasons.items() if "next to a terraformed" in why), tiles[0])
    _coach_round(page, mirror, spot, "en", "myraclia_coach_terraform")
    assert not app_errors(page), page.console_errors
