"""Search over information sets: single-observer ISMCTS, the same for every game.

Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012, "SO-ISMCTS")
builds one tree for the deciding player, whose nodes stand for *sequences of actions*, not
for states. Each iteration:

1. **Determinize**: sample a full state that agrees with everything the deciding player has
   seen (``Game.determinize``): the opponents' hands, the order of the decks, face-down cards
   and hidden choices re-dealt from what the player cannot see, and the game's generator
   re-seeded so dice and draws to come are new too. The real state's hidden parts never
   reach the search: the determinization is all it plays on.
2. **Select** down the tree with UCB1, among the children whose action is legal in this
   determinization; every such child counts one more *availability* (the number of
   iterations in which it could have been chosen), which takes the place of the parent's
   visit count in the exploration term, because an action is not available in every sampled
   world (ISMCTS's "subset-armed bandit").
3. **Expand** one action not tried yet at that node, chosen at random.
4. **Play out** with the game's playout policy (``Game.playout_action``, the heuristic's
   judgement made cheap) for at most ``playout_steps`` players' actions (the chance nodes
   on the way sampled with ``Game.sample_chance``, and not counted), then **evaluate** the
   position for every player (``Game.evaluate``: 1 a sure win, 0 a sure loss), so a playout
   costs bounded time even in games whose random play lasts very long.
5. **Back up**: each node on the path adds the value of the player who chose its action.

Chance nodes are never nodes of the tree: wherever a world reaches one, in the tree or in the
playout, its outcome is sampled (``sample_chance``), as the determinization samples the hidden
present, so the search reads no future from anywhere (open-loop ISMCTS over chance).

The actions searched at a node are ``game.search_actions(state)``: by default every legal
action; a game may narrow it to a subset of ``legal_actions(state)``, in its order, that leaves
out actions it knows to be not worth a search's iterations (Euphoria: trade proposals, and all
but the heuristic's best few choices), so each candidate gets more visits.

Every action the search plays was just taken from ``legal_actions`` (or ``search_actions``,
``playout_action``) of the very world it is played on, so it is played with
``Game.play_legal``, without ``apply``'s check.

Opponents' decisions are nodes of the same tree, chosen by the same rule from *their*
values: the single-observer form treats every player as if they saw the determinized world,
which is the known price of its simplicity ("strategy fusion"); it never gives the deciding
player information it does not have. Hidden or simultaneous choices (Citadels' draft,
Euphoria's hidden recruits) need nothing special: in a determinization an opponent's hidden
choice is whatever was sampled, and the opponent's next decisions are searched from there.

One setting changes this, opt-in for a game whose measurements call for it:
``opponents="policy"``: only the deciding player's choices are nodes; the other seats' moves
on the way down are the playout policy's. With few iterations and many seats, a tree over
everyone's choices spreads them thin and has the opponents pick almost at random among their
candidates; played by the policy, they play as the heuristic would, and every iteration
deepens the decider's own plan.

The decision is the root's most visited child (the robust child). With a fixed iteration
budget and the bot's own seeded ``Rng`` the result is reproducible from (record, seat, bot
seed); ``time_cap`` is only a safety net, and when it cuts a search short the decision may
depend on the machine's speed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from pydantic import BaseModel, ConfigDict, Field

from .game import Game, GameState
from .chance import CHANCE
from .rng import Rng


def action_key(action: Any) -> Hashable:
    """A hashable key of an action, equal for equal actions in any determinization (its
    model class and field values, lists as tuples)."""
    if isinstance(action, BaseModel):
        return (type(action).__name__, *(_freeze(v) for v in action.__dict__.values()))
    return _freeze(action)


def _freeze(value: Any) -> Hashable:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, BaseModel):
        return action_key(value)
    return value


@dataclass
class Node:
    """One action sequence of the tree: ``mover`` chose ``action`` to get here."""
    mover: int = -1
    action: Any = None
    visits: int = 0
    value: float = 0.0  # the sum of the mover's values over the visits
    available: int = 0  # iterations in which this action was legal when its parent was reached
    children: dict[Hashable, "Node"] = field(default_factory=dict)


@dataclass
class Result:
    """What a search found: the action to play, and for each root action its visits and
    mean value for the deciding player (the "estimated win chance" a hint can show)."""
    action: Any
    iterations: int
    stats: list[tuple[Any, int, float]]

    @property
    def value(self) -> float:
        """The mean value of the chosen action (0..1)."""
        for action, _visits, mean in self.stats:
            if action is self.action:
                return mean
        return 0.0


class Explanation(BaseModel):
    """Why a search chose its action, in facts a person may read: only the root of the tree,
    whose actions are the decider's own legal actions in the real position (the deeper
    nodes were played in determinized worlds, whose hidden contents are sampled guesses and
    are never quoted). ``runner_up`` is the next most visited root action, as
    ``Game.dump_action`` writes it, so the explanation travels as JSON (the bot worker's
    answer) and the page names it with that action's own label.

    A forced choice (one legal action) is ``simulations == 0``, ``share == 1``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    simulations: int = Field(ge=0)  # the iterations run: each one simulated game from here
    share: float = Field(ge=0, le=1)  # the chosen action's share of them
    runner_up: dict | None = None  # the next best action (dumped), when there is one
    runner_up_share: float | None = Field(default=None, ge=0, le=1)

    @property
    def forced(self) -> bool:
        """True when the move was the only legal one: nothing was searched."""
        return self.simulations == 0


def explain(game: Game, result: Result) -> Explanation | None:
    """The explanation of ``result``: the chosen action's share of the root's visits, and
    the runner-up (the next most visited root action, ties: the better mean) with its share;
    a forced one for a single legal action; None when nothing was searched (a zero budget)."""
    visits = sum(n for _a, n, _m in result.stats)
    if result.iterations == 0 and len(result.stats) == 1:  # ``Search.result`` of a forced choice
        return Explanation(simulations=0, share=1.0)
    if visits == 0:
        return None
    ranked = sorted((s for s in result.stats if s[0] is not result.action), key=lambda s: (s[1], s[2]), reverse=True)
    chosen = next((n for a, n, _m in result.stats if a is result.action), 0)
    runner_up = ranked[0] if ranked and ranked[0][1] > 0 else None
    return Explanation(simulations=visits, share=chosen / visits,
                       runner_up=None if runner_up is None else game.dump_action(runner_up[0]),
                       runner_up_share=None if runner_up is None else runner_up[1] / visits)


class Search:
    """A search that can be run in slices: ``run(n)`` does up to ``n`` more iterations, so a
    caller (the page's bot worker) can stop between slices to read its messages, show the
    progress, or drop a search nobody waits for. Slicing changes nothing: the same budget
    and ``rng`` give the same decision however the iterations are split.

    ``state`` is never changed (every iteration plays on its own determinization); the
    actions searched are ``game.search_actions(state)`` (the legal actions, unless the game
    narrows them), and ``result()`` returns the object of that list.
    """

    def __init__(self, game: Game, state: GameState, rng: Rng, *, exploration: float = 0.7,
                 playout_steps: int = 60, opponents: str = "tree") -> None:
        if opponents not in ("tree", "policy"):
            raise ValueError(f"opponents must be 'tree' or 'policy', not {opponents!r}")
        self.game, self.state, self.rng = game, state, rng
        self.exploration, self.playout_steps = exploration, playout_steps
        self.opponents = opponents
        player = game.to_move(state)
        if player is None:
            raise ValueError("the game is over: there is nothing to decide")
        self.player: int = player
        self.legal = game.search_actions(state)
        self.root = Node()
        self.done = 0  # iterations run so far

    @property
    def forced(self) -> bool:
        """True when there is one legal action: nothing to search."""
        return len(self.legal) == 1

    def run(self, iterations: int, deadline: float | None = None,
            clock: Callable[[], float] = time.perf_counter) -> int:
        """Run up to ``iterations`` more iterations (fewer if ``clock()`` passes ``deadline``);
        the number run."""
        if self.forced:
            return 0
        ran = 0
        while ran < iterations:
            world = self.game.determinize(self.state, self.player, self.rng)
            _iterate(self.game, world, self.root, self.rng, self.exploration, self.playout_steps,
                     self.player if self.opponents == "policy" else None)
            ran += 1
            if deadline is not None and clock() > deadline:
                break
        self.done += ran
        return ran

    def result(self) -> Result:
        """The decision so far: the most visited root action (ties: the better mean)."""
        if self.forced:
            return Result(self.legal[0], 0, [(self.legal[0], 0, 0.0)])
        by_key = {action_key(a): a for a in self.legal}
        stats = [(by_key[k], n.visits, n.value / n.visits if n.visits else 0.0)
                 for k, n in self.root.children.items() if k in by_key]
        if not stats:  # no iteration ran (a zero budget): the first legal action
            return Result(self.legal[0], self.done, [])
        best = max(stats, key=lambda s: (s[1], s[2]))
        return Result(best[0], self.done, stats)


def ismcts(game: Game, state: GameState, rng: Rng, iterations: int, *, exploration: float = 0.7,
           playout_steps: int = 60, opponents: str = "tree", time_cap: float | None = None,
           clock: Callable[[], float] = time.perf_counter) -> Result:
    """Search from ``state`` for the player to move; the best action found, among
    ``game.legal_actions(state)`` (the object of that list).

    ``iterations`` is the budget (the decision depends only on it and ``rng``); ``time_cap``
    (seconds) stops earlier if reached. ``state`` is never changed: every iteration plays
    on its own determinization.
    """
    search = Search(game, state, rng, exploration=exploration, playout_steps=playout_steps,
                    opponents=opponents)
    deadline = None if time_cap is None else clock() + time_cap
    search.run(iterations, deadline, clock)
    return search.result()


def _iterate(game: Game, world: GameState, root: Node, rng: Rng, exploration: float, playout_steps: int,
             only: int | None = None) -> None:
    """One iteration on one determinization (``world`` is changed). With ``only`` (a seat), the
    other seats' decisions are not nodes: the playout policy plays them."""
    node, path = root, []
    while True:
        mover = game.to_move(world)
        if mover is None:
            break
        if mover == CHANCE:  # chance is sampled, not a node of the tree (open loop)
            game.play_legal(world, game.sample_chance(world, rng))
            continue
        if only is not None and mover != only:
            game.play_legal(world, game.playout_action(world, rng))
            continue
        legal = game.search_actions(world)
        keyed = [(action_key(a), a) for a in legal]
        untried = [(k, a) for k, a in keyed if k not in node.children]
        for k, _a in keyed:
            child = node.children.get(k)
            if child is not None:
                child.available += 1
        if untried:  # expand one new action, then play out from there
            k, a = untried[rng.below(len(untried))]
            child = node.children[k] = Node(mover, a, available=1)
            game.play_legal(world, a)
            path.append(child)
            break
        best: Node | None = None
        best_score = -math.inf
        for k, a in keyed:
            child = node.children[k]
            score = child.value / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score, action = child, score, a
        game.play_legal(world, action)
        assert best is not None  # keyed is never empty: the game is not over
        node = best
        path.append(node)
    steps = 0  # the players' moves played out (a chance node is not a step: the horizon is in moves)
    while steps < playout_steps:
        mover = game.to_move(world)
        if mover is None:
            break
        if mover == CHANCE:
            game.play_legal(world, game.sample_chance(world, rng))
            continue
        game.play_legal(world, game.playout_action(world, rng))
        steps += 1
    values = [game.evaluate(world, p) for p in range(world.players)]
    for n in path:
        n.visits += 1
        n.value += values[n.mover]


@dataclass(frozen=True)
class SearchBot:
    """A bot that searches with ``ismcts``: called as ``bot(game, state, rng) -> action`` like
    every bot; its fields are what a caller needs to run the same search in slices
    (``Search``), as the page's bot worker does (``engines.core.thinking.Decision``)."""

    iterations: int
    exploration: float = 0.7
    playout_steps: int = 60
    opponents: str = "tree"
    time_cap: float | None = None

    def __call__(self, game: Game, state: GameState, rng: Rng) -> Any:
        return ismcts(game, state, rng, self.iterations, exploration=self.exploration,
                      playout_steps=self.playout_steps, opponents=self.opponents, time_cap=self.time_cap).action

    def start(self, game: Game, state: GameState, rng: Rng) -> "Search":
        """The same search, to be run in slices."""
        return Search(game, state, rng, exploration=self.exploration, playout_steps=self.playout_steps,
                      opponents=self.opponents)


def search_bot(iterations: int, *, exploration: float = 0.7, playout_steps: int = 60,
               opponents: str = "tree", time_cap: float | None = None) -> SearchBot:
    """A bot (``choose(game, state, rng) -> action``) that searches with ``ismcts``."""
    return SearchBot(iterations, exploration, playout_steps, opponents, time_cap)
