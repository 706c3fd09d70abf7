"""The table screen: a game being played (or watched from a link), its board and its side panel.

Mixed into ``App`` (``app.py``), whose helpers it uses (``set_screen``, ``header``,
``banner_html``, ``flash``...), like the table's other parts: the choices (``choices_panel``),
the bots' and the watched game's moves (``bot_loop``), the end of the game (``end_screen``),
the keyboard, announcements and motion (``access``), the suggestions (``suggest``) and
another tab playing the same game (``two_tabs``).

- **The frame.** ``draw_table`` builds the screen once (header with the table's controls,
  board canvas, side panel: status, choices, log); ``refresh`` fills it after anything
  changed. In hot-seat games the table is hidden between two players (the hand-off box) and
  nothing of the previous player's view stays in the page.
- **The board.** ``paint_view`` draws a view with the game's renderer (the plain table if it
  fails); its spots are clicked, hovered (a tip), long-pressed on a touch screen (the tip
  without playing), and a spot that is not a legal choice says why (``show_note``).
- **Playing.** A move is applied to the ``Session``, autosaved into the game's save and the
  table refreshed; ``table_command`` runs the table's buttons (undo, pause, hand-off, ...).
"""

from __future__ import annotations

import asyncio
import json
import zlib
from html import escape as h
from typing import Any

import js  # type: ignore[import-not-found]

from engines import IllegalAction
from engines.core.i18n import Text, texts

from . import rules_page
from .canvas import Canvas
from .page import L, _el, tx
from .renderers import generic, get_renderer
from .saves import FULL_MESSAGE, tr
from .session import Session
from .suggest import SUGGEST_LEVEL
from .two_tabs import CONFLICT_STATUS

T = texts("ui")

# the buttons of the table that ``App.command`` hands to ``TableScreen.table_command``
TABLE_COMMANDS = frozenset({"conflict-copy", "conflict-load", "show-choices", "hints", "suggest", "act", "pick",
                            "pick-back", "close-chooser", "handoff", "undo", "pause", "step", "restart",
                            "takeover", "again"})


class _Named(Text):
    """A log line shown with the seats' names (``Session.show``) in whatever language it is
    rendered in (a banner that outlives a language switch)."""

    __slots__ = ("session",)

    def __init__(self, inner: Any, session: Session):
        super().__init__("ui", "{text}", {"text": inner})
        self.session = session

    def render(self, lang: str = "en") -> str:
        return self.session.rename(tr(self.params["text"], lang))


class TableScreen:
    """The table screen's part of ``App``."""

    # ---- the table ----------------------------------------------------------------------
    def open_session(self, session: Session, sid: str | None, name: str, mode: str = "play",
                     watch_actions: list[dict] | None = None, known: str | None = None) -> None:
        """Show ``session`` on the table; it autosaves into save ``sid`` (None: not saved),
        whose stored record has the stamp ``known`` (None: not written yet)."""
        self.stop_loop()
        self.session, self.sid, self.save_name, self.mode = session, sid, name, mode
        self.known, self.conflict = known, None
        self.watch_actions = watch_actions or []
        self.paused = False
        self.unsaved = False
        if sid:
            self.saves.set_last(sid)
        session.lang = self.lang
        self.draw_table()
        self.refresh()

    def draw_table(self) -> None:
        """The table screen's frame (header, board, side panel), in the page's language;
        ``refresh`` fills it."""
        g, mode = self.session.game, self.mode
        controls = (f'<button data-cmd="undo" id="undo">{h(L("Undo"))}</button>'
                    f'<button data-cmd="pause" id="pause" hidden>{h(L("Pause"))}</button>'
                    f'<button data-cmd="share" id="share-btn">{h(L("Share"))}</button>'
                    f'<button data-cmd="savecopy" id="savecopy">{h(L("Save copy"))}</button>'
                    + (self.hints_button() if SUGGEST_LEVEL in g.bots() else ""))
        if mode == "watch":
            controls = (f'<button data-cmd="pause" id="pause">{h(L("Pause"))}</button>'
                        f'<button data-cmd="step" id="step">{h(L("Step"))}</button>'
                        f'<button data-cmd="restart" id="restart">{h(L("Restart"))}</button>'
                        f'<button data-cmd="takeover" id="takeover" title="{h(L("Keep this game as a save and play on from here"))}">'
                        f'{h(L("Play from here"))}</button>')
        controls += (f'<button data-cmd="review-current" id="review-btn" title="{h(L("Replay this game, move by move"))}">'
                     f'{h(L("Review"))}</button>'
                     f'<button data-cmd="rules" data-arg="{h(g.name)}" id="rules-btn">{h(L("How to play"))}</button>')
        title = L("{game} — watching", game=g.title) if mode == "watch" else g.title
        self.set_screen("watch" if mode == "watch" else "table", f"""
{self.header(title, '<span class="controls">' + controls + '</span>')}
<main class="table">
{self.banner_html()}
<div id="results" class="results" hidden></div>
<div class="table-main">
<div id="board-wrap" class="board-wrap"><canvas id="board" tabindex="0" role="application"
 aria-label="{h(L("Board: the arrow keys go through the places you can play, Enter plays"))}"></canvas>
<div id="tip" class="tip" hidden></div><div id="chooser" class="chooser" hidden></div><div id="note" class="note" role="status" hidden></div></div>
<aside id="side" class="side">
<div id="status" class="status"></div>
<div id="thinking" class="thinking" role="status" hidden></div>
<div id="pace-box">{self.pace_html()}</div>
<div id="actions" class="actions"></div>
<section id="twin" class="sr-only" aria-label="{h(L("The table in words"))}"></section>
<details id="log-box" class="log-box"{" open" if int(js.window.innerWidth) > 760 else ""}><summary>{h(L("Game log"))}</summary><ol id="log" class="log"></ol></details>
</aside></div></main>
<div id="handoff" class="handoff" hidden></div>
<button id="choices-bar" class="choices-bar" data-cmd="show-choices" hidden></button>
<div id="announce" class="sr-only" aria-live="polite"></div><div id="spot-say" class="sr-only" aria-live="polite"></div>
<div id="modal" class="modal" hidden></div>""")

    def refresh(self) -> None:
        """Redraw the table after anything changed, then let bots or the watch loop go on."""
        s = self.session
        if s is None or self.screen not in ("table", "watch"):
            return
        body = js.document.body.dataset
        body.game = s.game.name
        body.actions = str(len(s.record.actions))
        body.toMove = "" if s.to_move() is None else str(s.to_move())
        body.over = "1" if s.is_over() else "0"
        body.stateHash = f"{zlib.crc32(s.state.model_dump_json().encode()) & 0xFFFFFFFF:08x}"
        handoff = s.handoff_to() if self.mode == "play" else None
        body.handoff = "" if handoff is None else str(handoff)
        self.hide_popups()
        ho = _el("handoff")
        if handoff is not None:
            undo = (f'<button data-cmd="undo">{h(L("Undo my last move"))}</button>' if s.can_undo() else "")
            prev = (h(L("{name} has played.", name=s.name(s.at_device))) + " ") if s.at_device is not None else ""
            note = self.handoff_note()  # another tab changed this game (``two_tabs``)
            pass_to = h(L("Pass the device to {name}", name="\x00")).replace(
                "\x00", f'<span id="handoff-name">{h(s.name(handoff))}</span>')
            ho.innerHTML = (f'<div class="handoff-box">{note}<p class="muted">{prev}{h(L("The table is hidden."))}</p>'
                            f'<h2>{pass_to}</h2>'
                            f'<button class="primary big" data-cmd="handoff">'
                            f'{h(L("I am {name}: show my table", name=s.name(handoff)))}</button>'
                            f'{undo}</div>')
            ho.hidden = False
            # nothing of the previous player's view stays on the page underneath
            _el("actions").innerHTML = ""
            if _el("twin"):
                _el("twin").innerHTML = ""
            self.update_choices_bar(0)
            self.paint(blank=True)
            self.update_controls()
            return
        ho.hidden = True
        ho.innerHTML = ""
        self.paint()
        self.update_panel()
        self.update_controls()
        self.announce_changes()
        self.restore_focus()
        self.schedule_loop()

    def update_controls(self) -> None:
        s = self.session
        undo = _el("undo")
        if undo:
            count = s.undo_count() if self.mode == "play" else 0
            # Not possible: it looks disabled, yet a press (a tap too, where a tooltip never
            # shows) says why instead of doing nothing. Only while watching is it disabled.
            undo.disabled = self.mode != "play"
            undo.setAttribute("aria-disabled", "false" if count else "true")
            # taking the bots' moves back too is said on the button itself, before it is pressed
            undo.textContent = L("Undo") if count <= 1 else L("Undo {n} moves", n=count)
            undo.title = (L("Take back your last move") if count == 1 else
                          L("Take back your last move and the {n} bot moves after it", n=count - 1) if count
                          else s.undo_reason())
        hints = _el("hints-btn")
        if hints:  # nothing to suggest once the game is over
            hints.hidden = s.is_over()
        pause = _el("pause")
        if pause:
            show = self.mode == "watch" or (s.bot_only() and not s.is_over())
            pause.hidden = not show
            pause.textContent = L("Resume") if self.paused else L("Pause")
        step = _el("step")
        if step:
            step.disabled = not self.paused or len(s.record.actions) >= len(self.watch_actions)

    def update_panel(self) -> None:
        s = self.session
        seat = s.to_move()
        me = s.me()
        status = [f'<div class="to-act">{h(self.status_line())}{self.phase_link()}</div>']
        if self.mode == "watch":
            move = L("Move {n} of {total}", n=len(s.record.actions), total=len(self.watch_actions))
            status.append(f'<div class="muted">{h(move)}{h(" · " + L("paused")) if self.paused else ""}</div>')
        elif me is not None and len(s.humans()) > 1:
            status.append(f'<div class="muted">{h(L("Table shown to {name}", name=s.name(me)))}</div>')
        elif me is None and s.bot_only():
            status.append(f'<div class="muted">{h(L("Spectator view: bots only."))}</div>')
        elif me is None:
            status.append(f'<div class="muted">{h(L("Public view of the table."))}</div>')
        scores = s.scores()
        chips = "".join(f'<span class="chip{" now" if i == seat else ""}"><span class="dot p{i}"></span>'
                        f'{h(s.name(i))} <b>{scores[i] if i < len(scores) else ""}</b></span>'
                        for i in range(s.record.players))
        status.append(f'<div class="chips">{chips}</div>')
        if self.conflict:
            status.append(f'<div class="warn">{h(tx(CONFLICT_STATUS))} '
                          f'<button data-cmd="conflict-copy">{h(L("Save as a copy"))}</button></div>')
        elif self.unsaved:
            status.append(f'<div class="warn">{h(L("Not saved: storage is full."))}</div>')
        if self.renderer_note:
            status.append(f'<div class="muted small">{h(tx(self.renderer_note))}</div>')
        _el("status").innerHTML = "".join(status)

        self.render_actions()

        self.show_results(s)

        log = _el("log")
        items = "".join(f'<li><span class="dot p{seat_}"></span>{h(text)}</li>' if seat_ is not None
                        else f'<li class="event">{h(text)}</li>' for seat_, text in s.log_lines(self.lang)[-200:])
        log.innerHTML = items or f'<li class="muted">{h(L("No moves yet."))}</li>'
        log.scrollTop = log.scrollHeight

    def status_line(self) -> str:
        """The panel's first line: who acts now or who won; a spectator (watch links, bots
        only) is told they are watching and whose turn it is, never "you"."""
        s = self.session
        if not s.is_over() and (self.mode == "watch" or s.me() is None):
            seat = s.to_move()
            who = s.name(seat) if seat is not None else ""
            if self.mode == "watch":
                return L("Watching: {name} to play.", name=who)
            return L("Watching: {name} is thinking…", name=who)
        return s.status()

    def score_categories(self, s: Session) -> dict:
        """The end-of-game table's column names: the game's ``score_categories(lang)``."""
        try:
            return {k: str(v) for k, v in dict(s.game.score_categories(self.lang)).items()}
        except Exception as exc:
            js.console.error(f"score_categories failed: {exc!r}")
            return {}

    # ---- the board ----------------------------------------------------------------------
    def paint(self, blank: bool = False) -> None:
        s = self.session
        if blank:
            self.paint_view(s, None, [], None)
            return
        view = s.game.view(s.state, s.me()) if self.mode == "play" else s.game.view(s.state, None)
        acts = s.action_dicts() if self.mode == "play" else []
        me = s.me() if self.mode == "play" else None
        self.update_twin(s, view, me)
        self.paint_view(s, view, acts, me, mark=self.mark_board, fade_key=(id(s), len(s.record.actions), me))

    def paint_view(self, s: Session, view: dict | None, acts: list[dict], me: int | None, mark=None,
                   fade_key: tuple | None = None) -> None:
        """Draw ``view`` (None: a blank board) with the game's renderer on the board canvas;
        the plain table if the renderer fails. ``mark(cv)`` may add marks before painting;
        ``fade_key`` names the position shown: when it changes, the old picture fades out."""
        wrap, board = _el("board-wrap"), _el("board")
        if not wrap or not board:
            return
        if fade_key is not None and view is not None:
            self.fade_from(board, fade_key)
        width = max(int(wrap.clientWidth), 280)
        avail = max(int(js.window.innerHeight) - 140, 360)
        cv = Canvas(width, avail, lang=self.lang)
        if view is not None:
            render = get_renderer(s.game.name)
            try:
                render(cv, view, acts, me)
                s.rename_canvas(cv)
                self.renderer_note = ""
            except Exception as exc:  # a renderer bug must not stop the game
                js.console.error(f"renderer {s.game.name} failed: {exc!r}")
                cv = Canvas(width, avail, lang=self.lang)
                generic.render(cv, view, acts, me)
                s.rename_canvas(cv)
                self.renderer_note = T("The board could not be drawn; showing the plain table.")
        self.cv = cv
        height = max(int(cv.height), 120)
        dpr = float(js.window.devicePixelRatio or 1)
        board.style.width = f"{width}px"
        board.style.height = f"{height}px"
        board.width = int(round(width * dpr))
        board.height = int(round(height * dpr))
        # the clickable regions, for tests and tools (CSS px: x, y, w, h, action indexes)
        # (then whether it has a tip, its coach probe as JSON or null, its reference id or null)
        board.dataset.hits = json.dumps([[round(t.x), round(t.y), round(t.w), round(t.h), t.actions, bool(t.tip),
                                          t.probe, t.ref]
                                         for t in cv.hits if t.actions or t.tip or t.probe or t.ref])
        if mark is not None:
            mark(cv)
        ctx = board.getContext("2d")
        cv.height = height
        cv.paint(ctx, dpr)

    # ---- playing ------------------------------------------------------------------------
    def play_index(self, index: int) -> None:
        s = self.session
        if s is None or self.mode != "play":
            return
        if not s.action_dicts():
            return
        try:
            s.apply_index(index)
        except IllegalAction as exc:
            self.flash(exc)
            return
        self.after_action()

    def after_action(self) -> None:
        self.autosave()
        self.refresh()

    def autosave(self) -> None:
        """Save the game on the table into its save, unless another tab changed that save
        since this tab last wrote it (then nothing is overwritten: see ``follow_other_tab``)."""
        s = self.session
        if s is None or self.mode != "play" or not self.sid or self.conflict:
            return
        result = self.saves.autosave(self.sid, self.save_name, s.record.model_dump(mode="json"), s.is_over(),
                                     self.known)
        self.known, self.save_name = result.known, result.name
        if result.outcome not in ("saved", "failed"):
            self.follow_other_tab(result.outcome, result.stored)
        elif result.outcome == "failed":
            if not self.unsaved:
                self.flash(result.message)
            self.unsaved = True
        else:
            if self.unsaved and self.banner and self.banner[0] == FULL_MESSAGE:
                self.banner = None
                el = _el("banner")
                if el:
                    el.outerHTML = self.banner_html()
            self.unsaved = False

    def table_command(self, cmd: str, arg: str) -> None:
        """A button of the table (one of ``TABLE_COMMANDS``), handed over by ``App.command``."""
        s = self.session
        if cmd == "conflict-copy":
            self.save_conflict_copy()
        elif cmd == "conflict-load":
            self.load_other_tab()
        elif cmd == "show-choices":
            self.show_choices()
        elif cmd == "hints":
            self.toggle_hints()
        elif cmd == "suggest":
            self.suggest()
            self.render_actions()
        elif cmd == "act":
            self.hide_popups()
            self.play_index(int(arg))
        elif cmd in ("pick", "pick-back"):
            self.pick(arg, back=cmd == "pick-back")
        elif cmd == "close-chooser":
            self.hide_popups()
        elif cmd == "handoff" and s is not None:
            s.confirm_handoff()
            self.refresh()
        elif cmd == "undo" and s is not None:
            undone, count = s.undo_text(), s.undo_count()
            if not count:  # the button looks disabled: say why, and leave the bots to their move
                self.flash(s.undo_why() or T("Nothing to undo yet."), "info")
                return
            self.stop_loop()  # a bot thinking about the position undone: its request is dropped
            try:
                s.undo()
            except IllegalAction as exc:
                self.flash(exc)
                return
            self.autosave()
            self.flash(T("Undone: {move}", move=_Named(undone, s)) if count == 1 else
                       T("Undone: {move}, and the bots’ moves after it", move=_Named(undone, s)), "info")
            self.refresh()
        elif cmd == "pause":
            self.paused = not self.paused
            if self.paused:
                self.stop_loop()
            self.refresh()
        elif cmd == "step" and s is not None:
            self.watch_step()
            self.refresh()
        elif cmd == "restart" and s is not None:
            floor = s.fork_floor()
            start = s.record.model_copy(update={"actions": self.watch_actions[:floor]})
            session = Session.load(start)
            session.spectate = True
            self.open_session(session, None, "", mode="watch", watch_actions=self.watch_actions)
        elif cmd == "takeover" and s is not None:
            session = Session.load(s.record.model_copy(deep=True))
            sid = self.saves.new_id()
            self.open_session(session, sid, L("{game} · from a watched game", game=session.game.title))
            self.autosave()
        elif cmd == "again" and s is not None:
            self.show_new(s.game.name, s.record.players, [seat.model_dump() for seat in s.seats])

    # ---- popups on the canvas ---------------------------------------------------------
    def hide_popups(self) -> None:
        """Hide the tip and the chooser and empty them: nothing of a player's view stays in the
        page when the table is handed to the next player."""
        for id_ in ("tip", "chooser", "note"):
            el = _el(id_)
            if el:
                el.hidden = True
                el.textContent = ""

    def show_tip(self, hit, x: float, y: float) -> None:
        tip = _el("tip")
        if not tip:
            return
        if hit is None or not hit.tip:
            tip.hidden = True
            return
        tip.textContent = hit.tip
        tip.hidden = False
        width = float(_el("board-wrap").clientWidth)
        tip.style.left = f"{max(4, min(x + 14, width - 260))}px"
        tip.style.top = f"{y + 16}px"

    def canvas_point(self, event) -> tuple[float, float]:
        return float(event.offsetX), float(event.offsetY)

    def on_canvas_click(self, event) -> None:
        if self.cv is None:
            return
        if self.tip_by_press:  # the click that ends a long press only reads the card
            self.tip_by_press = False
            return
        x, y = self.canvas_point(event)
        self.activate_hit(self.cv.hit_at(x, y), x, y)

    def activate_hit(self, hit, x: float, y: float) -> None:
        """A click (or Enter) on a board spot at (x, y): play its action, open the chooser of
        its actions, or show what it is and why it cannot be played."""
        self.hide_popups()
        if hit is None:
            return
        acts = [i for i in hit.actions if isinstance(i, int)]
        if len(acts) == 1:
            self.play_index(acts[0])
        elif len(acts) > 1:
            self.chooser_acts = acts
            self.picked["chooser"] = []
            self.render_chooser()
            ch = _el("chooser")
            width = float(_el("board-wrap").clientWidth)
            ch.style.left = f"{max(4, min(x, width - 344))}px"
            ch.style.top = f"{y + 8}px"
            ch.hidden = False
        elif hit.probe or hit.ref or hit.tip:
            self.show_note(hit, x, y)

    def show_note(self, hit, x: float, y: float) -> None:
        """A click on a spot that is not a legal choice: the coach's reason why not (when the
        spot stands for a move), the spot's text, and a link to its rule in How to play. It
        stays until the next click, so its link can be reached (hover tips cannot)."""
        note, s = _el("note"), self.session
        if not note or s is None:
            return
        why = s.explain(hit.probe) if hit.probe is not None and self.mode == "play" else None
        note.textContent = ""
        if why:
            p = js.document.createElement("p")
            p.className = "coach-why"
            p.textContent = why
            note.appendChild(p)
        if hit.tip:
            p = js.document.createElement("p")
            p.className = "coach-tip"
            p.textContent = hit.tip
            note.appendChild(p)
        if hit.ref:
            b = js.document.createElement("button")
            b.className = "rule-link"
            b.id = "note-rule"
            b.dataset.cmd = "rules"
            b.dataset.arg = f"{s.game.name}#{rules_page.ref_anchor(hit.ref)}"
            b.textContent = L("Rule") + " ›"
            note.appendChild(b)
        if not note.firstChild:
            return
        _el("tip").hidden = True
        note.hidden = False
        width = float(_el("board-wrap").clientWidth)
        note.style.left = f"{max(4, min(x + 8, width - 288))}px"
        note.style.top = f"{y + 12}px"

    def on_pointermove(self, event) -> None:
        if getattr(event.target, "id", "") != "board" or self.cv is None:
            return
        if str(event.pointerType) == "touch":
            return
        x, y = self.canvas_point(event)
        hit = self.cv.hit_at(x, y)
        event.target.style.cursor = ("pointer" if hit is not None and hit.actions else
                                     "help" if hit is not None and (hit.probe or hit.ref) else "default")
        if (_el("chooser") and not _el("chooser").hidden) or (_el("note") and not _el("note").hidden):
            return
        self.show_tip(hit, x, y)

    def on_pointerdown(self, event) -> None:
        if getattr(event.target, "id", "") != "board" or self.cv is None:
            return
        self.tip_by_press = False
        if str(event.pointerType) != "mouse":
            x, y = self.canvas_point(event)
            hit = self.cv.hit_at(x, y)
            if hit is not None and hit.tip:
                self.press_task = asyncio.ensure_future(self._long_press(hit, x, y))

    async def _long_press(self, hit, x, y) -> None:
        """A touch held for half a second shows the card's text; lifting the finger then does
        not play it (see ``on_canvas_click``)."""
        await asyncio.sleep(0.5)
        self.show_tip(hit, x, y)
        self.tip_by_press = True

    def on_pointerup(self, event) -> None:
        if self.press_task is not None and not self.press_task.done():
            self.press_task.cancel()
        self.press_task = None
        if str(event.type) == "pointerleave" and getattr(event.target, "id", "") == "board":
            tip = _el("tip")
            if tip:
                tip.hidden = True

    def on_contextmenu(self, event) -> None:
        if getattr(event.target, "id", "") == "board":
            event.preventDefault()  # a long press shows the tip instead of the menu
