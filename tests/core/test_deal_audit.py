"""The deal's audit at the end of a ``t5`` game (issue 39, promise 4; ``tavolo_ui.dealt_audit``):
the seats release their deck secrets, signed, and every device checks the whole game from
scratch: every shuffle and lock recomputed from the secrets, every key released the
committed one, every card the record used the card dealt at its position, then the ``t4``
audit of the rest. The end screen's words say "verified" or name the seat and the step or
move that does not check.

Euphoria's ``--deal`` games do not reach their end yet, so one run for the module plays
the game so far (2 seats, seed 4, 40 moves: 41 moves in 20 links, about 25 s of one core)
with ``--audit``: its last link carries its sender's secret, the other device answers with
its own, and each device audits. Each attack then changes one thing in a device's copy and
re-signs what it changed with the seat's own key (a cheater signs his own steps), or with
every seat's key (a device holding them all), so that only the check under test can catch it.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from engines.core.deck import DeckSecret, decode, encode, first_deck, lock, lock_step, shuffle_step
from engines.core.i18n import render
from engines.core.seal import SeatKey, b64, chain, link_hash

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import distance_game as tool  # noqa: E402
from tavolo_ui import dealt, revealed  # noqa: E402
from tavolo_ui.dealt_audit import (audit_deal_game, dealt_cards, reveal_secret, split_secrets,  # noqa: E402
                                   with_secrets)
from tavolo_ui.distance import FAILED, VERIFIED, end_words  # noqa: E402

GAME = "euphoria"
SEED = 4
PLAYERS = 2
DECK = "recruits"


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("audit")
    summary = tool.play_deal(GAME, PLAYERS, SEED, folder, max_moves=40, audit=True)
    KEYS.update({seat: SeatKey.from_text(device(folder, seat).seal.keys[seat]) for seat in range(PLAYERS)})
    return folder, summary


def device(folder: Path, seat: int) -> tool.DealDevice:
    return tool.DealDevice.load(folder / "devices" / str(seat))


def secret(seat: int) -> DeckSecret:
    return tool.seeded_deck_secret(GAME, SEED, seat)


KEYS: dict[int, SeatKey] = {}


def key(seat: int) -> SeatKey:
    """``seat``'s own key, as its device holds it (made there when its first link came)."""
    return KEYS[seat]


def audited(d: tool.DealDevice, **change):
    """``d``'s audit of the game, with its record, transcript, book or secrets changed."""
    parts = {"record": d.record, "transcript": d.seal.transcript, "book": d.book, "revealed": d.released, **change}
    return audit_deal_game(parts["record"], parts["transcript"], parts["book"], parts["revealed"],
                           gid=d.distance.gid)


def said(result) -> tuple[str, str]:
    """The end screen's line for ``result``, in English and in Italian."""
    line, _, _ = end_words(result, GAME, "Euphoria")
    return render(line, "en"), render(line, "it")


def with_steps(d: tool.DealDevice, steps: list[dict]) -> dealt.DealBook:
    """``d``'s book with the steps of ``DECK`` replaced by ``steps`` (each signed by its seat),
    kept as ``d`` keeps them: without its points where ``d`` holds that step as its hash."""
    held = d.book.steps[DECK]
    kept = [step if "deck" in mine else {n: v for n, v in step.items() if n != "deck"}
            for step, mine in zip(steps, held)]
    return dealt.DealBook({**d.book.steps, DECK: kept}, d.book.releases)


def resigned(record, transcript: list[dict], gid: str) -> list[dict]:
    """Every segment signed again over ``record`` by its own seat's key."""
    out = [dict(segment) for segment in transcript]
    head = chain(gid, record, [])[-1]
    for segment in out:
        head = link_hash(head, record, segment)
        segment["sig"] = b64(key(segment["seat"]).sign(head))
    return out


def test_sealed_audit_of_the_game_so_far_verifies_on_every_device_and_the_tool_says_so(run):
    """The last link carries its sender's secret, the other device answers with its own (one
    message a server would not need), each device then holds both, and each verifies the
    whole game: the summary says "verified"; the end screen says the deal was checked."""
    folder, summary = run
    assert summary["refused"] == [] and summary["moves"] == 41
    assert summary["audit"] == "verified" and summary["reveal_messages"] == 1 and summary["links"] == 21
    for seat in range(PLAYERS):
        d = device(folder, seat)
        assert sorted(d.released) == [0, 1]
        result = audited(d)
        assert result.outcome == VERIFIED and result.dealt, result
    links = sorted((folder / "links").iterdir())
    released = [[entry["seat"] for entry in tool.decode_file(file)["deal"].get("secrets", [])] for file in links]
    assert released == [[]] * 19 + [[1], [0, 1]]   # no secret leaves a device before the end
    assert [file.read_text().split()[1:4] for file in links[-2:]] == [["1", "to", "all"], ["0", "to", "all"]]
    english, italian = said(result)
    assert "every card dealt was checked against every player’s shuffle" in english
    _line, unprotected, more = end_words(result, GAME, "Euphoria")
    assert unprotected is not None and "foresee (not choose)" in unprotected.render("en")
    assert more is None   # "Read more" speaks of links that still show the hidden cards: not these
    assert italian.startswith("Partita verificata:") and "ogni carta distribuita è stata verificata" in italian


@pytest.mark.parametrize("seat", [0, 1])
def test_sealed_audit_a_shuffle_that_swaps_a_card_names_its_seat(run, seat):
    """Player 2 shuffles, then puts in place of one card a card of his choosing (not a
    permutation of the deck he was given), signs his step and the others lock on from it:
    every step is signed by its seat and every point distinct, so nobody sees it during the
    game; the audit recomputes his step from his secret and names him. Seen on both devices:
    Player 1's keeps his step as its hash alone, Player 2's with its points."""
    folder, _ = run
    d = device(folder, seat)
    spec = dealt.deal_specs(tool.get_game(GAME), d.record, d.distance.gid)[DECK]
    first = shuffle_step(spec, first_deck(spec), secret(0), None)
    swapped = shuffle_step(spec, first["deck"], secret(1), 0)
    swapped["deck"][3] = encode(lock(decode(first_deck(spec)[5]), secret(1).deck_key(spec)))  # a card of his
    locked_1 = lock_step(spec, swapped["deck"], secret(1), 1)
    locked_0 = lock_step(spec, locked_1["deck"], secret(0), 1)
    steps = [dealt.signed_step(spec, step, key(step["seat"])) for step in (first, swapped, locked_1, locked_0)]
    result = audited(d, book=with_steps(d, steps))
    assert (result.outcome, result.seat, result.move) == (FAILED, 1, None), result
    english, italian = said(result)
    assert english == ("Not verified: Player 2's shuffle of the deck does not follow from Player 2's secret: a card "
                       "was changed or the order chosen.")
    assert italian.startswith("Partita non verificata: Il mescolamento del mazzo fatto da Giocatore 2")


def test_sealed_audit_a_lock_with_another_key_than_committed_names_its_seat(run):
    """Player 1 locks one position of his lap-2 step with another key than the one he
    committed to (his commitments as they were), and signs the step: the audit names him."""
    folder, _ = run
    d = device(folder, 1)
    spec = dealt.deal_specs(tool.get_game(GAME), d.record, d.distance.gid)[DECK]
    steps = [dict(step) for step in d.book.steps[DECK]]
    last = {n: v for n, v in steps[3].items() if n in ("seat", "lap", "deck", "keys")}
    last["deck"] = list(last["deck"])
    last["deck"][7] = encode(lock(decode(steps[2]["deck"][7]), 123456789))
    steps[3] = dealt.signed_step(spec, last, key(0))
    result = audited(d, book=with_steps(d, steps))
    assert (result.outcome, result.seat, result.move) == (FAILED, 0, None), result
    assert said(result)[0] == "Not verified: Player 1's locks on the deck do not follow from Player 1's secret."


def test_sealed_audit_a_revealed_secret_that_does_not_match_the_commitments_names_its_seat(run):
    """Player 2 releases another secret than the one his steps follow from, signed by him:
    the audit names him before recomputing anything."""
    folder, _ = run
    d = device(folder, 0)
    other = reveal_secret(d.distance.gid, DeckSecret(bytes(range(32)), 1), key(1))
    result = audited(d, revealed={**d.released, 1: other})
    assert (result.outcome, result.seat, result.move) == (FAILED, 1, None), result
    english, italian = said(result)
    assert english == ("Not verified: Player 2's secret, revealed at the end of the game, does not match the keys "
                       "Player 2 committed to in the deal of the cards.")
    assert "non corrisponde alle chiavi che Giocatore 2 ha dichiarato" in italian


def answer_link(folder: Path) -> tuple[int, str]:
    """The last link of the run (the answer carrying every secret): its sender and its link."""
    file = sorted((folder / "links").iterdir())[-1]
    return int(file.read_text().split()[1]), tool.link_text(file)


def with_secret_of(fragment: str, seat: int, entry) -> str:
    """``fragment`` with ``seat``'s released secret replaced by ``entry``, re-encoded."""
    t4, text = dealt.split_dealt(fragment, 1 + revealed.MOST_SEATS, revealed.SEGMENT_CHARS)
    rest, secrets = split_secrets(text)
    return dealt.dealt_fragment(t4, with_secrets(rest, [entry if s.seat == seat else s for s in secrets]))


@pytest.mark.parametrize("signer", [0, 1])
def test_tamper_released_secret_changed_in_the_answer_is_refused_naming_its_seat(run, tmp_path, signer):
    """The answer's released secret of Player 1 replaced, signed by Player 1 (a secret that
    does not open his commitments) or by Player 2 (not his): Player 2's device refuses the
    link, naming Player 1, and keeps what it had."""
    folder, _ = run
    sender, fragment = answer_link(folder)
    receiver = 1 - sender
    copy = tmp_path / "device"
    shutil.copytree(folder / "devices" / str(receiver), copy)
    d = tool.DealDevice.load(copy)
    forged = reveal_secret(d.distance.gid, DeckSecret(bytes(range(32)), sender), key(signer))
    accepted, reason = d.open_dealt(with_secret_of(fragment, sender, forged))
    assert not accepted
    words = ("does not match the keys Player 1 committed to" if signer == sender
             else "Player 1's secret, revealed at the end of the game, is not signed by Player 1.")
    assert words in reason, reason
    assert tool.DealDevice.load(copy).released == d.released


def test_sealed_audit_a_record_card_not_dealt_to_its_player_names_the_seat_and_the_move(run):
    """Player 2's first move names as his active recruit a card he was not dealt (the record
    signed again by every seat, as a device holding every key could): replayed with the
    cards dealt, the move is not legal, and the audit names Player 2 and his move."""
    folder, _ = run
    d = device(folder, 0)
    game = tool.get_game(GAME)
    every, _facts = dealt_cards(game, d.record, d.book, dealt.deal_specs(game, d.record, d.distance.gid),
                                {s: entry.secret for s, entry in d.released.items()})
    stranger = next(c for c in dealt.card_names(game, d.record)[DECK] if c not in every.values())
    record = d.record.model_copy(deep=True)
    option = record.actions[1]["option"]
    assert option["parts"][0] == "jonathan_the_gambler"
    option["parts"][0] = stranger
    result = audited(d, record=record, transcript=resigned(record, d.seal.transcript, d.distance.gid))
    assert (result.outcome, result.seat, result.move) == (FAILED, 1, 1), result
    english, italian = said(result)
    assert english == ("Not verified: Player 2’s move 2 does not check. A card in this move is not the card the "
                       "deal gave: the cards dealt, opened with every player’s secret, do not allow it.")
    assert italian.startswith("Partita non verificata: la mossa 2 di Giocatore 2 non supera la verifica. "
                              "Una carta di questa mossa non è quella distribuita")


def test_sealed_audit_a_draw_written_plainly_with_another_card_names_the_seat_that_dealt_it(run):
    """The creator writes Player 1's set-up dilemma plainly, as another dilemma than the one
    dealt at its position (the record signed again by every seat): the audit names the
    creator, in the set-up."""
    folder, _ = run
    d = device(folder, 1)
    game = tool.get_game(GAME)
    record = d.record.model_copy(deep=True)
    assert record.chance[0] == {"type": "draw_dilemma", "dilemma": {"deck": "dilemmas", "at": 0}}
    every, _facts = dealt_cards(game, d.record, d.book, dealt.deal_specs(game, d.record, d.distance.gid),
                                {s: entry.secret for s, entry in d.released.items()})
    dealt_there = every[dealt.Key("dilemmas", 0)]
    record.chance[0] = {"type": "draw_dilemma",
                        "dilemma": next(c for c in dealt.card_names(game, record)["dilemmas"] if c != dealt_there)}
    result = audited(d, record=record, transcript=resigned(record, d.seal.transcript, d.distance.gid))
    assert (result.outcome, result.seat, result.move, result.in_set_up) == (FAILED, 0, 0, True), result
    english, italian = said(result)
    assert english == ("Not verified: Player 1’s part in the set-up does not check. A card drawn here is not the "
                       "one dealt at its place in the deck: the cards dealt, opened with every player’s secret, "
                       "show another.")
    assert "Una carta estratta qui non è quella distribuita in quella posizione del mazzo" in italian


def test_sealed_audit_waits_for_every_seat_s_secret(run):
    """A device that has not received a seat's secret does not say the game verified: it
    names the seat whose secret is missing."""
    folder, _ = run
    d = device(folder, 0)
    result = audited(d, revealed={0: d.released[0]})
    assert (result.outcome, result.seat) == (FAILED, 1)
    assert said(result)[0] == ("Not verified: Player 2 has not revealed their secret for the deal of the cards yet: "
                               "the game cannot be checked.")


def test_sealed_audit_of_a_t5_game_with_no_seal_or_damaged_seals_says_so_without_checking(run):
    """``audit.audit_dealt_game`` (the entry for a ``t5`` record): a copy with no seal cannot
    be verified, one whose stored seals are damaged is said so; neither reads the deal."""
    from tavolo_ui.audit import audit_dealt_game
    from tavolo_ui.distance import NOT_VERIFIABLE, Distance, SealState

    folder, _ = run
    d = device(folder, 0)
    assert audit_dealt_game(d.record, Distance(d.distance.gid, [0]), None, {}).outcome == NOT_VERIFIABLE
    damaged = Distance(d.distance.gid, [0], seal=SealState({}, 0, [], damaged=True))
    result = audit_dealt_game(d.record, damaged, None, {})
    assert result.outcome == FAILED and "seals of this game stored on this device are damaged" in said(result)[0]
