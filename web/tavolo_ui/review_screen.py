"""The review screen: replay any game, from a save, from the table or from a watch link (all
of its moves), position by position.

One object, ``ReviewScreen``, built by ``App`` (``app.py``) with the page (``page.Page``), the
table (the game reviewed from it, the board painted as the table paints it, the game played on
from a position) and the dialogs (the modal box, downloads). The model is ``review.Review``;
this module only draws it and routes the controls:

- a scrubber over every action, back and forward by one action and by one turn or round,
  jump to start and end, play at an adjustable speed;
- the log beside the board, its line for the current position highlighted; clicking a line
  goes to the position after it;
- whose eyes: the seat that opened it (its own cards at the time, nothing of the others');
  once the game is over, a "Seen by" choice of any seat or the public view.

Everything goes through ``data-cmd`` buttons (``review-<what>``), the range input
``#review-pos`` and the selects ``#review-speed`` / ``#review-seen``.
"""

from __future__ import annotations

import asyncio
from html import escape as h
from typing import Callable

import js  # type: ignore[import-not-found]

from engines.core.i18n import texts

from .bidi import Isolated
from .canvas import Canvas
from .chart import draw_scores
from .dialogs import Dialogs
from .distance import LAP_NOTHING_YET
from .home import short_title
from .new_game import bot_level_name, default_level, offered_levels, seat_kind_options
from .new_game_screen import read_seats
from .page import Page, _el
from .review import Review, log_file_name, text_log
from .session import Session, new_seed
from .table import TableScreen
from .words import L

T = texts("ui")
SPEEDS = (0.5, 1, 2, 4)  # moves per second


def show_in_box(box, line) -> None:
    """Scroll the list ``box`` (it scrolls itself) just enough to show ``line``, and never the
    page: on a phone the replay's buttons are above the log, and scrolling the page to each
    position took them out of reach."""
    have, want = box.getBoundingClientRect(), line.getBoundingClientRect()
    if want.top < have.top:
        box.scrollTop += want.top - have.top
    elif want.bottom > have.bottom:
        box.scrollTop += min(want.bottom - have.bottom, want.top - have.top)


EVERYTHING = "all"
"""The "Seen by" select's value for everything at once (a finished game's every hand)."""


def seen_by_html(r: Review, lang: str) -> str:
    """The "Seen by" select, once the game is over (before, the review keeps its viewer's
    eyes and offers nothing): the public view, each seat, and "Everything" (every seat's own
    part beside the public board, ``Review.hands``)."""
    if not r.can_show_everyone():
        return ""
    opts: list[tuple[str, str, bool]] = [("", L("Public view", lang), r.shown is None and not r.everything)]
    opts += [(str(i), r.session.name(i), r.shown == i) for i in range(r.record.players)]
    opts.append((EVERYTHING, L("Everything", lang), r.everything))
    return (f'<label class="review-seen">{h(L("Seen by", lang))} <select id="review-seen">'
            + "".join(f'<option value="{v}"{" selected" if on else ""}>{h(n)}</option>' for v, n, on in opts)
            + "</select></label>")


def hands_html(r: Review, lang: str) -> str:
    """Every seat's own part while "Everything" is shown: under "Seen by <the seat's name>"
    (its lines speak to that seat: "You have 4 gold"), its lines (``Review.hands``, every
    text escaped); "" otherwise."""
    parts = [f'<section class="review-hand" data-seat="{seat}"><h3><span class="dot p{seat}"></span>'
             f'{h(L("Seen by {player}", lang, player=name))}</h3>'
             f'<ul>{"".join(f"<li>{h(line)}</li>" for line in lines)}</ul></section>'
             for seat, (name, lines) in enumerate(r.hands(lang))]
    if not parts:
        return ""
    return f'<h3>{h(L("What each player holds", lang))}</h3>{"".join(parts)}'


class ReviewScreen:
    """The review screen: one game (``review``) replayed position by position."""

    def __init__(self, page: Page, table: TableScreen, dialogs: Dialogs) -> None:
        self.page = page
        self.table = table
        self.dialogs = dialogs
        self.review: Review | None = None  # the game in review (None: none)
        self.review_series: list = []  # its scores through the game, for the chart
        self.review_back = "home"  # where "Back" goes: "home" or "table"
        self.review_name = ""  # the reviewed save's name
        self.review_speed = 1.0  # moves a second while it plays
        self.review_task: asyncio.Future[None] | None = None  # its playing forward

    def redraw(self) -> None:
        """The review drawn again in place, in the page's language now."""
        if self.review is None:
            return
        self.review.session.lang = self.page.lang
        self.draw_review()
        self.refresh_review()

    def leave(self, screen: str) -> None:
        """Another screen: the replay stops playing."""
        if screen != "review":
            self.stop_review_play()

    def open_review(self, session, viewer: int | None, back: str = "home", name: str = "",
                    at: int | None = None) -> None:
        """Show ``session``'s game in review, through ``viewer``'s eyes, at position ``at``
        (None: its last one; ``name``: the save's name, which a game played on from a
        position refers to)."""
        self.review_name = name or session.game.title
        self.table.loop.stop_loop()
        self.stop_review_play()
        session.lang = self.page.lang
        self.review = Review(session, viewer)
        if at is not None:
            self.review.go(at)
        self.review_series = self.review.score_series()
        self.review_back = back
        self.draw_review()
        self.refresh_review()

    def review_current(self) -> None:
        """Review the game on the table, at the position shown, through the eyes of the
        player at the device. A watch link is reviewed whole, as a spectator: every move of
        the link, not only those watched so far (``watch_actions``). Nothing without a game on
        the table."""
        s = self.page.session
        if s is None:
            return
        if s.undealt:  # the set-up lap: a replay would deal a set-up of its own, not the game's
            self.page.flash(LAP_NOTHING_YET, "info")
            return
        record = s.record.model_copy(deep=True)
        viewer = s.me() if self.table.mode == "play" else None
        if self.table.mode == "watch":
            record.actions = [dict(a) for a in self.table.watch_actions]
            record.chance = [dict(o) for o in s.all_chance()]
        self.open_review(Session(record), viewer, back="table", name=self.table.save_name, at=len(s.record.actions))

    def reviewed(self) -> Review:
        """The game in review, for code that runs only while there is one."""
        if self.review is None:
            raise RuntimeError("no game in review")
        return self.review

    # ---- drawing --------------------------------------------------------------------------
    def draw_review(self) -> None:
        r, lang = self.reviewed(), self.page.lang
        g = r.game
        back = (f'<button data-cmd="review-back" id="review-back">'
                f'{h(L("Back to the game", lang) if self.review_back == "table" else L("Home", lang))}</button>')
        rules = f'<button data-cmd="rules" data-arg="{h(g.name)}" id="rules-btn">{h(L("How to play", lang))}</button>'
        text = (f'<button data-cmd="review-text" id="review-text" title="{h(L("Download the game as a readable text", lang))}">'
                f'{h(L("Text log", lang))}</button>')
        fork_why = "" if r.can_fork() else L("A spectator cannot play on from a game in progress.", lang)
        fork_title = (L("Start a new game from this position, with the seats chosen again", lang) if not r.fork_redeals()
                      else L("Start a new game from this position; what you have not seen is dealt again", lang))
        fork = (f'<button data-cmd="review-fork" id="review-fork"{" disabled" if fork_why else ""}'
                f' title="{h(fork_why or fork_title)}">{h(L("Play from here", lang))}</button>')
        buttons = [("review-start", "⇤", L("To the start", lang)),
                   ("review-prev-turn", "«", L("Back one turn", lang)),
                   ("review-prev", "‹", L("Back one move", lang)),
                   ("review-play", "▶", L("Play", lang)),
                   ("review-next", "›", L("Forward one move", lang)),
                   ("review-next-turn", "»", L("Forward one turn", lang)),
                   ("review-end", "⇥", L("To the end", lang))]
        if r.has_rounds():
            buttons[1:1] = [("review-prev-round", "‹ " + L("round", lang), L("Back one round", lang))]
            buttons[-1:-1] = [("review-next-round", L("round", lang) + " ›", L("Forward one round", lang))]
        bar = "".join(f'<button data-cmd="{c}" id="{c}" title="{h(t)}" aria-label="{h(t)}">{s}</button>'
                      for c, s, t in buttons)
        speeds = "".join(f'<option value="{v}"{" selected" if v == self.review_speed else ""}>'
                         f'{h(L("Speed ×{n}", lang, n=v))}</option>' for v in SPEEDS)
        seen = seen_by_html(r, lang)
        title = L("{game} — review", lang, game=g.title)
        self.page.set_screen("review", f"""
{self.page.header(title, '<span class="controls">' + back + fork + text + rules + '</span>',
                  L("{game} — review", lang, game=short_title(g.title)))}
<main class="table review">
{self.page.banner_html()}
<div class="review-bar" role="toolbar" aria-label="{h(L("Replay", lang))}">{bar}
<input type="range" id="review-pos" min="{r.first}" max="{r.n}" value="{r.at}" aria-label="{h(L("Position", lang))}">
<span id="review-where" class="muted" aria-live="polite"></span>
<select id="review-speed" aria-label="{h(L("Speed", lang))}">{speeds}</select>{seen}</div>
<div class="table-main">
<div id="board-wrap" class="board-wrap"><canvas id="board"></canvas>
<div id="tip" class="tip" hidden></div><div id="chooser" class="chooser" hidden></div><div id="note" class="note" role="status" hidden></div></div>
<aside id="side" class="side"><div id="review-hands" class="review-hands" hidden></div><div class="chart-box"><h3>{h(L("Scores through the game", lang))}</h3>
<canvas id="chart" role="img" aria-label="{h(L("Scores through the game", lang))}"></canvas></div>
<details id="log-box" class="log-box" open><summary>{h(L("Game log", lang))}</summary>
<ol id="review-log" class="log"></ol></details></aside></div></main>
<div id="modal" class="modal" hidden></div>""")
        rows = []
        for k, seat, text in r.log_entries(lang):
            dot = f'<span class="dot p{seat}"></span>' if seat is not None else ""
            cls = "event" if seat is None else ""
            rows.append(f'<li class="{cls}" data-at="{k}"><button class="log-go" data-cmd="review-go" data-arg="{k}">'
                        f'{dot}{h(text)}</button></li>')
        _el("review-log").innerHTML = "".join(rows) or f'<li class="muted">{h(L("No moves yet.", lang))}</li>'

    def refresh_review(self) -> None:
        """Draw the current position: the board, the scrubber, the log's current line."""
        r = self.review
        if r is None or self.page.screen != "review":
            return
        lang = self.page.lang
        body = js.document.body.dataset
        body.reviewAt, body.reviewN = str(r.at), str(r.n)
        body.reviewSeen = EVERYTHING if r.everything else "" if r.shown is None else str(r.shown)
        self.table.hide_popups()
        self.table.paint_view(r.session, r.view(), [], r.shown)
        hands = _el("review-hands")
        if hands:
            hands.innerHTML = hands_html(r, lang)
            hands.hidden = not r.everything
        pos = _el("review-pos")
        if pos:
            pos.value = str(r.at)
        where = L("Move {n} of {total}", lang, n=r.at, total=r.n)
        rnd = r.rounds[r.at] if r.at < r.n else (r.rounds[-1] if r.rounds else None)
        if rnd is not None:
            where += " · " + L("round {n}", lang, n=rnd)
        _el("review-where").textContent = where
        first = r.first
        for cmd, off in (("review-start", r.at == first), ("review-prev", r.at == first),
                         ("review-prev-turn", r.at == first), ("review-prev-round", r.at == first), ("review-next", r.at == r.n),
                         ("review-next-turn", r.at == r.n), ("review-next-round", r.at == r.n),
                         ("review-end", r.at == r.n)):
            b = _el(cmd)
            if b:
                b.disabled = off
        play = _el("review-play")
        if play:
            playing = self.review_task is not None and not self.review_task.done()
            play.textContent = "❚❚" if playing else "▶"  # not ⏸: fonts without emoji (Linux) lack it
            label = L("Pause", lang) if playing else L("Play", lang)
            play.title = label
            play.setAttribute("aria-label", label)
        self.paint_chart()
        log = _el("review-log")
        if log:
            old = log.querySelectorAll("li.here")
            for i in range(int(old.length)):
                old.item(i).classList.remove("here")
            lines = log.querySelectorAll(f'li[data-at="{r.at}"]')
            for i in range(int(lines.length)):
                lines.item(i).classList.add("here")
            if int(lines.length):
                show_in_box(log, lines.item(0))

    def paint_chart(self) -> None:
        """The score-over-time chart, the current position marked."""
        r, el = self.review, _el("chart")
        if r is None or el is None:
            return
        width = max(int(el.parentElement.clientWidth) - 22, 200)  # inside the box's padding
        height = 150
        cv = Canvas(width, height, lang=self.page.lang)
        names = [r.session.name(i) for i in range(r.record.players)]
        label = L("rounds", self.page.lang) if r.has_rounds() else L("moves", self.page.lang)
        draw_scores(cv, self.review_series, names, r.n, r.at, label, r.round_ticks())
        dpr = float(js.window.devicePixelRatio or 1)
        el.style.width, el.style.height = f"{width}px", f"{height}px"
        el.width, el.height = int(width * dpr), int(height * dpr)
        cv.paint(el.getContext("2d"), dpr)

    # ---- controls -------------------------------------------------------------------------
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The review's buttons (``review-<what>``), which do nothing when no game is in
        review, and the table's Review (``review-current``)."""
        moves = {"review-start": lambda r: r.go(r.first), "review-end": lambda r: r.go(r.n),
                 "review-prev": lambda r: r.step(-1), "review-next": lambda r: r.step(1),
                 "review-prev-turn": Review.prev_turn, "review-next-turn": Review.next_turn,
                 "review-prev-round": Review.prev_round, "review-next-round": Review.next_round}
        table = {"review-current": lambda _arg: self.review_current(),
                 "review-back": self.with_review(self.back),
                 "review-text": self.with_review(self.download_text),
                 "review-fork": self.with_review(self.fork),
                 "review-fork-start": self.with_review(lambda _r, _arg: self.start_fork()),
                 "review-play": self.with_review(self.play_or_pause),
                 "review-go": self.with_review(self.go)}
        table.update({cmd: self.with_review(self.move(go)) for cmd, go in moves.items()})
        return table

    def with_review(self, run: Callable[[Review, str], None]) -> Callable[[str], None]:
        """A button that runs ``run`` on the game in review, and does nothing without one."""
        def command(arg: str) -> None:
            if self.review is not None:
                run(self.review, arg)
        return command

    def move(self, go: Callable[[Review], None]) -> Callable[[Review, str], None]:
        """A button of the replay's bar: playing stopped, the position moved by ``go``, drawn."""
        def command(r: Review, _arg: str) -> None:
            self.stop_review_play()
            go(r)
            self.refresh_review()
        return command

    def back(self, r: Review, _arg: str) -> None:
        """Back: to the game on the table it was opened from, else home."""
        self.stop_review_play()
        self.review = None
        if self.review_back == "table" and self.page.session is not None:
            self.table.draw_table()
            self.table.refresh()
        else:
            self.page.show_home()

    def download_text(self, r: Review, _arg: str) -> None:
        """Text log: the game downloaded as a readable text, named after the game and the
        moment (``review.log_file_name``)."""
        now = js.Date.new()
        name = log_file_name(r.game.name, int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()),
                             int(now.getHours()), int(now.getMinutes()))
        lang = self.page.lang
        self.dialogs.download(name, text_log(r, lang, lambda level: bot_level_name(level, lang)), "text/plain")

    def fork(self, r: Review, _arg: str) -> None:
        """Play from here: playing stopped, the seats of the new game asked for."""
        self.stop_review_play()
        self.show_fork()

    def play_or_pause(self, r: Review, _arg: str) -> None:
        """▶ / ❚❚: play forward at the chosen speed (from the start again at the end), or stop."""
        if self.review_task is not None and not self.review_task.done():
            self.stop_review_play()
        else:
            if r.at >= r.n:
                r.go(0)
            self.review_task = asyncio.ensure_future(self.review_play())
        self.refresh_review()

    def go(self, r: Review, arg: str) -> None:
        """A line of the log: the position after it (``arg``)."""
        self.stop_review_play()
        try:
            r.go(int(arg))
        except ValueError:
            return
        self.refresh_review()

    def review_input(self, target) -> bool:
        """The scrubber and the two selects; True when ``target`` was one of them."""
        r, tid = self.review, str(getattr(target, "id", "") or "")
        if r is None or tid not in ("review-pos", "review-speed", "review-seen"):
            return False
        if tid == "review-pos":
            self.stop_review_play()
            try:
                r.go(int(float(str(target.value))))
            except ValueError:
                return True
        elif tid == "review-speed":
            try:
                self.review_speed = float(str(target.value))
            except ValueError:
                pass
        else:
            value = str(target.value)
            if value == EVERYTHING:
                r.see_everything()
            else:
                r.seen_by(int(value) if value.isdigit() else None)
        self.refresh_review()
        return True

    # ---- what-if: a new game from this position ---------------------------------------------
    def show_fork(self) -> None:
        """The seats of a game played on from the current position, chosen again."""
        r, lang = self.review, self.page.lang
        if r is None or not r.can_fork():
            return
        levels = offered_levels(r.game)
        rows = []
        for i, seat in enumerate(r.record.seats):
            kind = seat.kind if seat.kind == "human" or seat.kind[4:] in levels else f"bot:{default_level(levels)}"
            rows.append(f'<div class="seat"><span class="dot p{i}"></span>'
                        f'<input class="seat-name" maxlength="40" value="{h(seat.name)}"'
                        f' aria-label="{h(L("Name of seat {n}", lang, n=i + 1))}">'
                        f'<select class="seat-kind" aria-label="{h(L("Seat {n} is", lang, n=i + 1))}">'
                        f'{seat_kind_options(levels, kind, lang, r.game)}</select></div>')
        redeal = ""
        if r.fork_redeals():
            why = L("The game is not over, so what {name} had not seen at this position (other hands, the order "
                    "of the decks, what is still to come) is dealt again: the new game gives nothing away.",
                    lang, name=r.session.name(r.viewer))
            redeal = f'<p class="note-redeal" id="fork-redeal">{h(why)}</p>'
        self.dialogs.modal(f'<h2>{h(L("Play from move {n}", lang, n=r.at))}</h2>'
                   f'<p class="muted">{h(L("A new saved game starts from this position; “{name}” stays as it is.", lang, name=Isolated(self.review_name)))}</p>'
                   f'{redeal}<div id="seats">{"".join(rows)}</div>'
                   f'<div class="buttons"><button data-cmd="close-modal">{h(L("Cancel", lang))}</button>'
                   f'<button class="primary" data-cmd="review-fork-start" id="fork-start">{h(L("Play from here", lang))}</button></div>')

    def start_fork(self) -> None:
        """Start the game played on from the current position: the record cut there, the same
        game, seed and options, the seats as chosen; a new save named after the old one."""
        from engines import new_record
        from engines.core.record import FORMAT, Fork, upgrade

        r = self.review
        if r is None or not r.can_fork():
            return
        seats = read_seats()
        # the new game deals its draws from entropy: the reviewed game's outcomes up to here
        # (written out if its seed dealt them), none of what came after
        record = new_record(r.game, r.record.players, r.record.seed, r.record.options, seats, outcomes=True)
        record.actions = [dict(a) for a in r.record.actions[:r.at]]
        if record.format != FORMAT:
            dealt = upgrade(r.record).chance if r.record.format == FORMAT else r.record.chance
            record.chance = [dict(o) for o in dealt[:getattr(r.state_at(r.at), "dealt", 0)]]
        record.forks = [f.model_copy() for f in r.record.forks if f.at <= r.at]
        if r.fork_redeals() and r.viewer is not None:  # a game in progress (``can_fork``: a seat's
            # view): what the viewer had not seen is dealt again
            record.forks.append(Fork(at=r.at, seat=r.viewer, seed=new_seed(), redeal=r.game.redeal))
        try:
            session = Session(record)
        except Exception as exc:  # never expected: the positions of a review all replay
            self.page.flash(exc)
            return
        name = L("{name} (from move {n})", self.page.lang, name=self.review_name, n=r.at)
        self.dialogs.close_modal()
        self.review = None
        self.page.banner = None
        self.table.open_session(session, self.page.saves.new_id(), name)
        self.table.autosave()

    def stop_review_play(self) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        self.review_task = None

    async def review_play(self) -> None:
        """Forward one move at ``review_speed`` moves a second, to the end."""
        r = self.review
        while r is self.review and r is not None and r.at < r.n and self.page.screen == "review":
            await asyncio.sleep(1.0 / max(0.1, self.review_speed))
            if r is not self.review or self.page.screen != "review":
                return
            r.step(1)
            self.refresh_review()
        self.review_task = None
        self.refresh_review()

