"""Games at a distance in the page: created from the New game form, the move link offered
when a friend is to move, a move link opened (with the hand-off that names its seat), two
continuations of one position resolved, and the inbox on the home screen.

One object, ``AtADistance``, a part of the table (``table.distance``); the rules of links and
records are ``distance``'s (pure Python). What this device stores of each game is a
``distance.Distance`` beside the save's record (``Saves.put``).
"""

from __future__ import annotations

import asyncio
from html import escape as h
from typing import Callable

import js  # type: ignore[import-not-found]

import engines
from engines import RecordError, parse_record
from engines.core.record import upgrade
from engines.core.i18n import texts

from .bidi import Isolated, isolate
from .distance import (FORKED, NEWER, OLDER, PRIVACY, REFUSED, SAME, Distance, MoveLink, common_moves,
                       invitation, move_link, new_game_id, parse_move, relate)
from .page import L, _el, tx
from .saves import SaveEntry, stamp
from .session import Session

T = texts("ui")


def _now_ms() -> float:
    return float(js.Date.now())


def _base_url() -> str:
    return str(js.location.href).split("#", 1)[0]


def _message(title: str, names: list[str], seat: int) -> str:
    """The words sent with a move link to ``seat``: "Your turn in Citadels with Anna and Bea"
    (``names``: every seat's name as typed)."""
    return tx(invitation(title, [isolate(n) for i, n in enumerate(names) if i != seat]))


class AtADistance:
    """The table's part for games at a distance (see the module doc)."""

    def __init__(self, table) -> None:
        self.table = table
        self.page = table.page
        self.info: Distance | None = None  # the game on the table's, when it is one
        self.fork: tuple[str, Session, Session, Distance, int] | None = None  # (save id, here, link, info, its seat)
        self.to_save = False  # a move link's game on the table, saved once its player confirms the hand-off

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"send-move": lambda arg: self.send(True, arg),
                "copy-move": lambda arg: self.send(False, arg),
                "not-my-link": lambda _arg: self.not_mine(),
                "fork-keep": self.keep,
                "inbox-resend": self.resend}

    # ---- creating one ---------------------------------------------------------------------
    def start(self, session: Session, sid: str, name: str, mine: list[int]) -> None:
        """A new game at a distance: ``mine`` played here, the other human seats by friends."""
        self.page.banner = (PRIVACY, "info")
        session.play_here(mine)
        self.table.open_session(session, sid, name, distance=Distance(new_game_id(), mine))
        self.table.autosave()

    def attach(self, session: Session, sid: str | None, info: Distance | None) -> None:
        """The game just put on the table: its ``Distance`` (``info``, else its save's), applied
        to the session (the seats played here, what Undo may not take back)."""
        if info is None and sid:
            info = Distance.from_json(self.page.saves.get(sid).distance)
        self.info = info
        self.to_save = False
        if info is not None:
            session.play_here(info.mine)
            session.sent_floor = max(session.sent_floor, min(info.floor, len(session.record.actions)))

    def stored(self) -> dict | None:
        """What the save keeps of the game at a distance on the table (None: not one)."""
        s = self.page.session
        if self.info is None or s is None:
            return None
        seat = s.to_move()
        self.info.turn = -1 if seat is None or s.is_over() else seat
        return self.info.to_json()

    # ---- a friend to move: the move link ---------------------------------------------------
    def waiting_for(self) -> int | None:
        """The friend whose move the game on the table waits for, or None."""
        s = self.page.session
        if self.info is None or s is None or self.table.mode != "play":
            return None
        return s.away_to_move()

    def to_send(self) -> list[int]:
        """The friends a link is for now: the one to move; once the game is over, every
        friend (each gets the final table)."""
        s = self.page.session
        if self.info is None or s is None or self.table.mode != "play":
            return []
        if s.is_over():
            # only the device whose move (or bots' moves) ended the game tells the others: one
            # that received the final table has nothing new to send
            ended_here = len(s.record.actions) > self.info.floor or self.info.sent.get("moves") == len(s.record.actions)
            return [i for i in s.humans() if not s.is_here(i)] if ended_here else []
        seat = s.away_to_move()
        return [] if seat is None else [seat]

    def link_for(self, seat: int) -> str:
        s = self.page.on_table()
        assert self.info is not None
        return move_link(_base_url(), s.record, self.info.gid, seat)

    def message(self, session: Session, seat: int) -> str:
        """The words sent with the link to ``seat``: "Your turn in Citadels with Anna and Bea"."""
        return _message(session.game.title, [s.name for s in session.seats], seat)

    def send_box_html(self) -> str:
        """In place of the choices (beside the final scores once the game is over): the link
        for each friend it is for now, to send."""
        seats = self.to_send()
        if not seats or self.info is None:
            return ""
        s = self.page.on_table()
        over = s.is_over()
        if over:
            heading = L("The game is over: send each friend the final table")
        else:
            heading = L("It is {name}’s turn", name=s.name(seats[0]))
        parts = [f'<section class="send-box" id="send-box"><h3>{h(heading)}</h3>']
        for seat in seats:
            name, link = s.name(seat), self.link_for(seat)
            sent = self.info.sent.get("moves") == len(s.record.actions) and self.info.sent.get("to") == seat
            share = (f'<button class="primary" data-cmd="send-move" data-arg="{seat}">{h(L("Send to {name}", name=name))}</button>'
                     if hasattr(js.navigator, "share") else "")
            what = (L("Send {name} this link: it opens the final table at their seat.", name=name) if over else
                    L("Send {name} this link: it opens the game at their seat, with your move.", name=name))
            state = ("" if not sent else
                     f'<p class="muted move-sent">{h(L("Link made.") if over else L("Link made: when {name} has played, open the link they send back.", name=name))}</p>')
            parts.append(f'<p>{h(what)}</p>'
                         f'<textarea class="move-link" id="move-link-{seat}" readonly rows="3"'
                         f' aria-label="{h(L("Move link for {name}", name=name))}">{h(link)}</textarea>'
                         f'<div class="buttons">{share}<button{"" if share else " class=primary"}'
                         f' data-cmd="copy-move" data-arg="{seat}">{h(L("Copy link"))}</button></div>{state}')
        return "".join(parts) + "</section>"

    def send(self, share: bool, arg: str) -> None:
        """Send the move link for seat ``arg``: the phone's share sheet (``share``, where
        there is one), else copied (``_send``, once the browser has said it did)."""
        seat = int(arg) if arg.isdigit() else -1
        if seat not in self.to_send() or self.info is None:
            return
        el = _el(f"move-link-{seat}")
        if el and not share:
            el.select()  # should the browser refuse to copy, the person copies it from there
        asyncio.ensure_future(self._send(self.page.on_table(), seat, share and hasattr(js.navigator, "share")))

    async def _send(self, s: Session, seat: int, share: bool) -> None:
        """Hand the link on; once it has left, Undo cannot take those moves back. A share
        sheet closed without sending, or a copy refused, leaves everything as it was."""
        moves = len(s.record.actions)
        sent = await self.deliver(self.message(s, seat), self.link_for(seat), s.seats[seat].name, share)
        if not sent or self.info is None or self.page.session is not s or len(s.record.actions) != moves:
            return
        self.info.sent = {"to": seat, "moves": moves, "at": int(_now_ms())}
        self.info.floor = moves
        s.sent_floor = moves
        self.table.autosave()
        self.table.refresh()

    # ---- a move link opened -----------------------------------------------------------------
    def open_move(self, fragment: str) -> bool:
        """Open a move link (``LinkError`` when it cannot be read): this device's copy of its
        game brought up to date, after the hand-off that names its seat."""
        link = parse_move(fragment)
        entry = self.find(link.gid)
        if entry is None:
            return self.first_move(link)
        info = Distance.from_json(entry.distance)
        assert info is not None
        if link.seat not in info.mine:
            here = ", ".join(entry.record["seats"][i]["name"] for i in info.mine
                             if i < len(entry.record.get("seats", [])))
            self.page.banner = (T("This move link is for {name}; on this device you play {mine} in this game. "
                                  "Your game is kept as it is.", name=Isolated(link.record.seats[link.seat].name),
                                  mine=Isolated(here)), "info")
            self.page.show_home()
            return True
        here_record = upgrade(parse_record(entry.record))  # the record alone: no replay needed here
        relation = relate(here_record, link.record)
        if relation in REFUSED:  # not this game: nothing of the link is shown or kept
            self.page.banner = (REFUSED[relation], "error")
            self.page.show_home()
            return True
        if relation == FORKED:
            self.show_fork(entry, info, link)
            return True
        if relation == OLDER:
            self.page.banner = (T("This link is older than your game ({n} moves; this device has {m}): the newer "
                                  "game is kept.", n=len(link.record.actions), m=len(here_record.actions)), "info")
            session = Session.load(entry.record)
        else:
            session = Session.load(link.record)
            self.page.banner = (T("You already have this move."), "info") if relation == SAME else None
            if relation == NEWER:
                info.came = _now_ms()
                info.floor = max(info.floor, len(link.record.actions))
        session.play_here(info.mine)
        session.link_for = link.seat
        self.table.open_session(session, entry.id, entry.name, known=stamp(entry.record), distance=info)
        self.to_save = relation == NEWER
        return True

    def first_move(self, link: MoveLink) -> bool:
        """A game this device has not seen: shown after its player confirms the hand-off,
        saved only then (``confirmed``), as a newer position of a game it has is."""
        session = Session.load(link.record)
        session.play_here([link.seat])
        session.link_for = link.seat
        info = Distance(link.gid, [link.seat], floor=len(link.record.actions), came=_now_ms())
        names = ", ".join(s.name for s in link.record.seats)
        name = L("{game} with {names}", game=session.game.title, names=names)
        self.page.banner = None
        self.table.open_session(session, None, name, distance=info)
        self.to_save = True
        return True

    def confirmed(self) -> None:
        """The hand-off of a move link confirmed: its game saved (a game new to this device
        gets its save); before, "This link is not for me" leaves nothing of it behind."""
        if not self.to_save or self.info is None or self.table.mode != "play":
            return
        self.to_save = False
        if self.table.sid is None:
            self.table.sid = self.page.saves.new_id()
            self.page.saves.set_last(self.table.sid)
        self.table.autosave()

    def not_mine(self) -> None:
        """"This link is not for me": nothing of it is shown or kept."""
        self.table.loop.stop_loop()
        self.page.session = None
        self.info = None
        self.page.banner = (T("Nothing of that link was shown or kept."), "info")
        self.page.show_home()

    def find(self, gid: str) -> SaveEntry | None:
        """This device's save of game ``gid`` (the newest, should there be two)."""
        for entry in self.page.saves.list():
            info = Distance.from_json(entry.distance) if entry.ok else None
            if info is not None and info.gid == gid:
                return entry
        return None

    # ---- two continuations of one position ----------------------------------------------------
    def show_fork(self, entry: SaveEntry, info: Distance, link: MoveLink) -> None:
        """The device's game and the link's went on differently from one position: both shown
        with their moves since, the person chooses which stands (the other is kept as a save)."""
        here = Session.load(entry.record)
        there = Session.load(link.record)
        for s in (here, there):
            s.lang = self.page.lang
            s.play_here(info.mine)
        self.fork = (entry.id, here, there, info, link.seat)
        self.page.banner = None
        self._draw_fork(here, there)

    def _draw_fork(self, here: Session, there: Session) -> None:
        """The two continuations side by side, each with its moves since they parted."""
        at = common_moves(here.record, there.record)

        def moves(s: Session) -> str:
            """The public log lines of ``s``'s moves after the two games part."""
            shown = [s.show(text) for _seat, text, _events in s.lines[at:]]
            return "".join(f"<li>{h(t)}</li>" for t in shown) or \
                f'<li class="muted">{h(L("The same moves; the cards or dice drawn differ."))}</li>'

        cols = "".join(
            f'<section class="fork-side"><h3>{h(title)}</h3><p class="muted">{h(L("{n} moves", n=len(s.record.actions)))}</p>'
            f'<ol class="log">{moves(s)}</ol>'
            f'<button class="primary" data-cmd="fork-keep" data-arg="{arg}">{h(keep)}</button></section>'
            for title, keep, arg, s in ((L("The game on this device"), L("Keep this device’s game"), "here", here),
                                        (L("The game in the link"), L("Keep the link’s game"), "link", there)))
        self.page.set_screen("fork", f"""
{self.page.header(L("Two continuations"))}
<main class="form fork">
{self.page.banner_html()}
<h2>{h(L("This game went on in two different ways"))}</h2>
<p>{h(L("After move {n}, the game on this device and the game in the link differ (a move link answered twice, "
        "or a move taken back after it was sent). Choose the one that stands; the other is kept as a save.", n=at))}</p>
<div class="fork-sides">{cols}</div>
</main>""")

    def redraw(self) -> None:
        """The screen of two continuations drawn again (a language switch)."""
        if self.fork is None or self.page.screen != "fork":
            return
        _sid, here, there, _info, _seat = self.fork
        for s in (here, there):
            s.lang = self.page.lang
        self._draw_fork(here, there)

    def leave(self, screen: str) -> None:
        """Nothing to put away: the choice between two continuations waits in ``fork``."""

    def keep(self, which: str) -> None:
        """The person chose which continuation stands: it goes on in the game's save, the other
        is kept as an ordinary save."""
        if self.fork is None or which not in ("here", "link"):
            return
        sid, here, there, info, seat = self.fork
        keep, other = (here, there) if which == "here" else (there, here)
        saves = self.page.saves
        entry = saves.get(sid)
        copy = saves.new_id()
        # the other continuation first: if it cannot be written, nothing is overwritten
        problem = saves.put(copy, L("{name} (the other continuation)", name=entry.name or keep.game.title),
                            other.record.model_dump(mode="json"), other.is_over(), self.copied(other, info))
        if problem:
            self.page.flash(T("Neither continuation was changed: {reason}", reason=problem))
            return
        if which == "link":
            info.floor = max(info.floor, len(keep.record.actions))
            info.came = _now_ms()
        seat_now = keep.to_move()
        info.turn = -1 if seat_now is None or keep.is_over() else seat_now
        problem = saves.put(sid, entry.name, keep.record.model_dump(mode="json"), keep.is_over(), info.to_json())
        if problem:
            saves.delete(copy)
            self.page.flash(T("Neither continuation was changed: {reason}", reason=problem))
            return
        self.fork = None
        keep.play_here(info.mine)
        keep.sent_floor = min(info.floor, len(keep.record.actions))
        keep.link_for = seat  # its player takes the device, as for any move link
        self.page.banner = (T("The other continuation is kept as a save: “{name}”.",
                              name=Isolated(saves.get(copy).name)), "info")
        self.table.open_session(keep, sid, entry.name, known=stamp(keep.record.model_dump(mode="json")),
                                distance=info)

    def copied(self, session: Session, info: Distance | None = None) -> dict | None:
        """What a copy of a game at a distance (``info``; by default the table's) keeps of it
        (Save copy, the other continuation of a fork): this device's seats, under a game id
        of its own, so its friends' seats never become people at this device whose hands it
        would show. None: not a game at a distance."""
        info = info or self.info
        if info is None:
            return None
        turn = session.to_move()
        return Distance(new_game_id(), list(info.mine), floor=len(session.record.actions),
                        turn=-1 if turn is None or session.is_over() else turn).to_json()

    # ---- the inbox ---------------------------------------------------------------------------
    def inbox_row(self, e: SaveEntry) -> str:
        """One game at a distance on the home screen: its players, whose turn it is, when the
        last move came; Open, and Resend the last link while a friend is to move."""
        info = Distance.from_json(e.distance)
        assert info is not None
        seats = e.record.get("seats", [])
        title = engines.about(e.game)["title"]
        names = ", ".join(f"<b><bdi>{h(L('{name} (you)', name=s['name']))}</bdi></b>" if i in info.mine
                          else f"<bdi>{h(s['name'])}</bdi>" for i, s in enumerate(seats))
        turn = info.turn
        if e.over:
            whose = L("Game over")
        elif turn in info.mine:
            whose = L("Your turn")
        elif 0 <= turn < len(seats) and seats[turn].get("kind") == "human":
            whose = L("Waiting for {name}", name=isolate(seats[turn]["name"]))
        else:
            whose = L("{n} moves", n=e.actions)
        last = max(e.updated * 1000, info.came)
        when = self.page.when(last) if last > 0 else ""
        resend = (f'<button data-cmd="inbox-resend" data-arg="{h(e.id)}">{h(L("Resend the link"))}</button>'
                  if not e.over and 0 <= turn < len(seats) and turn not in info.mine
                  and seats[turn].get("kind") == "human" else "")
        review = (f'<button data-cmd="review-save" data-arg="{h(e.id)}">{h(L("Review"))}</button>' if e.over else "")
        return (f'<li class="save far" data-sid="{h(e.id)}" data-gid="{h(info.gid)}"><div class="save-main">'
                f'<b class="save-name">{h(title)}</b><span>{names}</span>'
                f'<span class="muted"><span class="whose">{h(whose)}</span> · {h(L("last move: {when}", when=when))}</span>'
                f'</div><div class="save-btns"><button class="primary" data-cmd="resume" data-arg="{h(e.id)}">'
                f'{h(L("Open"))}</button>{resend}{review}'
                f'<button class="danger" data-cmd="delete" data-arg="{h(e.id)}">{h(L("Delete"))}</button></div></li>')

    def resend(self, sid: str) -> None:
        """Resend the last link of a game at a distance, from the inbox: the link for the
        friend to move, shared or copied at once (the game is not opened)."""
        entry = self.page.saves.get(sid)
        info = Distance.from_json(entry.distance) if entry.ok else None
        if info is None or not 0 <= info.turn < len(entry.record.get("seats", [])):
            self.page.flash(entry.error or T("This save cannot be opened."), detail=entry.detail)
            return
        try:
            record = Session.load(entry.record).record
        except RecordError as exc:
            self.page.flash(exc.reason, detail=exc.detail)
            return
        seat = info.turn
        name = record.seats[seat].name
        link = move_link(_base_url(), record, info.gid, seat)
        text = _message(engines.about(record.game)["title"], [s.name for s in record.seats], seat)
        asyncio.ensure_future(self._resend(sid, info, entry, text, link, name))

    async def _resend(self, sid: str, info: Distance, entry: SaveEntry, text: str, link: str, name: str) -> None:
        """Once the link has left, Undo cannot take its moves back on this device either."""
        if not await self.deliver(text, link, name, share=hasattr(js.navigator, "share")):
            return
        moves = len(entry.record.get("actions", []))
        info.sent = {"to": info.turn, "moves": moves, "at": int(_now_ms())}
        info.floor = max(info.floor, moves)
        self.page.saves.put(sid, entry.name, entry.record, entry.over, info.to_json())

    async def deliver(self, text: str, link: str, name: str, share: bool) -> bool:
        """Hand ``link`` (with ``text``) on: the phone's share sheet (``share``), else the
        clipboard; the banner says what happened. False when it did not leave: the share sheet
        closed without sending, or the browser refused to copy."""
        if share:
            try:
                await js.navigator.share(js.Object.fromEntries([["title", text], ["text", text], ["url", link]]))
                return True
            except Exception as exc:
                if "AbortError" in str(exc):  # closed by the person: nothing sent, nothing said
                    return False
        try:
            await js.navigator.clipboard.writeText(f"{text}\n{link}")
        except Exception:
            self.page.flash(T("The browser did not let the page copy the link: select it in its box and copy it."))
            return False
        self.page.flash(T("Link copied: send it to {name}.", name=Isolated(name)), "info")
        return True
