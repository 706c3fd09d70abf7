"""Spyrium (William Attia, Ystari 2013), 2–5 players, through the engine contract.

Reads like the rulebook: ``components`` (the data file, §1, §17), ``state`` (§0.3),
``actions`` (§6–§12), ``rules`` (set-up, rounds, legal actions and effects), ``scoring``
(§14), ``view`` (§15 and the log), ``bot`` (the heuristic opponent).
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from engines.core.catalog import about
from engines.core.errors import IllegalAction
from engines.core.game import Game, Options
from engines.core.i18n import Text

from . import rules, scoring
from .actions import (Action, Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_LOW, BONUS_MONEY, EVENTS, MAX_PLAYERS, MIN_PLAYERS, SLOT_INDEX,
                         TECHNIQUES, TOKEN_VALUES, kind_of, type_of)
from .state import SpyriumState
from .labels import label, steps
from .texts import CATEGORY_NAMES, T, amount, event_name, join, the_card
from .view import event_texts, log_text, view


class SpyriumOptions(Options):
    """Spyrium has no variants or expansions in the spec (D-28: no 2-player variant)."""


class Spyrium(Game):
    name = "spyrium"
    title, description = about("spyrium")["title"], about("spyrium")["description"]  # engines/catalog.json
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options_model = SpyriumOptions
    state_model = SpyriumState
    action_adapter = TypeAdapter(Action)

    def setup(self, players: int, seed: int, options: Options) -> SpyriumState:
        return rules.setup(players, seed)

    def to_move(self, state: SpyriumState) -> int | None:
        return None if state.over else state.current

    def legal_actions(self, state: SpyriumState) -> list[Any]:
        return rules.legal_actions(state)

    def check(self, state: SpyriumState, action: Any) -> None:
        if state.over:
            raise IllegalAction(T("The game is over."))
        if rules.is_legal(state, action):
            return
        raise IllegalAction(_reason(state, action))

    def play(self, state: SpyriumState, action: Any) -> None:
        rules.play(state, action)

    def is_over(self, state: SpyriumState) -> bool:
        return state.over

    def scores(self, state: SpyriumState) -> list[int]:
        return scoring.scores(state)

    def score_breakdown(self, state: SpyriumState) -> list[dict[str, int]]:
        return [scoring.breakdown(p) for p in state.players_]

    def winners(self, state: SpyriumState) -> list[int]:
        return scoring.winners(state)

    def view(self, state: SpyriumState, player: int | None) -> dict:
        return view(state, player)

    def log_text(self, state: SpyriumState, action: Any) -> Text:
        """The public log line (``view.log_text``)."""
        return log_text(state, action)

    def event_texts(self, before: SpyriumState, action: Any, after: SpyriumState) -> list[Text]:
        """What the rules did by themselves: gains, tokens, bonuses, round end and start
        (income, events, market, first player), final scoring (``view.event_texts``)."""
        return event_texts(before, action, after)

    def action_label(self, state: SpyriumState, action: Any, lang: str = "en") -> str:
        """The button text: what the action does, with card, place, price and option."""
        return label(state, action).render(lang)

    def action_steps(self, state: SpyriumState, action: Any, lang: str = "en") -> list[str]:
        """The choices one at a time: kind, card, worker, how, price, Residence (``labels.steps``)."""
        return [s.render(lang) for s in steps(state, action)]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The name of each ``score_breakdown`` key in ``lang`` (the end-of-game table)."""
        return {k: v.render(lang) for k, v in CATEGORY_NAMES.items()}

    def option_label(self, name: str, lang: str = "en") -> str:
        """The description of option ``name`` in ``lang`` (Spyrium has no options: its name)."""
        field = self.options_model.model_fields.get(name)
        text = field.description if field is not None and field.description else name
        return T(text).render(lang)

    def reference(self, lang: str = "en") -> list[dict]:
        """Every card, event, board part and piece as ``{"id", "kind", "name", "text"}`` in
        ``lang``, for the "How to play" screen (``reference.py``)."""
        from .reference import reference
        return reference(lang)

    def reveals_information(self, before: SpyriumState, action: Any, after: SpyriumState) -> bool:
        """A new round deals cards and draws tokens from face-down piles (§4).

        Spyrium hides only the order of the three decks, the numbered tokens of the reserve
        and the events below the preview. The rules look at them only at the start of a round
        (the deal, the tokens, the next event and its token, a reshuffle of the token discard
        pile) and at set-up, so a move reveals something exactly when it starts a round (or
        moves the PRNG). Everything else a move touches (the market, the tokens on it, the
        players' money, workers and cards) is on the table; the last move of the game starts
        no round and shows nothing hidden.
        """
        return before.round != after.round or before.rng != after.rng

    def bots(self) -> dict[str, Any]:
        from .bot import choose
        return {"heuristic": choose}


_A_KIND = {"building": T("a building"), "character": T("a character"), "technique": T("a technique")}
_ACTION_NAMES = {EarnMoney: T("Earning money"), Hire: T("Hiring a character"),
                 Build: T("Building"), Patent: T("Patenting a technique"),
                 UseBuilding: T("Using a building"), UseTaylorism: T("Taylorism"),
                 Pass: T("Passing")}


def _tech_reason(p, key: str, name: Text) -> Text:
    """Why a once-per-round technique power cannot be declared."""
    if rules.has_tech(p, key):
        return T("You already used {tech} this round.", tech=name)
    return T("You have not patented {tech}.", tech=name)


def _residence_reason(p, has_action: bool, choice, card: Text) -> Text | None:
    if not has_action and choice is not None:
        return T("No Residence choice for {card}: it gives no Residence action.", card=card)
    if has_action and choice is None:
        return T("Choose the Residence action: move up the Residence track or take its VP.")
    if has_action and choice == "advance" and p.residence >= rules.LAST_RESIDENCE:
        return T("Your disc is on the last space of the Residence track: you can only take its VP.")
    return None


def _commerce_reason(p, value, token) -> Text | None:
    if value is None:
        return None
    if rules.ready_tech(p, "commerce") is None:
        return _tech_reason(p, "commerce", T("Commerce"))
    if token is None:
        return T("Commerce changes the value of a token: there is no token here whose value counts.")
    if value not in TOKEN_VALUES:
        return T("Commerce can treat a token only as 1, 2 or 3.")
    return None


def _afford(p, money: int, spy: int, parts: list) -> Text | None:
    """Why the price cannot be paid, with what makes it up."""
    if money > p.money:
        return T("You cannot afford it: it costs £{m} ({parts}) and you have £{have}.", m=money,
                 parts=join(parts), have=p.money)
    if spy > p.spyrium:
        return T("You cannot afford it: it costs {s} Spyrium and you have {have}.", s=spy,
                 have=p.spyrium)
    return None


def _market_reason(state: SpyriumState, seat: int, a: Any) -> Text:
    p = state.players_[seat]
    slot = a.slot
    if slot not in SLOT_INDEX:
        return T("There is no such worker slot in the market.")
    if seat not in state.slots[SLOT_INDEX[slot]]:
        return T("You have no worker in that slot.")
    if a.pos is None:
        return T("There is still a card next to that worker: choose the card to earn money next to.")
    if not 0 <= a.pos < len(state.market) or a.pos not in rules.SLOT_POSITIONS[SLOT_INDEX[slot]]:
        return T("That card is not next to your worker.")
    card = state.market[a.pos]
    if card is None:
        return T("That card is no longer in the market.")
    if isinstance(a, EarnMoney):  # pragma: no cover - every present card is a legal choice
        return T("You cannot earn money next to that card now.")
    name = the_card(card)
    kind = kind_of(card)
    wanted = {Hire: "character", Build: "building", Patent: "technique"}[type(a)]
    if kind != wanted:
        verb = {Hire: T("hire"), Build: T("build"), Patent: T("patent")}[type(a)]
        return T("You cannot {verb} {card}: it is {kind}.", verb=verb, card=name, kind=_A_KIND[kind])
    if a.lobbying and rules.ready_tech(p, "lobbying") is None:
        return _tech_reason(p, "lobbying", T("Lobbying"))
    surcharge = 0 if a.lobbying else rules.market_surcharge(state, a.pos)
    others = rules.other_workers(state, a.pos)
    parts_extra = ([] if not surcharge else
                   [T("£{n} for the other worker next to it", n=surcharge)] if others == 1 else
                   [T("£{n} for the {k} other workers next to it", n=surcharge, k=others)])
    if isinstance(a, Patent):
        cost = TECHNIQUES[type_of(card)].cost
        return (_afford(p, cost + surcharge, 0, [T("£{n} for the card", n=cost), *parts_extra])
                or T("You cannot patent {card} now.", card=name))
    ct = rules.CARD_TYPES[type_of(card)]
    if isinstance(a, Hire):
        h = ct.hire_effect
        tokens = state.market_tokens[a.pos]
        if h.discard_token:
            if not tokens:
                return T("You cannot hire {card}: no token is left on it.", card=name)
            if a.token is None:
                return T("Choose which token to discard from that card.")
            if a.token not in tokens:
                return T("There is no token {t} on that card.", t=a.token)
        elif a.token is not None:
            return T("You cannot discard a token for {card}: it uses none.", card=name)
        why = (_commerce_reason(p, a.commerce, a.token)
               or _residence_reason(p, bool(h.residence_action), a.residence, name))
        if why:
            return why
        value = a.commerce if a.commerce is not None else a.token
        money, spy = rules.hire_cost(p, ct, surcharge, value)
        token_pay = money - ct.cost - surcharge
        parts = ([T("£{n} for the card", n=ct.cost)] + parts_extra
                 + ([T("£{n} for the token", n=token_pay)] if token_pay else []))
        return _afford(p, money, spy, parts) or T("You cannot hire {card} now.", card=name)
    # Build
    if a.replace is not None and not 0 <= a.replace < len(p.buildings):
        return T("You have no building {n} to replace.", n=a.replace + 1)
    token = state.market_tokens[a.pos][0] if state.market_tokens[a.pos] else None
    token_used = any(b.gain_spyrium_equal_token or b.gain_vp_equal_token for b in ct.on_build)
    why = (_commerce_reason(p, a.commerce, token if token_used else None)
           or _residence_reason(p, any(b.residence_action for b in ct.on_build), a.residence, name))
    if why:
        return why
    money = rules.build_cost(p, ct, surcharge, a.replace)
    parts = [T("£{n} for the card", n=ct.cost)] + parts_extra
    if a.replace is None:
        space = money - ct.cost - surcharge
        if space:
            parts.append(T("£{n} for a new building space", n=space))
    elif money < ct.cost + surcharge:
        parts.append(T("£{n} off for the shared symbol", n=ct.cost + surcharge - money))
    return _afford(p, money, 0, parts) or T("You cannot build {card} now.", card=name)


def _building_reason(p, a: Any) -> Text:
    if not 0 <= a.building < len(p.buildings):
        return T("You have no building {n}.", n=a.building + 1)
    b = p.buildings[a.building]
    ct = rules.CARD_TYPES[type_of(b.card)]
    name = the_card(b.card)
    if not ct.activate_options:
        return T("You cannot use {card}: it has no ability.", card=name)
    if isinstance(a, UseBuilding) and b.tapped:
        return T("You already used {card} this round (Taylorism or the Overtime event can use it "
                 "again).", card=name)
    if isinstance(a, UseTaylorism):
        if rules.ready_tech(p, "taylorism") is None:
            return _tech_reason(p, "taylorism", T("Taylorism"))
        if not b.tapped:
            return T("Taylorism re-uses a building already used this round: you have not used {card} "
                     "yet.", card=name)
    if not 0 <= a.option < len(ct.activate_options):
        return T("You cannot choose option {n}: {card} has only {k}.", card=name, n=a.option + 1,
                 k=len(ct.activate_options))
    return _option_reason(p, ct, ct.activate_options[a.option])


def _option_reason(p, ct, o, extra_money: int = 0) -> Text:
    w = rules.use_workers(p, ct, o)
    if w > p.active:
        return T("That option needs {w} on your start card: you have {n}.",
                 w=amount("workers", w), n=p.active)
    if o.spyrium > p.spyrium:
        return T("That option needs {s} Spyrium: you have {n}.", s=o.spyrium, n=p.spyrium)
    return T("You cannot pay for that option now.")


def _event_reason(state: SpyriumState, seat: int, a: UseEvent) -> Text:
    p = state.players_[seat]
    if state.turn_event is None:
        return T("There is no turn event now.")
    if p.event_used:
        return T("You already used the turn event this round.")
    ev = EVENTS[state.turn_event]
    name = event_name(state.turn_event)
    if ("I" if p.phase == 1 else "II") not in ev.phases:
        return T("The turn event {name} can be used only in Phase II.", name=name)
    if not 0 <= a.option < len(ev.options):
        return T("The turn event {name} has no option {n}.", name=name, n=a.option + 1)
    o = ev.options[a.option]
    uses_token = any(v == "token" for v in [*o.pay.values(), *o.gain.values()])
    if uses_token and state.turn_event_token is None:
        return T("The turn event {name} has no token, so it cannot be used.", name=name)
    if o.gain.get("workers") and p.reserve == 0:
        return T("Your reserve is empty: there is no worker to recruit.")
    if not o.reuse_used_building and (a.building is not None or a.building_option is not None):
        return T("That option of the turn event does not use a building again.")
    if not o.place_worker_in_market and a.slot is not None:
        return T("That option of the turn event places no worker.")
    if o.reuse_used_building:
        if a.building is None or a.building_option is None:
            return T("Choose which used building to use again, and its option.")
        if not 0 <= a.building < len(p.buildings):
            return T("You have no building {n}.", n=a.building + 1)
        b = p.buildings[a.building]
        ct = rules.CARD_TYPES[type_of(b.card)]
        if not b.tapped:
            return T("{name} re-uses a building already used this round: you have not used {card} yet.",
                     name=name, card=the_card(b.card))
        if not 0 <= a.building_option < len(ct.activate_options):
            return T("You cannot choose option {n}: {card} has only {k}.", card=the_card(b.card),
                     n=a.building_option + 1, k=len(ct.activate_options))
        uo = ct.activate_options[a.building_option]
        if rules.use_workers(p, ct, uo) > p.active:
            return _option_reason(p, ct, uo)
    if o.place_worker_in_market:
        if p.active == 0:
            return T("You have no active worker on your start card.")
        if a.slot not in SLOT_INDEX:
            return T("Choose a worker slot of the market.")
        if a.slot not in rules.legal_slots(state):
            return T("That slot has no card on either side: a worker must stand next to a card.")
    why = (_commerce_reason(p, a.commerce, state.turn_event_token if uses_token else None)
           or _residence_reason(p, bool(o.residence_action), a.residence, name))
    if why:
        return why
    money, spy = rules.event_cost(state, seat, a)
    return (_afford(p, money, spy, [T("£{n} for the event", n=money)])
            or T("You cannot use that option of the turn event now."))


def _reason(state: SpyriumState, a: Any) -> Text:
    """A player-readable reason why ``a`` is not legal now (it is known not to be): one
    rule, named in one sentence."""
    seat = state.current
    p = state.players_[seat]
    if state.pending_bonus:
        if isinstance(a, ChooseBonus):
            return T("You already received that bonus: choose the other one.")
        return T("You reached {n} VP: choose your bonus (a worker or £{m}) first.", n=BONUS_LOW,
                 m=BONUS_MONEY)
    if isinstance(a, ChooseBonus):
        return T("You have no bonus to choose now: a bonus is chosen on reaching {n} VP.", n=BONUS_LOW)
    if state.continuing and isinstance(a, (PlaceWorker, SwitchPhase)):
        return T("You just moved to Phase II: take a Phase II action now.")
    if p.phase == 1 and type(a) in _ACTION_NAMES:
        return T("{action} is a Phase II action: you are in Phase I (move to Phase II first).",
                 action=_ACTION_NAMES[type(a)])
    if p.phase == 2 and isinstance(a, PlaceWorker):
        return T("You are in Phase II: you cannot place workers any more this round.")
    if p.phase == 2 and isinstance(a, SwitchPhase):
        return T("You are already in Phase II.")
    if isinstance(a, PlaceWorker):
        if p.active == 0:
            return T("You have no active worker on your start card.")
        if a.slot not in SLOT_INDEX:
            return T("There is no such worker slot in the market.")
        return T("That slot has no card on either side: a worker must stand next to a card.")
    if isinstance(a, Pass):
        return T("You cannot pass while you have workers in the market: take them back first.")
    if isinstance(a, (EarnMoney, Hire, Build, Patent)):
        return _market_reason(state, seat, a)
    if isinstance(a, (UseBuilding, UseTaylorism)):
        return _building_reason(p, a)
    if isinstance(a, UseEvent):
        return _event_reason(state, seat, a)
    return T("That is not a legal move now.")


GAME = Spyrium()
__all__ = ["GAME", "Spyrium", "SpyriumState"]
