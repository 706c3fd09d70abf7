"""Set-up (§4) and the variants' set-up choices (§22).

``setup`` lays out the tracks, the market tiles, the decks, the dilemma cards, the dice and the
first player (§4.9: the highest 2-dice total); what the players choose before the first turn is
a row of pending tasks: each keeps 2 of 4 recruits, one active and one hidden (§4.7), or, with
the variants, drafts them (§22 recruit draft), keeps 1 of 2 market tiles (§22 market
selection) and places the morale and knowledge tokens (§22). ``start_game`` then begins the
first player's turn.
"""

from __future__ import annotations

from ..components import (ARTIFACT_DECK, DILEMMA_IDS, FACTIONS, KNOW_START, MARKET_IDS,
                          MORALE_START, RECRUITS, RECRUITS_DEALT, RECRUIT_IDS, SITES, STARS,
                          TUNNELS, WORKERS_MAX, WORKERS_START)
from ..effects import note, order_from, push, task
from ..state import EuphoriaOptions, EuphoriaState, PlayerState
from .chance import chance
from .tasks import done, resolve, run, step
from .turn import begin_turn


def setup(players: int, seed: int, options: EuphoriaOptions) -> EuphoriaState:
    """§4: tracks, markets, decks, dilemmas, dice and the first player. The decks are sorted
    (nobody knows their order); what is dealt from them, the dice and the random choices are
    chance nodes (``chance.py``), in this order: the dilemma cards (§4.5), the 2 dice of each
    player (§4.9), the first player (``setup_first``), the market tiles (§4.2, or two to each
    player, §22), 4 recruits to each player (§4.7), the start of the track placement (§22);
    then the players' set-up choices are pending tasks (``setup_tasks``)."""
    ps = []
    for i in range(players):
        ps.append(PlayerState(dice=[1] * WORKERS_MAX,
                              where=["avail"] * WORKERS_START + ["pool"] * (WORKERS_MAX - WORKERS_START),
                              morale=MORALE_START, knowledge=KNOW_START, stars=STARS))
    tiles = sorted(MARKET_IDS)
    s = EuphoriaState(players=players, seed=seed, options=options, p=ps,
                      allegiance={f: 0 for f in FACTIONS}, miners={f: 0 for f in TUNNELS.values()},
                      site_tile={}, built={site: 0 for site in SITES},
                      tile_stars={site: [] for site in SITES},
                      territory={f: [0] * players for f in FACTIONS},
                      art_deck=sorted(ARTIFACT_DECK), recruit_deck=sorted(RECRUIT_IDS),
                      dilemma_deck=sorted(DILEMMA_IDS), seen=[0] * players,
                      market_pile=tiles if options.market_selection else [],
                      markets_out=[] if options.market_selection else tiles)
    nodes = [chance("deal_dilemma", to=i) for i in range(players)]
    nodes += [chance("die", to=i, die=d) for i in range(players) for d in range(WORKERS_START)]
    nodes.append(task("setup_first", 0))
    if options.market_selection:
        nodes += [chance("deal_tile", to=i) for i in range(players) for _ in range(2)]
    else:
        nodes += [chance("site_tile", site=site) for site in SITES]
    nodes += [chance("deal_recruit", to=i, pack=options.recruit_draft)
              for i in range(players) for _ in range(RECRUITS_DEALT)]
    if options.morale_knowledge_placement:
        nodes.append(chance("placement_start"))  # D-21: "oldest player" -> a random player
    push(s, *nodes, task("setup_tasks", 0))
    run(s)
    return s


@step("setup_first")
def _setup_first(s, t):
    """§4.9: first player by the highest 2-dice total; ties at random (D-21, a chance node);
    not a roll event (D-35)."""
    done(s)
    totals = [sum(pl.dice[:WORKERS_START]) for pl in s.p]
    best = [i for i, v in enumerate(totals) if v == max(totals)]
    if len(best) == 1:
        s.first_player = s.current = best[0]
    else:
        push(s, chance("first_player", among=best))
    return None


@step("setup_tasks")
def _setup_tasks(s, t):
    """The players' set-up choices: keep market tiles (§22), draft (§22), keep recruits (§4.7),
    place the track tokens (§22, from ``start``, the chance node's player), then the game."""
    done(s)
    players = s.players
    tasks = []
    if s.options.market_selection:
        tasks += [task("mkt_keep", i) for i in range(players)] + [task("mkt_deal", 0)]
    if s.options.recruit_draft:
        for _ in range(RECRUITS_DEALT):
            tasks += [task("draft", i) for i in range(players)] + [task("draft_pass", 0)]
    tasks += [task("keep", i) for i in range(players)]
    if s.options.morale_knowledge_placement:
        tasks += [task("track_place", q) for _ in range(2) for q in order_from(s, t["start"])]
    tasks.append(task("start_game", s.first_player))
    push(s, *tasks)
    return None


@step("mkt_keep")
def _mkt_keep(s, t):
    return [f"keep:{x}" for x in s.p[t["p"]].tiles_dealt]


@resolve("mkt_keep")
def _mkt_keep_r(s, t, o):
    pl = s.p[t["p"]]
    pl.kept_tile = o.split(":", 1)[1]
    s.markets_out += [x for x in pl.tiles_dealt if x != pl.kept_tile]
    pl.tiles_dealt = []
    done(s)


@step("mkt_deal")
def _mkt_deal(s, t):
    """§22 market selection: the kept tiles and tiles of the set-aside pile (each a chance
    node, face down) up to 6, which go face down onto the sites (chance nodes); the rest of
    the pile is out of the game."""
    if "six" not in t:
        t["six"] = [pl.kept_tile for pl in s.p]
    if len(t["six"]) < len(SITES):
        push(s, chance("six_tile"))
        return None
    done(s)
    s.markets_out += s.market_pile
    s.market_pile = sorted(t["six"])  # the six, to be dealt onto the sites
    push(s, *[chance("site_tile", site=site) for site in SITES])
    return None


@step("draft")
def _draft(s, t):
    return [f"pick:{r}" for r in sorted(s.p[t["p"]].pack)]


@resolve("draft")
def _draft_r(s, t, o):
    pl = s.p[t["p"]]
    rid = o.split(":", 1)[1]
    pl.pack.remove(rid)
    pl.dealt.append(rid)
    done(s)


@step("draft_pass")
def _draft_pass(s, t):
    """§22 draft: pass the rest of the pack to the left (the next player clockwise)."""
    done(s)
    packs = [pl.pack for pl in s.p]
    for i, pl in enumerate(s.p):
        pl.pack = packs[(i - 1) % s.players]
    return None


@step("keep")
def _keep(s, t):
    """§4.7: keep 2 of the 4 recruits, 1 active and 1 hidden; the other 2 are out of the game."""
    d = sorted(s.p[t["p"]].dealt)
    return [f"{a}>{h}" for a in d for h in d if a != h]


@resolve("keep")
def _keep_r(s, t, o):
    pl = s.p[t["p"]]
    a, h = o.split(">")
    pl.active, pl.hidden = [a], [h]
    s.recruits_out += sorted(r for r in pl.dealt if r not in (a, h))
    pl.dealt = []
    done(s)


@step("track_place")
def _track_place(s, t):
    """§22 morale/knowledge placement: one token on an unoccupied space of its track (D-31)."""
    p = t["p"]
    pl = s.p[p]
    out = []
    for track in ("morale", "knowledge"):
        if track in pl.placed_tokens:
            continue
        taken = {getattr(q, track) for i, q in enumerate(s.p) if i != p and track in q.placed_tokens}
        out += [f"{track}:{v}" for v in range(1, 7) if v not in taken]
    return out


@resolve("track_place")
def _track_place_r(s, t, o):
    track, v = o.split(":")
    pl = s.p[t["p"]]
    setattr(pl, track, int(v))
    pl.placed_tokens.append(track)
    done(s)


@step("start_game")
def _start_game(s, t):
    done(s)
    s.phase = "play"
    s.current = s.first_player
    for q in range(s.players):
        for rid in s.p[q].active:
            note(s, f"Player {q + 1} starts with {RECRUITS[rid].name}")
    begin_turn(s)
    return None
