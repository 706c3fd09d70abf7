"""What one player may see (§11): public table plus his own secrets, nothing else.

Hidden cards of others appear only as counts; the deck only as its size; characters only
when revealed (or face-up removed), except the viewer's own picks and face-down cards.
"""

from __future__ import annotations

from .components import _KIND, BISHOP, CHARACTERS, kind
from .public import CitadelsView
from .rules import active_seat, build_limit, draft_schedule_step, threshold, to_move
from .scoring import breakdown, scores, winners
from .state import CitadelsState

_KIND_OF = _KIND.get


_IDS = [None, *(CHARACTERS[r].id for r in range(1, 9))]              # type: ignore[union-attr]
_NAMES = [None, *(CHARACTERS[r].name_en for r in range(1, 9))]        # type: ignore[union-attr]
_ACTIVE = frozenset(("turn", "warlord", "graveyard"))


def _city(state: CitadelsState, seat: int) -> list[dict]:
    return [{"card": c, "district": _KIND_OF(c) or kind(c), "round": r}
            for c, r in zip(state.cities[seat], state.built_round[seat])]


def character_table(state: CitadelsState) -> list[dict]:
    """The eight characters in calling order with their public status (§11.1, §11.4)."""
    out = []
    removed_up, revealed, holder = state.removed_up, state.revealed, state.holder
    killed, robbed, called = state.killed, state.robbed, state.called
    drafting = state.phase == "draft"
    active = state.phase in _ACTIVE
    for rank in range(1, 9):
        shown = rank in revealed
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
    seats = []
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
    v: dict = {
        "game": "citadels", "players": state.players, "round": state.round, "phase": state.phase,
        "crown": state.crown, "threshold": n, "deck_size": len(state.deck),
        "to_move": to_move(state), "called": state.called if state.phase != "draft" else 0,
        "characters": character_table(state), "seats": seats,
        "face_down_count": len(state.face_down) + (1 if state.removed_down else 0),
        "final_round": state.final_round, "first_complete": state.first_complete,
        "crown_heir_revealed": state.crown_heir_revealed,
        "scores": scores(state), "options": state.options.model_dump(),
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
        v["breakdown"] = breakdown(state)
        v["winners"] = winners(state)
    if player is not None:
        me: dict = {"hand": list(hands[player]),
                    "characters": [r for r in range(1, 9) if holder[r] == player],
                    "face_down": [r for r, by in zip(state.face_down, state.face_down_by) if by == player],
                    "handed": list(state.handed[player]) if state.handed else []}
        if state.phase == "draft" and active_seat(state) == player:
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
