"""The moves the table plays by itself: the bots' turns, and a watched game's moves one by one.

A part of the table screen (``table.TableScreen.loop``), whose ``refresh`` calls
``schedule_loop`` after every change. One task at a time (``loop_task``):

- **A bot's turn.** In a guided first game, while the guide leads, the bot plays the script's
  move (``guide``) after the pause. Otherwise the bot to move thinks in the worker (``thinker.BotWorker``), or on the
  page itself in short slices when the worker cannot run (said once); its progress shows under
  the status line. Its move takes at least the bot pace's pause (``access``), and it is played
  only if the position is still the one it thought about. An action from the worker is checked
  against the engine first (``playable_check``): a worker that answers anything but a legal
  action is replaced and asked again (``thinker``), silently; the move only comes later.
- **Watching.** A watch link's moves are played one every ``WATCH_PAUSE`` seconds, or one by
  one with Step while paused.

Leaving the table, undoing, pausing or opening another game stops the task (``stop_loop``).
"""

from __future__ import annotations

import asyncio
from html import escape as h
from typing import Any

import js  # type: ignore[import-not-found]

from engines import IllegalAction
from engines.core.i18n import texts
from engines.core.search import Explanation

from .page import L, _el
from .saves import Msg
from .session import Session
from .thinker import BotWorker, WorkerUnavailable

T = texts("ui")

PAGE_SLICE = 0.03  # seconds of search between two frames when a bot thinks on the page itself
WATCH_PAUSE = 0.8

# the worker could not start, or kept misbehaving (thinker.MAX_RESTARTS): the detail says which
BOTS_ON_PAGE = Msg(T("The bots think on this page itself (their background worker is not working), so the "
                     "table may pause while they think. Nothing is lost."))


class BotLoop:
    """The moves the table plays by itself: the bots', and a watched game's."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        self.loop_task: asyncio.Future[None] | None = None  # the task playing the next move (one at a time)
        self.bots = BotWorker()  # the bots think in a worker, started after the first screen
        self.bots_on_page_noted = False  # the banner said the bots think on the page itself

    def schedule_loop(self) -> None:
        if self.loop_task is not None and not self.loop_task.done():
            return
        s = self.page.session
        if s is None or s.is_over() or self.table.paused:
            return
        if self.table.mode == "watch":
            if len(s.record.actions) < len(self.table.watch_actions):
                self.loop_task = asyncio.ensure_future(self.watch_loop())
        elif s.bot_to_move() is not None:
            self.loop_task = asyncio.ensure_future(self.bot_loop())

    def stop_loop(self) -> None:
        self.table.hints.drop_suggestion()
        if self.loop_task is not None and not self.loop_task.done():
            self.loop_task.cancel()
        self.loop_task = None

    async def bot_loop(self) -> None:
        """The bot to move thinks (in the worker, or here if the worker cannot), at least
        ``bot_pause()`` seconds (the bot speed setting) so its move can be followed, and plays unless the position
        changed meanwhile (a late answer for a position that no longer exists is dropped)."""
        s = self.page.session
        seat = s.bot_to_move() if s is not None else None
        if seat is None:
            return
        played = len(s.record.actions)
        pause = asyncio.ensure_future(asyncio.sleep(self.table.access.bot_pause()))
        try:
            scripted = self.table.guide.bot_action(s, seat)  # a guided game: the script's move
            action = scripted if scripted is not None else await self.think(s, seat)
            await pause
        except asyncio.CancelledError:
            pause.cancel()
            raise
        except Exception as exc:
            pause.cancel()
            self.page.flash(T("A bot could not move: {reason}", reason=str(exc)))
            return
        if (s is not self.page.session or self.table.paused or self.table.mode != "play"
                or len(s.record.actions) != played
                or s.bot_to_move() != seat):
            return
        try:
            s.apply(action)
        except Exception as exc:
            self.page.flash(T("A bot could not move: {reason}", reason=str(exc)))
            return
        self.loop_task = None
        self.table.after_action()  # schedules the next bot, if any

    async def think(self, s: Session, seat: int) -> Any:
        """The action of ``seat``'s bot, with the progress shown under the status line."""
        self.show_thinking(s, seat, None)
        try:
            action, _value, _why = await self.decide(s, seat, s.bot_level(seat),
                                               lambda share: self.show_thinking(s, seat, share))
            return action
        finally:
            self.show_thinking(s, None, None)

    async def decide(self, s: Session, seat: int, level: str,
                     progress) -> tuple[Any, float | None, Explanation | None]:
        """A ``level`` bot's action for ``seat``, its estimated win chance and why
        (``search.Explanation``; both None when the bot does not search): from the worker,
        else on the main thread in slices (said once). A game opened before the worker was
        started (a link opened at boot) starts it here and waits for it."""
        self.bots.start()  # once: it does nothing when started already or known not to work
        if self.bots.usable():
            try:
                answer = await self.bots.decide(s.record.model_dump_json(), seat, level, progress=progress,
                                                check=self.playable_check(s))
                js.document.body.dataset.botThread = "worker"
                return answer
            except WorkerUnavailable:
                pass
        if not self.bots_on_page_noted:
            self.bots_on_page_noted = True
            self.page.flash(BOTS_ON_PAGE, "info", detail=self.bots.failed)
        js.document.body.dataset.botThread = "page"
        decision = s.decision(seat, level)
        while not decision.step(PAGE_SLICE):
            progress(decision.progress)
            await asyncio.sleep(0)  # let the page draw and take clicks between slices
        return s.game.dump_action(decision.action), decision.value, decision.explanation

    def playable_check(self, s: Session):
        """The page's own check of an action the worker answers for the position on the table
        now: it raises unless the action is one of the legal actions there (a worker is never
        trusted: one that answers anything else is replaced and asked again). A position that
        moved on meanwhile is not checked: its caller drops the answer, and ``apply`` checks
        whatever is played anyway."""
        played = len(s.record.actions)

        def check(action: dict) -> None:
            if s is self.page.session and len(s.record.actions) == played:
                s.game.check(s.state, s.game.parse_action(action))

        return check

    def show_thinking(self, s: Session, seat: int | None, share: float | None, label: str | None = None) -> None:
        """Who is thinking (or ``label``) and how far (``share`` of the search done; None:
        unknown), or nothing when ``seat`` is None."""
        box = _el("thinking")
        if not box or s is not self.page.session:
            return
        if seat is None:
            box.hidden = True
            box.innerHTML = ""
            return
        bar = box.querySelector("progress")
        if not bar or box.hidden or box.dataset.seat != str(seat):
            box.dataset.seat = str(seat)
            text = label or L("{name} is thinking…", name=s.name(seat))
            box.innerHTML = (f'<span class="dot p{seat}"></span> {h(text)} '
                             f'<progress max="1" aria-label="{h(L("Thinking"))}"></progress>')
            box.hidden = False
            bar = box.querySelector("progress")
        if share is not None:
            bar.value = max(0.0, min(1.0, share))

    async def watch_loop(self) -> None:
        s = self.page.session
        await asyncio.sleep(WATCH_PAUSE)
        if s is not self.page.session or self.table.paused or self.table.mode != "watch":
            return
        self.watch_step()
        self.loop_task = None
        self.table.refresh()

    def watch_step(self) -> None:
        s = self.page.session
        n = len(s.record.actions)
        if n < len(self.table.watch_actions):
            try:
                s.apply(self.table.watch_actions[n])
            except IllegalAction as exc:
                self.page.flash(T("This game’s move {n} is not legal: {reason}", n=n + 1, reason=exc.reason))
                self.table.watch_actions = self.table.watch_actions[:n]
