"""What a player may see (spec §16 state, minus hidden parts) and the public log line of a
move (``log_text``).

Everything on the table is public in Myraclia: reserves, trade zones, the surface, the
Draft board, the discard pile and face-up Eternity tokens. Hidden are the contents and order
of the tile bag, the element bag and the face-down Eternity tokens: the view gives only
their sizes.
"""

from __future__ import annotations

from typing import Any, cast

from engines.core.i18n import Text, player

from .actions import OUTCOME_TYPES, Action
from .components import COLOURS, DRAFT_COLUMNS, SETUP, TILES, TOKENS
from .public import Breakdown, Colour, Ledger, MyracliaView, OfferTile, OptionValues, Seat, TokenFace
from .public import SurfaceTile as SurfaceFace
from .rules import start_seat, to_move
from .scoring import breakdown, scores, winners
from .state import MyracliaOptions, MyracliaState
from .texts import T, an_element, colours, join, space_name, tile_name, token_text


def colour_dict(counts: list[int]) -> dict[Colour, int]:
    return {c: n for c, n in zip(COLOURS, counts) if n}


def tile_face(tid: str) -> OfferTile:
    """The printed faces of a tile (public component data), as a fresh dict."""
    face = _FACES.get(tid)
    if face is None:
        face = _FACES[tid] = _tile_face(tid)
    # (a cast: ``_tile_face`` gives the keys of ``TileFace``, its names those of the data file)
    return cast(OfferTile, {**face, "surfaces": list(face["surfaces"]), "requires": list(face["requires"])})


_FACES: dict[str, dict[str, Any]] = {}


def _tile_face(tid: str) -> dict[str, Any]:
    t = TILES[tid]
    if t.darkness:
        return {"id": tid, "darkness": True, "surfaces": [], "requires": [], "vp": 0, "released": None,
                "free": None, "kickstarter": False}
    return {"id": tid, "darkness": False, "surfaces": list(t.surfaces),
            "requires": [COLOURS[c] for c in t.requires], "vp": t.vp,
            "released": None if t.released is None else COLOURS[t.released],
            "free": None if t.free is None else COLOURS[t.free],
            "kickstarter": t.kickstarter}


def token_face(tok: str) -> TokenFace:
    """The face of an Eternity token (public component data), as a fresh dict."""
    face = _TOKEN_FACES.get(tok)
    if face is None:
        face = _TOKEN_FACES[tok] = _token_face(tok)
    # (a cast: ``_token_face`` gives the id, the type and the fields of that type of token)
    return cast(TokenFace, face.copy())


_TOKEN_FACES: dict[str, dict[str, Any]] = {}


def _token_face(tok: str) -> dict[str, Any]:
    e = TOKENS[tok]
    d = {"id": tok, "type": e.type}
    for k in ("value", "colour", "surface"):
        if hasattr(e, k):
            d[k] = getattr(e, k)
    return d


def _options(options: MyracliaOptions) -> OptionValues:
    """``options.model_dump(mode="json")`` for Myraclia's options (bools and a list of ints)."""
    out: dict[str, Any] = {}
    for k in _OPTION_FIELDS:
        v = getattr(options, k)
        out[k] = list(v) if isinstance(v, list) else v
    return cast(OptionValues, out)  # a cast: the keys are the fields of ``MyracliaOptions``


_OPTION_FIELDS = list(MyracliaOptions.model_fields)


def view(state: MyracliaState, player: int | None) -> MyracliaView:
    cfg = SETUP.by_players[state.players]
    phase = state.phase
    over = phase == "over"
    drafting = phase == "draft"
    column: dict[int, int] = {}
    for c, q in enumerate(state.draft_queue):
        for p in q:
            column.setdefault(p, c + 1)
    seats: list[Seat] = []
    for p, s in enumerate(state.seats):
        seats.append({
            "score": s.score, "reserve": colour_dict(s.reserve), "discs": s.discs,
            "tiles": list(s.tiles), "reserved": s.reserved,
            "terraformed_this_round": s.terraformed_this_round,
            "ledger": cast(Ledger, dict(s.ledger)),  # a cast: its keys are ``state.LEDGER_KEYS``
            "passed": state.passed[p] if drafting else False,
            "draft_column": column.get(p),
        })
    surface: list[SurfaceFace] = []
    faces = _FACES
    for t in state.surface:
        tid = t.id
        face = faces.get(tid)
        if face is None:
            face = faces[tid] = _tile_face(tid)
        d = face.copy()
        d["surfaces"] = list(face["surfaces"])
        d["requires"] = list(face["requires"])
        d["q"] = t.q
        d["r"] = t.r
        d["state"] = ("darkness" if face["darkness"] else "terraformed" if t.terraformed
                      else "reserved" if t.owner is not None else "free")
        d["owner"] = t.owner
        d["cubes"] = {c: n for c, n in zip(COLOURS, t.cubes) if n}
        d["tokens"] = [token_face(x) for x in t.tokens] if t.tokens else []
        surface.append(cast(SurfaceFace, d))  # a cast: a tile's face and the keys just set
    draft_colour = state.draft_colour
    out: MyracliaView = {
        "me": player, "phase": phase, "round": state.round, "founding": state.founding,
        "to_move": to_move(state), "end_threshold": cfg.end_threshold,
        "seats": seats, "drafting_order": list(state.drafting_order),
        "terraforming_order": list(state.terraforming_order),
        "turn": {"position": state.turn_pos, "actions_used": state.actions_used,
                 "terraform_actions": state.terraform_actions, "tiles_to_add": state.tiles_to_add},
        "draft": [{"column": c + 1, "colour": COLOURS[draft_colour[c]] if draft_colour[c] >= 0 else None,
                   "count": n, "queue": list(state.draft_queue[c])}
                  for c, n in enumerate(state.draft_count)],
        "pool": colour_dict(state.pool), "surface": surface,
        "offer": [tile_face(t) for t in state.offer],
        "tile_bag": len(state.tile_bag), "element_bag": sum(state.element_bag),
        "discard": colour_dict(state.discard), "eternity_bag": len(state.eternity_bag),
        "eternity_drawn": token_face(state.eternity_drawn) if state.eternity_drawn else None,
        "eternity_placer": state.eternity_placer,
        "options": _options(state.options),
        "scores": scores(state),
    }
    if over:
        out["breakdown"] = cast("list[Breakdown]", breakdown(state))  # a cast: the ledger's keys and the bonuses'
        out["winners"] = winners(state)
    return out


def log_text(state: MyracliaState, action: Action) -> Text:
    """The public log line of ``action`` played in ``state`` (before it is applied);
    everything it names is on the table (spec §16)."""
    if action.type in OUTCOME_TYPES:
        return chance_text(state, action)
    # (a cast: only an "over" game has nobody to move)
    who = player(cast(int, to_move(state))) if state.phase != "over" else T("Nobody")
    if action.type == "take":
        ok = 1 <= action.column <= DRAFT_COLUMNS and state.draft_colour[action.column - 1] >= 0
        what = an_element(state.draft_colour[action.column - 1]) if ok else T("nothing")
        return T("{player} takes {element} from column {column}", player=who, element=what,
                 column=action.column)
    if action.type == "pass":
        return T("{player} passes", player=who)
    if action.type == "terraform":
        return T("{player} terraforms the {tile} paying {pay}", player=who, tile=tile_name(action.tile),
                 pay=colours(action.pay))
    if action.type == "reserve":
        return T("{player} reserves the {tile} placing {place}", player=who, tile=tile_name(action.tile),
                 place=colours(action.place))
    if action.type == "change":
        return T("{player} moves the reservation to the {tile} placing {place}", player=who,
                 tile=tile_name(action.tile), place=colours(action.place))
    if action.type == "add":
        return T("{player} adds {place} to the reserved tile", player=who, place=colours(action.place))
    if action.type == "trade":
        return T("{player} trades {give} for {take}", player=who, give=an_element(action.give),
                 take=an_element(action.take))
    if action.type == "end_turn":
        return T("{player} ends the turn", player=who)
    if action.type == "place_tile":
        return T("{player} adds the {tile} {space}", player=who, tile=tile_name(action.tile),
                 space=space_name({(t.q, t.r): t.id for t in state.surface}, action.q, action.r))
    if action.type == "place_token":
        tok = state.eternity_drawn
        return T("{player} places {token} on the {tile}", player=who,
                 token=token_text(tok) if tok else T("the Eternity token"), tile=tile_name(action.tile))
    return T("{player} plays an unknown action", player=who)


def chance_text(state: MyracliaState, outcome: Any) -> Text:
    """The log line (and the label) of a chance outcome dealt at the chance node ``state`` is
    at: every draw of Myraclia is face up, so the line names what was drawn."""
    if outcome.type == "draw_tile":
        if state.drawing == "surface":
            return T("Set-up: the {tile} is drawn for the surface", tile=tile_name(outcome.tile))
        return T("The {tile} is drawn from the tile bag into the tile offer", tile=tile_name(outcome.tile))
    if outcome.type == "draw_element":
        if state.drawing == "start":
            return T("{player} draws {element} from the element bag", player=player(start_seat(state)),
                     element=an_element(outcome.colour))
        return T("Drawn from the element bag for the Draft board: {element}", element=an_element(outcome.colour))
    if outcome.type == "draw_token":
        return T("Drawn from the Eternity bag: {token}", token=token_text(outcome.token))
    return T("Drawn at random, the seats from youngest to oldest: {order}",
             order=join([player(p) for p in outcome.seats]))
