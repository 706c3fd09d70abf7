"""The end of a game on the table: who won, one score table, and the score-over-time chart.

Mixed into ``App`` (``app.py``), whose helpers it uses (``L``, ``score_categories``). The
table lists the players with their **total first**, then the game's own scoring
categories (``Game.score_breakdown``, named by ``score_categories``); at phone width each
row becomes a line of labelled figures, so it never scrolls sideways. Under it, the chart of
every player's running score by round (``review.Review.score_series``, drawn by
``chart.draw_scores``), computed once per finished game.
"""

from __future__ import annotations

from html import escape as h

import js  # type: ignore[import-not-found]

from engines.core.i18n import texts

from .canvas import Canvas
from .chart import draw_scores

T = texts("ui")


def L(template: str, lang: str, **fields) -> str:
    return T(template, **fields).render(lang)


class EndOfGame:
    """The end-of-game part of ``App``."""

    _end_series: tuple | None = None  # (session, actions, series, has rounds, actions)

    def show_results(self, s) -> None:
        """Fill ``#results`` when the game is over, empty and hide it otherwise."""
        res = js.document.getElementById("results")
        if not res:
            return
        if not s.is_over():
            res.hidden = True
            res.innerHTML = ""
            return
        lang = self.lang
        cats, rows = s.breakdown()
        win = set(s.winners())
        names_of = self.score_categories(s)
        labels = [names_of.get(c) or c.replace("_", " ") for c in cats]
        total = L("Total", lang)
        head = f'<th scope="col">{h(total)}</th>' + "".join(f'<th scope="col">{h(x)}</th>' for x in labels)
        order = sorted(range(len(rows)), key=lambda i: (-sum(rows[i].values()), i))  # the best first
        body = "".join(
            f'<tr class="{"winner" if i in win else ""}"><th scope="row"><span class="dot p{i}"></span>{h(s.name(i))}'
            f'{" ★" if i in win else ""}</th><td class="total" data-label="{h(total)}"><b>{sum(rows[i].values())}</b></td>'
            + "".join(f'<td data-label="{h(x)}">{rows[i].get(c, 0)}</td>' for c, x in zip(cats, labels)) + "</tr>"
            for i in order)
        names = s.names(sorted(win))
        won = L("Winners: {names}", lang, names=names) if len(win) > 1 else L("Winner: {names}", lang, names=names)
        res.innerHTML = (f'<h3>{h(won)}</h3>'
                         f'<table class="score end-score"><thead><tr><th></th>{head}</tr></thead>'
                         f'<tbody>{body}</tbody></table>'
                         f'<div class="end-chart-box"><h4>{h(L("Scores through the game", lang))}</h4>'
                         f'<canvas id="end-chart" role="img" aria-label="{h(L("Scores through the game", lang))}"></canvas></div>'
                         f'<div class="buttons"><button data-cmd="home">{h(L("Home", lang))}</button>'
                         f'<button data-cmd="review-current">{h(L("Review", lang))}</button>'
                         f'<button class="primary" data-cmd="again">{h(L("Play again", lang))}</button></div>')
        res.hidden = False
        self.paint_end_chart(s)

    def end_series(self, s) -> tuple[list, bool, int]:
        """The chart's points for the finished game ``s`` (computed once)."""
        from .review import Review

        key = (id(s), len(s.record.actions))
        if self._end_series is None or self._end_series[0] != key:
            review = Review(s, s.me())
            self._end_series = (key, review.score_series(), review.has_rounds(), review.n)
        return self._end_series[1], self._end_series[2], self._end_series[3]

    def paint_end_chart(self, s) -> None:
        el = js.document.getElementById("end-chart")
        if not el:
            return
        try:
            series, rounds, n = self.end_series(s)
        except Exception as exc:  # a chart problem must not hide the result
            js.console.error(f"end chart failed: {exc!r}")
            el.parentElement.hidden = True
            return
        width = max(int(el.parentElement.clientWidth), 240)
        height = 160
        cv = Canvas(width, height, lang=self.lang)
        names = [s.name(i) for i in range(s.record.players)]
        draw_scores(cv, series, names, n, n, L("rounds", self.lang) if rounds else L("moves", self.lang))
        dpr = float(js.window.devicePixelRatio or 1)
        el.style.width, el.style.height = f"{width}px", f"{height}px"
        el.width, el.height = int(width * dpr), int(height * dpr)
        cv.paint(el.getContext("2d"), dpr)
        js.document.body.dataset.endChart = str(len(series))
