"""Euphoria's table on the canvas: the four regions with every action space and the dice on
them, tunnels and miners, construction sites and market tiles with their stars, territories,
the allegiance tracks, each player's mat (morale and knowledge tracks, workers, goods), and
the pending choices as buttons.

Drawn from ``view`` only. Laptop (≥ 720 px): the four regions side by side; phone: stacked.
Placing a worker: click its space (several dice for one space: the shell asks which). Other
choices: the buttons of the "Your move" panel. Hover a space, tile or recruit for its text.
"""

from __future__ import annotations

from engines.euphoria.components import (KNOW_MAX, KNOW_MIN, KNOWLEDGE_LIMIT, MARKETS, MORALE_MAX,
                                         MORALE_MIN, RECRUITS, SITE_SPACES, SPACES, TUNNELS)
from engines.euphoria.labels import cost_words

from ..canvas import PALETTE, Canvas

PAD = 10
REGIONS = [
    ("euphorian", "Euphoria", "#d7e3f4", ["GEN", "TUN_EUP", "TUNEND_EUP", "ART_EUP"], ["SITE_EUP_A", "SITE_EUP_B"]),
    ("subterran", "Subterra", "#e8dccb", ["AQU", "TUN_SUB", "TUNEND_SUB", "ART_SUB"], ["SITE_SUB_A", "SITE_SUB_B"]),
    ("wastelander", "Wastelands", "#e4ead2", ["FARM", "TUN_WAS", "TUNEND_WAS", "ART_WAS"], ["SITE_WAS_A", "SITE_WAS_B"]),
    ("icarite", "Icarus", "#f1e6f4", ["CLOUD", "ICA_WIND", "ICA_NIMBUS", "ICA_BREEZE", "ICA_SKY"], []),
]
SHORT_NAMES = {"GEN": "Generator", "AQU": "Aquifer", "FARM": "Farm", "CLOUD": "Cloud Mine",
               "TUN_EUP": "Tunnel", "TUN_SUB": "Tunnel", "TUN_WAS": "Tunnel",
               "TUNEND_EUP": "Tunnel end", "TUNEND_SUB": "Tunnel end", "TUNEND_WAS": "Tunnel end",
               "ART_EUP": "Artifact market", "ART_SUB": "Artifact market", "ART_WAS": "Artifact market",
               "ICA_WIND": "Wind Saloon", "ICA_NIMBUS": "Nimbus Loft", "ICA_BREEZE": "Breeze Bar",
               "ICA_SKY": "Sky Lounge", "WAT_ENERGY": "Tank (3 energy)", "WAT_WATER": "Tank (3 water)"}
GOOD_SHORT = {"energy": "En", "water": "Wa", "food": "Fo", "bliss": "Bl", "gold": "Go", "stone": "St", "clay": "Cl"}


def _color(p: int) -> str:
    return PALETTE["players"][p % len(PALETTE["players"])]


def _cost_text(cost) -> str:
    if not isinstance(cost, dict) or not cost:
        return "free"
    parts = []
    for k, v in cost.items():
        if k == "or":
            parts.append("or a pair")
            continue
        if k == "one_of":
            continue
        parts.append(f"{v} {k.replace('_', ' ')}")
    return ", ".join(parts)


def _space_tip(sp: str, view: dict) -> str:
    s = SPACES[sp]
    text = f"{s.name}. Cost: {cost_words(s.cost)}. Reward: {_cost_text(s.reward) if isinstance(s.reward, dict) else s.reward}."
    notes = getattr(s, "notes", None)
    return text + (f" {notes}" if notes else "")


def _tile_tip(tile: str) -> str:
    m = MARKETS[tile]
    return f"{m.name}. Visit: {cost_words(m.visit_cost)}. Penalty (without your star here): {m.penalty_text}"


def _recruit_tip(rid: str) -> str:
    r = RECRUITS[rid]
    return f"{r.name} ({r.faction}): {r.text}"


class _Acts:
    """The legal actions, indexed for the board: placements by space, the rest as buttons."""

    def __init__(self, actions: list[dict]):
        self.by_space: dict[str, list[int]] = {}
        self.buttons: list[tuple[int, str]] = []
        for a in actions:
            act = a["action"]
            if act.get("type") == "place":
                self.by_space.setdefault(act["space"], []).append(a["index"])
            else:
                label = a.get("label") or str(act)
                if label.startswith("Player "):
                    label = label.split(" ", 2)[2]
                self.buttons.append((a["index"], label[:1].upper() + label[1:]))


def _dice(cv: Canvas, view: dict, sp: str, x: float, y: float, size: float = 16) -> None:
    for i, (q, d) in enumerate(view["spaces"].get(sp, [])):
        dx = x + i * (size + 3)
        cv.rect(dx, y, size, size, _color(q), "#000", 1, 3)
        cv.text(dx + size / 2, y + size / 2 + 1, str(view["players"][q]["dice"][d]), size * 0.7, "#fff",
                align="center", baseline="middle", bold=True)


def _space_box(cv: Canvas, view: dict, acts: _Acts, sp: str, x: float, y: float, w: float, h: float,
               label: str | None = None, fill: str = PALETTE["panel"]) -> None:
    cv.rect(x, y, w, h, fill, PALETTE["line"], 1, 5)
    cv.text(x + 5, y + 12, label or SHORT_NAMES.get(sp, sp), 11, PALETTE["ink"], bold=True, max_width=w - 8)
    if h >= 34:
        cv.text(x + 5, y + 24, cost_words(SPACES[sp].cost) if not sp.startswith("MKT_") else "", 9,
                PALETTE["muted"], max_width=w - 8)
    _dice(cv, view, sp, x + w - 4 - 19 * max(1, len(view["spaces"].get(sp, []))), y + h - 19, 16)
    idx = acts.by_space.get(sp)
    if idx:
        cv.highlight(x, y, w, h, 5)
    cv.hit(x, y, w, h, action=idx if idx else None, tip=_space_tip(sp, view))


def _region(cv: Canvas, view: dict, acts: _Acts, reg, x: float, y: float, w: float, cols: int) -> float:
    faction, title, fill, spaces, sites = reg
    y0 = y
    cv.rect(x, y, w, 10, fill, None)
    cv.text(x + 6, y + 16, title, 14, PALETTE["ink"], bold=True)
    ally = view["allegiance"][faction]
    cv.text(x + w - 6, y + 16, f"allegiance {ally}/11", 11, PALETTE["muted"], align="right")
    y += 22
    # allegiance track
    step = (w - 12) / 12
    for i in range(12):
        tier = i in (2, 5, 8, 11)
        cv.rect(x + 6 + i * step, y, step - 2, 8, "#444" if i <= ally and i else ("#bbb" if tier else "#e6e0d6"), None)
    y += 12
    if faction in view["miners"]:
        m = view["miners"][faction]
        cv.text(x + 6, y + 10, f"Miner {m}/9 (6: reveal, 9: end opens)", 10, PALETTE["muted"])
        step = (w - 12) / 10
        for i in range(10):
            cv.rect(x + 6 + i * step, y + 14, step - 2, 6, "#7b5b2a" if i <= m and i else "#e6e0d6", None)
        y += 24
    gap = 6
    bw = (w - gap * (cols - 1)) / cols
    for i, sp in enumerate(spaces):
        cx = x + (i % cols) * (bw + gap)
        if i and i % cols == 0:
            y += 40
        _space_box(cv, view, acts, sp, cx, y, bw, 36, fill=fill)
    y += 42
    for site in sites:
        sd = view["sites"][site]
        tile = sd["tile"]
        built = sd["built"]
        label = MARKETS[tile].name if tile else "Market (face down)"
        cv.rect(x, y, w, 20, "#fff" if built else "#ddd", PALETTE["line"], 1, 4)
        cv.text(x + 5, y + 14, label, 11, PALETTE["ink"] if built else PALETTE["muted"], bold=bool(built), max_width=w - 60)
        for j, q in enumerate(sd["stars"]):
            cv.text(x + w - 8 - 12 * j, y + 14, "★", 13, _color(q), align="right")
        cv.hit(x, y, w, 20, tip=_tile_tip(tile) if tile else "A market tile, face down until built.")
        y += 24
        mkt = "MKT" + site[4:]
        if built:
            _space_box(cv, view, acts, mkt, x, y, w, 30, label=f"Visit: {cost_words(MARKETS[tile].visit_cost)}")
            y += 34
        else:
            sw = (w - 3 * 4) / 4
            for k, cs in enumerate(SITE_SPACES[site]):
                _space_box(cv, view, acts, cs, x + k * (sw + 4), y, sw, 34,
                           label=f"Site {k + 1}", fill="#f7f2e8")
            y += 38
    # territory
    n = len(view["players"])
    terr = view["territory"][faction]
    cv.text(x + 6, y + 12, "Territory", 11, PALETTE["ink"], bold=True)
    sx = x + 70
    for i in range(6):
        cv.rect(sx + i * 18, y + 1, 16, 16, "#fff" if i < n else "#999", PALETTE["line"], 1, 8)
    k = 0
    for q, c in enumerate(terr):
        for _ in range(c):
            cv.text(sx + k * 18 + 8, y + 14, "★", 13, _color(q), align="center")
            k += 1
    cv.hit(x, y, w, 18, tip=f"{title} territory: {n} open star spaces, {sum(terr)} taken.")
    y += 24
    cv.rect(x - 2, y0 - 2, w + 4, y - y0 + 2, None, PALETTE["line"], 1, 6)
    return y - y0 + 6


TRACK_CELL = 16  # side of one step of the morale / knowledge track, px


def _label_width(label: str) -> float:
    """Room for a track label: the canvas estimate runs short for wide letters, so pad it."""
    return Canvas.text_width(label, 11) * 1.25 + 4


def _track(cv: Canvas, x: float, y: float, label: str, lo: int, hi: int, value: int, color: str,
           tip: str) -> float:
    """One player track as a row of numbered cells ``lo``..``hi`` after its label, the cell of
    ``value`` filled in the player's colour (the marker). Returns the width used."""
    label_w = _label_width(label)
    cv.text(x, y + TRACK_CELL / 2, label, 11, PALETTE["ink"], baseline="middle", max_width=label_w - 4)
    cx = x + label_w
    for v in range(lo, hi + 1):
        here = v == value
        cv.rect(cx, y, TRACK_CELL, TRACK_CELL, color if here else "#fff", color if here else PALETTE["line"],
                2 if here else 1, 3)
        cv.text(cx + TRACK_CELL / 2, y + TRACK_CELL / 2 + 1, str(v), 10, "#fff" if here else PALETTE["muted"],
                align="center", baseline="middle", bold=here)
        cx += TRACK_CELL + 1
    cv.hit(x, y, cx - x, TRACK_CELL, tip=tip)
    return cx - x


def _tracks(cv: Canvas, pl: dict, color: str, x: float, y: float, w: float) -> float:
    """The morale and knowledge tracks of one player mat: side by side when they fit in ``w``,
    else one under the other. Returns the height used."""
    morale, know = pl["morale"], pl["knowledge"]
    morale_tip = (f"Morale {morale} (track {MORALE_MIN}–{MORALE_MAX}): hand limit of {morale} "
                  f"artifact card(s).")
    know_tip = (f"Knowledge {know} (track {KNOW_MIN}–{KNOW_MAX}): added to the dice after each roll; "
                f"a total of {KNOWLEDGE_LIMIT}+ loses a worker.")
    used = _track(cv, x, y, "Morale", MORALE_MIN, MORALE_MAX, morale, color, morale_tip)
    k_label = "Knowledge"
    k_width = _label_width(k_label) + (KNOW_MAX - KNOW_MIN + 1) * (TRACK_CELL + 1)
    if used + 14 + k_width <= w:
        _track(cv, x + used + 14, y, k_label, KNOW_MIN, KNOW_MAX, know, color, know_tip)
        return TRACK_CELL + 4
    _track(cv, x, y + TRACK_CELL + 3, k_label, KNOW_MIN, KNOW_MAX, know, color, know_tip)
    return 2 * TRACK_CELL + 7


def _player(cv: Canvas, view: dict, q: int, me, x: float, y: float, w: float) -> float:
    pl = view["players"][q]
    y0 = y
    active = view["current"] == q and view["phase"] == "play"
    cv.rect(x, y, w, 8, _color(q), None)
    who = f"Player {q + 1}" + (" (you)" if q == me else "") + ("  ◀ to play" if active else "")
    cv.text(x + 4, y + 22, who, 13, _color(q), bold=True)
    cv.text(x + w - 4, y + 22, f"★ {10 - pl['stars']}/10", 13, PALETTE["ink"], align="right", bold=True)
    y += 28
    y += _tracks(cv, pl, _color(q), x + 4, y, w - 8)
    # dice available
    cv.text(x + 4, y + 11, "Workers:", 11)
    dx = x + 60
    for d, wh in enumerate(pl["where"]):
        if wh == "pool":
            continue
        on = wh != "avail"
        cv.rect(dx, y, 16, 16, "#fff" if on else _color(q), _color(q), 2, 3)
        cv.text(dx + 8, y + 9, str(pl["dice"][d]), 11, _color(q) if on else "#fff", align="center", baseline="middle", bold=True)
        cv.hit(dx, y, 16, 16, tip=f"Worker showing {pl['dice'][d]}: " + ("available" if not on else f"on {SPACES[wh].name}"))
        dx += 20
    y += 20
    goods = "  ".join(f"{GOOD_SHORT[g]} {n}" for g, n in pl["goods"].items())
    cv.text(x + 4, y + 10, goods, 10, PALETTE["ink"], max_width=w - 8)
    y += 16
    hand = pl["hand"]
    htxt = ", ".join(hand) if isinstance(hand, list) else f"{hand} card(s)"
    cv.text(x + 4, y + 10, f"Artifacts: {htxt if htxt else 'none'}", 10, max_width=w - 8)
    y += 16
    for rid in pl["active"] if isinstance(pl["active"], list) else []:
        star = " ★" if rid in pl["recruit_stars"] else ""
        cv.text(x + 4, y + 10, f"● {RECRUITS[rid].name}{star}", 10, PALETTE["good"], max_width=w - 8)
        cv.hit(x, y, w, 14, tip=_recruit_tip(rid))
        y += 14
    hid = pl["hidden"]
    if isinstance(hid, list):
        for rid in hid:
            cv.text(x + 4, y + 10, f"○ {RECRUITS[rid].name} (hidden)", 10, PALETTE["muted"], max_width=w - 8)
            cv.hit(x, y, w, 14, tip=_recruit_tip(rid))
            y += 14
    elif hid:
        cv.text(x + 4, y + 10, f"○ {hid} hidden recruit(s)", 10, PALETTE["muted"])
        y += 14
    dil = pl["dilemma"]
    dtxt = "resolved" + (" ★" if pl["dilemma_star"] else "") if pl["dilemma_done"] else (
        f"dilemma: {dil.split('_', 1)[1]}" if dil else "dilemma card (face down)")
    cv.text(x + 4, y + 10, dtxt, 10, PALETTE["muted"])
    y += 16
    cv.rect(x - 2, y0 - 2, w + 4, y - y0 + 4, None, PALETTE["line"], 1, 6)
    return y - y0 + 8


def _status(view: dict, me) -> str:
    pend = view.get("pending")
    if view["phase"] == "over":
        return "Game over — winner(s): " + ", ".join(f"Player {w + 1}" for w in view["winners"])
    if not pend:
        return ""
    who = f"Player {pend['player'] + 1}"
    kind = {"turn": "to place, retrieve or resolve the dilemma", "keep": "choosing recruits",
            "hand_limit": "discarding down to the hand limit", "pay": "choosing how to pay",
            "hooks": "using a recruit ability", "trade_answer": "answering a trade"}.get(pend["kind"], pend["kind"].replace("_", " "))
    return f"{who} {'(you) ' if pend['player'] == me else ''}is {kind}" if pend["kind"] != "turn" else f"{who}'s turn: {kind}"


def _buttons(cv: Canvas, acts: _Acts, x: float, y: float, w: float) -> float:
    if not acts.buttons and not acts.by_space:
        return 0
    y0 = y
    cv.text(x, y + 14, "Your move" + (" — click a highlighted space to place a worker" if acts.by_space else ""),
            13, PALETTE["highlight"], bold=True, max_width=w)
    y += 22
    bx = x
    row_h = 22.0
    for idx, label in acts.buttons:
        # a label wider than the row wraps onto more lines (at the same size) instead of shrinking
        lines = cv.wrap(label, 11, w - 16) if Canvas.text_width(label, 11) + 16 > w else [label]
        bw = min(w, max(Canvas.text_width(ln, 11) for ln in lines) + 16)
        bh = 22.0 + 14 * (len(lines) - 1)
        if bx + bw > x + w:
            bx = x
            y += row_h + 4
            row_h = 22.0
        cv.rect(bx, y, bw, bh, "#fff", PALETTE["highlight"], 1.5, 5)
        for i, ln in enumerate(lines):
            cv.text(bx + 8, y + 15 + 14 * i, ln, 11, PALETTE["ink"], max_width=bw - 12)
        cv.hit(bx, y, bw, bh, action=idx, tip=label)
        row_h = max(row_h, bh)
        bx += bw + 6
    return y + row_h + 8 - y0 if acts.buttons else y - y0


def _scores(cv: Canvas, view: dict, x: float, y: float, w: float) -> float:
    cats = ["territories", "market tiles", "recruits", "dilemma"]
    y0 = y
    cv.text(x, y + 14, "Stars by category", 14, bold=True)
    y += 22
    cw = w / (len(cats) + 2)
    cv.text(x, y + 12, "Player", 11, bold=True)
    for i, c in enumerate(cats + ["total"]):
        cv.text(x + (i + 1) * cw, y + 12, c, 11, bold=True)
    y += 18
    for q, pl in enumerate(view["players"]):
        row = [sum(view["territory"][f][q] for f in view["territory"]),
               sum(1 for s in view["sites"].values() if q in s["stars"]),
               len(pl["recruit_stars"]), 1 if pl["dilemma_star"] else 0]
        cv.text(x, y + 12, f"Player {q + 1}" + (" ★ winner" if q in view["winners"] else ""), 11, _color(q), bold=True)
        for i, v in enumerate(row + [sum(row)]):
            cv.text(x + (i + 1) * cw, y + 12, str(v), 11)
        y += 16
    return y + 8 - y0


def render(cv: Canvas, view: dict, actions: list[dict], me: int | None) -> None:
    acts = _Acts(actions)
    wide = cv.width >= 720
    inner = cv.width - 2 * PAD
    y = PAD
    deck = f"Artifact deck {view['art_deck']} · discards {len(view['art_discard'])} · recruit deck {view['recruit_deck']}"
    for line in cv.wrap(_status(view, me), 15, inner if not wide else inner - 330):
        cv.text(PAD, y + 16, line, 15, PALETTE["ink"], bold=True)
        y += 20
    if wide:
        cv.text(cv.width - PAD, PAD + 16, deck, 11, PALETTE["muted"], align="right")
    else:
        cv.text(PAD, y + 10, deck, 11, PALETTE["muted"])
        y += 16
    y += 6
    if view["log"]:
        cv.text(PAD, y + 10, view["log"][-1], 11, PALETTE["muted"], max_width=inner)
        y += 16
    if view["phase"] == "over":
        y += _scores(cv, view, PAD, y, inner) + 20
    y += _buttons(cv, acts, PAD, y, inner) + 4
    # the tank, shared
    tw = (inner - 6) / 2
    _space_box(cv, view, acts, "WAT_ENERGY", PAD, y, tw, 36, label="Tank: +worker, knowledge −2")
    _space_box(cv, view, acts, "WAT_WATER", PAD + tw + 6, y, tw, 36, label="Tank: +worker, morale +2")
    y += 44
    if wide:
        rw = (inner - 3 * 10) / 4
        hmax = 0.0
        for i, reg in enumerate(REGIONS):
            hmax = max(hmax, _region(cv, view, acts, reg, PAD + i * (rw + 10), y, rw, 2))
        y += hmax + 6
        cols = min(len(view["players"]), 3)
    else:
        for reg in REGIONS:
            y += _region(cv, view, acts, reg, PAD, y, inner, 2) + 4
        cols = 1
    pw = (inner - 10 * (cols - 1)) / cols
    row_h = 0.0
    for i in range(len(view["players"])):
        if i and i % cols == 0:
            y += row_h
            row_h = 0.0
        row_h = max(row_h, _player(cv, view, i, me, PAD + (i % cols) * (pw + 10), y, pw))
    y += row_h
    if view.get("shown"):
        cv.text(PAD, y + 12, f"Player {view['shown']['player'] + 1} showed: {', '.join(view['shown']['hand'])}", 11)
        y += 18
    cv.height = y + PAD
