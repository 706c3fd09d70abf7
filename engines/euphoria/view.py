"""What one player may see (spec §1): everything public, their own hand, hidden recruits,
dilemma card and pending choices; of the others only counts and backs.

The state's internal notes (``EuphoriaState.log``, English, for debugging) are not part of the
view: what a person reads of the game's history is the page's log, from ``Game.log_text`` and
``Game.event_texts`` in either language."""

from __future__ import annotations

from collections import Counter
from typing import Literal, Optional, cast

from engines.core.chance import CHANCE
from engines.core.game import HiddenItem
from engines.core.i18n import Text, player

from .actions import Action, Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import FACTIONS, SITES
from .labels import HIDDEN_CHOICES, outcome_log, choice_words, retrieve_parts, space_words, trade_line
from .public import (Empty, EuphoriaView, Factions, Goods, Miners, OptionValues, Pending, Player, ShownHand, Site,
                     Sites, Territory, TradeOffer, TurnCounts)
from .rules import occupancy
from .state import EuphoriaOptions, EuphoriaState
from .texts import T


def view(s: EuphoriaState, me: Optional[int]) -> EuphoriaView:
    players: list[Player] = []
    for q, pl in enumerate(s.p):
        own = q == me
        players.append({
            "dice": list(pl.dice), "where": list(pl.where),
            "morale": pl.morale, "knowledge": pl.knowledge, "stars": pl.stars,
            "goods": cast(Goods, dict(pl.goods)),  # the seven GOODS
            "hand": sorted(pl.hand) if own else len(pl.hand),
            "active": list(pl.active) if (own or s.phase != "setup") else len(pl.active),
            "hidden": list(pl.hidden) if own else len(pl.hidden),
            "recruit_stars": list(pl.recruit_stars),
            "dealt": sorted(pl.dealt) if own else len(pl.dealt),
            "pack": sorted(pl.pack) if own else len(pl.pack),
            "tiles_dealt": list(pl.tiles_dealt) if own else len(pl.tiles_dealt),
            "kept_tile": pl.kept_tile if own else (1 if pl.kept_tile else 0),
            "dilemma": pl.dilemma if own or pl.dilemma_done else None,
            "dilemma_done": pl.dilemma_done, "dilemma_star": pl.dilemma_star,
            "placed_tokens": list(pl.placed_tokens),
        })
    sites: dict[str, Site] = {}
    for site in SITES:
        built = s.built[site]
        sites[site] = {"built": cast("Literal[0, 1, 2]", built),
                       "tile": s.site_tile.get(site) if built else None,
                       "stars": list(s.tile_stars[site])}
    pending: Optional[Pending] = None
    if s.tasks and s.phase != "over" and s.tasks[-1]["p"] != CHANCE:  # no decision at a chance node
        t = s.tasks[-1]
        pending = {"player": t["p"], "kind": t["k"]}
        if t["p"] == me and t["k"] != "turn":
            pending["options"] = list(t.get("opts", []))
            if t["k"] == "dil_keep":
                pending["drawn"] = list(t["drawn"])
        if t["k"] in ("trade_build", "trade_answer"):
            # the trade tasks hold the offer's lists, with the partner (build) or the proposer (answer)
            pending["trade"] = cast(TradeOffer, {k: t.get(k) for k in ("partner", "proposer", "give", "get")})
        if t["k"] == "hooks":
            pending["hook"] = t["hook"]
    # the state's plain dicts and strings hold what the view's types name: phase one of the
    # three, a key per faction (miners: per faction with a tunnel), one per site (``SITES``)
    return {
        "me": me, "phase": cast("Literal['setup', 'play', 'over']", s.phase), "current": s.current,
        "first_player": s.first_player,
        "players": players, "allegiance": cast(Factions, dict(s.allegiance)),
        "miners": cast(Miners, dict(s.miners)), "sites": cast(Sites, sites),
        "territory": cast(Territory, {f: list(s.territory[f]) for f in FACTIONS}),
        "spaces": {sp: [[q, d] for q, d in occ] for sp, occ in sorted(occupancy(s).items())},
        "art_deck": len(s.art_deck), "art_discard": list(s.art_discard),
        "recruit_deck": len(s.recruit_deck), "recruits_out": len(s.recruits_out),
        "markets_out": len(s.markets_out), "market_pile": len(s.market_pile),
        "turn": cast(TurnCounts, {k: s.turn.get(k) for k in ("placed", "chase")}) if s.turn else {},
        # {} or the Gambler's shown hand (``rules.abilities``)
        "pending": pending, "shown": cast("ShownHand | Empty", dict(s.shown)), "winners": list(s.winners),
        "options": _options(s.options),
    }


def _options(o: EuphoriaOptions) -> OptionValues:
    """``o.model_dump()`` of the options (plain booleans, no alias, no serializer), without
    pydantic's serializer (slow under Pyodide)."""
    d = o.__dict__
    return cast(OptionValues, {k: d[k] for k in type(o).model_fields})  # the fields are OptionValues' keys


def log_text(s: EuphoriaState, a: Action) -> Text:
    """The public log line of ``a``, played by the seat whose task is on top (``to_move``), in
    the words of the button's ``labels`` (never names a hidden card or a kept tile); at a
    chance node, the outcome's (``labels.outcome_log``: never names a card drawn)."""
    if s.tasks and s.tasks[-1]["p"] == CHANCE:
        return outcome_log(s, a)
    who = player(max(0, (s.tasks[-1]["p"] if s.phase != "over" and s.tasks else None) or 0))
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        return T("{player} places a worker showing {value} on {space}", player=who, value=v,
                 space=space_words(s, a.space))
    if isinstance(a, Retrieve):
        what, how = retrieve_parts(s, a)
        return T("{player} retrieves {what}: {how}", player=who, what=what, how=how)
    if isinstance(a, ResolveDilemma):
        return T("{player} resolves the ethical dilemma", player=who)
    if isinstance(a, Trade):
        return T("{player} proposes a trade to {partner}", player=who, partner=player(a.partner))
    if isinstance(a, EndTurn):
        return T("{player} ends the turn", player=who)
    if isinstance(a, Choose):
        k = s.tasks[-1]["k"] if s.tasks else ""
        if k in HIDDEN_CHOICES:
            return T("{player} {what}", player=who, what=choice_words(s, a.option, False))
        if k in ("trade_build", "trade_answer"):
            return trade_line(s, who, a.option)
        return T("{player}: {what}", player=who, what=choice_words(s, a.option, False))
    return T("{player} plays", player=who)


def unshown_hand(s: EuphoriaState, seat: int) -> list[str]:
    """The artifact cards of ``seat``'s hand that no other seat sees: all of them, but while
    Jonathan the Gambler's shown hand (``EuphoriaState.shown``, in every view until the turn
    ends) is ``seat``'s, those it showed are seen by everyone. Counted by copies: a card drawn
    after the showing stays hidden, a card shown and then paid is gone from both."""
    shown = Counter(s.shown.get("hand", ())) if s.shown.get("player") == seat else Counter()
    return list((Counter(s.p[seat].hand) - shown).elements())


def hidden_items(s: EuphoriaState) -> list[HiddenItem]:
    """Every hidden thing of the position (``Game.hidden_items``): each seat's face-down
    recruits (and those dealt or passed to it in the set-up, not kept yet), its artifact
    cards but those of its hand shown to everyone (``unshown_hand``), its dilemma card until
    resolved, and the market tiles still face down on the sites (nobody's: ``seat`` None)."""
    items: list[HiddenItem] = []
    placed = set(s.site_tile.values())
    for seat, p in enumerate(s.p):
        items += [HiddenItem(seat=seat, kind="recruit", item=r) for r in [*p.hidden, *p.dealt, *p.pack]]
        items += [HiddenItem(seat=seat, kind="artifact", item=card) for card in unshown_hand(s, seat)]
        items += [HiddenItem(seat=seat, kind="hand", item=tile) for tile in p.tiles_dealt]
        if p.kept_tile and p.kept_tile not in placed:
            items.append(HiddenItem(seat=seat, kind="hand", item=p.kept_tile))
        if p.dilemma and not p.dilemma_done:
            items.append(HiddenItem(seat=seat, kind="dilemma", item=p.dilemma))
    for site, tile in s.site_tile.items():
        if tile and not s.built.get(site):
            items.append(HiddenItem(seat=None, kind="face_down", item=tile))
    return items
