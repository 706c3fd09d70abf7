"""Citadels — original 2000 edition (*Ohne Furcht und Adel*, Bruno Faidutti, Hans im Glück).

The folder reads like the rulebook: ``data.json`` + ``components.py`` (the cards),
``state.py`` (the table), ``actions.py`` (every choice), ``rules.py`` (set-up, legal moves,
their effects), ``scoring.py``, ``view.py`` (hidden information) and ``bot.py``.
"""

from __future__ import annotations

from typing import Any

from engines.core.catalog import about
from engines.core.errors import IllegalAction
from engines.core.game import Game

from . import labels, rules, scoring
from .actions import ACTION_ADAPTER
from .components import DISTRICTS, C, character_name, district_name, effect, kind
from .state import CitadelsOptions, CitadelsState
from .view import view as _view


def _cards(n: int) -> str:
    """"1 card", "2 cards": the number of cards an effect really draws (§11.1, D-07)."""
    return f"{n} card" if n == 1 else f"{n} cards"


class Citadels(Game):
    name = "citadels"
    title, description = about("citadels")["title"], about("citadels")["description"]  # engines/catalog.json
    min_players = 2
    max_players = 7
    options_model = CitadelsOptions
    state_model = CitadelsState
    action_adapter = ACTION_ADAPTER

    def setup(self, players: int, seed: int, options: CitadelsOptions) -> CitadelsState:  # type: ignore[override]
        return rules.setup(players, seed, options)

    def to_move(self, state: CitadelsState) -> int | None:  # type: ignore[override]
        return rules.to_move(state)

    def legal_actions(self, state: CitadelsState) -> list:  # type: ignore[override]
        return rules.legal_actions(state)

    def check(self, state: CitadelsState, action: Any) -> None:  # type: ignore[override]
        reason = rules.why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)

    def play(self, state: CitadelsState, action: Any) -> None:  # type: ignore[override]
        rules.play(state, action)

    def is_over(self, state: CitadelsState) -> bool:  # type: ignore[override]
        return state.phase == "over"

    def scores(self, state: CitadelsState) -> list[int]:  # type: ignore[override]
        return scoring.scores(state)

    def score_breakdown(self, state: CitadelsState) -> list[dict[str, int]]:  # type: ignore[override]
        return scoring.breakdown(state)

    def winners(self, state: CitadelsState) -> list[int]:  # type: ignore[override]
        return scoring.winners(state)

    def view(self, state: CitadelsState, player: int | None) -> dict:  # type: ignore[override]
        return _view(state, player)

    def describe(self, state: CitadelsState, action: Any, lang: str = "en") -> str:  # type: ignore[override]
        """A log line that shows nothing hidden (no kept card, no chosen character)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        who = rules.to_move(state)
        p = f"Player {who + 1}" if who is not None else "Nobody"
        t = action.type
        as_char = f" (the {character_name(state.called)})" if state.phase != "draft" and state.called else ""
        if t == "choose_character":
            return f"{p} chooses a character"
        if t == "discard_character":
            return f"{p} puts a character face down"
        if t == "take_gold":
            return f"{p}{as_char} takes {C.income_take_gold} gold"
        if t == "draw_cards":
            return f"{p}{as_char} draws {_cards(min(action.count, len(state.deck)))}"
        if t == "keep_card":
            return f"{p} keeps a card"
        if t == "put_bottom":
            return f"{p} puts a card at the bottom of the deck"
        if t == "build":
            return f"{p}{as_char} builds the {district_name(action.district)} for {DISTRICTS[action.district].cost} gold"
        if t == "collect_income":
            seat = rules.active_seat(state)
            return f"{p}{as_char} collects {rules.district_income(state, seat, state.called)} gold of district income"
        if t == "end_turn":
            return f"{p}{as_char} ends the turn"
        if t == "assassinate":
            return f"{p} (the Assassin) kills the {character_name(action.rank)}"
        if t == "rob":
            return f"{p} (the Thief) robs the {character_name(action.rank)}"
        if t == "magician_exchange":
            return f"{p} (the Magician) exchanges hands with Player {action.target + 1}"
        if t == "magician_discard":
            return f"{p} (the Magician) puts a card at the bottom of the deck"
        if t == "magician_draw":
            return f"{p} (the Magician) draws {_cards(min(max(0, state.magician_redraw), len(state.deck)))}"
        if t == "architect_draw":
            return f"{p} (the Architect) draws {_cards(min(C.architect_extra_draw, len(state.deck)))} extra"
        if t == "destroy":
            return (f"{p} (the Warlord) destroys the {district_name(action.district)} of Player "
                    f"{action.target + 1} for {rules.destroy_cost(action.district)} gold")
        if t == "no_destroy":
            return f"{p} (the Warlord) destroys nothing"
        if t == "laboratory":
            return f"{p} discards a card to the Laboratory for {effect('laboratory', 'gain_gold')} gold"
        if t == "smithy":
            return f"{p} pays {effect('smithy', 'pay_gold')} gold at the Smithy and draws {_cards(min(effect('smithy', 'draw'), len(state.deck)))}"
        if t == "graveyard_take":
            return f"{p} pays {effect('graveyard', 'pay_gold')} gold to take the destroyed {district_name(kind(state.destroyed))} into hand (Graveyard)"
        if t == "graveyard_decline":
            return f"{p} does not buy the destroyed district"
        return f"{p}: {t}"

    def action_label(self, state: CitadelsState, action: Any, lang: str = "en") -> str:  # type: ignore[override]
        """The button text for the player to move (private: it may name his own hidden
        characters and cards). Every legal action gets a clear, distinct label."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return labels.action_label(state, action)

    def reveals_information(self, before: CitadelsState, action: Any, after: CitadelsState) -> bool:  # type: ignore[override]
        """True when the move showed something new, or looked at something hidden whatever it
        found (undo is then refused):

        - the PRNG moved (a new round's character shuffle) or a new round began;
        - cards were drawn from the deck (income, Observatory, Architect, Smithy, Magician);
        - the Magician saw another hand (an exchange, even with an empty hand);
        - characters were called (``called`` moved): every call asks who holds that rank,
          so it counts whatever the answer. Calling goes on until a character answers or the
          round ends, so a rank nobody holds, and the killed one (silent, §6.3), are always
          called in a move that also reveals the next character or ends the round. The
          Thief's target learns it is robbed, and the crown passes, at that reveal; the heir
          of a killed King (V2) is shown at the end of the round;
        - a district was built: the card leaves the builder's hidden hand and is shown to
          everyone (as Euphoria counts its own-hand cards going face up);
        - the game ended (the final scores).

        Not reveals, after an audit of every hidden part: naming the Assassin's or the
        Thief's target (nothing is checked until the call), choosing or putting down a
        character (the cards left are shown to the next chooser only, after the hand-off),
        keeping drawn cards or putting them under the deck, discards of the Magician and the
        Laboratory (face down), destroying (a city everyone sees), and
        drawing from an empty deck (its size is public).
        """
        return (before.rng != after.rng or before.draws != after.draws
                or before.revealed != after.revealed or before.round != after.round
                or before.called != after.called
                or any(len(a) > len(b) for a, b in zip(after.cities, before.cities))  # a build
                or before.swaps != after.swaps or before.phase != after.phase and after.phase == "over")

    def bots(self) -> dict[str, Any]:
        from .bot import choose
        return {"heuristic": choose}


GAME = Citadels()

__all__ = ["GAME", "Citadels", "CitadelsState", "CitadelsOptions"]
