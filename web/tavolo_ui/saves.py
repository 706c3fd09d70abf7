"""Saved games in localStorage, over a small storage interface (a dict in CPython tests).

Layout, version 1 (every key starts with ``tavolo:``):

- ``tavolo:layout``       -> "1": the layout version. A later Tavolo that changes the layout
                              bumps it; this version refuses (clearly) to touch a newer one.
- ``tavolo:v1:save:<id>`` -> one saved game, JSON:
    ``{"layout": 1, "id", "name", "game", "created", "updated", "actions": n, "over": bool,
       "record": {<the game record, format "tavolo/1">}}``
- ``tavolo:v1:last``      -> the id of the game that was on the table (reload resumes it).

One key per game, so a corrupted entry is reported on its own and never breaks the others.
Every game in progress is autosaved after every action into its entry; "Save a copy" makes a
named snapshot. A failed write (storage full) is reported and the game goes on.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import RecordError, about, get_game, parse_record, replay

LAYOUT = 1
LAYOUT_KEY = "tavolo:layout"
PREFIX = f"tavolo:v{LAYOUT}:"
SAVE_PREFIX = PREFIX + "save:"
LAST_KEY = PREFIX + "last"

FULL_MESSAGE = ("The browser's storage for this page is full, so this game is not being saved. "
                "You can keep playing; delete old saves or export this game to keep it.")


class SaveError(Exception):
    """A save that cannot be read, written or imported; the message is for a person."""


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

    @property
    def ok(self) -> bool:
        return self.error is None


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()[:40] or "game"


class Saves:
    def __init__(self, storage: Any, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock
        self._counter = 0

    # ---- layout -------------------------------------------------------------------------
    def layout_problem(self) -> str | None:
        """A message if the stored layout is from a newer Tavolo (then nothing is written)."""
        raw = self._get(LAYOUT_KEY)
        if raw is None:
            return None
        try:
            v = int(raw)
        except ValueError:
            return None  # an unreadable marker: rewritten on the next save
        if v > LAYOUT:
            return (f"Your saved games were written by a newer version of Tavolo (storage layout {v}; "
                    f"this version reads layout {LAYOUT}). They are left untouched; open Tavolo's newest version to use them.")
        return None

    # ---- low level ----------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            raw = self.storage.get(key)
        except Exception:
            return None
        return raw if isinstance(raw, str) else None  # JS null arrives as jsnull in Pyodide

    def _set(self, key: str, value: str) -> str | None:
        """Write; returns None or a message for a person (the storage is full)."""
        if self.layout_problem():
            return self.layout_problem()
        try:
            if self._get(LAYOUT_KEY) != str(LAYOUT):
                self.storage.set(LAYOUT_KEY, str(LAYOUT))
            self.storage.set(key, value)
        except Exception as exc:  # QuotaExceededError in the browser
            text = str(exc)
            if "quota" in text.lower() or "full" in text.lower() or isinstance(exc, OSError):
                return FULL_MESSAGE
            return f"The game could not be saved ({text})."
        return None

    def new_id(self) -> str:
        self._counter += 1
        ms = int(self.clock() * 1000)
        base = f"g{_b36(ms)}{_b36(self._counter)}"
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

    def get(self, sid: str) -> SaveEntry:
        """The entry, with ``error`` set (not raised) when it is damaged or unusable."""
        raw = self._get(SAVE_PREFIX + sid)
        if raw is None:
            return SaveEntry(sid, error="This saved game does not exist (it may have been deleted).")
        try:
            data = json.loads(raw)
        except ValueError:
            return SaveEntry(sid, name=f"Damaged save {sid}", error="This saved game is damaged: it is not valid JSON.")
        if not isinstance(data, dict):
            return SaveEntry(sid, name=f"Damaged save {sid}", error="This saved game is damaged: it is not a JSON object.")
        name = data.get("name") if isinstance(data.get("name"), str) else f"Save {sid}"
        entry = SaveEntry(sid, name=name, game=str(data.get("game", "")),
                          created=_num(data.get("created")), updated=_num(data.get("updated")),
                          actions=int(_num(data.get("actions"))), over=bool(data.get("over", False)))
        layout = data.get("layout")
        if isinstance(layout, int) and layout > LAYOUT:
            entry.error = (f"This save was written by a newer version of Tavolo (save layout {layout}); "
                           f"this version cannot read it. It is kept as it is.")
            return entry
        record = data.get("record")
        try:
            rec = parse_record(record if isinstance(record, dict) else "")
        except RecordError as exc:
            entry.error = f"This saved game cannot be read: {exc}"
            return entry
        problem = game_problem(rec.game)
        if problem:
            entry.error = f"This saved game cannot be opened: {problem}"
            return entry
        entry.game = rec.game
        entry.record = record
        entry.actions = len(rec.actions)
        return entry

    def list(self) -> list[SaveEntry]:
        """Every saved game, newest first; damaged ones included with ``error`` set."""
        entries = [self.get(sid) for sid in self.ids()]
        return sorted(entries, key=lambda e: (-e.updated, e.id))

    def continuing(self, record: dict) -> SaveEntry | None:
        """The newest unfinished save that is this record's game played on (or not at all).

        Same game, players, seed, options and seats, and the record's actions are the first
        actions of the save. Opening the same play link twice resumes that save instead of
        starting a second copy of the game (the person can still make a copy with "Save copy").
        """
        same = ("game", "players", "seed", "options", "seats")
        wanted = record.get("actions", [])
        for entry in self.list():
            if not entry.ok or entry.over:
                continue
            saved = entry.record
            if all(saved.get(k) == record.get(k) for k in same) and saved.get("actions", [])[:len(wanted)] == wanted:
                return entry
        return None

    # ---- writing ------------------------------------------------------------------------
    def put(self, sid: str, name: str, record: dict, over: bool = False) -> str | None:
        """Write (create or update) a save; returns None, or a message when it failed."""
        old = self._get(SAVE_PREFIX + sid)
        created = self.clock()
        if old is not None:
            try:
                created = _num(json.loads(old).get("created")) or created
            except Exception:
                pass
        entry = {"layout": LAYOUT, "id": sid, "name": name[:80], "game": record.get("game", ""),
                 "created": created, "updated": self.clock(), "actions": len(record.get("actions", [])),
                 "over": bool(over), "record": record}
        return self._set(SAVE_PREFIX + sid, json.dumps(entry, separators=(",", ":")))

    def rename(self, sid: str, name: str) -> str | None:
        name = name.strip()
        if not name:
            return "A save needs a name."
        raw = self._get(SAVE_PREFIX + sid)
        if raw is None:
            return "This saved game does not exist."
        try:
            data = json.loads(raw)
            assert isinstance(data, dict)
        except Exception:
            return "This saved game is damaged and cannot be renamed (you can delete it)."
        data["name"] = name[:80]
        return self._set(SAVE_PREFIX + sid, json.dumps(data, separators=(",", ":")))

    def delete(self, sid: str) -> None:
        try:
            self.storage.remove(SAVE_PREFIX + sid)
        except Exception:
            pass
        if self.last() == sid:
            try:
                self.storage.remove(LAST_KEY)
            except Exception:
                pass

    def last(self) -> str | None:
        return self._get(LAST_KEY)

    def set_last(self, sid: str | None) -> str | None:
        if sid is None:
            try:
                self.storage.remove(LAST_KEY)
            except Exception:
                pass
            return None
        return self._set(LAST_KEY, sid)

    # ---- files --------------------------------------------------------------------------
    def export(self, sid: str) -> tuple[str, str]:
        """(file name, JSON text of the game record) for a download."""
        entry = self.get(sid)
        if not entry.ok:
            raise SaveError(entry.error)
        return f"tavolo-{entry.game}-{_slug(entry.name)}.json", json.dumps(entry.record, indent=1)

    def import_text(self, text: str, name: str | None = None) -> str:
        """Store a record read from a .json file as a new save; returns its id.
        ``SaveError`` with a clear message if it is not a usable record (its actions are all
        replayed first) or cannot be stored."""
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError("This file is not a Tavolo game: it is not valid JSON.") from None
        if isinstance(data, dict) and isinstance(data.get("record"), dict) and "layout" in data:
            name = name or data.get("name")
            data = data["record"]  # a whole save entry
        try:
            rec = parse_record(data)
        except RecordError as exc:
            raise SaveError(f"This file cannot be imported: {exc}") from None
        problem = game_problem(rec.game)
        if problem:
            raise SaveError(f"This file cannot be imported: {problem}")
        try:  # every action replayed now, so a bad file is refused here and not when opened
            state = replay(rec)
        except RecordError as exc:
            raise SaveError(f"This file cannot be imported: {exc}") from None
        sid = self.new_id()
        problem = self.put(sid, name or f"Imported {rec.game}", rec.model_dump(mode="json"),
                           over=get_game(rec.game).is_over(state))
        if problem:
            raise SaveError(problem)
        return sid


def game_problem(name: str) -> str | None:
    """None if ``name`` is a game Tavolo knows (in the catalog: nothing is imported, so the
    home screen lists saves without loading any game's rules), else why not."""
    try:
        about(name)
    except KeyError:
        return f"'{name}' is not a game Tavolo knows."
    return None


def _num(x: Any) -> float:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else 0.0


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
