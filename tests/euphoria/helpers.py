"""Shared helpers of the Euphoria tests: invariants, a census of components, positions."""

from __future__ import annotations

from collections import Counter

from engines.euphoria import GAME
from engines.euphoria.components import (ARTIFACT_DECK, DILEMMA_IDS, FACTIONS, MARKET_IDS,
                                         RECRUIT_IDS, SITES, SPACES, STARS)
from engines.euphoria.rules import run


_ARTS = sorted(ARTIFACT_DECK)
_RECRUITS = sorted(RECRUIT_IDS)
_TILES = sorted(MARKET_IDS)
_DILEMMAS = sorted(DILEMMA_IDS)
_WORKER_SPACES = {k: v.type for k, v in SPACES.items()}


def components_census(s) -> dict:
    """Every card, tile, token and worker in exactly one place (raises AssertionError if not)."""
    # workers: 4 dice per player, each in one place; temporary/fixed spaces hold at most one
    seen: dict[str, int] = {}
    for pl in s.p:
        assert len(pl.dice) == len(pl.where) == 4
        for d, w in enumerate(pl.where):
            assert 1 <= pl.dice[d] <= 6
            if w != "pool" and w != "avail":
                assert _WORKER_SPACES[w] != "turn_action"
                if _WORKER_SPACES[w] != "multi":
                    assert w not in seen, f"two workers on {w}"
                seen[w] = 1
    # artifacts
    arts = s.art_deck + s.art_discard
    for pl in s.p:
        arts = arts + pl.hand
    assert sorted(arts) == _ARTS
    # recruits
    rec = s.recruit_deck + s.recruits_out
    for pl in s.p:
        rec = rec + pl.active + pl.hidden + pl.dealt + pl.pack
    for t in s.tasks:
        if t["k"] == "dil_keep":
            rec = rec + t["drawn"]
    assert sorted(rec) == _RECRUITS
    # market tiles
    tiles = list(s.site_tile.values()) + s.markets_out + s.market_pile
    for pl in s.p:
        tiles += pl.tiles_dealt
        if pl.kept_tile and not s.site_tile:
            tiles.append(pl.kept_tile)
    assert sorted(tiles) == _TILES
    # stars
    for q, pl in enumerate(s.p):
        placed = (sum(s.territory[f][q] for f in FACTIONS) + sum(q in s.tile_stars[x] for x in SITES)
                  + len(pl.recruit_stars) + int(pl.dilemma_star))
        assert placed + pl.stars == STARS
        assert len(set(pl.recruit_stars)) == len(pl.recruit_stars)
        assert set(pl.recruit_stars) <= set(pl.active)
    # dilemmas
    assert sorted([pl.dilemma for pl in s.p] + s.dilemma_deck) == _DILEMMAS
    return {"workers": len(seen), "artifacts": len(arts), "recruits": len(rec)}


def assert_no_negative(s) -> None:
    for pl in s.p:
        assert all(v >= 0 for v in pl.goods.values()), pl.goods
        assert 1 <= pl.morale <= 6 and 1 <= pl.knowledge <= 6
        assert pl.stars >= 0
        assert any(w != "pool" for w in pl.where), "a player has no worker"
    assert all(0 <= v <= 11 for v in s.allegiance.values())
    assert all(0 <= v <= 9 for v in s.miners.values())
    for f in FACTIONS:
        assert sum(s.territory[f]) <= s.players and min(s.territory[f]) >= 0


def new_play_state(players: int = 2, seed: int = 1, **options):
    """A game past set-up: each player keeps the first two recruits offered."""
    s = GAME.new_game(players, seed, options or None)
    while s.phase == "setup":
        GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def give_recruit(s, p: int, rid: str, active: bool = True) -> None:
    """Move recruit ``rid`` (from wherever it is) to player p, active or hidden."""
    for pl in s.p:
        for lst in (pl.active, pl.hidden, pl.dealt):
            if rid in lst:
                lst.remove(rid)
    for lst in (s.recruit_deck, s.recruits_out):
        if rid in lst:
            lst.remove(rid)
    (s.p[p].active if active else s.p[p].hidden).append(rid)


def clear_recruits(s, p: int) -> None:
    pl = s.p[p]
    s.recruits_out += pl.active + pl.hidden
    pl.active, pl.hidden = [], []


def set_tile(s, site: str, tile: str, built: int = 2) -> None:
    """Put market ``tile`` on ``site`` (swapping with wherever it was)."""
    old = s.site_tile[site]
    if tile != old:
        for other, t in s.site_tile.items():
            if t == tile:
                s.site_tile[other] = old
                break
        else:
            s.markets_out.remove(tile)
            s.markets_out.append(old)
        s.site_tile[site] = tile
    s.built[site] = built


def give_cards(s, p: int, *cards: str) -> None:
    for c in cards:
        if c in s.art_deck:
            s.art_deck.remove(c)
        else:
            s.art_discard.remove(c)
        s.p[p].hand.append(c)


def choose(s, option: str) -> None:
    GAME.apply(s, {"type": "choose", "option": option})


def options(s) -> list[str]:
    return [a.option for a in GAME.legal_actions(s) if a.type == "choose"]


def place(s, die: int, space: str) -> None:
    GAME.apply(s, {"type": "place", "die": die, "space": space})


def set_dice(s, p: int, values: dict[int, object]) -> None:
    """values: die -> value or (value, where)."""
    for d, v in values.items():
        if isinstance(v, tuple):
            s.p[p].dice[d], s.p[p].where[d] = v
        else:
            s.p[p].dice[d] = v


def fresh_turn(s, p: int) -> None:
    """Make it p's turn, starting now (after editing the position)."""
    from engines.euphoria.rules import begin_turn
    s.tasks = []
    s.current = p
    begin_turn(s)
    run(s)


def blank(players: int = 2, seed: int = 1, **opts):
    """A position at player 1's (index 0) turn with no recruits, no goods, no cards, two
    available workers showing 1 and 2 for everyone, morale 1 and knowledge 3. Trading (§23.5)
    is off unless asked for, so that a turn ends right after its action (no T4 decision)."""
    opts.setdefault("trading", False)
    s = new_play_state(players, seed, **opts)
    for q in range(players):
        clear_recruits(s, q)
        s.art_deck += s.p[q].hand
        s.p[q].hand = []
        s.p[q].dice = [1, 2, 1, 1]
        s.p[q].where = ["avail", "avail", "pool", "pool"]
        s.p[q].morale, s.p[q].knowledge = 1, 3
        for g in s.p[q].goods:
            s.p[q].goods[g] = 0
    fresh_turn(s, 0)
    return s


def goods(s, p: int, **kw) -> None:
    for g, n in kw.items():
        s.p[p].goods[g] = n


def actions(s) -> list[dict]:
    return [GAME.dump_action(a) for a in GAME.legal_actions(s)]


def place_spaces(s) -> set[str]:
    return {a["space"] for a in actions(s) if a["type"] == "place"}


def finish_choices(s, prefer=None) -> None:
    """Answer pending non-turn choices with the first option (or one starting with ``prefer``)."""
    while s.phase != "over" and s.tasks and s.tasks[-1]["k"] != "turn":
        opts = options(s)
        pick = next((o for o in opts if prefer and o.startswith(prefer)), opts[0])
        choose(s, pick)


def without_dealer(state):
    """``state`` without its seeded dealer: what a record with its outcomes replays to."""
    twin = state.clone()
    twin.dealer = None
    return twin
