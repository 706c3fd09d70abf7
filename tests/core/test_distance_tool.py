"""Sealed games at a distance, through the headless tool ``tools/distance_game.py``: each
title played between simulated devices that pass nothing but sealed move links (every link
opens on its receiver), then a dishonest friend edits a link with the project's own code and
sends it on: each edit is refused with a reason naming the seat (issue 39, stage 1).

One short run per title (3 players, a bot among them in Citadels, ``MAX_MOVES`` moves),
made once for the module, its last link not opened yet. The edits are made to that link, and
each is opened on a fresh copy of its receiver's device, as the honest link would be."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from engines import get_game, list_games
from engines.core.chance import Sampler
from engines.core.record import replay
from engines.core.rng import Rng
from engines.core.seal import SeatKey, b64, link_hash, chain, seal_segment, turns

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import distance_game as tool  # noqa: E402
from tavolo_ui.distance import Distance, parse_move  # noqa: E402
from tavolo_ui.links import LinkError  # noqa: E402
from tavolo_ui.sealed import SealedLink, parse_sealed, sealed_fragment  # noqa: E402

PLAYERS = 3
SEED = 4
MAX_MOVES = 40
BOTS = {"citadels": 1}


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    out = {}
    for name in list_games():
        folder = tmp_path_factory.mktemp(name)
        out[name] = folder, tool.play(name, PLAYERS, SEED, folder, bots=BOTS.get(name, 0), max_moves=MAX_MOVES,
                                          open_last=False)
    return out


def last_link(folder: Path) -> tuple[int, int, str]:
    """(sender, receiver, fragment) of a run's last link."""
    file = sorted((folder / "links").iterdir())[-1]
    words = file.read_text().splitlines()[0].split()
    return int(words[1]), int(words[3]), tool.link_text(file)


def device_copy(folder: Path, seat: int, tmp_path: Path) -> Path:
    """A copy of ``seat``'s device as the run left it (each copy opens what it is given)."""
    copy = tmp_path / f"device-{seat}-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(folder / "devices" / str(seat), copy)
    return copy


def open_at(device: Path, fragment: str) -> tuple[bool, str]:
    """Open ``fragment`` on the device stored in ``device``, as ``--open`` does."""
    file = device.parent / "edited.txt"
    file.write_text(f"from ? to ?\n{tool.BASE_URL}{fragment}\n")
    result = tool.open_file(device, file)
    return result["accepted"], result["reason"]


def open_on(folder: Path, seat: int, fragment: str, tmp_path: Path) -> tuple[bool, str]:
    """Open ``fragment`` on a fresh copy of ``seat``'s device."""
    return open_at(device_copy(folder, seat, tmp_path), fragment)


def whole_of(folder: Path, seat: int, link: SealedLink) -> list:
    """The whole transcript the receiver ``seat`` rebuilds from its own and ``link``'s."""
    return [*transcript_of(folder, seat)[:link.first], *link.segments]


def key_of(folder: Path, seat: int) -> SeatKey:
    """The secret key of ``seat`` as its device stores it (the dishonest friend's own)."""
    host = seat if (folder / "devices" / str(seat)).exists() else 0  # a bot's key is on the creator's
    device = tool.Device.load(folder / "devices" / str(host))
    return SeatKey.from_text(device.seal.keys[seat])


def transcript_of(folder: Path, seat: int) -> list:
    return tool.Device.load(folder / "devices" / str(seat)).seal.transcript


def resend(link: SealedLink, record, transcript: list, first: int) -> str:
    """A link re-encoded with the project's own code (``sealed_fragment``)."""
    return sealed_fragment(record, link.gid, link.seat, transcript, first)


def replay_to(record, actions: int, outcomes: int):
    """The state after ``actions`` moves and ``outcomes`` draws of ``record``."""
    cut = record.model_copy(deep=True, update={"actions": record.actions[:actions], "chance": record.chance[:outcomes]})
    return cut, replay(cut)


# ---- honest runs -------------------------------------------------------------------------

@pytest.mark.parametrize("name", list_games())
def test_sealed_run_every_link_opens_on_its_receiver(runs, name, tmp_path):
    folder, summary = runs[name]
    assert summary["refused"] == [] and summary["links"] >= 3 and summary["moves"] >= MAX_MOVES
    files = sorted((folder / "links").iterdir())
    truth = [json.loads(line) for line in (folder / "truth.jsonl").read_text().splitlines()]
    assert [t["link"] for t in truth] == [f.name for f in files]
    sender, receiver, fragment = last_link(folder)
    assert sender != receiver
    device = device_copy(folder, receiver, tmp_path)
    assert open_at(device, fragment) == (True, "")
    stored = Distance.from_json(json.loads((device / "game.json").read_text())["distance"])
    assert stored is not None and stored.sealed and stored.seal is not None and not stored.seal.damaged
    assert stored.seal.transcript == whole_of(folder, receiver, parse_sealed(fragment))
    assert open_at(device, fragment) == (True, "")  # opened again: the same game


def test_sealed_bot_moves_are_signed_on_the_creator_s_device(runs):
    folder, _ = runs["citadels"]
    bot = PLAYERS - 1
    assert not (folder / "devices" / str(bot)).exists()  # no device of its own
    assert bot in tool.Device.load(folder / "devices" / "0").seal.keys
    signed = {segment["seat"] for segment in transcript_of(folder, 0)}
    assert bot in signed
    heads = [f.read_text().splitlines()[0] for f in sorted((folder / "links").iterdir())]
    assert f"to {bot}" not in " ".join(heads)  # the bot's turns go to its host, seat 0


def test_sealed_link_is_refused_by_a_page_before_sealed_links_as_newer(runs):
    _, _, fragment = last_link(runs["spyrium"][0])
    with pytest.raises(LinkError) as caught:
        parse_move(fragment)
    assert "newer version of Tavolo" in caught.value.message("en")


def test_sealed_link_carries_only_the_seals_its_receiver_lacks(runs):
    folder, _ = runs["myraclia"]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    stored = transcript_of(folder, receiver)
    signed = [k for k, segment in enumerate(stored) if segment["seat"] == receiver]
    assert link.first == signed[-1] + 1 > 0
    assert link.segments[:len(stored) - link.first] == stored[link.first:]
    assert len(link.segments) > len(stored) - link.first  # and the sender's new ones


# ---- a dishonest friend ------------------------------------------------------------------

@pytest.mark.parametrize("name", list_games())
def test_forged_move_for_another_seat_is_refused_naming_it(runs, name, tmp_path):
    """The sender plays the receiver's next move himself, signs it and sends it on."""
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    game = get_game(name)
    record, state = replay_to(link.record, len(link.record.actions), len(link.record.chance))
    victim = game.to_move(state)
    assert victim is not None and victim != sender
    action = game.bots()["heuristic"](game, state, Rng.from_seed(1))
    record.actions.append(game.dump_action(action))
    game.apply(state, action)
    record.chance += [game.dump_action(o) for o in game.deal(state, Sampler(Rng.from_seed(2)))]
    whole = whole_of(folder, receiver, link)
    n = len(record.actions)
    forged = {"seat": victim, "a": [n - 1, n], "c": [whole[-1]["c"][1], len(record.chance)]}
    head = link_hash(chain(link.gid, record, whole)[-1], record, forged)
    forged["sig"] = b64(key_of(folder, sender).sign(head))  # his own key: he holds no other
    accepted, reason = open_on(folder, receiver, resend(link, record, [*whole, forged], link.first), tmp_path)
    assert not accepted
    assert reason == f"Move {n} was not signed by Player {victim + 1}: someone else made it."


def _changed_outcome(name: str, record, whole: list):
    """The last segment with a draw dealt after one of its moves, and the record up to that
    segment's end with that draw changed to another possible one (its moves after the draw
    played again, the draws they lead to dealt anew): what the seat that dealt it would send
    to choose his own draw."""
    game = get_game(name)
    drawn = turns(record).drawn
    for j in range(len(whole) - 1, 0, -1):
        a0, a1 = whole[j]["a"]
        for i in [i for i in range(a0, a1) if drawn[i + 1] > drawn[i]][-1:]:
            cut, state = replay_to(record, i + 1, drawn[i])
            for outcome, weight in game.chance_weights(state):
                if weight > 0 and game.dump_action(outcome) != record.chance[drawn[i]]:
                    trial = _played_on(game, cut, state.clone(), outcome, record.actions[i + 1:a1])
                    if trial is not None:
                        return j, trial
    raise AssertionError("no draw to change")


def _played_on(game, cut, state, outcome, actions: list):
    """``cut`` (at a chance node, ``state``) with ``outcome`` dealt, the rest of the node from
    a seeded dealer, then ``actions`` played; None when one of them is no longer legal."""
    record = cut.model_copy(deep=True)
    game.apply(state, outcome)
    record.chance += [game.dump_action(outcome), *[game.dump_action(o) for o in game.deal(state, Sampler(Rng.from_seed(3)))]]
    for action in actions:
        try:
            game.apply(state, action)
        except Exception:
            return None
        record.actions.append(action)
        record.chance += [game.dump_action(o) for o in game.deal(state, Sampler(Rng.from_seed(3)))]
    return record


@pytest.mark.parametrize("name", list_games())
def test_tamper_outcome_changed_is_refused_naming_who_dealt_it(runs, name, tmp_path):
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    whole = whole_of(folder, receiver, link)
    j, record = _changed_outcome(name, link.record, whole)
    _assert_refused_as_changed(folder, receiver, link, whole, j, record, tmp_path)


@pytest.mark.parametrize("name", list_games())
def test_tamper_earlier_move_changed_is_refused_naming_who_signed_it(runs, name, tmp_path):
    """A move of an earlier lap replaced by another legal one, its segment's range kept."""
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    game = get_game(name)
    whole = whole_of(folder, receiver, link)
    for j in range(1, len(whole) - PLAYERS):
        i = whole[j]["a"][1] - 1
        cut, state = replay_to(link.record, i, turns(link.record).drawn[i])
        others = [a for a in game.legal_actions(state) if game.dump_action(a) != link.record.actions[i]]
        if others:
            break
    else:
        raise AssertionError("no earlier move with another choice")
    game.apply(state, others[0])
    cut.actions.append(game.dump_action(others[0]))
    cut.chance += [game.dump_action(o) for o in game.deal(state, Sampler(Rng.from_seed(4)))]
    _assert_refused_as_changed(folder, receiver, link, whole, j, cut, tmp_path)


def _assert_refused_as_changed(folder: Path, receiver: int, link: SealedLink, whole: list, j: int, record,
                               tmp_path: Path) -> None:
    """``record`` (the link's, changed within segment ``j``) resent with segment ``j``'s
    outcomes stretched to its end and its signature kept: the receiver refuses it, naming the
    seat that signed segment ``j`` and its first move."""
    edited = [*whole[:j], {**whole[j], "c": [whole[j]["c"][0], len(record.chance)]}]
    accepted, reason = open_on(folder, receiver, resend(link, record, edited, min(j, link.first)), tmp_path)
    assert not accepted
    seat, a0 = whole[j]["seat"], whole[j]["a"][0]
    assert reason == (f"The moves from move {a0 + 1} were changed after Player {seat + 1} signed them, "
                      "or the signature is damaged.")


@pytest.mark.parametrize("name", list_games())
def test_tamper_signature_or_key_replaced_is_refused_naming_the_seat(runs, name, tmp_path):
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    whole = whole_of(folder, receiver, link)
    last = whole[-1]
    seat, a0 = last["seat"], last["a"][0]
    stranger = SeatKey(b"\x07" * 32)
    head = chain(link.gid, link.record, whole)[-1]
    resigned = {**last, "sig": b64(stranger.sign(head))}
    accepted, reason = open_on(folder, receiver, resend(link, link.record, [*whole[:-1], resigned], link.first),
                               tmp_path)
    assert not accepted
    assert reason == (f"The moves from move {a0 + 1} were changed after Player {seat + 1} signed them, "
                      "or the signature is damaged.")
    rekeyed = {key: value for key, value in last.items() if key != "sig"}
    rekeyed["key"] = b64(stranger.public)
    rekeyed["sig"] = b64(stranger.sign(link_hash(chain(link.gid, link.record, whole[:-1])[-1], link.record, rekeyed)))
    accepted, reason = open_on(folder, receiver, resend(link, link.record, [*whole[:-1], rekeyed], link.first),
                               tmp_path)
    assert not accepted
    assert reason == f"Player {seat + 1}'s key changed at move {a0 + 1}."
    j = link.first - 1  # a segment the receiver already checked: its signature replaced, sent again
    earlier = {**whole[j], "sig": b64(stranger.sign(chain(link.gid, link.record, whole)[j + 1]))}
    accepted, reason = open_on(folder, receiver, resend(link, link.record, [*whole[:j], earlier, *whole[j + 1:]], j),
                               tmp_path)
    assert not accepted
    assert reason == (f"The moves from move {whole[j]['a'][0] + 1} were changed after Player {whole[j]['seat'] + 1} "
                      "signed them, or the signature is damaged.")


@pytest.mark.parametrize("name", list_games())
def test_tamper_link_of_another_game_is_refused_naming_its_creator(runs, name, tmp_path):
    """A link of another game (another seed), its header re-stamped with this game's id."""
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    gid = parse_sealed(fragment).gid
    other = tmp_path / "other"
    tool.play(name, PLAYERS, SEED + 1, other, bots=BOTS.get(name, 0), max_moves=1)
    theirs = parse_sealed(tool.link_text(sorted((other / "links").iterdir())[0]))
    restamped = sealed_fragment(theirs.record, gid, receiver, theirs.segments, 0)
    accepted, reason = open_on(folder, receiver, restamped, tmp_path)
    assert not accepted
    if receiver == 0:  # the creator's device holds Player 1's key: the other game's is not it
        assert reason == "Someone else signed moves as Player 1 from move 1: this device holds Player 1's own key."
    else:
        assert reason == ("The game is not as Player 1 set it up and signed it: it was changed afterwards, it is "
                          "another game, or the signature is damaged.")


@pytest.mark.parametrize("name", list_games())
def test_sealed_answer_sent_twice_is_named_an_equivocation(runs, name, tmp_path):
    """The sender answers the same position a second time, differently, with his own key."""
    folder, _ = runs[name]
    sender, receiver, fragment = last_link(folder)
    link = parse_sealed(fragment)
    game = get_game(name)
    whole = whole_of(folder, receiver, link)
    j = max(k for k, segment in enumerate(whole) if segment["seat"] == sender)
    drawn = turns(link.record).drawn
    for i in range(whole[j]["a"][0], whole[j]["a"][1]):
        cut, state = replay_to(link.record, i, drawn[i])
        others = [a for a in game.legal_actions(state) if game.dump_action(a) != link.record.actions[i]]
        if others:
            break
    else:
        pytest.fail("the sender's last run had no move with another choice")
    game.apply(state, others[0])
    cut.actions.append(game.dump_action(others[0]))
    cut.chance += [game.dump_action(o) for o in game.deal(state, Sampler(Rng.from_seed(5)))]
    again = seal_segment(cut, whole[:j], sender, key_of(folder, sender), len(cut.actions), len(cut.chance),
                         gid=link.gid)
    device = device_copy(folder, receiver, tmp_path)
    assert open_at(device, fragment) == (True, "")  # the first answer
    accepted, reason = open_at(device, resend(link, cut, again, min(j, link.first)))
    assert not accepted
    assert reason.startswith(f"Player {sender + 1} signed two different moves for one position, at move {i + 1}")


# ---- stage 3 -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dealt_euphoria(tmp_path_factory) -> tuple[Path, dict]:
    """Euphoria's run with its cards dealt by mental poker (``--deal``, ``t5`` links) for
    ``MAX_MOVES`` moves, its last link not opened (about 25 s of one core)."""
    folder = tmp_path_factory.mktemp("dealt-euphoria")
    return folder, tool.play_deal("euphoria", PLAYERS, SEED, folder, max_moves=MAX_MOVES, open_last=False)


CITADELS_MOVES = 40
"""Citadels' ``--deal`` run: round 1 whole and round 2's King's deal (seed 3; about 25 s of one core)."""


@pytest.fixture(scope="module")
def dealt_citadels(tmp_path_factory) -> tuple[Path, dict]:
    """Citadels' run with its districts dealt by mental poker and its characters by the King
    (``--deal``, ``t5`` links, ``tavolo_ui.drafted``) for ``CITADELS_MOVES`` moves, its last
    link not opened."""
    folder = tmp_path_factory.mktemp("dealt-citadels")
    return folder, tool.play_deal("citadels", PLAYERS, 3, folder, max_moves=CITADELS_MOVES, open_last=False)


@pytest.mark.parametrize("name", ["citadels", "euphoria"])
def test_sealed_decoding_shows_none_of_the_hidden_items(name, request):
    """Decoding any link of a ``--deal`` run with no keys shows none of the hidden items of
    ``truth.jsonl`` (``t5`` links: Euphoria's cards dealt by mental poker, ``MAX_MOVES`` real
    moves in them; Citadels' districts so, its characters by the King, ``CITADELS_MOVES``
    moves: the choices and passes sealed, a character named only once called)."""
    folder, summary = request.getfixturevalue(f"dealt_{name}")
    moves = MAX_MOVES if name == "euphoria" else CITADELS_MOVES
    assert summary["refused"] == [] and summary["waiting"] is None and summary["moves"] >= moves
    assert all(tool.link_text(f).split(".")[4] == "t5" for f in (folder / "links").iterdir())
    truth = [json.loads(line) for line in (folder / "truth.jsonl").read_text().splitlines()]
    assert truth and all(entry["hidden"] for entry in truth)
    for entry in truth:
        shown = json.dumps(tool.decode_file(folder / "links" / entry["link"]))
        assert not [item for item in entry["hidden"] if f'"{item["item"]}"' in shown]
