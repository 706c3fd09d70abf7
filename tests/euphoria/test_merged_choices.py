"""Choices the engine merges, and the ones it must keep apart (issue 5: "every choice the rules
give a player is an action; nothing is decided silently unless the rules leave no choice").

A merge is kept only where the alternatives give the same position: a player's dice are
interchangeable, so two outcomes that differ only in which of p's dice sits where (same values,
same places, same later rolls) are the same position. ``canonical`` states that comparison."""

from __future__ import annotations

import pytest

from engines.core.game import IllegalAction
from engines.euphoria import GAME
from engines.euphoria.effects import push, task
from engines.euphoria.rules import run

from .helpers import (actions, blank, choose, finish_choices, fresh_turn, give_recruit, goods,
                      options, place)


def roll(s, p: int, preset: dict[int, int], new: bool = False) -> None:
    """One roll event for p with fixed values; ``new``: as the tank's new worker (§20)."""
    tasks = [task("roll", p, dice=list(preset), preset={str(d): v for d, v in preset.items()})]
    if new:
        tasks.append(task("new_worker", p, die=next(iter(preset))))
    push(s, *tasks)
    run(s)


def canonical(s) -> dict:
    """The position with each player's dice as a multiset of (place, value); pool dice have no
    value in play (they are rolled when gained), so only their number counts."""
    d = s.model_dump()
    for pl in d["p"]:
        board = sorted((w, v) for w, v in zip(pl["where"], pl["dice"]) if w != "pool")
        pl["dice"], pl["where"] = board, pl["where"].count("pool")
    d.pop("log", None)
    d.pop("ret", None)
    return d


def swapped(s, p: int, a: int, b: int):
    """A copy of s where p's dice a and b trade places and values (the same physical position)."""
    c = s.model_copy(deep=True)
    pl = c.p[p]
    pl.dice[a], pl.dice[b] = pl.dice[b], pl.dice[a]
    pl.where[a], pl.where[b] = pl.where[b], pl.where[a]
    return c


# ---- kept apart: the tied worker lost to the knowledge check (D-34) -------------------------

def test_tied_loss_group_worker_or_other_worker_is_asked():
    """After the first placement, a tied matched-group worker may still follow (§5) and the other
    may not: losing one or the other differs, so both are offered."""
    s = blank(2)
    s.p[0].dice = [5, 5, 1, 1]
    s.p[0].where = ["avail", "avail", "GEN", "pool"]
    fresh_turn(s, 0)
    place(s, 0, "FARM")
    s.p[0].knowledge = 6
    s.p[0].where[2] = "avail"
    roll(s, 0, {2: 5})  # available 5 + 5 + knowledge 6 = 16
    assert options(s) == ["lose:1", "lose:2"]
    choose(s, "lose:2")
    assert s.p[0].where[1] == "avail" and any(a["type"] == "place" and a["die"] == 1 for a in actions(s))


def test_pete_the_cannibal_tied_loss_new_worker_or_old_is_asked():
    """Pete (b) fires when a worker was actually gained (§18.1, §20 "if you did gain a worker"),
    even if the new worker is then lost to the check; only Chase (b) needs it to survive. So
    with Pete alone the tied new and old workers are the same (merged, nothing asked) and Pete
    (b) is still offered; with Chase the choice changes the outcome and is asked."""
    s = blank(2)
    give_recruit(s, 0, "pete_the_cannibal")
    s.p[0].dice = [6, 1, 1, 1]
    s.p[0].where = ["avail", "WAT_WATER", "avail", "pool"]
    s.p[0].knowledge = 4
    fresh_turn(s, 0)
    roll(s, 0, {2: 6}, new=True)  # 6 + 6 + 4 = 16: one 6 lost, no question
    assert s.p[0].where.count("avail") == 1 and s.p[0].lost_this_turn
    assert options(s) == ["pete_the_cannibal|use", "pete_the_cannibal|skip"]
    s = blank(2)
    give_recruit(s, 0, "pete_the_cannibal")
    give_recruit(s, 0, "chase_the_miner")
    s.p[0].dice = [6, 1, 1, 1]
    s.p[0].where = ["avail", "WAT_WATER", "avail", "pool"]
    s.p[0].knowledge = 4
    fresh_turn(s, 0)
    roll(s, 0, {2: 6}, new=True)
    assert options(s) == ["lose:0", "lose:2"]
    choose(s, "lose:2")  # the new worker is gone: Pete (b) still fires, Chase (b) does not
    assert s.p[0].where[2] == "pool"
    choose(s, "pete_the_cannibal|use")
    finish_choices(s)
    assert len(s.p[0].hand) == 1 and s.turn["chase"] is None


def test_tied_loss_new_worker_without_new_worker_recruits_is_merged():
    """Without Pete, Sheppard or Chase the new worker and an old one of the same value are the
    same: no question, one of them goes."""
    s = blank(2)
    s.p[0].dice = [6, 1, 1, 1]
    s.p[0].where = ["avail", "WAT_WATER", "avail", "pool"]
    s.p[0].knowledge = 4
    fresh_turn(s, 0)
    roll(s, 0, {2: 6}, new=True)
    assert s.tasks[-1]["k"] == "turn" and s.p[0].where.count("avail") == 1 and s.p[0].lost_this_turn


def test_tied_loss_at_a_retrieval_is_merged():
    """A retrieval ends the turn, so the turn-start matched group gives its workers no role:
    the tied 5s are the same, nothing is asked."""
    s = blank(2)
    s.p[0].dice = [5, 5, 5, 1]
    s.p[0].where = ["avail", "avail", "GEN", "pool"]
    s.p[0].knowledge = 6
    fresh_turn(s, 0)
    s.p[0].where[2] = "avail"
    roll(s, 0, {2: 5})
    assert s.tasks[-1]["k"] == "turn" and s.p[0].where.count("avail") == 2


# ---- merged: identical alternatives --------------------------------------------------------

def test_equal_available_workers_are_one_placement():
    """Two available 4s: both are in the same matched group and show the same value, so placing
    one or the other is the same (one Place per value; the other die is refused)."""
    s = blank(2)
    s.p[0].dice = [4, 4, 2, 1]
    s.p[0].where = ["avail", "avail", "avail", "pool"]
    fresh_turn(s, 0)
    dice = {a["die"] for a in actions(s) if a["type"] == "place"}
    assert dice == {0, 2}
    with pytest.raises(IllegalAction, match="interchangeable"):
        GAME.apply(s, {"type": "place", "die": 1, "space": "GEN"})
    a, b = s.model_copy(deep=True), swapped(s, 0, 0, 1)
    place(a, 0, "GEN")
    place(b, 0, "GEN")
    assert canonical(a) == canonical(b)


def _retrieve_with(rid: str, choice: str):
    s = blank(2)
    give_recruit(s, 0, rid)
    s.p[0].dice = [5, 2, 3, 1]
    s.p[0].where = ["FARM", "TUN_EUP", "avail", "pool"]
    goods(s, 0, energy=1)
    fresh_turn(s, 0)
    out = []
    for st in (s, swapped(s, 0, 0, 1)):
        GAME.apply(st, {"type": "retrieve", "dice": [0, 1], "pay": "free"})
        assert choice in options(st)
        choose(st, choice)
        finish_choices(st)
        out.append(canonical(st))
    return out


def test_pete_the_cannibal_which_retrieved_worker_is_sacrificed_is_merged():
    """The retrieved workers Pete does not sacrifice are all re-rolled (R6) and a sacrificed die
    keeps no value (§6): sacrificing the 5 from the Farm or the 2 from the tunnel is the same."""
    a, b = _retrieve_with("pete_the_cannibal", "pete_the_cannibal|use:gold")
    assert a == b and a["p"][0]["where"] == 2


def test_sheppard_the_lobotomist_which_retrieved_worker_is_sacrificed_is_merged():
    a, b = _retrieve_with("sheppard_the_lobotomist", "sheppard_the_lobotomist|use:stone")
    assert a == b and a["p"][0]["where"] == 2


def test_yordy_the_demotivator_which_retrieved_worker_is_set_is_merged():
    """Yordy sets one retrieved worker and the others are rolled: setting the one from the Farm or
    the one from the tunnel gives the same values in the same place."""
    a, b = _retrieve_with("yordy_the_demotivator", "yordy_the_demotivator|set:1")
    assert a == b and ("avail", 1) in a["p"][0]["dice"]
