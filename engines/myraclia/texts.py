"""Myraclia's words for people, as ``Text`` (``engines.core.i18n``): English in the code,
Italian in ``i18n/it.json``, with the names of the Italian edition's rulebook (Elemento,
tessera Myraclia, tabellone Draft, Zona di Scambio, jolly, Punti Vittoria = PV...).

Component names are small Texts that larger ones take as fields: ``colour("red")``,
``colours(["green", "red", "red"])`` ("green, 2 red"), ``surface("water")``,
``tile_short("P07")`` ("P07 (plains)"), ``tile_text`` and ``token_text`` (tooltips and logs).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from engines.core.i18n import Text, texts

from .components import COLOURS, TILES, TOKENS, ColourName

T = texts("myraclia")

# every colour in its three forms, written out so that the catalogue check sees each template
_COLOUR = {"green": T("green"), "yellow": T("yellow"), "orange": T("orange"), "red": T("red"),
           "blue": T("blue"), "black": T("black"), "white": T("white")}
_COLOUR_N = {"green": "{n} green", "yellow": "{n} yellow", "orange": "{n} orange", "red": "{n} red",
             "blue": "{n} blue", "black": "{n} black", "white": "{n} white"}
_AN_ELEMENT = {"green": T("a green element"), "yellow": T("a yellow element"),
               "orange": T("an orange element"), "red": T("a red element"),
               "blue": T("a blue element"), "black": T("a black element"),
               "white": T("a white element")}
_SURFACE = {"plains": T("plains"), "forest": T("forest"), "water": T("water"),
            "mountains": T("mountains")}

VP = T("VP")
"""Victory points, as the board writes them ("PV" in the Italian edition)."""


def colour(c: str | int) -> Text:
    """A colour's name ("green" / "verde")."""
    return _COLOUR[COLOURS[c] if isinstance(c, int) else c]


def colour_n(c: str | int, n: int) -> Text:
    """``n`` elements of a colour: "green" for one, "3 red" for more."""
    name = COLOURS[c] if isinstance(c, int) else c
    return _COLOUR[name] if n == 1 else T(_COLOUR_N[name], n=n)


def an_element(c: str | int) -> Text:
    """"a green element" / "an orange element"."""
    return _AN_ELEMENT[COLOURS[c] if isinstance(c, int) else c]


def surface(s: str) -> Text:
    return _SURFACE[s]


def join(items: Iterable[Text | str | int], sep: str = ", ") -> Text:
    """Items joined by ", " (or " + ", "/"): one small template per separator."""
    items = list(items)
    if not items:
        return T("nothing")
    out = items[0] if isinstance(items[0], Text) else T("{x}", x=items[0])
    tpl = {", ": "{a}, {b}", " + ": "{a} + {b}", "/": "{a}/{b}"}[sep]
    for it in items[1:]:
        out = T(tpl, a=out, b=it)
    return out


def colours(names: Sequence[str]) -> Text:
    """A sorted list of colours, counted: "green, 3 red" (one entry per cube in ``names``)."""
    runs: list[list] = []
    for c in names:
        if runs and runs[-1][0] == c:
            runs[-1][1] += 1
        else:
            runs.append([c, 1])
    return join([colour_n(c, n) for c, n in runs])


def counts_text(counts: list[int] | dict[ColourName, int]) -> Text:
    """A count vector or {colour: n} (a view's, keyed by colour name) as "2 green, 1 red"."""
    if isinstance(counts, dict):
        pairs = [(c, counts.get(c, 0)) for c in COLOURS]
    else:
        pairs = list(zip(COLOURS, counts))
    return join([colour_count(c, n) for c, n in pairs if n])


def surfaces(tid: str) -> Text:
    return join([surface(s) for s in TILES[tid].surfaces], "/")


def tile_short(tid: str) -> Text:
    """"P07 (plains)", "K01 (plains/forest)", "DARK1 (Darkness)"."""
    if TILES[tid].darkness:
        return T("{tile} (Darkness)", tile=tid)
    return T("{tile} ({surfaces})", tile=tid, surfaces=surfaces(tid))


def tile_text(tid: str) -> Text:
    """One line for tooltips: the tile's surface, needs, VP, released and free elements."""
    t = TILES[tid]
    if t.darkness:
        return T("{tile}: Darkness tile (never terraformed or reserved)", tile=tid)
    base = T("{tile} {surfaces}: needs {needs}, {vp} VP", tile=tid, surfaces=surfaces(tid),
             needs=join([colour(c) for c in t.requires], " + "), vp=t.vp)
    if t.released is None:
        return base
    assert t.free is not None  # a tile releasing an element also gives one free (data.json)
    return T("{base}, released element {released}, free element {free} every round", base=base,
             released=colour(t.released), free=colour(t.free))


def token_name(tok: str) -> Text:
    """What an Eternity token does, without its id: "+3 VP", "free red element every round"."""
    e = TOKENS[tok]
    if e.type == "points":
        return T("Points token: +{n} VP", n=e.value)
    if e.type == "released_element":
        return T("Released Element token: {colour}", colour=colour(e.colour))
    if e.type == "free_element":
        return T("Free Element token: {colour} every round", colour=colour(e.colour))
    return T("Surface token: extra {surface} symbol", surface=surface(e.surface))


def token_text(tok: str) -> Text:
    """"Eternity token E03 (Points token: +3 VP)"."""
    return T("Eternity token {id} ({what})", id=tok, what=token_name(tok))


#: names of the ``score_breakdown`` keys (the end-of-game table)
SCORE_CATEGORIES = {
    "tiles": T("Tiles"),
    "adjacency": T("Adjacency bonus"),
    "neighbours": T("Neighbours’ bonus"),
    "eternity": T("Eternity tokens"),
    "reservations": T("Reservation penalties"),
    "all_surfaces": T("All surface types"),
    "largest_area": T("Largest area"),
    "surface_types": T("Tiles per surface type"),
}

#: descriptions of the options (the New game form)
OPTION_LABELS = {
    "beginner": T("Beginner variant: 3 starting elements each"),
    "kickstarter": T("Shuffle the Kickstarter tile into the tile bag"),
    "eternity": T("Eternity expansion: 16 Eternity tokens"),
    "darkness": T("Darkness expansion: 3 Darkness tiles"),
    "youngest_first": T("Seats from youngest to oldest, for start-order ties; "
                        "a random order when not given"),
}


_COLOUR_ONE = {"green": T("1 green"), "yellow": T("1 yellow"), "orange": T("1 orange"), "red": T("1 red"),
               "blue": T("1 blue"), "black": T("1 black"), "white": T("1 white")}


def colour_count(c: str | int, n: int) -> Text:
    """Always with the number: "1 green", "3 red"."""
    name = COLOURS[c] if isinstance(c, int) else c
    return _COLOUR_ONE[name] if n == 1 else T(_COLOUR_N[name], n=n)
