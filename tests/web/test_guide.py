"""Learn by playing in the page: each guide (Citadels, Spyrium, Euphoria, Myraclia) followed to its end, in English
(started from the game's card) and in Italian (from How to play), by clicking the spot the coach points at on the board (or the marked choice), with
one wrong click refused; the coach's words change at every step, and after the script the
game goes on against the bots."""

from __future__ import annotations

import pytest

import engines
from engines.core.guide import has_guide, load_guide
from tavolo_ui.rules_page import ref_anchor

from .conftest import app_errors, open_app, shot, wait_ready
from .pagedriver import body, board_spots, click_spot
from .test_first_screen import held_python, release

NOT_NOW = {"en": "Not now:", "it": "Non ora:"}
GUIDED = [name for name in engines.list_games() if has_guide(name)]


def coach_words(page) -> str:
    return page.text_content("#coach-say") or ""


def play_the_pointed_move(page, use_board: bool) -> str:
    """Play the guide's move: its own board spot when ``use_board`` and it has one, else the
    marked choice (down the picker's steps). Returns where it was clicked."""
    before = int(body(page, "actions"))
    index = int(page.get_attribute("#board", "data-guide"))
    own = [s for s in board_spots(page) if s["actions"] == [index]]
    where = "board" if use_board and own else "list"
    if where == "board":
        click_spot(page, own[0])
    else:
        for _ in range(6):
            page.click("#actions button.guide-next")
            if int(body(page, "actions")) > before:
                break
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {before}", timeout=10_000)
    return where


def refuse_a_wrong_choice(page, lang: str) -> None:
    """A legal choice that is not the guide's is refused with "Not now", and nothing is played:
    a direct choice in the list, else (a list of picker steps, as Euphoria's recruits) a board
    spot that stands for one other move."""
    before, state = body(page, "actions"), body(page, "stateHash")
    index = page.get_attribute("#board", "data-guide")
    wrong = page.locator(f"#actions button.act[data-cmd='act']:not(.guide-next):not([data-arg='{index}'])")
    spots = [s for s in board_spots(page) if len(s["actions"]) == 1 and s["actions"] != [int(index)]]
    if wrong.count():
        wrong.first.click()
    elif spots:
        click_spot(page, spots[0])
    else:
        return
    page.wait_for_selector("#coach-say.coach-no")
    assert coach_words(page).startswith(NOT_NOW[lang])
    assert (body(page, "actions"), body(page, "stateHash")) == (before, state)


def rule_opened(page) -> str:
    """Press the coach's "Rule ›": the id of the reference entry How to play scrolled to,
    after closing the view again."""
    page.click("#coach-rule")
    page.wait_for_selector("#rules-view")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#rules-view')"
                           " && document.activeElement.classList.contains('ref')")
    ident = page.evaluate("document.activeElement.id")
    page.click("#rules-close")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    return ident


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", GUIDED)
def test_the_guide_is_followed_to_its_end(page, base_url, game, lang):
    guide = load_guide(game, lang)
    learner_steps = [s for s in guide.steps if s.seat == guide.learner]
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tavolo:pace', 'fast')")
    if lang != "en":
        page.click(f"header [data-cmd='lang'][data-arg='{lang}']")
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    if lang == "it":  # the offer in How to play
        page.click(f"#rules-btn-{game}")
        page.wait_for_selector("#rules-view #rules-learn")
        page.click("#rules-learn")
    else:  # the offer on the game's card
        page.click(f"#learn-{game}")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    said, where = [], set()
    for n, step in enumerate(learner_steps):
        page.wait_for_function("() => document.body.dataset.guide === 'learner'"
                               " && document.getElementById('board').dataset.guide !== ''", timeout=30_000)
        words = coach_words(page)
        assert step.say in words and (not said or words != said[-1])
        if step.rule:
            assert page.get_attribute("#coach-rule", "data-arg") == f"{game}#{ref_anchor(step.rule)}"
        if n == 0:
            shot(page, f"guide_{game}_{lang}_1280")
            refuse_a_wrong_choice(page, lang)
            assert rule_opened(page) == ref_anchor(step.rule)
            assert coach_words(page).startswith(NOT_NOW[lang])  # still the same step
        if n == 1:
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(300)
            shot(page, f"guide_{game}_{lang}_390")
            assert page.evaluate("document.documentElement.scrollWidth") <= 391
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(300)
        said.append(words)
        where.add(play_the_pointed_move(page, use_board=n % 2 == 0))
    page.wait_for_function("() => document.body.dataset.guide === 'end'", timeout=30_000)
    assert coach_words(page) == guide.end
    assert "board" in where  # the pointed spot was clicked on the board
    shot(page, f"guide_{game}_{lang}_end")
    page.click("#guide-leave")
    page.wait_for_function("() => document.body.dataset.guide === ''")
    assert page.is_hidden("#coach")
    # the game goes on against the bots (they think again: moves past the script)
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {len(guide.steps)}", timeout=60_000)
    assert app_errors(page) == []


def test_leaving_the_guide_gives_a_normal_game_against_the_bots(page, base_url):
    """Leave the guide at the first step: any choice is played then (none is refused), and the
    bots think their own moves; How to play's offer is shown at 390 px without scrolling sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tavolo:pace', 'fast')")
    page.click("#rules-btn-citadels")
    page.wait_for_selector("#rules-view #rules-learn")
    shot(page, "guide_rules_offer_390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    page.click("#rules-learn")
    page.wait_for_function("() => document.body.dataset.guide === 'learner'")
    page.click("#guide-leave")
    page.wait_for_function("() => document.body.dataset.guide === ''")
    assert page.is_hidden("#coach") and page.get_attribute("#board", "data-guide") == ""
    expected = load_guide("citadels", "en").steps[0].action  # the guide's move: keep the Merchant
    other = page.locator("#actions button.act").nth(0)
    assert "Assassin" in (other.text_content() or "") and expected["rank"] != 1
    other.click()  # which the guide would have refused
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 4", timeout=60_000)
    assert body(page, "guide") == "" and app_errors(page) == []


def test_learn_by_playing_pressed_before_python_is_ready_starts_when_it_is(page, base_url):
    """The static home (built before Python runs) offers Learn by playing too: pressed early,
    it is remembered (boot.js) and the guided game starts when the app is ready."""
    held = held_python(page)
    page.goto(base_url + "index.html")
    page.wait_for_selector("#app #learn-citadels")
    assert body(page, "ready") == ""
    page.click("#learn-citadels")
    assert body(page, "ready") == ""
    release(page, held)
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.guide === 'learner'", timeout=60_000)
    assert load_guide("citadels", "en").steps[0].say in coach_words(page)
