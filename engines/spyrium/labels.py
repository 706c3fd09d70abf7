"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

``describe`` is the public log line; a label is the text of the button the player to move
presses, so it says exactly what the action does: the card and where it lies, the worker's
slot, the whole price, the token, the option's cost and gain, Lobbying, the Commerce value
and the Residence choice. Every label of one position is distinct (a test checks it).

Spyrium has no hidden choices (D-52): a label names only open things (§15, D-38), the same
as the log, so it is computed from the state with the same cost functions as the rules.
"""

from __future__ import annotations

from typing import Any, Optional

from .actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_LOW, BONUS_MONEY, BONUS_WORKERS, CAPITALIZATION_BONUS,
                         CARD_TYPES, EVENTS, REPLACE_DISCOUNT, RESIDENCE_VALUES, SLOT_INDEX,
                         SLOT_POSITIONS, UseOption, name_of, type_of)
from .rules import (LAST_RESIDENCE, activation_cost, earnings, engineering_vp, event_cost,
                    has_tech, market_surcharge, shares_symbol, use_workers)
from .state import Player, SpyriumState

POS_NAMES = ["top left", "top middle", "top right", "middle left", "centre", "middle right",
             "bottom left", "bottom middle", "bottom right"]
"""Market positions ``r * 3 + c`` in words (§5.1)."""


def _amount(kind: str, n: int) -> str:
    if kind == "money":
        return f"£{n}"
    if kind == "vp":
        return f"{n} VP"
    if kind == "workers":
        return f"{n} worker" + ("s" if n != 1 else "")
    return f"{n} Spyrium"


def _at(state: SpyriumState, pos: int) -> str:
    """"the Mine (left) (top middle)"."""
    return f"the {name_of(state.market[pos])} ({POS_NAMES[pos]})"


def _slot(state: SpyriumState, slot: str) -> str:
    """A slot in words: its id and the cards (or empty spaces) on its two sides (§5.2)."""
    sides = []
    for q in SLOT_POSITIONS[SLOT_INDEX[slot]]:
        card = state.market[q]
        sides.append(f"{name_of(card)} ({POS_NAMES[q]})" if card else f"empty {POS_NAMES[q]}")
    return f"slot {slot} [{sides[0]} | {sides[1]}]"


def _building(p: Player, i: int) -> str:
    return f"your {name_of(p.buildings[i].card)} (building {i + 1})"


def _option(p: Player, card: str, option: int) -> str:
    """"1 worker + 2 Spyrium -> 5 VP (+1 VP Engineering)" (§8.6, §10.3)."""
    ct = CARD_TYPES[type_of(card)]
    o: UseOption = ct.activate_options[option]
    w = use_workers(p, ct, o)
    cost = []
    if w:
        cost.append(_amount("workers", w))
    if o.spyrium:
        cost.append(_amount("spyrium", o.spyrium))
    gain = ", ".join(_amount(k, v) for k, v in o.gain.items())
    eng = engineering_vp(p, ct, w)
    if eng:
        gain += f" (+{eng} VP Engineering)"
    return f"{' + '.join(cost) or 'free'} -> {gain}"


def _residence(p: Player, choice: Optional[str]) -> str:
    if choice is None:
        return ""
    if choice == "advance" and p.residence < LAST_RESIDENCE:
        return (f"; Residence: move up £{RESIDENCE_VALUES[p.residence]} -> "
                f"£{RESIDENCE_VALUES[p.residence + 1]}")
    return f"; Residence: take {RESIDENCE_VALUES[p.residence]} VP"


def _mods(a: Any, token: Optional[int], surcharge: int = 0) -> str:
    """Lobbying and the Commerce value change, when declared (§8.2, §11.6). A declaration
    that changes nothing is offered too (D-53) and its label says so: it spends the power."""
    bits = []
    if getattr(a, "lobbying", False):
        bits.append(f"Lobbying: no surcharge, saves £{surcharge}" if surcharge
                    else "Lobbying spent for the round, saves nothing (no surcharge here)")
    if getattr(a, "commerce", None) is not None:
        bits.append(f"Commerce: token {token} counts as {a.commerce}" if a.commerce != token
                    else f"Commerce value change spent for the round, token {token} stays {token}")
    return (" (" + ", ".join(bits) + ")") if bits else ""


def _price(money: int, spy: int) -> str:
    return "pay " + (f"£{money}" + (f" + {spy} Spyrium" if spy else ""))


def label(state: SpyriumState, a: Any) -> str:
    """The button text of the legal action ``a`` for the player to move."""
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, PlaceWorker):
        return f"Place a worker in {_slot(state, a.slot)}"
    if isinstance(a, SwitchPhase):
        return "Move to Phase II (and take a Phase II action now)"
    if isinstance(a, Pass):
        return "Pass (no more actions this round)"
    if isinstance(a, ChooseBonus):
        if a.bonus == "worker":
            extra = "" if p.reserve else " (your reserve is empty: it gives nothing)"
            return (f"Take the {BONUS_LOW} VP bonus: +{_amount('workers', BONUS_WORKERS)}, "
                    f"active now{extra}")
        return f"Take the {BONUS_LOW} VP bonus: +£{BONUS_MONEY}"
    if isinstance(a, EarnMoney):
        gain = earnings(state, p, a.pos)
        cap = (f" (+£{CAPITALIZATION_BONUS} Capitalization)" if has_tech(p, "capitalization")
               else "")
        if a.pos is None:
            return f"Earn £{gain}{cap}: take back your worker from {a.slot} (no card left next to it)"
        return f"Earn £{gain}{cap}: take back your worker from {a.slot}, next to {_at(state, a.pos)}"
    if isinstance(a, (Hire, Build, Patent)):
        money, spy = activation_cost(state, seat, a)
        price = _price(money, spy)
        src = f"worker from {a.slot}"
        extra = market_surcharge(state, a.pos)
        if isinstance(a, Patent):
            return f"Patent {_at(state, a.pos)} with your {src}: {price}{_mods(a, None, extra)}"
        ct = CARD_TYPES[type_of(state.market[a.pos])]
        if isinstance(a, Hire):
            h = ct.hire_effect
            value = a.commerce if a.commerce is not None else a.token
            gains = [_amount(k, value if v == "token" else int(v)) for k, v in h.gain.items()]
            if h.residence_action:
                gains.append("a Residence action")
            tok = f", discard token {a.token}" if a.token is not None else ""
            return (f"Hire {_at(state, a.pos)} with your {src}: {price}{tok}, gain "
                    f"{', '.join(gains)}{_mods(a, a.token, extra)}{_residence(p, a.residence)}")
        tokens = state.market_tokens[a.pos]
        token = tokens[0] if tokens else None
        value = a.commerce if a.commerce is not None else token
        if a.replace is None:
            where = "in a new space"
        else:
            where = f"replacing {_building(p, a.replace)}"
            old = CARD_TYPES[type_of(p.buildings[a.replace].card)]
            if shares_symbol(old, ct):
                where += f" (shared symbol: £{REPLACE_DISCOUNT} off)"
        gains = []
        for eff in ct.on_build:
            if eff.gain_workers:
                gains.append(f"+{_amount('workers', eff.gain_workers)}")
            if eff.gain_spyrium_equal_token:
                gains.append(f"+{_amount('spyrium', value or 0)} (token)")
            if eff.gain_vp_equal_token:
                gains.append(f"+{_amount('vp', value or 0)} (token)")
        on_build = ("; " + ", ".join(gains)) if gains else ""
        return (f"Build {_at(state, a.pos)} {where} with your {src}: {price}{on_build}"
                f"{_mods(a, token, extra)}{_residence(p, a.residence)}")
    if isinstance(a, UseBuilding):
        b = p.buildings[a.building]
        return f"Use {_building(p, a.building)}: {_option(p, b.card, a.option)}"
    if isinstance(a, UseTaylorism):
        b = p.buildings[a.building]
        return f"Taylorism: use {_building(p, a.building)} again: {_option(p, b.card, a.option)}"
    if isinstance(a, UseEvent):
        ev = EVENTS[state.turn_event]
        o = ev.options[a.option]
        money, spy = event_cost(state, seat, a)
        head = f"Event {ev.name_en}: "
        if o.reuse_used_building:
            b = p.buildings[a.building]
            return (f"{head}pay £{money}, use {_building(p, a.building)} again: "
                    f"{_option(p, b.card, a.building_option)}")
        if o.place_worker_in_market:
            return f"{head}place a worker in {_slot(state, a.slot)}"
        value = a.commerce if a.commerce is not None else state.turn_event_token
        paid = [x for x in (f"£{money}" if money else "", f"{spy} Spyrium" if spy else "") if x]
        gains = [_amount(k, value if v == "token" else int(v)) for k, v in o.gain.items()]
        if o.residence_action:
            gains.append("a Residence action")
        text = head + (("pay " + " + ".join(paid) + " -> ") if paid else "gain ") + ", ".join(gains)
        return text + _mods(a, state.turn_event_token) + _residence(p, a.residence)
    return str(a)
