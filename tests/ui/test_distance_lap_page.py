"""The set-up lap of a game at a distance as the page shows it (issue 39, stage 2), on CPython
with the page on fake browser objects (``tests/ui/test_commands.py``'s ``app``): during the lap
nothing is dealt, so nothing may show or make a table (Review, Save copy); the words of the
status, the send box and the welcome say what the lap is, in each game's terms.
"""

from __future__ import annotations

import sys
import types

from tavolo_ui.saves import DictStorage, Saves

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)
from .test_distance_revealed_page import SEATS, PageDevice, create, join


def on_table(app, device: PageDevice, sid: str = "lap") -> None:  # noqa: F811
    """``device``'s game (in its set-up lap) put on the page's table, as ``open_session`` does."""
    fake_js = sys.modules["js"]
    fake_js.location = types.SimpleNamespace(href="https://tavolo.test/index.html")
    fake_js.Date = types.SimpleNamespace(now=lambda: 1_000_000.0)
    app.page.saves = Saves(DictStorage())
    table = app.table
    app.page.session, table.mode, table.sid, table.save_name = device.session, "play", sid, "Spyrium"
    table.distance.info = device.info


def test_review_and_save_copy_during_the_lap_deal_nothing_and_say_so(app):  # noqa: F811
    ada = create()
    on_table(app, ada)
    prompts: list = []
    sys.modules["js"].window.prompt = lambda *a: prompts.append(a) or "A copy"
    opened: list = []
    app.review.open_review = lambda *a, **k: opened.append(a)
    app.commands["review-current"]("")
    assert opened == []  # no replay: it would deal a set-up of its own
    assert "Nothing to review or copy yet" in str(app.page.banner[0])
    app.page.banner = None
    app.commands["savecopy"]("")
    assert prompts == [] and app.page.saves.list() == []  # no copy made, none asked for
    assert "Nothing to review or copy yet" in str(app.page.banner[0])
    assert ada.session.record.chance == []  # still nothing dealt
