"""Sealed games at a distance: seat keys, signed moves and provable forks.

A game at a distance passes between devices as move links, each carrying the game's record
(``engines.core.record``). This module adds, beside the record (never inside the rules), a
*sealed transcript*: every run of one seat's moves is signed by that seat's key, and the
signatures are chained, so that a device opening a link can tell who made each move and
that nothing was changed after it was signed.

What is protected (issue 39, stage 1: "nobody moves for another seat or rewrites history"):

- **Nobody moves for another seat.** Each move is covered by a signature of the seat that
  was to move (the caller replays the game to say who that is: this module knows no game).
  A move signed by any other key is refused, naming the seat that should have made it.
- **Nobody rewrites history.** Each signature covers a hash of everything before it (a hash
  chain), so changing an earlier move or draw breaks the next signature, naming the seat
  whose signed moves no longer match.
- **A seat's key never changes within a game.** The first segment a seat signs carries its
  public key and binds it; a later segment with another key is refused.
- **Forks are provable.** Two copies of one game that part where the same seat signed two
  different continuations of one position (an answer sent twice, or a move taken back after
  it left) are an ``Equivocation``: the two signatures are the proof (``compare``).

What is not protected here:

- **Trust on first use.** A seat's key is bound the first time a device signs for that seat
  (``SeatKey.new`` on the device that first plays it; a bot's seat gets its key on the device
  that hosts the bot). So a friend who has not yet moved (who may never have opened the game)
  can be impersonated by whoever sends the first links in his name. His own device finds it
  out: it holds his key, and refuses the game once it sees his seat bound to another key
  (``verify``'s ``own``).
- **Chance and hidden information.** The draws are signed by the device that dealt them (the
  outcomes dealt after a move belong to that move's segment, the set-up deal to the creator's
  first segment), so nobody can change a draw *after* it was dealt; but a device may still
  choose its own draws and every link still holds every hidden card. Those are later stages
  (commit-reveal chance, the sealed deal).
- **A modified page, all other players colluding, a player who stops answering.**

The transcript. A list of *segments*, plain JSON (it travels in links)::

    {"seat": 1, "a": [12, 15], "c": [30, 32], "key": "<43 chars>", "sig": "<86 chars>"}

Segment ``k`` says: seat ``seat`` played ``record.actions[a0:a1]``, and its device dealt
``record.chance[c0:c1]`` with them (the outcomes dealt right after those moves). ``key`` (the
seat's Ed25519 public key, base64url) is written only in the seat's first segment. Segments
reference ranges of the record, so no move is written twice (links stay short). They are
contiguous and together cover every move and every outcome of the record.

The set-up deal (the outcomes dealt before the first move) is covered by the transcript's
first segment, signed by the device that created the game: with its first moves when its seat
moves first, else alone, with no moves (``"a": [0, 0]``). That is the only segment that may
have no moves.

The chain (each hash a BLAKE2b-256 with a personalisation string naming its use, RFC 7693;
each signature Ed25519, RFC 8032, over the 32-byte hash)::

    h0  = H_setup(gid, game, players, seed, options, seats)
    h_k = H_segment(h_{k-1} || seat, a, c, key-or-null, actions[a0:a1], chance[c0:c1])
    sig_k = Sign_seat(h_k)

Everything hashed is *canonical bytes* (``canonical``): sorted keys, no spaces, ASCII only.
``engine_version`` and ``format`` are left out of ``h0``: devices may upgrade during a game.

Public chance (stage 2, ``engines.core.reveal``). A transcript whose first segment carries an
``anchor`` is dealt by commit and reveal: it starts with a *lap*, one segment per seat with no
moves and no draws, each committing the anchor of its seat's hash chain (the creator's
first), then the creator's *deal segment*, which deals the set-up; each segment from there
on carries ``reveal``, its seat's next value of the chain (and, with a chain's last value,
the ``anchor`` of the next)::

    {"seat": 2, "a": [0, 0], "c": [0, 0], "key": "<43 chars>", "anchor": "<43 chars>", "sig": "..."}
    {"seat": 1, "a": [12, 15], "c": [30, 32], "reveal": "<43 chars>", "sig": "..."}

The two fields are hashed into ``h_k`` when present (so a stage-1 segment, without them,
hashes as it always did), and ``verify`` checks the lap's layout here and the chains and every
public outcome with ``reveal.check_commitments``.

Masked records (stage 3, ``engines.core.masked``: the cards a device may not read written
as deck positions). The signatures hash the masked record as the link carries it (the same
bytes on every device); ``verify``'s ``replay`` gives the device's own replay of it (its
world's plain record), in which who moved, where the outcomes fall and the public draws
are found (``reveal.check_commitments``). ``check_signatures`` checks the signatures alone
first, so that a record changed after it was signed is named so even where the device's
world cannot replay it.

The library is python-ecdsa (pure Python: the same code runs in CPython and in Pyodide), and
it is imported here only, so that importing ``engines`` never needs it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from ecdsa.ellipticcurve import PointEdwards
from ecdsa.eddsa import PrivateKey, PublicKey, generator_ed25519

from .i18n import Text, player, texts
from .inbound import InputError
from .record import FORMAT_2, GameRecord, positions, start
from .registry import get_game

if TYPE_CHECKING:
    from .reveal import Replay

_T = texts("core")

Segment = dict[str, Any]
"""One segment of a transcript, as JSON: ``seat``, ``a``, ``c``, ``key`` (first only), ``sig``."""

KEY_BYTES = 32
"""Length of an Ed25519 secret seed and of a public key (RFC 8032)."""
SIG_BYTES = 64
"""Length of an Ed25519 signature."""
_SETUP = b"tavolo-seal1-set"
"""BLAKE2b personalisation (16 bytes at most) of ``h0``: "tavolo/seal/1 setup"."""
_LINK = b"tavolo-seal1-seg"
"""BLAKE2b personalisation of a segment's link in the chain: "tavolo/seal/1 segment"."""


# ---- bytes and texts ---------------------------------------------------------------------

def canonical(data: Any) -> bytes:
    """The one byte string of plain JSON ``data`` that every device writes the same way:
    ``json.dumps`` with sorted keys, no spaces and ASCII only (the record's actions and
    outcomes as ``model_dump(mode="json")`` writes them)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def b64(data: bytes) -> str:
    """``data`` in base64url without padding (RFC 4648 section 5): safe in a URL."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: Any, size: int) -> bytes | None:
    """The ``size`` bytes that ``text`` writes in base64url without padding, or None when it
    is not exactly that (wrong type, length or characters)."""
    if not isinstance(text, str) or len(text) != (size * 4 + 2) // 3:
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return data if len(data) == size and b64(data) == text else None


def _hash(person: bytes, data: bytes) -> bytes:
    """BLAKE2b with a 32-byte digest and the personalisation ``person`` (RFC 7693)."""
    return hashlib.blake2b(data, digest_size=32, person=person).digest()


# ---- seat keys ---------------------------------------------------------------------------

class SeatKey:
    """A seat's Ed25519 key (RFC 8032), made on the device that first plays the seat.

    ``SeatKey.new()`` makes one from 32 bytes of ``secrets``; ``to_text``/``from_text`` store
    it as 43 characters of base64url; ``public`` is the 32-byte public key that travels in
    the transcript; ``sign`` signs bytes (64-byte signatures)."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) != KEY_BYTES:
            raise ValueError(f"a seat key is {KEY_BYTES} bytes, not {len(secret)}")
        self._secret = secret
        self._key = PrivateKey(generator_ed25519, secret)
        self.public: bytes = bytes(self._key.public_key().public_key())  # python-ecdsa gives a bytearray

    @classmethod
    def new(cls) -> "SeatKey":
        """A fresh key from the system's entropy."""
        return cls(secrets.token_bytes(KEY_BYTES))

    def to_text(self) -> str:
        """The secret as base64url, for this device's storage (never for a link)."""
        return b64(self._secret)

    @classmethod
    def from_text(cls, text: Any) -> "SeatKey":
        """A key stored with ``to_text``; ``InputError`` when ``text`` is not one."""
        secret = unb64(text, KEY_BYTES)
        if secret is None:
            raise InputError(_T("The stored key of a seat is damaged."), _T("not {n} bytes of base64url", n=KEY_BYTES))
        return cls(secret)

    def sign(self, data: bytes) -> bytes:
        """The Ed25519 signature of ``data``."""
        return bytes(self._key.sign(data))

    def __repr__(self) -> str:  # never show the secret
        return f"SeatKey(public={b64(self.public)})"


def strong_key(public: Any) -> bool:
    """Whether ``public`` is 32 bytes that encode, canonically (RFC 8032 section 5.1.3, y < p,
    and no "negative zero" x), a point of the curve that is not of small order (8 * A not the
    neutral point). A small-order "key" has no secret: with it, signatures that RFC 8032's
    equation accepts are made by anyone (for the neutral point, R neutral and S 0 sign any
    message), so a seat bound to one could be moved for by anyone, and its two answers would
    prove nothing. libsodium refuses such keys too."""
    if not isinstance(public, (bytes, bytearray)) or len(public) != KEY_BYTES:
        return False
    public = bytes(public)
    try:
        point = PointEdwards.from_bytes(generator_ed25519.curve(), public)
    except Exception:  # python-ecdsa raises MalformedPointError and others for non-points
        return False
    return (isinstance(point, PointEdwards) and point.x() != 0 and point.to_bytes() == public
            and isinstance(point * 8, PointEdwards))


def signed_by(public: bytes, data: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is a valid Ed25519 signature of ``data`` by ``public``; a key
    that is no point of the curve or is of small order (``strong_key``), or any damage, is
    simply not valid."""
    if not strong_key(public):
        return False
    try:
        return bool(PublicKey(generator_ed25519, public).verify(data, signature))
    except Exception:  # python-ecdsa raises ValueError and others for bad keys and signatures
        return False


# ---- the chain ---------------------------------------------------------------------------

def setup_hash(gid: str, record: GameRecord) -> bytes:
    """``h0``: the hash of what a game at a distance is from its start (its id ``gid``, game,
    players, seed, options and seats), with no move yet."""
    header = {"gid": gid, "game": record.game, "players": record.players, "seed": record.seed,
              "options": record.options, "seats": [seat.model_dump(mode="json") for seat in record.seats]}
    return _hash(_SETUP, canonical(header))


def link_hash(previous: bytes, record: GameRecord, segment: Segment) -> bytes:
    """``h_k``: the hash of a segment (its seat, ranges, key and the moves and outcomes it
    covers) chained to the previous hash. The segment must already be well formed."""
    (a0, a1), (c0, c1) = segment["a"], segment["c"]
    body = {"seat": segment["seat"], "a": [a0, a1], "c": [c0, c1], "key": segment.get("key"),
            "actions": record.actions[a0:a1], "chance": record.chance[c0:c1]}
    body.update({name: segment[name] for name in _VALUES if name in segment})  # stage 2's, when present
    return _hash(_LINK, previous + canonical(body))


def chain(gid: str, record: GameRecord, transcript: Sequence[Segment]) -> list[bytes]:
    """``[h0, h1, ..., hn]`` of a well-formed transcript (nothing is verified)."""
    hashes = [setup_hash(gid, record)]
    for segment in transcript:
        hashes.append(link_hash(hashes[-1], record, segment))
    return hashes


def seal_segment(record: GameRecord, transcript: Sequence[Segment], seat: int, key: SeatKey,
                 a1: int, c1: int, *, gid: str, head: bytes | None = None, anchor: bytes | None = None,
                 reveal: bytes | None = None) -> list[Segment]:
    """``transcript`` with one more segment, signed with ``key``: ``seat`` played the record's
    moves from where the transcript ends up to ``a1`` and dealt its outcomes up to ``c1``.

    The creator of a game seals its set-up deal with its first moves, or alone (``a1`` 0)
    when another seat moves first. ``key`` is written in the segment when it is the seat's
    first. ``ValueError`` for a segment that the caller should never ask for (no moves past
    the first segment, a range backwards or past the record, or another key than the one
    the transcript has bound to ``seat``). The transcript given is not changed.

    ``head``: the transcript's last hash when the caller has it (``Sealed.head`` of the copy
    it verified or sealed last), which saves hashing the whole chain again; a wrong one makes
    a segment no device accepts.

    ``anchor`` and ``reveal`` (``engines.core.reveal``): the seat's commitment (in its lap
    segment, or with a chain's last value) and its next value, written in the segment. A
    transcript whose first segment has an anchor may have segments with no moves up to its
    deal segment (the lap's, and the set-up dealt alone)."""
    a0, c0 = (transcript[-1]["a"][1], transcript[-1]["c"][1]) if transcript else (0, 0)
    lap = lap_size(transcript, record.players)
    if not (a0 <= a1 <= len(record.actions) and c0 <= c1 <= len(record.chance)) \
            or (transcript and a1 == a0 and len(transcript) > lap):
        raise ValueError(f"cannot seal moves {a0}..{a1} and outcomes {c0}..{c1} of this record")
    bound = bound_keys(transcript)
    if bound.get(seat, key.public) != key.public:
        raise ValueError(f"seat {seat} is bound to another key in this transcript")
    segment: Segment = {"seat": seat, "a": [a0, a1], "c": [c0, c1]}
    if seat not in bound:
        segment["key"] = b64(key.public)
    for name, value in (("anchor", anchor), ("reveal", reveal)):
        if value is not None:
            segment[name] = b64(value)
    previous = head if head is not None else chain(gid, record, transcript)[-1]
    segment["sig"] = b64(key.sign(link_hash(previous, record, segment)))
    return [*transcript, segment]


def lap_size(transcript: Sequence[Any], players: int) -> int:
    """How many segments the set-up lap of ``transcript`` has: one per seat when its first
    segment commits an anchor (a game dealt by commit and reveal, ``engines.core.reveal``),
    else 0 (a stage-1 transcript: the creator's first segment deals the set-up)."""
    first = transcript[0] if transcript else None
    return players if isinstance(first, dict) and "anchor" in first else 0


def bound_keys(transcript: Sequence[Segment]) -> dict[int, bytes]:
    """Each seat's public key as the transcript binds it (its first segment's ``key``)."""
    keys: dict[int, bytes] = {}
    for segment in transcript:
        key = unb64(segment.get("key"), KEY_BYTES)
        if key is not None:
            keys.setdefault(segment["seat"], key)
    return keys


# ---- verifying ---------------------------------------------------------------------------

class SealError(InputError):
    """A sealed transcript that does not check: a move made by another seat, a move or draw
    changed after it was signed, a key changed, a seal missing or damaged.

    ``reason`` (``InputError``) is one sentence for a person, in the person's language with
    ``message(lang)``, naming the seat and the move. ``seat``: the seat it is about (the one
    that should have signed, or whose key or signature is at fault), None when no seat is
    concerned. ``move``: the index in ``record.actions`` where it fails (0-based: the message
    names it from 1, "move 12" for ``actions[11]``), None when the transcript as a whole is
    refused. ``detail``: the technical reason (``InputError.technical``), a ``Text`` naming the
    segment (its index in the transcript, from 0) and the seats as ``player(seat)``."""

    def __init__(self, reason: "Text | str", seat: int | None = None, move: int | None = None,
                 detail: "Text | str" = "") -> None:
        super().__init__(reason, detail)
        self.seat = seat
        self.move = move


@dataclass(frozen=True)
class Sealed:
    """What a transcript that checks tells: ``keys``, each seat's public key as bound by its
    first segment (a device stores them, and its own); ``head``, the last hash of the chain
    (two copies with the same ``head`` are the same game up to there); ``segments``, how many
    segments it has. A device stores it, to pass as ``verify``'s ``known`` next time."""

    keys: dict[int, bytes]
    head: bytes
    segments: int


@dataclass(frozen=True)
class Turns:
    """Who moved, and where the outcomes fall, in a record (``turns``): ``movers[i]`` is the
    seat to move before action ``i``; ``drawn[i]`` how many outcomes of ``record.chance`` are
    dealt before action ``i`` (``drawn[0]`` is the set-up deal, ``drawn[-1]`` all of them:
    one more entry than actions)."""

    movers: list[int]
    drawn: list[int]


def turns(record: GameRecord) -> Turns:
    """``Turns`` of ``record``, by replaying it (``engines.core.record.positions``): what a
    caller of ``verify`` passes. ``RecordError`` when the record does not replay."""
    game = get_game(record.game)
    state = start(game, record)
    movers: list[int] = []
    drawn = [getattr(state, "dealt", 0) if record.format == FORMAT_2 else 0]
    for position in positions(game, record, state):
        movers.append(position.seat)
        drawn.append(drawn[-1] + (len(position.drawn) if record.format == FORMAT_2 else 0))
    return Turns(movers, drawn)


_FIELDS = {"seat", "a", "c", "key", "sig", "anchor", "reveal"}
_VALUES = ("anchor", "reveal")
"""The fields of a transcript dealt by commit and reveal (``engines.core.reveal``): 32 bytes each."""


def _well_formed(segment: Any, players: int) -> bool:
    """Whether ``segment`` has the shape of a segment: only its fields, a seat of the game,
    two ranges of two integers, a signature (and a key) of the right size."""
    if not isinstance(segment, dict) or not {"seat", "a", "c", "sig"} <= segment.keys() <= _FIELDS:
        return False
    ranges = [segment["a"], segment["c"]]
    return (type(segment["seat"]) is int and 0 <= segment["seat"] < players
            and all(isinstance(r, list) and len(r) == 2 and all(type(n) is int for n in r) for r in ranges)
            and unb64(segment["sig"], SIG_BYTES) is not None
            and ("key" not in segment or unb64(segment["key"], KEY_BYTES) is not None)
            and all(name not in segment or unb64(segment[name], KEY_BYTES) is not None for name in _VALUES))


def _move_text(n: int) -> int:
    """A move index as people count it (from 1)."""
    return n + 1


NO_SPLITS: Mapping[int, Collection[int]] = MappingProxyType({})
"""No move where a turn may be sealed in two parts (``verify``'s ``splits``)."""


def verify(record: GameRecord, transcript: Any, movers: Sequence[int], *, gid: str,
           drawn: Sequence[int] | None = None, own: Mapping[int, bytes] | None = None,
           known: Sealed | None = None, replay: "Replay | None" = None,
           splits: Mapping[int, Collection[int]] = NO_SPLITS) -> Sealed:
    """Check that ``transcript`` seals the whole of ``record`` (a game at a distance ``gid``).

    ``movers[i]``: the seat to move before action ``i`` (``turns(record).movers``: the caller
    replays the game; this module knows none). ``drawn``: where the outcomes fall
    (``turns(record).drawn``); when given, each segment must cover exactly the outcomes dealt
    with its moves (and the first, the set-up deal), so that no seat signs another's draws.
    ``own``: the public keys this device holds for the seats it plays; a transcript that
    binds one of those seats to another key is refused (someone signed in that seat's name
    before its device did: see the module doc, trust on first use). ``known``: what this
    device's own earlier ``verify`` of this game returned; the segments that chain to its
    ``head`` with the same keys were checked then, so their signatures are not checked again
    (opening a link then costs the signatures of the segments new since: about one lap).

    A transcript that starts with a lap (``lap_size``: a game dealt by commit and reveal,
    ``engines.core.reveal``) has up to one segment per seat more, with no moves; its layout
    must have the lap (each seat once, no move and no draw), then the set-up dealt by the
    creator, then no seat's turn sealed in two segments; then ``reveal.check_commitments``
    checks every anchor and reveal and recomputes every public outcome (a replay of the
    record: ``drawn`` is computed when not given).

    ``replay`` (``reveal.Replay``): for a masked record (``engines.core.masked``: a ``t5``
    game, its cards written as deck positions), how this device replays it: the plain
    record of its own world. The signatures still hash ``record`` as it is (what the link
    carries: the same bytes on every device); the replays that find where the outcomes
    fall (``drawn``, when not given) and recompute the public outcomes
    (``reveal.check_commitments``) run on the world's record instead. ``movers`` comes from
    that world too (``turns`` of it): who is to move is public, the same in every world.

    ``splits`` (move -> seats): where one seat's two segments in a row are allowed, because
    another seat's act comes between them, a public fact every device finds: the second
    segment must start at such a move and a seat other than its own must be named there, so
    a seat cannot split its turn by itself. Two such acts: another seat settled a call
    (``tavolo_ui.drafted``: "nobody holds the character called", said with that many moves
    made; Citadels: the Thief's turn, then the Bishop's, the Magician and the King held by
    nobody between), or the ``t5`` deal's rule makes the turn wait there for other seats'
    keys (``engines.core.dealing``, *Waiting for keys*; ``tavolo_ui.dealt.wait_splits``:
    a card turned face up whose holder is another seat). The second case has a cost a server
    would not have: the rest of the turn is dealt from the mover's next value, so a seat that
    can choose a move that turns up another seat's card chooses between two values.

    A record with ``forks`` (unseen parts dealt again for one seat, ``engines.core.record``)
    is refused: nothing signed covers a re-deal. The checks, cheapest first, so hostile input
    costs little: a transcript with more
    segments than the record has moves (plus the set-up's) is refused before anything else;
    then each segment's shape, its ranges (contiguous, within the record, covering it all),
    that its moves are all its seat's, its key (bound in the seat's first segment, never
    another one after); then the hashes and signatures, in order. Returns ``Sealed``; raises
    ``SealError`` at the first problem, naming the seat and the move."""
    actions, chance = record.actions, record.chance
    if len(movers) != len(actions) or (drawn is not None and len(drawn) != len(actions) + 1):
        raise ValueError("movers and drawn must come from this record (turns)")
    lap = lap_size(transcript, record.players) if isinstance(transcript, list) else 0
    if not isinstance(transcript, list) or len(transcript) > len(actions) + 1 + lap:
        raise SealError(_T("The seals of this game are longer than its moves: they cannot be checked."),
                        detail=_T("{segments} segments for {n} moves", segments=len(transcript), n=len(actions))
                        if isinstance(transcript, list) else _T("no list of segments"))
    if record.forks:  # a re-deal is no move and no outcome: no signature would cover it
        raise SealError(_T("A sealed game cannot be played on with its unseen parts dealt again."),
                        move=record.forks[0].at, detail=_T("the record has forks"))
    plain = replay(record) if replay is not None else None
    if lap and drawn is None:
        drawn = turns(plain if plain is not None else record).drawn
    keys = _check_layout(record, transcript, movers, drawn, own or {}, lap, splits)
    hashes = chain(gid, record, transcript)
    trusted = 0
    if known is not None and known.segments < len(hashes) and hashes[known.segments] == known.head \
            and all(keys.get(seat) == key for seat, key in known.keys.items()):
        trusted = known.segments
    for k, segment in enumerate(transcript[trusted:], start=trusted):
        head = hashes[k + 1]
        seat, a0 = segment["seat"], segment["a"][0]
        signature = unb64(segment["sig"], SIG_BYTES)
        assert signature is not None  # _check_layout saw every signature well formed
        if not signed_by(keys[seat], head, signature):
            raise _bad_signature(keys, seat, a0, k, head, signature)
    if lap:
        from .reveal import check_commitments  # reveal imports this module
        check_commitments(record, transcript, gid, replay=None if plain is None else (lambda _: plain))
    return Sealed(keys, hashes[-1], len(transcript))


def check_signatures(record: GameRecord, transcript: Any, *, gid: str, own: Mapping[int, bytes] | None = None,
                     splits: Mapping[int, Collection[int]] | None = NO_SPLITS) -> None:
    """The checks of ``verify`` that need no replay of ``record``: each segment's shape, its
    ranges, its key and its signature over ``record`` as it is (``SealError`` naming the
    seat, as ``verify``). Not who was to move, where the outcomes fall nor the public draws:
    ``verify`` checks those. A device that replays a masked record in its own world
    (``replay``) calls it first, so that a record changed after it was signed is named as
    such (the seat whose signature no longer holds) even when its world cannot replay it.
    ``splits`` as ``verify``'s; None: a turn in two parts is left to ``verify`` (a ``t5``
    device finds where its deal waits only in its world, after this check)."""
    if not isinstance(transcript, list) or len(transcript) > len(record.actions) + 1 + record.players:
        raise SealError(_T("The seals of this game are longer than its moves: they cannot be checked."),
                        detail=_T("too many segments"))
    lap = lap_size(transcript, record.players)
    keys = _check_layout(record, transcript, None, None, own or {}, lap, splits)
    hashes = chain(gid, record, transcript)
    for k, segment in enumerate(transcript):
        signature = unb64(segment["sig"], SIG_BYTES)
        assert signature is not None  # _check_layout saw every signature well formed
        if not signed_by(keys[segment["seat"]], hashes[k + 1], signature):
            raise _bad_signature(keys, segment["seat"], segment["a"][0], k, hashes[k + 1], signature)


def _check_layout(record: GameRecord, transcript: list, movers: Sequence[int] | None, drawn: Sequence[int] | None,
                  own: Mapping[int, bytes], lap: int = 0,
                  splits: Mapping[int, Collection[int]] | None = NO_SPLITS) -> dict[int, bytes]:
    """The checks of ``verify`` that need no signature: shapes, ranges, seats, keys (and,
    after a lap of ``lap`` segments, ``_check_lap``). Returns each seat's bound key."""
    keys: dict[int, bytes] = {}
    a = c = 0
    for k, segment in enumerate(transcript):
        if not _well_formed(segment, record.players):
            raise SealError(_T("Seal {n} of this game is damaged.", n=k + 1), move=a, detail=_T("segment {k}", k=k))
        seat, (a0, a1), (c0, c1) = segment["seat"], segment["a"], segment["c"]
        if lap:
            _check_lap(transcript, k, lap, splits)
        if (a0, c0) != (a, c) or not (a0 <= a1 <= len(record.actions) and c0 <= c1 <= len(record.chance)) \
                or (k > lap and a1 == a0):
            raise SealError(_T("The seals of this game do not follow its moves at move {n}: one is missing, "
                               "repeated or out of order.", n=_move_text(a)), move=a,
                            detail=_T("segment {k} covers moves {a0}..{a1}, outcomes {c0}..{c1}; expected from move {a}, "
                                      "outcome {c}", k=k, a0=a0, a1=a1, c0=c0, c1=c1, a=a, c=c))
        for i in range(a0, a1):
            if movers is not None and movers[i] != seat:
                raise SealError(_T("Move {n} was not signed by {player}: someone else made it.",
                                   n=_move_text(i), player=player(movers[i])), seat=movers[i], move=i,
                                detail=_T("segment {k} is signed for {player}", k=k, player=player(seat)))
        if drawn is not None and k >= lap and (c0, c1) != (drawn[a0] if k > lap else 0, drawn[a1]):
            last = max(a1 - 1, 0)
            raise SealError(_T("The draws dealt with move {n} are not sealed by {player}, who dealt them.",
                               n=_move_text(last), player=player(seat)), seat=seat, move=last,
                            detail=_T("segment {k} covers outcomes {c0}..{c1}", k=k, c0=c0, c1=c1))
        _bind_key(keys, segment, own, k)
        a, c = a1, c1
    if (a, c) != (len(record.actions), len(record.chance)):
        raise SealError(_T("Not every move and draw of this game is signed: the seals stop at move {n}.",
                           n=_move_text(a)), move=a,
                        detail=_T("sealed {a} of {moves} moves, {c} of {outcomes} outcomes", a=a, moves=len(record.actions),
                                  c=c, outcomes=len(record.chance)))
    return keys


def _check_lap(transcript: list, k: int, lap: int, splits: Mapping[int, Collection[int]] | None) -> None:
    """The layout of segment ``k`` in a transcript that starts with a lap of ``lap`` segments
    (``engines.core.reveal``): in the lap, each seat once, with no move and no draw (nothing
    is drawn before every seat has committed); right after it, the creator's deal segment
    (the seat of segment 0: the one seat that committed before seeing any other anchor);
    after that, never two segments of one seat in a row (a turn sealed in two would let its
    seat choose which of its values deals its draws), but where another seat's act comes
    between its parts (``splits``: see ``verify``; None: not checked here)."""
    segment = transcript[k]
    seat, a0 = segment["seat"], segment["a"][0]
    if k < lap and (segment["a"][1] or segment["c"][1]):
        raise SealError(_T("{player} dealt or moved before every seat had committed to the draws.",
                           player=player(seat)), seat=seat, move=0, detail=_T("lap segment {k} has moves or draws", k=k))
    if k < lap and any(s["seat"] == seat for s in transcript[:k]):
        raise SealError(_T("Seal {n} of this game is damaged.", n=k + 1), seat=seat, move=0,
                        detail=_T("lap segment {k}: {player} is already in the lap", k=k, player=player(seat)))
    if k == lap and seat != transcript[0]["seat"]:
        raise SealError(_T("{player} dealt the set-up, which the game's creator deals once every seat has "
                           "committed to the draws.", player=player(seat)), seat=seat, move=0,
                        detail=_T("deal segment {k} is not signed by the creator", k=k))
    if k > lap and seat == transcript[k - 1]["seat"] and splits is not None \
            and not set(splits.get(a0, ())) - {seat}:
        raise SealError(_T("{player}'s turn is sealed in two parts at move {n}: a turn is sealed whole, so that "
                           "its draws cannot be chosen.", player=player(seat), n=_move_text(a0)), seat=seat,
                        move=a0, detail=_T("segments {j} and {k} are both signed by {player}", j=k - 1, k=k,
                                                    player=player(seat)))


def _bind_key(keys: dict[int, bytes], segment: Segment, own: Mapping[int, bytes], k: int) -> None:
    """Bind the segment's key to its seat when it is the seat's first segment (``keys``
    gains it); refuse a key changed, a key of another seat, a first segment with no key, a
    key anyone could sign with (``strong_key``), and a key other than the one this device
    holds for that seat (``own``)."""
    seat, a0 = segment["seat"], segment["a"][0]
    if "key" not in segment:
        if seat not in keys:
            raise SealError(_T("Seal {n} of this game is damaged.", n=k + 1), seat=seat, move=a0,
                            detail=_T("segment {k} is the first of {player} and has no key", k=k, player=player(seat)))
        return
    key = unb64(segment["key"], KEY_BYTES)
    assert key is not None  # _well_formed checked it
    if not strong_key(key):  # anyone could sign with it
        raise SealError(_T("Seal {n} of this game is damaged.", n=k + 1), seat=seat, move=a0,
                        detail=_T("segment {k} binds {player} to a point of small order, or not a point", k=k,
                                      player=player(seat)))
    if seat in keys:
        raise SealError(_T("{player}'s key changed at move {n}.", player=player(seat), n=_move_text(a0)),
                        seat=seat, move=a0, detail=_T("segment {k} carries a second key", k=k))
    if key in keys.values():
        raise SealError(_T("Move {n} was not signed by {player}: someone else made it.", n=_move_text(a0),
                           player=player(seat)), seat=seat, move=a0,
                        detail=_T("segment {k} binds {player} to the key of another seat", k=k, player=player(seat)))
    if seat in own and own[seat] != key:
        raise SealError(_T("Someone else signed moves as {player} from move {n}: this device holds {player}'s "
                           "own key.", player=player(seat), n=_move_text(a0)), seat=seat, move=a0,
                        detail=_T("segment {k} binds {player} to a key this device does not hold", k=k,
                                  player=player(seat)))
    keys[seat] = key


def _bad_signature(keys: dict[int, bytes], seat: int, a0: int, k: int, head: bytes, signature: bytes) -> SealError:
    """The error for segment ``k``, whose signature does not check with ``seat``'s key:
    another seat signed it (its signature checks with another bound key), or what it covers
    (or anything before it) was changed after it was signed, or the signature is damaged."""
    if any(signed_by(key, head, signature) for other, key in keys.items() if other != seat):
        return SealError(_T("Move {n} was not signed by {player}: someone else made it.", n=_move_text(a0),
                            player=player(seat)), seat=seat, move=a0,
                         detail=_T("segment {k} is signed with the key of another seat", k=k))
    if k == 0:
        return SealError(_T("The game is not as {player} set it up and signed it: it was changed afterwards, "
                            "it is another game, or the signature is damaged.", player=player(seat)),
                         seat=seat, move=0, detail=_T("the signature of segment {k} does not check", k=0))
    return SealError(_T("The moves from move {n} were changed after {player} signed them, or the signature "
                        "is damaged.", n=_move_text(a0), player=player(seat)), seat=seat, move=a0,
                     detail=_T("the signature of segment {k} does not check", k=k))


# ---- forks -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Equivocation:
    """The proof that ``seat`` signed two different continuations of one position: an answer
    sent twice, or a move taken back after it had left.

    ``segment_a`` and ``segment_b``: the two segments (as in their transcripts), both chained
    to the same previous hash and both signed with ``key``, the seat's bound key; ``hash_a``
    and ``hash_b``: the two different hashes they sign. ``move``: the first move (index in
    ``record.actions``) where the two continuations differ (the seat's last move of the
    shorter one when one only adds to the other, or differs in its draws only)."""

    seat: int
    move: int
    segment_a: Segment
    segment_b: Segment
    key: bytes
    hash_a: bytes
    hash_b: bytes

    def holds(self) -> bool:
        """Whether the proof checks on its own: two different hashes, both signed by ``key``."""
        sig_a, sig_b = unb64(self.segment_a.get("sig"), SIG_BYTES), unb64(self.segment_b.get("sig"), SIG_BYTES)
        return (self.hash_a != self.hash_b and sig_a is not None and sig_b is not None
                and signed_by(self.key, self.hash_a, sig_a) and signed_by(self.key, self.hash_b, sig_b))


Kind = Literal["same", "a_extends_b", "b_extends_a", "forked", "other_game"]


@dataclass(frozen=True)
class Relation:
    """How two copies of a game at a distance relate (``compare``).

    ``kind``: ``"same"``; ``"a_extends_b"`` (copy a is copy b with more moves after it) or
    ``"b_extends_a"``; ``"forked"`` (they part after a common beginning); ``"other_game"``
    (their set-ups differ: not copies of one game). ``segment``: how many segments they have
    in common. ``move``: where they part (forked: see ``Equivocation.move``) or where the
    shorter ends. ``equivocation``: for a fork where one seat signed both sides, the proof.
    ``seats``: for a fork, the seats that signed the first differing segment of a and of b."""

    kind: Kind
    segment: int
    move: int
    equivocation: Equivocation | None = None
    seats: tuple[int, int] | None = None

    def text(self) -> "Text | None":
        """What a fork is, for a person (None when the copies did not fork)."""
        if self.kind != "forked" or self.seats is None:
            return None
        if self.equivocation is not None:
            return _T("{player} signed two different moves for one position, at move {n}: an answer sent twice, "
                      "or a move taken back after it was sent.", player=player(self.equivocation.seat),
                      n=_move_text(self.move))
        first, second = self.seats
        if self.segment == 0 and first != second:
            return _T("This game was set up twice, once by {first} and once by {second}: the two copies are "
                      "different games from their first draw.", first=player(first), second=player(second))
        return _T("The two copies part at move {n}, where one was signed by {first} and the other by {second}: "
                  "nobody signed two answers, so one of the copies does not check.", n=_move_text(self.move),
                  first=player(first), second=player(second))


def compare(record_a: GameRecord, transcript_a: Sequence[Segment], record_b: GameRecord,
            transcript_b: Sequence[Segment], *, gid: str) -> Relation:
    """How two sealed copies of the game ``gid`` relate (``Relation``), each one having passed
    ``verify`` (the device verifies every copy it opens; here only the two first differing
    segments' signatures are checked again, for the proof).

    The copies' chains are compared hash by hash: equal up to the end of the shorter means
    the same game, or one extending the other. Where they first differ, the two segments
    follow the same previous hash, so the same position: when one seat signed both, validly
    and with its bound key, that is an ``Equivocation``. Two verified copies of one game can
    only differ in the seat of that segment at the very first one (the set-up, dealt twice
    by two devices), since the same position has one seat to move."""
    hashes_a, hashes_b = chain(gid, record_a, transcript_a), chain(gid, record_b, transcript_b)
    if hashes_a[0] != hashes_b[0]:
        return Relation("other_game", 0, 0)
    common = 0
    while common < min(len(transcript_a), len(transcript_b)) and hashes_a[common + 1] == hashes_b[common + 1]:
        common += 1
    if common == len(transcript_a) or common == len(transcript_b):
        end = transcript_a[common - 1]["a"][1] if common else 0
        kind: Kind = ("same" if len(transcript_a) == len(transcript_b)
                      else "a_extends_b" if len(transcript_a) > len(transcript_b) else "b_extends_a")
        return Relation(kind, common, end)
    seg_a, seg_b = transcript_a[common], transcript_b[common]
    move = _parting_move(record_a, seg_a, record_b, seg_b)
    seats = (seg_a["seat"], seg_b["seat"])
    proof = None
    if seats[0] == seats[1]:
        key = bound_keys(list(transcript_a[:common + 1])).get(seats[0])
        if key is not None and key == bound_keys(list(transcript_b[:common + 1])).get(seats[1]):
            candidate = Equivocation(seats[0], move, seg_a, seg_b, key, hashes_a[common + 1], hashes_b[common + 1])
            proof = candidate if candidate.holds() else None
    return Relation("forked", common, move, proof, seats)


def _parting_move(record_a: GameRecord, seg_a: Segment, record_b: GameRecord, seg_b: Segment) -> int:
    """The first move where two segments starting at one position differ; when one's moves
    only add to the other's (or they differ in their draws only), the last move of the
    shorter (0 for a set-up with no moves)."""
    a0 = seg_a["a"][0]
    end = min(seg_a["a"][1], seg_b["a"][1])
    for i in range(a0, end):
        if record_a.actions[i] != record_b.actions[i]:
            return i
    return max(end - 1, a0)
