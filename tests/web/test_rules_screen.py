"""How to play: from a game's card on the home screen, and over the table while playing,
without leaving or changing the game; contents, rules and a searchable reference, in Italian
and English.

Screenshots: test-output/screens/rules_*.png (the view at 1280 and 390 px, both languages).
"""

from __future__ import annotations

import pytest

from tests.web.conftest import app_errors, open_app, shot
from tests.web.pagedriver import body, play_one_move, start_game, wait_my_choices

pytestmark = pytest.mark.browser

SEATS = [("Anna", "human"), ("Ben", "bot:heuristic"), ("Carla", "bot:heuristic"), ("Dario", "bot:heuristic")]


def new_page(ctx):
    """A page of ``ctx`` whose console errors collect in ``page.console_errors`` (for app_errors)."""
    page = ctx.new_page()
    page.console_errors = []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    return page


def visible_refs(page) -> list[str]:
    return page.eval_on_selector_all("#ref-list .ref", "els => els.filter(e => !e.hidden).map(e => e.id)")


def both_widths(page, name):
    shot(page, f"{name}_1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    shot(page, f"{name}_390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    assert page.evaluate("document.getElementById('rules-scroll').scrollWidth") <= 391
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(300)


def type_search(page, text):
    page.fill("#ref-search", text)
    page.wait_for_timeout(150)


def test_how_to_play_from_home_search_and_language(new_context, base_url):
    ctx = new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = new_page(ctx)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, base_url)

    # every game's card has its How to play button
    for game in ("citadels", "spyrium", "euphoria", "myraclia"):
        assert page.inner_text(f".game-card[data-game='{game}'] button[data-cmd='rules']") == "How to play"
    page.click("#rules-btn-citadels")
    page.wait_for_selector("#rules-view")
    assert body(page, "rules") == "citadels"
    assert page.evaluate("document.activeElement.id") == "rules-close"
    view = page.inner_text("#rules-view")
    assert "How to play" in view and "Citadels" in view
    for ident in ("rule-phase-draft", "rule-phase-turn", "rule-phase-warlord", "rule-phase-graveyard", "rule-reference"):
        assert page.locator(f"#rules-view #{ident}").count() == 1, ident
    assert page.locator("#rules-view .toc a[data-cmd='rules-go']").count() >= 5
    total = page.locator("#ref-list .ref").count()
    assert total > 20 and page.locator("#ref-thief").count() == 1
    both_widths(page, "rules_citadels_en")

    # the contents list scrolls the view to a section, and leaves the URL alone
    url = page.url
    page.click("#rules-view .toc a[data-arg='phase-warlord']")
    page.wait_for_function("() => document.getElementById('rules-scroll').scrollTop > 100")
    top = page.evaluate("document.getElementById('rule-phase-warlord').getBoundingClientRect().top"
                        " - document.getElementById('rules-scroll').getBoundingClientRect().top")
    assert abs(top) < 40, top
    assert page.url == url

    # the search filters the reference as you type
    type_search(page, "thief")
    assert "ref-thief" in visible_refs(page) and len(visible_refs(page)) < total
    assert page.locator("#ref-thief h4").inner_text().startswith("Thief")
    assert page.is_hidden("#ref-empty")
    type_search(page, "zzqx nothing")
    assert visible_refs(page) == [] and page.is_visible("#ref-empty")
    type_search(page, "")
    assert len(visible_refs(page)) == total

    # an in-text link to a reference entry scrolls to it
    link = page.locator(".rules-text a[data-arg^='ref-']").first
    if link.count():
        target = link.get_attribute("data-arg")
        link.click()
        page.wait_for_function(f"() => document.activeElement && document.activeElement.id === '{target}'")

    # Italian, in place: the view stays open, re-rendered, with what was searched
    type_search(page, "thief")
    page.click("#rules-view .lang-btn[data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    assert body(page, "rules") == "citadels"
    view = page.inner_text("#rules-view")
    assert "Come si gioca" in view and "Indice" in view and "Riepilogo" in view
    assert page.input_value("#ref-search") == "thief"
    type_search(page, "ladro")
    assert "ref-thief" in visible_refs(page)
    assert "Ladro" in page.locator("#ref-thief h4").inner_text()
    type_search(page, "")
    page.evaluate("document.getElementById('rules-scroll').scrollTop = 0")
    both_widths(page, "rules_citadels_it")

    # at a phone's width the contents fold above the text; the reference reads in one column
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => !document.querySelector('#rules-view .toc-box').open")
    page.click("#rules-view .toc-box summary")
    page.click("#rules-view .toc a[data-arg='reference']")
    type_search(page, "ladro")
    page.wait_for_timeout(200)
    shot(page, "rules_citadels_it_reference_390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.querySelector('#rules-view .toc-box').open")
    type_search(page, "")

    # Escape closes it: the home screen, focus back on the button that opened it
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    assert body(page, "rules") == "" and body(page, "screen") == "home"
    assert page.evaluate("document.activeElement.id") == "rules-btn-citadels"
    assert "Nuova partita" in page.inner_text("main.home")

    # a game without rules text yet: the "missing" line (and its reference, if any)
    page.click("#rules-btn-euphoria")
    page.wait_for_selector("#rules-view")
    if page.locator("#rules-view .rules-text h2").count() == 0:
        assert "non è ancora stato scritto" in page.inner_text("#rules-view .rules-text")
    page.click("#rules-close")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    assert page.evaluate("document.activeElement.id") == "rules-btn-euphoria"
    assert not errors and not app_errors(page)


def test_how_to_play_over_the_table_leaves_the_game_alone(new_context, base_url):
    ctx = new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = new_page(ctx)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, base_url)
    start_game(page, "citadels", SEATS, seed=5)
    wait_my_choices(page)
    play_one_move(page)
    wait_my_choices(page)

    # the status line links to the rules of the phase the table is in
    view_phase = page.evaluate("document.querySelector('#rules-phase-link') && "
                               "document.querySelector('#rules-phase-link').dataset.arg")
    assert view_phase and view_phase.startswith("citadels#phase-"), view_phase

    page.evaluate("window.scrollTo(0, 120)")
    before = {k: body(page, k) for k in ("stateHash", "actions", "toMove", "screen")}
    scroll_y = page.evaluate("window.scrollY")
    log = page.inner_text("#log")

    page.click("#rules-btn")
    page.wait_for_selector("#rules-view")
    assert page.locator("#rules-view #rule-reference").count() == 1
    assert body(page, "screen") == "table"
    shot(page, "rules_table_overlay_en_1280")
    page.click("#rules-close")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    after = {k: body(page, k) for k in ("stateHash", "actions", "toMove", "screen")}
    assert after == before
    assert page.evaluate("window.scrollY") == scroll_y
    assert page.inner_text("#log") == log
    assert page.evaluate("document.activeElement.id") == "rules-btn"
    assert page.locator("#actions button.act").count() > 0 and page.is_visible("#board")
    shot(page, "rules_table_after_close_en_1280")

    # the phase link opens the view at that phase's section; Escape closes it
    section = view_phase.split("#", 1)[1]
    page.click("#rules-phase-link")
    page.wait_for_selector("#rules-view")
    page.wait_for_function(f"() => document.activeElement && document.activeElement.id === 'rule-{section}'")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    assert {k: body(page, k) for k in ("stateHash", "actions", "toMove", "screen")} == before
    assert page.evaluate("document.activeElement.id") == "rules-phase-link"

    # switching language with the view open over the table: the game stays, the view follows
    page.click("#rules-btn")
    page.wait_for_selector("#rules-view")
    page.click("#rules-view .lang-btn[data-arg='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    assert "Come si gioca" in page.inner_text("#rules-view")
    shot(page, "rules_table_overlay_it_1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    shot(page, "rules_table_overlay_it_390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#rules-close")
    page.wait_for_function("() => !document.getElementById('rules-view')")
    assert body(page, "stateHash") == before["stateHash"] and body(page, "actions") == before["actions"]
    assert body(page, "screen") == "table" and "Le tue scelte" in page.inner_text("#actions")
    assert not errors and not app_errors(page)
