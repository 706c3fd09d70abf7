"""A game in progress: its record and state, whose turn it is, hot-seat handoff, undo, bots.

Pure Python (no browser): the page drives a ``Session``; CPython tests drive it the same way.

- ``Session.start(game_name, seats, seed, options)`` or ``Session.load(record)``.
- ``seats``: ``[{"name": "Anna", "kind": "human" | "bot:<level>"}, ...]``.
- ``apply(action)`` plays for the seat to move (``IllegalAction`` is raised, nothing changes).
- ``me``: the human seat currently at the device (the table is drawn from ``view(state, me)``;
  None for bot-only games: a spectator).
- ``handoff_to()``: the human seat who must take the device before the table is shown.
- ``can_undo()`` / ``undo()``: take back your own last action while it revealed nothing.
- ``bot_choice()`` / ``bot_step()``: the bot's action for the seat to move (deterministic:
  its ``Rng`` comes from the record's seed and the number of actions played).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from engines import IllegalAction, RecordError, get_game, new_record, parse_record
from engines.core.bots import bot_levels, get_bot
from engines.core.i18n import PLAYER_RE as _PLAYER_RE, Text, fit_preposition, render, texts
from engines.core.chance import ENTROPY, Source, Tape
from engines.core.game import GameState
from engines.core.record import FORMAT, GameRecord, positions, redeal, start, upgrade
from engines.core.thinking import decision_rng

from .bidi import isolate

T = texts("ui")


def new_seed() -> int:
    """A seed in [1, 2**31) for a game, or a fork, whose seed nobody typed.

    It comes from the system's entropy (in the browser, ``crypto.getRandomValues``), never
    from the ``random`` module: the page's Python usually starts from a memory snapshot made
    at build time, so ``random``'s state is the same on every start, and the first game of
    every visit would have the same deal."""
    return 1 + secrets.randbelow(2**31 - 1)


def seat_level(kind: str) -> str | None:
    """The bot level of a seat kind ("bot:random" -> "random"), None for a human."""
    return kind[4:] if kind.startswith("bot:") else None


def seat_order_from_text(text: str) -> list[int] | None:
    """An option that orders the seats, as people type it on the New game form: seat numbers
    from 1, separated by commas or spaces ("2, 1, 3") -> seat indexes from 0 ([1, 0, 2]);
    empty -> None (the game's default). ``ValueError`` with a message a person understands
    when it is not a list of seat numbers; whether it names every seat once is the game's
    check (``new_game``)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    try:
        seats = [int(p) for p in parts]
    except ValueError:
        raise ValueError(T("'{text}' is not a list of seat numbers like 2, 1, 3.", text=text.strip())) from None
    if min(seats) < 1:
        raise ValueError(T("Seats are numbered from 1."))
    return [n - 1 for n in seats]


SEEDED = 1 << 62  # ``Session(seeded_until=SEEDED)``: the seed deals for the whole game

bot_rng = decision_rng  # the bot's generator for one decision (the worker uses the same rule)


class Session:
    """A game in progress (see the module doc).

    Chance. Where a game's chance is explicit, the session deals every chance node the
    moment the game reaches it, from the system's entropy (``engines.core.chance.ENTROPY``),
    and writes the outcome in ``record.chance``: nothing in the record, a save, a copy or a
    link decides a draw to come. A record of the first format (seed and moves) is a game the
    seed deals: one whose seed a person typed, a guided game, a save of this device from
    before chance was explicit; it goes on so. Everything that comes from elsewhere or makes
    a copy upgrades it first (``engines.core.record.upgrade``: a link, an imported file, Save
    copy, Play from here), so there the seed deals nothing more.
    ``watch=True`` (a game watched from a link) keeps the outcomes the record holds beyond
    its moves (``coming``) and deals them, in order, before any from entropy; a game played on
    refuses a record with outcomes its moves do not need (they would be a future known).
    ``seeded_until=n``: a first-format record stays so and its seed deals, until ``n`` moves
    are played or ``unseed`` is called; from then on, entropy. By default (None) a record of
    the first format is dealt by its seed for good (``SEEDED``), and 0 upgrades it at once.
    A guided first game is dealt by its seed while its script lasts (the script's moves need
    its seed's draws), a game whose seed a person typed on the New game form for good ("the
    same seed deals the same game").
    """

    def __init__(self, record: GameRecord, *, watch: bool = False, seeded_until: int | None = None,
                 source: Source | None = None):
        self.game = get_game(record.game)
        # where the chance the game reaches comes from: the system's entropy, or in a game at a
        # distance dealt by commit and reveal its seats' values (``revealed.PendingBeacon``),
        # which deals nothing until the set-up lap is complete
        self.source: Source = source if source is not None else ENTROPY
        if seeded_until is None:
            seeded_until = SEEDED if record.format == FORMAT else 0
        self._seeded_until = seeded_until if seeded_until > len(record.actions) else 0
        self.record = record if self._seeded_until else upgrade(record)
        self.coming: list[dict] = []  # outcomes known beyond the moves (a watched link's): dealt first
        self._watch = watch
        self.at_device: int | None = None  # the human seat at the device (after a handoff)
        # a game at a distance (``distance``): the human seats played on this device (None:
        # every human seat is here, hot-seat); Undo never goes back below ``sent_floor``
        # actions (those that left this device in a move link, or came in one)
        self.here: list[int] | None = None
        self.sent_floor = 0
        # a sealed game at a distance whose bots sit at another device: the seat of that
        # device's person (its bots' moves are signed there), None when they move here
        self.bots_host: int | None = None
        self.link_for: int | None = None  # a move link opened for this seat: hidden until its player confirms
        self.spectate = False  # watching a game: the table is the spectator's view
        self.state: GameState  # the position now: set by ``_rebuild``, below
        self.lang = "en"  # the language of the texts this session gives (the page sets it)
        # one entry per action: (seat who acted, its public line, the lines of what the rules
        # did by themselves); kept as ``Text``, rendered in ``lang`` when shown
        self.lines: list[tuple[int | None, Text | str, list[Text | str]]] = []
        self.actors: list[int | None] = []
        self._before_last: GameState | None = None  # state before the last action (for reveals_information)
        # (the actions and seat it was worked out for, undo_count, stop) past bots; keyed on the
        # whole list, since Undo then other moves can bring back the same length
        self._undo_cache: tuple[list, int | None, int, int | None] | None = None
        # (the actions and seat, the index, what it showed that seat) for the greyed Undo's words
        self._revealed_cache: tuple[list, int | None, int, list[Text | str]] | None = None
        self._rebuild(len(self.record.actions), opening=True)
        humans = self.humans()
        if len(humans) == 1:
            self.at_device = humans[0]

    # ---- creation -----------------------------------------------------------------------
    @classmethod
    def start(cls, game_name: str, seats: list[dict], seed: int, options: dict | None = None, *,
              entropy: bool = False, seeded_until: int = 0) -> "Session":
        """A new game. Its chance: from the system's entropy with ``entropy`` (the page's new
        games), else dealt by ``seed`` (for ``seeded_until`` moves, else for good)."""
        game = get_game(game_name)
        for s in seats:
            lvl = seat_level(s["kind"])
            if lvl is not None and lvl not in bot_levels(game):
                raise ValueError(T("{game} has no bot '{level}'", game=game.title, level=lvl))
        game.new_game(len(seats), seed, options)  # validates player count and options
        rec = new_record(game, len(seats), seed, options, seats, outcomes=entropy)
        return cls(rec, seeded_until=0 if entropy else (seeded_until or SEEDED))

    def unseed(self) -> None:
        """From now on the chance comes from entropy, not from the record's seed (the end of a
        guided game's script): the record upgraded to the second format, the dealer dropped."""
        if not self._seeded_until:
            return
        self._seeded_until = 0
        self.record = upgrade(self.record)
        self._rebuild(len(self.record.actions))

    @classmethod
    def load(cls, data: Any, *, watch: bool = False, seeded_until: int | None = None,
             source: Source | None = None) -> "Session":
        """A session from a record (``GameRecord``, dict or JSON text). ``RecordError`` with a
        clear message for a damaged record, an unknown game or a newer format. ``watch`` and
        ``seeded_until`` (a first-format record whose seed goes on dealing): see the class doc."""
        record = data if isinstance(data, GameRecord) else parse_record(data)
        try:
            get_game(record.game)
        except KeyError:
            raise RecordError(T("This record is for an unknown game '{name}'.", name=isolate(record.game))) from None
        except Exception as exc:  # a game package that fails to import
            raise RecordError(T("The game '{name}' cannot be loaded here ({reason}).", name=isolate(record.game),
                                reason=str(exc))) from None
        return cls(record, watch=watch, seeded_until=seeded_until, source=source)

    def _rebuild(self, upto: int, opening: bool = False) -> None:
        """Replay the first ``upto`` record actions (``record.positions``), collecting the log
        and who acted; then deal the chance the position is at (``opening``: the record was
        just opened, see ``_cut_chance``)."""
        lines: list[tuple[int | None, Text | str, list[Text | str]]] = []
        state, before_last = start(self.game, self.record), None
        for p in positions(self.game, self.record, state, upto=upto, before=True):
            lines.append((p.seat, self._text(p.before, p.action), self._events(p.before, p.action, p.played)))
            state = p.after
            # undo never goes back past a fork: from there on, the table with the unseen parts re-dealt
            before_last = None if p.forked else p.before
        self.state, self.lines, self._before_last = state, lines, before_last
        self.actors = [seat for seat, _text, _events in lines]
        del self.record.actions[upto:]
        self._cut_chance(opening)
        self._deal()

    def _cut_chance(self, opening: bool) -> None:
        """Keep in ``record.chance`` only the outcomes dealt up to the position now. Those
        beyond it: a game watched from its start keeps them to deal (``coming``); after an
        undo they are dropped (the moves that needed them are gone); a record opened to play
        with outcomes its moves do not need is refused."""
        dealt = getattr(self.state, "dealt", None)
        if dealt is None or dealt >= len(self.record.chance):
            return
        extra = self.record.chance[dealt:]
        self.record.chance = self.record.chance[:dealt]  # a new list: a copy of the record may share the old
        if opening and self._watch:
            self.coming = extra
        elif opening:
            raise RecordError(texts("core")("The game record is damaged: it holds {n} draws more than its moves need.",
                                n=len(extra)))

    def all_chance(self) -> list[dict]:
        """The outcomes dealt so far and those still coming: a watched link's whole list."""
        return self.record.chance + self.coming

    def _deal(self) -> list:
        """Deal the chance nodes the game is at now: the watched link's outcomes first
        (``coming``), then the system's entropy; each outcome is written in ``record.chance``."""
        if not self.game.is_chance(self.state):
            return []
        dealt = []
        if self.coming:
            tape = Tape(self.coming)
            try:
                dealt = self.game.deal(self.state, tape)
            except Exception:  # a watched link whose outcomes do not fit: the rest from entropy
                tape.next = len(self.coming)
            del self.coming[:tape.next]
        dealt += self.game.deal(self.state, self.source)
        self.record.chance = self.record.chance + [self.game.dump_action(o) for o in dealt]
        return dealt

    def deal_from(self, source: Source) -> None:
        """From now on the chance comes from ``source``; the chance node the game is at now
        is dealt from it (a game at a distance whose set-up lap has just come back)."""
        self.source = source
        self._deal()

    def redeal_with(self, source: Source, chance: list[dict]) -> None:
        """The game replayed with only ``chance`` (the outcomes its save or link holds) and
        from now on dealt from ``source``: a game at a distance dealt by commit and reveal,
        loaded by a path that dealt from entropy what the record did not hold (its set-up,
        during the lap), gets that taken back before anything is shown or saved."""
        self.source = source
        self.record.chance = list(chance)
        self._rebuild(len(self.record.actions), opening=True)

    @property
    def undealt(self) -> bool:
        """Whether the game waits at a chance node this device does not deal: a game at a
        distance before its set-up is dealt (the set-up lap), or whose draws another device
        deals. There is no table to show then."""
        return self.game.is_chance(self.state)

    # ---- seats --------------------------------------------------------------------------
    @property
    def seats(self):
        return self.record.seats

    def name(self, seat: int | None) -> str:
        """How ``seat`` is named in the page's texts: its name as typed, isolated (``bidi``:
        a name's own direction controls never reorder the sentence it is put in)."""
        if seat is None or not (0 <= seat < len(self.seats)):
            return T("Spectator").render(self.lang)
        return isolate(self.seats[seat].name)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].kind == "human"

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def bot_only(self) -> bool:
        return not self.humans()

    def is_here(self, seat: int | None) -> bool:
        """Whether ``seat`` is a person playing on this device (at a distance: one of ``here``)."""
        return self.is_human(seat) and (self.here is None or seat in self.here)

    def here_humans(self) -> list[int]:
        """The human seats played on this device."""
        return [i for i in self.humans() if self.is_here(i)]

    def play_here(self, seats: list[int]) -> None:
        """A game at a distance: only ``seats`` are played on this device. With one, the
        table is drawn for it; with several, as in hot-seat, for none of them until one is to
        move and takes the device (``handoff_to``)."""
        self.here = sorted(set(seats))
        if len(self.here) == 1:
            self.at_device = self.here[0]
        elif self.at_device not in self.here:
            self.at_device = None

    def away_to_move(self) -> int | None:
        """The friend at a distance whose move the game waits for (a human seat not played on
        this device; at a bot's turn, the person whose device plays the bots when it is not
        this one: ``bots_host``), or None."""
        seat = self.to_move()
        if seat is None or self.is_over():
            return None
        if not self.is_human(seat):
            return self.bots_host
        return None if self.is_here(seat) else seat

    # ---- the game -----------------------------------------------------------------------
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_actions(self) -> list[Any]:
        return [] if self.is_over() else self.game.legal_actions(self.state)

    def rename(self, text: str, max_len: int | None = None, lang: str | None = None) -> str:
        """A log line with "Player N" replaced by seat N's name (cut to ``max_len``), isolated:
        this is where the names people typed enter the engines' sentences (``bidi.isolate``).
        The word before a name fits it in the text's language ``lang`` (default: the
        session's): "Tocca a Giocatore 1" becomes "Tocca ad Anna" (``fit_preposition``)."""
        out, last = "", 0
        for m in _PLAYER_RE.finditer(text):
            n = int(m.group(1))
            out += text[last:m.start()]
            last = m.end()
            if not 1 <= n <= len(self.seats):
                out += m.group(0)
                continue
            name = isolate(self.seats[n - 1].name, max_len)
            out = fit_preposition(lang or self.lang, out, name) + name
        return out + text[last:]

    def show(self, text: Text | str, max_len: int | None = None) -> str:
        """A text in this session's language with the seats' names (``rename``)."""
        return self.rename(render(text, self.lang), max_len)

    def rename_canvas(self, cv) -> None:
        """Seat names instead of "Player N" in a rendered display list (texts and tips).
        Names are cut to 12 characters there, so a layout made for "Player N" still fits."""
        for i, op in enumerate(cv.ops):
            if op[0] == "text" and _PLAYER_RE.search(op[3]):
                cv.ops[i] = op[:3] + (self.rename(op[3], 12),) + op[4:]
        for hit in cv.hits:
            if hit.tip and _PLAYER_RE.search(hit.tip):
                hit.tip = self.rename(hit.tip)

    def _text(self, state, action) -> Text | str:
        """The public log line of ``action`` as a ``Text`` (``Game.log_text``)."""
        try:
            return self.game.log_text(state, action)
        except Exception:  # a log_text() bug must not stop the game
            return str(self.game.dump_action(action))

    def _events(self, before, action, after) -> list[Text | str]:
        try:
            return list(self.game.event_texts(before, action, after))
        except Exception:  # an event_texts() bug must not stop the game
            return []

    def _label(self, state, action) -> str:
        return self.show(self._text(state, action))

    @property
    def log(self) -> list[tuple[int | None, str]]:
        """The log in ``lang``: (seat who acted, line) per action, then (None, line) for each
        thing the rules did by themselves."""
        return self.log_lines(self.lang)

    def log_lines(self, lang: str) -> list[tuple[int | None, str]]:
        out: list[tuple[int | None, str]] = []
        for seat, text, events in self.lines:
            out.append((seat, self.rename(render(text, lang), lang=lang)))
            out.extend((None, self.rename(render(e, lang), lang=lang)) for e in events)
        return out

    def label(self, action) -> str:
        """The public log line for ``action`` now (``describe``, with seat names)."""
        return self._label(self.state, action)

    def button_label(self, action) -> str:
        """The private button text for the player to move (``action_label``, which may name
        what is hidden from others; ``Game.action_label``'s default is the log line)."""
        try:
            return self.rename(self.game.action_label(self.state, action, self.lang))
        except Exception:  # a label bug must not stop the game
            return self.label(action)

    def me(self) -> int | None:
        """The seat whose eyes the table is drawn for (None: spectator)."""
        if self.bot_only() or self.spectate:
            return None
        return self.at_device

    def view(self) -> Mapping[str, Any]:
        return self.game.view(self.state, self.me())

    def action_dicts(self, details: dict[int, str] | None = None) -> list[dict]:
        """The renderer's ``actions``: the legal actions if the seat to move is ``me``.

        Labels that read the same get what tells them apart: ``details[index]`` when given
        (the shell passes the board's tip for that action), else the action's fields."""
        seat = self.to_move()
        if seat is None or seat != self.me() or self.handoff_to() is not None:
            return []
        out: list[dict[str, Any]] = [{"index": i, "action": self.game.dump_action(a), "label": self.button_label(a)}
               for i, a in enumerate(self.legal_actions())]
        # describe() is a log line and may hide details ("Anna chooses a character"): when
        # several choices read the same, add what tells them apart
        groups: dict[str, list[dict]] = {}
        for a in out:
            groups.setdefault(a["label"], []).append(a)
        legal = self.legal_actions()
        for same in groups.values():
            if len(same) > 1:
                for a, extra in zip(same, self._tell_apart(same, legal, details or {})):
                    a["label"] = f"{a['label']} ({extra})"
        return out

    def _tell_apart(self, same: list[dict], legal: list, details: dict[int, str]) -> list[str]:
        """What tells apart actions whose labels read the same: for each, the board's tip for
        it if there is one, else its last step (``action_steps``); when those do not differ,
        their number ("choice 2")."""
        try:
            extra = []
            for a in same:
                tip = details.get(a["index"])
                if not tip:
                    steps = self.game.action_steps(self.state, legal[a["index"]], self.lang)
                    tip = self.rename(steps[-1]) if steps else ""
                extra.append(tip)
            if all(extra) and len(set(extra)) == len(extra) and same[0]["label"] not in extra:
                return extra
        except Exception:  # a steps bug must not stop the game: numbers still tell them apart
            pass
        return [T("choice {n}", n=k + 1).render(self.lang) for k in range(len(same))]

    # ---- hot-seat -----------------------------------------------------------------------
    def handoff_to(self) -> int | None:
        """The human seat who must take the device now (the table stays hidden until
        ``confirm_handoff``), or None. Only when more than one seat is human."""
        if self.link_for is not None:
            return self.link_for
        seat = self.to_move()
        if seat is None or not self.is_here(seat) or len(self.here_humans()) < 2:
            return None
        return None if seat == self.at_device else seat

    def confirm_handoff(self) -> None:
        seat = self.handoff_to()
        if seat is not None:
            self.at_device = seat
        self.link_for = None

    # ---- playing ------------------------------------------------------------------------
    def apply(self, action: Any) -> str:
        """Play ``action`` (model or dict) for the seat to move; returns the log line (in
        ``lang``). ``IllegalAction`` leaves everything unchanged."""
        if self.is_over():
            raise IllegalAction(T("The game is over."))
        if isinstance(action, dict):
            action = self.game.parse_action(action)
        seat = self.to_move()
        text = self._text(self.state, action)
        before = self.state.clone()
        self.game.apply(self.state, action)  # raises IllegalAction, state unchanged
        self.record.actions.append(self.game.dump_action(action))
        self.actors.append(seat)  # before the deal: a ``PendingBeacon`` deals by whose move it follows
        self._deal()  # the chance the move leads to, drawn now
        events = self._events(before, action, self.state)
        self.lines.append((seat, text, events))
        self._before_last = before
        after = redeal(self.game, self.record, self.state, len(self.record.actions))
        if after is not self.state:  # a watched forked game reaching its fork: the re-dealt table
            self.state, self._before_last = after, None
        if self.is_here(seat):
            self.at_device = seat
        if self._seeded_until and len(self.record.actions) >= self._seeded_until:
            self.unseed()  # a guided game's script is over: entropy from here
        return self.show(text)

    def apply_index(self, index: int) -> str:
        actions = self.legal_actions()
        if not (0 <= index < len(actions)):
            raise IllegalAction(T("That choice is no longer available."))
        return self.apply(actions[index])

    def explain(self, probe: dict) -> str | None:
        """The coach: why the move ``probe`` (an action dict a board spot stands for) is not
        a legal choice now, as one sentence in this session's language; None when it is
        (``coach``'s sentence)."""
        return self.coach(probe)[0]

    def coach(self, probe: dict, ref: str | None = None) -> tuple[str | None, str | None]:
        """The coach's note for a click on a board spot that stands for the move ``probe``
        and whose own reference entry is ``ref``: (why the move is not a legal choice now, in
        this session's language, or None when it is; the reference entry the note's "Rule"
        link opens). The link names the rule that refused the move (``Refusal.rule``: the
        phase, the timing, the cost, the target), else the spot's own entry ``ref``.

        Only the seat to move, looking at its own table, gets the engine's reason
        (``Game.why_not``): the rules judge a move for the seat to move, and a reason computed
        for another seat could name that seat's cards. Everyone else is told whose turn it is.
        """
        if self.is_over():
            return self.show(T("The game is over.")), ref
        seat, me = self.to_move(), self.me()
        if me is None:
            return self.show(T("Watching: {name} to play.", name=self.name(seat))), ref
        if seat != me or self.handoff_to() is not None:
            return self.show(T("It is {name}’s turn: wait for yours.", name=self.name(seat))), ref
        try:
            why = self.game.why_not(self.state, probe)
        except Exception:  # a coach bug must not stop the game: the spot just has no reason
            return None, ref
        if why is None:
            return None, ref
        return self.show(why.text), why.rule or ref

    def fork_floor(self) -> int:
        """The position this game was last forked at (0 if never): undo stops there, and the
        review starts there, since the positions before it belong to the game it was forked
        from."""
        return self.record.forks[-1].at if self.record.forks else 0

    def undo_floor(self) -> int:
        """The position Undo never goes back past: the fork (``fork_floor``), or, at a
        distance, the moves that left this device in a move link or came in one
        (``sent_floor``)."""
        return max(self.fork_floor(), self.sent_floor)

    def undo_count(self) -> int:
        """How many actions Undo takes back now (0: none); never past a fork
        (``undo_floor``). See ``_undo_span``."""
        count = self._undo_span()
        return count if len(self.record.actions) - count >= self.undo_floor() else 0

    def _undo_span(self) -> int:
        """How many actions Undo would take back, forks aside (``_undo_scan``)."""
        return self._undo_scan()[0]

    def undo_stop(self) -> int | None:
        """The index (in ``record.actions``) of the action Undo stops at because it revealed
        something new to you (``Game.reveals_to``): your own last action, or, alone with bots,
        a bot's move since it; None when Undo is stopped by nothing revealed."""
        return self._undo_scan()[1]

    def _undo_scan(self) -> tuple[int, int | None]:
        """(how many actions Undo would take back, forks aside; the action that revealed
        something and so stops it, or None).

        Your own last action, when it revealed nothing new to you (a card, a die, a hidden
        choice, a hidden hand passed to you: ``Game.reveals_to``) and no other seat has acted
        since. In a game where you are the only human on this device, also the bots' moves
        after your last action, when none of them revealed anything either: undoing goes back
        to your move and the bots decide again from there (the same way, as their decisions
        come from the record). Undo redraws the position from the record, so an action that
        draws always draws the same thing again.

        At a distance (``here``) the friends' seats do not count as people here: a bot that
        answered your move before the friend's turn is taken back with it, as long as
        nothing has left this device (``sent_floor``). The bot is not held back until the
        link is sent instead, because the link is only made once the friend is to move, and
        it carries the bots' replies: holding them would leave a move link with no friend
        to move yet. A friend's move, which came in a link, is never taken back.
        """
        actions = self.record.actions
        n, me = len(actions), self.me()
        if n == 0 or me is None or not self.is_human(me):
            return 0, None
        i = n - 1
        while i >= 0 and self.actors[i] != me:  # bots' moves after yours, if you are alone
            if self.is_human(self.actors[i]) or len(self.here_humans()) > 1:
                return 0, None
            i -= 1
        if i < 0:
            return 0, None
        if i == n - 1:  # your own move is the last one: its state before is at hand
            if self._before_last is None:
                return 0, None
            try:
                quiet = not self.game.reveals_to(self._before_last, self.game.parse_action(actions[-1]),
                                                 self.state, me)
            except Exception:
                return 0, None
            return (1, None) if quiet else (0, n - 1)
        cached = self._undo_cache
        if cached is not None and cached[:2] == (actions, me):
            return cached[2], cached[3]
        count, stop = n - i, None
        try:
            state = start(self.game, self.record)
            for p in positions(self.game, self.record, state, upto=i):
                state = p.after
            for k, p in enumerate(positions(self.game, self.record, state, first=i, before=True), start=i):
                if self.game.reveals_to(p.before, p.action, p.played, me):
                    count, stop = 0, k
                    break
        except Exception:
            count = 0
        self._undo_cache = (list(actions), me, count, stop)
        return count, stop

    def can_undo(self) -> bool:
        """Whether Undo can take anything back now (``undo_count``)."""
        return self.undo_count() > 0

    def undo_why(self) -> Text | None:
        """Why undo is not possible, None if it is."""
        if not self.record.actions:
            return T("Nothing to undo yet.")
        if self.can_undo():
            return None
        if len(self.record.actions) <= self.undo_floor() or (
                self._undo_span() and len(self.record.actions) - self._undo_span() < self.undo_floor()):
            if self.sent_floor > self.fork_floor():
                return T("That move has left this device in a move link: it cannot be taken back.")
            return T("This game was played on from another one here: undo cannot go back past that point.")
        me = self.me()
        mine = [i for i, a in enumerate(self.actors) if a == me]
        since = self.actors[mine[-1] + 1:] if mine else []
        if not mine or any(self.is_human(a) for a in since) or (since and len(self.here_humans()) > 1):
            return T("Another seat has acted since your last action.")
        stop = self.undo_stop()
        if stop is not None and stop < len(self.lines):
            return self.revealed_words(stop)
        if self.actors[-1] != me:
            return T("A move since your last one revealed something new (a card, a die, a hidden choice).")
        return T("Your last action revealed something new (a card, a die, a hidden choice).")

    def revealed_words(self, index: int) -> Text:
        """Why Undo stops at action ``index``, naming it in words: its log line and the first
        thing the log says it brought to light ("“Ada (the Thief) ends the turn” revealed
        something new (Bot 2 reveals the Magician): Undo stops there."). Only the public log
        is quoted, never a card the log does not name."""
        _seat, line, events = self.lines[index]
        shown = self._revealed_at(index)
        what = shown[0] if shown else events[0] if events else T("a card, a die, a hidden choice")
        if index == len(self.lines) - 1 and self.actors[index] == self.me():
            return T("Your last move, “{move}”, revealed something new ({what}): Undo stops there.",
                     move=line, what=what)
        return T("“{move}” revealed something new ({what}): Undo stops there.", move=line, what=what)

    def _revealed_at(self, index: int) -> list[Text | str]:
        """What action ``index`` showed you, in the game's words (``Game.revealed_texts``),
        from the positions just before and after it (kept until the record changes)."""
        me, actions = self.me(), self.record.actions
        if me is None:
            return []
        cached = self._revealed_cache
        if cached is not None and cached[:3] == (actions, me, index):
            return cached[3]
        shown: list[Text | str] = []
        try:
            if index == len(actions) - 1 and self._before_last is not None:
                shown = self.game.revealed_texts(self._before_last, self.game.parse_action(actions[-1]),
                                                 self.state, me)
            else:
                for p in positions(self.game, self.record, None, first=0, upto=index + 1, before=True):
                    if p.index == index:
                        shown = self.game.revealed_texts(p.before, p.action, p.played, me)
        except Exception:  # words only: a game's bug must not stop the table
            shown = []
        self._revealed_cache = (list(actions), me, index, shown)
        return shown

    def undo_reason(self) -> str:
        """Why undo is not possible (for the button's tooltip, in ``lang``, with the seats'
        names), '' if it is."""
        why = self.undo_why()
        return "" if why is None else self.show(why)

    def undo_text(self) -> Text | str:
        """The log line of your action that undo would take back (as a ``Text``)."""
        count = self.undo_count()
        return self.lines[-count][1] if count and self.lines else ""

    def undo(self) -> str:
        """Take back ``undo_count`` actions by replaying the record without them; returns the
        log line of your action it took back."""
        count = self.undo_count()
        if not count:
            raise IllegalAction(self.undo_why() or T("Nothing to undo."))
        text = self.show(self.lines[-count][1])
        seat = self.at_device
        self._rebuild(len(self.record.actions) - count)
        self.at_device = seat
        return text

    # ---- bots ---------------------------------------------------------------------------
    def bot_to_move(self) -> int | None:
        """The bot to move here; None when a person is, or the bots move at another device
        (``bots_host``)."""
        seat = self.to_move()
        if seat is None or self.is_human(seat) or self.bots_host is not None:
            return None
        return seat

    def bot_level(self, seat: int) -> str:
        """The bot level that plays ``seat``: its own, or "random" if this version has no
        such level (a record from elsewhere)."""
        level = seat_level(self.seats[seat].kind) or "random"
        return level if level in bot_levels(self.game) else "random"

    def bot_choice(self) -> Any:
        """The bot's action for the seat to move, computed here (the page prefers its bot
        worker, which gives the same action: ``engines.core.thinking``)."""
        seat = self.bot_to_move()
        if seat is None:
            raise ValueError(T("No bot is to move."))
        decision = self.decision(seat, self.bot_level(seat))
        while not decision.step(1.0):
            pass
        return decision.action

    def decision(self, seat: int, level: str):
        """The decision of a ``level`` bot for ``seat`` (who must be to move), to run in slices
        on this thread (``engines.core.thinking.Decision``: the same action as the worker's,
        and as ``bot_choice`` for a bot seat). A suggestion for a person is the same thing."""
        from engines.core.thinking import Decision

        if seat is None or self.to_move() != seat:
            raise ValueError(T("No bot is to move."))
        bot = get_bot(self.game, level)
        return Decision(self.game, self.state.clone(), bot, bot_rng(self.record.seed, len(self.record.actions), seat))

    def bot_step(self) -> str:
        return self.apply(self.bot_choice())

    # ---- the end ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.game.scores(self.state)

    def breakdown(self) -> tuple[list[str], list[dict[str, int]]]:
        """(categories in first-seen order, one dict per seat)."""
        rows = self.game.score_breakdown(self.state)
        cats: list[str] = []
        for r in rows:
            for k in r:
                if k not in cats:
                    cats.append(k)
        return cats, rows

    def winners(self) -> list[int]:
        return self.game.winners(self.state) if self.is_over() else []

    def names(self, seats: list[int]) -> str:
        """Seat names joined for a sentence: "Anna", "Anna and Ben", "Anna, Ben and Carla"."""
        names = [self.name(i) for i in seats]
        if len(names) < 2:
            return "".join(names)
        return T("{first} and {last}", first=", ".join(names[:-1]), last=names[-1]).render(self.lang)

    def status(self) -> str:
        """One line for the side panel (in ``lang``): who acts now, or who won."""
        if self.is_over():
            w = self.winners()
            names = self.names(w)
            if len(w) > 1:
                return T("Game over. Winners: {names}.", names=names).render(self.lang)
            return T("Game over. Winner: {names}.", names=names).render(self.lang)
        seat = self.to_move()
        who = self.name(seat)
        if self.is_human(seat) or self.bots_host is not None:  # a bot at another device: not thinking here
            return T("{name} to play.", name=who).render(self.lang)
        if "bot" in who.lower():
            return T("{name} is thinking…", name=who).render(self.lang)
        return T("{name} (bot) is thinking…", name=who).render(self.lang)
