"""Saved games in localStorage, over a small storage interface (a dict in CPython tests).

Layout, version 1 (every key starts with ``tavolo:``):

- ``tavolo:layout``       -> "1": the layout version. A later Tavolo that changes the layout
                              bumps it; this version then only reads (see below).
- ``tavolo:v1:save:<id>`` -> one saved game, JSON:
    ``{"layout": 1, "id", "name", "game", "created", "updated", "actions": n, "over": bool,
       "record": {<the game record>}[, "distance": {<a game at a distance: distance.Distance>}]}``
- ``tavolo:v1:last``      -> the id of the game that was on the table (reload resumes it).
- ``tavolo:v1:trouble``   -> saves that could not be opened, remembered (``mark_trouble``):
    ``{<id>: {"why": "stopped" | "replay", "stamp": <the record's stamp>, "detail": str}}``;
    such a save is listed as damaged until it changes, is tried again or deleted.
- ``tavolo:v1:opening``   -> what the page is opening right now (``guard.OpenGuard``).

One key per game, so a damaged entry is reported on its own and never breaks the others.
Every game in progress is autosaved after every action into its entry; "Save a copy" makes a
named snapshot. A failed write (storage full) is reported and the game goes on.

Stored text is data from outside (another version, another tab, a person with the browser's
developer tools, a damaged disk): every entry is read through ``read_json`` (size, nesting,
non-finite numbers) and the record through ``parse_record``. ``get`` and ``list`` never raise:
whatever is wrong with one entry makes that entry "damaged" (``SaveEntry.error`` for a person,
``detail`` for the "details" toggle), and its raw text can still be exported as it is.

A newer layout, in ``tavolo:layout`` (written as 2, "2", 2.0 ...) or in one entry's
``"layout"``, makes this version read-only there: every write (``put``, ``rename``,
``delete``, ``set_last``, ``import_text``) is a no-op that returns (or raises) the message
saying why, and the storage stays byte for byte as it was.

Two tabs on one game: each tab remembers the version (``stamp``) of the record it last wrote
or loaded into its save. ``autosave`` writes only over that version; when another tab wrote
since, ``compare`` says how the two relate (the other tab moved on from this position, the
two diverged, or the save is gone) and nothing is written (see ``TwoTabs.on_storage``).
"""

from __future__ import annotations

import codecs
import json
import math
import re
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import RecordError, about, get_game, parse_record, replay
from engines.core.errors import LowerFirst
from engines.core.i18n import Text, render, texts
from engines.core.inbound import MAX_JSON_CHARS, InputError, read_json
from engines.core.record import upgrade

from .bidi import isolate

T = texts("ui")


class Msg(str):
    """A message for a person that is a ``str`` (the English, so it compares and prints as
    before) and carries its ``Text`` (``text``), so the page can show it in either language
    (``tr``). ``format`` fills the template's fields and gives another ``Msg``."""

    text: "Text | str"

    def __new__(cls, text: "Text | str"):
        obj = super().__new__(cls, str(text))
        obj.text = text
        return obj

    def format(self, *args: Any, **fields: Any) -> "Msg":  # type: ignore[override]
        base = self.text
        if not isinstance(base, Text):
            return Msg(str.format(self, *args, **fields))
        return Msg(Text(base.domain, base.template, {k: getattr(v, "text", v) for k, v in fields.items()}))

    def render(self, lang: str = "en") -> str:
        return render(self.text, lang)


def tr(message: Any, lang: str) -> str:
    """Any message (``Text``, ``Msg``, an exception with ``message(lang)``, ``str``) in ``lang``."""
    if message is None:
        return ""
    if isinstance(message, Msg):
        return message.render(lang)
    if isinstance(message, Text):
        return message.render(lang)
    if isinstance(message, BaseException):
        fn = getattr(message, "message", None)
        if callable(fn):
            try:
                return str(fn(lang))
            except Exception:
                pass
        reason = message.args[0] if message.args else ""
        return reason.render(lang) if isinstance(reason, Text) else str(message)
    return str(message)

LAYOUT = 1
LAYOUT_KEY = "tavolo:layout"
PREFIX = f"tavolo:v{LAYOUT}:"
SAVE_PREFIX = PREFIX + "save:"
LAST_KEY = PREFIX + "last"
TROUBLE_KEY = PREFIX + "trouble"
STOPPED = "stopped"  # opening the save stopped the page (a fatal error, a freeze): it may be tried again
REPLAY = "replay"    # its moves cannot be replayed (an illegal action): the same every time
MAX_TROUBLE = 50     # marks kept at most (the oldest go first)

MAX_IMPORT_BYTES = 4 * MAX_JSON_CHARS
"""Largest file ``import_text`` is given (checked on the file's size before it is read)."""

# ---- messages for a person (one place each) ---------------------------------------------
FULL_MESSAGE = Msg(T("The browser’s storage for this page is full, so this game is not being saved. "
                "You can keep playing; delete old saves or export this game to keep it."))
NEWER_LAYOUT = Msg(T("Your saved games were written by a newer version of Tavolo (storage layout {layout}; "
                "this version reads layout {ours}). They are left untouched; open Tavolo’s newest "
                "version to use them."))
NEWER_ENTRY = Msg(T("This save was written by a newer version of Tavolo (save layout {layout}); this version "
               "cannot read it. It is kept as it is."))
MISSING = Msg(T("This saved game does not exist (it may have been deleted)."))
DAMAGED_TEXT = Msg(T("This saved game is damaged: {reason}"))
NOT_AN_OBJECT = Msg(T("This saved game is damaged: it is not a JSON object."))
CANNOT_READ = Msg(T("This saved game cannot be read: {reason}"))
NO_RECORD = Msg(T("This saved game is damaged: it holds no game record."))
CANNOT_OPEN = Msg(T("This saved game cannot be opened: {reason}"))
UNREADABLE = Msg(T("This saved game cannot be read."))
NEEDS_NAME = Msg(T("A save needs a name."))
RENAME_DAMAGED = Msg(T("This saved game is damaged and cannot be renamed (you can delete it or export it as it is)."))
WRITE_FAILED = Msg(T("The game could not be saved ({reason})."))
NOT_WRITABLE = Msg(T("The game could not be saved: its data cannot be written."))
IMPORT_NOT_JSON = Msg(T("This file is not a Tavolo game: {reason}"))
IMPORT_REFUSED = Msg(T("This file cannot be imported: {reason}"))
IMPORT_NEWER = Msg(T("This file is a save from a newer version of Tavolo (save layout {layout}); "
                "this version cannot import it."))
IMPORT_TOO_LARGE = Msg(T("This file is too large to be a Tavolo game."))
IMPORT_EMPTY = Msg(T("This file is empty: it holds no game."))
IMPORT_REPLAY_FAILED = Msg(T("This file cannot be imported: its moves could not be replayed."))
DAMAGED_NAME = Msg(T("Damaged save {id}"))
UNNAMED = Msg(T("Save {id}"))  # a save whose name was lost (shown in the page's language)
UNKNOWN_GAME = Msg(T("'{name}' is not a game Tavolo knows."))
STOPPED_PAGE = Msg(T("Opening this saved game stopped Tavolo last time, so it is not opened by itself. "
                     "You can try again, export it as it is or delete it."))
NOT_REPLAYED = Msg(T("This saved game cannot be opened: its moves cannot be replayed."))


class SaveError(InputError):
    """A save that cannot be read, written or imported; ``str`` is for a person, ``detail``
    technical (``InputError``)."""

    def __init__(self, message: "Text | str", detail: "Text | str" = ""):
        super().__init__(getattr(message, "text", message), detail)


class DictStorage:
    """The storage interface on a dict (tests). ``quota``: max total characters, then
    ``set`` raises like a full localStorage."""

    def __init__(self, data: dict | None = None, quota: int | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("QuotaExceededError: the quota has been exceeded.")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class SaveEntry:
    id: str
    name: str = ""
    game: str = ""
    created: float = 0.0
    updated: float = 0.0
    actions: int = 0
    over: bool = False
    record: dict = field(default_factory=dict)
    error: str | None = None  # set when the entry cannot be used; it is still listed
    detail: str = ""  # the technical reason behind ``error``
    newer: bool = False  # written by a newer Tavolo: read-only
    raw: str | None = field(default=None, repr=False)  # the stored text (None: no such entry)
    retry: bool = False  # it stopped the page when last opened: it may be tried again
    distance: dict | None = None  # a game at a distance: its ``distance.Distance`` as stored

    @property
    def ok(self) -> bool:
        return self.error is None


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()[:40] or "game"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _shown(value: Any) -> str:
    """A stored value as a message may show it (short)."""
    text = value if isinstance(value, str) else json.dumps(value)
    text = text.strip()
    return text if len(text) <= 20 else text[:19] + "…"


_NAME_RE = re.compile(r'"name"\s*:\s*("(?:[^"\\\n]|\\.){1,200}")')


def _salvaged_name(raw: str) -> str | None:
    """The name in an entry whose JSON as a whole cannot be read, if it can still be seen
    (so a person knows which game the damaged save was)."""
    match = _NAME_RE.search(raw[:100_000])
    if match is None:
        return None
    try:
        name = json.loads(match.group(1))
    except ValueError:
        return None
    return name[:80] if isinstance(name, str) and name.strip() else None


def layout_number(value: Any, _nested: bool = False) -> float | None:
    """A layout version as a number, however it was written: 2, 2.0, "2", " 2 ", '"2"'
    (a JSON string); None when it is not a number at all."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return float(max(min(value, 10**9), -10**9))
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if not isinstance(value, str) or len(value) > 64:
        return None
    text = value.strip()
    try:
        return layout_number(float(text), True)
    except ValueError:
        pass
    if _nested:
        return None
    try:
        inner = read_json(text)
    except InputError:
        return None
    return layout_number(inner, True) if isinstance(inner, str) else None


def is_newer_layout(value: Any) -> bool:
    n = layout_number(value)
    return n is not None and n > LAYOUT


def stamp(record: Any) -> str:
    """The version of a game record: its number of actions and a checksum of its canonical
    JSON. Two tabs that hold the same record have the same stamp."""
    actions = record.get("actions") if isinstance(record, dict) else None
    n = len(actions) if isinstance(actions, list) else 0
    try:
        text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(record)
    return f"{n}:{zlib.crc32(text.encode('utf-8', 'surrogatepass')) & 0xFFFFFFFF:08x}"


# ---- two tabs on one save -----------------------------------------------------------------
OURS = "ours"          # the save holds this tab's last known version: this tab may write
SAME = "same"          # another tab wrote exactly this tab's game (deterministic bots): go on
AHEAD = "ahead"        # another tab played on from this tab's position: show its version here
DIVERGED = "diverged"  # the two tabs' games no longer agree: this tab must not overwrite
GONE = "gone"          # the save was deleted, damaged or replaced by something unreadable

_SAME_GAME = ("format", "game", "players", "seed", "options", "seats")


def compare(known: str | None, stored: SaveEntry, mine: dict) -> str:
    """How the stored save relates to this tab's game.

    ``known`` is the ``stamp`` of the record this tab last wrote into (or loaded from) the
    save, None if it never did; ``stored`` is the save as it is now (``Saves.get``);
    ``mine`` is this tab's record now (with any actions played since). Returns ``OURS``,
    ``SAME``, ``AHEAD``, ``DIVERGED`` or ``GONE``; only ``OURS`` and ``SAME`` allow a write.
    """
    if stored.raw is None:
        return OURS if known is None else GONE
    if not stored.ok:
        return GONE
    theirs = stored.record
    if known is not None and stamp(theirs) == known:
        return OURS
    if any(theirs.get(k) != mine.get(k) for k in _SAME_GAME):
        return DIVERGED
    a, b = mine.get("actions", []), theirs.get("actions", [])
    if a == b:
        return SAME
    if len(b) > len(a) and b[:len(a)] == a:
        return AHEAD
    return DIVERGED


@dataclass
class Autosave:
    """What ``Saves.autosave`` did: ``outcome`` is "saved", "failed" (``message``) or, when
    another tab wrote the save, what ``compare`` said (nothing written). ``known`` is the
    stamp this tab knows now; ``name`` the save's name (a rename in another tab is kept);
    ``stored`` the save as it was read before the write."""

    outcome: str
    known: str | None
    name: str
    stored: SaveEntry
    message: str | None = None


class Saves:
    def __init__(self, storage: Any, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock
        self._counter = 0

    # ---- layout -------------------------------------------------------------------------
    def layout_problem(self) -> str | None:
        """A message if the stored layout is from a newer Tavolo (then nothing is written).
        An unreadable marker (not a number) is rewritten by the next save."""
        raw = self._get(LAYOUT_KEY)
        if raw is None or not is_newer_layout(raw):
            return None
        return NEWER_LAYOUT.format(layout=_shown(raw), ours=LAYOUT)

    # ---- low level ----------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            raw = self.storage.get(key)
        except Exception:
            return None
        return raw if isinstance(raw, str) else None  # JS null arrives as jsnull in Pyodide

    def _set(self, key: str, value: str) -> str | None:
        """Write; returns None or a message for a person (newer layout, storage full)."""
        problem = self.layout_problem()
        if problem:
            return problem
        try:
            if self._get(LAYOUT_KEY) != str(LAYOUT):
                self.storage.set(LAYOUT_KEY, str(LAYOUT))
            self.storage.set(key, value)
        except Exception as exc:  # QuotaExceededError in the browser
            text = str(exc)
            if "quota" in text.lower() or "full" in text.lower() or isinstance(exc, OSError):
                return FULL_MESSAGE
            return WRITE_FAILED.format(reason=text[:200])
        return None

    def _remove(self, key: str) -> None:
        try:
            self.storage.remove(key)
        except Exception:
            pass

    def _data(self, raw: str | None) -> dict | None:
        """A stored entry's JSON object, or None (missing, damaged, not an object)."""
        if raw is None:
            return None
        try:
            data = read_json(raw)
        except InputError:
            return None
        return data if isinstance(data, dict) else None

    def new_id(self) -> str:
        """A fresh save id (nothing is written)."""
        self._counter += 1
        ms = int(_num(self.clock()) * 1000)
        base = f"g{_b36(max(ms, 0))}{_b36(self._counter)}"
        i = 0
        sid = base
        while self._get(SAVE_PREFIX + sid) is not None:
            i += 1
            sid = f"{base}-{i}"
        return sid

    # ---- reading ------------------------------------------------------------------------
    def ids(self) -> list[str]:
        try:
            keys = list(self.storage.keys())
        except Exception:
            return []
        return [k[len(SAVE_PREFIX):] for k in keys if isinstance(k, str) and k.startswith(SAVE_PREFIX)]

    def get(self, sid: str, marks: dict[str, dict] | None = None) -> SaveEntry:
        """The entry, with ``error`` set (never raised) when it is damaged or unusable.
        ``marks``: the saves that could not be opened (``_trouble``), when already read."""
        try:
            return self._read(sid, self._trouble() if marks is None else marks)
        except Exception as exc:  # a bug in reading one entry must not hide the others
            return SaveEntry(sid, name=DAMAGED_NAME.format(id=sid), error=UNREADABLE,
                             detail=f"{type(exc).__name__}: {exc}", raw=self._get(SAVE_PREFIX + sid))

    def _read(self, sid: str, marks: dict[str, dict]) -> SaveEntry:
        raw = self._get(SAVE_PREFIX + sid)
        if raw is None:
            return SaveEntry(sid, error=MISSING)
        damaged = DAMAGED_NAME.format(id=sid)
        try:
            data = read_json(raw)
        except InputError as exc:
            return SaveEntry(sid, name=_salvaged_name(raw) or damaged, raw=raw, detail=exc.detail,
                             error=DAMAGED_TEXT.format(reason=LowerFirst(exc.reason)))
        if not isinstance(data, dict):
            return SaveEntry(sid, name=damaged, error=NOT_AN_OBJECT, detail=f"the JSON is a {type(data).__name__}",
                             raw=raw)
        name = data.get("name")
        name = name[:80] if isinstance(name, str) and name.strip() else UNNAMED.format(id=sid)
        game = data.get("game")
        entry = SaveEntry(sid, name=name, game=game[:40] if isinstance(game, str) else "",
                          created=_num(data.get("created")), updated=_num(data.get("updated")),
                          actions=max(0, int(_num(data.get("actions")))), over=data.get("over") is True, raw=raw)
        if is_newer_layout(data.get("layout")):
            entry.newer = True
            entry.error = NEWER_ENTRY.format(layout=_shown(data.get("layout")))
            return entry
        record = data.get("record")
        if not isinstance(record, dict):
            entry.error = NO_RECORD
            entry.detail = f"the entry's record is {'missing' if record is None else type(record).__name__}"
            return entry
        try:
            rec = parse_record(record)
        except RecordError as exc:
            entry.error = CANNOT_READ.format(reason=LowerFirst(exc.reason))
            entry.detail = exc.detail
            return entry
        problem = game_problem(rec.game)
        if problem:
            entry.error = CANNOT_OPEN.format(reason=problem)
            return entry
        entry.game = rec.game
        entry.record = record
        entry.distance = data.get("distance") if isinstance(data.get("distance"), dict) else None
        entry.actions = len(rec.actions)
        mark = marks.get(sid)
        if mark is not None and mark.get("stamp") == stamp(record):  # the same record that failed
            entry.retry = mark.get("why") == STOPPED
            entry.error = STOPPED_PAGE if entry.retry else NOT_REPLAYED
            entry.detail = str(mark.get("detail", ""))[:2000]
        return entry

    # ---- saves that could not be opened ---------------------------------------------------
    def _trouble(self) -> dict[str, dict]:
        """The marks of saves that could not be opened (``{}`` when none or unreadable)."""
        raw = self._get(TROUBLE_KEY)
        if raw is None:
            return {}
        try:
            data = read_json(raw, max_chars=200_000)
        except InputError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(v, dict)}

    def mark_trouble(self, sid: str, why: str, detail: str = "") -> None:
        """Remember that save ``sid`` could not be opened (``why``: ``STOPPED`` or ``REPLAY``),
        for the record it holds now: it is listed as damaged, with that reason, until it is
        written again, tried again (``clear_trouble``) or deleted. Never raises."""
        entry = self.get(sid)
        if entry.raw is None or not isinstance(entry.record, dict) or not entry.record:
            return  # nothing to open, or already listed as damaged for its own reason
        marks = {k: v for k, v in self._trouble().items() if k != sid and self._get(SAVE_PREFIX + k) is not None}
        marks[sid] = {"why": why, "stamp": stamp(entry.record), "detail": detail[:2000]}
        keep = dict(list(marks.items())[-MAX_TROUBLE:])
        self._set(TROUBLE_KEY, json.dumps(keep, separators=(",", ":")))

    def clear_trouble(self, sid: str) -> None:
        marks = self._trouble()
        if sid in marks:
            del marks[sid]
            if marks:
                self._set(TROUBLE_KEY, json.dumps(marks, separators=(",", ":")))
            else:
                self._remove(TROUBLE_KEY)

    def list(self) -> list[SaveEntry]:
        """Every saved game, newest first; damaged ones included with ``error`` set. Never
        raises: one damaged entry never hides the others."""
        marks = self._trouble()  # read once for the whole list
        entries = [self.get(sid, marks) for sid in self.ids()]
        return sorted(entries, key=lambda e: (-e.updated, e.id))

    def continuing(self, record: dict) -> SaveEntry | None:
        """The newest unfinished save that is this record's game played on (or not at all).

        Same game, players, seed, options and seats, and the record's actions are the first
        actions of the save. Opening the same play link twice resumes that save instead of
        starting a second copy of the game (the person can still make a copy with "Save copy").
        """
        wanted = record.get("actions", [])
        for entry in self.list():
            if not entry.ok or entry.over:
                continue
            saved = entry.record
            actions = saved.get("actions", [])
            if (all(saved.get(k) == record.get(k) for k in _SAME_GAME if k != "format")
                    and isinstance(actions, list) and actions[:len(wanted)] == wanted):
                return entry
        return None

    def last(self) -> str | None:
        raw = self._get(LAST_KEY)
        return raw if raw and len(raw) <= 200 else None

    # ---- writing ------------------------------------------------------------------------
    def put(self, sid: str, name: str, record: dict, over: bool = False, distance: dict | None = None) -> str | None:
        """Write (create or update) a save; returns None, or a message when nothing was
        written (newer layout, an entry from a newer Tavolo under this id, storage full).
        ``distance``: what makes it a game at a distance (``distance.Distance.to_json``);
        None keeps what the save held."""
        problem, _ = self._put(sid, name, record, over, distance)
        return problem

    def _put(self, sid: str, name: str, record: dict, over: bool,
             distance: dict | None = None) -> tuple[str | None, str | None]:
        problem = self.layout_problem()
        if problem:
            return problem, None
        old = self._data(self._get(SAVE_PREFIX + sid))
        if old is not None and is_newer_layout(old.get("layout")):
            return NEWER_ENTRY.format(layout=_shown(old.get("layout"))), None
        now = _num(self.clock())
        created = (_num(old.get("created")) if old is not None else 0.0) or now
        entry = {"layout": LAYOUT, "id": sid, "name": str(name)[:80], "game": record.get("game", ""),
                 "created": created, "updated": now, "actions": len(record.get("actions", [])),
                 "over": bool(over), "record": record}
        if distance is None and old is not None and isinstance(old.get("distance"), dict):
            distance = old["distance"]  # an autosave keeps the game's seats at a distance
        if distance is not None:
            entry["distance"] = distance
        try:
            text = json.dumps(entry, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            return NOT_WRITABLE, None
        problem = self._set(SAVE_PREFIX + sid, text)
        return problem, (None if problem else text)

    def check(self, sid: str, known: str | None, mine: dict) -> tuple[str, SaveEntry]:
        """(``compare``'s outcome, the stored entry) for this tab's game in save ``sid``;
        nothing is written."""
        stored = self.get(sid)
        return compare(known, stored, mine), stored

    def autosave(self, sid: str, name: str, record: dict, over: bool, known: str | None,
                 distance: dict | None = None) -> Autosave:
        """Write this tab's game into its save only if the save still holds the version this
        tab knows (``known``, a ``stamp``) or this very game: another tab's progress is never
        overwritten, even when its ``storage`` event was missed. The save keeps its stored
        name (a rename in another tab stays)."""
        outcome, stored = self.check(sid, known, record)
        if outcome not in (OURS, SAME):
            return Autosave(outcome, known, name, stored)
        if stored.ok and stored.raw is not None:
            name = stored.name
        problem = self.put(sid, name, record, over, distance)
        if problem:
            return Autosave("failed", stamp(stored.record) if outcome == SAME else known, name, stored, problem)
        return Autosave("saved", stamp(record), name, stored)

    def rename(self, sid: str, name: str) -> str | None:
        name = name.strip() if isinstance(name, str) else ""
        if not name:
            return NEEDS_NAME
        problem = self.layout_problem()
        if problem:
            return problem
        entry = self.get(sid)
        if entry.raw is None:
            return MISSING
        if entry.newer:
            return entry.error
        if not entry.ok:
            return RENAME_DAMAGED
        data = self._data(entry.raw)
        if data is None:
            return RENAME_DAMAGED
        data["name"] = name[:80]
        try:
            text = json.dumps(data, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            return RENAME_DAMAGED
        return self._set(SAVE_PREFIX + sid, text)

    def delete(self, sid: str) -> str | None:
        """Remove a save (and forget it as the last game); returns None, or a message when
        nothing was removed (a newer layout or a save from a newer Tavolo)."""
        problem = self.layout_problem()
        if problem:
            return problem
        entry = self.get(sid)
        if entry.newer:
            return entry.error
        self._remove(SAVE_PREFIX + sid)
        if self.last() == sid:
            self._remove(LAST_KEY)
        self.clear_trouble(sid)
        return None

    def set_last(self, sid: str | None) -> str | None:
        """Remember (or with None, forget) the game on the table; None or a message."""
        if sid is None:
            problem = self.layout_problem()
            if problem:
                return problem
            self._remove(LAST_KEY)
            return None
        return self._set(LAST_KEY, sid)

    # ---- files --------------------------------------------------------------------------
    def export(self, sid: str) -> tuple[str, str]:
        """(file name, JSON text of the game record) for a download. The name is
        ``tavolo-<game>-<save's name>``, the game said once when the save's name begins with it
        (as the names the page gives do: "Citadels 28/11/2026 …")."""
        entry = self.get(sid)
        if not entry.ok:
            raise SaveError(entry.error or UNREADABLE, entry.detail)
        slug = _slug(entry.name)
        if slug == entry.game or slug.startswith(entry.game + "-"):
            slug = slug[len(entry.game):].lstrip("-") or "game"
        return f"tavolo-{entry.game}-{slug}.json", json.dumps(entry.record, indent=1)

    def export_raw(self, sid: str) -> tuple[str, str]:
        """(file name, the entry's stored text exactly as it is) for a download: a damaged
        save can be kept (and perhaps repaired) before it is deleted."""
        raw = self._get(SAVE_PREFIX + sid)
        if raw is None:
            raise SaveError(MISSING)
        return f"tavolo-save-{_slug(sid)}-as-is.json", raw

    @staticmethod
    def check_import_size(n_bytes: Any) -> None:
        """``SaveError`` for a file too large to read (checked before it is read)."""
        try:
            n = int(n_bytes)
        except (TypeError, ValueError, OverflowError):
            return
        if n > MAX_IMPORT_BYTES:
            raise SaveError(IMPORT_TOO_LARGE, f"{n} bytes (the limit is {MAX_IMPORT_BYTES})")

    def import_text(self, text: str | bytes, name: str | None = None, lang: str = "en") -> str:
        """Store a record read from a .json file as a new save; returns its id. A file
        without a name is stored as "Imported <game>" in ``lang``. The file's bytes must be
        UTF-8 text (a byte order mark is allowed).
        ``SaveError`` with a clear message if it is not a usable record (its actions are all
        replayed first) or cannot be stored. Nothing is written unless it is stored whole."""
        problem = self.layout_problem()
        if problem:
            raise SaveError(problem)
        if isinstance(text, (bytes, bytearray)) and text.startswith(codecs.BOM_UTF8):
            text = text[len(codecs.BOM_UTF8):]  # UTF-8 with a byte order mark, as some editors write it
        if len(text) <= MAX_JSON_CHARS and (not text or text.isspace()):  # larger: "too large", below
            raise SaveError(IMPORT_EMPTY)
        try:
            data = read_json(text)
        except InputError as exc:
            raise SaveError(IMPORT_NOT_JSON.format(reason=LowerFirst(exc.reason)), exc.technical) from None
        if isinstance(data, dict) and isinstance(data.get("record"), dict) and "layout" in data:
            if is_newer_layout(data.get("layout")):
                raise SaveError(IMPORT_NEWER.format(layout=_shown(data.get("layout"))))
            if not name and isinstance(data.get("name"), str):
                name = data["name"]
            data = data["record"]  # a whole save entry
        try:
            rec = parse_record(data)
        except RecordError as exc:
            raise SaveError(IMPORT_REFUSED.format(reason=LowerFirst(exc.reason)), exc.technical) from None
        problem = game_problem(rec.game)
        if problem:
            raise SaveError(IMPORT_REFUSED.format(reason=problem))
        try:  # every action replayed now, so a bad file is refused here and not when opened
            rec = upgrade(rec)  # a file from elsewhere: whatever its seed, fresh draws once opened
            state = replay(rec)
            over = bool(get_game(rec.game).is_over(state))
        except RecordError as exc:
            raise SaveError(IMPORT_REFUSED.format(reason=LowerFirst(exc.reason)), exc.technical) from None
        except Exception as exc:  # a game that fails on this record: refused, never stored
            raise SaveError(IMPORT_REPLAY_FAILED, f"{type(exc).__name__}: {exc}") from None
        sid = self.new_id()
        if not (isinstance(name, str) and name.strip()):
            name = T("Imported {game}", game=get_game(rec.game).title.split(":")[0]).render(lang)
        problem = self.put(sid, name, rec.model_dump(mode="json"), over=over)
        if problem:
            raise SaveError(problem)
        return sid


def game_problem(name: str) -> str | None:
    """None if ``name`` is a game Tavolo knows (in the catalog: nothing is imported, so the
    home screen lists saves without loading any game's rules), else why not."""
    try:
        about(name)
    except KeyError:
        return UNKNOWN_GAME.format(name=isolate(name))  # what the stored entry says, shown as a name
    return None


def _num(x: Any) -> float:
    """A stored number as a finite float; 0.0 for anything else (text, bool, huge, NaN)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return 0.0
    try:
        value = float(x)
    except OverflowError:
        return 0.0
    return value if math.isfinite(value) else 0.0


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
