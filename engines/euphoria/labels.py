"""Words for actions, as ``Text`` (``engines.core.i18n``, Italian in ``i18n/it.json``): the
PRIVATE button text and picker steps (``action_label``, ``action_steps``) of the engine
contract, and the words the PUBLIC log line (``view.log_text``) is made of. Component names are
in ``texts``.

The log line is shown to every player, so it never names what §1 keeps secret: which recruits
a player keeps or hides (§4.7, §22 draft, §19 Fight), which market tile they keep (§22 market
selection). Everything else in Euphoria is public (workers, goods, paid and discarded cards,
which go face up to the discard pile).

``action_label`` is read only by the player to move: it names the card, space and option so
that every legal action of a position has its own distinct text. Button texts are kept short
(they must stay legible on a phone, 390 px wide): recruits by their short name (``short_name``),
no printed costs (the board shows them, and its tip the full text).
"""

from __future__ import annotations

from typing import Any, cast

from engines.core.i18n import Text, player

from .actions import (Choose, DrawArtifact, DrawDilemma, DrawMarket, DrawRecruit, EndTurn, FirstPlayer, Place,
                      PlacementStart, ResolveDilemma, Retrieve, Roll, Trade)
from .components import MARKETS, RECRUITS, SPACES
from .rules.roll_events import _role
from . import texts
from .texts import T

HIDDEN_CHOICES = ("keep", "draft", "mkt_keep", "dil_keep")
"""Task kinds whose answer is secret (§4.7, §19, §22): the log only says a choice was made."""

_TITLES = ("Dr. ", "Professor ", "Sir ", "Major ")


def _first_name(name: str) -> str:
    for t in _TITLES:
        if name.startswith(t):
            name = name[len(t):]
    return name.split(" the ", 1)[0]


_FIRST = [_first_name(r.name) for r in RECRUITS.values()]
SHORT_NAMES: dict[str, str] = {
    rid: (_first_name(r.name) if _FIRST.count(_first_name(r.name)) == 1 else r.name)
    for rid, r in RECRUITS.items()}
"""A recruit's name on a button: the first name ("Reitz"); where two share it, the full name
("Jonathan the Artist", "Jonathan the Gambler")."""


def short_name(rid: str) -> Text | str:
    """The first name (a proper name, the same in every language), or the full name."""
    n = SHORT_NAMES.get(rid, rid)
    return texts.recruit(rid) if rid in RECRUITS and n == RECRUITS[rid].name else n


_SUBST = {"brian": "Brian", "flartner": "Flartner", "jacko": "Jacko", "matthew": "Matthew",
          "michael": "Michael", "josh": "Josh", "kadan": "Kadan", "jefferson": "Jefferson"}


def join(items: list, sep: str = ", ") -> Text | str:
    """Texts joined by ``sep`` (", " or " + "), one template per separator."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    tpl = {", ": "{a}, {b}", " + ": "{a} + {b}"}[sep]
    return T(tpl, a=items[0], b=join(items[1:], sep))


def _good(tok: str) -> Text:
    """One payment token in words: ``art:bat`` → "1 Bat", ``k+1`` → "knowledge +1"."""
    if tok.startswith("art:"):
        return texts.qty(1, tok[4:])
    if tok.startswith("k+"):
        return T("knowledge +{n}", n=tok[2:])
    if tok.startswith("m-"):
        return T("morale −{n}", n=tok[2:])
    return texts.qty(1, tok)


def pay_words(key: str) -> Text:
    """A P2 payment key (see ``rules.pay_options``) in words."""
    toks = [t for t in key.split(",") if t] if key else []
    subs = [_SUBST.get(t[1:], t[1:]) for t in toks if t.startswith("@")]
    goods: dict[str, int] = {}
    for t in toks:
        if not t.startswith("@"):
            goods[t] = goods.get(t, 0) + 1
    parts: list = []
    for t, n in goods.items():
        if n > 1 and t.startswith("art:"):
            parts.append(texts.qty(n, t[4:]))
        elif n > 1 and not (t.startswith("k+") or t.startswith("m-")):
            parts.append(texts.qty(n, t))
        elif n > 1:
            parts.append(T("{what} ×{n}", what=_good(t), n=n))
        else:
            parts.append(_good(t))
    # parts of Texts, not empty: their join is a Text
    text = cast(Text, join(parts, " + ")) if parts else T("nothing")
    return T("{what} ({recruits})", what=text, recruits=", ".join(subs)) if subs else text


def cost_words(cost: Any) -> Text:
    """A printed cost (data.json) in words."""
    if not cost or not isinstance(cost, dict):
        return T("free")
    if "artifacts_any" in cost:
        return T("{n} artifacts or 2 identical", n=cost["artifacts_any"])
    out = []
    for k, n in cost.items():
        if k == "resources_any":
            out.append(T("{n} resources", n=n))
        elif k == "resource":
            out.append(T("{n} resource", n=n))
        elif k == "artifact":
            out.append(T("{n} artifact", n=n))
        elif k == "commodity_any":
            out.append(T("{n} commodity", n=n))
        elif k == "commodity_not_bliss":
            out.append(T("{n} commodity other than bliss", n=n))
        elif k.startswith("artifact_"):
            out.append(texts.qty(n, k[9:]))
        elif k == "morale":
            out.append(T("{n} morale", n=n))
        elif k == "knowledge":
            out.append(T("{n} knowledge", n=n))
        else:
            out.append(texts.qty(n, k))
    return cast(Text, join(out, " + "))  # one Text per key of a cost that is not empty


def space_words(s, sp: str) -> Text:
    """A space's name, with the market tile's name for a built visit space."""
    if sp.startswith("MKT_"):
        tile = s.site_tile.get("SITE_" + sp[4:])
        if tile and s.built.get("SITE_" + sp[4:]):
            return T("{market} ({region} market)", market=texts.market(tile),
                     region=texts.region(SPACES[sp].faction))
    return texts.space(sp)


def short_space(s, sp: str) -> Text:
    """A space in a few words, for buttons ("site A1 of Subterra", "Tank (energy side)")."""
    if sp.startswith("CS_"):
        f, letter = texts.site_parts(sp)
        return T("site {letter}{n} of {region}", letter=letter, n=sp.rsplit("_", 1)[1], region=texts.region(f))
    if sp.startswith("MKT_"):
        tile = s.site_tile.get("SITE_" + sp[4:])
        if tile and s.built.get("SITE_" + sp[4:]):
            return texts.market(tile)
    if sp.startswith("WAT_"):
        return T("Tank (energy side)") if sp == "WAT_ENERGY" else T("Tank (water side)")
    return texts.space(sp)


_HOW = {"free": T("free, morale −1"), "food": T("1 food, morale +2"), "bliss": T("1 bliss, morale +2"),
        "energy": T("1 energy (Jefferson)")}


def retrieve_parts(s, a: Retrieve, short: bool = False) -> tuple[Text | str, Text]:
    """Which workers ``a`` retrieves and how it is paid, in words (spec §11)."""
    pl = s.p[s.current]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    values = [pl.dice[d] for d in on_board]
    what: Text | str
    if short and len(a.dice) > 1 and len(a.dice) == len(on_board):
        what = T("all {n} workers", n=len(a.dice))
    elif short:  # a value names the worker unless two on the board show it
        what = join([str(pl.dice[d]) if values.count(pl.dice[d]) == 1
                     else T("{value} ({space})", value=pl.dice[d], space=short_space(s, pl.where[d]))
                     for d in sorted(a.dice)])
    else:
        what = join([T("{value} from {space}", value=pl.dice[d], space=space_words(s, pl.where[d]))
                     for d in sorted(a.dice)])
    return what, _HOW[a.pay]


def _retrieve_words(s, a: Retrieve, short: bool = False) -> Text:
    what, how = retrieve_parts(s, a, short)
    return T("Retrieve {what}: {how}", what=what, how=how)


def _name(x: str) -> Text | str:
    if x in RECRUITS:
        return T("{recruit} ({faction})", recruit=texts.recruit(x), faction=texts.faction(RECRUITS[x].faction))
    if x in MARKETS:
        return texts.market(x)
    return x


_CHOICE = {"skip": T("do not use"), "use": T("use it"), "roll": T("roll normally"),
           "energy": T("gain 1 energy"), "morale": T("morale +1"), "knowledge": T("knowledge −1"),
           "bliss": T("gain 1 bliss"), "food": T("gain 1 food"), "water": T("gain 1 water"),
           "stone": T("gain 1 stone"),
           "geek": T("draw 3 (knowledge +1), discard 2"), "gambler": T("draw 2, show your hand"),
           "book": T("discard Book: +2 energy and morale, knowledge −2"), "apply": T("apply")}


def _hook_words(rid: str, choice: str) -> Text:
    name = short_name(rid)
    if choice.startswith("use:"):
        w = T("use it, gain 1 {good}", good=texts.good(choice[4:]))
    elif choice.startswith("set:"):
        w = T("set the value to {n}", n=choice[4:])
    elif "+" in choice and choice != "skip":  # Jacko (1st printing): the 2 cards paid
        w = T("pay {cards}", cards=join([texts.artifact(a) for a in choice.split("+")], " + "))
    elif ":" in choice:  # Esme: type:effect
        art, eff = choice.split(":", 1)
        w = (T("discard {artifact}: +1 energy, knowledge −1", artifact=texts.artifact(art)) if eff == "knowledge"
             else T("discard {artifact}: +1 energy, morale +1", artifact=texts.artifact(art)))
    else:
        w = _CHOICE.get(choice) or T("choice")
    return T("{recruit}: {what}", recruit=name, what=w)


_WHY = {"hand_limit": T("hand limit"), "discard_any": T("Geek"), "bradley": T("Bradley")}
_ROLE = {"new": "Lose your new {value}", "chase": "Lose Chase’s new {value}",
         "group": "Lose a {value} of your matched group", "other": "Lose a {value}"}


def choice_words(s, o: str, private: bool) -> Text:
    """A ``Choose`` option of the pending task, in words (``private``: may name hidden things)."""
    if not s.tasks:
        return T("choice")
    t = s.tasks[-1]
    k = t["k"]
    if k == "turn":  # only skip_chase
        return T("Do not place Chase’s new worker")
    if k in HIDDEN_CHOICES and not private:
        return {"keep": T("chooses their recruits"), "draft": T("drafts a recruit"),
                "mkt_keep": T("keeps a market tile"), "dil_keep": T("keeps a recruit")}[k]
    if k == "keep":
        a, h = o.split(">")
        return T("{active}, {hidden}", active=T("Active: {recruit}", recruit=texts.recruit(a)),
                 hidden=T("hidden: {recruit}", recruit=texts.recruit(h)))
    if k == "draft":
        return T("Draft {recruit}", recruit=_name(o.split(":", 1)[1]))
    if k == "mkt_keep":
        return T("Keep the tile {market}", market=_name(o.split(":", 1)[1]))
    if k == "dil_keep":
        return T("Keep {recruit} hidden", recruit=_name(o.split(":", 1)[1]))
    if k == "pay":
        return T("Pay {what}", what=pay_words(o))
    if k == "dil_pay":
        return T("Pay {what} for the dilemma", what=pay_words(o))
    if k == "dil_side":
        return T("Fight the Oppressor: draw 2 recruits, keep 1") if o == "fight" else \
            T("Join the Establishment: a star on the dilemma card")
    if k == "hooks":
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k == "draw":
        if o == "draw":
            return T("Draw 1 artifact normally")
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k in ("hand_limit", "discard_any", "bradley"):
        return T("Discard 1 {artifact} ({why})", artifact=texts.artifact(o.split(":", 1)[1]), why=_WHY[k])
    if k == "kcheck":
        d = int(o.split(":")[1])
        v = s.p[t["p"]].dice[d]
        return T(_ROLE[_role(s, t["p"], d)], value=v)
    if k == "gain_choice":
        return T("Take {what}", what=texts.qty(1, o))
    if k == "lose_good":
        return T("Lose {what} (roll penalty)", what=texts.qty(1, o))
    if k == "tunnel_choice":
        return T("Take {what}", what=texts.qty(1, o)) if o != "artifact" else T("Draw 1 artifact")
    if k == "gift":
        if t.get("what") != "bliss":
            return T("Accept: draw 1 artifact") if o == "take" else T("Decline: draw 1 artifact")
        return T("Accept: take 1 bliss") if o == "take" else T("Decline: take 1 bliss")
    if k == "art_star":
        if o == "territory":
            return T("Place your star in the territory")
        site = o.split(":", 1)[1]
        return T("Place your star on {market}", market=texts.market(s.site_tile[site]))
    if k == "track_place":
        tr, v = o.split(":")
        return T("Put your morale token on {n}", n=v) if tr == "morale" else \
            T("Put your knowledge token on {n}", n=v)
    if k == "trade_build":
        if o in ("propose", "cancel"):
            return {"propose": T("Propose the trade"), "cancel": T("Cancel the trade")}[o]
        side, item = o.split(":", 1)
        return T("Offer {what}", what=_good(item)) if side == "give" else T("Ask for {what}", what=_good(item))
    if k == "trade_answer":
        gets, gives = _trade_sides(t)
        if o == "accept":
            return T("Accept the trade: you get {get} and give {give}", get=gets, give=gives)
        return T("Refuse the trade: nothing changes hands")
    return T("choice")


def _trade_sides(t: dict) -> tuple[Text, Text]:
    """(what the answering partner gets, what they give) in a trade proposal ``t``."""
    gets = pay_words(",".join(t["give"])) if t.get("give") else T("nothing")
    gives = pay_words(",".join(t["get"])) if t.get("get") else T("nothing")
    return gets, gives


def offer_so_far(give: list[str], get: list[str]) -> Text:
    """The trade being built, for the player building it (§23.5), as it grows item by item:
    "You give 1 clay and 1 Bear; you get nothing so far" ("nothing so far" for a side still
    empty; each side in the payment words of ``pay_words``)."""
    gives = pay_words(",".join(give)) if give else T("nothing so far")
    gets = pay_words(",".join(get)) if get else T("nothing so far")
    return T("Your offer: you give {give}; you get {get}", give=gives, get=gets)


def trade_line(s, who: Text, o: str) -> Text:
    """The log's plain sentence for a step of a trade (§23.5): "Ben offers 1 clay", "Ben
    proposes the trade to Ada: 1 clay for 1 food", "Ada accepts the trade: gets 1 clay and gives
    1 food", "Ada refuses the trade"."""
    t = s.tasks[-1]
    if t["k"] == "trade_answer":
        if o != "accept":
            return T("{player} refuses the trade", player=who)
        gets, gives = _trade_sides(t)
        return T("{player} accepts the trade: gets {get} and gives {give}", player=who, get=gets, give=gives)
    if o == "cancel":
        return T("{player} cancels the trade", player=who)
    if o == "propose":
        give = pay_words(",".join(t["give"])) if t.get("give") else T("nothing")
        get = pay_words(",".join(t["get"])) if t.get("get") else T("nothing")
        return T("{player} proposes the trade to {partner}: {give} for {get}", player=who,
                 partner=player(t["partner"]), give=give, get=get)
    side, item = o.split(":", 1)
    return (T("{player} offers {what}", player=who, what=_good(item)) if side == "give"
            else T("{player} asks for {what}", player=who, what=_good(item)))


def outcome_label(a: Any) -> Text | None:
    """What the chance outcome ``a`` is, naming what was drawn (None: ``a`` is no outcome)."""
    if isinstance(a, Roll):
        return T("Roll: {value}", value=a.value)
    if isinstance(a, DrawArtifact):
        return T("Artifact drawn: {artifact}", artifact=texts.artifact(a.card))
    if isinstance(a, DrawRecruit):
        return T("Recruit drawn: {recruit}", recruit=texts.recruit(a.recruit))
    if isinstance(a, DrawDilemma):
        return T("Ethical dilemma card dealt: {dilemma}", dilemma=texts.dilemma(a.dilemma))
    if isinstance(a, DrawMarket):
        return T("Market tile dealt: {market}", market=texts.market(a.tile))
    if isinstance(a, FirstPlayer):
        return T("First player: {player}", player=player(a.player))
    if isinstance(a, PlacementStart):
        return T("First to place a track token: {player}", player=player(a.player))
    return None


def outcome_log(s, a: Any) -> Text:
    """The public log line of the chance outcome ``a`` at the node on top of ``s``: a die or a
    random player named, a card or tile drawn never (only whose it is). An outcome of another
    node than this one (a refused one) reads as a plain move."""
    t = s.tasks[-1]
    k = t["k"]
    who = player(t.get("to", 0))
    if isinstance(a, Roll):
        if k == "die":
            return T("{player} rolls {value}", player=who, value=a.value)
        if k == "rolloff":
            return T("{player} rolls {value} in the roll-off", player=who, value=a.value)
    elif isinstance(a, FirstPlayer):
        return T("{player} wins the tie for first player", player=player(a.player))
    elif isinstance(a, PlacementStart):
        return T("{player} places the first track token", player=player(a.player))
    elif isinstance(a, DrawDilemma):
        return T("{player} is dealt an ethical dilemma card", player=who)
    elif isinstance(a, DrawArtifact):
        return T("{player} draws an artifact card", player=who)
    elif isinstance(a, DrawRecruit):
        return (T("{player} is dealt a recruit", player=who) if k == "deal_recruit"
                else T("{player} draws a recruit", player=who))
    elif isinstance(a, DrawMarket):
        if k == "deal_tile":
            return T("{player} is dealt a market tile", player=who)
        if k == "six_tile":
            return T("A market tile is set aside face down")
        return T("A market tile is dealt face down")
    return T("{player} plays", player=who)


def label(s, a: Any) -> Text:
    """The private button text of ``a`` for the player to move (a chance outcome: what it is)."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        return T("Place your {value} on {space}", value=v, space=short_space(s, a.space))
    if isinstance(a, Retrieve):
        return _retrieve_words(s, a, short=True)
    if isinstance(a, ResolveDilemma):
        d = s.p[s.current].dilemma
        return T("Resolve your dilemma ({dilemma})", dilemma=texts.dilemma(d))
    if isinstance(a, Trade):
        return T("Propose a trade to {partner}", partner=player(a.partner))
    if isinstance(a, EndTurn):
        return T("End your turn")
    if isinstance(a, Choose):
        return choice_words(s, a.option, True)
    return outcome_label(a) or T("choice")


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
REGION_NAMES = {"euphorian": "Euphoria", "subterran": "Subterra", "wastelander": "Wastelands",
                "icarite": "Icarus"}
"""The regions of the board (spec §2 "Factions / regions"), as the board's headings name them
(English; ``texts.REGION_TEXTS`` are the same as ``Text``)."""
TANK = "Worker Activation Tank"
"""The two ``WAT_*`` spaces, which belong to no region (spec §3)."""
_KIND = {"energy": "commodity", "water": "commodity", "food": "commodity", "bliss": "commodity",
         "gold": "resource", "stone": "resource", "clay": "resource"}


def _place_values(s) -> list[int]:
    """The values of the workers the player to move may place now (``rules.turn_actions``):
    every available value before the turn's first placement, else the one value of Chase's
    new worker or of the matched group's remaining workers."""
    pl = s.p[s.current]
    tn = s.turn
    if tn.get("chase") is not None:
        return [pl.dice[tn["chase"]]]
    if tn.get("placed", 0) == 0:
        return sorted({pl.dice[d] for d, w in enumerate(pl.where) if w == "avail"})
    return sorted({pl.dice[d] for d in tn.get("group", []) if pl.where[d] == "avail"})[:1]


def _space_steps(s, sp: str) -> list[Text]:
    """Where a worker goes: the region (or the tank), then the space; a construction site's
    space after its site, with the resource it costs (spec §3, §13)."""
    if sp.startswith("WAT_"):
        side = T("energy side ({cost})", cost=cost_words(SPACES[sp].cost)) if sp == "WAT_ENERGY" else \
            T("water side ({cost})", cost=cost_words(SPACES[sp].cost))
        return [texts.TANK_TEXT, side]
    region = texts.region(SPACES[sp].faction)
    if sp.startswith("CS_"):
        f, letter = texts.site_parts(sp)
        n = sp.rsplit("_", 1)[1]
        return [region, T("Construction site {letter}", letter=letter),
                T("space {n} ({cost})", n=n, cost=cost_words(SPACES[sp].cost))]
    return [region, short_space(s, sp)]


def _retrieve_steps(s, a: Retrieve) -> list:
    """How many workers come back, which ones (a value names a worker unless two on the board
    show it), then how the retrieval is paid (spec §11). A lone worker on the board: its
    value, then the payment."""
    pl = s.p[s.current]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    what, how = retrieve_parts(s, a, short=True)
    n = len(a.dice)
    if len(on_board) == 1:
        return [T("Retrieve your {what}", what=what), how]
    if n == len(on_board):
        return [T("Retrieve workers"), what, how]
    return [T("Retrieve workers"), T("{n} workers", n=n) if n > 1 else T("1 worker"), what, how]


def _choice_steps(s, o: str) -> list:
    """A pending choice in steps where its options are many: the recruit kept active, then
    the hidden one (§4.7); the track, then the value (§22); a trade's side and kind of good,
    then the good (§23.5). Other choices are one step, their button text."""
    t = s.tasks[-1]
    k = t["k"]
    if k == "keep":
        a, h = o.split(">")
        return [T("Active: {recruit}", recruit=texts.recruit(a)), T("hidden: {recruit}", recruit=texts.recruit(h))]
    if k == "track_place":
        track, v = o.split(":")
        return [T("Put your morale token") if track == "morale" else T("Put your knowledge token"),
                T("on {n}", n=v)]
    if k == "trade_build" and ":" in o:
        side, item = o.split(":", 1)
        kind = "artifact" if item.startswith("art:") else _KIND.get(item, "good")
        first = {("give", "artifact"): T("Offer an artifact"), ("give", "commodity"): T("Offer a commodity"),
                 ("give", "resource"): T("Offer a resource"), ("give", "good"): T("Offer a good"),
                 ("get", "artifact"): T("Ask for an artifact"), ("get", "commodity"): T("Ask for a commodity"),
                 ("get", "resource"): T("Ask for a resource"), ("get", "good"): T("Ask for a good")}
        return [first[(side, kind)], _good(item)]
    return [choice_words(s, o, True)]


def action_steps(s, a: Any) -> list:
    """The choices that make up ``a``, one at a time, for the player to move.

    A turn offers a few kinds of action; placing a worker goes on to the region, the space
    (a construction site, then its space) and, when several values are available, the
    worker's value; retrieving goes on to how many workers, which, and how it is paid.
    Joined by ", " the steps say what ``label`` says, so no list the player reads is long."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        where = _space_steps(s, a.space)
        if len(_place_values(s)) > 1:
            return [T("Place a worker")] + where + [T("with your {value}", value=v)]
        return [T("Place your {value}", value=v)] + where
    if isinstance(a, Retrieve):
        return _retrieve_steps(s, a)
    if isinstance(a, Trade):
        return [T("Propose a trade"), T("to {partner}", partner=player(a.partner))]
    if isinstance(a, Choose) and s.tasks and s.tasks[-1]["k"] != "turn":
        return _choice_steps(s, a.option)
    return [label(s, a)]
