"""The rules of Citadels (original edition): set-up, what may be done, and doing it.

Section numbers (§) and decisions (D-nn) are those of the rules specification.
The functions here work on a ``CitadelsState``; ``engines.citadels.game.Citadels`` wires them
into the engine contract. They run thousands of times a second under search and soak tests,
so the figures they read at every call (draft schedules, action lists, costs) are made once
at import, and nothing here validates what the rules themselves built.

Why a move is refused is ``reasons``; the log lines of what the rules do by themselves are
``events``, read from the states before and after a move: nothing here writes a log.
"""

from __future__ import annotations

from typing import Any, Callable, Literal, cast

from engines.core.chance import CHANCE
from engines.core.rng import Rng

from . import actions as A
from .components import (_KIND, ALL_CARDS, ARCHITECT, ASSASSIN, BISHOP, CHARACTERS, DISTRICTS, KING,
                         MAGICIAN, MERCHANT, RANKS, THIEF, WARLORD, C, effect, kind, removal)
from .state import CitadelsOptions, CitadelsState, Pending
from .texts import T

DraftOp = Literal["keep", "discard"]
KEEP: Literal["keep"] = "keep"
DISCARD: Literal["discard"] = "discard"
_KIND_OF = _KIND.get   # a card id's district type, None for a string that is no card id (then ``kind``)


# ======================================================================================
# Set-up (§2) and helpers
# ======================================================================================
def threshold(state: CitadelsState) -> int:
    """N, the number of districts of a complete city: 8, or 7 with variant V1 (§14, D-19)."""
    return C.completion_threshold_short_variant if state.options.short_game else C.completion_threshold


def setup(players: int, seed: int, options: CitadelsOptions) -> CitadelsState:
    """§2: the 65 districts shuffled (the deck, a multiset), 2 gold each, the crown given;
    the state is at the set-up deal's first chance node (4 cards to each seat in turn, from
    seat 0), after which round 1 starts (``start_round``)."""
    if options.first_crown >= players:
        raise ValueError(T("The first crown must go to a seat from 1 to {last}, not {seat}.",
                           last=players, seat=options.first_crown + 1))  # seats counted from 1 for people
    state = CitadelsState(
        players=players, seed=seed, options=options, crown=options.first_crown,
        deck=sorted(ALL_CARDS), hands=[[] for _ in range(players)], cities=[[] for _ in range(players)],
        built_round=[[] for _ in range(players)], gold=[C.start_gold_per_player] * players,
        seen=[0] * players)
    _start_draw(state, "deal", -1, C.start_cards_per_player * players)
    return state


def deck_size(state: CitadelsState) -> int:
    """How many cards the deck holds: its shuffled part and the cards put under it."""
    return len(state.deck) + len(state.bottom)


def draft_schedule(players: int) -> list[tuple[int, DraftOp]]:
    """The character selection of §5 as (seat offset from the crown, keep|discard) steps.

    After the last step the one card left goes face down, known to the last chooser.
    """
    if players == 2:      # §5.3: A keeps; B keeps and discards; A keeps and discards; B keeps
        steps: list[tuple[int, DraftOp]] = [(0, KEEP), (1, KEEP), (1, DISCARD), (0, KEEP), (0, DISCARD),
                                            (1, KEEP)]
    else:                 # §5.1, §5.4 (three players pick twice around the table), §5.2
        per = removal(players).characters_per_player
        steps = [(i % players, KEEP) for i in range(players * per)]
    return steps


#: per player count, the draft schedule (``draft_schedule``; read-only) and whether the last
#: chooser is offered the initial face-down card (§5.2): the rules read them at every step
_SCHEDULE: dict[int, list[tuple[int, DraftOp]]] = {p: draft_schedule(p)
                                                  for p in range(C.players_min, C.players_max + 1)}
# a Removal allows extra fields (``_Loose``: extra="allow"), so its ``model_extra`` is a dict, never None
_OFFER_DOWN: dict[int, bool] = {p: bool(cast(dict[str, Any], removal(p).model_extra).get(
                                    "initial_face_down_offered_to_last_chooser"))
                                for p in range(C.players_min, C.players_max + 1)}


def draft_schedule_step(state: CitadelsState) -> tuple[int, DraftOp]:
    """The draft step now: (seat offset from the crown, keep|discard)."""
    return _SCHEDULE[state.players][state.draft_step]


def _seat_of_step(state: CitadelsState, step: int) -> int:
    return (state.crown + _SCHEDULE[state.players][step][0]) % state.players


def start_round(state: CitadelsState) -> None:
    """§3-§4: clear the round, then the chance nodes that remove characters (1 face down
    first, then face up; the King is never face up, §4.2: ``_remove_character``), after
    which the rest go to the crown holder (§5). Until then ``draft_cards`` holds the
    characters not set aside yet."""
    state.phase = "draft"
    state.holder = [-1] * 9
    state.face_down, state.face_down_by = [], []
    state.called, state.revealed = 0, []
    state.killed = state.robbed = 0
    state.thief_seat = -1
    state.seen_down_by = -1
    state.removed_down = 0
    state.removed_up = []
    state.draft_cards = list(RANKS)
    state.draft_step = 0
    state.handed = [[] for _ in range(state.players)]
    state.offers = []
    state.draft_crown = state.crown
    _reset_turn(state)
    state.pending = "down"


def _remove_character(state: CitadelsState, a: A.RemoveCharacter) -> None:
    """Chance (§4.1, §4.2): ``a.rank`` set aside face down (nobody sees it) or face up (a
    King is never drawn face up: the rules put it back and draw again, so it is no outcome).
    Once every removal of the player count is made, the selection begins (§5)."""
    state.draft_cards.remove(a.rank)
    if a.face_up:
        state.removed_up = sorted([*state.removed_up, a.rank])
    else:
        state.removed_down = a.rank
    if len(state.removed_up) < _FACE_UP[state.players]:
        state.pending = "up"
        return
    state.pending = ""
    _note_handed(state)


def _note_handed(state: CitadelsState) -> None:
    """Remember which characters the chooser has seen (private to him, §5.5, §11.2)."""
    seat = _seat_of_step(state, state.draft_step)
    state.handed[seat] = sorted(set(state.handed[seat]) | set(state.draft_cards))
    state.offers.append(sorted(state.draft_cards))


_TURN_RESET = {"income_taken": False, "builds": 0, "ability_used": False, "district_income_taken": False,
               "architect_drawn": False, "laboratory_used": False, "smithy_used": False, "keep_left": 0,
               "magician_redraw": -1, "destroyed": "", "destroyed_from": -1}
_TURN_FIELDS = frozenset([*_TURN_RESET, "drawn"])


def _reset_turn(state: CitadelsState) -> None:
    # the turn's fields back to their start (as assignments would, straight into the model)
    d = state.__dict__
    d.update(_TURN_RESET)
    d["drawn"] = []
    state.__pydantic_fields_set__.update(_TURN_FIELDS)


def owns(state: CitadelsState, seat: int, kind_id: str) -> bool:
    prefix = kind_id + "-"
    for c in state.cities[seat]:
        if c.startswith(prefix):
            return True
    return False


def active_seat(state: CitadelsState) -> int:
    """The seat whose character is taking its turn (or choosing a character)."""
    if state.phase == "draft":
        return _seat_of_step(state, state.draft_step)
    return state.holder[state.called]


def graveyard_owner(state: CitadelsState) -> int:
    for seat in range(state.players):
        if owns(state, seat, "graveyard"):
            return seat
    return -1


def to_move(state: CitadelsState) -> int | None:
    if state.pending:
        return CHANCE
    if state.phase == "over":
        return None
    if state.phase == "graveyard":
        return graveyard_owner(state)
    return active_seat(state)


# ---- drawing district cards (§10.1, D-07): chance nodes ----------------------------------------
def _start_draw(state: CitadelsState, pending: Pending, seat: int, n: int,
                then: Literal["", "end_turn"] = "") -> None:
    """§10.1, D-07: draw up to ``n`` cards from the top of the deck, one chance node each
    while the shuffled part lasts (``_draw_district``), then the cards put under it, in their
    order, without a node (nothing is left to chance). ``pending`` says where they go ("deal":
    the set-up, "hand": ``seat``'s hand, "income": the income draw, §7.2 b); ``then``, what
    the draw interrupted, goes on once it is done (``_finish_draw``)."""
    d = state.__dict__   # stored as the state's own __setattr__ stores them (speed)
    d["pending"], d["pending_seat"], d["pending_left"], d["pending_then"] = pending, seat, n, then
    state.__pydantic_fields_set__.update(_PENDING_FIELDS)
    _advance_draw(state)


_PENDING_FIELDS = frozenset(("pending", "pending_seat", "pending_left", "pending_then"))


def draw_seat(state: CitadelsState) -> int:
    """The seat whose hand (or income draw) the card being drawn goes to."""
    if state.pending == "deal":   # §2: 4 cards to each seat in turn, from seat 0
        for seat, hand in enumerate(state.hands):
            if len(hand) < C.start_cards_per_player:
                return seat
    if state.pending == "income":
        return active_seat(state)
    return state.pending_seat


def _give(state: CitadelsState, card: str) -> None:
    d = state.__dict__   # the counters as the state's own __setattr__ stores them (speed)
    if d["pending"] == "income":
        d["drawn"].append(card)
    else:
        state.hands[draw_seat(state)].append(card)
    d["draws"] += 1
    d["pending_left"] -= 1


def _draw_district(state: CitadelsState, a: A.DrawDistrict) -> None:
    """Chance: ``a.card`` comes off the shuffled part of the deck."""
    deck = state.deck
    deck.remove(a.card)
    _give(state, a.card)
    if deck and state.pending_left > 0:   # the next card is chance's again (the usual case)
        return
    _advance_draw(state)


def _advance_draw(state: CitadelsState) -> None:
    """Draw the cards due that chance does not decide (the shuffled part is used up: the
    cards put under it come next, in order; none left: the draw stops short, D-07), and
    finish the draw once no card is due."""
    while state.pending_left > 0 and not state.deck:
        if not state.bottom:
            state.pending_left = 0
            break
        _give(state, state.bottom.pop(0))
    if state.pending_left == 0:
        _finish_draw(state)


def _finish_draw(state: CitadelsState) -> None:
    d = state.__dict__
    pending, then = d["pending"], d["pending_then"]
    d["pending"], d["pending_seat"], d["pending_then"] = "", -1, ""
    if pending == "deal":
        start_round(state)
    elif pending == "income":
        seat = active_seat(state)
        keep = C.income_keep + (effect("library", "extra_keep") if owns(state, seat, "library") else 0)
        if len(state.drawn) <= keep:    # nothing to choose: keep them all (D-07: 1 card is kept)
            state.hands[seat] += state.drawn
            state.drawn = []
        else:
            state.keep_left = keep
    if then == "end_turn":
        _end_turn_rest(state)


def _take_kind(cards: list[str], kind_id: str) -> str:
    """Remove and return the first card of a type from a list of cards."""
    for i, c in enumerate(cards):
        if (_KIND_OF(c) or kind(c)) == kind_id:
            return cards.pop(i)
    raise KeyError(kind_id)


def _kinds(cards: list[str]) -> list[str]:
    """The distinct district types among ``cards``, sorted (deterministic action order)."""
    return sorted({_KIND_OF(c) or kind(c) for c in cards})


def income_colour(rank: int) -> str | None:
    return CHARACTERS[rank].income_color  # type: ignore[union-attr]


def district_income(state: CitadelsState, seat: int, rank: int) -> int:
    """§7.4: 1 gold per district of the character's colour; the School of Magic counts as
    that colour (§9.3). Nothing for characters without a colour."""
    colour = income_colour(rank)
    if colour is None:
        return 0
    n = 0
    for c in state.cities[seat]:
        k = _KIND_OF(c) or kind(c)
        if DISTRICTS[k].color == colour or k == "school_of_magic":
            n += 1
    return n


def bishop_protects(state: CitadelsState, seat: int) -> bool:
    """§8.5, D-21: the city of the player whose Bishop was revealed alive this round."""
    return BISHOP in state.revealed and state.holder[BISHOP] == seat


def destroy_cost(kind_id: str) -> int:
    """§8.8: printed cost − 1 (cost-1 districts free; University and Dragon Gate cost 5)."""
    return max(0, DISTRICTS[kind_id].cost - C.warlord_destroy_discount)


def build_limit(state: CitadelsState) -> int:
    return C.build_limit_architect if state.called == ARCHITECT else C.build_limit


# ======================================================================================
# Legal actions
# ======================================================================================
def legal_actions(state: CitadelsState) -> list:
    if state.pending:
        return [o for o, _ in chance_weights(state)]
    phase = state.phase
    if phase == "over":
        return []
    if phase == "draft":
        op = _SCHEDULE[state.players][state.draft_step][1]
        table = _CHOOSE if op == KEEP else _DISCARD_CHAR
        return [table[r] for r in state.draft_cards]
    if phase == "graveyard":
        return [_GRAVE_TAKE, _GRAVE_DECLINE]
    if phase == "warlord":
        return [*destroy_targets(state), _NO_DESTROY]
    return _turn_actions(state)


def destroy_targets(state: CitadelsState) -> list[A.Destroy]:
    """§8.8: every district the Warlord may destroy and can pay for."""
    out = []
    n = threshold(state)
    me = state.holder[WARLORD]
    for seat in range(state.players):
        city = state.cities[seat]
        if len(city) >= n or bishop_protects(state, seat):
            continue
        for k in _kinds(city):
            if k == "keep" or destroy_cost(k) > state.gold[me]:
                continue
            out.append(A.Destroy(target=seat, district=k))
    return out


def _turn_actions(state: CitadelsState) -> list:
    seat = state.holder[state.called]
    hand = state.hands[seat]
    if state.drawn:                                  # §7.2 (b): finish the income draw first
        if state.keep_left > 0:
            return [_KEEP[k] for k in _kinds(state.drawn)]
        return [_BOTTOM[k] for k in _kinds(state.drawn)]
    if state.magician_redraw >= 0:                   # §8.3 (b): discarding, then drawing
        return [*(_MAG_DISCARD[k] for k in _kinds(hand)), _MAG_DRAW]
    out: list = []
    rank = state.called
    city_kinds = {_KIND_OF(c) or kind(c) for c in state.cities[seat]}
    if not state.income_taken:                       # §7.2
        out.append(_TAKE_GOLD)
        if state.deck or state.bottom:
            out.append(_DRAW_INCOME)
            # Observatory (D-15): offered only when the deck holds more than 2 cards; with
            # fewer both declarations draw the same cards (D-07), so they are one choice
            if "observatory" in city_kinds and deck_size(state) > C.income_draw:
                out.append(_DRAW_OBSERVATORY)
    if not state.ability_used:                       # §8.1-8.3
        if rank == ASSASSIN:
            out += _ASSASSIN_TARGETS
        elif rank == THIEF:
            targets = _THIEF_TARGETS.get(state.killed)
            out += targets if targets is not None else [_ROB[r] for r in RANKS if r not in (ASSASSIN, THIEF, state.killed)]
        elif rank == MAGICIAN:
            out += [_EXCHANGE[p] for p in range(state.players) if p != seat]
            out += [_MAG_DISCARD[k] for k in _kinds(hand)]
    if rank == ARCHITECT and not state.architect_drawn:   # §8.7
        out.append(_ARCHITECT_DRAW)
    if _HAS_INCOME[rank] and not state.district_income_taken:  # §7.4
        out.append(_COLLECT)
    if state.income_taken and state.builds < build_limit(state):            # §7.3
        gold = state.gold[seat]
        no_dup = state.options.forbid_duplicate_districts
        for k in _kinds(hand):
            if _COST[k] <= gold and not (no_dup and k in city_kinds):
                out.append(_BUILD[k])
    if hand and not state.laboratory_used and "laboratory" in city_kinds:   # §9.3
        out += [_LABORATORY[k] for k in _kinds(hand)]
    if (not state.smithy_used and (state.deck or state.bottom) and state.gold[seat] >= SMITHY_PRICE
            and "smithy" in city_kinds):
        out.append(_SMITHY)
    if state.income_taken:                           # §7.6
        out.append(_END_TURN)
    return out


# Action instances are immutable: build each once (fast legal_actions, fast membership tests).
_KEEP = {k: A.KeepCard(district=k) for k in DISTRICTS}
_BOTTOM = {k: A.PutBottom(district=k) for k in DISTRICTS}
_BUILD = {k: A.Build(district=k) for k in DISTRICTS}
_LABORATORY = {k: A.Laboratory(district=k) for k in DISTRICTS}
_MAG_DISCARD = {k: A.MagicianDiscard(district=k) for k in DISTRICTS}
_ASSASSINATE = {r: A.Assassinate(rank=r) for r in RANKS}
_ROB = {r: A.Rob(rank=r) for r in RANKS}
_CHOOSE = {r: A.ChooseCharacter(rank=r) for r in RANKS}
_DISCARD_CHAR = {r: A.DiscardCharacter(rank=r) for r in RANKS}
_EXCHANGE = {p: A.MagicianExchange(target=p) for p in range(C.players_max)}
_DRAW = {n: A.DrawCards(count=n) for n in range(1, 6)}
_TAKE_GOLD, _COLLECT, _END_TURN = A.TakeGold(), A.CollectIncome(), A.EndTurn()
_MAG_DRAW, _ARCHITECT_DRAW, _SMITHY = A.MagicianDraw(), A.ArchitectDraw(), A.Smithy()
_DRAW_DISTRICT, _REMOVE_DOWN, _REMOVE_UP = A.DRAW_DISTRICT, A.REMOVE_DOWN, A.REMOVE_UP
_FACE_UP = {p: removal(p).face_up for p in range(C.players_min, C.players_max + 1)}
_NO_DESTROY, _GRAVE_TAKE, _GRAVE_DECLINE = A.NoDestroy(), A.GraveyardTake(), A.GraveyardDecline()
# the lists and figures ``_turn_actions`` reads at every call, made once
_DRAW_INCOME = _DRAW[C.income_draw]
_DRAW_OBSERVATORY = _DRAW[C.income_draw + effect("observatory", "extra_draw")]
_ASSASSIN_TARGETS = [_ASSASSINATE[r] for r in RANKS if r != ASSASSIN]
_THIEF_TARGETS = {killed: [_ROB[r] for r in RANKS if r not in (ASSASSIN, THIEF, killed)] for killed in (0, *RANKS)}
_HAS_INCOME = {r: CHARACTERS[r].income_color is not None for r in RANKS}  # type: ignore[union-attr]
_COST = {k: d.cost for k, d in DISTRICTS.items()}


# ======================================================================================
# Chance nodes (``engines.core.chance``)
# ======================================================================================
def chance_weights(state: CitadelsState) -> list[tuple[Any, int]]:
    """The outcomes of the chance node ``state`` is at, each with weight 1: a character to
    set aside face down (§4.1: any of the eight) or face up (§4.2: any left but the King),
    or a district card from the deck's shuffled part (one outcome per card: the ids of two
    copies differ in the hand and the city)."""
    p = state.pending
    if p == "down":
        return [(_REMOVE_DOWN[r], 1) for r in state.draft_cards]
    if p == "up":
        return [(_REMOVE_UP[r], 1) for r in state.draft_cards if r != KING]
    if p:
        return [(_DRAW_DISTRICT[c], 1) for c in state.deck]
    return []


def sample_chance(state: CitadelsState, rng: Rng) -> Any:
    """One outcome of ``chance_weights`` drawn with ``rng``, without listing them (playouts)."""
    p = state.pending
    if p == "down":
        cards = state.draft_cards
        return _REMOVE_DOWN[cards[rng.below(len(cards))]]
    if p == "up":
        ranks = [r for r in state.draft_cards if r != KING]
        return _REMOVE_UP[ranks[rng.below(len(ranks))]]
    deck = state.deck
    return _DRAW_DISTRICT[deck[rng.below(len(deck))]]


def chance_seen_by(state: CitadelsState, outcome: Any) -> tuple[int, ...] | None:
    """Who sees the outcome: a character set aside face down nobody, face up everyone
    (§4.1, §4.2); a district card the seat it is dealt to (his hand, or his income draw)."""
    if outcome.type == "remove_character":
        return None if outcome.face_up else ()
    return (draw_seat(state),)


#: the purple districts' figures (§9.3), read from data.json
SMITHY_PRICE, SMITHY_DRAW = effect("smithy", "pay_gold"), effect("smithy", "draw")
LABORATORY_GOLD = effect("laboratory", "gain_gold")
GRAVEYARD_PRICE = effect("graveyard", "pay_gold")




# ======================================================================================
# Playing an action
# ======================================================================================
def play(state: CitadelsState, action) -> None:
    _HANDLERS[action.type](state, action)


# ---- selection (§5) ----------------------------------------------------------------------
def _choose_character(state: CitadelsState, a: A.ChooseCharacter) -> None:
    seat = active_seat(state)
    state.draft_cards.remove(a.rank)
    state.holder[a.rank] = seat
    _next_draft_step(state)


def _discard_character(state: CitadelsState, a: A.DiscardCharacter) -> None:
    seat = active_seat(state)
    state.draft_cards.remove(a.rank)
    state.face_down.append(a.rank)
    state.face_down_by.append(seat)
    _next_draft_step(state)


def _next_draft_step(state: CitadelsState) -> None:
    schedule = _SCHEDULE[state.players]
    last_seat = _seat_of_step(state, state.draft_step)
    state.draft_step += 1
    if state.draft_step == len(schedule):
        for r in state.draft_cards:                 # the last card(s) go face down (§5.1-5.4)
            state.face_down.append(r)
            state.face_down_by.append(last_seat)
        state.draft_cards = []
        call_next(state)
        return
    if state.draft_step == len(schedule) - 1 and _OFFER_DOWN[state.players]:
        # §5.2: the 7th player also takes the face-down card removed in §4.1
        state.draft_cards = sorted(state.draft_cards + [state.removed_down])
        state.removed_down = 0
        state.seen_down_by = _seat_of_step(state, state.draft_step)
    _note_handed(state)


# ---- calling (§6) ---------------------------------------------------------------------------
def call_next(state: CitadelsState) -> None:
    """§6: call the next ranks; the first one held by a living character starts a turn."""
    state.phase = "turn"
    r = state.called
    while r < RANKS[-1]:
        r += 1
        state.called = r
        seat = state.holder[r]
        if seat < 0 or r == state.killed:           # §6.2, §6.3: no answer / killed (silent)
            continue
        state.revealed.append(r)
        _reset_turn(state)
        if r == state.robbed and state.thief_seat >= 0 and state.thief_seat != seat:  # §6.4.1, §8.2
            state.gold[state.thief_seat] += state.gold[seat]
            state.gold[seat] = 0
        if r == KING:                                        # §6.4.2
            state.crown = seat
        if r == MERCHANT:                                    # §7.1, D-09
            state.gold[seat] += C.merchant_bonus_gold
        return
    end_round(state)


def end_round(state: CitadelsState) -> None:
    """§6.6: end check, crown (V2), then a new round."""
    if any(len(city) >= threshold(state) for city in state.cities):     # §12.1
        state.phase = "over"
        _reset_turn(state)
        return
    state.crown_heir_revealed = -1
    if state.options.killed_king_heir and state.killed == KING and state.holder[KING] >= 0:
        state.crown = state.holder[KING]                                # §14 V2
        state.crown_heir_revealed = state.crown
    state.round += 1
    start_round(state)


def _finish_turn(state: CitadelsState) -> None:
    _reset_turn(state)
    call_next(state)


# ---- income action (§7.2) -----------------------------------------------------------------
def _take_gold(state: CitadelsState, a: A.TakeGold) -> None:
    state.gold[active_seat(state)] += C.income_take_gold
    state.income_taken = True


def _draw_cards(state: CitadelsState, a: A.DrawCards) -> None:
    """§7.2 (b), Observatory, Library, D-07, D-14, D-15: the cards drawn (chance nodes) wait
    in ``drawn`` for the keep choices, or go to the hand when there is nothing to choose
    (``_finish_draw``)."""
    state.income_taken = True
    _start_draw(state, "income", -1, a.count)


def _keep_card(state: CitadelsState, a: A.KeepCard) -> None:
    seat = active_seat(state)
    state.hands[seat].append(_take_kind(state.drawn, a.district))
    state.keep_left -= 1
    _settle_drawn(state)


def _put_bottom(state: CitadelsState, a: A.PutBottom) -> None:
    state.bottom.append(_take_kind(state.drawn, a.district))
    _settle_drawn(state)


def _settle_drawn(state: CitadelsState) -> None:
    """Once the keeps are chosen, a single card left goes to the bottom with no choice."""
    if state.keep_left == 0 and len(state.drawn) == 1:
        state.bottom.append(state.drawn.pop())


# ---- building and income (§7.3, §7.4) -----------------------------------------------------
def _build(state: CitadelsState, a: A.Build) -> None:
    seat = active_seat(state)
    card = _take_kind(state.hands[seat], a.district)
    state.gold[seat] -= DISTRICTS[a.district].cost
    state.cities[seat].append(card)
    state.built_round[seat].append(state.round)
    state.builds += 1
    n = threshold(state)
    if len(state.cities[seat]) == n:                 # D-18, D-29: counted once, at the N-th
        if state.first_complete < 0:
            state.first_complete = seat
        if not state.final_round:
            state.final_round = state.round         # §12.1: this is the final round


def _collect_income(state: CitadelsState, a: A.CollectIncome) -> None:
    seat = active_seat(state)
    state.gold[seat] += district_income(state, seat, state.called)
    state.district_income_taken = True


def _end_turn(state: CitadelsState, a: A.EndTurn) -> None:
    """§7.6: auto-collect income (D-11), the Architect's draw (D-10: its chance nodes
    interrupt the end of the turn, which goes on after them), then the Warlord."""
    if income_colour(state.called) is not None and not state.district_income_taken:
        _collect_income(state, _COLLECT)
    if state.called == ARCHITECT and not state.architect_drawn:
        state.architect_drawn = True
        _start_draw(state, "hand", active_seat(state), C.architect_extra_draw, then="end_turn")
        return
    _end_turn_rest(state)


def _end_turn_rest(state: CitadelsState) -> None:
    """§7.6, §8.8: the Warlord's destruction is the last act of his turn; else the turn ends."""
    if state.called == WARLORD and destroy_targets(state):
        state.phase = "warlord"          # §8.8: the destruction is the last act of the turn
        return
    _finish_turn(state)


# ---- characters (§8) ------------------------------------------------------------------------
def _assassinate(state: CitadelsState, a: A.Assassinate) -> None:
    state.killed = a.rank
    state.ability_used = True


def _rob(state: CitadelsState, a: A.Rob) -> None:
    state.robbed = a.rank
    state.thief_seat = active_seat(state)
    state.ability_used = True


def _magician_exchange(state: CitadelsState, a: A.MagicianExchange) -> None:
    seat = active_seat(state)
    state.hands[seat], state.hands[a.target] = state.hands[a.target], state.hands[seat]
    state.ability_used = True
    state.swaps += 1


def _magician_discard(state: CitadelsState, a: A.MagicianDiscard) -> None:
    seat = active_seat(state)
    if state.magician_redraw < 0:
        state.magician_redraw = 0
        state.ability_used = True
    state.bottom.append(_take_kind(state.hands[seat], a.district))
    state.magician_redraw += 1


def _magician_draw(state: CitadelsState, a: A.MagicianDraw) -> None:
    """§8.3 (b): draw as many cards as were put at the bottom (chance nodes)."""
    n = state.magician_redraw
    state.magician_redraw = -1
    _start_draw(state, "hand", active_seat(state), n)


def _architect_draw(state: CitadelsState, a: A.ArchitectDraw) -> None:
    """§8.7: two extra cards (chance nodes)."""
    state.architect_drawn = True
    _start_draw(state, "hand", active_seat(state), C.architect_extra_draw)


def _destroy(state: CitadelsState, a: A.Destroy) -> None:
    """§8.8: pay cost − 1, remove the card (the latest built of that type), then the Graveyard."""
    me = state.holder[WARLORD]
    city, rounds = state.cities[a.target], state.built_round[a.target]
    i = max(j for j, c in enumerate(city) if kind(c) == a.district)
    card = city.pop(i)
    rounds.pop(i)
    state.gold[me] -= destroy_cost(a.district)
    owner = graveyard_owner(state)
    if owner >= 0 and owner != me and state.gold[owner] >= GRAVEYARD_PRICE:   # §9.3, D-13
        state.phase = "graveyard"
        state.destroyed = card
        state.destroyed_from = a.target
        return
    state.bottom.append(card)                        # D-06
    _finish_turn(state)


def _no_destroy(state: CitadelsState, a: A.NoDestroy) -> None:
    _finish_turn(state)


# ---- purple districts (§9.3) -----------------------------------------------------------------
def _laboratory(state: CitadelsState, a: A.Laboratory) -> None:
    seat = active_seat(state)
    state.bottom.append(_take_kind(state.hands[seat], a.district))
    state.gold[seat] += LABORATORY_GOLD
    state.laboratory_used = True


def _smithy(state: CitadelsState, a: A.Smithy) -> None:
    seat = active_seat(state)
    state.gold[seat] -= SMITHY_PRICE
    state.smithy_used = True
    _start_draw(state, "hand", seat, SMITHY_DRAW)


def _graveyard_take(state: CitadelsState, a: A.GraveyardTake) -> None:
    owner = graveyard_owner(state)
    state.gold[owner] -= GRAVEYARD_PRICE
    state.hands[owner].append(state.destroyed)
    state.phase = "turn"
    _finish_turn(state)


def _graveyard_decline(state: CitadelsState, a: A.GraveyardDecline) -> None:
    state.bottom.append(state.destroyed)
    state.phase = "turn"
    _finish_turn(state)


#: each handler takes its own action class (Any: a Callable's argument types cannot be a union's members)
_HANDLERS: dict[str, Callable[[CitadelsState, Any], None]] = {
    "choose_character": _choose_character, "discard_character": _discard_character,
    "take_gold": _take_gold, "draw_cards": _draw_cards, "keep_card": _keep_card,
    "put_bottom": _put_bottom, "build": _build, "collect_income": _collect_income,
    "end_turn": _end_turn, "assassinate": _assassinate, "rob": _rob,
    "magician_exchange": _magician_exchange, "magician_discard": _magician_discard,
    "magician_draw": _magician_draw, "architect_draw": _architect_draw, "destroy": _destroy,
    "no_destroy": _no_destroy, "laboratory": _laboratory, "smithy": _smithy,
    "graveyard_take": _graveyard_take, "graveyard_decline": _graveyard_decline,
    "draw_district": _draw_district, "remove_character": _remove_character,
}
