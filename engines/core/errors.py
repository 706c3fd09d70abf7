"""Errors every engine raises through the shared contract."""

from .i18n import Text, render
from .inbound import InputError


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    The message is written for a player ("You cannot afford the Palace: it costs 5 gold,
    you have 3"). The state the action was applied to is left exactly as it was.
    ``reason`` is the message as a ``Text`` (``engines.core.i18n``), so the page can show
    it in the player's language: ``exc.message("it")``; ``str(exc)`` is the English.
    """

    def __init__(self, reason: "Text | str"):
        super().__init__(str(reason))
        self.reason = reason

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return render(self.reason, lang)


class RecordError(InputError):
    """A game record (save or share link) that cannot be loaded.

    ``str(exc)`` is for a person and ``detail`` the technical reason (``InputError``).
    ``index`` is the position of the first bad action in ``record.actions``, or None when
    the record itself (its header, format or JSON) is bad.
    """

    def __init__(self, message: "Text | str", index: int | None = None, detail: str = ""):
        super().__init__(message, detail)
        self.index = index


def reason_of(exc: BaseException) -> "Text | str":
    """The person's message of an exception as a ``Text`` when it carries one (``reason`` of
    ``IllegalAction`` and ``InputError``, or a ``ValueError`` raised with a ``Text``), else
    its ``str``."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, (Text, str)):
        return reason
    if exc.args and isinstance(exc.args[0], Text):
        return exc.args[0]
    return str(exc)


class LowerFirst(Text):
    """A text shown after a colon inside a sentence: its first letter in lower case in every
    language ("The link cannot be opened: the data is too large.")."""

    __slots__ = ()

    def __init__(self, inner: "Text | str"):
        super().__init__("core", "{text}", {"text": inner})

    def render(self, lang: str = "en") -> str:
        text = render(self.params["text"], lang)
        return text[:1].lower() + text[1:]
