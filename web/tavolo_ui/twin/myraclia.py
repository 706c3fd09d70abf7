"""Myraclia in words (see ``tavolo_ui.twin``): your reserve, discs and tiles; the round, the
Draft board's columns, the trade zones, the tile offer and every tile of the planet's surface
with its owner; each other player's figures.

Everything on Myraclia's table is public (the view hides only the bags' contents, as sizes):
"you" and "each other player" say the same things.
"""

from __future__ import annotations

from engines.core.i18n import Text, player
from engines.myraclia.public import T, colour_count, counts_text, join, tile_name, tile_text, token_name

Lines = list[Text]


def player_lines(view: dict, q: int) -> Lines:
    """A player's figures: VP, tiles, discs, reserve, the reserved tile, the draft disc."""
    s = view["seats"][q]
    info = [T("{n} VP", n=s["score"]),
            T("1 tile") if len(s["tiles"]) == 1 else T("{n} tiles", n=len(s["tiles"])),
            T("1 disc") if s["discs"] == 1 else T("{n} discs", n=s["discs"])]
    if s.get("passed"):
        info.append(T("passed"))
    lines: Lines = [join(info),
                    T("Reserve: {elements}", elements=counts_text(s["reserve"])) if s["reserve"] else T("no elements")]
    if s["reserved"]:
        lines.append(T("Reserved tile: {tile}", tile=tile_text(s["reserved"])))
    if s["tiles"]:
        lines.append(T("Terraformed tiles: {tiles}", tiles=join([tile_name(t) for t in s["tiles"]])))
    if s.get("draft_column"):
        lines.append(T("Draft disc in column {n}", n=s["draft_column"]))
    return lines


def surface_line(t: dict) -> Text:
    """A tile of the planet, by its name and state first: "Terraformed by Player 2: water tile
    (blue + black)"; a tile still to terraform with its needs and VP (no coordinates: a
    tile is named by its surface type and elements, ``tile_name``)."""
    if t["state"] == "darkness":
        return tile_name(t["id"])
    if t["state"] == "terraformed":
        line = T("Terraformed by {player}: {tile}", player=player(t["owner"]), tile=tile_name(t["id"]))
    elif t["state"] == "reserved":
        line = T("Reserved by {player}: {tile}", player=player(t["owner"]), tile=tile_text(t["id"]))
        if t["cubes"]:
            line = T("{a}, {b}", a=line, b=T("on the tile: {elements}", elements=counts_text(t["cubes"])))
    else:
        line = T("Free: {tile}", tile=tile_text(t["id"]))
    for token in t["tokens"]:
        line = T("{a}, {b}", a=line, b=token_name(token["id"]))
    return line


def table(view: dict) -> Lines:
    """The public board: round, orders, Draft board, trade zones, offer, bags, the surface."""
    lines: Lines = [
        T("Myraclia, round {n} (founding round)", n=view["round"]) if view["founding"]
        else T("Myraclia, round {n}", n=view["round"]),
        T("The game ends at {n} terraformed tiles", n=view["end_threshold"]),
        T("Drafting order: {players}", players=join([player(p) for p in view["drafting_order"]])),
        T("Terraforming order: {players}", players=join([player(p) for p in view["terraforming_order"]])),
    ]
    for col in view["draft"]:
        if not col["count"] and not col["queue"]:
            continue
        line = (T("Column {n}: {elements}", n=col["column"], elements=colour_count(col["colour"], col["count"]))
                if col["count"] else T("Column {n}: empty", n=col["column"]))
        if col["queue"]:
            line = T("{a}, {b}", a=line, b=T("Draft discs (nearest first): {players}",
                                               players=join([player(p) for p in col["queue"]])))
        lines.append(line)
    lines.append(T("Trade zones: {elements}", elements=counts_text(view["pool"])) if view["pool"]
                 else T("Trade zones: empty"))
    lines += [T("In the offer: {tile}", tile=tile_text(t["id"])) for t in view["offer"]]
    lines.append(T("Tiles left in the tile bag: {n}; elements left in the element bag: {m}",
                   n=view["tile_bag"], m=view["element_bag"]))
    if view["discard"]:
        lines.append(T("Discard pile: {elements}", elements=counts_text(view["discard"])))
    if view["options"].get("eternity"):
        lines.append(T("Eternity tokens face down: {n}", n=view["eternity_bag"]))
    if view["eternity_drawn"]:
        lines.append(T("Eternity token drawn: {token}", token=token_name(view["eternity_drawn"]["id"])))
    lines += [surface_line(t) for t in view["surface"]]
    return lines


def sections(view: dict, me: int | None) -> list[tuple[Text, Lines]]:
    """You (when ``me`` is a seat), the table, each other player."""
    out: list[tuple[Text, Lines]] = []
    if me is not None:
        out.append((T("{player} (you)", player=player(me)), player_lines(view, me)))
    out.append((T("The table"), table(view)))
    out += [(player(q), player_lines(view, q)) for q in range(len(view["seats"])) if q != me]
    return out
