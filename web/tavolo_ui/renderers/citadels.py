"""The Citadels table on canvas: characters in calling order, every city grouped by colour,
gold / hand / crown of each player, the private hand of the viewer, and the end-of-game
score breakdown. Every legal action sits on its place on the table (a character card, a
district, a player's name) or, for the rest, on a button row.

The coach: a spot that stands for a move of the viewer but has no legal action now carries
that move as its ``probe`` (built from the view only), so a click says why not: a district
of the hand (build it), a character (keep or put it down in the draft; the Assassin's and
the Thief's target on their turn), a player's name (the Magician's exchange), a district in
a city (the Warlord's destruction; in the viewer's own city the Laboratory, Smithy,
Graveyard and Observatory abilities), the deck (draw) and the bank (take 2 gold). Every
character, district, the crown, the deck and the bank carry their reference id (``ref``).

Laptop (>= 720 px): characters across the top, cities in a grid, hand and buttons below.
Phone (< 720 px): everything stacked in one column; ``cv.height`` is set to what is used.
"""

from __future__ import annotations

from typing import cast

from engines.citadels import public as tx
from engines.citadels.public import (ASSASSIN, CHARACTERS, DISTRICTS, MAGICIAN, THIEF, WARLORD, CitadelsView,
                                     CityDistrict, Private, Seat, T, kind)
from engines.citadels.public import label as action_text
from engines.core.i18n import Text, player

from ..canvas import MIN_TEXT, PALETTE, SQUEEZE, Canvas, ink_on, seat_colour

COLOURS = {"yellow": "#f8c81e", "blue": "#1f47b0", "green": "#4ab374", "red": "#c62a1f", "purple": "#a75cd6"}
"""The district colours: the seat colours of the same names (``PALETTE["players"]``), told apart
under every colour-vision deficiency (tests/ui/test_palette.py); each has its icon too."""
COLOUR_TEXT = {**COLOURS, "yellow": "#9a7400", "green": "#2c7a48"}
"""The district colours for text and icons on a light card (yellow and green darkened)."""
COLOUR_ORDER = ["yellow", "blue", "green", "red", "purple"]
INK, MUTED, LINE, PANEL = PALETTE["ink"], PALETTE["muted"], PALETTE["line"], PALETTE["panel"]
PAD = 10
CARD_W, CARD_H = 64, 44


def _card_tip(k: str, lang: str) -> str:
    return tx.card_text(k).render(lang)


def _char_tip(rank: int, lang: str) -> str:
    return tx.character_text(rank).render(lang)


class _Table:
    """Action lookup: where each legal action goes on the table, and its button text (the
    engine's ``action_label``, computed from the same view)."""

    def __init__(self, actions: list[dict], view: CitadelsView, lang: str = "en", me: int | None = None):
        self.all = actions
        self.lang = lang
        self.me = me
        self.phase = view["phase"]
        turn = view.get("turn")
        #: the character the viewer is playing now (0: he is not playing a turn)
        self.my_rank = (turn["rank"] if turn is not None and me is not None and self.phase in ("turn", "warlord")
                        and turn["seat"] == me else 0)
        self.placed: set[int] = set()
        self.text: dict[int, str] = {}
        for a in actions:
            try:
                self.text[a["index"]] = action_text(view, a["action"], lang)
            except Exception:       # a label bug must not stop the table from drawing
                self.text[a["index"]] = a.get("label") or a["action"].get("type", "?")

    def find(self, typ: str, **fields) -> list[int]:
        out = []
        for a in self.all:
            act = a["action"]
            if act.get("type") == typ and all(act.get(k) == v for k, v in fields.items()):
                out.append(a["index"])
        return out

    def s(self, text: Text) -> str:
        """``text`` in the table's language."""
        return text.render(self.lang)

    def place(self, cv: Canvas, x: float, y: float, w: float, h: float, idx: list[int], tip: str,
              probe: dict | None = None, ref: str | None = None) -> None:
        if idx:
            cv.highlight(x, y, w, h)
            self.placed.update(idx)
            doing = " / ".join(self.text[i] for i in idx)
            cv.hit(x, y, w, h, action=idx if len(idx) > 1 else idx[0],
                   tip=self.s(T("{tip} Click: {doing}.", tip=tip, doing=doing)) if tip else doing, ref=ref)
        else:
            cv.hit(x, y, w, h, tip=tip, probe=probe, ref=ref)


def _income(rank: int) -> str | None:
    """The colour whose districts pay the character of ``rank`` (None: none; ``CHARACTERS``
    has no character at index 0)."""
    character = CHARACTERS[rank]
    return character.income_color if character is not None else None


def colour_icon(cv: Canvas, cx: float, cy: float, r: float, colour: str, ink: str) -> None:
    """The icon of a district colour, its second cue beside the colour itself: a crown
    (yellow, noble), a cross (blue, religious), a coin (green, trade), a shield (red,
    military), a star (purple, special); ``r``: about half its size."""
    if colour == "yellow":
        cv.poly([(cx - r, cy + 0.7 * r), (cx - r, cy - 0.6 * r), (cx - 0.45 * r, cy), (cx, cy - r),
                 (cx + 0.45 * r, cy), (cx + r, cy - 0.6 * r), (cx + r, cy + 0.7 * r)], ink)
    elif colour == "blue":
        a = 0.28 * r
        cv.poly([(cx - a, cy - r), (cx + a, cy - r), (cx + a, cy - 0.45 * r), (cx + 0.75 * r, cy - 0.45 * r),
                 (cx + 0.75 * r, cy + 0.1 * r), (cx + a, cy + 0.1 * r), (cx + a, cy + r), (cx - a, cy + r),
                 (cx - a, cy + 0.1 * r), (cx - 0.75 * r, cy + 0.1 * r), (cx - 0.75 * r, cy - 0.45 * r),
                 (cx - a, cy - 0.45 * r)], ink)
    elif colour == "green":
        cv.circle(cx, cy, 0.9 * r, None, ink, 1.6)
        cv.circle(cx, cy, 0.35 * r, ink)
    elif colour == "red":
        cv.poly([(cx - 0.85 * r, cy - r), (cx + 0.85 * r, cy - r), (cx + 0.85 * r, cy + 0.1 * r), (cx, cy + r),
                 (cx - 0.85 * r, cy + 0.1 * r)], ink)
    else:
        import math
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else 0.45 * r
            ang = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        cv.poly(pts, ink)


BAR = 12
"""The width of a district card's colour band, which carries the colour's icon."""


def _district_card(cv: Canvas, x: float, y: float, k: str, t: _Table, idx: list[int],
                   tip_extra: str = "", w: float = CARD_W, h: float = CARD_H, probe: dict | None = None) -> None:
    d = DISTRICTS[k]
    fill = COLOURS[d.color]
    cv.rect(x, y, w, h, fill="#fff", stroke=fill, line=2, radius=4)
    cv.rect(x, y, BAR, h, fill=fill, radius=3)
    colour_icon(cv, x + BAR / 2, y + 10, 4.5, d.color, ink_on(fill))
    avail = w - BAR - 5
    # the name in bold on up to two lines; a word too long for the card, even with the width
    # estimate's margin (SQUEEZE), is hyphenated ("Osserva-" "torio") rather than squeezed
    lines = cv.wrap(t.s(tx.district(k)), MIN_TEXT, avail * (1 + SQUEEZE), bold=True, split=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for j, ln in enumerate(lines):
        cv.text(x + BAR + 3, y + 3 + 13 * j, ln, size=MIN_TEXT, baseline="top", bold=True, max_width=avail)
    # the cost on a gold coin (bottom right); the points when they differ from the cost
    cv.circle(x + w - 10, y + h - 9, 8, fill="#f5d142", stroke="#8a6d00")
    cv.text(x + w - 10, y + h - 8.5, str(d.cost), size=MIN_TEXT, bold=True, align="center", baseline="middle")
    if d.vp != d.cost:
        cv.text(x + BAR + 3, y + h - 3, t.s(tx.points(d.vp)), size=MIN_TEXT, color=MUTED, baseline="bottom",
                max_width=w - BAR - 22)  # up to the coin
    t.place(cv, x, y, w, h, idx, _card_tip(k, t.lang) + tip_extra, probe=probe, ref=k)


_SPECTATOR: Private = {"hand": [], "characters": [], "face_down": [], "handed": []}
"""The private part of a spectator's view, which has none: no hand, no character."""


def _characters(cv: Canvas, view: CitadelsView, t: _Table, x0: float, y0: float, width: float, per_row: int) -> float:
    """The eight characters in calling order (§6.1) with their status; returns the height."""
    gap = 6
    cw = (width - gap * (per_row - 1)) / per_row
    private = view.get("private", _SPECTATOR)
    mine = set(private["characters"])
    handed = set(private.get("draft_cards", []))
    down = set(private["face_down"])
    cards = []      # per character: name, name beside the number?, status lines, tags
    for c in view["characters"]:
        r, status = c["rank"], c["status"]
        name = t.s(tx.char(r))
        beside = Canvas.text_width(name, 13, bold=True) <= cw - 28 - (14 if _income(r) else 0)
        line2 = {"removed": T("set aside face up"), "killed": T("killed"), "no_answer": T("no answer"),
                 "waiting": None, "revealed": player(c["holder"]) if c["holder"] is not None else None}[status]
        if r in mine and status != "revealed":
            line2 = T("{status} · yours", status=line2) if line2 else T("yours")
        if r in down:
            line2 = T("face down by you")
        if r in handed:
            line2 = T("offered to you")
        tags = []
        if c["killed"] and status != "killed":
            tags.append(t.s(T("to be killed")))
        if c["robbed"]:
            tags.append(t.s(T("robbed")))
        status_lines = cv.wrap(t.s(line2), 11, cw - 10)[:2] if line2 is not None else []
        tag_lines = cv.wrap(", ".join(tags), 11, cw - 10)[:2] if tags else []
        cards.append((name, beside, status_lines, tag_lines))
    ch = max(62, max(30 + (0 if beside else 17) + 13 * (len(sl) + len(tl)) + 4
                     for _, beside, sl, tl in cards))
    for i, c in enumerate(view["characters"]):
        r = c["rank"]
        name, beside, status_lines, tag_lines = cards[i]
        x = x0 + (i % per_row) * (cw + gap)
        y = y0 + (i // per_row) * (ch + gap)
        status = c["status"]
        fill = {"removed": "#e4ddd2", "revealed": "#fff", "killed": "#f3d6d3", "no_answer": "#ece7df"}.get(status, PANEL)
        stroke = PALETTE["highlight"] if c["current"] else LINE
        cv.rect(x, y, cw, ch, fill=fill, stroke=stroke, line=3 if c["current"] else 1, radius=6)
        income = _income(r)
        cv.text(x + 6, y + 5, f"{r}", size=16, bold=True, baseline="top", color=COLOUR_TEXT.get(income or "", INK))
        if income:  # the colour whose districts pay this character: its icon too
            colour_icon(cv, x + cw - 11, y + 13, 5, income, COLOUR_TEXT[income])
        if beside:
            cv.text(x + 24, y + 7, name, size=13, bold=True, baseline="top", max_width=cw - 28 - (14 if income else 0))
            yy = y + 30
        else:           # a long name on a narrow card: its own line under the number, smaller
            size = max(MIN_TEXT, min(13.0, 13 * (cw - 10) / Canvas.text_width(name, 13, bold=True)))
            cv.text(x + 6, y + 26, name, size=size, bold=True, baseline="top", max_width=cw - 10)
            yy = y + 45
        for ln in status_lines:
            cv.text(x + 6, yy, ln, size=11, color=MUTED, baseline="top", max_width=cw - 10)
            yy += 13
        for ln in tag_lines:
            cv.text(x + 6, yy, ln, size=11, color=PALETTE["bad"], baseline="top", max_width=cw - 10)
            yy += 13
        idx = (t.find("choose_character", rank=r) + t.find("discard_character", rank=r)
               + t.find("assassinate", rank=r) + t.find("rob", rank=r))
        t.place(cv, x, y, cw, ch, idx, _char_tip(r, t.lang), probe=_character_probe(view, t, r),
                ref=c["id"])
    rows = (len(view["characters"]) + per_row - 1) // per_row
    return rows * (ch + gap)


def _character_probe(view: CitadelsView, t: _Table, rank: int) -> dict | None:
    """The move a click on a character means for the viewer: keep it (or put it face down)
    during the draft, kill or rob it on the Assassin's or the Thief's turn."""
    if t.me is None:
        return None
    if t.phase == "draft":
        return {"type": "discard_character" if view.get("draft_op") == "discard" else "choose_character",
                "rank": rank}
    if t.my_rank == ASSASSIN:
        return {"type": "assassinate", "rank": rank}
    if t.my_rank == THIEF:
        return {"type": "rob", "rank": rank}
    return None


#: the districts whose ability a click on them in the owner's city uses (§9.3), as the move's
#: action type and its fixed fields (the Laboratory's card is chosen afterwards)
_ABILITY = {"laboratory": ("laboratory", {}), "smithy": ("smithy", {}),
            "graveyard": ("graveyard_take", {}), "observatory": ("draw_cards", {"count": 3})}


def _city_district(cv: Canvas, t: _Table, s: int, d: CityDistrict, x: float, y: float, w: float) -> None:
    """A district in the city of seat ``s``: the Warlord's target; in the viewer's own city,
    its ability (Laboratory, Smithy, Graveyard, Observatory)."""
    k = d["district"]
    idx = t.find("destroy", target=s, district=k)
    probe = None
    if s == t.me and k in _ABILITY:
        typ, fields = _ABILITY[k]
        idx += t.find(typ, **fields)
        if t.phase != "warlord":
            probe = {"type": typ, **fields}
    if probe is None and t.my_rank and (s != t.me or t.my_rank == WARLORD):
        probe = {"type": "destroy", "target": s, "district": k}
    extra = " " + t.s(T("Built in round {n}.", n=d["round"]))
    _district_card(cv, x, y, k, t, idx, extra, w=w, probe=probe)


def _seat_panel(cv: Canvas, view: CitadelsView, t: _Table, seat: Seat, x: float, y: float, w: float, me: int | None,
                card_w: float = CARD_W) -> float:
    """One player: name, crown, gold, hand size, revealed characters, city by colour."""
    s = seat["seat"]
    head = 24
    per_row = max(1, int((w - 2 * 6 + 4) // (card_w + 4)))
    city = sorted(seat["city"], key=lambda d: (COLOUR_ORDER.index(DISTRICTS[d["district"]].color),
                                               DISTRICTS[d["district"]].cost, d["card"]))
    rows = max(1, (len(city) + per_row - 1) // per_row)
    info = t.s(T("{gold} · {cards} in hand · {built}/{needed} districts", gold=tx.gold(seat["gold"]),
                 cards=tx.cards(seat["hand_size"]), built=len(city), needed=view["threshold"]))
    more = [t.s(tx.char(r)) for r in seat["characters"]]
    if seat["protected"]:
        more.append(t.s(T("protected by the Bishop")))
    lines = cv.wrap(info + ("" if not more else " · " + ", ".join(more)), 11, w - 14)
    info_h = 14 * len(lines) + 4
    h = head + info_h + rows * (CARD_H + 4) + 6
    colour = seat_colour(s)
    to_move = view.get("to_move") == s
    cv.rect(x, y, w, h, fill=PANEL, stroke=PALETTE["highlight"] if to_move else LINE,
            line=2 if to_move else 1, radius=8)
    cv.rect(x, y, w, head, fill=colour, radius=8)
    name = t.s(T("{player} (you)", player=player(s)) if me == s else player(s))
    cv.seat_marker(x + 12, y + head / 2, 6, s, stroke=ink_on(colour), line=1.5)  # the seat's shape
    cv.text(x + 24, y + head / 2, name, size=13, bold=True, color=ink_on(colour), baseline="middle",
            max_width=w - 52)
    idx = t.find("magician_exchange", target=s)
    # no tip that only repeats the name written there: it would cover the city's cards below
    t.place(cv, x, y, w, head, idx, t.s(T("{player}: exchange hands with this player", player=player(s))) if idx else "",
            probe={"type": "magician_exchange", "target": s} if t.my_rank == MAGICIAN else None)
    if view["crown"] == s:      # after the name's spot, so that it is on top of it
        cx = x + w - 20
        cv.poly([(cx - 9, y + 18), (cx - 9, y + 8), (cx - 4, y + 13), (cx, y + 6), (cx + 4, y + 13),
                 (cx + 9, y + 8), (cx + 9, y + 18)], fill="#f5d142", stroke="#8a6d00")
        cv.hit(cx - 10, y + 4, 20, 18, tip=t.s(T("Holds the crown: chooses first and calls the characters.")),
               ref="crown")
    for j, ln in enumerate(lines):
        cv.text(x + 8, y + head + 3 + 14 * j, ln, size=11, color=MUTED, baseline="top", max_width=w - 12)
    cy = y + head + info_h
    for i, d in enumerate(city):
        _city_district(cv, t, s, d, x + 6 + (i % per_row) * (card_w + 4), cy + (i // per_row) * (CARD_H + 4),
                       card_w)
    if not city:
        cv.text(x + 8, cy + 12, t.s(T("no districts yet")), size=11, color=MUTED, baseline="top")
    return h


def _city_card_width(panel_w: float) -> float:
    """District cards of a city: 4 a row if they stay readable (>= 74 px), else 3, else 2."""
    for per_row in (4, 3, 2):
        w = (panel_w - 8) / per_row - 4
        if w >= 74:
            return float(int(min(88.0, w)))
    return 74.0


def _buttons(cv: Canvas, t: _Table, x0: float, y0: float, width: float) -> float:
    """Every action not placed on the table, as a button (a long text wraps onto a second
    line rather than shrinking); returns the height used."""
    rest = [a for a in t.all if a["index"] not in t.placed]
    if not rest:
        return 0
    x, y, row_h = x0, y0, 0.0
    for a in rest:
        label = t.text[a["index"]]
        lines = cv.wrap(label, 12, width - 18)
        w = width if len(lines) > 1 else min(width, Canvas.text_width(label, 12) + 18)
        bh = 30 + 15 * (len(lines) - 1)
        if x + w > x0 + width and x > x0:
            x, y, row_h = x0, y + row_h + 8, 0.0
        cv.rect(x, y, w, bh, fill="#fff", stroke=LINE, radius=6)
        for j, ln in enumerate(lines):
            cv.text(x + 9, y + 8 + 15 * j, ln, size=12, baseline="top", max_width=w - 12)
        t.place(cv, x, y, w, bh, [a["index"]], "")
        x += w + 8
        row_h = max(row_h, bh)
    return y + row_h + 8 - y0


def _hand(cv: Canvas, view: CitadelsView, t: _Table, x0: float, y0: float, width: float) -> float:
    private = view.get("private")
    if not private:
        return 0
    y = y0
    drawn = private.get("drawn")
    if drawn:
        keep = view.get("turn", {}).get("keep_left", 0)
        head = t.s(T("Drawn cards: keep {n}", n=keep) if keep
                   else T("Drawn cards: put them at the bottom of the deck, one by one"))
        for ln in cv.wrap(head, 13, width, bold=True):
            cv.text(x0, y, ln, size=13, bold=True, baseline="top", max_width=width)
            y += 18
        for i, c in enumerate(drawn):
            k = kind(c)
            _district_card(cv, x0 + i * (CARD_W + 22), y, k, t,
                           t.find("keep_card", district=k) + t.find("put_bottom", district=k), w=CARD_W + 18, h=48)
        y += 56
    hand = private.get("hand", [])
    cv.text(x0, y, t.s(T("Your hand ({n})", n=len(hand))), size=13, bold=True, baseline="top")
    y += 18
    per_row = max(1, int((width + 6) // (CARD_W + 24)))
    for i, c in enumerate(hand):
        k = kind(c)
        idx = t.find("build", district=k) + t.find("laboratory", district=k) + t.find("magician_discard", district=k)
        _district_card(cv, x0 + (i % per_row) * (CARD_W + 24), y + (i // per_row) * 52, k, t, idx,
                       w=CARD_W + 18, h=46, probe={"type": "build", "district": k})
    rows = (len(hand) + per_row - 1) // per_row if hand else 1
    if not hand:
        cv.text(x0, y + 4, t.s(T("no cards")), size=11, color=MUTED, baseline="top")
    return y + rows * 52 - y0


def _deck_and_bank(cv: Canvas, view: CitadelsView, t: _Table, right: float, y: float) -> float:
    """The deck (draws) and the bank (gold) as two tiles at the top right; returns their width.
    Their actions stay on the button row as well."""
    w, h, gap = 86, 34, 6
    deck = t.find("draw_cards") + t.find("architect_draw") + t.find("smithy") + t.find("magician_draw")
    bank = t.find("take_gold") + t.find("collect_income")
    x = right - 2 * w - gap
    seated = t.me is not None
    for i, (label, idx, tip, probe, ref) in enumerate((
            (t.s(T("Deck: {n}", n=view["deck_size"])), deck,
             t.s(T("The district deck (face down, {cards}): draw cards here.", cards=tx.cards(view["deck_size"]))),
             {"type": "draw_cards", "count": 2} if seated else None, "deck"),
            (t.s(T("Bank")), bank,
             t.s(T("The bank (unlimited gold): take 2 gold or collect district income here.")),
             {"type": "take_gold"} if seated else None, "bank"))):
        bx = x + i * (w + gap)
        cv.rect(bx, y, w, h, fill="#efe4cf" if i == 0 else "#f6e7a8", stroke=LINE, radius=6)
        cv.text(bx + w / 2, y + h / 2, label, size=12, bold=True, align="center", baseline="middle")
        if idx:
            cv.highlight(bx, y, w, h)
            cv.hit(bx, y, w, h, action=idx if len(idx) > 1 else idx[0],
                   tip=t.s(T("{tip} Click: {doing}.", tip=tip, doing=" / ".join(t.text[i] for i in idx))), ref=ref)
        else:
            cv.hit(bx, y, w, h, tip=tip, probe=probe, ref=ref)
    return 2 * w + gap + 8


def _header(cv: Canvas, view: CitadelsView, t: _Table, me: int | None, x: float, y: float, width: float) -> float:
    phase = view["phase"]
    if phase == "draft":
        doing = (T("{player} is putting a character face down", player=player(view["drafting"]))
                 if view.get("draft_op") == "discard"
                 else T("{player} is choosing a character", player=player(view["drafting"])))
    elif phase == "over":
        doing = T("Game over")
    elif phase == "graveyard":
        owner = cast(int, view["to_move"])  # the Graveyard's owner is to move: never None in this phase
        doing = T("{player} may buy the destroyed district (Graveyard)", player=player(owner))
    else:
        tr = view["turn"]
        if phase == "warlord":
            doing = T("{player} plays the Warlord and may destroy one district", player=player(tr["seat"]))
        else:
            doing = T("{player} plays {character}", player=player(tr["seat"]), character=tx.the_char(tr["rank"]))
    title = t.s(T("Round {n} · {doing}", n=view["round"], doing=doing))
    # in 15 px when it fits on one line, else in 13 px, on as many lines as it needs
    size = 15 if Canvas.text_width(title, 15, bold=True) <= width else 13
    heads = cv.wrap(title, size, width, bold=True)
    for j, ln in enumerate(heads):
        cv.text(x, y + 17 * j, ln, size=size, bold=True, baseline="top", max_width=width)
    y += 17 * (len(heads) - 1)
    parts = [T("Deck: {cards}", cards=tx.cards(view["deck_size"])),
             T("a city of {districts} ends the game", districts=tx.districts(view["threshold"]))]
    if view["final_round"]:
        parts.append(T("final round (the first complete city was built in round {n})", n=view["final_round"]))
    if view.get("crown_heir_revealed", -1) >= 0:
        parts.append(T("{player} held the killed King and took the crown", player=player(view["crown_heir_revealed"])))
    lines = cv.wrap(" · ".join(t.s(p) for p in parts), 11, width)
    for j, ln in enumerate(lines):
        cv.text(x, y + 20 + 14 * j, ln, size=11, color=MUTED, baseline="top", max_width=width)
    used = 20 + 14 * len(lines) + 4
    if phase == "draft" and me is not None and view.get("drafting") == me:
        hint = t.s(T("Click the character you put face down (nobody else will see it).")
                   if view.get("draft_op") == "discard" else T("Click the character you keep (secret until it is called)."))
        hl = cv.wrap(hint, 12, width)
        for j, ln in enumerate(hl):
            cv.text(x, y + used + 15 * j, ln, size=12, color=PALETTE["highlight"], baseline="top", max_width=width)
        return used + 15 * len(hl) + 2 + 17 * (len(heads) - 1)
    return used + 17 * (len(heads) - 1)


def render(cv: Canvas, view: CitadelsView, actions: list[dict], me: int | None) -> None:
    t = _Table(actions, view, getattr(cv, "lang", "en"), me)
    width = cv.width
    wide = width >= 720
    inner = width - 2 * PAD
    y: float = PAD
    if wide:
        tiles = _deck_and_bank(cv, view, t, width - PAD, y) if view["phase"] != "over" else 0
        y += max(_header(cv, view, t, me, PAD, y, inner - tiles), 40)
    else:               # phone: the header gets the whole width, the deck and bank go below
        y += _header(cv, view, t, me, PAD, y, inner)
        if view["phase"] != "over":
            _deck_and_bank(cv, view, t, width - PAD, y)
            y += 40
    # at the end the page's own panel has the score table (end_screen.py): the board stays as it was
    y += _characters(cv, view, t, PAD, y, inner, 8 if wide else 4) + 4
    # the player to act: hand and buttons near the top on a phone
    if not wide:
        y += _hand(cv, view, t, PAD, y, inner) + 6
        y += _buttons(cv, t, PAD, y, inner) + 4
    seats = view["seats"]
    cols = (4 if len(seats) >= 4 else len(seats)) if wide else 1
    if wide and len(seats) in (5, 6):
        cols = 3
    gap = 8
    pw = (inner - gap * (cols - 1)) / cols
    row_y, row_h = y, 0.0
    for i, seat in enumerate(seats):
        if i and i % cols == 0:
            row_y += row_h + gap
            row_h = 0.0
        h = _seat_panel(cv, view, t, seat, PAD + (i % cols) * (pw + gap), row_y, pw, me,
                        card_w=_city_card_width(pw))
        row_h = max(row_h, h)
    y = row_y + row_h + gap
    if wide:
        hand_w = inner
        y += _hand(cv, view, t, PAD, y, hand_w) + 6
        y += _buttons(cv, t, PAD, y, inner)
    cv.height = max(y + PAD, 300)
