"""Myraclia's words for people, as ``Text`` (``engines.core.i18n``): English in the code,
Italian in ``i18n/it.json``, with the names of the Italian edition's rulebook (Elemento,
tessera Myraclia, tabellone Draft, Zona di Scambio, jolly, Punti Vittoria = PV...).

Component names are small Texts that larger ones take as fields: ``colour("red")``,
``colours(["green", "red", "red"])`` ("green, 2 red"), ``surface("water")``,
``tile_name("P07")`` ("plains tile (yellow + green)"), ``space_name`` (a free space by a
neighbouring tile: "north-east of the plains tile (yellow + green)"), ``tile_text`` and
``token_text`` (tooltips and logs). A person never reads a tile's id ("P07") or a
position's coordinates ("(1, -2)"): a tile is named by its surface type and its elements, as
the rulebook describes the tiles, and a free space by the tile it lies beside.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

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


_SURFACE_LETTER = {"plains": T("P"), "forest": T("F"), "water": T("W"), "mountains": T("M")}


def surface_letter(s: str) -> Text:
    """A surface's short form, one letter, where the map has no room for its name (and a
    legend says it): "W" for water, "A" (Acqua) for the Italian "Zona d’Acqua", whose first
    letter would be the "Z" of "Zona"."""
    return _SURFACE_LETTER[s]


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


def tile_name(tid: str) -> Text:
    """A tile by its surface type and the elements it needs: "plains tile (yellow + green)" /
    "tessera Pianura (giallo + verde)", "plains/forest tile (red + blue)"; "Darkness tile"
    (templates write the article: "the {tile}" / "la {tile}")."""
    t = TILES[tid]
    if t.darkness:
        return T("Darkness tile")
    return T("{surfaces} tile ({needs})", surfaces=surfaces(tid), needs=join([colour(c) for c in t.requires], " + "))


DIRECTIONS = {(1, 0): T("east of the {tile}"), (-1, 0): T("west of the {tile}"),
              (0, 1): T("south-east of the {tile}"), (0, -1): T("north-west of the {tile}"),
              (1, -1): T("north-east of the {tile}"), (-1, 1): T("south-west of the {tile}")}
"""Where a space lies from a tile beside it, by the axial offset from the tile to the space
(the planet is drawn with pointed tops: ``(q, r)`` at x = √3·(q + r/2), y = 1.5·r)."""


def space_name(surface_ids: Mapping[tuple[int, int], str], q: int, r: int) -> Text:
    """A free space named by a tile beside it: "north-east of the plains tile (yellow + green)".

    ``surface_ids`` maps every occupied position to its tile's id. The tile named is the first
    neighbour (in ``DIRECTIONS``' order) whose name no other tile of the surface shares, so the
    words point at one space; failing that, the first neighbour."""
    names: dict[str, int] = {}
    for tid in surface_ids.values():
        key = str(tile_name(tid))
        names[key] = names.get(key, 0) + 1
    beside = [(d, surface_ids[(q - d[0], r - d[1])]) for d in DIRECTIONS if (q - d[0], r - d[1]) in surface_ids]
    if not beside:
        return T("a space far from every tile")
    d, tid = next(((d, t) for d, t in beside if names[str(tile_name(t))] == 1), beside[0])
    return T(DIRECTIONS[d].template, tile=tile_name(tid))


def tile_text(tid: str) -> Text:
    """One line for tooltips: the tile's surface and needs (its name), VP, released and free
    elements."""
    t = TILES[tid]
    if t.darkness:
        return T("Darkness tile (never terraformed or reserved)")
    base = T("{tile}: {vp} VP", tile=tile_name(tid), vp=t.vp)
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
    """"Eternity token (Points token: +3 VP)" (what it does, never its id)."""
    return T("Eternity token ({what})", what=token_name(tok))


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
