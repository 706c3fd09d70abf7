"""The log lines of what the rules do by themselves after a move (``Game.event_texts``).

Read from the difference between the state before and after the move, so they follow the rules
wherever they act: workers coming back (bumped, or from a market being built) and their rolls,
workers gained and lost, goods paid and gained, the size of each hand (never which cards came
in: a hand is secret), the cards discarded face up, morale and knowledge, allegiance and miners, tunnels
completed, markets built, stars placed, recruits revealed, a hand shown, the artifact deck
reshuffled, the turn passing and the end of the game. Never a hidden card: recruits kept face
down and the cards drawn into a hand are not named.
"""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Text, player

from .actions import Retrieve
from .components import FACTIONS, GOODS, SITES, TUNNEL_COMPLETE
from . import texts
from .texts import T
from .labels import join


def _where(pl) -> list[str]:
    return list(pl.where)


def _worker_lines(b, a, q: int, retrieving: bool) -> list[Text]:
    out: list[Text] = []
    pb, pa = b.p[q], a.p[q]
    back = [d for d in range(len(pa.where)) if pb.where[d] not in ("avail", "pool") and pa.where[d] == "avail"]
    if back and not retrieving:
        for d in back:
            out.append(T("{player}’s worker comes back from {space}", player=player(q),
                         space=texts.space(pb.where[d])))
    gained = [d for d in range(len(pa.where)) if pb.where[d] == "pool" and pa.where[d] != "pool"]
    lost = [d for d in range(len(pa.where)) if pb.where[d] != "pool" and pa.where[d] == "pool"]
    if gained:
        out.append(T("{player} gains a worker", player=player(q)) if len(gained) == 1 else
                   T("{player} gains {n} workers", player=player(q), n=len(gained)))
    rolled = [d for d in range(len(pa.where)) if pa.where[d] == "avail" and d not in lost
              and (d in back or d in gained or pb.dice[d] != pa.dice[d])]
    if rolled:
        out.append(T("{player} rolls: {values}", player=player(q),
                     values=", ".join(str(pa.dice[d]) for d in sorted(rolled))))
    for d in lost:
        out.append(T("{player} loses a worker showing {value}", player=player(q), value=pb.dice[d]))
    return out


def _goods_line(b, a, q: int) -> list[Text]:
    pb, pa = b.p[q], a.p[q]
    parts = []
    for g in GOODS:
        n = pa.goods[g] - pb.goods[g]
        if n > 0:
            parts.append(T("+{n} {good}", n=n, good=texts.good(g)))
        elif n < 0:
            parts.append(T("−{n} {good}", n=-n, good=texts.good(g)))
    return [T("{player}: {changes}", player=player(q), changes=join(parts))] if parts else []


def _hand_lines(b, a, q: int) -> list[Text]:
    """The size of q's hand (public), never which cards came in."""
    diff = len(a.p[q].hand) - len(b.p[q].hand)
    if not diff:
        return []
    sign = "+" if diff > 0 else "−"
    return [T("{player}’s hand: {sign}1 artifact card", player=player(q), sign=sign) if abs(diff) == 1 else
            T("{player}’s hand: {sign}{n} artifact cards", player=player(q), sign=sign, n=abs(diff))]


def _discard_line(b, a) -> list[Text]:
    """Cards gone face up to the discard pile (public)."""
    n = len(b.art_discard)
    if len(a.art_discard) > n and a.art_discard[:n] == b.art_discard:
        cards = join([texts.artifact(x) for x in a.art_discard[n:]])
        return [T("Discarded face up: {cards}", cards=cards)]
    return []


def _track_lines(b, a, q: int) -> list[Text]:
    out = []
    pb, pa = b.p[q], a.p[q]
    if pa.morale != pb.morale:
        out.append(T("{player}: morale {old} → {new}", player=player(q), old=pb.morale, new=pa.morale))
    if pa.knowledge != pb.knowledge:
        out.append(T("{player}: knowledge {old} → {new}", player=player(q), old=pb.knowledge, new=pa.knowledge))
    return out


def _star_lines(b, a, q: int) -> list[Text]:
    out = []
    for f in FACTIONS:
        if a.territory[f][q] > b.territory[f][q]:
            out.append(T("{player} places a star in the territory of {region}", player=player(q),
                         region=texts.region(f)))
    for site in SITES:
        if q in a.tile_stars[site] and q not in b.tile_stars[site]:
            out.append(T("{player} places a star on {market}", player=player(q),
                         market=texts.market(a.site_tile[site])))
    for rid in a.p[q].recruit_stars:
        if rid not in b.p[q].recruit_stars:
            out.append(T("{player} places a star on {recruit}", player=player(q), recruit=texts.recruit(rid)))
    if a.p[q].dilemma_star and not b.p[q].dilemma_star:
        out.append(T("{player} places a star on the ethical dilemma card", player=player(q)))
    return out


def event_texts(b, action: Any, a) -> list[Text | str]:
    """The public lines of everything the rules did after ``action`` (see the module doc)."""
    out: list[Text | str] = []
    mover = b.tasks[-1]["p"] if b.tasks else b.current
    retrieving = isinstance(action, Retrieve)
    if b.phase == "setup" and a.phase != "setup":
        out.append(T("The game begins: {player} plays first", player=player(a.first_player)))
        for q in range(a.players):
            for rid in a.p[q].active:
                out.append(T("{player} starts with {recruit}", player=player(q), recruit=texts.recruit(rid)))
    for site in SITES:
        if a.built[site] and not b.built[site]:
            out.append(T("{market} is built on {site}", market=texts.market(a.site_tile[site]),
                         site=texts.site(site)))
    for f in FACTIONS:
        if a.allegiance[f] != b.allegiance[f]:
            out.append(T("{faction} allegiance: {old} → {new}", faction=texts.faction(f),
                         old=b.allegiance[f], new=a.allegiance[f]))
        if f in a.miners and a.miners[f] != b.miners[f]:
            out.append(T("The {faction} miner advances to {n}", faction=texts.faction(f), n=a.miners[f]))
            if a.miners[f] >= TUNNEL_COMPLETE > b.miners[f]:
                out.append(T("The {faction} Tunnel is complete: its exclusive space opens",
                             faction=texts.faction(f)))
    if len(a.art_deck) > len(b.art_deck):
        out.append(T("The artifact discards are shuffled into a new deck"))
    order = [mover] + [q for q in range(a.players) if q != mover]
    for q in order:
        out += _worker_lines(b, a, q, retrieving and q == mover)
        out += _goods_line(b, a, q)
        out += _hand_lines(b, a, q)
        out += _track_lines(b, a, q)
        if b.phase != "setup":
            for rid in a.p[q].active:
                if rid not in b.p[q].active:
                    out.append(T("{player} reveals {recruit}", player=player(q), recruit=texts.recruit(rid)))
        out += _star_lines(b, a, q)
    out += _discard_line(b, a)
    if a.shown and a.shown != b.shown:
        q = a.shown.get("player", mover)
        hand = [texts.artifact(x) for x in a.shown.get("hand", [])]
        out.append(T("{player} shows their hand: {cards}", player=player(q), cards=join(hand) or T("no cards"))
                   if hand else T("{player} shows an empty hand", player=player(q)))
    if a.phase == "over" and b.phase != "over":
        winners = join([player(w) for w in a.winners])
        out.append(T("The game is over: {winners} wins", winners=winners)
                   if len(a.winners) == 1 else T("The game is over: {winners} share the victory", winners=winners))
    elif a.phase == "play" and (a.current != b.current or b.phase != "play"):
        out.append(T("{player}’s turn", player=player(a.current)))
    return out
