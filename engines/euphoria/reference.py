"""The reference of the "How to play" screen (``Game.reference``): every component of Euphoria
with its kind, name and what it does, in English or Italian.

Built from the component data (``components``) and the names of ``texts``; the texts of the
spaces, market tiles and recruits are the same ``Text`` templates the board's tooltips use
(``space_text`` and ``space_reward`` give the renderer's space tip, so one catalogue entry
serves both). Order: spaces (as in the data), market tiles (by number), recruits (as in the
data), ethical dilemmas, artifacts, goods, then the other pieces (workers, stars, tracks,
territories, miners). Ids are the components' internal keys (``"GEN"``, ``"amanda_the_broker"``,
``"bat"``...); the page makes them anchors ``ref-<id>`` (lower case, ``_`` becomes ``-``).
"""

from __future__ import annotations

from engines.core.i18n import Text, render_entries

from . import texts
from .components import (ARTIFACT_TYPES, COMMODITIES, COMMODITY_AREAS, DATA, DILEMMA_IDS, DILEMMAS, FACTIONS,
                         KNOW_MAX, KNOW_MIN, KNOWLEDGE_LIMIT, MARKET_IDS, MARKETS, MORALE_MAX, MORALE_MIN,
                         RECRUIT_IDS, RECRUITS, RESOURCES, SPACES, STARS, TUNNEL_COMPLETE, TUNNEL_OF,
                         TUNNEL_RESOURCE, TUNNEL_REVEAL, TUNNELS, TUNNEL_FACTIONS, WORKERS_MAX, YIELD)
from .labels import cost_words, join
from .texts import T

KIND_SPACE = T("Action space")
KIND_TURN_ACTION = T("Turn action")
KIND_MARKET = T("Market tile")
KIND_RECRUIT = T("Recruit")
KIND_DILEMMA = T("Ethical dilemma")
KIND_ARTIFACT = T("Artifact card")
KIND_COMMODITY = T("Commodity")
KIND_RESOURCE = T("Resource")
KIND_PIECE = T("Game piece")
KIND_TRACK = T("Track")
KIND_TERRITORY = T("Territory")
KIND_RULE = T("Rule")


# ---- spaces (the board's tooltips: ``web/tavolo_ui/renderers/euphoria.py`` uses the same templates) --
def yield_text() -> Text:
    """The commodity areas' yield table in words."""
    rows = [T("total {lo}–{hi}: {n} {good}", lo=r["total_min"], hi=r["total_max"], n=r["commodity"], good=T("commodity"))
            if r["total_max"] is not None else
            T("total {lo} or more: {n} {good}", lo=r["total_min"], n=r["commodity"], good=T("commodities"))
            for r in YIELD]
    extras = []
    for r, row in zip(YIELD, rows):
        if r["allegiance"]:
            row = T("{what}, allegiance +{n}", what=row, n=r["allegiance"])
        if r["knowledge"]:
            row = T("{what}, knowledge {n}", what=row, n=f"{r['knowledge']:+d}".replace("-", "−"))
        extras.append(row)
    return T("By the knowledge of all the workers here: {rows}",
             rows=T("{a}; {b}", a=extras[0], b=T("{a}; {b}", a=extras[1], b=extras[2])))


def space_reward(sp: str) -> Text:
    """What a worker space gives, in words."""
    if sp == "WAT_ENERGY":
        return T("a new worker if you have fewer than 4; knowledge −2")
    if sp == "WAT_WATER":
        return T("a new worker if you have fewer than 4; morale +2")
    if sp in COMMODITY_AREAS:
        return T("{good}. {table}", good=texts.good(COMMODITY_AREAS[sp]), table=yield_text())
    if sp in TUNNELS:
        return T("1 {resource} or 1 artifact card; the miner advances (at {reveal} hidden {faction} recruits are revealed, at {end} the exclusive space opens)",
                 resource=texts.good(TUNNEL_RESOURCE[sp]), reveal=TUNNEL_REVEAL, end=TUNNEL_COMPLETE,
                 faction=texts.faction(TUNNELS[sp]))
    if sp.startswith("TUNEND_"):
        rw = SPACES[sp].reward
        return T("{goods}; only for players with an active {faction} recruit",
                 goods=join([texts.qty(n, g) for g, n in rw.items()], " + "), faction=texts.faction(SPACES[sp].faction))
    if sp.startswith("ART_"):
        return T("a star in the territory of {region} or on one of its built markets; {faction} allegiance +1",
                 region=texts.region(SPACES[sp].faction), faction=texts.faction(SPACES[sp].faction))
    if sp in ("ICA_WIND", "ICA_NIMBUS"):
        return T("a star in the territory of Icarus; Icarite allegiance +1")
    if sp == "ICA_BREEZE":
        return T("2 artifact cards; Icarite allegiance +1")
    if sp == "ICA_SKY":
        return T("2 resources of your choice; Icarite allegiance +1")
    if sp.startswith("CS_"):
        return T("helps build the market of this site; the builders each put a star on it")
    if sp.startswith("MKT_"):
        return T("a star in the territory of {region}; {faction} allegiance +1",
                 region=texts.region(SPACES[sp].faction), faction=texts.faction(SPACES[sp].faction))
    return T("nothing")


_SPACE_KIND = {"temporary": T("a worker here is bumped by the next one"), "multi": T("any number of workers"),
               "fixed": T("one worker, never bumped")}


def space_text(sp: str, cost: Text | None = None) -> Text:
    """A space's tooltip: name, kind, cost and reward (``cost``: the built tile's visit cost)."""
    if cost is None:
        cost = T("printed on the market tile") if sp.startswith("MKT_") else cost_words(SPACES[sp].cost)
    kind = _SPACE_KIND.get(SPACES[sp].type, T("any number of workers"))
    return T("{space} ({kind}). Cost: {cost}. Reward: {reward}.", space=texts.space(sp), kind=kind,
             cost=cost, reward=space_reward(sp))


def allegiance_text(faction: str) -> Text:
    """What a faction's allegiance track does (the reference entry and the board's tooltip)."""
    if faction == "icarite":
        return T("Shared track 0–11, moved by every player. Bonuses for players with an active Icarite recruit: "
                 "at 2, one more bliss at the Cloud Mine; at 5, an artifact card for each star you place in the "
                 "territory of Icarus; at 8, hidden Icarite recruits are revealed; at 11, a star on each active "
                 "Icarite recruit.")
    return T("Shared track 0–11, moved by every player. Bonuses for players with an active {faction} "
             "recruit: at 2, one more commodity; at 5, both of the tunnel’s rewards; at 8, hidden {faction} "
             "recruits are revealed; at 11, a star on each active {faction} recruit.",
             faction=texts.faction(faction))


_TURN_ACTIONS = {
    "RETRIEVE_PAID": T("Instead of placing, take back any number of your workers from the board and pay 1 food or "
                       "1 bliss: morale +2. Then roll them all together."),
    "RETRIEVE_FREE": T("Instead of placing, take back any number of your workers from the board for free: morale −1. "
                       "Then roll them all together."),
}


# ---- the other components -----------------------------------------------------------------
def market_text(tile: str) -> Text:
    return T("{market}. Visit: {cost}. Penalty (for players without their star here): {penalty}",
             market=texts.market(tile), cost=cost_words(MARKETS[tile].visit_cost), penalty=texts.penalty(tile))


def recruit_text(rid: str) -> Text:
    r = RECRUITS[rid]
    text = T("{faction} recruit. {text}", faction=texts.faction(r.faction), text=texts.recruit_text(rid))
    if r.first_printing_text:
        text = T("{text} First printing: {old}", text=text, old=texts.recruit_text(rid, first_printing=True))
    return text


def dilemma_text(did: str) -> Text:
    return T("Resolved once per game instead of a turn: discard 1 {artifact} or any 2 artifact cards, then choose. "
             "{fight}. {join}.", artifact=texts.artifact(DILEMMAS[did].artifact),
             fight=T("Fight the Oppressor: draw 2 recruits, keep 1"),
             join=T("Join the Establishment: a star on the dilemma card"))


def artifact_text(art: str) -> Text:
    copies = next(a.copies for a in DATA.artifacts if a.id == art)
    tile = next((m for m in MARKET_IDS if f"artifact_{art}" in MARKETS[m].visit_cost), None)
    dil = next((d for d in DILEMMA_IDS if DILEMMAS[d].artifact == art), None)
    base = T("{n} cards in the artifact deck. Pay 3 artifact cards, or 2 identical ones, at the artifact markets "
             "and the Wind Saloon; your hand limit is your morale.", n=copies)
    if tile and dil:
        return T("{text} Asked for by {market} and by the dilemma {dilemma}.", text=base,
                 market=texts.market(tile), dilemma=texts.dilemma(dil))
    return base


def good_text(g: str) -> Text:
    if g in COMMODITIES:
        area = next(sp for sp, c in COMMODITY_AREAS.items() if c == g)
        return T("A commodity (unlimited supply), produced at the {space}.", space=texts.space(area))
    tunnel = next(t for t, r in TUNNEL_RESOURCE.items() if r == g)
    return T("A resource (unlimited supply), dug in the {tunnel}; resources pay the construction sites and the "
             "Nimbus Loft.", tunnel=texts.space(tunnel))


def pieces() -> list[tuple[str, Text, Text, Text]]:
    out: list[tuple[str, Text, Text, Text]] = [
        ("turn", KIND_RULE, T("A turn"),
         T("On your turn you do exactly one thing: place a worker (then, one after another, your other available "
           "workers showing the same value), retrieve any number of your workers, or resolve your ethical dilemma "
           "(once per game). During your turn you may also propose trades to the other players. Then end your "
           "turn.")),
        ("choice", KIND_RULE, T("A choice to make"),
         T("Whenever a choice is yours (the recruits to keep, how to pay, a reward, a discard), you answer it "
           "before anything else: the Your move panel shows its answers as buttons.")),
        ("worker", KIND_PIECE, T("Worker"),
         T("A die of your colour: its face is the worker’s knowledge. You start with 2 and may have up to {n}. "
           "After each roll, if the values of your available workers plus your knowledge track total {limit} or "
           "more, you lose the highest one.", n=WORKERS_MAX, limit=KNOWLEDGE_LIMIT)),
        ("star", KIND_PIECE, T("Star"),
         T("Your authority tokens: {n} each. The first player to place all of them wins.", n=STARS)),
        ("morale", KIND_TRACK, T("Morale"),
         T("Track {lo}–{hi}, everyone starts at 1: how many artifact cards you may hold.", lo=MORALE_MIN, hi=MORALE_MAX)),
        ("knowledge", KIND_TRACK, T("Knowledge"),
         T("Track {lo}–{hi}, everyone starts at 3: added to your available workers after each roll; a total of "
           "{limit} or more loses a worker.", lo=KNOW_MIN, hi=KNOW_MAX, limit=KNOWLEDGE_LIMIT)),
    ]
    for f in FACTIONS:
        out.append((f"allegiance_{f}", KIND_TRACK, T("{faction} allegiance", faction=texts.faction(f)),
                    allegiance_text(f)))
    for f in FACTIONS:
        out.append((f"territory_{f}", KIND_TERRITORY, T("Territory of {region}", region=texts.region(f)),
                    T("6 star spaces, as many open as there are players. Stars come here from the Wind Saloon and "
                      "the Nimbus Loft.") if f == "icarite" else
                    T("6 star spaces, as many open as there are players. Stars come here from market visits and "
                      "artifact markets of {region}.", region=texts.region(f))))
    for f in TUNNEL_FACTIONS:
        out.append((f"miner_{f}", KIND_PIECE, T("Miner of the {tunnel}", tunnel=texts.space(TUNNEL_OF[f])),
                    T("Advances one space each time a worker is placed on the tunnel: at {reveal} hidden {faction} "
                      "recruits are revealed, at {end} the exclusive space opens.",
                      reveal=TUNNEL_REVEAL, end=TUNNEL_COMPLETE, faction=texts.faction(f))))
    return out


def entries() -> list[tuple[str, Text, Text, Text]]:
    """(id, kind, name, text) of every component, as ``Text``."""
    out: list[tuple[str, Text, Text, Text]] = []
    for sp, s in SPACES.items():
        if s.type == "turn_action":
            out.append((sp, KIND_TURN_ACTION, texts.space(sp), _TURN_ACTIONS[sp]))
        else:
            out.append((sp, KIND_SPACE, texts.space(sp), space_text(sp)))
    for m in MARKET_IDS:
        out.append((m, KIND_MARKET, texts.market(m), market_text(m)))
    for r in RECRUIT_IDS:
        out.append((r, KIND_RECRUIT, texts.recruit(r), recruit_text(r)))
    for d in DILEMMA_IDS:
        out.append((d, KIND_DILEMMA, texts.dilemma(d), dilemma_text(d)))
    for a in ARTIFACT_TYPES:
        out.append((a, KIND_ARTIFACT, texts.artifact(a), artifact_text(a)))
    for g in COMMODITIES + RESOURCES:
        out.append((g, KIND_COMMODITY if g in COMMODITIES else KIND_RESOURCE, texts.good(g), good_text(g)))
    out.extend(pieces())
    return out


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def reference(lang: str = "en") -> list[dict]:
    """``Game.reference``: the entries rendered in ``lang``."""
    return render_entries(entries(), lang, style=_cap)


__all__ = ["reference", "entries", "space_text", "space_reward", "yield_text", "market_text", "recruit_text"]
