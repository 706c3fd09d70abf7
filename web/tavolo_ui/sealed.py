"""Sealed move links: what a device does to make and to open a move link of a sealed game at
a distance (issue 39, stage 1: nobody moves for another seat or rewrites history).

Pure Python (no browser): the page calls it, and so do the CPython tests and the headless
tool ``tools/distance_game.py``. The protocol is ``engines.core.seal`` (seat keys, signed
segments, ``verify``, ``compare``); what a device keeps of a sealed game is
``distance.SealState`` (``Distance.seal``). This module is apart from ``distance`` because it
imports the signature library, which the page loads only when a game at a distance is
opened.

**The link.** A sealed move link is a move link whose payload starts with ``t3``::

    #move=<gid>.<to>.<moves>.<CRC>.t3.<n>.<seals>.<t2 record payload>

The header and its checksum are a move link's (``distance.parse_move``): the CRC-32 covers
the whole text after it, so a link changed by hand is refused before anything is decoded,
and ``moves`` is capped as there. ``to`` is the seat whose device the link is for, or
``EVERY_SEAT`` (99) for every player (the end of a game). ``<seals>``, ``n`` characters, is
the part of the transcript the receiving device may lack::

    <k>.<a0>.<c0>~<seat>.<a1>.<c1>.<sig>[.<key>]~...

``k``: the index of its first segment in the whole transcript, ``a0``/``c0`` where it starts
in the record's moves and outcomes; then each segment, its seat, where it ends, its signature
and (a seat's first) its public key. The receiving device holds every segment before ``k``:
``k`` follows the last segment its own seats signed (a seat that never signed gets the whole
transcript, ``k`` 0). The record follows whole, as in every move link (the later stages
change what it shows). A page made before sealed links reads ``t3`` as the link format of a
newer Tavolo, and says so (``links.decode_payload``); old move links open as they did.

**Making a link** (``make_link``): the device seals the moves it made since its last segment
(``seal_moves``: one segment per run of one seat's moves, signed by that seat's key; the
creator seals the set-up first, alone when another seat moves first), then writes the link.

**Opening a link** (``open_link``): decode; rebuild the whole transcript from the device's
stored one (up to ``k``) and the link's segments; replay the record (``seal.turns``);
``verify`` it with this device's seats' public keys (``own``) and what it verified last
(``known``); then relate the link's game to the device's copy (``distance.relate``). Two
sealed copies that part are compared (``seal.compare``): when one seat signed both sides,
that is an ``Equivocation`` ("Bea signed two different moves for one position"). A link that
does not check raises ``SealError`` (``engines.core.seal``), one that cannot be read or is of
another game ``LinkError``; each with a reason for a person naming the seat and the move.

**Moves taken back.** A link shown in the send box may leave unnoticed (copied from its box
by hand), so the page keeps the segments signed for it (``remember_shown``, in
``SealState.taken_back``) even when Undo then takes its moves back. A friend's answer to that
link chains onto one of them, not onto the stored transcript: ``open_link`` tries those
prefixes too (``_checked``; they are this device's own signatures, and nothing of the link is
ever signed anew), and the answer is this device's own seat's fork, shown as such.

**Bots sit at one device**, the creator's (``SealState.host``): their keys are made and kept
there and their moves signed there, each run in its own segment. A device that reaches a
bot's turn sends its link to the host's seat (``device_seat``), which plays the bots' moves
and sends on. Where today's device that reaches a bot's turn plays it and sends the link
to the person after the bots, that costs one extra message each time a person other than
the host hands the turn to a bot and the next person after the bots is not the host either
(``bench/distance_links.py --bots 1`` counts them: 0 to 8 in a 4-player game); a trusted
server would need none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial

from engines.core.i18n import PLAYER_RE, Text, fit_preposition, player, texts
from engines.core.inbound import InputError
from engines.core.record import MAX_MOVES, GameRecord, RecordError, too_many
from engines.core.seal import (KEY_BYTES, Relation, SeatKey, Sealed, SealError, Segment, b64, bound_keys, chain,
                               compare, link_hash, seal_segment, turns, Turns, unb64, verify)

from .distance import (EVERY_SEAT, FORKED, MODE, NEWER, REFUSED, SEALED_VERSION, SealState, GID_RE, and_names,
                       changed_link, relate, text_crc)
from .bidi import isolate
from .links import LinkError, decode_payload, encode_record

T = texts("ui")

SEGMENT_CHARS = 2 + 1 + 6 + 1 + 7 + 1 + 86 + 1 + 43 + 1
"""The most characters one segment takes in a link's seals (seat, ends, signature, key, ``~``)."""

_HEAD_RE = re.compile(r"([0-9]{1,6})\.([0-9]{1,6})\.([0-9]{1,7})")
_SEGMENT_RE = re.compile(r"([0-9]{1,2})\.([0-9]{1,6})\.([0-9]{1,7})\.([A-Za-z0-9_-]{86})(?:\.([A-Za-z0-9_-]{43}))?")


# ---- a device's seats --------------------------------------------------------------------

def device_seat(record: GameRecord, host: int, seat: int) -> int:
    """The seat whose device plays ``seat``: its own for a person, the host's for a bot."""
    return seat if record.seats[seat].kind == "human" else host


def device_seats(record: GameRecord, host: int, seat: int) -> list[int]:
    """The seats the device of person ``seat`` signs for: its own, and the bots' on the host."""
    bots = [s for s, info in enumerate(record.seats) if info.kind != "human"] if seat == host else []
    return [seat, *bots]


def new_seal(record: GameRecord, mine: list[int], make_key: Callable[[int], SeatKey] | None = None) -> SealState:
    """The seal of a game this device creates: a key for each of its seats (``mine``) and for
    each bot (they sit here), none signed yet. ``make_key(seat)``: ``SeatKey.new`` by default
    (the headless tool passes seeded keys, so that its runs repeat)."""
    make = make_key or (lambda _seat: SeatKey.new())
    seats = sorted({*mine, *(s for s, info in enumerate(record.seats) if info.kind != "human")})
    return SealState({seat: make(seat).to_text() for seat in seats}, host=min(mine))


def _usable(seal: SealState) -> None:
    if seal.damaged:
        raise SealError(T("The seals of this game stored on this device are damaged: it can neither sign nor "
                          "check its moves."), detail=T("The seals stored with this game could not be read."))


def _own_keys(seal: SealState) -> dict[int, SeatKey]:
    return {seat: SeatKey.from_text(text) for seat, text in seal.keys.items()}


def known_of(seal: SealState) -> Sealed | None:
    """``SealState.known`` as ``verify`` takes it (None when it is not there or damaged);
    ``revealed`` (the ``t4`` links) reads it so too."""
    known = seal.known
    if known is None:
        return None
    head = unb64(known["head"], 32)
    keys = {int(seat): unb64(key, KEY_BYTES) for seat, key in known["keys"].items()}
    if head is None or any(key is None for key in keys.values()):
        return None
    return Sealed({seat: key for seat, key in keys.items() if key is not None}, head, known["segments"])


def known_json(sealed: Sealed) -> dict:
    """What ``verify`` said (``Sealed``) as ``SealState.known`` stores it (``known_of`` reads it back)."""
    return {"keys": {str(seat): b64(key) for seat, key in sealed.keys.items()}, "head": b64(sealed.head),
            "segments": sealed.segments}


# ---- making a link -----------------------------------------------------------------------

def runs(movers: list[int], start: int) -> list[tuple[int, int]]:
    """Each run of one seat's moves from move ``start`` on, as (seat, end)."""
    out: list[tuple[int, int]] = []
    for i in range(start, len(movers)):
        if out and out[-1][0] == movers[i]:
            out[-1] = (movers[i], i + 1)
        else:
            out.append((movers[i], i + 1))
    return out


def seal_moves(record: GameRecord, seal: SealState, *, gid: str) -> SealState:
    """``seal`` with the moves of ``record`` past its transcript sealed, one segment per run
    of one seat's moves, each signed by that seat's key (which this device must hold:
    ``ValueError`` otherwise, a move this device did not make). The creator's first call
    seals the set-up deal too: with its first moves when one of its seats moves first, else
    alone. The outcomes dealt after a run go in its segment."""
    _usable(seal)
    keys = _own_keys(seal)
    moved = turns(record)
    transcript = list(seal.transcript)
    start = transcript[-1]["a"][1] if transcript else 0
    plan = runs(moved.movers, start)
    if not transcript and (not plan or plan[0][0] != seal.host):
        plan.insert(0, (seal.host, 0))  # the creator signs the set-up alone
    if not plan:
        return seal
    known = known_of(seal)
    head = known.head if known is not None and known.segments == len(transcript) else chain(gid, record, transcript)[-1]
    for seat, end in plan:
        if seat not in keys:
            raise ValueError(f"this device holds no key of seat {seat}: it cannot seal move {end}")
        transcript = seal_segment(record, transcript, seat, keys[seat], end, moved.drawn[end], gid=gid, head=head)
        head = link_hash(head, record, transcript[-1])
    return replace(seal, keys=dict(seal.keys), transcript=transcript,
                   known=known_json(Sealed(bound_keys(transcript), head, len(transcript))),
                   taken_back=_not_held(seal.taken_back, transcript))


def _not_held(taken_back: list[tuple[int, Segment]], transcript: list[Segment]) -> list[tuple[int, Segment]]:
    """The entries of ``SealState.taken_back`` that ``transcript`` does not hold (a segment
    shown and then sent is no longer taken back)."""
    return [(k, segment) for k, segment in taken_back if not (k < len(transcript) and transcript[k] == segment)]


def remember_shown(seal: SealState, made: SealState, moves: int) -> SealState:
    """``seal`` (what this device stores) with the segments ``made`` (``make_link``'s seal
    for a link now shown in the send box) signed past ``seal``'s transcript kept in
    ``taken_back``: the link may leave unnoticed (copied from its box by hand), then Undo
    may take its moves back, and a friend's answer to it must still be recognised as this
    device's seat's own fork. At most ``moves`` + 1 entries (``moves``: the game's moves
    now), the newest; ``seal`` itself when there is nothing new."""
    new = [(k, segment) for k, segment in enumerate(made.transcript) if k >= len(seal.transcript)
           and (k, segment) not in seal.taken_back]
    if not new:
        return seal
    return replace(seal, taken_back=[*seal.taken_back, *new][-(moves + 1):])


def first_needed(record: GameRecord, seal: SealState, to: int) -> int:
    """The first segment the device of seat ``to`` may lack: the one after the last that its
    seats signed (0 when they never did); for ``EVERY_SEAT``, the earliest of every person's."""
    people = [s for s, info in enumerate(record.seats) if info.kind == "human"] if to == EVERY_SEAT else [to]
    firsts = []
    for person in people:
        seats = set(device_seats(record, seal.host, person))
        signed = [k for k, segment in enumerate(seal.transcript) if segment["seat"] in seats]
        firsts.append(signed[-1] + 1 if signed else 0)
    return min(firsts, default=0)


def _key_tail(segment: Segment) -> str:
    """What follows a segment's signature in a ``t3`` link: the key it binds, if any."""
    return f".{segment['key']}" if "key" in segment else ""


def encode_seals(transcript: list[Segment], first: int, tail: Callable[[Segment], str] = _key_tail) -> str:
    """The seals part of a link: the segments from ``first`` on (see the module doc);
    ``tail`` writes what follows each signature (``revealed``'s ``t4`` links add more)."""
    if first < len(transcript):
        a0, c0 = transcript[first]["a"][0], transcript[first]["c"][0]
    else:
        a0, c0 = (transcript[-1]["a"][1], transcript[-1]["c"][1]) if transcript else (0, 0)
    parts = [f"{first}.{a0}.{c0}"]
    for segment in transcript[first:]:
        text = f"{segment['seat']}.{segment['a'][1]}.{segment['c'][1]}.{segment['sig']}"
        parts.append(text + tail(segment))
    return "~".join(parts)


def sealed_fragment(record: GameRecord, gid: str, to: int, transcript: list[Segment], first: int) -> str:
    """The URL fragment of a sealed move link for ``to`` carrying the segments from ``first``."""
    seals = encode_seals(transcript, first)
    head = f"{gid}.{to}.{len(record.actions)}"
    payload = f"{SEALED_VERSION}.{len(seals)}.{seals}.{encode_record(record)}"
    return f"#{MODE}={head}.{text_crc(head, payload)}.{payload}"


def make_link(record: GameRecord, seal: SealState, *, gid: str, to: int) -> tuple[str, SealState]:
    """The fragment of the sealed move link that hands ``record`` to the device of seat ``to``
    (a person's seat: ``device_seat`` routes a bot's turn to its host; or ``EVERY_SEAT``),
    and the device's seal with this device's new moves sealed (to store)."""
    seal = seal_moves(record, seal, gid=gid)
    return sealed_fragment(record, gid, to, seal.transcript, first_needed(record, seal, to)), seal


# ---- reading a link ----------------------------------------------------------------------

@dataclass
class SealedLink:
    """A sealed move link read: the game's id, the seat it is for (``EVERY_SEAT``: every
    player), the game, and the segments it carries: from ``first`` in the whole transcript,
    starting at move ``a0`` and outcome ``c0``."""

    gid: str
    seat: int
    record: GameRecord
    first: int
    segments: list[Segment]


def parse_sealed(fragment: str) -> SealedLink:
    """The sealed move link in a URL fragment; ``LinkError`` saying what is wrong with it.
    The header, its checksum and the size of the seals are checked before anything is
    decoded; the seals' count before the record is."""
    gid, seat, moves, seals, payload = link_parts(fragment, SEALED_VERSION, moves_plus=1)
    first, a0, c0, segments = _read_seals(seals, moves)
    return SealedLink(gid, seat, link_record(payload, moves, seat), first, _chained(segments, a0, c0))


def link_parts(fragment: str, version_wanted: str, moves_plus: int,
               segment_chars: int = SEGMENT_CHARS) -> tuple[str, int, int, str, str]:
    """A sealed move link's parts, checked before any is decoded: (game id, seat, moves, the
    seals' text, the record's text). Its header, its checksum (``text_crc``) and the size of
    its seals (at most ``moves + moves_plus`` segments of ``segment_chars``) are checked here, for the
    ``t3`` links and ``revealed``'s ``t4`` alike; ``LinkError`` saying what is wrong."""
    body = fragment.lstrip("#")[len(MODE) + 1:]
    parts = body.split(".", 6)
    if len(parts) < 7:
        raise LinkError(T("This link is incomplete: it was cut off. Copy the whole link and try again."),
                        T("A sealed move link has seven parts before its seals; this one has {n}.", n=len(parts)))
    gid, seat_text, moves_text, crc, version, size_text, rest = parts
    if not (GID_RE.fullmatch(gid) and re.fullmatch(r"[0-9]{1,2}", seat_text) and re.fullmatch(r"[0-9]{1,8}", moves_text)
            and re.fullmatch(r"[0-9A-F]{8}", crc) and version == version_wanted
            and re.fullmatch(r"[0-9]{1,8}", size_text)):
        raise LinkError(T("This link is damaged: its header was changed."), T("The header reads {header}.", header=repr(body[:60])))
    seat, moves, size = int(seat_text), int(moves_text), int(size_text)
    if moves > MAX_MOVES:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=too_many("actions", moves)),
                        T("The header says {n} moves.", n=moves))
    if text_crc(f"{gid}.{seat_text}.{moves_text}", f"{version}.{size_text}.{rest}") != crc:
        raise changed_link()
    if size > (moves + moves_plus) * segment_chars + 24 or len(rest) < size + 1 or rest[size] != ".":
        raise LinkError(T("This link is damaged: its seals were cut or changed."),
                        T("The header says the seals have {n} characters.", n=size))
    return gid, seat, moves, rest[:size], rest[size + 1:]


def link_record(payload: str, moves: int, seat: int) -> GameRecord:
    """A sealed move link's record (``link_parts``' last part), decoded once its seals were
    read: it must hold the header's ``moves`` and be addressed to a person's ``seat``."""
    record = decode_payload(payload)
    if moves != len(record.actions):
        raise changed_link()
    if seat != EVERY_SEAT and not (0 <= seat < record.players and record.seats[seat].kind == "human"):
        raise LinkError(T("This link is damaged: its header was changed."),
                        T("The link is for {player}, who is not a person.", player=player(seat)))
    return record


def _read_seals(text: str, moves: int) -> tuple[int, int, int, list[tuple[int, int, int, str, str | None]]]:
    """The seals part of a link, read (not checked: ``verify`` does that)."""
    items = text.split("~")
    if len(items) > moves + 2:
        raise LinkError(T("This link is damaged: its seals were cut or changed."),
                        T("{seals} seals for {n} moves.", seals=len(items) - 1, n=moves))
    head = _HEAD_RE.fullmatch(items[0])
    if head is None:
        raise LinkError(T("This link is damaged: its seals were cut or changed."), T("The seals begin with {start}.", start=repr(items[0][:30])))
    segments = []
    for item in items[1:]:
        found = _SEGMENT_RE.fullmatch(item)
        if found is None:
            raise LinkError(T("This link is damaged: its seals were cut or changed."),
                            T("A seal reads {seal}.", seal=repr(item[:30])))
        segments.append((int(found[1]), int(found[2]), int(found[3]), found[4], found[5]))
    return int(head[1]), int(head[2]), int(head[3]), segments


def _chained(segments: Iterable[tuple[int, int, int, str, str | None]], a0: int, c0: int) -> list[Segment]:
    """The link's segments as ``seal``'s, each starting where the one before ends."""
    out: list[Segment] = []
    for seat, a1, c1, sig, key in segments:
        segment: Segment = {"seat": seat, "a": [a0, a1], "c": [c0, c1], "sig": sig}
        if key is not None:
            segment["key"] = key
        out.append(segment)
        a0, c0 = a1, c1
    return out


# ---- opening a link ----------------------------------------------------------------------

@dataclass
class Opened:
    """A sealed move link that checks, and how its game relates to this device's copy.

    ``relation``: ``distance.relate``'s (``SAME``, ``NEWER``, ``OLDER`` or ``FORKED``; a first
    link is ``NEWER``). ``transcript``: the link's whole transcript, rebuilt. ``seal``: what
    the device stores now (the link's transcript when it is newer, else its own, unchanged).
    ``fork``: for ``FORKED``, ``seal.compare``'s answer, with the ``Equivocation`` when one
    seat signed both sides (``reason`` says it for a person). ``theirs``: the device's seal
    with the link's transcript (what it stores if the person keeps the link's game of a fork:
    its keys stay); None when the opener did not say (the device's seal then stays)."""

    link: SealedLink
    relation: str
    transcript: list[Segment]
    seal: SealState
    fork: Relation | None = None
    theirs: SealState | None = None

    @property
    def accepted(self) -> bool:
        """Whether the device takes the link's game as it is (not a fork)."""
        return self.relation != FORKED

    def reason(self) -> Text | None:
        """Why the link is not taken as it is (a fork), for a person; None when it is."""
        if self.fork is None:
            return None
        return self.fork.text()

    def signed_twice(self) -> int | None:
        """The seat that signed both continuations of a fork (its ``Equivocation``), or None."""
        proof = self.fork.equivocation if self.fork is not None else None
        return proof.seat if proof is not None else None


def open_link(fragment: str, here: tuple[GameRecord, SealState] | None, *,
              make_key: Callable[[int], SeatKey] | None = None) -> Opened:
    """Open a sealed move link on this device: ``here`` is its copy of the game (record and
    seal), None when it has none (a first link: a key is made for the link's seat,
    ``make_key`` or ``SeatKey.new``). ``LinkError`` when the link cannot be read or is of
    another game, ``SealError`` when it does not check; else ``Opened``.

    The link's seals go on this device's stored transcript; when they do not check there,
    on the segments this device signed and showed in a link before Undo took them back
    (``SealState.taken_back``, ``_checked``): a friend's answer to such a link is then this
    device's own seat's fork, ``FORKED`` (or ``NEWER`` when nothing was played here since)."""
    link = parse_sealed(fragment)
    if here is None:
        not_a_first_link(link)
        key = (make_key or (lambda _seat: SeatKey.new()))(link.seat)
        mine: SealState = SealState({link.seat: key.to_text()}, host=link.segments[0]["seat"] if link.segments else 0)
    else:
        _usable(here[1])
        mine = here[1]
    record = link.record
    try:
        moved = turns(record)
    except RecordError as exc:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=exc.reason), exc.technical) from None
    transcript, sealed = _checked(link, moved, mine, here is None)
    theirs = replace(mine, keys=dict(mine.keys), transcript=transcript, known=known_json(sealed),
                     taken_back=_not_held(mine.taken_back, transcript))
    if here is None:
        theirs = replace(theirs, host=_host(transcript))
        return Opened(link, NEWER, transcript, theirs, theirs=theirs)
    relation = relate(here[0], record)
    if relation in REFUSED:
        raise LinkError(REFUSED[relation])  # the message says it all
    if relation == FORKED:
        return Opened(link, relation, transcript, mine,
                      compare(here[0], mine.transcript, record, transcript, gid=link.gid), theirs=theirs)
    if relation == NEWER:
        return Opened(link, relation, transcript, theirs, theirs=theirs)
    return Opened(link, relation, transcript, mine, theirs=theirs)


def not_a_first_link(link: SealedLink) -> None:
    """Raise ``LinkError`` when ``link``, opened on a device that has no copy of its game, is
    not the first link of the game for its seat, saying what that means for a person. Its
    seals start past segment 0 when the link's seat has signed already (``first_needed``):
    that seat joined the game on another device, the only one holding its keys (and, in a
    game dealt by commit and reveal, its chance secrets), so this one can neither play nor
    check it (Bea opens on her laptop a link of the game she joined on her phone). The final
    table, sent to every person (``EVERY_SEAT``), is never a first link: every person joined
    on a device of theirs, which holds their keys. Nothing of the link is shown or kept; the
    device that plays the seat is not touched."""
    if link.seat == EVERY_SEAT:  # the final table, sent to every person: each joined the game on a device
        people = [isolate(seat.name) for seat in link.record.seats if seat.kind == "human"]
        raise LinkError(T("This link brings the final table of a game with {names} to each player’s own device, "
                          "the one that joined the game: only that device holds the player’s keys, so this one "
                          "cannot open the link. Open it on the device you played on. Nothing of it was shown or "
                          "kept here.", names=and_names(people)),
                        T("A link for every player (its seals from segment {k}), on a device with no copy of its game.",
                          k=link.first))
    if link.first != 0:
        name = isolate(link.record.seats[link.seat].name)
        raise LinkError(T("{name}’s seat in this game is played on the device that joined it: only that device "
                          "holds the seat’s keys, so this one cannot play it. Open this link on that device. "
                          "Nothing of it was shown or kept here.", name=name),
                        T("A link for {player} whose seals start at segment {k}: {player} signed on another device.",
                          player=player(link.seat), k=link.first))


def _checked(link: SealedLink, moved: Turns, mine: SealState, first_link: bool) -> tuple[list[Segment], Sealed]:
    """The link's whole transcript, rebuilt from this device's and verified (``verify``,
    with this device's seats' public keys), and what ``verify`` said. Tried on the stored
    transcript first (up to the link's first segment), then on prefixes that end with this
    device's own taken-back segments (``_taken_back_prefixes``: genuine, its own signatures).
    Raises the stored transcript's ``SealError`` when none checks, or ``LinkError`` when the
    link needs segments this device never had."""
    stored = mine.transcript
    own = {seat: key.public for seat, key in _own_keys(mine).items()}
    verify_on = partial(verify, link.record, movers=moved.movers, gid=link.gid, drawn=moved.drawn, own=own)
    problem: SealError | None = None
    if link.first <= len(stored):
        transcript = [*stored[:link.first], *link.segments]
        known = None if first_link else known_of(mine)
        if known is not None and transcript[:known.segments] != stored[:known.segments]:
            known = None  # the link's copy of what this device checked differs (a signature): check it all again
        try:
            return transcript, verify_on(transcript, known=known)
        except SealError as exc:
            problem = exc
    found = on_taken_back(link, stored, mine.taken_back, verify_on)
    if found is not None:
        return found
    if problem is not None:
        raise problem
    raise LinkError(T("This link needs moves this device has not seen yet: open the links of this game "
                      "in the order they came."),
                    T("The link’s seals start at segment {k}; this device has {n} segments.", k=link.first, n=len(stored)))


def on_taken_back(link: SealedLink, stored: list[Segment], taken_back: list[tuple[int, Segment]],
                  verify_on: Callable[[list[Segment]], Sealed]) -> tuple[list[Segment], Sealed] | None:
    """The link's transcript rebuilt on a prefix that ends with this device's taken-back
    segments (``_taken_back_prefixes``) and what ``verify_on`` (the link's ``verify``, given a
    whole transcript) said of it: the first prefix that checks, or None when none does.
    ``open_link`` here and ``revealed.open_link`` (``t4``) both call it."""
    for prefix in _taken_back_prefixes(stored, taken_back, link):
        transcript = [*prefix, *link.segments]
        try:
            return transcript, verify_on(transcript)
        except SealError:
            continue
    return None


TAKEN_BACK_TRIES = 8
"""At most this many prefixes made with taken-back segments are verified for one link."""


def _taken_back_prefixes(stored: list[Segment], taken_back: list[tuple[int, Segment]],
                         link: SealedLink) -> Iterator[list[Segment]]:
    """The transcripts up to the link's first segment that end with segments of
    ``taken_back``: ``stored[:j]`` then taken-back segments for indices ``j`` to
    ``link.first - 1``, each starting where the one before ends, the last ending where the
    link's first segment starts. Nothing is signed here: they are this device's own
    signatures, and ``verify`` checks them with the rest. At most ``TAKEN_BACK_TRIES``."""
    if not link.segments or not taken_back:
        return
    at: dict[int, list[Segment]] = {}
    for k, segment in taken_back:
        at.setdefault(k, []).append(segment)
    end = (link.segments[0]["a"][0], link.segments[0]["c"][0])
    tries = 0

    def chains(k: int, start: tuple[int, int]) -> Iterator[list[Segment]]:
        if k == link.first:
            if start == end:
                yield []
            return
        for segment in at.get(k, []):
            if (segment.get("a", [None])[0], segment.get("c", [None])[0]) == start:
                for rest in chains(k + 1, (segment["a"][1], segment["c"][1])):
                    yield [segment, *rest]

    j = link.first - 1
    while j >= 0 and j in at and tries < TAKEN_BACK_TRIES:
        if j <= len(stored):
            start = (stored[j - 1]["a"][1], stored[j - 1]["c"][1]) if j else (0, 0)
            for tail in chains(j, start):
                yield [*stored[:j], *tail]
                tries += 1
                if tries >= TAKEN_BACK_TRIES:
                    return
        j -= 1


def _host(transcript: list[Segment]) -> int:
    """The seat of the device that created the game: it signed the set-up (segment 0)."""
    return transcript[0]["seat"] if transcript else 0


def refusal(exc: Exception, lang: str = "en", names: list[str] | None = None) -> str:
    """Why a link was refused, in ``lang`` (a ``LinkError`` or ``SealError``'s reason), its
    seats named by ``names`` (the names people typed, ``named``) when given."""
    message = getattr(exc, "message", None)
    text = message(lang) if callable(message) else str(exc)
    return text if names is None else named(text, names, lang)


def named(text: str, names: list[str], lang: str) -> str:
    """``text`` with each seat written "Player 2" (``engines.core.i18n.player``, which the
    seals' reasons use) replaced by that seat's name in ``names``, isolated (``bidi``), the
    word before it fitted in ``lang`` ("a Bea", "ad Ada")."""
    out, last = "", 0
    for m in PLAYER_RE.finditer(text):
        n = int(m.group(1))
        out += text[last:m.start()]
        last = m.end()
        if not 1 <= n <= len(names):
            out += m.group(0)
            continue
        name = isolate(names[n - 1])
        out = fit_preposition(lang, out, name) + name
    return out + text[last:]


class Named(Text):
    """A text whose seats, written "Player 2", read as the names people typed (``named``), in
    whatever language it is rendered: a refusal's technical reason on the page."""

    __slots__ = ("names",)

    def __init__(self, inner: Text, names: list[str]) -> None:
        super().__init__("ui", "{text}", {"text": inner})
        self.names = list(names)

    def render(self, lang: str = "en") -> str:
        return named(self.params["text"].render(lang), self.names, lang)


class Refused(InputError):
    """A sealed link refused, for the page's banner: the reason of ``exc`` (a ``LinkError``
    or ``SealError``), in the page's language when it is drawn, naming the seats by the
    names people typed (``names``), not "Player 2"; its ``technical`` reason too (``Named``),
    unless it is raw data (a ``str``), shown as it came."""

    def __init__(self, exc: InputError, names: list[str]) -> None:
        technical = exc.technical
        super().__init__(exc.reason, Named(technical, names) if isinstance(technical, Text) else technical)
        self.names = list(names)

    def message(self, lang: str = "en") -> str:
        return named(super().message(lang), self.names, lang)

