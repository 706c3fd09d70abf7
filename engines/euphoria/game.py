"""Euphoria's ``Game``: the engine contract (``engines.core.game.Game``) over the modules of
this package (``rules``, ``reasons``, ``scoring``, ``view``, ``labels``, ``events``, ``bot``,
``playout``, ``determinize``, ``evaluate``)."""

from __future__ import annotations

from typing import Any

from engines.core.catalog import about
from engines.core.chance import CHANCE
from engines.core.errors import IllegalAction, Refusal
from engines.core.game import Chance, Game, HiddenItem, Information, Options
from engines.core.i18n import Text, render
from engines.core.record import GameRecord
from engines.core.rng import Rng
from engines.core.statistics import StatRow

from . import events, reasons, rules
from .rules import chance as _chance
from .actions import ACTION_ADAPTER, Action, Trade
from .public import EuphoriaView
from .components import ARTIFACT_DECK, DILEMMA_IDS, FACTIONS, MARKET_IDS, RECRUIT_IDS
from .dealer import EuphoriaDealer
from .effects import faction_revealed
from .labels import action_steps, label
from .playout import playout_action as _playout
from .playout import search_actions as _search_actions
from .scoring import breakdown, stars_placed
from .state import EuphoriaOptions, EuphoriaState
from .texts import OPTION_LABELS, SCORE_CATEGORIES
from .view import hidden_items as _hidden_items, log_text as _log_text, view as _view


class Euphoria(Game[EuphoriaState, Action]):
    name = "euphoria"
    title, description = about("euphoria")["title"], about("euphoria")["description"]  # engines/catalog.json
    min_players, max_players = 2, 6
    chance, information = Chance.EXPLICIT, Information.IMPERFECT  # dice and draws are chance nodes; hands, recruits, decks hidden
    options_model = EuphoriaOptions
    state_model = EuphoriaState
    action_adapter = ACTION_ADAPTER

    def setup(self, players: int, seed: int, options: Options) -> EuphoriaState:
        assert isinstance(options, EuphoriaOptions)  # ``validate_options`` makes one of options_model
        return rules.setup(players, seed, options)

    def to_move(self, state: EuphoriaState) -> int | None:
        """The player of the task on top, ``CHANCE`` at a chance node (``rules/chance.py``)."""
        if state.phase == "over" or not state.tasks:
            return None
        return state.tasks[-1]["p"]

    # ---- chance (``rules/chance.py``: the nodes, their pools and who sees them) ----------
    def chance_weights(self, state: EuphoriaState) -> list[tuple[Action, int]]:
        """At a chance node, one outcome per kind of item left in its pool (a card kind, a
        tile, a die's face, a player), weighted by how many there are."""
        if not self.is_chance(state):
            return []
        return _chance.weights(state)

    def sample_chance(self, state: EuphoriaState, rng: Rng) -> Action:
        """A uniform item of the node's pool: the weights' distribution, without counting."""
        return _chance.sample(state, rng)

    def chance_seen_by(self, state: EuphoriaState, outcome: Action) -> tuple[int, ...] | None:
        """Dice and random players: everyone; a card or tile into a hand: its owner; a
        market tile face down: nobody."""
        return _chance.seen_by(state, outcome)

    # ---- decks (``engines.core.masked``) ---------------------------------------------------
    def decks(self, state: EuphoriaState) -> dict[str, list[str]]:
        """The private decks: the recruits, the artifact cards (a kind held several times is
        listed as often), the ethical dilemmas, and the market tiles (dealt in the market
        selection, or set face down on the sites; in the market selection the six set on the
        sites are dealt again as a deck of their own, ``DECKS``)."""
        return dict(DECKS)

    def reserve_width(self, deck: str) -> int:
        """Artifact cards: 2 (a turn draws one card at a time; a second in reserve keeps a
        turn that draws two from waiting); recruits: 1; dilemmas and market tiles: 0 (dealt
        at the set-up, or face down onto the sites). A turn that draws more waits for keys."""
        return {"artifacts": 2, "recruits": 1}.get(deck, 0)

    def chance_deck(self, state: EuphoriaState) -> str | None:
        """The deck the node on top draws from (``rules/chance.py``); None for dice and for a
        player drawn at random. The market selection's six dealt onto the sites: ``market-sites``."""
        if not state.tasks:
            return None
        node = state.tasks[-1]["k"]
        if node == "site_tile" and state.options.market_selection:
            return "market-sites"
        return _DECK_OF_NODE.get(node)

    def seeded_dealer(self, state: EuphoriaState) -> EuphoriaDealer:
        """The dealer of ``state.seed``: the old set-up's shuffles and generator (``dealer.py``)."""
        return EuphoriaDealer.new(state.seed)

    def legal_actions(self, state: EuphoriaState) -> list[Action]:
        return rules.legal_actions(state)

    def check(self, state: EuphoriaState, action: Action) -> None:
        """Accepts exactly ``legal_actions``: the pending choice's own options, or the turn's
        actions, with precise reasons (``reasons.reason``); at a chance node, its outcomes."""
        if state.tasks and state.tasks[-1]["p"] == CHANCE:
            return super().check(state, action)  # exactly the node's outcomes
        why = reasons.reason(state, action)
        if why:
            raise IllegalAction(why)

    def why_not(self, state: EuphoriaState, action: dict) -> Refusal | None:
        """The coach (``Game.why_not``). A board space stands for "a worker here" and a worker on
        the board for "retrieve it", whichever worker the probe names (``reasons.probe_reason``);
        the rest, and the probes those do not judge: ``check``'s own reason."""
        if reasons.partial(action):
            try:
                return self.refusal(reasons.probe_reason(state, action))
            except LookupError:
                pass
        return super().why_not(state, action)

    def play(self, state: EuphoriaState, action: Action) -> None:
        """Carry out ``action``, known to be legal, and run the rules to the next decision
        (``rules.play``)."""
        rules.play(state, action)

    def playout_action(self, state: EuphoriaState, rng: Rng) -> Action:
        """The playout policy: the heuristic bot's worths read from the state, the best action
        with one draw only to part ties (``playout.py``); an object of the list
        ``legal_actions`` returns, which the search plays with ``play_legal``."""
        return _playout(state, rng, self.legal_actions(state))

    def search_actions(self, state: EuphoriaState) -> list[Action]:
        """The actions the search bots consider (``Game.search_actions``): the legal
        actions without trade proposals (when anything else is legal), narrowed to the
        ``SEARCH_WIDTH`` the heuristic rates best (``playout.search_actions``), in their order.

        A trade proposal is a chain of free choices (items to give and get, then the partner's
        answer) that a search of a few hundred iterations cannot judge: it spent its decisions
        building offers the heuristic partner refuses. Like the heuristic, the search bots
        answer trades but never propose them (nor do the players they imagine). The narrowing
        gives each candidate enough visits to be told apart (a turn offers 20 to 60
        placements and retrievals); it reads only what the mover may see (his mat, the board)."""
        acts = self.legal_actions(state)
        kept = [a for a in acts if type(a) is not Trade] or acts
        return _search_actions(state, kept, SEARCH_WIDTH)

    def is_over(self, state: EuphoriaState) -> bool:
        return state.phase == "over"

    def scores(self, state: EuphoriaState) -> list[int]:
        return [stars_placed(state, p) for p in range(state.players)]

    def score_breakdown(self, state: EuphoriaState) -> list[dict[str, int]]:
        return [breakdown(state, p) for p in range(state.players)]

    def winners(self, state: EuphoriaState) -> list[int]:
        return list(state.winners)

    def view(self, state: EuphoriaState, player: int | None) -> EuphoriaView:
        return _view(state, player)

    def hidden_items(self, state: EuphoriaState) -> list[HiddenItem]:
        return _hidden_items(state)

    def steering_kinds(self) -> frozenset[str] | None:
        """A seat's artifact cards and dilemma card: paying a cost or a dilemma is offered as
        a choice only when the hand allows several ways. A face-down recruit does nothing
        until the rules reveal it (an allegiance track, public), and a market tile nothing
        until its site is built."""
        return frozenset(("artifact", "dilemma"))

    def log_text(self, state: EuphoriaState, action: Action) -> Text:
        """The public log line (never names a hidden recruit or kept tile): ``view``."""
        return _log_text(state, action)

    def event_texts(self, before: EuphoriaState, action: Action, after: EuphoriaState) -> list[Text | str]:
        """What the rules did by themselves after ``action``: ``events``."""
        return events.event_texts(before, action, after)

    def action_label(self, state: EuphoriaState, action: Action, lang: str = "en") -> str:
        """The private button text naming card, space, cost and option: ``labels``."""
        return render(label(state, action), lang)

    def action_steps(self, state: EuphoriaState, action: Action, lang: str = "en") -> list[str]:
        """The choices of ``action`` one at a time (kind, region, space, worker...): ``labels``."""
        return [render(x, lang) for x in action_steps(state, action)]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The names of ``score_breakdown``'s keys in ``lang``."""
        return {k: v.render(lang) for k, v in SCORE_CATEGORIES.items()}

    def statistics(self, record: GameRecord) -> list[StatRow]:
        """The end-of-game figures per seat (``statistics.py``: stars by how, workers, goods)."""
        from .statistics import statistics
        return statistics(self, record)

    def reference(self, lang: str = "en") -> list[dict]:
        """Every component (spaces, market tiles, recruits, dilemmas, artifacts, goods, pieces) as
        ``{"id", "kind", "name", "text"}`` in ``lang``, for the "How to play" screen (``reference``)."""
        from .reference import reference
        return reference(lang)

    def option_label(self, name: str, lang: str = "en") -> str:
        """The description of the option ``name`` of the New game form, in ``lang``."""
        text = OPTION_LABELS.get(name)
        return text.render(lang) if text else name

    def reveals_information(self, before: EuphoriaState, action: Action, after: EuphoriaState) -> bool:
        """True when the move showed anything new to anyone, or *looked* at something hidden,
        whatever it found (undo is then refused).

        - chance: an outcome everyone saw (a roll, a random player: ``Game.reveals_information``),
          or the phase changed (set-up to play, the end);
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
        if before.phase != after.phase or super().reveals_information(before, action, after):
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
        if t.get("p") == CHANCE:
            return False  # a chance outcome alone: what it showed is counted above
        return t.get("p") != before.current or t.get("k") in ("keep", "draft", "mkt_keep", "trade_answer")

    def determinize(self, state: EuphoriaState, player: int, rng: Rng) -> EuphoriaState:
        """The cards, recruits, tiles and dilemmas ``player`` cannot see re-dealt from the pool
        of those he cannot place, a dealer re-seeded if ``state`` has one (``determinize.py``:
        what is hidden, how it is re-dealt, what is approximated)."""
        from .determinize import determinize
        return determinize(state, player, rng)

    def evaluate(self, state: EuphoriaState, player: int) -> float:
        """The true win share at the end; before, a softmax over the estimated stars placed at
        the end (``evaluate.py``)."""
        from .evaluate import evaluate
        return evaluate(state, player)

    def bots(self) -> dict[str, Any]:
        """"playout" (the playout policy as a bot: like the heuristic it reads only what its seat
        may see, the public board and its own mat), "easy" (the heuristic with deliberate
        mistakes), "normal" (ISMCTS, ``engines.core.search``, on ``determinize``, among the
        heuristic's best ``SEARCH_WIDTH`` actions: ``search_actions``), "hard" (the same search
        with fourteen times the iterations and less exploration, ``HARD_EXPLORATION``, its tree
        holding only its own choices: the other seats play the playout policy,
        ``opponents="policy"``), "search" (Normal, the name the arena
        used before) and "heuristic", kept last.

        The search searched every legal action at first and won 1 of 14 games against the
        heuristic at 2 players (3 or 4 visits per root action); narrowed to the heuristic's
        best 5 it won 10 of 12 at the same budget (``bench/arena.py euphoria --players 2
        --games 12 --bots search,heuristic``; median 228 ms a decision on a loaded CPython),
        so it is Normal.

        Hard with a tree over every seat's choices won 1 of 8 games at 4 players against three
        heuristic bots: its 320 iterations were spread over the opponents' candidates, which
        it then played almost at random. With the opponents played by the policy it won 9 of
        16 (``bench/arena.py euphoria --players 4 --games 16 --seed0 101 --bots
        hard,heuristic,heuristic,heuristic``)."""
        from engines.core.bots import with_mistakes
        from engines.core.search import search_bot
        from .bot import choose
        normal = search_bot(NORMAL_ITERATIONS, playout_steps=PLAYOUT_STEPS)
        return {"playout": _playout_bot, "easy": with_mistakes(choose, EASY_MISTAKES),
                "normal": normal,
                "hard": search_bot(HARD_ITERATIONS, exploration=HARD_EXPLORATION, playout_steps=PLAYOUT_STEPS,
                                   opponents="policy"),
                "search": normal, "heuristic": choose}


#: the search levels' budgets in iterations (issue 30). Hard at 320 against Normal at 80 won
#: only 18 of 30 at 2 players. Normal at 40 still beats the heuristic (22 of 30, ``bench/arena.py
#: euphoria --players 2 --bots normal,heuristic --games 30 --seed0 71001``), and Hard at 560
#: beat it 25 of 30 (``--bots hard,normal --seed0 72001``, with the default exploration). In the
#: page's worker at 3 players (``bench/bot_times.py``, 16 positions) the medians were Normal
#: 95 ms and Hard 1,738 ms.
NORMAL_ITERATIONS = 40
HARD_ITERATIONS = 560
#: Hard's exploration constant. At 4 players a position's win share is about a quarter, so the
#: differences between Hard's candidates are small, and the default 0.7 spread its iterations
#: almost evenly over them: one Hard won 2 of 9 games against three heuristic bots (``--players
#: 4 --bots hard,heuristic,heuristic,heuristic --seed0 73001``, stopped). At 0.2, as Spyrium's
#: Hard, it won 18 of 30 there (``--seed0 75001``), and 24 of 30 against Normal at 2 players
#: (``--bots hard,normal --seed0 76001``).
HARD_EXPLORATION = 0.2
#: playout actions before ``evaluate`` (about a round at 3 players)
PLAYOUT_STEPS = 20
#: the actions a search node considers: the heuristic's best few (``search_actions``)
SEARCH_WIDTH = 5
#: how often the "easy" bot plays a random legal action instead of the heuristic's choice
EASY_MISTAKES = 0.3


def _playout_bot(game: Euphoria, state: EuphoriaState, rng: Rng) -> Action:
    """The playout policy as a bot level ("playout"): quick, close to the heuristic."""
    return game.playout_action(state, rng)


DECKS: dict[str, list[str]] = {"recruits": RECRUIT_IDS, "artifacts": ARTIFACT_DECK, "dilemmas": DILEMMA_IDS,
                               "markets": MARKET_IDS, "market-sites": MARKET_IDS}
"""Euphoria's decks by name (``Euphoria.decks``), the cards in the data's order. In the market
selection the six tiles (the kept ones and the pile's) are gathered face down and dealt onto
the sites again: a deck of its own, ``market-sites``, so that no tile is drawn twice from one
deck (a tile dealt into a hand, then onto a site, has one position in each)."""
_DECK_OF_NODE = {"deal_recruit": "recruits", "fight_recruit": "recruits", "art": "artifacts",
                 "deal_dilemma": "dilemmas", "deal_tile": "markets", "six_tile": "markets", "site_tile": "markets"}
