"""``check`` agrees with ``legal_actions`` (every legal action passes it, every other
candidate is refused with a reason and leaves the state unchanged)."""

from __future__ import annotations

from engines.core.errors import IllegalAction
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.actions import (AddElements, ChangeReservation, EndTurn, Pass, PlaceTile, PlaceToken,
                                      Reserve, Take, Terraform, Trade)
from engines.myraclia.components import COLOURS


def _candidates(state, rng):
    out = list(GAME.legal_actions(state))
    ids = [t.id for t in state.surface] + list(state.offer)
    out += [Take(column=c) for c in range(0, 9)] + [Pass(), EndTurn()]
    for _ in range(25):
        tid = ids[rng.below(len(ids))]
        pay = sorted({COLOURS[rng.below(7)] for _ in range(1 + rng.below(4))}, key=COLOURS.index)
        out += [Terraform(tile=tid, pay=pay), Reserve(tile=tid, place=pay[:1]),
                ChangeReservation(tile=tid, place=pay[:2]), AddElements(place=pay[:1]), PlaceToken(tile=tid),
                PlaceTile(tile=tid, q=rng.below(7) - 3, r=rng.below(7) - 3),
                Trade(give=COLOURS[rng.below(7)], take=COLOURS[rng.below(7)])]
    return out


def test_check_agrees_with_legal_actions_on_random_positions():
    for players in (2, 3, 4, 5):
        for seed in range(4):
            state = GAME.new_game(players, seed, {"eternity": True, "darkness": True})
            rng = Rng.from_seed(seed)
            step = 0
            while not GAME.is_over(state):
                if step % 11 == 0:
                    legal = GAME.legal_actions(state)
                    before = state.model_dump_json()
                    for a in _candidates(state, rng):
                        try:
                            GAME.check(state, a)
                            ok = True
                        except IllegalAction as exc:
                            ok = False
                            assert str(exc)
                        assert ok == (a in legal), (a, ok)
                    assert state.model_dump_json() == before
                legal = GAME.legal_actions(state)
                GAME.apply(state, legal[rng.below(len(legal))])
                step += 1
