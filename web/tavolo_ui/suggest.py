""""Suggest a move": the Hard bot's choice for a person, from that person's own view.

A part of the table screen (``table.TableScreen.hints``). Hints are off by default: the
table's **Hints** toggle (remembered in this browser, ``tavolo:hints``) adds a **Suggest a
move** button under the person's choices. Pressing it asks the game's Hard bot (the same
search the bots use, in the worker when it runs) to decide for the person's seat: the best
advice the table has, at about 2 s a suggestion in the worker (issue 30: Normal is now a
cheaper search, and a hint is worth the wait). The search
samples what the seat cannot see (``Game.determinize``), so a suggestion knows nothing the
person does not.
The answer is shown in the panel, with the search's estimated win chance, one sentence of
why (``why_sentence``: the search's ``Explanation``, its share of the simulated games and
the next best move's, named by that move's own label; only the person's own legal actions
are ever named) and a button to play it, and marked on the board around every spot that
plays it.

A suggestion belongs to one position: after any move, undo or another game it is dropped,
and an answer that arrives for a position that no longer exists is ignored.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from html import escape as h
from typing import Any, Callable

import js  # type: ignore[import-not-found]

from engines.core.i18n import texts
from engines.core.search import Explanation

from .words import L

HINTS_KEY = "tavolo:hints"  # a preference, like the language: not a save
SUGGEST_LEVEL = "hard"  # the bot that suggests
MARK_COLOUR = "#1d4f91"  # the suggestion's ring: dark blue, unlike the orange of the legal spots

T = texts("ui")


@dataclass(frozen=True)
class Reason:
    """A suggestion's why, ready to be put in words: the search's ``Explanation`` with its
    runner-up found among the position's legal actions (``runner_up``: its index there, None
    when there is none or it is not one of them, and then it is not named)."""

    explanation: Explanation
    runner_up: int | None


def reason(explanation: Explanation | None, dumped: list[dict]) -> Reason | None:
    """The ``Reason`` of a suggestion from the search's explanation and the position's legal
    actions as ``Game.dump_action`` writes them; None without an explanation (a bot that does
    not search, an older worker)."""
    if explanation is None:
        return None
    runner_up = explanation.runner_up
    return Reason(explanation, dumped.index(runner_up) if runner_up is not None and runner_up in dumped else None)


def why_sentence(why: Reason, label_of: Callable[[int], str], lang: str) -> str:
    """One sentence of why the search suggests its move, in ``lang``: the share of its
    simulated games the move had, and the next best move (by ``label_of(index)``, the
    person's own legal action's label) with its share; for a forced move, that it is the
    only one."""
    e = why.explanation
    if e.forced:
        return L("It is the only move you can make.", lang)
    share = round(e.share * 100)
    if why.runner_up is None or e.runner_up_share is None:
        return L("Of the {n} games the search simulated from here, this move was tried in the most ({p}%), "
                 "as it did best.", lang, n=e.simulations, p=share)
    return L("Of the {n} games the search simulated from here, this move was tried in the most ({p}%), "
             "as it did best; the next best, “{move}”, in {q}%.", lang, n=e.simulations, p=share,
             move=label_of(why.runner_up), q=round(e.runner_up_share * 100))


class Suggestions:
    """The table's suggestions: the Hints toggle, the search for a move, the move shown."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        # (position key, action index, value, why: the sentence's parts, see ``reason``)
        self.suggestion: tuple[tuple | None, int, float | None, Reason | None] | None = None
        self.suggest_task: Any = None  # the search for one

    # ---- the toggle -----------------------------------------------------------------------
    def hints_on(self) -> bool:
        try:
            return js.localStorage.getItem(HINTS_KEY) == "1"
        except Exception:  # storage blocked: hints stay off
            return False

    def toggle_hints(self) -> None:
        try:
            if self.hints_on():
                js.localStorage.removeItem(HINTS_KEY)
            else:
                js.localStorage.setItem(HINTS_KEY, "1")
        except Exception:
            pass
        self.drop_suggestion()
        self.table.refresh()

    def hints_button(self) -> str:
        on = self.hints_on()
        return (f'<button data-cmd="hints" id="hints-btn" aria-pressed="{"true" if on else "false"}" '
                f'title="{h(L("Show a button that suggests a move", self.page.lang))}">{h(L("Hints", self.page.lang))}</button>')

    # ---- asking -----------------------------------------------------------------------------
    def _position_key(self) -> tuple | None:
        s = self.page.session
        return None if s is None else (id(s), len(s.record.actions), s.to_move())

    def can_suggest(self) -> bool:
        """True when the person at the table is to move, hints are on, and the game has the
        bot that suggests."""
        s = self.page.session
        if s is None or self.table.mode != "play" or s.is_over() or not self.hints_on():
            return False
        seat = s.to_move()
        return (seat is not None and s.is_human(seat) and s.me() == seat
                and SUGGEST_LEVEL in s.game.bots())

    def suggest(self) -> None:
        if not self.can_suggest() or (self.suggest_task is not None and not self.suggest_task.done()):
            return
        self.suggest_task = asyncio.ensure_future(self._suggest())

    async def _suggest(self) -> None:
        s, key = self.page.session, self._position_key()
        seat = s.to_move()
        self.table.loop.show_thinking(s, seat, 0.0, L("Looking for a good move…", self.page.lang))
        try:
            loop = self.table.loop
            action, value, explanation = await loop.decide(s, seat, SUGGEST_LEVEL, lambda share: loop.show_thinking(s, seat, share))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.page.flash(T("No move could be suggested: {reason}", reason=str(exc)))
            return
        finally:
            self.table.loop.show_thinking(s, None, None)
        if key != self._position_key():  # the position moved on meanwhile
            return
        dumped = [s.game.dump_action(a) for a in s.legal_actions()]
        if action not in dumped:
            return
        self.suggestion = (key, dumped.index(action), value, reason(explanation, dumped))
        js.document.body.dataset.suggested = str(dumped.index(action))
        self.table.refresh()

    def drop_suggestion(self) -> None:
        """Forget the suggestion and stop a search for one (leaving, undoing, a move)."""
        if self.suggest_task is not None and not self.suggest_task.done():
            self.suggest_task.cancel()
        self.suggest_task = None
        self.suggestion = None
        try:
            del js.document.body.dataset.suggested
        except Exception:
            pass

    def suggested_index(self) -> int | None:
        """The suggested action's index in the legal list, if it is for this position."""
        if self.suggestion is None or self.suggestion[0] != self._position_key():
            return None
        return self.suggestion[1]

    # ---- showing ----------------------------------------------------------------------------
    def suggestion_html(self, label_of) -> str:
        """The panel's lines under the choices: the button, or the suggestion with its
        estimated win chance and a button that plays it. ``label_of(index)``: the action's text."""
        if not self.can_suggest():
            return ""
        index = self.suggested_index()
        if index is None:
            busy = self.suggest_task is not None and not self.suggest_task.done()
            return (f'<div class="suggest"><button data-cmd="suggest" id="suggest-btn"{" disabled" if busy else ""}>'
                    f'{h(L("Suggest a move", self.page.lang))}</button></div>')
        assert self.suggestion is not None  # index is not None
        value, why = self.suggestion[2], self.suggestion[3]
        chance = ("" if value is None else
                  f'<span class="muted"> · {h(L("estimated win chance {p}%", self.page.lang, p=round(value * 100)))}</span>')
        sentence = "" if why is None else why_sentence(why, label_of, self.page.lang)
        because = f'<p class="suggest-why" id="suggestion-why">{h(sentence)}</p>' if sentence else ""
        return (f'<div class="suggest" id="suggestion" data-index="{index}">'
                f'<span class="suggest-star" aria-hidden="true">★</span> {h(L("Suggested:", self.page.lang))} '
                f'<b>{h(label_of(index))}</b>{chance} '
                f'<button data-cmd="act" data-arg="{index}" id="suggest-play">{h(L("Play it", self.page.lang))}</button>'
                f'{because}</div>')

    def mark_suggestion(self, cv) -> None:
        """Ring every board spot that plays the suggested action, in a colour of its own and
        with a star (the same star as in the panel), so it stands out from the legal spots."""
        index = self.suggested_index()
        if index is None:
            return
        for spot in list(cv.hits):
            if index in spot.actions:
                cv.rect(spot.x - 5, spot.y - 5, spot.w + 10, spot.h + 10, None, MARK_COLOUR, 4.0, 8.0)
                cv.circle(spot.x + spot.w + 3, spot.y - 3, 10, MARK_COLOUR)
                cv.text(spot.x + spot.w + 3, spot.y - 2, "★", 13, "#ffffff", align="center", baseline="middle")
