"""Shared helpers for the Myraclia tests: a component census and position builders."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.myraclia import GAME, rules
from engines.myraclia.components import (BASE_TILE_IDS, COLOUR_INDEX, DARKNESS_IDS, KICKSTARTER_IDS,
                                         NCOL, SETUP, TILES, TOKEN_IDS, TOTAL_CUBES)
from engines.myraclia.dealer import MyracliaDealer
from engines.myraclia.state import LEDGER_KEYS, MyracliaState, SurfaceTile


def cv(**colours: int) -> list[int]:
    """A count vector from colour names: cv(green=2, blue=1)."""
    v = [0] * NCOL
    for c, n in colours.items():
        v[COLOUR_INDEX[c]] = n
    return v


def components_census(state: MyracliaState) -> dict[str, object]:
    """Where every component is; asserts each is in exactly one place (§12.3 and more)."""
    cubes = [0] * NCOL
    places = [state.element_bag, state.discard, state.pool] + [s.reserve for s in state.seats] + \
             [t.cubes for t in state.surface]
    for v in places:
        for c in range(NCOL):
            cubes[c] += v[c]
    for col, n in enumerate(state.draft_count):
        if n:
            cubes[state.draft_colour[col]] += n
    tiles = [t.id for t in state.surface] + list(state.offer) + list(state.tile_bag)
    expect_tiles = list(BASE_TILE_IDS) + (list(KICKSTARTER_IDS) if state.options.kickstarter else []) + \
        (list(DARKNESS_IDS) if state.options.darkness else [])
    tokens = [x for t in state.surface for x in t.tokens] + list(state.eternity_bag) + list(state.eternity_used) + \
        ([state.eternity_drawn] if state.eternity_drawn else [])
    expect_tokens = list(TOKEN_IDS) if state.options.eternity else []
    discs_on = [0] * state.players
    for t in state.surface:
        if t.owner is not None:
            discs_on[t.owner] += 1
    discs = [s.discs + discs_on[p] for p, s in enumerate(state.seats)]
    draft_discs = sorted(p for q in state.draft_queue for p in q)
    assert sum(cubes) == TOTAL_CUBES, cubes
    assert sorted(tiles) == sorted(expect_tiles), "tiles not each in exactly one place"
    assert sorted(tokens) == sorted(expect_tokens), "Eternity tokens not each in exactly one place"
    assert all(d == SETUP.by_players[state.players].discs for d in discs), discs
    assert len(draft_discs) == len(set(draft_discs)), "a draft disc in two columns"
    if state.phase == "draft" and state.tile_bag:  # §8.11 invariant: N tiles without a disc
        assert sum(t.owner is None for t in state.surface) == SETUP.by_players[state.players].initial_tiles
    for p, s in enumerate(state.seats):  # the player's tiles agree with the discs on the surface
        assert sorted(s.tiles) == sorted(t.id for t in state.surface if t.terraformed and t.owner == p)
        res = [t.id for t in state.surface if t.owner == p and not t.terraformed]
        assert res == ([s.reserved] if s.reserved else [])
    return {"cubes": cubes, "tiles": len(tiles), "tokens": len(tokens), "discs": discs}


def assert_non_negative(state: MyracliaState) -> None:
    vecs = [state.element_bag, state.discard, state.pool, state.draft_count] + \
        [s.reserve for s in state.seats] + [t.cubes for t in state.surface]
    assert all(x >= 0 for v in vecs for x in v), "negative element count"
    assert all(s.score >= 0 and s.discs >= 0 for s in state.seats), "negative score or discs"
    assert state.actions_used <= 3 and state.tiles_to_add >= 0


def assert_score_matches(state: MyracliaState) -> None:
    """The score track equals the ledger, and the tile-VP part is recomputed from the tiles."""
    for s in state.seats:
        assert s.score == sum(s.ledger[k] for k in LEDGER_KEYS)
        assert s.ledger["tiles"] == sum(TILES[t].vp for t in s.tiles)
        assert s.ledger["reservations"] <= 0 <= s.ledger["adjacency"]
    totals = GAME.scores(state)
    rows = GAME.score_breakdown(state)
    assert totals == [sum(r.values()) for r in rows]
    if state.phase != "over":
        assert totals == [s.score for s in state.seats]


def terraform_position(players: int = 2, tiles: list[tuple] = (), reserves: dict | None = None,
                       player: int = 0, founding: bool = False, seed: int = 1,
                       options: dict | None = None) -> MyracliaState:
    """A state in the terraforming phase with ``player`` to act on a hand-made surface.

    ``tiles``: (id, q, r) or (id, q, r, owner, terraformed[, cubes]) tuples.
    """
    s = GAME.new_game(players, seed, options)
    s.phase = "terraform"
    s.founding = founding
    s.terraforming_order = [player] + [p for p in range(players) if p != player]
    s.turn_pos = 0
    s.surface = []
    for spec in tiles:
        tid, q, r, *rest = spec
        owner = rest[0] if rest else None
        terra = rest[1] if len(rest) > 1 else False
        cubes = rest[2] if len(rest) > 2 else [0] * NCOL
        s.surface.append(SurfaceTile(id=tid, q=q, r=r, owner=owner, terraformed=terra, cubes=list(cubes)))
        if owner is not None:
            if terra:
                s.seats[owner].tiles.append(tid)
            else:
                s.seats[owner].reserved = tid
            s.seats[owner].discs -= 1
    for p, v in (reserves or {}).items():
        s.seats[p].reserve = list(v)
    return s


# ---- chance (``rules``: every draw is a chance node) -------------------------------------------
def redeal(state: MyracliaState, tiles: list[str] | None = None) -> MyracliaState:
    """After a test has changed the bags by hand: the bags sorted again (multisets), and a
    seeded dealer drawing from what they now hold, the tiles in the order ``tiles`` (the
    last drawn first; default: the bag's sorted order)."""
    state.tile_bag = sorted(state.tile_bag)
    state.eternity_bag = sorted(state.eternity_bag)
    state.dealer = MyracliaDealer(rng=Rng.from_seed(state.seed), tiles=list(tiles or state.tile_bag),
                                  tokens=list(state.eternity_bag))
    return state


def prepare_draft(state: MyracliaState) -> None:
    """§6.2 the Draft board drawn and filled (``rules.prepare_draft``, its draws dealt by
    the state's dealer)."""
    rules.prepare_draft(state)
    GAME.deal(state)


def refill_offer(state: MyracliaState) -> None:
    """§8.11 step 3 at the end of a turn: the offer refilled by the state's dealer, then the
    next turn, as after any turn (``rules.finish_turn``); a state still in the draft is
    taken to be at the first player's terraforming turn."""
    if not state.terraforming_order:
        state.phase, state.terraforming_order, state.turn_pos = "terraform", list(range(state.players)), 0
    rules.finish_turn(state)
    GAME.deal(state)
