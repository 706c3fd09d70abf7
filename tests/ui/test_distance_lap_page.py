"""The set-up lap of a game at a distance as the page shows it (issue 39, stage 2), on CPython
with the page on fake browser objects (``tests/ui/test_commands.py``'s ``app``): during the lap
nothing is dealt, so nothing may show or make a table (Review, Save copy); the words of the
status, the send box and the welcome say what the lap is, in each game's terms.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import sys
import types

import pytest

from engines import get_game
from engines.core.record import new_record
from engines.core.rng import Rng
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


def create_seeded(run: int, seats=SEATS, game: str = "spyrium") -> PageDevice:
    """``create`` with seeded keys and chance secrets, and a seeded game id."""
    record = new_record(get_game(game), len(seats), 7, seats=seats, outcomes=True)
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


END_SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"},
             {"name": "Bot Carlo", "kind": "bot:easy"}]


def play_from_the_lap(name: str, run: int, seats, stop_before=lambda session: False):
    """A game at a distance between Ada's device and Bea's (the set-up lap, then each turn's
    ``t4`` link opened on the other), each person's moves the game's heuristic's, until the
    game is over or ``stop_before(session)`` holds at the start of a turn: (Ada's device,
    Bea's, the device to play or that played last, the other). The last mover's last turn
    is not sealed yet (its link is not made)."""
    game = get_game(name)
    choose = importlib.import_module(f"engines.{name}.bot").choose
    ada = create_seeded(run, seats, name)
    fragment, _to = ada.send()
    bea = join_seeded(fragment, run)
    fragment, _to = bea.send()
    ada.open(fragment)
    rng = Rng.from_seed(run)
    now, other = ada, bea
    while not stop_before(now.session):
        s = now.session
        while not s.is_over() and s.to_move() in now.info.seal.keys:
            s.apply(choose(game, s.state, rng))
        if s.is_over():
            break
        fragment, _to = now.send()
        other.open(fragment)
        now, other = other, now
    return ada, bea, now, other


def play_to_the_end(name: str = "myraclia", run: int = 1, seats=END_SEATS):
    """A whole game at a distance (``play_from_the_lap``): the two devices, the last mover's
    first (its last turn not sealed yet: its final link is not made) and the final link it
    would send to the other (the page sends one to each friend)."""
    _ada, _bea, now, other = play_from_the_lap(name, run, seats)
    s = now.session
    final, _seal, _to = revealed.page_link(s.record, now.info.seal, now.info.chances, gid=now.info.gid, mover=None,
                                           to=other.info.mine[0])
    return now, other, final


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
    from tavolo_ui.distance import PRIVACY, privacy_more
    assert "for your friends to join" in PRIVACY.render("en")
    assert "perché i tuoi amici entrino nella partita" in PRIVACY.render("it")
    more = privacy_more("citadels", "Citadels").render("en")
    assert "dice, markets, tiles" not in more  # the same for every game: only "public draws"
    assert "Not yet protected: the starting hands are dealt by the creator's device from its own draws" in more
    more = privacy_more("citadels", "Citadels").render("it")
    assert "a cui si risponde due volte" not in more and "le mani iniziali sono distribuite" in more


BOT_FIRST = [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}, {"name": "Bea", "kind": "human"}]
BOT_RUN = 5  # with these keys and secrets the lap gives the bot (seat 1, on Ada's device) the first turn


def test_a_bot_moving_first_on_the_creators_device_is_named_in_the_first_links_words(app):  # noqa: F811
    """The lap comes back to Ada's device, which deals; the bot (it sits there) moves first and
    Bea is next: the link carries the set-up and the bot's move, not "your move" (Ada made none)."""
    ada = create_seeded(BOT_RUN, BOT_FIRST)
    on_table(app, ada)
    fragment, _to = ada.send()
    app.table.distance.mark_sent(ada.session, 2, 0)  # the lap's link to Bea left this device
    bea = join_seeded(fragment, BOT_RUN)
    fragment, _to = bea.send()
    ada.open(fragment)
    s = ada.session
    assert not s.undealt and s.to_move() == 1  # the bot starts (these secrets)
    s.apply(s.legal_actions()[0])  # the bot's move, played on its host's device
    assert s.to_move() == 2
    app.page.session = s
    box = drawn(app.table.distance.send_box_html)
    assert "it opens the game at their seat, with the set-up and \u2068Bot\u2069’s move." in box
    assert "with your move" not in box
    app.page.lang = "it"
    from tavolo_ui.page import CURRENT
    CURRENT["lang"] = "it"
    try:
        box = drawn(app.table.distance.send_box_html)
    finally:
        CURRENT["lang"] = "en"
    assert "apre la partita al suo posto, con la preparazione della partita e la mossa di \u2068Bot\u2069." in box


def test_a_link_carries_the_moves_since_the_last_in_the_order_played():
    """``link_carries``: the set-up, then each mover's move in turn; nothing but the person's
    own move keeps the words "with your move" (None)."""
    from tavolo_ui.distance import link_carries
    kinds = ["human", "bot:random", "human", "bot:random"]
    name = ["Ada", "Bot", "Bea", "Rob"].__getitem__
    assert link_carries(kinds, [0, 0], 0, False, name) is None
    assert link_carries(kinds, [0, 1, 1, 3], 0, False, name).render("en") == "your move, Bot’s move and Rob’s move"
    assert link_carries(kinds, [1, 0], 0, True, name).render("it") == \
        "la preparazione della partita, la mossa di Bot e la tua mossa"
    assert link_carries(kinds, [2, 1], 1, False, name).render("en") == "Bot’s move"  # before the floor: sent


def test_the_home_row_of_a_three_friend_lap_names_every_friend_still_to_join_as_the_status_does(app):  # noqa: F811
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Carlo", "kind": "human"}]
    ada = create("spyrium", seats)
    on_table(app, ada)
    app.page.ago = lambda ms: "now"
    row = app.table.distance.inbox_row(saved(app, ada, "ada"))
    assert "Waiting for \u2068Bea\u2069 to join" in row  # the link has not left: not Ada herself
    ada.send()
    row = app.table.distance.inbox_row(saved(app, ada, "ada"))
    status = app.table.distance.lap_status()
    assert status == "Waiting for the link to come back: \u2068Bea\u2069 and \u2068Carlo\u2069 still to join"
    assert status in row


def test_the_home_row_of_a_friend_who_has_not_joined_says_how_to_join(app):  # noqa: F811
    ada = create_seeded(RUN)
    fragment, _to = ada.send()
    bea = join_seeded(fragment, RUN)
    on_table(app, bea)
    app.page.ago = lambda ms: "now"
    row = app.table.distance.inbox_row(saved(app, bea, "bea"))
    assert "To join the game, open it and send the link it gives" in row
    assert "below" not in row  # the row has no link below it


@pytest.mark.parametrize("lang", ["en", "it"])
def test_read_more_speaks_of_each_games_own_hidden_things_or_says_nothing_is_hidden(lang):
    """Myraclia and Spyrium draw everything face up: their "Read more" says nothing is hidden,
    with no word of hidden cards or hands; Citadels and Euphoria name their own hidden things."""
    from tavolo_ui.distance import privacy_more
    hidden_words = {"en": ("hidden cards", "hands", "Not yet protected"), "it": ("carte nascoste", "mani", "Non ancora")}
    for game, title in (("myraclia", "Myraclia"), ("spyrium", "Spyrium")):
        more = privacy_more(game, title).render(lang)
        assert not any(word in more for word in hidden_words[lang]), more
        assert {"en": f"Nothing is hidden in {title}", "it": f"In {title} non c’è niente di nascosto"}[lang] in more
    own = {"citadels": {"en": ("district cards", "chosen characters", "face down"),
                        "it": ("carte edificio", "personaggi che hanno scelto", "coperto")},
           "euphoria": {"en": ("hidden recruits", "artifact cards", "dilemma cards", "market tiles"),
                        "it": ("specialisti nascosti", "carte artefatto", "carte dilemma", "tessere mercato")}}
    for game, words in own.items():
        more = privacy_more(game, game.title()).render(lang)
        assert all(word in more for word in words[lang]), more
        assert "hidden cards" not in more and "carte nascoste" not in more
    assert "hidden cards" in privacy_more("newgame", "New").render("en")  # a game not listed: the general words


def test_the_creation_banner_of_a_myraclia_game_says_nothing_is_hidden(app):  # noqa: F811
    from tavolo_ui.session import Session
    from engines.core.record import new_record as record_of
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    on_table(app, create("myraclia", seats))
    session = Session.load(record_of(get_game("myraclia"), 2, 7, seats=seats, outcomes=True))
    app.table.open_session = lambda *a, **k: None
    app.table.autosave = lambda: None
    app.table.distance._create(session, "m", "Myraclia", [0], None)
    _text, kind, more = app.page.banner
    assert kind == "info" and "Nothing is hidden in Myraclia" in more.render("en") and "cards" not in more.render("en")


def test_a_later_link_opened_on_a_second_device_of_its_seat_says_which_device_plays_it(app):  # noqa: F811
    """Bea joined the lap on her phone; a later link for her opened on her laptop (no copy of
    the game, none of Bea's keys or chance secrets) is refused in plain words: Bea's seat is
    played on the device that joined, open the link there. Nothing is kept on the laptop."""
    ada = create_seeded(RUN)
    fragment, _to = ada.send()
    phone = join_seeded(fragment, RUN)
    fragment, _to = phone.send()
    ada.open(fragment)
    ada.play()
    fragment, to = ada.send()
    assert to == 1
    with pytest.raises(revealed.LinkError) as refused:  # the module's own (the page fixture imports anew)
        revealed.open_link(fragment, None)  # the laptop
    assert refused.value.message("en").startswith("\u2068Bea\u2069’s seat in this game is played on the device that "
                                                  "joined it")
    assert "Open this link on that device" in refused.value.message("en")
    assert refused.value.message("it").startswith("Il posto di \u2068Bea\u2069 in questa partita si gioca sul "
                                                  "dispositivo che è entrato nella partita")
    on_table(app, ada)  # the page on the laptop: its storage holds nothing of the game
    app.page.saves = Saves(DictStorage())
    homes: list = []
    app.page.show_home = lambda: homes.append(1)
    asyncio.run(app.table.distance.open_sealed(fragment))
    assert homes and app.page.banner[1] == "error"
    assert app.page.banner[0].message("en").startswith("\u2068Bea\u2069’s seat in this game is played on")
    assert app.page.saves.list() == []
    phone.open(fragment)  # the phone, which joined, opens it and plays on
    assert phone.session.record == ada.session.record


def test_the_taken_back_prefixes_are_tried_by_one_helper_with_the_links_own_verify():
    """``sealed.on_taken_back`` (both ``sealed.open_link`` and ``revealed.open_link`` call it):
    the first prefix made of taken-back segments that ``verify_on`` accepts, else None."""
    from engines.core.seal import SealError
    from tavolo_ui.sealed import SealedLink, on_taken_back
    stored = [{"seat": 0, "a": [0, 0], "c": [0, 3], "sig": "s0"}]
    taken = [(1, {"seat": 0, "a": [0, 2], "c": [3, 4], "sig": "x"}), (1, {"seat": 0, "a": [0, 2], "c": [3, 4], "sig": "y"})]
    link = SealedLink("g" * 12, 0, None, 2, [{"seat": 1, "a": [2, 3], "c": [4, 4], "sig": "z"}])
    tried: list = []

    def verify_on(transcript):
        tried.append(transcript[1]["sig"])
        if transcript[1]["sig"] != "y":
            raise SealError("no")
        return "checked"

    found = on_taken_back(link, stored, taken, verify_on)
    assert tried == ["x", "y"] and found == ([stored[0], taken[1][1], link.segments[0]], "checked")
    assert on_taken_back(link, stored, taken[:1], verify_on) is None


def test_a_later_sealed_link_of_a_game_made_before_the_lap_says_the_same_on_a_second_device():
    """A ``t3`` game (sealed, no lap): Bea's first link joins on her phone; a later one opened
    on another device of hers is refused with the same words (``sealed.not_a_first_link``)."""
    from tavolo_ui import sealed
    from tavolo_ui.session import Session

    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    record = new_record(get_game("spyrium"), 2, 7, seats=seats)
    s = Session.load(record)
    gid, ada_seal = new_game_id(), new_seal(s.record, [0])

    def play(session: Session, seat: int) -> None:
        while not session.is_over() and session.to_move() == seat:
            session.apply(session.legal_actions()[0])

    play(s, 0)
    fragment, ada_seal = sealed.make_link(s.record, ada_seal, gid=gid, to=1)
    phone = sealed.open_link(fragment, None)  # Bea's phone joins
    b = Session.load(phone.link.record)
    play(b, 1)
    fragment, bea_seal = sealed.make_link(b.record, phone.seal, gid=gid, to=0)
    ada_seal = sealed.open_link(fragment, (s.record, ada_seal)).seal
    s = Session.load(sealed.parse_sealed(fragment).record)
    play(s, 0)
    fragment, _ = sealed.make_link(s.record, ada_seal, gid=gid, to=1)
    with pytest.raises(sealed.LinkError) as refused:
        sealed.open_link(fragment, None)  # Bea's laptop
    assert refused.value.message("en").startswith("\u2068Bea\u2069’s seat in this game is played on the device that "
                                                  "joined it")
    assert sealed.open_link(fragment, (b.record, bea_seal)).accepted  # her phone goes on
