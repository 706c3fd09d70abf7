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

    def __init__(self, message: str, index: int | None = None, detail: str = ""):
        super().__init__(message, detail)
        self.index = index
