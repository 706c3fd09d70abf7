"""Why a move is not legal now: one sentence naming the rule that forbids it (``Game.check``,
the coach's ``Game.why_not``).

``reason(state, action)`` is None for exactly the actions ``rules.legal_actions`` lists, and
for any other action the one rule that actually forbids it. ``laboratory_reason(state)`` is
the coach's question for the Laboratory before a card is chosen. The checks follow the round:
a Graveyard move outside its moment, the character selection (§4-§5), the Graveyard's choice
(§9.3), the Warlord's destruction (§8.8), then the character's turn: the drawn cards to settle
(§7.2), the Magician's redraw (§8.3), building (§7.3), income (§7.2, §7.4), the characters'
powers (§8) and the purple districts (§9.3).

Every reason is marked with the rule that gives it (``ruled``, ``refuses``: the id of an
entry of ``reference``, the coach's "Rule" link): the selection (``choosing-characters``),
the character's turn (``character-turn``), or the character or district whose card states
the rule (the Thief, the Warlord, the Graveyard...).

Nothing here names what the player to move cannot see: only the table, his own hand and
cards drawn, and the characters he saw during the selection.
"""

from __future__ import annotations

from typing import Any, cast

from engines.core.errors import refuses, ruled
from engines.core.i18n import Text, player

from . import actions as A
from . import texts as tx
from .components import ARCHITECT, ASSASSIN, DISTRICTS, MAGICIAN, RANKS, THIEF, WARLORD, C, effect, kind, removal
from .rules import (SMITHY_PRICE, bishop_protects, build_limit, deck_size, destroy_cost, income_colour, legal_actions, owns,
                    threshold, to_move)
from .state import CitadelsState
from .texts import T


def reason(state: CitadelsState, action) -> Text | None:
    """A player-readable reason why ``action`` is not legal now (None if it is legal): one
    rule per reason, the one that actually forbids the move."""
    if state.phase == "over":
        return T("The game is over.")
    legal = legal_actions(state)
    if action in legal:
        return None
    return _refusal(state, action, legal)


def laboratory_reason(state: CitadelsState) -> Text | None:
    """The coach's question for the Laboratory in a city, before a card is chosen: None when
    some card of the hand may be discarded there now, else the rule that forbids it."""
    if state.phase == "over":
        return T("The game is over.")
    legal = legal_actions(state)
    if any(a.type == "laboratory" for a in legal):
        return None
    return _refusal(state, _ANY_LABORATORY, legal)


_ANY_LABORATORY = A.Laboratory(district="")


def _no_character(rank: int) -> Text | None:
    if not (1 <= rank <= len(RANKS)):
        return T("There is no character number {n}: the characters are numbered 1 to {m}.", n=rank, m=len(RANKS))
    return None


def _no_player(state: CitadelsState, target: int) -> Text | None:
    if not (0 <= target < state.players):
        return T("There is no such player: the players are numbered 1 to {n}.", n=state.players)
    return None


def _not_in_hand(state: CitadelsState, seat: int, kind_id: str) -> Text | None:
    if any(kind(c) == kind_id for c in state.hands[seat]):
        return None
    if kind_id in DISTRICTS:
        return T("You have no {district} in your hand.", district=tx.district(kind_id))
    return T("You have no such district in your hand.")


@refuses("graveyard")
def _graveyard_reason(state: CitadelsState, seat: int) -> Text:
    """§9.3, D-13: why the Graveyard cannot buy now (outside its own moment, just after the
    Warlord destroyed a district of someone else's choosing)."""
    if not owns(state, seat, "graveyard"):
        return T("You have no Graveyard in your city.")
    if state.phase in ("turn", "warlord") and state.called == WARLORD and state.holder[WARLORD] == seat:
        return T("The Graveyard never takes a district that you destroy yourself as the Warlord.")
    return T("No district has just been destroyed: there is nothing to buy at the Graveyard.")


@refuses("choosing-characters")
def _draft_character_reason(state: CitadelsState, seat: int, rank: int, keep: bool) -> Text:
    """§4-§5: why a character the chooser sees on the table is not his to take or put down
    (only what he knows: the face-up removed cards, his own picks and face-down cards)."""
    bad = _no_character(rank)
    if bad:
        return bad
    if rank in state.removed_up:
        return T("The {character} is set aside face up this round: nobody can take it.", character=tx.char(rank))
    if state.holder[rank] == seat:
        return (T("You already hold the {character}: take another character.", character=tx.char(rank)) if keep
                else T("You already hold the {character}: put another character face down.",
                       character=tx.char(rank)))
    if any(r == rank and by == seat for r, by in zip(state.face_down, state.face_down_by)):
        return T("You put the {character} face down yourself this round.", character=tx.char(rank))
    if state.draft_step == 0 and rank == state.removed_down:
        # the first chooser sees every other character: the missing one is the face-down card
        # a Removal allows extra fields (``_Loose``: extra="allow"): ``model_extra`` is a dict
        if cast(dict[str, Any], removal(state.players).model_extra).get("initial_face_down_offered_to_last_chooser"):
            return T("The {character} was put face down unseen at the start of the round: only the last to "
                     "choose may take it.", character=tx.char(rank))
        return T("The {character} was put face down unseen at the start of the round: nobody plays it "
                 "this round.", character=tx.char(rank))
    return T("The {character} is not among the characters handed to you.", character=tx.char(rank))



def _refusal(state: CitadelsState, action, legal: list) -> Text:
    """The rule that forbids ``action`` (not in ``legal``), by the moment of the round."""
    t = getattr(action, "type", "?")
    if state.pending:
        return T("Chance decides now: a district card is drawn or a character set aside.")
    if t in ("draw_district", "remove_character"):
        return T("Only chance draws a district card or sets a character aside.")
    seat = to_move(state)
    assert seat is not None  # the callers answer "the game is over" first: a seat moves
    if t in ("graveyard_take", "graveyard_decline") and state.phase != "graveyard":
        return _graveyard_reason(state, seat)
    if state.phase == "draft":
        return _draft_reason(state, seat, action, legal[0].type)
    if state.phase == "graveyard":
        return ruled("graveyard", T("You must first decide whether to buy the destroyed {district} (Graveyard).",
                                    district=tx.district(kind(state.destroyed))))
    if state.phase == "warlord":
        if t == "destroy":
            return _destroy_reason(state, seat, action)
        return ruled("warlord", T("Your turn is over: destroy a district or destroy nothing."))
    if state.drawn:
        return _drawn_cards_reason(state, action)
    if state.magician_redraw >= 0:
        if t == "magician_discard":
            return ruled("magician", _not_in_hand(state, seat, action.district)
                         or T("You have no such district in your hand."))
        return ruled("magician", T("Finish the Magician’s redraw first: discard more cards or draw."))
    return _turn_reason(state, seat, action)


@refuses("choosing-characters")
def _draft_reason(state: CitadelsState, seat: int, action, want: str) -> Text:
    """§5: the selection asks for ``want`` (keeping or putting down a character) now."""
    t = getattr(action, "type", "?")
    if t in ("choose_character", "discard_character"):
        if t != want:
            return (T("You must now keep a character.") if want == "choose_character"
                    else T("You must now put a character face down."))
        return _draft_character_reason(state, seat, action.rank, t == "choose_character")
    if t == "build":
        return (T("Districts are built on your character’s turn: first keep a character.")
                if want == "choose_character" else
                T("Districts are built on your character’s turn: first put a character face down."))
    if want == "choose_character":
        return T("Characters are being chosen: keep a character first.")
    return T("Characters are being chosen: put a character face down first.")


@refuses("warlord")
def _destroy_reason(state: CitadelsState, seat: int, action: A.Destroy) -> Text:
    """§8.8: why the Warlord cannot destroy that district (no such one, the Keep, a complete
    city, the Bishop's protection, or its price)."""
    bad = _no_player(state, action.target)
    if bad:
        return bad
    city = state.cities[action.target]
    if action.district not in DISTRICTS:
        return T("There is no such district in the city of {player}.", player=player(action.target))
    if not any(kind(c) == action.district for c in city):
        return T("There is no {district} in the city of {player}.", district=tx.district(action.district),
                 player=player(action.target))
    if action.district == "keep":
        return ruled("keep", T("The Keep can never be destroyed."))
    if len(city) >= threshold(state):
        return T("The city of {player} is complete ({districts}): the Warlord cannot attack it.",
                 player=player(action.target), districts=tx.districts(len(city)))
    if bishop_protects(state, action.target):
        return ruled("bishop", T("The Bishop protects the city of {player}: you cannot destroy its districts "
                                 "this round.", player=player(action.target)))
    return T("Destroying {district} costs {cost}: you have only {have}.",
             district=tx.the_district(action.district), cost=tx.gold(destroy_cost(action.district)),
             have=tx.gold(state.gold[seat]))


@refuses("character-turn")
def _drawn_cards_reason(state: CitadelsState, action) -> Text:
    """§7.2 (b): cards drawn as income wait to be kept or put at the bottom."""
    t = getattr(action, "type", "?")
    if t == "keep_card":
        if state.keep_left == 0:
            return T("You have kept your cards: put the other drawn cards at the bottom of the deck.")
        if not any(kind(c) == action.district for c in state.drawn):
            return T("You did not draw that card.")
    if t == "put_bottom":
        if state.keep_left > 0:
            return (T("First choose the card you keep.") if state.keep_left == 1
                    else T("First choose the {n} cards you keep.", n=state.keep_left))
        if not any(kind(c) == action.district for c in state.drawn):
            return T("You did not draw that card.")
    return T("First choose which drawn cards to keep and the order of the others.")


@refuses("character-turn")
def _turn_reason(state: CitadelsState, seat: int, action) -> Text:
    """§7-§9: the character's turn, nothing pending: the move named by ``action.type``."""
    t = getattr(action, "type", "?")
    if t in ("keep_card", "put_bottom"):
        return T("You have no drawn cards to choose from.")
    if t == "build":
        return _build_reason(state, seat, action.district)
    if t in ("take_gold", "draw_cards") and state.income_taken:
        return T("You have already taken your income this turn.")
    if t == "draw_cards":
        return _draw_reason(state, seat, action.count)
    if t == "end_turn":
        return T("Take your income (2 gold or cards) before ending your turn.")
    if t in ("assassinate", "rob", "magician_exchange", "magician_discard", "magician_draw"):
        return _power_reason(state, seat, action)
    if t == "architect_draw":
        if state.called != ARCHITECT:
            return ruled("architect", T("Only the Architect draws extra cards: you are {character}.",
                                        character=tx.the_char(state.called)))
        return ruled("architect", T("You have already drawn the Architect’s extra cards this turn."))
    if t == "collect_income":
        if income_colour(state.called) is None:
            return T("The {character} has no district income.", character=tx.char(state.called))
        return T("You have already collected your district income this turn.")
    if t in ("laboratory", "smithy"):
        return _purple_reason(state, seat, action)
    if t in ("destroy", "no_destroy"):
        if state.called == WARLORD:
            return ruled("warlord", T("The Warlord destroys at the end of his turn: end your turn first."))
        return ruled("warlord", T("Only the Warlord destroys districts: you are {character}.",
                                  character=tx.the_char(state.called)))
    if t in ("choose_character", "discard_character"):
        return ruled("choosing-characters", T("Characters are chosen at the start of a round, not now."))
    return T("That is not a legal move now.")


@refuses("character-turn")
def _build_reason(state: CitadelsState, seat: int, k: str) -> Text:
    """§7.3: income first, the build limit, the card in hand, its cost, variant V3 (D-05)."""
    if not state.income_taken:
        return T("Take your income (2 gold or cards) before building.")
    if state.builds >= build_limit(state):
        return T("You may build only {districts} this turn.", districts=tx.districts(build_limit(state)))
    bad = _not_in_hand(state, seat, k)
    if bad:
        return bad
    if DISTRICTS[k].cost > state.gold[seat]:
        return T("You cannot afford {district}: it costs {cost}, you have {have}.", district=tx.the_district(k),
                 cost=tx.gold(DISTRICTS[k].cost), have=tx.gold(state.gold[seat]))
    return T("You already have {district} in your city (no two districts of the same name).",
             district=tx.the_district(k))


@refuses("character-turn")
def _draw_reason(state: CitadelsState, seat: int, count: int) -> Text:
    """§7.2 (b), D-07, D-15: the income draw of ``count`` cards (2, or 3 with the Observatory)."""
    if not deck_size(state):
        return T("The deck is empty: take 2 gold.")
    more = C.income_draw + effect("observatory", "extra_draw")
    if count not in (C.income_draw, more):
        return ruled("observatory", T("You draw {n} cards ({m} with the Observatory).", n=C.income_draw, m=more))
    if not owns(state, seat, "observatory"):
        return ruled("observatory", T("Only the Observatory lets you draw {n} cards.", n=more))
    return T("The deck holds only {cards}: draw {n}.", cards=tx.cards(deck_size(state)), n=C.income_draw)


_POWER_OF = {"assassinate": "assassin", "rob": "thief"}


def _power_reason(state: CitadelsState, seat: int, action) -> Text:
    """§8.1-§8.3: the Assassin's, the Thief's and the Magician's once-a-turn powers; the
    rule is the card of the character whose power it is."""
    return ruled(_POWER_OF.get(action.type, "magician"), _power_text(state, seat, action))


def _power_text(state: CitadelsState, seat: int, action) -> Text:
    t, rank = action.type, state.called
    you_are = tx.the_char(rank)
    if t == "assassinate":
        if rank != ASSASSIN:
            return T("Only the Assassin kills a character: you are {character}.", character=you_are)
        if state.ability_used:
            return T("You have already used your character’s ability this turn.")
        return _no_character(action.rank) or T("The Assassin cannot kill himself.")
    if t == "rob":
        if rank != THIEF:
            return T("Only the Thief robs a character: you are {character}.", character=you_are)
        if state.ability_used:
            return T("You have already used your character’s ability this turn.")
        return _rob_reason(action.rank)
    if rank != MAGICIAN:
        return T("Only the Magician exchanges or discards cards: you are {character}.", character=you_are)
    if state.ability_used:
        return T("You have already used your character’s ability this turn.")
    if t == "magician_exchange":
        return _no_player(state, action.target) or T("You cannot exchange hands with yourself.")
    if t == "magician_discard":
        return _not_in_hand(state, seat, action.district) or T("You have no such district in your hand.")
    return T("Put cards at the bottom of the deck first: then you draw as many.")


def _rob_reason(rank: int) -> Text:
    """§8.2: the Thief robs neither the Assassin, nor himself, nor the killed character."""
    bad = _no_character(rank)
    if bad:
        return bad
    if rank == ASSASSIN:
        return T("The Thief may not rob the Assassin.")
    if rank == THIEF:
        return T("The Thief may not rob himself.")
    return T("The Thief may not rob the killed character ({character}).", character=tx.the_char(rank))


def _purple_reason(state: CitadelsState, seat: int, action) -> Text:
    """§9.3: the Laboratory and the Smithy, once a turn each, in the owner's city; the rule
    is that district's card."""
    return ruled("laboratory" if action.type == "laboratory" else "smithy", _purple_text(state, seat, action))


def _purple_text(state: CitadelsState, seat: int, action) -> Text:
    if action.type == "laboratory":
        if not owns(state, seat, "laboratory"):
            return T("You have no Laboratory in your city.")
        if state.laboratory_used:
            return T("You have already used the Laboratory this turn.")
        if not state.hands[seat]:
            return T("Your hand is empty: you have no card to discard at the Laboratory.")
        return _not_in_hand(state, seat, action.district) or T("You have no such district in your hand.")
    if not owns(state, seat, "smithy"):
        return T("You have no Smithy in your city.")
    if state.smithy_used:
        return T("You have already used the Smithy this turn.")
    if not deck_size(state):
        return T("The deck is empty: the Smithy has nothing to draw.")
    return T("The Smithy costs {cost}: you have only {have}.", cost=tx.gold(SMITHY_PRICE),
             have=tx.gold(state.gold[seat]))
