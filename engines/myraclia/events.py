"""The log lines of what the rules do by themselves (``Game.event_texts``).

Read from the difference between the state before and after a move, so they say exactly
what happened: scores (tile VP, adjacency bonus, neighbours' bonus, Eternity points,
reservation penalties), released elements, the Draft board emptied and the terraforming
order, the trade zone, the tile offer refilled, the next player's turn, the end of the
round (discards, free elements, drafting order, the Eternity token drawn), the new round's
Draft board, and the end of the game with its final bonuses. All of it is on the table
(spec §16): an element drawn into a reserve is named only when it has a public colour
(a released or free element, never a draw from the bag at random).
"""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Text, player

from .actions import OUTCOME_TYPES
from .components import COLOURS, NCOL, SETUP, STALL_ROUNDS, TILES
from .rules import to_move
from .scoring import final_bonuses
from .state import MyracliaState
from .texts import T, colour, counts_text, join, tile_name, token_text


def _vp(n: int) -> Text:
    return T("1 VP") if n == 1 else T("{n} VP", n=n)


def _order(order: list[int]) -> Text:
    return join([player(p) for p in order])


def _score_lines(before: MyracliaState, after: MyracliaState, mover: int) -> list[Text]:
    out: list[Text] = []
    for p, (b, a) in enumerate(zip(before.seats, after.seats)):
        d = {k: a.ledger[k] - b.ledger[k] for k in a.ledger}
        who = player(p)
        if d.get("tiles"):
            out.append(T("{player} scores {vp} for the tile", player=who, vp=_vp(d["tiles"])))
        if d.get("adjacency"):
            out.append(T("{player} scores {vp} adjacency bonus for neighbouring own tiles",
                         player=who, vp=_vp(d["adjacency"])))
        if d.get("neighbours"):
            out.append(T("{player} scores {vp} for own tiles next to the terraformed tile",
                         player=who, vp=_vp(d["neighbours"])))
        if d.get("eternity"):
            out.append(T("{player} scores {vp} from an Eternity Points token", player=who, vp=_vp(d["eternity"])))
        if d.get("reservations"):
            out.append(T("{player} pays {vp} for the missing elements of the reservation",
                         player=who, vp=_vp(-d["reservations"])))
    return out


def _draft_board(state: MyracliaState) -> Text:
    groups = [(state.draft_colour[c], state.draft_count[c]) for c in range(len(state.draft_count))
              if state.draft_count[c]]
    if not groups:
        return T("The Draft board stays empty: the element bag and the discard pile are exhausted")
    cols = join([T("column {n}: {elements}", n=i + 1, elements=_count_of(c, n))
                 for i, (c, n) in enumerate(groups)])
    return T("The Draft board is filled: {columns}", columns=cols)


def _count_of(c: int, n: int) -> Text:
    from .texts import colour_count
    return colour_count(c, n)


def _end_of_draft(before: MyracliaState, after: MyracliaState, taken: int) -> list[Text]:
    out: list[Text] = []
    left = sum(before.draft_count) - taken
    if left > 0:
        out.append(T("The {n} elements left on the Draft board go to the discard pile", n=left)
                   if left > 1 else T("The element left on the Draft board goes to the discard pile"))
    out.append(T("Terraforming order: {order}", order=_order(after.terraforming_order)))
    return out


def _end_of_turn(before: MyracliaState, action: Any, after: MyracliaState) -> list[Text]:
    """§8.11 step 3 and what follows: the refill, the next turn or the end of the round."""
    out: list[Text] = []
    kept = [t for t in before.offer if not (action.type == "place_tile" and t == action.tile)]
    new = [t for t in after.offer if t not in kept]
    if new:
        out.append(T("The tile offer is refilled: {tiles}", tiles=join([tile_name(t) for t in new])))
    elif len(after.offer) < SETUP.tile_offer_size and len(kept) < SETUP.tile_offer_size:
        out.append(T("The tile offer cannot be refilled: no suitable tile is left in the tile bag"))
    if after.phase == "terraform" and after.round == before.round:
        out.append(T("{player}’s turn to terraform", player=player(after.terraforming_order[after.turn_pos])))
        return out
    out += _end_of_round(before, after)
    return out


def _end_of_round(before: MyracliaState, after: MyracliaState) -> list[Text]:
    out: list[Text] = []
    threshold = SETUP.by_players[before.players].end_threshold
    if after.phase == "over":
        done = [p for p, s in enumerate(after.seats) if len(s.tiles) >= threshold]
        if done:
            out.append(T("The game ends: {player} reached {n} terraformed tiles", player=player(done[0]),
                         n=threshold) if len(done) == 1 else
                       T("The game ends: {players} reached {n} terraformed tiles", players=_order(done), n=threshold))
        else:
            out.append(T("The game ends: nobody terraformed a tile for {n} rounds", n=STALL_ROUNDS))
        for p, bonus in enumerate(final_bonuses(after)):
            out.append(T("{player} final scoring: {a} for all surface types, {b} for the largest area, "
                         "{c} for tiles per surface type", player=player(p), a=_vp(bonus["all_surfaces"]),
                         b=_vp(bonus["largest_area"]), c=_vp(bonus["surface_types"])))
        from .scoring import winners
        win = winners(after)
        out.append(T("{players} wins", players=player(win[0])) if len(win) == 1
                   else T("{players} share the victory", players=_order(win)))
        return out
    out.append(T("End of round {n}: unused elements and the trade zones go to the discard pile",
                 n=before.round))
    for p, s in enumerate(after.seats):  # §9 step 5: the reserves now hold only free elements
        if any(s.reserve):
            out.append(T("{player} receives free elements: {elements}", player=player(p),
                         elements=counts_text(s.reserve)))
    out.append(T("Drafting order for the next round: {order}", order=_order(after.drafting_order)))
    if after.phase == "eternity":
        # the "eternity" phase has its placer and its token drawn (``rules.end_round``)
        assert after.eternity_placer is not None and after.eternity_drawn is not None
        out.append(T("{player}, last on the score track, draws {token} and must put it on a free tile",
                     player=player(after.eternity_placer), token=token_text(after.eternity_drawn)))
        return out
    out += _new_round(after)
    return out


def _new_round(after: MyracliaState) -> list[Text]:
    out = [T("Round {n} begins", n=after.round)]
    if after.phase == "draft":
        out.append(_draft_board(after))
    else:  # §6.5: an empty Draft board ends the draft at once
        out.append(_draft_board(after))
        out.append(T("Terraforming order: {order}", order=_order(after.terraforming_order)))
    return out


def event_texts(before: MyracliaState, action: Any, after: MyracliaState) -> list[Text | str]:
    mover = to_move(before)
    assert mover is not None  # an action was played: the game was not over
    k = action.type
    out: list[Text | str] = []
    if k in OUTCOME_TYPES:  # a chance outcome: its own line says it all (``view.chance_text``)
        return out
    if k in ("take", "pass"):
        if after.phase != "draft":
            out += _end_of_draft(before, after, 1 if k == "take" else 0)
            out.append(T("{player}’s turn to terraform", player=player(after.terraforming_order[0])))
        return out
    out += _score_lines(before, after, mover)
    if k == "terraform":
        b, a = before.seats[mover], after.seats[mover]
        paid = [0] * NCOL
        for c in action.pay:
            paid[COLOURS.index(c)] += 1
        gained = [a.reserve[c] - (b.reserve[c] - paid[c]) for c in range(NCOL)]
        if any(gained):
            out.append(T("{player} gets released elements: {elements}", player=player(mover),
                         elements=counts_text(gained)))
        info = TILES[action.tile]
        if info.released is not None and not gained[info.released]:
            out.append(T("No {colour} element is left to release", colour=colour(info.released)))
        return out
    if k == "end_turn":
        n = sum(before.seats[mover].reserve)
        if n:
            out.append(T("{player} puts {elements} into the trade zone", player=player(mover),
                         elements=counts_text(before.seats[mover].reserve)))
        if after.phase == "place":
            out.append(T("{player} must add 1 tile from the tile offer" if after.tiles_to_add == 1
                         else "{player} must add {n} tiles from the tile offer",
                         player=player(mover), n=after.tiles_to_add))
            return out
        return out + _end_of_turn(before, action, after)
    if k == "place_tile":
        if after.phase != "place":
            out += _end_of_turn(before, action, after)
        return out
    if k == "place_token":
        return out + _new_round(after)
    return out
