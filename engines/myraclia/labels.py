"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

``log_text`` is the public log line; a label is the text of the button, so it says exactly
what pressing it does: the tile and its surface, the elements paid or placed (and which
ones are wildcards), the VP gained or paid, the Draft-board column and where the draft
disc ends up, the position of a new tile and the tiles it touches. Everything named here
is public in Myraclia (spec §16: only the bags are hidden), so a label never needs more
than the table shows. Labels of the legal actions of one position are all different.
Every text is a ``Text`` (``texts.T``), rendered in the player's language by the Game.
"""

from __future__ import annotations

from typing import Any, Sequence

from engines.core.i18n import Text

from .actions import OUTCOME_TYPES
from .components import COLOURS, DRAFT_COLUMNS, MISC, TILES, ColourName
from .state import MyracliaState
from .texts import T, an_element, colour, colour_n, colours, join, space_name, tile_name, token_text
from .view import chance_text

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _tile(tid: str) -> Text:
    """A tile by its surface type and elements (``texts.tile_name``), never by its id."""
    return tile_name(tid)


def _list(names: Sequence[str]) -> Text:
    """"green, 3 red" style: counts per colour, in the order given."""
    return colours(names)


def _find(state: MyracliaState, tid: str):
    for t in state.surface:
        if t.id == tid:
            return t
    return None


def _terraform_gain(state: MyracliaState, p: int, tile) -> int:
    """§8.4: the tile's VP plus the adjacency bonus this action would bring."""
    m = (MISC.adjacency_bonus_first_terraform_action if state.terraform_actions == 0
         else MISC.adjacency_bonus_second_or_third_terraform_action)
    pos = {(t.q, t.r): t for t in state.surface}
    own = sum(1 for dq, dr in NEIGHBOURS
              if (n := pos.get((tile.q + dq, tile.r + dr))) is not None and n.terraformed and n.owner == p)
    return TILES[tile.id].vp + own * m


def _split_payment(tile, pay: list[str]) -> tuple[list[ColourName], list[str]]:
    """(direct matches in colour order, the rest paid through wildcards) of a payment.

    Under the hand rule (§8.1.3) a paid element of a missing colour is always a direct match."""
    need = [COLOURS[c] for c in TILES[tile.id].requires if tile.cubes[c] == 0]
    direct: list[ColourName] = []
    rest = list(pay)
    for c in need:
        if c in rest:
            rest.remove(c)
            direct.append(c)
    direct.sort(key=COLOURS.index)
    return direct, rest


def _payment(tile, pay: list[str]) -> Text:
    """The payment split into direct matches and wildcards (§8.1.2): "green + wildcard 3 red".

    Under the hand rule (§8.1.3) a paid element of a missing colour is always a direct match."""
    direct, rest = _split_payment(tile, pay)
    if not rest:
        return _list(direct)
    several = len(rest) > 5
    if direct:
        tpl = "{direct} + wildcards {rest}" if several else "{direct} + wildcard {rest}"
        return T(tpl, direct=_list(direct), rest=_list(rest))
    return T("wildcards {rest}" if several else "wildcard {rest}", rest=_list(rest))


def _count(c: str, n: int) -> Text:
    """Always with the number: "1 green", "3 red" (picker steps)."""
    from .texts import colour_count
    return colour_count(c, n)


def _elements(n: int) -> Text:
    return T("1 element") if n == 1 else T("{n} elements", n=n)


def _space(state: MyracliaState, q: int, r: int) -> Text:
    """A free space by a tile beside it (``texts.space_name``), never by its coordinates."""
    return space_name({(t.q, t.r): t.id for t in state.surface}, q, r)


def _touching(state: MyracliaState, q: int, r: int) -> int:
    """How many tiles the space ``(q, r)`` touches (the compact-shape rules count them)."""
    pos = {(t.q, t.r) for t in state.surface}
    return sum(1 for dq, dr in NEIGHBOURS if (q + dq, r + dr) in pos)


def action_label(state: MyracliaState, action: Any, player: int) -> Text:
    k = action.type
    if k in OUTCOME_TYPES:  # a chance outcome: what is drawn (``view.chance_text``)
        return chance_text(state, action)
    seat = state.seats[player]
    if k == "take":
        col = action.column - 1
        ok = 0 <= col < DRAFT_COLUMNS and state.draft_colour[col] >= 0
        what = colour(state.draft_colour[col]) if ok else T("nothing")
        cur = next((c for c, q in enumerate(state.draft_queue) if player in q), None)
        if cur is None:
            disc = T("your disc goes to column {n}", n=action.column)
        elif col > cur:
            disc = T("your disc moves left to column {n}", n=action.column)
        else:
            disc = T("your disc stays in column {n}", n=cur + 1)
        return T("Take 1 {colour} from column {column} ({disc})", colour=what, column=action.column, disc=disc)
    if k == "pass":
        return T("Pass: take no more elements this round")
    if k == "terraform":
        t = _find(state, action.tile)
        gain = _terraform_gain(state, player, t)
        tpl = ("Complete your reservation, the {tile}, paying {payment}: +{gain} VP" if t.owner == player
               else "Terraform the {tile} paying {payment}: +{gain} VP")
        return T(tpl, tile=_tile(t.id), payment=_payment(t, action.pay), gain=gain)
    if k in ("reserve", "change"):
        t = _find(state, action.tile)
        miss = sum(1 for c in TILES[t.id].requires if t.cubes[c] == 0) - len(action.place)
        cost = miss * MISC.reservation_penalty_per_missing_element
        if k == "reserve":
            return T("Reserve the {tile} placing {place}: -{cost} VP ({miss} missing)", tile=_tile(t.id),
                     place=_list(action.place), cost=cost, miss=miss)
        return T("Move your reservation from the {old} to the {tile} placing {place}: -{cost} VP ({miss} missing)",
                 old=_tile(seat.reserved or ""), tile=_tile(t.id), place=_list(action.place), cost=cost, miss=miss)
    if k == "add":
        return T("Put {place} on your reserved tile, the {tile} (free, not an action)",
                 place=_list(action.place), tile=_tile(seat.reserved or ""))
    if k == "trade":
        return T("Trade: give {give}, take {take} from the trade zones",
                 give=an_element(action.give), take=an_element(action.take))
    if k == "end_turn":
        n = sum(seat.reserve)
        tiles = state.tiles_to_add
        first = T("{elements} to your trade zone", elements=_elements(n)) if n else T("no elements left")
        if tiles:
            first = T("{first}, then add 1 tile from the offer" if tiles == 1
                      else "{first}, then add {k} tiles from the offer", first=first, k=tiles)
        return T("End your turn: {what}", what=first)
    if k == "place_tile":
        return T("Add the {tile} {space} (it touches {n} tiles)", tile=_tile(action.tile),
                 space=_space(state, action.q, action.r), n=_touching(state, action.q, action.r))
    if k == "place_token":
        tok = state.eternity_drawn
        what = token_text(tok) if tok else T("the Eternity token")
        return T("Put {token} on the {tile}", token=what, tile=_tile(action.tile))
    return T("Unknown action")


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
def _wildcard_steps(rest: list[str], groups: int) -> list[Text]:
    """The wildcard elements of a payment (§8.1.2) as steps: the three-of-a-kind groups
    ("3 blue", taken from the most plentiful colours first), then, when there are
    five-of-any groups, their elements one colour at a time ("2 green", "1 red"), so
    each list to choose from stays short. ``rest`` holds exactly ``groups`` groups."""
    fives = (len(rest) - 3 * groups) // 2  # 3a + 5b = len(rest), a + b = groups
    left = {c: rest.count(c) for c in COLOURS}
    triples: list[str] = []
    for _ in range(groups - fives):
        c = max(COLOURS, key=lambda k: (left[k], -COLOURS.index(k)))
        left[c] -= 3
        triples.append(c)
    parts: list[Text] = [colour_n(c, 3) for c in triples]
    if fives:
        parts.append(T("{n} of any colours", n=5 * fives))
    tpl = "Wildcards for the other {n}: {parts}" if groups > 1 else "Wildcard for the other {n}: {parts}"
    head = T(tpl, n=groups, parts=join(parts, " + "))
    return [head] + [_count(c, left[c]) for c in COLOURS if left[c]]


def _payment_steps(tile, pay: list[str]) -> list[Text]:
    """The payment as the direct matches, then (if any) the wildcards (§8.1)."""
    direct, rest = _split_payment(tile, pay)
    if not rest:
        return [T("Pay {direct}, no wildcard", direct=_list(direct))]
    first = T("Pay {direct} directly", direct=_list(direct)) if direct else T("No direct match")
    missing = sum(1 for c in TILES[tile.id].requires if tile.cubes[c] == 0)
    return [first] + _wildcard_steps(rest, missing - len(direct))


def action_steps(state: MyracliaState, action: Any, player: int) -> list[Text]:
    """The choices of ``action`` one at a time: the kind of action, the tile, the elements.

    A turn offers few kinds (terraform, reserve, trade...), each kind a handful of tiles
    or colours, each tile its payments split into the direct matches and the wildcards, so
    no list the player reads is long. Joined, the steps say what ``action_label`` says."""
    k = action.type
    seat = state.seats[player]
    if k == "terraform":
        t = _find(state, action.tile)
        gain = _terraform_gain(state, player, t)
        if t.owner == player:
            head = [T("Complete your reservation, the {tile}: +{gain} VP", tile=_tile(t.id), gain=gain)]
        else:
            head = [T("Terraform a tile"), T("{tile}: +{gain} VP", tile=_tile(t.id), gain=gain)]
        return head + _payment_steps(t, action.pay)
    if k in ("reserve", "change"):
        t = _find(state, action.tile)
        miss = sum(1 for c in TILES[t.id].requires if t.cubes[c] == 0) - len(action.place)
        cost = miss * MISC.reservation_penalty_per_missing_element
        head = ([T("Reserve a tile"), _tile(t.id)] if k == "reserve"
                else [T("Move your reservation from the {old}", old=_tile(seat.reserved or "")),
                      T("to the {tile}", tile=_tile(t.id))])
        n = len(action.place)
        return head + [T("place {elements}: -{cost} VP ({miss} missing)", elements=_elements(n), cost=cost,
                         miss=miss), _list(action.place)]
    if k == "add":
        return [T("Put elements on your reserved tile, the {tile} (free, not an action)",
                  tile=_tile(seat.reserved or "")), _list(action.place)]
    if k == "trade":
        return [T("Trade an element (free)"), T("Give {give}", give=an_element(action.give)),
                T("for {take} from the trade zones", take=an_element(action.take))]
    if k == "place_tile":
        return [T("Add the {tile}", tile=_tile(action.tile)),
                T("{space} (it touches {n} tiles)", space=_space(state, action.q, action.r),
                  n=_touching(state, action.q, action.r))]
    return [action_label(state, action, player)]
