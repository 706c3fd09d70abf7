"""The UI's words in a given language: ``L(template, lang, **fields)``.

``T`` is the UI's translation catalogue (``engines.core.i18n.texts("ui")``); ``L`` renders one
of its templates at once in ``lang``. Modules that build HTML for a language they are given
(the first screens, which ``build.py`` also renders, the review, the end of a game) use this
one; ``page.L`` renders in the page's current language instead.
"""

from __future__ import annotations

from typing import Any, Iterable

from engines.core.i18n import texts

T = texts("ui")


def L(template: str, lang: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in ``lang``."""
    return T(template, **fields).render(lang)


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
