"""Euphoria in words (see ``tavolo_ui.twin``): your artifact cards, hidden recruits, dilemma
and workers; the occupied worker spaces, the allegiance tracks and miners, the construction
sites and territories; each other player's morale, knowledge, stars, goods and recruits (each
recruit with its faction, which the board shows by its mark).

Reads only the view (``engines.euphoria.view.view``): another player's hand, hidden recruits
and unresolved dilemma are counts or ``None`` there; the viewer's own are lists. So one
function describes any player, and says names only where the view has them.
"""

from __future__ import annotations

from engines.core.i18n import Text, player
from engines.euphoria import public as texts
from engines.euphoria.public import FACTIONS, RECRUITS, SITES, T, offer_so_far

Lines = list[Text]

GOOD_ORDER = ("energy", "water", "food", "bliss", "gold", "stone", "clay")
"""The goods in the order of a player's mat (as the renderer lists them)."""


def join(items: list) -> Text:
    """Texts joined by ", " ("nothing" for none: a word without gender; a list that may be
    empty says so in a sentence of its own, whose "none" agrees with what it counts, as
    "Active recruits: none", "Specialisti attivi: nessuno")."""
    if not items:
        return T("nothing")
    out = items[0]
    for item in items[1:]:
        out = T("{a}, {b}", a=out, b=item)
    return out


def recruit(rid: str) -> Text:
    """A recruit with its faction: "Andrew the Spelunker (Subterran)"."""
    return T("{recruit} ({faction})", recruit=texts.recruit(rid), faction=texts.faction(RECRUITS[rid].faction))


def _value(view: dict, q: int, die: int) -> int:
    return view["players"][q]["dice"][die]


def player_lines(view: dict, q: int) -> Lines:
    """A player's figures; names of cards and recruits only where the view holds them."""
    pl = view["players"][q]
    lines: Lines = [
        T("Morale {morale}, knowledge {knowledge}", morale=pl["morale"], knowledge=pl["knowledge"]),
        T("Stars placed: {n} of 10", n=10 - pl["stars"]),
    ]
    goods = [texts.qty(pl["goods"][g], g) for g in GOOD_ORDER if pl["goods"].get(g)]
    lines.append(T("Goods: {list}", list=join(goods)) if goods else T("No goods"))
    available = [str(pl["dice"][d]) for d, where in enumerate(pl["where"]) if where == "avail"]
    placed = [T("{value} on {space}", value=pl["dice"][d], space=texts.space(where))
              for d, where in enumerate(pl["where"]) if where not in ("avail", "pool")]
    if available:
        lines.append(T("Workers available: {values}", values=join(available)))
    if placed:
        lines.append(T("Workers on the board: {list}", list=join(placed)))
    hand = pl["hand"]
    if not isinstance(hand, list):
        lines.append(T("Artifact cards: {n}", n=hand))
    else:
        lines.append(T("Artifact cards: {cards}", cards=join([texts.artifact(a) for a in hand])) if hand
                     else T("Artifact cards: none"))
    if isinstance(pl["active"], list):
        active = [T("{recruit} (star placed)", recruit=recruit(r)) if r in pl["recruit_stars"]
                  else recruit(r) for r in pl["active"]]
        lines.append(T("Active recruits: {list}", list=join(active)) if active else T("Active recruits: none"))
    hidden = pl["hidden"]
    if isinstance(hidden, list):
        if hidden:
            lines.append(T("Hidden recruits: {list}", list=join([recruit(r) for r in hidden])))
    elif hidden:
        lines.append(T("1 hidden recruit") if hidden == 1 else T("{n} hidden recruits", n=hidden))
    if pl["dilemma_done"]:
        lines.append(T("Ethical dilemma resolved, star placed") if pl["dilemma_star"] else T("Ethical dilemma resolved"))
    elif pl["dilemma"]:
        lines.append(T("Ethical dilemma: {title}", title=texts.dilemma(pl["dilemma"])))
    else:
        lines.append(T("Ethical dilemma card (face down)"))
    if isinstance(pl["dealt"], list) and pl["dealt"]:
        lines.append(T("Recruits dealt to you: {list}", list=join([recruit(r) for r in pl["dealt"]])))
    if isinstance(pl["pack"], list) and pl["pack"]:
        lines.append(T("Recruits in your pack: {list}", list=join([recruit(r) for r in pl["pack"]])))
    if isinstance(pl["tiles_dealt"], list) and pl["tiles_dealt"]:
        lines.append(T("Market tiles dealt to you: {list}", list=join([texts.market(t) for t in pl["tiles_dealt"]])))
    if isinstance(pl["kept_tile"], str) and pl["kept_tile"]:
        lines.append(T("Market tile you kept: {market}", market=texts.market(pl["kept_tile"])))
    return lines


def table(view: dict) -> Lines:
    """The public board: decks, allegiance and miners, occupied spaces, sites, territories."""
    lines: Lines = [T("Artifact deck {deck} · discards {discards} · recruit deck {recruits}", deck=view["art_deck"],
                      discards=len(view["art_discard"]), recruits=view["recruit_deck"])]
    for faction in FACTIONS:
        track = T("{faction} allegiance {n}/11", faction=texts.faction(faction), n=view["allegiance"][faction])
        if faction in view["miners"]:
            track = T("{a}, {b}", a=track, b=T("Miner {n}/9", n=view["miners"][faction]))
        lines.append(track)
    for sp, occupants in view["spaces"].items():
        workers = [T("{player} (worker {value})", player=player(q), value=_value(view, q, d)) for q, d in occupants]
        lines.append(T("{space}: {workers}", space=texts.space(sp), workers=join(workers)))
    for site in SITES:
        sd = view["sites"][site]
        line = (T("{site}: {market}", site=texts.site(site), market=texts.market(sd["tile"])) if sd["tile"]
                else T("{site}: market face down", site=texts.site(site)))
        if sd["stars"]:
            line = T("{a}, {b}", a=line, b=T("stars of {players}", players=join([player(q) for q in sd["stars"]])))
        lines.append(line)
    for faction in FACTIONS:
        stars = view["territory"][faction]
        if any(stars):
            lines.append(T("Territory of {region}: stars of {players}", region=texts.region(faction),
                           players=join([T("{player} ({n})", player=player(q), n=n) for q, n in enumerate(stars) if n])))
    shown = view.get("shown") or {}
    if shown.get("hand") is not None and shown.get("player") is not None:
        lines.append(T("{player} showed: {cards}", player=player(shown["player"]),
                       cards=join([texts.artifact(a) for a in shown["hand"]]) if shown["hand"] else T("no cards")))
    return lines


def offer_lines(view: dict, me: int) -> Lines:
    """The trade ``me`` is building, as built so far (none when ``me`` builds none now)."""
    pend = view.get("pending") or {}
    if pend.get("kind") != "trade_build" or pend.get("player") != me or "trade" not in pend:
        return []
    return [offer_so_far(pend["trade"]["give"], pend["trade"]["get"])]


def sections(view: dict, me: int | None) -> list[tuple[Text, Lines]]:
    """You (when ``me`` is a seat), the table, each other player."""
    out: list[tuple[Text, Lines]] = []
    if me is not None:
        out.append((T("{player} (you)", player=player(me)), offer_lines(view, me) + player_lines(view, me)))
    out.append((T("The table"), table(view)))
    out += [(player(q), player_lines(view, q)) for q in range(len(view["players"])) if q != me]
    return out
