"""Myraclia's rules as plain functions over the state, in the rulebook's order: the surface
(§3), the element supply (§12), set-up (§4), the draft (§6), the terraforming turn (§7-8)
and its end (§8.11), the end of a round (§9), Eternity (§13) and Darkness (§14); last the
three verbs the game class (``game.Myraclia``) hands over to them: ``to_move``,
``legal_actions`` and ``play``. Final scoring lives in ``scoring``; why a move is refused,
in ``reasons``.

Longer than 800 lines because the chance nodes stop a rule midway (the set-up, the Draft
board, the refill of the tile offer, the end of a round) and the outcome dealt continues it:
each continuation sits beside the rule it continues, which a split would scatter over
modules importing each other.

Section numbers (§) refer to the rules specification ``myraclia.md``; D-numbers to its
"Ambiguities and decisions" section, which this engine follows throughout.

Engine decisions where the spec leaves the mechanics open (none changes a rule):

* Released element (§8.3 step 2): the player always takes one element of the released
  colour from the discard pile, else the bag, else nothing. When it was paid directly or lay
  on the tile it has just been discarded, so this is exactly "one comes back".
* Start-order ties without ``youngest_first`` (§4.7, D11): the seats from youngest to oldest
  are drawn at random right after the starting elements.
* Adding tiles (§8.11): each ``PlaceTile`` names the offer tile and the position together,
  so the player still chooses the order of the tiles and every position, one tile at a time.
* Eternity (§13.3): the token is drawn (face up, visible to all) when the placement step
  starts; the placing player then chooses the free tile.
* A second Darkness tile drawn for the offer is put back and the bag reshuffled (§14.2): the
  draw is then one among the Myraclia tiles of the bag, each as likely.

Chance (``engines.core.chance``): every random event is a chance node, where ``to_move`` is
``CHANCE`` and the state's ``drawing`` names the draw; ``chance_weights`` lists its outcomes
(``actions.DrawTile``, ``DrawElement``, ``DrawToken``, ``YoungestFirst``), and ``play`` plays
the one dealt, which continues the rule that called for it. Every outcome is face up (seen
by everyone). The nodes, in the order a game meets them:

* set-up: a tile for each space of the layout (``surface``, §4.3), then three for the
  offer (``setup_offer``, §4.4); the starting elements, seat by seat (``start``, §4.6); the
  seats from youngest to oldest when the options do not give them (``youngest``, §4.7);
* each round: the Draft board's elements, one at a time (``draft``, §6.2);
* each turn's end: the tiles refilling the offer, one at a time (``offer``, §8.11 step 3);
* each round's end, with Eternity: the token to place (``token``, §13.3).

The shuffles nobody looks at (the tile bag's, the Eternity bag's) are no chance nodes: the
bags are multisets, drawn from at random.
* Darkness tiles (§14) are named DARK1..DARK3 (the data file gives only their number).
* In the final round (§9 step 1) nothing more happens: unused elements stay where they are,
  which changes no score.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations
from typing import Any, Callable, Iterable, Literal, Sequence

from itertools import permutations

from engines.core.chance import CHANCE
from engines.core.rng import Rng

from . import actions as shared
from .actions import (DRAW_ELEMENTS, DRAW_TILES, draw_element, DRAW_TOKENS, Action, AddElements, ChangeReservation,
                      DrawElement, DrawTile, DrawToken, EndTurn, Pass, PlaceTile, PlaceToken, Reserve,
                      Take, Terraform, Trade, YoungestFirst)
from .components import (BASE_TILE_IDS, COLOUR_INDEX, COLOURS, CUBE_COUNTS, DARKNESS_IDS,
                         DRAFT_COLUMNS, KICKSTARTER_IDS, MAX_ACTIONS, MISC, NCOL, RARITY, SETUP,
                         STALL_ROUNDS, TILES, TOKEN_IDS, TOKENS)
from .payment import legal_payments
from .state import MyracliaOptions, MyracliaState, PlayerState, SurfaceTile, new_tile
from .texts import T

#: §3.1 the six axial neighbour offsets
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
Pos = tuple[int, int]

#: per tile id: its required colours, and whether it is a Darkness tile (hot-path lookups)
_REQUIRES: dict[str, tuple[int, ...]] = {k: t.requires for k, t in TILES.items()}
_DARK: dict[str, bool] = {k: t.darkness for k, t in TILES.items()}
_PENALTY: int = MISC.reservation_penalty_per_missing_element


# ---- small helpers ---------------------------------------------------------------------------
def names(counts: Iterable[int]) -> list[str]:
    """A count vector as a sorted list of colour names (one entry per cube)."""
    out: list[str] = []
    for c, n in enumerate(counts):
        out += [COLOURS[c]] * n
    return out


def counts_of(colours: Iterable[str]) -> tuple[int, ...]:
    v = [0] * NCOL
    for c in colours:
        v[COLOUR_INDEX[c]] += 1
    return tuple(v)


def counts_of_list(colours: Sequence[str]) -> list[int]:
    return [COLOUR_INDEX[c] for c in colours]


def pos_map(state: MyracliaState) -> dict[Pos, SurfaceTile]:
    return {(t.q, t.r): t for t in state.surface}


def find_tile(state: MyracliaState, tile_id: str) -> SurfaceTile | None:
    for t in state.surface:
        if t.id == tile_id:
            return t
    return None


# ---- the surface (§3) ------------------------------------------------------------------------
def is_free(t: SurfaceTile) -> bool:
    """§3.3: a Myraclia tile with no disc (Darkness tiles are never free)."""
    return t.owner is None and not t.terraformed and not TILES[t.id].darkness


def missing(t: SurfaceTile) -> tuple[int, ...]:
    """§8.1.1: the tile's required elements minus the elements lying on it."""
    cubes = t.cubes
    return tuple(c for c in TILES[t.id].requires if cubes[c] == 0)


def _missing(t: SurfaceTile) -> tuple[int, ...]:
    """``missing(t)``, quicker for a tile with no element on it."""
    cubes = t.cubes
    if not any(cubes):
        return _REQUIRES[t.id]
    return tuple([c for c in _REQUIRES[t.id] if cubes[c] == 0])


def neighbours(pm: dict[Pos, SurfaceTile], t: SurfaceTile) -> list[SurfaceTile]:
    out = []
    for dq, dr in NEIGHBOURS:
        n = pm.get((t.q + dq, t.r + dr))
        if n is not None:
            out.append(n)
    return out


class _Around(dict):
    """``AROUND[q, r]``: the six positions next to (q, r), in ``NEIGHBOURS`` order, made when
    first asked for (the surface spans a few hundred positions at most)."""

    def __missing__(self, pos: Pos) -> tuple[Pos, ...]:
        q, r = pos
        out = self[pos] = tuple((q + dq, r + dr) for dq, dr in NEIGHBOURS)
        return out


AROUND = _Around()


def compact_positions(state: MyracliaState) -> list[Pos]:
    """§8.11 compact-shape rules (a) and (b) on the current surface, with the D22 fallback.

    (a) the new position touches at least 2 tiles; (b) if exactly 2, each of those touches
    at least 3 tiles (the new one not counted). All tiles in play count, Darkness included.
    """
    occupied = {(t.q, t.r) for t in state.surface}
    # deg[p]: how many tiles position p touches (for a tile's position: how many tiles it touches)
    deg = Counter(chain.from_iterable([AROUND[p] for p in occupied]))
    cands = sorted(deg.keys() - occupied)
    legal = []
    for p in cands:
        d = deg[p]
        if d >= 3:
            legal.append(p)
        elif d == 2:
            if all(deg[n] >= 3 for n in AROUND[p] if n in occupied):
                legal.append(p)
    if legal:
        return legal
    # D22: never observed; keeps the engine from ever blocking
    fallback = [p for p in cands if deg[p] >= 2]
    return fallback or cands


def near_terraformed(state: MyracliaState) -> set[Pos]:
    """Positions next to at least one terraformed tile (§8.2, §8.6.1 adjacency)."""
    out: set[Pos] = set()
    for t in state.surface:
        if t.terraformed:
            for dq, dr in NEIGHBOURS:
                out.add((t.q + dq, t.r + dr))
    return out


# ---- the element supply (§12) ----------------------------------------------------------------
def element_ready(state: MyracliaState) -> bool:
    """Whether an element can be drawn from the bag: §12.1/D26 the discard pile refills the
    bag when it is empty; §12.2 none when both are empty."""
    bag = state.element_bag
    if any(bag):
        return True
    for c in range(NCOL):
        bag[c] += state.discard[c]
        state.discard[c] = 0
    return any(bag)


def take_element(state: MyracliaState, c: int) -> bool:
    """One element of colour ``c`` from the discard pile, else the bag, else nothing
    (§8.3 step 2, §9 step 5, §13.4)."""
    for src in (state.discard, state.element_bag):
        if src[c] > 0:
            src[c] -= 1
            return True
    return False


# ---- set-up (§4) -----------------------------------------------------------------------------
def setup(players: int, seed: int, options: MyracliaOptions) -> MyracliaState:
    """§4: the state before the set-up's draws, at its first chance node: the surface's
    tiles are drawn first (``play`` goes on with the offer, the starting elements, the
    start order and the first round's Draft board). ``seed`` only names the game."""
    if options.youngest_first is not None and sorted(options.youngest_first) != list(range(players)):
        raise ValueError(T("The youngest-to-oldest order must name every seat exactly once."))
    cfg = SETUP.by_players[players]
    bag = sorted(list(BASE_TILE_IDS) + (list(KICKSTARTER_IDS) if options.kickstarter else []))  # §4.2, §11
    return MyracliaState(
        players=players, seed=seed, options=options, seen=[0] * players,
        seats=[PlayerState(reserve=[0] * NCOL, discs=cfg.discs) for _ in range(players)],
        drafting_order=list(range(players)), passed=[False] * players,
        tile_bag=bag, element_bag=list(CUBE_COUNTS),  # §4.5
        eternity_bag=sorted(TOKEN_IDS) if options.eternity else [],  # §13.2
        drawing="surface", to_draw=len(SETUP.recommended_layouts[players]),  # §4.3, D31
    )


def _setup_tile(state: MyracliaState, tile: str) -> None:
    """§4.3, D31: the tile drawn goes onto the next space of the layout; §4.4 then three
    into the offer; §4.9, §14.1 then the Darkness tiles go into the bag, and the starting
    elements are drawn."""
    if state.drawing == "surface":
        q, r = SETUP.recommended_layouts[state.players][len(state.surface)]
        state.surface.append(new_tile(tile, q, r))
        state.to_draw -= 1
        if state.to_draw == 0:
            state.drawing, state.to_draw = "setup_offer", SETUP.tile_offer_size
        return
    state.offer.append(tile)
    state.to_draw -= 1
    if state.to_draw:
        return
    if state.options.darkness:
        state.tile_bag = sorted(state.tile_bag + DARKNESS_IDS)
    state.drawing, state.to_draw = "start", _starting_elements(state) * state.players
    if not element_ready(state):
        _start_order(state)


def _starting_elements(state: MyracliaState) -> int:
    """§4.6: how many elements each player draws at set-up."""
    return SETUP.starting_elements_beginner if state.options.beginner else SETUP.starting_elements


def _start_element(state: MyracliaState, c: int) -> None:
    """§4.6: a starting element, drawn in seat order; after the last, the start order."""
    state.seats[start_seat(state)].reserve[c] += 1
    state.to_draw -= 1
    if state.to_draw == 0 or not element_ready(state):
        _start_order(state)


def start_seat(state: MyracliaState) -> int:
    """The seat the starting element being drawn goes to (§4.6: seat by seat)."""
    start = _starting_elements(state)
    return (start * state.players - state.to_draw) // start


def _start_order(state: MyracliaState) -> None:
    """§4.7: the start order from the ages the options give, else a chance node draws them."""
    state.to_draw = 0
    if state.options.youngest_first is None:
        state.drawing = "youngest"
        return
    state.drawing = None
    _first_round(state, state.options.youngest_first)


def _first_round(state: MyracliaState, youngest_first: Sequence[int]) -> None:
    """§4.7 the start order (ties: ``youngest_first``), then §6.2 the first Draft board."""
    age = {p: i for i, p in enumerate(youngest_first)}
    state.drafting_order = start_order([s.reserve for s in state.seats], age)
    prepare_draft(state)


def start_order(reserves: list[list[int]], age: dict[int, int]) -> list[int]:
    """§4.7: each player's rarity ranks, rarest first, compared lexicographically, ascending
    (the least rare elements go first); still tied: youngest first (``age`` 0 = youngest)."""
    def key(p: int) -> tuple:
        ranks = sorted((RARITY[c] for c, n in enumerate(reserves[p]) for _ in range(n)), reverse=True)
        return (ranks, age[p])

    return sorted(range(len(reserves)), key=key)


# ---- the draft (§6) --------------------------------------------------------------------------
def prepare_draft(state: MyracliaState) -> None:
    """§6.2: draw 5 per player (4 in a 5-player first round), one element at a time (chance
    nodes, ``draft``), then ``fill_draft_board``."""
    cfg = SETUP.by_players[state.players]
    per = cfg.draft_cubes_per_player
    if state.round == 1 and cfg.first_round_draft_cubes_per_player is not None:
        per = cfg.first_round_draft_cubes_per_player
    state.drawn = [0] * NCOL
    state.drawing, state.to_draw = "draft", per * state.players
    _next_draft_element(state)


def _next_draft_element(state: MyracliaState) -> None:
    """The next draw for the Draft board, or the board filled when none is left to draw or
    the bag and the discard pile are empty (§12.2, D35)."""
    if state.to_draw > 0 and element_ready(state):
        return
    state.drawing, state.to_draw = None, 0
    fill_draft_board(state)


def fill_draft_board(state: MyracliaState) -> None:
    """§6.2: group the elements drawn by colour, sort the groups by size then commonness
    into columns 1, 2, ...; the draft begins."""
    drawn = state.drawn
    groups = sorted((c for c in range(NCOL) if drawn[c]), key=lambda c: (-drawn[c], RARITY[c]))
    state.draft_colour = [-1] * DRAFT_COLUMNS
    state.draft_count = [0] * DRAFT_COLUMNS
    state.draft_queue = [[] for _ in range(DRAFT_COLUMNS)]
    for i, c in enumerate(groups):
        state.draft_colour[i] = c
        state.draft_count[i] = drawn[c]
    state.passed = [False] * state.players
    state.draft_turn = 0
    state.phase = "draft"
    if not sum(drawn):  # §6.5: an empty board ends the draft at once
        end_draft(state)


def _disc_column(state: MyracliaState, p: int) -> int | None:
    """The Draft-board column (0-based) of player ``p``'s draft disc, None before it is placed."""
    for col, queue in enumerate(state.draft_queue):
        if p in queue:
            return col
    return None


def _take(state: MyracliaState, a: Take) -> None:
    """§6.3 take one element; §6.4 move the draft disc (only ever to the left)."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    col = a.column - 1
    state.draft_count[col] -= 1
    state.seats[p].reserve[state.draft_colour[col]] += 1
    cur = _disc_column(state, p)
    if cur is None:
        state.draft_queue[col].append(p)
    elif col > cur:
        state.draft_queue[cur].remove(p)
        state.draft_queue[col].append(p)
    _advance_draft(state)


def _pass(state: MyracliaState, a: Pass) -> None:
    """§6.3: no more elements for this player this round."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    state.passed[p] = True
    _advance_draft(state)


def _advance_draft(state: MyracliaState) -> None:
    """The next player in drafting order who has not passed; the draft ends when the board
    is empty or everybody has passed (§6.5)."""
    if not any(state.draft_count) or all(state.passed):
        end_draft(state)
        return
    n = state.players
    i = state.draft_turn
    for k in range(1, n + 1):
        j = (i + k) % n
        if not state.passed[state.drafting_order[j]]:
            state.draft_turn = j
            return


def end_draft(state: MyracliaState) -> None:
    """§6.5 leftovers to the discard pile; §6.6 terraforming order."""
    for col in range(DRAFT_COLUMNS):
        if state.draft_count[col]:
            state.discard[state.draft_colour[col]] += state.draft_count[col]
            state.draft_count[col] = 0
    state.terraforming_order = terraforming_order(state)
    state.turn_pos = 0
    start_turn(state)


def terraforming_order(state: MyracliaState) -> list[int]:
    """§6.6: players without a draft disc first (drafting order, D9), then by column
    ascending (column 1 = rightmost first, D7), later-placed disc first within a column."""
    on_board: dict[int, tuple[int, int]] = {}
    for col, queue in enumerate(state.draft_queue):
        for i, p in enumerate(queue):
            on_board[p] = (col, -i)
    z = [p for p in state.drafting_order if p not in on_board]
    return z + sorted(on_board, key=lambda p: on_board[p])


# ---- the terraforming turn (§7-8) ------------------------------------------------------------
def start_turn(state: MyracliaState) -> None:
    """§7: the next player's terraforming turn, with no action used yet."""
    state.phase = "terraform"
    state.actions_used = 0
    state.terraform_actions = 0
    state.tiles_to_add = 0


# the terraforming turn's options, by kind (``reasons`` asks them; ``_turn_actions`` lists
# the same, inlined)
def terraform_targets(state: MyracliaState, p: int) -> list[SurfaceTile]:
    """§8.2 eligibility of targets (payment aside); empty with no action left."""
    if state.actions_used >= MAX_ACTIONS:
        return []
    seat = state.seats[p]
    out = []
    anywhere = state.founding and not seat.terraformed_this_round
    near = near_terraformed(state)
    for t in state.surface:
        if t.owner == p and not t.terraformed:
            out.append(t)
        elif seat.discs > 0 and is_free(t) and (anywhere or (t.q, t.r) in near):
            out.append(t)
    return out


def reserve_targets(state: MyracliaState, p: int, change: bool) -> list[SurfaceTile]:
    """§8.6.1 / §8.9: free tiles next to a terraformed tile (placement aside)."""
    seat = state.seats[p]
    if state.actions_used >= MAX_ACTIONS:
        return []
    if change:
        if seat.reserved is None:
            return []
    elif seat.reserved is not None or seat.discs <= 0:
        return []
    near = near_terraformed(state)
    return [t for t in state.surface if (t.q, t.r) in near and is_free(t)]


def placements(state: MyracliaState, p: int, t: SurfaceTile) -> list[tuple[int, ...]]:
    """Legal element sets for reserving ``t``: direct, not completing, penalty payable."""
    seat = state.seats[p]
    miss = missing(t)
    per = MISC.reservation_penalty_per_missing_element
    return [s for s in subsets_to_place(seat.reserve, miss) if (len(miss) - len(s)) * per <= seat.score]


def subsets_to_place(reserve: Sequence[int], miss: tuple[int, ...], allow_all: bool = False) -> list[tuple[int, ...]]:
    """Non-empty sets of directly matching elements the player can put on a tile without
    completing it (§8.6.1, §8.8); colours as indices, sorted."""
    have = [c for c in miss if reserve[c] > 0]
    top = len(have) if allow_all else min(len(have), len(miss) - 1)
    out = []
    for n in range(1, top + 1):
        out += list(combinations(have, n))
    return out


_SUBSETS: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, ...]]] = {}


def _subsets_to_place(reserve: tuple[int, ...], miss: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``subsets_to_place(reserve, miss)``, remembered (callers must not change the list)."""
    key = (tuple([reserve[c] > 0 for c in miss]), miss)
    hit = _SUBSETS.get(key)
    if hit is None:
        if len(_SUBSETS) > 100_000:
            _SUBSETS.clear()
        hit = _SUBSETS[key] = subsets_to_place(reserve, miss)
    return hit


def _turn_actions(state: MyracliaState) -> list[Action]:
    """The terraforming turn's legal actions: ``terraform_targets``, ``reserve_targets``,
    ``placements`` and the rest, inlined (this runs thousands of times a second) and in
    the same order; the actions are those of ``actions`` ("Shared instances")."""
    p = state.terraforming_order[state.turn_pos]
    seat = state.seats[p]
    res = seat.reserve
    out: list[Any] = []
    add = out.append
    surface = state.surface
    if state.actions_used < MAX_ACTIONS:
        reserve = tuple(res)
        terraformed = {(t.q, t.r) for t in surface if t.terraformed}
        discs = seat.discs
        anywhere = state.founding and not seat.terraformed_this_round
        terraform = shared.terraform
        free_near = []  # free tiles next to a terraformed tile (§8.6.1, §8.9)
        for t in surface:
            owner = t.owner
            if owner is None:
                if t.terraformed or _DARK[t.id]:
                    continue
                close = not terraformed.isdisjoint(AROUND[t.q, t.r])
                if close:
                    free_near.append(t)
                if discs <= 0 or not (anywhere or close):
                    continue
            elif owner != p or t.terraformed:
                continue
            tid = t.id
            for pay in legal_payments(reserve, _missing(t)):
                add(terraform(tid, pay))
        # reserve a tile (no reservation yet, a disc left) or move one's reservation
        kind: Literal["reserve", "change"] = "reserve" if seat.reserved is None else "change"
        if free_near and (kind == "change" or discs > 0):
            make = shared.reserve
            score = seat.score
            for t in free_near:
                miss = _missing(t)
                tid = t.id
                for sub in _subsets_to_place(reserve, miss):
                    if (len(miss) - len(sub)) * _PENALTY <= score:
                        add(make(kind, tid, sub))
    if seat.reserved is not None:
        own = find_tile(state, seat.reserved)
        assert own is not None  # a reserved tile is on the surface
        for sub in subsets_to_place(res, missing(own)):
            add(shared.add_elements(sub))
    pool = state.pool
    if any(pool):
        for g in range(NCOL):
            if res[g]:
                trades = shared.TRADES[g]
                for k in range(NCOL):
                    if k != g and pool[k]:
                        add(trades[k])
    add(shared.END_TURN)
    return out


def _terraform(state: MyracliaState, a: Terraform) -> None:
    """§8.3 resolution and §8.4 scoring."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    seat = state.seats[p]
    t = find_tile(state, a.tile)
    assert t is not None  # legal: the tile is on the surface
    info = TILES[t.id]
    pay = counts_of(a.pay)
    for c in range(NCOL):  # step 1
        seat.reserve[c] -= pay[c]
        state.discard[c] += pay[c] + t.cubes[c]
        t.cubes[c] = 0
    if t.owner == p:
        seat.reserved = None  # the reservation's disc is flipped (§8.8)
    else:
        seat.discs -= 1
        state.tiles_to_add += 1  # §8.11: a free tile counts towards k
    if info.released is not None and take_element(state, info.released):  # step 2
        seat.reserve[info.released] += 1
    t.owner = p  # step 3
    t.terraformed = True
    seat.tiles.append(t.id)
    state.actions_used += 1
    state.terraform_actions += 1
    seat.terraformed_this_round = True
    state.round_terraforms += 1
    pm = pos_map(state)  # step 4 (§8.4)
    m = (MISC.adjacency_bonus_first_terraform_action if state.terraform_actions == 1
         else MISC.adjacency_bonus_second_or_third_terraform_action)
    own = 0
    for n in neighbours(pm, t):
        if n.terraformed:
            if n.owner == p:
                own += 1
            else:
                gain = MISC.opponent_bonus_per_adjacent_tile
                assert n.owner is not None  # a terraformed tile has an owner
                other = state.seats[n.owner]
                other.score += gain
                other.ledger["neighbours"] += gain
    seat.score += info.vp + own * m
    seat.ledger["tiles"] += info.vp
    seat.ledger["adjacency"] += own * m
    keep = []
    for tok in sorted(t.tokens):  # step 5 (§13.4)
        e = TOKENS[tok]
        if e.type == "points":
            seat.score += e.value
            seat.ledger["eternity"] += e.value
            state.eternity_used.append(tok)
        elif e.type == "released_element":
            c = COLOUR_INDEX[e.colour]
            if take_element(state, c):
                seat.reserve[c] += 1
            state.eternity_used.append(tok)
        else:
            keep.append(tok)
    t.tokens = keep


def _reserve_on(state: MyracliaState, p: int, t: SurfaceTile, place: Sequence[str]) -> None:
    """§8.6.2: the elements go on the tile, the player's disc marks it, the penalty is paid
    for each element still missing."""
    seat = state.seats[p]
    for c in counts_of_list(place):
        seat.reserve[c] -= 1
        t.cubes[c] += 1
    t.owner = p
    seat.reserved = t.id
    penalty = len(missing(t)) * MISC.reservation_penalty_per_missing_element  # §8.6.2
    seat.score -= penalty
    seat.ledger["reservations"] -= penalty
    state.actions_used += 1


def _reserve(state: MyracliaState, a: Reserve) -> None:
    """§8.6 reserve a free tile (dark side of a disc)."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    state.seats[p].discs -= 1
    state.tiles_to_add += 1
    t = find_tile(state, a.tile)
    assert t is not None  # legal: the tile is on the surface
    _reserve_on(state, p, t, a.place)


def _change(state: MyracliaState, a: ChangeReservation) -> None:
    """§8.9: the disc moves; the elements stay on the old tile, which becomes free."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    reserved = state.seats[p].reserved
    assert reserved is not None  # legal: a change needs a reservation
    old = find_tile(state, reserved)
    assert old is not None  # a reserved tile is on the surface
    old.owner = None
    t = find_tile(state, a.tile)
    assert t is not None  # legal: the tile is on the surface
    _reserve_on(state, p, t, a.place)


def _add(state: MyracliaState, a: AddElements) -> None:
    """§8.8: not an action while the tile stays incomplete."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    seat = state.seats[p]
    assert seat.reserved is not None  # legal: adding needs a reservation
    t = find_tile(state, seat.reserved)
    assert t is not None  # a reserved tile is on the surface
    for c in counts_of_list(a.place):
        seat.reserve[c] -= 1
        t.cubes[c] += 1


def _trade(state: MyracliaState, a: Trade) -> None:
    """§8.10: one for one with the trade zones of players who have finished."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    seat = state.seats[p]
    g, k = COLOUR_INDEX[a.give], COLOUR_INDEX[a.take]
    seat.reserve[g] -= 1
    state.pool[g] += 1
    state.pool[k] -= 1
    seat.reserve[k] += 1


# ---- the end of a terraforming turn (§8.11) --------------------------------------------------
def _end_turn(state: MyracliaState, a: EndTurn) -> None:
    """§8.11 step 1: the reserve goes to the trade zone; step 2: k new tiles."""
    p = to_move(state)
    assert p is not None  # a move is played only before the game is over
    seat = state.seats[p]
    for c in range(NCOL):
        state.pool[c] += seat.reserve[c]
        seat.reserve[c] = 0
    if state.tiles_to_add > 0 and state.offer:
        state.phase = "place"
    else:
        finish_turn(state)


def placeable(state: MyracliaState) -> list[str]:
    """§14.3: a Darkness tile in the offer must be taken first."""
    dark = [t for t in state.offer if TILES[t].darkness]
    return dark[:1] if dark else list(state.offer)


def _place_tile(state: MyracliaState, a: PlaceTile) -> None:
    """§8.11 step 2: one of the k new tiles onto the surface."""
    state.offer.remove(a.tile)
    state.surface.append(new_tile(a.tile, a.q, a.r))
    state.tiles_to_add -= 1
    if state.tiles_to_add <= 0 or not state.offer:  # D23: a short offer adds what is there
        state.tiles_to_add = 0
        finish_turn(state)


def finish_turn(state: MyracliaState) -> None:
    """§8.11 step 3 refill (chance nodes, ``offer``), then ``next_turn``."""
    if _offer_draw(state):
        state.drawing = "offer"
        return
    next_turn(state)


def _offer_draw(state: MyracliaState) -> bool:
    """Whether the offer takes another tile from the bag (§8.11 step 3): it is short of 3,
    and the bag holds a tile that may enter it (§14.2: at most one Darkness tile in the
    offer; D24: with only Darkness tiles left in the bag the offer stays short)."""
    if len(state.offer) >= SETUP.tile_offer_size or not state.tile_bag:
        return False
    return not _dark_in_offer(state) or not all(_DARK[t] for t in state.tile_bag)


def _dark_in_offer(state: MyracliaState) -> bool:
    """Whether the offer holds a Darkness tile (§14.2)."""
    return any(_DARK[o] for o in state.offer)


def _offer_tile(state: MyracliaState, tile: str) -> None:
    """A tile drawn into the offer (§8.11 step 3); the next draw, or ``next_turn``."""
    state.offer.append(tile)
    if not _offer_draw(state):
        state.drawing = None
        next_turn(state)


def next_turn(state: MyracliaState) -> None:
    """The next player's turn, or the end of the round."""
    state.turn_pos += 1
    if state.turn_pos < state.players:
        start_turn(state)
    else:
        end_round(state)


# ---- the end of a round (§9) and the Eternity token (§13.3) ----------------------------------
def end_round(state: MyracliaState) -> None:
    """§9 steps 1-6: the end of the game, or discards, the next drafting order, free
    elements, the Eternity token to place, then the next round."""
    threshold = SETUP.by_players[state.players].end_threshold
    state.quiet_rounds = state.quiet_rounds + 1 if state.round_terraforms == 0 else 0
    if any(len(p.tiles) >= threshold for p in state.seats) or state.quiet_rounds >= STALL_ROUNDS:
        state.phase = "over"  # step 1 (and the D34 stall check)
        return
    for ps in state.seats:  # step 2
        for c in range(NCOL):
            state.discard[c] += ps.reserve[c]
            ps.reserve[c] = 0
    for c in range(NCOL):
        state.discard[c] += state.pool[c]
        state.pool[c] = 0
    state.draft_queue = [[] for _ in range(DRAFT_COLUMNS)]  # step 3
    state.drafting_order = list(reversed(state.terraforming_order))  # step 4, §6.8
    pm = {t.id: t for t in state.surface}
    for p in state.terraforming_order:  # step 5, scarce supply served in this order (D25)
        seat = state.seats[p]
        for tid in sorted(seat.tiles):
            free = TILES[tid].free
            if free is not None and take_element(state, free):
                seat.reserve[free] += 1
        tokens = sorted(tok for tid in seat.tiles for tok in pm[tid].tokens)
        for tok in tokens:
            e = TOKENS[tok]
            if e.type == "free_element":
                c = COLOUR_INDEX[e.colour]
                if take_element(state, c):
                    seat.reserve[c] += 1
    if state.options.eternity and state.eternity_bag and any(  # step 6, §13.3
            is_free(t) for t in state.surface):
        low = min(s.score for s in state.seats)
        placer = [p for p in state.terraforming_order if state.seats[p].score == low][-1]  # D27
        state.eternity_placer = placer
        state.phase = "eternity"
        state.drawing = "token"  # the token is drawn face up (a chance node)
        return
    start_round(state)


def _place_token(state: MyracliaState, a: PlaceToken) -> None:
    """§13.3: the drawn Eternity token on a free tile; then the next round."""
    t = find_tile(state, a.tile)
    assert t is not None  # legal: the tile is on the surface
    assert state.eternity_drawn is not None  # the "eternity" phase has a token drawn
    t.tokens.append(state.eternity_drawn)
    t.tokens.sort()
    state.eternity_drawn = None
    state.eternity_placer = None
    start_round(state)


def start_round(state: MyracliaState) -> None:
    """A new round: its Draft board (§6.2); the first terraformed tile may be anywhere until
    one is (D36)."""
    state.round += 1
    state.founding = not any(t.terraformed for t in state.surface)  # D36
    state.round_terraforms = 0
    for s in state.seats:
        s.terraformed_this_round = False
    prepare_draft(state)


# ---- the verbs of the game class -------------------------------------------------------------
def to_move(state: MyracliaState) -> int | None:
    """``CHANCE`` at a chance node (``state.drawing``); else the drafting player, the player
    whose terraforming turn it is (adding tiles included), the player placing the Eternity
    token; None once the game is over."""
    if state.drawing is not None:
        return CHANCE
    ph = state.phase
    if ph == "over":
        return None
    if ph == "draft":
        return state.drafting_order[state.draft_turn]
    if ph == "eternity":
        return state.eternity_placer
    return state.terraforming_order[state.turn_pos]


def legal_actions(state: MyracliaState) -> list[Action]:
    """Every legal action of ``to_move``, in a fixed order; the actions are the shared
    objects of ``actions`` ("Shared instances"); at a chance node, the outcomes."""
    if state.drawing is not None:
        return [o for o, _ in chance_weights(state)]
    ph = state.phase
    if ph == "terraform":
        return _turn_actions(state)
    if ph == "draft":
        takes = shared.TAKES
        out: list[Action] = [takes[c] for c, n in enumerate(state.draft_count) if n > 0]
        out.append(shared.PASS)
        return out
    if ph == "over":
        return []
    if ph == "eternity":
        tokens = shared.PLACE_TOKENS
        return [tokens[t.id] for t in state.surface if is_free(t)]
    spots = compact_positions(state)
    make = shared.place_tile
    return [make(t, q, r) for t in placeable(state) for q, r in spots]


# ---- chance nodes (see the module docstring) --------------------------------------------------
def chance_weights(state: MyracliaState) -> list[tuple[Action, int]]:
    """The outcomes of the chance node ``state`` is at, each with its weight: a tile of the
    bag each (every tile differs; a refill with a Darkness tile in the offer: only the
    Myraclia tiles, §14.2), an element of each colour in the bag weighted by how many are
    left, a token of the Eternity bag each, every order of the seats (youngest first)."""
    what = state.drawing
    if what is None:
        return []
    if what == "start" or what == "draft":
        return [(DRAW_ELEMENTS[c], n) for c, n in enumerate(state.element_bag) if n]
    if what == "token":
        return [(DRAW_TOKENS[t], 1) for t in state.eternity_bag]
    if what == "youngest":
        return [(shared.youngest_first(p), 1) for p in permutations(range(state.players))]
    return [(DRAW_TILES[t], 1) for t in _tile_choices(state)]


def _tile_choices(state: MyracliaState) -> list[str]:
    """The tiles a tile draw may give: any of the bag; for a refill with a Darkness tile in
    the offer, any but a Darkness tile (§14.2)."""
    if state.drawing == "offer" and _dark_in_offer(state):
        return [t for t in state.tile_bag if not _DARK[t]]
    return state.tile_bag


def sample_chance(state: MyracliaState, rng: Rng) -> Action:
    """An outcome of the chance node drawn with ``rng``, by the weights of ``chance_weights``."""
    what = state.drawing
    if what == "start" or what == "draft":
        return draw_element(state.element_bag, rng)
    if what == "token":
        tokens = state.eternity_bag
        return DRAW_TOKENS[tokens[rng.below(len(tokens))]]
    if what == "youngest":
        perm = list(range(state.players))
        rng.shuffle(perm)
        return shared.youngest_first(tuple(perm))
    tiles = _tile_choices(state)
    return DRAW_TILES[tiles[rng.below(len(tiles))]]


def _draw_tile(state: MyracliaState, a: DrawTile) -> None:
    """A tile out of the bag: onto the surface or into the offer, at set-up or a refill."""
    state.tile_bag.remove(a.tile)
    if state.drawing == "offer":
        _offer_tile(state, a.tile)
    else:
        _setup_tile(state, a.tile)


def _draw_element(state: MyracliaState, a: DrawElement) -> None:
    """An element out of the bag: a starting element (``_start_element``), or one for the
    Draft board (§6.2), counted here, the next draw or ``_next_draft_element`` when none is
    left (written out: the search's playouts draw thousands of them)."""
    c = COLOUR_INDEX[a.colour]
    bag = state.element_bag
    bag[c] -= 1
    if state.drawing == "start":
        _start_element(state, c)
        return
    state.drawn[c] += 1
    state.to_draw -= 1
    if state.to_draw <= 0 or not any(bag):
        _next_draft_element(state)


def _draw_token(state: MyracliaState, a: DrawToken) -> None:
    """§13.3: the Eternity token drawn face up, for the placer to put on a free tile."""
    state.eternity_bag.remove(a.token)
    state.eternity_drawn = a.token
    state.drawing = None


def _youngest_first(state: MyracliaState, a: YoungestFirst) -> None:
    """§4.7, D11: the seats from youngest to oldest, drawn; then the first round."""
    state.drawing = None
    _first_round(state, a.seats)


#: what each kind of action does (``play``)
#: (each takes its own kind of action: ``Any``, as ``play`` dispatches on ``action.type``)
EFFECTS: dict[str, Callable[[MyracliaState, Any], None]] = {
    "take": _take, "pass": _pass, "terraform": _terraform, "reserve": _reserve,
            "change": _change, "add": _add, "trade": _trade, "end_turn": _end_turn,
            "place_tile": _place_tile, "place_token": _place_token,
            "draw_tile": _draw_tile, "draw_element": _draw_element, "draw_token": _draw_token,
            "youngest_first": _youngest_first}


def play(state: MyracliaState, action: Action) -> None:
    """Carry out ``action``, known to be legal, for ``to_move``."""
    EFFECTS[action.type](state, action)
