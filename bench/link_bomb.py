"""Link bombs: small links that hold far more moves or draws than any game has, and what they
cost the page before it refuses them.

    python3 bench/link_bomb.py                       # CPython: decode_payload and parse_move
    python3 bench/link_bomb.py --against REV         # and the same on revision REV, in the same run
    python3 build.py && python3 bench/link_bomb.py --page   # also the page's start in Chromium

Each bomb is built the way a hostile person builds it: a real game's record (Citadels, four
players, seed 3, Rules of thumb bots; its first 12 moves), its moves or draws padded with
rows no game has, packed and compressed as ``tavolo_ui.links`` does, with a right share-link
header (length, checksum) and, for a move link, a made-up move header
(``tests.hostile.move_bomb`` and ``share_bomb``):

- ``rows``: 950,000 moves of one empty shape (``[0]``), a 5.5 KB link;
- ``draws``: the real moves and 250,000 draws more than they need;
- ``most``: the most a link can make the page read since issue 38: ``MAX_MOVES`` moves of one
  empty shape, 16,000 characters that do not compress beside them so that the link is long
  enough for what it unpacks to (about 20 KB of link);
- ``real``: the real 12-move game's move link, for comparison.

For each, on CPython, the median of ``--runs`` timings of ``parse_move`` (move links) and
``decode_payload`` (the share-link payload inside), and what they raised. With ``--against``
the same bombs are decoded by the other revision's ``tavolo_ui`` and ``engines`` (its files
taken with ``git archive`` into a temporary folder), alternating with this one, and the ratio printed: on a shared
machine the ratio of one run is what counts. ``--page`` opens each bomb in the built page
(``public/``; ``--against-public DIR`` another build, alternating) and times navigation to ready
(``body[data-ready='1']``; the median of ``--runs`` rounds). Nothing here is a test: tests
never time anything.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUNNER = textwrap.dedent("""
    import json, sys, time
    sys.path[:0] = [sys.argv[1], sys.argv[1] + "/web"]
    from tavolo_ui.distance import parse_move
    from tavolo_ui.links import LinkError, decode_payload
    cases, runs = json.loads(sys.stdin.read()), int(sys.argv[2])
    out = {}
    for name, fragment in cases.items():
        payload = fragment.split(".", 4)[4]
        for what, call, arg in (("parse_move", parse_move, fragment), ("decode_payload", decode_payload, payload)):
            times, said = [], ""
            for _ in range(runs):
                t0 = time.perf_counter()
                try:
                    call(arg)
                    said = "opened"
                except LinkError as exc:
                    said = str(exc)
                times.append(time.perf_counter() - t0)
            out[f"{name} {what}"] = [sorted(times)[len(times) // 2], said]
    print(json.dumps(out))
""")


def bombs() -> dict[str, str]:
    """The move-link fragments timed: the two bombs and the real game they are made from, their
    header's checksum in lower case (a link of the form before issue 38, which both revisions
    read only after decoding it: the most work a header can buy)."""
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
    from engines.core.record import MAX_MOVES
    from tavolo_ui.distance import _stamp_crc
    from tavolo_ui.links import decode_payload
    from tests.hostile import move_bomb

    def old_form(fragment: str, real: bool = False) -> str:
        gid, seat, moves, crc, payload = fragment.split("=", 1)[1].split(".", 4)
        if real:  # the checksum the page wrote then, over the record's stamp: it opens
            crc = _stamp_crc(gid, int(seat), decode_payload(payload))
        return f"#move={gid}.{seat}.{moves}.{crc.lower()}.{payload}"

    return {"rows": old_form(move_bomb(moves=950_000)), "draws": old_form(move_bomb(draws=250_000)),
            "most": old_form(move_bomb(moves=MAX_MOVES, pad=16_000)),
            "real": old_form(move_bomb(real=True), real=True)}


def decode_times(tree: Path, cases: dict[str, str], runs: int) -> dict[str, list]:
    """{case and call: [median seconds, what it said]} with the code of ``tree``, in a fresh
    interpreter (so one revision's modules never meet the other's)."""
    done = subprocess.run([sys.executable, "-c", RUNNER, str(tree), str(runs)], input=json.dumps(cases),
                          capture_output=True, text=True, check=True, cwd=tree)
    return json.loads(done.stdout)


def other_tree(rev: str, where: str) -> Path:
    """Revision ``rev``'s files in a folder of ``where`` (``git archive``: the repository is
    not touched)."""
    path = Path(where) / "other"
    path.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(path)], input=archive, check=True)
    return path


def page_times(public: Path, cases: dict[str, str], timeout_ms: int, other: Path | None, runs: int) -> None:
    """Navigation to ready for each bomb in the built page (and ``other``'s build, alternating),
    each in a fresh browser context; the median of ``runs`` rounds."""
    sys.path.insert(0, str(ROOT))
    import build
    from playwright.sync_api import sync_playwright

    def serve(folder: Path) -> str:
        server = build.SiteServer(("127.0.0.1", 0), partial(build.SiteHandler, directory=str(folder)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{server.server_address[1]}/"

    sites = {"this": serve(public)} | ({"other": serve(other)} if other else {})
    ready: dict[tuple[str, str], list[float]] = {}
    said: dict[tuple[str, str], str] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"])
        for _ in range(runs):
            for name, fragment in {"none": "", **cases}.items():
                for label, base in sites.items():
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(base + "index.html" + fragment)
                    try:
                        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=timeout_ms)
                        spent = page.evaluate("performance.now()") / 1000
                        words = page.evaluate("(document.querySelector('.banner, .flash') || {}).textContent || ''")
                    except Exception:
                        spent, words = float("nan"), "not ready"
                    ready.setdefault((name, label), []).append(spent)
                    said[name, label] = words.strip()[:70]
                    context.close()
        browser.close()
    for name in {"none": "", **cases}:
        row = [f"{label} {statistics.median(ready[name, label]):5.1f} s ({said[name, label]!r})" for label in sites]
        print(f"page start, {name:5}: " + " | ".join(row), flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", help="a git revision to measure in the same run")
    ap.add_argument("--page", action="store_true", help="also time the built page's start on each bomb")
    ap.add_argument("--public", type=Path, default=ROOT / "public")
    ap.add_argument("--against-public", type=Path, help="another build (python3 build.py --out DIR) for --page")
    ap.add_argument("--timeout", type=int, default=120_000, help="ms to wait for each page start")
    args = ap.parse_args(argv)
    cases = bombs()
    for name, fragment in cases.items():
        print(f"{name:5}: a {len(fragment):,}-character move link")
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this": ROOT} | ({"other": other_tree(args.against, tmp)} if args.against else {})
        results: dict[str, dict] = {label: {} for label in trees}
        for _ in range(args.runs):  # alternate the revisions, one timing each time round
            for label, tree in trees.items():
                for key, (spent, said) in decode_times(tree, cases, 1).items():
                    results[label].setdefault(key, []).append((spent, said))
        for key in results["this"]:
            line = []
            for label in trees:
                spent = statistics.median(s for s, _ in results[label][key])
                line.append(f"{label} {spent * 1000:9.1f} ms ({results[label][key][-1][1][:60]!r})")
            if args.against:
                ratio = (statistics.median(s for s, _ in results["other"][key])
                         / max(1e-9, statistics.median(s for s, _ in results["this"][key])))
                line.append(f"other/this {ratio:7.1f}")
            print(f"{key:22} " + " | ".join(line))
        if args.page:
            page_times(args.public, cases, args.timeout, args.against_public, args.runs)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
