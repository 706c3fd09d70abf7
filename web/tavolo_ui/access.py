"""The table without a mouse and without sight, and at a pace a person can follow.

A part of the table screen (``table.TableScreen.access``):

- **Announcements.** Every move (its public log line and what the rules did by themselves)
  and every change of turn is written to a polite live region (``#announce``), so a screen
  reader says what a bot just did and whose turn it is. Only public lines: the same as the
  log beside the board.
- **The board by keyboard.** The canvas takes the focus (Tab). The arrow keys go through the
  spots that are legal choices now, in reading order (top to bottom, left to right); the
  focused spot gets a ring, its text is said (``#spot-say``) and its tip shows under it (as
  on hover: what a recruit, card or space is, before it is chosen). Enter or Space plays it,
  or opens its chooser (as a click does) with the focus on the chooser's first button;
  Escape goes back one step of the chooser's picker, and at its first step (or Cancel)
  closes the chooser and gives the focus back to the board. After a move
  the ring starts again on the first spot of the new position when the board kept the
  focus; when the element that had the focus was redrawn away (a choice button, the
  chooser), the focus goes to where the next choice is: the board when the person was
  playing on it by keyboard, else the first choice button.
- **Motion.** When a move changes the table, the old picture fades out over the new one
  (``FADE_MS``), so what changed fades in; not when the person prefers reduced motion.
- **Bot pace.** Slow, normal or fast: how long a bot's move stays "thinking" at least, so
  its move can be followed (remembered in this browser, ``tavolo:pace``).
- **The table in words.** A visually hidden section (``#twin``) holds the board as text,
  drawn from the same view as the canvas (``tavolo_ui.twin``): first "Now" (whose turn it is,
  and the last move as its public log lines), then the person's own hand and resources, the
  table, the other players; a screen reader reads it like the rest of the page.
- **A choice points at its spot.** Hovering a choice button in the list (``#actions``), or
  reaching it by keyboard, rings the board spots that play it (the coach's ring,
  ``guide.ring_spot``; the board's box scrolled to show one), and leaving it takes the ring
  away; ``body[data-ringed]`` lists the actions ringed (for
  tests and tools). On a phone the list sits right under the board (``web/style.css``).
"""

from __future__ import annotations

from html import escape as h

from collections.abc import Mapping
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engines.core.i18n import texts

from .guide import ring_spot
from .words import L, sentences

T = texts("ui")

PACE_KEY = "tavolo:pace"
PACES = {"slow": 1.6, "normal": 0.65, "fast": 0.15}  # seconds a bot's move takes at least
FADE_MS = 280
RING = "#1b1b1b"  # the keyboard focus ring on the board


def reduced_motion() -> bool:
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


CHOICE_ROOM = 130.0
"""The height kept under the board's box on a phone for the choices' heading and first
choice (CSS px)."""
BOX_MIN = 240.0
"""The shortest the board's box gets on a phone (CSS px)."""


class TableAccess:
    """Announcements, the board's keyboard, the fade between positions, the bots' pace."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        self.announced: tuple | None = None  # (session, actions, seat to move) last announced
        self.kb_spot: int | None = None  # the focused spot's place in ``spots()`` (None: none yet)
        self.kb_key: tuple | None = None  # the position the focused spot belongs to
        self.hovered: list[int] = []  # the actions of the choice button under the pointer
        self.focused: list[int] = []  # the actions of the choice button with the focus
        self.painted_key: tuple | None = None  # the position the board shows
        self.fades = 0  # fades run (the page exposes it for tests)
        self.kb_board = False  # a chooser was opened from the board by keyboard: the focus goes back there
        self._chooser_keys: tuple[Any, Any] | None = None  # the chooser's keydown and click listeners (Escape, Cancel)
        self._fade_done = None  # the callback that takes the faded copy away

    # ---- announcements ------------------------------------------------------------------------
    def announce_changes(self) -> None:
        """Say the moves played since the last announcement and whose turn it is now."""
        s = self.page.session
        box = js.document.getElementById("announce")
        if s is None or not box:
            return
        key = (id(s), len(s.record.actions), s.to_move())
        last = self.announced
        if key == last:
            return
        self.announced = key
        said: list[str] = []
        if last is not None and last[0] == id(s) and last[1] < key[1]:
            for seat, text, events in s.lines[last[1]:key[1]][-4:]:  # the last few moves at most
                said.append(s.show(text))
                said.extend(s.show(e) for e in events)
        said.append(self.table.status_line())
        box.textContent = sentences(said)

    # ---- the table in words ------------------------------------------------------------------
    def update_twin(self, s, view: Mapping[str, Any], me: int | None) -> None:
        """Write the board's text twin for ``view`` (seen by ``me``) into ``#twin``."""
        from .twin import describe, twin_html

        box = js.document.getElementById("twin")
        if not box:
            return
        try:
            sections = describe(s.game.name, view, me, self.page.lang)
            sections = [(s.rename(head), [s.rename(line) for line in lines]) for head, lines in sections]
            box.innerHTML = twin_html([self.twin_now(s)] + sections)
        except Exception as exc:  # the twin must never stop the table
            js.console.error(f"text twin failed: {exc!r}")
            box.innerHTML = ""

    def twin_now(self, s) -> tuple[str, list[str]]:
        """The twin's first section, "Now": whose turn it is (the status line) and what the
        last move changed, as its public log lines (what everyone saw of it)."""
        lines = [self.table.status_line()]
        if s.lines:
            _seat, text, events = s.lines[-1]
            lines.append(L("Last move: {move}", self.page.lang, move=s.show(text)))
            lines.extend(s.show(e) for e in events)
        return L("Now", self.page.lang), [line for line in lines if line]

    # ---- the bots' pace ---------------------------------------------------------------------
    def pace(self) -> str:
        try:
            value = js.localStorage.getItem(PACE_KEY)
        except Exception:
            value = None
        return value if value in PACES else "normal"

    def bot_pause(self) -> float:
        return PACES[self.pace()]

    def set_pace(self, value: str) -> None:
        if value in PACES:
            try:
                js.localStorage.setItem(PACE_KEY, value)
            except Exception:  # storage blocked: the pace holds until the page is left
                pass

    def pace_html(self) -> str:
        """The bot speed choice (only at a table with bots)."""
        s = self.page.session
        if s is None or all(s.is_human(i) for i in range(s.record.players)):
            return ""
        names = {"slow": L("slow", self.page.lang), "normal": L("normal", self.page.lang), "fast": L("fast", self.page.lang)}
        opts = "".join(f'<option value="{k}"{" selected" if k == self.pace() else ""}>{h(v)}</option>'
                       for k, v in names.items())
        return (f'<label class="pace muted small">{h(L("Bot speed", self.page.lang))} '
                f'<select id="pace">{opts}</select></label>')

    # ---- the board by keyboard --------------------------------------------------------------
    def spots(self) -> list:
        """The board's spots that are legal choices now, in reading order."""
        if self.table.cv is None:
            return []
        spots = [t for t in self.table.cv.hits if t.actions]
        return sorted(spots, key=lambda t: (round(t.y / 24), t.x, t.y))

    def on_board_key(self, event) -> bool:
        """Arrow keys, Home/End, Enter and Space on the focused board; True if handled."""
        key = str(event.key)
        spots = self.spots()
        if not spots or key not in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End", "Enter", " "):
            return False
        here = self.focused_spot_index(len(spots))
        if key in ("Enter", " "):
            if here is None:
                return False
            spot = spots[here]
            self.table.activate_hit(spot, spot.x + spot.w / 2, spot.y + spot.h / 2)
            self.focus_chooser()
            return True
        if here is None:
            here = 0 if key in ("ArrowRight", "ArrowDown", "Home") else len(spots) - 1
        elif key in ("ArrowRight", "ArrowDown"):
            here = (here + 1) % len(spots)
        elif key in ("ArrowLeft", "ArrowUp"):
            here = (here - 1) % len(spots)
        else:
            here = 0 if key == "Home" else len(spots) - 1
        self.kb_spot, self.kb_key = here, self.painted_key
        self.draw_focus_ring()
        self.say_spot(spots[here])
        return True

    def focused_spot_index(self, count: int) -> int | None:
        if self.kb_spot is None or self.kb_key != self.painted_key or not 0 <= self.kb_spot < count:
            return None
        return self.kb_spot

    def say_spot(self, spot) -> None:
        """What the focused spot is, for a screen reader and as the board's own label."""
        s = self.page.session
        if len(spot.actions) == 1:
            text = self.table.choices.action_text(spot.actions[0])
        else:
            text = L("{n} choices here", self.page.lang, n=len(spot.actions))
        tip = (s.rename(spot.tip) if s is not None else spot.tip).strip() if spot.tip else ""
        if tip and tip != text:  # the spot's text after its move, unless it only says the move again
            text = tip if tip.startswith(text) else f"{text} — {tip}"
        box = js.document.getElementById("spot-say")
        if box:
            box.textContent = text
        js.document.body.dataset.spot = str(self.kb_spot)
        if self.board_has_keyboard_focus():  # seen too, under the spot, as a hover shows it
            self.table.show_tip(spot, spot.x, spot.y + spot.h - 12)

    def board_has_keyboard_focus(self) -> bool:
        """The board has the focus, and the browser shows it (``:focus-visible``: reached by
        keyboard, not by a click of the mouse)."""
        active = js.document.activeElement
        if not active or str(active.id or "") != "board":
            return False
        try:
            return bool(active.matches(":focus-visible"))
        except Exception:  # an old browser without :focus-visible
            return True

    def add_focus_ring(self, cv) -> None:
        """Add a ring around the focused spot to ``cv``'s drawing, when the board has the
        keyboard's focus (not after a click of the mouse). A new position on a board that
        kept the keyboard's focus starts again on its first spot (said aloud), so Enter goes
        on playing without an arrow key first."""
        spots = self.spots()
        here = self.focused_spot_index(len(spots))
        focused = self.board_has_keyboard_focus()
        if here is None and focused and spots and self.kb_key != self.painted_key:
            here = 0
            self.kb_spot, self.kb_key = here, self.painted_key
            self.say_spot(spots[here])
        if here is not None and focused:
            t = spots[here]
            self.bring_into_box([t])
            cv.rect(t.x - 4, t.y - 4, t.w + 8, t.h + 8, None, "#ffffff", 5.0, 7.0)
            cv.rect(t.x - 4, t.y - 4, t.w + 8, t.h + 8, None, RING, 2.5, 7.0)

    def mark_board(self, cv) -> None:
        """The marks the table adds to a freshly rendered board: the suggestion, the focus ring.
        The list is drawn anew after the board: no choice points at a spot yet."""
        self.table.hints.mark_suggestion(cv)
        self.add_focus_ring(cv)
        self.hovered, self.focused = [], []
        js.document.body.dataset.ringed = ""

    def draw_focus_ring(self) -> None:
        """Repaint the board already drawn with the ring where the focus is now and the ring
        of the choice pointed at in the list (the rings are painted, not kept in the drawing)."""
        board = js.document.getElementById("board")
        if self.table.cv is None or not board:
            return
        ops = self.table.cv.ops
        keep = len(ops)
        self.add_focus_ring(self.table.cv)
        self.add_choice_ring(self.table.cv)
        dpr = float(js.window.devicePixelRatio or 1)
        self.table.cv.paint(board.getContext("2d"), dpr)
        del ops[keep:]

    # ---- a choice points at its spot -----------------------------------------------------------
    @staticmethod
    def choice_actions(el) -> list[int]:
        """The actions a choice button of the list stands for (an action's ``data-arg``, a
        step's ``data-acts``), when ``el`` is in one; else []."""
        if not el or not hasattr(el, "closest"):
            return []
        button = el.closest("#actions button.act")
        if not button:
            return []
        raw = str(button.dataset.acts or "") if str(button.dataset.cmd) == "pick" else str(button.dataset.arg or "")
        return [int(x) for x in raw.split() if x.isdigit()]

    def pointed(self) -> list[int]:
        """The actions whose spots are ringed: the hovered choice's, else the focused one's."""
        return self.hovered or self.focused

    def add_choice_ring(self, cv) -> None:
        """Ring the spots of the choice pointed at, and name its actions in ``body[data-ringed]``
        (those with a spot on the board)."""
        wanted = set(self.pointed())
        ringed: set[int] = set()
        spots = []
        for spot in list(cv.hits):
            hit = wanted.intersection(spot.actions)
            if hit:
                ring_spot(cv, spot)
                ringed |= hit
                spots.append(spot)
        self.bring_into_box(spots)
        js.document.body.dataset.ringed = " ".join(str(i) for i in sorted(ringed))

    @staticmethod
    def fit_board_box() -> None:
        """On a phone (the one-column layout of ``web/style.css``, up to 760 px) the board
        scrolls in its box: the box ends where, with the page at its top, the list's heading
        and first choice still show under it (``CHOICE_ROOM``), whatever stands above the
        board (the coach, the status, a banner); never shorter than ``BOX_MIN``."""
        wrap = js.document.getElementById("board-wrap")
        if not wrap:
            return
        if not js.window.matchMedia("(max-width: 760px)").matches:
            wrap.style.maxHeight = ""
            return
        top = float(wrap.getBoundingClientRect().top) + float(js.window.scrollY)
        wrap.style.maxHeight = f"{max(BOX_MIN, float(js.window.innerHeight) - top - CHOICE_ROOM):.0f}px"

    @staticmethod
    def bring_into_box(spots) -> None:
        """On a phone the board scrolls in its own box (``#board-wrap``): when no spot of
        ``spots`` is wholly in sight there, scroll the box to show the topmost one."""
        wrap = js.document.getElementById("board-wrap")
        if not spots or not wrap or float(wrap.scrollHeight) <= float(wrap.clientHeight) + 1:
            return
        top, height = float(wrap.scrollTop), float(wrap.clientHeight)
        if any(s.y >= top and s.y + s.h <= top + height for s in spots):
            return
        first = min(spots, key=lambda s: s.y)
        wrap.scrollTop = max(0.0, first.y + first.h / 2 - height / 2)

    def point(self, hovered: list[int] | None = None, focused: list[int] | None = None) -> None:
        """The choice under the pointer (``hovered``) or with the focus (``focused``) changed:
        repaint the rings when what is pointed at changed."""
        before = self.pointed()
        if hovered is not None:
            self.hovered = hovered
        if focused is not None:
            self.focused = focused
        if self.pointed() != before and self.page.screen == "table":
            self.draw_focus_ring()

    def repoint(self) -> None:
        """The table was drawn anew (a bot's move, a hint, another tab) while the pointer rests
        on a choice or a choice keeps the keyboard's focus: ring its spots again, though no
        ``mouseover`` or ``focusin`` comes for the new list's buttons."""
        hovered = self.choice_actions(js.document.querySelector("#actions button.act:hover"))
        active = js.document.activeElement
        try:
            shown = bool(active and active.matches(":focus-visible"))
        except Exception:  # an old browser without :focus-visible
            shown = False
        self.point(hovered=hovered, focused=self.choice_actions(active) if shown else [])

    def on_choice_hover(self, event) -> None:
        """``mouseover``/``mouseout`` anywhere on the page: the pointer entered or left a
        choice button (leaving for another part of the same button changes nothing)."""
        over = str(event.type) == "mouseover"
        self.point(hovered=self.choice_actions(event.target if over else event.relatedTarget))

    def on_focus_change(self, event) -> None:
        """The board got or lost the focus: show the ring on the first spot (said aloud), or
        take it away. A choice button got the keyboard's focus (``:focus-visible``: not the
        focus the page gives the next choice after a click): ring its spots; lost it: take
        them away."""
        if self.page.screen == "table":
            shown = str(event.type) == "focusin" and bool(event.target.matches(":focus-visible"))
            self.point(focused=self.choice_actions(event.target) if shown else [])
        if str(getattr(event.target, "id", "") or "") != "board" or self.page.screen != "table":
            return
        spots = self.spots()
        if str(event.type) == "focusin" and spots and self.focused_spot_index(len(spots)) is None:
            self.kb_spot, self.kb_key = 0, self.painted_key
            self.say_spot(spots[0])
        if str(event.type) == "focusout":  # the focused spot's tip goes with the focus
            tip = js.document.getElementById("tip")
            if tip:
                tip.hidden = True
        self.draw_focus_ring()

    # ---- the board's chooser by keyboard --------------------------------------------------------
    def focus_chooser(self) -> None:
        """When Enter on the board opened the chooser of a spot with several moves: the focus
        on its first button (the keyboard goes on there), and Escape or Cancel bringing it
        back to the board."""
        ch = js.document.getElementById("chooser")
        if not ch or ch.hidden:
            return
        self.kb_board = True  # a move chosen here: the focus goes back to the board after it
        if ch.getAttribute("data-keys") != "1":  # the chooser is drawn anew with each table
            ch.setAttribute("data-keys", "1")
            if self._chooser_keys is None:
                self._chooser_keys = (create_proxy(self.on_chooser_key), create_proxy(self.on_chooser_click))
            ch.addEventListener("keydown", self._chooser_keys[0])
            ch.addEventListener("click", self._chooser_keys[1])
        first = ch.querySelector(".act-list button")
        if first:
            first.focus()

    def back_to_board(self) -> None:
        """Close the chooser and give the focus back to the board, on the spot it came from."""
        self.table.hide_popups()
        board = js.document.getElementById("board")
        if board:
            board.focus()
            self.draw_focus_ring()

    def on_chooser_key(self, event) -> None:
        """Escape in the chooser: back one step when it has one to go back to, else back to
        the board (not to the page's start, where the focus would fall when the chooser's
        focused button is hidden)."""
        if str(event.key) == "Escape":
            event.preventDefault()
            event.stopPropagation()
            if not self.table.choices.escape_step(event.target):
                self.back_to_board()

    def on_chooser_click(self, event) -> None:
        """Cancel in a chooser opened by keyboard: back to the board as with Escape."""
        target = event.target
        cancel = target.closest("button[data-cmd='close-chooser']") if target else None
        if cancel and self.kb_board:
            event.stopPropagation()
            self.back_to_board()

    # ---- focus after a move -----------------------------------------------------------------
    def focus_table(self) -> None:
        """A game just started: the focus on the table, not left on the page's body (the
        New game form's Start button is gone): the handoff's button when the device is to be
        passed, else the first choice, else the status line (whose turn it is)."""
        target = (js.document.querySelector("#handoff:not([hidden]) button.primary")
                  or js.document.querySelector("#actions .act-list button")
                  or js.document.getElementById("status"))
        if target:
            target.focus()

    def restore_focus(self) -> None:
        """When the element that had the focus was redrawn away (a choice button, the
        chooser), give it to the next choice: the board when the last move was chosen there
        by keyboard and it has a spot to play now, else the first choice button."""
        active = js.document.activeElement
        if active and str(active.tagName).lower() != "body":
            return
        board = js.document.getElementById("board")
        if self.kb_board and board and self.spots():
            self.kb_board = False
            board.focus()
            return
        first = js.document.querySelector("#actions .act-list button")
        if first:
            self.kb_board = False
            first.focus()

    # ---- motion -----------------------------------------------------------------------------
    def fade_from(self, board, key: tuple) -> None:
        """Before ``board`` is repainted for position ``key``: if the position changed, lay
        a copy of the old picture over it and fade the copy out."""
        old_key, self.painted_key = self.painted_key, key
        if old_key is None or old_key == key or old_key[0] != key[0] or reduced_motion():
            return
        if not int(board.width) or not int(board.height):
            return
        wrap = board.parentElement
        ghost = js.document.getElementById("board-fade")
        if not ghost:
            ghost = js.document.createElement("canvas")
            ghost.id = "board-fade"
            ghost.className = "board-fade"
            ghost.setAttribute("aria-hidden", "true")
            wrap.appendChild(ghost)
        ghost.width, ghost.height = board.width, board.height
        ghost.style.width, ghost.style.height = board.style.width, board.style.height
        ghost.style.left, ghost.style.top = f"{board.offsetLeft}px", f"{board.offsetTop}px"
        ghost.getContext("2d").drawImage(board, 0, 0)
        ghost.style.transition = "none"
        ghost.style.opacity = "1"
        ghost.hidden = False
        _ = ghost.offsetWidth  # the browser takes in the opaque copy before the fade starts
        ghost.style.transition = f"opacity {FADE_MS}ms ease-out"
        ghost.style.opacity = "0"
        self.fades += 1
        js.document.body.dataset.fades = str(self.fades)
        if self._fade_done is None:
            self._fade_done = create_proxy(lambda *_: self.end_fade())
        js.setTimeout(self._fade_done, FADE_MS + 60)

    def end_fade(self) -> None:
        """Take the faded copy away (it must not stay on the page, nor keep an old width when
        the window is resized)."""
        ghost = js.document.getElementById("board-fade")
        if ghost:
            ghost.hidden = True
            ghost.style.width = ghost.style.height = "0px"
            ghost.width = ghost.height = 0

