"""A sealed game's fork made by this device's own seat (issue 39): Ada's link is shown in the
send box (so it may leave unnoticed, copied by hand), Undo takes her move back and she plays
another; Bea answers the FIRST link. Ada's device must recognise Bea's answer as Ada's own
fork (her seat signed both versions), not refuse it as changed: it keeps the segments it
signed and showed (``SealState.taken_back``), never re-signing a move of the link.

Each device is a ``Session`` with its own ``SealState``, given only link texts, as the
page's are (``distance_screen.AtADistance``)."""

from __future__ import annotations

import pytest

from engines.core.seal import SeatKey
from tavolo_ui.distance import FORKED, NEWER, Distance, SealState
from tavolo_ui.bidi import isolate
from tavolo_ui.sealed import device_seats, make_link, new_seal, open_link, refusal, remember_shown
from tavolo_ui.session import Session

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot Carlo", "kind": "bot:random"}]
GID = "sealedfork01"


def play_mine(s: Session, pick: int) -> None:
    """Play on this device until a friend is to move: the ``pick``-th legal move of its own
    seats (wrapped), and the bots' where they sit here."""
    while not s.is_over() and s.away_to_move() is None:
        if s.bot_to_move() is not None:
            s.bot_step()
            continue
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])


def loaded(record, mine: list[int], host: int | None = None) -> Session:
    s = Session.load(record.model_dump(mode="json"))
    s.play_here(mine)
    s.bots_host = host
    return s


def ada_shows_undoes_and_replays(send_second: bool) -> tuple[Session, SealState, str]:
    """Ada's device: her first moves' link shown in the send box (not noticed leaving),
    Undo back to the start, other moves played (their link sent when ``send_second``).
    Returns her session, her stored seal and the first link's fragment."""
    ada = Session.start("citadels", SEATS, 38)
    ada.play_here([0])
    seal = new_seal(ada.record, [0])
    start = ada.record.model_dump(mode="json")
    play_mine(ada, 0)
    first, made = make_link(ada.record, seal, gid=GID, to=1)
    seal = remember_shown(seal, made, len(ada.record.actions))  # shown in the box: the page keeps it
    ada = loaded(Session.load(start).record, [0])  # Undo to the start (its floor)
    play_mine(ada, 1)
    if send_second:
        _second, seal = make_link(ada.record, seal, gid=GID, to=1)
    return ada, seal, first


def bea_answers(first: str) -> str:
    """Bea's device opens the first link, plays her moves and sends the link back to Ada."""
    opened = open_link(first, None)
    assert opened.relation == NEWER
    mine = device_seats(opened.link.record, opened.seal.host, 1)
    bea = loaded(opened.link.record, mine, host=opened.seal.host)
    play_mine(bea, 0)
    fragment, _seal = make_link(bea.record, opened.seal, gid=GID, to=0)
    return fragment


@pytest.mark.parametrize("send_second", [True, False], ids=["second-link-sent", "second-link-not-sent"])
def test_sealed_answer_to_a_link_taken_back_is_this_seat_s_own_fork(send_second):
    ada, seal, first = ada_shows_undoes_and_replays(send_second)
    answer = bea_answers(first)
    opened = open_link(answer, (ada.record, seal))
    assert opened.relation == FORKED and not opened.accepted
    if send_second:  # both versions signed by Ada's seat and held here: the proof names her
        assert opened.signed_twice() == 0
    assert opened.seal == seal  # nothing adopted before the person chooses


def test_sealed_fork_kept_from_the_link_goes_on_with_links_the_friend_accepts():
    ada, seal, first = ada_shows_undoes_and_replays(True)
    bea_opened = open_link(first, None)
    bea = loaded(bea_opened.link.record, [1], host=0)
    play_mine(bea, 0)
    answer, bea_seal = make_link(bea.record, bea_opened.seal, gid=GID, to=0)
    opened = open_link(answer, (ada.record, seal))
    assert opened.relation == FORKED
    # "Keep the link's game": the link's transcript with this device's keys kept
    kept = loaded(opened.link.record, [0, 2])
    assert opened.theirs is not None
    assert opened.theirs.keys == seal.keys and opened.theirs.transcript == opened.transcript
    play_mine(kept, 0)
    back, _ = make_link(kept.record, opened.theirs, gid=GID, to=1)
    on_bea = open_link(back, (bea.record, bea_seal))
    assert on_bea.relation == NEWER and on_bea.accepted


def test_sealed_taken_back_segments_are_saved_and_bounded():
    ada = Session.start("citadels", SEATS, 38)
    ada.play_here([0])
    seal = new_seal(ada.record, [0])
    play_mine(ada, 0)
    _fragment, made = make_link(ada.record, seal, gid=GID, to=1)
    shown = remember_shown(seal, made, len(ada.record.actions))
    assert shown.taken_back and shown.transcript == []
    assert remember_shown(shown, made, len(ada.record.actions)) == shown  # shown again: kept once
    assert remember_shown(seal, made, 0).taken_back == shown.taken_back[-1:]
    back = Distance.from_json(Distance(GID, [0], seal=shown).to_json())
    assert back is not None and back.seal == shown
    _again, sent = make_link(ada.record, shown, gid=GID, to=1)
    assert sent.taken_back == []  # sent: the transcript holds them now


def test_sealed_link_chained_to_no_segment_of_this_device_is_refused_naming_the_seat():
    """A link whose seals fit neither the stored transcript nor a taken-back segment (here:
    its first segments re-signed with another key) is refused: taken-back segments are
    tried, never signed anew. The reason names the seat as it was typed ("Ada")."""
    from engines.core.seal import SealError, seal_segment
    from tavolo_ui.sealed import parse_sealed, sealed_fragment

    ada, seal, first = ada_shows_undoes_and_replays(True)
    answer = bea_answers(first)
    link = parse_sealed(answer)
    whole = [*[segment for _k, segment in seal.taken_back][:link.first], *link.segments]
    forged = seal_segment(link.record, [], 0, SeatKey.new(), whole[0]["a"][1], whole[0]["c"][1], gid=GID)
    rest = [dict(segment) for segment in whole[1:]]
    with pytest.raises(SealError) as refused:
        open_link(sealed_fragment(link.record, GID, 0, [*forged, *rest], 0), (ada.record, seal))
    names = [seat["name"] for seat in SEATS]
    assert isolate("Ada") in refusal(refused.value, "it", names) and "Giocatore" not in refusal(refused.value, "it", names)
    assert "Player 1" in refusal(refused.value)  # without names: the engine's words
