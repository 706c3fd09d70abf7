"""Words for actions: the PUBLIC log line (``describe``) and the PRIVATE button text
(``action_label``) of the engine contract.

``describe`` is shown to every player, so it never names what §1 keeps secret: which recruits
a player keeps or hides (§4.7, §22 draft, §19 Fight), which market tile they keep (§22 market
selection). Everything else in Euphoria is public (workers, goods, paid and discarded cards,
which go face up to the discard pile).

``action_label`` is read only by the player to move: it names the card, space, cost and option
so that every legal action of a position has its own distinct text.
"""

from __future__ import annotations

from typing import Any

from .actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import DILEMMAS, MARKETS, RECRUITS, SPACES

HIDDEN_CHOICES = ("keep", "draft", "mkt_keep", "dil_keep")
"""Task kinds whose answer is secret (§4.7, §19, §22): the log only says a choice was made."""

_ART = {"bat": "Bat", "bear": "Bear", "book": "Book", "box": "Box", "balloons": "Balloons",
        "bifocals": "Bifocals"}
_SUBST = {"brian": "Brian: food for bliss", "flartner": "Flartner: artifact for the resource",
          "jacko": "Jacko: 1 artifact", "matthew": "Matthew: knowledge instead of the commodity",
          "michael": "Michael: any resource", "josh": "Josh: bliss for the resource",
          "kadan": "Kadan: knowledge +2", "jefferson": "Jefferson"}


def _good(tok: str) -> str:
    """One payment token in words: ``art:bat`` → "1 Bat", ``k+1`` → "knowledge +1"."""
    if tok.startswith("art:"):
        return "1 " + _ART.get(tok[4:], tok[4:])
    if tok.startswith("k+"):
        return f"knowledge +{tok[2:]}"
    if tok.startswith("m-"):
        return f"morale −{tok[2:]}"
    return f"1 {tok}"


def pay_words(key: str) -> str:
    """A P2 payment key (see ``rules.pay_options``) in words."""
    toks = [t for t in key.split(",") if t] if key else []
    subs = [_SUBST.get(t[1:], t[1:]) for t in toks if t.startswith("@")]
    goods: dict[str, int] = {}
    for t in toks:
        if not t.startswith("@"):
            goods[t] = goods.get(t, 0) + 1
    parts = []
    for t, n in goods.items():
        w = _good(t)
        if n > 1 and w.startswith("1 "):
            w = f"{n} {w[2:]}"
        elif n > 1:
            w = f"{w} ×{n}"
        parts.append(w)
    text = " + ".join(parts) if parts else "nothing"
    return text + (f" (using {', '.join(subs)})" if subs else "")


def cost_words(cost: Any) -> str:
    """A printed cost (data.json) in words."""
    if not cost or not isinstance(cost, dict):
        return "free"
    if "artifacts_any" in cost:
        return f"{cost['artifacts_any']} artifacts or 2 identical"
    out = []
    for k, n in cost.items():
        if k == "resources_any":
            out.append(f"{n} resources")
        elif k == "resource":
            out.append(f"{n} resource")
        elif k == "artifact":
            out.append(f"{n} artifact")
        elif k == "commodity_any":
            out.append(f"{n} commodity")
        elif k == "commodity_not_bliss":
            out.append(f"{n} non-bliss commodity")
        elif k.startswith("artifact_"):
            out.append(f"{n} {_ART.get(k[9:], k[9:])}")
        else:
            out.append(f"{n} {k}")
    return " + ".join(out)


def space_words(s, sp: str) -> str:
    """A space's name, with the market tile's name for a built visit space."""
    if sp.startswith("MKT_"):
        tile = s.site_tile.get("SITE_" + sp[4:])
        if tile and s.built.get("SITE_" + sp[4:]):
            return f"{MARKETS[tile].name} ({SPACES[sp].faction.capitalize()} market)"
    if sp.startswith("CS_"):
        site = sp[3:].rsplit("_", 1)[0]
        return f"construction site {site.replace('_', ' ')}, space {sp.rsplit('_', 1)[1]}"
    return SPACES[sp].name


def _space_cost(s, sp: str) -> Any:
    if sp.startswith("MKT_"):
        tile = s.site_tile.get("SITE_" + sp[4:])
        return MARKETS[tile].visit_cost if tile else {}
    return SPACES[sp].cost


def _retrieve_words(s, a: Retrieve) -> str:
    pl = s.p[s.current]
    what = ", ".join(f"{pl.dice[d]} from {space_words(s, pl.where[d])}" for d in sorted(a.dice))
    how = {"free": "free, morale −1", "food": "pay 1 food, morale +2", "bliss": "pay 1 bliss, morale +2",
           "energy": "pay 1 energy (Jefferson), knowledge −1 and morale +1"}[a.pay]
    return f"Retrieve {what} ({how})"


def _name(x: str) -> str:
    if x in RECRUITS:
        return f"{RECRUITS[x].name} ({RECRUITS[x].faction})"
    if x in MARKETS:
        return MARKETS[x].name
    return x


_CHOICE = {"skip": "do not use", "use": "use it", "roll": "roll the worker normally",
           "energy": "gain 1 energy", "morale": "morale +1", "knowledge": "knowledge −1",
           "bliss": "gain 1 bliss", "food": "gain 1 food", "water": "gain 1 water", "stone": "gain 1 stone",
           "geek": "draw 3 instead (knowledge +1), then discard 2",
           "gambler": "draw 2 instead, then show your hand", "book": "discard a Book: +2 energy, knowledge −2, morale +2"}


def _hook_words(rid: str, choice: str) -> str:
    name = RECRUITS[rid].name if rid in RECRUITS else rid
    if choice.startswith("use:"):
        w = f"use it, gain 1 {choice[4:]}"
    elif choice.startswith("set:"):
        w = f"set the worker's value to {choice[4:]}"
    elif ":" in choice:  # Esme: type:effect
        art, eff = choice.split(":", 1)
        w = f"discard a {_ART.get(art, art)}: +1 energy and " + ("knowledge −1" if eff == "knowledge" else "morale +1")
    else:
        w = _CHOICE.get(choice, choice)
    return f"{name}: {w}"


def choice_words(s, o: str, private: bool) -> str:
    """A ``Choose`` option of the pending task, in words (``private``: may name hidden things)."""
    if not s.tasks:
        return o
    t = s.tasks[-1]
    k = t["k"]
    if k == "turn":  # only skip_chase
        return "Do not place Chase the Miner's new worker"
    if k in HIDDEN_CHOICES and not private:
        return {"keep": "chooses their recruits", "draft": "drafts a recruit",
                "mkt_keep": "keeps a market tile", "dil_keep": "keeps a recruit"}[k]
    if k == "keep":
        a, h = o.split(">")
        return f"Keep {_name(a)} active and {_name(h)} hidden"
    if k == "draft":
        return f"Draft {_name(o.split(':', 1)[1])}"
    if k == "mkt_keep":
        return f"Keep the tile {_name(o.split(':', 1)[1])}"
    if k == "dil_keep":
        return f"Keep {_name(o.split(':', 1)[1])} as a hidden recruit"
    if k == "pay":
        return f"Pay {pay_words(o)}"
    if k == "dil_pay":
        return f"Pay {pay_words(o)} for the dilemma"
    if k == "dil_side":
        return ("Fight the Oppressor: draw 2 recruits, keep 1" if o == "fight"
                else "Join the Establishment: a star on the dilemma card")
    if k == "hooks":
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k == "draw":
        if o == "draw":
            return "Draw 1 artifact normally"
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k in ("hand_limit", "discard_any", "bradley"):
        why = {"hand_limit": "hand limit", "discard_any": "Geek the Oracle", "bradley": "Bradley the Futurist"}[k]
        return f"Discard a {_ART.get(o.split(':', 1)[1], o)} ({why})"
    if k == "kcheck":
        d = int(o.split(":")[1])
        v = s.p[t["p"]].dice[d]
        from .rules import _role
        role = {"chase": "Chase's new worker", "group": "a worker of your matched group",
                "other": "a worker outside your matched group"}[_role(s, t["p"], d)]
        return f"Lose a {v} to the knowledge check ({role})"
    if k == "gain_choice":
        return f"Take 1 {o}"
    if k == "lose_good":
        return f"Lose 1 {o} (roll penalty)"
    if k == "tunnel_choice":
        return f"Take 1 {o}"
    if k == "gift":
        what = "draw 1 artifact" if t.get("what") != "bliss" else "take 1 bliss"
        return f"Accept the offer ({what})" if o == "take" else f"Decline the offer ({what})"
    if k == "art_star":
        if o == "territory":
            return "Place your star in the territory"
        site = o.split(":", 1)[1]
        return f"Place your star on {MARKETS[s.site_tile[site]].name}"
    if k == "track_place":
        tr, v = o.split(":")
        return f"Put your {tr} token on {v}"
    if k == "trade_build":
        if o in ("propose", "cancel"):
            return {"propose": "Propose the trade", "cancel": "Cancel the trade"}[o]
        side, item = o.split(":", 1)
        return ("Offer " if side == "give" else "Ask for ") + _good(item)
    if k == "trade_answer":
        give = pay_words(",".join(t.get("give", []))) if t.get("give") else "nothing"
        get = pay_words(",".join(t.get("get", []))) if t.get("get") else "nothing"
        verb = "Accept" if o == "accept" else "Refuse"
        return f"{verb} the trade of Player {t['proposer'] + 1} (you get {give}, you give {get})"
    return o.replace("_", " ")


def label(s, a: Any) -> str:
    """The private button text of ``a`` for the player to move."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        return f"Place your {v} on {space_words(s, a.space)} (cost: {cost_words(_space_cost(s, a.space))})"
    if isinstance(a, Retrieve):
        return _retrieve_words(s, a)
    if isinstance(a, ResolveDilemma):
        d = s.p[s.current].dilemma
        return f"Resolve your ethical dilemma ({DILEMMAS[d].title if d in DILEMMAS else d})"
    if isinstance(a, Trade):
        return f"Propose a trade to Player {a.partner + 1}"
    if isinstance(a, EndTurn):
        return "End your turn"
    if isinstance(a, Choose):
        return choice_words(s, a.option, True)
    return str(a)


def public_line(s, who: str, a: Any) -> str:
    """The public log line of ``a`` (never names a hidden card)."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        return f"{who} places a worker showing {v} on {space_words(s, a.space)}"
    if isinstance(a, Retrieve):
        return f"{who}: " + _retrieve_words(s, a)[0].lower() + _retrieve_words(s, a)[1:]
    if isinstance(a, ResolveDilemma):
        return f"{who} resolves the ethical dilemma"
    if isinstance(a, Trade):
        return f"{who} proposes a trade to Player {a.partner + 1}"
    if isinstance(a, EndTurn):
        return f"{who} ends the turn"
    if isinstance(a, Choose):
        k = s.tasks[-1]["k"] if s.tasks else ""
        if k in HIDDEN_CHOICES:
            return f"{who} " + choice_words(s, a.option, False)
        return f"{who}: " + choice_words(s, a.option, False)
    return f"{who}: {a}"
