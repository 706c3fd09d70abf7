"""Spyrium's ``Game``: the engine contract (``engines.core.game.Game``) over the modules of
this package (``rules``, ``reasons``, ``scoring``, ``view``, ``events``, ``labels``, ``bot``,
``playout``, ``determinize``, ``evaluate``)."""

from __future__ import annotations

from typing import Any, cast

from pydantic import TypeAdapter

from engines.core.catalog import about
from engines.core.chance import CHANCE, Source
from engines.core.errors import IllegalAction, Refusal
from engines.core.game import Chance, Game, Information, Options
from engines.core.i18n import Text
from engines.core.record import GameRecord
from engines.core.rng import Rng
from engines.core.statistics import StatRow

from . import chance, events, reasons, rules, scoring
from .actions import OUTCOMES, Action
from .chance import sample_chance as _sample_chance
from .dealer import SpyriumDealer, seeded
from .public import SpyriumView
from .components import MAX_PLAYERS, MIN_PLAYERS
from .determinize import determinize as _determinize
from .evaluate import evaluate as _evaluate
from .state import SpyriumState
from .labels import label, steps
from .playout import playout_action as _playout
from .texts import CATEGORY_NAMES, T
from .view import log_text, view


class SpyriumOptions(Options):
    """Spyrium has no variants or expansions in the spec (D-28: no 2-player variant)."""


class Spyrium(Game[SpyriumState, Action]):
    name = "spyrium"
    title, description = about("spyrium")["title"], about("spyrium")["description"]  # engines/catalog.json
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    chance, information = Chance.EXPLICIT, Information.IMPERFECT  # chance nodes; decks and reserve face down
    options_model = SpyriumOptions
    state_model = SpyriumState
    action_adapter = TypeAdapter(Action)

    def setup(self, players: int, seed: int, options: Options) -> SpyriumState:
        """§2: every pile face down, at the first chance node (the preview event)."""
        return rules.setup(players, seed)

    def seeded_dealer(self, state: SpyriumState) -> SpyriumDealer:
        """The dealer of ``state.seed`` (``dealer.py``): the old set-up's shuffles and draws."""
        return seeded(state.seed)

    def to_move(self, state: SpyriumState) -> int | None:
        if state.dealing is not None:
            return CHANCE
        return None if state.over else state.current

    def chance_weights(self, state: SpyriumState) -> list[tuple[Action, int]]:
        """The outcomes of the chance node with their weights (``chance``):
        an event or a card (weight 1 each), a token (weight: how many of that value are
        left), the first player (weight 1 a seat)."""
        return chance.chance_weights(state)

    # A uniform item of the pile drawn from, the weights of ``chance_weights`` (the search's
    # and the playouts' chance: the function itself, one call less)
    sample_chance = staticmethod(_sample_chance)

    def chance_seen_by(self, state: SpyriumState, outcome: Action) -> tuple[int, ...] | None:
        """Everyone: every event, card and token is drawn face up, the first player is public.
        So a move reveals something to every seat exactly when chance follows it (it starts a
        round): the core's ``reveals_information`` / ``reveals_to`` read it from ``seen``."""
        return None

    def deal(self, state: SpyriumState, source: Source | None = None) -> list[Action]:
        """``Game.deal``, faster from the state's own seeded dealer (a new game, every
        ``apply`` of a seeded game): the same outcomes played the same way, each counted in
        ``dealt`` and seen by every seat (``chance_seen_by``), without the per-outcome calls."""
        dealer = state.dealer
        if source is not None or dealer is None:
            return super().deal(state, source)
        dealt: list[Action] = []
        while state.dealing is not None:
            outcome = dealer.pick(self, state)
            chance.play_outcome(state, outcome)
            dealt.append(outcome)
        if dealt:
            n = len(dealt)
            state.dealt += n
            state.seen = [k + n for k in state.seen] if state.seen else [n] * state.players
        return dealt

    def legal_actions(self, state: SpyriumState) -> list[Action]:
        if state.dealing is not None:
            return [o for o, _ in chance.chance_weights(state)]
        return rules.legal_actions(state)

    def check(self, state: SpyriumState, action: Action) -> None:
        if state.dealing is not None:
            if any(action == o for o, _ in chance.chance_weights(state)):
                return
            raise IllegalAction(T("That cannot be drawn now.") if isinstance(action, OUTCOMES)
                                else T("The table is being dealt: wait for the draw."))
        if isinstance(action, OUTCOMES):
            raise IllegalAction(T("That is a draw, not a move."))
        if state.over:
            raise IllegalAction(T("The game is over."))
        if rules.is_legal(state, action):
            return
        raise IllegalAction(reasons.reason(state, action))

    def why_not(self, state: SpyriumState, action: dict) -> Refusal | None:
        """The coach (``Game.why_not``): a whole action as ``check`` judges it; a board spot's
        probe that names only part of a move (a market card with no worker or token chosen,
        a building with no option, the turn event) by ``reasons.probe_reason``: None when
        some legal action has all its fields, else the reason of its most favourable
        completion, which names what is specific to the spot."""
        if reasons.partial(action):
            try:
                return self.refusal(reasons.probe_reason(state, action))
            except LookupError:  # no move of that kind has these fields: the parser's refusal
                pass
        return super().why_not(state, action)

    def play(self, state: SpyriumState, action: Action) -> None:
        """A player's move (``rules.play``), or at a chance node its outcome (``chance``)."""
        if state.dealing is None:
            rules.play(state, action)
        else:
            chance.play_outcome(state, action)

    play_legal = play  # what ``Game.play_legal`` does, one call less (the search's hot path)

    def is_over(self, state: SpyriumState) -> bool:
        return state.over

    def scores(self, state: SpyriumState) -> list[int]:
        return scoring.scores(state)

    def score_breakdown(self, state: SpyriumState) -> list[dict[str, int]]:
        return [scoring.breakdown(p) for p in state.players_]

    def winners(self, state: SpyriumState) -> list[int]:
        return scoring.winners(state)

    def view(self, state: SpyriumState, player: int | None) -> SpyriumView:
        return view(state, player)

    def log_text(self, state: SpyriumState, action: Action) -> Text:
        """The public log line (``view.log_text``)."""
        return log_text(state, action)

    def event_texts(self, before: SpyriumState, action: Action, after: SpyriumState) -> list[Text | str]:
        """What the rules did by themselves: gains, tokens, bonuses, round end and start
        (income, events, market, first player), final scoring (``events``)."""
        return events.event_texts(before, action, after)

    def action_label(self, state: SpyriumState, action: Action, lang: str = "en") -> str:
        """The button text: what the action does, with card, place, price and option."""
        return label(state, action).render(lang)

    def action_steps(self, state: SpyriumState, action: Action, lang: str = "en") -> list[str]:
        """The choices one at a time: kind, card, worker, how, price, Residence (``labels.steps``)."""
        return [s.render(lang) for s in steps(state, action)]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The name of each ``score_breakdown`` key in ``lang`` (the end-of-game table)."""
        return {k: v.render(lang) for k, v in CATEGORY_NAMES.items()}

    def statistics(self, record: GameRecord) -> list[StatRow]:
        """The end-of-game figures per seat (``statistics.py``)."""
        from .statistics import statistics
        return statistics(self, record)

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

    def playout_action(self, state: SpyriumState, rng: Rng) -> Action:
        """The playout policy: the heuristic's worths without copies or lookahead
        (``playout.py``); an object of the list ``legal_actions`` returns."""
        return _playout(state, rng, self.legal_actions(state))

    def determinize(self, state: SpyriumState, player: int, rng: Rng) -> SpyriumState:
        """The order of the decks, the token reserve and the events below the preview dealt
        again for a seeded dealer re-seeded (``determinize``: their content is public, only
        their order is hidden)."""
        return _determinize(state, player, rng)

    def evaluate(self, state: SpyriumState, player: int) -> float:
        """The true win share at the end; before, a softmax over estimated final scores
        (``evaluate``)."""
        return _evaluate(state, player)

    def bots(self) -> dict[str, Any]:
        """"playout" (the playout policy as a level for the CLI and the arena), "easy" (the
        heuristic, a random legal move ``EASY_MISTAKES`` of the time), "normal" and "hard"
        (ISMCTS, ``engines.core.search``, on ``determinize``) and "heuristic" (``bot.py``),
        kept last as in every game.

        Hard is Normal's search with more iterations, a smaller exploration constant
        (``HARD_EXPLORATION``) and the other seats played by the playout policy
        (``opponents="policy"``: the tree holds only Hard's own choices). With Normal's
        settings and four times its budget it was not measurably stronger (5.5 of 10 games),
        because ``evaluate``'s values of the root actions lie within a few hundredths of each
        other while the exploration term at c = 0.7 is ten times that: the visits were spread
        almost evenly and the most visited action was close to a draw among them. Measured
        with ``bench/arena.py spyrium --players 2 --games 16 --seed0 20001 --jobs 1`` at an
        equal 100 iterations against c = 0.7 with the tree over every seat: c = 0.2 won 13
        of 16 (c = 0.1: 5.5 of 16, too greedy), the policy's opponents 13 of 16, both 12 of
        16, and 40 playout steps instead of 20 gave nothing (10 of 16, a mean margin of -0.4 VP)
        at twice the time. These settings at 800 iterations won 9 of 10 against Normal on the
        same seeds (a mean margin of 15 VP); cut to 600 iterations for the worker's time
        (``HARD_ITERATIONS``), Hard won 20 of 30 against Normal on seeds not tuned on
        (``bench/arena.py spyrium --players 2 --bots hard,normal --games 30 --seed0 30001
        --jobs 1``; median 680 ms a decision, Normal 225 ms, on a loaded CPython) but only 4.5
        of the next 12 (``--games 12 --seed0 30031``): 24.5 of 42, 58% (95% interval 43-72%),
        not yet clearly stronger at 2 players. At 4 players it won 8 of 8 against three
        heuristic bots (``--players 4 --bots hard,heuristic,heuristic,heuristic --games 8
        --seed0 30001``)."""
        from engines.core.bots import Bot, with_mistakes
        from engines.core.search import search_bot

        from .bot import choose
        return {"playout": lambda game, state, rng: game.playout_action(state, rng),
                # cast: this game hands its bots only its own states (a SpyriumState)
                "easy": with_mistakes(cast(Bot, choose), EASY_MISTAKES),
                "normal": search_bot(NORMAL_ITERATIONS, playout_steps=PLAYOUT_STEPS),
                "hard": search_bot(HARD_ITERATIONS, exploration=HARD_EXPLORATION,
                                   playout_steps=PLAYOUT_STEPS, opponents="policy"),
                "heuristic": choose}


#: the search levels' budgets (iterations a decision): Normal 0.24 s of CPU a decision on
#: CPython at 3 players (0.235 s mean at 250); Hard's 600 iterations, with the opponents played
#: by the policy, cost 3.25 times Normal's decision (medians over the 16 positions of
#: ``bench/bot_times.py`` at 3 players, 1.36 s against 0.42 s on a loaded machine: about 0.8 s
#: unloaded, the old 1000 iterations 4.1 times); the playout length (actions) is about two
#: thirds of a round at 3 players (a game is ~180 actions)
NORMAL_ITERATIONS = 250
HARD_ITERATIONS = 600
#: Hard's exploration constant (Normal keeps the search's 0.7): the root actions' values differ
#: by a few hundredths, so a smaller term lets the visits follow the values (``bots``)
HARD_EXPLORATION = 0.2
PLAYOUT_STEPS = 20
#: how often the "easy" bot plays a random legal action instead of the heuristic's choice
EASY_MISTAKES = 0.3
