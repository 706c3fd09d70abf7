"""The reference of the "How to play" screen (``Game.reference``): every component of Myraclia
with its kind, name and what it does, in English or Italian.

Built from the component data (``components``) and the texts of ``texts`` (the same ``Text``
builders the table's tooltips and the log use: ``tile_name``, ``tile_text``, ``token_text``,
``colour``, ``surface``), so a tile's text is written once. Order: the 7 element colours (most
common first), the Myraclia tiles (data order, then the Kickstarter tile), the Darkness tiles,
the Eternity tokens, the 4 surface types, then the boards and pieces on the table. Ids are the
components' internal keys (``"green"``, ``"P07"``, ``"DARK1"``, ``"E03"``, ``"plains"``,
``"draft-board"``); the page makes them anchors ``ref-<id>`` in lower case.
"""

from __future__ import annotations

from engines.core.i18n import Text, render_entries

from .components import (COLOURS, DARKNESS_IDS, DATA, MAX_ACTIONS, SCORING, SETUP, SURFACES, TILES, TOKEN_IDS,
                         TOKENS, TOTAL_CUBES, surface_points)
from .texts import T, colour, join, surface, tile_name, tile_text, token_text

KIND_ELEMENT = T("Element")
KIND_TILE = T("Myraclia tile")
KIND_KICKSTARTER = T("Kickstarter tile")
KIND_DARKNESS = T("Darkness tile")
KIND_TOKEN = T("Eternity token")
KIND_SURFACE = T("Surface type")
KIND_BOARD = T("Board")
KIND_PIECE = T("Game piece")
KIND_RULE = T("Rule")

# written out so that the catalogue check sees each template
_ELEMENT_NAME = {"green": T("Green element"), "yellow": T("Yellow element"), "orange": T("Orange element"),
                 "red": T("Red element"), "blue": T("Blue element"), "black": T("Black element"),
                 "white": T("White element")}


def element_text(c: str) -> Text:
    """An element colour: how many cubes, its rarity, what rarity decides."""
    data = DATA.cubes.colours[c]
    return T("{n} of the {total} element cubes; rarity {rank} of {k} (1 is the most common, {k} the "
             "rarest). Rarity breaks ties between equal groups on the Draft board and decides the start "
             "order: the player holding rarer elements drafts later.",
             n=data.count, total=TOTAL_CUBES, rank=data.rarity_rank, k=len(COLOURS))


def _then(line: Text, more: Text) -> Text:
    """A tooltip's line (no full stop) followed by a sentence."""
    return T("{line}. {more}", line=line, more=more)


def tile_reference_text(tid: str) -> Text:
    """A tile's reference text: the tooltip's line, then what its symbols do."""
    t = TILES[tid]
    line = tile_text(tid)
    if t.darkness:
        return _then(line, T("It is drawn into the tile offer like any tile, and must be added first. It "
                             "counts for the compact shape, but never for adjacency, bonuses or areas: it "
                             "splits contiguous areas."))
    if t.kickstarter:
        return _then(line, T("It shows two surface symbols: both count in the final scoring of surface "
                             "types, but it is a single tile for the largest area and the end of the game."))
    if t.released is not None:
        return _then(line, T("The released element comes back to your reserve when you terraform it; the "
                             "free element comes to the tile’s owner at the end of every round."))
    return line


def token_reference_text(tok: str) -> Text:
    e = TOKENS[tok]
    if e.type == "points":
        return T("Whoever terraforms the tile it lies on scores {n} VP at once; then the token is discarded.",
                 n=e.value)
    if e.type == "released_element":
        return T("Whoever terraforms the tile it lies on receives a {colour} element at once, usable in "
                 "the same turn; then the token is discarded.", colour=colour(e.colour))
    if e.type == "free_element":
        return T("It stays on the tile once terraformed: at the end of every round the tile’s owner "
                 "receives a free {colour} element, like a tile’s free element.", colour=colour(e.colour))
    return T("It stays on the tile once terraformed and adds a {surface} symbol to it for the final "
             "scoring (also for the plains tie-break).", surface=surface(e.surface))


def surface_reference_text(s: str) -> Text:
    n = sum(1 for t in DATA.tiles if not t.kickstarter and s in t.surfaces)
    return T("{n} tiles of this type. At the end, each type scores by the number of its symbols on your "
             "terraformed tiles: {points} VP for 1, 2, 3, 4, 5 or more; having all four types gives "
             "{bonus} VP more.", n=n, points=join([surface_points(s, k) for k in range(1, 6)], "/"),
             bonus=SCORING.all_surfaces_bonus)


def _pieces() -> dict[str, tuple[Text, Text, Text]]:
    """The boards and the pieces that are neither elements, tiles nor tokens: id -> (kind, name, text)."""
    by = SETUP.by_players
    small = [n for n in sorted(by) if by[n].end_threshold == max(b.end_threshold for b in by.values())]
    return {
        "surface": (KIND_BOARD, T("Surface"), T(
            "The planet: the hex tiles in play, free, reserved, terraformed or Darkness. It starts with "
            "{tiles} tiles (2 to 5 players) and grows by the tiles added at the end of the turns.",
            tiles=join([by[n].initial_tiles for n in sorted(by)], "/"))),
        "draft-board": (KIND_BOARD, T("Draft board"), T(
            "{n} columns, numbered from the right. Each round it is filled with {k} elements per player, "
            "grouped by colour: the largest group in column 1. Where your draft disc ends up decides "
            "your place in the terraforming order: column 1 first.", n=DATA.draft_board.columns,
            k=by[min(by)].draft_cubes_per_player)),
        "order-board": (KIND_BOARD, T("Player Order board"), T(
            "Shows the drafting order and, after the draft, the terraforming order. The next round’s "
            "drafting order is the reverse of this round’s terraforming order.")),
        "tile-offer": (KIND_BOARD, T("Tile offer"), T(
            "{n} face-up tiles: at the end of your turn you add to the surface one of them for each "
            "free tile you terraformed and each tile you reserved; then the offer is refilled from the "
            "tile bag.", n=SETUP.tile_offer_size)),
        "score-track": (KIND_BOARD, T("Score track"), T(
            "Your victory points (VP) during the game. A reservation costs VP, but never more than you "
            "have: the score never goes below 0.")),
        "trade-zone": (KIND_BOARD, T("Trade zone"), T(
            "At the end of your turn your unused elements go here. A player whose turn comes later may "
            "swap elements one for one with the trade zones; at the end of the round they are "
            "discarded.")),
        "reserve": (KIND_PIECE, T("Reserve"), T(
            "Your elements: taken in the draft, released by tiles, received as free elements. You pay "
            "with them; they do not carry over to the next round.")),
        "disc": (KIND_PIECE, T("Discs"), T(
            "{a} per player with {small} players, {b} with more: light side up on a tile you "
            "terraformed, dark side up on the tile you reserved. With none left you can only complete "
            "or move your reservation.", a=max(b.discs for b in by.values()),
            small=join([str(n) for n in small], "/"), b=min(b.discs for b in by.values()))),
        "terraforming": (KIND_RULE, T("Terraforming phase"), T(
            "After the draft, each player in terraforming order plays a whole turn of up to {n} actions: "
            "terraform a free tile next to a terraformed tile, paying the elements it needs; reserve a free tile "
            "next to a terraformed tile; or change your reservation. Trading and adding elements to your "
            "reserved tile are free. Each new tile takes one of your discs.", n=MAX_ACTIONS)),
        "reservation": (KIND_RULE, T("Reservation"), T(
            "With no reserved tile, you may reserve a free tile next to a terraformed tile: put on it at least "
            "one element it needs (no wildcards), never all of them, and pay 1 VP per element still missing. "
            "Later you may add elements it needs; completing it is a Terraform action.")),
        "compact-shape": (KIND_RULE, T("Compact-shape rules"), T(
            "A new tile goes on an empty space touching at least 2 tiles; if it touches exactly 2, each of "
            "those must touch at least 3 other tiles. A Darkness tile in the tile offer is added first.")),
        "wildcard": (KIND_RULE, T("Wildcard"), T(
            "When you terraform, a missing element may be paid with 3 elements of one colour or 5 of any "
            "colours, but never with more elements than needed (the hand rule).")),
        "element-bag": (KIND_PIECE, T("Element bag"), T(
            "All {n} element cubes at the start. The Draft board is filled from it; when it is empty, the "
            "discard pile goes back into it.", n=TOTAL_CUBES)),
        "tile-bag": (KIND_PIECE, T("Tile bag"), T(
            "The tiles not yet in play, drawn at random for the tile offer.")),
        "discard-pile": (KIND_PIECE, T("Discard pile"), T(
            "Elements paid, left on the Draft board or unused at the end of a round. Released and free "
            "elements are taken from here first.")),
    }


def entries() -> list[tuple[str, Text, Text, Text]]:
    """(id, kind, name, text) of every component, as ``Text``."""
    out: list[tuple[str, Text, Text, Text]] = []
    for c in COLOURS:
        out.append((c, KIND_ELEMENT, _ELEMENT_NAME[c], element_text(c)))
    for tid, t in TILES.items():
        if not t.darkness:
            kind = KIND_KICKSTARTER if t.kickstarter else KIND_TILE
            out.append((tid, kind, tile_name(tid), tile_reference_text(tid)))
    for tid in DARKNESS_IDS:
        out.append((tid, KIND_DARKNESS, tile_name(tid), tile_reference_text(tid)))
    for tok in TOKEN_IDS:
        out.append((tok, KIND_TOKEN, token_text(tok), token_reference_text(tok)))
    for s in SURFACES:
        out.append((s, KIND_SURFACE, surface(s), surface_reference_text(s)))
    for k, (kind, name, text) in _pieces().items():
        out.append((k, kind, name, text))
    return out


PIECES: list[str] = list(_pieces())
"""The ids of the boards and the other pieces (neither elements, tiles, tokens nor surface types)."""


def reference(lang: str = "en") -> list[dict]:
    """``Game.reference``: the entries rendered in ``lang``."""
    return render_entries(entries(), lang)


__all__ = ["reference", "entries", "PIECES", "element_text", "tile_reference_text",
           "token_reference_text", "surface_reference_text"]
