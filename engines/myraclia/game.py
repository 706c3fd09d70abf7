"""Myraclia's ``Game``: the engine contract (``engines.core.game.Game``) over the modules of
this package: ``rules`` (set-up, the draft, the terraforming turn, the end of a round),
``reasons`` (why a move is refused, the coach), ``scoring``, ``view`` (what a player sees, the
log line), ``events``, ``labels``, ``determinize`` and ``evaluate`` (the search bots), ``bot``
and ``playout``.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from engines.core.catalog import about
from engines.core.errors import IllegalAction, Refusal
from engines.core.game import Chance, Game, Information, Options
from engines.core.i18n import Text, render
from engines.core.record import GameRecord
from engines.core.rng import Rng
from engines.core.statistics import StatRow

from . import reasons, rules, scoring
from .rules import EFFECTS
from .actions import Action
from .public import MyracliaView
from .determinize import determinize as _determinize
from .evaluate import evaluate as _evaluate
from .playout import playout_action as _playout_action, search_actions as _search_actions
from .dealer import MyracliaDealer, seeded as seeded_dealer
from .state import MyracliaOptions, MyracliaState
from .texts import OPTION_LABELS, SCORE_CATEGORIES
from .view import log_text, view


class Myraclia(Game[MyracliaState, Action]):
    """Myraclia (Rudy Pricinsky, RUDY3 2019): draft elements, terraform a hex planet."""

    name = "myraclia"
    title, description = about("myraclia")["title"], about("myraclia")["description"]  # engines/catalog.json
    min_players = 2
    max_players = 5
    chance, information = Chance.EXPLICIT, Information.IMPERFECT  # draws are chance nodes; what comes out next is hidden
    options_model = MyracliaOptions
    state_model = MyracliaState
    action_adapter = TypeAdapter(Action)

    def setup(self, players: int, seed: int, options: Options) -> MyracliaState:
        assert isinstance(options, MyracliaOptions)  # validate_options gives the options_model
        return rules.setup(players, seed, options)

    to_move = staticmethod(rules.to_move)
    """``rules.to_move`` (bound directly: asked before every move and every draw)."""

    # ---- chance (``rules``, module docstring: the chance nodes) ---------------------------
    def seeded_dealer(self, state: MyracliaState) -> MyracliaDealer:
        """The dealer of a game made from ``state.seed``: it deals what the game drew from
        that seed before its chance was explicit (``dealer``)."""
        return seeded_dealer(state.players, state.seed, state.options)

    def chance_weights(self, state: MyracliaState) -> list[tuple[Action, int]]:
        """The draw's outcomes with their weights (``rules.chance_weights``)."""
        return rules.chance_weights(state)

    sample_chance = staticmethod(rules.sample_chance)
    """One outcome by the weights, without listing them (``rules.sample_chance``; bound
    directly: the search's playouts sample thousands of draws)."""

    def chance_seen_by(self, state: MyracliaState, outcome: Action) -> tuple[int, ...] | None:
        """Everyone: every draw of Myraclia is face up (tiles onto the surface and into the
        offer, elements into a reserve or onto the Draft board, the Eternity token, the
        order of ages), and nothing else is ever hidden (spec §16)."""
        return None

    def legal_actions(self, state: MyracliaState) -> list[Action]:
        return rules.legal_actions(state)

    def check(self, state: MyracliaState, action: Action) -> None:
        """Accepts exactly ``legal_actions``, with a precise reason for anything else
        (``reasons.reason``): a payment or placement written in another order than theirs is
        refused, not reordered, so that the record holds the one form."""
        why = reasons.reason(state, action)
        if why is not None:
            raise IllegalAction(why)

    def why_not(self, state: MyracliaState, action: dict) -> Refusal | None:
        """The coach (``Game.why_not``), reading also the partial moves the board's spots
        stand for, where the choice is not made yet (a tile to terraform with any payment,
        an offer tile to add anywhere, an element of the trade zones to take for any
        element: ``reasons.probe_reason``). Anything else is ``parse_action`` and ``check``,
        as in the core."""
        if reasons.partial(action):
            return self.refusal(reasons.probe_reason(state, action))
        return super().why_not(state, action)

    def play(self, state: MyracliaState, action: Action) -> None:
        rules.play(state, action)

    def play_legal(self, state: MyracliaState, action: Action) -> None:
        """``Game.play_legal``: the rules' effect of the action at once (``rules.EFFECTS``),
        without the calls between; the search and its playouts play every move and every
        draw through it."""
        EFFECTS[action.type](state, action)

    def is_over(self, state: MyracliaState) -> bool:
        return state.phase == "over"

    def scores(self, state: MyracliaState) -> list[int]:
        return scoring.scores(state)

    def score_breakdown(self, state: MyracliaState) -> list[dict[str, int]]:
        return scoring.breakdown(state)

    def winners(self, state: MyracliaState) -> list[int]:
        return scoring.winners(state)

    def view(self, state: MyracliaState, player: int | None) -> MyracliaView:
        return view(state, player)

    def log_text(self, state: MyracliaState, action: Action) -> Text:
        """The public log line (``view.log_text``)."""
        return log_text(state, action)

    def event_texts(self, before: MyracliaState, action: Action, after: MyracliaState) -> list[Text | str]:
        """The log lines of what the rules did by themselves (``events``)."""
        from .events import event_texts
        return event_texts(before, action, after)

    def action_label(self, state: MyracliaState, action: Action, lang: str = "en") -> str:
        """The button text for the player to move: names the tile, the elements paid or
        placed (wildcards marked), the VP, the column or position (``labels``)."""
        from .labels import action_label
        seat = rules.to_move(state)
        assert seat is not None  # a button is for the player to move: the game is not over
        return render(action_label(state, action, seat), lang)

    def action_steps(self, state: MyracliaState, action: Action, lang: str = "en") -> list[str]:
        """The picker's steps: kind of action, tile, then the payment's direct matches and
        its wildcards (``labels.action_steps``)."""
        from .labels import action_steps
        seat = rules.to_move(state)
        assert seat is not None  # the steps are for the player to move: the game is not over
        return [render(t, lang) for t in action_steps(state, action, seat)]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The names of the ``score_breakdown`` keys in ``lang`` (the end-of-game table)."""
        return {k: v.render(lang) for k, v in SCORE_CATEGORIES.items()}

    def statistics(self, record: GameRecord) -> list[StatRow]:
        """The end-of-game figures per seat (``statistics.py``)."""
        from .statistics import statistics
        return statistics(self, record)

    def option_label(self, name: str, lang: str = "en") -> str:
        """The description of option ``name`` in ``lang`` (the New game form)."""
        text = OPTION_LABELS.get(name)
        if text is None:
            field = self.options_model.model_fields.get(name)
            return (field.description or name) if field else name
        return text.render(lang)

    # ``reveals_information`` / ``reveals_to``: the core's (an outcome seen is a reveal). Hidden
    # in Myraclia is only what lies in the three bags, and every look into them is a draw,
    # a chance node seen by everyone: a tile out of the tile bag, an element drawn at random
    # from the element bag, the Eternity token. An element of a named colour taken from the
    # bag (the released element of §8.3 when the discard pile has none, an Eternity element)
    # is no reveal: the bag's content is known to everyone, since the cubes of each colour are
    # counted (§2.1) and every cube outside the bag is on the table; D24 (no tile drawn, the
    # bag holding only Darkness tiles) follows from the public count of the tiles.

    def bots(self) -> dict[str, Any]:
        """"easy": the heuristic with deliberate mistakes; "playout": the playout policy as a
        bot; "normal" and "hard": ISMCTS (``engines.core.search``) on ``determinize``, with
        budgets of about 0.3 s and 1.2 s a decision on CPython at 3 players; "heuristic"
        stays last, the level the New game form offers first."""
        from engines.core.bots import with_mistakes
        from engines.core.search import search_bot

        from .bot import choose
        from .playout import choose as playout
        return {"easy": with_mistakes(choose, EASY_MISTAKES), "playout": playout,
                "normal": search_bot(NORMAL_ITERATIONS, playout_steps=PLAYOUT_STEPS),
                "hard": search_bot(HARD_ITERATIONS, playout_steps=PLAYOUT_STEPS),
                "heuristic": choose}

    def determinize(self, state: MyracliaState, player: int, rng: Rng) -> MyracliaState:
        """The same state, its dealer (if it has one) re-seeded (``determinize``: the bags'
        content is public, and what comes out of them is chance)."""
        return _determinize(state, player, rng)

    def evaluate(self, state: MyracliaState, player: int) -> float:
        """The true win share at the end; before, a softmax over estimated final scores
        (``evaluate``)."""
        return _evaluate(state, player)

    def playout_action(self, state: MyracliaState, rng: Rng) -> Action:
        """The heuristic's judgement, cut down for search playouts (``playout``)."""
        return _playout_action(self, state, rng)

    def search_actions(self, state: MyracliaState) -> list[Action]:
        """The actions the search bots consider (``Game.search_actions``): the legal
        actions with no trade but the one the playout policy would make (``playout.search_actions``:
        unlimited free trades let a search swap elements back and forth without end)."""
        return _search_actions(state, self.legal_actions(state))

    def reference(self, lang: str = "en") -> list[dict]:
        """Every element colour, tile, Eternity token, surface type, board and piece, each
        ``{"id", "kind", "name", "text"}`` in ``lang``, for the "How to play" screen
        (``reference.py``)."""
        from .reference import reference
        return reference(lang)


#: the search levels' budgets (iterations a decision) and playout length (actions)
NORMAL_ITERATIONS = 80
HARD_ITERATIONS = 320
PLAYOUT_STEPS = 20
#: how often the "easy" bot plays a random legal action instead of the heuristic's choice
EASY_MISTAKES = 0.3
