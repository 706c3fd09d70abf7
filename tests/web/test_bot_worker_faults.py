"""Nothing the bots' worker says or fails to say stops a game (issue 25).

The page refuses a malformed message from its worker (``web/tavolo_ui/thinker.py``), checks
every action it answers against the engine before playing it, and replaces a worker that
misbehaves, errs or goes silent with a new one, which is asked again: the bot moves, from the
worker, and its moves are the engine's own decisions. The worker answers a malformed message
with an error and goes on with the request in progress (``web/bot_worker.mjs``).

The faults are injected into the real worker through Playwright (its ``worker`` event: code
run in the worker's own scope; the context's route for a worker script that always misbehaves),
with no hook in the page but one setting: ``globalThis.tavoloBotSilenceMs`` shortens the wait
for a silent worker (20 s) in the test of one. The person's moves are the heuristic bot's,
played by clicks. Needs ``python build.py`` first.
"""

from __future__ import annotations

import re

import pytest

from engines import get_game
from engines.core.rng import Rng
from engines.myraclia.bot import choose as heuristic
from tests.web.conftest import ROOT, app_errors, open_app, shot
from tests.web.pagedriver import Mirror, body, click_action, saved_record, start_game, wait_my_choices
from tests.web.test_bot_worker import _bot_moves

pytestmark = pytest.mark.browser

GAME = get_game("myraclia")

SILENCE_MS = 3000  # how long a silent worker is waited for in the test of one (tavoloBotSilenceMs)

# the worker answers its next request with `kind` (then behaves as before: the page replaces it)
MISBEHAVE = """(kind) => {
  const real = self.onmessage;
  self.onmessage = (event) => {
    const m = event.data;
    if (!(m && m.id > 0 && "record" in m)) return real(event);
    self.onmessage = real;
    const id = m.id;
    if (kind === "not JSON") postMessage({id, action: "{'type': 'move'", value: null});
    else if (kind === "not legal") postMessage({id, action: JSON.stringify({type: "nonsense", to: 99}), value: 0.5});
    else if (kind === "missing fields") postMessage({id});
    else if (kind === "huge string") postMessage({id, action: "x".repeat(5000000), value: null});
    else if (kind === "not an object") postMessage("garbage");
    else if (kind === "an error") postMessage({id, error: "the bot broke"});
    else if (kind === "throws") setTimeout(() => { throw new Error("a fault in the worker"); });
    else if (kind === "goes silent") self.close();
  };
}"""

# malformed messages to the worker, dispatched as the page's messages would be; -> its answers
MALFORMED = """async (cases) => {
  const answers = [];
  const real = self.postMessage;
  self.postMessage = (m) => { if (m && "error" in m) answers.push(m); real.call(self, m); };
  try {
    for (const data of cases) self.dispatchEvent(new MessageEvent("message", {data}));
    for (let t = 0; t < 250 && answers.length < cases.length; t++) await new Promise((r) => setTimeout(r, 20));
  } finally {
    self.postMessage = real;  // (an own property of the worker's global: never deleted)
  }
  return answers;
}"""


def watch_workers(page) -> list:
    """The bots' workers the page starts, newest last, each with ``closed`` once it is gone."""
    workers = []

    def added(worker):
        if worker.url.endswith("/bot_worker.mjs"):
            worker.closed = False
            worker.on("close", lambda w: setattr(w, "closed", True))
            workers.append(worker)

    page.on("worker", added)
    return workers


def live_worker(page, workers):
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    alive = [w for w in workers if not w.closed]
    assert alive, "no bots' worker"
    return alive[-1]


def told(page) -> str:
    """What the page said about its worker (for failure messages)."""
    state = page.evaluate("() => ({...document.body.dataset, banner: (document.querySelector('#banner') || {}).innerText})")
    keep = ("banner", "toMove", "actions", "over", "screen")
    return "\n".join([str({k: v for k, v in state.items() if k.startswith("bot") or k in keep})]
                     + [line for line in page.console_all if "worker" in line.lower()])


def restarts(page) -> int:
    return int(body(page, "botRestarts") or 0)


def bot_answers_after(page, workers, fault: str, exactly: bool = True) -> None:
    """Make the worker answer the bot's next request with ``fault``, play the person's move,
    and wait until the bot has moved, from a new worker (``exactly``: one restart, not more,
    which a test with a short silence cannot promise on a busy machine)."""
    before, decided = restarts(page), int(body(page, "botDecisions") or 0)
    live_worker(page, workers).evaluate(MISBEHAVE, fault)
    person_moves_until(page, f"Number(document.body.dataset.botDecisions || 0) > {decided}")  # the bot moved
    wait_my_choices(page)
    assert restarts(page) == before + 1 or (not exactly and restarts(page) > before), f"{fault}\n{told(page)}"
    assert body(page, "botThread") == "worker", fault


def person_moves_until(page, condition: str) -> None:
    """The person (seat 0) plays, as the heuristic bot would, until ``condition`` (a JavaScript
    expression) holds once the turn has passed to the bot (a turn may take several actions)."""
    mirror = Mirror(GAME, saved_record(page))
    rng = Rng.from_seed(len(mirror.state.model_dump_json()))
    for _ in range(40):
        mirror.sync(page)
        legal = GAME.legal_actions(mirror.state)
        click_action(page, legal.index(heuristic(GAME, mirror.state, rng)), {"board": 0, "button": 0})
        try:
            page.wait_for_function(f"() => ({condition}) || (document.body.dataset.toMove === '0'"
                                   " && document.querySelector('#actions button.act'))", timeout=90_000)
        except Exception as exc:
            raise AssertionError(f"{exc}\n{told(page)}") from None
        if page.evaluate(f"() => {condition}"):
            return
    raise AssertionError(f"the person's turn does not end\n{told(page)}")


def open_against_a_bot(page, base_url, level: str, seed: int, silence_ms: int | None = None) -> None:
    if silence_ms is not None:
        page.add_init_script(f"globalThis.tavoloBotSilenceMs = {silence_ms};")
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tavolo:pace', 'fast')")
    page.wait_for_function("() => document.body.dataset.botWorker === 'ready'", timeout=90_000)
    start_game(page, GAME.name, [("Ada", "human"), ("Bot Bruno", f"bot:{level}")], seed)
    wait_my_choices(page)


def test_garbage_from_the_worker_is_refused_and_the_worker_replaced(page, base_url):
    workers = watch_workers(page)
    open_against_a_bot(page, base_url, "easy", 21)
    for fault in ("not JSON", "not legal", "missing fields", "huge string", "not an object"):
        bot_answers_after(page, workers, fault)
    assert _bot_moves(page, "easy") >= 5  # every bot move is the engine's own decision
    assert page.locator("#banner").inner_text().strip() == ""  # a restart is silent
    assert not app_errors(page)


def test_a_worker_that_errs_dies_or_goes_silent_is_replaced(page, base_url):
    workers = watch_workers(page)
    open_against_a_bot(page, base_url, "easy", 22, silence_ms=SILENCE_MS)
    for fault in ("an error", "throws", "goes silent"):
        bot_answers_after(page, workers, fault, exactly=False)
    assert _bot_moves(page, "easy") >= 3
    assert page.locator("#banner").inner_text().strip() == ""
    assert [e for e in app_errors(page) if "a fault in the worker" not in e] == []


def test_a_malformed_message_to_the_worker_is_answered_with_an_error(page, base_url):
    """Sent while the bot searches: each is answered with an error, and the search goes on
    (the bot moves, from the same worker)."""
    workers = watch_workers(page)
    open_against_a_bot(page, base_url, "normal", 23)
    worker = live_worker(page, workers)
    page.evaluate("""() => { window.__searching = false; new MutationObserver(() => {
        const bar = document.querySelector('#thinking progress');
        if (bar && bar.value > 0) window.__searching = true; })
        .observe(document.body, {subtree: true, childList: true, attributes: true}); }""")
    person_moves_until(page, "window.__searching")
    big = 10**9
    cases = ["text", None, 42, [1, 2], {}, {"cancel": "all"}, {"id": big + 1},
             {"id": big + 2, "record": "not a record", "seat": 1, "level": "normal"},
             {"id": big + 3, "record": "{}", "seat": "one", "level": "normal"},
             {"id": big + 4, "record": "{}", "seat": 1, "level": None},
             {"id": -5, "record": "{}", "seat": 1, "level": "normal"}]
    answers = worker.evaluate(MALFORMED, cases)
    assert len(answers) == len(cases), answers
    assert all(isinstance(a["error"], str) and a["error"] for a in answers), answers
    assert sorted(a["id"] for a in answers if a["id"] is not None) == [big + 1, big + 2, big + 3, big + 4]
    wait_my_choices(page, timeout=60_000)  # the bot moved
    assert restarts(page) == 0 and not worker.closed, told(page)
    assert body(page, "botThread") == "worker"
    assert _bot_moves(page, "normal") >= 1
    assert not app_errors(page)


# every worker the page starts answers every request with an action that is not JSON
ALWAYS_GARBAGE = """
onmessage = ((own) => (event) => {
  const m = event.data;
  if (m && m.id > 0 && "record" in m) postMessage({id: m.id, action: "garbage", value: null});
  else own(event);
})(onmessage);
"""


def test_a_worker_that_always_misbehaves_gives_way_to_the_page(page, base_url, site_dir):
    """After MAX_RESTARTS new workers that misbehave as the first did, the page stops trying:
    its bots think on the page itself, which says so once, and the game goes on."""
    source = (ROOT / "web" / "tavolo_ui" / "thinker.py").read_text()  # (it imports the browser's js)
    max_restarts = int(re.search(r"^MAX_RESTARTS = (\d+)", source, re.M).group(1))
    script = (site_dir / "bot_worker.mjs").read_text() + ALWAYS_GARBAGE
    # the context's route, not the page's: the page's sees only the first worker's script
    page.context.route("**/bot_worker.mjs", lambda route: route.fulfill(
        status=200, body=script, headers={"Content-Type": "text/javascript"}))
    open_against_a_bot(page, base_url, "easy", 24)
    person_moves_until(page, "document.body.dataset.botThread === 'page'")
    wait_my_choices(page)  # the bot moved, on the page
    assert restarts(page) == max_restarts + 1  # the last one gave up
    assert body(page, "botWorker") == "failed"
    assert int(body(page, "botDecisions") or 0) == 0  # none from a worker
    assert _bot_moves(page, "easy") >= 1  # the engine's own decision
    banner = page.locator("#banner")
    assert "worker" in banner.inner_text().lower(), banner.inner_text()
    shot(page, "bot_worker_gave_way_en_1280")
    assert not app_errors(page)
