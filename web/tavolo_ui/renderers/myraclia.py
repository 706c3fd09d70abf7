"""Myraclia's table on the canvas: the hex planet, the Draft board, the order board, the
players' reserves and trade zones, the tile offer and the score track.

Drawn from the view only. Every legal action has a place to click:

- a tile of the surface: terraform it (one entry per legal payment), reserve it, move the
  reservation to it, add elements to it (own reservation), put the Eternity token on it;
- an empty hex marked "+": add a tile of the offer there;
- a Draft-board column: take an element; the trade zone's cubes: trade for that colour;
- the buttons: pass, end the turn.

The coach: a spot that stands for a move of the player at the table carries that move as
its ``probe`` (the canvas keeps it only when the spot has no legal action now), so a click
there says why not (``Game.why_not``): a tile of the surface terraforming it with any
payment (putting the Eternity token on it in that step), a Draft-board column taking from
it, a trade-zone cube trading for it, a tile of the offer adding it somewhere. Every spot
with an entry in ``Game.reference`` carries its id as ``ref``.

Wide canvases (>= 700 px) put the planet on the left and the boards on the right; narrow
ones (phones) stack everything and set ``cv.height`` to the height used.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence, cast

from engines.core.i18n import Text, player
from engines.myraclia.public import (SCORE_CATEGORIES, Colour, MyracliaView, OfferTile, Seat, SurfaceTile, T, TokenFace,
                                     colour_count, counts_text, join, space_name, surface, surface_letter, tile_name,
                                     tile_text, token_text)

from ..canvas import MIN_TEXT, PALETTE, SQUEEZE, Canvas, finger, ink_on, seat_colour

CUBE = {"green": "#3f9b3f", "yellow": "#f2cf3a", "orange": "#ee8a25", "red": "#cf3a2d",
        "blue": "#2f6ed3", "black": "#2a2a2a", "white": "#fbfbf7"}
COLOURS: list[Colour] = ["green", "yellow", "orange", "red", "blue", "black", "white"]
LAND = {"plains": "#e3cf7e", "forest": "#5f9d4f", "water": "#62a0d8", "mountains": "#a58d74"}
BARREN = "#cdbda6"
DARK = "#3b3447"
PAD = 10


def _lang(cv: Canvas) -> str:
    return getattr(cv, "lang", "en")


def _t(cv: Canvas, text: Text) -> str:
    """``text`` in the canvas's language."""
    return text.render(_lang(cv))


def _name(p: int, lang: str = "en") -> str:
    return player(p).render(lang)


def _initial(cv: Canvas, s: str) -> str:
    """A surface's letter on the board (``surface_letter``: "W", "A" for the Italian "Zona
    d’Acqua"), explained by the legend under the planet."""
    return _t(cv, surface_letter(s))


def _initials(cv: Canvas, surfaces: Sequence[str]) -> str:
    return "/".join(_initial(cv, s) for s in surfaces)


def _words(cv: Canvas, t: SurfaceTile | OfferTile) -> str:
    """A tile's surface type in words ("forest", "plains/water"), as the labels and the log name it."""
    return "/".join(_t(cv, surface(s)) for s in t["surfaces"])


def _tile_label(cv: Canvas, t: SurfaceTile | OfferTile, in_words: bool) -> str:
    """A tile's label on the planet: its surface type in words ("forest", "Foresta") or, when
    the map has no room for them (``in_words``: ``_map_in_words``), its surface letters ("F",
    explained by the legend). Never its id."""
    return _words(cv, t) if in_words else _initials(cv, t["surfaces"])


DISC = 0.5, 0.42
"""A reservation disc's offset from its hex's centre, in hex sizes: across at the top (beside
the VP), across and down at the foot (beside the label)."""


def _vp_beside_disc(cv: Canvas, t: SurfaceTile, size: float) -> tuple[bool, float, float, float]:
    """Where a barren tile's reservation disc goes, and the room beside it: (the disc at the
    top beside the VP, else at the foot beside the label; the left and the right edge of the
    text beside the disc, from the hex's centre; the disc's radius). The room runs from the
    hex's side (0.83 size from its centre at that height) to the disc, a little gap on both
    sides."""
    rr = max(8.0, size * 0.2)
    disc = size * DISC[0], size * DISC[1]
    left = -size * 0.83 + 3
    vp = _t(cv, T("{n} VP", n=t["vp"]))
    top = cv.text_width(vp, MIN_TEXT, bold=True) <= disc[0] - rr - 3 - left
    return top, left, (disc[0] if top else disc[1]) - rr - 3, rr


def _label_room(cv: Canvas, t: SurfaceTile, size: float) -> float:
    """The width a tile's label may take in a hex of ``size``: less than the hex's at the
    foot of a reserved tile whose disc went there (``_vp_beside_disc``)."""
    if t["state"] == "reserved":
        top, left, right, _rr = _vp_beside_disc(cv, t, size)
        if not top:
            return right - left
    return size * 1.5


def _map_in_words(cv: Canvas, tiles: Sequence[SurfaceTile], size: float) -> bool:
    """Whether the map names its tiles in words: only when every tile's words fit in its
    room, so that the whole map reads one way, in words or in letters (never "Foresta"
    beside a "Z")."""
    return all(cv.text_width(_words(cv, t), MIN_TEXT, bold=True) <= _label_room(cv, t, size)
               for t in tiles if t["state"] != "darkness")


def _pcol(p: int | None) -> str:
    return seat_colour(p) if p is not None else PALETTE["muted"]


def _hex(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


PATTERN = {"green": "dot", "yellow": "dash", "orange": "bar", "red": "slash", "blue": "cross",
           "black": "ring", "white": "plus"}
"""Each element's mark inside its cube, its second cue beside the colour (the same in every
language): a dot, a dash, an upright bar, a slash, a cross, a ring, a plus."""


def _cube(cv: Canvas, x: float, y: float, s: float, colour: str, filled: bool = True) -> None:
    """An element cube of side ``s``: its colour (outlined when it is only required) and its
    mark (``PATTERN``)."""
    edge = CUBE[colour] if colour != "white" else "#777"
    cv.rect(x, y, s, s, CUBE[colour] if filled else None, "#00000099" if filled else edge,
            1.0 if filled else 1.6, 2)
    if s < 7:
        return
    ink = (ink_on(CUBE[colour]) if colour not in ("yellow", "orange", "white") else "#2b2620") if filled else edge
    cx, cy, k, lw = x + s / 2, y + s / 2, s * 0.28, max(1.2, s / 9)
    mark = PATTERN[colour]
    if mark == "dot":
        cv.circle(cx, cy, s * 0.16, ink)
    elif mark == "dash":
        cv.line(cx - k, cy, cx + k, cy, ink, lw)
    elif mark == "bar":
        cv.line(cx, cy - k, cx, cy + k, ink, lw)
    elif mark == "slash":
        cv.line(cx - k, cy + k, cx + k, cy - k, ink, lw)
    elif mark == "cross":
        cv.line(cx - k, cy + k, cx + k, cy - k, ink, lw)
        cv.line(cx - k, cy - k, cx + k, cy + k, ink, lw)
    elif mark == "ring":
        cv.circle(cx, cy, k, None, ink, lw)
    else:
        cv.line(cx - k, cy, cx + k, cy, ink, lw)
        cv.line(cx, cy - k, cx, cy + k, ink, lw)


def _cubes_row(cv: Canvas, x: float, y: float, counts: Mapping[Colour, int], s: float = 12, size: float = MIN_TEXT) -> float:
    """Cubes as coloured squares with their counts; returns the x after the row."""
    for c in COLOURS:
        n = counts.get(c, 0)
        if not n:
            continue
        _cube(cv, x, y, s, c)
        cv.text(x + s + 2, y + s / 2, f"{n}", size, PALETTE["ink"], baseline="middle")
        x += s + 6 + cv.text_width(str(n), size)
    return x


def _holder(t: SurfaceTile) -> int:
    """The seat that terraformed or reserved ``t``. The view gives such a tile its owner (the
    cast says so): ``owner`` is None only on a free or a Darkness tile."""
    return cast(int, t["owner"])


def _tile_tip(t: SurfaceTile, lang: str = "en") -> str:
    if t.get("darkness"):
        return T("Darkness tile: never terraformed or reserved; counts for the compact shape.").render(lang)
    lines = [tile_text(t["id"])]
    state = t.get("state")
    if state == "terraformed":
        lines.append(T("Terraformed by {player}", player=player(_holder(t))))
    elif state == "reserved":
        lines.append(T("Reserved by {player}", player=player(_holder(t))))
    if t.get("cubes"):
        lines.append(T("On the tile: {elements}", elements=counts_text(t["cubes"])))
    for tok in t.get("tokens", []):
        lines.append(token_text(tok["id"]))
    return "\n".join(x.render(lang) for x in lines)


def _token(cv: Canvas, x: float, y: float, r: float, tok: TokenFace) -> None:
    """An Eternity token, readable without hovering (§13): its shape and letter give the type.

    - points: a gold disc with "+N";
    - released / free element: a square in the element's colour with "R" / "F";
    - surface: a hexagon in the surface's colour with the surface's initial.
    """
    size = MIN_TEXT
    if tok["type"] == "points":
        cv.circle(x, y, r, "#f7e7b0", "#8a6d1f", 1.2)
        cv.text(x, y, f"+{tok.get('value', '')}", size, "#5a4510", "center", "middle", bold=True)
        return
    if tok["type"] == "surface":
        fill, letter = LAND[tok["surface"]], _initial(cv, tok["surface"])
        cv.poly(_hex(x, y, r * 1.1), fill, "#2b2620", 1.2)
    else:
        fill = CUBE[tok["colour"]]
        letter = _t(cv, T("Released") if tok["type"] == "released_element" else T("Free"))[:1].upper()
        cv.rect(x - r, y - r, 2 * r, 2 * r, fill, "#2b2620", 1.2, 2)
    ink = "#fff" if fill in (CUBE["green"], CUBE["red"], CUBE["blue"], CUBE["black"], LAND["forest"]) else "#2b2620"
    cv.text(x, y, letter, size, ink, "center", "middle", bold=True)


def _asks(view: MyracliaView, me: int | None) -> bool:
    """Whether the table's spots carry the coach's probes: a seat's own table, game not over."""
    return me is not None and view["phase"] != "over"


def _tile_probe(view: MyracliaView, me: int | None, tile: str) -> dict | None:
    """The move a tile of the surface stands for: put the Eternity token on it in that step,
    else terraform it (payment left open)."""
    if not _asks(view, me):
        return None
    if view["phase"] == "eternity":
        return {"type": "place_token", "tile": tile}
    return {"type": "terraform", "tile": tile}


def _group(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Legal actions indexed by the place they are clicked at."""
    g: dict[str, Any] = {"tile": {}, "pos": {}, "pos_tiles": {}, "col": {}, "trade": {}, "buttons": [],
                         "offer": set()}
    for a in actions:
        act, i = a["action"], a["index"]
        k = act["type"]
        if k in ("terraform", "reserve", "change", "place_token"):
            g["tile"].setdefault(act["tile"], []).append(i)
        elif k == "add":
            g["tile"].setdefault("__own__", []).append(i)
        elif k == "place_tile":
            g["pos"].setdefault((act["q"], act["r"]), []).append(i)
            g["offer"].add(act["tile"])
            here = g["pos_tiles"].setdefault((act["q"], act["r"]), [])
            if act["tile"] not in here:  # the tiles that may go there, each once
                here.append(act["tile"])
        elif k == "take":
            g["col"].setdefault(act["column"], []).append(i)
        elif k == "trade":
            g["trade"].setdefault(act["take"], []).append(i)
        else:
            g["buttons"].append(a)
    return g


# ---- the planet --------------------------------------------------------------------------------
def _legend(cv: Canvas, eternity: bool = True) -> list[str]:
    """What the letters and abbreviations of the board mean (the Eternity tokens' only in a
    game played with them)."""
    items = [T("{letter} {name}", letter=_initial(cv, s), name=surface(s)) for s in LAND]
    items += [T("VP: victory points"), T("+ in an empty hex: a free space for a tile of the offer")]
    if eternity:
        items.append(T("Eternity tokens: {r} released element, {f} free element, +N points",
                       r=_t(cv, T("Released"))[:1].upper(), f=_t(cv, T("Free"))[:1].upper()))
    return [_t(cv, x) for x in items]


def _legend_lines(cv: Canvas, width: float, view: MyracliaView) -> list[str]:
    """The legend's items, " · " between them, wrapped between items where possible."""
    lines: list[str] = []
    for item in _legend(cv, eternity=bool((view.get("options") or {}).get("eternity", True))):
        cand = f"{lines[-1]} · {item}" if lines else item
        if lines and cv.text_width(cand, MIN_TEXT) <= width:
            lines[-1] = cand
        else:
            lines += cv.wrap(item, MIN_TEXT, width)
    return lines


def _extent(view: MyracliaView, groups: dict) -> tuple[float, float, float, float]:
    """The planet's bounds (min x, max x, min y, max y) in hex sizes, with a margin."""
    coords = [(t["q"], t["r"]) for t in view["surface"]] + list(groups["pos"].keys())
    xs = [math.sqrt(3) * (q + r / 2) for q, r in coords]
    ys = [1.5 * r for q, r in coords]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1.1, max(ys) + 1.1


def _surface_height(cv: Canvas, view: MyracliaView, groups: dict, w: float, least: float) -> float:
    """The height of the planet's panel ``w`` wide: at least ``least``, and enough that the
    width alone sets the hex size (every hex as large as the width allows, for its texts)."""
    minx, maxx, miny, maxy = _extent(view, groups)
    size = max(14.0, min((w - 16) / (maxx - minx), 62.0))
    return max(least, size * (maxy - miny) + 30 + 14 * len(_legend_lines(cv, w - 16, view)) + 6)


def _draw_surface(cv: Canvas, view: MyracliaView, groups: dict, x0: float, y0: float, w: float, h: float, me: int | None) -> None:
    lang = _lang(cv)
    cv.rect(x0, y0, w, h, PALETTE["panel"], PALETTE["line"], 1, 8)
    # the legend, wrapped, at the bottom of the panel
    lines = _legend_lines(cv, w - 16, view)
    leg_h = 14 * len(lines) + 6
    for i, line in enumerate(lines):
        cv.text(x0 + 8, y0 + h - leg_h + 10 + 14 * i, line, MIN_TEXT, PALETTE["muted"], baseline="middle")
    h -= leg_h
    tiles = view["surface"]
    spots = list(groups["pos"].keys())
    sq3 = math.sqrt(3)
    minx, maxx, miny, maxy = _extent(view, groups)
    size = min((w - 16) / (maxx - minx), (h - 30) / (maxy - miny))
    size = max(14.0, min(size, 62.0))
    ox = x0 + w / 2 - size * (minx + maxx) / 2
    oy = y0 + 22 + (h - 22) / 2 - size * (miny + maxy) / 2
    title = (T("Myraclia, round {n} (founding round)", n=view["round"]) if view["founding"]
             else T("Myraclia, round {n}", n=view["round"]))
    cv.text(x0 + 8, y0 + 16, _t(cv, title), 13, PALETTE["ink"], bold=True, max_width=w - 16)

    def centre(q: int, r: int) -> tuple[float, float]:
        return ox + size * sq3 * (q + r / 2), oy + size * 1.5 * r

    own_res = view["seats"][me]["reserved"] if me is not None else None
    small = MIN_TEXT
    in_words = _map_in_words(cv, tiles, size)
    later: list[tuple] = []
    for t in tiles:
        cx, cy = centre(t["q"], t["r"])
        r = size * 0.96
        st = t["state"]
        if st == "darkness":
            cv.poly(_hex(cx, cy, r), DARK, "#000", 1.5)
            cv.text(cx, cy, _t(cv, T("Darkness")), MIN_TEXT, "#ddd", "center", "middle",
                    max_width=size * 1.6)
        elif st == "terraformed":
            land = LAND[t["surfaces"][0]]
            cv.poly(_hex(cx, cy, r), land, "#2b2620", 1.2)
            if len(t["surfaces"]) > 1:
                cv.poly(_hex(cx, cy, r * 0.55), LAND[t["surfaces"][1]], None)
            # the tile's surface type (in words or letters, also for colour-blind eyes)
            cv.text(cx, cy - size * 0.5, _tile_label(cv, t, in_words), small, "#2b2620", "center", "middle",
                    bold=True, max_width=size * 1.5)
            cv.seat_disc(cx, cy, max(8.0, size * 0.26), _holder(t), "#fff", 2)
            if t["free"]:  # the free element, with the word when it fits in the hex
                cs = max(8.0, size * 0.24)
                word = _t(cv, T("free"))
                tw = cv.text_width(word, MIN_TEXT)
                with_word = cs + 3 + tw <= size * 1.3
                left = cx - ((cs + 3 + tw) / 2 if with_word else cs / 2)
                _cube(cv, left, cy + size * 0.48 - cs / 2, cs, t["free"])
                if with_word:
                    cv.text(left + cs + 3, cy + size * 0.48, word, MIN_TEXT, PALETTE["ink"], baseline="middle")
        else:
            cv.poly(_hex(cx, cy, r), BARREN, LAND[t["surfaces"][0]], max(2.0, size * 0.09))
            n = len(t["requires"])
            s = max(6.0, min(size * 0.26, (size * 1.3) / max(n, 1) - 2))
            rx = cx - (n * (s + 2) - 2) / 2
            for i, c in enumerate(t["requires"]):
                on = t["cubes"].get(c, 0) > 0
                _cube(cv, rx + i * (s + 2), cy - s / 2 - size * 0.05, s, c, filled=on)
                if c == t.get("released"):
                    cv.line(rx + i * (s + 2), cy + s / 2 - size * 0.05 + 2, rx + i * (s + 2) + s,
                            cy + s / 2 - size * 0.05 + 2, "#2b2620", 2)
            # a reserved tile: the reserving seat's disc, ringed in black, beside the VP (moved
            # left) when they fit side by side, else beside the surface letters at the foot
            reserved = st == "reserved"
            vp = _t(cv, T("{n} VP", n=t["vp"]))
            on_top, left, right, rr = _vp_beside_disc(cv, t, size)
            top = reserved and on_top
            foot = reserved and not top
            cv.text(cx + ((left + right) / 2 if top else 0), cy - size * 0.47, vp, MIN_TEXT, PALETTE["ink"], "center",
                    "middle", bold=True, max_width=right - left if top else size * 1.5)
            cv.text(cx + ((left + right) / 2 if foot else 0), cy + size * 0.47,
                    _tile_label(cv, t, in_words), small,
                    "#2b2620", "center", "middle", max_width=right - left if foot else size * 1.5)
            if reserved:
                cv.seat_disc(cx + size * (DISC[0] if top else DISC[1]), cy + (-size * 0.47 if top else size * DISC[1]), rr,
                             _holder(t), "#222", 2.5)
        tr = max(8.0, size * 0.15)
        for j, tok in enumerate(t.get("tokens", [])):  # drawn after every tile, so none covers them
            later.append((cx - size * 0.55 + j * (2 * tr + 2), cy + size * 0.66, tr, tok))
        acts = list(groups["tile"].get(t["id"], []))
        if t["id"] == own_res:
            acts += groups["tile"].get("__own__", [])
        hw, hh = size * 1.6, size * 1.6
        if acts:
            cv.poly(_hex(cx, cy, r), None, PALETTE["highlight"], 3)
        cv.hit(cx - hw / 2, cy - hh / 2, hw, hh, action=acts or None, tip=_tile_tip(t, lang),
               probe=_tile_probe(view, me, t["id"]), ref=t["id"])
    for args in later:
        _token(cv, *args)
    ids = {(t["q"], t["r"]): t["id"] for t in tiles}
    for (q, r_) in spots:
        cx, cy = centre(q, r_)
        cv.poly(_hex(cx, cy, size * 0.9), "#ffffff88", PALETTE["highlight"], 2)
        cv.text(cx, cy - size * 0.12, "+", max(MIN_TEXT, size * 0.5), PALETTE["highlight"], "center", "middle",
                bold=True)
        # the space's tip: where it is, then the text of each tile of the offer that may go there
        tip = [T("Add a tile of the offer here, {space} (compact-shape rules)", space=space_name(ids, q, r_))]
        tip += [tile_text(tile) for tile in groups["pos_tiles"][(q, r_)]]
        cv.hit(cx - size * 0.8, cy - size * 0.8, size * 1.6, size * 1.6, action=groups["pos"][(q, r_)],
               tip="\n".join(_t(cv, x) for x in tip))


# ---- the boards --------------------------------------------------------------------------------------
TITLE_LINE = 16
"""The line height of a panel's bold 12 px title (and of the instruction over the buttons)."""


def _title_lines(cv: Canvas, text: str, w: float) -> list[str]:
    """A panel's title in bold 12 px, wrapped to ``w`` (with the width estimate's margin,
    ``SQUEEZE``): a long title takes two lines rather than being squeezed; the panel grows by
    the extra lines."""
    return cv.wrap(text, 12, w * (1 + SQUEEZE), bold=True)


def _draw_title(cv: Canvas, lines: list[str], x: float, y: float, w: float, baseline: str = "alphabetic") -> float:
    """Draw title ``lines`` from (x, y), one under the other; returns the extra height (0 for one line)."""
    for j, ln in enumerate(lines):
        cv.text(x, y + TITLE_LINE * j, ln, 12, PALETTE["ink"], baseline=baseline, bold=True, max_width=w)
    return TITLE_LINE * (len(lines) - 1)


def _draw_draft(cv: Canvas, view: MyracliaView, groups: dict, x: float, y: float, w: float,
                me: int | None = None) -> float:
    lang = _lang(cv)
    cols = view["draft"]
    n = len(cols)
    cw = (w - 2 * PAD) / n
    title = _title_lines(cv, _t(cv, T("Draft board (column 1 = right, acts first)")), w - 2 * PAD)
    extra = TITLE_LINE * (len(title) - 1)
    cv.rect(x, y, w, 118 + extra, PALETTE["panel"], PALETTE["line"], 1, 8)
    _draw_title(cv, title, x + PAD, y + 16, w - 2 * PAD)
    y += extra  # the columns under the title
    for col in cols:
        i = col["column"]
        cx = x + PAD + (n - i) * cw
        cv.rect(cx + 2, y + 24, cw - 4, 88, "#f3ead9", PALETTE["line"], 1, 5)
        cv.text(cx + cw / 2, y + 35, str(i), MIN_TEXT, PALETTE["muted"], "center", "middle")
        element = col["colour"]
        if col["count"] and element is not None:  # elements in the column (an emptied one keeps its colour)
            s = min(18, cw * 0.4)
            _cube(cv, cx + cw / 2 - s - 1, y + 42, s, element)
            cv.text(cx + cw / 2 + 3, y + 42 + s / 2, f"×{col['count']}", 11, PALETTE["ink"], baseline="middle", bold=True)
        for j, p in enumerate(col["queue"][:2]):  # the draft discs, nearest first
            cv.seat_disc(cx + cw / 2, y + 73 + j * 18, 8, p, "#fff", 1)
        if len(col["queue"]) > 2:
            cv.text(cx + cw - 4, y + 108, f"+{len(col['queue']) - 2}", MIN_TEXT, PALETTE["muted"], "right")
        acts = groups["col"].get(i)
        if acts:
            cv.highlight(cx + 2, y + 24, cw - 4, 88, 5)
        tip = (T("Column {n}: {elements}", n=i, elements=colour_count(element, col["count"]))
               if col["count"] and element is not None else T("Column {n}: empty", n=i))
        lines = [tip]
        if col["queue"]:
            lines.append(T("Draft discs (nearest first): {players}", players=join([player(p) for p in col["queue"]])))
        cv.hit(cx + 2, y + 24, cw - 4, 88, action=acts, tip="\n".join(x_.render(lang) for x_ in lines),
               probe={"type": "take", "column": i} if _asks(view, me) else None, ref="draft-board")
    return y + 118


def _draw_orders(cv: Canvas, view: MyracliaView, x: float, y: float, w: float) -> float:
    cv.rect(x, y, w, 46, PALETTE["panel"], PALETTE["line"], 1, 8)
    rows = [(_t(cv, T("Drafting order")), view["drafting_order"]),
            (_t(cv, T("Terraforming order")), view["terraforming_order"])]
    start = max(130.0, max(cv.text_width(label, 11) for label, _ in rows) + PAD + 18)
    for k, (label, order) in enumerate(rows):
        yy = y + 15 + k * 19
        cv.text(x + PAD, yy, label, 11, PALETTE["muted"], baseline="middle")
        for j, p in enumerate(order):
            cx = x + start + j * 26
            cv.seat_disc(cx, yy, 8.5, p, "#fff", 1)
        cv.hit(x + 4, yy - 9, w - 8, 18, tip=f"{label}: {_t(cv, join([player(p) for p in order]))}",
               ref="order-board")
    return y + 46


def _track_length(scores: list[int]) -> int:
    """The track's last number: at least 30, else the leading score rounded up past the next 10."""
    return max(30, (max(scores, default=0) // 10 + 1) * 10)


def _draw_score_track(cv: Canvas, view: MyracliaView, x: float, y: float, w: float) -> float:
    """The score track: a numbered ruler 0..N with each player's disc on their score.

    Discs that would overlap (ties, or scores a step apart on a narrow track) are stacked
    upwards, so every disc stays visible. Returns the y under the panel.
    """
    scores = [s["score"] for s in view["seats"]]
    top = _track_length(scores)
    x0, x1 = x + PAD + 6, x + w - PAD - 6
    step = (x1 - x0) / top
    r = 8.0
    levels: list[list[float]] = []  # disc centres already placed, per level
    placed: list[tuple[int, float, int]] = []
    for p in sorted(range(len(scores)), key=lambda q: (scores[q], q)):
        cx = x0 + scores[p] * step
        lvl = next((k for k, row in enumerate(levels) if all(abs(cx - o) >= 2 * r + 1 for o in row)), len(levels))
        if lvl == len(levels):
            levels.append([])
        levels[lvl].append(cx)
        placed.append((p, cx, lvl))
    disc_h = max(1, len(levels)) * (2 * r + 1)
    h = 22 + disc_h + 30
    cv.rect(x, y, w, h, PALETTE["panel"], PALETTE["line"], 1, 8)
    cv.text(x + PAD, y + 16, _t(cv, T("Score track")), 12, PALETTE["ink"], bold=True)
    ruler = y + 22 + disc_h + 4
    cv.rect(x0, ruler, x1 - x0, 4, "#d8cdb8", "#8a7d66", 1, 2)
    every = 5 if step * 5 >= 22 else 10
    for v in range(top + 1):
        tx = x0 + v * step
        major = v % every == 0
        cv.line(tx, ruler + 4, tx, ruler + (10 if major else 7), "#8a7d66", 1.2 if major else 0.8)
        if major:
            cv.text(tx, ruler + 18, str(v), MIN_TEXT, PALETTE["muted"], "center", "middle")
    for p, cx, lvl in placed:
        cy = ruler - 2 - r - lvl * (2 * r + 1)
        cv.seat_disc(cx, cy, r, p, "#fff", 1.5)
        cv.hit(cx - r, cy - r, 2 * r, 2 * r, tip=_t(cv, T("{player}: {n} VP", player=player(p), n=scores[p])),
               ref="score-track")
    return y + h


def _ledger_tip(p: int, s: Seat, lang: str) -> str:
    parts = [T("{category}: {n}", category=SCORE_CATEGORIES[k], n=v)
             for k, v in s.get("ledger", {}).items() if k in SCORE_CATEGORIES]
    head = T("{player}: {n} VP", player=player(p), n=s["score"])
    return "\n".join(x.render(lang) for x in [head, *parts])


def _draw_players(cv: Canvas, view: MyracliaView, groups: dict, x: float, y: float, w: float, me: int | None) -> float:
    lang = _lang(cv)
    seats = view["seats"]
    rows = []  # per seat: name, figures, whether the figures go on a line of their own
    for p, s in enumerate(seats):
        label = _t(cv, T("{player} (you)", player=player(p))) if p == me else _name(p, lang)
        info = [T("{n} VP", n=s["score"]),
                T("1 tile") if len(s["tiles"]) == 1 else T("{n} tiles", n=len(s["tiles"])),
                T("1 disc") if s["discs"] == 1 else T("{n} discs", n=s["discs"])]
        if s["reserved"]:
            info.append(T("reserved: {tile}", tile=tile_name(s["reserved"])))
        if s.get("passed"):
            info.append(T("passed"))
        text = " · ".join(_t(cv, i) for i in info)
        room = w - 2 * PAD - 22 - cv.text_width(label, 12, bold=True) - 8
        # narrow: the figures under the name, on as many lines as they need
        lines = None if cv.text_width(text, MIN_TEXT) <= room else cv.wrap(text, MIN_TEXT, w - 2 * PAD - 22)
        rows.append((label, text, lines))
    heights = [40 if lines is None else 40 + 14 * len(lines) for _, _, lines in rows]
    title = _title_lines(cv, _t(cv, T("Players (the game ends at {n} terraformed tiles)", n=view["end_threshold"])),
                         w - 2 * PAD)
    extra = TITLE_LINE * (len(title) - 1)
    h = 24 + extra + sum(heights) + 30
    cv.rect(x, y, w, h, PALETTE["panel"], PALETTE["line"], 1, 8)
    _draw_title(cv, title, x + PAD, y + 16, w - 2 * PAD)
    yy = y + 24 + extra
    for p, s in enumerate(seats):
        label, text, own_lines = rows[p]
        row = heights[p]
        if view["to_move"] == p:
            cv.rect(x + 4, yy, w - 8, row - 3, "#fde8d2", None, 1, 5)
        cv.seat_disc(x + PAD + 8, yy + 11, 8.5, p, "#fff", 1)
        cv.text(x + PAD + 22, yy + 12, label, 12, PALETTE["ink"], baseline="middle", bold=True)
        if own_lines:  # narrow: the figures under the name
            for j, ln in enumerate(own_lines):
                cv.text(x + PAD + 22, yy + 26 + 14 * j, ln, MIN_TEXT, PALETTE["muted"], baseline="middle",
                        max_width=w - 2 * PAD - 22)
        else:
            cv.text(x + w - PAD, yy + 12, text, MIN_TEXT, PALETTE["muted"], "right", "middle")
        foot = yy + 14 * len(own_lines or [])
        if s["reserve"]:
            _cubes_row(cv, x + PAD + 22, foot + 21, s["reserve"], 12, MIN_TEXT)
        else:
            cv.text(x + PAD + 22, foot + 28, _t(cv, T("no elements")), MIN_TEXT, PALETTE["muted"], baseline="middle")
        cv.hit(x + 4, yy, w - 8, row - 3, tip=_ledger_tip(p, s, lang), ref="reserve")
        yy += row
    yy += 4
    label = _t(cv, T("Trade zones:"))
    cv.text(x + PAD, yy + 10, label, 11, PALETTE["muted"], baseline="middle")
    px = x + PAD + max(80, cv.text_width(label, 11) + 8)
    if not view["pool"]:
        empty = _t(cv, T("empty"))
        cv.text(px, yy + 10, empty, 11, PALETTE["muted"], baseline="middle")
        cv.hit(x + 4, yy, px - x + cv.text_width(empty, 11) + 4, 20, tip=_t(cv, T("Trade zones: empty")),
               probe={"type": "trade"} if _asks(view, me) else None, ref="trade-zone")
    for c in COLOURS:
        n = view["pool"].get(c, 0)
        if not n:
            continue
        _cube(cv, px, yy + 2, 16, c)
        cv.text(px + 19, yy + 10, str(n), 11, PALETTE["ink"], baseline="middle")
        acts = groups["trade"].get(c)
        if acts:
            cv.highlight(px, yy + 2, 16, 16, 3)
        tip = (T("Trade zones: {elements}; click to trade for one", elements=colour_count(c, n)) if acts
               else T("Trade zones: {elements}", elements=colour_count(c, n)))
        cv.hit(*finger(px - 2, yy, 34, 20), action=acts, tip=_t(cv, tip),
               probe={"type": "trade", "take": c} if _asks(view, me) else None, ref="trade-zone")
        px += 40
    return y + h


def _draw_offer(cv: Canvas, view: MyracliaView, x: float, y: float, w: float, me: int | None = None,
                offer: set[str] | frozenset = frozenset()) -> float:
    """The tile offer; ``offer``: the tiles that can be added now (on a space marked "+": the
    others carry the coach's probe). A tile shows its surface type (in words, or, when the
    words of one of the three do not fit, every tile's in letters), its VP and, when the tile is narrow, its required elements on
    a second row."""
    title = _t(cv, T("Tile offer"))
    bags = _t(cv, T("tile bag {n} · element bag {m}", n=view["tile_bag"], m=view["element_bag"]))
    room = w - 3 * PAD - cv.text_width(title, 12) * 1.12
    beside = cv.text_width(bags, MIN_TEXT) <= room  # else the bags go under the title
    top = 24 if beside else 40
    tw = (w - 2 * PAD) / 3
    # the types in words when each fits beside its VP, else all in letters, as on the map
    in_words = all(cv.text_width(_words(cv, t), MIN_TEXT, bold=True)
                   <= (tw - 16) / 1.12 - cv.text_width(f" {t['vp']} VP", MIN_TEXT) for t in view["offer"])
    labels = [_t(cv, T("{tile} {n} VP", n=t["vp"], tile=_tile_label(cv, t, in_words))) for t in view["offer"]]
    two_rows = any(not t["darkness"] and cv.text_width(lb, MIN_TEXT) * 1.12 + 16 + 12 * len(t["requires"]) > tw - 4
                   for t, lb in zip(view["offer"], labels))
    th = 42 if two_rows else 28
    h = top + th + 6
    cv.rect(x, y, w, h, PALETTE["panel"], PALETTE["line"], 1, 8)
    cv.text(x + PAD, y + 16, title, 12, PALETTE["ink"], bold=True)
    bw = min(w - 2 * PAD, cv.text_width(bags, MIN_TEXT))
    if beside:
        cv.text(x + w - PAD, y + 16, bags, MIN_TEXT, PALETTE["muted"], "right")
        bx, by = x + w - PAD - bw, y + 4
    else:
        cv.text(x + PAD, y + 32, bags, MIN_TEXT, PALETTE["muted"], max_width=w - 2 * PAD)
        bx, by = x + PAD, y + 22
    cv.hit(bx, by, bw, 16, tip=_t(cv, T("Tiles left in the tile bag: {n}; elements left in the element bag: {m}",
                                        n=view["tile_bag"], m=view["element_bag"])), ref="tile-bag")
    for i, t in enumerate(view["offer"]):
        tx, ty = x + PAD + i * tw, y + top
        fill = DARK if t["darkness"] else BARREN
        cv.rect(tx + 2, ty, tw - 4, th, fill, None if t["darkness"] else LAND[t["surfaces"][0]], 2, 5)
        if t["darkness"]:
            cv.text(tx + tw / 2, ty + th / 2, _t(cv, T("Darkness")), MIN_TEXT, "#ddd", "center", "middle",
                    max_width=tw - 8)
        else:
            cv.text(tx + 8, ty + 14, labels[i], MIN_TEXT, PALETTE["ink"], baseline="middle", bold=True,
                    max_width=tw - 12)
            n = len(t["requires"])
            for j, c in enumerate(t["requires"]):
                if two_rows:
                    _cube(cv, tx + 8 + j * 13, ty + 24, 11, c)
                else:
                    _cube(cv, tx + tw - 8 - (n - j) * 13, ty + 8, 11, c)
        if view["phase"] == "place" and view["to_move"] is not None:
            cv.rect(tx, ty - 2, tw, th + 4, None, PALETTE["highlight"], 1.5, 6)
        tip = tile_text(t["id"]).render(_lang(cv))
        if view["phase"] == "place":
            tip += "\n" + _t(cv, T("Add it by clicking a space marked + on the planet"))
        cv.hit(tx + 2, ty, tw - 4, th, tip=tip,
               probe={"type": "place_tile", "tile": t["id"]} if _asks(view, me) and t["id"] not in offer else None,
               ref=t["id"])
    return y + h


def _draw_buttons(cv: Canvas, view: MyracliaView, groups: dict, x: float, y: float, w: float) -> float:
    k = view["turn"]["tiles_to_add"]
    label = _t(cv, {"draft": T("Draft: take an element from a column, or pass"),
                    "terraform": T("Terraforming: click a tile; trades in the trade zones"),
                    "place": (T("Add 1 tile: click a space marked +") if k == 1
                              else T("Add {n} tiles: click a space marked +", n=k)),
                    "eternity": T("Put the Eternity token on a free tile"),
                    "over": T("Game over")}[view["phase"]])
    lines = _title_lines(cv, label, w - 2 * PAD)
    extra = _draw_title(cv, lines, x + PAD, y + 14, w - 2 * PAD, baseline="middle")
    y += extra  # what follows goes under the instruction's last line
    if view["phase"] == "terraform":
        t = view["turn"]
        counter = _t(cv, T("actions {used} of 3 · new tiles to add {k}", used=t["actions_used"], k=t["tiles_to_add"]))
        if len(lines) == 1 and cv.text_width(label, 12, bold=True) + cv.text_width(counter, 11) + 3 * PAD < w:
            cv.text(x + w - PAD, y + 14, counter, 11, PALETTE["muted"], "right", "middle")
        else:  # narrow (phone): the counter goes under the instruction
            cv.text(x + PAD, y + 31, counter, 11, PALETTE["muted"], baseline="middle")
    token = view["eternity_drawn"]
    if token is not None:
        drawn = _t(cv, token_text(token["id"]))
        cv.text(x + PAD, y + 32, drawn, 11, PALETTE["ink"], baseline="middle", max_width=w - 2 * PAD)
        cv.hit(x + PAD, y + 24, min(w - 2 * PAD, cv.text_width(drawn, 11)), 16, tip=drawn, ref=token["id"])
    bx = x + PAD
    by = y + 44
    for a in groups["buttons"]:
        kind = a["action"]["type"]
        text = _t(cv, T("Pass")) if kind == "pass" else _t(cv, T("End turn")) if kind == "end_turn" else a["label"]
        bw = max(90, cv.text_width(text, 13) + 24)
        cv.rect(bx, by, bw, 30, "#fff", PALETTE["highlight"], 2, 6)
        cv.text(bx + bw / 2, by + 15, text, 13, PALETTE["ink"], "center", "middle", bold=True)
        cv.hit(bx, by, bw, 30, action=a["index"], tip=a["label"])
        bx += bw + 10
    return y + 80


def render(cv: Canvas, view: MyracliaView, actions: list[dict], me: int | None) -> None:
    """Draw the Myraclia table for ``me`` (see the module docstring)."""
    groups = _group(actions)
    W = cv.width
    y: float = PAD
    if W >= 700:
        side = min(420.0, W * 0.42)
        left = W - side - 3 * PAD
        y = _draw_draft(cv, view, groups, left + 2 * PAD, y, side, me) + 8
        y = _draw_orders(cv, view, left + 2 * PAD, y, side) + 8
        y = _draw_score_track(cv, view, left + 2 * PAD, y, side) + 8
        y = _draw_players(cv, view, groups, left + 2 * PAD, y, side, me) + 8
        y = _draw_offer(cv, view, left + 2 * PAD, y, side, me, groups["offer"]) + 8
        # at the end the page's own panel has the score table (end_screen.py)
        right_bottom = y
        surf_h = max(420.0, cv.height - 2 * PAD - 90)
        _draw_surface(cv, view, groups, PAD, PAD, left, surf_h, me)
        yb = _draw_buttons(cv, view, groups, PAD, PAD + surf_h + 6, left)
        cv.height = max(cv.height, right_bottom + PAD, yb + PAD)
    else:
        w = W - 2 * PAD
        y = _draw_buttons(cv, view, groups, PAD, y, w)
        surf_h = _surface_height(cv, view, groups, w, max(300.0, w * 0.95) + 14 * len(_legend_lines(cv, w - 16, view)) + 6)
        _draw_surface(cv, view, groups, PAD, y, w, surf_h, me)
        y += surf_h + 8
        y = _draw_draft(cv, view, groups, PAD, y, w, me) + 8
        y = _draw_orders(cv, view, PAD, y, w) + 8
        y = _draw_score_track(cv, view, PAD, y, w) + 8
        y = _draw_players(cv, view, groups, PAD, y, w, me) + 8
        y = _draw_offer(cv, view, PAD, y, w, me, groups["offer"]) + 8
        cv.height = y + PAD
