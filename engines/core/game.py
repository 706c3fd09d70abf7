"""The engine contract: what every game offers to the shell, the bots, the CLI and the tests.

A game is a ``Game`` subclass (one instance per game, stateless) working on a ``GameState``
(a pydantic model holding everything, the PRNG included). The verbs are the same for
every game, in the manner of OpenSpiel and python-chess:

>>> game = get_game("citadels")
>>> state = game.new_game(players=4, seed=7)
>>> while not game.is_over(state):
...     action = game.legal_actions(state)[0]
...     game.apply(state, action)
>>> game.scores(state), game.winners(state)

Rules that make players choose at the same time are taken one player at a time
(``to_move`` names the one player who must act now); each player's choice is hidden from
the others by ``view``.

``Game`` is generic in the game's state and action types (``class Spyrium(Game[SpyriumState,
Action])``), so the verbs of each game are typed with its own models. Every verb the page, the
bots or the search call is declared here with a documented default; a game overrides the ones
its rules need. Two verbs play an action: ``apply`` checks it first (anything that comes from
a person, a bot, a record, a link or a file), ``play_legal`` does not (only for an action
just taken from ``legal_actions`` of that very state: the search and its playouts).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import IllegalAction, Refusal, rule_of
from .i18n import Text, player, render, texts
from .chance import CHANCE, Source, probabilities, weighted
from .rng import Rng

if TYPE_CHECKING:  # both import this module
    from .record import GameRecord
    from .statistics import StatRow


_CORE = texts("core")


HiddenKind = Literal["hand", "character", "face_down", "recruit", "artifact", "dilemma"]
"""What a hidden item is (``HiddenItem.kind``): a card in a hand, a chosen character not yet
called, a face-down card, a face-down recruit, an artifact card, a dilemma card."""


class HiddenItem(TypedDict):
    """One hidden thing of a position (``Game.hidden_items``): the ``seat`` that may see it
    (None: nobody yet), its ``kind`` and ``item``, the engine's own id of the card or
    character (as in the game's data and records)."""

    seat: int | None
    kind: HiddenKind
    item: str


class GameState(BaseModel):
    """Base of every game's state. Subclasses add their own fields.

    ``players`` is the number of seats, ``seed`` the seed the game was created from (see
    ``SampledState`` and ``ChanceState`` for what it decides). ``clone()`` gives an independent copy; the JSON round trip
    (``model_dump_json`` / ``model_validate_json``) is exact.
    """

    model_config = ConfigDict(validate_assignment=False)

    players: int
    seed: int

    def clone(self):
        return self.model_validate(self.model_dump(mode="python", round_trip=True))


class SampledState(GameState):
    """Base of the state of a game whose chance is drawn inside ``apply`` (``SAMPLED``):
    ``rng`` is its live generator, so the state holds its future."""

    rng: Rng


class ChanceState(GameState):
    """Base of the state of a game whose chance is explicit (``Chance.EXPLICIT``).

    ``dealer``: the seeded chance source of a game made from a seed (tests, CLI, bench, old
    records; see ``engines.core.chance``), or None (every game the page deals). Each game
    declares its own dealer model. ``dealt``: how many chance outcomes have been played (a
    record's outcomes up to here). ``seen``: per seat, how many of them that seat has seen
    (``Game.chance_seen_by``): an outcome seen is something new shown to that seat
    (``Game.reveals_to``).
    """

    dealer: Any = None
    dealt: int = 0
    seen: list[int] = []

    def __eq__(self, other: object) -> bool:
        """The same position: every field but the seeded dealer, a source of chance kept
        beside the state, not part of it (a record replayed from its outcomes has none)."""
        if type(other) is not type(self):
            return NotImplemented
        mine, theirs = dict(self.__dict__), dict(other.__dict__)
        mine.pop("dealer", None)
        theirs.pop("dealer", None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # mutable, as pydantic's models


class Options(BaseModel):
    """Base of every game's options model (variants, expansions). All fields have defaults."""

    model_config = ConfigDict(extra="forbid", strict=True)


StateT = TypeVar("StateT", bound=GameState)
"""A game's state model (``Game``'s first type parameter)."""
ActionT = TypeVar("ActionT")
"""A game's action type, usually a discriminated union of action models (the second)."""


class Chance(enum.Enum):
    """How a game's chance happens (``Game.chance``), in OpenSpiel's terms."""

    DETERMINISTIC = "deterministic"
    """No chance at all: the same actions always give the same game."""
    SAMPLED = "sampled"
    """Chance is drawn inside ``apply`` from the generator in the state (``state.rng``): a
    draw or a shuffle happens as part of a player's action, so there are no chance nodes,
    and the search re-seeds the generator when it samples a world (``determinize``). The
    state then holds its future (the order of its decks, its next dice)."""
    EXPLICIT = "explicit"
    """Chance nodes (OpenSpiel's ``EXPLICIT_STOCHASTIC``): at each random event the game
    stops with ``to_move`` = ``CHANCE``, lists the outcomes with their weights
    (``chance_weights``), and one is played like an action (``engines.core.chance``). The
    state holds nothing of the future."""


class Information(enum.Enum):
    """What the players see of the state (``Game.information``), in OpenSpiel's terms."""

    PERFECT = "perfect"
    """Every player sees the whole state: ``view`` hides nothing."""
    IMPERFECT = "imperfect"
    """Something is hidden from some players (a hand, a deck's order, a secret choice):
    ``view`` leaves it out, and a search plays on sampled worlds (``determinize``)."""


class Game(Generic[StateT, ActionT]):
    """One board game's rules. Subclasses set the class attributes and implement the verbs.

    Class attributes:
        name: the id used in URLs and records ("citadels").
        title: the name shown to people ("Citadels").
        description: one or two sentences for the home screen.
        min_players, max_players: the player range.
        chance: how chance happens (``Chance``); default ``SAMPLED``.
        information: what the players see (``Information``); default ``IMPERFECT``.
        options_model: pydantic model of the variants, every field with a default.
        state_model: the game's ``GameState`` subclass (``StateT``).
        action_adapter: ``TypeAdapter`` of the game's action union (discriminated on ``type``).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    chance: ClassVar[Chance] = Chance.SAMPLED
    information: ClassVar[Information] = Information.IMPERFECT
    options_model: ClassVar[type[Options]] = Options
    state_model: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter]

    # ---- set-up -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None, *,
                 dealer: bool = True, deal: bool = True) -> StateT:
        """A new game after set-up. Raises ``ValueError`` for a bad player count or option.

        Where chance is explicit, ``dealer`` gives the state its seeded dealer (``seed``'s:
        the game reproducible from its seed, as tests, the CLI and old records need), and
        ``deal`` deals the set-up's chance from it at once. The page asks for neither, and
        deals the set-up itself from entropy (``deal(state, source)``).
        """
        if not (self.min_players <= players <= self.max_players):
            raise ValueError(_CORE("{game} is for {low} to {high} players, not {n}", game=self.title,
                                   low=self.min_players, high=self.max_players, n=players))
        state = self.setup(players, seed, self.validate_options(options))
        if self.chance is Chance.EXPLICIT:
            if dealer:
                assert isinstance(state, ChanceState)
                state.dealer = self.seeded_dealer(state)
            if deal:
                self.deal(state)
        return state

    def validate_options(self, options: dict | None) -> Options:
        """The options model for ``options`` (strict: no "true" for true, no unknown names).
        Raises ``ValueError`` with one line naming the first bad option and what it needs."""
        try:
            return self.options_model.model_validate(options or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            name = ".".join(str(p) for p in err["loc"]) or "options"
            if err["type"] == "extra_forbidden":
                raise ValueError(_CORE("{game} has no option '{name}'", game=self.title, name=name[:40])) from None
            if err["type"] in ("dict_type", "model_type"):
                raise ValueError(_CORE("the options of {game} must be a set of named values",
                                       game=self.title)) from None
            raise ValueError(_CORE("option '{name}' of {game} is not valid: {why}", name=name[:40],
                                   game=self.title, why=err["msg"])) from None

    def setup(self, players: int, seed: int, options: Options) -> StateT:
        """Build the initial state (subclasses). ``Rng.from_seed(seed)`` is the only chance
        (``SAMPLED``); where chance is explicit, the set-up's draws are the first chance
        nodes of the state returned, and ``seed`` only names the seeded dealer."""
        raise NotImplementedError

    # ---- chance (``Chance.EXPLICIT``; see ``engines.core.chance``) ----------------------
    def is_chance(self, state: StateT) -> bool:
        """Whether ``state`` is at a chance node (``to_move`` is ``CHANCE``)."""
        return self.to_move(state) == CHANCE

    def chance_weights(self, state: StateT) -> list[tuple[ActionT, int]]:
        """At a chance node, every outcome possible with its whole-number weight (a card
        kind: how many of it are left), in a deterministic order. Every outcome follows
        from what is public plus what the drawing seat may know. Default: none."""
        return []

    def chance_outcomes(self, state: StateT) -> list[tuple[ActionT, float]]:
        """At a chance node, every outcome with its probability (they sum to 1)."""
        return probabilities(self.chance_weights(state))

    def sample_chance(self, state: StateT, rng: Rng) -> ActionT:
        """One outcome of the chance node drawn with ``rng`` by the weights (the search's
        worlds). Games may give a faster equivalent with the same distribution."""
        weights = self.chance_weights(state)
        return weighted(weights, rng.below(sum(w for _, w in weights)))

    def chance_seen_by(self, state: StateT, outcome: ActionT) -> tuple[int, ...] | None:
        """Who sees ``outcome`` when it is played at the chance node ``state`` is at: None
        for everyone (a die, a face-up card), else the seats (a card drawn into a hand:
        its owner; a face-down card: nobody, ``()``)."""
        return None

    # ---- decks (``engines.core.masked``: records whose private draws are deck positions) ----
    def decks(self, state: StateT) -> dict[str, list[str]]:
        """The game's *decks*, each by name: the cards it holds, in a fixed order (card ``i``
        of deck ``D`` is the ``i``-th; a kind held twice is listed twice). A chance node that
        draws from a deck (``chance_deck``) has outcomes naming these cards. Default: none (a
        game whose draws are all public: Spyrium, Myraclia)."""
        return {}

    def chance_deck(self, state: StateT) -> str | None:
        """The deck the chance node ``state`` is at draws a card from (a name of ``decks``),
        or None: a node that draws from no deck (a die, a character), dealt as it is.
        Default: None."""
        return None

    def reserve_width(self, deck: str) -> int:
        """How many positions of ``deck`` each seat holds in reserve (``engines.core.dealing``):
        the most it draws privately in one turn, before the others move again (a seat that
        must draw more waits for the others' keys: ``dealing.Wait``). Default: 0 (a deck dealt
        only at the set-up, or only face down or face up)."""
        return 0

    def card_names(self, deck: str, card: str) -> tuple[str, ...]:
        """The texts by which the game's actions and outcomes name ``card`` of ``deck``: its
        own id first, then any other (Citadels' actions name a district by its type,
        "castle" for "castle-2"). Default: the id alone."""
        return (card,)

    def numbered_cards(self, deck: str) -> tuple[str, Mapping[str, int]] | None:
        """For a deck whose cards outcomes and moves write as numbers, not texts (Citadels'
        characters, by rank): the field that holds the number, and each card's number. None
        (the default): the deck's cards are named by texts (``card_names``)."""
        return None

    def choice_deck(self, state: StateT) -> str | None:
        """The deck from which the player to move at ``state`` takes a card the others may not
        see, by his own choice (Citadels' draft: the round's characters, chosen or put face
        down): a masked record writes his move with that deck's next position in its
        ``numbered_cards`` field (``engines.core.masked``). Default: None (no hidden choice)."""
        return None

    def shown_cards(self, state: StateT, seat: int | None, deck: str) -> frozenset[str] | None:
        """The cards of ``deck`` that ``seat`` (None: every seat) sees where they lie in
        ``state``, for a deck whose cards the views name even where hidden (Citadels'
        character table lists every character): a character revealed when called, one set
        aside face up. None (the default): a card is seen where it is a text of the view."""
        return None

    def known_undrawn(self, state: StateT, seat: int) -> dict[str, frozenset[str]]:
        """For each deck, the cards ``seat`` knows to be at none of the positions drawn from it
        so far in ``state``, without knowing those positions (Citadels: the ranks handed to
        the chooser now, a set: every character that left the draft before holds another).
        Default: none."""
        return {}

    def seeded_dealer(self, state: StateT) -> Any:
        """The seeded chance source of a new game made from ``state.seed`` (stored in
        ``state.dealer``; a model with ``pick(game, state)``), dealing what the game dealt
        from that seed before its chance was explicit."""
        raise NotImplementedError(f"{self.title} has no seeded dealer")

    def deal(self, state: StateT, source: Source | None = None) -> list[ActionT]:
        """Play chance outcomes while ``state`` is at a chance node, from ``source`` (else
        from ``state.dealer``), and return them in order. It stops early when the source has
        no outcome to give (a record's are all played) or when there is no source."""
        src = source if source is not None else getattr(state, "dealer", None)  # a ChanceState's
        dealt: list[ActionT] = []
        while src is not None and self.is_chance(state):
            outcome = src.pick(self, state)
            if outcome is None:
                break
            self.play_chance(state, outcome)
            dealt.append(outcome)
        return dealt

    def play_chance(self, state: StateT, outcome: ActionT) -> None:
        """Play the chance ``outcome`` (known to be one of the node's) and count it: the
        state's ``dealt``, and ``seen`` for each seat that sees it (``chance_seen_by``)."""
        seen = self.chance_seen_by(state, outcome)
        self.play(state, outcome)
        assert isinstance(state, ChanceState)
        state.dealt += 1
        if not state.seen:
            state.seen = [0] * state.players
        for seat in (range(state.players) if seen is None else seen):
            state.seen[seat] += 1

    # ---- playing ------------------------------------------------------------------------
    def to_move(self, state: StateT) -> int | None:
        """The one player who must act now, ``CHANCE`` (-1) at a chance node, or None when
        the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every legal action of ``to_move``, in a deterministic order; never empty while
        the game is not over. At a chance node: the outcomes of ``chance_weights``."""
        raise NotImplementedError

    def playout_action(self, state: StateT, rng: Rng) -> ActionT:
        """The action a search bot's playout plays for the seat to move (the playout policy).

        Called thousands of times a second, on states the search has sampled to agree with
        what the deciding player has seen, so it may read the whole state it is given. The
        default is a uniformly random legal action; a game overrides it with a cheap version
        of its heuristic's judgement. It must return one of ``legal_actions(state)`` (the
        object itself: the search plays it with ``play_legal``) and use no chance but ``rng``.
        """
        actions = self.legal_actions(state)
        return actions[rng.below(len(actions))]

    def check(self, state: StateT, action: ActionT) -> None:
        """Raise ``IllegalAction`` with a reason a player understands if ``action`` is not
        legal now.

        ``check`` accepts exactly the actions ``legal_actions`` lists (model equality), no
        more: one move has one form, so one game has one record. An action naming the same
        move in another form (a list in another order, an entry twice) is refused, not
        normalised, because the record keeps the action as it was given. The default compares
        against ``legal_actions``; a game may override it to give more precise reasons, and
        must then agree with ``legal_actions`` exactly.
        """
        if self.is_over(state):
            raise IllegalAction(_CORE("The game is over."))
        if action not in self.legal_actions(state):
            raise IllegalAction(_CORE("That is not a legal move now: {move}.", move=self.log_text(state, action)))

    def why_not(self, state: StateT, action: dict) -> Refusal | None:
        """The coach: why ``action`` (a JSON-able action dict) cannot be played now, or None
        when it can. A ``Refusal``: one sentence naming the rule (``text``), and the id of
        the entry of ``reference`` that holds that rule (``rule``, see ``rule_of``).

        The page asks this when a player clicks a spot of the board that is not a legal
        choice: the renderer attaches to the spot the action it would mean (its ``probe``),
        so the reason is the same text ``apply`` would refuse it with, and the CLI and the
        tests see exactly what the page shows; the note's "Rule" link opens ``rule``, or
        the spot's own entry when it is None. Only the seat to move asks (the page says
        whose turn it is otherwise), so the reason may name that seat's own hidden cards but
        must name nothing it cannot see. A dict that is no action of this game gets the
        parser's refusal. Games whose spots stand for a move with choices still open (a
        payment not chosen yet) may override this to read such partial probes, and give
        their reasons through ``refusal``.
        """
        try:
            parsed = self.parse_action(action)
            self.check(state, parsed)
        except IllegalAction as exc:
            return Refusal(exc.reason, exc.rule if exc.rule is not None else self.rule_of(exc.reason))
        return None

    def rule_of(self, reason: Text | str) -> str | None:
        """The id of the ``reference`` entry of the rule that gives ``reason`` (a reason of
        ``check``), or None when the spot's own entry is the one to read: the rule a game's
        ``reasons`` marked it with (``errors.ruled``, ``errors.refuses``)."""
        return rule_of(reason)

    def refusal(self, reason: Text | str | None) -> Refusal | None:
        """``reason`` as the coach's ``Refusal`` (its rule from ``rule_of``); None stays None."""
        return None if reason is None else Refusal(reason, self.rule_of(reason))

    def apply(self, state: StateT, action: ActionT | dict) -> list[ActionT]:
        """Play ``action`` for ``to_move``, mutating ``state``, after checking it (``check``).

        An illegal action raises ``IllegalAction`` and leaves the state exactly as it was.
        ``action`` may be an action model or its JSON-able dict (``parse_action``). Every
        action is checked, whatever its origin: a dict from a record, a link, a file or the
        CLI, an action built by hand, an action of a list computed before the state was
        changed. The search, which plays actions it has just taken from ``legal_actions`` of
        the very state, uses ``play_legal``, which skips the check.

        At a chance node ``action`` is an outcome (checked the same way). After it, the
        chance nodes that follow are dealt from the state's dealer if it has one (``deal``);
        the outcomes dealt are returned (none without a dealer: the caller deals them).
        """
        if isinstance(action, dict):
            action = self.parse_action(action)
        self.check(state, action)
        if self.chance is Chance.EXPLICIT and self.is_chance(state):
            self.play_chance(state, action)
        else:
            self.play(state, action)
        return self.deal(state) if self.chance is Chance.EXPLICIT else []

    def play_legal(self, state: StateT, action: ActionT) -> None:
        """Play ``action`` for ``to_move`` without checking it: only for an action object
        taken from ``legal_actions(state)`` (or ``playout_action``, ``search_actions``) of
        this very state, unchanged since. The search and its playouts do exactly that,
        thousands of times a second, where ``apply``'s check would cost about as much as
        the move. Anything else goes through ``apply``: an action that is not legal here
        corrupts the state instead of being refused."""
        self.play(state, action)

    def play(self, state: StateT, action: ActionT) -> None:
        """Carry out an action already known to be legal (subclasses; callers use ``apply``
        or ``play_legal``)."""
        raise NotImplementedError

    def parse_action(self, data: dict) -> ActionT:
        """The action model of ``data``, the JSON-able dict of an action (from a record, a
        share link, a file, the CLI), validated strictly; anything else raises
        ``IllegalAction`` with one line a player can read.

        Strict means the dict is read as the JSON it stands for, with no conversion: a number
        written as text (``"12"``), ``true`` or ``1.0`` where a whole number is due, a number
        where text is due are all refused, and so are a field the action does not have and a
        ``type`` the game does not know, and a field left out (even one with a default: the
        dict must be exactly ``dump_action`` of its action, so one move has one record). JSON
        has no tuples and no enums, so a list stands for
        a tuple and text for a ``Literal`` or an enum (pydantic's strict *JSON* mode does
        exactly that). Only dicts pass through here: ``apply`` takes the action models of
        ``legal_actions`` as they are.
        """
        if not isinstance(data, dict):
            raise self._not_an_action(_CORE("an action is a set of named values (a JSON object), got {got}",
                                            got=_got(data)))
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError, RecursionError):  # a set, NaN, a 5000-digit number...
            raise self._not_an_action(_CORE("it holds a value that JSON cannot carry")) from None
        try:
            action = self.action_adapter.validate_json(text, strict=True)
        except ValidationError as exc:
            raise self._not_an_action(_explain_validation(exc)) from None
        fields = getattr(type(action), "model_fields", None)
        if fields is not None:  # for action models that do not forbid extra fields themselves
            for key in data:
                if key not in fields:
                    kind = getattr(action, "type", "this")
                    raise self._not_an_action(_CORE("{owner} has no field {name}", owner=_an(kind), name=_shown(key)))
        canonical = self.dump_action(action)
        if canonical != data:  # a field left to its default: one move has one written form
            missing = [k for k in canonical if k not in data]
            kind = getattr(action, "type", "this")
            what = (_CORE("its field {name} is missing", name=_shown(missing[0])) if missing
                    else _CORE("it is not written in its usual form"))
            raise self._not_an_action(_CORE("{owner} must name all its fields: {what}", owner=_an(kind), what=what))
        return action

    def _not_an_action(self, why: "Text | str") -> IllegalAction:
        """The refusal of a dict that is no action of this game: one line, title first."""
        return IllegalAction(_CORE("Not a {game} action: {why}.", game=self.title.split(':')[0],  # no subtitle
                                   why=why))

    def dump_action(self, action: ActionT) -> dict:
        """The JSON-able dict of an action model, the form records keep:
        ``parse_action(dump_action(a)) == a`` for every legal action ``a``."""
        return self.action_adapter.dump_python(action, mode="json")

    def round_of(self, state: StateT) -> int | None:
        """The number of the round being played, for the replay viewer's "by round" steps
        (None: the game has no rounds). Default: the state's ``round`` field if it has one."""
        value = getattr(state, "round", None)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    # ---- search ---------------------------------------------------------------------------
    def determinize(self, state: StateT, player: int, rng: Rng) -> StateT:
        """A full state that agrees with everything ``player`` has seen in ``state``, its
        unseen parts sampled with ``rng`` (what ``engines.core.search`` plays on).

        Everything ``player`` cannot see is re-dealt: the opponents' hands, the order of the
        decks, face-down cards, hidden choices, and the game's own generator (``state.rng``,
        re-seeded from ``rng`` with ``rng.fork()``), so dice and draws to come are new too.
        Where chance is explicit the future is not in the state; a seeded ``dealer`` is
        re-seeded from ``rng`` as the generator was (so forks of old records replay as they
        did), and a state without one gives a world without one.
        Everything ``player`` has seen stays as it is (``view(result, player) ==
        view(state, player)``), and components are conserved. The result must depend only on
        what ``player`` sees and on ``rng``: gather the unseen components in an order that
        does not depend on where they really are (sorted, or in the data's order) before
        shuffling them, so two states that differ only in what ``player`` cannot see give
        the same samples. ``state`` is not changed.

        Every game with hidden information or chance must override this; the default
        refuses, so that no search can quietly play on the real hidden state.
        """
        raise NotImplementedError(f"{self.title} has no determinize(): its bots cannot search")

    #: the number of ``determinize``'s way of sampling, raised when a game changes it: a fork
    #: (``engines.core.record.Fork``) records the one that dealt it, and is replayed with it
    redeal: int = 1

    def determinize_as(self, redeal: int, state: StateT, player: int, rng: Rng) -> StateT:
        """``determinize`` as re-deal number ``redeal`` sampled (``redeal <= self.redeal``): how a
        record's fork is dealt again, so an old record replays as it did. A game that raised
        ``redeal`` keeps its older ways here; by default there is only the one."""
        return self.determinize(state, player, rng)

    def search_actions(self, state: StateT) -> list[ActionT]:
        """The actions a search considers in ``state``: objects of ``legal_actions(state)``,
        in its order, never empty while the game goes on. A game leaves out actions it knows
        are not worth a search's iterations (Euphoria: trade proposals, and all but the
        heuristic's best few choices), so each candidate gets more visits. Default: every
        legal action."""
        return self.legal_actions(state)

    def evaluate(self, state: StateT, player: int) -> float:
        """How good ``state`` is for ``player``, from 0 (a sure loss) to 1 (a sure win): what a
        search's playout scores when it stops before the end.

        At the end: 1 for the only winner, 1/k for each of k sharing the win, else 0. Before:
        ``player``'s rank by the running ``scores`` (1 ahead of everyone, 0 behind everyone,
        ties counting half). Games override it with a better estimate of the final result.
        """
        if self.is_over(state):
            winners = self.winners(state)
            return 1.0 / len(winners) if player in winners else 0.0
        scores = self.scores(state)
        if len(scores) < 2:
            return 0.5
        mine = scores[player]
        better = sum(1 for i, s in enumerate(scores) if i != player and s < mine)
        equal = sum(1 for i, s in enumerate(scores) if i != player and s == mine)
        return (better + 0.5 * equal) / (len(scores) - 1)

    # ---- the end ------------------------------------------------------------------------
    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (``to_move`` is then None)."""
        raise NotImplementedError

    def scores(self, state: StateT) -> list[int]:
        """Victory points of each player: final when over, running before."""
        raise NotImplementedError

    def score_breakdown(self, state: StateT) -> list[dict[str, int]]:
        """Per player, the points by scoring category (the end-of-game table); each dict's
        values add up to that player's score. Default: one "total" category."""
        return [{"total": s} for s in self.scores(state)]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The name in ``lang`` of each ``score_breakdown`` key, the end-of-game table's
        column heads. A key without a name is shown as itself, underscores as spaces.
        Default: no names."""
        return {}

    def winners(self, state: StateT) -> list[int]:
        """The winner(s) after the rules' tie-breakers (several when the rules share it)."""
        raise NotImplementedError

    # ---- what people see ----------------------------------------------------------------
    def view(self, state: StateT, player: int | None) -> Mapping[str, Any]:
        """JSON-able dict of what ``player`` may see (None: a spectator, public only). A game
        declares its own closed ``TypedDict`` as the return type (in its ``public.py``)."""
        raise NotImplementedError

    def hidden_items(self, state: StateT) -> list[HiddenItem]:
        """Every hidden thing of ``state``, each named by the engine's own id: what a seat
        holds and no other seat may see (a hand's cards, a character chosen and not yet
        called), and what no seat may see yet (a face-down card: ``seat`` None). Tools that
        check a game at a distance (``tools/distance_game.py``'s ``truth.jsonl``) look for
        these in what a link shows. Default: none (a game with no hidden information)."""
        return []

    def steering_kinds(self) -> frozenset[str] | None:
        """The kinds of ``hidden_items`` whose cards can change what the rules do by
        themselves for their holder (a choice left with one option, made for him): a device
        whose world's fills made the rules act so where the true game did not rules out
        those fills of the mover together (``engines.core.masked``: a nogood), and only
        those. Default None: every kind (always sound, maybe slow to search)."""
        return None

    def log_text(self, state: StateT, action: ActionT) -> Text | str:
        """The log line for ``action`` played in ``state`` (before it is applied), as a
        ``Text`` (``engines.core.i18n``) so the page can show the whole log in either
        language and switch it later.

        The log is shown to every player, so the line must not reveal hidden information
        ("Player 2 chooses a character", not which one). Players are named with
        ``i18n.player(seat)`` ("Player N"); the shell puts the seat's name in their place.
        Default (a game without its own texts): the player and the action's fields.
        """
        return _CORE("{player}: {action}", player=player(self.to_move(state) or 0),
                     action=json.dumps(self.dump_action(action), separators=(", ", ": ")))

    def event_texts(self, before: StateT, action: ActionT, after: StateT) -> list[Text | str]:
        """The log lines of what the rules did by themselves when ``action`` was played,
        after its own line: payments handed over, the crown passing, income, penalties,
        reveals, refills ("The Thief takes 3 gold from Player 2"). Public, like the log.
        Default: none."""
        return []

    def describe(self, state: StateT, action: ActionT, lang: str = "en") -> str:
        """``log_text`` rendered in ``lang`` (the CLI and the tests read this)."""
        return render(self.log_text(state, action), lang)

    def action_label(self, state: StateT, action: ActionT, lang: str = "en") -> str:
        """The text of the button that plays ``action``, shown only to the player to move,
        so it may name what is hidden from others ("Choose the Thief"). Default: ``describe``."""
        return self.describe(state, action, lang)

    def action_steps(self, state: StateT, action: ActionT, lang: str = "en") -> list[str]:
        """The successive choices that make up ``action``, for a step-by-step picker.

        Shown only to the player to move, like ``action_label`` (same secrecy: the steps
        may name what is hidden from others, never more). When a position has many legal
        actions (a tile with dozens of ways to pay), the shell offers the distinct first
        steps, then the next steps of the chosen one, and so on, until one action is left.

        For the legal actions of one state the lists must be *distinct and prefix-free*:
        no two actions have the same steps and no action's steps begin another's, so every
        legal action is reached by exactly one path of clicks and a path never stops
        halfway. Each step is a short text that reads on its own as a button, and the
        steps joined by ``", "`` read as one sentence saying what the action does.

        Default: one step, the ``action_label``.
        """
        return [self.action_label(state, action, lang)]

    def reveals_information(self, before: StateT, action: ActionT, after: StateT) -> bool:
        """Whether playing ``action`` showed anything new (a card drawn, a die rolled, a
        hidden choice revealed). The shell allows undo only when this is False.

        The default says True whenever the PRNG moved (``SAMPLED``), or, where chance is
        explicit, whenever a chance outcome was played that everyone saw. Games that draw
        from decks shuffled in advance, or reveal hidden choices, must override it.
        """
        if isinstance(after, ChanceState):
            return _seen(before, after, range(after.players), all)
        return getattr(before, "rng", None) != getattr(after, "rng", None)

    def reveals_to(self, before: StateT, action: ActionT, after: StateT, seat: int) -> bool:
        """Whether playing ``action`` showed ``seat`` anything new: what ``reveals_information``
        says for everyone, and what only that seat was shown (a hidden hand passed to him).
        Undo takes a player's moves back only over actions that revealed nothing to him.

        The default is ``reveals_information``, and, where chance is explicit, any chance
        outcome ``seat`` saw; a game where something is shown to one player only
        (Citadels' draft hands the cards left to the next chooser) adds that case.
        """
        return saw_chance(before, after, seat) or self.reveals_information(before, action, after)

    def revealed_texts(self, before: StateT, action: ActionT, after: StateT, seat: int) -> list[Text | str]:
        """What playing ``action`` showed ``seat`` that was hidden from him, in words, most
        telling first ("Player 2 drew 2 cards from the deck"): the greyed Undo quotes the
        first. Public words only, like the log: never the hidden card itself. Empty when
        ``reveals_to`` is False for ``seat``. Default: none (the page then quotes the
        move's first log event)."""
        return []

    def bots(self) -> dict[str, Any]:
        """The game's own bots by level name ("heuristic": a ``choose`` function)."""
        return {}

    def statistics(self, record: GameRecord) -> list[StatRow]:
        """The figures of a finished game, per seat, for the end-of-game panel (Board Game
        Arena's game statistics): a list of ``engines.core.statistics.StatRow``, each with one
        value per seat, in the order they are shown.

        ``record`` is the game's ``GameRecord``; figures about the course of the game are
        folds over ``engines.core.statistics.steps(self, record)``. Asked only once the game
        is over, so they may count what the end reveals, never what stays unseen (a deck's
        order). Deterministic. Default: none.
        """
        return []

    def reference(self, lang: str = "en") -> list[dict]:
        """Every component a player may want to look up (cards, tiles, characters, spaces...),
        each ``{"id", "kind", "name", "text"}`` in ``lang``, for the rules screen's searchable
        reference. Default: none."""
        return []

    def option_label(self, name: str, lang: str = "en") -> str:
        """What option ``name`` of ``options_model`` does, in ``lang`` (the New game form and
        the review's text log). Default: the field's description, else its name with spaces
        for underscores, capitalised (games with options give translated texts)."""
        field = self.options_model.model_fields.get(name)
        return (field.description if field is not None and field.description
                else name.replace("_", " ").capitalize())


def saw_chance(before: GameState, after: GameState, seat: int) -> bool:
    """Whether ``seat`` saw a chance outcome played from ``before`` to ``after`` (its count of
    outcomes seen grew: ``ChanceState.seen``); False where chance is not explicit."""
    return isinstance(after, ChanceState) and _seen(before, after, (seat,), any)


def _seen(before: GameState, after: ChanceState, seats: Any, agg: Any) -> bool:
    """Whether the seats (``agg``: all of them, or any) saw a chance outcome from ``before``
    to ``after`` (their ``seen`` counts grew)."""
    old = getattr(before, "seen", None) or [0] * after.players
    new = after.seen or [0] * after.players
    return agg(new[s] > old[s] for s in seats)


# ---- reading actions (``Game.parse_action``) ------------------------------------------------
# The reasons are ``Text`` (domain "core"), so a refused action reads in the player's language.
def _got(value: Any) -> Text | str:
    """A JSON value as a player would name it: "the number 12", "the text '12'", "true"."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return _CORE("the number {value}", value=_shown(value))
    if isinstance(value, str):
        return _CORE("the text {value}", value=_shown(value))
    if isinstance(value, (list, tuple)):
        return _CORE("a list")
    if isinstance(value, dict):
        return _CORE("a set of named values")
    return _CORE("a value that is not JSON")


def _shown(value: Any, limit: int = 30) -> str:
    """``value`` quoted for a one-line message, cut to ``limit`` characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _an(kind: str) -> Text:
    """An action of a type, with its article: "a 'take' action", "an 'end_turn' action"."""
    if kind[:1].lower() in "aeiou":
        return _CORE("an {kind} action", kind=_shown(kind))
    return _CORE("a {kind} action", kind=_shown(kind))


_NEEDS = {
    "int_type": _CORE("a whole number"), "int_parsing": _CORE("a whole number"),
    "int_from_float": _CORE("a whole number"), "string_type": _CORE("text"),
    "bool_type": _CORE("true or false"), "bool_parsing": _CORE("true or false"),
    "list_type": _CORE("a list"), "tuple_type": _CORE("a list"), "float_type": _CORE("a number"),
    "model_type": _CORE("a set of named values"), "dict_type": _CORE("a set of named values"),
    "model_attributes_type": _CORE("a set of named values"),
}


def _explain_validation(exc: ValidationError) -> Text:
    """One readable line for the first error of a strict action validation (no pydantic dump).

    The error's location starts with the action's ``type`` (the discriminator's tag), then the
    field, then list positions; list positions are shown 1-based ("item 2 of field 'pay'").
    """
    errors = exc.errors(include_url=False)
    err = errors[0]
    kind, loc, got = err["type"], list(err["loc"]), err.get("input")
    extra = len(errors) - 1
    more: Text | str = ""
    if extra == 1:
        more = _CORE(" (and 1 more problem)")
    elif extra > 1:
        more = _CORE(" (and {n} more problems)", n=extra)

    if kind == "union_tag_not_found":
        return _CORE("it has no 'type'{more}", more=more)
    if kind == "union_tag_invalid":
        tag = got.get("type") if isinstance(got, dict) else None
        if isinstance(tag, str):
            return _CORE("there is no action of type {kind}{more}", more=more, kind=_shown(tag))
        return _CORE("its 'type' must be the name of an action (text), got {got}{more}", more=more, got=_got(tag))
    path = loc[1:] if loc and isinstance(loc[0], str) else loc  # drop the tag
    field = next((p for p in path if isinstance(p, str)), None)
    items = [p for p in path if isinstance(p, int)]
    where: Text = _CORE("field {name}", name=_shown(field)) if field is not None else _CORE("the action")
    for i in items:  # innermost first: "item 2 of item 1 of field 'pay'"
        where = _CORE("item {n} of {where}", n=i + 1, where=where)
    if kind == "missing":
        return _CORE("{where} is missing{more}", more=more, where=where)
    if kind == "extra_forbidden":
        owner = _an(loc[0]) if len(loc) > 1 and isinstance(loc[0], str) else _CORE("the action")
        return _CORE("{owner} has no {where}{more}", more=more, owner=owner, where=where)
    if kind == "literal_error":
        expected = (err.get("ctx") or {}).get("expected", "")
        return _CORE("{where} must be one of {expected}, got {got}{more}", more=more, where=where, expected=expected, got=_got(got))
    if kind in _NEEDS:
        return _CORE("{where} must be {need}, got {got}{more}", more=more, where=where, need=_NEEDS[kind], got=_got(got))
    message = str(err.get("msg", "is not valid")).splitlines()[0]
    return _CORE("{where}: {problem}{more}", more=more, where=where, problem=f"{message[:1].lower()}{message[1:80]}")
