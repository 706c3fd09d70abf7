"""Share links: the whole game record in the URL fragment (never sent to any server).

    https://host/path/#play=t1.<n>.<crc>.<data>     open the game at its position
    https://host/path/#watch=t1.<n>.<crc>.<data>    replay it move by move

``data`` is base64url (no padding) of the zlib-compressed compact JSON record, ``n`` its
length in characters and ``crc`` the CRC-32 (8 hex digits) of the compressed bytes. The
length and checksum come first, so a link cut short or changed by hand is detected and
reported instead of loading something else.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from engines import RecordError, parse_record
from engines.core.record import GameRecord

VERSION = "t1"
MODES = ("play", "watch")


class LinkError(ValueError):
    """A share link that cannot be opened; the message is for a person."""


def encode_record(record: GameRecord | dict) -> str:
    data = record.model_dump(mode="json") if isinstance(record, GameRecord) else record
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
    parts = payload.strip().split(".", 3)
    if not parts or parts[0] != VERSION:
        if parts and parts[0].startswith("t") and parts[0][1:].isdigit():
            raise LinkError(f"This link was made by a newer version of Tavolo (link format {parts[0]}); "
                            "this version cannot open it.")
        raise LinkError("This is not a Tavolo game link.")
    if len(parts) < 4:
        raise LinkError("This link is incomplete: it was cut off. Copy the whole link and try again.")
    _, n_text, crc_text, b64 = parts
    try:
        n = int(n_text)
        crc = int(crc_text, 16)
    except ValueError:
        raise LinkError("This link is damaged: its header was changed.") from None
    if len(b64) < n:
        raise LinkError(f"This link is incomplete: it was cut off ({len(b64)} of {n} characters). "
                        "Copy the whole link and try again.")
    if len(b64) > n:
        raise LinkError("This link is damaged: it is longer than it should be.")
    try:
        comp = base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("This link is damaged: it contains characters that do not belong there.") from None
    if zlib.crc32(comp) & 0xFFFFFFFF != crc:
        raise LinkError("This link is damaged: its checksum does not match, so it was changed "
                        "after it was made. Ask for the link again.")
    try:
        raw = zlib.decompress(comp)
    except zlib.error:
        raise LinkError("This link is damaged: its data cannot be unpacked.") from None
    try:
        return parse_record(raw.decode("utf-8"))
    except (RecordError, UnicodeDecodeError) as exc:
        raise LinkError(f"This link does not hold a game Tavolo can read: {exc}") from None


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
