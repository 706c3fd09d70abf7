"""Start the real page on many generated hostile links and storage contents; count how many
became ready (twice: the start, and the start after it).

    python3 build.py && python3 bench/hostile_start.py [--links 60] [--storage 40] [--timeout 60000]

The cases come from tests/hostile.py (the strategies the engine tests and the CI browser test
use; derandomized, so the same cases every run, a prefix of them in CI), and its link bombs. Each case: a fresh
localStorage, the link in the URL or the entries in storage, a start, then a reload. A case
fails when either start is not ready within ``--timeout`` ms, or ends on the fatal-error page.
Prints one line per failure and the totals, with the slowest start.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]
import build  # noqa: E402
from tests.hostile import hostile_fragments, hostile_storage, link_bombs, samples  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def serve(public: Path) -> str:
    server = build.SiteServer(("127.0.0.1", 0), partial(build.SiteHandler, directory=str(public)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def start(page, timeout_ms: int) -> tuple[str, float]:
    """Wait for ready: (the screen it shows, seconds), or ("not ready", seconds)."""
    t0 = time.monotonic()
    try:
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=timeout_ms)
    except Exception:
        return "not ready", time.monotonic() - t0
    return page.evaluate("document.body.dataset.screen || ''"), time.monotonic() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--links", type=int, default=60)
    ap.add_argument("--storage", type=int, default=40)
    ap.add_argument("--timeout", type=int, default=60_000, help="ms to wait for each start")
    ap.add_argument("--public", type=Path, default=ROOT / "public")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    cases = ([("link", f) for f in (samples(hostile_fragments, args.links) if args.links else []) + link_bombs()]
             + [("storage", s) for s in (samples(hostile_storage(), args.storage) if args.storage else [])])
    base = serve(args.public)
    failures, slowest, starts = [], 0.0, 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context()
        page = context.new_page()
        page.goto(base + "index.html")
        start(page, args.timeout)
        for i, (kind, case) in enumerate(cases):
            page.evaluate("localStorage.clear()")
            if kind == "storage":
                page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                              case)
                page.goto(base + f"index.html?case={i}")
            else:
                page.goto(base + f"index.html?case={i}" + case)
            for which in ("start", "next start"):
                if which == "next start":
                    page.reload()
                screen, spent = start(page, args.timeout)
                starts += 1
                slowest = max(slowest, spent)
                if screen not in ("home", "table", "watch"):
                    shown = case[:120] if kind == "link" else {k: v[:120] for k, v in case.items()}
                    failures.append(f"case {i} ({kind}), {which}: {screen} after {spent:.1f} s: {shown!r}")
                    print(failures[-1], flush=True)
                    page.close()
                    page = context.new_page()
                    page.goto(base + "index.html")
                    start(page, args.timeout)
                    break
        browser.close()
    ok = len(cases) - len(failures)
    print(f"hostile starts: {ok}/{len(cases)} cases ready at both starts "
          f"({sum(k == 'link' for k, _ in cases)} links, {sum(k == 'storage' for k, _ in cases)} storage contents; "
          f"{starts} starts, slowest {slowest:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
