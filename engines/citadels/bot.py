"""A heuristic Citadels bot. It decides from what ``view`` shows its seat and the legal actions
only (read from the state directly, for speed: see ``_Seen``).

Plan of a turn: take gold when the hand already holds something to build, else draw; keep
the best card; use the character's power (Assassin and Thief aim at the characters the
leader is likely to take, the Magician swaps for a bigger hand); build the most valuable
affordable district (preferring missing colours), collect district income after building,
and end. As Warlord it knocks down a cheap district of the leader.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .components import (_KIND, ARCHITECT, ASSASSIN, BISHOP, CHARACTERS, DISTRICTS, KING, MAGICIAN, MERCHANT,
                         THIEF, WARLORD, kind)
from .rules import threshold, to_move
from .scoring import scores

_KIND_OF = _KIND.get
_COLOUR = {k: d.color for k, d in DISTRICTS.items()}
_PURPLE_EARLY = frozenset(("library", "observatory", "smithy", "laboratory", "school_of_magic", "keep"))


class _Seen:
    """What the bot reads of the table: exactly the parts of ``view(state, me)`` it uses (the
    public table and the seat's own hand and characters), read from the state directly, each
    computed once and only when asked (a full ``view`` per decision was most of the bot's cost)."""

    __slots__ = ("state", "me", "_hand", "_kinds", "_colours", "_scores")

    def __init__(self, state: Any, me: int) -> None:
        self.state, self.me = state, me
        self._hand: list[str] | None = None
        self._kinds: dict[int, list[str]] = {}
        self._colours: dict[int, set[str]] = {}
        self._scores: list[int] | None = None

    def hand(self) -> list[str]:
        """The district types of the seat's hand, in hand order (``view``'s private hand)."""
        if self._hand is None:
            self._hand = [_KIND_OF(c) or kind(c) for c in self.state.hands[self.me]]
        return self._hand

    def city(self, seat: int) -> list[str]:
        """The district types of a city, in build order."""
        got = self._kinds.get(seat)
        if got is None:
            got = self._kinds[seat] = [_KIND_OF(c) or kind(c) for c in self.state.cities[seat]]
        return got

    def colours(self, seat: int) -> set[str]:
        got = self._colours.get(seat)
        if got is None:
            got = self._colours[seat] = {_COLOUR[k] for k in self.city(seat)}
        return got

    def scores(self) -> list[int]:
        if self._scores is None:
            self._scores = scores(self.state)
        return self._scores


def _card_value(v: _Seen, seat: int, k: str, gold: int) -> float:
    d = DISTRICTS[k]
    val = d.vp + (1.5 if d.color not in v.colours(seat) else 0.0)
    if v.state.options.forbid_duplicate_districts and k in v.city(seat):
        return -10
    if d.cost > gold + 4:
        val -= 2 * (d.cost - gold - 4)
    if k in _PURPLE_EARLY and v.state.round < 6:
        val += 1.5
    return val


def _leader(v: _Seen, me: int) -> int:
    state = v.state
    others = [s for s in range(state.players) if s != me]
    sc, cities, gold = v.scores(), state.cities, state.gold
    return max(others, key=lambda s: (sc[s] + len(cities[s]), gold[s]))


def _colour_count(v: _Seen, seat: int, colour: str) -> int:
    return sum(1 for k in v.city(seat) if _COLOUR[k] == colour or k == "school_of_magic")


def _character_value(v: _Seen, me: int, rank: int) -> float:
    state = v.state
    gold = state.gold[me]
    hand = state.hands[me]
    n = len(state.cities[me])
    colour = CHARACTERS[rank].income_color  # type: ignore[union-attr]
    val = 0.0
    if colour:
        val += 1.2 * _colour_count(v, me, colour)
    if rank == KING:
        val += 1.5
    if rank == MERCHANT:
        val += 1.5
    if rank == ARCHITECT:
        val += 1.0 + (1.5 if gold >= 5 and len(hand) >= 2 else 0) + (1.5 if len(hand) <= 1 else 0)
    if rank == WARLORD:
        val += 1.0
    if rank == BISHOP:
        val += 0.5 + (2.0 if n >= threshold(state) - 2 else 0)
    if rank == ASSASSIN:
        val += 2.0
    if rank == THIEF:
        val += 0.5 + 0.3 * max(state.gold)
    if rank == MAGICIAN:
        most = max(len(h) for s, h in enumerate(state.hands) if s != me)
        val += 0.5 + (2.5 if len(hand) <= 1 and most >= 3 else 0)
    return val


def choose(game: Any, state: Any, rng: Rng) -> Any:
    me = to_move(state)
    assert me is not None  # a bot is asked for a move only while the game is on
    v = _Seen(state, me)
    legal = game.legal_actions(state)
    types = {a.type for a in legal}
    gold = state.gold[me]

    if "choose_character" in types:
        return max(legal, key=lambda a: _character_value(v, me, a.rank) + rng.below(100) / 400)
    if "discard_character" in types:
        # put face down the character most useful to the opponents (highest general value)
        return max(legal, key=lambda a: _character_value(v, me, a.rank))
    if "graveyard_take" in types:
        d = DISTRICTS[kind(state.destroyed)]
        return legal[0] if d.cost >= 2 and gold >= 1 else legal[1]
    if "destroy" in types or "no_destroy" in types:
        leader = _leader(v, me)
        best, best_val = None, 0.0
        for a in legal:
            if a.type != "destroy" or a.target == me:
                continue
            cost = DISTRICTS[a.district].cost - 1
            val = (3.0 if a.target == leader else 1.0) * (1 + len(state.cities[a.target]) / 4) - cost * 0.8
            if val > best_val:
                best, best_val = a, val
        return best if best is not None else next(a for a in legal if a.type == "no_destroy")
    if "keep_card" in types:
        return max(legal, key=lambda a: _card_value(v, me, a.district, gold))
    if "put_bottom" in types:
        return legal[0]
    if "magician_draw" in types:
        hand = v.hand()
        bad = [a for a in legal if a.type == "magician_discard"
               and DISTRICTS[a.district].cost > gold + 4]
        return bad[0] if bad and len(hand) > 1 else next(a for a in legal if a.type == "magician_draw")

    hand = v.hand()
    # character abilities first
    if "assassinate" in types:
        leader = _leader(v, me)
        mine = {r for r in range(1, 9) if state.holder[r] == me}
        removed = state.removed_up          # the characters set aside face up (public)
        weights = {}
        for a in legal:
            if a.type != "assassinate":
                continue
            r = a.rank
            if r in mine or r in removed:
                continue
            weights[r] = 1.0 + (1.0 if r in (KING, MERCHANT, ARCHITECT) else 0) + 0.3 * _colour_count(
                v, leader, CHARACTERS[r].income_color or "none")  # type: ignore[union-attr]
        if weights:
            r = max(weights, key=lambda r: weights[r] + rng.below(100) / 60)
            return next(a for a in legal if a.type == "assassinate" and a.rank == r)
    if "rob" in types:
        mine = {r for r in range(1, 9) if state.holder[r] == me}
        removed = state.removed_up
        opts = [a for a in legal if a.type == "rob" and a.rank not in mine and a.rank not in removed]
        if opts:
            pref = {MERCHANT: 3, KING: 2, ARCHITECT: 2.5, BISHOP: 1.5, WARLORD: 1.5, MAGICIAN: 1}
            return max(opts, key=lambda a: pref.get(a.rank, 0) + rng.below(100) / 80)
    if "magician_exchange" in types:
        hands = state.hands
        best = max((a for a in legal if a.type == "magician_exchange"), key=lambda a: len(hands[a.target]))
        if len(hands[best.target]) >= len(hand) + 2:
            return best
    if "architect_draw" in types:
        return next(a for a in legal if a.type == "architect_draw")
    if not state.income_taken:
        affordable_now = [k for k in hand if DISTRICTS[k].cost <= gold]
        affordable_after_gold = [k for k in hand if DISTRICTS[k].cost <= gold + 2]
        short_of_cards = not hand or (affordable_now and len(hand) <= 2 and gold >= 4) or (
            not affordable_after_gold and len(hand) < 3)
        if "draw_cards" in types and short_of_cards:
            draws = [a for a in legal if a.type == "draw_cards"]
            return max(draws, key=lambda a: a.count)
        return next(a for a in legal if a.type == "take_gold")
    if "smithy" in types and gold >= 7 and len(hand) <= 1:
        return next(a for a in legal if a.type == "smithy")
    builds = [a for a in legal if a.type == "build"]
    if builds:
        best = max(builds, key=lambda a: _card_value(v, me, a.district, gold) + DISTRICTS[a.district].cost)
        return best
    if "laboratory" in types and len(hand) >= 3:
        worst = min((a for a in legal if a.type == "laboratory"),
                    key=lambda a: _card_value(v, me, a.district, gold))
        return worst
    if "collect_income" in types:
        return next(a for a in legal if a.type == "collect_income")
    return next(a for a in legal if a.type == "end_turn")
