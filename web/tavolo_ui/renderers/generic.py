"""The fallback table, drawn when a game's own renderer fails: the view as readable text
blocks, and the legal actions as clickable boxes (so the game can still be played on the
canvas). Its own words are in the catalogue; the view's keys are the engine's, shown as they
are (this table is a safety net, not a board)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engines.core.i18n import player, texts

from ..canvas import PALETTE, Canvas

T = texts("ui")

PAD = 12
LINE = 18
SIZE = 13


def _fmt(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def _lines(value: Any, indent: str = "") -> list[str]:
    """Readable lines for a value: dicts as "key: value", lists of dicts one per line."""
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, (dict, list)) and len(_fmt(v)) > 60:
                out.append(f"{indent}{k}:")
                out += _lines(v, indent + "   ")
            else:
                out.append(f"{indent}{k}: {_fmt(v)}")
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, v in enumerate(value):  # a table: one line per row
            out.append(f"{indent}#{i + 1}  " + " · ".join(f"{k} {_fmt(x)}" for k, x in v.items()))
    elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            if isinstance(v, (dict, list)) and len(_fmt(v)) > 60:
                out.append(f"{indent}#{i + 1}")
                out += _lines(v, indent + "   ")
            else:
                out.append(f"{indent}#{i + 1} {_fmt(v)}")
    else:
        out.append(indent + _fmt(value))
    return out


def render(cv: Canvas, view: Mapping[str, Any], actions: list[dict], me: int | None) -> None:
    width = cv.width
    y = PAD
    lang = getattr(cv, "lang", "en")
    who = T("Spectator view") if me is None else T("Seen by {player}", player=player(me))
    cv.text(PAD, y, T("{who} — plain table (the game’s own board could not be drawn)", who=who).render(lang),
            size=12, color=PALETTE["muted"], baseline="top", max_width=width - 2 * PAD)
    y += LINE + 4

    # the actions, as a flow of boxes
    if actions:
        cv.text(PAD, y, T("Your choices").render(lang), size=14, bold=True, baseline="top")
        y += LINE + 4
        x: float = PAD
        box_h = 30
        for a in actions:
            label = a.get("label") or _fmt(a.get("action"))
            w = min(width - 2 * PAD, Canvas.text_width(label, SIZE) + 20)
            if x + w > width - PAD and x > PAD:
                x = PAD
                y += box_h + 10
            cv.rect(x, y, w, box_h, fill=PALETTE["panel"], stroke=PALETTE["line"], radius=6)
            cv.highlight(x, y, w, box_h)
            cv.text(x + 10, y + box_h / 2, label, size=SIZE, baseline="middle", max_width=w - 16)
            cv.hit(x, y, w, box_h, action=a["index"], tip=label)
            x += w + 12
        y += box_h + 18

    # the view, one block per top-level key, in one or two columns
    cols = 2 if width >= 720 else 1
    col_w = (width - PAD * (cols + 1)) / cols
    col_y = [y] * cols
    items = list(view.items()) if isinstance(view, dict) else [("view", view)]
    # the simple values together in one block, then one block per structured value
    simple = {k: v for k, v in items if not isinstance(v, (dict, list)) or len(_fmt(v)) <= 40}
    items = ([(T("summary").render(lang), simple)] if simple else []) + [(k, v) for k, v in items if k not in simple]
    for key, value in items:
        c = col_y.index(min(col_y))
        x0 = PAD + c * (col_w + PAD)
        lines: list[str] = []
        for ln in _lines(value):
            lines += cv.wrap(ln, SIZE, col_w - 20) or [""]
        lines = lines[:60] + (["…"] if len(lines) > 60 else [])
        h = 26 + LINE * len(lines) + 8
        y0 = col_y[c]
        cv.rect(x0, y0, col_w, h, fill=PALETTE["panel"], stroke=PALETTE["line"], radius=8)
        cv.text(x0 + 10, y0 + 8, str(key), size=13, bold=True, baseline="top")
        for i, ln in enumerate(lines):
            cv.text(x0 + 10, y0 + 28 + LINE * i, ln, size=SIZE, baseline="top", max_width=col_w - 16)
        col_y[c] = y0 + h + PAD
    cv.height = max(max(col_y) + PAD, 120)
