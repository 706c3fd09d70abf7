"""The table screen: a game being played (or watched from a link), its board and its side panel.

One object, ``TableScreen``, built by ``App`` (``app.py``) with the page it is drawn into
(``page.Page``: the banner, the game on the table, the saves) and How to play (``rules_screen``,
for the status line's link to the rules of the phase). Its parts are objects of their own,
each given the table: ``choices`` (``choices_panel``: the choices and the board's chooser),
``loop`` (``bot_loop``: the bots' and a watched game's moves), ``tabs`` (``two_tabs``: another
tab playing the same game), ``hints`` (``suggest``: Suggest a move), ``access`` (``access``:
the keyboard, announcements, motion, the bots' pace), ``end`` (``end_screen``: the end of
the game) and ``guide`` (``guide``: a guided first game, "Learn by playing").

- **The frame.** ``draw_table`` builds the screen once (header with the table's controls,
  board canvas, side panel: status, choices, log); ``refresh`` fills it after anything
  changed. In hot-seat games the table is hidden between two players (the hand-off box) and
  nothing of the previous player's view stays in the page.
- **The board.** ``paint_view`` draws a view with the game's renderer (the plain table if it
  fails); its spots are clicked, hovered (a tip), long-pressed on a touch screen (the tip
  without playing), and a spot that is not a legal choice says why (``show_note``).
- **Playing.** A move is applied to the ``Session``, autosaved into the game's save and the
  table refreshed; ``commands`` are the table's buttons (undo, pause, hand-off, ...).
"""

from __future__ import annotations

import asyncio
import json
import zlib
from html import escape as h
from collections.abc import Mapping
from typing import Any, Callable

import js  # type: ignore[import-not-found]

from engines import IllegalAction
from engines.core.i18n import Text, texts

from . import rules_page
from .access import TableAccess
from .bot_loop import BotLoop
from .canvas import Canvas, popup_left
from .choices_panel import ChoicesPanel
from .distance import Distance
from .distance_screen import AtADistance
from .end_screen import EndOfGame
from .guide import TableGuide
from .home import short_title
from .guide_script import GuidedGame
from .more_menu import close as more_menu_close, more_menu, toggle as more_menu_toggle
from .new_game import FRIEND
from .page import L, Page, _el, tx
from .renderers import generic, get_renderer
from .rules_screen import RulesScreen
from .saves import FULL_MESSAGE, tr
from .session import Session
from .suggest import SUGGEST_LEVEL, Suggestions
from .two_tabs import CONFLICT_STATUS, TwoTabs

T = texts("ui")

class _Named(Text):
    """A log line shown with the seats' names (``Session.show``) in whatever language it is
    rendered in (a banner that outlives a language switch)."""

    __slots__ = ("session",)

    def __init__(self, inner: Any, session: Session):
        super().__init__("ui", "{text}", {"text": inner})
        self.session = session

    def render(self, lang: str = "en") -> str:
        return self.session.rename(tr(self.params["text"], lang), lang=lang)


class TableScreen:
    """The table: the game on it (``Page.session``), how it is played or watched, and its save."""

    def __init__(self, page: Page, rules: RulesScreen) -> None:
        self.page = page
        self.rules = rules
        self.sid: str | None = None  # the save the current game autosaves into
        self.known: str | None = None  # the stamp of the record this tab last wrote into / read from it
        self.conflict: str | None = None  # another tab changed that save (saves.DIVERGED or GONE)
        self.save_name = ""
        self.unsaved = False  # the last autosave failed
        self.unsaved_why: Any = None  # why it failed (``saves.FULL_MESSAGE``, ...), for the send box
        self.mode = "play"  # or "watch"
        self.watch_actions: list[dict] = []
        self.paused = False
        self.cv: Canvas | None = None
        self.renderer_note: Text | str = ""
        # the banner saying why Undo is not possible: (its message, the seat it was for, how
        # many actions the game had then); it goes once that seat has acted (``drop_undo_note``)
        self.undo_note: tuple[Any, int | None, int] | None = None
        self.press_task: asyncio.Future[None] | None = None
        self.tip_by_press = False  # a long press just showed a tip: its click must not play
        # the table's parts
        self.choices = ChoicesPanel(self)
        self.loop = BotLoop(self)
        self.tabs = TwoTabs(self)
        self.hints = Suggestions(self)
        self.access = TableAccess(self)
        self.end = EndOfGame(self)
        self.guide = TableGuide(self)
        self.distance = AtADistance(self)

    # ---- the screen ---------------------------------------------------------------------
    def redraw(self) -> None:
        """The table drawn again in place (a language switch), the log folded as it was."""
        if self.page.session is None:
            return
        box = _el("log-box")
        log_open = bool(box.open) if box else None
        self.draw_table()
        box = _el("log-box")
        if box is not None and log_open is not None:
            box.open = log_open
        self.refresh()

    def leave(self, screen: str) -> None:
        """No tip, chooser or note of the board stays over the next screen."""
        self.hide_popups()

    def resized(self) -> None:
        """The window changed size: the board (and the end chart) painted again to fit."""
        self.access.end_fade()
        handoff = self.page.on_table().handoff_to() if self.mode == "play" else None
        self.paint(blank=handoff is not None)
        self.access.fit_board_box()
        self.access.repoint()
        if self.page.on_table().is_over():
            self.end.paint_end_chart(self.page.on_table())

    def stop_playing(self) -> None:
        """Another screen instead of the table: the bots and the watched game stop."""
        self.loop.stop_loop()
        self.mode = "play"

    def forget_game(self) -> None:
        """After an unexpected error: no game on the table, and no save to write into."""
        self.page.session, self.sid, self.known, self.conflict, self.mode = None, None, None, None, "play"

    # ---- the table ----------------------------------------------------------------------
    def open_session(self, session: Session, sid: str | None, name: str, mode: str = "play",
                     watch_actions: list[dict] | None = None, known: str | None = None,
                     guided: GuidedGame | None = None, distance: Distance | None = None) -> None:
        """Show ``session`` on the table; it autosaves into save ``sid`` (None: not saved),
        whose stored record has the stamp ``known`` (None: not written yet); ``guided``: the
        guide leading it (a guided first game); ``distance``: what makes it a game at a
        distance (None: whatever its save says)."""
        self.loop.stop_loop()
        self.distance.attach(session, sid if mode == "play" else None, distance)
        self.guide.run, self.guide.refused = guided, None
        self.page.session, self.sid, self.save_name, self.mode = session, sid, name, mode
        self.known, self.conflict = known, None
        self.watch_actions = watch_actions or []
        self.paused = False
        self.unsaved = False
        if sid:
            self.page.saves.set_last(sid)
        session.lang = self.page.lang
        self.draw_table()
        self.refresh()

    def draw_table(self) -> None:
        """The table screen's frame (header, board, side panel), in the page's language;
        ``refresh`` fills it."""
        g, mode = self.page.on_table().game, self.mode
        first = (f'<button data-cmd="undo" id="undo">{h(L("Undo"))}</button>'
                 f'<button data-cmd="pause" id="pause" hidden>{h(L("Pause"))}</button>')
        more = (f'<button data-cmd="share" id="share-btn">{h(L("Share"))}</button>'
                f'<button data-cmd="savecopy" id="savecopy">{h(L("Save copy"))}</button>'
                + (self.hints.hints_button() if SUGGEST_LEVEL in g.bots() else ""))
        if mode == "watch":
            first = f'<button data-cmd="pause" id="pause">{h(L("Pause"))}</button>'
            more = (f'<button data-cmd="step" id="step">{h(L("Step"))}</button>'
                    f'<button data-cmd="restart" id="restart">{h(L("Restart"))}</button>'
                    f'<button data-cmd="takeover" id="takeover" title="{h(L("Keep this game as a save and play on from here"))}">'
                    f'{h(L("Play from here"))}</button>')
        more += (f'<button data-cmd="review-current" id="review-btn" title="{h(L("Replay this game, move by move"))}">'
                 f'{h(L("Review"))}</button>'
                 f'<button data-cmd="rules" data-arg="{h(g.name)}" id="rules-btn">{h(L("How to play"))}</button>')
        short = short_title(g.title)
        title, short = ((L("{game} — watching", game=g.title), L("{game} — watching", game=short))
                        if mode == "watch" else (g.title, short))
        self.page.set_screen("watch" if mode == "watch" else "table", f"""
{self.page.header(title, '<span class="controls">' + first + more_menu(more) + '</span>', short)}
<main class="table">
{self.page.banner_html()}
<div id="results" class="results" hidden></div>
<div class="table-main">
<div id="board-wrap" class="board-wrap"><canvas id="board" tabindex="0" role="application"
 aria-label="{h(L("Board: the arrow keys go through the places you can play, Enter plays"))}"></canvas>
<div id="tip" class="tip" hidden></div><div id="chooser" class="chooser" hidden></div><div id="note" class="note" role="status" hidden></div></div>
<aside id="side" class="side">
<div id="coach" class="coach" role="status" aria-live="polite" hidden></div>
<div id="status" class="status" tabindex="-1"></div>
<div id="thinking" class="thinking" role="status" hidden></div>
<div id="pace-box">{self.access.pace_html()}</div>
<div id="actions" class="actions"></div>
<section id="twin" class="sr-only" aria-label="{h(L("The table in words"))}"></section>
<details id="log-box" class="log-box"{" open" if int(js.window.innerWidth) > 760 else ""}><summary>{h(L("Game log"))}</summary><ol id="log" class="log"></ol></details>
</aside></div></main>
<div id="handoff" class="handoff" hidden></div>
<div id="announce" class="sr-only" aria-live="polite"></div><div id="spot-say" class="sr-only" aria-live="polite"></div>
<div id="modal" class="modal" hidden></div>""")

    def refresh(self) -> None:
        """Redraw the table after anything changed, then let bots or the watch loop go on."""
        s = self.page.session
        if s is None or self.page.screen not in ("table", "watch"):
            return
        body = js.document.body.dataset
        body.game = s.game.name
        body.actions = str(len(s.record.actions))
        body.toMove = "" if s.to_move() is None else str(s.to_move())
        body.over = "1" if s.is_over() else "0"
        # the position's checksum: a seeded dealer (a source of chance beside the state) left out
        body.stateHash = f"{zlib.crc32(s.state.model_dump_json(exclude={'dealer'}).encode()) & 0xFFFFFFFF:08x}"
        handoff = s.handoff_to() if self.mode == "play" else None
        body.handoff = "" if handoff is None else str(handoff)
        self.hide_popups()
        ho = _el("handoff")
        if handoff is not None:
            undo = (f'<button data-cmd="undo">{h(L("Undo my last move"))}</button>' if s.can_undo() else "")
            prev = (h(L("{name} has played.", name=s.name(s.at_device))) + " ") if s.at_device is not None else ""
            note = self.tabs.handoff_note()  # another tab changed this game (``two_tabs``)
            heading = (L("This move is for {name}", name="\x00") if s.link_for is not None
                       else L("Pass the device to {name}", name="\x00"))
            button = L("I am {name}: show my table", name=s.name(handoff))
            if s.link_for is not None:  # a move link opened: only its seat may look
                prev, undo = "", (f'<button data-cmd="not-my-link">{h(L("This link is not for me"))}</button>')
            hidden = f'<p class="muted">{prev}{h(L("The table is hidden."))}</p>'
            lap = self.distance.lap_handoff(s)
            if lap is not None:  # a link of the set-up lap: no move in it, no table yet
                (heading, button), hidden = lap, ""
            pass_to = h(heading).replace("\x00", f'<span id="handoff-name">{h(s.name(handoff))}</span>')
            welcome = self.distance.welcome_html(s)
            top = (f'<h2>{pass_to}</h2>{welcome}' if lap is not None else  # the invitation first
                   f'{welcome}{hidden}<h2>{pass_to}</h2>')
            ho.innerHTML = (f'<div class="handoff-box">{note}{top}'
                            f'<button class="primary big" data-cmd="handoff">{h(button)}</button>'
                            f'{undo}</div>')
            ho.hidden = False
            # nothing of the previous player's view stays on the page underneath
            _el("actions").innerHTML = ""
            if _el("twin"):
                _el("twin").innerHTML = ""
            more_menu_close()
            self.paint(blank=True)
            self.update_controls()
            return
        ho.hidden = True
        ho.innerHTML = ""
        for part in ("board-wrap", "pace-box", "log-box"):  # nothing to show of them before the set-up
            el = _el(part)
            if el:
                el.hidden = bool(s.undealt)
        if s.undealt:  # a game at a distance in its set-up lap: nothing is dealt, so no board to show
            self.paint(blank=True)
            _el("status").innerHTML = f'<div class="to-act">{h(self.status_line())}</div>'
            _el("actions").innerHTML = self.distance.lap_html()
            _el("actions").classList.toggle("sending", True)
            self.update_controls()
            return
        self.paint()
        self.update_panel()
        self.update_controls()
        self.access.fit_board_box()  # the coach and the status are drawn: the box fits under them
        self.show_guide_spot()
        self.access.announce_changes()
        self.access.restore_focus()
        self.access.repoint()
        self.loop.schedule_loop()

    def update_controls(self) -> None:
        s = self.page.on_table()
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
        if hints:  # nothing to suggest once the game is over, nor before it is dealt
            hints.hidden = s.is_over() or s.undealt
        for part in ("savecopy", "review-btn"):  # the set-up lap: no table yet to copy or replay
            el = _el(part)
            if el:
                el.hidden = s.undealt
        pause = _el("pause")
        if pause:
            show = self.mode == "watch" or (s.bot_only() and not s.is_over())
            pause.hidden = not show
            pause.textContent = L("Resume") if self.paused else L("Pause")
        step = _el("step")
        if step:
            step.disabled = not self.paused or len(s.record.actions) >= len(self.watch_actions)

    def update_panel(self) -> None:
        s = self.page.on_table()
        seat = s.to_move()
        me = s.me()
        status = [f'<div class="to-act">{h(self.status_line())}{self.rules.phase_link(self.page.session, self.mode)}</div>']
        if self.mode == "watch":
            move = L("Move {n} of {total}", n=len(s.record.actions), total=len(self.watch_actions))
            status.append(f'<div class="muted">{h(move)}{h(" · " + L("paused")) if self.paused else ""}</div>')
        elif me is not None and len(s.here_humans()) > 1:
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

        self.guide.render()
        self.choices.render_actions()
        sending = bool(self.distance.to_send())
        if sending:  # a friend at a distance to move (or to tell the end): their link
            _el("actions").innerHTML = self.distance.send_box_html()
        _el("actions").classList.toggle("sending", sending)  # on a phone, above the board

        self.end.show_results(s)

        log = _el("log")
        items = "".join(f'<li><span class="dot p{seat_}"></span>{h(text)}</li>' if seat_ is not None
                        else f'<li class="event">{h(text)}</li>' for seat_, text in s.log_lines(self.page.lang)[-200:])
        log.innerHTML = items or f'<li class="muted">{h(L("No moves yet."))}</li>'
        log.scrollTop = log.scrollHeight

    def status_line(self) -> str:
        """The panel's first line: who acts now or who won; a spectator (watch links, bots
        only) is told they are watching and whose turn it is, never "you"."""
        s = self.page.on_table()
        lap = self.distance.lap_status()
        if lap:  # the set-up lap of a game at a distance: who it waits for
            return lap
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
            return {k: str(v) for k, v in dict(s.game.score_categories(self.page.lang)).items()}
        except Exception as exc:
            js.console.error(f"score_categories failed: {exc!r}")
            return {}

    # ---- the board ----------------------------------------------------------------------
    def paint(self, blank: bool = False) -> None:
        s = self.page.on_table()
        if blank:
            self.paint_view(s, None, [], None)
            return
        view = s.game.view(s.state, s.me()) if self.mode == "play" else s.game.view(s.state, None)
        acts = s.action_dicts() if self.mode == "play" else []
        me = s.me() if self.mode == "play" else None
        self.access.update_twin(s, view, me)
        self.paint_view(s, view, acts, me, mark=self.mark_board, fade_key=(id(s), len(s.record.actions), me))
        self.show_guide_spot()

    def show_guide_spot(self) -> None:
        """The spots the player acts on brought into sight in the board's box (on a phone the
        board scrolls in it): in a guided game the spot the coach points at; else, on the
        player's turn, the spots of their choices, so a turn never opens on a part of the
        board where nothing can be chosen (the box stays put while one of them shows)."""
        if self.cv is None:
            return
        index = self.guide.expected_index()
        if index is not None:
            self.access.bring_into_box([t for t in self.cv.hits if index in t.actions])
        else:
            self.access.bring_into_box([t for t in self.cv.hits if t.actions])

    def mark_board(self, cv) -> None:
        """The marks added to a freshly rendered board: the guide's ring, then the suggestion
        and the focus ring (``access``)."""
        self.guide.mark_board(cv)
        self.access.mark_board(cv)

    def paint_view(self, s: Session, view: Mapping[str, Any] | None, acts: list[dict], me: int | None, mark=None,
                   fade_key: tuple | None = None) -> None:
        """Draw ``view`` (None: a blank board) with the game's renderer on the board canvas;
        the plain table if the renderer fails. ``mark(cv)`` may add marks before painting;
        ``fade_key`` names the position shown: when it changes, the old picture fades out."""
        wrap, board = _el("board-wrap"), _el("board")
        if not wrap or not board:
            return
        if fade_key is not None and view is not None:
            self.access.fade_from(board, fade_key)
        width = max(int(wrap.clientWidth), 280)
        avail = max(int(js.window.innerHeight) - 140, 360)
        cv = Canvas(width, avail, lang=self.page.lang)
        if view is not None:
            render = get_renderer(s.game.name)
            try:
                render(cv, view, acts, me)
                s.rename_canvas(cv)
                self.renderer_note = ""
            except Exception as exc:  # a renderer bug must not stop the game
                js.console.error(f"renderer {s.game.name} failed: {exc!r}")
                cv = Canvas(width, avail, lang=self.page.lang)
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
        s = self.page.session
        if s is None or self.mode != "play":
            return
        if not s.action_dicts():
            return
        if self.guide.refuse(index):  # a guided game: only the guide's move now
            return
        try:
            s.apply_index(index)
        except IllegalAction as exc:
            self.page.flash(exc)
            return
        self.after_action()

    def after_action(self) -> None:
        self.drop_undo_note()
        self.autosave()
        self.refresh()

    def drop_undo_note(self) -> None:
        """Take down the banner saying why Undo is not possible once the person it spoke to
        has made a move since (it was about the move before), or the game went back before
        it; a banner showing something else stays."""
        s, note = self.page.session, self.undo_note
        if note is None or s is None:
            return
        msg, seat, at = note
        if len(s.record.actions) < at or seat in s.actors[at:]:
            self.undo_note = None
            if self.page.banner and self.page.banner[0] is msg:
                self.page.clear_banner()

    def autosave(self) -> None:
        """Save the game on the table into its save, unless another tab changed that save
        since this tab last wrote it (then nothing is overwritten: see ``follow_other_tab``)."""
        s = self.page.session
        if s is None or self.mode != "play" or not self.sid or self.conflict:
            return
        result = self.page.saves.autosave(self.sid, self.save_name, s.record.model_dump(mode="json"), s.is_over(),
                                          self.known, distance=self.distance.stored())
        self.known, self.save_name = result.known, result.name
        if result.outcome not in ("saved", "failed"):
            self.tabs.follow_other_tab(result.outcome, result.stored)
        elif result.outcome == "failed":
            if not self.unsaved:
                self.page.flash(result.message)
            self.unsaved, self.unsaved_why = True, result.message
        else:
            if self.unsaved and self.page.banner and self.page.banner[0] == FULL_MESSAGE:
                self.page.clear_banner()
            self.unsaved = False

    # ---- the table's buttons ------------------------------------------------------------
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The table's buttons (``data-cmd``), each given its ``data-arg``; those about the
        game on the table do nothing when there is none."""
        return {**self.guide.commands(), **self.distance.commands(),
                "conflict-copy": lambda _arg: self.tabs.save_conflict_copy(),
                "conflict-load": lambda _arg: self.tabs.load_other_tab(),
                "more": more_menu_toggle,
                "hints": lambda _arg: self.hints.toggle_hints(),
                "suggest": self.ask_suggestion,
                "act": self.act,
                "pick": self.choices.pick,
                "pick-back": lambda arg: self.choices.pick(arg, back=True),
                "close-chooser": lambda _arg: self.hide_popups(),
                "pause": self.toggle_pause,
                "handoff": self.with_game(self.handoff),
                "undo": self.with_game(self.undo),
                "step": self.with_game(self.step),
                "restart": self.with_game(self.restart),
                "takeover": self.with_game(self.takeover),
                "again": self.with_game(self.again)}

    def with_game(self, run: Callable[[Session], None]) -> Callable[[str], None]:
        """A button that runs ``run`` on the game on the table, and does nothing without one."""
        def command(_arg: str) -> None:
            if self.page.session is not None:
                run(self.page.session)
        return command

    def ask_suggestion(self, _arg: str) -> None:
        """Suggest a move: the search started, its button shown busy."""
        self.hints.suggest()
        self.choices.render_actions()

    def act(self, arg: str) -> None:
        """A choice's button: legal action number ``arg`` played."""
        self.hide_popups()
        self.play_index(int(arg))

    def handoff(self, s: Session) -> None:
        """"I am ...": the hot-seat table shown to the player at the device."""
        s.confirm_handoff()
        self.distance.confirmed()
        self.refresh()

    def undo(self, s: Session) -> None:
        """Undo: the person's last move taken back (with the bots' moves after it), or why not."""
        undone, count = s.undo_text(), s.undo_count()
        if not count:  # the button looks disabled: say why, and leave the bots to their move
            msg = _Named(s.undo_why() or T("Nothing to undo yet."), s)
            self.page.flash(msg, "info")
            self.undo_note = (msg, s.me(), len(s.record.actions))
            return
        self.loop.stop_loop()  # a bot thinking about the position undone: its request is dropped
        try:
            s.undo()
        except IllegalAction as exc:
            self.page.flash(exc)
            return
        self.autosave()
        self.page.flash(T("Undone: {move}", move=_Named(undone, s)) if count == 1 else
                        T("Undone: {move}, and the bots’ moves after it", move=_Named(undone, s)), "info")
        self.refresh()

    def toggle_pause(self, _arg: str) -> None:
        """Pause or Resume the bots (or the watched game)."""
        self.paused = not self.paused
        if self.paused:
            self.loop.stop_loop()
        self.refresh()

    def step(self, s: Session) -> None:
        """Step: the watched game's next move, while paused."""
        self.loop.watch_step()
        self.refresh()

    def restart(self, s: Session) -> None:
        """Restart: the watched game from its start (its fork, for a forked game)."""
        floor = s.fork_floor()
        start = s.record.model_copy(update={"actions": self.watch_actions[:floor], "chance": s.all_chance()})
        session = Session.load(start, watch=True)
        session.spectate = True
        self.open_session(session, None, "", mode="watch", watch_actions=self.watch_actions)

    def takeover(self, s: Session) -> None:
        """Play from here: the watched game, as far as it was shown, kept as a new save to play on."""
        session = Session.load(s.record.model_copy(deep=True))
        sid = self.page.saves.new_id()
        self.open_session(session, sid, L("{game} · from a watched game", game=session.game.title))
        self.autosave()

    def again(self, s: Session) -> None:
        """Play again: the New game form of the same game, with the same seats (a friend at a
        distance still one)."""
        seats = [dict(seat.model_dump(), **({"kind": FRIEND} if s.is_human(i) and not s.is_here(i) else {}))
                 for i, seat in enumerate(s.seats)]
        self.page.screens["new"].show(s.game.name, s.record.players, seats)

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
        tip.style.left = f"{popup_left(x + 14, float(tip.offsetWidth), float(_el('board-wrap').clientWidth))}px"
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
            self.choices.open_chooser(acts)
            ch = _el("chooser")
            width = float(_el("board-wrap").clientWidth)
            ch.style.left = f"{max(4, min(x, width - 344))}px"
            ch.style.top = f"{y + 8}px"
            ch.hidden = False
        elif hit.probe or hit.ref or hit.tip:
            self.show_note(hit, x, y)

    def show_note(self, hit, x: float, y: float) -> None:
        """A click on a spot that is not a legal choice: the coach's reason why not (when the
        spot stands for a move), the spot's text, and a link to its rule in How to play: the
        rule that refused the move, else the spot's own entry (``Session.coach``). It stays until
        the next click, so its link can be reached (hover tips cannot)."""
        note, s = _el("note"), self.page.session
        if not note or s is None:
            return
        why, link = s.coach(hit.probe, hit.ref) if hit.probe is not None and self.mode == "play" else (None, hit.ref)
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
        if link:
            b = js.document.createElement("button")
            b.className = "rule-link"
            b.id = "note-rule"
            b.dataset.cmd = "rules"
            b.dataset.arg = f"{s.game.name}#{rules_page.ref_anchor(link)}"
            b.textContent = L("Rule") + " ›"
            note.appendChild(b)
        if not note.firstChild:
            return
        _el("tip").hidden = True
        note.hidden = False
        note.style.left = f"{popup_left(x + 8, float(note.offsetWidth), float(_el('board-wrap').clientWidth))}px"
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
