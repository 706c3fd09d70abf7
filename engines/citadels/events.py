"""The log lines of what the rules do by themselves after a move (``Game.event_texts``).

Read from the difference between the state before and after the move, with no note kept by
the rules while they play: the cards of an income draw kept without a choice (D-07) or the
last one going under the deck, a city completed and the final round (§12.1, D-18), what the
end of a turn does by itself (the district income, D-11; the Architect's extra cards, D-10;
the Warlord's destruction opened, §8.8), the destroyed district going under the deck or
offered to the Graveyard's owner (§9.3, D-06, D-13), then the calls (§6): the ranks nobody
answers or the killed one, the character revealed with the Thief's robbery, the crown and
the Merchant's gold; the end of a round (the killed King's heir, V2, the new round and its
characters set aside face up) or of the game with the final scores.

One figure is not on the table after the move: the gold the Thief takes is the robbed
seat's gold when the calls begin, which is ``before``'s plus what the move itself paid or
earned first (``_gold_at_the_calls``).

All of it is public: no card drawn, kept or put under the deck, and no character chosen,
is named.
"""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Text, player

from . import texts as tx
from .components import ARCHITECT, KING, MAGICIAN, MERCHANT, RANKS, THIEF, WARLORD, C, kind
from .rules import (GRAVEYARD_PRICE, active_seat, deck_size, destroy_cost, district_income, graveyard_owner,
                    income_colour,
                    threshold)
from .scoring import breakdown, winners
from .state import CitadelsState
from .texts import T


_CHANCE = frozenset(("draw_district", "remove_character"))


def event_texts(before: CitadelsState, action: Any, after: CitadelsState) -> list[Text]:
    """The automatic events of ``action`` played in ``before`` and giving ``after``, in the
    order the rules make them. A chance outcome has none of its own: what follows it is told
    with the player's move it follows (the page reads ``after`` with that move's chance dealt)."""
    t = action.type
    if t in _CHANCE:
        return []
    if t == "draw_cards":
        return _income_draw_lines(before, action, after)
    if t in ("keep_card", "put_bottom"):
        return _settled_draw_lines(before, after)
    if t == "build":
        return _completion_lines(before, after)
    out: list[Text] = []
    if t == "end_turn":
        out += _end_of_turn_lines(before, after)
    elif t == "destroy" and after.phase == "graveyard":       # §9.3, D-13
        out.append(T("{player} may pay {gold} to take {district} into hand (Graveyard)",
                     player=player(graveyard_owner(after)), gold=tx.gold(GRAVEYARD_PRICE),
                     district=tx.the_district(action.district)))
    elif t in ("destroy", "graveyard_decline"):              # D-06
        out.append(T("The destroyed district goes to the bottom of the deck"))
    if _ranks_called(before, after):
        out += _call_lines(before, action, after)
    return out


# ---- the character's turn (§7) ---------------------------------------------------------------
def _income_draw_lines(before: CitadelsState, action: Any, after: CitadelsState) -> list[Text]:
    """§7.2 (b), D-07: a deck holding fewer cards than asked for, all of them kept."""
    drawn = after.draws - before.draws
    if not after.drawn and 0 < drawn < action.count:
        return [T("The deck held only {cards}: all are kept", cards=tx.cards(drawn))]
    return []


def _settled_draw_lines(before: CitadelsState, after: CitadelsState) -> list[Text]:
    """§7.2 (b): once the keeps are chosen, the one drawn card left goes under the deck by
    itself (two cards were waiting, none is left)."""
    if len(before.drawn) == 2 and not after.drawn:
        return [T("The last drawn card goes to the bottom of the deck")]
    return []


def _completion_lines(before: CitadelsState, after: CitadelsState) -> list[Text]:
    """§12.1, D-18, D-29: the builder's N-th district, and the final round it opens."""
    seat = active_seat(before)
    n = threshold(after)
    if len(after.cities[seat]) != n:
        return []
    out = [T("{player} is the first to complete a city ({districts}): +{n} points at the end",
             player=player(seat), districts=tx.districts(n), n=C.bonus_first_complete)
           if before.first_complete < 0 else
           T("{player} also completes a city ({districts}): +{n} points at the end",
             player=player(seat), districts=tx.districts(n), n=C.bonus_other_complete)]
    if not before.final_round:
        out.append(T("This is the final round: the game ends when it is over"))
    return out


def _income_due(before: CitadelsState) -> int | None:
    """D-11: the district income the end of the turn collects by itself, None when none is due
    (a character without a colour, or collected already)."""
    if income_colour(before.called) is None or before.district_income_taken:
        return None
    return district_income(before, active_seat(before), before.called)


def _end_of_turn_lines(before: CitadelsState, after: CitadelsState) -> list[Text]:
    """§7.6: the income collected (D-11), the Architect's extra cards (D-10), the Warlord's
    destruction opened (§8.8)."""
    seat, rank = active_seat(before), before.called
    out: list[Text] = []
    income = _income_due(before)
    if income is not None:
        out.append(T("{player} collects {gold} of district income", player=tx.who(seat, rank),
                     gold=tx.gold(income)))
    if rank == ARCHITECT and not before.architect_drawn:
        n = min(C.architect_extra_draw, deck_size(before))
        out.append(T("{player} draws {cards} extra", player=tx.who(seat, ARCHITECT), cards=tx.cards(n)) if n
                   else T("{player} draws no extra cards: the deck is empty", player=tx.who(seat, ARCHITECT)))
    if after.phase == "warlord":
        out.append(T("{player} may now destroy a district", player=tx.who(seat, WARLORD)))
    return out


# ---- calling the characters (§6) -------------------------------------------------------------
def _ranks_called(before: CitadelsState, after: CitadelsState) -> bool:
    """Whether the move ended the selection or a turn, so that ranks were called: the rank
    called moved, or the round ended (a new one began, or the game is over)."""
    return after.called != before.called or after.round != before.round or after.phase == "over"


def _gold_at_the_calls(before: CitadelsState, action: Any) -> list[int]:
    """Each seat's gold when the calls begin: ``before``'s, plus what the move itself paid or
    earned first (the income the end of a turn collects, D-11; the Warlord's destruction,
    §8.8; the Graveyard's price, §9.3). The Thief takes the robbed seat's gold as it is then."""
    gold = before.gold[:]
    t = action.type
    if t == "end_turn":
        gold[active_seat(before)] += _income_due(before) or 0
    elif t == "destroy":
        gold[before.holder[WARLORD]] -= destroy_cost(action.district)
    elif t == "graveyard_take":
        gold[graveyard_owner(before)] -= GRAVEYARD_PRICE
    return gold


def _call_lines(before: CitadelsState, action: Any, after: CitadelsState) -> list[Text]:
    """§6: the ranks called after ``before.called``: silent ones, then the character revealed
    in this round, or the end of the round when no one is left to answer."""
    in_round = after.round == before.round and after.phase != "over"
    last_silent = after.called - 1 if in_round else RANKS[-1]
    out = [T("Call of {character}: killed, he stays silent", character=tx.the_char(r)) if r == before.killed
           else T("Call of {character}: nobody answers", character=tx.the_char(r))
           for r in range(before.called + 1, last_silent + 1)]
    if in_round:
        return out + _reveal_lines(before, action, after)
    return out + _end_of_round_lines(after)


def _reveal_lines(before: CitadelsState, action: Any, after: CitadelsState) -> list[Text]:
    """§6.4, §7.1: the character revealed, the Thief's robbery, the crown, the Merchant's gold."""
    rank = after.called
    seat = after.holder[rank]
    out = [T("{player} reveals {character}", player=player(seat), character=tx.the_char(rank))]
    thief = before.thief_seat
    if rank == before.robbed and thief >= 0:
        if thief == seat:
            out.append(T("{thief} robbed his own character: no gold changes hands", thief=tx.who(seat, THIEF)))
        else:
            stolen = _gold_at_the_calls(before, action)[seat]
            out.append(T("{thief} takes {gold} from {player}", thief=tx.who(thief, THIEF), gold=tx.gold(stolen),
                         player=player(seat)) if stolen else
                       T("{thief} robs {player}, who has no gold", thief=tx.who(thief, THIEF), player=player(seat)))
    if rank == KING and before.crown != seat:
        out.append(T("{player} takes the crown", player=player(seat)))
    if rank == MERCHANT:
        out.append(T("{player} receives {gold} extra", player=tx.who(seat, MERCHANT),
                     gold=tx.gold(C.merchant_bonus_gold)))
    return out


# ---- the end of a round (§6.6) and of the game (§12) -----------------------------------------
def _end_of_round_lines(after: CitadelsState) -> list[Text]:
    """§6.6: the game over with its scores, or the killed King's heir (V2) and the new round
    with the characters set aside face up."""
    if after.phase == "over":
        return [T("Round {n} ends with a complete city: the game is over", n=after.round), *_final_lines(after)]
    out: list[Text] = []
    if after.crown_heir_revealed >= 0:
        out.append(T("{player} held the killed King and takes the crown", player=player(after.crown)))
    out.append(T("Round {n} begins: {player} holds the crown and chooses first", n=after.round,
                 player=player(after.crown)))
    out += [T("Set aside face up for this round: {character}", character=tx.char(r)) for r in after.removed_up]
    return out


def _final_lines(after: CitadelsState) -> list[Text]:
    """§12-§13: each player’s score, then the winner or those sharing the victory."""
    out: list[Text] = []
    for seat, b in enumerate(breakdown(after)):
        total = sum(b.values())
        out.append(T("{player} scores {total}: {districts} for the districts and {bonus} of bonuses",
                     player=player(seat), total=tx.points(total), districts=tx.points(b["districts"]),
                     bonus=tx.points(total - b["districts"])))
    best = winners(after)
    for seat in best:
        out.append(T("{player} wins the game", player=player(seat)) if len(best) == 1
                   else T("{player} shares the victory", player=player(seat)))
    return out


# ---- what a move showed a seat (the greyed Undo's words, ``Game.revealed_texts``) ------------
def revealed_texts(before: CitadelsState, action: Any, after: CitadelsState, seat: int) -> list[Text]:
    """What the move from ``before`` to ``after`` showed ``seat`` that was hidden from him, most
    telling first, by the cases of ``reveals_information`` and ``reveals_to``: the final
    scores, a new round's characters, a character revealed at its call, the characters passed
    on to ``seat`` in the draft, a Magician's exchange, cards drawn, a district built by
    another seat. Public words, like the log: no card drawn or exchanged and no character
    handed on is named."""
    out: list[Text] = []
    if after.phase == "over" and before.phase != "over":
        out.append(T("the final scores"))
    elif after.round != before.round:
        out.append(T("round {n}: the characters shuffled and dealt again", n=after.round))
    elif after.called != before.called or after.revealed != before.revealed:
        rank = after.called
        out.append(T("{player} reveals {character}", player=player(after.holder[rank]), character=tx.the_char(rank)))
    drafting = before.phase == "draft" and after.phase == "draft"
    if drafting and active_seat(after) == seat != active_seat(before):
        out.append(T("the characters {player} passed on to you", player=player(active_seat(before))))
    if after.swaps != before.swaps:
        out.append(T("the hands {magician} and {player} exchanged", magician=tx.who(active_seat(before), MAGICIAN),
                     player=player(action.target)))
    if after.draws != before.draws:
        out.append(T("{player} drew {cards} from the deck", player=player(active_seat(before)),
                     cards=tx.cards(after.draws - before.draws)))
    out += [T("{player} builds {district} from a hand no one else could see", player=player(builder),
              district=tx.the_district(kind(city[-1])))
            for builder, city in enumerate(after.cities)
            if builder != seat and len(city) > len(before.cities[builder])]
    return out
