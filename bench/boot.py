"""Boot benchmark: navigation -> body[data-ready="1"] for Tavolo and for the floor.

    python3 build.py && python3 bench/boot.py [--runs 5] [--public DIR]

The floor is a bare page that only boots the same Pyodide (loadPyodide from
./pyodide/) from the same server, with Pyodide's own standard library as its npm package
ships it (build.py's cache), not the site's trimmed and precompiled one; the page and that
library are served from memory at /floor.html and /floor-stdlib.zip, so public/ is untouched. Each run is a fresh browser context (empty HTTP cache, no
service worker), the two pages alternate, and the figure is the median. The
ready moment is read in the page (performance.now() when data-ready becomes
"1", i.e. time since navigation started). Bytes are the response bodies plus
headers of every request finished before ready. Goal: ratio <= 1.15.

``--against DIR`` also measures another build of Tavolo (``python3 build.py --out DIR`` from
another revision), served by its own server, alternating with this one and the floor in the
same run, and prints this build's figures over that one's: on a shared machine the ratio of
one run is what counts.

``--mbps N`` throttles every page's downloads to N megabits a second (Chromium's network
emulation): the first visit's memory snapshot is fetched only when it can arrive within
1.5 s, and this shows what that choice costs or gains on a link slower than localhost.

``--cpu N`` slows the CPU N times (Chromium's CPU throttling, CDP
``Emulation.setCPUThrottlingRate``) for the floor and Tavolo alike: a phone's CPU is three to
five times slower than a desktop's.

The longest main-thread task of each cold load (before ready, and after a link's frame was
shown) is read from Chromium's trace of the load (``task_lengths``), not from the page's
``longtask`` observer, which misses the task in which Pyodide starts.

The figures also name any file the page downloaded more than once before ready (a preload whose
``as``, ``crossorigin`` or ``type`` does not match the later request is fetched twice).

``--link`` opens Tavolo on a share link (ready: its table drawn) and also times the table's
frame shown before it; ``--service-worker`` lets the page's service worker install after the
cold load, so the warm reload is served from its cache (a returning visitor), not from the
HTTP cache. It also times "home usable": the home screen listed with its New game button clickable (the
static first screen that build.py renders and boot.js shows before Python is ready, or the app's
home when the page has none). It also splits Tavolo's boot into phases (PyScript's progress events and the figures
``main.py`` leaves on ``<body>``) next to the floor's own loadPyodide call and boot time, so the
extra time can be put where it belongs: PyScript's start, Pyodide's boot under PyScript,
PyScript's setup before ``main.py``, installing the wheels, and importing pydantic, the engines
and the UI up to the first screen.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FLOOR_HTML = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>Pyodide floor</title></head>
<body>
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href,
                                      stdLibURL: new URL("./floor-stdlib.zip", location.href).href });
  document.body.dataset.floorStart = String(t0);
  document.body.dataset.floorBoot = String(performance.now() - t0);
  pyodide.runPython("1 + 1");
  document.body.dataset.ready = "1";
</script>
</body></html>
"""
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__tavoloReadyAt === undefined && document.body && document.body.dataset.ready === "1")
      window.__tavoloReadyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, childList: true,
                                                 attributeFilter: ["data-ready"] });
  // PyScript's progress messages, to split Tavolo's boot into phases
  window.__tavoloPhases = {};
  const phase = (e) => {
    if (typeof e.detail === "string" && !(e.detail in window.__tavoloPhases))
      window.__tavoloPhases[e.detail] = performance.now();
  };
  window.addEventListener("py:progress", phase);
  document.addEventListener("py:progress", phase);
  // "home usable": the home screen's first New game button is in #app and a click on its
  // middle would reach it (no boot screen over it): the static first screen (boot.js), or the
  // app's own home when there is none
  const usable = () => {
    if (window.__tavoloHomeAt !== undefined) return;
    const btn = document.querySelector("#app .game-card button[data-cmd='new']");
    if (!btn) return;
    const r = btn.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && btn.contains(hit)) window.__tavoloHomeAt = performance.now();
  };
  new MutationObserver(usable).observe(document, { attributes: true, subtree: true, childList: true,
                                                   attributeFilter: ["data-ready", "class"] });
  // "frame shown": the table's frame of a share link or a resumed game (boot.js), with its seats
  const framed = () => {
    if (window.__tavoloFrameAt === undefined && document.querySelector("#app .table-frame #frame-seats li"))
      window.__tavoloFrameAt = performance.now();
  };
  new MutationObserver(framed).observe(document, { subtree: true, childList: true });
})();
"""


def pyodide_stdlib() -> bytes:
    """Pyodide's own standard library, as its npm package ships it (``build.py``'s cache): the
    floor is bare Pyodide, so it loads this one, not the site's (trimmed, with Pyodide's start
    precompiled: what Tavolo's build does is Tavolo's gain, not the floor's)."""
    version = build.NPM_PINS["pyodide"][0]
    build.fetch_npm()
    return (build.CACHE / "npm" / f"pyodide-{version}" / "python_stdlib.zip").read_bytes()


class BenchHandler(build.SiteHandler):
    floor_stdlib = b""

    def do_GET(self):
        path = self.path.split("?")[0]
        body, kind = {"/floor.html": (FLOOR_HTML, "text/html; charset=utf-8"),
                      "/floor-stdlib.zip": (self.floor_stdlib, "application/zip")}.get(path, (None, ""))
        if body is not None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def measure(browser, url: str, timeout_ms: int, service_worker: bool = False, mbps: float | None = None,
            cpu: float | None = None) -> dict:
    """One cold load of ``url`` in a fresh context, then a reload (warm): with
    ``service_worker`` the page's service worker installs after the cold load and the reload
    is served from its cache, as a returning visitor's is; otherwise it is blocked and the
    reload comes from the HTTP cache. ``mbps``: the page's downloads are throttled to that many
    megabits a second (Chromium's network emulation, with 20 ms of latency). ``cpu``: the
    page's CPU is slowed that many times (Chromium's CPU throttling)."""
    ctx = browser.new_context(service_workers="allow" if service_worker else "block",
                              viewport={"width": 1280, "height": 800})
    ctx.add_init_script(READY_PROBE)
    finished = []
    foreign = []
    ctx.on("requestfinished", lambda r: finished.append(r))
    ctx.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
           else foreign.append(r.url))
    page = ctx.new_page()
    if mbps or cpu:
        cdp = ctx.new_cdp_session(page)
    if cpu:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if mbps:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                      "downloadThroughput": mbps * 1e6 / 8,
                                                      "uploadThroughput": mbps * 1e6 / 8})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)[:300]))
    page.on("console", lambda m: errors.append(m.text[:300]) if m.type == "error" else None)
    try:
        return _measure(ctx, page, finished, foreign, url, timeout_ms, service_worker)
    except Exception as e:  # a run that never got ready is a figure too: reported, not fatal
        try:
            where = page.evaluate("document.body ? (document.body.dataset.screen || '') + ' / ' + "
                                  "((document.getElementById('boot-msg') || {}).textContent || '') : ''")
        except Exception as crash:  # the page itself is gone (a crashed tab): said so, not fatal
            where = f"a page that could not be read ({type(crash).__name__}: {str(crash)[:80]})"
        raise NotReady(f"{url.split('#')[0]}: {type(e).__name__} at {where}; page errors: {errors[-3:]}") from e
    finally:
        ctx.close()


class NotReady(Exception):
    """A page that did not reach ready within the timeout."""


# What the main thread's tasks are read from: Chromium's own trace of the cold load (the
# DevTools timeline's "RunTask" events, each task with the microtasks run at its end). The page's
# PerformanceObserver("longtask") is not used: it misses the tasks V8 posts itself, such as the
# end of compiling the WebAssembly, whose microtasks run Pyodide's whole start (a task of seconds
# at --cpu 4 that the observer never reported).
TRACE_CATEGORIES = ["disabled-by-default-devtools.timeline", "blink.user_timing"]


def task_lengths(trace: bytes, url: str, ready_ms: float, frame_ms: float | None) -> tuple[float, float, str]:
    """The longest main-thread task (ms) of the page loaded from ``url`` that began before it
    was ready, the longest that began after its frame was shown (0 without a frame), and where
    the latter was in the boot: the last of the page's "tavolo:" marks (User Timing, e.g.
    interpreter.mjs's "tavolo:start:<step>") made before it ended ("" without one), from a
    Chromium trace (``TRACE_CATEGORIES``): the tasks of the thread that started the navigation,
    timed from its navigationStart, as the page's performance.now() is."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    starts = [e for e in events if e.get("name") == "navigationStart"
              and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).split("#")[0] == url.split("#")[0]]
    if not starts:
        return 0.0, 0.0, ""
    nav = starts[-1]
    thread, t0 = (nav["pid"], nav["tid"]), nav["ts"]
    tasks = [((e["ts"] - t0) / 1000, e["dur"] / 1000) for e in events
             if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) == thread
             and e["ts"] >= t0]
    marks = sorted(((e["ts"] - t0) / 1000, str(e["name"])) for e in events
                   if str(e.get("name", "")).startswith("tavolo:") and (e["pid"], e["tid"]) == thread)
    before = max((d for start, d in tasks if start < ready_ms), default=0.0)
    after = [(d, start) for start, d in tasks if frame_ms is not None and frame_ms <= start < ready_ms]
    if not after:
        return before, 0.0, ""
    longest, start = max(after)
    where = [name for at, name in marks if at <= start + longest]
    return before, longest, where[-1] if where else ""


def _measure(ctx, page, finished, foreign, url, timeout_ms, service_worker) -> dict:
    browser = ctx.browser
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    try:
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=timeout_ms)
    finally:
        trace = browser.stop_tracing()
    ready_ms = page.evaluate("window.__tavoloReadyAt")
    home_ms = page.evaluate("window.__tavoloHomeAt === undefined ? null : window.__tavoloHomeAt")
    frame_ms = page.evaluate("window.__tavoloFrameAt === undefined ? null : window.__tavoloFrameAt")
    longest_ms, after_frame_ms, after_frame_step = task_lengths(trace, url, ready_ms, frame_ms)
    screen = page.evaluate("document.body.dataset.screen")
    phases = page.evaluate("({...window.__tavoloPhases, ...document.body.dataset})")
    cold_snapshot = page.evaluate("document.documentElement.dataset.pyodideSnapshot || null")
    # the page's own requests: the service worker's precache, which starts once the page is
    # ready, is not part of what the start downloaded
    done = [r for r in finished if r.service_worker is None]
    # a file whose body came over the network more than once (a request served by a matching
    # preload, or from the memory cache, has no body of its own)
    urls = [r.url.split("#")[0] for r in done if r.sizes()["responseBodySize"] > 0]
    twice = sorted({u.rsplit("/", 1)[-1] for u in urls if urls.count(u) > 1})
    total = 0
    for r in done:
        s = r.sizes()
        total += s["responseBodySize"] + s["responseHeadersSize"]
    if service_worker:  # precached and controlling the page (it claims it when active)
        page.wait_for_function("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
                               timeout=timeout_ms)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=timeout_ms)
    warm_ms = page.evaluate("window.__tavoloReadyAt")
    # how the warm start's Python began: from the build's memory snapshot ("used"), without
    # one ("none" or "slow"), after a refused one ("failed"); null for a page without interpreter.mjs
    snapshot = page.evaluate("document.documentElement.dataset.pyodideSnapshot || null")
    return {"cold_snapshot": cold_snapshot, "warm_snapshot": snapshot, "longest_ms": longest_ms, "after_frame_ms": after_frame_ms, "after_frame_step": after_frame_step, "ready_ms": ready_ms, "home_ms": home_ms, "frame_ms": frame_ms, "screen": screen, "warm_ms": warm_ms,
            "phases": phases, "bytes": total, "requests": len(done), "twice": twice, "foreign": foreign}


def share_fragment() -> str:
    """A share link's fragment (``#play=...``) of a Citadels game a few moves in, 4 seats: what
    ``--link`` opens, so that "ready" is the moment the link's table is drawn."""
    sys.path.insert(0, str(ROOT / "web"))
    import engines
    from tavolo_ui.links import make_fragment
    game = engines.get_game("citadels")
    record = engines.new_record(game, 4, 11, None, [{"name": n, "kind": "human" if i == 0 else "bot:normal"}
                                                    for i, n in enumerate(["Ada", "Bruno", "Carla", "Dario"])])
    state = game.new_game(4, 11, None)
    for _ in range(6):
        action = game.legal_actions(state)[0]
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    return make_fragment(record, "play")


def print_phases(runs: list[dict]) -> None:
    """Where Tavolo's boot time goes (medians, ms since navigation), from PyScript's progress
    events and the figures ``main.py`` leaves on ``<body>``; skipped if a run lacks one."""
    rows = []
    for r in runs:
        ph = r["phases"]
        try:
            start, loaded = ph["Loading interpreter"], ph["Loaded interpreter"]
            py_start = float(ph["bootPyStart"])
            wheels, py = float(ph["bootWheelsMs"]), float(ph["bootPyMs"])
        except (KeyError, ValueError):
            return
        rows.append({"PyScript calls loadPyodide": start, "Pyodide booted": loaded - start,
                     "PyScript runs main.py": py_start - loaded, "wheels installed": wheels,
                     "imports + first screen": py, "to ready": r["ready_ms"] - py_start - wheels - py})
    print("  tavolo phases (median ms): " + ", ".join(
        f"{k} {statistics.median(row[k] for row in rows):.0f}" for k in rows[0]))


def serve(public: Path):
    """A server of ``public`` (and the floor page) on a free port, in a thread: (server, base URL)."""
    if not BenchHandler.floor_stdlib:
        BenchHandler.floor_stdlib = pyodide_stdlib()
    server = build.SiteServer(("127.0.0.1", 0), partial(BenchHandler, directory=str(public)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--public", type=Path, default=ROOT / "public")
    ap.add_argument("--page", default="index.html", help="Tavolo's page (default index.html)")
    ap.add_argument("--timeout", type=int, default=180_000, help="ms to wait for ready")
    ap.add_argument("--json", action="store_true", help="also print one JSON line")
    ap.add_argument("--link", action="store_true",
                    help="open Tavolo on a share link (a Citadels game): ready is its table drawn")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="also measure this other build of Tavolo, alternating, and print the ratios")
    ap.add_argument("--service-worker", action="store_true",
                    help="let Tavolo's service worker install: its warm reload is served from the worker's cache")
    ap.add_argument("--mbps", type=float, metavar="N",
                    help="throttle every page's downloads to N megabits a second (a slower link than localhost)")
    ap.add_argument("--cpu", type=float, metavar="N",
                    help="slow every page's CPU N times (Chromium's CPU throttling; a phone: 3 to 5)")
    args = ap.parse_args(argv)
    if not (args.public / args.page).is_file():
        print(f"{args.public / args.page} is missing: run python3 build.py first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    if args.against and not (args.against / args.page).is_file():
        print(f"{args.against / args.page} is missing", file=sys.stderr)
        return 2
    servers = [serve(args.public)] + ([serve(args.against)] if args.against else [])
    base = servers[0][1]
    page = args.page + (share_fragment() if args.link else "")
    # (key, url): this build, the other build (its own server: its own origin and caches), the floor
    sites = [("tavolo", base + page)] + ([("against", servers[1][1] + page)] if args.against else []) \
        + [("floor", base + "floor.html")]
    results = {key: [] for key, _ in sites}
    failed = {key: [] for key, _ in sites}  # runs (warm-ups included) that never got ready
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            # one unmeasured warm-up of each, so disk caches of the OS are warm for all alike
            for key, url in sites:
                try:
                    measure(browser, url, args.timeout, mbps=args.mbps, cpu=args.cpu)
                except NotReady as e:
                    failed[key].append(str(e))
            for i in range(args.runs):
                order = sites[i % len(sites):] + sites[:i % len(sites)]  # each site goes first in turn
                for key, url in order:
                    try:
                        results[key].append(measure(browser, url, args.timeout,
                                                    args.service_worker and key != "floor", args.mbps, args.cpu))
                    except NotReady as e:
                        failed[key].append(str(e))
            browser.close()
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()

    def med(key, field):
        return statistics.median(r[field] for r in results[key])

    for key, notes in failed.items():
        for note in notes:
            print(f"  NOT READY ({key}): {note}")
    if any(not runs for runs in results.values()):
        print("no figures: a page never got ready in any run")
        return 1
    t, f = med("tavolo", "ready_ms"), med("floor", "ready_ms")
    print(f"boot benchmark: median of {len(results['tavolo'])} fresh contexts, navigation -> body[data-ready='1']"
          + (f", downloads throttled to {args.mbps:g} Mbit/s" if args.mbps else "")
          + (f", CPU slowed {args.cpu:g} times" if args.cpu else ""))
    for key in results:
        runs = ", ".join(f"{r['ready_ms'] / 1000:.2f}" for r in results[key])
        print(f"  {key:6s} cold {med(key, 'ready_ms') / 1000:.2f} s  (runs: {runs})  "
              f"warm reload {med(key, 'warm_ms') / 1000:.2f} s  "
              f"{med(key, 'bytes') / 1e6:.2f} MB in {int(med(key, 'requests'))} requests")
        twice = sorted({name for r in results[key] for name in r["twice"]})
        if twice:
            print(f"  {key} downloaded more than once before ready: {', '.join(twice)}")
    best_t = min(r["ready_ms"] for r in results["tavolo"])
    best_f = min(r["ready_ms"] for r in results["floor"])
    print(f"  ratio tavolo/floor: {t / f:.2f}  (goal <= 1.15)   best runs: {best_t / 1000:.2f} s / "
          f"{best_f / 1000:.2f} s = {best_t / best_f:.2f} (less sensitive to a busy machine)")
    if args.link:
        screens = {r["screen"] for r in results["tavolo"]}
        frames = [r["frame_ms"] for r in results["tavolo"] if r["frame_ms"] is not None]
        shown = f"frame shown at {statistics.median(frames) / 1000:.2f} s" if frames else "no frame shown"
        print(f"  share link: table ready at {t / 1000:.2f} s = {t / f:.2f} x the floor (goal <= 1.10), "
              f"screen {screens}; {shown}")
    homes = [r["home_ms"] for r in results["tavolo"] if r["home_ms"] is not None]
    if homes:
        print(f"  tavolo home usable (games listed, New game clickable): cold {statistics.median(homes) / 1000:.2f} s"
              f"  (runs: {', '.join(f'{ms / 1000:.2f}' for ms in homes)})  (goal <= 0.6 s)")
    for key in results:
        longest = [r["longest_ms"] for r in results[key] if r["longest_ms"]]
        if longest:
            print(f"  {key} longest main-thread task before ready (cold, Chromium's trace): "
                  f"median {statistics.median(longest):.0f} ms, max {max(longest):.0f} ms")
        after = [r["after_frame_ms"] for r in results[key] if r["frame_ms"] is not None]
        if after:
            steps = ", ".join(f"{r['after_frame_ms']:.0f} ms at {r['after_frame_step'] or '?'}"
                              for r in results[key] if r["frame_ms"] is not None)
            print(f"  {key} longest main-thread task after the frame was shown (cold): "
                  f"median {statistics.median(after):.0f} ms, max {max(after):.0f} ms  (goal <= 1000 ms)"
                  f"; each run's, with the last boot mark before its end: {steps}")
    for key in results:
        for when in ("cold", "warm"):
            # "used", "none" (no snapshot to be had), "slow" (its download was dropped: it would
            # not have been over in time), "failed" (unreadable or refused)
            starts = [r[f"{when}_snapshot"] for r in results[key] if r[f"{when}_snapshot"]]
            if starts:
                others = ", ".join(f"{starts.count(how)} {how}" for how in sorted(set(starts) - {"used"}))
                print(f"  {key} {when} starts from the memory snapshot: {starts.count('used')} of {len(starts)}"
                      + (f" (the others: {others})" if others else ""))
    print_phases(results["tavolo"])
    if args.against:
        print(f"  against {args.against}:")
        theirs_screens = {r["screen"] for r in results["against"]}
        if args.link and theirs_screens != {"table"}:
            # e.g. a build of older engines, which refuses a link made by these: not comparable
            print(f"  WARNING: the other build showed {theirs_screens}, not the link's table: "
                  f"its times are not comparable (a build of other engines reads links differently)")
        print_phases(results["against"])
        for field, label in (("ready_ms", "cold ready"), ("warm_ms", "warm reload")):
            print(f"  {label}: this build / the other = {med('tavolo', field) / med('against', field):.2f}")
        theirs = [r["home_ms"] for r in results["against"] if r["home_ms"] is not None]
        if homes and theirs:
            print(f"  home usable: this build / the other = "
                  f"{statistics.median(homes) / statistics.median(theirs):.2f}")
    floor_boot = [float(r["phases"]["floorBoot"]) for r in results["floor"] if "floorBoot" in r["phases"]]
    floor_start = [float(r["phases"]["floorStart"]) for r in results["floor"] if "floorStart" in r["phases"]]
    if floor_boot and floor_start:
        print(f"  floor phases (median ms): loadPyodide called {statistics.median(floor_start):.0f}, "
              f"Pyodide booted {statistics.median(floor_boot):.0f}")
    foreign = sorted({u for k in results for r in results[k] for u in r["foreign"]})
    if foreign:
        print(f"  WARNING: requests left 127.0.0.1: {foreign}")
    if args.json:
        print(json.dumps({"tavolo_ms": t, "floor_ms": f, "ratio": t / f,
                          "tavolo_home_ms": statistics.median(homes) if homes else None,
                          "tavolo_bytes": med("tavolo", "bytes"), "floor_bytes": med("floor", "bytes"),
                          "tavolo_warm_ms": med("tavolo", "warm_ms"), "floor_warm_ms": med("floor", "warm_ms")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
