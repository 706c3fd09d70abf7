"""The dialogs: the Share dialog, the modal box it opens in, and the questions and files of
the saved games (rename, delete, export, import, save a copy).

One object, ``Dialogs``, built by ``App`` (``app.py``) with the page (``page.Page``) and the
table (whose game is shared or copied, and whose save may be renamed). The Share dialog
(and the review's "Play from here", ``review_screen``) opens in the page's ``#modal`` box
(``modal``, closed by ``close_modal``, Escape or a click beside it); renaming, deleting and
saving a copy ask with the browser's own prompt and confirm; exporting downloads a file
(``download``); importing reads the file chosen on the home screen.
"""

from __future__ import annotations

from html import escape as h
from typing import Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

import engines
from engines.core.game import Chance
from engines.core.i18n import texts
from engines.core.inbound import load_json
from engines.core.record import upgrade

from . import game_load
from .bidi import Isolated
from .distance import LAP_NOTHING_YET
from .guard import IMPORT
from .links import make_link
from .page import SOMETHING_WRONG, L, Page, _el, _error_detail, _jsobj, back_in_reach, out_of_reach
from .saves import Msg, SaveError, Saves
from .table import TableScreen
from .words import Technical

T = texts("ui")

IMPORTED = Msg(T("Imported “{name}”."))
IMPORT_FAILED = Msg(T("The file could not be read."))


def game_named(data: bytes) -> str | None:
    """The game of the catalog an imported file's record names (its wheel is loaded before the
    record is replayed), or None (the import says what is wrong with the file). The file is
    read through the input gate (``inbound.load_json``: its size and nesting checked before it
    is parsed), as the import itself reads it: a file nested thousands deep would otherwise
    exhaust the browser's stack before the import could refuse it."""
    try:
        value = load_json(data)
    except Exception:  # InputError: the import says what is wrong with it
        return None
    game = value.get("game") if isinstance(value, dict) else None
    return game if isinstance(game, str) and game in engines.list_games() else None


class Dialogs:
    """The Share dialog, the modal box, and the questions and files of the saved games."""

    def __init__(self, page: Page, table: TableScreen) -> None:
        self.page = page
        self.table = table
        self.modal_opener = ""  # the id of the control that opened the modal box

    def commands(self) -> dict[str, Callable[[str], None]]:
        """The dialogs' buttons."""
        return {"rename": self.rename_save,
                "delete": self.delete_save,
                "export": self.export_save,
                "export-raw": lambda sid: self.export_save(sid, raw=True),
                "share": lambda _arg: self.show_share(),
                "copy": self.copy_field,
                "close-modal": lambda _arg: self.close_modal(),
                "savecopy": lambda _arg: self.save_copy()}

    # ---- the Share dialog ---------------------------------------------------------------
    def show_share(self) -> None:
        """The Share dialog of the game on the table (none without one): its play and watch links."""
        s = self.page.session
        if s is None:
            return
        base = str(js.location.href).split("#", 1)[0]
        if self.table.distance.info is not None:
            # at a distance no other link is offered: a play or watch link opened elsewhere
            # could be played on with every seat at one device, hands shown
            self.modal(f"""<h2>{h(L("Share this game"))}</h2>
<p>{h(L("This game is played at a distance: each move goes to its player in the move link the table "
        "gives, which opens only at that player's seat. No other link to it is offered."))}</p>
<div class="buttons"><button class="primary" data-cmd="close-modal">{h(L("Close"))}</button></div>""")
            return
        play = make_link(base, s.record, "play")
        watch = make_link(base, s.record, "watch")
        if s.game.chance is Chance.EXPLICIT:  # the record holds what was dealt, nothing to come
            about = L("The link holds the whole game so far (no server involved). Whoever opens it continues "
                      "from this position. It holds the hidden cards already dealt, so share it with care; it "
                      "holds no draw to come: cards and dice are drawn when they happen.")
        else:
            about = L("The link holds the whole game (no server involved). Whoever opens it continues from this "
                      "position — hidden cards included, so share it with care.")
        self.modal(f"""<h2>{h(L("Share this game"))}</h2>
<p>{h(about)}</p>
<label>{h(L("Play from here"))}<textarea id="share-play" readonly rows="3">{h(play)}</textarea></label>
<button data-cmd="copy" data-arg="share-play">{h(L("Copy link"))}</button>
<label>{h(L("Watch the game move by move"))}<textarea id="share-watch" readonly rows="3">{h(watch)}</textarea></label>
<button data-cmd="copy" data-arg="share-watch">{h(L("Copy watch link"))}</button>
<div class="buttons"><button class="primary" data-cmd="close-modal">{h(L("Close"))}</button></div>""")

    def copy_field(self, id_: str) -> None:
        """Copy the text of field ``id_`` (a link of the Share dialog) to the clipboard."""
        el = _el(id_)
        if el:
            el.select()
            try:
                js.navigator.clipboard.writeText(el.value)
            except Exception:
                js.document.execCommand("copy")

    def modal(self, inner: str) -> None:
        """Open the modal box with ``inner`` (its first element a heading, which names it).

        As in the How to play view: the screen underneath is out of reach (``inert``) while it
        is open, the keyboard starts on the box's first button, and ``close_modal`` gives it
        back to the control that opened the box."""
        m = _el("modal")
        if not m:
            return
        opener = js.document.activeElement
        self.modal_opener = str(opener.id) if opener and isinstance(opener.id, str) else ""
        m.innerHTML = (f'<div class="modal-box" role="dialog" aria-modal="true" aria-labelledby="modal-heading">'
                       f'{inner}</div>')
        heading = m.querySelector("h2")
        if heading:
            heading.id = "modal-heading"
        m.hidden = False
        out_of_reach(self.page.root, keep=m)
        first = m.querySelector("button")
        if first:
            first.focus()

    def modal_tab(self, event) -> bool:
        """Tab on the last control of an open modal box goes round to its first, Shift+Tab on
        the first to its last (everything else is inert, so the focus would leave the page).
        True when it moved the focus."""
        m = _el("modal")
        if not m or m.hidden or str(event.key) != "Tab":
            return False
        controls = [c for c in m.querySelectorAll("button, textarea, input, select, a[href]")
                    if not c.disabled and not c.hidden]
        if not controls:
            return False
        here = js.document.activeElement
        if event.shiftKey and (here == controls[0] or not m.contains(here)):
            controls[-1].focus()
        elif not event.shiftKey and (here == controls[-1] or not m.contains(here)):
            controls[0].focus()
        else:
            return False
        return True

    def close_modal(self) -> None:
        m = _el("modal")
        if not m or m.hidden:
            return
        m.hidden = True
        m.innerHTML = ""
        back_in_reach(self.page.root)
        opener = _el(self.modal_opener) if self.modal_opener else None
        self.modal_opener = ""
        if opener:
            opener.focus()

    # ---- the saved games ----------------------------------------------------------------
    def rename_save(self, sid: str) -> None:
        entry = self.page.saves.get(sid)
        name = js.window.prompt(L("New name for this saved game:"), entry.name)
        if isinstance(name, str) and name.strip():
            problem = self.page.saves.rename(sid, name)
            if problem:
                self.page.banner = (problem, "error")
            if self.table.sid == sid:
                self.table.save_name = name.strip()
            self.page.show_home()

    def delete_save(self, sid: str) -> None:
        entry = self.page.saves.get(sid)
        if js.window.confirm(L("Delete “{name}”? This cannot be undone.", name=Isolated(entry.name or sid))):
            problem = self.page.saves.delete(sid)
            if problem:
                self.page.banner = (problem, "error")
            self.page.show_home()

    def export_save(self, sid: str, raw: bool = False) -> None:
        """Download save ``sid`` as a file (``raw``: its stored text as it is)."""
        try:
            fname, text = self.page.saves.export_raw(sid) if raw else self.page.saves.export(sid)
        except SaveError as exc:
            self.page.flash(exc, detail=Technical(exc.technical))
            return
        self.download(fname, text)

    def download(self, fname: str, text: str, mime: str = "application/json") -> None:
        blob = js.Blob.new(to_js([text]), _jsobj({"type": mime}))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = fname
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)

    async def import_file(self, file) -> None:
        """Import the file chosen on the home screen as a new save, or say in the banner why
        it cannot be (nothing stored changes then)."""
        try:
            Saves.check_import_size(file.size)  # before the file is read into memory
            # its bytes, not ``file.text()``, which turns bytes that are not UTF-8 into "�"
            # without a word: the import gate says plainly that such a file is not text
            data = js.Uint8Array.new(await file.arrayBuffer()).to_bytes()
            name = str(file.name).rsplit(".", 1)[0]
            game = game_named(data)
            if game is not None and not await game_load.load_for(self.page, game):
                self.page.show_home()  # the banner says the game could not be loaded
                return
            with self.page.guard.opening(IMPORT, name=name):  # a file that stops the page is not retried
                self.page.saves.import_text(data, name, lang=self.page.lang)
            self.page.banner = (IMPORTED.format(name=Isolated(name)), "info")
        except SaveError as exc:
            self.page.banner = (exc, "error", Technical(exc.technical))
        except Exception as exc:
            self.page.banner = (IMPORT_FAILED, "error", _error_detail(exc))
        try:
            self.page.show_home()
        except Exception as exc:
            self.page.fall_back_home(SOMETHING_WRONG, exc)

    def save_copy(self) -> None:
        """Save the game on the table under another name (the table's "Save copy"; nothing
        without a game on the table)."""
        s = self.page.session
        if s is None:
            return
        if s.undealt:  # the set-up lap: a copy would be dealt a set-up of its own when opened
            self.page.flash(LAP_NOTHING_YET, "info")
            return
        name = js.window.prompt(L("Name of the copy:"), L("{name} (copy)", name=self.table.save_name))
        if isinstance(name, str) and name.strip():
            sid = self.page.saves.new_id()
            copy = upgrade(s.record)  # a copy's draws are its own: never its seed's, never the original's
            # a copy of a game at a distance stays one (a game of its own): friends' seats
            # never become people at this device, whose hands it would show
            problem = self.page.saves.put(sid, name.strip(), copy.model_dump(mode="json"), over=s.is_over(),
                                          distance=self.table.distance.copied(s))
            self.page.flash(problem or T("Saved a copy as “{name}”.", name=Isolated(name.strip())), "error" if problem else "info")
