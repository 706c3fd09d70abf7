"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

Unlike ``describe`` (the public log line), a label is shown only to the player who acts, so
it names his own secrets: the character he keeps, the card he keeps or discards. Every
label of one position is distinct, so a list of buttons reads unambiguously.

Labels are computed from that player's ``view`` only, so they can never show more than he
may see, and the canvas renderer (which has only the view) writes the very same texts.
"""

from __future__ import annotations

from typing import Any

from .components import (ARCHITECT, CHARACTERS, DISTRICTS, WARLORD, C, character_name,
                         district_name, effect)

_COLOUR_WORD = {"yellow": "yellow (noble)", "blue": "blue (religious)", "green": "green (trade)",
                "red": "red (military)"}
_NUMBER = {1: "one", 2: "two", 3: "three"}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _city(view: dict, seat: int) -> list[str]:
    return [d["district"] for d in view["seats"][seat]["city"]]


def _income(view: dict, seat: int, rank: int) -> int:
    """§7.4 as the player sees it: 1 gold per district of the colour (School of Magic too)."""
    colour = CHARACTERS[rank].income_color  # type: ignore[union-attr]
    if colour is None:
        return 0
    return sum(1 for k in _city(view, seat) if DISTRICTS[k].color == colour or k == "school_of_magic")


def label(view: dict, action: Any) -> str:
    """The button text of ``action`` (a model or its dict) in the position ``view`` shows;
    ``view`` is the view of the player to move."""
    a = action if isinstance(action, dict) else action.model_dump()
    t = a["type"]
    private = view.get("private") or {}
    if t == "choose_character":
        offered = private.get("draft_cards", [])
        rest = [r for r in offered if r != a["rank"]]
        if len(offered) == 2 and rest:   # the last choice of a draft: the other goes face down
            return f"Keep the {character_name(a['rank'])} (the {character_name(rest[0])} goes face down)"
        return f"Keep the {character_name(a['rank'])}"
    if t == "discard_character":
        return f"Put the {character_name(a['rank'])} face down"
    turn = view.get("turn") or {}
    seat = view["to_move"]
    rank = turn.get("rank", 0)
    deck = view["deck_size"]
    if t == "take_gold":
        return f"Take {C.income_take_gold} gold"
    if t == "draw_cards":
        n = min(a["count"], deck)
        keep = C.income_keep + (effect("library", "extra_keep") if "library" in _city(view, seat) else 0)
        if n <= keep:
            return f"Draw {_cards(n)}, keep {'it' if n == 1 else 'both'}"
        text = f"Draw {n} cards, keep {_NUMBER.get(keep, keep)}"
        return text + (" (Observatory)" if a["count"] > C.income_draw else "")
    if t == "keep_card":
        return f"Keep the {district_name(a['district'])}"
    if t == "put_bottom":
        return f"Put the {district_name(a['district'])} at the bottom of the deck next"
    if t == "build":
        return f"Build the {district_name(a['district'])} ({DISTRICTS[a['district']].cost} gold)"
    if t == "collect_income":
        colour = CHARACTERS[rank].income_color or ""  # type: ignore[union-attr]
        return f"Collect {_income(view, seat, rank)} gold for your {_COLOUR_WORD.get(colour, colour)} districts"
    if t == "end_turn":
        extra = []
        if CHARACTERS[rank].income_color and not turn.get("district_income_taken"):  # type: ignore[union-attr]
            extra.append(f"collect {_income(view, seat, rank)} gold of district income")
        if rank == ARCHITECT and not turn.get("architect_drawn"):
            extra.append(f"draw your {_cards(min(C.architect_extra_draw, deck))}")
        if rank == WARLORD:
            extra.append("then you may destroy a district")
        return "End your turn" + (f" ({'; '.join(extra)})" if extra else "")
    if t == "assassinate":
        return f"Kill the {character_name(a['rank'])}"
    if t == "rob":
        return f"Rob the {character_name(a['rank'])}"
    if t == "magician_exchange":
        mine = len(private.get("hand", []))
        theirs = view["seats"][a["target"]]["hand_size"]
        return f"Exchange your {_cards(mine)} for the {_cards(theirs)} of Player {a['target'] + 1}"
    if t == "magician_discard":
        if turn.get("magician_discarded", -1) < 0:
            return f"Discard the {district_name(a['district'])} to draw a new card (Magician)"
        return f"Also discard the {district_name(a['district'])}"
    if t == "magician_draw":
        return f"Draw {_cards(min(turn.get('magician_discarded', 0), deck))} (end of the Magician's redraw)"
    if t == "architect_draw":
        return f"Draw {_cards(min(C.architect_extra_draw, deck))} extra (Architect)"
    if t == "destroy":
        cost = max(0, DISTRICTS[a["district"]].cost - C.warlord_destroy_discount)
        return (f"Destroy the {district_name(a['district'])} of Player {a['target'] + 1} "
                f"({'free' if cost == 0 else f'{cost} gold'})")
    if t == "no_destroy":
        return "Destroy nothing"
    if t == "laboratory":
        return f"Laboratory: discard the {district_name(a['district'])} for {effect('laboratory', 'gain_gold')} gold"
    if t == "smithy":
        return f"Smithy: pay {effect('smithy', 'pay_gold')} gold, draw {_cards(min(effect('smithy', 'draw'), deck))}"
    destroyed = district_name((view.get("destroyed") or {}).get("district", "")) if view.get("destroyed") else "district"
    if t == "graveyard_take":
        return f"Graveyard: pay {effect('graveyard', 'pay_gold')} gold to take the destroyed {destroyed} into your hand"
    if t == "graveyard_decline":
        return f"Let the {destroyed} go (keep your gold)"
    return t.replace("_", " ").capitalize()


def action_label(state: Any, action: Any) -> str:
    """``Game.action_label``: the label seen from the view of the player to move."""
    from .rules import to_move
    from .view import view
    return label(view(state, to_move(state)), action)
