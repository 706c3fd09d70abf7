"""A start that cannot loop: a note in storage while the page opens something from outside.

Some failures cannot be caught where they happen: under Pyodide, a stack overflow or any other
fatal error of the runtime ends every Python call at once, and a page frozen by a loop never
gets to say so. If what caused it is stored (the save the page resumes at every start), every
start would fail the same way until the person cleared the site's data.

So before the page opens a saved game, a share link, an imported file, or starts at all, it
writes a note under ``tavolo:v1:opening`` saying what it is opening, and removes the note
once that is done (the table drawn, the page ready). A start that finds a note left behind
knows that the last opening never finished: it does not open that thing again, shows the home
screen and says which save or link it was (``App.report_leftover``), and the save is listed as
one that stopped the page, with Try again, Export as is and Delete (``Saves.mark_trouble``).

boot.js reads the same note (only whether it is there) so that its first screen is the home
screen, not the frame of the game that stopped the page. The fatal-error page's "Start without
resuming" writes a note of kind ``FRESH`` for the same reason.

Storage here is the saves' interface (``get``/``set``/``remove``); a note that cannot be
written is no reason to stop: the page goes on without one (the person may then meet the same
failure again, but nothing else is lost).
"""

from __future__ import annotations

import json
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from engines.core.inbound import InputError, read_json

OPENING_KEY = "tavolo:v1:opening"

START = "start"    # the page's own start (before it knows what it opens)
SAVE = "save"      # a saved game, by its id
LINK = "link"      # a share link, by a checksum of its fragment
IMPORT = "import"  # a file being imported
FRESH = "fresh"    # the fatal-error page's "Start without resuming": no resume at the next start
KINDS = (START, SAVE, LINK, IMPORT, FRESH)


def link_digest(fragment: str) -> str:
    """A short checksum of a link's fragment: the note names the link without holding it."""
    return f"{zlib.crc32(fragment.encode('utf-8', 'surrogatepass')) & 0xFFFFFFFF:08x}:{len(fragment)}"


@dataclass(frozen=True)
class Opening:
    """What the page was opening: ``kind`` (one of ``KINDS``), the save's id or the link's
    digest (``ref``), a name to show (the save's name), and when it began (ms since 1970)."""

    kind: str
    ref: str = ""
    name: str = ""
    at: float = 0.0


class OpenGuard:
    """The note of what is being opened, in ``storage``."""

    def __init__(self, storage: Any, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock

    def leftover(self) -> Opening | None:
        """The note of an opening that never finished, or None. Whatever the stored text is, it
        never raises: text that is not a note still means "something did not finish"."""
        try:
            raw = self.storage.get(OPENING_KEY)
        except Exception:
            return None
        if not isinstance(raw, str):
            return None
        try:
            data = read_json(raw, max_chars=2000)
        except InputError:
            return Opening(START)
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            return Opening(START)
        text = {k: str(data[k]) if isinstance(data.get(k), str) else "" for k in ("ref", "name")}
        at = data.get("at")
        return Opening(data["kind"], text["ref"][:200], text["name"][:80],
                       float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else 0.0)

    def begin(self, kind: str, ref: str = "", name: str = "") -> None:
        """Note that ``kind`` (``ref``) is being opened, replacing any earlier note."""
        note = {"kind": kind, "ref": ref[:200], "name": name[:80], "at": round(self.clock() * 1000)}
        try:
            self.storage.set(OPENING_KEY, json.dumps(note, separators=(",", ":")))
        except Exception:
            pass  # storage full or blocked: no note, the page goes on

    def end(self) -> None:
        """The opening finished: remove the note."""
        try:
            self.storage.remove(OPENING_KEY)
        except Exception:
            pass

    @contextmanager
    def opening(self, kind: str, ref: str = "", name: str = "") -> Iterator[None]:
        """The note of ``kind`` while the block runs; then the note that was there before (the
        page's own start, when a link is opened at start) is back. An exception that leaves
        the block is an opening that finished: the page is still running and says why."""
        try:
            before = self.storage.get(OPENING_KEY)
        except Exception:
            before = None
        self.begin(kind, ref, name)
        try:
            yield
        finally:
            if isinstance(before, str):
                try:
                    self.storage.set(OPENING_KEY, before)
                except Exception:
                    pass
            else:
                self.end()
