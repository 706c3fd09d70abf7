"""Errors every engine raises through the shared contract, and the coach's ``Refusal``."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import ParamSpec, TypeVar, cast

from .i18n import Text, render
from .inbound import InputError


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    The message is written for a player ("You cannot afford the Palace: it costs 5 gold,
    you have 3"). The state the action was applied to is left exactly as it was.
    ``reason`` is the message as a ``Text`` (``engines.core.i18n``), so the page can show
    it in the player's language: ``exc.message("it")``; ``str(exc)`` is the English.
    ``rule``: the id of the entry of ``Game.reference`` naming the rule that refuses, when
    the raiser knows it (else None: ``Game.rule_of`` may still tell it from the reason).
    """

    def __init__(self, reason: "Text | str", rule: str | None = None):
        super().__init__(str(reason))
        self.reason = reason
        self.rule = rule if rule is not None else (getattr(reason, "rule", None) or None)

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return render(self.reason, lang)


@dataclass(frozen=True)
class Refusal:
    """The coach's answer (``Game.why_not``): why a move cannot be played now.

    ``text``: one sentence naming the rule, as a ``Text`` (or a plain ``str``, already a
    person's text). ``rule``: the id of the entry of ``Game.reference(lang)`` (the rules
    reference How to play shows) of the rule that refused: the phase, the timing, the cost,
    the target; the card's own entry only when the card's text is the reason. None when the
    spot's own entry is the right one to read (the page links that instead).
    """

    text: "Text | str"
    rule: str | None = None

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return render(self.text, lang)

    def __str__(self) -> str:
        return self.render()


class RuledText(Text):
    """A reason with the rule that gives it: ``rule`` is the id of an entry of the game's
    ``reference`` (``Refusal.rule``), or ``SPOT`` for the spot's own entry (the card's text
    is the reason). It renders, compares and hashes as the ``Text`` it was made from."""

    __slots__ = ("rule",)

    def __init__(self, text: Text, rule: str):
        super().__init__(text.domain, text.template, text.params)
        self.rule = rule


SPOT = ""
"""The rule of a reason that the clicked spot's own entry states (a card's text): the page
links the spot's entry, as for a reason with no rule."""

_TextT = TypeVar("_TextT", bound="Text | str | None")
_P = ParamSpec("_P")


def ruled(rule: str, reason: _TextT) -> _TextT:
    """``reason`` marked with the ``rule`` that gives it (see ``RuledText``); a reason
    already marked, a ``str``, None or a special kind of ``Text`` is returned unchanged."""
    if isinstance(reason, Text) and type(reason) is Text:
        return cast(_TextT, RuledText(reason, rule))
    return reason


def refuses(rule: str) -> "Callable[[Callable[_P, _TextT]], Callable[_P, _TextT]]":
    """Decorate a function of a game's ``reasons`` whose reasons belong to one rule: each
    reason it returns is marked with ``rule`` (``ruled``), unless a call inside it has
    marked it already with a more precise one."""
    def decorate(fn: "Callable[_P, _TextT]") -> "Callable[_P, _TextT]":
        @wraps(fn)
        def marked(*args: _P.args, **kwargs: _P.kwargs) -> _TextT:
            return ruled(rule, fn(*args, **kwargs))
        return marked
    return decorate


def rule_of(reason: "Text | str") -> str | None:
    """The rule a reason was marked with (``ruled``), or None (unmarked, or ``SPOT``)."""
    return getattr(reason, "rule", None) or None


class RecordError(InputError):
    """A game record (save or share link) that cannot be loaded.

    ``str(exc)`` is for a person and ``detail`` the technical reason (``InputError``).
    ``index`` is the position of the first bad action in ``record.actions``, or None when
    the record itself (its header, format or JSON) is bad.
    """

    def __init__(self, message: "Text | str", index: int | None = None, detail: "Text | str" = ""):
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
