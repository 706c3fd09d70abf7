"""Citadels' ``Game``: the engine contract (``engines.core.game.Game``) over the modules of
this package: ``rules`` (set-up, the selection, the turns, the powers, the end of a round),
``reasons`` (why a move is refused, the coach), ``scoring``, ``view`` (what a player sees, the
log line), ``events``, ``labels``, ``determinize`` and ``evaluate`` (the search bots), ``bot``
and ``playout``.
"""

from __future__ import annotations

from typing import Any

from engines.core.catalog import about
from engines.core.chance import CHANCE
from engines.core.errors import IllegalAction, Refusal
from engines.core.game import Chance, Game, HiddenItem, Information, Options, saw_chance
from engines.core.i18n import Text
from engines.core.rng import Rng

from . import labels, reasons, rules, scoring
from . import texts as tx
from .actions import ACTION_ADAPTER, Action
from .public import CitadelsView
from .evaluate import evaluate as _evaluate
from .events import event_texts as _event_texts, revealed_texts as _revealed
from .playout import playout_action as _playout, playout_bot
from .components import ALL_CARDS, CHARACTERS, KING, kind
from .dealer import CitadelsDealer
from .state import CitadelsOptions, CitadelsState
from .view import hidden_items as _hidden_items, log_text as _log_text, view as _view


class Citadels(Game[CitadelsState, Action]):
    name = "citadels"
    title, description = about("citadels")["title"], about("citadels")["description"]  # engines/catalog.json
    min_players = 2
    max_players = 7
    chance, information = Chance.EXPLICIT, Information.IMPERFECT  # draws and removals are chance nodes; hands face down
    options_model = CitadelsOptions
    state_model = CitadelsState
    action_adapter = ACTION_ADAPTER

    def setup(self, players: int, seed: int, options: Options) -> CitadelsState:
        assert isinstance(options, CitadelsOptions)  # new_game validates with options_model
        return rules.setup(players, seed, options)

    # the verbs a playout calls at every move and chance outcome go straight to the rules'
    # functions, without a method's extra call (speed; they take the state alone)
    to_move = staticmethod(rules.to_move)  # type: ignore[assignment]
    legal_actions = staticmethod(rules.legal_actions)  # type: ignore[assignment]
    sample_chance = staticmethod(rules.sample_chance)  # type: ignore[assignment]
    play_legal = staticmethod(rules.play)  # type: ignore[assignment]

    # ---- chance (``engines.core.chance``; the nodes are in ``rules``) ----------------------
    def chance_weights(self, state: CitadelsState) -> list[tuple[Action, int]]:
        """A district card drawn from the deck's shuffled part (the set-up deal §2, the income
        draw §7.2, the Magician §8.3, the Architect §8.7, the Smithy §9.3), or a character set
        aside face down (§4.1) or face up (§4.2): ``rules.chance_weights``."""
        return rules.chance_weights(state)

    def chance_seen_by(self, state: CitadelsState, outcome: Action) -> tuple[int, ...] | None:
        return rules.chance_seen_by(state, outcome)

    def play_chance(self, state: CitadelsState, outcome: Action) -> None:
        """``Game.play_chance`` (the outcome played, ``dealt`` and ``seen`` counted) without
        its generic calls: every game made from a seed deals its set-up through it (speed)."""
        seen = rules.chance_seen_by(state, outcome)
        rules.play(state, outcome)
        d = state.__dict__
        d["dealt"] += 1
        counts = d["seen"] or [0] * state.players
        d["seen"] = counts
        for seat in (range(state.players) if seen is None else seen):
            counts[seat] += 1
        state.__pydantic_fields_set__.update(_COUNTED)

    # ---- decks (``engines.core.masked``) ---------------------------------------------------
    def decks(self, state: CitadelsState) -> dict[str, list[str]]:
        """The district cards (``components.ALL_CARDS``, in the data's order) and the round's
        characters (``characters-R`` for round R, by id in rank order): each round deals the
        eight characters again, so each round is a deck of its own."""
        return {DISTRICTS_DECK: ALL_CARDS, characters_deck(state.round): CHARACTER_IDS}

    def chance_deck(self, state: CitadelsState) -> str | None:
        """The district deck for a card drawn from its shuffled part (the set-up deal, into a
        hand, into the income draw); the round's characters for one set aside (face down or
        face up, §4). Cards put under the deck (``bottom``) are drawn by the rules, not at a
        chance node."""
        if state.pending in ("down", "up"):
            return characters_deck(state.round)
        return DISTRICTS_DECK if state.pending in ("deal", "hand", "income") else None

    def reserve_width(self, deck: str) -> int:
        """Districts: 4, the income draw (2) and the Architect's two (§8.7) in one turn; the
        Observatory's third card or the Smithy's three more make the turn wait for keys.
        The round's characters: 0 (the King deals them, not the deck: ``engines.core.dealing``)."""
        return 4 if deck == DISTRICTS_DECK else 0

    def card_names(self, deck: str, card: str) -> tuple[str, ...]:
        """A district card is named by its id in outcomes (``draw_district``) and by its type
        in actions ("castle": two cards of one type are interchangeable); a character by its
        id (outcomes and moves write its rank: ``numbered_cards``)."""
        return (card,) if deck != DISTRICTS_DECK else (card, kind(card))

    def numbered_cards(self, deck: str) -> tuple[str, dict[str, int]] | None:
        """A character is written by its rank (``rank``) in ``remove_character``,
        ``choose_character`` and ``discard_character``."""
        return None if deck == DISTRICTS_DECK else ("rank", _RANK_OF)

    def choice_deck(self, state: CitadelsState) -> str | None:
        """The round's characters while a seat chooses one (§5: keeps it or puts it face down)."""
        return characters_deck(state.round) if state.phase == "draft" and not state.pending else None

    def shown_cards(self, state: CitadelsState, seat: int | None, deck: str) -> frozenset[str] | None:
        """Who holds a character is seen when it is revealed (called, §6), a character set
        aside face up by all (§4.2), and, with the killed King's heir (§14 V2), the King's
        holder at the end of his round, the same for every seat (a seat's own choices it
        knows from its moves); with seven players the last chooser sees the character set
        aside face down (§5.2: he is handed it). Districts: None (read from the views)."""
        if deck == DISTRICTS_DECK:
            return None
        if deck == characters_deck(state.round):
            down = [_face_down_handed(state)] if seat is not None and seat == state.seen_down_by else []
            return frozenset(CHARACTER_IDS[r - 1] for r in (*state.removed_up, *state.revealed, *down) if r)
        if deck == characters_deck(state.round - 1) and state.crown_heir_revealed >= 0:
            return frozenset((CHARACTER_IDS[KING - 1],))
        return frozenset()

    def known_undrawn(self, state: CitadelsState, seat: int) -> dict[str, frozenset[str]]:
        """The ranks handed to ``seat`` choosing now (§5): every character that left the draft
        before (set aside, chosen, put face down) is another one, but for the one set aside
        face down that the last of seven choosers is handed too (§5.2: he sees it,
        ``shown_cards``)."""
        if state.phase != "draft" or state.pending or rules.active_seat(state) != seat:
            return {}
        down = _face_down_handed(state) if seat == state.seen_down_by else 0
        return {characters_deck(state.round): frozenset(CHARACTER_IDS[r - 1] for r in state.draft_cards if r != down)}

    def seeded_dealer(self, state: CitadelsState) -> CitadelsDealer:
        """The old set-up's generator and deck order (``dealer.py``)."""
        return CitadelsDealer.from_seed(state.seed)

    def check(self, state: CitadelsState, action: Action) -> None:
        reason = reasons.reason(state, action)
        if reason is not None:
            raise IllegalAction(reason)

    def why_not(self, state: CitadelsState, action: dict) -> Refusal | None:
        """The coach (``Game.why_not``). One board spot stands for a move with a choice still
        open: the Laboratory in the player's city, ``{"type": "laboratory"}`` with no card
        named yet. It gets the rule that forbids every Laboratory move now (used already,
        an empty hand, not your turn's moment...), or None when some card may go there."""
        if isinstance(action, dict) and action == {"type": "laboratory"}:
            return self.refusal(reasons.laboratory_reason(state))
        return super().why_not(state, action)

    def play(self, state: CitadelsState, action: Action) -> None:
        rules.play(state, action)


    def is_over(self, state: CitadelsState) -> bool:
        return state.phase == "over"

    def scores(self, state: CitadelsState) -> list[int]:
        return scoring.scores(state)

    def score_breakdown(self, state: CitadelsState) -> list[dict[str, int]]:
        return scoring.breakdown(state)

    def winners(self, state: CitadelsState) -> list[int]:
        return scoring.winners(state)

    def view(self, state: CitadelsState, player: int | None) -> CitadelsView:
        # the contract's plain dict: a CitadelsView (a TypedDict) is one at run time
        return _view(state, player)

    def hidden_items(self, state: CitadelsState) -> list[HiddenItem]:
        return _hidden_items(state)

    def log_text(self, state: CitadelsState, action: Action) -> Text:
        """The public line of the move (``view.log_text``)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return _log_text(state, action)

    def event_texts(self, before: CitadelsState, action: Action, after: CitadelsState) -> list:
        """What the rules did by themselves after ``action`` (calls, reveals, robbery, crown,
        Merchant's gold, automatic income and draws, the end of a round, the final scores),
        read from ``before`` and ``after`` (``events``)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return _event_texts(before, action, after)

    def action_label(self, state: CitadelsState, action: Action, lang: str = "en") -> str:
        """The button text for the player to move (private: it may name his own hidden
        characters and cards). Every legal action gets a clear, distinct label."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        seat = rules.to_move(state)
        if seat == CHANCE:   # an outcome: its public line (a face-down character stays unnamed)
            return _log_text(state, action).render(lang)
        return labels.label(_view(state, seat), action, lang)

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

    def reveals_information(self, before: CitadelsState, action: Action, after: CitadelsState) -> bool:
        """True when the move showed something new, or looked at something hidden whatever it
        found (undo is then refused):

        - a new round began (its characters set aside);
        - cards were drawn from the deck (income, Observatory, Architect, Smithy, Magician);
        - the Magician saw another hand (an exchange, even with an empty hand);
        - characters were called (``called`` moved): every call asks who holds that rank,
          so it counts whatever the answer. Calling goes on until a character answers or the
          round ends, so a rank nobody holds, and the killed one (silent, §6.3), are always
          called in a move that also reveals the next character or ends the round. The
          Thief's target learns it is robbed, and the crown passes, at that reveal; the heir
          of a killed King (V2) is shown at the end of the round;
        - a district was built: the card leaves the builder's hidden hand and is shown to
          everyone else (not to the builder, who knew it: ``reveals_to``);
        - the game ended (the final scores).

        Not reveals, after an audit of every hidden part: naming the Assassin's or the
        Thief's target (nothing is checked until the call), choosing or putting down a
        character (the cards left are shown to the next chooser only, after the hand-off:
        ``reveals_to`` counts that for him), keeping drawn cards or putting them under
        the deck, discards of the Magician and the
        Laboratory (face down), destroying (a city everyone sees), and
        drawing from an empty deck (its size is public).
        """
        return _shown(before, after)

    def reveals_to(self, before: CitadelsState, action: Action, after: CitadelsState, seat: int) -> bool:
        """Whether ``action`` showed ``seat`` anything new, by the rule "Undo takes a player's
        moves back only over actions that revealed nothing to him":

        - ``reveals_information`` for everyone, except a district built by ``seat`` himself:
          the card comes out of his own hand, which he saw already, so his Undo may take the
          build back (the others saw it, but Undo never passes another person's move, and
          bots that moved since decide again from the record); a district built by another
          seat is new to him;
        - a chance outcome ``seat`` saw (a card drawn into his hand: the core's rule);
        - a draft choice that hands the cards left to ``seat``: he now sees them, which tells
          him something of what the earlier choosers took. Without this, a player alone with
          bots could pick, let the bots pick, see what came back to him, undo it all and pick
          again knowing (the bots decide the same way from the same position). Handing the
          cards to someone else shows this seat nothing, so a player may still take back his
          own choice while the next one has not acted."""
        return (saw_chance(before, after, seat) or _shown(before, after, seat)
                or before.phase == "draft" and after.phase == "draft"
                and self.to_move(after) == seat != self.to_move(before))

    def revealed_texts(self, before: CitadelsState, action: Action, after: CitadelsState,
                       seat: int) -> list[Text | str]:
        """What ``action`` showed ``seat``, in words (``events.revealed_texts``)."""
        if isinstance(action, dict):
            action = self.parse_action(action)
        return list(_revealed(before, action, after, seat))

    def playout_action(self, state: CitadelsState, rng: Rng) -> Action:
        """The playout policy: the heuristic's judgement without its repeated scans, a
        ``view`` or one random draw per candidate (``playout.py``); an object of the list
        ``legal_actions`` returns, which the search plays with ``play_legal``, unchecked."""
        return _playout(state, rng, self.legal_actions(state))

    #: 2: the characters re-dealt by a replay of the draft (``determinize.py``); 1: shuffled
    redeal = 2

    def determinize(self, state: CitadelsState, player: int, rng: Rng) -> CitadelsState:
        """See ``determinize.py`` (what is hidden, how it is re-dealt, what is approximated)."""
        from .determinize import determinize
        return determinize(state, player, rng)

    def determinize_as(self, redeal: int, state: CitadelsState, player: int, rng: Rng) -> CitadelsState:
        """Re-deal 1, of forks made before the draft was replayed, shuffled every hidden rank."""
        from .determinize import determinize
        return determinize(state, player, rng, replay_draft=redeal >= 2)

    def evaluate(self, state: CitadelsState, player: int) -> float:
        """The true win share at the end; before, a softmax of estimated final scores
        (``evaluate``)."""
        return _evaluate(state, player)

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


DISTRICTS_DECK = "districts"
"""The name of Citadels' district deck (``Citadels.decks``)."""
#: the characters' ids in rank order (rank r is ``CHARACTER_IDS[r - 1]``), and each id's rank
CHARACTER_IDS = [c.id for c in CHARACTERS[1:] if c is not None]
_RANK_OF = {cid: rank for rank, cid in enumerate(CHARACTER_IDS, start=1)}


def _face_down_handed(state: CitadelsState) -> int:
    """With seven players (§5.2), the rank set aside face down that the last chooser of the
    round was handed beside the one left (the rank of his offer not in the offer before it:
    it was never handed before); 0 before he is handed it."""
    if state.seen_down_by < 0 or len(state.offers) < 2:
        return 0
    return next(iter(set(state.offers[-1]) - set(state.offers[-2])), 0)


def characters_deck(round_: int) -> str:
    """The name of round ``round_``'s characters as a deck (``Citadels.decks``)."""
    return f"characters-{round_}"

_COUNTED = frozenset(("dealt", "seen"))

#: search budgets (issue 30). Hard at 2,000 iterations won only 51 of 90 games against Normal at
#: 500 (three runs of 30 on fresh seeds): past a few hundred iterations the search decides as
#: the evaluation at its cut-off does, so four times the iterations bought little. Normal at
#: 150 still beats the heuristic (27 of 30, ``bench/arena.py citadels --players 2 --bots
#: normal,heuristic --games 30 --seed0 71001``) and Hard at 1,500 beats it clearly (26 of 30,
#: ``--bots hard,normal --seed0 72001``). In the page's worker at 3 players (``bench/bot_times.py``,
#: 16 positions) the medians were Normal 147 ms and Hard 1,559 ms.
NORMAL_ITERATIONS = 150
HARD_ITERATIONS = 1500
PLAYOUT_STEPS = 40
EASY_MISTAKES = 0.3  # how often the "easy" bot plays a random legal action


GAME = Citadels()


def _shown(before: CitadelsState, after: CitadelsState, builder: int = -1) -> bool:
    """The move from ``before`` to ``after`` showed something hidden (``reveals_information``);
    a district built by ``builder`` does not count (it came from his own hand)."""
    return (before.draws != after.draws
            or before.revealed != after.revealed or before.round != after.round
            or before.called != after.called
            or any(len(a) > len(b) for i, (a, b) in enumerate(zip(after.cities, before.cities)) if i != builder)
            or before.swaps != after.swaps or before.phase != after.phase and after.phase == "over")
