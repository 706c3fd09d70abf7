"""The replay viewer's model: every position of a game, reached by action, turn or round.

A record is (game, options, players, seed, actions), so position ``k`` — the state after the
first ``k`` actions — can always be rebuilt. ``Review`` replays the record once, keeping a
copy of the state every ``CHECKPOINT`` actions, who played each action and the round it was
played in; any position is then its nearest checkpoint plus at most ``CHECKPOINT - 1``
actions. Plain Python (no DOM): the page draws ``view()`` with the game's renderer and the
log from ``log_entries()``; the CPython tests drive it the same way.

Whose eyes: a review is made for one ``viewer`` seat (or None, a spectator). During a game
it shows only what that seat could see at each position (``Game.view(state_k, viewer)``):
its own hidden cards at the time, nothing of the others'. Once the game is over
``seen_by(seat)`` may show any seat's view at every step (``can_show_everyone``), so the
whole game can be studied, or everything at once (``see_everything``: the public board and
every seat's own part, ``hands``, built from each seat's view); a spectator of a game in
progress sees public information only.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import Any

from engines.core.game import GameState
from engines.core.i18n import render
from engines.core.record import GameRecord, positions, start

from .session import Session
from .twin import sections_of

CHECKPOINT = 40  # actions between two kept states: memory against the cost of a jump


class Review:
    def __init__(self, session: Session, viewer: int | None):
        self.session = session
        self.game = session.game
        self.record: GameRecord = session.record
        self.n = len(self.record.actions)
        self.viewer = viewer
        game, rec = self.game, self.record
        # a game forked from another starts, for its review, where it was forked: the
        # positions before belong to the other game, with its unseen parts as they were
        self.first = session.fork_floor()
        state = start(game, rec)
        self._checkpoints: dict[int, GameState] = {0: state.clone()}
        self.movers: list[int | None] = []  # the seat that played action i
        self.rounds: list[Any] = []  # the round number before action i (None: the game has none)
        round_ = game.round_of(state)
        for p in positions(game, rec, state):
            self.movers.append(p.seat)
            self.rounds.append(round_)
            state, round_ = p.after, game.round_of(p.after)
            if (p.index + 1) % CHECKPOINT == 0 or p.index + 1 == self.first:
                self._checkpoints[p.index + 1] = state.clone()
        self.over = game.is_over(state)
        self._cache: tuple[int, GameState] = (self.n, state)
        self.at = self.n
        self.shown = viewer  # the seat whose view is drawn (any seat once the game is over)
        self.everything = False  # every seat's part shown at once (only once the game is over)

    # ---- positions ----------------------------------------------------------------------
    def state_at(self, k: int) -> GameState:
        """The state after the first ``k`` actions (shared: do not change it)."""
        k = max(self.first, min(self.n, k))
        cached_k, cached = self._cache
        if cached_k == k:
            return cached
        base = max(c for c in self._checkpoints if c <= k)
        if cached_k <= k and cached_k >= base:  # stepping forward: go on from the cached state
            base, state = cached_k, cached
        else:
            state = self._checkpoints[base].clone()
        for p in positions(self.game, self.record, state, first=base, upto=k):
            state = p.after
        self._cache = (k, state)
        return state

    def go(self, k: int) -> int:
        """Move to position ``k`` (clamped to first..n); the new position."""
        self.at = max(self.first, min(self.n, int(k)))
        return self.at

    def step(self, delta: int) -> int:
        return self.go(self.at + delta)

    def turn_starts(self) -> list[int]:
        """Positions where a turn begins: before an action whose player differs from the one
        before it (a turn is a run of actions by one seat)."""
        return [i for i in range(self.first, self.n) if i == self.first or self.movers[i] != self.movers[i - 1]]

    def next_turn(self) -> int:
        """To the start of the next turn (the end if there is none)."""
        starts = self.turn_starts()
        j = bisect.bisect_right(starts, self.at)
        return self.go(starts[j] if j < len(starts) else self.n)

    def prev_turn(self) -> int:
        """To the start of the current turn, or of the previous one when already there."""
        starts = self.turn_starts()
        j = bisect.bisect_left(starts, self.at)
        return self.go(starts[j - 1] if j > 0 else self.first)

    def has_rounds(self) -> bool:
        return any(r is not None for r in self.rounds)

    def round_starts(self) -> list[int]:
        """Positions where a round begins (empty when the game has no rounds)."""
        if not self.has_rounds():
            return []
        return [i for i in range(self.first, self.n) if i == self.first or self.rounds[i] != self.rounds[i - 1]]

    def round_ticks(self) -> list[tuple[int, str]] | None:
        """The score chart's x axis ticks: (position, the round's number) where each round
        begins; None when the game has no rounds (the chart then numbers the moves)."""
        if not self.has_rounds():
            return None
        return [(i, str(self.rounds[i])) for i in self.round_starts() if self.rounds[i] is not None]

    def next_round(self) -> int:
        starts = self.round_starts()
        j = bisect.bisect_right(starts, self.at)
        return self.go(starts[j] if j < len(starts) else self.n)

    def prev_round(self) -> int:
        starts = self.round_starts()
        j = bisect.bisect_left(starts, self.at)
        return self.go(starts[j - 1] if j > 0 else self.first)

    def score_series(self, most: int = 60) -> list[tuple[int, list[int]]]:
        """Every player's running score (``Game.scores``) at the start of each round (of
        each turn when the game has no rounds; at most ``most`` points, evenly picked) and at
        the end: the points of the score-over-time chart. Scores are public in all four games."""
        starts = self.round_starts() or self.turn_starts()
        if len(starts) > most:
            step = len(starts) / most
            starts = [starts[int(i * step)] for i in range(most)]
        points = sorted(set(starts) | {self.first, self.n})
        keep = self._cache
        series = [(k, list(self.game.scores(self.state_at(k)))) for k in points]
        self._cache = keep  # the current position stays at hand
        return series

    # ---- what is shown ------------------------------------------------------------------
    def can_show_everyone(self) -> bool:
        """Whether any seat's view may be shown: only once the game is over."""
        return self.over

    def can_fork(self) -> bool:
        """Whether "Play from here" is possible: once the game is over, or before through a
        seat's eyes (a spectator of a game in progress cannot: it has no view to keep)."""
        return self.over or self.viewer is not None

    def fork_redeals(self) -> bool:
        """Whether a game played on from here re-deals what the viewer had not seen (a game
        in progress), rather than keeping everything (a finished one: all was shown)."""
        return not self.over

    def seen_by(self, seat: int | None) -> int | None:
        """Show the table as ``seat`` sees it (any seat once the game is over; before, only the
        review's own viewer or the public view). Returns the seat shown."""
        if seat is None or seat == self.viewer or self.can_show_everyone():
            self.shown = seat
            self.everything = False
        return self.shown

    def see_everything(self) -> bool:
        """Show everything: the public board and every seat's own part (``hands``); only once
        the game is over, when nothing is hidden any more (before, nothing changes). True when
        it is shown."""
        if self.can_show_everyone():
            self.shown, self.everything = None, True
        return self.everything

    def hands(self, lang: str) -> list[tuple[str, list[str]]]:
        """While everything is shown, each seat's own part at the current position (its hand,
        money, secrets...), as (the seat's name, lines in ``lang``): the first section of the
        board in words (``twin``) of that seat's own view. [] otherwise, and always during a
        game: another seat's hand is never shown then."""
        if not (self.everything and self.can_show_everyone()):
            return []
        state, s, out = self.state_at(self.at), self.session, []
        for seat in range(self.record.players):
            own = sections_of(self.game.name, self.game.view(state, seat), seat)[:1]
            lines = [s.rename(render(line, lang), lang=lang) for _head, part in own for line in part]
            out.append((s.name(seat), lines))
        return out

    def view(self) -> Mapping[str, Any]:
        """What the table shows at the current position."""
        return self.game.view(self.state_at(self.at), self.shown)

    def log_entries(self, lang: str) -> list[tuple[int, int | None, str]]:
        """The public log as (position after the line's action, seat, text): clicking a line
        goes to that position. Automatic events belong to the action before them."""
        out: list[tuple[int, int | None, str]] = []
        for i, (seat, text, events) in enumerate(self.session.lines):
            if i + 1 < self.first:  # the game this one was forked from
                continue
            out.append((i + 1, seat, self.session.rename(_render(text, lang), lang=lang)))
            out.extend((i + 1, None, self.session.rename(_render(e, lang), lang=lang)) for e in events)
        return out


def _option_text(game, key: str, value: Any, lang: str) -> str:
    """One option of a record for the text log, as the New game form names it ("Beginner
    variant: 3 starting elements each = no"), never by its field's name (labels may hold a
    colon, so "=" before the value). Seats read from 1, as the form shows them (an option
    marked ``{"ui": "seat"}`` or ``"seat_order"`` is stored from 0)."""
    from engines.core.i18n import texts

    from .new_game import option_label
    T = texts("ui")
    field = game.options_model.model_fields.get(key)
    name = option_label(game, key, field, lang) if field is not None else key
    extra = field.json_schema_extra if field is not None and isinstance(field.json_schema_extra, dict) else {}
    if extra.get("ui") == "seat" and isinstance(value, int):
        value = value + 1
    elif extra.get("ui") == "seat_order" and isinstance(value, list):
        value = [v + 1 if isinstance(v, int) else v for v in value]
    if isinstance(value, bool):
        value = (T("yes") if value else T("no")).render(lang)
    elif value is None:
        value = "—"
    elif isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    return f"{name} = {value}"


def log_file_name(game: str, year: int, month: int, day: int, hour: int, minute: int) -> str:
    """The text log's file name: the game's id and the local date and time of the download,
    sortable and without spaces or punctuation a file system may refuse
    ("citadels-2026-11-28-1615.txt")."""
    ident = "".join(c for c in game.lower() if c.isascii() and (c.isalnum() or c in "-_")) or "tavolo"
    return f"{ident}-{year:04d}-{month:02d}-{day:02d}-{hour:02d}{minute:02d}.txt"


def text_log(review: "Review", lang: str, level_name=lambda level: level) -> str:
    """The whole game as a readable text: who played, the seed and options, every move (the
    automatic events indented under it) and, at the end, the scores and the winners. Only
    the public log: nobody's hidden cards. ``level_name`` names a bot level for people."""
    from engines.core.i18n import texts
    T = texts("ui")
    s, rec = review.session, review.record
    seats = ", ".join(f"{s.name(i)} ({T('human').render(lang) if seat.kind == 'human' else level_name(seat.kind[4:])})"
                      for i, seat in enumerate(rec.seats))
    lines = [review.game.title, T("Players: {seats}", seats=seats).render(lang),
             T("Seed: {seed}", seed=rec.seed).render(lang)]
    if rec.options:
        lines.append(T("Options: {options}", options="").render(lang).rstrip())  # then one a line
        lines += [f"  - {_option_text(review.game, k, v, lang)}" for k, v in rec.options.items()]
    for fork in rec.forks:
        lines.append(T("From move {n}, played on from another game: what {name} had not seen was dealt again.",
                       n=fork.at, name=s.name(fork.seat)).render(lang))
    lines.append("")
    for i, (seat, text, events) in enumerate(s.lines):
        lines.append(f"{i + 1}. {s.rename(_render(text, lang), lang=lang)}")
        lines.extend(f"      {s.rename(_render(e, lang), lang=lang)}" for e in events)
    if review.over:
        final = review.state_at(review.n)
        scores = review.game.scores(final)
        lines += ["", T("Final scores: {scores}", scores=", ".join(f"{s.name(i)} {v}" for i, v in enumerate(scores)))
                  .render(lang),
                  T("Winners: {names}", names=", ".join(s.name(i) for i in review.game.winners(final))).render(lang)]
    return "\n".join(lines) + "\n"


def _render(text, lang: str) -> str:
    from engines.core.i18n import render
    return render(text, lang)
