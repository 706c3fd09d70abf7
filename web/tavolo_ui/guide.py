"""A guided first game on the table ("Learn by playing"): the coach panel, the spot pointed
at on the board and in the choices, and the learner's clicks held to the script.

A part of the table screen (``table.TableScreen.guide``). What the guide decides is
``guide_script.GuidedGame``'s (pure Python); this draws it:

- **Starting.** "Learn by playing" (``learn``, on a game's card and in How to play) starts
  the game of the guide's seats, seed and options in a new save, in the page's language.
- **The bots.** While the script leads, a bot plays its scripted move at the usual bot pace
  (``bot_action``, asked by ``bot_loop``), without thinking.
- **The learner.** The coach panel (``#coach``) says what to do and why, with a "Rule ›" link
  (like the board note's) to the rule's entry in How to play; the board spots of the expected
  action get a ring (``mark_board``), its choice in the list a mark (``mark_choices``). Another
  legal choice is refused with "Not now:" and the step's words again (``refuse``); a spot
  that is not legal gets the table's usual note.
- **Leaving.** "Leave the guide" (``guide-leave``) ends the guidance: the bots think again
  (their seats are Normal bots) and the game is a normal one from that position. At the
  script's end the coach says so and the game goes on; "Close" hides that last word.
"""

from __future__ import annotations

from html import escape as h
from typing import Callable

import js  # type: ignore[import-not-found]

from engines.core.guide import has_guide

from . import rules_page
from .guide_script import BOTS, END, LEARNER, OFF, GuidedGame
from .page import L, _el, reveal

RING = "#c2185b"  # the guide's ring on the board (apart from the suggestion's and the focus's)


def ring_spot(cv, spot) -> None:
    """The coach's ring around a board ``spot`` (a ``Hit``): a thick line and a thin one
    outside it. Also drawn around the spots of the choice the person points at in the list
    (``access``)."""
    cv.rect(spot.x - 6, spot.y - 6, spot.w + 12, spot.h + 12, None, RING, 4.0, 9.0)
    cv.rect(spot.x - 11, spot.y - 11, spot.w + 22, spot.h + 22, None, RING, 1.5, 12.0)


class TableGuide:
    """The table's guided game, when one is on the table (``run``)."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        self.run: GuidedGame | None = None
        self.refused: int | None = None  # the number of moves played when a click was refused ("Not now")

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"learn": self.start, "guide-leave": lambda _arg: self.leave()}

    # ---- starting and leaving -------------------------------------------------------------
    def start(self, game: str) -> None:
        """Learn by playing: ``game``'s guided game on the table, in a new save."""
        if not has_guide(game):
            return
        run, session = GuidedGame.start(game, self.page.lang)
        self.page.banner = None
        sid = self.page.saves.new_id()
        self.table.open_session(session, sid, L("{game} · learn by playing", game=session.game.title), guided=run)
        self.table.autosave()

    def leave(self) -> None:
        """Leave the guide (or close its last word): a normal game against the bots from here."""
        if self.run is not None:
            self.run.left = True
            if self.page.session is not None:
                self.page.session.unseed()  # a normal game: its draws from entropy from here
        self.refused = None
        self.table.refresh()

    def stage(self) -> str:
        """Where the game on the table is in the guide (``guide_script``: OFF without one)."""
        s = self.page.session
        if self.run is None or s is None or self.table.mode != "play":
            return OFF
        return self.run.stage(s)

    # ---- the bots and the learner ---------------------------------------------------------
    def bot_action(self, s, seat: int) -> dict | None:
        """The scripted move of bot ``seat`` now, or None (the bot thinks)."""
        return self.run.bot_action(s, seat) if self.run is not None and self.table.mode == "play" else None

    def expected_index(self) -> int | None:
        s = self.page.session
        return self.run.expected_index(s) if self.run is not None and s is not None else None

    def refuse(self, index: int) -> bool:
        """Whether the learner's legal choice ``index`` is refused (not the scripted one); the
        coach then says "Not now:" and the step's words again, and nothing is played."""
        s = self.page.session
        if self.run is None or s is None or not self.run.refuses(s, index):
            return False
        self.refused = len(s.record.actions)
        self.render()
        reveal(_el("coach"))
        return True

    # ---- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        """The coach panel (``#coach``), hidden when no guide leads the game on the table."""
        box = _el("coach")
        if not box:
            return
        stage = self.stage()
        js.document.body.dataset.guide = stage if stage != OFF else ""
        if stage == OFF:
            box.hidden = True
            box.innerHTML = ""
            return
        s, run = self.page.on_table(), self.run
        if run is None:  # never: ``stage`` is OFF without a guide
            return
        coach = run.coach(s, self.page.lang)
        refused = self.refused == len(s.record.actions)
        parts = [f'<div class="coach-head">{h(L("Learn by playing"))}</div>']
        parts += [f'<p class="coach-remark">{h(remark)}</p>' for remark in coach.remarks]
        if stage == LEARNER:
            say = L("Not now: {say}", say=coach.say) if refused else coach.say
            rule = (f' <button class="rule-link" id="coach-rule" data-cmd="rules" '
                    f'data-arg="{h(s.game.name)}#{h(rules_page.ref_anchor(coach.rule))}">'
                    f'{h(L("Rule"))} ›</button>' if coach.rule else "")
            parts.append(f'<p class="coach-say{" coach-no" if refused else ""}" id="coach-say">{h(say)}{rule}</p>')
        elif stage == BOTS:
            parts.append(f'<p class="coach-wait muted" id="coach-say">{h(L("Watch the others play."))}</p>')
        elif stage == END:
            parts.append(f'<p class="coach-say" id="coach-say">{h(coach.say)}</p>')
        button = L("Close") if stage == END else L("Leave the guide")
        parts.append(f'<button data-cmd="guide-leave" id="guide-leave">{h(button)}</button>')
        box.innerHTML = "".join(parts)
        box.hidden = False

    def mark_board(self, cv) -> None:
        """A ring around every board spot that plays the expected action (and the index in
        the board's ``data-guide``, for tests and tools)."""
        index = self.expected_index()
        board = _el("board")
        if board:
            board.dataset.guide = "" if index is None else str(index)
        if index is None:
            return
        for spot in list(cv.hits):
            if index in spot.actions:
                ring_spot(cv, spot)

    def mark_choices(self, box) -> None:
        """The expected action's button in the choices ``box`` (or the step leading to it)
        marked: class ``guide-next``."""
        index = self.expected_index()
        if index is None or not box:
            return
        buttons = box.querySelectorAll("button[data-cmd=act], button[data-cmd=pick]")
        for i in range(int(buttons.length)):
            b = buttons.item(i)
            acts = str(b.dataset.acts or "").split() if str(b.dataset.cmd) == "pick" else [str(b.dataset.arg)]
            if str(index) in acts:
                b.classList.add("guide-next")
                b.setAttribute("aria-description", L("The guide's move"))
