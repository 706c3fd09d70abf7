"""Spyrium's table on the canvas: ``render(cv, view, actions, me)`` (see ``tavolo_ui.canvas``).

Drawn from the view only. Layout (laptop: two columns; phone, below 760 px: one column):

- a header with the round, the period, the deck sizes and whose turn it is;
- the turn event and the next event, each with its token; the player-to-move's buttons
  (move to Phase II, pass, the 8 VP bonus);
- the 3x3 market with the 12 worker slots drawn in the gaps between the cards, workers as
  coloured discs, tokens on the cards;
- the score and Residence tracks;
- each player's neighbourhood: techniques left of the start card, buildings right of it
  (a used card is drawn tilted), workers active on the start card / spent / in reserve,
  money, Spyrium, kept tokens and the phase the player is in;
- at the end, the score breakdown by category.

Clicks: a slot places a worker (or takes back your worker there: earn money); a market card
offers every activation of it (hire / build / patent / earn money); a building its uses
(and Taylorism); the turn event its options; buttons for the rest.

The coach: every spot that stands for a move of the player whose table it is carries that
move as its ``probe`` (a market card: hire / build / patent it; a slot: place a worker; a
building: use it; Taylorism; the turn event; Pass, drawn greyed when it is not legal), built
from the view alone, so a click on it when it is not legal says why (``Game.why_not``). Every
card, event, slot, track and start card carries its reference id (``ref``).
"""

from __future__ import annotations

from types import SimpleNamespace

from engines.core.i18n import Text, player
from engines.spyrium.public import (BONUS_MONEY, KINDS, SYMBOLS, Building, Event, MarketCard, SpyriumView, T,
                                    Technique, bare_name, card_effects, card_tip, event_effect, event_name, join,
                                    slot_text, type_of, variant_text)
from tavolo_ui.canvas import MIN_TEXT, PALETTE, Canvas, finger, seat_colour, seat_text_colour

INK, MUTED, LINE, PANEL = PALETTE["ink"], PALETTE["muted"], PALETTE["line"], PALETTE["panel"]
Card = Building | Technique | MarketCard
"""A card face the table draws: in a neighbourhood or in the market."""
KIND_FILL = {"building": "#e8dcc4", "character": "#d9e6f2", "technique": "#e3d9ef"}

_LANG = ["en"]
"""The language of the table being drawn (``cv.lang``, set by ``render``)."""


def _t(text: "Text | str") -> str:
    """``text`` in the language of the table."""
    return text.render(_LANG[0]) if isinstance(text, Text) else text

MIN_NAME = 11.0
"""The smallest font of a card name; a longer name wraps onto a second line instead."""


def _colour(seat: int) -> str:
    return seat_colour(seat)


def _short(s: str, size: float, width: float) -> str:
    """``s`` cut to ``width``, ending in "…" when cut (the tip has the whole text)."""
    if Canvas.text_width(s, size) <= width:
        return s
    while s and Canvas.text_width(s + "…", size) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def _bold_width(s: str, size: float) -> float:
    """``Canvas.text_width`` with a margin for bold text, which runs wider than the estimate."""
    return 1.12 * Canvas.text_width(s, size)


def _name_lines(name: str, size: float, first: float, full: float,
                min_size: float = MIN_NAME) -> tuple[list[str], float, bool]:
    """How a card name fits: (lines, font size, whether the cost moves below the first line).

    The font shrinks from ``size`` down to ``min_size`` to keep the name on the first line
    beside the cost (``first`` px); failing that the name takes the whole line (``full``)
    and the cost goes down a line; failing that it wraps at its spaces (and at its hyphens,
    "Working-" / "Class") onto as many lines as it needs, the first beside the cost: the
    name is drawn whole, the same name as in the list and the log (the card grows,
    ``_fit_height``)."""
    ns = size
    while ns > min_size and _bold_width(name, ns) > first:
        ns -= 0.5
    if _bold_width(name, ns) <= first:
        return [name], ns, False
    if _bold_width(name, ns) <= full:
        return [name], ns, True
    if " " not in name and "-" not in name:  # one long word ("Capitalizzazione"): smaller, else split
        while ns > MIN_TEXT and _bold_width(name, ns) > full:
            ns -= 0.5
        if _bold_width(name, ns) <= full:
            return [name], ns, True
        cut = max(3, int(len(name) * first / _bold_width(name, ns)) - 1)
        return [name[:cut] + "-", name[cut:]], ns, False
    lines: list[str] = []
    for word in _name_words(name, ns, full):
        room = first if len(lines) <= 1 else full
        joint = "" if lines and lines[-1].endswith("-") else " "
        if lines and _bold_width(f"{lines[-1]}{joint}{word}", ns) <= room:
            lines[-1] += f"{joint}{word}"
        else:
            lines.append(word)
    return lines, ns, False


def _name_words(name: str, size: float, width: float) -> list[str]:
    """The pieces a card name wraps at: its words, a word wider than ``width`` cut after its
    hyphens ("Working-Class" → "Working-", "Class")."""
    out: list[str] = []
    for word in name.split():
        if _bold_width(word, size) <= width or "-" not in word:
            out.append(word)
            continue
        parts = word.split("-")
        out += [p + "-" for p in parts[:-1]] + [parts[-1]]
    return out


class _Acts:
    """The legal actions, indexed by what they are about."""

    def __init__(self, actions: list[dict]):
        self.all = actions
        self.used: set[int] = set()

    def pick(self, pred) -> list[int]:
        out = [a["index"] for a in self.all if pred(a["action"])]
        self.used.update(out)
        return out


def _card_box(cv: Canvas, x: float, y: float, w: float, h: float, card: Card, tokens: list[int] | None,
              tapped: bool = False, size: float = 12, bottom: float = 0, info_tip: str | None = None) -> float:
    """A card face: name (shrunk to ``MIN_NAME``, then wrapped), cost, kind/VP/symbols, then its
    effect above ``bottom`` px kept free at the foot (tokens, workers). No text is smaller than
    ``MIN_TEXT``. Returns the height the whole face needs: drawn on a card that tall, nothing
    is cut (``_fit_height`` measures cards with it before drawing them). With ``info_tip``, an
    "i" beside the kind opens the card's full text (tip) on a click or a tap, also when the card
    itself is a legal move (a click on it would play)."""
    fill = KIND_FILL.get(card["kind"], PANEL)
    if tapped:  # a used card is drawn tilted
        dx = h * 0.18
        cv.poly([(x + dx, y), (x + w, y + dx), (x + w - dx, y + h), (x, y + h - dx)], fill, LINE, 1)
    else:
        cv.rect(x, y, w, h, fill, LINE, 1, 6)
    pad = 5
    small = max(MIN_TEXT, size - 2)
    name = _t(bare_name(card["card"]))
    variant = variant_text(card["card"])
    cost = f"£{card['cost']}"
    cost_w = Canvas.text_width(cost, small) + 4
    lines, ns, cost_down = _name_lines(name, size, w - 2 * pad - cost_w, w - 2 * pad)
    ty = y + pad
    for ln in lines:
        cv.text(x + pad, ty, ln, ns, INK, baseline="top", bold=True)
        ty += ns + 2
    ty += 1
    cv.text(x + w - pad, y + pad + (ns + 3 if cost_down else 0), cost, small, INK, align="right",
            baseline="top")
    pieces = [_t(KINDS[card["kind"]])]
    if card["kind"] == "building":
        pieces = ([_t(variant)] if variant else []) + [_t(T("{n} VP", n=card["vp"]))]
        if card["symbols"]:
            pieces.append(" + ".join(_t(SYMBOLS[s]) for s in card["symbols"]))
    details: list[str] = []
    for piece in pieces:  # "left · 1 VP · Factory", or on two lines on a narrow card
        room = w - 2 * pad - INFO - (cost_w if cost_down and not details else 0)
        if details and Canvas.text_width(f"{details[-1]} · {piece}", small) <= room:
            details[-1] += f" · {piece}"
        else:  # a piece wider than the card ("Factory + Research") wraps at its spaces
            details += cv.wrap(piece, small, room)
    info_y = ty
    for ln in details:
        cv.text(x + pad, ty, ln, small, MUTED, baseline="top")
        ty += small + 2
    fs = small
    top = ty + 2
    room = (h - (top - y) - (2 * min(9, h / 8) + pad if tokens else pad) - (fs if tapped else 0)
            - bottom)
    effect = [ln for ln in cv.wrap(_effect(card), fs, w - 2 * pad - 4) if ln.strip()]  # a margin:
    # the width is an estimate
    need = h - room + len(effect) * (fs + 2)
    fit = max(0, int((room + 2) // (fs + 2)))
    if len(effect) > fit > 0:
        effect = effect[:fit]
        effect[-1] = _short(effect[-1] + "…", fs, w - 2 * pad)
    for i, ln in enumerate(effect[:fit]):
        cv.text(x + pad, top + i * (fs + 2), ln, fs, INK, baseline="top")
    if tapped:  # above the strip kept free at the foot
        cv.text(x + w / 2, y + h - pad - bottom, _t(T("used")), small, PALETTE["bad"], align="center",
                baseline="bottom")
    if info_tip:
        _info(cv, x + w - pad - INFO / 2 + 2, info_y + small / 2, info_tip)
    if tokens:
        r = min(9, h / 8)
        for i, t in enumerate(tokens):
            cx = x + pad + r + i * (2 * r + 3)
            cy = y + h - pad - r
            cv.circle(cx, cy, r, "#fdf6d8", INK, 1)
            cv.text(cx, cy, str(t), max(MIN_TEXT, r * 1.3), INK, align="center", baseline="middle", bold=True)
    return need


def _fit_height(cv: Canvas, cards: list[tuple[Card, list[int] | None, bool, float]], w: float, size: float,
                least: float) -> float:
    """The card height (at least ``least``) on which each of ``cards`` (card, tokens, used,
    bottom) shows its whole text at width ``w``: measured by drawing them on a scratch canvas."""
    scratch = Canvas(w, least, lang=cv.lang)
    return max([least] + [_card_box(scratch, 0, 0, w, least, c, t, tapped, size, bottom)
                          for c, t, tapped, bottom in cards])


INFO = 18.0
"""The width of a card's "i" spot (its full text on a click), beside the kind line."""


def _info(cv: Canvas, cx: float, cy: float, tip: str) -> None:
    """The "i" spot of a card: a click (or a tap) shows ``tip``, the card's full text, in the
    page's note; drawn after the card's own spot, so it lies on top of it."""
    cv.circle(cx, cy, 7.5, "#ffffff", MUTED, 1)
    cv.text(cx, cy + 0.5, "i", MIN_TEXT, MUTED, align="center", baseline="middle", bold=True)
    cv.hit(cx - 11, cy - 11, 22, 22, tip=tip)


def _effect(card: Card) -> str:
    """What a card does, for the card face: its options one after the other (the full text,
    with its costs and end-of-game value, is its tip)."""
    return " / ".join(_t(e) for e in card_effects(type_of(card["card"])))


def _button(cv: Canvas, x: float, y: float, w: float, h: float, label: str, idx: list[int], tip: str,
            probe: dict | None = None, ref: str | None = None) -> None:
    """A button of the table; without legal actions it is drawn greyed, and a click on it
    says why it cannot be pressed now (its ``probe``)."""
    cv.rect(x, y, w, h, "#fff3e0" if idx else "#f1ede6", LINE, 1, 6)
    cv.text(x + w / 2, y + h / 2, label, 13, INK if idx else MUTED, align="center", baseline="middle",
            bold=True)
    if idx:
        cv.highlight(x, y, w, h)
    cv.hit(x, y, w, h, action=idx or None, tip=tip, probe=probe, ref=ref)


def _event(cv: Canvas, x: float, y: float, w: float, h: float, ev: Event | None, title: str,
           idx: list[int], used_by: list[int], probe: dict | None = None) -> None:
    cv.text(x, y - 4, title, 12, MUTED, baseline="bottom")
    if ev is None:
        cv.rect(x, y, w, h, None, LINE, 1, 6)
        return
    cv.rect(x, y, w, h, "#f6e7cf", LINE, 1, 6)
    phases = _t(_PHASES[tuple(ev["phases"])])
    names, ns, _ = _name_lines(_t(event_name(ev["id"])), 13, w - 12, w - 12, min_size=12)
    ty = y + 6
    for ln in names:
        cv.text(x + 6, ty, ln, ns, INK, baseline="top", bold=True)
        ty += ns + 3
    for ln in cv.wrap(phases, MIN_TEXT, w - 12):  # under the name
        cv.text(x + 6, ty, ln, MIN_TEXT, MUTED, baseline="top")
        ty += 14
    ty += 1
    for i, ln in enumerate(_event_lines(cv, ev, w)):  # the whole text: the box is made tall enough
        if ln:
            cv.text(x + 6, ty + i * 14, ln, MIN_TEXT, INK, baseline="top")
    if ev.get("token") is not None:
        cv.circle(x + w - 14, y + h - 14, 10, "#fdf6d8", INK, 1)
        cv.text(x + w - 14, y + h - 14, str(ev["token"]), 13, INK, align="center", baseline="middle",
                bold=True)
    for i, seat in enumerate(used_by):
        cv.seat_marker(x + 12 + i * 16, y + h - 12, 6, seat)
    about = T("{name}: {text} ({phases})", name=event_name(ev["id"]), text=event_effect(ev["id"]),
              phases=_PHASES[tuple(ev["phases"])])
    if ev.get("token") is not None:
        about = T("{a} {b}", a=about, b=T("Token on the card: {t}.", t=ev["token"]))
    tip = _t(about)
    cv.hit(x, y, w, h, action=idx or None, tip=tip, probe=probe, ref=ev["id"])
    if idx:
        cv.highlight(x, y, w, h)


def _event_lines(cv: Canvas, ev: Event, w: float) -> list[str]:
    """An event's text as drawn on a box ``w`` wide; the last line leaves room for its token."""
    lines = cv.wrap(_t(event_effect(ev["id"])), MIN_TEXT, w - 12)
    if ev.get("token") is not None and lines and Canvas.text_width(lines[-1], MIN_TEXT) > w - 12 - 28:
        lines.append("")
    return lines


def _event_height(cv: Canvas, ev: Event | None, w: float) -> float:
    """The height an event box needs to show its whole text (name, phases, effect, token)."""
    if ev is None:
        return 0
    names, ns, _ = _name_lines(_t(event_name(ev["id"])), 13, w - 12, w - 12, min_size=12)
    phases = cv.wrap(_t(_PHASES[tuple(ev["phases"])]), MIN_TEXT, w - 12)
    return 6 + len(names) * (ns + 3) + 14 * len(phases) + 1 + 14 * len(_event_lines(cv, ev, w)) + 22


_PHASES = {("I", "II"): T("Phase I and II"), ("II",): T("Phase II only"), ("I",): T("Phase I only")}


_VERB = {"character": "hire", "building": "build", "technique": "patent"}
"""The move a market card stands for, by its kind (the coach's probe)."""


def _market(cv: Canvas, view: SpyriumView, acts: _Acts, x0: float, y0: float, cw: float, ch: float,
            gap: float, me: int | None = None) -> float:
    """The 3x3 grid with the 12 slots between the cards. Returns the bottom y.

    With ``me`` (a seat's own table), a card carries the move it stands for (hire, build or
    patent it) and a slot "place a worker here", for the coach."""
    def cell(pos: int) -> tuple[float, float]:
        r, c = divmod(pos, 3)
        return x0 + c * (cw + gap), y0 + r * (ch + gap)

    table = SimpleNamespace(market=[c["card"] if c else None for c in view["market"]])
    cv.rect(x0 - 8, y0 - 8, 3 * cw + 2 * gap + 16, 3 * ch + 2 * gap + 16, "#efe4d2", LINE, 1, 8)
    cv.hit(x0 - 8, y0 - 8, 3 * cw + 2 * gap + 16, 3 * ch + 2 * gap + 16, tip=_t(T("Market")), ref="market")
    for pos, card in enumerate(view["market"]):
        x, y = cell(pos)
        if card is None:
            cv.rect(x, y, cw, ch, None, LINE, 1, 6)
            continue
        idx = acts.pick(lambda a, p=pos: a.get("pos") == p
                        and a["type"] in ("earn", "hire", "build", "patent"))
        about = card_tip(type_of(card["card"]))
        if card["tokens"]:
            about = T("{a} {b}", a=about, b=T("Tokens on the card: {list}.",
                                              list=join([str(t) for t in card["tokens"]])))
        tip = _t(about)
        probe = {"type": _VERB[card["kind"]], "pos": pos} if me is not None else None
        cv.hit(x, y, cw, ch, action=idx or None, tip=tip, probe=probe, ref=type_of(card["card"]))
        _card_box(cv, x, y, cw, ch, card, card["tokens"], size=_market_size(cw), info_tip=tip)
        if idx:
            cv.highlight(x, y, cw, ch)
    for s in view["slots"]:
        p, q = s["positions"]
        (xa, ya), (xb, yb) = cell(p), cell(q)
        if ya == yb:  # horizontal gap
            x, y, w, h = xa + cw + 3, ya + ch * 0.2, gap - 6, ch * 0.6
        else:
            x, y, w, h = xa + cw * 0.15, ya + ch + 3, cw * 0.7, gap - 6
        idx = acts.pick(lambda a, sid=s["id"]: (a["type"] == "place" and a["slot"] == sid)
                        or (a["type"] == "event" and a.get("slot") == sid)
                        or (a["type"] == "earn" and a["slot"] == sid))
        cv.rect(x, y, w, h, "#fbf6ee", LINE, 1, 5)
        r = max(3.5, min(6.0, min(w, h) / 4))
        per_row = max(1, int((w - 4) // (2 * r + 2)))
        for i, seat in enumerate(s["workers"]):
            cx = x + 3 + r + (i % per_row) * (2 * r + 2)
            cy = y + 3 + r + (i // per_row) * (2 * r + 2)
            cv.seat_marker(cx, min(cy, y + h - r), r, seat, line=0.8)
        where = slot_text(table, s["id"])
        tip = _t(T("Worker slot {where}: {workers}", where=where,
                   workers=join([player(w) for w in s["workers"]]) if s["workers"] else T("empty")))
        probe = {"type": "place", "slot": s["id"]} if me is not None else None
        # the slot is drawn 20 px across on a phone; a finger gets 24 (the cards' edges yield)
        cv.hit(*finger(x, y, w, h), action=idx or None, tip=tip, probe=probe, ref="worker-slot")
        if idx:
            cv.highlight(x, y, w, h, radius=4)
    return y0 + 3 * ch + 2 * gap + 8


def _title(cv: Canvas, x: float, y: float, w: float, text: str) -> float:
    """A bold 13 px title, wrapped to ``w`` (bold runs wider than the estimate); the y below."""
    for ln in cv.wrap(text, 13, w / 1.12):
        cv.text(x, y, ln, 13, INK, baseline="top", bold=True)
        y += 18
    return y


def marks_of(view: SpyriumView) -> list:
    marks = list(view.get("bonus_thresholds", []))
    return marks if len(marks) == 2 else [8, 20]


def _tracks(cv: Canvas, view: SpyriumView, x: float, y: float, w: float) -> float:
    players = view["players"]
    top_y = y
    title = _t(T("Score track: victory points (VP), bonus at {a} and {b} VP", a=marks_of(view)[0],
                 b=marks_of(view)[1]))
    y = _title(cv, x, y, w, title)
    marks = view.get("bonus_thresholds", [])
    top = max([2 * max(marks, default=20), *[p["vp"] for p in players]])
    spread = _spread([x + w * min(p["vp"], top) / top for p in players], 13, x + 7, x + w - 7)
    y += 14 * max(level for _, level in spread)  # room for the markers stacked above the track
    cv.rect(x, y, w, 16, "#fbf6ee", LINE, 1, 4)
    for mark in marks:
        mx = x + w * mark / top
        cv.line(mx, y - 2, mx, y + 18, PALETTE["highlight"], 2)
        cv.text(mx, y + 19, str(mark), MIN_TEXT, MUTED, align="center", baseline="top")
    for i, (cx, level) in enumerate(spread):
        cy = y + 8 - level * 14  # markers sharing a spot stack upwards, none covers another
        cv.seat_marker(cx, cy, 6, i)
    y += 36
    cv.hit(x, top_y, w, y - top_y - 4, tip=title, ref="score-track")
    top_y = y
    title = _t(T("Residence track (income in £ and VP of a Residence action)"))
    y = _title(cv, x, y, w, title)
    values = view["residence_track"]
    sw = w / len(values)
    for k, v in enumerate(values):
        cv.rect(x + k * sw, y, sw - 3, 22, "#fbf6ee", LINE, 1, 4)
        cv.text(x + k * sw + 4, y + 11, str(v), 12, MUTED, baseline="middle")
    below = 0  # the markers go under their space, one under another when they share it
    for k in range(len(values)):
        here = [i for i, p in enumerate(players) if p["residence"] == k]
        for j, i in enumerate(here):
            cv.seat_marker(x + k * sw + 9, y + 32 + j * 13, 5.5, i)
        below = max(below, 13 * len(here))
    cv.hit(x, top_y, w, y + 24 + below - top_y, tip=title, ref="residence-track")
    return y + 30 + below


TECH_FOOT = 14.0
"""The strip kept free at the foot of a technique: its current VP."""


def _foot(building: Building) -> float:
    """The strip kept free at the foot of a building: its workers, when it has some."""
    return 16.0 if building["workers"] else 0.0


def _market_size(cw: float) -> float:
    """The name size of a market card ``cw`` wide."""
    return 12 if cw >= 120 else MIN_NAME


def _spread(spots: list[float], gap: float, lo: float, hi: float) -> list[tuple[float, int]]:
    """Where the markers at x positions ``spots`` go: (x, level), level 0 on the track and
    1, 2, ... stacked above it, so that no two markers closer than ``gap`` share a level."""
    levels: list[list[float]] = []
    out: list[tuple[float, int]] = [(0.0, 0)] * len(spots)
    for i in sorted(range(len(spots)), key=lambda k: (spots[k], k)):
        cx = min(max(spots[i], lo), hi)
        level = next((n for n, row in enumerate(levels) if all(abs(cx - o) >= gap for o in row)), len(levels))
        if level == len(levels):
            levels.append([])
        levels[level].append(cx)
        out[i] = (cx, level)
    return out


def _neighbourhood(cv: Canvas, view: SpyriumView, acts: _Acts, seat: int, x: float, y: float, w: float,
                   me: int | None) -> float:
    p = view["players"][seat]
    mine = view.get("to_move") == seat
    head = _t(T("{player} (you)", player=player(seat)) if me == seat else player(seat))
    status = T("passed") if p["passed"] else (T("Phase II") if p["phase"] == 2 else T("Phase I"))
    cv.rect(x, y, w, 4, _colour(seat))
    cv.text(x, y + 8, head, 14, seat_text_colour(seat), baseline="top", bold=True,
            max_width=Canvas.text_width(head, 14, bold=True) + 4)  # a seat name replaces "Player N"
    bits = [T("{vp} VP (total {score})", vp=p["vp"], score=p["score"]), T("£{n}", n=p["money"]),
            T("{n} Spyrium", n=p["spyrium"]), status]
    if view["first_player"] == seat:
        bits.append(T("first player"))
    if mine:
        bits.append(T("to move"))
    if p["event_used"]:
        bits.append(T("turn event used"))
    info = " · ".join(_t(b) for b in bits)
    hw = Canvas.text_width(head, 14, bold=True) + 10
    if Canvas.text_width(info, 12) <= w - hw:
        cv.text(x + hw, y + 10, info, 12, INK, baseline="top")
    else:  # narrow: the figures go under the name
        for ln in cv.wrap(info, 12, w):
            y += 15
            cv.text(x, y + 10, ln, 12, INK, baseline="top")
    y += 28
    cw = 112 if w >= 500 else (w - 12) / 3  # a phone: three cards a row
    ch: float = 88 if w >= 500 else 92
    rows_cw = cw
    ch = _fit_height(cv, [(t, None, t["tapped"], TECH_FOOT) for t in p["techniques"]]
                     + [(b, None, b["tapped"], _foot(b)) for b in p["buildings"]], cw, 11, ch)
    cx = x  # techniques, then the start card, then the buildings, wrapping as needed
    for t in p["techniques"]:
        if cx + rows_cw > x + w:
            cx = x
            y += ch + 8
        taylorism = t["card"].startswith("B-taylorism")
        idx = acts.pick(lambda a: a["type"] == "taylorism") if mine and taylorism else []
        vp = p["technique_vp"].get(t["name"], 0)
        tip = _t(T("{a} {b}", a=card_tip(type_of(t["card"])), b=T("Now worth {n} VP.", n=vp)))
        cv.hit(cx, y, rows_cw, ch, action=idx or None, tip=tip,
               probe={"type": "taylorism"} if taylorism and me == seat else None, ref=type_of(t["card"]))
        _card_box(cv, cx, y, rows_cw, ch, t, None, t["tapped"], 11, bottom=TECH_FOOT, info_tip=tip)
        cv.text(cx + rows_cw - 5, y + ch - 5, _t(T("{n} VP", n=vp)), MIN_TEXT, MUTED, align="right",
                baseline="bottom")
        cx += rows_cw + 6
    # the start card, with the active workers on it
    if cx + rows_cw > x + w:
        cx = x
        y += ch + 8
    cv.rect(cx, y, rows_cw, ch, "#ffffff", _colour(seat), 2, 6)
    cv.text(cx + 5, y + 4, _t(T("Start card")), MIN_TEXT, MUTED, baseline="top")
    per_row = max(1, int((rows_cw - 8) // 13))
    for i in range(p["active"]):  # between the title and the two lines at the foot
        cv.seat_marker(cx + 10 + (i % per_row) * 13, y + 26 + (i // per_row) * 13, 5, seat)
    for k, ln in enumerate(reversed([_t(T("spent {n}", n=p["spent"])),
                                     _t(T("reserve {n}", n=p["reserve"]))])):
        cv.text(cx + 5, y + ch - 4 - k * (MIN_TEXT + 2), ln, MIN_TEXT, MUTED, baseline="bottom")
    bonuses = [T("a worker") if b == "worker" else T("£{n}", n=BONUS_MONEY) for b in p["bonuses_left"]]
    cv.hit(cx, y, rows_cw, ch, tip=_t(T(
        "{player}: workers {active} active on the start card, {spent} spent beside it, {market} "
        "in the market, {reserve} in the reserve. Kept tokens: {kept}. Bonuses still to receive: "
        "{bonuses}.", player=player(seat), active=p["active"], spent=p["spent"],
        market=p["in_market"], reserve=p["reserve"],
        kept=join([str(k) for k in p["kept_tokens"]]) if p["kept_tokens"] else T("none"),
        bonuses=join(bonuses) if bonuses else T("none"))), ref="start-card")
    cx += rows_cw + 6
    for bi, b in enumerate(p["buildings"]):
        if cx + rows_cw > x + w:
            cx = x
            y += ch + 8
        idx = acts.pick(lambda a, k=bi: a["type"] in ("use", "taylorism")
                        and a.get("building") == k) if mine else []
        probe = None
        if me == seat:  # use it; a used one again with Taylorism, when it is ready
            again = b["tapped"] and any(t["card"].startswith("B-taylorism") and not t["tapped"]
                                        for t in p["techniques"])
            probe = {"type": "taylorism" if again else "use", "building": bi}
        tip = _t(card_tip(type_of(b["card"])))
        cv.hit(cx, y, rows_cw, ch, action=idx or None, tip=tip, probe=probe, ref=type_of(b["card"]))
        _card_box(cv, cx, y, rows_cw, ch, b, None, b["tapped"], 11, bottom=_foot(b), info_tip=tip)
        for i in range(b["workers"]):  # workers standing on the building, in the strip at its foot
            cv.seat_marker(cx + rows_cw - 11 - i * 13, y + ch - 10, 5, seat)
        if idx:
            cv.highlight(cx, y, rows_cw, ch)
        cx += rows_cw + 6
    if p["kept_tokens"]:
        kept = ", ".join(map(str, p["kept_tokens"]))
        cv.text(x, y + ch + 4, _t(T("Tokens kept with Commerce: {list}", list=kept)), 11, MUTED,
                baseline="top")
        y += 14
    return y + ch + 14


def render(cv: Canvas, view: SpyriumView, actions: list[dict], me: int | None) -> None:
    _LANG[0] = getattr(cv, "lang", "en")
    acts = _Acts(actions)
    w = cv.width
    phone = w < 760
    m = 10
    y: float = m
    tm = view.get("to_move")
    head = _t(T("Spyrium · round {n} of {total} (period {period})", n=view["round"],
                total=view["rounds"], period=view["period"]))
    if view["over"]:
        head += " · " + _t(T("game over"))
    elif tm is not None:
        head += " · " + _t(T("{player} to move", player=player(tm)))
    for ln in cv.wrap(head, 15, w - 2 * m, bold=True):  # "Player 1 to move": the name stays whole
        cv.text(m, y, ln, 15, INK, baseline="top", bold=True)
        y += 20
    decks = join([T("period {k}: {n}", k=k, n=v) for k, v in view["decks"].items()])
    discard = join([str(t) for t in view["token_discard"]]) if view["token_discard"] else T("none")  # tokens: "nessuno"
    sub = _t(T("Cards left in the decks: {decks} · face-down tokens: {reserve} · discarded tokens: "
               "{discard} · events still hidden under the next one: {hidden}", decks=decks,
               reserve=view["token_reserve"], discard=discard, hidden=view["hidden_events"]))
    for ln in cv.wrap(sub, 11, w - 2 * m):
        cv.text(m, y, ln, 11, MUTED, baseline="top")
        y += 14
    y += 6

    right_x: float  # the right column's left edge (on a phone the column goes below, at the margin)
    if phone:
        col_w = w - 2 * m
        left_x, right_x = m, m
    else:
        col_w = min(560, (w - 3 * m) * 0.52)
        left_x, right_x = m, m * 2 + col_w

    # events and buttons
    ev_w = (col_w - 10) / 2
    ev_h = max(104 if not phone else 140,
               *(_event_height(cv, ev, (col_w - 10) / 2) for ev in (view["turn_event"], view["next_event"])))
    y_ev = y + 16
    used_by = [i for i, p in enumerate(view["players"]) if p["event_used"]]
    _event(cv, left_x, y_ev, ev_w, ev_h, view["turn_event"], _t(T("Turn event")),
           acts.pick(lambda a: a["type"] == "event"), used_by,
           probe={"type": "event"} if me is not None else None)
    _event(cv, left_x + ev_w + 10, y_ev, ev_w, ev_h, view["next_event"], _t(T("Next event")), [], [])
    y = y_ev + ev_h + 10
    bx: float = left_x
    my_turn = me is not None and tm == me and not view["pending_bonus"]
    buttons = [  # label, which actions, tip, the move (a greyed button when not legal), reference
        (T("Move to Phase II"), lambda a: a["type"] == "switch",
         T("Move your disc to Phase II and take a Phase II action now"), None, None),
        (T("Pass"), lambda a: a["type"] == "pass", T("Pass for the rest of the round"),
         {"type": "pass"} if my_turn else None, None),
        (T("Bonus: a worker"), lambda a: a["type"] == "choose_bonus" and a["bonus"] == "worker",
         T("Take a worker from your reserve, active on your start card"), None, "bonus-marker"),
        (T("Bonus: £{n}", n=BONUS_MONEY), lambda a: a["type"] == "choose_bonus" and a["bonus"] == "money",
         T("Take £{n} from the bank", n=BONUS_MONEY), None, "bonus-marker"),
    ]
    for text, pred, about, probe, ref in buttons:
        idx = acts.pick(pred)
        label, tip = _t(text), _t(about)
        if idx or probe:
            bw = Canvas.text_width(label, 13) + 24
            _button(cv, bx, y, bw, 30, label, idx, tip, probe=probe, ref=ref)
            bx += bw + 8
    if bx == left_x:
        msg = _t(T("Waiting for {player}", player=player(tm))) if tm is not None and tm != me else ""
        if view["pending_bonus"] and tm is not None:
            msg = _t(T("{player} chooses a bonus", player=player(tm)))
        if msg:
            cv.text(left_x, y + 15, msg, 12, MUTED, baseline="middle")
    y += 40

    # market
    gap = 26 if phone else 40
    cw = (col_w - 2 * gap - 16) / 3
    ch = 124.0 if phone else min(100.0, cw * 0.72)  # a phone: taller cards, names on two lines
    ch = _fit_height(cv, [(c, c["tokens"], False, 0) for c in view["market"] if c], cw, _market_size(cw), ch)
    y = _market(cv, view, acts, left_x + 8, y + 8, cw, ch, gap, me) + 10
    left_bottom = y

    # right column (or below, on a phone)
    ry = y if phone else 56
    ry = _tracks(cv, view, right_x, ry, col_w if phone else w - right_x - m)
    nb_w = col_w if phone else w - right_x - m
    # at the end the page's own panel has the score table (end_screen.py)
    order = list(range(len(view["players"])))
    if me is not None:
        order = order[me:] + order[:me]
    for seat in order:
        ry = _neighbourhood(cv, view, acts, seat, right_x, ry + 4, nb_w, me)
    # anything still unreachable (should not happen): one list button
    rest = [a["index"] for a in actions if a["index"] not in acts.used]
    if rest:
        _button(cv, right_x, ry, 160, 28, _t(T("Other actions")), rest, _t(T("Other legal actions")))
        ry += 36
    cv.height = max(cv.height if not phone else 0, left_bottom + 10, ry + 10)
