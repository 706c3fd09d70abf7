"""The UI's words in a given language: ``L(template, lang, **fields)``.

``T`` is the UI's translation catalogue (``engines.core.i18n.texts("ui")``); ``L`` renders one
of its templates at once in ``lang``. Modules that build HTML for a language they are given
(the first screens, which ``build.py`` also renders, the review, the end of a game) use this
one; ``page.L`` renders in the page's current language instead.
"""

from __future__ import annotations

from typing import Any

from engines.core.i18n import texts

T = texts("ui")


def L(template: str, lang: str, **fields: Any) -> str:
    """``T(template, **fields)`` rendered in ``lang``."""
    return T(template, **fields).render(lang)
