"""The Myraclia game class: the engine contract verbs (``engines.core.game.Game``) on top of
the rules helpers of ``rules``: setup (§4), draft (§6), terraforming turn (§7-8), end of turn
(§8.11), end of round (§9), Eternity (§13), Darkness (§14), ``check`` with its precise reasons
and the coach (``why_not``). Final scoring lives in ``scoring``; the engine decisions are
listed in ``rules``.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from engines.core.catalog import about
from engines.core.errors import IllegalAction
from engines.core.game import Game
from engines.core.i18n import Text, player, render
from engines.core.rng import Rng

from . import rules, scoring, view as view_mod
from .actions import Action, PlaceTile, Terraform, Trade
from .components import COLOUR_INDEX, COLOURS, DRAFT_COLUMNS, MAX_ACTIONS, MISC, NCOL, TILES
from .determinize import determinize as _determinize
from .evaluate import evaluate as _evaluate
from .payment import legal_payments
from .playout import playout_action as _playout_action, search_actions as _search_actions
from .rules import NEIGHBOURS, compact_positions, counts_of, find_tile, is_free, missing, names, subsets_to_place
from .texts import (OPTION_LABELS, SCORE_CATEGORIES, T, an_element, colour, colour_count, colours, counts_text,
                    join, token_text)
from .state import MyracliaOptions, MyracliaState, PlayerState, SurfaceTile

# ---- the game ----------------------------------------------------------------------------
class Myraclia(Game):
    """Myraclia (Rudy Pricinsky, RUDY3 2019): draft elements, terraform a hex planet."""

    name = "myraclia"
    title, description = about("myraclia")["title"], about("myraclia")["description"]  # engines/catalog.json
    min_players = 2
    max_players = 5
    options_model = MyracliaOptions
    state_model = MyracliaState
    action_adapter = TypeAdapter(Action)

    def setup(self, players: int, seed: int, options: MyracliaOptions) -> MyracliaState:
        return rules.setup(players, seed, options)

    def to_move(self, state: MyracliaState) -> int | None:
        return rules.to_move(state)

    def is_over(self, state: MyracliaState) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: MyracliaState) -> list[Action]:
        return rules.legal_actions(state)

    def check(self, state: MyracliaState, action: Any) -> None:
        """Accepts exactly ``legal_actions`` (with a precise reason for anything else). Lists
        of elements have one form: each element once per cube, from the most common colour to
        the rarest (``names``); a payment or placement in another order is refused, not
        reordered, so that the record holds the one form."""
        self._check(state, action)

    def why_not(self, state: MyracliaState, action: dict) -> Text | str | None:
        """The coach (``Game.why_not``), reading also the partial moves the board's spots
        stand for, where the choice is not made yet:

        - ``{"type": "terraform", "tile": T}`` (``pay`` left out or empty): terraform tile T
          with any payment;
        - ``{"type": "place_tile", "tile": T}`` (no ``q``, ``r``): add offer tile T anywhere;
        - ``{"type": "trade", "take": C}`` or ``{"type": "trade"}`` (no ``give``): trade
          for an element of colour C (or any) of the trade zones, giving any element.

        Their reason is the one specific to what is named (the tile is taken, not adjacent,
        no element you hold can pay for it...); None only when some legal action matches.
        Anything else is ``parse_action`` and ``check``, as in the core."""
        partial = _partial(action)
        if partial is None:
            return super().why_not(state, action)
        try:
            self._check(state, partial, partial=True)
        except IllegalAction as exc:
            return exc.reason
        return None

    def _check(self, state: MyracliaState, action: Any, partial: bool = False) -> None:
        """``check``; with ``partial`` the choices left open by ``_partial`` (the payment, the
        position, the element given and taken) are any that a legal action has."""
        if self.is_over(state):
            raise IllegalAction(T("The game is over."))
        ph = state.phase
        kind = getattr(action, "type", None)
        allowed = {"draft": ("take", "pass"), "eternity": ("place_token",), "place": ("place_tile",),
                   "terraform": ("terraform", "reserve", "change", "add", "trade", "end_turn")}[ph]
        if kind not in allowed:
            raise IllegalAction(_not_now(state, kind))
        p = self.to_move(state)
        seat = state.seats[p]
        if kind == "take":
            if not (1 <= action.column <= DRAFT_COLUMNS):
                raise IllegalAction(T("The Draft board has columns 1 to {n} only.", n=DRAFT_COLUMNS))
            if state.draft_count[action.column - 1] == 0:
                raise IllegalAction(T("Column {column} of the Draft board has no elements.", column=action.column))
            return
        if kind in ("pass", "end_turn"):
            return
        if kind == "place_token":
            t = find_tile(state, action.tile)
            if t is None:
                raise IllegalAction(T("There is no tile {tile} on the surface.", tile=action.tile))
            if not is_free(t):
                raise IllegalAction(T("The Eternity token goes on a free tile: {why}",
                                      why=_not_free(t)))
            return
        if kind == "place_tile":
            if action.tile not in state.offer:
                raise IllegalAction(T("Tile {tile} is not in the tile offer.", tile=action.tile))
            if action.tile not in rules.placeable(state):
                raise IllegalAction(T("The Darkness tile in the tile offer must be added first."))
            if partial:
                return  # some position is always open (compact_positions is never empty)
            if (action.q, action.r) not in compact_positions(state):
                raise IllegalAction(_why_not_position(state, action.q, action.r))
            return
        if kind == "trade":
            if not any(state.pool):
                if state.turn_pos == 0:
                    raise IllegalAction(T("There is nothing to trade with: nobody has finished their turn this round."))
                raise IllegalAction(T("The trade zones are empty: the players who ended their turn this round "
                                      "left no elements there."))
            if partial:
                self._check_partial_trade(state, seat, action.take)
                return
            if action.give == action.take:
                raise IllegalAction(T("A trade swaps two different colours."))
            if seat.reserve[COLOUR_INDEX[action.give]] == 0:
                raise IllegalAction(T("You have no {colour} element to give.", colour=colour(action.give)))
            if state.pool[COLOUR_INDEX[action.take]] == 0:
                raise IllegalAction(T("The trade zones hold no {colour} element.", colour=colour(action.take)))
            return
        if kind == "add":
            if seat.reserved is None:
                raise IllegalAction(T("You have no reserved tile to add elements to."))
            own = find_tile(state, seat.reserved)
            s = counts_of(action.place)
            options = {tuple(1 if c in sub else 0 for c in range(NCOL)) for sub in subsets_to_place(seat.reserve, missing(own))}
            if s not in options:
                raise IllegalAction(_why_not_placement(seat, own, action.place, adding=True))
            _require_canonical(action.place, "placed")
            return
        t = find_tile(state, action.tile)
        if t is None:
            raise IllegalAction(T("There is no tile {tile} on the surface.", tile=action.tile))
        if state.actions_used >= MAX_ACTIONS:
            raise IllegalAction(T("You have already used your {n} actions this turn.", n=MAX_ACTIONS))
        if kind == "terraform":
            if t.id not in {x.id for x in rules.terraform_targets(state, p)}:
                raise IllegalAction(self._why_not_terraform(state, p, t))
            if partial:
                if not legal_payments(tuple(seat.reserve), missing(t)):
                    raise IllegalAction(_why_cannot_pay(seat, t))
                return
            if counts_of(action.pay) not in legal_payments(tuple(seat.reserve), missing(t)):
                raise IllegalAction(_why_not_payment(seat, t, action.pay))
            _require_canonical(action.pay, "paid")
            return
        change = kind == "change"
        if change and seat.reserved is None:
            raise IllegalAction(T("You have no reservation to change."))
        if not change and seat.reserved is not None:
            raise IllegalAction(T("You already have a reserved tile: terraform it or change the reservation."))
        if not change and seat.discs <= 0:
            raise IllegalAction(T("You have no disc left."))
        if t.id not in {x.id for x in rules.reserve_targets(state, p, change)}:
            if not is_free(t):
                raise IllegalAction(T("Only a free tile can be reserved: {why}", why=_not_free(t)))
            raise IllegalAction(T("Tile {tile} cannot be reserved: it is not next to a terraformed tile.", tile=t.id))
        s = counts_of(action.place)
        options = [tuple(1 if c in sub else 0 for c in range(NCOL)) for sub in rules.placements(state, p, t)]
        if s not in options:
            raise IllegalAction(_why_not_placement(seat, t, action.place, adding=False))
        _require_canonical(action.place, "placed")

    @staticmethod
    def _check_partial_trade(state: MyracliaState, seat: PlayerState, take: str | None) -> None:
        """A trade for an element of colour ``take`` (any colour if None) of the trade zones,
        giving any element of the reserve: why none is legal (the trade zones hold something)."""
        if take is not None and state.pool[COLOUR_INDEX[take]] == 0:
            raise IllegalAction(T("The trade zones hold no {colour} element.", colour=colour(take)))
        if not any(seat.reserve):
            raise IllegalAction(T("Your reserve is empty: a trade gives one of your elements for one of the "
                                  "trade zones."))
        takes = [k for k in range(NCOL) if state.pool[k]] if take is None else [COLOUR_INDEX[take]]
        if not any(seat.reserve[g] and k != g for g in range(NCOL) for k in takes):
            raise IllegalAction(T("A trade swaps two different colours: your reserve holds only {colour} "
                                  "elements.", colour=colour(next(c for c in range(NCOL) if seat.reserve[c]))))

    def _why_not_terraform(self, state: MyracliaState, p: int, t: SurfaceTile) -> Text:
        if TILES[t.id].darkness:
            return T("Darkness tiles can never be terraformed.")
        if t.terraformed:
            return T("Tile {tile} is already terraformed.", tile=t.id)
        if t.owner is not None and t.owner != p:
            return T("Tile {tile} is reserved by {player}.", tile=t.id, player=player(t.owner))
        if state.seats[p].discs <= 0:
            return T("You have no disc left.")
        if state.founding:
            return T("Tile {tile} must be next to a terraformed tile: in the first round only your first "
                     "terraformed tile may be anywhere.", tile=t.id)
        return T("Tile {tile} must be next to a terraformed tile.", tile=t.id)

    def play(self, state: MyracliaState, action: Action) -> None:
        rules.play(state, action)

    def scores(self, state: MyracliaState) -> list[int]:
        return [sum(b.values()) for b in self.score_breakdown(state)]

    def score_breakdown(self, state: MyracliaState) -> list[dict[str, int]]:
        return scoring.breakdown(state)

    def winners(self, state: MyracliaState) -> list[int]:
        return scoring.winners(state)

    # ---- what people see ----------------------------------------------------------------------
    def view(self, state: MyracliaState, player: int | None) -> dict:
        return view_mod.view(self, state, player)

    def log_text(self, state: MyracliaState, action: Any) -> Text:
        """The public log line (everything named is on the table, spec §16)."""
        who = player(self.to_move(state)) if not self.is_over(state) else T("Nobody")
        k = action.type
        if k == "take":
            ok = 1 <= action.column <= DRAFT_COLUMNS and state.draft_colour[action.column - 1] >= 0
            what = an_element(state.draft_colour[action.column - 1]) if ok else T("nothing")
            return T("{player} takes {element} from column {column}", player=who, element=what,
                     column=action.column)
        if k == "pass":
            return T("{player} passes", player=who)
        if k == "terraform":
            return T("{player} terraforms {tile} paying {pay}", player=who, tile=action.tile,
                     pay=colours(action.pay))
        if k == "reserve":
            return T("{player} reserves {tile} placing {place}", player=who, tile=action.tile,
                     place=colours(action.place))
        if k == "change":
            return T("{player} moves the reservation to {tile} placing {place}", player=who,
                     tile=action.tile, place=colours(action.place))
        if k == "add":
            return T("{player} adds {place} to the reserved tile", player=who, place=colours(action.place))
        if k == "trade":
            return T("{player} trades {give} for {take}", player=who, give=an_element(action.give),
                     take=an_element(action.take))
        if k == "end_turn":
            return T("{player} ends the turn", player=who)
        if k == "place_tile":
            return T("{player} adds tile {tile} at ({q}, {r})", player=who, tile=action.tile,
                     q=action.q, r=action.r)
        if k == "place_token":
            tok = state.eternity_drawn
            return T("{player} places {token} on {tile}", player=who,
                     token=token_text(tok) if tok else T("the Eternity token"), tile=action.tile)
        return T("{player} plays an unknown action", player=who)

    def event_texts(self, before: MyracliaState, action: Any, after: MyracliaState) -> list[Text]:
        """The log lines of what the rules did by themselves (``events``)."""
        from .events import event_texts
        return event_texts(self, before, action, after)

    def action_label(self, state: MyracliaState, action: Any, lang: str = "en") -> str:
        """The button text for the player to move: names the tile, the elements paid or
        placed (wildcards marked), the VP, the column or position (``labels``)."""
        from .labels import action_label
        return render(action_label(state, action, self.to_move(state)), lang)

    def action_steps(self, state: MyracliaState, action: Any, lang: str = "en") -> list[str]:
        """The picker's steps: kind of action, tile, then the payment's direct matches and
        its wildcards (``labels.action_steps``)."""
        from .labels import action_steps
        return [render(t, lang) for t in action_steps(state, action, self.to_move(state))]

    def score_categories(self, lang: str = "en") -> dict[str, str]:
        """The names of the ``score_breakdown`` keys in ``lang`` (the end-of-game table)."""
        return {k: v.render(lang) for k, v in SCORE_CATEGORIES.items()}

    def statistics(self, record) -> list:
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

    def reveals_information(self, before: MyracliaState, action: Any, after: MyracliaState) -> bool:
        """True when chance moved, or a tile or an Eternity token came out of its bag.

        Hidden in Myraclia is only what lies in the three bags (the view gives their sizes).
        Audit of every look into them:

        - an element drawn from the element bag (set-up, the Draft board) is random: the
          PRNG moves;
        - an element of a named colour taken from the bag (the released element of §8.3
          when the discard pile has none, an Eternity element) is no reveal: the bag's
          content is known to everyone, since the cubes of each colour are counted (§2.1)
          and every cube outside the bag is on the table; whether one is found follows;
        - the tile bag: a refill draws from it (its size changes), or puts back a second
          Darkness tile and reshuffles (the PRNG moves); D24 (a Darkness tile put back, the
          bag holding only Darkness tiles) follows from the public count of the tiles;
        - the Eternity bag: a token is drawn face up (its size changes); an empty bag is
          seen by its size.
        """
        return (before.rng != after.rng or len(before.tile_bag) != len(after.tile_bag)
                or len(before.eternity_bag) != len(after.eternity_bag))

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
        """The bags re-dealt from what ``player`` knows of them, the generator re-seeded
        (``determinize``: their content is public, only their order is hidden)."""
        return _determinize(state, player, rng)

    def evaluate(self, state: MyracliaState, player: int) -> float:
        """The true win share at the end; before, a softmax over estimated final scores
        (``evaluate``)."""
        return _evaluate(state, player)

    def playout_action(self, state: MyracliaState, rng: Rng) -> Any:
        """The heuristic's judgement, cut down for search playouts (``playout``)."""
        return _playout_action(self, state, rng)

    def search_actions(self, state: MyracliaState) -> list[Any]:
        """The actions the search bots consider (``engines.core.search.candidates``): the legal
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


def _partial(data: Any) -> Any:
    """The move a board spot stands for with a choice still open (``Myraclia.why_not``), as
    an action built without that choice; None for any other dict (a whole action or not one)."""
    if not isinstance(data, dict):
        return None
    kind, keys = data.get("type"), set(data)
    tile = data.get("tile")
    if kind == "terraform" and isinstance(tile, str) and keys <= {"type", "tile", "pay"} and not data.get("pay"):
        return Terraform.model_construct(tile=tile, pay=[])
    if kind == "place_tile" and isinstance(tile, str) and keys == {"type", "tile"}:
        return PlaceTile.model_construct(tile=tile, q=0, r=0)
    if kind == "trade" and "give" not in keys and keys <= {"type", "take"}:
        take = data.get("take")
        if take is None or take in COLOUR_INDEX:
            return Trade.model_construct(give=None, take=take)
    return None


#: why a kind of move cannot be played in a phase, where the phase's own sentence says less
_NOT_NOW_KIND: dict[tuple[str, str], Text] = {
    ("draft", "terraform"): T("Tiles are terraformed in the terraforming turns, after the draft: now take an "
                              "element from the Draft board or pass."),
    ("draft", "reserve"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                            "element from the Draft board or pass."),
    ("draft", "change"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                           "element from the Draft board or pass."),
    ("draft", "add"): T("Tiles are reserved in the terraforming turns, after the draft: now take an "
                        "element from the Draft board or pass."),
    ("draft", "trade"): T("Trades are made in the terraforming turns, after the draft: now take an element "
                          "from the Draft board or pass."),
    ("draft", "place_tile"): T("New tiles are added at the end of a terraforming turn: now take an element "
                               "from the Draft board or pass."),
    ("terraform", "take"): T("The draft is over for this round: play your terraforming turn with the "
                             "elements you took."),
    ("terraform", "pass"): T("The draft is over for this round: play your terraforming turn with the "
                             "elements you took."),
    ("terraform", "place_tile"): T("New tiles are added when you end your turn: one for each free tile you "
                                   "terraformed or reserved in it."),
    ("place", "terraform"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                              "surface."),
    ("place", "reserve"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                            "surface."),
    ("place", "change"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                           "surface."),
    ("place", "add"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                        "surface."),
    ("place", "trade"): T("You have ended your turn: now add the new tiles from the tile offer to the "
                          "surface."),
    ("place", "take"): T("The draft is over for this round: now add the new tiles from the tile offer to the "
                         "surface."),
    ("eternity", "place_tile"): T("New tiles are added at the end of a terraforming turn: now put the Eternity "
                                  "token on a free tile."),
    ("eternity", "trade"): T("Trades are made in the terraforming turns: now put the Eternity token on a free "
                             "tile."),
    ("eternity", "terraform"): T("The round is over: now put the Eternity token on a free tile, then the next "
                                 "round’s draft begins."),
    ("eternity", "take"): T("The round is over: now put the Eternity token on a free tile, then the next "
                            "round’s draft begins."),
}


def _not_now(state: MyracliaState, kind: str | None) -> Text:
    """Why a move of kind ``kind`` is not one of this phase's moves."""
    text = _NOT_NOW_KIND.get((state.phase, kind or ""))
    if text is not None:
        return text
    return {"draft": T("Draft phase: now you must take an element from the Draft board or pass."),
            "eternity": T("Now you must put the Eternity token on a free tile."),
            "place": T("Now you must add a tile from the tile offer to the surface."),
            "terraform": T("Terraforming phase: now you may terraform, reserve, change your "
                           "reservation, add elements, trade or end your turn.")}[state.phase]


def _why_cannot_pay(seat: PlayerState, t: SurfaceTile) -> Text:
    """Why no payment from the reserve covers tile ``t`` (§8.1: direct matches, wildcards of 3
    of one colour or 5 of any colours)."""
    needs = join([colour(c) for c in missing(t)])
    if not any(seat.reserve):
        return T("Your reserve is empty: tile {tile} needs {needs}.", tile=t.id, needs=needs)
    return T("Your elements cannot pay for tile {tile}: it needs {needs}, and you hold {have} (a missing "
             "element may also be paid with 3 elements of one colour or 5 of any colours).",
             tile=t.id, needs=needs, have=counts_text(seat.reserve))


def _twice(placed: list[str]) -> Text | None:
    """The reason a placement names a colour twice (a tile needs at most one of each, §15.2)."""
    for c in COLOURS:
        if placed.count(c) > 1:
            return T("A tile needs at most one {colour} element: name each element placed once.", colour=colour(c))
    return None


def _not_free(t: SurfaceTile) -> Text:
    """Why a tile of the surface is not free (§3.3)."""
    if TILES[t.id].darkness:
        return T("{tile} is a Darkness tile.", tile=t.id)
    if t.terraformed:
        return T("{tile} is already terraformed.", tile=t.id)
    return T("{tile} is reserved by {player}.", tile=t.id, player=player(t.owner))


def _why_not_position(state: MyracliaState, q: int, r: int) -> Text:
    """Which compact-shape rule (§8.11 a, b) a position breaks."""
    occupied = {(t.q, t.r) for t in state.surface}
    if (q, r) in occupied:
        return T("Position ({q}, {r}) already holds a tile.", q=q, r=r)
    touching = [(q + dq, r + dr) for dq, dr in NEIGHBOURS if (q + dq, r + dr) in occupied]
    if len(touching) == 1:
        return T("Position ({q}, {r}) touches 1 tile: a new tile must touch at least 2 "
                 "(compact-shape rule a).", q=q, r=r)
    if len(touching) < 2:
        return T("Position ({q}, {r}) touches {n} tiles: a new tile must touch at least 2 "
                 "(compact-shape rule a).", q=q, r=r, n=len(touching))
    return T("Position ({q}, {r}) touches only 2 tiles, and each of them must touch at least 3 other "
             "tiles (compact-shape rule b).", q=q, r=r)


def _why_not_payment(seat: PlayerState, t: SurfaceTile, pay: list[str]) -> Text:
    """Why a payment for terraforming ``t`` is refused (§8.1): not in the reserve, not enough
    to cover the missing elements, or more than needed (the hand rule)."""
    from .payment import covers
    pay_counts = counts_of(pay)
    for c in range(NCOL):
        if pay_counts[c] > seat.reserve[c]:
            if seat.reserve[c] == 0:
                return T("You cannot pay {elements}: your reserve holds none.", elements=colour_count(c, pay_counts[c]))
            return T("You cannot pay {elements}: your reserve holds {have}.",
                     elements=colour_count(c, pay_counts[c]), have=colour_count(c, seat.reserve[c]))
    miss = missing(t)
    if not covers(pay_counts, miss):
        return T("That payment does not cover tile {tile}: it needs {needs}; pay each missing element "
                 "directly or with a wildcard (3 of one colour or 5 of any colours).",
                 tile=t.id, needs=join([colour(c) for c in miss]))
    return T("That payment uses more elements than tile {tile} needs (hand rule): leave out the "
             "superfluous ones.", tile=t.id)


def _why_not_placement(seat: PlayerState, t: SurfaceTile, place: list[str], adding: bool) -> Text:
    """Why elements cannot be placed on ``t`` to reserve it (§8.6) or added to one's own
    reservation (§8.8)."""
    twice = _twice(place)
    if twice is not None:
        return twice
    if not place:
        return T("Place at least one element the tile needs.")
    miss = missing(t)
    for c in place:
        i = COLOUR_INDEX[c]
        if i not in TILES[t.id].requires:
            return T("Tile {tile} does not need {colour}: place only elements it needs (no wildcards).",
                     tile=t.id, colour=colour(c))
        if i not in miss:
            return T("Tile {tile} already has its {colour} element.", tile=t.id, colour=colour(c))
        if seat.reserve[i] == 0:
            return T("You have no {colour} element in your reserve.", colour=colour(c))
    if len(place) >= len(miss):
        if adding:
            return T("Those elements would complete tile {tile}: completing it is a Terraform action.", tile=t.id)
        return T("A reservation leaves at least one element missing: to place them all, terraform the tile.")
    miss_after = len(miss) - len(place)
    cost = miss_after * MISC.reservation_penalty_per_missing_element
    return T("You cannot pay the reservation penalty: {cost} VP for {n} missing elements, and you have {score} VP.",
             cost=cost, n=miss_after, score=seat.score)


def _require_canonical(colours: list[str], verb: str) -> None:
    """Refuse a list of elements that ``legal_actions`` would write in another order.

    A payment or placement is a multiset, but an action has one form only (one game, one
    record): its elements from the most common colour to the rarest, as ``names`` writes them.
    Refusing another order (instead of reordering it) keeps the record equal to what was
    checked. Called once the multiset itself is known to be legal, so the reason is only this.
    """
    canonical = names(counts_of(colours))
    if list(colours) != canonical:
        tpl = ("Name the elements paid from the most common colour to the rarest: {elements}." if verb == "paid"
               else "Name the elements placed from the most common colour to the rarest: {elements}.")
        raise IllegalAction(T(tpl, elements=join([colour(c) for c in canonical])))
