"""The end of a game of Citadels in the page, by clicks: 1 human and 2 heuristic bots.

The game opens at the draft of round 4 (rounds 1-3 played on CPython by the heuristic bot
for every seat, from the seed, and put in the page's storage as its save of the game on the table: ``open_position``), and is
played from there to its end, about half of a whole game: every round has the draft, the
characters' calls and their turns, so each kind of move is still met (a whole game from the
New game form took 166 s of the suite's time; starting a game from the home screen is shown
by the other tests). The human's moves are chosen by the engine's
heuristic bot run here on CPython (on a replay of the page's autosave, checked against the
page's state hash) and played by clicking: on the canvas board whenever the move has a
place of its own there, else on its button in the action list. The end-of-game score
table must appear. Screenshots (test-output/screens/citadels_page_*.png) at the laptop
size (1280x800) and, once, at a phone width (390x844).

Needs ``python build.py`` first.
"""

from __future__ import annotations

import time

import pytest

from engines import get_game
from engines.citadels.bot import choose as heuristic
from engines.core.rng import Rng
from tavolo_ui.bidi import isolate
from tests.web.conftest import app_errors, shot
from tests.web.pagedriver import click_action, look_at_phone_width, my_turns, open_and_start, open_position

pytestmark = pytest.mark.browser

GAME = get_game("citadels")
SEATS = [("Ada", "human"), ("Bot Bruno", "bot:heuristic"), ("Bot Carla", "bot:heuristic")]
SEED = 7
BUDGET_S = 230          # the whole test stays under about 4 minutes
START_ROUND = 4         # the page plays from this round's draft to the end


def test_citadels_game_played_to_the_end_by_clicks(page, base_url):
    t0 = time.monotonic()
    open_position(page, base_url, GAME, SEATS, SEED, heuristic, lambda state: state.round == START_ROUND)
    shot(page, "citadels_page_02_round_4_draft")
    rng = Rng.from_seed(SEED)
    clicks = {"board": 0, "button": 0}
    phone_done = False
    shots = {5: "citadels_page_03_early", 20: "citadels_page_04_middle"}
    for state in my_turns(page, GAME):
        legal = GAME.legal_actions(state)
        # the buttons are the legal actions, in order, and each reads differently
        buttons = page.locator("#actions button.act")
        assert buttons.count() == len(legal)
        labels = buttons.all_inner_texts()
        assert len(set(labels)) == len(labels), labels
        action = heuristic(GAME, state, rng)
        index = legal.index(action)
        n = clicks["board"] + clicks["button"]
        if n in shots:
            shot(page, shots[n])
        if not phone_done and n >= 10 and state.phase == "turn":
            look_at_phone_width(page, "citadels_page_05_phone")
            phone_done = True
        click_action(page, index, clicks, timeout_ms=20_000)
        assert time.monotonic() - t0 < BUDGET_S, f"the game takes too long ({clicks})"
    # the end: the score table by category, the winner named
    page.wait_for_selector("#results:not([hidden])")
    shot(page, "citadels_page_06_end")
    rows = page.locator("#results table.score tbody tr")
    assert rows.count() == len(SEATS)
    head = page.inner_text("#results table.score thead").lower()
    assert "districts" in head and "five colours" in head
    assert clicks["board"] >= 1 and clicks["button"] + clicks["board"] >= 20, clicks
    assert not app_errors(page), page.console_errors
    print(f"played to the end in {time.monotonic() - t0:.0f}s with {clicks}")


def test_coach_says_why_a_district_cannot_be_built_and_links_its_rule(page, base_url):
    """During the draft, a district in the hand cannot be built: a click on it says why (the
    engine's own reason, in the page's language) and its Rule link opens the reference there."""
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    from tests.web.pagedriver import board_spots, coach_note, open_rule_from_note, body, wait_my_choices
    wait_my_choices(page)
    hand = [s for s in board_spots(page) if s["probe"] and s["probe"].get("type") == "build"]
    assert hand, "the hand's districts carry the move they stand for"
    note = coach_note(page, hand[0])
    assert note["why"] and note["rule"].startswith("citadels#ref-")
    ident = open_rule_from_note(page)
    assert ident == "ref-choosing-characters"  # the refusing rule: districts are built after the selection
    assert not app_errors(page)


def _named(text: str) -> str:
    """A reason as the page shows it: "Player N" / "Giocatore N" replaced by the seat's name,
    isolated (``tavolo_ui.bidi``)."""
    for i in range(len(SEATS), 0, -1):
        text = text.replace(f"Player {i}", isolate(SEATS[i - 1][0])).replace(f"Giocatore {i}", isolate(SEATS[i - 1][0]))
    return text


def test_coach_explains_a_character_and_the_deck_out_of_reach_in_both_languages(page, base_url):
    """In the first draft, a character not handed to the player and the deck are not legal
    choices: a click on each opens the coach's note with the engine's own reason (computed
    here on a mirror of the page's game), in English and then in Italian, and the note's
    Rule link opens How to play at that character."""
    from engines.citadels.components import CHARACTERS
    from tests.web.pagedriver import Mirror, board_spots, coach_note, open_rule_from_note, saved_record, wait_my_choices
    t0 = time.monotonic()
    open_and_start(page, base_url, GAME.name, SEATS, SEED)
    wait_my_choices(page)
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    state = mirror.state

    def spot_of(kind: str) -> dict:
        spots = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == kind]
        assert spots, f"no spot stands for a {kind} move"
        return spots[0]

    char = spot_of("choose_character")
    rank = char["probe"]["rank"]
    why = GAME.why_not(state, char["probe"])
    assert why is not None and rank not in state.draft_cards
    note = coach_note(page, char)
    assert note["why"] == _named(why.render("en")) and note["why"]
    assert why.rule == "choosing-characters" and note["rule"] == "citadels#ref-choosing-characters"
    shot(page, "citadels_coach_en")
    assert open_rule_from_note(page) == "ref-choosing-characters"

    deck = spot_of("draw_cards")
    note = coach_note(page, deck)
    assert note["why"] == _named(GAME.why_not(state, deck["probe"]).render("en"))
    assert note["rule"] == "citadels#ref-choosing-characters"  # no income during the selection

    page.click("button[data-cmd='lang'][data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    char = [s for s in board_spots(page) if s["probe"] == {"type": "choose_character", "rank": rank}][0]
    note = coach_note(page, char)
    assert note["why"] == _named(why.render("it")) != why.render("en")
    shot(page, "citadels_coach_it")
    assert open_rule_from_note(page) == "ref-choosing-characters"
    assert not app_errors(page), page.console_errors
    assert time.monotonic() - t0 < 90, "the coach's test takes too long"


def _bishop_record() -> tuple[dict, object]:
    """A 3-player game (seed 4, the heuristic bot for every seat) up to Ada's Warlord
    destroying a district while the Bishop protects another player's city (the issue's own
    example): the record (Ada human, the others bots) and the state there."""
    from engines.citadels.rules import bishop_protects
    from engines.core.record import new_record
    state = GAME.new_game(3, 4)
    rng = Rng.from_seed(4)
    rec = new_record(GAME, 3, 4, seats=[{"name": n, "kind": k} for n, k in SEATS])
    while not (GAME.to_move(state) == 0 and state.phase == "warlord"
               and any(bishop_protects(state, p) and state.cities[p] for p in range(1, 3))):
        action = heuristic(GAME, state, rng)
        rec.actions.append(GAME.dump_action(action))
        GAME.apply(state, action)
    return rec.model_dump(mode="json"), state


def test_coach_says_the_bishop_protects_this_city_in_both_languages(page, base_url):
    """A shared position: Ada's Warlord may destroy, but the Bishop protects one city. A click
    on a district there says so (the engine's reason, with the seat's name), in English and
    in Italian, and its Rule link opens the reference at that district."""
    from tavolo_ui.links import make_fragment
    from tests.web.conftest import wait_ready
    from tests.web.pagedriver import Mirror, board_spots, coach_note, open_rule_from_note, saved_record
    t0 = time.monotonic()
    rec, state = _bishop_record()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "index.html" + make_fragment(rec, "play"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.toMove === '0'"
                           " && document.querySelectorAll('#actions button.act').length > 0")
    mirror = Mirror(GAME, saved_record(page))
    mirror.sync(page)
    assert mirror.state == state  # the same position (the seeded dealer of ``state`` aside)
    spots = [s for s in board_spots(page) if s["probe"] and s["probe"]["type"] == "destroy"
             and "Bishop protects" in str(GAME.why_not(state, s["probe"]))]
    assert spots, "no district of a protected city on the board"
    spot = spots[0]
    why = GAME.why_not(state, spot["probe"])
    note = coach_note(page, spot)
    assert note["why"] == _named(why.render("en")) and "Bot " in note["why"]
    assert why.rule == "bishop" and note["rule"] == "citadels#ref-bishop"  # the Bishop's card protects
    shot(page, "citadels_coach_bishop_en")
    assert open_rule_from_note(page) == "ref-bishop"
    page.click("button[data-cmd='lang'][data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    spot = [s for s in board_spots(page) if s["probe"] == spot["probe"]][0]
    note = coach_note(page, spot)
    assert note["why"] == _named(why.render("it")) and note["why"].startswith("Il Predicatore protegge")
    shot(page, "citadels_coach_bishop_it")
    assert not app_errors(page), page.console_errors
    assert time.monotonic() - t0 < 90, "the coach's test takes too long"
