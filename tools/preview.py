"""Render a game's table to a PNG without booting Pyodide: a tool for looking at renderers.

The renderer runs on CPython; its display list is painted by a small JavaScript twin of
``Canvas.paint`` in headless Debian Chromium, and the page is screenshot.

    python tools/preview.py citadels --players 4 --seed 3 --steps 20 --width 1100 --out /tmp/c.png
    python tools/preview.py myraclia --width 380 --hits --out /tmp/m.png   # phone width, hit boxes

``--steps`` random moves are played first (``--bot heuristic`` to use the game's bot).
The table is drawn for ``--me`` (default: the player to move; -1: spectator).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from engines import get_game  # noqa: E402
from engines.core.bots import get_bot  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from tavolo_ui.canvas import FONT, PALETTE, Canvas  # noqa: E402

PAINTER = """
const ops = __OPS__, hits = __HITS__, W = __W__, H = __H__, showHits = __SHOW__;
const c = document.getElementById('c'), dpr = 2;
c.width = W * dpr; c.height = H * dpr; c.style.width = W + 'px'; c.style.height = H + 'px';
const ctx = c.getContext('2d');
ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
ctx.fillStyle = __BG__; ctx.fillRect(0, 0, W, H);
function fin(fill, stroke, lw) {
  if (fill) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = lw; ctx.stroke(); }
}
for (const op of ops) {
  const k = op[0];
  if (k === 'rect') { ctx.beginPath(); if (op[8]) ctx.roundRect(op[1], op[2], op[3], op[4], op[8]); else ctx.rect(op[1], op[2], op[3], op[4]); fin(op[5], op[6], op[7]); }
  else if (k === 'circle') { ctx.beginPath(); ctx.arc(op[1], op[2], op[3], 0, 2 * Math.PI); fin(op[4], op[5], op[6]); }
  else if (k === 'line') { ctx.beginPath(); ctx.moveTo(op[1], op[2]); ctx.lineTo(op[3], op[4]); fin(null, op[5], op[6]); }
  else if (k === 'poly') { ctx.beginPath(); ctx.moveTo(...op[1][0]); for (const p of op[1].slice(1)) ctx.lineTo(...p); ctx.closePath(); fin(op[2], op[3], op[4]); }
  else if (k === 'text') {
    ctx.font = (op[8] ? '600 ' : '') + op[4] + 'px ' + __FONT__;
    ctx.fillStyle = op[5]; ctx.textAlign = op[6]; ctx.textBaseline = op[7];
    if (op[9]) ctx.fillText(op[3], op[1], op[2], op[9]); else ctx.fillText(op[3], op[1], op[2]);
  }
}
if (showHits) for (const h of hits) {
  ctx.strokeStyle = h.actions.length ? 'rgba(0,160,0,.8)' : 'rgba(0,0,255,.4)';
  ctx.lineWidth = 1; ctx.setLineDash([3, 2]); ctx.strokeRect(h.x, h.y, h.w, h.h); ctx.setLineDash([]);
}
document.body.dataset.done = '1';
"""

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def build_canvas(game_name: str, players: int, seed: int, steps: int, bot: str, me: int | None,
                 width: int, height: int) -> tuple[Canvas, dict]:
    game = get_game(game_name)
    state = game.new_game(players, seed)
    choose, rng = get_bot(game, bot), Rng.from_seed(seed + 99)
    for _ in range(steps):
        if game.to_move(state) is None:
            break
        game.apply(state, choose(game, state, rng))
    seat = game.to_move(state) if me is None else (None if me < 0 else me)
    actions = []
    if seat is not None and game.to_move(state) == seat:
        actions = [{"index": i, "action": game.dump_action(a), "label": game.describe(state, a)}
                   for i, a in enumerate(game.legal_actions(state))]
    renderer = importlib.import_module(f"tavolo_ui.renderers.{game_name}")
    cv = Canvas(width, height)
    view = game.view(state, seat)
    renderer.render(cv, view, actions, seat)
    return cv, {"me": seat, "to_move": game.to_move(state), "actions": len(actions)}


def screenshot(cv: Canvas, out: Path, show_hits: bool) -> None:
    from playwright.sync_api import sync_playwright

    hits = [{"x": h.x, "y": h.y, "w": h.w, "h": h.h, "actions": h.actions} for h in cv.hits]
    js = (PAINTER.replace("__OPS__", json.dumps(cv.ops)).replace("__HITS__", json.dumps(hits))
          .replace("__W__", str(cv.width)).replace("__H__", str(cv.height))
          .replace("__SHOW__", "true" if show_hits else "false")
          .replace("__BG__", json.dumps(PALETTE["bg"])).replace("__FONT__", json.dumps(FONT)))
    html = f"<!doctype html><body style='margin:0'><canvas id='c'></canvas><script>{js}</script></body>"
    with tempfile.TemporaryDirectory() as tmp:
        page_file = Path(tmp) / "preview.html"
        page_file.write_text(html)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": int(cv.width), "height": int(cv.height)})
            page.goto(page_file.as_uri())
            page.wait_for_selector("body[data-done='1']", state="attached", timeout=15_000)
            page.locator("#c").screenshot(path=str(out))
            browser.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--me", type=int, default=None)
    ap.add_argument("--width", type=int, default=1100)
    ap.add_argument("--height", type=int, default=700)
    ap.add_argument("--hits", action="store_true", help="outline hit regions")
    ap.add_argument("--out", default="preview.png")
    args = ap.parse_args()
    cv, info = build_canvas(args.game, args.players, args.seed, args.steps, args.bot, args.me,
                            args.width, args.height)
    screenshot(cv, Path(args.out), args.hits)
    print(f"wrote {args.out} ({cv.width}x{cv.height}, {len(cv.ops)} ops, {len(cv.hits)} hit regions, "
          f"me={info['me']}, to_move={info['to_move']}, {info['actions']} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
