"""Games at a distance (issue 29), without a browser: move links, how two copies of a game
relate, the seats a device plays, Undo after a link has left, the save's ``Distance``.

Each "device" is a ``Session`` of its own, given only the move links the other sends, as the
page's are (``tests/web/test_distance_page.py`` drives the page itself).
"""

from __future__ import annotations

import pytest

from tavolo_ui.distance import (FORKED, NEWER, OLDER, OTHER, REDEALT, REFUSED, SAME, Distance, common_moves, invitation,
                                move_fragment, new_game_id, parse_move, relate)
from tavolo_ui.links import LinkError
from tavolo_ui.saves import DictStorage, Saves, stamp
from tavolo_ui.session import Session

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


def device(record, seat: int) -> Session:
    """A device that plays ``seat`` of the game in ``record`` (as the page sets one up)."""
    s = Session.load(record.model_copy(deep=True))
    s.play_here([seat])
    return s


def play_mine(s: Session, rng_pick: int = 0) -> None:
    """Play on this device until a friend is to move or the game ends: its own seat's moves
    (the ``rng_pick``-th legal one, wrapped) and any bot's."""
    while not s.is_over() and s.away_to_move() is None:
        if s.bot_to_move() is not None:
            s.bot_step()
            continue
        assert s.handoff_to() is None and s.me() == s.to_move()
        legal = s.legal_actions()
        s.apply(legal[rng_pick % len(legal)])


def test_a_whole_game_passed_by_move_links_between_two_devices():
    ada = Session.start("citadels", SEATS, seed=5, entropy=True)
    ada.play_here([0])
    gid, devices, links = new_game_id(), {0: ada}, 0
    here = ada
    while True:
        play_mine(here)
        if here.is_over():
            break
        to = here.away_to_move()
        assert to is not None and to != here.me()
        fragment = move_fragment(here.record, gid, to)
        assert len(fragment) < 8000
        link = parse_move(fragment)
        assert (link.gid, link.seat) == (gid, to) and link.record == here.record
        if to in devices:
            assert relate(devices[to].record, link.record) == NEWER
        devices[to] = here = device(link.record, to)
        links += 1
    assert links > 20 and here.is_over()
    # both devices end with the same game: the other one's copy is a position of it
    other = devices[1 - here.me()]
    assert relate(other.record, here.record) in (NEWER, SAME)


def test_only_the_seats_of_this_device_are_played_here():
    s = Session.start("citadels", SEATS, seed=5, entropy=True)
    s.play_here([1])
    assert s.me() == 1 and s.here_humans() == [1] and s.is_here(1) and not s.is_here(0)
    play_mine(s)
    assert s.away_to_move() == 0 or s.is_over()
    assert s.handoff_to() is None  # one seat here: no hot-seat hand-off


def test_a_move_link_shows_nothing_before_its_player_confirms():
    s = Session.start("citadels", SEATS, seed=5, entropy=True)
    s.play_here([0])
    play_mine(s)
    to = s.away_to_move()
    b = device(parse_move(move_fragment(s.record, "abcdefgh1234", to)).record, to)
    b.link_for = to
    assert b.handoff_to() == to  # the table stays hidden ...
    b.confirm_handoff()
    assert b.handoff_to() is None and b.me() == to  # ... until Bea says she is Bea


def test_undo_never_takes_back_a_move_that_left_in_a_link():
    s = Session.start("toy", [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], seed=3, entropy=True)
    s.play_here([0])
    s.apply({"type": "stop"})  # a move that reveals nothing: Undo may take it back ...
    assert s.away_to_move() == 1
    assert s.can_undo(), (s.undo_reason(), s.me(), s.actors)
    s.sent_floor = len(s.record.actions)  # ... until its link was made (``AtADistance.send``)
    assert not s.can_undo()
    assert "left this device" in s.undo_reason()


@pytest.mark.parametrize("game", ["citadels", "myraclia"])
def test_undo_takes_back_a_bot_s_reply_with_the_move_while_nothing_has_left(game):
    """A bot between Ada and Bea answers Ada's move on Ada's device; before the link to Bea
    has left, Undo takes back Ada's move and the bot's reply (the bot answers the same
    position the same way again); once the link has left, nothing."""
    s = Session.start(game, [SEATS[0], SEATS[2], SEATS[1]], seed=3)  # Ada, the bot, then Bea
    s.play_here([0])
    s.apply(s.legal_actions()[0])
    s.bot_step()
    assert s.actors == [0, 1] and s.away_to_move() == 2
    assert s.undo_count() == 2, s.undo_reason()
    replied = s.record.actions[1]
    s.undo()
    assert s.record.actions == [] and s.to_move() == 0 and s.me() == 0
    s.apply(s.legal_actions()[0])
    s.bot_step()
    assert s.record.actions[1] == replied
    s.sent_floor = len(s.record.actions)  # the link to Bea made (``AtADistance.mark_sent``)
    assert s.undo_count() == 0 and "left this device" in s.undo_reason()


def test_a_friend_s_move_is_never_taken_back_with_a_bot_s():
    """Bea's move, come in a link, then the bot's: Ada's Undo takes back neither (nothing of
    hers since), and says another seat has acted."""
    s = Session.start("citadels", [SEATS[0], SEATS[2], SEATS[1]], seed=3)
    s.play_here([2])  # Bea's device: Ada is the friend here
    s.apply(s.legal_actions()[0])  # Ada's move, come in a link
    s.sent_floor = 1
    s.bot_step()
    assert s.to_move() == 2 and s.undo_count() == 0
    assert "Another seat has acted" in s.undo_reason()


def test_relate_same_newer_older_forked_other():
    a = Session.start("citadels", SEATS, seed=9, entropy=True)
    a.play_here([0])
    play_mine(a)
    base = a.record.model_copy(deep=True)
    assert relate(base, a.record) == SAME
    b = device(base, a.away_to_move())
    play_mine(b, 0)
    c = device(base.model_copy(deep=True), a.away_to_move())
    play_mine(c, 1)
    assert relate(base, b.record) == NEWER and relate(b.record, base) == OLDER
    if b.record.actions != c.record.actions:
        assert relate(b.record, c.record) == FORKED
        assert common_moves(b.record, c.record) >= len(base.actions)
    # the same moves with other draws are two games
    redealt = b.record.model_copy(deep=True)
    if redealt.chance:
        redealt.chance[-1] = dict(redealt.chance[-1], **{"x": 1})
        assert relate(b.record, redealt) == FORKED
    other = base.model_copy(update={"seed": base.seed + 1})
    assert relate(base, other) == OTHER


@pytest.mark.parametrize("change", ["moves", "crc", "seat-bot", "seat-out", "gid", "cut", "seat-other", "gid-other"])
def test_a_changed_move_link_is_refused(change):
    s = Session.start("citadels", SEATS, seed=5, entropy=True)
    s.play_here([0])
    play_mine(s)
    frag = move_fragment(s.record, "abcdefgh1234", 1)
    head, gid, seat, moves, crc, payload = frag.split("=", 1)[0], *frag.split("=", 1)[1].split(".", 4)
    bad = {"moves": f"{gid}.{seat}.{int(moves) + 1}.{crc}.{payload}",
           "crc": f"{gid}.{seat}.{moves}.{'0' * 8 if crc != '0' * 8 else '1' * 8}.{payload}",
           "seat-bot": f"{gid}.2.{moves}.{crc}.{payload}",
           "seat-out": f"{gid}.7.{moves}.{crc}.{payload}",
           "gid": f"a b.{seat}.{moves}.{crc}.{payload}",
           "cut": f"{gid}.{seat}.{moves}",
           "seat-other": f"{gid}.0.{moves}.{crc}.{payload}",  # Ada's seat: her hand, were it accepted
           "gid-other": f"zyxwvuts9876.{seat}.{moves}.{crc}.{payload}"}[change]
    with pytest.raises(LinkError):
        parse_move(f"{head}={bad}")


def test_the_save_keeps_the_distance_through_autosaves():
    saves = Saves(DictStorage(), clock=lambda: 1000.0)
    s = Session.start("citadels", SEATS, seed=5, entropy=True)
    info = Distance(new_game_id(), [0])
    rec = s.record.model_dump(mode="json")
    assert saves.put("g1", "far", rec, False, info.to_json()) is None
    s.play_here([0])
    s.apply(s.legal_actions()[0]) if s.to_move() == 0 else s.bot_step()
    done = saves.autosave("g1", "far", s.record.model_dump(mode="json"), False, stamp(rec))
    assert done.outcome == "saved"
    entry = saves.get("g1")
    back = Distance.from_json(entry.distance)
    assert back is not None and back.gid == info.gid and back.mine == [0]
    # a save copy is an ordinary game
    saves.put("g2", "copy", rec)
    assert saves.get("g2").distance is None


@pytest.mark.parametrize("junk", [None, 3, [], {"gid": "x", "mine": [0]}, {"gid": "abcdefgh1234", "mine": "0"},
                                  {"gid": "abcdefgh1234", "mine": [True]}, {"gid": "abcdefgh1234", "mine": [-1]}])
def test_a_damaged_distance_is_no_distance(junk):
    assert Distance.from_json(junk) is None


def test_odd_fields_of_a_stored_distance_fall_back():
    d = Distance.from_json({"gid": "abcdefgh1234", "mine": [1, 1, 0], "floor": "9", "sent": {"to": "x", "moves": 4},
                            "came": "now", "turn": 500})
    assert d is not None and d.mine == [0, 1] and d.floor == 0 and d.sent == {"moves": 4} and d.came == 0.0
    assert d.turn == -1


def test_the_invitation_names_the_game_and_the_players():
    assert invitation("Citadels", ["Anna", "Bea"]).render("en") == "Your turn in Citadels with Anna and Bea"
    assert invitation("Citadels", ["Anna", "Bea", "Carlo"]).render("it") == "Tocca a te in Citadels con Anna, Bea e Carlo"
    assert invitation("Citadels", ["Anna"]).render("en") == "Your turn in Citadels with Anna"
    assert invitation("Citadels", []).render("en") == "Your turn in Citadels"


def test_game_ids_are_fresh():
    ids = {new_game_id() for _ in range(200)}
    assert len(ids) == 200 and all(len(i) == 12 for i in ids)


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=120), st.integers(0, 4))
def test_any_move_fragment_gives_a_link_or_a_link_error(text, cut):
    """Whatever follows ``#move=`` (a real link's parts, changed), only a ``LinkError``."""
    real = move_fragment(Session.start("toy", [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
                                       seed=1, entropy=True).record, "abcdefgh1234", 1)
    parts = real.split("=", 1)[1].split(".", 4)
    parts[cut] = text
    for fragment in ("#move=" + ".".join(parts), "#move=" + text):
        try:
            parse_move(fragment)
        except LinkError as exc:
            assert str(exc)


def test_two_seats_on_one_device_and_a_friend_take_turns_at_the_device():
    """Two people share this device, a third plays at a distance: a resumed game shows no
    hand until the one to move takes the device (as hot-seat does), never the first seat's."""
    three = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Cleo", "kind": "human"}]
    s = Session.start("citadels", three, seed=5, entropy=True)
    resumed = Session.load(s.record.model_copy(deep=True))
    resumed.play_here([0, 1])
    assert resumed.me() is None
    seat = resumed.to_move()
    if seat in (0, 1):
        assert resumed.handoff_to() == seat
        resumed.confirm_handoff()
        assert resumed.me() == seat
    else:
        assert resumed.away_to_move() == seat and resumed.handoff_to() is None


# ---- issue 38: a game at a distance as a person lives it -------------------------------------
from tavolo_ui import home  # noqa: E402
from tavolo_ui.distance import (aside_name, fork_cause, inviter, movers, needs_handoff, parted_by,  # noqa: E402
                                people_here, seen_moves)
from tavolo_ui.saves import SaveEntry  # noqa: E402
from tavolo_ui.words import ago  # noqa: E402

MIN, HOUR, DAY = 60_000, 3_600_000, 86_400_000
NOON = 1_796_990_400_000  # 2026-12-10 12:00 UTC


@pytest.mark.parametrize("back, offset, en, it", [
    (10_000, 0, "just now", "adesso"),
    (MIN, 0, "1 minute ago", "1 minuto fa"),
    (25 * MIN, 0, "25 minutes ago", "25 minuti fa"),
    (HOUR + 5 * MIN, 0, "1 hour ago", "1 ora fa"),
    (2 * HOUR + 59 * MIN, 0, "2 hours ago", "2 ore fa"),
    (13 * HOUR, 0, "yesterday", "ieri"),          # 23:00 the day before, in UTC
    (13 * HOUR, 120, "13 hours ago", "13 ore fa"),  # 01:00 the same day, two hours east
    (3 * DAY, 0, "3 days ago", "3 giorni fa"),
])
def test_the_inbox_says_when_as_people_do_in_both_languages(back, offset, en, it):
    said = ago(NOON - back, NOON, offset)
    assert said is not None and said.render("en") == en and said.render("it") == it


def test_a_week_back_or_a_clock_ahead_gives_the_date():
    assert ago(NOON - 8 * DAY, NOON) is None and ago(NOON + HOUR, NOON) is None


def _entry(distance: dict | None, over: bool = False) -> SaveEntry:
    s = Session.start("citadels", SEATS, seed=5, entropy=True)
    return SaveEntry("s1", name="Citadels with Ada, Bea, Bot", game="citadels", updated=1.0, actions=0, over=over,
                     record=s.record.model_dump(mode="json"), distance=distance)


def test_a_continuation_not_kept_is_a_saved_game_to_review_not_a_game_at_a_distance():
    live = Distance(new_game_id(), [0]).to_json()
    aside = Distance(new_game_id(), [0], aside=True).to_json()
    assert Distance.from_json(aside).aside and not Distance.from_json(live).aside
    assert home.listed_under(_entry(live)) == home.INBOX
    assert home.listed_under(_entry(aside)) == home.ASIDE
    assert home.listed_under(_entry(aside, over=True)) == home.ASIDE
    assert home.listed_under(_entry(None, over=True)) == home.FINISHED
    row = home.save_row(_entry(aside), "en", lambda ms: "today", aside=True)
    assert "not kept: review only" in row and 'data-cmd="review-save"' in row
    assert 'data-cmd="resume"' not in row  # it never goes back on the table, so it never sends a link
    assert 'data-cmd="resume"' in home.save_row(_entry(None), "en", lambda ms: "today")
    # alone, it is a saved game, not one to continue: "Saved games", the games' cards first
    page = home.home_html("en", aside=[row])
    assert "<h2>Saved games</h2>" in page and "Continue a game" not in page and row in page
    assert page.index('class="games"') < page.index(row)


def test_the_name_of_a_continuation_not_kept_says_which_one_and_fits():
    names = ["Ada", "Bea", "Bot Carlo"]
    assert aside_name("Citadels", names, True, 60, "en") == \
        "Citadels with Ada, Bea, Bot Carlo · the link’s version, not kept, from move 61"
    assert aside_name("Citadels", names, False, 60, "en") == \
        "Citadels with Ada, Bea, Bot Carlo · the version here, not kept, from move 61"
    assert aside_name("Citadels", names, False, 60, "it") == \
        "Citadels con Ada, Bea, Bot Carlo · versione locale scartata, dalla mossa 61"
    long = aside_name("Citadels", ["Annamaria", "Bernadette", "Bot Carlo", "Dorotea"], True, 9, "it")
    assert len(long) <= 80 and long.endswith(" · versione del link scartata, dalla mossa 10") and "…" in long


def test_the_hand_off_is_skipped_on_a_device_of_one_person_only():
    names = ["Ada", "Bea", "Bot"]
    assert not needs_handoff([0], 0, names, people_here([(names, [0])]))
    assert not needs_handoff([0], 0, names, people_here([(names, [0]), (["ada ", "Cleo"], [0])]))
    # another person has a seat on this device (here or in another game): the hand-off stays
    assert needs_handoff([0], 0, names, people_here([(names, [0]), (["Cleo", "Bea"], [1])]))
    assert needs_handoff([0, 1], 0, names, people_here([(names, [0, 1])]))
    # a seat this game does not play here
    assert needs_handoff([0], 1, names, people_here([(names, [0])]))


def test_the_first_link_names_who_invites():
    kinds = ["human", "human", "bot:easy"]
    assert inviter([0, 2, 2, 0, 2], kinds, 1) == 0
    assert inviter([], kinds, 1) == 0  # no move yet: the only other person
    assert inviter([], ["human", "human", "human"], 1) is None


def _fork_of(seat_here: int):
    """Two continuations of one Citadels position: the seat to move there chose one
    character on one side, another on the other (a link answered twice)."""
    a = Session.start("citadels", SEATS, seed=9, entropy=True)
    a.play_here([seat_here])
    while not (a.to_move() in (0, 1) and len({a.label(x) for x in a.legal_actions()}) == 1
               and len(a.legal_actions()) > 1):
        a.bot_step() if a.bot_to_move() is not None else a.apply(a.legal_actions()[0])
    base = a.record.model_copy(deep=True)
    sides = []
    for pick in (0, 1):
        s = Session.load(base.model_copy(deep=True))
        s.play_here([seat_here])
        s.apply(s.legal_actions()[pick])
        sides.append(s)
    return len(base.actions), sides


def test_the_fork_shows_this_devices_own_hidden_choice_and_never_another_seats():
    at, (one, two) = _fork_of(0)
    mover = one.actors[at]
    own = [seen_moves(s, at, mover) for s in (one, two)]
    assert own[0] != own[1] and all("(your choice: Keep the " in lines[0] for lines in own), own
    other = 1 - mover
    theirs = [seen_moves(s, at, other) for s in (one, two)]
    assert theirs[0] == theirs[1] and "your choice" not in theirs[0][0]  # the mover's choice stays hidden
    assert seen_moves(one, at, None) == theirs[0]
    seat = parted_by(one.actors, two.actors, at)
    assert seat == mover and movers(one.actors, at) == [mover]
    kinds = [x.kind for x in one.seats]
    assert "answered the same link twice" in fork_cause(seat, kinds, [other], "Bea").render("en")
    assert "played this position twice" in fork_cause(seat, kinds, [seat], "Ada").render("en")
    assert "dice drawn differ" in fork_cause(None, kinds, [0], "").render("en")


# ---- forks: a link's forks are part of its game (issue 38, item 6) -------------------------------


def _forked(record, at: int, seat: int, seed: int):
    """``record`` with a fork added by hand: at ``at`` moves, what ``seat`` had not seen dealt
    again from ``seed`` (what a sender edits into a link to re-deal the receiver's hand)."""
    from engines.core.record import Fork

    return record.model_copy(deep=True, update={"forks": [*record.forks, Fork(at=at, seat=seat, seed=seed)]})


def _bea_has_the_game(game: str, page_format: bool = True):
    """Ada (seat 0) plays a few moves of ``game`` dealt from seed 11 and sends Bea (seat 1) the
    move link; Bea's device opens it: (the link's record, Bea's device). ``page_format``: the
    record in the second format, as the page writes it (Bea's own draws would then come from
    entropy); else the first, whose seed goes on dealing Bea's draws."""
    from engines.core.record import upgrade

    ada = Session.start(game, SEATS, seed=11)
    ada.play_here([0])
    play_mine(ada)
    assert ada.away_to_move() == 1 and len(ada.record.actions) > 0
    record = upgrade(ada.record) if page_format else ada.record
    return record, device(parse_move(move_fragment(record, "abcdefgh1234", 1)).record, 1)


@pytest.mark.parametrize("game", ["citadels", "euphoria"])
def test_a_link_with_a_fork_added_is_refused_as_another_deal(game):
    """Issue 38: Ada edits a fork into the link she already sent, re-dealing at a position Bea's
    device has (Bea's own hand, in Citadels; her hidden recruits and dilemma, in Euphoria):
    the link still reads, and its game is not Bea's. Before, it passed as "the same" game."""
    record, bea = _bea_has_the_game(game)
    at = len(record.actions)
    # a seed that re-deals what Bea's device shows her: the edit changes her game
    mine = bea.game.view(bea.state, 1)
    redealt = next(r for r in (_forked(record, at, 0, seed) for seed in range(1, 30))
                   if Session.load(r).game.view(Session.load(r).state, 1) != mine)
    link = parse_move(move_fragment(redealt, "abcdefgh1234", 1))  # its header made for it: it reads
    assert relate(bea.record, link.record) == REDEALT
    # earlier in the game, Ada's re-deal of what she had not seen (Bea's first hand) as well
    assert relate(bea.record, _forked(record, 0, 0, 7)) == REDEALT
    # the page's reason, in both languages
    assert "dealt again" in REFUSED[REDEALT].render("en")
    assert "ridistribuiti" in REFUSED[REDEALT].render("it")


def test_a_newer_link_may_not_add_a_fork_past_this_devices_moves_either():
    """Bea plays on and answers with a fork after her move (Ada's hand re-dealt to her liking):
    refused on Ada's device, as one at a position Ada has."""
    record, bea = _bea_has_the_game("citadels", page_format=False)
    play_mine(bea)
    answer = bea.record
    assert relate(record, answer) == NEWER
    assert relate(record, _forked(answer, len(answer.actions), 1, 5)) == REDEALT
    assert relate(record, _forked(answer, len(record.actions) + 1, 1, 5)) == REDEALT


def test_the_same_forks_on_both_sides_are_the_same_game():
    """A game forked before it went at a distance keeps its fork in every link: no refusal."""
    record, _bea = _bea_has_the_game("citadels")
    forked = _forked(record, 1, 0, 3)
    assert relate(forked, forked.model_copy(deep=True)) == SAME
    assert relate(forked, record) == REDEALT and relate(record, forked) == REDEALT


def test_sealed_state_is_kept_in_the_save_and_old_games_are_not_sealed():
    """A sealed game's seat keys and transcript travel in ``Distance.to_json`` (the save);
    a game made before sealed links reads back as not sealed; a damaged seal stays sealed
    (never played on unsigned), marked damaged."""
    from tavolo_ui.distance import SealState
    seal = SealState({0: "A" * 43, 2: "B" * 43}, host=0, transcript=[{"seat": 0, "a": [0, 1], "c": [0, 3], "sig": "x"}],
                     known={"keys": {"0": "C" * 43}, "head": "h", "segments": 1})
    back = Distance.from_json(Distance("abcdefgh1234", [0, 2], seal=seal).to_json())
    assert back is not None and back.sealed and back.seal == seal
    old = Distance.from_json({"gid": "abcdefgh1234", "mine": [1]})
    assert old is not None and not old.sealed
    damaged = Distance.from_json({"gid": "abcdefgh1234", "mine": [1], "seal": {"keys": {"1": "short"}}})
    assert damaged is not None and damaged.sealed and damaged.seal is not None and damaged.seal.damaged
