"""Why a move is not legal now: one sentence naming the rule (``Game.check``, the coach).

``reason(state, action)`` is None for exactly the actions ``legal_actions`` lists, and for
any other action the reason it is refused. The checks run from the most general cause to
the most precise: the game is over, the move is not one of this phase's (draft, terraforming
turn, adding tiles, placing the Eternity token), then what the move names (the column, the
tile, the trade's colours), then the payment or the elements placed, last the order they are
written in. Lists of elements have one form: each element once per cube, from the most
common colour to the rarest (``rules.names``); a payment or placement in another order is
refused, not reordered, so that the record holds the one form.

``partial(probe)`` and ``probe_reason(state, probe)`` are the coach's (``Game.why_not``): a
spot of the board stands for a move whose choice is not made yet (a tile to terraform with
any payment, an offer tile to add anywhere, an element of the trade zones to take for any
element). Its reason is the one specific to what is named (the tile is taken, not adjacent,
no element you hold can pay for it...); None only when some legal action matches.

Every reason is marked with the rule that gives it (``ruled``, ``refuses``: the id of an
entry of ``reference``, the coach's "Rule" link): the phase (``draft-board``,
``terraforming``, ``compact-shape``), the ``reservation``, the ``wildcard`` payment, the
``trade-zone``, the ``disc``; ``SPOT`` (or no mark) when the clicked tile's own entry says it.

Nothing here reads what the player to move cannot see: everything on the table is public
(spec §16, only the bags are hidden), and the reasons name only the table.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import SPOT, refuses, ruled
from engines.core.i18n import Text, player

from . import rules
from .actions import Action, PlaceTile, Terraform, Trade
from .components import COLOUR_INDEX, COLOURS, DRAFT_COLUMNS, MAX_ACTIONS, MISC, NCOL, TILES
from .payment import covers, legal_payments
from .rules import NEIGHBOURS, compact_positions, counts_of, find_tile, is_free, missing, names, subsets_to_place
from .state import MyracliaState, PlayerState, SurfaceTile
from .texts import T, colour, colour_count, counts_text, join, space_name, tile_name


def _tile(tid: str) -> Text:
    """A tile by its surface type and elements (``texts.tile_name``); a probe may name an id
    that is no tile."""
    return tile_name(tid) if tid in TILES else T("unknown tile")


def reason(state: MyracliaState, action: Action) -> Text | None:
    """Why ``action`` cannot be played now, None when it can (see the module docstring)."""
    return _reason(state, action)


def _reason(state: MyracliaState, action: Any, partial: bool = False) -> Text | None:
    """``reason``; with ``partial`` the choices left open by ``_partial_move`` (the payment,
    the position, the element given and taken) are any that a legal action has."""
    if state.drawing is not None:  # a chance node: only one of its outcomes
        if any(action == o for o, _ in rules.chance_weights(state)):
            return None
        return T("A draw is being made: only what may come out of the bag can be played now.")
    if state.phase == "over":
        return T("The game is over.")
    ph = state.phase
    kind = getattr(action, "type", None)
    allowed = {"draft": ("take", "pass"), "eternity": ("place_token",), "place": ("place_tile",),
               "terraform": ("terraform", "reserve", "change", "add", "trade", "end_turn")}[ph]
    if kind not in allowed:
        return _not_now(state, kind)
    p = rules.to_move(state)
    assert p is not None  # the game is not over (checked above)
    seat = state.seats[p]
    if kind == "take":
        if not (1 <= action.column <= DRAFT_COLUMNS):
            return ruled("draft-board", T("The Draft board has columns 1 to {n} only.", n=DRAFT_COLUMNS))
        if state.draft_count[action.column - 1] == 0:
            return ruled("draft-board", T("Column {column} of the Draft board has no elements.", column=action.column))
        return None
    if kind in ("pass", "end_turn"):
        return None
    if kind == "place_token":
        t = find_tile(state, action.tile)
        if t is None:
            return T("There is no such tile on the surface.")
        if not is_free(t):
            return T("The Eternity token goes on a free tile: {why}", why=_not_free(t))
        return None
    if kind == "place_tile":
        if action.tile not in state.offer:
            return ruled("tile-offer", T("The {tile} is not in the tile offer.", tile=_tile(action.tile)))
        if action.tile not in rules.placeable(state):
            return ruled("compact-shape", T("The Darkness tile in the tile offer must be added first."))
        if partial:
            return None  # some position is always open (compact_positions is never empty)
        if (action.q, action.r) not in compact_positions(state):
            return _why_not_position(state, action.q, action.r)
        return None
    if kind == "trade":
        return ruled("trade-zone", _trade_reason(state, seat, action, partial))
    if kind == "add":
        if seat.reserved is None:
            return ruled("reservation", T("You have no reserved tile to add elements to."))
        own = find_tile(state, seat.reserved)
        assert own is not None  # a reserved tile is on the surface
        s = counts_of(action.place)
        options = {tuple(1 if c in sub else 0 for c in range(NCOL)) for sub in subsets_to_place(seat.reserve, missing(own))}
        if s not in options:
            return _why_not_placement(seat, own, action.place, adding=True)
        return _not_canonical(action.place, "placed")
    t = find_tile(state, action.tile)
    if t is None:
        return T("There is no such tile on the surface.")
    if state.actions_used >= MAX_ACTIONS:
        return ruled("terraforming", T("You have already used your {n} actions this turn.", n=MAX_ACTIONS))
    if kind == "terraform":
        if t.id not in {x.id for x in rules.terraform_targets(state, p)}:
            return _why_not_terraform(state, p, t)
        if partial:
            if not legal_payments(tuple(seat.reserve), missing(t)):
                return _why_cannot_pay(seat, t)
            return None
        if counts_of(action.pay) not in legal_payments(tuple(seat.reserve), missing(t)):
            return _why_not_payment(seat, t, action.pay)
        return _not_canonical(action.pay, "paid")
    return _reserve_reason(state, p, seat, t, action)


@refuses("reservation")
def _reserve_reason(state: MyracliaState, p: int, seat: PlayerState, t: SurfaceTile, action: Any) -> Text | None:
    """§8.6-§8.7: why tile ``t`` cannot be reserved (or the reservation moved there) with
    the elements ``action.place``."""
    change = action.type == "change"
    if change and seat.reserved is None:
        return T("You have no reservation to change.")
    if not change and seat.reserved is not None:
        return T("You already have a reserved tile: terraform it or change the reservation.")
    if not change and seat.discs <= 0:
        return ruled("disc", T("You have no disc left."))
    if t.id not in {x.id for x in rules.reserve_targets(state, p, change)}:
        if not is_free(t):
            return T("Only a free tile can be reserved: {why}", why=_not_free(t))
        return T("The {tile} cannot be reserved: it is not next to a terraformed tile.", tile=_tile(t.id))
    s = counts_of(action.place)
    place_options = [tuple(1 if c in sub else 0 for c in range(NCOL)) for sub in rules.placements(state, p, t)]
    if s not in place_options:
        return _why_not_placement(seat, t, action.place, adding=False)
    return _not_canonical(action.place, "placed")


# ---- the reasons, by rule -------------------------------------------------------------------
#: why a kind of move cannot be played in a phase, where the phase's own sentence says less
_NOT_NOW_KIND: dict[tuple[str, str], Text] = {
    ("draft", "terraform"): T("Tiles are terraformed in the terraforming turns, after the draft: now take an "
                              "element from the Draft board or pass."),
    ("draft", "reserve"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                            "element from the Draft board or pass."),
    ("draft", "change"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                           "element from the Draft board or pass."),
    ("draft", "add"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                        "element from the Draft board or pass."),
    ("draft", "trade"): T("Trades are made in the terraforming turns, after the draft: now take an element "
                          "from the Draft board or pass."),
    ("draft", "place_tile"): T("New tiles are added at the end of a terraforming turn: now take an element "
                               "from the Draft board or pass."),
    ("terraform", "take"): T("The draft is over for this round: play your terraforming turn with the "
                             "elements you took."),
    ("terraform", "pass"): T("The draft is over for this round: play your terraforming turn with the "
                             "elements you took."),
    ("terraform", "place_tile"): T("New tiles are added when you end your turn: one for each free tile you "
                                   "terraformed or reserved in it."),
    ("place", "terraform"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                              "surface."),
    ("place", "reserve"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                            "surface."),
    ("place", "change"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                           "surface."),
    ("place", "add"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                        "surface."),
    ("place", "trade"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                          "surface."),
    ("place", "take"): T("The draft is over for this round: now add the new tiles from the tile offer to the "
                         "surface."),
    ("eternity", "place_tile"): T("New tiles are added at the end of a terraforming turn: now put the Eternity "
                                  "token on a free tile."),
    ("eternity", "trade"): T("Trades are made in the terraforming turns: now put the Eternity token on a free "
                             "tile."),
    ("eternity", "terraform"): T("The round is over: now put the Eternity token on a free tile, then the next "
                                 "round’s draft begins."),
    ("eternity", "take"): T("The round is over: now put the Eternity token on a free tile, then the next "
                            "round’s draft begins."),
}


#: the rule of each phase's moves (the Eternity token's own entry is the spot's)
_PHASE_RULE = {"draft": "draft-board", "terraform": "terraforming", "place": "compact-shape", "eternity": SPOT}


def _not_now(state: MyracliaState, kind: str | None) -> Text:
    """Why a move of kind ``kind`` is not one of this phase's moves (the rule: the phase's)."""
    return ruled(_PHASE_RULE[state.phase], _not_now_text(state, kind))


def _not_now_text(state: MyracliaState, kind: str | None) -> Text:
    text = _NOT_NOW_KIND.get((state.phase, kind or ""))
    if text is not None:
        return text
    return {"draft": T("Draft phase: now you must take an element from the Draft board or pass."),
            "eternity": T("Now you must put the Eternity token on a free tile."),
            "place": T("Now you must add a tile from the tile offer to the surface."),
            "terraform": T("Terraforming phase: now you may terraform, reserve, change your "
                           "reservation, add elements, trade or end your turn.")}[state.phase]


@refuses("wildcard")
def _why_cannot_pay(seat: PlayerState, t: SurfaceTile) -> Text:
    """Why no payment from the reserve covers tile ``t`` (§8.1: direct matches, wildcards of 3
    of one colour or 5 of any colours)."""
    needs = join([colour(c) for c in missing(t)])
    if not any(seat.reserve):
        return T("Your reserve is empty: the {tile} needs {needs}.", tile=_tile(t.id), needs=needs)
    return T("Your elements cannot pay for the {tile}: it needs {needs}, and you hold {have} (a missing "
             "element may also be paid with 3 elements of one colour or 5 of any colours).",
             tile=_tile(t.id), needs=needs, have=counts_text(seat.reserve))


def _twice(placed: list[str]) -> Text | None:
    """The reason a placement names a colour twice (a tile needs at most one of each, §15.2)."""
    for c in COLOURS:
        if placed.count(c) > 1:
            return T("A tile needs at most one {colour} element: name each element placed once.", colour=colour(c))
    return None


def _not_free(t: SurfaceTile) -> Text:
    """Why a tile of the surface is not free (§3.3)."""
    if TILES[t.id].darkness:
        return T("it is a Darkness tile.")
    if t.terraformed:
        return T("the {tile} is already terraformed.", tile=_tile(t.id))
    assert t.owner is not None  # not free, not dark, not terraformed: reserved
    return T("the {tile} is reserved by {player}.", tile=_tile(t.id), player=player(t.owner))


@refuses("compact-shape")
def _why_not_position(state: MyracliaState, q: int, r: int) -> Text:
    """Which compact-shape rule (§8.11 a, b) a position breaks (the space named by a tile
    beside it, ``texts.space_name``)."""
    ids = {(t.q, t.r): t.id for t in state.surface}
    if (q, r) in ids:
        return T("That space already holds the {tile}.", tile=_tile(ids[(q, r)]))
    space = space_name(ids, q, r)
    touching = [(q + dq, r + dr) for dq, dr in NEIGHBOURS if (q + dq, r + dr) in ids]
    if len(touching) == 1:
        return T("The space {space} touches 1 tile: a new tile must touch at least 2 "
                 "(compact-shape rule a).", space=space)
    if len(touching) < 2:
        return T("The space {space} touches {n} tiles: a new tile must touch at least 2 "
                 "(compact-shape rule a).", space=space, n=len(touching))
    return T("The space {space} touches only 2 tiles, and each of them must touch at least 3 other "
             "tiles (compact-shape rule b).", space=space)


@refuses("wildcard")
def _why_not_payment(seat: PlayerState, t: SurfaceTile, pay: list[str]) -> Text:
    """Why a payment for terraforming ``t`` is refused (§8.1): not in the reserve, not enough
    to cover the missing elements, or more than needed (the hand rule)."""
    pay_counts = counts_of(pay)
    for c in range(NCOL):
        if pay_counts[c] > seat.reserve[c]:
            if seat.reserve[c] == 0:
                return T("You cannot pay {elements}: your reserve holds none.", elements=colour_count(c, pay_counts[c]))
            return T("You cannot pay {elements}: your reserve holds {have}.",
                     elements=colour_count(c, pay_counts[c]), have=colour_count(c, seat.reserve[c]))
    miss = missing(t)
    if not covers(pay_counts, miss):
        return T("That payment does not cover the {tile}: it needs {needs}; pay each missing element "
                 "directly or with a wildcard (3 of one colour or 5 of any colours).",
                 tile=_tile(t.id), needs=join([colour(c) for c in miss]))
    return T("That payment uses more elements than the {tile} needs (hand rule): leave out the "
             "superfluous ones.", tile=_tile(t.id))


@refuses("reservation")
def _why_not_placement(seat: PlayerState, t: SurfaceTile, place: list[str], adding: bool) -> Text:
    """Why elements cannot be placed on ``t`` to reserve it (§8.6) or added to one's own
    reservation (§8.8)."""
    twice = _twice(place)
    if twice is not None:
        return twice
    if not place:
        return T("Place at least one element the tile needs.")
    miss = missing(t)
    for c in place:
        i = COLOUR_INDEX[c]
        if i not in TILES[t.id].requires:
            return T("The {tile} does not need {colour}: place only elements it needs (no wildcards).",
                     tile=_tile(t.id), colour=colour(c))
        if i not in miss:
            return T("The {tile} already has its {colour} element.", tile=_tile(t.id), colour=colour(c))
        if seat.reserve[i] == 0:
            return T("You have no {colour} element in your reserve.", colour=colour(c))
    if len(place) >= len(miss):
        if adding:
            return T("Those elements would complete the {tile}: completing it is a Terraform action.", tile=_tile(t.id))
        return T("A reservation leaves at least one element missing: to place them all, terraform the tile.")
    miss_after = len(miss) - len(place)
    cost = miss_after * MISC.reservation_penalty_per_missing_element
    return T("You cannot pay the reservation penalty: {cost} VP for {n} missing elements, and you have {score} VP.",
             cost=cost, n=miss_after, score=seat.score)


@refuses("terraforming")
def _why_not_terraform(state: MyracliaState, p: int, t: SurfaceTile) -> Text:
    """Why tile ``t`` is not a target of a Terraform action (§8.2, payment aside)."""
    if TILES[t.id].darkness:
        return ruled(SPOT, T("Darkness tiles can never be terraformed."))
    if t.terraformed:
        return T("The {tile} is already terraformed.", tile=_tile(t.id))
    if t.owner is not None and t.owner != p:
        return ruled("reservation", T("The {tile} is reserved by {player}.", tile=_tile(t.id), player=player(t.owner)))
    if state.seats[p].discs <= 0:
        return ruled("disc", T("You have no disc left."))
    if state.founding:
        return T("The {tile} must be next to a terraformed tile: in the first round only your first "
                 "terraformed tile may be anywhere.", tile=_tile(t.id))
    return T("The {tile} must be next to a terraformed tile.", tile=_tile(t.id))


def _not_canonical(colours: list[str], verb: str) -> Text | None:
    """Why a list of elements is refused when ``legal_actions`` would write it in another
    order (None when it is written as they would).

    A payment or placement is a multiset, but an action has one form only (one game, one
    record): its elements from the most common colour to the rarest, as ``names`` writes them.
    Refusing another order (instead of reordering it) keeps the record equal to what was
    checked. Asked once the multiset itself is known to be legal, so the reason is only this.
    """
    canonical = names(counts_of(colours))
    if list(colours) != canonical:
        tpl = ("Name the elements paid from the most common colour to the rarest: {elements}." if verb == "paid"
               else "Name the elements placed from the most common colour to the rarest: {elements}.")
        return T(tpl, elements=join([colour(c) for c in canonical]))
    return None


# ---- the coach: probes that leave a choice open ---------------------------------------------
def _partial_move(data: Any) -> Any:
    """The move a board spot stands for with a choice still open, as an action built without
    that choice; None for any other dict (a whole action or not one):

    - ``{"type": "terraform", "tile": T}`` (``pay`` left out or empty): terraform tile T
      with any payment;
    - ``{"type": "place_tile", "tile": T}`` (no ``q``, ``r``): add offer tile T anywhere;
    - ``{"type": "trade", "take": C}`` or ``{"type": "trade"}`` (no ``give``): trade for an
      element of colour C (or any) of the trade zones, giving any element.
    """
    if not isinstance(data, dict):
        return None
    kind, keys = data.get("type"), set(data)
    tile = data.get("tile")
    if kind == "terraform" and isinstance(tile, str) and keys <= {"type", "tile", "pay"} and not data.get("pay"):
        return Terraform.model_construct(tile=tile, pay=[])
    if kind == "place_tile" and isinstance(tile, str) and keys == {"type", "tile"}:
        return PlaceTile.model_construct(tile=tile, q=0, r=0)
    if kind == "trade" and "give" not in keys and keys <= {"type", "take"}:
        take = data.get("take")
        if take is None or take in COLOUR_INDEX:
            return Trade.model_construct(give=None, take=take)
    return None


def partial(probe: Any) -> bool:
    """Whether ``probe`` is one of the partial moves ``probe_reason`` reads (see
    ``_partial_move``); any other dict is ``parse_action`` and ``check``, as in the core."""
    return _partial_move(probe) is not None


def probe_reason(state: MyracliaState, probe: dict) -> Text | None:
    """``Game.why_not`` of a partial move (``partial``): None when some legal action matches
    it, else the reason specific to what it names."""
    return _reason(state, _partial_move(probe), partial=True)


def _trade_reason(state: MyracliaState, seat: PlayerState, action: Any, partial: bool) -> Text | None:
    """§8.9: why the trade ``action`` (with ``partial``: any trade for ``action.take``)
    cannot be made."""
    if not any(state.pool):
        if state.turn_pos == 0:
            return T("There is nothing to trade with: nobody has finished their turn this round.")
        return T("The trade zones are empty: the players who ended their turn this round "
                 "left no elements there.")
    if partial:
        return _why_not_any_trade(state, seat, action.take)
    if action.give == action.take:
        return T("A trade swaps two different colours.")
    if seat.reserve[COLOUR_INDEX[action.give]] == 0:
        return T("You have no {colour} element to give.", colour=colour(action.give))
    if state.pool[COLOUR_INDEX[action.take]] == 0:
        return T("The trade zones hold no {colour} element.", colour=colour(action.take))
    return None


def _why_not_any_trade(state: MyracliaState, seat: PlayerState, take: str | None) -> Text | None:
    """A trade for an element of colour ``take`` (any colour if None) of the trade zones,
    giving any element of the reserve: why none is legal (the trade zones hold something)."""
    if take is not None and state.pool[COLOUR_INDEX[take]] == 0:
        return T("The trade zones hold no {colour} element.", colour=colour(take))
    if not any(seat.reserve):
        return T("Your reserve is empty: a trade gives one of your elements for one of the "
                 "trade zones.")
    takes = [k for k in range(NCOL) if state.pool[k]] if take is None else [COLOUR_INDEX[take]]
    if not any(seat.reserve[g] and k != g for g in range(NCOL) for k in takes):
        return T("A trade swaps two different colours: your reserve holds only {colour} "
                 "elements.", colour=colour(next(c for c in range(NCOL) if seat.reserve[c])))
    return None


__all__ = ["reason", "partial", "probe_reason"]
