"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

Unlike the log line (``log_text``), a label is shown only to the player who acts, so it
names his own secrets: the character he keeps, the card he keeps or discards. Every
label of one position is distinct, so a list of buttons reads unambiguously.

Labels are computed from that player's ``view`` only, so they can never show more than he
may see, and the canvas renderer (which has only the view) writes the very same texts.
They are ``Text`` (``texts.py``): ``label_text`` gives the ``Text``, ``label`` renders it.
"""

from __future__ import annotations

from typing import Any, Mapping

from engines.core.i18n import Text, player

from .components import ARCHITECT, CHARACTERS, DISTRICTS, WARLORD, C, effect
from .texts import T, YOUR_COLOUR_DISTRICTS, cards, gold, the_char, the_district


def _city(view: Mapping[str, Any], seat: int) -> list[str]:
    return [d["district"] for d in view["seats"][seat]["city"]]


def _income(view: Mapping[str, Any], seat: int, rank: int) -> int:
    """§7.4 as the player sees it: 1 gold per district of the colour (School of Magic too)."""
    colour = CHARACTERS[rank].income_color  # type: ignore[union-attr]
    if colour is None:
        return 0
    return sum(1 for k in _city(view, seat) if DISTRICTS[k].color == colour or k == "school_of_magic")


def label_text(view: Mapping[str, Any], action: Any) -> Text:
    """The button text of ``action`` (a model or its dict) in the position ``view`` shows;
    ``view`` is the view of the player to move."""
    a = action if isinstance(action, dict) else action.model_dump()
    t = a["type"]
    private = view.get("private") or {}
    if t == "choose_character":
        offered = private.get("draft_cards", [])
        rest = [r for r in offered if r != a["rank"]]
        if len(offered) == 2 and rest:   # the last choice of a draft: the other goes face down
            return T("Keep {character} ({other} goes face down)", character=the_char(a["rank"]),
                     other=the_char(rest[0]))
        return T("Keep {character}", character=the_char(a["rank"]))
    if t == "discard_character":
        return T("Put {character} face down", character=the_char(a["rank"]))
    turn = view.get("turn") or {}
    seat = view["to_move"]
    rank = turn.get("rank", 0)
    deck = view["deck_size"]
    if t == "take_gold":
        return T("Take {gold}", gold=gold(C.income_take_gold))
    if t == "draw_cards":
        n = min(a["count"], deck)
        keep = C.income_keep + (effect("library", "extra_keep") if "library" in _city(view, seat) else 0)
        if n <= keep:
            return T("Draw 1 card, keep it") if n == 1 else T("Draw {n} cards, keep both", n=n)
        if a["count"] > C.income_draw:
            return (T("Draw {n} cards, keep one (Observatory)", n=n) if keep == 1
                    else T("Draw {n} cards, keep two (Observatory)", n=n))
        return T("Draw {n} cards, keep one", n=n) if keep == 1 else T("Draw {n} cards, keep two", n=n)
    if t == "keep_card":
        return T("Keep {district}", district=the_district(a["district"]))
    if t == "put_bottom":
        return T("Put {district} at the bottom of the deck next", district=the_district(a["district"]))
    if t == "build":
        return T("Build {district} ({gold})", district=the_district(a["district"]),
                 gold=gold(DISTRICTS[a["district"]].cost))
    if t == "collect_income":
        colour = CHARACTERS[rank].income_color or ""  # type: ignore[union-attr]
        income = _income(view, seat, rank)
        if not income:  # legal (§7.4: at any moment), and worth more after building one: say so
            return T("Collect gold for {districts} (you have none yet: 0 gold now, more if you "
                     "build one first)", districts=YOUR_COLOUR_DISTRICTS[colour])
        return T("Collect {gold} for {districts}", gold=gold(income), districts=YOUR_COLOUR_DISTRICTS[colour])
    if t == "end_turn":
        income = CHARACTERS[rank].income_color and not turn.get("district_income_taken")  # type: ignore[union-attr]
        income = income and _income(view, seat, rank) > 0  # no district of the colour: nothing to name
        draw = rank == ARCHITECT and not turn.get("architect_drawn")
        if income and rank == WARLORD:
            return T("End your turn (collect {gold} of district income; then you may destroy a district)",
                     gold=gold(_income(view, seat, rank)))
        if income:
            return T("End your turn (collect {gold} of district income)", gold=gold(_income(view, seat, rank)))
        if draw:
            return T("End your turn (draw your {cards})", cards=cards(min(C.architect_extra_draw, deck)))
        if rank == WARLORD:
            return T("End your turn (then you may destroy a district)")
        return T("End your turn")
    if t == "assassinate":
        return T("Kill {character}", character=the_char(a["rank"]))
    if t == "rob":
        return T("Rob {character}", character=the_char(a["rank"]))
    if t == "magician_exchange":
        mine = len(private.get("hand", []))
        theirs = view["seats"][a["target"]]["hand_size"]
        return T("Exchange your {mine} for the {theirs} of {player}", mine=cards(mine),
                 theirs=cards(theirs), player=player(a["target"]))
    if t == "magician_discard":
        if turn.get("magician_discarded", -1) < 0:
            return T("Discard {district} to draw a new card (Magician)", district=the_district(a["district"]))
        return T("Also discard {district}", district=the_district(a["district"]))
    if t == "magician_draw":
        return T("Draw {cards} (end of the Magician’s redraw)",
                 cards=cards(min(turn.get("magician_discarded", 0), deck)))
    if t == "architect_draw":
        return T("Draw {cards} extra (Architect)", cards=cards(min(C.architect_extra_draw, deck)))
    if t == "destroy":
        cost = max(0, DISTRICTS[a["district"]].cost - C.warlord_destroy_discount)
        if cost == 0:
            return T("Destroy {district} of {player} (free)", district=the_district(a["district"]),
                     player=player(a["target"]))
        return T("Destroy {district} of {player} ({gold})", district=the_district(a["district"]),
                 player=player(a["target"]), gold=gold(cost))
    if t == "no_destroy":
        return T("Destroy nothing")
    if t == "laboratory":
        return T("Laboratory: discard {district} for {gold}", district=the_district(a["district"]),
                 gold=gold(effect("laboratory", "gain_gold")))
    if t == "smithy":
        return T("Smithy: pay {gold}, draw {cards}", gold=gold(effect("smithy", "pay_gold")),
                 cards=cards(min(effect("smithy", "draw"), deck)))
    destroyed = (view.get("destroyed") or {}).get("district", "")
    what = the_district(destroyed) if destroyed in DISTRICTS else T("the destroyed district")
    if t == "graveyard_take":
        return T("Graveyard: pay {gold} to take {district} into your hand",
                 gold=gold(effect("graveyard", "pay_gold")), district=what)
    if t == "graveyard_decline":
        return T("Let {district} go (keep your gold)", district=what)
    return T("An unknown move")


def label(view: Mapping[str, Any], action: Any, lang: str = "en") -> str:
    """``label_text`` rendered in ``lang``."""
    return label_text(view, action).render(lang)
