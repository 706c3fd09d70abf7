"""Euphoria's texts for people (``engines.core.i18n``): the catalogue and the components' names.

Every text a person reads is a ``Text`` of the catalogue "euphoria" (``T``), written in English
once; its Italian is in ``i18n/it.json``. A component's English name is the data's
(``data.json``); its Italian is taken from the Italian edition's rulebook where it prints the
name (Generatore, Falda Acquifera, Fattoria, Nuvola Miniera, Cisterna per l’Attivazione dei
Lavoratori, Saloon Vento, Attico Nembo, Bar Brezza, Salotto Celeste, Stampa Libera della Dura
Realtà, Terme del Piacere Fugace, the goods, specialisti, artefatti, cantieri, segnalini
autorità...), otherwise translated in its spirit.
"""

from __future__ import annotations

from typing import Optional

from engines.core.i18n import Text, texts

from .components import DILEMMAS, MARKETS, RECRUITS

T = texts("euphoria")

GOOD_NAMES: dict[str, Text] = {
    "energy": T("energy"), "water": T("water"), "food": T("food"), "bliss": T("bliss"),
    "gold": T("gold"), "stone": T("stone"), "clay": T("clay"),
}
ARTIFACT_NAMES: dict[str, Text] = {
    "bat": T("Bat"), "bear": T("Bear"), "book": T("Book"), "box": T("Box"),
    "balloons": T("Balloons"), "bifocals": T("Bifocals"),
}
# keyed by a faction, read with a space's faction (None for the tanks: no entry, the default)
FACTION_NAMES: dict[Optional[str], Text] = {
    "euphorian": T("Euphorian"), "subterran": T("Subterran"), "wastelander": T("Wastelander"),
    "icarite": T("Icarite"),
}
REGION_TEXTS: dict[Optional[str], Text] = {
    "euphorian": T("Euphoria"), "subterran": T("Subterra"), "wastelander": T("Wastelands"),
    "icarite": T("Icarus"),
}
TANK_TEXT = T("Worker Activation Tank")
SITE_LETTER = {"A": "A", "B": "B"}


def _typo(text: str) -> str:
    """The data's English with the typographic apostrophe (’), as every text writes it."""
    return text.replace("'", "’")


def good(g: str) -> Text:
    """A commodity or resource ("energy"), or an artifact type."""
    if g in GOOD_NAMES:
        return GOOD_NAMES[g]
    if g in ARTIFACT_NAMES:
        return ARTIFACT_NAMES[g]
    return T("good")


def artifact(a: str) -> Text:
    return ARTIFACT_NAMES.get(a, T("artifact"))


def qty(n: int, g: str) -> Text:
    """``n`` of a good ("2 gold", "1 Bat")."""
    if g in ARTIFACT_NAMES:
        return T("1 {artifact}", artifact=ARTIFACT_NAMES[g]) if n == 1 else \
            T("{n} {artifact}", n=n, artifact=ARTIFACT_NAMES[g])
    return T("{n} {good}", n=n, good=good(g))


def recruit(rid: str) -> Text:
    return T(_typo(RECRUITS[rid].name)) if rid in RECRUITS else T("recruit")


def recruit_text(rid: str, first_printing: bool = False) -> Text:
    r = RECRUITS[rid]
    return T(_typo(r.first_printing_text if first_printing and r.first_printing_text else r.text))


def market(tile: str) -> Text:
    return T(_typo(MARKETS[tile].name)) if tile in MARKETS else T("market tile")


def penalty(tile: str) -> Text:
    return T(_typo(MARKETS[tile].penalty_text))


def dilemma(did: str) -> Text:
    return T(DILEMMAS[did].title) if did in DILEMMAS else T("ethical dilemma")


def faction(f: Optional[str]) -> Text:
    return FACTION_NAMES.get(f, T("no faction"))


def region(f: Optional[str]) -> Text:  # None: the tanks (no region)
    return REGION_TEXTS.get(f, TANK_TEXT)


def site_parts(sp_or_site: str) -> tuple[str, str]:
    """(faction, letter) of a construction site, its space or its visit space ("CS_EUP_A_2")."""
    from .components import FACTION_OF_SHORT
    parts = sp_or_site.split("_")
    return FACTION_OF_SHORT[parts[1]], parts[2]


def site(site_id: str) -> Text:
    """A construction site as the board labels it: "construction site A of Euphoria"."""
    f, letter = site_parts(site_id)
    return T("construction site {letter} of {region}", letter=letter, region=region(f))


_SPACE_TEXTS: dict[str, Text] = {
    "WAT_ENERGY": T("Worker Activation Tank (energy side)"),
    "WAT_WATER": T("Worker Activation Tank (water side)"),
    "GEN": T("Generator"), "AQU": T("Aquifer"), "FARM": T("Farm"), "CLOUD": T("Cloud Mine"),
    "TUN_EUP": T("Euphorian Tunnel"), "TUN_SUB": T("Subterran Tunnel"), "TUN_WAS": T("Wastelander Tunnel"),
    "TUNEND_EUP": T("Euphorian Tunnel exclusive space"), "TUNEND_SUB": T("Subterran Tunnel exclusive space"),
    "TUNEND_WAS": T("Wastelander Tunnel exclusive space"),
    "ART_EUP": T("Incinerator of Historical Accuracy"), "ART_SUB": T("Free Press of Harsh Reality"),
    "ART_WAS": T("Ark of Fractured Memories"),
    "ICA_WIND": T("Wind Saloon"), "ICA_NIMBUS": T("Nimbus Loft"), "ICA_BREEZE": T("Breeze Bar"),
    "ICA_SKY": T("Sky Lounge"),
    "RETRIEVE_PAID": T("Worker retrieval (pay)"), "RETRIEVE_FREE": T("Worker retrieval (free)"),
}


def space_names() -> list[Text]:
    """The names of the board's own worker spaces (the tanks, commodity areas, tunnels,
    artifact markets, Icarite spaces...), the same words on the board, in the labels and in
    the log."""
    return list(_SPACE_TEXTS.values())


def space(sp: str) -> Text:
    """A worker space by the name the board gives it (a site's space: "space 2 of construction
    site A of Euphoria"; a market's visit space: "the market of construction site A...")."""
    if sp in _SPACE_TEXTS:
        return _SPACE_TEXTS[sp]
    if sp.startswith("CS_"):
        return T("space {n} of {site}", n=sp.rsplit("_", 1)[1], site=site(sp))
    if sp.startswith("MKT_"):
        return T("the market of {site}", site=site(sp))
    return T("space")


PENDING: dict[str, Text] = {
    "turn": T("to place, retrieve or resolve the dilemma"), "keep": T("choosing recruits"),
    "draft": T("drafting a recruit"), "mkt_keep": T("choosing a market tile"),
    "track_place": T("placing a morale or knowledge token"), "pay": T("choosing how to pay"),
    "tunnel_choice": T("choosing the tunnel’s reward"), "art_star": T("placing a star"),
    "lose_good": T("losing a good to a roll penalty"), "kcheck": T("choosing the worker lost to knowledge"),
    "hooks": T("using a recruit ability"), "draw": T("drawing an artifact"),
    "discard_any": T("discarding artifacts"), "bradley": T("discarding an artifact"),
    "gain_choice": T("choosing a resource"), "gift": T("answering a gift"),
    "hand_limit": T("discarding down to the hand limit"), "dil_pay": T("paying for the dilemma"),
    "dil_side": T("choosing a side of the dilemma"), "dil_keep": T("keeping a recruit"),
    "trade_build": T("proposing a trade"), "trade_answer": T("answering a trade"),
}
"""What the player to move is doing, by pending task kind (the status line, refusals)."""

SCORE_CATEGORIES: dict[str, Text] = {
    "territories": T("territories"), "market tiles": T("market tiles"), "recruits": T("recruits"),
    "dilemma": T("dilemma"), "total": T("total"),
}
"""The names of ``score_breakdown``'s keys (the end-of-game table)."""

OPTION_LABELS: dict[str, Text] = {
    "recruit_draft": T("Recruit draft: deal 4 recruits and pass them around, keeping one at a time"),
    "market_selection": T("Market selection: each player chooses 1 of 2 market tiles to put in play"),
    "morale_knowledge_placement": T("Morale and knowledge placement: players put their track tokens in turn"),
    "first_printing_recruits": T("First-printing recruit texts"),
    "trading": T("Trading between players"),
}
"""The New game form's option descriptions."""
