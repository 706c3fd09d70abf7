"""The page's side of the bot worker (``web/bot_worker.mjs``): bots think off the main thread.

``BotWorker.start()`` starts the worker (after the first screen is shown: it loads its own
Pyodide and the engine wheel, a few seconds the page does not wait for). ``decide`` sends the
record, the seat and the level, and waits for the action, passing the search's progress to
its caller meanwhile. Each request has its own id: when its caller goes away (the game was
left, undone, replaced: the waiting task is cancelled) the worker is told to drop it, and a
late answer is ignored.

When the worker cannot start (no module workers, out of memory, a load error), ``usable()``
turns False with the reason in ``failed``, and the page lets its bots think on the main
thread, saying so (nothing is lost, the table may only pause).

Nothing a worker says is taken on trust. A worker that misbehaves is replaced by a new one
(``restart``) and the decision is asked again, so the game goes on. Misbehaving is: a message
that is not one of ``bot_worker.mjs``'s (``read_message``: not an object, a field missing or of
the wrong kind, an action that is not a JSON object or is longer than any action); an action
that the caller's ``check`` refuses (the page checks it against the engine: never is an action
from the worker played unchecked); an error answer (a bot does not fail on a record the page
holds, so the worker is in trouble); an error in the worker (its ``error`` event: an exception
nothing caught); and silence, nothing from it for ``SILENCE_SECONDS`` while it owes an answer
(a worker that closed, crashed or hangs sends nothing at all; a search reports its progress
every 50 ms). A restart is silent for the person, whose bot only moves a few seconds later;
the console says why, and ``<body data-bot-restarts>`` counts them. After ``MAX_RESTARTS``
restarts in a row without a good answer, the page stops trying and thinks on the main thread,
saying so, as when the worker cannot start. (A test may shorten the silence before the page's
scripts run, as ``globalThis.tavoloBotSilenceMs``.)
"""

from __future__ import annotations

import asyncio
import math
from typing import Any, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from engines.core.inbound import InputError, read_json
from engines.core.search import Explanation

START_TIMEOUT = 60.0  # seconds a worker may take to load before the page gives up on it
SILENCE_SECONDS = 20.0  # a worker that owes an answer and says nothing this long is replaced
MAX_RESTARTS = 3  # restarts in a row without a good answer, before the page thinks itself
MAX_ACTION_CHARS = 100_000  # an action's JSON text is a few hundred characters
URL = "./bot_worker.mjs"


class WorkerUnavailable(Exception):
    """The worker cannot take the decision: think on the main thread instead."""


class BadMessage(ValueError):
    """A message that ``bot_worker.mjs`` never sends: its worker is replaced."""


class _Restarted(Exception):
    """The worker was replaced while a request waited: ask the new one."""


def _is_null(value: Any) -> bool:
    return value is None or type(value).__name__ == "JsNull"  # JavaScript's null (pyodide's jsnull)


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_message(data: Any) -> dict:
    """The worker's message (converted to Python) with its fields checked, as one of
    ``{"id": 0, "ready": True, "snapshot"}``, ``{"id": 0, "ready": False, "error"}``,
    ``{"id", "progress"}``, ``{"id", "action", "value"}`` (the action as a dict, value a
    finite number or None; with ``"explanation"``, a ``search.Explanation``, when the
    worker sent one that reads) or ``{"id", "error"}`` (id None: the worker refused a
    message without one); ``BadMessage`` saying what is wrong otherwise."""
    if not isinstance(data, dict):
        raise BadMessage(f"a message that is not an object: {_shown(data)}")
    ident = data.get("id")
    if _is_null(ident) and "error" in data:
        ident = None
    elif not _is_id(ident):
        raise BadMessage(f"a message without a request's id: {_shown(data)}")
    if ident == 0:  # the start report
        if data.get("ready") is True:
            snapshot = data.get("snapshot")
            return {"id": 0, "ready": True, "snapshot": snapshot if isinstance(snapshot, str) else ""}
        if data.get("ready") is False:
            return {"id": 0, "ready": False, "error": str(data.get("error", ""))[:MAX_ACTION_CHARS]}
        raise BadMessage(f"a start report that says neither ready nor not: {_shown(data)}")
    if "error" in data:
        error = data["error"]
        if not isinstance(error, str):
            raise BadMessage(f"an error that is not text: {_shown(error)}")
        return {"id": ident, "error": error[:MAX_ACTION_CHARS]}
    if ident is None:
        raise BadMessage(f"a message without a request's id: {_shown(data)}")
    if "progress" in data:
        share = data["progress"]
        if isinstance(share, bool) or not isinstance(share, int | float) or not 0 <= share <= 1:
            raise BadMessage(f"a progress that is not a share: {_shown(share)}")
        return {"id": ident, "progress": float(share)}
    text = data.get("action")
    if not isinstance(text, str):
        raise BadMessage(f"an answer without an action: {_shown(data)}")
    if len(text) > MAX_ACTION_CHARS:
        raise BadMessage(f"an action of {len(text)} characters")
    try:  # through the gate: 100,000 characters of brackets would overflow Pyodide's stack in json.loads
        action = read_json(text, max_chars=MAX_ACTION_CHARS)
    except InputError as exc:
        raise BadMessage(f"an action that is not JSON within the gate's limits ({exc.detail or exc}): {_shown(text)}") from None
    if not isinstance(action, dict):
        raise BadMessage(f"an action that is not a JSON object: {_shown(text)}")
    value = data.get("value")  # only shown (a suggestion's win chance): a wrong one is dropped
    value = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    answer = {"id": ident, "action": action, "value": value if value is not None and math.isfinite(value) else None}
    explanation = read_explanation(data.get("explanation"))
    if explanation is not None:
        answer["explanation"] = explanation
    return answer


def read_explanation(text: Any) -> Explanation | None:
    """The explanation of an answer (JSON text, as the worker sends it), or None when there
    is none or it does not read: like the win chance it is only shown, so a wrong one is
    dropped rather than the worker replaced (an older worker sends none)."""
    if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
        return None
    try:
        return Explanation.model_validate(read_json(text, max_chars=MAX_ACTION_CHARS))
    except (InputError, ValueError):
        return None


def _plain(data: Any) -> Any:
    """A message as Python values (a JavaScript object as a dict)."""
    return data.to_py() if hasattr(data, "to_py") else data


class BotWorker:
    def __init__(self) -> None:
        self.worker: Any = None
        self.ready = False
        self.failed = ""  # why the worker is not used ('' while it works or starts)
        self.decisions = 0  # decisions the worker answered (the page exposes it for tests)
        self.cancelled = 0  # requests dropped because their caller went away
        self.restarts = 0  # workers replaced because they misbehaved
        self.in_a_row = 0  # restarts since the last good answer
        self.silence = SILENCE_SECONDS
        try:
            limit = getattr(js.globalThis, "tavoloBotSilenceMs", None)
            if isinstance(limit, int | float) and limit > 0:
                self.silence = float(limit) / 1000
        except Exception:
            pass
        self._next = 1
        self._pending: dict[int, asyncio.Future] = {}
        self._progress: dict[int, Any] = {}  # request id -> its caller's progress callback
        self._ready_event = asyncio.Event()  # set when the worker says it started (anew at each start)
        self._heard = 0.0  # when the worker last said something (the event loop's clock)
        self._proxies: list = []

    # ---- life -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker (once; again after a ``restart``); never raises."""
        if self.worker is not None or self.failed:
            return
        self._ready_event = asyncio.Event()
        try:
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            worker = js.Worker.new(URL, options)
            self.worker = worker
            # each handler knows its worker: a message from a worker already replaced is ignored
            for name, fn in (("onmessage", self._on_message), ("onerror", self._on_error),
                             ("onmessageerror", self._on_message_error)):
                proxy = create_proxy(lambda event, fn=fn, worker=worker: fn(worker, event))
                self._proxies.append(proxy)
                setattr(worker, name, proxy)
        except Exception as exc:  # no Worker, no module workers, a blocked script...
            self._fail(f"the worker could not be created: {exc}")

    def usable(self) -> bool:
        return self.worker is not None and not self.failed

    def _fail(self, why: str) -> None:
        self.failed = why or "the worker stopped"
        self.ready = False
        if self._ready_event is not None:
            self._ready_event.set()
        self._drop_pending(WorkerUnavailable(self.failed))
        self._terminate()
        js.document.body.dataset.botWorker = "failed"

    def restart(self, why: str) -> None:
        """Replace a worker that misbehaved (``why``) with a new one; the requests waiting
        for it are asked again of the new one (``decide``). Never raises."""
        if not self.usable():
            return
        self.restarts += 1
        self.in_a_row += 1
        js.document.body.dataset.botRestarts = str(self.restarts)
        if self.in_a_row > MAX_RESTARTS:
            self._fail(f"the worker was replaced {MAX_RESTARTS} times in a row; the last time: {why}")
            return
        js.console.warn(f"Tavolo: the bots' worker is replaced: {why}")
        self._terminate()
        self.worker = None
        self.ready = False
        if self._ready_event is not None:
            self._ready_event.set()  # who waits for the old worker's start waits for the new one's
        self._drop_pending(_Restarted(why))
        js.document.body.dataset.botWorker = "restarting"
        self.start()

    def _terminate(self) -> None:
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:
                pass

    def _drop_pending(self, exc: Exception) -> None:
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(exc)
        self._pending.clear()

    # ---- messages -------------------------------------------------------------------------
    def _on_message(self, worker, event) -> None:
        if worker is not self.worker or self.failed:
            return
        self._heard = asyncio.get_event_loop().time()
        try:
            data = read_message(_plain(event.data))
        except BadMessage as exc:
            self.restart(str(exc))
            return
        except Exception as exc:  # a message that cannot even be converted
            self.restart(f"a message that cannot be read: {exc}")
            return
        ident = data["id"]
        if ident == 0:  # the start report
            if data["ready"]:
                self.ready = True
                js.document.body.dataset.botWorker = "ready"
                # how the worker's Pyodide started (interpreter.mjs): "used" the snapshot, ...
                js.document.body.dataset.botWorkerSnapshot = data["snapshot"]
                self._ready_event.set()
            else:
                self._fail(f"the worker could not start: {data['error']}")
            return
        if ident is None:  # the worker refused a message of ours that had no id: never sent
            js.console.warn(f"Tavolo: the bots' worker refused a message: {data['error']}")
            return
        if "progress" in data:
            report = self._progress.get(ident)
            if report is not None:
                try:
                    report(data["progress"])
                except Exception:  # a display problem must not stop the decision
                    pass
            return
        fut = self._pending.get(ident)
        if fut is None or fut.done():  # an answer nobody waits for any more
            return
        if "error" in data:
            self.restart(f"the bot failed: {data['error']}")
        else:
            fut.set_result((data["action"], data["value"], data.get("explanation")))

    def _on_error(self, worker, event) -> None:
        if worker is not self.worker:
            return
        message = getattr(event, "message", "") or "an error in the worker"
        if self.ready:  # it ran, and broke: a new one
            self.restart(str(message))
        else:  # it could not start: another would not either
            self._fail(str(message))

    def _on_message_error(self, worker, event) -> None:
        if worker is self.worker:
            self.restart("a message that cannot be read")

    # ---- deciding -------------------------------------------------------------------------
    async def decide(self, record_json: str, seat: int, level: str, progress: Any = None,
                     check: Callable[[dict], Any] | None = None) -> tuple[dict, float | None, Explanation | None]:
        """The bot's action (as its JSON dict), the search's estimated win chance for it and
        its explanation (both None for bots that do not search, the explanation also from a
        worker that sends none); ``progress(share)`` is called while a search
        runs. ``check(action)`` raises when the action cannot be played (the caller's check
        against the engine): the worker is replaced and asked again, as after any misbehaviour.
        ``WorkerUnavailable`` when the worker cannot take it. Cancelling the awaiting task
        tells the worker to drop the request."""
        while True:
            if not self.usable():
                raise WorkerUnavailable(self.failed or "the worker is not started")
            if not self.ready:
                try:
                    await asyncio.wait_for(self._ready_event.wait(), START_TIMEOUT)
                except asyncio.TimeoutError:
                    self._fail(f"the worker did not start within {START_TIMEOUT:.0f} s")
                continue  # ready, failed, or replaced meanwhile: look again
            try:
                action, value, explanation = await self._ask(record_json, seat, level, progress)
            except _Restarted:
                continue
            if check is not None:
                try:
                    check(action)
                except Exception as exc:
                    self.restart(f"an action that cannot be played: {exc}")
                    continue
            self.in_a_row = 0
            self.decisions += 1
            js.document.body.dataset.botDecisions = str(self.decisions)
            return action, value, explanation

    async def _ask(self, record_json: str, seat: int, level: str,
                   progress: Any) -> tuple[dict, float | None, Explanation | None]:
        """One request to the current worker, waited for while the worker is heard from."""
        ident = self._next
        self._next += 1
        loop = asyncio.get_event_loop()
        fut = loop.create_future()
        self._pending[ident] = fut
        if progress is not None:
            self._progress[ident] = progress
        message = to_js({"id": ident, "record": record_json, "seat": int(seat), "level": str(level)},
                        dict_converter=js.Object.fromEntries)
        try:
            self.worker.postMessage(message)
            self._heard = loop.time()
            suspect = False
            while not fut.done():
                # (asyncio.wait leaves fut as it is when the time is up)
                await asyncio.wait({fut}, timeout=1.0 if suspect else self.silence)
                quiet = loop.time() - self._heard
                if fut.done() or quiet < self.silence:
                    suspect = False
                elif suspect:
                    self.restart(f"the worker said nothing for {quiet:.0f} s")
                else:  # a page that was busy itself may not have read the worker's messages yet:
                    suspect = True  # look again after a second of its own event loop
            return fut.result()  # or the reason it has none: _Restarted, WorkerUnavailable
        except asyncio.CancelledError:
            self.cancel(ident)
            raise
        finally:
            self._pending.pop(ident, None)
            self._progress.pop(ident, None)

    def cancel(self, ident: int) -> None:
        """Tell the worker to drop request ``ident`` (never raises)."""
        self.cancelled += 1
        js.document.body.dataset.botCancelled = str(self.cancelled)
        try:
            if self.usable():
                self.worker.postMessage(to_js({"cancel": int(ident)}, dict_converter=js.Object.fromEntries))
        except Exception:
            pass
