"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

``describe`` is the public log line; a label is the text of the button the player to move
presses, so it says exactly what the action does: the card and where it lies, the worker's
slot, the whole price, the token, the option's cost and gain, Lobbying, the Commerce value
and the Residence choice. Every label of one position is distinct (a test checks it).
``steps`` (``Game.action_steps``) cuts the same text into the successive choices of the
step-by-step picker, from the same pieces.

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


def _earnings(state: SpyriumState, p: Player, pos: Optional[int]) -> str:
    """What Earn money gives next to the card at ``pos`` (§8.1): "£3 (+£2 Capitalization)"."""
    cap = (f" (+£{CAPITALIZATION_BONUS} Capitalization)" if has_tech(p, "capitalization")
           else "")
    return f"£{earnings(state, p, pos)}{cap}"


def _hire_gains(ct: Any, a: Hire) -> list[str]:
    """What hiring the character gives (§8.3), the token's declared value included."""
    h = ct.hire_effect
    value = a.commerce if a.commerce is not None else a.token
    gains = [_amount(k, value if v == "token" else int(v)) for k, v in h.gain.items()]
    if h.residence_action:
        gains.append("a Residence action")
    return gains


def _build_where(p: Player, ct: Any, replace: Optional[int]) -> str:
    """"in a new space" or "replacing your ... (shared symbol: £3 off)" (§8.4, D-7)."""
    if replace is None:
        return "in a new space"
    where = f"replacing {_building(p, replace)}"
    if shares_symbol(CARD_TYPES[type_of(p.buildings[replace].card)], ct):
        where += f" (shared symbol: £{REPLACE_DISCOUNT} off)"
    return where


def _on_build(ct: Any, value: Optional[int]) -> str:
    """The building's gains when built (§9), the token's value counted: "+2 VP (token)"."""
    gains = []
    for eff in ct.on_build:
        if eff.gain_workers:
            gains.append(f"+{_amount('workers', eff.gain_workers)}")
        if eff.gain_spyrium_equal_token:
            gains.append(f"+{_amount('spyrium', value or 0)} (token)")
        if eff.gain_vp_equal_token:
            gains.append(f"+{_amount('vp', value or 0)} (token)")
    return ", ".join(gains)


def _event_payment(state: SpyriumState, a: UseEvent) -> str:
    """An event option's price and gain (§10.4): "pay £3 -> 3 VP" or "gain £2"."""
    o = EVENTS[state.turn_event].options[a.option]
    money, spy = event_cost(state, state.current, a)
    value = a.commerce if a.commerce is not None else state.turn_event_token
    paid = [x for x in (f"£{money}" if money else "", f"{spy} Spyrium" if spy else "") if x]
    gains = [_amount(k, value if v == "token" else int(v)) for k, v in o.gain.items()]
    if o.residence_action:
        gains.append("a Residence action")
    return (("pay " + " + ".join(paid) + " -> ") if paid else "gain ") + ", ".join(gains)


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
        gain = _earnings(state, p, a.pos)
        if a.pos is None:
            return f"Earn {gain}: take back your worker from {a.slot} (no card left next to it)"
        return f"Earn {gain}: take back your worker from {a.slot}, next to {_at(state, a.pos)}"
    if isinstance(a, (Hire, Build, Patent)):
        money, spy = activation_cost(state, seat, a)
        price = _price(money, spy)
        src = f"worker from {a.slot}"
        extra = market_surcharge(state, a.pos)
        if isinstance(a, Patent):
            return f"Patent {_at(state, a.pos)} with your {src}: {price}{_mods(a, None, extra)}"
        ct = CARD_TYPES[type_of(state.market[a.pos])]
        if isinstance(a, Hire):
            tok = f", discard token {a.token}" if a.token is not None else ""
            return (f"Hire {_at(state, a.pos)} with your {src}: {price}{tok}, gain "
                    f"{', '.join(_hire_gains(ct, a))}{_mods(a, a.token, extra)}"
                    f"{_residence(p, a.residence)}")
        tokens = state.market_tokens[a.pos]
        token = tokens[0] if tokens else None
        on_build = _on_build(ct, a.commerce if a.commerce is not None else token)
        return (f"Build {_at(state, a.pos)} {_build_where(p, ct, a.replace)} with your {src}: "
                f"{price}{'; ' + on_build if on_build else ''}"
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
        money, _ = event_cost(state, seat, a)
        head = f"Event {ev.name_en}: "
        if o.reuse_used_building:
            b = p.buildings[a.building]
            return (f"{head}pay £{money}, use {_building(p, a.building)} again: "
                    f"{_option(p, b.card, a.building_option)}")
        if o.place_worker_in_market:
            return f"{head}place a worker in {_slot(state, a.slot)}"
        return (head + _event_payment(state, a) + _mods(a, state.turn_event_token)
                + _residence(p, a.residence))
    return str(a)


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
KINDS = {PlaceWorker: "Place a worker", EarnMoney: "Earn money", Hire: "Hire a character",
         Build: "Build a building", Patent: "Patent a technique", UseBuilding: "Use a building",
         UseTaylorism: "Taylorism: use a building again"}
"""The first step of each kind of action with choices inside it (§7.1, §8.1–§8.7)."""


def _residence_step(p: Player, choice: str) -> str:
    """The Residence choice (§9.3) as a step of its own: "Residence: take 3 VP"."""
    return _residence(p, choice).removeprefix("; ")


def steps(state: SpyriumState, a: Any) -> list[str]:
    """The choices of ``a`` one at a time, so no list the player reads is long.

    Phase I: "Place a worker", then the slot (named by the cards on its two sides). Phase
    II: the kind (earn, hire, build, patent, use a building, Taylorism), then the card,
    then the worker taken back (its slot), then how (the token, the space built on, the
    building's option), then the price with the Lobbying / Commerce declarations that
    change it, last the Residence choice. The turn event: its name, then its option (the
    slot, the building re-used and its option, the payment). Each list is a handful (the
    slots of the market, the cards next to the player's workers, the spaces of the
    neighbourhood, the price with or without declarations); the steps of one kind of action
    on one card always have the same length, so no action's steps begin another's. Joined,
    the steps say what ``label`` says.
    """
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, PlaceWorker):
        return [KINDS[PlaceWorker], f"in {_slot(state, a.slot)}"]
    if isinstance(a, EarnMoney):
        where = ("with no card left next to the worker" if a.pos is None
                 else f"next to {_at(state, a.pos)}")
        return [KINDS[EarnMoney], f"{where}: {_earnings(state, p, a.pos)}",
                f"take back your worker from {a.slot}"]
    if isinstance(a, (Hire, Build, Patent)):
        head = [KINDS[type(a)], _at(state, a.pos), f"with your worker from {a.slot}"]
        money, spy = activation_cost(state, seat, a)
        price = _price(money, spy)
        extra = market_surcharge(state, a.pos)
        if isinstance(a, Patent):
            return head + [f"{price}{_mods(a, None, extra)}"]
        ct = CARD_TYPES[type_of(state.market[a.pos])]
        residence = [_residence_step(p, a.residence)] if a.residence is not None else []
        if isinstance(a, Hire):
            token = [f"discard token {a.token}"] if a.token is not None else []
            return (head + token + [f"{price}, gain {', '.join(_hire_gains(ct, a))}"
                                    f"{_mods(a, a.token, extra)}"] + residence)
        token = state.market_tokens[a.pos][0] if state.market_tokens[a.pos] else None
        on_build = _on_build(ct, a.commerce if a.commerce is not None else token)
        return (head + [_build_where(p, ct, a.replace)]
                + [f"{price}{'; ' + on_build if on_build else ''}{_mods(a, token, extra)}"]
                + residence)
    if isinstance(a, (UseBuilding, UseTaylorism)):
        b = p.buildings[a.building]
        return [KINDS[type(a)], _building(p, a.building), _option(p, b.card, a.option)]
    if isinstance(a, UseEvent):
        ev = EVENTS[state.turn_event]
        o = ev.options[a.option]
        head = [f"Event {ev.name_en}"]
        if o.reuse_used_building:
            money, _ = event_cost(state, seat, a)
            b = p.buildings[a.building]
            return head + [f"pay £{money}, use {_building(p, a.building)} again",
                           _option(p, b.card, a.building_option)]
        if o.place_worker_in_market:
            return head + ["place a worker", f"in {_slot(state, a.slot)}"]
        residence = [_residence_step(p, a.residence)] if a.residence is not None else []
        return head + [_event_payment(state, a) + _mods(a, state.turn_event_token)] + residence
    return [label(state, a)]
