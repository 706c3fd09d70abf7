"""A whole game at a distance between simulated devices, passing only sealed move links.

    python3 tools/distance_game.py GAME --players N --seed S --out DIR [--bots B] [--max-moves M] [--reveal]
    python3 tools/distance_game.py GAME --players N --seed S --out DIR --deal [--max-moves M [--audit]]
    python3 tools/distance_game.py --open DIR/devices/SEAT FILE
    python3 tools/distance_game.py --decode FILE

**Playing** (issue 39's headless tool). One device per person (seat), each with its own
storage, JSON files under ``DIR/devices/SEAT/`` (``game.json``: the game's record and its
``Distance``, with the seal: what the page saves; ``device.json``: the device's seeded
generators), and its own seat keys. The last ``B`` seats are bots, hosted by the creator's
device (seat 0), which holds their keys. Each person chooses with the game's heuristic bot
(it reads its own seat's view), from its own seeded ``Rng``; each device deals the chance
its moves meet from its own seeded dealer, and the seat keys are made from the seed too, so
a run repeats exactly (a page uses the system's entropy for all three). Never the global
``random``.

Devices pass nothing but link texts: after its turn a device makes a sealed move link
(``tavolo_ui.sealed.make_link``) for the device of the seat to move (a bot's turn goes to
its host), which opens it (``open_link``: every link must be accepted) and plays on. At the
end of the game the last link goes to every player. Each link is written in order to
``DIR/links/NNNN.txt`` (first line ``from S to T``, T a seat or ``all``; last line the
link), and ``DIR/truth.jsonl`` gets one line per link: every hidden item of every seat when
it was made (``Game.hidden_items``: ``{"link": "NNNN.txt", "hidden": [{"seat": 0, "kind":
"hand", "item": "temple-1"}, ...]}``; ``seat`` null for a face-down card nobody has seen).
``--max-moves`` bounds the run: it stops once the first link past that many moves is opened.

**Public chance by commit and reveal** (``--reveal``; issue 39, stage 2): the devices pass
``t4`` links (``tavolo_ui.revealed``). The creator commits its seats' anchors (the bots'
too) and sends the game round the people who have not committed (the set-up lap: one link
each), back to itself; it deals the set-up from its first revealed value and the others'
anchors, and from then on each device deals each public draw of its seats' turns from every
seat's latest value (``engines.core.reveal.Beacon``; private draws from its seeded dealer)
and seals each turn with its seat's next value as soon as the turn passes. Each device's
chance secrets (one per seat it plays) are in its ``device.json``, seeded too.

**Cards dealt by mental poker** (``--deal``; issue 39, stage 3; ``DealDevice``,
``play_deal``): the devices pass ``t5`` links (``tavolo_ui.dealt``). Each device holds its
seat key, its chance secret, its seat's deck secret (``engines.core.deck.DeckSecret``,
seeded here) and its ``DealBook`` (the public steps and keys it checked, ``deal.json``):
never another seat's secret, never the true game. Lap 1 of the deal (each seat's shuffle
step of every deck) rides on ``t4``'s set-up lap; lap 2 (each seat's lock step and its keys
for the others' set-up draws and first reserves) goes back from the last seat to the
creator, who deals the set-up into the record, masked (``DealDevice.deal_set_up``: its
own cards read from the deal, the others' and those face down as deck positions), and
whose last link goes to every player; each device reads its own set-up cards and checks
the link in its own world (``masked.build`` of the masked record with what it reads).
The summary prints the figures: links, ``extra_messages`` (more than ``t4``'s lap and deal
link: ``players - 2``), each link's characters (``sizes``), the largest and the median,
the moves, whether the game ended (``over``) and the wall time (``seconds``). With
``--max-moves M`` the seats' turns follow for ``M`` moves (``DealDevice.step``: each
device's own table, its draws from its reserve, its keys in its move links; the creator's
first turn rides in its deal link); a turn that waits for keys (cards turned face up) sends
its link to each seat that owes one and on (``wait_messages`` in the summary, counted in
``extra_messages``). At the game's end the last link carries its sender's deck secret
and each other device answers every player with its own (``release_secrets``; with
``--audit`` the run ends so at ``--max-moves``: the game so far, audited as if it ended
there); every device then checks the whole game (``DealDevice.audit``,
``tavolo_ui.dealt_audit``) and the summary says ``"audit": "verified"`` or what failed
(``reveal_messages``: the answers, counted in ``extra_messages``). *Not yet*: bots
(``--bots`` is refused with ``--deal``).

**Citadels' draft** (``tavolo_ui.drafted``, ``engines.core.draft``): the districts are dealt
as above; each round's characters by the King's device at its first choice
(``DealDevice.choose``, ``deal_draft``): its deal committed (``kd``), each choice committed
(``kc``), what is left passed on encrypted to the next chooser (``kp``), whose device opens it
when the link comes (``take_in_draft``) and gives its world the cards handed as bans
(``draft_reads``). In the calls, the link goes to every player after each turn
(``CALL_ALL``): the device that holds the character called answers with its turn's first
move (its choice opened, ``ko``), or the device that knows it lies face down says "nobody"
(``kn``: one extra message, none when it sends the next link anyway; ``settle_calls``). Seed
3 at three seats, 40 moves: 24 links, 3 extra messages (lap 2's, two "nobody"s), largest
10,535 characters, median 6,393; one "nobody" message in each of rounds 1 and 2. *Not
yet* (untried): the characters set aside face up at four and five seats (the set-up's
are read from the districts' deal, which has none of them; a later round's the King's
deal refuses, ``Waiting``), seven seats' face-down card handed on, the
Magician's exchange with another hand (no hand-over entries), the draft's part of the audit; a run past about
60 moves (seed 3) meets a district fill of a kind built that comes face up in a world
(``masked``'s kinds), which the tool does not catch.

**Opening** (``--open DEVICE FILE``): opens a link file on that device, as its page would,
stores what it accepts, and prints ``{"accepted": bool, "reason": str}`` (reason in English,
empty when accepted; a fork, two answers to one position, is not accepted and named).

**Decoding** (``--decode FILE``): what a link holds, read with no device's keys, as JSON:
its header, the game's record (without the constants every copy of the game has: the box's
cards and their encodings are the engine's, never in a link) and its seals; a ``t5`` link's
deal part too (its steps' locked points, hashes, commitments and signatures, and the keys
released: no card can be read from them without a seat's own secret; and, at the end of the
game, the seats' deck secrets released for the audit, ``dealt_audit``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import time
from statistics import median
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from engines import get_game, list_games  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.chance import ChanceError, Sampler  # noqa: E402
from engines.core.game import Game, GameState  # noqa: E402
from engines.core.i18n import render  # noqa: E402
from engines.core.inbound import InputError  # noqa: E402
from engines.core.record import GameRecord, new_record, parse_record, replay  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.core.seal import SeatKey, b64  # noqa: E402
from tavolo_ui.distance import EVERY_SEAT, VERIFIED, Audit, Distance, SealState, end_words  # noqa: E402
from tavolo_ui import dealt, dealt_audit, drafted, revealed  # noqa: E402
from tavolo_ui.audit import audit_dealt_game  # noqa: E402
from engines.core import draft as draft_protocol  # noqa: E402
from engines.core.deck import DeckError, DeckSecret  # noqa: E402
from engines.core.deck import read as deck_read, release as deck_release  # noqa: E402
from engines.core.masked import Key, World, build  # noqa: E402
from engines.core.table import DeviceTable  # noqa: E402
from engines.core.seal import bound_keys, check_signatures  # noqa: E402
from engines.core.reveal import latest_values  # noqa: E402
from typing import Any  # noqa: E402
from tavolo_ui.sealed import device_seat, device_seats, first_needed, make_link, new_seal, open_link, parse_sealed, refusal  # noqa: E402

BASE_URL = "https://tavolo.example/"
LEVEL = "heuristic"


def seeded_key(game: str, seed: int, seat: int) -> SeatKey:
    """The key of ``seat`` in a run of the tool: from the seed, so that runs repeat (a page's
    keys come from the system's entropy, ``SeatKey.new``)."""
    return SeatKey(hashlib.sha256(f"tavolo distance_game {game} {seed} seat {seat}".encode()).digest())


def seeded_secret(game: str, seed: int, seat: int) -> bytes:
    """The chance secret of ``seat`` in a run of the tool (``--reveal``): from the seed, so
    that runs repeat (a page's comes from the system's entropy)."""
    return hashlib.sha256(f"tavolo distance_game {game} {seed} chance {seat}".encode()).digest()


def game_id(game: str, seed: int) -> str:
    """The game id of a run: from the seed (a page's comes from entropy, ``new_game_id``)."""
    return hashlib.sha256(f"tavolo distance_game {game} {seed}".encode()).hexdigest()[:12]


# ---- a device ----------------------------------------------------------------------------

@dataclass
class Device:
    """A simulated device: one person's seat (and, on the creator's, the bots'), its copy of
    the game (``record``, ``distance``) and its seeded generators, stored under ``folder``."""

    folder: Path
    seat: int
    record: GameRecord | None
    distance: Distance | None
    bot_rng: Rng
    dealer: Rng
    chances: dict[int, str] | None = None
    """``--reveal``: the chance secret of each seat this device plays (``tavolo_ui.revealed``);
    None in a game sealed without commit and reveal."""

    @classmethod
    def fresh(cls, folder: Path, seat: int, seed: int, reveal: bool = False) -> "Device":
        return cls(folder, seat, None, None, Rng.from_seed(seed * 1000 + 17 + seat), Rng.from_seed(seed * 1000 + 71 + seat),
                   {} if reveal else None)

    @classmethod
    def load(cls, folder: Path) -> "Device":
        info = json.loads((folder / "device.json").read_text())
        record = distance = None
        if (folder / "game.json").exists():
            saved = json.loads((folder / "game.json").read_text())
            record, distance = parse_record(saved["record"]), Distance.from_json(saved["distance"])
        chances = info.get("chances")
        return cls(folder, info["seat"], record, distance, Rng.model_validate(info["bot_rng"]),
                   Rng.model_validate(info["dealer"]),
                   None if chances is None else {int(seat): text for seat, text in chances.items()})

    def save(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "device.json").write_text(json.dumps(
            {"seat": self.seat, "bot_rng": self.bot_rng.model_dump(mode="json"),
             "dealer": self.dealer.model_dump(mode="json"),
             **({} if self.chances is None else {"chances": {str(s): t for s, t in self.chances.items()}})}))
        if self.record is not None and self.distance is not None:
            (self.folder / "game.json").write_text(json.dumps(
                {"record": self.record.model_dump(mode="json"), "distance": self.distance.to_json()}))

    @property
    def seal(self) -> SealState:
        assert self.distance is not None and self.distance.seal is not None
        return self.distance.seal

    def open(self, fragment: str, make_key: Callable[[int], SeatKey] | None = None,
             replay: Callable[[GameRecord], GameRecord] | None = None,
             splits: dict[int, set[int]] | None = None) -> tuple[bool, str]:
        """Open a link as the page would: (accepted, reason in English). What is accepted
        (a newer game) is stored. ``make_key``: how a first link makes this seat's key
        (``SeatKey.new`` by default). ``replay``: this device's replay of a masked record
        (``--deal``: its world's plain record; ``revealed.open_link``)."""
        here = None if self.record is None else (self.record, self.seal)
        try:
            if self.chances is None:
                opened = open_link(fragment, here, make_key=make_key)
            else:
                opened = revealed.open_link(fragment, here, make_key=make_key, replay=replay, splits=splits)
        except InputError as exc:
            return False, refusal(exc)
        if not opened.accepted:  # a fork: two continuations of one position
            reason = opened.reason()
            return False, render(reason, "en") if reason is not None else "another continuation of this game"
        if opened.relation == "newer":
            record = opened.link.record
            if self.distance is None:  # a first link: this device joins the game
                self.distance = Distance(opened.link.gid, device_seats(record, opened.seal.host, self.seat))
            self.record = record
            self.distance.seal = opened.seal
            self.distance.floor = len(record.actions)
        self.save()
        return True, ""

    def play_revealed(self, game: Game, gid: str, make_secret: Callable[[int], bytes]) -> tuple[GameState, int]:
        """``--reveal``: commit this device's seats if the lap is not complete; else play
        their turns (the creator deals the set-up first), each dealt with its seat's next value
        and sealed as soon as it ends. Returns the state and the seat the link goes to."""
        assert self.record is not None and self.distance is not None and self.chances is not None
        record, seal = self.record, self.seal
        for seat in self.distance.mine:
            self.chances.setdefault(seat, b64(make_secret(seat)))
        state = replay(record)
        if revealed.lap_missing(record, seal):
            self.distance.seal = revealed.commit(record, seal, self.chances, gid=gid)
            return state, revealed.route(record, self.seal, None)
        bot = get_bot(game, LEVEL)
        while True:
            seat = game.to_move(state)
            if game.is_chance(state):  # the set-up, dealt by the creator after the lap
                seat = self.seal.host
            if seat is None or seat not in self.distance.mine:
                break
            turn = revealed.deal(record, self.seal, self.chances, seat, gid=gid, private=Sampler(self.dealer))
            record.chance += [game.dump_action(o) for o in game.deal(state, turn.beacon)]
            while game.to_move(state) == seat:
                action = bot(game, state, self.bot_rng)
                record.actions.append(game.dump_action(action))
                game.apply(state, action)
                record.chance += [game.dump_action(o) for o in game.deal(state, turn.beacon)]
            self.distance.seal = revealed.seal_turn(record, self.seal, turn, gid=gid)
        return state, revealed.route(record, self.seal, game.to_move(state))

    def play_turn(self, game: Game) -> GameState:
        """Play this device's seats' moves until another device's seat is to move or the game
        ends, dealing the chance its moves meet; returns the state."""
        assert self.record is not None and self.distance is not None
        state = replay(self.record)
        bot = get_bot(game, LEVEL)
        while True:
            seat = game.to_move(state)
            if seat is None or seat not in self.distance.mine:
                break
            action = bot(game, state, self.bot_rng)
            self.record.actions.append(game.dump_action(action))
            game.apply(state, action)
            dealt = game.deal(state, Sampler(self.dealer))
            self.record.chance += [game.dump_action(o) for o in dealt]
        return state


# ---- a whole game ------------------------------------------------------------------------

def play(name: str, players: int, seed: int, out: Path, *, bots: int = 0, max_moves: int = 10_000,
         open_last: bool = True, reveal: bool = False) -> dict:
    """Play a game at a distance between simulated devices (see the module doc); returns a
    summary: links made, moves, whether the game ended, every link accepted. Without
    ``open_last`` the last link is written but not opened: its receiver's device is left as
    it was before it came (for tests that open it, or an edited copy, there)."""
    game = get_game(name)
    for old in ("links", "devices"):  # an earlier run's, never anything else in ``out``
        shutil.rmtree(out / old, ignore_errors=True)
    (out / "links").mkdir(parents=True)
    gid = game_id(name, seed)
    people = players - bots
    seats = [{"name": f"Person {i + 1}", "kind": "human"} for i in range(people)]
    seats += [{"name": f"Bot {i + 1}", "kind": f"bot:{LEVEL}"} for i in range(bots)]
    devices = {s: Device.fresh(out / "devices" / str(s), s, seed, reveal) for s in range(people)}
    record = new_record(game, players, seed, seats=seats, outcomes=True)
    creator = devices[0]
    state = game.new_game(players, seed, record.options, dealer=False, deal=False)
    if not reveal:  # with --reveal the set-up is dealt after the lap
        record.chance += [game.dump_action(o) for o in game.deal(state, Sampler(creator.dealer))]
    creator.record = record
    creator.distance = Distance(gid, device_seats(record, 0, 0),
                                seal=new_seal(record, [0], lambda s: seeded_key(name, seed, s)))
    for device in devices.values():
        device.save()
    truth = (out / "truth.jsonl").open("w")
    current, count, refused = creator, 0, []
    secret = (lambda s: seeded_secret(name, seed, s))
    try:
        while True:
            if reveal:
                state, to = current.play_revealed(game, gid, secret)
                assert current.record is not None and current.distance is not None
                mover = game.to_move(state) if revealed.set_up_dealt(current.record, current.seal) else -1
                fragment = revealed.make_link(current.record, current.seal, gid=gid, to=to)
            else:
                state = current.play_turn(game)
                assert current.record is not None and current.distance is not None
                mover = game.to_move(state)
                to = EVERY_SEAT if mover is None else device_seat(current.record, current.seal.host, mover)
                fragment, seal = make_link(current.record, current.seal, gid=gid, to=to)
                current.distance.seal = seal
            current.distance.floor = len(current.record.actions)
            current.save()
            count += 1
            link_name = f"{count:04d}.txt"
            (out / "links" / link_name).write_text(
                f"from {current.seat} to {'all' if to == EVERY_SEAT else to}\n{BASE_URL}{fragment}\n")
            truth.write(json.dumps({"link": link_name, "hidden": game.hidden_items(state)}) + "\n")
            receivers = [d for s, d in devices.items() if s != current.seat] if to == EVERY_SEAT else [devices[to]]
            last = mover is None or len(current.record.actions) >= max_moves
            if last and not open_last:
                break
            for device in receivers:
                ok, reason = device.open(fragment, lambda s: seeded_key(name, seed, s))
                if not ok:
                    refused.append({"link": link_name, "device": device.seat, "reason": reason})
            if last or refused:
                break
            current = devices[to]
    finally:
        truth.close()
    assert current.record is not None
    return {"game": name, "links": count, "moves": len(current.record.actions), "over": mover is None,
            "refused": refused}


# ---- the deal by mental poker (--deal) -----------------------------------------------------

def seeded_deck_secret(game: str, seed: int, seat: int) -> DeckSecret:
    """The deck secret of ``seat`` in a run of the tool (``--deal``): from the seed, so that
    runs repeat (a page's comes from the system's entropy, ``DeckSecret.new``)."""
    return DeckSecret(hashlib.sha256(f"tavolo distance_game {game} {seed} deck {seat}".encode()).digest(), seat)


class DealDevice(Device):
    """A device of a game whose cards are dealt by mental poker (``--deal``): a ``Device``
    with its seat's ``DeckSecret`` and its ``DealBook`` (the public steps and keys it has
    checked), stored in ``deal.json``; never another seat's secret nor the true game."""

    deck_secret: DeckSecret
    book: dealt.DealBook
    known: dict[Key, str]
    """The positions this device reads (by their labels in the masked record), as of its copy."""
    opened: dict[int, list[Key]]
    """The positions each move made public, as this device found them (``dealt.opened_at``)."""
    released: dict[int, dealt_audit.RevealedSecret]
    """The deck secrets the seats released at the end of the game (``dealt_audit``), checked."""
    draft: drafted.DraftBook
    """The draft's entries this device checked (``tavolo_ui.drafted``; Citadels' characters)."""
    draft_view: tuple[drafted.DraftBook, dict] | None = None
    """While a link is read: its draft book and what this device then knows alone (not kept yet)."""
    own: dict
    """What this device alone knows of the drafts (never in a link): ``handed[deck][step]``
    the openings handed to its seat for its choice at ``step`` (position -> opening),
    ``mine[deck][step]`` its choice's opening (``discard``: put face down), ``down[deck]``
    the cards it knows are face down (set aside by its deal, put face down by it, or left
    after its last choice)."""

    @classmethod
    def start(cls, folder: Path, seat: int, name: str, seed: int) -> "DealDevice":
        device = cls(**{f: getattr(Device.fresh(folder, seat, seed, reveal=True), f)
                        for f in Device.__dataclass_fields__})
        device.deck_secret, device.book = seeded_deck_secret(name, seed, seat), dealt.DealBook()
        device.known, device.opened, device.released = {}, {}, {}
        device.draft, device.own = drafted.DraftBook(), {"handed": {}, "mine": {}, "down": {}, "aside": {}}
        return device

    @classmethod
    def load(cls, folder: Path) -> "DealDevice":
        base = Device.load(folder)
        device = cls(**{f: getattr(base, f) for f in Device.__dataclass_fields__})
        saved = json.loads((folder / "deal.json").read_text())
        device.deck_secret = DeckSecret.from_text(saved["secret"], base.seat)
        device.book = dealt.DealBook.from_json(saved["book"])
        device.known = {Key(k["deck"], k["at"]): k["card"] for k in saved.get("known", [])}
        device.opened = {int(m): [Key(*k) for k in keys] for m, keys in saved.get("opened", {}).items()}
        device.released = {int(r[0]): dealt_audit.RevealedSecret(int(r[0]), r[1], r[2])
                           for r in saved.get("released", [])}
        device.draft = drafted.DraftBook(list(saved.get("draft", [])), tuple(saved.get("cards", [])))
        device.own = saved.get("own", {"handed": {}, "mine": {}, "down": {}})
        return device

    def save(self) -> None:
        super().save()
        (self.folder / "deal.json").write_text(json.dumps(
            {"secret": self.deck_secret.to_text(), "book": self.book.to_json(),
             "known": [{"deck": k.deck, "at": k.at, "card": c} for k, c in sorted(self.known.items())],
             "opened": {str(m): [list(k) for k in keys] for m, keys in sorted(self.opened.items())},
             "released": [list(r) for _, r in sorted(self.released.items())],
             "draft": self.draft.entries, "cards": list(self.draft.cards), "own": self.own}))

    def order(self) -> list[int]:
        """Lap 1's seats: the creator's, then the others' (``revealed.route``'s lap)."""
        assert self.record is not None and self.distance is not None
        host = self.seal.host
        return [host, *[s for s in range(self.record.players) if s != host]]

    def open_dealt(self, fragment: str) -> tuple[bool, str]:
        """Open a ``t5`` link: its deal part checked against the book (``dealt.take_in``:
        signed steps, keys that open), then its ``t4`` part as ``Device.open`` does; the
        book stored only when both are accepted (a refused link changes nothing)."""
        try:
            t4, text = dealt.split_dealt(fragment, 1 + revealed.MOST_SEATS, revealed.SEGMENT_CHARS)
            link = revealed.parse_revealed(t4)
            game = get_game(link.record.game)
            specs = dealt.deal_specs(game, link.record, link.gid)
            text, secrets = dealt_audit.split_secrets(text)
            text, entries = drafted.split_entries(text)
            steps, releases = dealt.parse_deal(text, specs)
            stored = self.seal.transcript if self.record is not None else []
            transcript = [*stored[:link.first], *link.segments]
            host = transcript[0]["seat"] if transcript else 0
            order = [host, *[s for s in range(link.record.players) if s != host]]
            book = dealt.take_in(self.book, specs, steps, releases, bound_keys(transcript), order)
            released = dealt_audit.take_secrets(self.released, secrets, link.gid, bound_keys(transcript), book, specs)
            draft_book, own = self.take_in_draft(game, link.record, link.gid, entries, bound_keys(transcript))
            check_signatures(link.record, transcript, gid=link.gid, splits=None)   # before the record is replayed
            self.draft_view = (draft_book, own)
            try:
                known, opened = self.reads(game, book, link.record, link.gid) if link.record.chance else ({}, {})
                splits = {**drafted.splits(draft_book)}   # turns in two parts: the calls settled, the deal's waits
                if link.record.actions:
                    for m, seats in dealt.wait_splits(self.deal_run(game, link.record, link.gid, known, opened,
                                                                    book=book)[0]).items():
                        splits[m] = splits.get(m, set()) | seats
            finally:
                self.draft_view = None
            drawn, bans = draft_reads(draft_book, own)
            known = {**known, **drawn}
        except InputError as exc:
            return False, refusal(exc)
        except _CANNOT_REPLAY:   # signed as it is, yet no world of this device replays it
            return False, render(dealt.CANNOT_REPLAY, "en")
        try:
            accepted, reason = self.open(t4, lambda s: seeded_key(game.name, link.record.seed, s),
                                         replay=lambda masked: dealt.provisional_world(game, masked, known, bans).record,
                                         splits=splits)
        except _CANNOT_REPLAY:
            return False, render(dealt.CANNOT_REPLAY, "en")
        if accepted:
            self.book, self.known, self.opened, self.released = book, known, opened, released
            self.draft, self.own = draft_book, own
            self.save()
        return accepted, reason

    # ---- the draft of the characters (``tavolo_ui.drafted``) ---------------------------------

    def take_in_draft(self, game: Game, record: GameRecord, gid: str, entries: list[str],
                      keys: dict[int, bytes]) -> tuple[drafted.DraftBook, dict]:
        """A link's draft entries checked into a copy of this device's draft book
        (``drafted.take_in``), then each pass to its seat opened and checked
        (``drafted.open_for``) into a copy of what it alone knows; the device's own are not
        changed (a refused link changes nothing). A ``DraftError`` naming the seat at fault."""
        cards = draft_cards(game, record)
        book = drafted.take_in(self.draft, entries, gid=gid, cards=cards, seats=record.players, keys=keys)
        own = json.loads(json.dumps(self.own))
        for deck in book.decks():
            for step, (_sender, receiver, _sealed) in sorted(book.passes(deck).items()):
                handed = own["handed"].setdefault(deck, {})
                if receiver == self.seat and str(step + 1) not in handed:
                    got = drafted.open_for(book, self.deck_secret, gid=gid, cards=cards, seats=record.players,
                                           deck=deck, step=step + 1)
                    handed[str(step + 1)] = {str(p): o for p, o in got.items()}
        return book, own

    def reads(self, game: Game, book: dealt.DealBook, record: GameRecord, gid: str
              ) -> tuple[dict[Key, str], dict[int, list[Key]]]:
        """What this device reads in ``record`` with ``book``, and the positions each move
        opened: the reserve rule run over the record's moves (``deal_run``), then each
        position whose keys have come read (``dealt.readable``). A move may name plainly a
        card it turned face up, which the world must read to replay it: so what it reads is
        found first with the rule run over the device's own copy, then over ``record`` until
        it reads no more (each time over the moves its world can play before it reads the
        cards they show: ``dealt.played_world``). In the set-up, a ``DeckError`` for a card of its own whose key has
        not come (said plainly, naming the seat); after it, a card whose key has not come is
        not read (the game waits for it: ``waiting_for``)."""
        specs = dealt.deal_specs(game, record, gid)
        if not record.actions:
            return self.set_up_known(book, record, gid), {}
        names = dealt.card_names(game, record)
        known = dict(self.known)
        if self.record is not None and self.record.actions:
            run, _ = self.deal_run(game, self.record, gid, known, self.opened, book=book)
            known = {**known, **dealt.readable(book, specs, names, run, self.deck_secret)}
        for _ in range(4):
            run, opened = self.deal_run(game, record, gid, known, self.opened, played=True, book=book)
            more = {**known, **dealt.readable(book, specs, names, run, self.deck_secret)}
            if more == known:
                break
            known = more
        return known, opened

    def deal_run(self, game: Game, record: GameRecord, gid: str, known: dict[Key, str],
                 found: dict[int, list[Key]], played: bool = False, book: dealt.DealBook | None = None
                 ) -> tuple[dealt.DealByMove, dict[int, list[Key]]]:
        """The reserve rule run over ``record`` as this device sees it reading ``known``
        (``dealt.move_facts`` of its own world: who moved and who saw each draw are the same
        in every world), with the positions each move opened (``found`` before, else
        ``dealt.opened_at``), and those positions. ``played``: over the moves its world
        can play before the link's keys are read (``dealt.played_world``), for ``reads``.
        ``book``: the keys that say which positions a move opened (``dealt.run_opening``;
        this device's book by default)."""
        specs = dealt.deal_specs(game, record, gid)
        drawn, bans = draft_reads(*(self.draft_view or (self.draft, self.own)))
        known = {**known, **drawn}
        world = (dealt.played_world if played else dealt.provisional_world)(game, record, known, bans)
        facts = dealt.move_facts(game, world.record)
        found = {m: keys for m, keys in found.items() if m < len(facts.movers)}
        return dealt.run_opening(game, specs, record, known, facts, found, self.book if book is None else book, bans)

    def owing_again(self, game: Game, gid: str, run: dealt.DealByMove) -> list[int]:
        """The seats whose keys the game waits for, with the positions each move opened found
        again with all this device knows now (``deal_run`` with nothing found before): a
        position found opened when the link came may have been a fill that its world has
        since put right (Citadels: a district built by its kind, a fill of that kind beside
        the true card in the builder's hand, before the calls' answers came). Kept when the
        debt goes away."""
        assert self.record is not None
        again, opened = self.deal_run(game, self.record, gid, self.known, {})
        owing = self.waiting_for(again)
        if not owing:
            self.opened = opened
        return owing

    def waiting_for(self, run: dealt.DealByMove) -> list[int]:
        """The seats whose keys the game waits for (``dealt.missing_releases``)."""
        return sorted({r.seat for r in dealt.missing_releases(run, self.book)})

    def waits_said(self, game: Game, gid: str) -> list[str]:
        """What this device's game waits for, said plainly in English (each missing key)."""
        assert self.record is not None
        run, _ = self.deal_run(game, self.record, gid, self.known, self.opened)
        return [render(dealt.missing_said(r), "en") for r in dealt.missing_releases(run, self.book)]

    def pay_extra(self, game: Game, run: dealt.DealByMove, gid: str) -> None:
        """This device's keys that end a wait (``MoveReleases.extra``), made and put in its
        book (the answer of the extra message)."""
        assert self.record is not None
        specs = dealt.deal_specs(game, self.record, gid)
        given = self.book.releases
        owed = [r for move in run.moves for r in move.extra
                if r.seat == self.seat and r.seat not in given.get(r.deck, {}).get(r.position, {})]
        if owed:
            mine = dealt.make_releases(specs, self.deck_secret, owed)
            self.book = dealt.take_in(self.book, specs, [], mine, bound_keys(self.seal.transcript), self.order())

    def step(self, game: Game, gid: str) -> tuple[int, bool]:
        """What this device does with the game now that a link came: its keys that end a
        wait given; then, if a seat's keys are still missing, the link goes to it (an extra
        message); else, if its seat is to move, its turn (``play_moves``), after which the
        link goes to a seat that owes a key, or to the next mover; else the link goes on to
        the seat to move (an extra message, back from a wait). Returns (the seat the link
        goes to, whether a move was played)."""
        assert self.record is not None
        run, self.opened = self.deal_run(game, self.record, gid, self.known, self.opened)
        self.pay_extra(game, run, gid)
        specs = dealt.deal_specs(game, self.record, gid)
        self.known = {**{k: v for k, v in self.known.items() if k.deck not in specs},   # the drafts' own
                      **dealt.readable(self.book, specs, dealt.card_names(game, self.record), run, self.deck_secret)}
        owing = self.waiting_for(run)
        if owing and draft_cards(game, self.record):
            owing = self.owing_again(game, gid, run)
        if owing:
            return owing[0], False
        drafting = bool(draft_cards(game, self.record))
        if drafting:   # in the calls, this device answers the next: its "nobody"s first
            if self.next_call(game, self.calls_state(game)) is not None:
                self.settle_calls(game, gid, None, answer=False)
                call = self.next_call(game, self.calls_state(game))
                if call is not None and call[1] not in self.my_choices(call[0]):
                    return CALL_ALL, False
            mover = game.to_move(self.calls_state(game))
        else:
            mover = game.to_move(build(game, self.record, self.known).state)
        if mover is None:
            return EVERY_SEAT, False
        if mover != self.seat and not (drafting and mover == CHANCE_NODE):
            return mover, False
        to = self.play_moves(game, gid)
        run, self.opened = self.deal_run(game, self.record, gid, self.known, self.opened)
        owing = [s for s in self.waiting_for(run) if s != self.seat]
        if not owing and to == CALL_ALL:
            return CALL_ALL, True
        if not owing and to == CHANCE_WAIT:
            raise Waiting(f"seat {self.seat}'s table waits after its turn, and no seat owes a key")
        return (owing[0] if owing else to), True

    def act(self, name: str, seed: int, gid: str, play: bool = False) -> int | None:
        """This device's part of the deal's laps now: its ``t4`` lap segment and its shuffle
        step of every deck (lap 1), or its lock step of every deck and its lap-2 releases
        (lap 2). Returns the seat the link goes to, or ``EVERY_SEAT`` when lap 2 is done (the
        creator's last link, its deal link: it deals the set-up first, ``deal_set_up``)."""
        assert self.record is not None and self.distance is not None and self.chances is not None
        game = get_game(name)
        key = SeatKey.from_text(self.seal.keys[self.seat])
        specs = dealt.deal_specs(game, self.record, gid)
        order = self.order()
        lap_two = dealt.lap_two_order(order)
        self.chances.setdefault(self.seat, b64(seeded_secret(name, seed, self.seat)))
        made = len(next(iter(self.book.steps.values()), []))
        if made < len(order):   # lap 1, on t4's set-up lap
            self.distance.seal = revealed.commit(self.record, self.seal, self.chances, gid=gid)
            self._steps(specs, key, order)
            if draft_cards(game, self.record):   # its draft key, for the passes to it
                self.draft.cards = draft_cards(game, self.record)
                self.draft.entries.append(drafted.key_entry(gid, self.deck_secret, key))
            made += 1
        if made >= len(order):   # lap 2 (the last seat of lap 1 starts it at once)
            self._steps(specs, key, order)
            plan = dealt.setup_plan(game, self.record, list(specs))
            mine = dealt.make_releases(specs, self.deck_secret, plan.releases[self.seat])
            self.book = dealt.take_in(self.book, specs, [], mine, bound_keys(self.seal.transcript), order)
            made = len(next(iter(self.book.steps.values())))
            if made == 2 * len(order):   # the creator: lap 2 done, it deals the set-up
                self.deal_set_up(game, gid, play)
                return EVERY_SEAT
            return lap_two[made - len(order)]
        return order[made]

    def _steps(self, specs: dict, key: SeatKey, order: list[int]) -> None:
        for spec in specs.values():
            step = dealt.next_step(spec, self.book, self.deck_secret, key, order)
            self.book.steps.setdefault(spec.name, []).append(step)

    def link(self, gid: str, to: int, reveal: bool = False) -> str:
        """The ``t5`` link of this device's copy for ``to``, carrying only what its receiver
        (every person, for ``EVERY_SEAT``) may lack, as the public transcript shows it: the
        ``t4`` segments after the last its seats signed (``sealed.first_needed``), and the
        steps and keys of the book it does not hold for sure (``held``). With ``reveal``
        (the game is over) its seat's deck secret is released first, signed
        (``dealt_audit.reveal_secret``); every secret released is carried."""
        assert self.record is not None
        game = get_game(self.record.game)
        specs = list(dealt.deal_specs(game, self.record, gid))
        held = self.held(game, gid, to)
        t4 = revealed.revealed_fragment(self.record, gid, to, self.seal.transcript,
                                        first_needed(self.record, self.seal, to))
        deal = dealt.encode_deal(specs, dealt.carried(self.book, specs, held), dealt.carried_releases(self.book, held))
        if reveal:
            key = SeatKey.from_text(self.seal.keys[self.seat])
            self.released[self.seat] = dealt_audit.reveal_secret(gid, self.deck_secret, key)
        deal = dealt_audit.with_secrets(deal, [r for _, r in sorted(self.released.items())])
        return dealt.dealt_fragment(t4, drafted.join_entries(deal, drafted.carried(self.draft)))

    def audit(self, gid: str) -> Audit:
        """The whole game as this device keeps it, checked from scratch with the secrets
        released (``tavolo_ui.audit.audit_dealt_game``)."""
        assert self.record is not None and self.distance is not None
        return audit_dealt_game(self.record, self.distance, self.book, self.released)

    def held(self, game: Game, gid: str, to: int) -> list[dealt.Held]:
        """What the device of ``to`` (each person's, for ``EVERY_SEAT``) holds of the deal for
        sure (``dealt.held_by``: from the transcript, the book's signed steps and the reserve
        rule run over this device's copy once the set-up is dealt)."""
        assert self.record is not None
        record = self.record
        plan = dealt.setup_plan(game, record, list(dealt.deal_specs(game, record, gid)))
        set_up = [r for releases in plan.releases.values() for r in releases]
        moves = self.deal_run(game, record, gid, self.known, self.opened)[0].moves if record.chance else []
        people = range(record.players) if to == EVERY_SEAT else [to]
        return [dealt.held_by(device_seats(record, self.seal.host, person), self.seal.transcript, self.book,
                              self.order(), set_up, moves) for person in people if person != self.seat]

    def set_up_known(self, book: dealt.DealBook, record: GameRecord, gid: str) -> dict[Key, str]:
        """The set-up positions this device reads with ``book`` (its own draws, every other
        seat's key released in lap 2), by their labels in the masked record: label -> card."""
        game = get_game(record.game)
        specs = dealt.deal_specs(game, record, gid)
        names = dealt.card_names(game, record)
        labels = dealt.set_up_labels(dealt.setup_plan(game, record, list(specs)))
        return {key: dealt.read_card(book, specs[deck], names[deck], at, self.deck_secret)
                for key, ((deck, at), reader) in labels.items() if reader == self.seat}

    def deal_set_up(self, game: Game, gid: str, play: bool = False) -> None:
        """The creator deals the set-up into the record, masked (``DeviceTable.new``): its own
        draws read from the deal with its secret, the others' and those face down written as
        tokens, the public draws of no deck from the seats' values (``revealed.deal``'s
        beacon); with ``play``, its seat's first turn played after it (``play_turn_at``);
        sealed in its deal segment, which reveals its next value."""
        assert self.record is not None and self.distance is not None and self.chances is not None
        specs = dealt.deal_specs(game, self.record, gid)
        names = dealt.card_names(game, self.record)
        labels = dealt.set_up_labels(dealt.setup_plan(game, self.record, list(specs)))

        def card_at(key: Key) -> str:
            (deck, at), reader = labels[key]
            return dealt.read_card(self.book, specs[deck], names[deck], at,
                                   self.deck_secret if reader is not None else None)

        turn = revealed.deal(self.record, self.seal, self.chances, self.seat, gid=gid, private=Sampler(self.dealer))
        table = DeviceTable.new(game, {self.seat}, self.record, card_at, public=turn.beacon)
        self.record, self.known = table.record, dict(table.known)
        if play:   # its first turn, in the same segment (a turn is sealed whole)
            self.play_turn_at(game, gid, table, turn)
        self.distance.seal = revealed.seal_turn(self.record, self.seal, turn, gid=gid)

    def play_moves(self, game: Game, gid: str) -> int:
        """This device's seat's turn (``play_turn``) with its own table built from its copy
        (``DeviceTable``: the record and the positions it reads), dealt with its seat's next
        value and sealed. Returns the seat the link goes to (``EVERY_SEAT`` at the end)."""
        assert self.record is not None and self.distance is not None and self.chances is not None
        turn = revealed.deal(self.record, self.seal, self.chances, self.seat, gid=gid, private=Sampler(self.dealer))
        known, bans = draft_reads(self.draft, self.own)
        table = DeviceTable(game, {self.seat}, self.record, {**self.known, **known}, bans)
        mover = self.play_turn_at(game, gid, table, turn)
        self.distance.seal = revealed.seal_turn(self.record, self.seal, turn, gid=gid)
        return mover if mover in (CHANCE_WAIT, CALL_ALL) else revealed.route(self.record, self.seal, mover)

    def play_turn_at(self, game: Game, gid: str, table: DeviceTable, turn: revealed.Turn) -> int | None:
        """Play this seat's moves at ``table`` while it is to move there: each chosen by the
        heuristic bot in the table's world (its own seeded ``Rng``), its own draws read from
        the deal at the positions of its reserve (``dealt.read_card``), the public draws of
        no deck from the beacon of ``turn``; then the keys its moves carry by the reserve
        rule (``dealt.run_deal``: its debts) made and put in its book. The record and what
        it reads are kept; returns the seat to move. ``Waiting`` when the turn needs a key
        not released yet (not routed yet)."""
        assert self.record is not None
        specs = dealt.deal_specs(game, self.record, gid)
        names = dealt.card_names(game, self.record)
        run = dealt.run_deal(game, specs, dealt.move_facts(game, table.world.record))
        taken: dict[str, int] = {}
        slots: dict[Key, tuple[str, int]] = {}

        def card_at(key: Key) -> str:
            """A draw of this seat's: the next position of its reserve of the deck."""
            if key not in slots:
                queue = list(run.reserves.reserve[key.deck][self.seat])
                k = taken.get(key.deck, 0)
                if k >= len(queue):
                    raise Waiting(f"seat {self.seat} draws past its reserve of {key.deck!r}")
                taken[key.deck] = k + 1
                slots[key] = (key.deck, queue[k])
            deck, at = slots[key]
            try:
                return dealt.read_card(self.book, specs[deck], names[deck], at, self.deck_secret)
            except DeckError as exc:
                raise Waiting(exc.message("en")) from exc

        bot = get_bot(game, LEVEL)
        before = len(self.record.actions)
        drafting = bool(draft_cards(game, self.record))
        if drafting:
            self.settle_calls(game, gid, table)
            if table.to_move() == CHANCE_NODE and table.waiting is None:   # a round ended on calls said
                table.deal_pending(card_at, public=turn.beacon)
        while table.to_move() == self.seat and (not drafting or self.may_move(game, table)):
            deck = game.choice_deck(table.world.state) if drafting else None
            if deck is not None:
                self.choose(game, gid, table, deck, lambda: bot(game, table.world.state, self.bot_rng),
                            lambda action: table.play(action, card_at, public=turn.beacon))
            else:
                table.play(bot(game, table.world.state, self.bot_rng), card_at, public=turn.beacon)
            if drafting:
                self.settle_calls(game, gid, table)
        self.record, self.known = table.record, dict(table.known)
        run, self.opened = self.deal_run(game, self.record, gid, self.known, self.opened)
        for move in run.moves[before + 1:]:
            mine = dealt.make_releases(specs, self.deck_secret, dealt.owed_by(move, self.seat))
            self.book = dealt.take_in(self.book, specs, [], mine, bound_keys(self.seal.transcript), self.order())
        if drafting and (table.waiting is not None or self.next_call(game, self.calls_state(game)) is not None):
            return CALL_ALL
        return table.to_move() if table.waiting is None else CHANCE_WAIT

    # ---- the draft and the calls, at this device's table ---------------------------------------

    def draft_key(self) -> SeatKey:
        return SeatKey.from_text(self.seal.keys[self.seat])

    def choose(self, game: Game, gid: str, table: DeviceTable, deck: str, choose: Callable[[], Any],
               play: Callable[[Any], Any]) -> None:
        """This seat's choice in the draft of ``deck`` at its table: first, as its dealer (the
        first chooser), the deal (``draft.deal`` from its secret and the public values in
        force; the positions set aside read by it alone; its ``kd`` entry); then the cards
        handed to it given to its world as bans (every position drawn before holds none of
        them), checked to be exactly those its world offers; the choice (``choose``) committed
        (its ``kc`` entry) and played (``play``); then the rest passed on, encrypted to the
        next chooser (its ``kp`` entry), or, at the draft's end, kept as the cards it knows
        are face down."""
        assert self.record is not None
        cards = draft_cards(game, self.record)
        spec = draft_protocol.DraftSpec(gid, deck, cards, self.record.players)
        step = len(self.draft.choices(deck))
        if step == 0:
            self.deal_draft(game, gid, table, deck, spec)
        handed = self.own["handed"].get(deck, {}).get(str(step))
        if handed is None:
            raise Waiting(f"seat {self.seat} chooses at step {step} of {deck!r} but no cards were passed to it")
        self.refresh(table)
        numbers = game.numbered_cards(deck)
        assert numbers is not None
        field, rank_of = numbers
        offered = {game.dump_action(a).get(field) for a in game.legal_actions(table.world.state)}
        if offered != {rank_of[o["card"]] for o in handed.values()}:
            raise Waiting(f"seat {self.seat}'s world does not offer the cards handed to it at step {step} of {deck!r}")
        action = choose()
        data = game.dump_action(action)
        card = next(c for c, r in rank_of.items() if r == data[field])
        committed, opening = draft_protocol.commit_choice(spec, self.deck_secret, step, card)
        self.draft.entries.append(drafted.choice_entry(gid, deck, step, self.seat, committed, self.draft_key()))
        self.own["mine"].setdefault(deck, {})[str(step)] = {**opening, "discard": data["type"] != "choose_character"}
        play(action)
        rest = {p: o for p, o in handed.items() if o["card"] != card}
        state = table.world.state
        if table.waiting is None and game.choice_deck(state) == deck:
            receiver = table.to_move()
            assert receiver is not None and receiver >= 0
            if receiver == self.seat:
                self.own["handed"][deck][str(step + 1)] = rest
            else:
                sealed = draft_protocol.seal_pass(spec, self.deck_secret, step, receiver,
                                                  self.draft.keys()[receiver], list(rest.values()))
                self.draft.entries.append(drafted.pass_entry(gid, deck, step, self.seat, receiver, sealed,
                                                             self.draft_key()))
        else:   # the draft is over: the cards left lie face down, known to this seat alone
            self.own["down"].setdefault(deck, []).extend(o["card"] for o in rest.values())
        if data["type"] != "choose_character":
            self.own["down"].setdefault(deck, []).append(card)

    def deal_draft(self, game: Game, gid: str, table: DeviceTable, deck: str, spec: draft_protocol.DraftSpec) -> None:
        """The dealer's deal of ``deck`` (``draft.deal``, over the seats' latest public values):
        each position set aside face down is the first the rule gives (``draft.set_aside``: a
        face-down set-aside may be any card), read by this device alone at its masked
        position (the set-aside draws took the deck's first positions); every other card
        handed to itself; its commitments in its ``kd`` entry."""
        assert self.record is not None
        public = b"".join(latest_values(self.seal.transcript, self.record.players))
        the_deal = draft_protocol.deal(spec, self.deck_secret, public)
        drawn = sorted(k.at for k in table.world.drawn if k.deck == deck)
        if any(Key(deck, at) in table.known for at in drawn):
            raise Waiting(f"a character of {deck!r} set aside face up is not dealt by the King yet")
        aside: list[int] = []
        for _ in drawn:
            aside.append(draft_protocol.set_aside(the_deal, aside, spec.cards))
        self.own.setdefault("aside", {})[deck] = {str(at): the_deal.order[p] for at, p in zip(drawn, aside)}
        self.own["down"][deck] = [the_deal.order[p] for p in aside]
        self.own["handed"].setdefault(deck, {})["0"] = {
            str(p): draft_protocol.opening(the_deal, p) for p in range(len(spec.cards)) if p not in aside}
        self.draft.entries.append(drafted.deal_entry(gid, deck, self.seat, aside, the_deal, self.draft_key()))

    def refresh(self, table: DeviceTable) -> None:
        """The table's world told what this device knows of the drafts now (``draft_reads``)."""
        known, bans = draft_reads(self.draft, self.own)
        table.advance(table.record, {**table.known, **known}, bans)

    def calls_state(self, game: Game) -> GameState:
        """The state of this device's copy as far as its world plays (the phase, the round and
        the character killed are the public table's, the same in every world)."""
        assert self.record is not None
        known, bans = draft_reads(self.draft, self.own)
        return dealt.provisional_world(game, self.record, {**self.known, **known}, bans).state

    def next_call(self, game: Game, state: GameState) -> tuple[str, str] | None:
        """In the calls (§6) of the round in play: its deck and the lowest character whose
        call is not settled (its holder's answer, a seat's "nobody", or killed); None outside
        the calls or once all are settled."""
        decks = self.draft.decks()
        if getattr(state, "phase", "") not in CALLING or not decks or self.record is None:
            return None
        deck = decks[-1]
        cards = draft_cards(game, self.record)
        settled = set(self.draft.answers(deck).values()) | set(self.draft.nobody(deck))
        killed = getattr(state, "killed", 0)
        if killed:
            settled.add(cards[killed - 1])
        return next(((deck, card) for card in cards if card not in settled), None)

    def my_choices(self, deck: str) -> dict[str, int]:
        """The cards this seat kept (not put face down) in ``deck``'s draft: card -> step."""
        return {o["card"]: int(step) for step, o in self.own["mine"].get(deck, {}).items() if not o["discard"]}

    def claims(self, game: Game) -> bool:
        """Whether this device answers the next call: it holds the character, or knows it
        lies face down."""
        call = self.next_call(game, self.calls_state(game))
        if call is None:
            return False
        deck, card = call
        return card in self.my_choices(deck) or card in self.own["down"].get(deck, [])

    def settle_calls(self, game: Game, gid: str, table: DeviceTable | None, answer: bool = True) -> None:
        """Each call this device settles now, in order: "nobody" for a character it knows lies
        face down (its ``kn`` entry), its answer for its own (its choice opened, ``ko``; not
        without ``answer``: the answer rides with the turn's first move), then it stops (the
        call after its own waits for its turn). ``table`` told each time."""
        while True:
            call = self.next_call(game, table.world.state if table is not None and table.waiting is None
                                  else self.calls_state(game))
            if call is None:
                return
            deck, card = call
            if card in self.own["down"].get(deck, []):
                self.draft.entries.append(drafted.nobody_entry(self.draft, gid, deck, card, self.seat,
                                                               len(table.record.actions if table is not None
                                                                   else self.record.actions), self.draft_key()))
            elif card in self.my_choices(deck) and answer:
                step = self.my_choices(deck)[card]
                opening = self.own["mine"][deck][str(step)]
                self.draft.entries.append(drafted.answer_entry(self.draft, deck, step, self.seat, opening))
            else:
                return
            if table is not None:
                self.refresh(table)
            if card in self.my_choices(deck):
                return

    def may_move(self, game: Game, table: DeviceTable) -> bool:
        """Whether this seat moves now at its table: outside the calls always; in them only
        while the character called in its world is its own, answered, and every lower call
        settled (a world whose fills skipped a call not settled is ahead of the game)."""
        state = table.world.state
        called = getattr(state, "called", 0)
        if getattr(state, "phase", "") not in CALLING or not called or self.record is None:
            return True
        card = draft_cards(game, self.record)[called - 1]
        deck = self.draft.decks()[-1]
        answered = self.draft.answers(deck)
        if card not in self.my_choices(deck) or answered.get(self.my_choices(deck)[card]) != card:
            return False
        nxt = self.next_call(game, state)
        cards = draft_cards(game, self.record)
        return nxt is None or cards.index(nxt[1]) > cards.index(card)

    def set_up_cards(self, gid: str) -> list[dict]:
        """The set-up cards this device reads once lap 2 is done (its own draws, by the
        released keys and its secret), as ``Game.hidden_items`` names them; a ``DeckError``
        naming the seat whose key is missing."""
        assert self.record is not None
        game = get_game(self.record.game)
        specs = dealt.deal_specs(game, self.record, gid)
        names = dealt.card_names(game, self.record)
        plan = dealt.setup_plan(game, self.record, list(specs))
        return [{"seat": self.seat, "kind": DEAL_KINDS.get(deck, deck), "item":
                 dealt.read_card(self.book, specs[deck], names[deck], at, self.deck_secret)}
                for deck, at in plan.readable_by(self.seat)]


CALLING = ("turn", "warlord", "graveyard")
"""Citadels' phases of the calls (§6): a character's turn and what interrupts it."""
CHANCE_NODE = -1
"""``Game.to_move`` at a chance node."""
CALL_ALL = -98
"""``play_turn_at``'s answer when the next call is not its seat's: the link goes to every
player, and the device that holds the character called (or knows it face down) answers."""


def draft_cards(game: Game, record: GameRecord) -> tuple[str, ...]:
    """The cards of every draft deck (a deck written by numbers, ``Game.numbered_cards``:
    Citadels deals the same eight characters each round), in their order (by rank); () for a
    game with no draft."""
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    return next((tuple(cards) for name, cards in game.decks(state).items() if game.numbered_cards(name) is not None),
                ())


def draft_reads(book: drafted.DraftBook, own: dict) -> tuple[dict[Key, str], dict[Key, frozenset[str]]]:
    """What a device knows of the drafts' masked positions (each round's set-aside draws take
    its deck's first positions, then choice ``k`` the next): the positions it dealt aside
    (its deal) and chose, those opened at calls (answers), and bans: the characters said held
    by nobody off every choice not opened, and the cards handed to it at a step off every
    position drawn before it."""
    known: dict[Key, str] = {}
    bans: dict[Key, frozenset[str]] = {}
    for deck in book.decks():
        found = book.deal_of(deck)
        assert found is not None
        a = len(found[1])
        for at, card in own.get("aside", {}).get(deck, {}).items():
            known[Key(deck, int(at))] = card
        for step, opening in own["mine"].get(deck, {}).items():
            known[Key(deck, a + int(step))] = opening["card"]
        for k, card in book.answers(deck).items():
            known[Key(deck, a + k)] = card
        nobody = frozenset(book.nobody(deck))
        for k in book.choices(deck):
            if Key(deck, a + k) not in known and nobody:
                bans[Key(deck, a + k)] = nobody
        for step, handed in own["handed"].get(deck, {}).items():
            cards = frozenset(o["card"] for o in handed.values())
            for at in range(a + int(step)):
                if Key(deck, at) not in known:
                    bans[Key(deck, at)] = bans.get(Key(deck, at), frozenset()) | cards
    return known, bans


_CANNOT_REPLAY = (ValueError, ChanceError)
"""What a device's world raises for a masked record it cannot replay (``masked.World``)."""

CHANCE_WAIT = -99
"""``play_turn_at``'s answer when the table waits for a key after the turn (the seat to move
is not known until it comes)."""


class Waiting(Exception):
    """A turn that cannot be played or sent on until a key not released yet comes (a
    ``dealing.Wait``): the tool stops there and says where (not routed yet)."""


DEAL_KINDS = {"recruits": "recruit", "dilemmas": "dilemma", "artifacts": "artifact", "districts": "hand"}
"""``truth.jsonl``'s kind of a card read from each deck (``Game.hidden_items``' kinds)."""


def play_deal(name: str, players: int, seed: int, out: Path, *, open_last: bool = True, max_moves: int = 0,
              at_turn: Callable[[DealDevice, dict[int, DealDevice]], None] | None = None,
              audit: bool = False) -> dict:
    """A game at a distance between simulated devices passing only ``t5`` links
    (``tavolo_ui.dealt``): lap 1 on ``t4``'s set-up lap, lap 2 back to the creator, who deals
    the set-up into the record (masked) and whose deal link goes to every player; then, up to
    ``max_moves`` moves, each device plays its seat's turn (``DealDevice.play_moves``) and
    sends the link to the device of the seat to move. ``truth.jsonl`` lists, for every link,
    every seat's hidden items then (the tool's own look at the true game, every position read
    with every seat's secret: no device ever sees it). Returns a summary with the figures:
    links, the messages more than ``t4``'s, the largest and median link's characters, the
    moves played, whether the game ended (``over``) and where a turn could not be played
    (``waiting``). Without ``open_last`` the last link
    is written but not opened. ``at_turn`` (tests): called with each device that a link
    reached, before it acts, and every device.

    When the game is over (or, with ``audit``, when the run stops at ``max_moves``: the game
    so far audited as if it ended there) the last link carries its sender's deck secret, each
    other device answers every player with its own (``release_secrets``: ``reveal_messages``
    in the summary, counted in ``extra_messages``), and every device audits the whole game
    (``DealDevice.audit``): the summary's ``audit`` says "verified" or what failed."""
    game = get_game(name)
    for old in ("links", "devices"):
        shutil.rmtree(out / old, ignore_errors=True)
    (out / "links").mkdir(parents=True)
    gid = game_id(name, seed)
    seats = [{"name": f"Person {i + 1}", "kind": "human"} for i in range(players)]
    devices = {s: DealDevice.start(out / "devices" / str(s), s, name, seed) for s in range(players)}
    creator = devices[0]
    creator.record = new_record(game, players, seed, seats=seats, outcomes=True)
    creator.distance = Distance(gid, device_seats(creator.record, 0, 0),
                                seal=new_seal(creator.record, [0], lambda s: seeded_key(name, seed, s)))
    for device in devices.values():
        device.save()
    current, files, refused, sizes, hidden = creator, [], [], [], []
    waiting = None
    dealing, deal_links, extra, ends, idle = True, 0, 0, False, 0
    while True:
        assert current.record is not None
        if dealing:
            to = current.act(name, seed, gid, play=max_moves > 0)
        else:
            if at_turn is not None:
                at_turn(current, devices)
            try:
                to, played = current.step(game, gid)
                idle = 0 if played else idle + 1
                if not played:
                    extra += 1
                if idle > 2 * players:   # the links go round and no device moves: say so, never loop
                    waiting = {"move": len(current.record.actions) + 1, "seat": current.seat,
                               "reason": f"the link went {idle} times from device to device without a move: "
                                         + "; ".join(current.waits_said(game, gid))}
                    break
            except Waiting as exc:
                waiting = {"move": len(current.record.actions) + 1, "seat": current.seat, "reason": str(exc)}
                break
            except _CANNOT_REPLAY as exc:   # a link accepted, yet this device's world cannot be built
                waiting = {"move": len(current.record.actions) + 1, "seat": current.seat,
                           "reason": f"seat {current.seat}'s device cannot build its world of the game: {exc}"}
                break
        assert current.record is not None
        moves = len(current.record.actions)
        last = dealing and to == EVERY_SEAT and max_moves == 0 or not dealing and (
            to == EVERY_SEAT or moves >= max_moves)
        ends = not dealing and (to == EVERY_SEAT or audit and last) and open_last
        fragment = current.link(gid, EVERY_SEAT if last or to == CALL_ALL or dealing and to == EVERY_SEAT else to,
                                reveal=ends)
        current.save()
        files.append(f"{len(files) + 1:04d}.txt")
        sizes.append(len(BASE_URL) + len(fragment))
        sent_to = EVERY_SEAT if last or to in (EVERY_SEAT, CALL_ALL) else to
        (out / "links" / files[-1]).write_text(
            f"from {current.seat} to {'all' if sent_to == EVERY_SEAT else sent_to}\n{BASE_URL}{fragment}\n")
        hidden.append(None if dealing else true_hidden(game, devices, gid, current))
        if last and not open_last:
            deal_links = deal_links or len(files)
            break
        receivers = [d for s, d in devices.items() if s != current.seat] if sent_to == EVERY_SEAT else [devices[to]]
        for device in receivers:
            ok, reason = device.open_dealt(fragment)
            if not ok:
                refused.append({"link": files[-1], "device": device.seat, "reason": reason})
        if last or refused:
            deal_links = deal_links or len(files)
            break
        if dealing and to == EVERY_SEAT:   # the set-up dealt: the moves begin
            dealing, deal_links = False, len(files)
            state = build(game, creator.record, creator.known).state
            mover = game.to_move(state)
            assert mover is not None and mover >= 0
            to = mover
        if to == CALL_ALL:   # the device that holds the character called, or knows it face down
            claimer = next((d for s, d in sorted(devices.items(), key=lambda i: (i[0] - current.seat - 1) % players)
                            if d.claims(game)), None)
            if claimer is None:
                waiting = {"move": len(current.record.actions) + 1, "seat": None,
                           "reason": "no device answers the call"}
                break
            to = claimer.seat
        current = devices[to]
    answers, audited = 0, None
    if not dealing and ends and not refused:
        answers = release_secrets(game, devices, current, gid, out, files, sizes, hidden, refused)
        audited = None if refused else audit_words(devices, gid)
    set_up = [] if refused or not open_last and dealing else \
        [item for s in range(players) for item in DealDevice.load(out / "devices" / str(s)).set_up_cards(gid)]
    with (out / "truth.jsonl").open("w") as truth:
        for file, items in zip(files, hidden):
            truth.write(json.dumps({"link": file, "hidden": set_up if items is None else items}) + "\n")
    assert current.record is not None
    return {"game": name, "links": len(files), "extra_messages": deal_links - (players + 1) + extra + answers,
            "wait_messages": extra, "reveal_messages": answers, **({} if audited is None else {"audit": audited}),
            "largest": max(sizes), "median": median(sizes), "sizes": sizes, "refused": refused,
            "set_up_cards": len(set_up), "moves": len(current.record.actions), "waiting": waiting,
            "over": not dealing and waiting is None and not refused and to == EVERY_SEAT}


def release_secrets(game: Game, devices: dict[int, DealDevice], last: DealDevice, gid: str, out: Path,
                    files: list[str], sizes: list[int], hidden: list, refused: list[dict]) -> int:
    """The end of a game (``play_deal``): the last link, which carried ``last``'s deck secret,
    was opened by every other device; each of them answers every player with a link carrying
    its own (and those it holds), written after the others, opened by every other device.
    Refusals go to ``refused``. Returns the number of answers (messages a server would not
    need)."""
    answers = 0
    for seat, device in sorted(devices.items()):
        if seat == last.seat:
            continue
        fragment = device.link(gid, EVERY_SEAT, reveal=True)
        device.save()
        files.append(f"{len(files) + 1:04d}.txt")
        sizes.append(len(BASE_URL) + len(fragment))
        (out / "links" / files[-1]).write_text(f"from {seat} to all\n{BASE_URL}{fragment}\n")
        hidden.append(true_hidden(game, devices, gid, device))
        answers += 1
        for other in devices.values():
            if other.seat != seat:
                ok, reason = other.open_dealt(fragment)
                if not ok:
                    refused.append({"link": files[-1], "device": other.seat, "reason": reason})
    return answers


def audit_words(devices: dict[int, DealDevice], gid: str) -> str:
    """Every device's audit of the whole game (``DealDevice.audit``): "verified" when each
    verifies it, else the first failure as its end screen says it (in English), with its device."""
    for seat, device in sorted(devices.items()):
        result = device.audit(gid)
        if result.outcome != VERIFIED:
            line, _, _ = end_words(result, device.record.game if device.record else "", "")
            return f"device {seat}: {render(line, 'en')}"
    return "verified"


def true_world(game: Game, devices: dict[int, DealDevice], gid: str, sender: DealDevice) -> World:
    """The true game of ``sender``'s copy, as only the tool sees it (never a device): every
    drawn position read with every seat's secret, the world of its record built from them."""
    assert sender.record is not None
    record = sender.record
    specs = dealt.deal_specs(game, record, gid)
    names = dealt.card_names(game, record)
    drafts: dict[Key, str] = {}
    for device in devices.values():   # the drafts: each position read by the device that dealt or chose it
        drafts.update(draft_reads(device.draft, device.own)[0])
    run = dealt.run_deal(game, specs, dealt.move_facts(game, dealt.provisional_world(
        game, record, {**sender.known, **drafts}).record))
    every = {key: names[deck][deck_read(specs[deck], sender.book.locked(deck), at,
                                        {s: deck_release(specs[deck], d.deck_secret, at) for s, d in devices.items()},
                                        None)]
             for key, (deck, at) in run.slot.items()}
    return build(game, record, {**every, **drafts})


def true_hidden(game: Game, devices: dict[int, DealDevice], gid: str, sender: DealDevice) -> list[dict]:
    """Every seat's hidden items in the true game of ``sender``'s copy (``true_world``;
    ``Game.hidden_items``), less the characters face down whose call has passed with nobody
    answering (``called_unanswered``): the call says so at the table, and the link says so
    too (a seat's "nobody", ``tavolo_ui.drafted``)."""
    state = true_world(game, devices, gid, sender).state
    public = called_unanswered(game, state)
    return [item for item in game.hidden_items(state) if not (item["kind"] == "face_down" and item["item"] in public)]


def called_unanswered(game: Game, state: GameState) -> set[str]:
    """In the calls of a round (Citadels, §6): the characters called before the one called now
    that nobody revealed and nobody killed (each was called, and nobody answered: the whole
    table knows it lies face down)."""
    called = getattr(state, "called", 0)
    if getattr(state, "phase", "") not in CALLING or not called:
        return set()
    cards = next(tuple(c) for name, c in game.decks(state).items() if game.numbered_cards(name) is not None)
    shown = set(getattr(state, "revealed", [])) | {getattr(state, "killed", 0)}
    return {cards[rank - 1] for rank in range(1, called) if rank not in shown}


# ---- opening and decoding a link file ----------------------------------------------------

def link_text(file: Path) -> str:
    """The link of a link file (its last line), as a URL fragment."""
    line = file.read_text().strip().splitlines()[-1]
    return line[line.index("#"):] if "#" in line else line


def open_file(folder: Path, file: Path) -> dict:
    """Open a link file on the device stored in ``folder``: ``{"accepted", "reason"}``."""
    fragment = link_text(file)
    if fragment.split(".")[4:5] == [dealt.DEAL_VERSION]:
        accepted, reason = DealDevice.load(folder).open_dealt(fragment)
    else:
        accepted, reason = Device.load(folder).open(fragment)
    return {"accepted": accepted, "reason": reason}


def decode_file(file: Path) -> dict:
    """What a link file holds, read with no device's keys (see the module doc)."""
    fragment = link_text(file)
    deal_part = None
    if fragment.split(".")[4:5] == [dealt.DEAL_VERSION]:
        try:
            fragment, deal_part = dealt.split_dealt(fragment, 1 + revealed.MOST_SEATS, revealed.SEGMENT_CHARS)
        except InputError as exc:
            return {"error": refusal(exc)}
    parse = revealed.parse_revealed if fragment.split(".")[4:5] == [revealed.REVEALED_VERSION] else parse_sealed
    try:
        link = parse(fragment)
    except InputError as exc:
        return {"error": refusal(exc)}
    record = link.record.model_dump(mode="json")
    return {"gid": link.gid, "to": "all" if link.seat == EVERY_SEAT else link.seat,
            "moves": len(link.record.actions), "record": record,
            "seals": {"first": link.first, "segments": link.segments},
            **({} if deal_part is None else {"deal": _decoded_deal(link.record, link.gid, deal_part)})}


def _decoded_deal(record: GameRecord, gid: str, text: str) -> dict | str:
    """A ``t5`` link's deal part read with no device's secret: its steps (points, hashes,
    commitments, signatures) and released keys, as they are (locked points show no card)."""
    game = get_game(record.game)
    text, secrets = dealt_audit.split_secrets(text)
    text, entries = drafted.split_entries(text)
    try:
        steps, releases = dealt.parse_deal(text, dealt.deal_specs(game, record, gid))
    except InputError as exc:
        return refusal(exc)
    return {"steps": [{"deck": name, **step} for name, step in steps],
            "releases": [{"seat": r.seat, "deck": r.deck, "position": r.position, "key": r.key} for r in releases],
            "draft": drafted.decoded(entries), **({"secrets": [r._asdict() for r in secrets]} if secrets else {})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", choices=list_games())
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", type=int, default=0, help="how many of the seats are bots (the last ones)")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--max-moves", type=int, default=10_000)
    ap.add_argument("--reveal", action="store_true", help="deal public draws by commit and reveal (t4 links)")
    ap.add_argument("--deal", action="store_true", help="deal the cards by mental poker (t5 links: the deal's laps)")
    ap.add_argument("--audit", action="store_true", help="--deal: at --max-moves, release the deck secrets and audit "
                                                         "the game so far as if it ended there")
    ap.add_argument("--open", nargs=2, metavar=("DEVICE", "FILE"), type=Path)
    ap.add_argument("--decode", metavar="FILE", type=Path)
    args = ap.parse_args(argv)
    if args.open:
        print(json.dumps(open_file(*args.open)))
        return 0
    if args.decode:
        print(json.dumps(decode_file(args.decode), indent=1))
        return 0
    if args.game is None or args.out is None:
        ap.error("give GAME and --out (or --open / --decode)")
    if not 0 <= args.bots < args.players:
        ap.error("--bots: fewer than --players (the creator is a person)")
    if args.deal:
        if args.bots:
            ap.error("--deal: no bots yet")
        started = time.perf_counter()
        summary = play_deal(args.game, args.players, args.seed, args.out,
                            max_moves=0 if args.max_moves == 10_000 else args.max_moves, audit=args.audit)
        summary["seconds"] = round(time.perf_counter() - started)   # wall time, for the figures only
        print(json.dumps(summary))
        return 0 if not summary["refused"] and summary.get("audit", "verified") == "verified" else 1
    summary = play(args.game, args.players, args.seed, args.out, bots=args.bots, max_moves=args.max_moves,
                   reveal=args.reveal)
    print(json.dumps(summary))
    return 0 if not summary["refused"] else 1


if __name__ == "__main__":
    sys.exit(main())
