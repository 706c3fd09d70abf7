"""The gate for everything that comes from outside: links, imported files, stored saves, the CLI.

Data from outside can be anything a person (or a damaged disk) can produce, so before any of
it reaches a game it passes through these functions, which refuse, with ``InputError``:

- text longer than a cap, *before* it is parsed (``read_json``'s ``max_chars``);
- compressed data that would unpack past a cap, *while* it is unpacked (``inflate``), so a
  small link can never grow into gigabytes ("zip bomb");
- JSON nested deeper than ``MAX_DEPTH`` (a record is 4 or 5 levels deep), found *before* the
  text is parsed (``nesting_depth``): Python's JSON parser recurses once per level, and under
  Pyodide a text deep enough (about 100,000 levels: a 300-byte share link) exhausts the
  browser's stack before Python's recursion limit is reached, a fatal error of the whole
  runtime that no ``except`` can catch;
- the non-standard constants ``NaN``, ``Infinity`` and ``-Infinity`` and numbers that only
  fit as infinity (``1e999``), which Python's ``json`` accepts by default;
- integers with more digits than Python converts (``ValueError``).

Every failure is an ``InputError`` (a ``ValueError``): its ``str`` is one sentence for a
person, its ``technical`` the technical reason for the "Details" toggle (a ``Text`` with its
numbers, or a library's own words as they came; ``detail`` is its English). ``RecordError``
(records) and the page's ``LinkError`` and ``SaveError`` are ``InputError`` subclasses, so a
caller that shows a message needs to catch only ``InputError``.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from itertools import accumulate
from typing import Any

from .i18n import Text, render, texts

_T = texts("core")

MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted (a game record needs about 5)."""

MAX_JSON_CHARS = 4_000_000
"""Longest JSON text accepted from a file or a save (localStorage itself holds about 5 M)."""

MAX_INFLATED_BYTES = 4_000_000
"""Most bytes a share link may unpack to (a long game's record is a few hundred KB)."""


class InputError(ValueError):
    """Data from outside that cannot be used.

    ``reason`` is the message for a person as a ``Text`` (``engines.core.i18n``), shown in the
    person's language with ``exc.message(lang)``; ``str(exc)`` is the English.

    ``technical`` is the technical reason, shown behind a "Details" toggle in the person's
    language (empty when the message says it all): a ``Text`` of a catalogue, its fields the
    raw data (a count, a seat, a move), or raw data as it came (a ``str``: an exception's own
    text from a library), which the page shows after a label saying it is not translated
    (``tavolo_ui.words.Technical``). ``detail`` is its English, for the console, the command
    line and a save's note of trouble.
    """

    def __init__(self, message: "Text | str", detail: "Text | str" = ""):
        super().__init__(str(message))
        self.reason = message
        self.technical = detail
        self.detail = str(detail)

    def message(self, lang: str = "en") -> str:
        """The message in ``lang``."""
        return render(self.reason, lang)


def _technical_of(exc: ValueError) -> "Text | str":
    """The technical reason of a ``ValueError`` met while parsing: the ``Text`` it was raised
    with (``_refuse_constant``, ``_finite_float``), else its own text (the JSON parser's, raw)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Text) else str(exc)


def _refuse_constant(name: str) -> Any:
    raise ValueError(_T("the number {name} is not allowed", name=name))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_T("the number {number} is too large", number=text[:20]))
    return value


_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.S)
"""A JSON string from its opening quote to its closing one (an escape is a backslash and the
character after it), or to the end of the text when it is never closed. Once it has its
opening quote it always matches, and its quantifiers are possessive (Python 3.11+), so the
regex engine keeps no backtracking state: linear time and constant memory on any text (a
plain ``(?:a|b)*`` kept about 100 bytes an escape: 220 MB for a 4 MB text of escapes)."""
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deeply the lists and objects of JSON ``text`` nest, without parsing it and without
    recursion: exact for valid JSON, and for any text at least the depth Python's JSON parser
    reaches on it before it stops (so a result of at most ``MAX_DEPTH`` means the parser can
    never recurse deeper than that, whatever the text holds).

    Why that holds: the strings are cut out first (``_STRING``; or, in a text with no backslash
    before a quote, by splitting at the quotes, three times faster), then the brackets left
    are counted as steps up and down, and the result is the highest running count. Up to the point
    where the parser meets an error (and stops), the text is a valid beginning of JSON, so the
    quotes met outside strings are exactly the strings' openings, each string ends where the
    parser's ends, and the running count is exactly the parser's depth. Past that point the
    count may be anything, but the highest count so far stays. Brackets inside strings never
    count, whichever way they point (an earlier version took a first count of *every* bracket
    for an upper bound; closing brackets inside a string pulled it down, and a text nested
    100,000 deep passed as depth 1).

    Linear time, the scanning done by the regex engine and ``accumulate`` (C): about 0.2 s
    for 4 MB of brackets on CPython.
    """
    if '\\"' in text:  # an escaped quote somewhere: strings told apart by the regex
        outside = _STRING.sub("", text)
    else:  # every quote opens or closes a string: the text between them alternates, out and in
        outside = "".join(text.split('"')[::2])
    brackets = _NOT_A_BRACKET.sub("", outside)
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def read_json(data: str | bytes, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text from outside, with the checks of the module doc.

    ``bytes`` must be UTF-8. Raises ``InputError`` ("not valid JSON", "too large", "nested
    too deeply") and nothing else.
    """
    value = load_json(data, max_chars=max_chars, max_depth=max_depth)
    check_json_value(value, max_depth=max_depth)
    return value


def load_json(data: str | bytes, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``read_json`` without its last walk over every value parsed (``check_json_value``),
    for a caller that first looks at how many items the value holds (a record's moves: see
    ``engines.core.record.check_counts``) and walks it afterwards: what the text can hold is
    bounded by its size and depth, checked before it is parsed, and by the JSON parser itself
    (no other types, no non-finite number), so the walk only confirms it."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_chars * 4:  # cheap bound before decoding: UTF-8 is at most 4 bytes a char
            raise InputError(_T("The data is too large."), _T("{n} bytes (the limit is {most} characters)", n=len(data), most=max_chars))
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(_T("The data is not text."), _T("not UTF-8: {error}", error=str(exc))) from None
    if not isinstance(data, str):
        raise InputError(_T("The data is not text."), _T("got a value of type {type}", type=type(data).__name__))
    if len(data) > max_chars:
        raise InputError(_T("The data is too large."), _T("{n} characters (the limit is {most})", n=len(data), most=max_chars))
    depth = nesting_depth(data)
    if depth > max_depth:
        raise InputError(_T("The data is nested too deeply."), _T("more than {most} levels", most=max_depth))
    try:
        return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:  # not reachable after nesting_depth (a property test says so); kept anyway
        raise InputError(_T("The data is nested too deeply."), _T("the JSON parser ran out of depth")) from None
    except ValueError as exc:  # json.JSONDecodeError, a refused constant, an integer too long
        raise InputError(_T("The data is not valid JSON."), _technical_of(exc)) from None


def check_json_value(value: Any, *, max_depth: int = MAX_DEPTH) -> None:
    """Check an already parsed value (for example a dict that came from JavaScript): only
    JSON types (dict with string keys, list, str, int, finite float, bool, None), at most
    ``max_depth`` levels deep. Iterative, so a deep value cannot exhaust the stack here.
    Raises ``InputError``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise InputError(_T("The data is nested too deeply."), _T("more than {most} levels", most=max_depth))
            if isinstance(item, dict):
                for key, sub in item.items():
                    if not isinstance(key, str):
                        raise InputError(_T("The data is not valid JSON."), _T("a key is of type {type}", type=type(key).__name__))
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise InputError(_T("The data holds a number that is not finite."), _T("the number {number}", number=repr(item)))
        elif item is not None and not isinstance(item, (str, int, bool)):
            raise InputError(_T("The data is not valid JSON."), _T("a value is of type {type}", type=type(item).__name__))


def inflate(compressed: bytes, *, max_bytes: int = MAX_INFLATED_BYTES) -> bytes:
    """Unpack zlib data, never producing more than ``max_bytes``. Raises ``InputError`` for
    data that would unpack to more, is damaged, is cut short or has bytes after its end."""
    unpacker = zlib.decompressobj()
    try:
        out = unpacker.decompress(compressed, max_bytes + 1)
    except zlib.error as exc:
        raise InputError(_T("The data is damaged: it cannot be unpacked."), str(exc)) from None
    if len(out) > max_bytes or unpacker.unconsumed_tail:
        raise InputError(_T("The data is too large."), _T("it unpacks to more than {most} bytes", most=max_bytes))
    if not unpacker.eof:
        raise InputError(_T("The data is damaged: it was cut short."), _T("the zlib stream has no end"))
    if unpacker.unused_data:
        raise InputError(_T("The data is damaged: it has extra bytes at its end."),
                         _T("{n} bytes after the zlib stream", n=len(unpacker.unused_data)))
    return out
