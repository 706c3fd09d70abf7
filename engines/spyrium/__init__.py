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

from . import rules, scoring
from .actions import (Action, Build, ChooseBonus, EarnMoney, Hire, Pass, Patent, PlaceWorker,
                      SwitchPhase, UseBuilding, UseEvent, UseTaylorism)
from .components import (BONUS_LOW, BONUS_MONEY, MAX_PLAYERS, MIN_PLAYERS, SLOT_INDEX,
                         TECHNIQUES, type_of)
from .state import SpyriumState
from .labels import label, steps
from .view import describe, view


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
            raise IllegalAction("The game is over.")
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

    def describe(self, state: SpyriumState, action: Any, lang: str = "en") -> str:
        return describe(state, action)

    def action_label(self, state: SpyriumState, action: Any, lang: str = "en") -> str:
        """The button text: what the action does, with card, place, price and option."""
        return label(state, action)

    def action_steps(self, state: SpyriumState, action: Any, lang: str = "en") -> list[str]:
        """The choices one at a time: kind, card, worker, how, price, Residence (``labels.steps``)."""
        return steps(state, action)

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


def _reason(state: SpyriumState, a: Any) -> str:
    """A player-readable reason why ``a`` is not legal now (it is known not to be)."""
    seat = state.current
    p = state.players_[seat]
    if state.pending_bonus:
        if isinstance(a, ChooseBonus):
            return f"The {a.bonus} bonus is not one of your remaining bonus markers."
        return f"You reached {BONUS_LOW} VP: choose your bonus (a worker or £{BONUS_MONEY}) first."
    if isinstance(a, ChooseBonus):
        return "You have no bonus to choose now."
    phase2_only = (EarnMoney, Hire, Build, Patent, UseBuilding, UseTaylorism, Pass)
    if p.phase == 1 and isinstance(a, phase2_only):
        return "That is a Phase II action: you are in Phase I (move to Phase II first)."
    if p.phase == 2 and isinstance(a, (PlaceWorker, SwitchPhase)):
        return "You are in Phase II: you cannot place workers or switch phase any more."
    if isinstance(a, PlaceWorker):
        if p.active == 0:
            return "You have no active worker on your start card."
        if a.slot not in SLOT_INDEX:
            return f"There is no slot {a.slot}."
        return f"Slot {a.slot} is not next to any card."
    if isinstance(a, Pass):
        return "You cannot pass while you have workers in the market."
    slot = getattr(a, "slot", None)
    if isinstance(a, (EarnMoney, Hire, Build, Patent)):
        if slot not in SLOT_INDEX or seat not in state.slots[SLOT_INDEX[slot]]:
            return f"You have no worker in slot {slot}."
        if a.pos is not None and (not 0 <= a.pos < len(state.market) or
                                  a.pos not in rules.SLOT_POSITIONS[SLOT_INDEX[slot]]):
            return "That card is not next to your worker."
        if a.pos is not None and state.market[a.pos] is None:
            return "That card is no longer in the market."
        if isinstance(a, EarnMoney):
            return "Choose one of the cards next to your worker."
        card = state.market[a.pos]
        kind = "technique" if type_of(card) in TECHNIQUES else rules.CARD_TYPES[type_of(card)].type
        wanted = {Hire: "character", Build: "building", Patent: "technique"}[type(a)]
        if kind != wanted:
            return f"That card is a {kind}, not a {wanted}."
        if a.lobbying and rules.ready_tech(p, "lobbying") is None:
            return "You have no unused Lobbying this round."
        if getattr(a, "commerce", None) is not None and rules.ready_tech(p, "commerce") is None:
            return "You have no unused Commerce value change this round."
        if isinstance(a, Hire) and rules.CARD_TYPES[type_of(card)].hire_effect.discard_token:
            if a.token not in state.market_tokens[a.pos]:
                return "There is no token of that value on the card."
        if isinstance(a, Build) and a.replace is not None and not 0 <= a.replace < len(p.buildings):
            return "You have no such building to replace."
        try:
            money, spy = rules.activation_cost(state, seat, a)
        except (IndexError, KeyError, TypeError):
            return "That choice does not fit this card."
        if money > p.money or spy > p.spyrium:
            return f"You cannot afford it: it costs £{money}" + (f" and {spy} Spyrium" if spy else "") + \
                f"; you have £{p.money} and {p.spyrium} Spyrium."
        return "That choice does not fit this card (token, Residence choice or options)."
    if isinstance(a, (UseBuilding, UseTaylorism)):
        if not 0 <= a.building < len(p.buildings):
            return "You have no such building."
        b = p.buildings[a.building]
        ct = rules.CARD_TYPES[type_of(b.card)]
        if not ct.activate_options:
            return "That building has no ability to use."
        if isinstance(a, UseBuilding) and b.tapped:
            return "That building was already used this round."
        if isinstance(a, UseTaylorism):
            if rules.ready_tech(p, "taylorism") is None:
                return "You have no unused Taylorism this round."
            if not b.tapped:
                return "Taylorism re-uses a building already used this round."
        if not 0 <= a.option < len(ct.activate_options):
            return "That building has no such option."
        o = ct.activate_options[a.option]
        return (f"You cannot pay for it: it needs {rules.use_workers(p, ct, o)} active worker(s) "
                f"and {o.spyrium} Spyrium; you have {p.active} and {p.spyrium}.")
    if isinstance(a, UseEvent):
        if p.event_used:
            return "You already used the turn event this round."
        return "You cannot use that option of the turn event now (phase, cost or choice)."
    return "That is not a legal move now."


GAME = Spyrium()
__all__ = ["GAME", "Spyrium", "SpyriumState"]
