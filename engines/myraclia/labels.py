"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

``describe`` is the public log line; a label is the text of the button, so it says exactly
what pressing it does: the tile and its surface, the elements paid or placed (and which
ones are wildcards), the VP gained or paid, the Draft-board column and where the draft
disc ends up, the position of a new tile and the tiles it touches. Everything named here
is public in Myraclia (spec §16: only the bags are hidden), so a label never needs more
than the table shows. Labels of the legal actions of one position are all different.
"""

from __future__ import annotations

from typing import Any

from .components import COLOURS, DRAFT_COLUMNS, MISC, TILES, token_text
from .state import MyracliaState

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _tile_short(tid: str) -> str:
    t = TILES[tid]
    if t.darkness:
        return f"{tid} (Darkness)"
    return f"{tid} ({'/'.join(t.surfaces)})"


def _list(colours: list[str]) -> str:
    """"green, 3 red" style: counts per colour, in the order given."""
    out: list[str] = []
    for c in colours:
        if out and out[-1][1] == c:
            out[-1] = (out[-1][0] + 1, c)
        else:
            out.append((1, c))
    return ", ".join(c if n == 1 else f"{n} {c}" for n, c in out)


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


def _split_payment(tile, pay: list[str]) -> tuple[list[str], list[str]]:
    """(direct matches in colour order, the rest paid through wildcards) of a payment.

    Under the hand rule (§8.1.3) a paid element of a missing colour is always a direct match."""
    need = [COLOURS[c] for c in TILES[tile.id].requires if tile.cubes[c] == 0]
    direct, rest = [], list(pay)
    for c in need:
        if c in rest:
            rest.remove(c)
            direct.append(c)
    direct.sort(key=COLOURS.index)
    return direct, rest


def _payment(tile, pay: list[str]) -> str:
    """The payment split into direct matches and wildcards (§8.1.2): "green + wildcard 3 red".

    Under the hand rule (§8.1.3) a paid element of a missing colour is always a direct match."""
    direct, rest = _split_payment(tile, pay)
    parts = [_list(direct)] if direct else []
    if rest:
        parts.append(f"wildcard{'s' if len(rest) > 5 else ''} {_list(rest)}")
    return " + ".join(parts)


def action_label(state: MyracliaState, action: Any, player: int) -> str:
    k = action.type
    seat = state.seats[player]
    if k == "take":
        col = action.column - 1
        colour = COLOURS[state.draft_colour[col]] if 0 <= col < DRAFT_COLUMNS and state.draft_colour[col] >= 0 else "?"
        cur = next((c for c, q in enumerate(state.draft_queue) if player in q), None)
        if cur is None:
            disc = f"your disc goes to column {action.column}"
        elif col > cur:
            disc = f"your disc moves left to column {action.column}"
        else:
            disc = f"your disc stays in column {cur + 1}"
        return f"Take 1 {colour} from column {action.column} ({disc})"
    if k == "pass":
        return "Pass: take no more elements this round"
    if k == "terraform":
        t = _find(state, action.tile)
        what = "Complete your reservation" if t.owner == player else "Terraform"
        gain = _terraform_gain(state, player, t)
        return f"{what} {_tile_short(t.id)} paying {_payment(t, action.pay)}: +{gain} VP"
    if k in ("reserve", "change"):
        t = _find(state, action.tile)
        miss = sum(1 for c in TILES[t.id].requires if t.cubes[c] == 0) - len(action.place)
        cost = miss * MISC.reservation_penalty_per_missing_element
        what = "Reserve" if k == "reserve" else f"Move your reservation from {seat.reserved} to"
        return f"{what} {_tile_short(t.id)} placing {_list(action.place)}: -{cost} VP ({miss} missing)"
    if k == "add":
        return f"Put {_list(action.place)} on your reserved tile {seat.reserved} (free, not an action)"
    if k == "trade":
        return f"Trade your {action.give} for a {action.take} from the trade zones"
    if k == "end_turn":
        n = sum(seat.reserve)
        tiles = state.tiles_to_add
        parts = [f"{n} element{'s' if n != 1 else ''} to your trade zone" if n else "no elements left"]
        if tiles:
            parts.append(f"then add {tiles} tile{'s' if tiles != 1 else ''} from the offer")
        return "End your turn: " + ", ".join(parts)
    if k == "place_tile":
        pos = {(t.q, t.r): t.id for t in state.surface}
        near = sorted(pos[(action.q + dq, action.r + dr)] for dq, dr in NEIGHBOURS
                      if (action.q + dq, action.r + dr) in pos)
        return (f"Add {_tile_short(action.tile)} at ({action.q}, {action.r}), "
                f"touching {', '.join(near)}")
    if k == "place_token":
        tok = state.eternity_drawn
        what = token_text(tok) if tok else "the Eternity token"
        return f"Put {what} on {_tile_short(action.tile)}"
    return str(action)


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
def _wildcard_steps(rest: list[str], groups: int) -> list[str]:
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
    parts = [f"3 {c}" for c in triples]
    if fives:
        parts.append(f"{5 * fives} of any colours")
    head = f"Wildcard{'s' if groups > 1 else ''} for the other {groups}: {' + '.join(parts)}"
    return [head] + [f"{left[c]} {c}" for c in COLOURS if left[c]]


def _payment_steps(tile, pay: list[str]) -> list[str]:
    """The payment as the direct matches, then (if any) the wildcards (§8.1)."""
    direct, rest = _split_payment(tile, pay)
    if not rest:
        return [f"Pay {_list(direct)}, no wildcard"]
    first = f"Pay {_list(direct)} directly" if direct else "No direct match"
    missing = sum(1 for c in TILES[tile.id].requires if tile.cubes[c] == 0)
    return [first] + _wildcard_steps(rest, missing - len(direct))


def action_steps(state: MyracliaState, action: Any, player: int) -> list[str]:
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
            head = [f"Complete your reservation {_tile_short(t.id)}: +{gain} VP"]
        else:
            head = ["Terraform a tile", f"{_tile_short(t.id)}: +{gain} VP"]
        return head + _payment_steps(t, action.pay)
    if k in ("reserve", "change"):
        t = _find(state, action.tile)
        miss = sum(1 for c in TILES[t.id].requires if t.cubes[c] == 0) - len(action.place)
        cost = miss * MISC.reservation_penalty_per_missing_element
        head = (["Reserve a tile", _tile_short(t.id)] if k == "reserve"
                else [f"Move your reservation from {seat.reserved}", f"to {_tile_short(t.id)}"])
        n = len(action.place)
        return head + [f"place {n} element{'s' if n != 1 else ''}: -{cost} VP ({miss} missing)",
                       _list(action.place)]
    if k == "add":
        return [f"Put elements on your reserved tile {seat.reserved} (free, not an action)",
                _list(action.place)]
    if k == "trade":
        return ["Trade an element (free)", f"Give your {action.give}",
                f"for a {action.take} from the trade zones"]
    if k == "place_tile":
        label = action_label(state, action, player)
        return [f"Add {_tile_short(action.tile)}", label.split(" at ", 1)[1]]
    return [action_label(state, action, player)]
