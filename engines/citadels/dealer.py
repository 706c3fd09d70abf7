"""Citadels' seeded dealer: the chance of a game made from a seed, dealt exactly as the
engine drew it from that seed before its chance was explicit (``engines.core.chance``).

The engine used to keep a generator, ``Rng.from_seed(seed)``, in the state and made these
calls with it, in this order:

- the set-up (§2): ``rng.shuffle(deck)`` of the 65 district cards in data order
  (``components.ALL_CARDS``); every draw then took the top card of that order, and cards put
  under the deck came back only once the shuffled part was used up;
- each round's start (§4): ``chars = list(RANKS); rng.shuffle(chars)``; ``chars[0]`` went face
  down; then, while a face-up card was due, the next card was taken from the front, and a King
  drawn was put back at the end and ``rng.shuffle`` d with the cards still to draw (§4.2);
- ``determinize`` replaced the generator by ``rng.fork()`` of the bot's generator, and the
  deck by the order it had just shuffled.

The dealer keeps that generator and that order and makes the same calls when the game
reaches the same events: a district draw from the shuffled part deals the old order's next
card, and the first character set aside in a round makes the old round's shuffle (its
removals are then dealt one by one).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from engines.core.rng import Rng

from . import actions as A
from .components import ALL_CARDS, KING, RANKS, removal

if TYPE_CHECKING:
    from .state import CitadelsState


class CitadelsDealer(BaseModel):
    """The old generator (``rng``), the old deck order (``order``, top first; never changed
    in place, so clones share it) and how many of its cards were dealt (``next``), and the
    round's character removals still to deal (face down first, then face up)."""

    rng: Rng
    order: list[str]
    next: int = 0
    removals: list[int] = []

    @classmethod
    def from_seed(cls, seed: int) -> "CitadelsDealer":
        """The old set-up's generator and its shuffle of the 65 districts."""
        rng = Rng.from_seed(seed)
        order = list(ALL_CARDS)
        rng.shuffle(order)
        return cls.model_construct(rng=rng, order=order, next=0, removals=[])  # valid as made

    def pick(self, game: Any, state: "CitadelsState") -> A.DrawDistrict | A.RemoveCharacter:
        d = self.__dict__   # the fields set as the state sets its own (no pydantic dispatch: speed)
        if state.pending in ("down", "up"):
            if not self.removals:
                d["removals"] = round_removals(self.rng, state.players)
            return (A.REMOVE_UP if state.pending == "up" else A.REMOVE_DOWN)[self.removals.pop(0)]
        deck, order, k = state.deck, self.order, self.next
        while not _holds(deck, order[k]):   # a card taken out of the deck by hand (tests)
            k += 1
        d["next"] = k + 1
        return A.DRAW_DISTRICT[order[k]]

    def clone(self) -> "CitadelsDealer":
        """A fast independent copy (the order is shared: it is never changed in place)."""
        d = self.__dict__.copy()
        d["rng"] = Rng.model_construct(s=self.rng.s[:])
        d["removals"] = self.removals[:]
        return self.model_construct(_fields_set=set(self.model_fields_set), **d)


def _holds(deck: list[str], card: str) -> bool:
    """Whether the sorted list ``deck`` holds ``card``."""
    i = bisect_left(deck, card)
    return i < len(deck) and deck[i] == card


def round_removals(rng: Rng, players: int) -> list[int]:
    """The old ``start_round``'s calls: the ranks set aside, the face-down one first, then the
    face-up ones in the order they were drawn (§4.1, §4.2: a King drawn face up goes back
    and the cards still to draw are shuffled again)."""
    row = removal(players)
    chars = list(RANKS)
    rng.shuffle(chars)
    down = chars[:row.face_down]
    rest = chars[row.face_down:]
    up: list[int] = []
    while len(up) < row.face_up:
        card = rest.pop(0)
        if card == KING:
            rest.append(card)
            rng.shuffle(rest)
            continue
        up.append(card)
    return down + up
