"""Share links: the whole game record in the URL fragment (never sent to any server).

    https://host/path/#play=t2.<n>.<crc>.<data>     open the game at its position
    https://host/path/#watch=t2.<n>.<crc>.<data>    replay it move by move

``data`` is base64url (no padding) of the zlib-compressed compact JSON record, ``n`` its
length in characters and ``crc`` the CRC-32 (8 hex digits) of the compressed bytes. The
length and checksum come first, so a link cut short or changed by hand is detected and
reported instead of loading something else.

In a ``t2`` link the record's moves and draws are packed (``pack_items``): each distinct
shape of move (its type and its field names) is written once, each move as the number of
its shape and its values. A whole game then costs about a third fewer characters than the
same JSON written out, which matters since a record of the second format carries every
draw. ``t1`` links (the JSON written out) still open.

A link is data from outside: its length is capped before anything is decoded
(``MAX_LINK_CHARS``), it is unpacked with a cap on the result (``engines.core.inbound``) that
grows with the link (``inflate_cap``: no real record unpacks to more than about 26 times its
compressed size, where a "zip bomb" unpacks to a thousand times), its moves and draws are
counted before any is read (``MAX_MOVES``, ``MAX_DRAWS`` of ``engines.core.record``), and the
record inside goes through ``parse_record``'s checks. So a link's work is bounded by its
length and by the longest game, never by what it claims. Whatever is wrong with a link,
``decode_payload`` raises ``LinkError`` and nothing else.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from engines import RecordError, parse_record
from engines.core.errors import LowerFirst
from engines.core.i18n import Text, texts
from engines.core.inbound import MAX_INFLATED_BYTES, InputError, inflate, load_json
from engines.core.record import MAX_DRAWS, MAX_MOVES, GameRecord, too_many

VERSION = "t2"
VERSIONS = ("t1", "t2")
"""The link formats read: ``t1`` (the record's JSON as it is), ``t2`` (moves and draws packed)."""
PACKED = ("actions", "chance")
"""The fields of a record a ``t2`` link packs."""
MODES = ("play", "watch")
MAX_LINK_CHARS = 2_000_000
"""Longest link payload read (browsers keep URLs up to about 2 MB); longer ones are refused
before they are decoded."""
INFLATE_RATIO = 64
"""Most bytes a link's data may unpack to per compressed byte: about twice the most any real
record reaches (a ``t1`` link of a 161,865-move Euphoria of Random moves bots: 26.2; its ``t2``
link 12.7; whole games with Rules of thumb bots 3 to 6). A link of 5.5 KB that unpacks to
3.8 MB of moves (issue 38) stops at its first 265 KB."""
INFLATE_FLOOR = 65_536
"""A short link may always unpack to this many bytes (a new game's record is about 1 KB)."""
MOST = {"actions": MAX_MOVES, "chance": MAX_DRAWS}
"""Most rows of each packed field (``unpack_items``)."""


T = texts("ui")


def inflate_cap(compressed: int) -> int:
    """Most bytes ``compressed`` bytes of a link's data may unpack to (``INFLATE_RATIO``)."""
    return min(MAX_INFLATED_BYTES, max(INFLATE_FLOOR, INFLATE_RATIO * compressed))


class LinkError(InputError):
    """A share link that cannot be opened; the message is for a person, ``technical`` the
    technical reason behind the page's "Details" toggle (``InputError``: a ``Text`` of the
    catalogue, its fields the raw data, a count, the header as read; or raw data as it came,
    an exception's own text, which the page introduces with a translated label,
    ``words.Technical``), ``detail`` its English."""


def pack_items(items: list[dict[str, Any]]) -> dict[str, list]:
    """Moves (or draws) packed: ``{"k": shapes, "v": rows}``. A shape is ``[type, [field,
    ...]]`` (``type`` None for a move without a text ``type``; its fields are then all its
    keys); a row is ``[shape number, value, ...]``, the values in the shape's field order."""
    shapes: dict[tuple, int] = {}
    rows = []
    for item in items:
        kind = item.get("type")
        kind = kind if isinstance(kind, str) else None
        fields = tuple(k for k in item if kind is None or k != "type")
        number = shapes.setdefault((kind, fields), len(shapes))
        rows.append([number, *(item[k] for k in fields)])
    return {"k": [[kind, list(fields)] for kind, fields in shapes], "v": rows}


def unpack_items(packed: Any, field: str, most: int | None = None) -> list[dict[str, Any]]:
    """The moves (or draws) ``pack_items`` packed; ``LinkError`` naming ``field`` when the
    packing is not one ``pack_items`` could have written, or holds more than ``most`` rows (by
    default the record's cap for ``field``: ``MOST``), found before any row is read."""
    def damaged(detail: Text) -> LinkError:
        return LinkError(T("This link is damaged: its moves cannot be read."),
                         T("In the field {field} of the link: {problem}", field=field, problem=detail))

    if not isinstance(packed, dict) or set(packed) != {"k", "v"}:
        raise damaged(T("they are not packed as Tavolo packs them"))
    shapes, rows = packed["k"], packed["v"]
    if not isinstance(shapes, list) or not isinstance(rows, list):
        raise damaged(T("their shapes or rows are not lists"))
    most = MOST.get(field, MAX_MOVES) if most is None else most
    if len(rows) > most:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=too_many(field, len(rows))),
                        T("In the field {field} of the link: {n} rows (at most {most})", field=field, n=len(rows), most=most))
    if len(shapes) > len(rows):  # pack_items writes a shape only for a row of it
        raise damaged(T("{shapes} shapes for {rows} rows", shapes=len(shapes), rows=len(rows)))
    read: list[tuple[str | None, list[str]]] = []
    for shape in shapes:
        if not (isinstance(shape, list) and len(shape) == 2 and (shape[0] is None or isinstance(shape[0], str))
                and isinstance(shape[1], list) and all(isinstance(k, str) for k in shape[1])
                and len(set(shape[1])) == len(shape[1]) and (shape[0] is None or "type" not in shape[1])):
            raise damaged(T("shape {n} is not [type, [field, ...]]", n=len(read)))
        read.append((shape[0], shape[1]))
    items: list[dict[str, Any]] = []
    for row in rows:
        if not (isinstance(row, list) and row and type(row[0]) is int and 0 <= row[0] < len(read)):
            raise damaged(T("row {n} does not start with a shape's number", n=len(items)))
        kind, fields = read[row[0]]
        if len(row) != 1 + len(fields):
            raise damaged(T("row {n} has {values} values for {fields} fields", n=len(items), values=len(row) - 1, fields=len(fields)))
        item: dict[str, Any] = {} if kind is None else {"type": kind}
        item.update(zip(fields, row[1:]))
        items.append(item)
    return items


def encode_record(record: GameRecord | dict) -> str:
    data = dict(record.model_dump(mode="json") if isinstance(record, GameRecord) else record)
    for field in PACKED:
        if isinstance(data.get(field), list):
            data[field] = pack_items(data[field])
    raw = json.dumps(data, separators=(",", ":"), sort_keys=False).encode()
    comp = zlib.compress(raw, 9)
    b64 = base64.urlsafe_b64encode(comp).decode().rstrip("=")
    return f"{VERSION}.{len(b64)}.{zlib.crc32(comp) & 0xFFFFFFFF:08x}.{b64}"


def make_fragment(record: GameRecord | dict, mode: str = "play") -> str:
    if mode not in MODES:
        raise ValueError(f"unknown link mode {mode!r}")
    return f"#{mode}={encode_record(record)}"


def make_link(base_url: str, record: GameRecord | dict, mode: str = "play") -> str:
    return base_url.split("#", 1)[0] + make_fragment(record, mode)


def decode_payload(payload: str) -> GameRecord:
    """The record a link's payload (``t1.<n>.<crc>.<data>``) holds; ``LinkError`` if none."""
    if not isinstance(payload, str):
        raise LinkError(T("This is not a Tavolo game link."), T("The link's data is of type {type}.", type=type(payload).__name__))
    if len(payload) > MAX_LINK_CHARS:
        raise LinkError(T("This link is too long to be a Tavolo game."),
                        T("{n} characters (the limit is {most}).", n=len(payload), most=MAX_LINK_CHARS))
    parts = payload.strip().split(".", 3)
    if not parts or parts[0] not in VERSIONS:
        if parts and parts[0].startswith("t") and parts[0][1:].isdigit() and len(parts[0]) < 8:
            raise LinkError(T("This link was made by a newer version of Tavolo (link format {format}); "
                              "this version cannot open it.", format=parts[0]))
        raise LinkError(T("This is not a Tavolo game link."), T("It does not start with {start}.", start=f"'{VERSION}.'"))
    version = parts[0]
    if len(parts) < 4:
        raise LinkError(T("This link is incomplete: it was cut off. Copy the whole link and try again."))
    _, n_text, crc_text, b64 = parts
    if not (n_text.isdigit() and len(n_text) <= 8 and len(crc_text) == 8
            and all(c in "0123456789abcdefABCDEF" for c in crc_text)):
        raise LinkError(T("This link is damaged: its header was changed."), T("The header reads {header}.", header=f"{n_text[:12]!r}.{crc_text[:12]!r}"))
    n, crc = int(n_text), int(crc_text, 16)
    if len(b64) < n:
        raise LinkError(T("This link is incomplete: it was cut off ({have} of {n} characters). "
                          "Copy the whole link and try again.", have=len(b64), n=n))
    if len(b64) > n:
        raise LinkError(T("This link is damaged: it is longer than it should be."),
                        T("{have} characters of data; the header says {n}.", have=len(b64), n=n))
    try:
        comp = base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
    except (binascii.Error, ValueError) as exc:
        raise LinkError(T("This link is damaged: it contains characters that do not belong there."), str(exc)) from None
    if base64.urlsafe_b64encode(comp).decode().rstrip("=") != b64:  # unused low bits set: changed by hand
        raise LinkError(T("This link is damaged: it contains characters that do not belong there."),
                        T("The base64 data is not written as Tavolo writes it (bits that are not used are set)."))
    if zlib.crc32(comp) & 0xFFFFFFFF != crc:
        raise LinkError(T("This link is damaged: its checksum does not match, so it was changed "
                          "after it was made. Ask for the link again."))
    try:
        raw = inflate(comp, max_bytes=inflate_cap(len(comp)))
    except InputError as exc:
        raise LinkError(T("This link cannot be opened: {reason}", reason=LowerFirst(exc.reason)), exc.technical) from None
    if version != "t1":
        raw = unpack_record(raw)
    try:
        return parse_record(raw)
    except RecordError as exc:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=exc.reason), exc.technical) from None


def unpack_record(raw: bytes) -> Any:
    """The record of a ``t2`` link's JSON, its moves and draws unpacked; ``LinkError`` when
    the JSON cannot be read, or holds more moves or draws than any game (``unpack_items``).
    ``parse_record`` checks the record itself afterwards, walking every value once
    (``check_json_value``): here the JSON is only parsed (``load_json``), so a link's rows are
    counted before anything walks them."""
    try:
        data = load_json(raw)
    except InputError as exc:
        raise LinkError(T("This link cannot be opened: {reason}", reason=LowerFirst(exc.reason)), exc.technical) from None
    if not isinstance(data, dict):
        return data  # parse_record says what it is not
    for field in PACKED:
        if field in data:
            data[field] = unpack_items(data[field], field)
    return data


def parse_fragment(fragment: Any) -> tuple[str, GameRecord] | None:
    """(mode, record) for a share-link fragment; None when the fragment is not a link at all
    (empty, or some other anchor). ``LinkError`` when it is a link that cannot be opened."""
    if not isinstance(fragment, str):
        return None
    frag = fragment[1:] if fragment.startswith("#") else fragment
    if "=" not in frag:
        return None
    mode, payload = frag.split("=", 1)
    if mode not in MODES:
        return None
    return mode, decode_payload(payload)
