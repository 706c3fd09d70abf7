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
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import IllegalAction
from .rng import Rng


class GameState(BaseModel):
    """Base of every game's state. Subclasses add their own fields.

    ``players`` is the number of seats, ``seed`` the seed the game was created from,
    ``rng`` the live generator. ``clone()`` gives an independent copy; the JSON round trip
    (``model_dump_json`` / ``model_validate_json``) is exact.
    """

    model_config = ConfigDict(validate_assignment=False)

    players: int
    seed: int
    rng: Rng

    def clone(self):
        return self.model_validate(self.model_dump(mode="python", round_trip=True))


class Options(BaseModel):
    """Base of every game's options model (variants, expansions). All fields have defaults."""

    model_config = ConfigDict(extra="forbid")


class Game:
    """One board game's rules. Subclasses set the class attributes and implement the verbs.

    Class attributes:
        name: the id used in URLs and records ("citadels").
        title: the name shown to people ("Citadels").
        description: one or two sentences for the home screen.
        min_players, max_players: the player range.
        options_model: pydantic model of the variants, every field with a default.
        state_model: the game's ``GameState`` subclass.
        action_adapter: ``TypeAdapter`` of the game's action union (discriminated on ``type``).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]] = Options
    state_model: ClassVar[type[GameState]]
    action_adapter: ClassVar[TypeAdapter]

    # ---- set-up -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> GameState:
        """A new game after set-up. Raises ``ValueError`` for a bad player count or option."""
        if not (self.min_players <= players <= self.max_players):
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        try:
            opts = self.options_model.model_validate(options or {})
        except ValidationError as exc:
            raise ValueError(f"bad options for {self.title}: {exc}") from None
        return self.setup(players, seed, opts)

    def setup(self, players: int, seed: int, options: Options) -> GameState:
        """Build the initial state (subclasses). ``Rng.from_seed(seed)`` is the only chance."""
        raise NotImplementedError

    # ---- playing ------------------------------------------------------------------------
    def to_move(self, state: GameState) -> int | None:
        """The one player who must act now, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: GameState) -> list[Any]:
        """Every legal action of ``to_move``, in a deterministic order; never empty while
        the game is not over."""
        raise NotImplementedError

    def check(self, state: GameState, action: Any) -> None:
        """Raise ``IllegalAction`` with a reason a player understands if ``action`` is not
        legal now. The default compares against ``legal_actions``; a game may override it
        to give more precise reasons (it must agree with ``legal_actions``)."""
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if action not in self.legal_actions(state):
            raise IllegalAction(f"That is not a legal move now: {self.describe(state, action)}.")

    def apply(self, state: GameState, action: Any) -> None:
        """Play ``action`` for ``to_move``, mutating ``state``.

        An illegal action raises ``IllegalAction`` and leaves the state exactly as it was.
        ``action`` may be an action model or its JSON-able dict.
        """
        if isinstance(action, dict):
            action = self.parse_action(action)
        self.check(state, action)
        self.play(state, action)

    def play(self, state: GameState, action: Any) -> None:
        """Carry out an action already known to be legal (subclasses)."""
        raise NotImplementedError

    def parse_action(self, data: dict) -> Any:
        """An action model from its dict; a malformed dict raises ``IllegalAction``."""
        try:
            return self.action_adapter.validate_python(data)
        except ValidationError as exc:
            raise IllegalAction(f"Not a {self.title} action: {exc.errors()[0]['msg']}") from None

    def dump_action(self, action: Any) -> dict:
        return self.action_adapter.dump_python(action, mode="json")

    # ---- the end ------------------------------------------------------------------------
    def is_over(self, state: GameState) -> bool:
        raise NotImplementedError

    def scores(self, state: GameState) -> list[int]:
        """Victory points of each player: final when over, running before."""
        raise NotImplementedError

    def score_breakdown(self, state: GameState) -> list[dict[str, int]]:
        """Per player, the points by scoring category (the end-of-game table); each dict's
        values add up to that player's score. Default: one "total" category."""
        return [{"total": s} for s in self.scores(state)]

    def winners(self, state: GameState) -> list[int]:
        """The winner(s) after the rules' tie-breakers (several when the rules share it)."""
        raise NotImplementedError

    # ---- what people see ----------------------------------------------------------------
    def view(self, state: GameState, player: int | None) -> dict:
        """JSON-able dict of what ``player`` may see (None: a spectator, public only)."""
        raise NotImplementedError

    def describe(self, state: GameState, action: Any, lang: str = "en") -> str:
        """One log line for ``action`` played in ``state`` (before it is applied).

        The log is shown to every player, so the line must not reveal hidden information
        ("Player 2 chooses a character", not which one). Players are named "Player N"
        (1-based); the shell puts the seat's name in their place.
        """
        return f"Player {(self.to_move(state) or 0) + 1}: {self.dump_action(action)}"

    def action_label(self, state: GameState, action: Any, lang: str = "en") -> str:
        """The text of the button that plays ``action``, shown only to the player to move,
        so it may name what is hidden from others ("Choose the Thief"). Default: ``describe``."""
        return self.describe(state, action, lang)

    def action_steps(self, state: GameState, action: Any, lang: str = "en") -> list[str]:
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

    def reveals_information(self, before: GameState, action: Any, after: GameState) -> bool:
        """Whether playing ``action`` showed anything new (a card drawn, a die rolled, a
        hidden choice revealed). The shell allows undo only when this is False.

        The default says True whenever the PRNG moved. Games that draw from decks
        shuffled in advance, or reveal hidden choices, must override it.
        """
        return before.rng != after.rng

    def bots(self) -> dict[str, Any]:
        """The game's own bots by level name ("heuristic": a ``choose`` function)."""
        return {}
