"""Small effects shared by the rules and the recruit abilities: tracks, goods, allegiance,
miners, reveals, and the helpers that schedule tasks (see ``state.py``).

Tasks are plain dicts ``{"k": kind, "p": player, ...}`` on ``s.tasks`` (a stack: the last
one runs next), made by ``task(kind, player, ...)``. ``push(s, a, b, c)`` makes a, then b,
then c run before anything pending.
"""

from __future__ import annotations

from typing import Any

from .components import (ALLEGIANCE_MAX, FACTIONS, KNOW_MAX, KNOW_MIN, MORALE_MAX, MORALE_MIN,
                         RECRUITS, TIERS, TUNNEL_COMPLETE, TUNNEL_REVEAL, TUNNEL_FACTIONS)
from .markets import suffers_kind

Task = dict[str, Any]


def task(_kind: str, p: int, **kw: Any) -> Task:
    """A task of kind ``_kind`` for player ``p``, with its fields (``task("draw", p, n=1)``)."""
    return {"k": _kind, "p": p, **kw}


def push(s, *tasks: Task) -> None:
    """Run ``tasks`` in the given order, before every task already pending."""
    s.tasks.extend(reversed(tasks))


def order_from(s, first: int) -> list[int]:
    """Players clockwise starting with ``first`` (D-63)."""
    return [(first + i) % s.players for i in range(s.players)]


def note(s, text: str) -> None:
    s.log.append(text)
    if len(s.log) > 40:
        del s.log[:-40]


# ---- recruits ----------------------------------------------------------------------------

def ability_on(s, p: int, rid: str) -> bool:
    """p's recruit ``rid`` is active and its text works: not under the Academy penalty (D-43)."""
    return rid in s.p[p].active and not suffers_kind(s, p, "no_recruit_abilities")


def v1(s) -> bool:
    """The first-printing variant is on (D-1): recruits with ``first_printing_text`` use it."""
    return s.options.first_printing_recruits


def has_active_faction(s, p: int, faction: str) -> bool:
    return any(RECRUITS[r].faction == faction for r in s.p[p].active)


def faction_revealed(s, faction: str) -> bool:
    """Recruits of ``faction`` can no longer stay hidden (tunnel ≥ 6 or allegiance ≥ 8, D-32)."""
    if s.allegiance[faction] >= TIERS[3]:
        return True
    return faction in TUNNEL_FACTIONS and s.miners[faction] >= TUNNEL_REVEAL


def activate(s, p: int, rid: str) -> None:
    """Turn a hidden recruit face up (§18); at allegiance 11 it gets p's star at once."""
    pl = s.p[p]
    if rid in pl.hidden:
        pl.hidden.remove(rid)
    if rid not in pl.active:
        pl.active.append(rid)
    note(s, f"Player {p + 1} reveals {RECRUITS[rid].name}")
    if s.allegiance[RECRUITS[rid].faction] >= ALLEGIANCE_MAX and rid not in pl.recruit_stars:
        push(s, task("star", p, where="recruit", rid=rid))


def reveal_faction(s, faction: str) -> None:
    """Every player reveals all hidden recruits of ``faction`` (tier 3, miner at 6: §12, §18)."""
    for q in order_from(s, s.current):
        for rid in sorted(r for r in s.p[q].hidden if RECRUITS[r].faction == faction):
            activate(s, q, rid)


# ---- tracks -----------------------------------------------------------------------------

def knowledge(s, p: int, delta: int) -> int:
    """Move p's knowledge track, clipped to 1..6 (§9). Nick the Understudy: morale +1 per step
    actually risen (D-42). Returns the steps actually moved (signed)."""
    pl = s.p[p]
    new = max(KNOW_MIN, min(KNOW_MAX, pl.knowledge + delta))
    moved = new - pl.knowledge
    pl.knowledge = new
    if moved > 0 and ability_on(s, p, "nick_the_understudy"):
        morale(s, p, moved)
    return moved


def morale(s, p: int, delta: int) -> int:
    """Move p's morale, clipped to 1..6 (§8). Curtis the Propagandist: knowledge −1 per step
    actually fallen (D-42). The hand limit is enforced later (D-40)."""
    pl = s.p[p]
    new = max(MORALE_MIN, min(MORALE_MAX, pl.morale + delta))
    moved = new - pl.morale
    pl.morale = new
    if moved < 0 and ability_on(s, p, "curtis_the_propagandist"):
        knowledge(s, p, moved)
    return moved


def gain(s, p: int, good: str, n: int = 1) -> None:
    s.p[p].goods[good] += n


# ---- allegiance and tunnels ---------------------------------------------------------------

def ally(s, faction: str) -> None:
    """Allegiance +1 for ``faction`` (shared track, max 11, §18): reaching 8 reveals that
    faction's hidden recruits; reaching 11 puts every player's star on each active recruit."""
    if s.allegiance[faction] >= ALLEGIANCE_MAX:
        return
    s.allegiance[faction] += 1
    lvl = s.allegiance[faction]
    if lvl == TIERS[3]:
        reveal_faction(s, faction)
    if lvl == TIERS[4]:
        stars = []
        for q in order_from(s, s.current):
            for rid in sorted(s.p[q].active):
                if RECRUITS[rid].faction == faction and rid not in s.p[q].recruit_stars:
                    stars.append(task("star", q, where="recruit", rid=rid))
        push(s, *stars)


def advance_miner(s, faction: str, n: int = 1) -> None:
    """Move a tunnel's miner (max 9). Reaching or passing 6 reveals (D-52); 9 opens the
    tunnel's exclusive space (§12)."""
    before = s.miners[faction]
    after = min(TUNNEL_COMPLETE, before + n)
    s.miners[faction] = after
    if before < TUNNEL_REVEAL <= after:
        reveal_faction(s, faction)


# ---- workers ------------------------------------------------------------------------------

def controlled(s, p: int) -> int:
    """All workers p controls, available or on the board (§6)."""
    return sum(1 for w in s.p[p].where if w != "pool")


def lose_worker(s, p: int, die: int) -> None:
    """p's worker ``die`` leaves p's control for the recruitable pool (§6). If it belonged to the
    active player's matched group it is gone from the group too (§5): the die may come back as a
    newly gained worker this turn, and a newly gained worker is never placeable this turn."""
    s.p[p].where[die] = "pool"
    if p == s.current and s.turn and die in s.turn.get("group", []):
        s.turn["group"] = [d for d in s.turn["group"] if d != die]


def available(s, p: int) -> list[int]:
    return [d for d, w in enumerate(s.p[p].where) if w == "avail"]


def occupants(s, space: str) -> list[tuple[int, int]]:
    """The (player, die) of the workers on ``space``, by player then die."""
    out = []
    for q, pl in enumerate(s.p):
        where = pl.where
        if space in where:  # most players have no worker there: one quick look each
            out += [(q, d) for d, w in enumerate(where) if w == space]
    return out


def all_factions() -> tuple[str, ...]:
    return FACTIONS
