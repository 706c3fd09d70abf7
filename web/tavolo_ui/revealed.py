"""Move links of sealed games whose public draws are dealt by commit and reveal (issue 39,
stage 2: nobody chooses or re-draws chance). Pure Python: the page (``distance_screen``:
every new game at a distance once the seals' library is loaded), the headless tool
``tools/distance_game.py --reveal`` and the CPython tests use it.

The protocol is ``engines.core.reveal`` (each seat's hash chain, its anchor committed in the
set-up lap, one value revealed per segment, every public outcome derived from all seats'
values, ``Beacon``) on top of ``engines.core.seal`` (signed segments, ``verify``). Everything
else is ``sealed``'s: seat keys, bots at the host, what a device stores (``SealState``), how
a link relates to a device's copy. What a device adds is its *chance secrets*
(``Chances``): one per seat it plays, from which that seat's chains are made; they never
leave the device (a page stores them beside ``Distance.seal``).

**The link** is a sealed move link with the payload version ``t4`` and three optional parts
per segment in its seals, each a letter and 43 characters of base64url: ``k`` the seat's key
(its first segment), ``n`` an anchor (the lap, or a chain's last value), ``r`` a reveal::

    #move=<gid>.<to>.<moves>.<CRC>.t4.<n>.<k>.<a0>.<c0>~<seat>.<a1>.<c1>.<sig>[.k<key>][.n<anchor>][.r<value>]~....<record>

A page that knows only ``t3`` refuses it as a link of a newer Tavolo. A reveal costs 45
characters per segment, an anchor 45 once per seat (``bench/seal.py --reveal``).

**The game** (``tools/distance_game.py --reveal`` plays it between simulated devices):

1. The creator's device makes the record (no draw yet) and commits its anchor and its bots'
   (``commit``: lap segments with no moves), and sends the link to the first person who has
   not committed (``route``).
2. Each person's device opens it (``open_link``), commits (``commit``) and sends on; the
   last sends it back to the creator (one lap of links: ``players - 1 - bots`` messages a
   trusted server would not need, each person one).
3. The creator deals the set-up (``deal``: ``Beacon`` from its first revealed value and the
   others' anchors) and plays its first turn if it moves first, in its deal segment.
4. From then on, a device plays each of its seats' turns: ``deal`` gives the ``Beacon`` of
   the seat's next value, the device plays the turn (its draws from the beacon) and seals it
   in one segment (``seal_turn``) as soon as the turn passes, then sends the link (``route``).

**In the page** a turn's moves may be taken back (Undo) until its link leaves, so the page
seals when a link is made (``page_link``, ``seal_pending``: one segment per run of one seat's
moves, as ``sealed.seal_moves`` does) and deals as the moves are played from a
``PendingBeacon``: the values each draw is dealt with follow from the stored transcript and
the device's secrets alone, as if the turns before it were sealed already, so a move taken
back and played again meets the same public draws.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from engines.core.chance import ENTROPY, ChanceError, Source
from engines.core.errors import reason_of
from engines.core.i18n import Text, texts
from engines.core.record import GameRecord, RecordError
from engines.core.reveal import VALUE_BYTES, Beacon, Chains, Replay, latest_values, require_lap
from engines.core.seal import (NO_SPLITS, SeatKey, Sealed, SealError, Segment, b64, bound_keys, chain,
                               check_signatures, compare, link_hash, seal_segment, turns, unb64, verify)

from .distance import EVERY_SEAT, FORKED, MODE, NEWER, REFUSED, REVEALED_VERSION, SAME, SealState, relate, text_crc
from .links import LinkError, encode_record
from .sealed import (Opened, SealedLink, _not_held, device_seat, first_needed, known_json, known_of,
                     not_a_first_link, on_taken_back)
from .sealed import encode_seals as sealed_seals, link_parts, link_record

T = texts("ui")

SEGMENT_CHARS = 2 + 1 + 6 + 1 + 7 + 1 + 86 + 3 * (2 + 43) + 1
"""The most characters one segment takes in a ``t4`` link's seals."""
MOST_SEATS = 99
"""Most seats of a record: a lap adds at most that many segments to a transcript."""

_HEAD_RE = re.compile(r"([0-9]{1,6})\.([0-9]{1,6})\.([0-9]{1,7})")
_SEGMENT_RE = re.compile(r"([0-9]{1,2})\.([0-9]{1,6})\.([0-9]{1,7})\.([A-Za-z0-9_-]{86})"
                         r"(?:\.k([A-Za-z0-9_-]{43}))?(?:\.n([A-Za-z0-9_-]{43}))?(?:\.r([A-Za-z0-9_-]{43}))?")
_FIELDS = (("key", "k"), ("anchor", "n"), ("reveal", "r"))


# ---- a device's chance secrets -----------------------------------------------------------

def new_chances(seats: Iterable[int], make_secret: Callable[[int], bytes] | None = None) -> dict[int, str]:
    """A chance secret (``reveal.Chains``) for each of this device's seats, as texts to store:
    from the system's entropy, or ``make_secret(seat)`` (the headless tool's seeded ones)."""
    make = make_secret or (lambda _seat: secrets.token_bytes(VALUE_BYTES))
    return {seat: b64(make(seat)) for seat in seats}


def chains_of(chances: dict[int, str], gid: str, seat: int) -> Chains:
    """The chains of ``seat`` in the game ``gid`` from this device's stored secret."""
    secret = unb64(chances.get(seat), VALUE_BYTES)
    if secret is None:
        raise ValueError(f"this device holds no chance secret of seat {seat}")
    return Chains(secret, gid, seat)


# ---- the lap and the turns ---------------------------------------------------------------

def lap_missing(record: GameRecord, seal: SealState) -> list[int]:
    """The seats that have not committed their anchor yet (none once the lap is complete)."""
    committed = {segment["seat"] for segment in seal.transcript[:record.players]}
    return [seat for seat in range(record.players) if seat not in committed]


def set_up_dealt(record: GameRecord, seal: SealState) -> bool:
    """Whether the creator has dealt the set-up (its deal segment follows the lap)."""
    return len(seal.transcript) > record.players


def commit(record: GameRecord, seal: SealState, chances: dict[int, str], *, gid: str) -> SealState:
    """``seal`` with a lap segment for each of this device's seats that has not committed
    (the creator's first: it starts the lap), each signed by its seat's key and carrying its
    first chain's anchor, no move and no draw."""
    transcript = list(seal.transcript)
    head = chain(gid, record, transcript)[-1]
    for seat in sorted(seal.keys, key=lambda s: (s != seal.host, s)):
        if seat in lap_missing(record, SealState(seal.keys, seal.host, transcript)):
            key = SeatKey.from_text(seal.keys[seat])
            transcript = seal_segment(record, transcript, seat, key, 0, 0, gid=gid, head=head,
                                      anchor=chains_of(chances, gid, seat).anchor)
            head = link_hash(head, record, transcript[-1])
    return _with(seal, transcript, head)


@dataclass
class Turn:
    """What a device deals a seat's turn with: ``beacon`` (the ``Source`` of its draws),
    ``value`` (the seat's next value, revealed in the turn's segment) and ``anchor`` (its next
    chain's, when ``value`` is a chain's last; else None)."""

    seat: int
    beacon: Beacon
    value: bytes
    anchor: bytes | None


def deal(record: GameRecord, seal: SealState, chances: dict[int, str], seat: int, *, gid: str,
         private: Source = ENTROPY) -> Turn:
    """The ``Turn`` of ``seat`` (one of this device's) after ``seal``'s transcript: public
    draws from every seat's latest value and ``seat``'s next one, private draws from
    ``private`` (the system's entropy by default)."""
    players = record.players
    value, anchor = chains_of(chances, gid, seat).next_share(seal.transcript, players)
    values = latest_values(seal.transcript, players)
    values[seat] = value
    return Turn(seat, Beacon(gid, values, private), value, anchor)


def seal_turn(record: GameRecord, seal: SealState, turn: Turn, *, gid: str) -> SealState:
    """``seal`` with the turn's segment: the moves and draws of ``record`` past the transcript,
    signed by the turn's seat, with its value (and anchor)."""
    key = SeatKey.from_text(seal.keys[turn.seat])
    head = _head(record, seal, gid)
    transcript = seal_segment(record, seal.transcript, turn.seat, key, len(record.actions), len(record.chance),
                              gid=gid, head=head, reveal=turn.value, anchor=turn.anchor)
    return _with(seal, transcript, link_hash(head, record, transcript[-1]))


def route(record: GameRecord, seal: SealState, mover: int | None) -> int:
    """The seat whose device the next link goes to: during the lap, the first person who has
    not committed, else the creator (who deals the set-up); then the device of ``mover``
    (the seat to move: ``device_seat``), or every player at the end (``mover`` None)."""
    missing = lap_missing(record, seal)
    if missing:
        return device_seat(record, seal.host, missing[0])
    if not set_up_dealt(record, seal):
        return seal.host
    return EVERY_SEAT if mover is None else device_seat(record, seal.host, mover)


def _head(record: GameRecord, seal: SealState, gid: str) -> bytes:
    known = known_of(seal)
    if known is not None and known.segments == len(seal.transcript):
        return known.head
    return chain(gid, record, seal.transcript)[-1]


def _with(seal: SealState, transcript: list[Segment], head: bytes) -> SealState:
    """``seal`` with ``transcript`` (whose last hash is ``head``); the taken-back segments it
    does not hold stay (``SealState.taken_back``)."""
    return SealState(dict(seal.keys), seal.host, transcript,
                     known_json(Sealed(bound_keys(transcript), head, len(transcript))),
                     taken_back=_not_held(seal.taken_back, transcript))


# ---- the link ----------------------------------------------------------------------------

def encode_seals(transcript: list[Segment], first: int) -> str:
    """The seals part of a ``t4`` link: the segments from ``first`` on (see the module doc),
    each with its anchor and reveal fields after its signature."""
    return sealed_seals(transcript, first, tail=_fields_tail)


def _fields_tail(segment: Segment) -> str:
    return "".join(f".{letter}{segment[name]}" for name, letter in _FIELDS if name in segment)


def make_link(record: GameRecord, seal: SealState, *, gid: str, to: int) -> str:
    """The fragment of the ``t4`` link that hands ``record`` and its transcript (every segment
    already sealed) to the device of seat ``to`` (or ``EVERY_SEAT``)."""
    return revealed_fragment(record, gid, to, seal.transcript, first_needed(record, seal, to))


def revealed_fragment(record: GameRecord, gid: str, to: int, transcript: list[Segment], first: int) -> str:
    """The URL fragment of a ``t4`` link for ``to`` carrying the segments from ``first``."""
    seals = encode_seals(transcript, first)
    head = f"{gid}.{to}.{len(record.actions)}"
    payload = f"{REVEALED_VERSION}.{len(seals)}.{seals}.{encode_record(record)}"
    return f"#{MODE}={head}.{text_crc(head, payload)}.{payload}"


def _damaged_seals(detail: Text) -> LinkError:
    return LinkError(T("This link is damaged: its seals were cut or changed."), detail)


def parse_revealed(fragment: str) -> SealedLink:
    """The ``t4`` link in a URL fragment; ``LinkError`` saying what is wrong with it. The
    header, its checksum and the size of the seals are checked before anything is decoded
    (``sealed.link_parts``; a ``t4`` link also carries the set-up lap's segments)."""
    gid, seat, moves, seals, payload = link_parts(fragment, REVEALED_VERSION, moves_plus=1 + MOST_SEATS,
                                                  segment_chars=SEGMENT_CHARS)
    first, segments = _read_seals(seals, moves)
    return SealedLink(gid, seat, link_record(payload, moves, seat), first, segments)


def _read_seals(text: str, moves: int) -> tuple[int, list[Segment]]:
    """The seals part of a ``t4`` link, read (not checked: ``verify`` does that)."""
    items = text.split("~")
    if len(items) > moves + 2 + MOST_SEATS:
        raise _damaged_seals(T("{seals} seals for {n} moves.", seals=len(items) - 1, n=moves))
    head = _HEAD_RE.fullmatch(items[0])
    if head is None:
        raise _damaged_seals(T("The seals begin with {start}.", start=repr(items[0][:30])))
    a0, c0 = int(head[2]), int(head[3])
    segments: list[Segment] = []
    for item in items[1:]:
        found = _SEGMENT_RE.fullmatch(item)
        if found is None:
            raise _damaged_seals(T("A seal reads {seal}.", seal=repr(item[:30])))
        a1, c1 = int(found[2]), int(found[3])
        segment: Segment = {"seat": int(found[1]), "a": [a0, a1], "c": [c0, c1], "sig": found[4]}
        for (name, _letter), value in zip(_FIELDS, found.groups()[4:]):
            if value is not None:
                segment[name] = value
        segments.append(segment)
        a0, c0 = a1, c1
    return int(head[1]), segments


# ---- opening a link ----------------------------------------------------------------------

def open_link(fragment: str, here: tuple[GameRecord, SealState] | None, *,
              make_key: Callable[[int], SeatKey] | None = None, replay: Replay | None = None,
              splits: Mapping[int, Collection[int]] = NO_SPLITS) -> Opened:
    """Open a ``t4`` link on this device, as ``sealed.open_link`` opens a ``t3`` one (see
    there), with one difference: during the lap the record does not change while the
    transcript grows, so a link with the same game and more segments is ``NEWER``.
    ``verify`` checks every anchor, reveal and public outcome (``engines.core.reveal``).

    ``replay``: for the masked record of a ``t5`` link (``tavolo_ui.dealt``), this device's
    replay of it (its world's plain record, ``reveal.Replay``); the movers, where the
    outcomes fall and the public draws are found in it, the signatures over the record.
    ``splits`` (move -> seats): where a turn may be sealed in two parts because another seat's
    act comes between them (``seal.verify``): a call settled by another seat
    (``tavolo_ui.drafted.splits``), keys the ``t5`` deal's rule waits for
    (``tavolo_ui.dealt.wait_splits``)."""
    link = parse_revealed(fragment)
    if here is None:
        not_a_first_link(link)
        key = (make_key or (lambda _seat: SeatKey.new()))(link.seat)
        mine = SealState({link.seat: key.to_text()}, host=link.segments[0]["seat"] if link.segments else 0)
        stored: list[Segment] = []
    else:
        mine, stored = here[1], here[1].transcript
        if mine.damaged:
            raise LinkError(T("The seals of this game stored on this device are damaged: it can neither sign nor "
                              "check its moves."), T("The seals stored with this game could not be read."))
        if link.first > len(stored):
            raise LinkError(T("This link needs moves this device has not seen yet: open the links of this game "
                              "in the order they came."),
                            T("The link’s seals start at segment {k}; this device has {n} segments.", k=link.first,
                              n=len(stored)))
    transcript = [*stored[:link.first], *link.segments]
    record = link.record
    own = {seat: SeatKey.from_text(text).public for seat, text in mine.keys.items()}
    if replay is not None:   # a record changed after it was signed is named so, before any world
        check_signatures(record, transcript, gid=link.gid, own=own, splits=None)   # turns in two parts: verify's
    try:
        plain = record if replay is None else replay(record)
        moved = turns(plain)
    except RecordError as exc:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=exc.reason), exc.technical) from None
    except (ChanceError, ValueError) as exc:   # signed as it is, yet this device's world cannot replay it
        raise LinkError(T("This link is damaged: the deal of its cards was cut or changed."),
                        reason_of(exc)) from None  # a Text, or a library's own words (raw)
    require_lap(record, transcript)
    known = known_of(mine) if here is not None else None
    if known is not None and transcript[:known.segments] != stored[:known.segments]:
        known = None  # the link's copy of what this device checked differs: check it all again
    try:
        sealed = verify(record, transcript, moved.movers, gid=link.gid, drawn=moved.drawn, own=own, known=known,
                        replay=None if replay is None else (lambda _: plain), splits=splits)
    except SealError:
        # an answer to a link this device showed, whose moves Undo then took back: it chains onto
        # this device's own taken-back segments (``sealed.remember_shown``), never re-signed here
        verify_on = partial(verify, record, movers=moved.movers, gid=link.gid, drawn=moved.drawn, own=own,
                            splits=splits)
        found = on_taken_back(link, stored, mine.taken_back, verify_on)
        if found is None:
            raise
        transcript, sealed = found
    host = mine.host if here is not None or not transcript else transcript[0]["seat"]  # the creator signed segment 0
    newer = SealState(mine.keys, host, transcript, known_json(sealed))
    if here is None:
        return Opened(link, NEWER, transcript, newer)
    relation = relate(here[0], record)
    if relation in REFUSED:
        raise LinkError(REFUSED[relation])  # the message says it all
    grown = relation == SAME and len(transcript) > len(stored) and _signed_same(transcript[:len(stored)], stored)
    lap_fork = relation == SAME and not grown and not _signed_same(transcript, stored[:len(transcript)])
    if relation == FORKED or lap_fork:
        # ``theirs``: what this device stores if its person keeps the link's continuation (its keys stay)
        return Opened(link, FORKED, transcript, mine, compare(here[0], stored, record, transcript, gid=link.gid),
                      theirs=newer)
    if relation == NEWER or grown:
        return Opened(link, NEWER, transcript, newer)
    return Opened(link, relation, transcript, mine)


def _signed_same(a: list[Segment], b: list[Segment]) -> bool:
    """Whether two transcripts of one record sign the same things: equal but for their
    signatures. A seat may sign one segment twice with two valid signatures (Ed25519 with
    another nonce): that is the same game, not a fork (whose two sides have two hashes)."""
    def unsigned(transcript: list[Segment]) -> list[dict]:
        return [{name: value for name, value in segment.items() if name != "sig"} for segment in transcript]

    return unsigned(a) == unsigned(b)


# ---- the page's turns: draws dealt as the moves are played, sealed when a link leaves ------

CHANCES_DAMAGED = T("The secret this device keeps to deal this game's draws is damaged: it can neither deal nor "
                    "sign its draws. Your game is kept as it is.")
"""Why a device whose stored chance secrets cannot be read (``Distance.chances_damaged``)
deals nothing and signs nothing in a game dealt by commit and reveal."""


def plan(record: GameRecord, seal: SealState, movers: list[int]) -> list[tuple[int, int]]:
    """The segments this device has still to seal after ``seal``'s transcript, as (seat, end
    of its moves): one per run of one seat's moves (``sealed.runs``), the creator's deal
    segment first when the set-up is not dealt yet (alone when another seat moves first).
    Empty during the lap (nothing may be dealt or played before it ends)."""
    from .sealed import runs

    if lap_missing(record, seal):
        return []
    dealt = set_up_dealt(record, seal)
    todo = runs(movers, seal.transcript[-1]["a"][1] if dealt else 0)
    if not dealt and (not todo or todo[0][0] != seal.host):
        todo.insert(0, (seal.host, 0))
    return todo


def pending_values(record: GameRecord, seal: SealState, chances: dict[int, str], todo: list[tuple[int, int]], *,
                   gid: str) -> list[Turn]:
    """The ``Turn`` of each planned segment (``plan``), in order, as each would be dealt once
    the ones before it are sealed: the same values ``seal_pending`` reveals. ``ValueError``
    when a planned seat is not this device's (it holds no secret of it)."""
    transcript = list(seal.transcript)
    out: list[Turn] = []
    for seat, _end in todo:
        turn = deal(record, SealState(seal.keys, seal.host, transcript), chances, seat, gid=gid)
        out.append(turn)
        transcript.append({"seat": seat, "reveal": b64(turn.value)})  # as its segment will reveal it
    return out


class PendingBeacon:
    """The page's chance ``Source`` in a game dealt by commit and reveal: each draw is dealt
    from the ``Beacon`` of the turn it falls in (the seat of the last move since the device's
    transcript, or the creator for the set-up), as if the turns before it were sealed
    already (``pending_values``). Its values follow from the stored transcript and the
    device's secrets alone, so a move taken back and played again meets the same public draws
    (Undo lets no one draw again). Nothing is dealt (``None``) during the lap, or in a turn
    that is not this device's to deal (a friend's device deals it), or when the device's
    secrets are damaged.

    ``state_of()`` gives the game's ``Distance``-side data now (record, seal, chances,
    movers: the seat of each move played), since the page's copy changes as links come."""

    def __init__(self, state_of: Callable[[], tuple[GameRecord, SealState | None, dict[int, str] | None,
                                                    Sequence[int | None]]], gid: str) -> None:
        self.state_of, self.gid = state_of, gid

    def pick(self, game, state):  # type: ignore[no-untyped-def]
        record, seal, chances, movers = self.state_of()
        if seal is None or chances is None or seal.damaged:
            return None
        todo = plan(record, seal, [-1 if seat is None else seat for seat in movers])
        if not todo or todo[-1][0] not in chances:
            return None
        try:
            turn = pending_values(record, seal, chances, todo, gid=self.gid)[-1]
        except ValueError:
            return None
        return turn.beacon.pick(game, state)


def seal_pending(record: GameRecord, seal: SealState, chances: dict[int, str], *, gid: str) -> SealState:
    """``seal`` with this device's part of the game sealed: during the lap, its seats'
    commitments (``commit``); after it, one segment per planned turn (``plan``: the deal
    segment, then each run of one seat's moves), each revealing that seat's next value and
    holding the outcomes dealt up to the next run (``seal.turns``'s ``drawn``). A friend's
    device that completed the lap has nothing more to seal: the creator deals."""
    if lap_missing(record, seal):
        return commit(record, seal, chances, gid=gid)
    if not set_up_dealt(record, seal) and seal.host not in chances:
        return seal  # the lap is complete: the creator's device deals the set-up, not this one
    moved = turns(record)
    todo = plan(record, seal, moved.movers)
    for (seat, end), turn in zip(todo, pending_values(record, seal, chances, todo, gid=gid)):
        key = SeatKey.from_text(seal.keys[seat])
        head = _head(record, seal, gid)
        transcript = seal_segment(record, seal.transcript, seat, key, end, moved.drawn[end], gid=gid, head=head,
                                  reveal=turn.value, anchor=turn.anchor)
        seal = _with(seal, transcript, link_hash(head, record, transcript[-1]))
    return seal


def page_link(record: GameRecord, seal: SealState, chances: dict[int, str], *, gid: str,
              mover: int | None, to: int | None = None) -> tuple[str, SealState, int]:
    """The page's ``t4`` link: this device's part sealed (``seal_pending``), then the
    fragment for the device the game goes to next (``route``; ``to``: for that seat, say
    each friend's own copy of the final table), the seal to store once it has left, and the
    seat it is for."""
    sealed = seal_pending(record, seal, chances, gid=gid)
    to = route(record, sealed, mover) if to is None else to
    return make_link(record, sealed, gid=gid, to=to), sealed, to
