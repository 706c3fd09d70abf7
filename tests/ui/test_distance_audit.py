"""The end-of-game audit of a game at a distance (issue 39, promise 4; ``tavolo_ui.audit``):
each device verifies the whole game from scratch once it is over, and the end screen says
"verified", or names the seat and the move that do not check (``distance.end_words``).

A whole Myraclia game (Ada and Bea on two simulated devices, a bot on Ada's) is played with
``t4`` links, seeded keys and chance secrets (``test_distance_lap_page.play_to_the_end``), once
for the module; each tampering test then
edits a copy of its transcript (re-signing what follows with the seats' own keys, as a
dishonest device holding them all would, so that only the check under test can catch it).
"""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.record import new_record
from engines.core.seal import SeatKey, b64, chain, link_hash, unb64
from tavolo_ui import revealed, sealed
from tavolo_ui.audit import audit, audit_transcript
from tavolo_ui.distance import (EVERY_SEAT, FAILED, NOT_VERIFIABLE, SIGNED, VERIFIED, Audit, Distance, end_words,
                                new_game_id)
from tavolo_ui.sealed import named, new_seal
from tavolo_ui.session import Session

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)
from .test_distance_lap_page import on_table, play_to_the_end
from .test_distance_revealed_page import replace_a_draw

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot Carlo", "kind": "bot:easy"}]
NAMES = [seat["name"] for seat in SEATS]
BEA = 1


@pytest.fixture(scope="module")
def ended():
    """(the last mover's device, the other device with the final link opened, every seat's key)."""
    last, other, final = play_to_the_end()
    other.open(final)
    assert other.session.is_over()
    keys = {seat: SeatKey.from_text(text) for device in (last, other) for seat, text in device.info.seal.keys.items()}
    return last, other, keys


def resigned(record, transcript: list[dict], start: int, keys: dict[int, SeatKey], gid: str) -> list[dict]:
    """``transcript`` with every segment from ``start`` on signed again, each by its own seat's
    key (its fields as they are): what a device holding every key could send, so that no
    signature gives the change away."""
    out = [dict(segment) for segment in transcript]
    head = chain(gid, record, out[:start])[-1]
    for k in range(start, len(out)):
        head = link_hash(head, record, out[k])
        out[k]["sig"] = b64(keys[out[k]["seat"]].sign(head))
    return out


def turn_of(transcript: list[dict], seat: int, players: int) -> int:
    """The index of a segment in the middle of the game that is ``seat``'s turn (after the lap)."""
    turns = [k for k, segment in enumerate(transcript) if k > players and segment["seat"] == seat]
    return turns[len(turns) // 2]


def test_a_whole_game_verifies_on_each_device_the_last_movers_before_its_final_link_leaves(ended):
    last, other, _keys = ended
    for device in (last, other):
        result = audit(device.session.record, device.info)
        assert result == Audit(VERIFIED, private=0), result  # Myraclia: every draw is public
    # the last mover's own turn is not in its stored transcript until its final link is made
    assert last.info.seal.transcript[-1]["a"][1] < len(last.session.record.actions)
    line, unprotected, more = end_words(audit(last.session.record, last.info), "myraclia", "Myraclia")
    assert line.render("en").startswith("Verified: every move was signed on its player’s device, and every draw")
    assert line.render("it").startswith("Partita verificata: ogni mossa è stata firmata")
    assert "foresee (not choose)" in unprotected.render("en")
    assert "Nothing is hidden in Myraclia" in more.render("en")


def test_a_segment_signed_again_by_another_seats_key_names_that_seat_and_its_move(ended):
    _last, other, keys = ended
    record, transcript, gid = other.session.record, other.info.seal.transcript, other.info.gid
    k = turn_of(transcript, BEA, record.players)
    forged = [dict(segment) for segment in transcript]
    head = chain(gid, record, forged[:k + 1])[-1]
    forged[k]["sig"] = b64(keys[0].sign(head))  # Ada's device plays Bea's turn
    forged = resigned(record, forged, k + 1, keys, gid)
    result = audit_transcript(record, forged, gid=gid, revealed=True)
    move = transcript[k]["a"][0]
    assert (result.outcome, result.seat, result.move) == (FAILED, BEA, move)
    line, _, _ = end_words(result, "myraclia", "Myraclia")
    assert named(line.render("en"), NAMES, "en") == (
        f"Not verified: \u2068Bea\u2069’s move {move + 1} does not check. Move {move + 1} was not signed by "
        "\u2068Bea\u2069: someone else made it.")
    assert named(line.render("it"), NAMES, "it").startswith(
        f"Partita non verificata: la mossa {move + 1} di \u2068Bea\u2069 non supera la verifica.")


def test_a_segment_edited_and_signed_by_a_key_of_no_seat_names_its_seat_and_move(ended):
    _last, other, keys = ended
    record, transcript, gid = other.session.record, other.info.seal.transcript, other.info.gid
    k = turn_of(transcript, BEA, record.players)
    stranger = SeatKey(bytes(range(32)))
    forged = [dict(segment) for segment in transcript]
    forged[k]["reveal"] = b64(bytes(32))  # edited, then signed by a key no seat is bound to
    forged[k]["sig"] = b64(stranger.sign(chain(gid, record, forged[:k + 1])[-1]))
    forged = resigned(record, forged, k + 1, keys, gid)
    result = audit_transcript(record, forged, gid=gid, revealed=True)
    assert (result.outcome, result.seat, result.move) == (FAILED, BEA, transcript[k]["a"][0])
    assert "were changed after Player 2 signed them" in str(result.reason)


def test_a_revealed_value_changed_names_its_seat_and_move(ended):
    _last, other, keys = ended
    record, transcript, gid = other.session.record, other.info.seal.transcript, other.info.gid
    k = turn_of(transcript, BEA, record.players)
    forged = [dict(segment) for segment in transcript]
    value = unb64(forged[k]["reveal"], 32)
    forged[k]["reveal"] = b64(bytes([value[0] ^ 1]) + value[1:])  # another value, signed by Bea's own key
    forged = resigned(record, forged, k, keys, gid)
    result = audit_transcript(record, forged, gid=gid, revealed=True)
    assert (result.outcome, result.seat, result.move) == (FAILED, BEA, transcript[k]["a"][0])
    assert "is not the one Player 2 committed to" in str(result.reason)


def test_a_public_draw_replaced_names_the_seat_that_dealt_it_and_its_move(ended):
    _last, other, keys = ended
    record, transcript, gid = other.session.record, other.info.seal.transcript, other.info.gid
    dealing = [k for k, segment in enumerate(transcript)
               if k > record.players and segment["seat"] == BEA and segment["c"][1] > segment["c"][0]]
    forged_record = replace_a_draw(record, transcript[dealing[len(dealing) // 2]]["c"][0])
    assert forged_record is not None
    j = next(j for j in range(len(record.chance)) if record.chance[j] != forged_record.chance[j])
    k = next(k for k, segment in enumerate(transcript) if segment["c"][0] <= j < segment["c"][1])
    forged = resigned(forged_record, transcript, k, keys, gid)
    result = audit_transcript(forged_record, forged, gid=gid, revealed=True)
    assert (result.outcome, result.seat) == (FAILED, transcript[k]["seat"]), result
    assert result.move == transcript[k]["a"][1] - 1  # the draw was dealt after the seat's last move of the turn
    assert "does not follow from the seats’ commitments" in str(result.reason).replace("'", "’")


def test_a_sealed_game_without_the_lap_is_checked_for_its_signatures_and_an_unsealed_one_is_not_verifiable():
    """A ``t3`` game (sealed before draws were fixed by every seat): its signatures, said so;
    a game of the links before sealing: nothing can be checked, said so."""
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    s = Session.load(new_record(get_game("spyrium"), 2, 7, seats=seats))
    gid, seal = new_game_id(), new_seal(s.record, [0, 1])  # one device plays both: it signs every move
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    signed = Distance(gid, [0, 1], seal=seal)  # the moves not sealed yet: the next link seals them
    result = audit(s.record, signed)
    assert result.outcome == SIGNED
    words = end_words(result, "spyrium", "Spyrium")
    assert words[0].render("en").startswith("Moves verified: every move was signed") and words[1:] == (None, None)
    assert "cannot be checked" in words[0].render("en")
    plain = end_words(audit(s.record, Distance(gid, [0])), "spyrium", "Spyrium")
    assert audit(s.record, Distance(gid, [0])).outcome == NOT_VERIFIABLE
    assert plain[0].render("en").startswith("Not verifiable:") and plain[0].render("it").startswith("Non verificabile:")


def test_a_game_with_hidden_cards_is_not_said_to_hide_them():
    """The end screen of a verified ``t4`` Citadels game speaks of the draws all players see,
    and says the hidden cards are not checked (a link still shows them): never that the whole
    game was fair."""
    result = Audit(VERIFIED, private=12)
    line, unprotected, more = end_words(result, "citadels", "Citadels")
    assert "every draw that all players see" in line.render("en")
    assert "hidden cards, which a link still shows" in unprotected.render("en")
    assert "district cards" in more.render("en")  # privacy_more's own words for Citadels
    assert "Non verificate:" in unprotected.render("it")


def test_the_final_table_opened_on_a_device_with_no_copy_says_to_open_it_where_the_player_joined(ended):
    """The end-of-game link goes to every player; opened on a second device of Bea's (her
    laptop: no copy of the game, none of her keys), it says in plain words which device
    opens it, naming the players, not that the game was never seen. Nothing is kept."""
    last, _other, _keys = ended
    final, _seal, to = revealed.page_link(last.session.record, last.info.seal, last.info.chances,
                                          gid=last.info.gid, mover=None)
    assert to == EVERY_SEAT  # as the headless tool sends it
    with pytest.raises(sealed.LinkError) as refused:
        revealed.open_link(final, None)
    words = refused.value.message("en")
    assert words.startswith("This link brings the final table of a game with \u2068Ada\u2069 and \u2068Bea\u2069 "
                            "to each player’s own device"), words
    assert "never seen" not in words and "Open it on the device you played on" in words
    assert refused.value.message("it").startswith("Questo link porta il tavolo finale di una partita con "
                                                  "\u2068Ada\u2069 e \u2068Bea\u2069")


def test_the_end_screen_checks_the_whole_game_once_then_says_verified(app, ended):  # noqa: F811
    """The page's end screen (``AtADistance.checked_html``): "Checking..." when first drawn,
    the audit run just after it (once per finished game), then its words and "Read more"."""
    import asyncio

    last, _other, _keys = ended
    on_table(app, last, sid="end")
    words = app.table.distance
    runs: list = []
    real = words.run_audit

    def run_audit(s, key):
        runs.append(key)
        real(s, key)

    words.run_audit = run_audit

    async def draw_twice_then_let_it_run() -> tuple[str, str, str]:
        first, again = words.checked_html(), words.checked_html()
        await asyncio.sleep(0)
        return first, again, words.checked_html()

    first, again, done = asyncio.run(draw_twice_then_let_it_run())
    assert 'data-audit="pending"' in first and "Checking every move and draw of the game…" in first and again == first
    assert len(runs) == 1  # drawn twice, audited once
    assert 'data-audit="verified"' in done and "Verified: every move was signed on its player’s device" in done
    assert "<summary>Read more</summary>" in done and "Nothing is hidden in Myraclia" in done
    assert "Checking" not in done
    app.page.session = Session.load(new_record(get_game("myraclia"), 2, 7, seats=SEATS[:2], outcomes=True))
    assert words.checked_html() == ""  # a game not over: nothing said


def test_an_audit_that_breaks_says_the_game_is_not_verified_never_checking_for_ever(app, ended, monkeypatch):  # noqa: F811
    """A bug in the check (an exception) leaves neither "Checking..." on the screen for ever
    nor a claim: the game is said not verified, the error logged."""
    import asyncio
    import importlib

    last, _other, _keys = ended
    on_table(app, last, sid="end")

    def broken(record, info):
        raise RuntimeError("a bug")

    monkeypatch.setattr(importlib.import_module("tavolo_ui.audit"), "audit", broken)
    words = app.table.distance

    async def draw_then_let_it_run() -> str:
        words.checked_html()
        await asyncio.sleep(0)
        return words.checked_html()

    done = asyncio.run(draw_then_let_it_run())
    assert 'data-audit="failed"' in done and "Not verified: This device could not finish checking the game." in done
    assert any("a bug" in error for error in app.errors)


def test_the_final_table_sent_to_every_player_opened_where_the_game_is_goes_on_there(app, ended):  # noqa: F811
    """The end-of-game link made for every player (``EVERY_SEAT``, as the headless tool sends
    it) opened on Bea's device, which holds the game, is taken as the game's own final table:
    not refused as another seat's link (its seat is no seat: reading its name failed)."""
    from .test_distance_lap_page import saved
    last, other, _keys = ended
    final, _seal, to = revealed.page_link(last.session.record, last.info.seal, last.info.chances,
                                          gid=last.info.gid, mover=None)
    assert to == EVERY_SEAT
    on_table(app, other, sid="bea")
    app.page.show_home = lambda: None
    saved(app, other, "bea")
    went_on: list = []
    app.table.distance.go_on = lambda link, entry, info, relation, have: went_on.append((link.seat, relation))
    import asyncio
    asyncio.run(app.table.distance.open_sealed(final))
    assert went_on == [(EVERY_SEAT, "same")], app.page.banner
