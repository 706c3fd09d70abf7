"""Public chance by commit and reveal between simulated devices (``tools/distance_game.py
--reveal``, ``tavolo_ui.revealed``; issue 39 stage 2): the set-up lap, then every public draw
fixed by every seat's values; a dishonest sender who edits a link with the project's own
code, holding only his own keys and chance secret, is refused with a reason naming him.

One short run per title (3 players; Citadels 4, one a bot, so that characters are set aside
face up: its public draws), made once for the module, its last link not opened yet; each
edit is opened on a fresh copy of the receiver's device."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from engines import list_games
from engines.core.seal import b64, chain, link_hash, seal_segment, SeatKey

from .test_reveal import replaced_public_draw

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import distance_game as tool  # noqa: E402
from tavolo_ui.revealed import parse_revealed, revealed_fragment  # noqa: E402
from tavolo_ui.sealed import SealedLink, device_seat  # noqa: E402

SEED = 4
MAX_MOVES = 30
PLAYERS = {"citadels": 4}
BOTS = {"citadels": 1}


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    out = {}
    for name in list_games():
        folder = tmp_path_factory.mktemp(f"reveal-{name}")
        out[name] = folder, tool.play(name, PLAYERS.get(name, 3), SEED, folder, bots=BOTS.get(name, 0),
                                          max_moves=MAX_MOVES, open_last=False, reveal=True)
    return out


def links(folder: Path) -> list[tuple[int, str, str]]:
    """Every link of a run: (sender, receiver, fragment)."""
    out = []
    for file in sorted((folder / "links").iterdir()):
        words = file.read_text().splitlines()[0].split()
        out.append((int(words[1]), words[3], tool.link_text(file)))
    return out


def open_on(folder: Path, seat: int, fragment: str, tmp_path: Path) -> tuple[bool, str]:
    """Open ``fragment`` on a fresh copy of ``seat``'s device as the run left it."""
    copy = tmp_path / f"device-{seat}-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(folder / "devices" / str(seat), copy)
    file = tmp_path / "edited.txt"
    file.write_text(f"from ? to ?\n{tool.BASE_URL}{fragment}\n")
    result = tool.open_file(copy, file)
    return result["accepted"], result["reason"]


def key_of(folder: Path, seat: int) -> SeatKey:
    """The secret key of ``seat`` as its device (its host's, for a bot) stores it."""
    host = seat if (folder / "devices" / str(seat)).exists() else 0
    return SeatKey.from_text(tool.Device.load(folder / "devices" / str(host)).seal.keys[seat])


def last(folder: Path) -> tuple[int, int, SealedLink, list]:
    """The run's last link: sender, receiver, the link read, and the whole transcript the
    receiver rebuilds from it."""
    sender, receiver, fragment = links(folder)[-1]
    link = parse_revealed(fragment)
    stored = tool.Device.load(folder / "devices" / receiver).seal.transcript
    return sender, int(receiver), link, [*stored[:link.first], *link.segments]


def resign(folder: Path, record, transcript: list, k: int, **changes) -> list:
    """``transcript[:k + 1]`` with segment ``k`` changed and signed again by its seat's key."""
    segment = {key: value for key, value in {**transcript[k], **changes}.items() if key != "sig" and value is not None}
    head = chain(tool_gid(folder), record, transcript[:k])[-1]
    segment["sig"] = b64(key_of(folder, segment["seat"]).sign(link_hash(head, record, segment)))
    return [*transcript[:k], segment]


def tool_gid(folder: Path) -> str:
    return parse_revealed(links(folder)[0][2]).gid


def cut(record, segment: dict):
    """``record`` up to the end of ``segment``."""
    return record.model_copy(deep=True, update={"actions": record.actions[:segment["a"][1]],
                                                "chance": record.chance[:segment["c"][1]]})


# ---- honest runs -------------------------------------------------------------------------

@pytest.mark.parametrize("name", list_games())
def test_sealed_revealed_run_starts_with_the_lap_and_every_link_opens(runs, name, tmp_path):
    folder, summary = runs[name]
    assert summary["refused"] == [] and summary["moves"] >= MAX_MOVES
    every = links(folder)
    persons = PLAYERS.get(name, 3) - BOTS.get(name, 0)
    lap = [(sender, receiver) for sender, receiver, _ in every[:persons]]
    assert lap == [*((s, str(s + 1)) for s in range(persons - 1)), (persons - 1, "0")]  # round the people, back
    for _, _, fragment in every[:persons]:
        assert parse_revealed(fragment).record.chance == []  # nothing drawn before every seat committed
    assert parse_revealed(every[persons][2]).record.chance != []  # the creator dealt the set-up
    sender, receiver, link, whole = last(folder)
    assert all("anchor" in s for s in whole[:PLAYERS.get(name, 3)])
    assert all("reveal" in s for s in whole[PLAYERS.get(name, 3):])
    assert open_on(folder, receiver, every[-1][2], tmp_path) == (True, "")


def test_sealed_revealed_whole_game_ends_with_one_link_every_device_opens(tmp_path):
    """A whole game (Citadels, 3 players one a bot: the quickest to play) with the lap and
    reveal-dealt draws: every link opens, the last on every device."""
    summary = tool.play("citadels", 3, SEED, tmp_path, bots=1, reveal=True)
    assert summary["over"] and summary["refused"] == []
    copies = [tool.Device.load(tmp_path / "devices" / str(seat)) for seat in range(2)]
    assert len({json.dumps(c.record.model_dump(mode="json")) for c in copies if c.record is not None}) == 1
    assert len({json.dumps(c.seal.transcript, sort_keys=True) for c in copies}) == 1


# ---- attacks -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", list_games())
def test_tamper_revealed_public_draw_replaced_is_refused_naming_the_seat_and_move(runs, name, tmp_path):
    """The seat that dealt a public draw replaces it by another possible one, plays its turn on
    from there and signs it again (its own key), and sends that to another person: refused."""
    folder, _ = runs[name]
    _, _, link, whole = last(folder)
    players = link.record.players
    k, record, move = replaced_public_draw(name, link.record, whole, link.gid, lambda k: k >= players)
    segment = whole[k]
    seat = segment["seat"]
    edited = resign(folder, record, whole, k, a=[segment["a"][0], len(record.actions)],
                    c=[segment["c"][0], len(record.chance)])
    receiver = next(s for s in range(players) if record.seats[s].kind == "human" and s != device_seat(record, 0, seat))
    accepted, reason = open_on(folder, receiver, revealed_fragment(record, link.gid, receiver, edited, 0), tmp_path)
    assert not accepted
    if move < 0:
        assert reason == f"The set-up dealt by Player {seat + 1} does not follow from the seats' commitments."
    else:
        assert reason == f"The draw at Player {seat + 1}'s move {move + 1} does not follow from the seats' commitments."


@pytest.mark.parametrize("name", list_games())
def test_tamper_revealed_value_edited_is_refused(runs, name, tmp_path):
    """The sender writes another value in his last turn's reveal (to change its draws)."""
    folder, _ = runs[name]
    sender, receiver, link, whole = last(folder)
    k = len(whole) - 1
    record = cut(link.record, whole[k])
    edited = resign(folder, record, whole, k, reveal=b64(bytes(range(32))))
    accepted, reason = open_on(folder, receiver, revealed_fragment(record, link.gid, link.seat, edited, link.first),
                               tmp_path)
    seat, move = whole[k]["seat"], whole[k]["a"][0]
    assert (accepted, reason) == (False, f"Player {seat + 1}'s share of the draws at move {move + 1} is not the one "
                                         f"Player {seat + 1} committed to.")


@pytest.mark.parametrize("name", list_games())
def test_tamper_revealed_anchor_swapped_after_the_lap_is_refused(runs, name, tmp_path):
    """The sender commits a new anchor in his last turn (a chain of his choosing from now on)."""
    folder, _ = runs[name]
    sender, receiver, link, whole = last(folder)
    k = len(whole) - 1
    record = cut(link.record, whole[k])
    edited = resign(folder, record, whole, k, anchor=b64(bytes(range(1, 33))))
    accepted, reason = open_on(folder, receiver, revealed_fragment(record, link.gid, link.seat, edited, link.first),
                               tmp_path)
    seat, move = whole[k]["seat"], whole[k]["a"][0]
    assert (accepted, reason) == (False, f"Player {seat + 1}'s commitment to the draws changed at move {move + 1}.")


@pytest.mark.parametrize("name", list_games())
def test_tamper_revealed_draw_dealt_before_the_lap_ended_is_refused(runs, name, tmp_path):
    """The creator deals the set-up in its first link, before the others have committed (so
    it could choose its chain knowing the set-up): the next person's device refuses it."""
    folder, _ = runs[name]
    _, receiver, fragment = links(folder)[0]
    first = parse_revealed(fragment)
    dealt = parse_revealed(links(folder)[PLAYERS.get(name, 3) - BOTS.get(name, 0)][2])
    record = first.record.model_copy(deep=True, update={"chance": dealt.record.chance[:_set_up(dealt)]})
    transcript = seal_segment(record, [], 0, key_of(folder, 0), 0, len(record.chance), gid=first.gid,
                              anchor=bytes(32))
    for segment in first.segments[1:]:  # the creator's bots commit too
        transcript = seal_segment(record, transcript, segment["seat"], key_of(folder, segment["seat"]), 0,
                                  len(record.chance), gid=first.gid, anchor=bytes(32))
    device = tool.Device.fresh(tmp_path / "fresh", int(receiver), SEED, reveal=True)
    device.save()
    accepted, reason = device.open(revealed_fragment(record, first.gid, int(receiver), transcript, 0))
    assert (accepted, reason) == (False, "Player 1 dealt or moved before every seat had committed to the draws.")


def _set_up(link: SealedLink) -> int:
    """How many outcomes the set-up deal of a link's record has."""
    from engines.core.seal import turns
    return turns(link.record).drawn[0]


def test_tamper_revealed_game_set_up_without_the_lap_is_refused(runs, tmp_path):
    """A ``t4`` link whose transcript has no lap (a stage-1 set-up) does not pass for one."""
    folder, _ = runs["myraclia"]
    _, receiver, fragment = links(folder)[0]
    first = parse_revealed(fragment)
    dealt = parse_revealed(links(folder)[3][2])
    record = first.record.model_copy(deep=True, update={"chance": dealt.record.chance[:_set_up(dealt)]})
    transcript = seal_segment(record, [], 0, key_of(folder, 0), 0, len(record.chance), gid=first.gid)
    device = tool.Device.fresh(tmp_path / "fresh", int(receiver), SEED, reveal=True)
    device.save()
    accepted, reason = device.open(revealed_fragment(record, first.gid, int(receiver), transcript, 0))
    assert (accepted, reason) == (False, "Player 1 set this game up without the seats' commitments to the draws: "
                                         "its draws cannot be checked.")


# ---- a signature made again (security review of issue 39) ---------------------------------

def _sign_with_nonce(key_text: str, data: bytes, nonce: int) -> bytes:
    """An Ed25519 signature of ``data`` (RFC 8032 section 5.1.6) whose nonce ``r`` is
    ``nonce`` instead of the hash RFC 8032 derives it from: as valid as the deterministic one,
    and different. A seat's own device can make as many as it likes for one segment."""
    import hashlib

    from ecdsa.eddsa import generator_ed25519

    from engines.core.seal import unb64

    secret = unb64(key_text, 32)
    assert secret is not None
    h = hashlib.sha512(secret).digest()
    a = int.from_bytes(h[:32], "little") & ((1 << 254) - 8) | (1 << 254)
    order = generator_ed25519.order()
    public = SeatKey(secret).public
    r_point = (generator_ed25519 * (nonce % order)).to_bytes()
    k = int.from_bytes(hashlib.sha512(r_point + public + data).digest(), "little") % order
    return r_point + ((nonce + k * a) % order).to_bytes(32, "little")


@pytest.mark.parametrize("name", ["spyrium"])
def test_sealed_revealed_link_sent_again_with_its_segment_signed_anew_is_the_same_game(runs, name):
    """A sender who sends his last link again with his segment signed anew (another valid
    signature of the same hash: the same moves, the same draws) sends the same game: the
    receiver keeps it as it is, and shows no fork (which would say nothing and stop the game)."""
    from tavolo_ui import revealed

    folder, _ = runs[name]
    sender, receiver, fragment = links(folder)[-1]
    device = tool.Device.load(folder / "devices" / receiver)
    opened = revealed.open_link(fragment, (device.record, device.seal))
    here = (opened.link.record, opened.seal)
    transcript = [dict(segment) for segment in opened.transcript]
    last_segment = transcript[-1]
    head = chain(opened.link.gid, opened.link.record, transcript)[-1]
    host = sender if (folder / "devices" / str(sender)).exists() else 0
    key_text = tool.Device.load(folder / "devices" / str(host)).seal.keys[last_segment["seat"]]
    again = _sign_with_nonce(key_text, head, 12345)
    assert b64(again) != last_segment["sig"]
    transcript[-1] = {**last_segment, "sig": b64(again)}
    resent = revealed_fragment(opened.link.record, opened.link.gid, opened.link.seat, transcript, opened.link.first)
    twice = revealed.open_link(resent, here)
    assert twice.accepted and twice.relation == "same" and twice.fork is None
