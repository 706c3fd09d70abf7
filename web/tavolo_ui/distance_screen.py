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
from engines.core.i18n import Text, texts

from .bidi import Isolated, isolate
from .crypto_load import NOT_LOADED, ensure_seals, installed, load_seals
from .distance import (EVERY_SEAT, FAILED, FORKED, NEWER, NOT_SEALED_LINK, NOT_VERIFIABLE, OLD_LINK_REVEALED_GAME, OLDER, PRIVACY,
                       REFUSED, REVEALED_LINK_OLD_GAME, REVEALED_VERSION, SAME, SEALED_LINK_OLD_GAME, SEALED_VERSION,
                       Audit, Distance, MoveLink, SealState, and_names, aside_name, bots_host, common_moves, end_words, fork_cause,
                       invitation, inviter, is_sealed_fragment, lap_next, lap_status, lap_waits_for, link_carries,
                       link_version, move_link, movers, needs_handoff, new_game_id, parse_move, parted_by,
                       people_here, privacy_more, relate, seen_moves, set_up_to_send, waits_for)
from .page import L, _el, tx
from .links import LinkError
from .words import Technical
from .saves import FULL_MESSAGE, OURS, SaveEntry, stamp
from .session import Session

T = texts("ui")
CHANCES_UNREAD = T("The secrets of the draws stored with this game could not be read.")
"""The technical reason behind ``revealed.CHANCES_DAMAGED``: ``Distance.chances`` unread."""

DEAL_BY_REVEAL = True
"""New games at a distance deal their public draws by commit and reveal (``t4`` links,
``revealed``: the set-up lap first) when the seals' library is loaded."""


def in_lap(link: MoveLink, info: Distance) -> bool:
    """Whether ``link`` is a link of its game's set-up lap: dealt by commit and reveal, and
    nothing dealt in it yet (it holds no move, only the seats' commitments)."""
    return info.revealed and not link.record.chance and not link.record.actions


class _Hold:
    """A chance source that deals nothing: a game dealt by commit and reveal waits so until
    its ``PendingBeacon`` can be made (the seals' library loaded)."""

    def pick(self, game, state):  # type: ignore[no-untyped-def]
        return None


def _now_ms() -> float:
    return float(js.Date.now())


def _base_url() -> str:
    return str(js.location.href).split("#", 1)[0]


def _message(title: str, names: list[str], seat: int) -> str:
    """The words sent with a move link to ``seat``: "Your turn in Citadels with Anna and Bea"
    (``names``: every seat's name as typed). The names go as typed, without the invisible
    marks that isolate a name in the page (``bidi``): the text leaves the page, and where it is
    pasted (a chat, a mail) they would be stray characters."""
    return tx(invitation(title, [n for i, n in enumerate(names) if i != seat]))


class AtADistance:
    """The table's part for games at a distance (see the module doc)."""

    def __init__(self, table) -> None:
        self.table = table
        self.page = table.page
        self.info: Distance | None = None  # the game on the table's, when it is one
        self.fork: tuple[str, Session, Session, Distance, int] | None = None  # (save id, here, link, info, its seat)
        self.to_save = False  # a move link's game on the table, saved once its player confirms the hand-off
        self.first: Session | None = None  # a first move link's game (``first_move``): its hand-off welcomes
        self.fork_seal: SealState | None = None  # a sealed fork's: the link's seals, kept with the link's game
        self.fork_signer: int | None = None  # a sealed fork's: the seat that signed both answers (its proof)
        self._audit: tuple[tuple, Audit] | None = None  # (``audit_key``, the end-of-game audit's result)
        self._auditing: tuple | None = None  # the ``audit_key`` of the audit scheduled, until it runs

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"send-move": lambda arg: self.send(True, arg),
                "copy-move": lambda arg: self.send(False, arg),
                "save-again": lambda _arg: self.save_again(),
                "not-my-link": lambda _arg: self.not_mine(),
                "fork-keep": self.keep,
                "inbox-resend": self.resend}

    # ---- creating one ---------------------------------------------------------------------
    def start(self, session: Session, sid: str, name: str, mine: list[int]) -> None:
        """A new game at a distance: ``mine`` played here, the other human seats by friends.
        It is sealed (``sealed.new_seal``: keys for this device's seats and its bots) once the
        seals' library is here: at once when it is loaded already, else after it has loaded.
        When it cannot be loaded, the game is made unsealed, as before sealed links, and the
        banner says so."""
        if installed():
            self._create(session, sid, name, mine, None)
            return

        async def create() -> None:
            self._create(session, sid, name, mine, await ensure_seals())

        asyncio.ensure_future(create())

    def _create(self, session: Session, sid: str, name: str, mine: list[int], why: str | None) -> None:
        """``start``'s game put on the table and saved: sealed unless the library did not
        load (``why``: what failed, behind the banner's Details toggle)."""
        seal: SealState | None = None
        info = Distance(new_game_id(), mine)
        if why is None:
            from .sealed import new_seal  # only once the seals' library is loaded
            seal = info.seal = new_seal(session.record, mine)
            # the rest behind "Read more", in the game's own words: compact on a phone
            self.page.banner = (PRIVACY, "info", privacy_more(session.record.game, session.game.title))
            if DEAL_BY_REVEAL:  # nothing dealt before every seat has committed: the set-up lap
                from .revealed import new_chances
                info.chances = new_chances(seal.keys)
                session.redeal_with(_Hold(), [])
                session.deal_from(self.beacon(session, info))
        else:
            self.page.banner = (NOT_LOADED, "error", why)
        session.play_here(mine)
        self.table.open_session(session, sid, name, distance=info)
        self.table.autosave()

    def beacon(self, session: Session, info: Distance):  # type: ignore[no-untyped-def]
        """The chance source of ``session``, a game dealt by commit and reveal
        (``revealed.PendingBeacon``): its draws from the seats' values as this device keeps
        them in ``info``."""
        from .revealed import PendingBeacon  # only once the seals' library is loaded
        return PendingBeacon(lambda: (session.record, info.seal, info.chances, session.actors), info.gid)

    def revealed_session(self, record, info: Distance) -> Session:  # type: ignore[no-untyped-def]
        """A session of a game dealt by commit and reveal: nothing dealt from entropy; the
        draws this device deals (the set-up, once the lap is back at its creator) from its
        ``beacon``."""
        session = Session.load(record, source=_Hold())
        session.deal_from(self.beacon(session, info))
        return session

    def session_of(self, record, info: Distance) -> Session:  # type: ignore[no-untyped-def]
        """A session of a link's or a save's game at a distance, dealt as the game is."""
        return self.revealed_session(record, info) if info.revealed else Session.load(record)

    def attach(self, session: Session, sid: str | None, info: Distance | None) -> None:
        """The game just put on the table: its ``Distance`` (``info``, else its save's), applied
        to the session (the seats played here, what Undo may not take back)."""
        if info is None and sid:
            info = Distance.from_json(self.page.saves.get(sid).distance)
            if info is not None:  # a save of one resumed
                load_seals(self.page)
                if info.seal is not None and not installed():
                    asyncio.ensure_future(self.when_loaded())
        self.info = info
        self.to_save = False
        if info is not None and info.revealed and not isinstance(session.source, _Hold) \
                and getattr(session.source, "gid", None) != info.gid:
            # loaded by a path that deals from entropy: what it dealt beyond the save is taken back
            stored = self.page.saves.get(sid).record.get("chance", []) if sid else session.record.chance
            session.redeal_with(_Hold(), stored if isinstance(stored, list) else [])
        if info is not None and info.revealed and isinstance(session.source, _Hold) and installed():
            session.deal_from(self.beacon(session, info))
        if info is not None:
            session.play_here(info.mine)
            session.bots_host = bots_host(info)
            session.sent_floor = max(session.sent_floor, min(info.floor, len(session.record.actions)))

    async def when_loaded(self) -> None:
        """A sealed game resumed before the seals' library loaded: its send box drawn again
        once it has (it said "Preparing the link…" until then)."""
        await ensure_seals()
        s = self.page.session
        if self.info is not None and s is not None:
            if self.info.revealed and isinstance(s.source, _Hold):
                s.deal_from(self.beacon(s, self.info))
            self.table.refresh()

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
        if s.undealt and self.info.seal is not None:  # the set-up lap: the next to join, or back to the creator
            to = lap_next(s.record.players, [seat.kind for seat in s.seats], self.info.seal)
            return [] if to in self.info.mine or self.info.chances is None else [to]
        if s.is_over():
            # only the device whose move (or bots' moves) ended the game tells the others: one
            # that received the final table has nothing new to send
            ended_here = len(s.record.actions) > self.info.floor or self.info.sent.get("moves") == len(s.record.actions)
            return [i for i in s.humans() if not s.is_here(i)] if ended_here else []
        seat = s.away_to_move()
        return [] if seat is None else [seat]

    def link_for(self, seat: int) -> str:
        """The move link that hands the game on the table to ``seat``: sealed
        (``sealed.make_link``, this device's new moves signed) in a sealed game, else as
        before sealed links."""
        s = self.page.on_table()
        assert self.info is not None
        if self.info.seal is None:
            return move_link(_base_url(), s.record, self.info.gid, seat)
        from .sealed import remember_shown  # a sealed game's library is loaded before its table is drawn
        fragment, made = self.sealed_link(s, seat)
        # shown: it may leave unnoticed (copied by hand), so its signed moves are kept even if
        # Undo takes them back (a friend's answer to it is then this seat's own fork)
        shown = remember_shown(self.info.seal, made, len(s.record.actions))
        if shown is not self.info.seal:  # kept in the save too: the friend's answer may come after a reload
            self.info.seal = shown
            asyncio.get_event_loop().call_soon(self.table.autosave)  # after this draw, not inside it
        return _base_url() + fragment

    def sealed_link(self, s: Session, seat: int) -> tuple[str, SealState]:
        """The fragment of the sealed link for ``seat`` and the seal to store once it has left."""
        from .sealed import make_link  # a sealed game's library is loaded before its table is drawn
        assert self.info is not None and self.info.seal is not None
        if self.info.revealed:
            return self.revealed_link(s, seat)[:2]
        return make_link(s.record, self.info.seal, gid=self.info.gid, to=seat)

    def revealed_link(self, s: Session, seat: int) -> tuple[str, SealState, int]:
        """The ``t4`` link this device sends now to ``seat`` (``revealed.page_link``: its
        commitments during the lap, else its turns sealed, each with its seat's value), the
        seal to store once it has left, and the seat it goes to. ``LinkError`` when this
        device's chance secrets are damaged."""
        from .revealed import CHANCES_DAMAGED, page_link
        assert self.info is not None and self.info.seal is not None
        if self.info.chances is None:
            raise LinkError(CHANCES_DAMAGED, CHANCES_UNREAD)
        mover = None if s.is_over() or s.undealt else s.to_move()
        return page_link(s.record, self.info.seal, self.info.chances, gid=self.info.gid, mover=mover, to=seat)

    def message(self, session: Session, seat: int) -> str:
        """The words sent with the link to ``seat``: "Your turn in Citadels with Anna and Bea"."""
        return _message(session.game.title, [s.name for s in session.seats], seat)

    def not_kept(self) -> bool:
        """Whether this device does not keep the game on the table as it is: its save holds
        another version (another tab changed it: ``table.conflict``) or its last autosave
        failed (``table.unsaved``: the storage full, say). Then no move link is made: a link
        only carries moves this device keeps, since one that left unkept would be missing here
        after a reload, and another move made in its place would make two games of one."""
        return bool(self.table.conflict or self.table.unsaved)

    def kept(self) -> bool:
        """Whether this device keeps the game on the table as it is, checked in its storage
        now, just before a link leaves: another tab's write may not have reached this one
        yet (its ``storage`` event comes a little later). When the save holds another
        version, the table learns it now (``TwoTabs.follow_other_tab``: it stops saving and
        says so); when it holds an older one of this tab's, the game is saved first."""
        s, sid = self.page.session, self.table.sid
        if s is None or not sid or self.not_kept():
            return False
        mine = s.record.model_dump(mode="json")
        outcome, stored = self.page.saves.check(sid, self.table.known, mine)
        if stored.ok and stamp(stored.record) == stamp(mine):
            return True
        if outcome == OURS:
            self.table.autosave()
            return not self.not_kept()
        self.table.tabs.follow_other_tab(outcome, stored)
        return False

    def checked_html(self) -> str:
        """The end screen's words on the whole game verified on this device (``audit``:
        "Verified: ..." with what that does not protect and "Read more", or "Not verified:
        Bea's move 17 does not check. ..."), as HTML; "" when the game on the table is not a
        game at a distance, or not over. The audit runs once per finished game, just after
        the end screen is first drawn (its line says "Checking..." until then)."""
        s = self.page.session
        if self.info is None or s is None or not s.is_over() or self.info.aside:
            return ""
        key = self.audit_key(s)
        found = self._audit[1] if self._audit is not None and self._audit[0] == key else None
        if found is None and self._auditing != key:
            self._auditing = key
            asyncio.get_event_loop().call_soon(self.run_audit, s, key)
        line, unprotected, more = end_words(found, s.record.game, s.game.title)
        text = tx(line)
        if found is not None and found.outcome == FAILED:
            from .sealed import named  # the audit ran: the seals' library is loaded
            text = named(text, [seat.name for seat in s.seats], self.page.lang)
        kind = "pending" if found is None else found.outcome
        parts = [f'<div class="end-checked {h(kind)}" id="end-checked" data-audit="{h(kind)}"><p>{h(text)}</p>']
        if unprotected is not None:
            parts.append(f'<p class="muted">{h(tx(unprotected))}</p>')
        if more is not None:
            parts.append(f'<details class="more"><summary>{h(L("Read more"))}</summary><p>{h(tx(more))}</p></details>')
        return "".join(parts) + "</div>"

    def audit_key(self, s: Session) -> tuple:
        """What the audit of the game on the table depends on: the game, its moves, the
        transcript this device keeps."""
        assert self.info is not None
        seal = self.info.seal
        last = seal.transcript[-1].get("sig") if seal is not None and seal.transcript else None
        return (self.info.gid, len(s.record.actions), len(s.record.chance),
                None if seal is None else len(seal.transcript), last)

    def run_audit(self, s: Session, key: tuple) -> None:
        """The end-of-game audit of ``s`` (``audit.audit``), once the seals' library is here
        (a game made before sealed links needs none), its words put in place of "Checking..."."""
        if self.page.session is not s or self.info is None or self.audit_key(s) != key:
            self._auditing = None
            return
        if self.info.seal is None:
            result = Audit(NOT_VERIFIABLE)
        elif not installed():  # resumed before the library loaded: ``when_loaded`` draws the table again
            self._auditing = None
            return
        else:
            from .audit import audit
            try:
                result = audit(s.record, self.info)
            except Exception as exc:  # a bug of the check: said, never "Checking..." for ever, nor a claim
                js.console.error(f"end-of-game audit failed: {exc!r}")
                result = Audit(FAILED, reason=T("This device could not finish checking the game."))
        self._audit, self._auditing = (key, result), None
        el = _el("end-checked")
        if el:
            el.outerHTML = self.checked_html()

    # ---- the set-up lap ------------------------------------------------------------------
    def lap_status(self) -> str:
        """The status line while the game on the table waits for its set-up lap: "Waiting
        for Bea to join", or on a friend's device that has joined, "Joined: waiting for Ada
        to deal" (``distance.lap_status``, the home screen's row says the same); "" otherwise."""
        s = self.page.session
        if self.info is None or self.info.seal is None or s is None or not s.undealt:
            return ""
        text = lap_status(s.record.players, [seat.kind for seat in s.seats], self.info.seal, self.info.mine,
                          s.name, s.names)
        return "" if text is None else tx(text)

    def lap_joined(self, s: Session) -> bool:
        """Whether this device's seats have joined the set-up lap: their commitments are in
        the lap's link, which has left (or was made to leave) this device."""
        assert self.info is not None and self.info.seal is not None
        committed = {segment.get("seat") for segment in self.info.seal.transcript[:s.record.players]}
        return set(self.info.mine) <= committed

    def lap_html(self) -> str:
        """In place of the board's choices during the set-up lap: a small panel saying that
        nothing is dealt until everyone has joined, and the send box when a link goes out."""
        s = self.page.on_table()
        host = self.info.seal.host if self.info is not None and self.info.seal is not None else 0
        if self.info is not None and self.info.chances is None and self.info.seal is not None:
            from .revealed import CHANCES_DAMAGED
            return f'<section class="lap-wait" id="lap-wait"><p>{h(tx(CHANCES_DAMAGED))}</p></section>'
        wait = (L("Nothing is dealt yet: once everyone has joined, your device deals the set-up and the game starts.")
                if self.info is not None and host in self.info.mine else
                L("Nothing is dealt yet: once everyone has joined, {name}’s device deals the set-up and the game "
                  "starts.", name=s.name(host)))
        return (f'<section class="lap-wait" id="lap-wait"><h3>{h(L("Setting up the game"))}</h3>'
                f'<p>{h(wait)}</p></section>' + self.send_box_html())

    def lap_words(self, s: Session, to: int) -> tuple[str, str]:
        """The send box's heading and sentence during the set-up lap, for the link to ``to``:
        the next person to join (who then sends it on, or back to the creator), or back to
        the creator, whose device then deals."""
        assert self.info is not None and self.info.seal is not None
        seal, kinds = self.info.seal, [seat.kind for seat in s.seats]
        host = seal.host
        joined = self.lap_joined(s)  # the link has left once: the status says "Joined" already
        if to == host:
            return (L("Joined: the link goes back to {name}", name=s.name(host)) if joined else
                    L("To join, send the link back to {name}", name=s.name(host)),
                    L("Send {name} this link: {name}’s device then deals the set-up and the game starts.",
                      name=s.name(host)))
        after = SealState({**seal.keys, to: ""}, host, seal.transcript)
        then = lap_next(s.record.players, kinds, after)
        heading = (L("The game starts once each friend has joined") if host in self.info.mine else
                   L("Joined: the link goes on to {name}", name=s.name(to)) if joined else
                   L("To join, send the link on to {name}", name=s.name(to)))
        if then == host and host in self.info.mine:
            what = L("Send {name} this link: {name}’s device joins the game, then {name} sends it back to you.",
                     name=s.name(to))
        else:
            what = L("Send {name} this link: {name}’s device joins the game, then {name} sends it on to {next}.",
                     name=s.name(to), next=s.name(then))
        return heading, what

    def just_set_up(self, s: Session) -> bool:
        """Whether the game on the table was dealt by the set-up lap and nobody has moved yet:
        its first link goes to a friend who starts, with no move of this device's in it."""
        return (self.info is not None and self.info.revealed and self.info.seal is not None
                and not s.undealt and not s.record.actions)

    def carries(self, s: Session) -> Text | None:
        """What the link made now brings beyond this device's person's move
        (``distance.link_carries``: the set-up, a bot's move), or None."""
        assert self.info is not None
        set_up = set_up_to_send(s.record.players, self.info.seal if self.info.revealed else None, not s.undealt)
        return link_carries([seat.kind for seat in s.seats], s.actors, self.info.floor, set_up, s.name)

    def send_box_html(self) -> str:
        """In place of the choices (beside the final scores once the game is over): the link
        for each friend it is for now, to send; while this device does not keep the game as
        it is (``not_kept``), why no link is made and what to do instead."""
        seats = self.to_send()
        if not seats or self.info is None:
            return ""
        s = self.page.on_table()
        over = s.is_over()
        turn = s.to_move()
        lap = s.undealt
        if lap:
            heading = self.lap_words(s, seats[0])[0]
        elif over:
            heading = L("The game is over: send each friend the final table")
        elif self.just_set_up(s):
            heading = L("The game is set up: {name} starts", name=s.name(seats[0]))
        elif turn is not None and not s.is_human(turn):
            heading = L("It is {bot}’s turn: send the link to {name}, whose device plays the bots",
                        bot=s.name(turn), name=s.name(seats[0]))
        else:
            heading = L("It is {name}’s turn", name=s.name(seats[0]))
        parts = [f'<section class="send-box" id="send-box"><h3>{h(heading)}</h3>']
        if self.not_kept():
            return parts[0] + self.no_link_html() + "</section>"
        if self.info.seal is not None and not installed():  # a sealed game resumed: ``attach`` draws it again
            return parts[0] + f'<p id="no-link">{h(L("Preparing the link…"))}</p></section>'
        for seat in seats:
            name, link = s.name(seat), self.link_for(seat)
            sent = (self.info.sent.get("moves") == len(s.record.actions) and self.info.sent.get("to") == seat
                    and bool(self.info.sent.get("lap")) == lap)
            share = (f'<button class="primary" data-cmd="send-move" data-arg="{seat}">{h(L("Send to {name}", name=name))}</button>'
                     if hasattr(js.navigator, "share") else "")
            carries = None if lap or over else self.carries(s)
            what = (self.lap_words(s, seat)[1] if lap else
                    L("Send {name} this link: it opens the final table at their seat.", name=name) if over else
                    L("Send {name} this link: it opens the game at their seat, ready for their first move.",
                      name=name) if self.just_set_up(s) else
                    L("Send {name} this link: it opens the game at their seat, with your move.", name=name)
                    if carries is None else
                    L("Send {name} this link: it opens the game at their seat, with {what}.", name=name,
                      what=carries))
            state = ("" if not sent else
                     f'<p class="muted move-sent">{h(L("Link made.") if over or lap else L("Link made: when {name} has played, open the link they send back.", name=name))}</p>')
            parts.append(f'<p>{h(what)}</p>'
                         f'<textarea class="move-link" id="move-link-{seat}" readonly rows="3"'
                         f' aria-label="{h(L("Move link for {name}", name=name))}">{h(link)}</textarea>'
                         f'<div class="buttons">{share}<button{"" if share else " class=primary"}'
                         f' data-cmd="copy-move" data-arg="{seat}">{h(L("Copy link"))}</button></div>{state}')
        return "".join(parts) + "</section>"

    def no_link_html(self) -> str:
        """The send box's words and buttons while no link is made (``not_kept``), as HTML:
        another tab changed the save (load its version, or keep this tab's as a copy), or
        the game could not be saved (make room, then Try again)."""
        if self.table.conflict:  # the banner and the status line say more: said once here, short
            why = L("No link is made in this tab: its move is not the one saved (the game was changed in another "
                    "tab), and only a saved move may leave this device.")
            buttons = "".join(f'<button data-cmd="{h(c)}">{h(tx(t))}</button>'
                              for c, t in self.table.tabs.conflict_buttons())
            return f'<p id="no-link">{h(why)}</p><div class="buttons">{buttons}</div>'
        why = L("No link is made: your move could not be saved, and only a saved move may leave this device "
                "(after a reload, one not saved would be missing here).")
        reason = self.table.unsaved_why
        what = (L("The browser’s storage for this page is full: delete old games on the home screen of another "
                  "Tavolo tab, then try again.") if reason is None or reason == FULL_MESSAGE else tx(reason))
        return (f'<p id="no-link">{h(why)}</p><p>{h(what)}</p><div class="buttons">'
                f'<button class="primary" data-cmd="save-again">{h(L("Try again"))}</button></div>')

    def save_again(self) -> None:
        """"Try again" in the send box: the game on the table saved again (once room was
        made); its link is offered as soon as it is kept, else the reason is said again."""
        if self.page.session is None or not self.table.unsaved:
            return
        self.table.autosave()
        if self.table.unsaved:
            self.page.flash(self.table.unsaved_why or FULL_MESSAGE)
        self.table.refresh()

    def send(self, share: bool, arg: str) -> None:
        """Send the move link for seat ``arg``: the phone's share sheet (``share``, where
        there is one), else copied (``_send``, once the browser has said it did). Nothing
        while this device does not keep the game as it is (``not_kept``)."""
        seat = int(arg) if arg.isdigit() else -1
        if seat not in self.to_send() or self.info is None:
            return
        if self.info.seal is not None and not installed():
            return
        if not self.kept():  # the send box says why no link is made, and what to do
            self.table.refresh()
            return
        el = _el(f"move-link-{seat}")
        if el and not share:
            el.select()  # should the browser refuse to copy, the person copies it from there
        asyncio.ensure_future(self._send(self.page.on_table(), seat, share and hasattr(js.navigator, "share")))

    async def _send(self, s: Session, seat: int, share: bool) -> None:
        """Hand the link on; once it has left, Undo cannot take those moves back. A share
        sheet closed without sending, or a copy refused, leaves everything as it was."""
        moves = len(s.record.actions)
        if await self.deliver(self.message(s, seat), self.link_for(seat), s.seats[seat].name, share):
            self.mark_sent(s, seat, moves)

    def on_copy(self, event) -> None:
        """The browser's ``copy`` event: a move link copied from its box by hand (Ctrl+C, the
        browser's menu, as the page says to do when the browser refuses the Copy button) has
        left as surely as one the button copied, so Undo can no longer take its moves back.
        The table is drawn again only after the copy is done (``call_soon``): drawing it now
        would take the selection away before the browser copies it."""
        box = str(getattr(event.target, "id", "") or "")
        s = self.page.session
        if not box.startswith("move-link-") or not box[len("move-link-"):].isdigit() or s is None:
            return
        seat = int(box[len("move-link-"):])
        if seat not in self.to_send() or self.info is None or (self.info.seal is not None and not installed()):
            return
        if not self.kept():  # the link stays here: the send box says why, and what to do
            event.preventDefault()
            self.table.refresh()
            return
        moves = len(s.record.actions)
        self.page.flash(T("Link copied: send it to {name}.", name=Isolated(s.seats[seat].name)), "info")
        asyncio.get_event_loop().call_soon(self.mark_sent, s, seat, moves)

    def mark_sent(self, s: Session, seat: int, moves: int) -> None:
        """The link to ``seat`` with the first ``moves`` moves of ``s`` has left this device:
        Undo no longer takes them back, and the send box says the link is made."""
        if self.info is None or self.page.session is not s or len(s.record.actions) != moves:
            return
        if self.info.seal is not None:  # the moves that left are sealed for good, as they are in the link
            self.info.seal = self.sealed_link(s, seat)[1]
        self.info.sent = {"to": seat, "moves": moves, "at": int(_now_ms())}
        if s.undealt:  # a link of the set-up lap: once dealt, the first link of the game is another
            self.info.sent["lap"] = 1
        self.info.floor = moves
        s.sent_floor = moves
        self.table.autosave()
        self.table.refresh()

    # ---- a move link opened -----------------------------------------------------------------
    def open_move(self, fragment: str) -> bool:
        """Open a move link (``LinkError`` when it cannot be read): this device's copy of its
        game brought up to date, after the hand-off that names its seat. A sealed link
        (``t3``) is opened once the seals' library has loaded (``open_sealed``)."""
        if is_sealed_fragment(fragment):
            asyncio.ensure_future(self.open_sealed(fragment))
            return True
        load_seals(self.page)
        link = parse_move(fragment)
        entry = self.find(link.gid)
        if entry is None:
            return self.first_move(link)
        info = Distance.from_json(entry.distance)
        assert info is not None
        if self.not_for_here(link, entry, info):
            return True
        if info.seal is not None:  # a sealed game never goes on unsigned: the seals were taken out
            self.page.banner = (NOT_SEALED_LINK, "error")
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
        self.go_on(link, entry, info, relation, len(here_record.actions))
        return True

    async def open_sealed(self, fragment: str) -> None:
        """A sealed move link opened (``sealed.open_link``, the first link of a game too): one
        that does not check is refused with its reason (the banner; nothing of it is shown or
        kept); a fork goes to the fork screen, naming the seat that signed both answers; else
        it goes on as any move link (newer, the same, older)."""
        why = await ensure_seals()
        if why is not None:
            self.page.banner = (NOT_LOADED, "error", why)
            self.page.show_home()
            return
        from engines.core.inbound import InputError
        from engines.core.seal import SealError
        from . import revealed
        from .sealed import Refused, device_seats, open_link, parse_sealed  # only once the library is loaded
        t4 = link_version(fragment) == REVEALED_VERSION
        opener, parse = (revealed.open_link, revealed.parse_revealed) if t4 else (open_link, parse_sealed)
        gid = fragment.lstrip("#").split("=", 1)[1].split(".", 1)[0]
        entry = self.find(gid)
        info = Distance.from_json(entry.distance) if entry is not None else None
        here = None if entry is None or info is None else upgrade(parse_record(entry.record))
        try:
            if here is None or info is None:
                opened = opener(fragment, None)
            elif info.seal is None:  # a game made before sealed links (or unsealed): its links are not sealed
                raise LinkError(REVEALED_LINK_OLD_GAME if t4 else SEALED_LINK_OLD_GAME,
                                T("A sealed link for a game this device keeps unsealed."))
            elif t4 != info.revealed:  # a t4 link for a t3 game, or the other way round
                raise LinkError(REVEALED_LINK_OLD_GAME if t4 else OLD_LINK_REVEALED_GAME,
                                T("A link of format {link} for a game this device keeps in format {here}.",
                                  link=link_version(fragment), here=REVEALED_VERSION if info.revealed else SEALED_VERSION))
            elif info.chances is None:
                raise LinkError(revealed.CHANCES_DAMAGED, CHANCES_UNREAD)
            else:
                opened = opener(fragment, (here, info.seal))
        except InputError as exc:  # nothing of the link is shown or kept; its seats named as typed
            names = ([seat.name for seat in here.seats] if here is not None else
                     [seat.name for seat in parse(fragment).record.seats] if isinstance(exc, SealError) else [])
            refused = Refused(exc, names)
            self.page.banner = (refused, "error", Technical(refused.technical))
            self.page.show_home()
            return
        link = opened.link
        if entry is None or info is None:
            mine = device_seats(link.record, opened.seal.host, link.seat)
            self.first_move(MoveLink(link.gid, link.seat, link.record), Distance(
                link.gid, mine, floor=len(link.record.actions), came=_now_ms(), seal=opened.seal,
                chances=revealed.new_chances(mine) if t4 else None))
            return
        if self.not_for_here(MoveLink(link.gid, link.seat, link.record), entry, info):
            return
        if not opened.accepted:
            self.show_fork(entry, info, MoveLink(link.gid, link.seat, link.record), opened.signed_twice(),
                           opened.theirs)
            return
        info.seal = opened.seal
        self.go_on(MoveLink(link.gid, link.seat, link.record), entry, info, opened.relation,
                   len(parse_record(entry.record).actions))

    def not_for_here(self, link: MoveLink, entry: SaveEntry, info: Distance) -> bool:
        """When the link is for a seat this device does not play (a person's link opened on
        another's device), the banner says so and the home screen shows: True. The final table
        sent to every person (``EVERY_SEAT``) is for any device that plays a seat of the game."""
        if link.seat in info.mine or (link.seat == EVERY_SEAT and info.mine):
            return False
        here = ", ".join(entry.record["seats"][i]["name"] for i in info.mine
                         if i < len(entry.record.get("seats", [])))
        name, mine = Isolated(link.record.seats[link.seat].name), Isolated(here)
        self.page.banner = ((T("This invitation to join is for {name}; on this device you play {mine} in this game. "
                               "Your game is kept as it is.", name=name, mine=mine) if in_lap(link, info) else
                             T("This move link is for {name}; on this device you play {mine} in this game. "
                               "Your game is kept as it is.", name=name, mine=mine)), "info")
        self.page.show_home()
        return True

    def go_on(self, link: MoveLink, entry: SaveEntry, info: Distance, relation: str, have: int) -> None:
        """A link of a game this device has, taken (newer, the same, older: ``have`` moves
        here): the newer game on the table, after the hand-off that names its seat."""
        if relation == OLDER:
            self.page.banner = (T("This link is older than your game ({n} moves; this device has {m}): the newer "
                                  "game is kept.", n=len(link.record.actions), m=have), "info")
            session = self.session_of(entry.record, info)
        else:
            session = self.session_of(link.record, info)
            joined = in_lap(link, info) and not entry.record.get("chance")  # and this device has not dealt since
            same = T("You have already joined with this link.") if joined else T("You already have this move.")
            self.page.banner = (same, "info") if relation == SAME else None
            if relation == NEWER:
                info.came = _now_ms()
                info.floor = max(info.floor, len(link.record.actions))
        session.play_here(info.mine)
        if needs_handoff(info.mine, link.seat, [s.name for s in link.record.seats], self.people()):
            session.link_for = link.seat
        self.table.open_session(session, entry.id, entry.name, known=stamp(entry.record), distance=info)
        self.to_save = relation == NEWER
        if session.link_for is None:  # this person's own device: no hand-off to confirm
            self.confirmed()

    def people(self) -> set[str]:
        """The people who play on this device (``distance.people_here``): the names of the
        seats it plays in its games at a distance."""
        games = []
        for e in self.page.saves.list():
            info = Distance.from_json(e.distance) if e.ok else None
            if info is not None:
                games.append(([str(seat.get("name", "")) for seat in e.record.get("seats", [])
                               if isinstance(seat, dict)], info.mine))
        return people_here(games)

    def first_move(self, link: MoveLink, info: Distance | None = None) -> bool:
        """A game this device has not seen: shown after its player confirms the hand-off,
        saved only then (``confirmed``), as a newer position of a game it has is. ``info``:
        what this device keeps of it (a sealed game's, with its seal); by default an unsealed
        game's, this device playing the link's seat."""
        info = info or Distance(link.gid, [link.seat], floor=len(link.record.actions), came=_now_ms())
        session = self.session_of(link.record, info)
        session.play_here(info.mine)
        session.link_for = link.seat
        names = ", ".join(s.name for s in link.record.seats)
        name = L("{game} with {names}", game=session.game.title, names=names)
        self.page.banner = None
        self.first = session
        self.table.open_session(session, None, name, distance=info)
        self.to_save = True
        return True

    def lap_handoff(self, s: Session) -> tuple[str, str] | None:
        """The hand-off's heading and button when a link of the set-up lap is opened at a
        friend's seat: "Ada invites you to a game of Spyrium as Bea" (with ``\x00`` in place
        of the seat's name, which the table marks) and "Join as Bea"; None otherwise (a move
        link's "This move is for Bea")."""
        if not s.undealt or s.link_for is None or self.info is None or self.info.seal is None:
            return None
        return (L("{name} invites you to a game of {game} as {seat}", name=s.name(self.info.seal.host),
                  game=s.game.title, seat="\x00"),
                L("Join as {name}", name=s.name(s.link_for)))

    def welcome_html(self, s: Session) -> str:
        """Above the hand-off of a first move link (a game this device has never seen): who
        invites the friend to which game and with whom, how a game at a distance goes, and
        that the page works offline with the game kept on this device. Nothing of the table."""
        if self.first is not s or s.link_for is None:
            return ""
        offline = L("Tavolo runs in this browser, offline too: no account, and the game stays on this device.")
        if s.undealt and self.info is not None and self.info.seal is not None:  # the set-up lap: joining
            host = self.info.seal.host
            how = L("When you confirm, your device joins the game (it commits to the draws, so nobody can choose "
                    "them). Then send the link it gives you on; once everyone has joined, {name}’s device deals the "
                    "set-up and the game starts.", name=s.name(host))
            # who invites to what is the hand-off's heading (``lap_handoff``)
            return f'<div class="welcome" id="welcome"><p>{h(how)}</p><p>{h(offline)}</p></div>'
        who = inviter(s.actors, [seat.kind for seat in s.seats], s.link_for)
        everyone = s.names(list(range(len(s.seats))))
        invite = (L("You are invited to a game of {game} with {names}", game=s.game.title, names=everyone)
                  if who is None else
                  L("{name} invites you to a game of {game} with {names}", name=s.name(who), game=s.game.title,
                    names=everyone))
        how = L("Each of you plays on your own device. After your move the table gives you a link: send it to "
                "whoever plays next; when it is your turn again, a link comes back to you.")
        offline = L("Tavolo runs in this browser, offline too: no account, and the game stays on this device.")
        return (f'<div class="welcome" id="welcome"><p class="welcome-invite">{h(invite)}</p>'
                f'<p>{h(how)}</p><p>{h(offline)}</p></div>')

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
    def show_fork(self, entry: SaveEntry, info: Distance, link: MoveLink, signer: int | None = None,
                  theirs: SealState | None = None) -> None:
        """The device's game and the link's went on differently from one position: both shown
        with their moves since, the person chooses which stands (the other is set aside, to
        review or delete: ``keep``). A sealed fork: ``signer``, the seat that signed both
        answers (``sealed.Opened.signed_twice``), named as the cause; ``theirs``, the link's
        seals with this device's keys, which go with the link's game if it is kept."""
        here = Session.load(entry.record)
        there = Session.load(link.record)
        for s in (here, there):
            s.lang = self.page.lang
            s.play_here(info.mine)
        self.fork = (entry.id, here, there, info, link.seat)
        self.fork_signer, self.fork_seal = signer, theirs
        self.page.banner = None
        self._draw_fork(here, there, info)

    def _draw_fork(self, here: Session, there: Session, info: Distance) -> None:
        """The two continuations side by side: who played on each since they parted, their
        moves as this device's seat saw them (its own hidden choices named, never another
        seat's; public lines only where the device holds several people's seats), and why
        they differ (a friend answered the same link twice, a move played again here)."""
        at = common_moves(here.record, there.record)
        viewer = info.mine[0] if len(info.mine) == 1 else None
        seen = {id(s): seen_moves(s, at, viewer) for s in (here, there)}
        same = seen[id(here)] == seen[id(there)]

        def moves(s: Session) -> str:
            return "".join(f"<li>{h(t)}</li>" for t in seen[id(s)]) or \
                f'<li class="muted">{h(L("The same moves; the cards or dice drawn differ."))}</li>'

        def by(s: Session) -> str:
            """How many moves this side has since they parted, and whose."""
            n, names = len(s.record.actions) - at, s.names(movers(s.actors, at))
            if n == 0:
                return L("No move since then")
            return (L("1 move since then, by {names}", names=names) if n == 1 else
                    L("{n} moves since then, by {names}", n=n, names=names))

        cols = "".join(
            f'<section class="fork-side" data-side="{arg}"><h3>{h(title)}</h3><p class="muted fork-by">{h(by(s))}</p>'
            f'<ol class="log">{moves(s)}</ol>'
            f'<button class="primary" data-cmd="fork-keep" data-arg="{arg}">{h(keep)}</button></section>'
            for title, keep, arg, s in ((L("The game on this device"), L("Keep this device’s game"), "here", here),
                                        (L("The game in the link"), L("Keep the link’s game"), "link", there)))
        seat = self.fork_signer if self.fork_signer is not None else parted_by(here.actors, there.actors, at)
        cause = fork_cause(seat, [x.kind for x in here.seats], info.mine, here.name(seat) if seat is not None else "")
        hidden = (f'<p class="muted" id="fork-hidden">{h(L("The moves differ only in what was hidden from you."))}</p>'
                  if same and seen[id(here)] else "")
        self.page.set_screen("fork", f"""
{self.page.header(L("Two continuations"))}
<main class="form fork">
{self.page.banner_html()}
<h2>{h(L("This game went on in two different ways"))}</h2>
<p id="fork-cause">{h(L("After move {n}: {cause}", n=at, cause=cause) if at else L("From the first move: {cause}", cause=cause))}</p>
<p>{h(L("Choose the one that stands. The other is set aside under Saved games, to look at or delete: "
        "no one plays it any more."))}</p>
{hidden}
<div class="fork-sides">{cols}</div>
</main>""")

    def redraw(self) -> None:
        """The screen of two continuations drawn again (a language switch)."""
        if self.fork is None or self.page.screen != "fork":
            return
        _sid, here, there, info, _seat = self.fork
        for s in (here, there):
            s.lang = self.page.lang
        self._draw_fork(here, there, info)

    def leave(self, screen: str) -> None:
        """Nothing to put away: the choice between two continuations waits in ``fork``."""

    def keep(self, which: str) -> None:
        """The person chose which continuation stands: it goes on in the game's save; the
        other is set aside (``aside_copy``), a save to review or delete, named after which
        one it is, never a game in the inbox."""
        if self.fork is None or which not in ("here", "link"):
            return
        sid, here, there, info, seat = self.fork
        keep, other = (here, there) if which == "here" else (there, here)
        saves = self.page.saves
        entry = saves.get(sid)
        copy = saves.new_id()
        at = common_moves(here.record, there.record)
        name = aside_name(other.game.title, [x.name for x in other.seats], other is there, at, self.page.lang)
        # the other continuation first: if it cannot be written, nothing is overwritten
        problem = saves.put(copy, name, other.record.model_dump(mode="json"), other.is_over(),
                            self.aside_copy(other, info))
        if problem:
            self.page.flash(T("Neither continuation was changed: {reason}", reason=problem))
            return
        if which == "link":
            info.floor = max(info.floor, len(keep.record.actions))
            info.came = _now_ms()
            if info.seal is not None and self.fork_seal is not None:
                info.seal = self.fork_seal  # the link's seals, this device's keys kept: its next link checks
        seat_now = keep.to_move()
        info.turn = -1 if seat_now is None or keep.is_over() else seat_now
        problem = saves.put(sid, entry.name, keep.record.model_dump(mode="json"), keep.is_over(), info.to_json())
        if problem:
            saves.delete(copy)
            self.page.flash(T("Neither continuation was changed: {reason}", reason=problem))
            return
        self.fork, self.fork_seal, self.fork_signer = None, None, None
        keep.play_here(info.mine)
        keep.sent_floor = min(info.floor, len(keep.record.actions))
        if needs_handoff(info.mine, seat, [x.name for x in keep.seats], self.people()):
            keep.link_for = seat  # its player takes the device, as for any move link
        self.page.banner = (T("The other continuation is set aside under Saved games, to look at or delete: "
                              "“{name}”.", name=Isolated(saves.get(copy).name)), "info")
        self.table.open_session(keep, sid, entry.name, known=stamp(keep.record.model_dump(mode="json")),
                                distance=info)

    def aside_copy(self, session: Session, info: Distance) -> dict:
        """What the continuation not kept keeps of the game at a distance: this device's
        seats (it opens for review through their eyes: ``HomeScreen.open_save``) under a game
        id of its own, marked set aside (``Distance.aside``), so no link finds it, it sends
        none, and it is never listed as a game anyone plays."""
        turn = session.to_move()
        return Distance(new_game_id(), list(info.mine), floor=len(session.record.actions),
                        turn=-1 if turn is None or session.is_over() else turn, aside=True).to_json()

    def copied(self, session: Session, info: Distance | None = None) -> dict | None:
        """What a copy of a game at a distance (``info``; by default the table's) keeps of it
        (Save copy, another tab's version saved as a copy): set aside as the continuation not
        kept is (``aside_copy``). A copy is no game anyone plays: the friends have only the
        game itself, so a link from a copy would start a second game on their devices (a
        ghost beside the real one). It keeps this device's seats, so it opens for review
        through their eyes and its friends' seats never become people at this device whose
        hands it would show. None: not a game at a distance."""
        info = info or self.info
        return None if info is None else self.aside_copy(session, info)

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
        friend = waits_for(info, [str(seat.get("kind", "")) for seat in seats])
        kinds = [str(seat.get("kind", "")) for seat in seats]
        lap = (lap_waits_for(len(seats), kinds, info.seal) if info.revealed and info.seal is not None
               and not e.record.get("chance") and not info.seal.damaged else None)
        if lap is not None and info.seal is not None:  # the set-up lap: who it waits for, as the status line says
            whose = tx(lap_status(len(seats), kinds, info.seal, info.mine, lambda seat: isolate(seats[seat]["name"]),
                                  lambda seated: and_names([isolate(seats[seat]["name"]) for seat in seated]), row=True))
        elif e.over:
            whose = L("Game over")
        elif turn in info.mine:
            whose = L("Your turn")
        elif friend is not None:
            whose = L("Waiting for {name}", name=isolate(seats[friend]["name"]))
        else:
            whose = L("{n} moves", n=e.actions)
        last = max(e.updated * 1000, info.came)
        when = self.page.ago(last) if last > 0 else ""
        last_words = L("last link: {when}", when=when) if lap is not None else L("last move: {when}", when=when)
        resend = (f'<button data-cmd="inbox-resend" data-arg="{h(e.id)}">{h(L("Resend the link"))}</button>'
                  if not e.over and friend is not None else "")
        review = (f'<button data-cmd="review-save" data-arg="{h(e.id)}">{h(L("Review"))}</button>' if e.over else "")
        unsealed = ("" if info.sealed else  # a game made before sealed links: its moves are not signed
                    f' <span class="not-sealed">{h(L("not sealed"))}</span>')
        return (f'<li class="save far" data-sid="{h(e.id)}" data-gid="{h(info.gid)}"><div class="save-main">'
                f'<b class="save-name">{h(title)}{unsealed}</b><span>{names}</span>'
                f'<span class="muted"><span class="whose">{h(whose)}</span> · {h(last_words)}</span>'
                f'</div><div class="save-btns"><button class="primary" data-cmd="resume" data-arg="{h(e.id)}">'
                f'{h(L("Open"))}</button>{resend}{review}'
                f'<button class="danger" data-cmd="delete" data-arg="{h(e.id)}">{h(L("Delete"))}</button></div></li>')

    def resend(self, sid: str) -> None:
        """Resend the last link of a game at a distance, from the inbox: the link for the
        friend to move, shared or copied at once (the game is not opened)."""
        entry = self.page.saves.get(sid)
        info = Distance.from_json(entry.distance) if entry.ok else None
        seats = entry.record.get("seats", [])
        seat = None if info is None else waits_for(info, [str(x.get("kind", "")) for x in seats if isinstance(x, dict)])
        if info is None or seat is None:
            self.page.flash(entry.error or T("This save cannot be opened."), detail=entry.detail)
            return
        try:
            record = Session.load(entry.record).record
        except RecordError as exc:
            self.page.flash(exc.reason, detail=Technical(exc.technical))
            return
        text = _message(engines.about(record.game)["title"], [s.name for s in record.seats], seat)
        asyncio.ensure_future(self._resend(sid, info, entry, text, record, seat))

    async def _resend(self, sid: str, info: Distance, entry: SaveEntry, text: str, record, seat: int) -> None:
        """The link made (sealed in a sealed game, once the seals' library is here) and
        handed on; once it has left, Undo cannot take its moves back on this device either."""
        seal = info.seal
        if seal is None:
            link = move_link(_base_url(), record, info.gid, seat)
        else:
            why = await ensure_seals()
            if why is not None:
                self.page.flash(NOT_LOADED, "error", why)
                return
            from .sealed import make_link  # only once the seals' library is loaded
            if info.revealed:  # the stored record as it is: nothing dealt here from entropy
                from .revealed import CHANCES_DAMAGED, page_link
                if info.chances is None:
                    self.page.flash(CHANCES_DAMAGED, "error")
                    return
                record = upgrade(parse_record(entry.record))
                fragment, seal, _to = page_link(record, seal, info.chances, gid=info.gid, mover=None, to=seat)
            else:
                fragment, seal = make_link(record, seal, gid=info.gid, to=seat)
            link = _base_url() + fragment
        if not await self.deliver(text, link, record.seats[seat].name, share=hasattr(js.navigator, "share")):
            return
        moves = len(entry.record.get("actions", []))
        info.seal = seal
        info.sent = {"to": seat, "moves": moves, "at": int(_now_ms())}
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
