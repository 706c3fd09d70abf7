"""Stars (§17) and the end of the game (§21).

A star goes on a faction's territory, a market tile, a recruit (allegiance 11, §18) or the
player's dilemma card (§19); an artifact market lets the player choose between the territory
and a built tile of that faction (§15, D-16). The first player to place all his stars wins at
the end of that action (P8/R8); several at once: the tie-breaks (§21, D-22).
"""

from __future__ import annotations

from ..components import FACTIONS, MARKETS, RECRUITS, SITES, SITE_FACTION
from ..effects import controlled, knowledge, note, push, task
from ..markets import KIND, suffers_kind
from ..state import EuphoriaState
from .chance import chance
from .tasks import done, resolve, step


@step("art_star")
def _art_star(s, t):
    """§15: the star goes to the faction's territory or onto a built tile of that faction
    without the placer's star (D-16)."""
    p, f = t["p"], t["faction"]
    if s.p[p].stars <= 0:
        done(s)
        return None
    out = []
    if sum(s.territory[f]) < s.players:
        out.append("territory")
    out += [f"tile:{site}" for site in SITES if SITE_FACTION[site] == f and s.built[site] == 2
            and p not in s.tile_stars[site]]
    if not out:
        done(s)
        return None
    return out


@resolve("art_star")
def _art_star_r(s, t, o):
    done(s)
    if o == "territory":
        push(s, task("star", t["p"], where="territory", faction=t["faction"]))
    else:
        push(s, task("star", t["p"], where="tile", site=o.split(":")[1]))


@step("star")
def _star(s, t):
    """§17: place one star (if the player has one and there is room), then Theater (D-15), the
    Icarite tier-2 draw (§16) and Esme (D-41)."""
    done(s)
    p = t["p"]
    pl = s.p[p]
    if pl.stars <= 0:
        return None
    w = t["where"]
    if w == "territory":
        f = t["faction"]
        if sum(s.territory[f]) >= s.players:
            return None
        s.territory[f][p] += 1
        where = f"{f.capitalize()} territory"
    elif w == "tile":
        if p in s.tile_stars[t["site"]]:
            return None
        s.tile_stars[t["site"]].append(p)
        where = MARKETS[s.site_tile[t["site"]]].name
    elif w == "recruit":
        pl.recruit_stars.append(t["rid"])
        where = RECRUITS[t["rid"]].name
    else:
        pl.dilemma_star = True
        where = "the dilemma card"
    pl.stars -= 1
    note(s, f"Player {p + 1} places a star on {where}")
    if suffers_kind(s, p, "knowledge_per_star"):
        knowledge(s, p, MARKETS[KIND["knowledge_per_star"]].penalty_effect.value)
    tasks = []
    if t.get("ica") and w == "territory" and t.get("faction") == "icarite":
        tasks.append(task("draw", p, n=1, plain=False))
    tasks.append(task("hooks", p, hook="star", done=[]))
    push(s, *tasks)
    return None


@step("end_check")
def _end_check(s, t):
    """P8/R8 (§21, D-50): players with no stars left have won; several: tie-breaks, and if
    they leave a tie, roll-offs (``rolloff``)."""
    done(s)
    finished = [q for q in range(s.players) if s.p[q].stars == 0]
    if finished:
        tied = tie_break(s, finished)
        if len(tied) == 1:
            _game_over(s, tied)
        else:
            push(s, task("rolloff", s.current, tied=tied, rolls=[], i=0, left=None))
    return None


def _game_over(s: EuphoriaState, winners: list[int]) -> None:
    s.winners = winners
    s.phase = "over"
    s.tasks = []
    note(s, "The game is over")


def tie_break(s: EuphoriaState, tied: list[int]) -> list[int]:
    """§21: morale (high), knowledge (low), market tiles with a star (most), territories with a
    star (most): the players still tied after these (one: the winner; else roll-offs)."""
    def key(q: int):
        pl = s.p[q]
        tiles = sum(1 for site in SITES if q in s.tile_stars[site])
        terrs = sum(1 for f in FACTIONS if s.territory[f][q] > 0)
        return (-pl.morale, pl.knowledge, -tiles, -terrs)
    best = min(key(q) for q in tied)
    return [q for q in tied if key(q) == best]


@step("rolloff")
def _rolloff(s, t):
    """§21 (D-22): each tied player rolls all his controlled dice (each a chance node,
    ``chance.py``), plus his knowledge; the lowest total wins; a tie rolls off again among the
    tied. ``rolls``: the totals so far, one per player of ``tied`` who has begun; ``i``: the
    player rolling; ``left``: his dice still to roll."""
    tied = t["tied"]
    while t["i"] < len(tied):
        q = tied[t["i"]]
        if t["left"] is None:
            t["left"] = controlled(s, q)
            t["rolls"].append(s.p[q].knowledge)
        if t["left"] > 0:
            t["left"] -= 1
            push(s, chance("rolloff", to=q))
            return None
        t["i"] += 1
        t["left"] = None
    low = min(t["rolls"])
    tied = [q for q, r in zip(tied, t["rolls"]) if r == low]
    if len(tied) == 1:
        done(s)
        _game_over(s, tied)
    else:
        t.update(tied=tied, rolls=[], i=0, left=None)
    return None
