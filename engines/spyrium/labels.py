"""Button texts (``Game.action_label``): what each legal action does, for the player to move.

``view.log_text`` is the public log line; a label is the text of the button the player to
move presses, so it says exactly what the action does: the card and where it lies, the
worker taken back (the side of the card it stands on), the whole price, the token, the
option's cost and gain, Lobbying, the Commerce value and the Residence choice. Every label of
one position is distinct (a test checks it). ``steps`` (``Game.action_steps``) cuts the same
text into the successive choices of the step-by-step picker, from the same pieces.

Every text is a ``Text`` of the catalogue (``texts.T``): the Game renders it in the player's
language. Spyrium has no hidden choices (D-52): a label names only open things (§15, D-38),
the same as the log, so it is computed from the state with the same cost functions as the rules.
"""

from __future__ import annotations

from typing import Any, Optional, overload

from engines.core.i18n import Text

from .actions import (Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_LOW, BONUS_MONEY, BONUS_WORKERS, CAPITALIZATION_BONUS,
                         CARD_TYPES, EVENTS, REPLACE_DISCOUNT, RESIDENCE_VALUES, UseOption,
                         type_of)
from .rules import (LAST_RESIDENCE, activation_cost, earnings, engineering_vp, event_cost,
                    has_tech, market_surcharge, shares_symbol, use_workers)
from .state import Player, SpyriumState
from .texts import T, amount, event_name, join, next_to, outcome_text, place, side_of, slot_text, your_card



def _at(state: SpyriumState, pos: int) -> Text:
    """"the Mine (left) at the top centre"."""
    return place(state, pos)


def _building(p: Player, i: int) -> Text:
    return T("{card} (building {n})", card=your_card(p.buildings[i].card), n=i + 1)


def _option(p: Player, card: str, option: int) -> Text:
    """"1 worker + 2 Spyrium → 5 VP (+1 VP Engineering)" (§8.6, §10.3)."""
    ct = CARD_TYPES[type_of(card)]
    o: UseOption = ct.activate_options[option]
    w = use_workers(p, ct, o)
    cost = []
    if w:
        cost.append(amount("workers", w))
    if o.spyrium:
        cost.append(amount("spyrium", o.spyrium))
    gain = join([amount(k, v) for k, v in o.gain.items()])
    eng = engineering_vp(p, ct, w)
    if eng:
        gain = T("{gain} (+{n} VP Engineering)", gain=gain, n=eng)
    return T("{cost} → {gain}", cost=join(cost, " + ") if cost else T("free"), gain=gain)


@overload
def _residence(p: Player, choice: str) -> Text: ...
@overload
def _residence(p: Player, choice: None) -> None: ...
@overload
def _residence(p: Player, choice: Optional[str]) -> Optional[Text]: ...
def _residence(p: Player, choice: Optional[str]) -> Optional[Text]:
    """The Residence choice (§9.3): "Residence: move up £2 → £3" / "Residence: take 3 VP"."""
    if choice is None:
        return None
    if choice == "advance" and p.residence < LAST_RESIDENCE:
        return T("Residence: move up £{a} → £{b}", a=RESIDENCE_VALUES[p.residence],
                 b=RESIDENCE_VALUES[p.residence + 1])
    return T("Residence: take {n} VP", n=RESIDENCE_VALUES[p.residence])


def _mods(a: Any, token: Optional[int], surcharge: int = 0) -> Optional[Text]:
    """Lobbying and the Commerce value change, when declared (§8.2, §11.6). A declaration
    that changes nothing is offered too (D-53) and its label says so: it spends the power."""
    bits = []
    if getattr(a, "lobbying", False):
        bits.append(T("Lobbying: no surcharge, saves £{n}", n=surcharge) if surcharge
                    else T("Lobbying spent for the round, saves nothing (no surcharge here)"))
    if getattr(a, "commerce", None) is not None:
        bits.append(T("Commerce: token {t} counts as {v}", t=token, v=a.commerce)
                    if a.commerce != token else
                    T("Commerce value change spent for the round, token {t} stays {t}", t=token))
    return T("({mods})", mods=join(bits)) if bits else None


def _with(base: Text, *extra: Optional[Text], sep: str = " ") -> Text:
    """``base`` followed by the pieces that are not None."""
    for e in extra:
        if e is not None:
            base = T("{a}" + sep + "{b}", a=base, b=e)
    return base


def _price(money: int, spy: int) -> Text:
    return T("pay £{m} + {s} Spyrium", m=money, s=spy) if spy else T("pay £{m}", m=money)


def _earnings(state: SpyriumState, p: Player, pos: Optional[int]) -> Text:
    """What Earn money gives next to the card at ``pos`` (§8.1): "£3 (+£2 Capitalization)"."""
    n = earnings(state, p, pos)
    if has_tech(p, "capitalization"):
        return T("£{n} (+£{c} Capitalization)", n=n, c=CAPITALIZATION_BONUS)
    return T("£{n}", n=n)


def _hire_gains(ct: Any, a: Hire) -> Text:
    """What hiring the character gives (§8.3), the token's declared value included."""
    h = ct.hire_effect
    value = a.commerce if a.commerce is not None else a.token
    gains = [amount(k, value if v == "token" else int(v)) for k, v in h.gain.items()]
    if h.residence_action:
        gains.append(T("a Residence action"))
    return join(gains)


def _build_where(p: Player, ct: Any, replace: Optional[int]) -> Text:
    """"in a new space" or "replacing your ... (shared symbol: £3 off)" (§8.4, D-7)."""
    if replace is None:
        return T("in a new space")
    if shares_symbol(CARD_TYPES[type_of(p.buildings[replace].card)], ct):
        return T("replacing {building} (shared symbol: £{n} off)", building=_building(p, replace),
                 n=REPLACE_DISCOUNT)
    return T("replacing {building}", building=_building(p, replace))


def _on_build(ct: Any, value: Optional[int]) -> Optional[Text]:
    """The building's gains when built (§9), the token's value counted: "+2 VP (token)"."""
    gains = []
    for eff in ct.on_build:
        if eff.gain_workers:
            gains.append(T("+{what}", what=amount("workers", eff.gain_workers)))
        if eff.gain_spyrium_equal_token:
            gains.append(T("+{what} (token)", what=amount("spyrium", value or 0)))
        if eff.gain_vp_equal_token:
            gains.append(T("+{what} (token)", what=amount("vp", value or 0)))
    return join(gains) if gains else None


def _event_payment(state: SpyriumState, a: UseEvent) -> Text:
    """An event option's price and gain (§10.4): "pay £3 → 3 VP" or "gain £2"."""
    assert state.turn_event is not None  # an event is used during a round, which has one
    o = EVENTS[state.turn_event].options[a.option]
    money, spy = event_cost(state, state.current, a)
    value = a.commerce if a.commerce is not None else state.turn_event_token
    paid = ([amount("money", money)] if money else []) + ([amount("spyrium", spy)] if spy else [])
    gains = [amount(k, value if v == "token" else int(v)) for k, v in o.gain.items()]
    if o.residence_action:
        gains.append(T("a Residence action"))
    if paid:
        return T("pay {paid} → {gain}", paid=join(paid, " + "), gain=join(gains))
    return T("gain {gain}", gain=join(gains))


def _worker(a: Any) -> Text:
    """The worker taken back for a market action: the side of the card it stands on."""
    return T("with your worker {side}", side=side_of(a.slot, a.pos))


def label(state: SpyriumState, a: Any) -> Text:
    """The button text of the legal action ``a`` for the player to move (at a chance node,
    the outcome's line)."""
    if state.dealing is not None:
        return outcome_text(state, a)
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, PlaceWorker):
        return T("Place a worker {slot}", slot=slot_text(state, a.slot))
    if isinstance(a, SwitchPhase):
        return T("Move to Phase II (and take a Phase II action now)")
    if isinstance(a, Pass):
        return T("Pass (no more actions this round)")
    if isinstance(a, ChooseBonus):
        if a.bonus == "worker":
            if p.reserve:
                return T("Take the {n} VP bonus: +{w}, active now", n=BONUS_LOW,
                         w=amount("workers", BONUS_WORKERS))
            return T("Take the {n} VP bonus: +{w} (your reserve is empty: it gives nothing)",
                     n=BONUS_LOW, w=amount("workers", BONUS_WORKERS))
        return T("Take the {n} VP bonus: +£{m}", n=BONUS_LOW, m=BONUS_MONEY)
    if isinstance(a, EarnMoney):
        gain = _earnings(state, p, a.pos)
        if a.pos is None:
            return T("Earn {gain}: take back your worker {slot} (no card left next to it)",
                     gain=gain, slot=slot_text(state, a.slot))
        return T("Earn {gain}: take back your worker {next_to}, {side}", gain=gain,
                 next_to=next_to(state, a.pos), side=side_of(a.slot, a.pos))
    if isinstance(a, (Hire, Build, Patent)):
        money, spy = activation_cost(state, seat, a)
        price = _price(money, spy)
        extra = market_surcharge(state, a.pos)
        src = _worker(a)
        if isinstance(a, Patent):
            return _with(T("Patent {card} {worker}: {price}", card=_at(state, a.pos), worker=src,
                           price=price), _mods(a, None, extra))
        card = state.market[a.pos]
        assert card is not None  # a legal Hire or Build takes a card in the market
        ct = CARD_TYPES[type_of(card)]
        if isinstance(a, Hire):
            head = T("Hire {card} {worker}: {price}", card=_at(state, a.pos), worker=src, price=price)
            if a.token is not None:
                head = T("{a}, discard token {t}", a=head, t=a.token)
            head = T("{a}, gain {gains}", a=head, gains=_hire_gains(ct, a))
            return _with(_with(head, _mods(a, a.token, extra)), _residence(p, a.residence), sep="; ")
        tokens = state.market_tokens[a.pos]
        token = tokens[0] if tokens else None
        on_build = _on_build(ct, a.commerce if a.commerce is not None else token)
        head = T("Build {card} {where} {worker}: {price}", card=_at(state, a.pos),
                 where=_build_where(p, ct, a.replace), worker=src, price=price)
        head = _with(head, on_build, sep="; ")
        return _with(_with(head, _mods(a, token, extra)), _residence(p, a.residence), sep="; ")
    if isinstance(a, UseBuilding):
        b = p.buildings[a.building]
        return T("Use {building}: {option}", building=_building(p, a.building),
                 option=_option(p, b.card, a.option))
    if isinstance(a, UseTaylorism):
        b = p.buildings[a.building]
        return T("Taylorism: use {building} again: {option}", building=_building(p, a.building),
                 option=_option(p, b.card, a.option))
    if isinstance(a, UseEvent):
        assert state.turn_event is not None  # an event is used during a round, which has one
        o = EVENTS[state.turn_event].options[a.option]
        money, _ = event_cost(state, seat, a)
        name = event_name(state.turn_event)
        if o.reuse_used_building:
            assert a.building is not None and a.building_option is not None  # legal: both named
            b = p.buildings[a.building]
            return T("Event {name}: pay £{m}, use {building} again: {option}", name=name, m=money,
                     building=_building(p, a.building), option=_option(p, b.card, a.building_option))
        if o.place_worker_in_market:
            assert a.slot is not None  # a legal placing event names its slot
            return T("Event {name}: place a worker {slot}", name=name, slot=slot_text(state, a.slot))
        body = _with(_event_payment(state, a), _mods(a, state.turn_event_token))
        return _with(T("Event {name}: {body}", name=name, body=body), _residence(p, a.residence),
                     sep="; ")
    return T("Another action")


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
KINDS = {PlaceWorker: T("Place a worker"), EarnMoney: T("Earn money"),
         Hire: T("Hire a character"), Build: T("Build a building"),
         Patent: T("Patent a technique"), UseBuilding: T("Use a building"),
         UseTaylorism: T("Taylorism: use a building again")}
"""The first step of each kind of action with choices inside it (§7.1, §8.1–§8.7)."""


def steps(state: SpyriumState, a: Any) -> list[Text]:
    """The choices of ``a`` one at a time, so no list the player reads is long.

    Phase I: "Place a worker", then the slot (named by the cards on its two sides). Phase
    II: the kind (earn, hire, build, patent, use a building, Taylorism), then the card,
    then the worker taken back (the side of the card it stands on), then how (the token,
    the space built on, the building's option), then the price with the Lobbying / Commerce
    declarations that change it, last the Residence choice. The turn event: its name, then
    its option (the slot, the building re-used and its option, the payment). Each list is a
    handful; the steps of one kind of action on one card always have the same length, so no
    action's steps begin another's. Joined, the steps say what ``label`` says. A chance
    outcome is one step, its line.
    """
    if state.dealing is not None:
        return [outcome_text(state, a)]
    seat = state.current
    p = state.players_[seat]
    if isinstance(a, PlaceWorker):
        return [KINDS[PlaceWorker], slot_text(state, a.slot)]
    if isinstance(a, EarnMoney):
        if a.pos is None:
            return [KINDS[EarnMoney], T("with no card left next to the worker: {gain}",
                                        gain=_earnings(state, p, a.pos)),
                    T("take back your worker {slot}", slot=slot_text(state, a.slot))]
        return [KINDS[EarnMoney], T("{next_to}: {gain}", next_to=next_to(state, a.pos),
                                    gain=_earnings(state, p, a.pos)),
                T("take back your worker {side}", side=side_of(a.slot, a.pos))]
    if isinstance(a, (Hire, Build, Patent)):
        head = [KINDS[type(a)], _at(state, a.pos), _worker(a)]
        money, spy = activation_cost(state, seat, a)
        price = _price(money, spy)
        extra = market_surcharge(state, a.pos)
        if isinstance(a, Patent):
            return head + [_with(price, _mods(a, None, extra))]
        card = state.market[a.pos]
        assert card is not None  # a legal Hire or Build takes a card in the market
        ct = CARD_TYPES[type_of(card)]
        residence = [_residence(p, a.residence)] if a.residence is not None else []
        if isinstance(a, Hire):
            discard = [T("discard token {t}", t=a.token)] if a.token is not None else []
            pay = _with(T("{price}, gain {gains}", price=price, gains=_hire_gains(ct, a)),
                        _mods(a, a.token, extra))
            return head + discard + [pay] + residence
        token = state.market_tokens[a.pos][0] if state.market_tokens[a.pos] else None
        on_build = _on_build(ct, a.commerce if a.commerce is not None else token)
        pay = _with(_with(price, on_build, sep="; "), _mods(a, token, extra))
        return head + [_build_where(p, ct, a.replace), pay] + residence
    if isinstance(a, (UseBuilding, UseTaylorism)):
        b = p.buildings[a.building]
        return [KINDS[type(a)], _building(p, a.building), _option(p, b.card, a.option)]
    if isinstance(a, UseEvent):
        assert state.turn_event is not None  # an event is used during a round, which has one
        o = EVENTS[state.turn_event].options[a.option]
        head = [T("Event: {name}", name=event_name(state.turn_event))]
        if o.reuse_used_building:
            money, _ = event_cost(state, seat, a)
            assert a.building is not None and a.building_option is not None  # legal: both named
            b = p.buildings[a.building]
            return head + [T("pay £{m}, use {building} again", m=money, building=_building(p, a.building)),
                           _option(p, b.card, a.building_option)]
        if o.place_worker_in_market:
            assert a.slot is not None  # a legal placing event names its slot
            return head + [T("place a worker"), slot_text(state, a.slot)]
        residence = [_residence(p, a.residence)] if a.residence is not None else []
        return head + [_with(_event_payment(state, a), _mods(a, state.turn_event_token))] + residence
    return [label(state, a)]
