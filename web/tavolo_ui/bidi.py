"""Names people typed, shown beside the page's own words without reordering them.

A name here is text the page did not write: a seat's name, a saved game's name (typed in
Rename, or a file's name on import), or whatever a share link or an imported file says. It
may hold bidirectional controls: U+202E RIGHT-TO-LEFT OVERRIDE and its kin (U+202A–U+202E,
U+2066–U+2069, U+200E/U+200F, U+061C). Put as it is into a sentence, such a name reorders the
sentence around it: "Tocca a " + U+202E + "Anna adesso." shows as "Tocca a .osseda annA".

So a name is always shown *isolated*: its direction stays inside it.

- In a text (``textContent``, an ``aria-label`` or ``title``, an ``<option>``, a log line, the
  canvas's ``fillText``): between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE,
  ``isolate(name)``. Both are invisible.
- In HTML the page builds: inside ``<bdi>``, ``bdi(name)``.

An isolate only holds if the name cannot end it early, which it can in two ways (Chromium does
both, ``<bdi>`` included, as it implements ``<bdi>`` with the same two controls): a PDI of the
name's own that closes nothing the name opened closes the isolate around it, and a paragraph
separator (a line feed, U+2029...) ends every isolate. ``shown`` therefore drops such a PDI,
closes the isolates the name leaves open, and shows paragraph separators as spaces.
Embeddings and overrides left open (a lone U+202E) need nothing: the closing PDI ends them.

This is display only: a name is stored as it was typed, and the form's fields show it so.
"""

from __future__ import annotations

from html import escape

from engines.core.i18n import Text, render

FSI = "\u2068"  # FIRST STRONG ISOLATE: the name's direction is its own first strong letter's
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE: back to the sentence's direction
_OPENS_ISOLATE = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI: each closed by a PDI
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
"""The invisible characters that steer the direction of text (they take no room when drawn)."""
PARAGRAPH_SEPARATORS = frozenset("\n\r\x1c\x1d\x1e\x85\u2029")
"""The characters that end a paragraph for the bidirectional algorithm (its class B)."""


def shown(name: str) -> str:
    """``name`` as it can be shown inside an isolate without ending it: a PDI that closes no
    isolate the name opened is left out, the isolates it opens are closed at its end, and a
    paragraph separator becomes a space. A name without such characters is returned as it is."""
    out: list[str] = []
    open_isolates = 0
    for ch in str(name):
        if ch in _OPENS_ISOLATE:
            open_isolates += 1
        elif ch == PDI:
            if not open_isolates:
                continue  # it would close the isolate around the name
            open_isolates -= 1
        elif ch in PARAGRAPH_SEPARATORS:
            ch = " "  # a new paragraph would start outside every isolate
        out.append(ch)
    return "".join(out) + PDI * open_isolates


def isolate(name: str, max_len: int | None = None) -> str:
    """``name`` for a text, between FSI and PDI (see the module). ``max_len``: the name is cut
    to that many characters first ("…" last), so that a cut never falls between the two."""
    name = str(name)
    if max_len and len(name) > max_len:
        name = name[:max_len - 1] + "…"
    return FSI + shown(name) + PDI


class Isolated(Text):
    """A name as a field of a message (``T("Imported “{name}”.", name=Isolated(name))``),
    isolated in whichever language the message is rendered. The name may be a message itself
    (a save the page named: "Save 3", "… (this tab)"), translated too."""

    __slots__ = ()

    def __init__(self, name: "Text | str"):
        super().__init__("ui", "{name}", {"name": getattr(name, "text", name)})  # a ``saves.Msg``: its Text

    def render(self, lang: str = "en") -> str:
        return isolate(render(self.params["name"], lang))


def bdi(name: str) -> str:
    """``name`` for HTML: escaped, inside ``<bdi>`` (see the module)."""
    return f"<bdi>{escape(shown(name))}</bdi>"


def visible_length(text: str) -> int:
    """How many characters of ``text`` take room when drawn: all but ``BIDI_CONTROLS``."""
    return sum(1 for ch in text if ch not in BIDI_CONTROLS)
