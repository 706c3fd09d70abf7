"""Errors every engine raises through the shared contract."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    The message is written for a player ("You cannot afford the Palace: it costs 5 gold,
    you have 3"). The state the action was applied to is left exactly as it was.
    """


class RecordError(ValueError):
    """A game record (save or share link) that cannot be loaded.

    ``index`` is the position of the first bad action in ``record.actions``, or None when
    the record itself (its header, format or JSON) is bad.
    """

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index
