"""The end of a game on the table: who won, one score table, the game's statistics, and the
score-over-time chart.

A part of the table screen (``table.TableScreen.end``). The table lists the players with
their **total first**, then the game's own scoring categories (``Game.score_breakdown``,
named by the table's ``score_categories``); at phone width each row becomes a line of
labelled figures, so it never scrolls sideways. It is the only score table: the renderers
draw the final board, not another table.

Under it, in a game at a distance, what this device found when it verified the whole game
(``distance_screen.AtADistance.checked_html``: "Verified", or the seat and the move that do
not check). Then the game's statistics (``Game.statistics``: characters taken, gold, workers...),
computed once per finished game from its record, in a ``<details>`` section closed at first:
they run to twenty rows and more, which at phone width (one labelled line per figure and
player) would push the chart and the buttons screens away, while the winner and the score
stay the first thing seen. The section keeps its open state when the panel is redrawn. One
column per player, in the score table's order (best first), a row per figure under its
group's heading; at phone width each figure becomes its label followed by the players'
values, each named, so it never scrolls sideways either.

Last, the chart of every player's running score by round (``review.Review.score_series``,
drawn by ``chart.draw_scores``), computed once per finished game.
"""

from __future__ import annotations

from html import escape as h

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engines.core.i18n import Text, render, texts

from .canvas import Canvas
from .chart import draw_scores
from .words import L

T = texts("ui")


class EndOfGame:
    """The end of a game on the table: the result, the statistics, the chart."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        self._end_series: tuple | None = None  # ((session, actions), series, round ticks or None, actions)
        self._end_stats: tuple | None = None  # ((session, actions), rows of Game.statistics)
        self._stats_open: tuple | None = None  # ((session, actions), whether the statistics are unfolded)
        self._stats_toggle = None  # the listener that notes it (one, on the document)

    def show_results(self, s) -> None:
        """Fill ``#results`` when the game is over, empty and hide it otherwise."""
        res = js.document.getElementById("results")
        if not res:
            return
        if not s.is_over():
            res.hidden = True
            res.innerHTML = ""
            return
        lang = self.page.lang
        cats, rows = s.breakdown()
        win = set(s.winners())
        names_of = self.table.score_categories(s)
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
        self.watch_statistics_toggle()
        key = (id(s), len(s.record.actions))
        stats = self.statistics_html(s, order, keep_open=self._stats_open == (key, True))
        res.innerHTML = (f'<h3>{h(won)}</h3>'
                         f'<table class="score end-score"><thead><tr><th></th>{head}</tr></thead>'
                         f'<tbody>{body}</tbody></table>'
                         f'{self.table.distance.checked_html()}'
                         f'{stats}'
                         f'<div class="end-chart-box"><h4>{h(L("Scores through the game", lang))}</h4>'
                         f'<canvas id="end-chart" role="img" aria-label="{h(L("Scores through the game", lang))}"></canvas></div>'
                         f'<div class="buttons"><button data-cmd="home">{h(L("Home", lang))}</button>'
                         f'<button data-cmd="review-current">{h(L("Review", lang))}</button>'
                         f'<button class="primary" data-cmd="again">{h(L("Play again", lang))}</button></div>')
        res.hidden = False
        self.paint_end_chart(s)

    def watch_statistics_toggle(self) -> None:
        """Note when the statistics are unfolded or folded, so that the panel, drawn again on
        every change (a language switch rebuilds the table screen), keeps them as they were.
        ``toggle`` does not bubble: one listener on the document catches it on the way down."""
        if self._stats_toggle is not None:
            return

        def on_toggle(event) -> None:
            el = event.target
            if el and el.classList and el.classList.contains("end-stats") and self.page.session is not None:
                self._stats_open = ((id(self.page.session), len(self.page.session.record.actions)), bool(el.open))

        self._stats_toggle = create_proxy(on_toggle)
        js.document.addEventListener("toggle", self._stats_toggle, True)

    def end_statistics(self, s) -> list:
        """The rows of ``Game.statistics`` for the finished game ``s`` (computed once)."""
        key = (id(s), len(s.record.actions))
        if self._end_stats is None or self._end_stats[0] != key:
            self._end_stats = (key, list(s.game.statistics(s.record)))
        return self._end_stats[1]

    def statistics_html(self, s, order: list[int], keep_open: bool = False) -> str:
        """The statistics section: a ``<details>`` holding one table, a column per player in
        ``order``, or "" when the game declares none (or they fail: the result comes first)."""
        try:
            rows = self.end_statistics(s)
        except Exception as exc:
            js.console.error(f"statistics failed: {exc!r}")
            return ""
        if not rows:
            return ""
        lang = self.page.lang
        names = [s.name(i) for i in order]

        def shown(value) -> str:
            return render(value, lang) if isinstance(value, Text) else str(value)

        head = "".join(f'<th scope="col"><span class="dot p{i}"></span>{h(name)}</th>' for i, name in zip(order, names))
        body, group = [], None
        for row in rows:
            if row.group is not None and row.group != group:
                body.append(f'<tr class="stat-group"><th scope="colgroup" colspan="{len(order) + 1}">'
                            f'{h(render(row.group, lang))}</th></tr>')
            group = row.group
            cells = "".join(f'<td data-label="{h(name)}">{h(shown(row.values[i]))}</td>' for i, name in zip(order, names))
            body.append(f'<tr data-stat="{h(row.key)}"><th scope="row">{h(render(row.label, lang))}</th>{cells}</tr>')
        title = L("Game statistics", lang)
        return (f'<details class="end-stats"{" open" if keep_open else ""}><summary>{h(title)}</summary>'
                f'<table class="end-stats-table"><thead><tr><th></th>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></details>')

    def end_series(self, s) -> tuple[list, list[tuple[int, str]] | None, int]:
        """The chart's points for the finished game ``s``, its rounds' ticks (None: the game
        has no rounds) and its number of moves (computed once)."""
        from .review import Review

        key = (id(s), len(s.record.actions))
        if self._end_series is None or self._end_series[0] != key:
            review = Review(s, s.me())
            self._end_series = (key, review.score_series(), review.round_ticks(), review.n)
        return self._end_series[1], self._end_series[2], self._end_series[3]

    def paint_end_chart(self, s) -> None:
        el = js.document.getElementById("end-chart")
        if not el:
            return
        try:
            series, ticks, n = self.end_series(s)
        except Exception as exc:  # a chart problem must not hide the result
            js.console.error(f"end chart failed: {exc!r}")
            el.parentElement.hidden = True
            return
        width = max(int(el.parentElement.clientWidth), 240)
        height = 160
        cv = Canvas(width, height, lang=self.page.lang)
        names = [s.name(i) for i in range(s.record.players)]
        label = L("moves", self.page.lang) if ticks is None else L("rounds", self.page.lang)
        draw_scores(cv, series, names, n, n, label, ticks)
        dpr = float(js.window.devicePixelRatio or 1)
        el.style.width, el.style.height = f"{width}px", f"{height}px"
        el.width, el.height = int(width * dpr), int(height * dpr)
        cv.paint(el.getContext("2d"), dpr)
        js.document.body.dataset.endChart = str(len(series))
