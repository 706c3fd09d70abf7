"""What a player may see (spec §16 state, minus hidden parts).

Everything on the table is public in Myraclia: reserves, trade zones, the surface, the
Draft board, the discard pile and face-up Eternity tokens. Hidden are the contents and order
of the tile bag, the element bag and the face-down Eternity tokens: the view gives only
their sizes.
"""

from __future__ import annotations

from typing import Any

from .components import COLOURS, SETUP, TILES, TOKENS, token_text
from .state import MyracliaState


def colour_dict(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: n for c, n in enumerate(counts) if n}


def tile_face(tid: str) -> dict[str, Any]:
    """The printed faces of a tile (public component data), as a fresh dict."""
    face = _FACES.get(tid)
    if face is None:
        face = _FACES[tid] = _tile_face(tid)
    return {**face, "surfaces": list(face["surfaces"]), "requires": list(face["requires"])}


_FACES: dict[str, dict[str, Any]] = {}


def _tile_face(tid: str) -> dict[str, Any]:
    t = TILES[tid]
    if t.darkness:
        return {"id": tid, "darkness": True, "surfaces": [], "requires": [], "vp": 0, "released": None,
                "free": None, "kickstarter": False, "text": t.text()}
    return {"id": tid, "darkness": False, "surfaces": list(t.surfaces),
            "requires": [COLOURS[c] for c in t.requires], "vp": t.vp,
            "released": None if t.released is None else COLOURS[t.released],
            "free": None if t.free is None else COLOURS[t.free],
            "kickstarter": t.kickstarter, "text": t.text()}


def token_face(tok: str) -> dict[str, Any]:
    e = TOKENS[tok]
    d = {"id": tok, "type": e.type, "text": token_text(tok)}
    for k in ("value", "colour", "surface"):
        if hasattr(e, k):
            d[k] = getattr(e, k)
    return d


def view(game, state: MyracliaState, player: int | None) -> dict[str, Any]:
    cfg = SETUP.by_players[state.players]
    over = state.phase == "over"
    seats = []
    for p, s in enumerate(state.seats):
        seats.append({
            "score": s.score, "reserve": colour_dict(s.reserve), "discs": s.discs,
            "tiles": list(s.tiles), "reserved": s.reserved,
            "terraformed_this_round": s.terraformed_this_round, "ledger": dict(s.ledger),
            "passed": state.passed[p] if state.phase == "draft" else False,
            "draft_column": next((c + 1 for c, q in enumerate(state.draft_queue) if p in q), None),
        })
    surface = []
    for t in state.surface:
        status = ("darkness" if TILES[t.id].darkness else "terraformed" if t.terraformed
                  else "reserved" if t.owner is not None else "free")
        surface.append({**tile_face(t.id), "q": t.q, "r": t.r, "state": status, "owner": t.owner,
                        "cubes": colour_dict(t.cubes), "tokens": [token_face(x) for x in t.tokens]})
    out: dict[str, Any] = {
        "me": player, "phase": state.phase, "round": state.round, "founding": state.founding,
        "to_move": game.to_move(state), "end_threshold": cfg.end_threshold,
        "seats": seats, "drafting_order": list(state.drafting_order),
        "terraforming_order": list(state.terraforming_order),
        "turn": {"position": state.turn_pos, "actions_used": state.actions_used,
                 "terraform_actions": state.terraform_actions, "tiles_to_add": state.tiles_to_add},
        "draft": [{"column": c + 1, "colour": COLOURS[state.draft_colour[c]] if state.draft_colour[c] >= 0 else None,
                   "count": state.draft_count[c], "queue": list(state.draft_queue[c])}
                  for c in range(len(state.draft_count))],
        "pool": colour_dict(state.pool), "surface": surface,
        "offer": [tile_face(t) for t in state.offer],
        "tile_bag": len(state.tile_bag), "element_bag": sum(state.element_bag),
        "discard": colour_dict(state.discard), "eternity_bag": len(state.eternity_bag),
        "eternity_drawn": token_face(state.eternity_drawn) if state.eternity_drawn else None,
        "eternity_placer": state.eternity_placer,
        "options": state.options.model_dump(mode="json"),
        "scores": game.scores(state),
    }
    if over:
        out["breakdown"] = game.score_breakdown(state)
        out["winners"] = game.winners(state)
    return out
