"""The shared drawing layer every game renderer draws on.

A renderer never touches the browser. It draws on a ``Canvas``, which records a display
list of shapes and a list of hit regions, in CSS pixels of a ``width`` x ``height`` area.
The shell then paints the list onto the real ``<canvas>`` (scaled by devicePixelRatio, so
it stays sharp), and uses the hit regions for clicks (play an action) and hover or
long-press (show a card's full text). The same renderer therefore runs in the page and in
plain CPython tests, where the display list and hit regions can be inspected.

A renderer module ``tavolo_ui/renderers/<game>.py`` defines::

    def render(cv: Canvas, view: dict, actions: list[dict], me: int | None) -> None

- ``view``: ``game.view(state, me)`` (only what ``me`` may see).
- ``actions``: the legal actions of the player to move *if that is ``me``*, each a dict
  ``{"index": i, "action": <action as JSON>, "label": <action_label() text>}``; else [].
- ``me``: the seat whose eyes the table is drawn for (None: a spectator).
- ``cv.lang``: the language to write every text and tip in ("en" or "it"), through the
  game's catalogue (``engines.core.i18n``).

To make an action clickable: ``cv.hit(x, y, w, h, action=i, tip="...")`` where ``i`` is the
action's ``index``; several actions on one spot: ``action=[i, j]`` (the shell asks which).
``cv.highlight(x, y, w, h)`` draws the standard "you can choose this" outline.

Two more things a spot may carry:

- ``probe=<action as JSON>``: the move the spot would mean if it were legal now (build this
  district, place a worker here). When it is not among the legal actions, a click shows the
  coach: the engine's reason why not (``Game.why_not``). Build it only from the ``view``.
- ``ref="<id>"``: the id of the spot's entry in the game's reference (``Game.reference``);
  a click shows a "Rule" link that opens How to play at that entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence, TypedDict

from engines.core.i18n import PLAYER_RE

from .bidi import visible_length

def popup_left(x: float, width: float, room: float, margin: float = 4.0) -> float:
    """The left edge of a popup over the board (a tip, the coach's note) wanted at ``x``: as
    far left as needed for its whole ``width`` to stay inside the board's ``room`` (less a
    margin, so it never runs past the screen's edge on a phone), never past the left edge."""
    return max(margin, min(x, room - width - margin))



class Palette(TypedDict):
    """The shared colours (CSS colour strings), one per role, and the seat colours."""
    bg: str
    panel: str
    ink: str
    muted: str
    line: str
    highlight: str
    good: str
    bad: str
    players: list[str]


# A small shared palette so the four tables look like one site.
PALETTE: Palette = {
    "bg": "#f4efe6", "panel": "#fffaf2", "ink": "#2b2620", "muted": "#6b6154",
    "line": "#cbbfae", "highlight": "#e07a1f", "good": "#2e7d32", "bad": "#b3261e",
    # seat colours: red, blue, green, yellow, violet, orange, charcoal. They differ in
    # lightness as well as hue, so that every pair stays apart under protanopia, deuteranopia
    # and tritanopia (tests/ui/test_palette.py); web/style.css repeats them (--p0 ... --p6)
    "players": ["#c62a1f", "#1f47b0", "#4ab374", "#f8c81e", "#a75cd6", "#e8700a", "#4a4643"],
}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
MIN_TEXT = 11.0
"""The smallest board text (CSS px), at every width (tests/ui/test_board_text.py)."""
BOLD_WIDTH = 1.1
"""How much wider bold (600) text runs than regular text of the same size."""
SQUEEZE = 0.05
"""How far a text may run over the ``max_width`` it is drawn with (the margin of the width
estimate, ``Canvas.text_width``): the browser compresses it by at most this much, which does
not show (tests/ui/test_board_text.py)."""

FINGER = 24.0
"""The smallest side, in CSS px, of a spot a tap plays (WCAG 2.2's minimum target size): on a
phone's 378 px board a finger must hit it (tests/ui/test_finger_spots.py)."""


def finger(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The rectangle (x, y, w, h) grown about its centre to at least ``FINGER`` px on each side:
    the hit region of a spot drawn smaller than a finger (the drawing keeps its size)."""
    gw, gh = max(0.0, FINGER - w), max(0.0, FINGER - h)
    return x - gw / 2, y - gh / 2, w + gw, h + gh


_WORDS = re.compile(r"\S*?" + PLAYER_RE.pattern + r"\S*|\S+")
"""The units ``Canvas.wrap`` keeps whole: a seat's name as the engines write it
(``PLAYER_RE``: "Player 2", "Giocatore 2", with what is stuck to it, "(Player 2)"), else a
word."""
_VOWELS = set("aeiouyàèéìòóù")

SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star", "down", "plus"]
"""Each seat's shape, its second cue beside its colour (the page's seat dots have the same
shapes: web/style.css ``.dot.p0`` ... ``.p6``)."""

# the colours that need dark text on them (white on them is under 3:1)
_LIGHT = {"#4ab374", "#f8c81e"}


def _syllable_cut(word: str, k: int) -> bool:
    """Whether a hyphen may go before ``word[k]`` (lower case): after a vowel, before a
    consonant that starts a syllable, alone or with an l or r ("Osserva-torio",
    "Catte-drale", "Battle-field")."""
    if word[k - 1] not in _VOWELS or word[k] in _VOWELS or not word[k].isalpha() or k + 1 >= len(word):
        return False
    if word[k + 1] in _VOWELS:
        return True
    return word[k + 1] in "lr" and word[k] not in "lr" and k + 2 < len(word) and word[k + 2] in _VOWELS


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based)."""
    return PALETTE["players"][seat % len(PALETTE["players"])]


def ink_on(fill: str) -> str:
    """The text colour that reads on ``fill``: white on the dark seat colours, ink on the light."""
    return PALETTE["ink"] if fill.lower() in _LIGHT else "#ffffff"


def seat_text_colour(seat: int) -> str:
    """``seat``'s colour for text on the light table: the light seat colours (green, yellow)
    are darkened so that a name written in them stays readable."""
    return {"#4ab374": "#2c7a48", "#f8c81e": "#9a7400"}.get(seat_colour(seat), seat_colour(seat))


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a seat shape (not "circle") of radius about ``r`` around (cx, cy)."""
    import math

    def ring(n: int, rad: float, start: float) -> list[tuple[float, float]]:
        return [(cx + rad * math.cos(math.radians(start + 360 * i / n)),
                 cy + rad * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return ring(3, r * 1.18, -90)
    if shape == "down":
        return ring(3, r * 1.18, 90)
    if shape == "diamond":
        return ring(4, r * 1.12, -90)
    if shape == "star":
        outer, inner = ring(5, r * 1.2, -90), ring(5, r * 0.55, -54)
        return [p for pair in zip(outer, inner) for p in pair]
    if shape == "plus":
        a, b = r * 0.95, r * 0.38
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    raise ValueError(shape)


@dataclass
class Hit:
    """A clickable or hoverable rectangle. Later regions lie on top of earlier ones."""
    x: float
    y: float
    w: float
    h: float
    actions: list[int] = field(default_factory=list)
    tip: str | None = None
    probe: dict | None = None  # the action the spot stands for, when it is not legal now (the coach)
    ref: str | None = None  # the id of the spot's entry in the game's reference

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


class Canvas:
    """A display list in CSS pixels. Colours are CSS colour strings; None means "none"."""

    def __init__(self, width: float, height: float, lang: str = "en"):
        self.width = width
        self.height = height
        self.lang = lang  # the language the renderer writes in ("en" or "it": engines.core.i18n)
        self.ops: list[tuple] = []
        self.hits: list[Hit] = []

    # ---- drawing ----------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, line: float = 1.0, radius: float = 0.0) -> None:
        self.ops.append(("rect", x, y, w, h, fill, stroke, line, radius))

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None,
               stroke: str | None = None, line: float = 1.0) -> None:
        self.ops.append(("circle", cx, cy, r, fill, stroke, line))

    def line(self, x1: float, y1: float, x2: float, y2: float, color: str = "#000",
             width: float = 1.0) -> None:
        self.ops.append(("line", x1, y1, x2, y2, color, width))

    def poly(self, points: Sequence[tuple[float, float]], fill: str | None = None,
             stroke: str | None = None, line: float = 1.0) -> None:
        self.ops.append(("poly", [tuple(p) for p in points], fill, stroke, line))

    def text(self, x: float, y: float, s: str, size: float = 14, color: str = PALETTE["ink"],
             align: str = "left", baseline: str = "alphabetic", bold: bool = False,
             max_width: float | None = None) -> None:
        """``align``: left|center|right; ``baseline``: top|middle|alphabetic|bottom."""
        self.ops.append(("text", x, y, str(s), size, color, align, baseline, bold, max_width))

    # ---- interaction ------------------------------------------------------------------
    def hit(self, x: float, y: float, w: float, h: float, action: int | list[int] | None = None,
            tip: str | None = None, probe: dict | None = None, ref: str | None = None) -> None:
        acts = [] if action is None else ([action] if isinstance(action, int) else list(action))
        self.hits.append(Hit(x, y, w, h, acts, tip, None if acts else probe, ref))

    def seat_marker(self, cx: float, cy: float, r: float, seat: int, stroke: str | None = None,
                    line: float = 1.0) -> None:
        """A piece of ``seat``: its shape (``SEAT_SHAPES``) in its colour, so that it is told
        apart by shape as well as by colour."""
        shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
        stroke = PALETTE["ink"] if stroke is None else stroke
        if shape == "circle":
            self.circle(cx, cy, r, seat_colour(seat), stroke, line)
        else:
            self.poly(shape_points(shape, cx, cy, r), seat_colour(seat), stroke, line)

    def seat_disc(self, cx: float, cy: float, r: float, seat: int, stroke: str = "#fff", line: float = 1.0) -> None:
        """A disc of ``seat``'s colour with its number (seat + 1) in it: ``r`` >= 8 so the
        number keeps the smallest board text size."""
        fill = seat_colour(seat)
        self.circle(cx, cy, r, fill, stroke, line)
        self.text(cx, cy + 0.5, str(seat + 1), MIN_TEXT, ink_on(fill), align="center", baseline="middle", bold=True)

    def highlight(self, x: float, y: float, w: float, h: float, radius: float = 6.0) -> None:
        self.rect(x - 3, y - 3, w + 6, h + 6, None, PALETTE["highlight"], 3.0, radius)

    def hit_at(self, px: float, py: float) -> Hit | None:
        """The topmost hit region under a point (what a click there means)."""
        for h in reversed(self.hits):
            if h.contains(px, py):
                return h
        return None

    # ---- helpers ----------------------------------------------------------------------
    @staticmethod
    def text_width(s: str, size: float, bold: bool = False) -> float:
        """An estimate of the width of ``s`` (the same in the browser and in tests); ``bold``
        text runs wider (``BOLD_WIDTH``). A text drawn with a ``max_width`` under this width
        would be squeezed by the browser (tests/ui/test_board_text.py refuses that). The
        invisible direction controls around a seat's name (``bidi.isolate``) take no room."""
        return 0.56 * size * visible_length(s) * (BOLD_WIDTH if bold else 1.0)

    def wrap(self, s: str, size: float, max_width: float, bold: bool = False,
             split: bool = False) -> list[str]:
        """Split ``s`` into lines of at most ``max_width`` (by the estimate above), at its
        spaces; a seat's name ("Player 2", "Giocatore 2") is never split, so that the page
        still finds it and writes the seat's own name there (``Session.rename_canvas``).
        ``split``: a word wider than ``max_width`` is hyphenated (``split_word``) instead of
        standing alone on a line wider than ``max_width``."""
        lines: list[str] = []
        for para in str(s).split("\n"):
            cur = ""
            words = [m.group(0) for m in _WORDS.finditer(para)]
            if split:
                words = [piece for w in words for piece in self.split_word(w, size, max_width, bold)]
            for word in words:
                cand = f"{cur} {word}".strip()
                if cur and self.text_width(cand, size, bold) > max_width:
                    lines.append(cur)
                    cur = word
                else:
                    cur = cand
            lines.append(cur)
        return lines

    @classmethod
    def split_word(cls, word: str, size: float, room: float, bold: bool = False) -> list[str]:
        """``word`` in pieces no wider than ``room``: cut after an apostrophe or a hyphen when
        there is one ("dell’" "Accuratezza"), else with a hyphen between two syllables
        (``_syllable_cut``: "Osserva-" "torio"; of the cuts that leave a last piece that fits,
        the one nearest the middle: "Labora-" "torio"), else with a hyphen wherever it fits.
        A word that fits, or a seat's name, stays whole."""
        pieces: list[str] = []
        while cls.text_width(word, size, bold) > room and len(word) > 2 and not PLAYER_RE.search(word):
            fits = [k for k in range(2, len(word) - 1) if cls.text_width(word[:k] + "-", size, bold) <= room]
            if not fits:
                break
            after = [k for k in fits if word[k - 1] in "’'-"]
            syllable = [k for k in fits if _syllable_cut(word.lower(), k)]
            if after:
                cut, piece = after[-1], word[:after[-1]]
            else:
                last = [k for k in syllable if cls.text_width(word[k:], size, bold) <= room]
                cut = min(last, key=lambda k: abs(len(word) - 2 * k)) if last else (syllable or fits)[-1]
                piece = word[:cut] + "-"
            pieces.append(piece)
            word = word[cut:]
        return pieces + [word]

    def texts(self) -> list[str]:
        """Every string drawn (tests use it to check what is shown, and what is not)."""
        return [op[3] for op in self.ops if op[0] == "text"]

    # ---- painting onto a real 2D context ----------------------------------------------
    def paint(self, ctx: Any, scale: float = 1.0) -> None:
        """Replay the display list on a CanvasRenderingContext2D (or anything with its API)."""
        ctx.setTransform(scale, 0, 0, scale, 0, 0)
        ctx.fillStyle = PALETTE["bg"]
        ctx.fillRect(0, 0, self.width, self.height)
        for op in self.ops:
            kind = op[0]
            if kind == "rect":
                _, x, y, w, h, fill, stroke, lw, r = op
                ctx.beginPath()
                if r:
                    ctx.roundRect(x, y, w, h, r)
                else:
                    ctx.rect(x, y, w, h)
                _finish(ctx, fill, stroke, lw)
            elif kind == "circle":
                _, cx, cy, r, fill, stroke, lw = op
                ctx.beginPath()
                ctx.arc(cx, cy, r, 0, 6.283185307179586)
                _finish(ctx, fill, stroke, lw)
            elif kind == "line":
                _, x1, y1, x2, y2, color, lw = op
                ctx.beginPath()
                ctx.moveTo(x1, y1)
                ctx.lineTo(x2, y2)
                _finish(ctx, None, color, lw)
            elif kind == "poly":
                _, pts, fill, stroke, lw = op
                ctx.beginPath()
                ctx.moveTo(*pts[0])
                for p in pts[1:]:
                    ctx.lineTo(*p)
                ctx.closePath()
                _finish(ctx, fill, stroke, lw)
            elif kind == "text":
                _, x, y, s, size, color, align, baseline, bold, max_width = op
                ctx.font = f"{'600 ' if bold else ''}{size}px {FONT}"
                ctx.fillStyle = color
                ctx.textAlign = align
                ctx.textBaseline = baseline
                if max_width:
                    ctx.fillText(s, x, y, max_width)
                else:
                    ctx.fillText(s, x, y)


def _finish(ctx: Any, fill: str | None, stroke: str | None, lw: float) -> None:
    if fill:
        ctx.fillStyle = fill
        ctx.fill()
    if stroke:
        ctx.strokeStyle = stroke
        ctx.lineWidth = lw
        ctx.stroke()
