"""Euphoria's table on the canvas: the four regions with every action space and the dice on
them, tunnels and miners, construction sites and market tiles with their stars, territories,
the allegiance tracks, each player's mat (morale and knowledge tracks, workers, goods), and
the pending choices as buttons.

Drawn from ``view`` only. Laptop (≥ 720 px): the four regions side by side; phone: stacked.
Placing a worker: click its space (several dice for one space: the shell asks which). Other
choices: the buttons of the "Your move" panel. Hover a space, tile or recruit for its text
(a long press on a phone; a board spot's keyboard focus shows it too): a choice's button tells
the full text of each recruit, tile or card it names, and the set-up's recruits and tiles are
drawn on the player's own mat, each with its text, before they are chosen.

The four factions are told apart by more than their colour: each has its mark, a disc in a
dark shade of its colour with the first letter of its name in the page's language (E, S, W,
I in English and in Italian: Euphorian, Subterranean, Wastelander, Icarita), on every area
drawn in a faction's colour (a region's header, each of its spaces) and before each recruit.
"""

from __future__ import annotations

import re
from typing import Literal, cast

from engines.core.i18n import Text, player, render as _render
from engines.euphoria import public as texts
from engines.euphoria.public import (ARTIFACT_TYPES, DILEMMA_IDS, KNOW_MAX, KNOW_MIN, KNOWLEDGE_LIMIT, MARKETS,
                                     MORALE_MAX, MORALE_MIN, RECRUITS, SITE_SPACES, SPACES, EuphoriaView, Player, T,
                                     allegiance_text, artifact_text, cost_words, dilemma_text, join, offer_so_far,
                                     pending_text, space_text)

from ..canvas import FINGER, MIN_TEXT, PALETTE, Canvas, finger, ink_on, seat_colour, seat_text_colour

PAD = 10

Faction = Literal["euphorian", "subterran", "wastelander", "icarite"]
"""A faction: a key of the view's ``allegiance`` and ``territory`` (``Factions``, ``Territory``)."""
SiteId = Literal["SITE_EUP_A", "SITE_EUP_B", "SITE_SUB_A", "SITE_SUB_B", "SITE_WAS_A", "SITE_WAS_B"]
"""A construction site: a key of the view's ``sites`` (``Sites``)."""
Good = Literal["energy", "water", "food", "bliss", "gold", "stone", "clay"]
"""A commodity or resource: a key of a player's ``goods`` (``Goods``)."""
Region = tuple[Faction, Text, str, list[str], list[SiteId]]
"""A region of the board: its faction, title, colour, action spaces and construction sites."""

REGIONS: list[Region] = [
    ("euphorian", T("Euphoria"), "#d7e3f4", ["GEN", "TUN_EUP", "TUNEND_EUP", "ART_EUP"], ["SITE_EUP_A", "SITE_EUP_B"]),
    ("subterran", T("Subterra"), "#e8dccb", ["AQU", "TUN_SUB", "TUNEND_SUB", "ART_SUB"], ["SITE_SUB_A", "SITE_SUB_B"]),
    ("wastelander", T("Wastelands"), "#e4ead2", ["FARM", "TUN_WAS", "TUNEND_WAS", "ART_WAS"], ["SITE_WAS_A", "SITE_WAS_B"]),
    ("icarite", T("Icarus"), "#f1e6f4", ["CLOUD", "ICA_WIND", "ICA_NIMBUS", "ICA_BREEZE", "ICA_SKY"], []),
]
SHORT_NAMES = {"GEN": T("Generator"), "AQU": T("Aquifer"), "FARM": T("Farm"), "CLOUD": T("Cloud Mine"),
               "TUN_EUP": T("Euphorian Tunnel"), "TUN_SUB": T("Subterran Tunnel"), "TUN_WAS": T("Wastelander Tunnel"),
               "TUNEND_EUP": T("Exclusive space"), "TUNEND_SUB": T("Exclusive space"), "TUNEND_WAS": T("Exclusive space"),
               "ART_EUP": T("Incinerator of Historical Accuracy"), "ART_SUB": T("Free Press of Harsh Reality"),
               "ART_WAS": T("Ark of Fractured Memories"),
               "ICA_WIND": T("Wind Saloon"), "ICA_NIMBUS": T("Nimbus Loft"), "ICA_BREEZE": T("Breeze Bar"),
               "ICA_SKY": T("Sky Lounge")}
"""The label of each box on the board (a log line names the space the same way)."""

FACTION_INK = {"euphorian": "#2b5797", "subterran": "#7a4a1e", "wastelander": "#4b6a1c", "icarite": "#7b3f94"}
"""Each faction's mark colour: a dark shade of its region's colour, white text on it."""
MARK_R = 7.5
"""The radius of a faction's mark (its letter at ``MIN_TEXT`` fits inside)."""
MARK_ROOM = 2 * MARK_R + 6
"""The width a mark takes beside a text."""


def _lang(cv: Canvas) -> str:
    return getattr(cv, "lang", "en")


def _color(p: int) -> str:
    return seat_colour(p)


def faction_letter(faction: str, lang: str) -> str:
    """The letter on ``faction``'s mark: the first of its name in ``lang`` (the catalogue's)."""
    return _render(texts.faction(faction), lang)[:1].upper()


def _faction_mark(cv: Canvas, cx: float, cy: float, faction: str, hidden: bool = False) -> None:
    """``faction``'s mark centred on (cx, cy): its letter white on a disc of its colour, or
    (``hidden``: a recruit not revealed yet) in its colour on a white disc."""
    ink = FACTION_INK[faction]
    if hidden:
        cv.circle(cx, cy, MARK_R, "#ffffff", ink, 1.5)
    else:
        cv.circle(cx, cy, MARK_R, ink, "#ffffff", 1.0)
    cv.text(cx, cy + 0.5, faction_letter(faction, _lang(cv)), MIN_TEXT, ink if hidden else "#ffffff",
            align="center", baseline="middle", bold=True)


def _site_of(market_space: str) -> SiteId:
    """The construction site of a market's action space: the data names the space after its
    site ("MKT_EUP_A" is on "SITE_EUP_A"), which the cast states."""
    return cast(SiteId, "SITE_" + market_space[4:])


def _space_tip(sp: str, view: EuphoriaView, lang: str) -> str:
    """A space's tooltip (the reference's text, with the visit cost of the market built there)."""
    tile = view["sites"][_site_of(sp)]["tile"] if sp.startswith("MKT_") else None
    text = _render(space_text(sp, cost_words(MARKETS[tile].visit_cost) if tile else None), lang)
    return text[:1].upper() + text[1:]


def _tile_tip(tile: str, lang: str) -> str:
    return _render(T("{market}. Visit: {cost}. Penalty (for players without their star here): {penalty}",
                     market=texts.market(tile), cost=cost_words(MARKETS[tile].visit_cost),
                     penalty=texts.penalty(tile)), lang)


def _recruit_tip(rid: str, lang: str, first_printing: bool = False) -> str:
    """A recruit's name, faction and printed ability (the first printing's under that option)."""
    r = RECRUITS[rid]
    return _render(T("{recruit} ({faction}): {text}", recruit=texts.recruit(rid), faction=texts.faction(r.faction),
                     text=texts.recruit_text(rid, first_printing)), lang)


def _artifact_tip(art: str, lang: str) -> str:
    """An artifact card's name and text."""
    return _render(T("{artifact}: {text}", artifact=texts.artifact(art), text=artifact_text(art)), lang)


def _dilemma_tip(did: str, lang: str) -> str:
    """An ethical dilemma card's title and text."""
    return _render(T("{dilemma}: {text}", dilemma=texts.dilemma(did), text=dilemma_text(did)), lang)


_OPTION_WORD = re.compile(r"[a-z][a-z0-9_]*")
"""A word of a choice's option ("amanda_the_broker>brett_the_lockpicker", "keep:stadium_…",
"discard:bat", "brett_the_lockpicker|use:gold"): the ids of the things it names among others."""


def named_things(option: str) -> list[str]:
    """The recruits, market tiles, artifact cards and dilemma cards a choice's ``option``
    names, in its order, each once."""
    out: list[str] = []
    for word in _OPTION_WORD.findall(option):
        if (word in RECRUITS or word in MARKETS or word in ARTIFACT_TYPES or word in DILEMMA_IDS) and word not in out:
            out.append(word)
    return out


def thing_tip(thing: str, lang: str, first_printing: bool = False) -> str:
    """The full text of a recruit, market tile, artifact card or dilemma card (``named_things``)."""
    if thing in RECRUITS:
        return _recruit_tip(thing, lang, first_printing)
    if thing in MARKETS:
        return _tile_tip(thing, lang)
    if thing in ARTIFACT_TYPES:
        return _artifact_tip(thing, lang)
    return _dilemma_tip(thing, lang)


def _choice_tip(action: dict, label: str, lang: str, first_printing: bool, dilemma: str | None = None) -> str:
    """A button's tip: its label, then the full text of each thing its choice names (a
    paragraph each), so that a recruit, tile or card can be read before it is chosen;
    resolving the dilemma names the player's own ``dilemma`` card."""
    things = named_things(action.get("option", "")) if action.get("type") == "choose" else []
    if action.get("type") == "dilemma" and dilemma:
        things = [dilemma]
    return "\n\n".join([label] + [thing_tip(t, lang, first_printing) for t in things])


class _Acts:
    """The legal actions, indexed for the board: placements by space, the rest as buttons (the
    dilemma and one-worker retrievals are also on the player's mat).

    The coach: ``probe_die`` is the worker a space's probe names (``None``: no probes, for a
    spectator or a finished game), Chase the Miner's new worker or the first available one;
    the engine judges a place probe by its space whichever worker it names."""

    def __init__(self, actions: list[dict], view: EuphoriaView | None = None, me: int | None = None):
        self.by_space: dict[str, list[int]] = {}
        self.buttons: list[tuple[int, str, str | None, dict]] = []
        self.dilemma: list[int] = []
        self.retrieve_one: list[tuple[int, int]] = []  # (index, die) of one-worker retrievals
        self.trade: dict[int, int] = {}  # partner -> index of "propose a trade"
        for a in actions:
            act = a["action"]
            if act.get("type") == "place":
                self.by_space.setdefault(act["space"], []).append(a["index"])
            else:
                if act.get("type") == "dilemma":
                    self.dilemma.append(a["index"])
                if act.get("type") == "retrieve" and len(act.get("dice", [])) == 1:
                    self.retrieve_one.append((a["index"], act["dice"][0]))
                if act.get("type") == "trade":
                    self.trade[act["partner"]] = a["index"]
                label = a.get("label") or str(act)
                for who in ("Player ", "Giocatore "):
                    if label.startswith(who) and label[len(who):].split(" ", 1)[0].isdigit():
                        label = label.split(" ", 2)[2]
                ref = ({"free": "RETRIEVE_FREE"}.get(act.get("pay"), "RETRIEVE_PAID")
                       if act.get("type") == "retrieve" else None)
                self.buttons.append((a["index"], label[:1].upper() + label[1:], ref, act))
        self.me = me
        self.probe_die: int | None = None
        if view is not None and me is not None and view["phase"] != "over":
            pl = view["players"][me]
            chase = (view.get("turn") or {}).get("chase")
            avail = [d for d, w in enumerate(pl["where"]) if w == "avail"]
            self.probe_die = chase if chase is not None else (avail[0] if avail else 0)

    def place_probe(self, sp: str) -> dict | None:
        """The move a click on space ``sp`` stands for: a worker there."""
        return None if self.probe_die is None else {"type": "place", "die": self.probe_die, "space": sp}


DIE = 17
"""The side of a die on the board (its value in ``MIN_TEXT``)."""


def _die(cv: Canvas, x: float, y: float, seat: int, value: int) -> None:
    """A worker die of ``seat``: its colour with its value, and the seat's shape at its corner
    (the second cue beside the colour)."""
    fill = _color(seat)
    cv.rect(x, y, DIE, DIE, fill, "#000", 1, 3)
    cv.text(x + DIE / 2 - 1, y + DIE / 2 + 1, str(value), MIN_TEXT, ink_on(fill), align="center",
            baseline="middle", bold=True)
    cv.seat_marker(x + DIE - 1, y + 1, 3.6, seat, stroke="#fff", line=1)


def _dice(cv: Canvas, view: EuphoriaView, sp: str, x: float, y: float) -> None:
    for i, (q, d) in enumerate(view["spaces"].get(sp, [])):
        _die(cv, x + i * (DIE + 4), y, q, view["players"][q]["dice"][d])


def _bold_width(s: str) -> float:
    """The width of ``s`` in bold 11 px (bold runs wider than ``Canvas.text_width``)."""
    return Canvas.text_width(s, 11) * 1.1


def _split_word(word: str, room: float) -> list[str]:
    """A word wider than ``room`` in pieces that fit: after an apostrophe or a hyphen when
    there is one ("dell’" "Accuratezza"), else cut with a hyphen."""
    pieces = []
    while _bold_width(word) > room and len(word) > 1:
        cut = next((k + 1 for k, c in enumerate(word[:-1]) if c in "’'-" and k and _bold_width(word[:k + 1]) <= room),
                   None)
        if cut is None:
            cut = max(1, max((n for n in range(1, len(word)) if _bold_width(word[:n] + "-") <= room), default=1))
            pieces.append(word[:cut] + "-")
        else:
            pieces.append(word[:cut])
        word = word[cut:]
    return pieces + [word]


def _label_lines(text: str, first_room: float, room: float) -> list[str]:
    """``text`` in bold 11 px wrapped into lines: the first within ``first_room`` (beside a
    faction's mark), the others within ``room``; a word too wide for even the first line
    starts under the mark (the first line is left empty), and a word wider than ``room`` is
    split. No line is squeezed to fit."""
    if _bold_width(text) <= first_room:
        return [text]
    lines = [""]
    for word in (piece for w in text.split() for piece in _split_word(w, room)):
        joined = f"{lines[-1]} {word}".strip()
        if _bold_width(joined) <= (first_room if len(lines) == 1 else room):
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _space_lines(cv: Canvas, sp: str, w: float, label: str | None,
                 marked: bool = False) -> tuple[list[str], list[str]]:
    """A space box's label lines and its cost lines (wrapped); the first label line keeps
    clear of a faction's mark when the box carries one (``marked``, at its top right)."""
    lang = _lang(cv)
    room = w - 8
    text = label or _render(SHORT_NAMES.get(sp, texts.space(sp)), lang)
    lines = _label_lines(text, room - (MARK_ROOM if marked else 0), room)
    cost = [] if sp.startswith("MKT_") or label else cv.wrap(_render(cost_words(SPACES[sp].cost), lang), MIN_TEXT, room)
    return lines, cost


def _space_height(cv: Canvas, view: EuphoriaView, sp: str, w: float, label: str | None = None, least: float = 36,
                  faction: str | None = None) -> float:
    """The height a space box needs: its label and cost above, its dice in a row below."""
    lines, cost = _space_lines(cv, sp, w, label, faction is not None)
    dice = len(view["spaces"].get(sp, []))
    if faction is not None and dice:  # the dice at the foot, right, stay clear of the mark above them
        least = max(least, 2 * MARK_R + DIE + 8)
    text_h = 6 + 13 * (len(lines) + len(cost))
    dice_w = (DIE + 4) * dice
    last = lines + cost
    beside = Canvas.text_width(last[-1], 11) + 8 + dice_w <= w - 4 if last else True
    return max(least, text_h + (DIE + 5 if dice and not beside else 4 if dice else 0) + (3 if dice else 0))


def _space_box(cv: Canvas, view: EuphoriaView, acts: _Acts, sp: str, x: float, y: float, w: float, h: float,
               label: str | None = None, fill: str = PALETTE["panel"], faction: str | None = None) -> None:
    """A space: its label, its cost (every line of it) and the dice on it at the foot, right;
    in a faction's colour, that faction's mark at its top right."""
    cv.rect(x, y, w, h, fill, PALETTE["line"], 1, 5)
    lang = _lang(cv)
    lines, cost = _space_lines(cv, sp, w, label, faction is not None)
    room = w - 8
    if faction is not None:
        _faction_mark(cv, x + w - 3 - MARK_R, y + 2 + MARK_R, faction)
    for i, ln in enumerate(lines):
        if ln:  # an empty first line: the label starts under the mark
            cv.text(x + 5, y + 12 + 13 * i, ln, 11, PALETTE["ink"], bold=True,
                    max_width=room - (MARK_ROOM if i == 0 and faction is not None else 0))
    for i, ln in enumerate(cost):
        cv.text(x + 5, y + 12 + 13 * (len(lines) + i), ln, MIN_TEXT, PALETTE["muted"], max_width=room)
    _dice(cv, view, sp, x + w - 4 - (DIE + 4) * max(1, len(view["spaces"].get(sp, []))) + 4, y + h - DIE - 3)
    idx = acts.by_space.get(sp)
    if idx:
        cv.highlight(x, y, w, h, 5)
    cv.hit(x, y, w, h, action=idx if idx else None, tip=_space_tip(sp, view, lang), probe=acts.place_probe(sp),
           ref=sp)


def _region(cv: Canvas, view: EuphoriaView, acts: _Acts, reg: Region, x: float, y: float, w: float,
            cols: int) -> float:
    faction, title_text, fill, spaces, sites = reg
    lang = _lang(cv)
    title = _render(title_text, lang)
    y0 = y
    ally = view["allegiance"][faction]
    ally_text = _render(T("{faction} allegiance {n}/11", faction=texts.faction(faction), n=ally), lang)
    title_end = x + 4 + MARK_ROOM + 1.15 * Canvas.text_width(title, 14)  # bold is wider: keep a gap
    beside = title_end + 12 + Canvas.text_width(ally_text, 11) * 1.05 <= x + w - 6
    band = 24 if beside else 38  # the allegiance beside the title, or under it when narrow
    cv.rect(x, y, w, band, fill, None, 1, 4)  # the region's header, in its faction's colour, with its mark
    _faction_mark(cv, x + 4 + MARK_R, y + 12, faction)
    cv.text(x + 4 + MARK_ROOM, y + 17, title, 14, PALETTE["ink"], bold=True)
    if beside:
        cv.text(x + w - 6, y + 16, ally_text, 11, PALETTE["ink"], align="right")
    else:
        cv.text(x + 6, y + 32, ally_text, 11, PALETTE["ink"], max_width=w - 12)
    cv.hit(x, y, w, band + 10, tip=_render(T("{faction} allegiance track, {n} of 11. {what}", faction=texts.faction(faction),
                                             n=ally, what=allegiance_text(faction)), lang), ref=f"allegiance_{faction}")
    y += band + 4
    # allegiance track
    step = (w - 12) / 12
    for i in range(12):
        tier = i in (2, 5, 8, 11)
        cv.rect(x + 6 + i * step, y, step - 2, 8, "#444" if i <= ally and i else ("#bbb" if tier else "#e6e0d6"), None)
    y += 12
    if faction != "icarite":  # the other three dig a tunnel: each has a miner
        m = view["miners"][faction]
        cv.text(x + 6, y + 10, _render(T("Miner {n}/9", n=m), lang), MIN_TEXT, PALETTE["muted"], max_width=w - 12)
        cv.hit(x, y, w, 22, tip=_render(T("Miner {n}/9 (at 6 hidden recruits are revealed, at 9 the exclusive space opens)", n=m), lang),
               ref=f"miner_{faction}")
        step = (w - 12) / 10
        for i in range(10):
            cv.rect(x + 6 + i * step, y + 14, step - 2, 6, "#7b5b2a" if i <= m and i else "#e6e0d6", None)
        y += 24
    gap = 6
    bw = (w - gap * (cols - 1)) / cols
    for row in range(0, len(spaces), cols):  # each row as tall as its tallest box
        here = spaces[row:row + cols]
        bh = max(_space_height(cv, view, sp, bw, faction=faction) for sp in here)
        for i, sp in enumerate(here):
            _space_box(cv, view, acts, sp, x + i * (bw + gap), y, bw, bh, fill=fill, faction=faction)
        y += bh + 4
    y += 2
    for site in sites:
        sd = view["sites"][site]
        tile = sd["tile"]
        built = sd["built"]
        label = _render(T("{site}: {market}", site=texts.site(site), market=texts.market(tile)) if tile
                        else T("{site}: market face down", site=texts.site(site)), lang)
        label = label[:1].upper() + label[1:]
        room = w - 10 - 14 * len(sd["stars"])
        lines = cv.wrap(label, MIN_TEXT, room, bold=bool(built), split=True)  # a long name hyphenated
        sh = 7 + 13 * len(lines)
        cv.rect(x, y, w, sh, "#fff" if built else "#ddd", PALETTE["line"], 1, 4)
        for i, ln in enumerate(lines):
            cv.text(x + 5, y + 14 + 13 * i, ln, MIN_TEXT, PALETTE["ink"] if built else PALETTE["muted"],
                    bold=bool(built), max_width=room)
        for j, q in enumerate(sd["stars"]):  # each star in its owner's colour and shape
            cv.seat_marker(x + w - 12 - 14 * j, y + 10, 5.5, q)
        cv.hit(x, y, w, sh, tip=_tile_tip(tile, lang) if tile else _render(
            T("{site}: a market tile, face down until built.", site=texts.site(site)), lang), ref=tile or None)
        y += sh + 4
        mkt = "MKT" + site[4:]
        if tile is not None:  # built: the view shows a site's tile once it is built
            visit = _render(T("Visit: {cost}", cost=cost_words(MARKETS[tile].visit_cost)), lang)
            bh = _space_height(cv, view, mkt, w, visit, 30)
            _space_box(cv, view, acts, mkt, x, y, w, bh, label=visit)
            y += bh + 4
        else:
            sw = (w - 3 * 4) / 4
            labels = [_render(T("Space {n}", n=k + 1), lang) for k in range(len(SITE_SPACES[site]))]
            bh = max(_space_height(cv, view, cs, sw, lb, 34) for cs, lb in zip(SITE_SPACES[site], labels))
            for k, cs in enumerate(SITE_SPACES[site]):
                _space_box(cv, view, acts, cs, x + k * (sw + 4), y, sw, bh, label=labels[k], fill="#f7f2e8")
            y += bh + 4
    # territory
    n = len(view["players"])
    terr = view["territory"][faction]
    terr_label = _render(T("Territory"), lang)
    cv.text(x + 6, y + 12, terr_label, 11, PALETTE["ink"], bold=True)
    sx = x + 12 + Canvas.text_width(terr_label, 11) * 1.15
    for i in range(6):
        cv.rect(sx + i * 18, y + 1, 16, 16, "#fff" if i < n else "#999", PALETTE["line"], 1, 8)
    k = 0
    for q, c in enumerate(terr):
        for _ in range(c):  # a star in its owner's colour and shape
            cv.seat_marker(sx + k * 18 + 8, y + 9, 5.5, q)
            k += 1
    cv.hit(x, y, w, 18, tip=_render(T("Territory of {region}: {n} star spaces, {taken} taken.",
                                      region=title_text, n=n, taken=sum(terr)), lang), ref=f"territory_{faction}")
    y += 24
    cv.rect(x - 2, y0 - 2, w + 4, y - y0 + 2, None, PALETTE["line"], 1, 6)
    return y - y0 + 6


TRACK_CELL = 16  # side of one step of the morale / knowledge track, px


def _label_width(label: str) -> float:
    """Room for a track label: the canvas estimate runs short for wide letters, so pad it."""
    return Canvas.text_width(label, 11) * 1.25 + 4


def _track(cv: Canvas, x: float, y: float, label: str, lo: int, hi: int, value: int, color: str,
           tip: str, ref: str | None = None) -> float:
    """One player track as a row of numbered cells ``lo``..``hi`` after its label, the cell of
    ``value`` filled in the player's colour (the marker). Returns the width used."""
    label_w = _label_width(label)
    cv.text(x, y + TRACK_CELL / 2, label, 11, PALETTE["ink"], baseline="middle", max_width=label_w - 4)
    cx = x + label_w
    for v in range(lo, hi + 1):
        here = v == value
        cv.rect(cx, y, TRACK_CELL, TRACK_CELL, color if here else "#fff", color if here else PALETTE["line"],
                2 if here else 1, 3)
        cv.text(cx + TRACK_CELL / 2, y + TRACK_CELL / 2 + 1, str(v), MIN_TEXT, ink_on(color) if here else PALETTE["muted"],
                align="center", baseline="middle", bold=here)
        cx += TRACK_CELL + 1
    cv.hit(x, y, cx - x, TRACK_CELL, tip=tip, ref=ref)
    return cx - x


def _tracks(cv: Canvas, pl: Player, color: str, x: float, y: float, w: float) -> float:
    """The morale and knowledge tracks of one player mat: side by side when they fit in ``w``,
    else one under the other. Returns the height used."""
    lang = _lang(cv)
    morale, know = pl["morale"], pl["knowledge"]
    morale_tip = _render(T("Morale {n} (track {lo}–{hi}): hand limit of {n} artifact cards.",
                           n=morale, lo=MORALE_MIN, hi=MORALE_MAX), lang)
    know_tip = _render(T("Knowledge {n} (track {lo}–{hi}): added to the available workers after each roll; a total of {limit} or more loses a worker.",
                         n=know, lo=KNOW_MIN, hi=KNOW_MAX, limit=KNOWLEDGE_LIMIT), lang)
    used = _track(cv, x, y, _render(T("Morale"), lang), MORALE_MIN, MORALE_MAX, morale, color, morale_tip, "morale")
    k_label = _render(T("Knowledge"), lang)
    k_width = _label_width(k_label) + (KNOW_MAX - KNOW_MIN + 1) * (TRACK_CELL + 1)
    if used + 14 + k_width <= w:
        _track(cv, x + used + 14, y, k_label, KNOW_MIN, KNOW_MAX, know, color, know_tip, "knowledge")
        return TRACK_CELL + 4
    _track(cv, x, y + TRACK_CELL + 3, k_label, KNOW_MIN, KNOW_MAX, know, color, know_tip, "knowledge")
    return 2 * TRACK_CELL + 7


GOOD_ORDER: tuple[Good, ...] = ("energy", "water", "food", "bliss", "gold", "stone", "clay")


def _player(cv: Canvas, view: EuphoriaView, q: int, me: int | None, x: float, y: float, w: float,
            acts: _Acts | None = None) -> float:
    lang = _lang(cv)
    tr = lambda t: _render(t, lang)  # noqa: E731
    pl = view["players"][q]
    y0 = y
    active = view["current"] == q and view["phase"] == "play"
    cv.rect(x, y, w, 8, _color(q), None)
    who = tr(T("{player} (you)", player=player(q)) if q == me else player(q))
    if active:
        who = tr(T("{who}  ◀ to play", who=who))
    stars = f"★ {10 - pl['stars']}/10"
    cv.seat_marker(x + 10, y + 18, 6, q)  # the seat's shape: its stars and dice carry it too
    cv.text(x + 21, y + 22, who, 13, seat_text_colour(q), bold=True,
            max_width=w - 33 - Canvas.text_width(stars, 13) * 1.2)
    cv.text(x + w - 4, y + 22, stars, 13, PALETTE["ink"], align="right", bold=True)
    cv.hit(x + w - 60, y + 8, 60, 18, tip=tr(T("Stars placed: {n} of 10 (the first to place all 10 wins)",
                                              n=10 - pl["stars"])), ref="star")
    if acts is not None and acts.me is not None and q != acts.me and view.get("options", {}).get("trading"):
        # another player's mat: a click proposes a trade to them, or the coach says why not now
        idx = acts.trade.get(q)
        cv.hit(*finger(x, y + 8, w - 64, 18), action=idx, tip=tr(T("Propose a trade to {player}", player=player(q))),
               probe={"type": "trade", "partner": q} if acts.probe_die is not None else None)
    y += 28
    y += _tracks(cv, pl, _color(q), x + 4, y, w - 8)
    # dice available
    wl = tr(T("Workers:"))
    cv.text(x + 4, y + 11, wl, 11)
    dx = x + 10 + Canvas.text_width(wl, 11) * 1.15
    for d, wh in enumerate(pl["where"]):
        if wh == "pool":
            continue
        on = wh != "avail"
        cv.rect(dx, y, 16, 16, "#fff" if on else _color(q), _color(q), 2, 3)
        cv.text(dx + 8, y + 9, str(pl["dice"][d]), 11, seat_text_colour(q) if on else ink_on(_color(q)), align="center",
                baseline="middle", bold=True)
        tip = T("Worker showing {value}: on {space}", value=pl["dice"][d], space=texts.space(wh)) if on else \
            T("Worker showing {value}: available", value=pl["dice"][d])
        if on and acts is not None and q == acts.me:
            # your worker on the board: a click retrieves it (alone; or an interchangeable one:
            # the same value on the same space), or the coach says why not now
            same = [i for i, e in acts.retrieve_one
                    if (pl["where"][e], pl["dice"][e]) == (wh, pl["dice"][d])]
            cv.hit(*finger(dx, y, 16, 16), action=same or None, tip=tr(tip), ref="worker",
                   probe={"type": "retrieve", "dice": [d], "pay": "free"} if acts.probe_die is not None else None)
        else:
            cv.hit(*finger(dx, y, 16, 16), tip=tr(tip), ref="worker")
        dx += FINGER  # a die drawn 16 px, a finger's 24 px apart
    y += 20
    goods = "  ".join(f"{tr(texts.good(g))} {pl['goods'][g]}" for g in GOOD_ORDER)
    lines = cv.wrap(goods, MIN_TEXT, w - 8) if Canvas.text_width(goods, MIN_TEXT) > w - 8 else [goods]
    for ln in lines:
        cv.text(x + 4, y + 10, ln, MIN_TEXT, PALETTE["ink"], max_width=w - 8)
        y += 14
    y += 2
    hand = pl["hand"]
    if isinstance(hand, list) and hand:
        # your cards one by one, each with its text and its rule
        head = tr(T("Artifact cards:"))
        cv.text(x + 4, y + 10, head, MIN_TEXT)
        cx = x + 8 + Canvas.text_width(head, MIN_TEXT) * 1.03
        for i, a in enumerate(hand):
            name = tr(texts.artifact(a)) + ("," if i < len(hand) - 1 else "")
            tw = Canvas.text_width(name, MIN_TEXT) * 1.03 + 2
            if cx + tw > x + w - 4 and cx > x + 8:
                cx = x + 8
                y += 14
            cv.text(cx, y + 10, name, MIN_TEXT)
            cv.hit(cx - 1, y, tw, 14, tip=_artifact_tip(a, lang), ref=a)
            cx += tw + 4
        y += 14
    else:
        arts = tr(T("Artifact cards: {n}", n=hand) if not isinstance(hand, list) else T("Artifact cards: none"))
        for ln in (cv.wrap(arts, MIN_TEXT, w - 8) if Canvas.text_width(arts, MIN_TEXT) > w - 8 else [arts]):
            cv.text(x + 4, y + 10, ln, MIN_TEXT, max_width=w - 8)
            y += 14
    y += 2
    first = bool(view.get("options", {}).get("first_printing_recruits"))
    for rid in pl["active"] if isinstance(pl["active"], list) else []:  # each after its faction's mark
        star = " ★" if rid in pl["recruit_stars"] else ""
        _faction_mark(cv, x + 4 + MARK_R, y + 9, RECRUITS[rid].faction)
        cv.text(x + 4 + MARK_ROOM, y + 10, f"{tr(texts.recruit(rid))}{star}", MIN_TEXT, PALETTE["good"],
                baseline="middle", max_width=w - 8 - MARK_ROOM)
        cv.hit(x, y, w, 18, tip=_recruit_tip(rid, lang, first), ref=rid)
        y += 19
    y += _set_up_cards(cv, pl, x, y, w, first)
    hid = pl["hidden"]
    if isinstance(hid, list):
        for rid in hid:
            _faction_mark(cv, x + 4 + MARK_R, y + 9, RECRUITS[rid].faction, hidden=True)
            cv.text(x + 4 + MARK_ROOM, y + 10, tr(T("{recruit} (hidden)", recruit=texts.recruit(rid))), MIN_TEXT,
                    PALETTE["muted"], baseline="middle", max_width=w - 8 - MARK_ROOM)
            cv.hit(x, y, w, 18, tip=_recruit_tip(rid, lang, first), ref=rid)
            y += 19
    elif hid:
        cv.text(x + 4, y + 10, "○ " + tr(T("1 hidden recruit") if hid == 1 else T("{n} hidden recruits", n=hid)),
                MIN_TEXT, PALETTE["muted"])
        y += 14
    dil = pl["dilemma"]
    if pl["dilemma_done"]:
        dtxt = tr(T("Ethical dilemma resolved")) + (" ★" if pl["dilemma_star"] else "")
    elif dil:
        dtxt = tr(T("Ethical dilemma: {title}", title=texts.dilemma(dil)))
    else:
        dtxt = tr(T("Ethical dilemma card (face down)"))
    cv.text(x + 4, y + 10, dtxt, MIN_TEXT, PALETTE["muted"], max_width=w - 8)
    if dil:  # your own card, or one resolved (face up): its text and rule
        own = acts if acts is not None and q == acts.me else None  # the legal actions, on the mover's own mat
        cv.hit(x, y, w, 14, action=(own.dilemma or None) if own is not None else None, tip=tr(dilemma_text(dil)),
               ref=dil, probe={"type": "dilemma"} if own is not None and own.probe_die is not None else None)
    y += 16
    cv.rect(x - 2, y0 - 2, w + 4, y - y0 + 4, None, PALETTE["line"], 1, 6)
    return y - y0 + 8


SET_UP_CARDS: tuple[tuple[Literal["dealt", "pack", "tiles_dealt"], Text], ...] = (
    ("dealt", T("Recruits dealt to you:")), ("pack", T("Recruits in your pack:")),
    ("tiles_dealt", T("Market tiles dealt to you:")))
"""The set-up's cards on the viewer's own mat, under their headings: the recruits dealt (or
drafted) to keep 2 of, the draft variant's pack, the market selection variant's tiles."""


def _set_up_cards(cv: Canvas, pl: Player, x: float, y: float, w: float, first_printing: bool) -> float:
    """The viewer's own set-up cards (``SET_UP_CARDS`` and the tile kept), one a row, each
    with its full text as its tip: what the choices of the set-up name can be read on the
    table. Another player's mat has only counts there (nothing drawn). Returns the height."""
    lang = _lang(cv)
    y0 = y
    kept = pl["kept_tile"]
    groups = [(head, pl[key]) for key, head in SET_UP_CARDS]
    groups.append((T("Market tile you kept:"), [kept] if isinstance(kept, str) else []))
    for head, cards in groups:
        if not isinstance(cards, list) or not cards:
            continue
        cv.text(x + 4, y + 10, _render(head, lang), MIN_TEXT, PALETTE["muted"], max_width=w - 8)
        y += 14
        for card in cards:
            recruit = card in RECRUITS
            if recruit:
                _faction_mark(cv, x + 4 + MARK_R, y + 9, RECRUITS[card].faction)
            name = _render(texts.recruit(card) if recruit else texts.market(card), lang)
            room = w - 8 - MARK_ROOM
            lines = cv.wrap(name, MIN_TEXT, room) if Canvas.text_width(name, MIN_TEXT) > room else [name]
            for i, ln in enumerate(lines):
                cv.text(x + 4 + MARK_ROOM, y + 10 + 14 * i, ln, MIN_TEXT, PALETTE["ink"], baseline="middle",
                        max_width=room)
            cv.hit(x, y, w, 18 + 14 * (len(lines) - 1), tip=thing_tip(card, lang, first_printing), ref=card)
            y += 19 + 14 * (len(lines) - 1)
    return y - y0


def _status(view: EuphoriaView, me: int | None, lang: str) -> str:
    pend = view.get("pending")
    if view["phase"] == "over":
        winners = join([player(w) for w in view["winners"]])
        return _render(T("Game over — winner: {winners}", winners=winners) if len(view["winners"]) == 1
                       else T("Game over — winners: {winners}", winners=winners), lang)
    if not pend:
        return ""
    who = player(pend["player"])
    if pend["kind"] == "turn":
        return _render(T("{player}’s turn: to place, retrieve or resolve the dilemma", player=who), lang)
    doing = pending_text(pend["kind"])
    if pend["player"] == me:
        return _render(T("{player} (you) is {doing}", player=who, doing=doing), lang)
    return _render(T("{player} is {doing}", player=who, doing=doing), lang)


def own_offer(view: EuphoriaView, me: int | None) -> Text | None:
    """The trade ``me`` is building, as built so far (``offer_so_far``), or None when ``me``
    builds none now: shown above its choices, so each item added is seen in the offer."""
    pend = view.get("pending")
    if not pend or pend["kind"] != "trade_build" or pend["player"] != me or "trade" not in pend:
        return None
    return offer_so_far(pend["trade"]["give"], pend["trade"]["get"])


def _buttons(cv: Canvas, acts: _Acts, x: float, y: float, w: float, first_printing: bool = False,
             dilemma: str | None = None) -> float:
    """The "Your move" panel: a button per choice that has no space of its own (each with its
    tip, ``_choice_tip``); ``dilemma``: the mover's own dilemma card. Returns the height."""
    if not acts.buttons and not acts.by_space:
        return 0
    lang = _lang(cv)
    y0 = y
    head = _render(T("Your move — click a highlighted space to place a worker") if acts.by_space else T("Your move"), lang)
    for ln in cv.wrap(head, 13, w, bold=True):
        cv.text(x, y + 14, ln, 13, PALETTE["highlight"], bold=True, max_width=w)
        y += 18
    y += 4
    bx = x
    row_h = FINGER
    for idx, label, ref, act in acts.buttons:
        # a label wider than the row wraps onto more lines (at the same size) instead of shrinking
        lines = cv.wrap(label, 11, w - 16) if Canvas.text_width(label, 11) + 16 > w else [label]
        bw = min(w, max(Canvas.text_width(ln, 11) for ln in lines) + 16)
        bh = FINGER + 14 * (len(lines) - 1)
        if bx + bw > x + w:
            bx = x
            y += row_h + 4
            row_h = FINGER
        cv.rect(bx, y, bw, bh, "#fff", PALETTE["highlight"], 1.5, 5)
        for i, ln in enumerate(lines):
            cv.text(bx + 8, y + 16 + 14 * i, ln, 11, PALETTE["ink"], max_width=bw - 12)
        cv.hit(bx, y, bw, bh, action=idx, tip=_choice_tip(act, label, lang, first_printing, dilemma), ref=ref)
        row_h = max(row_h, bh)
        bx += bw + 6
    return y + row_h + 8 - y0 if acts.buttons else y - y0


TANK = (("WAT_ENERGY", T("Tank (energy side): +1 worker, knowledge −2")),
        ("WAT_WATER", T("Tank (water side): +1 worker, morale +2")))
"""The two spaces of the shared tank, with their labels."""


def render(cv: Canvas, view: EuphoriaView, actions: list[dict], me: int | None) -> None:
    lang = _lang(cv)
    acts = _Acts(actions, view, me)
    wide = cv.width >= 720
    inner = cv.width - 2 * PAD
    y: float = PAD
    deck = _render(T("Artifact deck {deck} · discards {discards} · recruit deck {recruits}", deck=view["art_deck"],
                     discards=len(view["art_discard"]), recruits=view["recruit_deck"]), lang)
    room = inner if not wide else inner - 20 - Canvas.text_width(deck, 11) * 1.1
    for line in cv.wrap(_status(view, me, lang), 15, room / 1.12):  # bold: the estimate runs short
        cv.text(PAD, y + 16, line, 15, PALETTE["ink"], bold=True, max_width=room)
        y += 20
    offer = own_offer(view, me)
    if offer is not None:  # the trade being built, under the status line
        for line in cv.wrap(_render(offer, lang), 13, room):
            cv.text(PAD, y + 14, line, 13, PALETTE["ink"], max_width=room)
            y += 18
    if wide:
        cv.text(cv.width - PAD, PAD + 16, deck, 11, PALETTE["muted"], align="right")
    else:
        cv.text(PAD, y + 10, deck, 11, PALETTE["muted"], max_width=inner)
        y += 16
    y += 6
    # at the end the page's own panel has the score table (end_screen.py): the board stays as it was
    own = view["players"][me]["dilemma"] if me is not None else None
    y += _buttons(cv, acts, PAD, y, inner, bool(view.get("options", {}).get("first_printing_recruits")), own) + 4
    # the tank, shared
    tw = (inner - 6) / 2
    tank_h: float = 36 if wide else 48
    tank_h = max(_space_height(cv, view, sp, tw, _render(label, lang), tank_h) for sp, label in TANK)
    for i, (sp, label) in enumerate(TANK):
        text = _render(label, lang)
        _space_box(cv, view, acts, sp, PAD + i * (tw + 6), y, tw, tank_h, label=text)
    y += tank_h + 8
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
        row_h = max(row_h, _player(cv, view, i, me, PAD + (i % cols) * (pw + 10), y, pw, acts))
    y += row_h
    shown = view["shown"]
    if "hand" in shown:  # a hand shown to everyone (else the view's shown is empty)
        cards = join([texts.artifact(a) for a in shown["hand"]]) or T("no cards")
        said = _render(T("{player} showed: {cards}", player=player(shown["player"]), cards=cards), lang)
        for ln in cv.wrap(said, 11, inner):
            cv.text(PAD, y + 12, ln, 11, max_width=inner)
            y += 14
        y += 4
    cv.height = y + PAD
