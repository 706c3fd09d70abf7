"""The UI's words in a given language: ``L(template, lang, **fields)``.

``T`` is the UI's translation catalogue (``engines.core.i18n.texts("ui")``); ``L`` renders one
of its templates at once in ``lang``. Modules that build HTML for a language they are given
(the first screens, which ``build.py`` also renders, the review, the end of a game) use this
one; ``page.L`` renders in the page's current language instead.
"""

from __future__ import annotations

from typing import Any, Iterable

from engines.core.i18n import Text, texts

T = texts("ui")


def L(template: str, lang: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in ``lang``."""
    return T(template, **fields).render(lang)


RAW_DETAIL = T("As the program reported it, not translated:")
"""The label before a technical reason that is raw data (``Technical``)."""


class Technical:
    """The technical reason behind a message, for its "Details" toggle (``home.details_html``):
    a ``Text`` of a catalogue, shown in the person's language (``InputError.technical``: every
    reason the engines and the page write), or raw data as it came (an exception's own text
    from a library: the JSON parser's, zlib's, pydantic's), shown as it is after the
    translated label ``RAW_DETAIL``. A banner's detail given as a plain ``str`` is raw data; a
    ``Text`` not wrapped in ``Technical`` is the rest of the message ("Read more")."""

    __slots__ = ("text",)

    def __init__(self, text: Text | str) -> None:
        self.text = text

    def __bool__(self) -> bool:
        return bool(self.text)


SENTENCE_ENDS = (".", "!", "?", "…")
_CLOSERS = "\u2066\u2067\u2068\u2069\"'»”’)"  # what may follow a sentence's end: isolate marks, quotes


def sentences(parts: Iterable[str]) -> str:
    """Texts said one after another, as the live region says them: each a sentence ending in
    its full stop (added to a log line that has none), one space between them ("Anna takes
    3 gold. Ben to play."); empty texts are left out."""
    said = []
    for part in parts:
        text = part.strip()
        if not text:
            continue
        if not text.rstrip(_CLOSERS).endswith(SENTENCE_ENDS):
            text += "."
        said.append(text)
    return " ".join(said)


_MINUTE, _HOUR, _DAY = 60_000, 3_600_000, 86_400_000


def ago(then_ms: float, now_ms: float, offset_min: float = 0) -> Text | None:
    """When something happened, as people say it: "just now", "5 minutes ago", "2 hours ago"
    (the same day), "yesterday", "3 days ago" (``then_ms``, ``now_ms``: ms since 1970;
    ``offset_min``: the local time's minutes ahead of UTC, for where a day begins). None a
    week back or more, or in the future (another device's clock): the caller writes the date."""
    diff = now_ms - then_ms
    if diff < -_MINUTE:
        return None
    if diff < _MINUTE:
        return T("just now")
    if diff < _HOUR:
        n = int(diff // _MINUTE)
        return T("1 minute ago") if n == 1 else T("{n} minutes ago", n=n)
    days = int((now_ms + offset_min * _MINUTE) // _DAY - (then_ms + offset_min * _MINUTE) // _DAY)
    if days == 0:
        n = int(diff // _HOUR)
        return T("1 hour ago") if n == 1 else T("{n} hours ago", n=n)
    if days == 1:
        return T("yesterday")
    return T("{n} days ago", n=days) if days < 7 else None
