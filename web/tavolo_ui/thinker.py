"""The page's side of the bot worker (``web/bot_worker.mjs``): bots think off the main thread.

``BotWorker.start()`` starts the worker (after the first screen is shown: it loads its own
Pyodide and the engine wheel, a few seconds the page does not wait for). ``decide`` sends the
record, the seat and the level, and waits for the action, passing the search's progress to
its caller meanwhile. Each request has its own id: when its caller goes away (the game was
left, undone, replaced: the waiting task is cancelled) the worker is told to drop it, and a
late answer is ignored.

When the worker cannot start (no module workers, out of memory, a load error) or stops
answering, ``usable()`` turns False with the reason in ``failed``, and the page lets its bots
think on the main thread, saying so (nothing is lost, the table may only pause).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

START_TIMEOUT = 60.0  # seconds a worker may take to load before the page gives up on it
URL = "./bot_worker.mjs"


class WorkerUnavailable(Exception):
    """The worker cannot take the decision: think on the main thread instead."""


class BotWorker:
    def __init__(self) -> None:
        self.worker: Any = None
        self.ready = False
        self.failed = ""  # why the worker is not used ('' while it works or starts)
        self.decisions = 0  # decisions the worker answered (the page exposes it for tests)
        self.cancelled = 0  # requests dropped because their caller went away
        self._next = 1
        self._pending: dict[int, asyncio.Future] = {}
        self._progress: dict[int, Any] = {}  # request id -> its caller's progress callback
        self._ready_event: asyncio.Event | None = None
        self._proxies: list = []

    # ---- life -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker (once); never raises."""
        if self.worker is not None or self.failed:
            return
        self._ready_event = asyncio.Event()
        try:
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(URL, options)
            for name, fn in (("onmessage", self._on_message), ("onerror", self._on_error),
                             ("onmessageerror", self._on_error)):
                proxy = create_proxy(fn)
                self._proxies.append(proxy)
                setattr(self.worker, name, proxy)
        except Exception as exc:  # no Worker, no module workers, a blocked script...
            self._fail(f"the worker could not be created: {exc}")

    def usable(self) -> bool:
        return self.worker is not None and not self.failed

    def _fail(self, why: str) -> None:
        self.failed = why or "the worker stopped"
        self.ready = False
        if self._ready_event is not None:
            self._ready_event.set()
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(WorkerUnavailable(self.failed))
        self._pending.clear()
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:
                pass
        js.document.body.dataset.botWorker = "failed"

    # ---- messages -------------------------------------------------------------------------
    def _on_message(self, event) -> None:
        data = event.data
        data = data.to_py() if hasattr(data, "to_py") else dict(data)
        ident = data.get("id")
        if ident == 0:  # the start report
            if data.get("ready"):
                self.ready = True
                js.document.body.dataset.botWorker = "ready"
                # how the worker's Pyodide started (interpreter.mjs): "used" the snapshot, ...
                js.document.body.dataset.botWorkerSnapshot = str(data.get("snapshot") or "")
                self._ready_event.set()
            else:
                self._fail(f"the worker could not start: {data.get('error', '')}")
            return
        if "progress" in data:
            report = self._progress.get(ident)
            if report is not None:
                try:
                    report(float(data["progress"]))
                except Exception:  # a display problem must not stop the decision
                    pass
            return
        fut = self._pending.pop(ident, None)
        if fut is None or fut.done():  # an answer nobody waits for any more
            return
        if "error" in data:
            fut.set_exception(RuntimeError(str(data["error"])))
        else:
            value = data.get("value")  # a number, or JavaScript's null (pyodide's jsnull)
            fut.set_result((str(data.get("action", "")), float(value) if isinstance(value, int | float) else None))

    def _on_error(self, event) -> None:
        message = getattr(event, "message", "") or "an error in the worker"
        self._fail(str(message))

    # ---- deciding -------------------------------------------------------------------------
    async def decide(self, record_json: str, seat: int, level: str,
                     progress: Any = None) -> tuple[dict, float | None]:
        """The bot's action (as its JSON dict) and the search's estimated win chance for it
        (None for bots that do not search); ``progress(share)`` is called while a search
        runs. ``WorkerUnavailable`` when the worker cannot take it; ``RuntimeError`` with the
        worker's message when the bot itself failed. Cancelling the awaiting task tells the
        worker to drop the request."""
        if not self.usable():
            raise WorkerUnavailable(self.failed or "the worker is not started")
        if not self.ready:
            try:
                await asyncio.wait_for(self._ready_event.wait(), START_TIMEOUT)
            except asyncio.TimeoutError:
                self._fail(f"the worker did not start within {START_TIMEOUT:.0f} s")
            if not self.usable():
                raise WorkerUnavailable(self.failed)
        ident = self._next
        self._next += 1
        fut = asyncio.get_event_loop().create_future()
        self._pending[ident] = fut
        if progress is not None:
            self._progress[ident] = progress
        message = to_js({"id": ident, "record": record_json, "seat": int(seat), "level": str(level)},
                        dict_converter=js.Object.fromEntries)
        try:
            self.worker.postMessage(message)
            text, value = await fut
        except asyncio.CancelledError:
            self.cancel(ident)
            raise
        finally:
            self._pending.pop(ident, None)
            self._progress.pop(ident, None)
        self.decisions += 1
        js.document.body.dataset.botDecisions = str(self.decisions)
        return json.loads(text), value

    def cancel(self, ident: int) -> None:
        """Tell the worker to drop request ``ident`` (never raises)."""
        self.cancelled += 1
        js.document.body.dataset.botCancelled = str(self.cancelled)
        try:
            if self.usable():
                self.worker.postMessage(to_js({"cancel": int(ident)}, dict_converter=js.Object.fromEntries))
        except Exception:
            pass
