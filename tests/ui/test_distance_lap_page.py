"""The set-up lap of a game at a distance as the page shows it (issue 39, stage 2), on CPython
with the page on fake browser objects (``tests/ui/test_commands.py``'s ``app``): during the lap
nothing is dealt, so nothing may show or make a table (Review, Save copy); the words of the
status, the send box and the welcome say what the lap is, in each game's terms.
"""

from __future__ import annotations

import asyncio
import hashlib
import sys
import types

from engines import get_game
from engines.core.record import new_record
from engines.core.seal import SeatKey
from tavolo_ui import revealed
from tavolo_ui.distance import Distance, new_game_id
from tavolo_ui.sealed import device_seats, new_seal

from tavolo_ui.saves import DictStorage, Saves

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)
from .test_distance_revealed_page import PageDevice, create


SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


def secret(run: int):
    """Seeded chance secrets (as the headless tool makes them), so that the lap deals the same."""
    return lambda seat: hashlib.sha256(f"lap-{run}-{seat}".encode()).digest()[:revealed.VALUE_BYTES]


def key(run: int):
    """Seeded seat keys (as the headless tool makes them): signatures feed the draws too."""
    return lambda seat: SeatKey(hashlib.sha256(f"lap key-{run}-{seat}".encode()).digest())


def create_seeded(run: int) -> PageDevice:
    """``create`` with seeded keys and chance secrets, and a seeded game id."""
    record = new_record(get_game("spyrium"), len(SEATS), 7, seats=SEATS, outcomes=True)
    seal = new_seal(record, [0], key(run))
    gid = new_game_id()
    gid = hashlib.sha256(f"gid-{run}".encode()).hexdigest()[:len(gid)]
    return PageDevice(record, Distance(gid, [0], seal=seal,
                                       chances=revealed.new_chances(device_seats(record, 0, 0), secret(run))))


def join_seeded(fragment: str, run: int) -> PageDevice:
    """``join`` with seeded keys and chance secrets."""
    opened = revealed.open_link(fragment, None, make_key=key(run))
    mine = device_seats(opened.link.record, opened.seal.host, opened.link.seat)
    info = Distance(opened.link.gid, mine, seal=opened.seal, chances=revealed.new_chances(mine, secret(run)))
    return PageDevice(opened.link.record, info)


def on_table(app, device: PageDevice, sid: str = "lap") -> None:  # noqa: F811
    """``device``'s game (in its set-up lap) put on the page's table, as ``open_session`` does."""
    fake_js = sys.modules["js"]
    fake_js.location = types.SimpleNamespace(href="https://tavolo.test/index.html")
    fake_js.Date = types.SimpleNamespace(now=lambda: 1_000_000.0)
    app.page.saves = Saves(DictStorage())
    table = app.table
    app.page.session, table.mode, table.sid, table.save_name = device.session, "play", sid, "Spyrium"
    table.distance.info = device.info


def drawn(draw) -> str:
    """``draw()`` (a part of the page's HTML) run as the page runs it, on an event loop: a
    link shown is saved just after the draw."""
    async def go() -> str:
        return draw()
    return asyncio.run(go())


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


RUN = 5  # with these keys and secrets the lap gives Bea the first turn


def test_the_creators_first_link_after_the_deal_says_the_game_is_set_up_and_who_starts(app):  # noqa: F811
    ada = create_seeded(RUN)
    on_table(app, ada)
    app.table.distance.mark_sent(ada.session, 1, 0)  # the lap's link to Bea left this device
    fragment, _to = ada.send()
    bea = join_seeded(fragment, RUN)
    fragment, _to = bea.send()
    ada.open(fragment)  # back at Ada's device, which deals
    assert not ada.session.undealt and ada.session.to_move() == 1  # Bea starts (these secrets)
    app.page.session = ada.session
    box = drawn(app.table.distance.send_box_html)
    assert "The game is set up: \u2068Bea\u2069 starts" in box
    assert "with your move" not in box  # this device only dealt
    assert "Link made" not in box  # the lap's link is not this one


def test_a_friend_is_invited_to_join_not_shown_a_move_or_a_table(app):  # noqa: F811
    ada = create_seeded(RUN)
    fragment, _to = ada.send()
    bea = join_seeded(fragment, RUN)
    bea.session.link_for = 1  # the lap's link opened at Bea's seat
    on_table(app, bea)
    heading, button = app.table.distance.lap_handoff(bea.session)
    assert heading == "\u2068Ada\u2069 invites you to a game of Spyrium as \x00"  # the seat's name marked there
    assert button == "Join as \u2068Bea\u2069"


def test_a_friend_who_has_joined_is_told_so_by_the_status_and_the_send_box_alike(app):  # noqa: F811
    ada = create_seeded(RUN)
    fragment, _to = ada.send()
    bea = join_seeded(fragment, RUN)
    on_table(app, bea)
    words = app.table.distance
    assert words.lap_status() == "To join the game, send the link below"
    assert words.lap_words(bea.session, 0)[0] == "To join, send the link back to \u2068Ada\u2069"
    bea.send()  # the link back to Ada has left: Bea's device has joined
    assert words.lap_status() == "Joined: waiting for \u2068Ada\u2069 to deal the set-up"
    assert words.lap_words(bea.session, 0)[0] == "Joined: the link goes back to \u2068Ada\u2069"


def test_the_creator_of_a_three_friend_lap_waits_for_the_link_to_come_back_through_each(app):  # noqa: F811
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Carlo", "kind": "human"}]
    ada = create("spyrium", seats)
    on_table(app, ada)
    assert app.table.distance.lap_status() == "Waiting for \u2068Bea\u2069 to join"  # the link has not left
    ada.send()
    assert app.table.distance.lap_status() == ("Waiting for the link to come back: \u2068Bea\u2069 and "
                                               "\u2068Carlo\u2069 still to join")


def test_the_lap_speaks_of_the_set_up_not_cards_and_of_your_device_on_the_creators_screen(app):  # noqa: F811
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    ada = create("myraclia", seats)  # tiles and elements: no cards
    on_table(app, ada)
    wait = drawn(app.table.distance.lap_html)
    assert "your device deals the set-up" in wait and "Ada" not in wait.split("send-box")[0]
    fragment, _to = ada.send()
    bea = join_seeded(fragment, RUN)
    on_table(app, bea)
    words = drawn(app.table.distance.lap_html)
    assert "\u2068Ada\u2069’s device deals the set-up" in words and "cards" not in words
    bea.send()
    assert app.table.distance.lap_status() == "Joined: waiting for \u2068Ada\u2069 to deal the set-up"


def saved(app, device: PageDevice, sid: str):  # noqa: F811
    """``device``'s game saved under ``sid`` as the page saves it; its ``SaveEntry``."""
    problem = app.page.saves.put(sid, "Spyrium", device.session.record.model_dump(mode="json"),
                                 distance=device.info.to_json())
    assert problem is None
    return app.page.saves.get(sid)


def test_lap_links_reopened_or_on_the_wrong_device_and_the_home_row_use_the_laps_words(app):  # noqa: F811
    from tavolo_ui.distance import MoveLink
    ada = create_seeded(RUN)
    fragment, _to = ada.send()
    on_table(app, ada)
    app.page.show_home = lambda: None
    app.page.ago = lambda ms: "now"
    entry = saved(app, ada, "ada")
    link = MoveLink(ada.info.gid, 1, ada.session.record)  # Ada opens the link she sent Bea
    assert app.table.distance.not_for_here(link, entry, ada.info)
    assert str(app.page.banner[0]).startswith("This invitation to join is for \u2068Bea\u2069;")
    row = app.table.distance.inbox_row(entry)
    assert "last link:" in row and "last move" not in row  # no move yet
    bea = join_seeded(fragment, RUN)
    bea.send()
    entry = saved(app, bea, "bea")
    app.table.open_session = lambda *a, **k: None
    app.table.distance.go_on(MoveLink(bea.info.gid, 1, bea.session.record), entry, bea.info, "same", 0)
    assert str(app.page.banner[0]) == "You have already joined with this link."


def test_the_creation_banner_names_the_join_link_first_and_read_more_says_who_deals_the_hands():
    from tavolo_ui.distance import PRIVACY, PRIVACY_MORE
    assert "for your friends to join" in PRIVACY.render("en")
    assert "perché i tuoi amici entrino nella partita" in PRIVACY.render("it")
    more = PRIVACY_MORE.render("en")
    assert "dice, markets, tiles" not in more  # the same for every game: only "public draws"
    assert "Not yet protected: the hidden starting hands are dealt by the creator's device from its own draws" in more
    more = PRIVACY_MORE.render("it")
    assert "a cui si risponde due volte" not in more and "le mani iniziali nascoste sono distribuite" in more
