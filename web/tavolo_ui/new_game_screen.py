"""The New game form in the page: drawn, read, and turned into a game on the table.

Its HTML comes from ``new_game`` (pure functions, also run by ``build.py`` for the static
first screen); this module reads what was typed and chosen (the seats, the options, the
seed), starts the game (``Session.start``) in a new save, or says in the banner what is
wrong. A language switch, or a change of the player count, draws the form again with what
was typed kept.
"""

from __future__ import annotations

from typing import Any, Callable

import js  # type: ignore[import-not-found]

import engines
from engines import IllegalAction
from engines.core.i18n import texts
from engines.core.inbound import InputError, read_json

from . import new_game
from .page import Page, L, _el
from .session import Session, new_seed, seat_order_from_text
from .table import TableScreen

T = texts("ui")


def read_seats() -> list[dict]:
    """The seats of the form on the page (the New game form's, or the review's "Play from
    here"): each one's name (a sample one when left empty) and kind."""
    names = js.document.querySelectorAll(".seat-name")
    kinds = js.document.querySelectorAll(".seat-kind")
    return [{"name": str(names.item(i).value).strip() or L("Player {n}", n=i + 1), "kind": str(kinds.item(i).value)}
            for i in range(int(names.length))]


class NewGameScreen:
    """The New game form of one game (``game_name``)."""

    def __init__(self, page: Page, table: TableScreen) -> None:
        self.page = page
        self.table = table
        self.game_name = ""  # the game whose form is showing (or was last)

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"new": self.open, "start": lambda _arg: self.start_new()}

    def redraw(self) -> None:
        form = self.form_state()
        self.show(self.game_name, form["players"], form["seats"])
        self.restore_form(form)

    def leave(self, screen: str) -> None:
        """Nothing of the form outlives it."""

    def open(self, name: str) -> None:
        """A game card's New game: its form, the banner emptied."""
        self.page.banner = None
        self.show(name)

    def show(self, name: str, players: int | None = None, seats: list[dict] | None = None) -> None:
        """The New game form of game ``name`` (``new_game.new_game_html``)."""
        page = self.page
        try:
            game = engines.get_game(name)
        except Exception:
            page.flash(T("{game} is not available in this version yet.", game=name.title()))
            return
        self.game_name = name
        page.set_screen("new", new_game.new_game_html(game, page.lang, players, seats, page.banner_html()))

    def players_changed(self, count: str) -> None:
        """The player count was changed: the form drawn again for ``count`` seats, those
        already filled in kept."""
        self.show(self.game_name, int(count), read_seats())

    def form_state(self) -> dict:
        """What the New game form holds now (so a language switch keeps it)."""
        opts = {}
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            opts[str(el.dataset.key)] = bool(el.checked) if str(el.dataset.type) == "bool" else str(el.value)
        players = _el("players")
        seed = _el("seed")
        names = js.document.querySelectorAll(".seat-name")
        kinds = js.document.querySelectorAll(".seat-kind")
        seats = [{"name": str(names.item(i).value), "kind": str(kinds.item(i).value)} for i in range(int(names.length))]
        return {"players": int(str(players.value)) if players else None, "seats": seats, "options": opts,
                "seed": str(seed.value) if seed else ""}

    def restore_form(self, form: dict) -> None:
        """Put back into the form drawn again what ``form_state`` read."""
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            key = str(el.dataset.key)
            if key in form["options"]:
                if str(el.dataset.type) == "bool":
                    el.checked = form["options"][key]
                else:
                    el.value = form["options"][key]
        names = js.document.querySelectorAll(".seat-name")
        for i in range(min(int(names.length), len(form["seats"]))):
            names.item(i).value = form["seats"][i]["name"]  # as typed, even empty
        seed = _el("seed")
        if seed:
            seed.value = form["seed"]
            if form["seed"]:
                _el("advanced").open = True  # a seed typed stays in view

    def start_new(self) -> None:
        """Start Game: the game as the form sets it up, on the table in a new save; or the
        banner says what is wrong with the form."""
        page = self.page
        name = self.game_name
        seats = read_seats()
        options: dict[str, Any] = {}
        els = js.document.querySelectorAll(".opt")
        for i in range(int(els.length)):
            el = els.item(i)
            key, typ = str(el.dataset.key), str(el.dataset.type)
            if typ == "bool":
                options[key] = bool(el.checked)
            elif typ == "int":
                try:
                    options[key] = int(str(el.value))
                except ValueError:
                    page.flash(T("Option ‘{name}’ needs a whole number.", name=key))
                    return
            elif typ == "json":
                try:
                    options[key] = read_json(str(el.value))  # the page's own value, unless edited by hand
                except InputError as exc:
                    page.flash(exc)
                    return
            elif typ == "seat":  # typed from 1, stored from 0 (``new_game.seat_number_html``)
                try:
                    options[key] = int(str(el.value)) - 1
                except ValueError:
                    page.flash(T("Option ‘{name}’ needs a whole number.", name=key))
                    return
            elif typ == "seats":
                try:
                    order = seat_order_from_text(str(el.value))
                except ValueError as exc:
                    page.flash(exc)
                    return
                if order is not None:
                    options[key] = order
            else:
                options[key] = str(el.value)
        seed_text = str(_el("seed").value).strip()
        try:
            seed = int(seed_text) if seed_text else new_seed()
        except ValueError:
            page.flash(T("The seed must be a whole number."))
            return
        far = [i for i, seat in enumerate(seats) if seat["kind"] == new_game.FRIEND]
        mine = [i for i, seat in enumerate(seats) if seat["kind"] == "human"]
        if far and not mine:
            page.flash(T("A game with friends at a distance needs a seat played on this device (“Person here”)."))
            return
        seats = [dict(seat, kind="human") if i in far else seat for i, seat in enumerate(seats)]
        try:
            # no seed typed: every draw from entropy when it happens; a seed typed deals the game,
            # except at a distance, where a link must never carry the draws to come
            session = Session.start(name, seats, seed, options, entropy=not seed_text or bool(far))
        except (ValueError, IllegalAction) as exc:
            page.flash(exc)
            return
        sid = page.saves.new_id()
        when = page.when()
        page.banner = None
        if far:  # friends play their seats on their own devices, by move links
            self.table.distance.start(session, sid, f"{session.game.title} · {when}", mine)
        else:
            self.table.open_session(session, sid, f"{session.game.title} · {when}")
            self.table.autosave()
        self.table.access.focus_table()
