"""Games at a distance: friends on their own devices, a move link passed after each turn.

Pure Python (no browser), so CPython tests drive it as the page does.

A game at a distance is an ordinary saved game with a ``Distance`` beside its record: the
game's id (``gid``, fresh entropy when it is created), the seats played on this device
(``mine``) and what Undo may no longer take back (``floor``: the moves that left in a link or
came in one). The record knows nothing of devices: a friend's seat is a "human" seat, one this
device does not play (``Session.here``). Bots move on whichever device reaches their turn,
except in a sealed game, where they sit at its creator's device (``bots_host``).

A move link is the whole record, with what the receiving device needs before it reads it:

    https://host/path/#move=<gid>.<seat>.<moves>.<crc>.<t2 link payload>

``seat`` is the seat the link is for (from 0), ``moves`` the number of moves in the record
(at most ``MAX_MOVES``) and ``crc`` the CRC-32 of the link's text
``<gid>.<seat>.<moves>.<payload>`` in 8 upper-case hex digits, checked before the payload is
decoded; the payload is a share link's (``links.encode_record``). A link whose header does not
match its record (its seat changed by hand, say) is refused as damaged. Links made before
issue 38 have the checksum in lower case, over the game's id, the seat and the record's stamp
(``saves.stamp``): they still open, checked once their record is read (which
``decode_payload`` bounds as for any link, so a link that claims the old form buys no more
work than any other).

A *sealed* game at a distance (issue 39) keeps beside its record, in ``Distance.seal``
(``SealState``), this device's seat keys and the game's signed transcript; its move links
carry the seals in a payload that starts with ``t3`` (``SEALED_VERSION``), which ``sealed``
writes and reads, and which ``parse_move`` (like any page made before them) refuses as a
link of a newer Tavolo. Games made before keep no seal (``Distance.sealed`` is false) and
their links open as they always did.

Since issue 39's stage 2, a new sealed game deals its public draws by commit and reveal: its
links' payload starts with ``t4`` (``REVEALED_VERSION``, read by ``revealed``), the game begins
with the set-up lap (each person's device commits before anything is dealt: ``lap_next``,
``lap_waits_for``), and the device keeps its seats' chance secrets in ``Distance.chances``,
which never leave it. Games sealed before (``t3``) go on as they were.

Two copies of one game (the device's and a link's) relate as ``relate`` says: the same, one
further on than the other, two continuations of one position (a fork the person resolves:
``AtADistance.show_fork`` in ``distance_screen``), or not the same game (other players, or other
forks: refused, ``REFUSED``).

The continuation the person does not keep, like any copy of a game at a distance (Save copy,
another tab's version saved as a copy), is no game anyone plays: it is set aside
(``Distance.aside``), an ordinary save under Saved games named after which one it is
(``aside_name``: "Citadels with Ada, Bea, Bot Carlo · the link’s version, not kept, from move
61"), that opens only in the review, through this device's seats' eyes; it is never in the
inbox, never goes back on the table, so it never sends a link nor hands a friend's seat over.

A move link opens behind a hand-off ("I am Bea: show my table") where it may be someone
else's to look at: a first link (a seat this device has never played), or a device that
holds more than one person's seats. On a device of one person, who plays only that seat in
the game, it opens at once (``needs_handoff``).
"""

from __future__ import annotations

import re
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.core.i18n import Text, player, render, texts
from engines.core.record import MAX_MOVES, GameRecord, positions, start, too_many

from .links import LinkError, decode_payload, encode_record
from .saves import stamp
from .session import Session

T = texts("ui")

MODE = "move"
"""A move link's fragment starts with ``#move=``."""

GID_RE = re.compile(r"[A-Za-z0-9_-]{8,24}")

# How two copies of one game relate (``relate``)
SAME = "same"        # the same moves and draws
NEWER = "newer"      # the link's game is this device's played on
OLDER = "older"      # this device's game is the link's played on
FORKED = "forked"    # both played on from one position, differently
OTHER = "other"      # not the same game (other players, seed or options)
REDEALT = "redealt"  # the same game with other forks: unseen parts dealt again by hand

_SETUP = ("game", "players", "seed", "options", "seats")


def new_game_id() -> str:
    """A fresh game id: 12 characters of the system's entropy (``crypto.getRandomValues`` in
    the browser), so no two devices ever make the same one."""
    return secrets.token_urlsafe(9)


@dataclass
class Distance:
    """What this device knows of a game at a distance, besides its record (stored in the save
    as ``to_json`` writes it)."""

    gid: str
    mine: list[int]
    """The seats played on this device."""
    floor: int = 0
    """Undo never goes back below this many moves: they left in a link, or came in one."""
    sent: dict[str, int] = field(default_factory=dict)
    """The last move link made here: ``{"to": seat, "moves": n, "at": ms}``, with ``"lap": 1``
    when it was a link of the set-up lap, before anything was dealt ({}: none yet)."""
    came: float = 0.0
    """When the last move link was opened here (ms since 1970; 0: never)."""
    turn: int = -1
    """The seat to move when the game was last saved (-1: none, the game is over), for the
    home screen's inbox, which does not replay every game."""
    aside: bool = False
    """A continuation of a fork that was not kept (``AtADistance.keep``): no game anyone
    plays, so it opens for review only (through this device's seats' eyes), is listed under
    Saved games, never in the inbox, and never sends a link."""
    seal: "SealState | None" = None
    """A sealed game (issue 39): this device's seat keys and the game's signed transcript
    (``sealed``). None: a game made before sealed links, whose links are not signed."""
    chances: dict[int, str] | None = None
    """A sealed game whose public draws are dealt by commit and reveal (``t4`` links,
    ``revealed``): the chance secret of each seat this device plays (``revealed.new_chances``).
    They never leave the device: no link, copy or set-aside continuation carries them. None:
    a game sealed without them (``t3``) or not sealed."""
    chances_damaged: Any = None
    """What the save held for ``chances`` when it could not be read (kept as it was, and
    written back so: nothing is lost), else None. The game deals by commit and reveal, but
    this device can neither deal nor sign its draws (``revealed.CHANCES_DAMAGED`` says so)."""

    @property
    def sealed(self) -> bool:
        """Whether the game's links are sealed (the inbox marks the others "not sealed")."""
        return self.seal is not None

    @property
    def revealed(self) -> bool:
        """Whether the game's public draws are dealt by commit and reveal (``t4`` links)."""
        return self.seal is not None and (self.chances is not None or self.chances_damaged is not None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"gid": self.gid, "mine": list(self.mine), "floor": self.floor, "sent": dict(self.sent),
                               "came": self.came, "turn": self.turn}
        if self.aside:
            out["aside"] = True
        if self.seal is not None:
            out["seal"] = self.seal.to_json()
        if self.chances_damaged is not None:
            out["chances"] = self.chances_damaged
        elif self.chances is not None:
            out["chances"] = {str(seat): text for seat, text in self.chances.items()}
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Distance | None":
        """The ``Distance`` a save holds; None when it holds none, or one that cannot be read
        (the save is then an ordinary game on this device)."""
        if not isinstance(data, dict):
            return None
        gid, mine = data.get("gid"), data.get("mine")
        if not (isinstance(gid, str) and GID_RE.fullmatch(gid) and isinstance(mine, list)
                and all(type(m) is int and 0 <= m < 99 for m in mine)):
            return None
        floor = data.get("floor")
        sent = data.get("sent")
        sent = ({k: v for k, v in sent.items() if k in ("to", "moves", "at", "lap") and isinstance(v, (int, float))}
                if isinstance(sent, dict) else {})
        came, turn = data.get("came"), data.get("turn")
        chances = _chances(data["chances"]) if "chances" in data else None
        return cls(gid, sorted(set(mine)), floor if type(floor) is int and floor >= 0 else 0,
                   {k: int(v) for k, v in sent.items()}, float(came) if isinstance(came, (int, float)) else 0.0,
                   turn if type(turn) is int and -1 <= turn < 99 else -1, data.get("aside") is True,
                   SealState.from_json(data["seal"]) if "seal" in data else None,
                   chances, data["chances"] if "chances" in data and chances is None else None)


def _chances(data: Any) -> dict[int, str] | None:
    """The chance secrets a save holds (``Distance.chances``), or None when they cannot be read."""
    if not isinstance(data, dict):
        return None
    out: dict[int, str] = {}
    for seat, text in data.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < 99 and isinstance(text, str)
                and _SECRET_RE.fullmatch(text)):
            return None
        out[int(seat)] = text
    return out


_SECRET_RE = re.compile(r"[A-Za-z0-9_-]{43}")
_PUBLIC_RE = _SECRET_RE


@dataclass
class SealState:
    """What a device keeps of a sealed game at a distance (``Distance.seal``; the protocol is
    ``engines.core.seal``, the links ``sealed``), as plain JSON for its storage.

    Nothing here imports the signature library, so reading a save costs nothing: only
    ``sealed`` (loaded when a game at a distance is opened) does."""

    keys: dict[int, str]
    """The secret key (``SeatKey.to_text``) of each seat this device signs for: its person's
    seats, and on the device that created the game, the bots' (they sit there)."""
    host: int
    """The seat of the device that created the game and hosts its bots (it signed the set-up)."""
    transcript: list[dict[str, Any]] = field(default_factory=list)
    """The whole sealed transcript this device knows (``engines.core.seal``'s segments)."""
    known: dict[str, Any] | None = None
    """What this device's last ``verify`` (or its own last seal) said of the transcript, as
    ``{"keys": {seat: public key}, "head": hash, "segments": n}`` (base64url texts): the
    segments up to there are not checked again (``verify``'s ``known``). None: not yet."""
    damaged: bool = False
    """The stored seal could not be read: the game is sealed, but this device can neither
    sign nor check its links (``sealed`` refuses them, saying so)."""
    taken_back: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """Segments this device signed and showed in a link (the send box) that its transcript
    does not hold, each with its index in the transcript it was signed for: moves taken back
    by Undo after their link was shown (or shown and not sent yet). A friend who answers that
    link sends moves chained to one of them: ``sealed.open_link`` finds it here and shows the
    fork (this device's own seat signed both versions), never re-signing a move of the link.
    At most one more than the game's moves (``sealed.remember_shown``), newest kept."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"keys": {str(k): v for k, v in self.keys.items()}, "host": self.host,
                               "transcript": self.transcript}
        if self.known is not None:
            out["known"] = self.known
        if self.taken_back:
            out["taken_back"] = [[index, segment] for index, segment in self.taken_back]
        return out

    @classmethod
    def from_json(cls, data: Any) -> "SealState":
        """The seal a save holds; one marked ``damaged`` when it cannot be read (the game
        stays sealed: it is never played on unsigned)."""
        try:
            keys = {int(k): v for k, v in data["keys"].items()}
            host, transcript, known = data["host"], data["transcript"], data.get("known")
            taken = data.get("taken_back", [])
            if not (all(0 <= k < 99 and isinstance(v, str) and _SECRET_RE.fullmatch(v) for k, v in keys.items())
                    and type(host) is int and 0 <= host < 99 and isinstance(transcript, list)
                    and all(isinstance(segment, dict) for segment in transcript)
                    and (known is None or _known_ok(known))
                    and isinstance(taken, list) and all(isinstance(item, list) and len(item) == 2
                                                        and type(item[0]) is int and item[0] >= 0
                                                        and isinstance(item[1], dict) for item in taken)):
                raise ValueError("not a seal")
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls({}, 0, [], None, damaged=True)
        return cls(keys, host, transcript, known, taken_back=[(index, segment) for index, segment in taken])


def _known_ok(known: Any) -> bool:
    """Whether ``known`` has the shape ``SealState.known`` stores."""
    return (isinstance(known, dict) and isinstance(known.get("head"), str) and type(known.get("segments")) is int
            and isinstance(known.get("keys"), dict)
            and all(isinstance(k, str) and k.isdigit() and isinstance(v, str) and _PUBLIC_RE.fullmatch(v)
                    for k, v in known["keys"].items()))


@dataclass
class MoveLink:
    """A move link read: the game's id, the seat it is for, and the game."""

    gid: str
    seat: int
    record: GameRecord


def text_crc(head: str, payload: str) -> str:
    """The checksum of a move link's header: the CRC-32 of its text (``head``:
    ``<gid>.<seat>.<moves>``, then the payload), in upper case, so it is checked before the
    payload is decoded and a link whose seat (or game) was changed by hand is refused as damaged."""
    return f"{zlib.crc32(f'{head}.{payload}'.encode()) & 0xFFFFFFFF:08X}"


def _stamp_crc(gid: str, seat: int, record: GameRecord) -> str:
    """The checksum of a move link made before issue 38: over the game's id, the seat and
    the record's stamp, in lower case (only checked once the record is read)."""
    text = f"{gid}.{seat}.{stamp(record.model_dump(mode='json'))}"
    return f"{zlib.crc32(text.encode()) & 0xFFFFFFFF:08x}"


def move_fragment(record: GameRecord, gid: str, seat: int) -> str:
    """The URL fragment of the move link that hands ``record`` to ``seat``."""
    head, payload = f"{gid}.{seat}.{len(record.actions)}", encode_record(record)
    return f"#{MODE}={head}.{text_crc(head, payload)}.{payload}"


def move_link(base_url: str, record: GameRecord, gid: str, seat: int) -> str:
    return base_url.split("#", 1)[0] + move_fragment(record, gid, seat)


SEALED_VERSION = "t3"
"""The payload of a sealed move link starts with ``t3.`` (``sealed``): a page from before
sealed links reads it as a link of a newer Tavolo (``links.decode_payload``) and says so."""
EVERY_SEAT = 99
"""The seat of a sealed move link sent to every player (at the end of a game)."""


REVEALED_VERSION = "t4"
"""The payload of a sealed move link whose public draws are dealt by commit and reveal
(``revealed``) starts with ``t4.``."""


def link_version(fragment: Any) -> str | None:
    """The payload version of a sealed move link (``SEALED_VERSION`` or ``REVEALED_VERSION``),
    else None."""
    if not is_move_fragment(fragment):
        return None
    parts = fragment.lstrip("#")[len(MODE) + 1:].split(".", 5)
    return parts[4] if len(parts) == 6 and parts[4] in (SEALED_VERSION, REVEALED_VERSION) else None


def is_sealed_fragment(fragment: Any) -> bool:
    """Whether a move link is a sealed one (``sealed.parse_sealed`` reads a ``t3`` one,
    ``revealed.parse_revealed`` a ``t4`` one)."""
    return link_version(fragment) is not None


def sealed_link_game(fragment: str) -> str:
    """The game of a sealed move link's record (``is_sealed_fragment``), read without the
    seals' library, which is loaded only when a game at a distance is opened: so the page
    can load the game's wheel first (``open_links.game_of_fragment``). Its seals are not
    read, nor checked: ``sealed.parse_sealed`` and ``sealed.open_link`` do that. Raises
    ``LinkError`` (or ``ValueError``) when the link cannot be read."""
    parts = fragment.lstrip("#")[len(MODE) + 1:].split(".", 6)
    size, rest = int(parts[5]), parts[6]
    if not 0 <= size < len(rest) or rest[size] != ".":
        raise ValueError("a sealed link's seals are cut")
    return decode_payload(rest[size + 1:]).game


def is_move_fragment(fragment: Any) -> bool:
    """Whether a URL fragment is a move link (what ``parse_move`` reads)."""
    return isinstance(fragment, str) and fragment.lstrip("#").startswith(MODE + "=")


def parse_move(fragment: str) -> MoveLink:
    """The move link in a URL fragment; ``LinkError`` saying what is wrong with it. What the
    header alone shows is checked before the payload is decoded: its form, a number of moves
    no game has, and (links made since issue 38) the checksum of the link's text."""
    body = fragment.lstrip("#")[len(MODE) + 1:]
    parts = body.split(".", 4)
    if len(parts) < 5:
        raise LinkError(T("This link is incomplete: it was cut off. Copy the whole link and try again."),
                        T("A move link has five parts before its data; this one has {n}.", n=len(parts)))
    gid, seat_text, moves_text, crc, payload = parts
    if not (GID_RE.fullmatch(gid) and re.fullmatch(r"[0-9]{1,2}", seat_text) and re.fullmatch(r"[0-9]{1,8}", moves_text)
            and re.fullmatch(r"[0-9A-F]{8}|[0-9a-f]{8}", crc)):
        raise LinkError(T("This link is damaged: its header was changed."), T("The header reads {header}.", header=repr(body[:60])))
    seat, moves = int(seat_text), int(moves_text)
    if moves > MAX_MOVES:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=too_many("actions", moves)),
                        T("The header says {n} moves.", n=moves))
    on_text = text_crc(f"{gid}.{seat_text}.{moves_text}", payload) == crc
    if not on_text and not crc.islower() and not crc.isdigit():  # upper case: a link since issue 38
        raise changed_link()
    record = decode_payload(payload)
    if moves != len(record.actions) or not (on_text or _stamp_crc(gid, seat, record) == crc):
        raise changed_link()
    if not 0 <= seat < record.players or record.seats[seat].kind != "human":
        raise LinkError(T("This link is damaged: its header was changed."),
                        T("The link is for {player}, who is not a person.", player=player(seat)))
    return MoveLink(gid, seat, record)


def changed_link() -> LinkError:
    """The error of a move link whose checksum does not match its text: changed by hand."""
    return LinkError(T("This link is damaged: its checksum does not match, so it was changed "
                       "after it was made. Ask for the link again."),
                     T("The checksum in the header does not match the link’s text (its header and the game’s data)."))


def common_moves(a: GameRecord, b: GameRecord) -> int:
    """How many moves two records of one game share from the start."""
    n = 0
    for x, y in zip(a.actions, b.actions):
        if x != y:
            break
        n += 1
    return n


def _prefix(short: list, long: list) -> bool:
    return len(short) <= len(long) and long[:len(short)] == short


def relate(here: GameRecord, link: GameRecord) -> str:
    """How a link's game relates to this device's copy of it: ``SAME``, ``NEWER`` (the link
    played on from this device's position), ``OLDER``, ``FORKED``, ``REDEALT`` or ``OTHER``.
    Moves and draws both count: the same moves with other draws are two games (a position
    dealt twice).

    Forks count too, and must be exactly this device's (else ``REDEALT``, which the page
    refuses as it refuses ``OTHER``). A fork deals again, from a seed its writer picks, what
    its seat had not seen, so a fork added to a link changes the game under the receiver:

    - at a position this device already has, it changes what this device has shown (Bea's own
      hand and the characters offered to her, when the fork is Ada's), or lets the sender pick
      the seed until his own hand suits him: a different game, never the same one;
    - past this device's moves, it would be legitimate only if the page made such forks in a
      game at a distance, and it never does (the review's "Play from here" makes a new game of
      this device only, under no game id), while the seat it names could still re-deal a hand
      this device's player has already seen.

    So a link can never add, drop or change a fork. A device that has no copy of the game (its
    first link) has shown nothing of it, and takes the link's forks as the game's."""
    if any(getattr(here, k) != getattr(link, k) for k in _SETUP):
        return OTHER
    if here.forks != link.forks:
        return REDEALT
    if here.actions == link.actions and here.chance == link.chance:
        return SAME
    if _prefix(here.actions, link.actions) and _prefix(here.chance, link.chance):
        return NEWER
    if _prefix(link.actions, here.actions) and _prefix(link.chance, here.chance):
        return OLDER
    return FORKED


REFUSED = {OTHER: T("This link names a game of this device but holds other players or options: "
                    "it was changed. Your game is kept as it is."),
           REDEALT: T("This link names a game of this device, but with hands or decks in it dealt again: "
                      "it was changed. Your game is kept as it is.")}
"""Why a move link of a game this device has is refused, by how it relates (``relate``)."""
NOT_SEALED_LINK = T("This link is not sealed, but your game is: its moves are not signed, so it cannot go on "
                    "it. Ask for the link again. Your game is kept as it is.")
SEALED_LINK_OLD_GAME = T("This link is sealed, but your copy of this game is not (it was made without seals): "
                         "it cannot go on with this link. Your game is kept as it is.")
"""Why a sealed move link is refused on a game this device keeps unsealed (made before sealed
links, or while their library could not load): such a game's links are never sealed."""
"""Why a move link without seals (``#move=`` with a ``t2`` payload) is refused on a sealed game:
a sealed game never goes on with moves nobody signed (the seals may have been taken out)."""
REVEALED_LINK_OLD_GAME = T("This link fixes its draws by every seat's commitments, but your copy of this game does "
                           "not (it was made before them): it cannot go on with this link. Your game is kept as it is.")
"""Why a ``t4`` link is refused on a game this device keeps as ``t3`` or unsealed."""
OLD_LINK_REVEALED_GAME = T("This link's draws are not fixed by the seats' commitments, but your game's are: it cannot "
                           "go on with this link. Ask for the link again. Your game is kept as it is.")
"""Why a ``t3`` link is refused on a game dealt by commit and reveal (``t4``)."""


def lap_next(players: int, kinds: list[str], seal: SealState) -> int:
    """During the set-up lap of a game dealt by commit and reveal, the seat whose device the
    lap's link goes to once this device has committed its seats (those it holds keys of):
    the first person who has not committed yet, else the creator, who deals the set-up
    (as ``revealed.route`` says once the commitments are signed)."""
    committed = {segment.get("seat") for segment in seal.transcript[:players]} | set(seal.keys)
    for seat in range(players):
        if seat not in committed:
            return seat if kinds[seat] == "human" else seal.host
    return seal.host


def lap_waits_for(players: int, kinds: list[str], seal: SealState) -> int | None:
    """The person a game in its set-up lap waits for, as this device stored it: the first
    who has not joined (committed), else the creator, who deals; None when the lap is over."""
    if len(seal.transcript) > players:
        return None
    committed = {segment.get("seat") for segment in seal.transcript[:players]}
    missing = [seat for seat in range(players) if seat not in committed]
    if not missing:
        return seal.host
    return missing[0] if kinds[missing[0]] == "human" else seal.host


def lap_to_join(players: int, kinds: list[str], seal: SealState) -> list[int]:
    """During the set-up lap, the people (human seats) this device has not seen join yet, in
    the order the lap's link goes to them: the creator's device, once its link has left,
    waits for the link to come back through each of them."""
    committed = {segment.get("seat") for segment in seal.transcript[:players]}
    return [seat for seat in range(players) if seat not in committed and kinds[seat] == "human"]


def lap_status(players: int, kinds: list[str], seal: SealState, mine: list[int], name: Callable[[int], str],
               names: Callable[[list[int]], Text | str], row: bool = False) -> Text | None:
    """What a game in its set-up lap waits for, as this device stored it (``seal``; ``mine``:
    its seats; ``name(seat)`` and ``names(seats)`` write seats for a sentence), in the same
    words on the table's status line and in the home screen's row (``row``): before this
    device has joined (its commitments not yet in a link that left), the next person to
    join on the creator's device, else that this device is to join (``row``: by opening the
    game); once joined, the creator who deals, or every person still to join (the creator
    waits for the link to come back through each: "Bea and Carlo still to join"), or on a
    friend's device the next one to join. None when the lap is over."""
    if len(seal.transcript) > players:
        return None
    committed = {segment.get("seat") for segment in seal.transcript[:players]}
    if not set(mine) <= committed:  # this device has not sent its commitments yet
        if seal.host in mine:
            return T("Waiting for {name} to join", name=name(lap_next(players, kinds, seal)))
        return (T("To join the game, open it and send the link it gives") if row else
                T("To join the game, send the link below"))
    waits = lap_waits_for(players, kinds, seal)
    if waits is None or waits == seal.host:
        return T("Joined: waiting for {name} to deal the set-up", name=name(seal.host))
    if seal.host in mine:  # the creator: the link comes back through each who is still to join
        still = lap_to_join(players, kinds, seal)
        if len(still) > 1:
            return T("Waiting for the link to come back: {names} still to join", names=names(still))
    return T("Waiting for {name} to join", name=name(waits))


# ---- the end of a game: the whole game verified (``audit``) ------------------------------
VERIFIED = "verified"
"""``Audit.outcome`` of a game dealt by commit and reveal (``t4``) that checks whole."""
SIGNED = "signed"
"""``Audit.outcome`` of a ``t3`` game whose signatures check (its draws cannot be checked)."""
FAILED = "failed"
"""``Audit.outcome`` of a sealed game that does not check (``Audit.seat``, ``Audit.move``)."""
NOT_VERIFIABLE = "not_verifiable"
"""``Audit.outcome`` of a game made before sealed links: nothing in its links can be checked."""


@dataclass(frozen=True)
class Audit:
    """What the end-of-game audit of a game at a distance found (``audit.audit``).

    ``outcome``: ``VERIFIED``, ``SIGNED``, ``FAILED`` or ``NOT_VERIFIABLE``. For ``FAILED``,
    the first check that does not hold: ``seat`` (None when no seat is concerned), ``move``
    (its index in the record's moves, as ``seal.SealError.move``; None when the transcript
    as a whole is refused), ``reason`` (the check's own words, seats written as
    ``i18n.player``), and ``first_mover`` (the seat of the game's first move: a failure at
    move 0 of another seat is in its part of the set-up). For ``VERIFIED``, ``private``: how
    many draws only their drawer saw, dealt by that drawer's device with no commitment;
    ``dealt``: a ``t5`` game whose cards were dealt by mental poker, its deal checked too
    (every shuffle, lock and key with the secrets the seats revealed at the end, and every
    card played the one dealt: ``dealt_audit``)."""

    outcome: str
    seat: int | None = None
    move: int | None = None
    reason: Text | str | None = None
    first_mover: int | None = None
    private: int = 0
    dealt: bool = False

    @property
    def in_set_up(self) -> bool:
        """Whether the failure is in the seat's part of the set-up (the lap, the deal), not a move."""
        return self.move == 0 and self.seat is not None and self.first_mover != self.seat


AUDITING = T("Checking every move and draw of the game…")
"""The end screen's line while the device verifies the whole game (``audit``)."""


def end_words(audit: Audit | None, game: str, title: str) -> tuple[Text, Text | None, Text | None]:
    """The end screen's words on the whole game verified (``audit``; None: not done yet):
    its line, the line on what that does not protect (None: nothing more to say), and the
    rest behind "Read more" (``privacy_more``, in the words of ``game``; ``title``: its name
    as shown). A failure names the seat as ``i18n.player`` does (the page puts its name in).
    The words never claim more than was checked: the hidden cards that a ``t4`` link still
    shows, and the draws only their drawer sees, are said not to be checked. A ``t5`` game
    (``Audit.dealt``) says its deal was checked too, with no "Read more" (``privacy_more``
    describes the links that still show the hidden cards)."""
    if audit is None:
        return AUDITING, None, None
    if audit.outcome == NOT_VERIFIABLE:
        return T("Not verifiable: this game was started before moves were signed, so nothing in its links can be "
                 "checked."), None, None
    if audit.outcome == FAILED:
        reason = audit.reason if audit.reason is not None else ""
        if audit.seat is None or audit.move is None:
            return T("Not verified: {reason}", reason=reason), None, None
        if audit.in_set_up:
            return T("Not verified: {name}’s part in the set-up does not check. {reason}",
                     name=player(audit.seat), reason=reason), None, None
        return T("Not verified: {name}’s move {n} does not check. {reason}", name=player(audit.seat),
                 n=audit.move + 1, reason=reason), None, None
    if audit.outcome == SIGNED:
        return T("Moves verified: every move was signed on its player’s device. The draws were made by each "
                 "player’s own device and cannot be checked: this game was started before draws were fixed by "
                 "all players."), None, None
    hidden = audit.private > 0 or NOT_YET_PROTECTED.get(game, HIDDEN_CARDS) is not None
    if audit.dealt:
        line = T("Verified: every move was signed on its player’s device, every draw that all players see follows "
                 "from secret values that all players committed to before the game began, and every card dealt "
                 "was checked against every player’s shuffle with the secrets they revealed at the end.")
        unprotected = T("Not protected: a page altered to read its own device’s memory can foresee (not choose) "
                        "the draws of its player’s turn, and all the other players can act together against one.")
        return line, unprotected, None   # ``privacy_more`` speaks of the links before the deal: nothing to add
    if hidden:
        line = T("Verified: every move was signed on its player’s device, and every draw that all players see "
                 "follows from secret values that all players committed to before the game began.")
        unprotected = T("Not checked: the cards dealt into a hand, drawn by one device on its own, and the hidden "
                        "cards, which a link still shows to anyone who decodes it by hand.")
    else:
        line = T("Verified: every move was signed on its player’s device, and every draw follows from secret "
                 "values that all players committed to before the game began.")
        unprotected = T("Not protected: a page altered to read its own device’s memory can foresee (not choose) "
                        "the draws of its player’s turn, and all the other players can act together against one.")
    return line, unprotected, privacy_more(game, title)


def bots_host(info: Distance) -> int | None:
    """The seat of the person whose device plays the bots of game ``info`` when it is not this
    device: a sealed game's bots sit at its creator's device, which holds their keys
    (``SealState.host``); None when they move here (this device created the game, or the game
    is not sealed: any device plays a bot that it reaches)."""
    if info.seal is None or info.seal.host in info.mine:
        return None
    return info.seal.host


def waits_for(info: Distance, kinds: list[str]) -> int | None:
    """The friend whose device a saved game at a distance waits for (``kinds``: each seat's
    kind), from its stored turn: a person at another device, or at a bot's turn the person
    whose device plays the bots (``bots_host``) when it is not this one; else None."""
    turn = info.turn
    if not 0 <= turn < len(kinds):
        return None
    if kinds[turn] != "human":
        return bots_host(info)
    return None if turn in info.mine else turn


def set_up_to_send(players: int, seal: SealState | None, dealt: bool) -> bool:
    """Whether the next link of a game dealt by commit and reveal carries its set-up: the
    set-up is dealt on this device (``dealt``: the creator's, once the lap came back) and
    not sealed yet (its deal segment is sealed when the link leaves, ``revealed.page_link``)."""
    return dealt and seal is not None and not seal.damaged and len(seal.transcript) == players


def link_carries(kinds: list[str], actors: list[int | None], floor: int, set_up: bool,
                 name: Callable[[int], str]) -> Text | None:
    """What a move link made now brings its receiver beyond this device's person's move, for
    the send box: "the set-up and Bot Carlo’s move" when the link carries the set-up
    (``set_up_to_send``) or a bot's moves (a sealed game's bots move on their host's device,
    before its person or instead of him: a bot that moves first). The moves are those since
    ``floor`` (``actors``: the seat of each move; ``name(seat)``: how a seat is written), in
    the order they were played. None when it brings nothing but the person's move (or no
    move): the send box says "with your move"."""
    parts: list[Text] = [T("the set-up")] if set_up else []
    bots: list[int] = []
    person = False
    for seat in actors[floor:]:
        if seat is None or not 0 <= seat < len(kinds):
            continue
        if kinds[seat] == "human" and not person:
            person = True
            parts.append(T("your move"))
        elif kinds[seat] != "human" and seat not in bots:
            bots.append(seat)
            parts.append(T("{name}’s move", name=name(seat)))
    if not set_up and not bots:
        return None
    if len(parts) == 1:
        return parts[0]
    listed = parts[0]
    for part in parts[1:-1]:
        listed = T("{first}, {more}", first=listed, more=part)
    return T("{first} and {last}", first=listed, last=parts[-1])


def and_names(names: list[str]) -> Text | str:
    """Names joined for a sentence: "Anna", "Anna and Ben", "Anna, Ben and Carla"."""
    if len(names) < 2:
        return "".join(names)
    return T("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def invitation(game_title: str, names: list[str]) -> Text:
    """The message sent with a move link, for its receiver: "Your turn in Citadels with
    Anna and Bea" (``names``: every player's, as the page writes them)."""
    if not names:
        return T("Your turn in {game}", game=game_title)
    together = and_names(names)
    return T("Your turn in {game} with {names}", game=game_title, names=together)


LAP_NOTHING_YET = T("Nothing to review or copy yet: the game starts once everyone has joined and the set-up is dealt.")
"""Said when Review or Save copy is pressed during the set-up lap: nothing is dealt, so there is
no table to replay or copy (a replay would deal a set-up of its own, not the game's)."""

PRIVACY = T("A game at a distance: first send the link the table gives, for your friends to join; once the game "
            "is set up, after each of your turns send the move link to the friend whose turn it is (by message or "
            "mail).")
"""How a game at a distance is played: said once, when one is created, short enough for a phone's
screen; what a link holds is behind "Read more" (``privacy_more``)."""
PRIVACY_PROTECTED = T("Protected: every move is signed on its player's device, so nobody can play for another seat "
                      "or change a move already made; if someone answers the same link twice in two different ways, "
                      "the page shows it. Public draws are fixed by every seat's commitments, made before the game "
                      "began: nobody can choose or draw them again.")
"""The first paragraph of ``privacy_more``: what every sealed game's links protect."""
NOT_YET_PROTECTED: dict[str, Text | None] = {
    "citadels": T("Not yet protected: the starting hands are dealt by the creator's device from its own draws; a "
                  "link holds the whole game, so someone who decodes it by hand can see the other seats' district "
                  "cards and chosen characters, and the character set aside face down; and a district card drawn "
                  "into a hand is still drawn by the device of whoever draws it, which could be altered to choose "
                  "it.\nOn this page, nobody sees another seat's cards or chosen character."),
    "euphoria": T("Not yet protected: the starting recruits and dilemma cards are dealt by the creator's device from "
                  "its own draws; a link holds the whole game, so someone who decodes it by hand can see the other "
                  "seats' hidden recruits, artifact cards and dilemma cards, and the market tiles still face down; "
                  "and an artifact card drawn into a hand is still drawn by the device of whoever draws it, which "
                  "could be altered to choose it.\nOn this page, nobody sees another seat's hidden recruits or "
                  "cards."),
    "spyrium": None,
    "myraclia": None,
}
"""The rest of ``privacy_more`` for each game, in its own words: what a link does not
protect yet, and what the page never shows. None: a game with nothing hidden (every draw
face up), whose links hide nothing (``privacy_more`` says so). A game not listed gets
``HIDDEN_CARDS``."""
HIDDEN_CARDS = T("Not yet protected: the hidden starting hands are dealt by the creator's device from its own draws; "
                 "a link holds the whole game, so someone who decodes it by hand can see the other seats' hidden "
                 "cards; and a card drawn into a hand is still drawn by the device of whoever draws it, which could "
                 "be altered to choose it.\nOn this page, nobody sees another seat's hidden cards.")
"""``NOT_YET_PROTECTED`` of a game not listed there."""


def privacy_more(game: str, title: str) -> Text:
    """What a sealed game's move links protect and what they do not yet, in the words of
    ``game`` (its id; ``title``: its name as shown): ``PRIVACY``'s "Read more", shown when a
    sealed game at a distance is created (issue 39's later stages take the hidden cards out
    of the links and fix the draws by every seat). A game with nothing hidden says so."""
    rest = NOT_YET_PROTECTED.get(game, HIDDEN_CARDS)
    if rest is None:
        rest = T("Nothing is hidden in {game}: every draw is made face up, so a link shows nothing that a player "
                 "may not see.", game=title)
    return T("{protected}\n{rest}", protected=PRIVACY_PROTECTED, rest=rest)


# ---- who is at this device ------------------------------------------------------------------
def inviter(actors: list[int | None], kinds: list[str], seat: int) -> int | None:
    """Who sent a first move link to ``seat``: the last person (a human seat other than
    ``seat``) who moved in the game (``actors``: the seat of each move); before anyone has,
    the only other person, if there is one; else None."""
    for actor in reversed(actors):
        if actor is not None and actor != seat and 0 <= actor < len(kinds) and kinds[actor] == "human":
            return actor
    others = [i for i, kind in enumerate(kinds) if kind == "human" and i != seat]
    return others[0] if len(others) == 1 else None


def _person(name: str) -> str:
    return " ".join(name.split()).casefold()


def people_here(games: list[tuple[list[str], list[int]]]) -> set[str]:
    """The people who play on this device, from its games at a distance (each: every seat's
    name, the seats played here): their names, written alike ("Ada" and " ada" are one)."""
    return {_person(names[i]) for names, mine in games for i in mine if 0 <= i < len(names)}


def needs_handoff(mine: list[int], seat: int, names: list[str], people: set[str]) -> bool:
    """Whether a move link for ``seat`` of a game this device has (``mine``: its seats here)
    opens behind the hand-off ("I am Bea: show my table"). Not when this device plays only
    that seat in the game and no one else has a seat on it (``people``: ``people_here``): it
    is that person's own device. Kept where the device holds more than one person's seats
    (two people share it), or a seat it has never played (a first link: ``first_move``)."""
    if mine != [seat] or not 0 <= seat < len(names):
        return True
    return people != {_person(names[seat])}


# ---- two continuations of one position ------------------------------------------------------
NAME_MAX = 80
"""A save's name is cut there (``Saves.put``): ``aside_name`` fits in it."""


def aside_name(title: str, names: list[str], from_link: bool, at: int, lang: str) -> str:
    """The name of a continuation not kept, which says which one it is: "Citadels with Ada,
    Bea, Bot Carlo · the link’s version, not kept, from move 61" (``from_link``: the link's,
    else "the version here", this device's; ``at``: the moves the two share). The players
    are shortened ("…") so the whole name fits in ``NAME_MAX`` characters."""
    def named(players: str) -> str:
        if from_link:
            text = T("{game} with {names} · the link’s version, not kept, from move {n}",
                     game=title, names=players, n=at + 1)
        else:
            text = T("{game} with {names} · the version here, not kept, from move {n}",
                     game=title, names=players, n=at + 1)
        return text.render(lang)

    players = ", ".join(names)
    room = NAME_MAX - len(named(""))
    if len(players) > room:
        players = players[:max(room - 1, 0)].rstrip(", ") + "…"
    return named(players)[:NAME_MAX]


def parted_by(here: list[int | None], there: list[int | None], at: int) -> int | None:
    """The seat whose move made two continuations part (``here``, ``there``: the seat of each
    move on each side; ``at``: the moves they share): the seat to move at the parting point;
    None when one side has no move after it (only the draws differ)."""
    if at < len(here) and at < len(there):
        return here[at]
    return None


def fork_cause(seat: int | None, kinds: list[str], mine: list[int], name: str) -> Text:
    """Why the game went on in two ways, in a sentence naming who (``seat``: ``parted_by``;
    ``name``: its name as shown): a friend answered the same link twice, this device's
    player played the position again (a move taken back here after its link had left), or
    the draws differed (a bot, or no move: bots choose alike in the same position)."""
    if seat is None or not 0 <= seat < len(kinds) or kinds[seat] != "human":
        return T("The cards or dice drawn differ, so the moves after them differ too.")
    if seat in mine:
        return T("{name} played this position twice, differently: once on this device and once in the link "
                 "(a move taken back after its link had left, or played on another device).", name=name)
    return T("{name} answered the same link twice, in two different ways.", name=name)


def movers(actors: list[int | None], at: int) -> list[int]:
    """The seats that moved after the first ``at`` moves, in the order they first did."""
    out: list[int] = []
    for seat in actors[at:]:
        if seat is not None and seat not in out:
            out.append(seat)
    return out


def seen_moves(session: Session, first: int, seat: int | None) -> list[str]:
    """The log lines of ``session``'s moves after the first ``first``, in its language, as
    ``seat`` saw them (None: the public lines only). The log hides a hidden choice ("Ada
    chooses a character"); a move of ``seat`` whose public line stands for other choices too
    gets its own choice added, in the words of its button, which only that seat saw ("Ada
    chooses a character (your choice: Keep the King)"). Never another seat's."""
    lines = [session.show(text) for _seat, text, _events in session.lines[first:]]
    if seat is None or seat not in session.actors[first:]:
        return lines
    game = session.game
    try:
        state = start(game, session.record)
        for p in positions(game, session.record, state, upto=first):  # the moves before: no copies
            state = p.after
        for p in positions(game, session.record, state, first=first, before=True):
            if p.seat != seat:
                continue
            public = render(game.log_text(p.before, p.action), "en")
            label = game.action_label(p.before, p.action, session.lang)
            if any(render(game.log_text(p.before, other), "en") == public
                   and game.action_label(p.before, other, session.lang) != label
                   for other in game.legal_actions(p.before)):
                lines[p.index - first] = session.show(T("{line} (your choice: {choice})",
                                                        line=session.lines[p.index][1], choice=label))
    except Exception:  # words only: a game's bug leaves the public lines
        return [session.show(text) for _seat, text, _events in session.lines[first:]]
    return lines
