"""The end of a game in the page shows the game's statistics under the one score table: a
folded section, one column per player, the figures of ``Game.statistics`` in either language,
and no sideways scrolling at phone width.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.i18n import Text, render
from engines.core.record import replay
from tests.web.conftest import app_errors, open_app, shot, wait_ready
from tests.web.test_review import finished_game, store

pytestmark = pytest.mark.browser

FITS = ("(() => { const r = document.querySelector('#results');"
        " return r.scrollWidth <= r.clientWidth + 1 && document.documentElement.scrollWidth <= innerWidth + 1; })()")

WIDTHS = ("(() => { const r = document.querySelector('#results'); return [r.scrollWidth, r.clientWidth,"
          " document.documentElement.scrollWidth, innerWidth]; })()")


def _switch(page, lang: str) -> None:
    page.click(f"header .lang-btn[data-arg='{lang}']")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name,players,seed", [("citadels", 4, 21), ("myraclia", 3, 22), ("spyrium", 2, 23)])
def test_the_statistics_of_a_finished_game_in_both_languages(page, base_url, name, players, seed, width):
    game = get_game(name)
    record = finished_game(name, players, seed)
    rows = game.statistics(record)
    page.set_viewport_size({"width": width, "height": 844})
    open_app(page, base_url)
    store(page, record, "Finished")
    page.reload()
    wait_ready(page)
    page.locator("#finished button").filter(has_text="Final table").first.click()
    page.wait_for_function("() => document.body.dataset.screen === 'table' && Number(document.body.dataset.endChart) > 1")
    stats = page.locator("#results details.end-stats")
    assert stats.count() == 1 and stats.get_attribute("open") is None  # folded at first
    # under the one score table, before the chart
    order = page.eval_on_selector_all("#results > *", "els => els.map(e => e.tagName + '.' + e.className)")
    assert order.index("TABLE.score end-score") + 1 == order.index("DETAILS.end-stats")
    page.click("#results details.end-stats > summary")
    assert page.locator("#results details.end-stats table thead th").count() == players + 1
    body_rows = page.locator("#results details.end-stats tr[data-stat]")
    assert body_rows.count() == len(rows)
    for i in (0, len(rows) - 1):
        assert body_rows.nth(i).locator("td").count() == players
    # the values, in the score table's order (best first)
    scores = game.scores(replay(record))
    order_seats = sorted(range(players), key=lambda i: (-scores[i], i))
    first = [render(v) if isinstance(v, Text) else str(v) for v in rows[0].values]
    assert body_rows.nth(0).locator("td").all_inner_texts() == [first[i] for i in order_seats]
    shot(page, f"end_stats_{name}_{width}_en")
    assert page.evaluate(FITS), page.evaluate(WIDTHS)
    _switch(page, "it")  # the panel is drawn again: the section stays open, in Italian
    page.wait_for_function("() => document.querySelector('#results details.end-stats > summary')"
                           ".textContent === 'Statistiche della partita'")
    assert stats.get_attribute("open") is not None
    assert body_rows.nth(0).locator("th").inner_text() == render(rows[0].label, "it")
    assert page.evaluate(FITS), "the statistics scroll sideways"
    shot(page, f"end_stats_{name}_{width}_it")
    _switch(page, "en")
    assert not app_errors(page)
