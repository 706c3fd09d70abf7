"""Scores: Euphoria has no points; a player's score is the number of stars (authority tokens)
placed, by where they stand (§17, §21). The winner is the first to place all 10 (§21)."""

from __future__ import annotations

from .components import FACTIONS, SITES, STARS


def breakdown(s, p: int) -> dict[str, int]:
    pl = s.p[p]
    return {
        "territories": sum(s.territory[f][p] for f in FACTIONS),
        "market tiles": sum(1 for site in SITES if p in s.tile_stars[site]),
        "recruits": len(pl.recruit_stars),
        "dilemma": 1 if pl.dilemma_star else 0,
    }


def stars_placed(s, p: int) -> int:
    """Running score: stars gone from the player's supply."""
    return STARS - s.p[p].stars
