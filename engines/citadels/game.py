"""The engine contract for Citadels: the ``Citadels`` game class wiring ``rules``, ``scoring``,
``view``, ``labels`` and the bots into ``engines.core.game.Game``."""

from __future__ import annotations

from typing import Any

from engines.core.catalog import about
from engines.core.errors import IllegalAction
from engines.core.game import Game
from engines.core.i18n import Text, player
from engines.core.rng import Rng

from . import labels, rules, scoring
from . import texts as tx
from .actions import ACTION_ADAPTER
from .components import ARCHITECT, ASSASSIN, DISTRICTS, MAGICIAN, THIEF, WARLORD, C, effect, kind
from .texts import T
from .state import CitadelsOptions, CitadelsState
from .view import view as _view
from .playout import playout_action as _playout, playout_bot


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

    def why_not(self, state: CitadelsState, action: dict) -> "Text | str | None":  # type: ignore[override]
        """The coach (``Game.why_not``). One board spot stands for a move with a choice still
        open: the Laboratory in the player's city, ``{"type": "laboratory"}`` with no card
        named yet. It gets the rule that forbids every Laboratory move now (used already,
        an empty hand, not your turn's moment...), or None when some card may go there."""
        if isinstance(action, dict) and action == {"type": "laboratory"}:
            return rules.why_laboratory(state)
        return super().why_not(state, action)

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

    def log_text(self, state: CitadelsState, action: Any) -> Text:  # type: ignore[override]
        """A log line that shows nothing hidden (no kept card, no chosen character)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        seat = rules.to_move(state)
        p = player(seat) if seat is not None else T("Nobody")
        t = action.type
        me = tx.who(seat, state.called) if (seat is not None and state.phase != "draft" and state.called
                                            and state.phase != "graveyard") else p
        deck = len(state.deck)
        if t == "choose_character":
            return T("{player} chooses a character", player=p)
        if t == "discard_character":
            return T("{player} puts a character face down", player=p)
        if t == "take_gold":
            return T("{player} takes {gold}", player=me, gold=tx.gold(C.income_take_gold))
        if t == "draw_cards":
            return T("{player} draws {cards}", player=me, cards=tx.cards(min(action.count, deck)))
        if t == "keep_card":
            return T("{player} keeps a card", player=p)
        if t == "put_bottom":
            return T("{player} puts a card at the bottom of the deck", player=p)
        if t == "build":
            return T("{player} builds {district} for {gold}", player=me, district=tx.the_district(action.district),
                     gold=tx.gold(DISTRICTS[action.district].cost))
        if t == "collect_income":
            income = rules.district_income(state, rules.active_seat(state), state.called)
            return T("{player} collects {gold} of district income", player=me, gold=tx.gold(income))
        if t == "end_turn":
            return T("{player} ends the turn", player=me)
        if t == "assassinate":
            return T("{player} kills {character}", player=tx.who(seat, ASSASSIN), character=tx.the_char(action.rank))
        if t == "rob":
            return T("{player} robs {character}", player=tx.who(seat, THIEF), character=tx.the_char(action.rank))
        if t == "magician_exchange":
            return T("{player} exchanges hands with {other}", player=tx.who(seat, MAGICIAN),
                     other=player(action.target))
        if t == "magician_discard":
            return T("{player} puts a card at the bottom of the deck", player=tx.who(seat, MAGICIAN))
        if t == "magician_draw":
            return T("{player} draws {cards}", player=tx.who(seat, MAGICIAN),
                     cards=tx.cards(min(max(0, state.magician_redraw), deck)))
        if t == "architect_draw":
            return T("{player} draws {cards} extra", player=tx.who(seat, ARCHITECT),
                     cards=tx.cards(min(C.architect_extra_draw, deck)))
        if t == "destroy" and rules.destroy_cost(action.district) == 0:
            return T("{player} destroys {district} of {other} for free", player=tx.who(seat, WARLORD),
                     district=tx.the_district(action.district), other=player(action.target))
        if t == "destroy":
            return T("{player} destroys {district} of {other} for {gold}", player=tx.who(seat, WARLORD),
                     district=tx.the_district(action.district), other=player(action.target),
                     gold=tx.gold(rules.destroy_cost(action.district)))
        if t == "no_destroy":
            return T("{player} destroys nothing", player=tx.who(seat, WARLORD))
        if t == "laboratory":
            return T("{player} discards a card to the Laboratory for {gold}", player=p,
                     gold=tx.gold(effect("laboratory", "gain_gold")))
        if t == "smithy":
            return T("{player} pays {gold} at the Smithy and draws {cards}", player=p,
                     gold=tx.gold(effect("smithy", "pay_gold")),
                     cards=tx.cards(min(effect("smithy", "draw"), deck)))
        if t == "graveyard_take":
            return T("{player} pays {gold} to take the destroyed {district} into hand (Graveyard)", player=p,
                     gold=tx.gold(effect("graveyard", "pay_gold")), district=tx.district(kind(state.destroyed)))
        if t == "graveyard_decline":
            return T("{player} does not buy the destroyed district", player=p)
        return T("{player} makes an unknown move", player=p)

    def event_texts(self, before: CitadelsState, action: Any, after: CitadelsState) -> list:  # type: ignore[override]
        """What the rules did by themselves after ``action`` (calls, reveals, robbery, crown,
        Merchant's gold, automatic income and draws, the end of a round, the final scores),
        replayed on a copy of ``before`` with the rules' event notes switched on."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return rules.events_of(before, action)

    def action_label(self, state: CitadelsState, action: Any, lang: str = "en") -> str:  # type: ignore[override]
        """The button text for the player to move (private: it may name his own hidden
        characters and cards). Every legal action gets a clear, distinct label."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return labels.action_label(state, action, lang)

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The names of the ``score_breakdown`` keys in ``lang`` (the end-of-game table)."""
        return {k: v.render(lang) for k, v in tx.SCORE_CATEGORY.items()}

    def statistics(self, record) -> list:
        """The end-of-game figures per seat (``statistics.py``: characters, gold, districts...)."""
        from .statistics import statistics
        return statistics(self, record)

    def reference(self, lang: str = "en") -> list[dict]:
        """Every component (characters, districts, crown, bank, deck) as ``{"id", "kind",
        "name", "text"}`` in ``lang``, for the "How to play" screen (``reference.py``)."""
        from .reference import reference
        return reference(lang)

    def option_label(self, name: str, lang: str = "en") -> str:
        """What an option of ``CitadelsOptions`` does, in ``lang`` (the New game form)."""
        text = tx.OPTION.get(name)
        return text.render(lang) if text is not None else name

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
        character (the cards left are shown to the next chooser only, after the hand-off:
        ``reveals_to`` counts that for him), keeping drawn cards or putting them under
        the deck, discards of the Magician and the
        Laboratory (face down), destroying (a city everyone sees), and
        drawing from an empty deck (its size is public).
        """
        return (before.rng != after.rng or before.draws != after.draws
                or before.revealed != after.revealed or before.round != after.round
                or before.called != after.called
                or any(len(a) > len(b) for a, b in zip(after.cities, before.cities))  # a build
                or before.swaps != after.swaps or before.phase != after.phase and after.phase == "over")

    def reveals_to(self, before: CitadelsState, action: Any, after: CitadelsState, seat: int) -> bool:  # type: ignore[override]
        """``reveals_information``, and a draft choice that hands the cards left to ``seat``:
        he now sees them, which tells him something of what the earlier choosers took.
        Without this, a player alone with bots could pick, let the bots pick, see what came
        back to him, undo it all and pick again knowing (the bots decide the same way from
        the same position). Handing the cards to someone else shows this seat nothing, so a
        player may still take back his own choice while the next one has not acted."""
        return (self.reveals_information(before, action, after)
                or before.phase == "draft" and after.phase == "draft"
                and self.to_move(after) == seat != self.to_move(before))

    def playout_action(self, state: CitadelsState, rng: Rng) -> Any:  # type: ignore[override]
        """The playout policy: the heuristic's judgement without its repeated scans, a
        ``view`` or one random draw per candidate (``playout.py``); an object of the list
        ``legal_actions`` returns, so ``apply`` takes it without a second check."""
        return _playout(state, rng, self.legal_actions(state))

    def determinize(self, state: CitadelsState, player: int, rng: Rng) -> CitadelsState:  # type: ignore[override]
        """See ``determinize.py`` (what is hidden, how it is re-dealt, what is approximated)."""
        from .determinize import determinize
        return determinize(state, player, rng)

    def evaluate(self, state: CitadelsState, player: int) -> float:  # type: ignore[override]
        """The true win share at the end; before, a softmax of estimated final scores: the
        running score plus what gold and cards in hand may still become, weighted by how far
        the game is from its end (the longest city against the threshold)."""
        if state.phase == "over":
            w = scoring.winners(state)
            return 1.0 / len(w) if player in w else 0.0
        import math
        sc = scoring.scores(state)
        n = rules.threshold(state)
        left = max(0.0, 1.0 - max(len(c) for c in state.cities) / n)
        est = [sc[i] + left * (0.9 * state.gold[i] + 1.6 * len(state.hands[i])) + 0.3 * state.gold[i]
               for i in range(state.players)]
        top = max(est)
        temp = 2.5 + 6.0 * left
        w = [math.exp((e - top) / temp) for e in est]
        return w[player] / sum(w)

    def bots(self) -> dict[str, Any]:
        """"playout" (the playout policy as a bot: it reads only what its seat may see),
        "easy" (the heuristic, a random legal move 30% of the time), "normal" and "hard"
        (ISMCTS search, ``engines.core.search``) and "heuristic" (``bot.py``), kept last
        (the page offers the last one first)."""
        from engines.core.bots import with_mistakes
        from engines.core.search import search_bot
        from .bot import choose
        return {"playout": playout_bot, "easy": with_mistakes(choose, EASY_MISTAKES),
                "normal": search_bot(NORMAL_ITERATIONS, playout_steps=PLAYOUT_STEPS),
                "hard": search_bot(HARD_ITERATIONS, playout_steps=PLAYOUT_STEPS),
                "heuristic": choose}


#: search budgets (about 0.3 s and 1.2 s a decision on CPython at 3 players)
NORMAL_ITERATIONS = 500
HARD_ITERATIONS = 2000
PLAYOUT_STEPS = 40
EASY_MISTAKES = 0.3  # how often the "easy" bot plays a random legal action


GAME = Citadels()
