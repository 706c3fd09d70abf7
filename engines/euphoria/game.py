"""The Euphoria ``Game`` (engine contract of ``engines.core.game``)."""

from __future__ import annotations

from typing import Any

from engines.core.catalog import about
from engines.core.errors import IllegalAction
from engines.core.game import Game

from . import rules
from .actions import ACTION_ADAPTER, Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import FACTIONS, MARKETS, RECRUITS, SPACES
from .effects import faction_revealed
from .scoring import breakdown, stars_placed
from .state import EuphoriaOptions, EuphoriaState
from .view import view as _view
from .labels import action_steps, label, public_line


class Euphoria(Game):
    name = "euphoria"
    title, description = about("euphoria")["title"], about("euphoria")["description"]  # engines/catalog.json
    min_players, max_players = 2, 6
    options_model = EuphoriaOptions
    state_model = EuphoriaState
    action_adapter = ACTION_ADAPTER

    def setup(self, players, seed, options):
        return rules.setup(players, seed, options)

    def to_move(self, state):
        if state.phase == "over" or not state.tasks:
            return None
        return state.tasks[-1]["p"]

    def legal_actions(self, state) -> list[Any]:
        if state.phase == "over" or not state.tasks:
            return []
        t = state.tasks[-1]
        if t["k"] == "turn":
            return rules.turn_actions(state)
        return [Choose(option=o) for o in t["opts"]]

    def check(self, state, action) -> None:
        """Accepts exactly ``legal_actions``: the pending choice's own options, or the turn's
        actions (``rules.check_turn_action``, with precise reasons)."""
        if state.phase == "over" or not state.tasks:
            raise IllegalAction("The game is over.")
        t = state.tasks[-1]
        if t["k"] != "turn":
            if not isinstance(action, Choose):
                raise IllegalAction("Answer the pending choice first.")
            if action.option not in t["opts"]:
                raise IllegalAction(f"'{action.option}' is not one of the choices now.")
            return
        why = rules.check_turn_action(state, action)
        if why:
            raise IllegalAction(f"Not allowed: {why}.")

    def play(self, state, action) -> None:
        t = state.tasks[-1]
        if t["k"] == "turn":
            rules.play_turn_action(state, action)
        else:
            rules.RESOLVE[t["k"]](state, t, action.option)
            rules.run(state)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def scores(self, state) -> list[int]:
        return [stars_placed(state, p) for p in range(state.players)]

    def score_breakdown(self, state) -> list[dict[str, int]]:
        return [breakdown(state, p) for p in range(state.players)]

    def winners(self, state) -> list[int]:
        return list(state.winners)

    def view(self, state, player) -> dict:
        return _view(state, player)

    def describe(self, state, action, lang: str = "en") -> str:
        """The public log line (never names a hidden recruit or kept tile): ``labels``."""
        return public_line(state, f"Player {(self.to_move(state) or 0) + 1}", action)

    def action_label(self, state, action, lang: str = "en") -> str:
        """The private button text naming card, space, cost and option: ``labels``."""
        return label(state, action)

    def action_steps(self, state, action, lang: str = "en") -> list[str]:
        """The choices of ``action`` one at a time (kind, region, space, worker...): ``labels``."""
        return action_steps(state, action)

    def reveals_information(self, before, action, after) -> bool:
        """True when the move showed anything new to anyone, or *looked* at something hidden,
        whatever it found (undo is then refused).

        - chance: the PRNG moved (a roll, a shuffle), or the phase changed (set-up to play,
          the end);
        - a deck was drawn from (artifacts, recruits), or cards of a secret hand went face up
          (a payment, a discard, the Gambler's shown hand), a recruit turned face up, a market
          tile was turned over;
        - a faction's hidden recruits were called out: its allegiance reached the reveal tier
          or its miner the reveal space (D-32). Every hidden recruit of that faction is
          revealed at that moment, so the move tells everyone who holds one, and equally that
          nobody does: it counts even when no recruit turned face up;
        - a secret choice was made (keeping recruits or a tile, a draft pick, answering a
          trade), or the decision belonged to another player than the one whose turn it is.
        """
        if before.rng != after.rng or before.phase != after.phase:
            return True
        if any(faction_revealed(before, f) != faction_revealed(after, f) for f in FACTIONS):
            return True  # the reveal check ran, whether or not anybody held such a recruit
        if len(before.art_deck) != len(after.art_deck) or len(before.recruit_deck) != len(after.recruit_deck):
            return True
        if before.art_discard != after.art_discard or before.shown != after.shown:
            return True  # cards from a secret hand went face up (payment, discard, Gambler)
        if any(a.active != b.active for a, b in zip(before.p, after.p)) or before.built != after.built:
            return True
        t = before.tasks[-1] if before.tasks else {}
        return t.get("p") != before.current or t.get("k") in ("keep", "draft", "mkt_keep", "trade_answer")

    def bots(self) -> dict[str, Any]:
        from .bot import choose
        return {"heuristic": choose}
