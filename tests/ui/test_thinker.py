"""The page's side of the bots' worker (``web/tavolo_ui/thinker.py``), on CPython with a fake
``js``: a malformed message, an action the page's check refuses, an error, a fault or silence
make the page replace its worker and ask the new one; after ``MAX_RESTARTS`` in a row it gives
up (its bots then think on the page). The same in a real browser: tests/web/test_bot_worker_faults.py.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import types

import pytest


class FakeWorker:
    def __init__(self, made: list):
        self.sent: list = []
        self.terminated = False
        made.append(self)

    def postMessage(self, message):
        self.sent.append(message)

    def terminate(self):
        self.terminated = True

    def say(self, data):
        """The worker posts ``data`` to the page."""
        self.onmessage(types.SimpleNamespace(data=data))


class JsNull:  # Pyodide's type for JavaScript's null
    pass


@pytest.fixture
def thinker(monkeypatch):
    made: list[FakeWorker] = []
    warned: list[str] = []
    fake_js = types.SimpleNamespace(
        Worker=types.SimpleNamespace(new=lambda url, options: FakeWorker(made)),
        Object=types.SimpleNamespace(fromEntries=dict),
        document=types.SimpleNamespace(body=types.SimpleNamespace(dataset=types.SimpleNamespace())),
        console=types.SimpleNamespace(warn=warned.append),
        globalThis=types.SimpleNamespace(),
    )
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    ffi.to_js = lambda value, dict_converter=None: value
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "tavolo_ui.thinker", raising=False)
    module = importlib.import_module("tavolo_ui.thinker")
    module.made, module.warned, module.fake_js = made, warned, fake_js
    yield module
    sys.modules.pop("tavolo_ui.thinker", None)


GOOD = {"type": "draw"}


# ---- read_message -----------------------------------------------------------------------------

def test_the_workers_own_messages_are_read(thinker):
    read = thinker.read_message
    assert read({"id": 0, "ready": True, "snapshot": "used"}) == {"id": 0, "ready": True, "snapshot": "used"}
    assert read({"id": 0, "ready": False, "error": "no wasm"}) == {"id": 0, "ready": False, "error": "no wasm"}
    assert read({"id": 3, "progress": 0.25}) == {"id": 3, "progress": 0.25}
    assert read({"id": 3, "action": json.dumps(GOOD), "value": 0.6}) == {"id": 3, "action": GOOD, "value": 0.6}
    assert read({"id": 3, "action": json.dumps(GOOD), "value": JsNull()})["value"] is None
    assert read({"id": 3, "action": json.dumps(GOOD), "value": float("nan")})["value"] is None  # only shown
    assert read({"id": 3, "error": "RecordError"}) == {"id": 3, "error": "RecordError"}
    # the worker refusing a message that had no id of ours
    assert read({"id": JsNull(), "error": "a malformed message"}) == {"id": None, "error": "a malformed message"}


@pytest.mark.parametrize("data", [
    "garbage", None, 42, [1, 2], JsNull(),
    {}, {"action": json.dumps(GOOD)}, {"id": "1", "action": json.dumps(GOOD)}, {"id": True, "progress": 0.5},
    {"id": -1, "action": json.dumps(GOOD)}, {"id": 1.5, "action": json.dumps(GOOD)},
    {"id": 0}, {"id": 0, "ready": "yes"},
    {"id": 2}, {"id": 2, "value": 0.5}, {"id": 2, "action": None}, {"id": 2, "action": GOOD},
    {"id": 2, "action": "{'type': 'draw'"}, {"id": 2, "action": "[1, 2]"}, {"id": 2, "action": '"draw"'},
    {"id": 2, "action": "x" * 200_000}, {"id": 2, "action": "[" * 40_000 + "]" * 40_000},
    {"id": 2, "action": '{"type": "draw", "n": NaN}'},
    {"id": 2, "progress": "half"}, {"id": 2, "progress": float("nan")}, {"id": 2, "progress": 3},
    {"id": 2, "progress": True}, {"id": 2, "error": {"why": 1}}, {"id": None, "progress": 0.5},
])
def test_anything_else_is_a_bad_message(thinker, data):
    with pytest.raises(thinker.BadMessage):
        thinker.read_message(data)


# ---- the worker's life ------------------------------------------------------------------------

def run(coro):
    return asyncio.run(coro)


async def _settle():
    for _ in range(5):
        await asyncio.sleep(0)


def started(thinker):
    bots = thinker.BotWorker()
    bots.start()
    bots.worker.say({"id": 0, "ready": True, "snapshot": "used"})
    return bots


def request_of(worker) -> dict:
    asks = [m for m in worker.sent if "record" in m]
    assert asks, "no request sent"
    return asks[-1]


def test_a_bad_answer_replaces_the_worker_and_the_new_one_is_asked(thinker):
    async def scenario():
        bots = started(thinker)
        task = asyncio.ensure_future(bots.decide("{record}", 1, "easy"))
        await _settle()
        first = thinker.made[0]
        first.say({"id": request_of(first)["id"], "action": "not json"})
        await _settle()
        assert first.terminated and len(thinker.made) == 2 and not bots.ready
        second = thinker.made[1]
        assert second.sent == []  # it is asked once it is ready
        second.say({"id": 0, "ready": True, "snapshot": ""})
        await _settle()
        ask = request_of(second)
        assert (ask["record"], ask["seat"], ask["level"]) == ("{record}", 1, "easy")
        first.say({"id": ask["id"], "action": json.dumps({"type": "old"})})  # the old worker: ignored
        second.say({"id": ask["id"], "action": json.dumps(GOOD), "value": None})
        assert await task == (GOOD, None, None)  # no explanation sent: none
        assert (bots.restarts, bots.in_a_row, bots.decisions) == (1, 0, 1)
        assert thinker.fake_js.document.body.dataset.botRestarts == "1"
        assert any("not JSON" in w for w in thinker.warned)

    run(scenario())


def test_an_action_the_check_refuses_is_never_returned(thinker):
    async def scenario():
        bots = started(thinker)
        seen = []

        def check(action):
            seen.append(action)
            if action != GOOD:
                raise ValueError("not legal now")

        task = asyncio.ensure_future(bots.decide("{record}", 0, "easy", check=check))
        await _settle()
        first = thinker.made[0]
        first.say({"id": request_of(first)["id"], "action": json.dumps({"type": "fly"})})
        await _settle()
        second = thinker.made[1]
        second.say({"id": 0, "ready": True})
        await _settle()
        second.say({"id": request_of(second)["id"], "action": json.dumps(GOOD)})
        assert await task == (GOOD, None, None)  # no explanation sent: none
        assert seen == [{"type": "fly"}, GOOD] and bots.restarts == 1

    run(scenario())


@pytest.mark.parametrize("fault", ["error answer", "error event", "unreadable", "silence", "stray garbage"])
def test_an_error_a_fault_or_silence_replaces_the_worker(thinker, fault):
    async def scenario():
        bots = started(thinker)
        bots.silence = 0.05
        task = asyncio.ensure_future(bots.decide("{record}", 0, "easy"))
        await _settle()
        first = thinker.made[0]
        if fault == "error answer":
            first.say({"id": request_of(first)["id"], "error": "MemoryError"})
        elif fault == "error event":
            first.onerror(types.SimpleNamespace(message="Uncaught Error: boom"))
        elif fault == "unreadable":
            first.onmessageerror(types.SimpleNamespace())
        elif fault == "stray garbage":
            first.say("garbage")
        else:  # say nothing: the page waits the silence, looks once more a second later
            await asyncio.sleep(1.3)
        await _settle()
        assert first.terminated and len(thinker.made) == 2
        second = thinker.made[1]
        second.say({"id": 0, "ready": True})
        await _settle()
        second.say({"id": request_of(second)["id"], "action": json.dumps(GOOD)})
        assert await task == (GOOD, None, None)  # no explanation sent: none

    run(scenario())


def test_progress_keeps_a_long_search_from_counting_as_silence(thinker):
    async def scenario():
        bots = started(thinker)
        bots.silence = 0.1
        shares = []
        task = asyncio.ensure_future(bots.decide("{record}", 0, "hard", progress=shares.append))
        await _settle()
        worker = thinker.made[0]
        ident = request_of(worker)["id"]
        for i in range(1, 30):  # 1.5 s of search, reported every 50 ms
            await asyncio.sleep(0.05)
            worker.say({"id": ident, "progress": i / 30})
        worker.say({"id": ident, "action": json.dumps(GOOD), "value": 0.5})
        assert await task == (GOOD, 0.5, None)
        assert len(thinker.made) == 1 and bots.restarts == 0 and len(shares) == 29

    run(scenario())


def test_after_max_restarts_in_a_row_the_page_thinks_itself(thinker):
    async def scenario():
        bots = started(thinker)
        task = asyncio.ensure_future(bots.decide("{record}", 0, "easy"))
        for n in range(thinker.MAX_RESTARTS + 1):
            await _settle()
            worker = thinker.made[n]
            if n:
                worker.say({"id": 0, "ready": True})
                await _settle()
            worker.say({"id": request_of(worker)["id"], "action": "garbage"})
        with pytest.raises(thinker.WorkerUnavailable, match="in a row"):
            await task
        assert not bots.usable() and len(thinker.made) == thinker.MAX_RESTARTS + 1
        assert thinker.fake_js.document.body.dataset.botWorker == "failed"
        with pytest.raises(thinker.WorkerUnavailable):
            await bots.decide("{record}", 0, "easy")

    run(scenario())


def test_a_worker_that_cannot_start_is_not_restarted(thinker):
    async def scenario():
        bots = thinker.BotWorker()
        bots.start()
        task = asyncio.ensure_future(bots.decide("{record}", 0, "easy"))
        await _settle()
        thinker.made[0].onerror(types.SimpleNamespace(message="404"))
        with pytest.raises(thinker.WorkerUnavailable, match="404"):
            await task
        assert len(thinker.made) == 1 and bots.restarts == 0

    run(scenario())


def test_a_test_may_shorten_the_silence(thinker):
    thinker.fake_js.globalThis.tavoloBotSilenceMs = 2500
    assert thinker.BotWorker().silence == 2.5
    assert thinker.SILENCE_SECONDS >= 10  # a search reports every 50 ms; a replay may take seconds
