"""What one player may see (§11): public table plus his own secrets, nothing else; and the
public log line of a move (``log_text``).

Hidden cards of others appear only as counts; the deck only as its size; characters only
when revealed (or face-up removed), except the viewer's own picks and face-down cards.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from engines.core.game import HiddenItem
from engines.core.i18n import Text, player

from . import texts as tx
from .components import (_KIND, ARCHITECT, ASSASSIN, BISHOP, CHARACTERS, DISTRICTS, MAGICIAN, THIEF, WARLORD, C,
                         effect, kind)
from .public import Breakdown, CharacterRow, CitadelsView, CityDistrict, OptionValues, Private, Seat
from .rules import active_seat, build_limit, deck_size, destroy_cost, draw_seat, district_income, draft_schedule_step, threshold, to_move
from .scoring import breakdown, scores, winners
from .state import CitadelsState
from .texts import T

_KIND_OF = _KIND.get


# by rank; the None at index 0 is never read (ranks are 1..8), hence the casts to list[str]
_IDS = cast(list[str], [None, *(CHARACTERS[r].id for r in range(1, 9))])              # type: ignore[union-attr]
_NAMES = cast(list[str], [None, *(CHARACTERS[r].name_en for r in range(1, 9))])        # type: ignore[union-attr]
_ACTIVE = frozenset(("turn", "warlord", "graveyard"))


def _city(state: CitadelsState, seat: int) -> list[CityDistrict]:
    return [{"card": c, "district": _KIND_OF(c) or kind(c), "round": r}
            for c, r in zip(state.cities[seat], state.built_round[seat])]


def character_table(state: CitadelsState) -> list[CharacterRow]:
    """The eight characters in calling order with their public status (§11.1, §11.4)."""
    out: list[CharacterRow] = []
    removed_up, revealed, holder = state.removed_up, state.revealed, state.holder
    killed, robbed, called = state.killed, state.robbed, state.called
    drafting = state.phase == "draft"
    active = state.phase in _ACTIVE
    for rank in range(1, 9):
        shown = rank in revealed
        status: Literal["removed", "revealed", "killed", "no_answer", "waiting"]
        if rank in removed_up:
            status = "removed"
        elif shown:
            status = "revealed"
        elif not drafting and rank <= called:
            status = "killed" if rank == killed else "no_answer"
        else:
            status = "waiting"
        out.append({
            "rank": rank, "id": _IDS[rank], "name": _NAMES[rank],
            "status": status,
            "holder": holder[rank] if shown else None,
            "killed": rank == killed, "robbed": rank == robbed,
            "current": active and rank == called,
        })
    return out


def view(state: CitadelsState, player: int | None) -> CitadelsView:
    n = threshold(state)
    over = state.phase == "over"
    seats: list[Seat] = []
    revealed, holder, cities = state.revealed, state.holder, state.cities
    # §8.5, D-21 (``bishop_protects``): the seat of the Bishop revealed alive this round
    protected = holder[BISHOP] if BISHOP in revealed else None
    hands, gold = state.hands, state.gold
    for s in range(state.players):
        seats.append({
            "seat": s, "gold": gold[s], "hand_size": len(hands[s]),
            "city": _city(state, s), "complete": len(cities[s]) >= n,
            "characters": [r for r in revealed if holder[r] == s],
            "protected": protected == s,
        })
    v: CitadelsView = {
        "game": "citadels", "players": state.players, "round": state.round, "phase": state.phase,
        "crown": state.crown, "threshold": n, "deck_size": deck_size(state),
        "to_move": to_move(state), "called": state.called if state.phase != "draft" else 0,
        "characters": character_table(state), "seats": seats,
        "face_down_count": len(state.face_down) + (1 if state.removed_down else 0),
        "final_round": state.final_round, "first_complete": state.first_complete,
        "crown_heir_revealed": state.crown_heir_revealed,
        # CitadelsOptions' fields are exactly OptionValues' keys
        "scores": scores(state), "options": cast(OptionValues, state.options.model_dump()),
        "me": player,
    }
    if state.phase == "draft":
        v["drafting"] = active_seat(state)
        v["draft_op"] = draft_schedule_step(state)[1]   # "keep" | "discard"
        v["draft_count"] = len(state.draft_cards)
    if state.phase in _ACTIVE:
        v["turn"] = {
            "seat": holder[state.called], "rank": state.called,
            "income_taken": state.income_taken, "builds": state.builds,
            "build_limit": build_limit(state), "ability_used": state.ability_used,
            "district_income_taken": state.district_income_taken,
            "architect_drawn": state.architect_drawn, "laboratory_used": state.laboratory_used,
            "smithy_used": state.smithy_used, "drawn_count": len(state.drawn),
            "keep_left": state.keep_left, "magician_discarded": state.magician_redraw,
        }
    if state.phase == "graveyard":
        v["destroyed"] = {"card": state.destroyed, "district": kind(state.destroyed),
                          "from": state.destroyed_from}
    if over:
        v["breakdown"] = cast(list[Breakdown], breakdown(state))  # its dicts have exactly Breakdown's keys
        v["winners"] = winners(state)
    if player is not None:
        me: Private = {"hand": list(hands[player]),
                    "characters": [r for r in range(1, 9) if holder[r] == player],
                    "face_down": [r for r, by in zip(state.face_down, state.face_down_by) if by == player],
                    "handed": list(state.handed[player]) if state.handed else []}
        if state.phase == "draft" and active_seat(state) == player and not state.pending:
            # (while characters are being set aside, the ones left are in nobody's hands yet)
            me["draft_cards"] = list(state.draft_cards)
        if state.seen_down_by == player and state.removed_down:
            me["seen_face_down"] = state.removed_down
        if state.drawn and state.phase == "turn" and holder[state.called] == player:
            me["drawn"] = list(state.drawn)
        v["private"] = me
    return v


def card_text(kind_id: str, lang: str = "en") -> str:
    """The text of a district card (for tooltips), in ``lang``."""
    from .texts import card_text as _card_text
    return _card_text(kind_id).render(lang)


def log_text(state: CitadelsState, action: Any) -> Text:
    """The public line of ``action`` played in ``state`` (``Game.log_text``): it shows
    nothing hidden (no kept card, no chosen character, no card drawn, no character set aside
    face down)."""
    t = action.type
    if t == "draw_district":
        return T("{player} receives a card from the deck", player=player(draw_seat(state)))
    if t == "remove_character":
        return (T("{character} is set aside face up", character=tx.the_char(action.rank)) if action.face_up
                else T("A character is set aside face down"))
    seat = to_move(state)
    p = player(seat) if seat is not None else T("Nobody")
    me = tx.who(seat, state.called) if (seat is not None and state.phase != "draft" and state.called
                                        and state.phase != "graveyard") else p
    deck = deck_size(state)
    if t == "choose_character":
        return T("{player} chooses a character", player=p)
    if t == "discard_character":
        return T("{player} puts a character face down", player=p)
    if t == "take_gold":
        return T("{player} takes {gold}", player=me, gold=tx.gold(C.income_take_gold))
    if t == "draw_cards":
        return T("{player} draws {cards}", player=me, cards=tx.cards(min(action.count, deck)))
    if t == "keep_card":
        return T("{player} keeps a card", player=p)
    if t == "put_bottom":
        return T("{player} puts a card at the bottom of the deck", player=p)
    if t == "build":
        return T("{player} builds {district} for {gold}", player=me, district=tx.the_district(action.district),
                 gold=tx.gold(DISTRICTS[action.district].cost))
    if t == "collect_income":
        income = district_income(state, active_seat(state), state.called)
        return T("{player} collects {gold} of district income", player=me, gold=tx.gold(income))
    if t == "end_turn":
        return T("{player} ends the turn", player=me)
    if t == "assassinate":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} kills {character}", player=tx.who(seat, ASSASSIN), character=tx.the_char(action.rank))
    if t == "rob":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} robs {character}", player=tx.who(seat, THIEF), character=tx.the_char(action.rank))
    if t == "magician_exchange":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} exchanges hands with {other}", player=tx.who(seat, MAGICIAN),
                 other=player(action.target))
    if t == "magician_discard":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} puts a card at the bottom of the deck", player=tx.who(seat, MAGICIAN))
    if t == "magician_draw":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} draws {cards}", player=tx.who(seat, MAGICIAN),
                 cards=tx.cards(min(max(0, state.magician_redraw), deck)))
    if t == "architect_draw":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} draws {cards} extra", player=tx.who(seat, ARCHITECT),
                 cards=tx.cards(min(C.architect_extra_draw, deck)))
    if t == "destroy" and destroy_cost(action.district) == 0:
        assert seat is not None  # an action is being played: someone moves
        return T("{player} destroys {district} of {other} for free", player=tx.who(seat, WARLORD),
                 district=tx.the_district(action.district), other=player(action.target))
    if t == "destroy":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} destroys {district} of {other} for {gold}", player=tx.who(seat, WARLORD),
                 district=tx.the_district(action.district), other=player(action.target),
                 gold=tx.gold(destroy_cost(action.district)))
    if t == "no_destroy":
        assert seat is not None  # an action is being played: someone moves
        return T("{player} destroys nothing", player=tx.who(seat, WARLORD))
    if t == "laboratory":
        return T("{player} discards a card to the Laboratory for {gold}", player=p,
                 gold=tx.gold(effect("laboratory", "gain_gold")))
    if t == "smithy":
        return T("{player} pays {gold} at the Smithy and draws {cards}", player=p,
                 gold=tx.gold(effect("smithy", "pay_gold")),
                 cards=tx.cards(min(effect("smithy", "draw"), deck)))
    if t == "graveyard_take":
        return T("{player} pays {gold} to take the destroyed {district} into hand (Graveyard)", player=p,
                 gold=tx.gold(effect("graveyard", "pay_gold")), district=tx.district(kind(state.destroyed)))
    if t == "graveyard_decline":
        return T("{player} does not buy the destroyed district", player=p)
    return T("{player} makes an unknown move", player=p)


def hidden_items(state: CitadelsState) -> list[HiddenItem]:
    """Every hidden thing of the position (``Game.hidden_items``): each seat's hand (and the
    cards of an income draw it has not kept yet), each character chosen and not yet called
    or revealed (its holder's), the ranks handed to the seat choosing now (its own), the
    characters put face down in the draft (their seat's, who alone knows them) and the
    face-down removed character (nobody's: ``seat`` None)."""
    items: list[HiddenItem] = []
    for seat, hand in enumerate(state.hands):
        items += [HiddenItem(seat=seat, kind="hand", item=card) for card in hand]
    mover = to_move(state)
    if state.drawn and mover is not None and mover >= 0:
        items += [HiddenItem(seat=mover, kind="hand", item=card) for card in state.drawn]
    for rank in range(1, len(state.holder)):
        if state.holder[rank] >= 0 and rank not in state.revealed:
            items.append(HiddenItem(seat=state.holder[rank], kind="character", item=_character_id(rank)))
    if state.phase == "draft" and mover is not None and mover >= 0:
        items += [HiddenItem(seat=mover, kind="character", item=_character_id(rank)) for rank in state.draft_cards]
    for rank, seat in zip(state.face_down, state.face_down_by):
        items.append(HiddenItem(seat=seat, kind="face_down", item=_character_id(rank)))
    if state.removed_down:
        items.append(HiddenItem(seat=None, kind="face_down", item=_character_id(state.removed_down)))
    return items


def _character_id(rank: int) -> str:
    """The character's id in the game's data (``Character.id``)."""
    character = CHARACTERS[rank]
    assert character is not None
    return character.id
