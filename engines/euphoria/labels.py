"""Words for actions: the PUBLIC log line (``describe``) and the PRIVATE button text
(``action_label``) of the engine contract.

``describe`` is shown to every player, so it never names what §1 keeps secret: which recruits
a player keeps or hides (§4.7, §22 draft, §19 Fight), which market tile they keep (§22 market
selection). Everything else in Euphoria is public (workers, goods, paid and discarded cards,
which go face up to the discard pile).

``action_label`` is read only by the player to move: it names the card, space and option so
that every legal action of a position has its own distinct text. Button texts are kept short
(they must stay legible on a phone, 390 px wide): recruits by their short name (``short_name``),
no printed costs (the board shows them, and its tip the full text).
"""

from __future__ import annotations

from typing import Any

from .actions import Choose, EndTurn, Place, ResolveDilemma, Retrieve, Trade
from .components import DILEMMAS, MARKETS, RECRUITS, SPACES

HIDDEN_CHOICES = ("keep", "draft", "mkt_keep", "dil_keep")
"""Task kinds whose answer is secret (§4.7, §19, §22): the log only says a choice was made."""

_ART = {"bat": "Bat", "bear": "Bear", "book": "Book", "box": "Box", "balloons": "Balloons",
        "bifocals": "Bifocals"}
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


def short_name(rid: str) -> str:
    return SHORT_NAMES.get(rid, rid)


_SUBST = {"brian": "Brian", "flartner": "Flartner", "jacko": "Jacko", "matthew": "Matthew",
          "michael": "Michael", "josh": "Josh", "kadan": "Kadan", "jefferson": "Jefferson"}


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
    return text + (f" ({', '.join(subs)})" if subs else "")


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


def short_space(s, sp: str) -> str:
    """A space in a few words, for buttons ("site SUB B4", "Tank (energy)")."""
    if sp.startswith("CS_"):
        return "site " + sp[3:].rsplit("_", 1)[0].replace("_", " ") + sp.rsplit("_", 1)[1]
    if sp.startswith("MKT_"):
        tile = s.site_tile.get("SITE_" + sp[4:])
        if tile and s.built.get("SITE_" + sp[4:]):
            return MARKETS[tile].name
    if sp.startswith("WAT_"):
        return "Worker Tank (" + sp[4:].lower() + ")"
    return SPACES[sp].name


def _retrieve_parts(s, a: Retrieve, short: bool = False) -> tuple[str, str]:
    """Which workers ``a`` retrieves and how it is paid, in words (spec §11)."""
    pl = s.p[s.current]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    values = [pl.dice[d] for d in on_board]
    if short and len(a.dice) > 1 and len(a.dice) == len(on_board):
        what = f"all {len(a.dice)} workers"
    elif short:  # a value names the worker unless two on the board show it
        what = ", ".join(str(pl.dice[d]) if values.count(pl.dice[d]) == 1
                         else f"{pl.dice[d]} ({short_space(s, pl.where[d])})" for d in sorted(a.dice))
    else:
        what = ", ".join(f"{pl.dice[d]} from {space_words(s, pl.where[d])}" for d in sorted(a.dice))
    how = {"free": "free, morale −1", "food": "1 food, morale +2", "bliss": "1 bliss, morale +2",
           "energy": "1 energy (Jefferson)"}[a.pay]
    return what, how


def _retrieve_words(s, a: Retrieve, short: bool = False) -> str:
    what, how = _retrieve_parts(s, a, short)
    return f"Retrieve {what}: {how}"


def _name(x: str) -> str:
    if x in RECRUITS:
        return f"{RECRUITS[x].name} ({RECRUITS[x].faction.capitalize()})"
    if x in MARKETS:
        return MARKETS[x].name
    return x


_CHOICE = {"skip": "do not use", "use": "use it", "roll": "roll normally",
           "energy": "gain 1 energy", "morale": "morale +1", "knowledge": "knowledge −1",
           "bliss": "gain 1 bliss", "food": "gain 1 food", "water": "gain 1 water", "stone": "gain 1 stone",
           "geek": "draw 3 (knowledge +1), discard 2", "gambler": "draw 2, show your hand",
           "book": "discard Book: +2 energy and morale, knowledge −2", "apply": "apply"}


def _hook_words(rid: str, choice: str) -> str:
    name = short_name(rid)
    if choice.startswith("use:"):
        w = f"use it, gain 1 {choice[4:]}"
    elif choice.startswith("set:"):
        w = f"set the value to {choice[4:]}"
    elif "+" in choice and choice != "skip":  # Jacko (1st printing): the 2 cards paid
        w = "pay " + " + ".join(_ART.get(a, a) for a in choice.split("+"))
    elif ":" in choice:  # Esme: type:effect
        art, eff = choice.split(":", 1)
        w = f"discard {_ART.get(art, art)}: +1 energy, " + ("knowledge −1" if eff == "knowledge" else "morale +1")
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
        return "Do not place Chase's new worker"
    if k in HIDDEN_CHOICES and not private:
        return {"keep": "chooses their recruits", "draft": "drafts a recruit",
                "mkt_keep": "keeps a market tile", "dil_keep": "keeps a recruit"}[k]
    if k == "keep":
        a, h = o.split(">")
        return f"Active {RECRUITS[a].name}, hidden {RECRUITS[h].name}"
    if k == "draft":
        return f"Draft {_name(o.split(':', 1)[1])}"
    if k == "mkt_keep":
        return f"Keep the tile {_name(o.split(':', 1)[1])}"
    if k == "dil_keep":
        return f"Keep {_name(o.split(':', 1)[1])} hidden"
    if k == "pay":
        return f"Pay {pay_words(o)}"
    if k == "dil_pay":
        return f"Pay {pay_words(o)} for the dilemma"
    if k == "dil_side":
        return "Fight: draw 2 recruits, keep 1" if o == "fight" else "Join: a star on the dilemma card"
    if k == "hooks":
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k == "draw":
        if o == "draw":
            return "Draw 1 artifact normally"
        rid, choice = o.split("|", 1)
        return _hook_words(rid, choice)
    if k in ("hand_limit", "discard_any", "bradley"):
        why = {"hand_limit": "hand limit", "discard_any": "Geek", "bradley": "Bradley"}[k]
        return f"Discard a {_ART.get(o.split(':', 1)[1], o)} ({why})"
    if k == "kcheck":
        d = int(o.split(":")[1])
        v = s.p[t["p"]].dice[d]
        from .rules import _role
        return {"new": f"Lose your new {v}", "chase": f"Lose Chase's new {v}",
                "group": f"Lose a {v} of your matched group",
                "other": f"Lose a {v}"}[_role(s, t["p"], d)]
    if k == "gain_choice":
        return f"Take 1 {o}"
    if k == "lose_good":
        return f"Lose 1 {o} (roll penalty)"
    if k == "tunnel_choice":
        return f"Take 1 {o}"
    if k == "gift":
        what = "draw 1 artifact" if t.get("what") != "bliss" else "take 1 bliss"
        return f"Accept: {what}" if o == "take" else f"Decline: {what}"
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
        return f"{verb}: get {give}, give {get}"
    return o.replace("_", " ")


def label(s, a: Any) -> str:
    """The private button text of ``a`` for the player to move."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        return f"Place your {v} on {short_space(s, a.space)}"
    if isinstance(a, Retrieve):
        return _retrieve_words(s, a, short=True)
    if isinstance(a, ResolveDilemma):
        d = s.p[s.current].dilemma
        return f"Resolve your dilemma ({DILEMMAS[d].title if d in DILEMMAS else d})"
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


# ---- the step-by-step picker (``Game.action_steps``) -------------------------------------
REGION_NAMES = {"euphorian": "Euphoria", "subterran": "Subterra", "wastelander": "Wastelands",
                "icarite": "Icarus"}
"""The regions of the board (spec §2 "Factions / regions"), as the board's headings name them."""
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


def _space_steps(s, sp: str) -> list[str]:
    """Where a worker goes: the region (or the tank), then the space; a construction site's
    space after its site, with the resource it costs (spec §3, §13)."""
    if sp.startswith("WAT_"):
        side = sp[4:].lower()
        return [TANK, f"{side} side ({cost_words(SPACES[sp].cost)})"]
    region = REGION_NAMES[SPACES[sp].faction]
    if sp.startswith("CS_"):
        site, n = sp[3:].rsplit("_", 1)
        return [region, "Construction site " + site.replace("_", " "),
                f"space {n} ({cost_words(SPACES[sp].cost)})"]
    return [region, short_space(s, sp)]


def _retrieve_steps(s, a: Retrieve) -> list[str]:
    """How many workers come back, which ones (a value names a worker unless two on the board
    show it), then how the retrieval is paid (spec §11). A lone worker on the board: its
    value, then the payment."""
    pl = s.p[s.current]
    on_board = [d for d, w in enumerate(pl.where) if w not in ("avail", "pool")]
    what, how = _retrieve_parts(s, a, short=True)
    n = len(a.dice)
    if len(on_board) == 1:
        return [f"Retrieve your {what}", how]
    if n == len(on_board):
        return ["Retrieve workers", what, how]
    return ["Retrieve workers", f"{n} worker{'s' if n > 1 else ''}", what, how]


def _choice_steps(s, o: str) -> list[str]:
    """A pending choice in steps where its options are many: the recruit kept active, then
    the hidden one (§4.7); the track, then the value (§22); a trade's side and kind of good,
    then the good (§23.5). Other choices are one step, their button text."""
    t = s.tasks[-1]
    k = t["k"]
    if k == "keep":
        active, hidden = choice_words(s, o, True).split(", ", 1)
        return [active, hidden]
    if k == "track_place":
        track, v = o.split(":")
        return [f"Put your {track} token", f"on {v}"]
    if k == "trade_build" and ":" in o:
        side, item = o.split(":", 1)
        kind = "artifact" if item.startswith("art:") else _KIND.get(item, "good")
        verb = "Offer" if side == "give" else "Ask for"
        return [f"{verb} {'an' if kind[0] in 'aeiou' else 'a'} {kind}", _good(item)]
    return [choice_words(s, o, True)]


def action_steps(s, a: Any) -> list[str]:
    """The choices that make up ``a``, one at a time, for the player to move.

    A turn offers a few kinds of action; placing a worker goes on to the region, the space
    (a construction site, then its space) and, when several values are available, the
    worker's value; retrieving goes on to how many workers, which, and how it is paid.
    Joined by ", " the steps say what ``label`` says, so no list the player reads is long."""
    if isinstance(a, Place):
        v = s.p[s.current].dice[a.die]
        where = _space_steps(s, a.space)
        if len(_place_values(s)) > 1:
            return ["Place a worker"] + where + [f"with your {v}"]
        return [f"Place your {v}"] + where
    if isinstance(a, Retrieve):
        return _retrieve_steps(s, a)
    if isinstance(a, Trade):
        return ["Propose a trade", f"to Player {a.partner + 1}"]
    if isinstance(a, Choose) and s.tasks and s.tasks[-1]["k"] != "turn":
        return _choice_steps(s, a.option)
    return [label(s, a)]
