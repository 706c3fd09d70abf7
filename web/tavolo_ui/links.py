"""Share links: the whole game record in the URL fragment (never sent to any server).

    https://host/path/#play=t1.<n>.<crc>.<data>     open the game at its position
    https://host/path/#watch=t1.<n>.<crc>.<data>    replay it move by move

``data`` is base64url (no padding) of the zlib-compressed compact JSON record, ``n`` its
length in characters and ``crc`` the CRC-32 (8 hex digits) of the compressed bytes. The
length and checksum come first, so a link cut short or changed by hand is detected and
reported instead of loading something else.

A link is data from outside: its length is capped before anything is decoded
(``MAX_LINK_CHARS``), it is unpacked with a cap on the result (``engines.core.inbound``), and
the record inside goes through ``parse_record``'s checks. Whatever is wrong with a link,
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
from engines.core.i18n import texts
from engines.core.inbound import InputError, inflate
from engines.core.record import GameRecord

VERSION = "t1"
MODES = ("play", "watch")
MAX_LINK_CHARS = 2_000_000
"""Longest link payload read (browsers keep URLs up to about 2 MB); longer ones are refused
before they are decoded."""


T = texts("ui")


class LinkError(InputError):
    """A share link that cannot be opened; the message is for a person, ``detail`` technical."""


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
    """The record a link's payload (``t1.<n>.<crc>.<data>``) holds; ``LinkError`` if none."""
    if not isinstance(payload, str):
        raise LinkError(T("This is not a Tavolo game link."), f"payload of type {type(payload).__name__}")
    if len(payload) > MAX_LINK_CHARS:
        raise LinkError(T("This link is too long to be a Tavolo game."),
                        f"{len(payload)} characters (the limit is {MAX_LINK_CHARS})")
    parts = payload.strip().split(".", 3)
    if not parts or parts[0] != VERSION:
        if parts and parts[0].startswith("t") and parts[0][1:].isdigit() and len(parts[0]) < 8:
            raise LinkError(T("This link was made by a newer version of Tavolo (link format {format}); "
                              "this version cannot open it.", format=parts[0]))
        raise LinkError(T("This is not a Tavolo game link."), f"it does not start with '{VERSION}.'")
    if len(parts) < 4:
        raise LinkError(T("This link is incomplete: it was cut off. Copy the whole link and try again."))
    _, n_text, crc_text, b64 = parts
    if not (n_text.isdigit() and len(n_text) <= 8 and len(crc_text) == 8
            and all(c in "0123456789abcdefABCDEF" for c in crc_text)):
        raise LinkError(T("This link is damaged: its header was changed."), f"header {n_text[:12]!r}.{crc_text[:12]!r}")
    n, crc = int(n_text), int(crc_text, 16)
    if len(b64) < n:
        raise LinkError(T("This link is incomplete: it was cut off ({have} of {n} characters). "
                          "Copy the whole link and try again.", have=len(b64), n=n))
    if len(b64) > n:
        raise LinkError(T("This link is damaged: it is longer than it should be."),
                        f"{len(b64)} characters of data, the header says {n}")
    try:
        comp = base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
    except (binascii.Error, ValueError) as exc:
        raise LinkError(T("This link is damaged: it contains characters that do not belong there."), str(exc)) from None
    if base64.urlsafe_b64encode(comp).decode().rstrip("=") != b64:  # unused low bits set: changed by hand
        raise LinkError(T("This link is damaged: it contains characters that do not belong there."),
                        "the base64 data is not in its canonical form")
    if zlib.crc32(comp) & 0xFFFFFFFF != crc:
        raise LinkError(T("This link is damaged: its checksum does not match, so it was changed "
                          "after it was made. Ask for the link again."))
    try:
        raw = inflate(comp)
    except InputError as exc:
        raise LinkError(T("This link cannot be opened: {reason}", reason=LowerFirst(exc.reason)), exc.detail) from None
    try:
        return parse_record(raw)
    except RecordError as exc:
        raise LinkError(T("This link holds a game Tavolo cannot open. {reason}", reason=exc.reason), exc.detail) from None


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
