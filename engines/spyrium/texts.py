"""Spyrium's texts for people (``engines.core.i18n``): component names, amounts, places.

Every text a person reads is a ``Text`` of the catalogue "spyrium" (``T``), written here in
English once; its Italian is in ``i18n/it.json``. Component names are those of the Italian
edition as the Italian rulebook prints them (its glossary: Miniera, Officina, Dimora,
Distretto, Evento Attivo...) and the data's ``name_it``; the events have no printed Italian
name and are translated in the same spirit.

A card name comes in two forms: bare ("Mine") and with its article ("the Mine" / "la
Miniera"), since Italian articles depend on the noun.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from engines.core.i18n import Text, player, texts

from .components import CARD_TYPES, EVENTS, SLOT_INDEX, SLOT_POSITIONS, TECHNIQUES, type_of

T = texts("spyrium")

__all__ = ["T", "player", "Text"]

POS_NAMES = [T("top left"), T("top middle"), T("top right"), T("middle left"), T("centre"),
             T("middle right"), T("bottom left"), T("bottom middle"), T("bottom right")]
"""Market positions ``r * 3 + c`` in words (§5.1)."""
AT_POS = [T("at the top left"), T("at the top centre"), T("at the top right"), T("at the middle left"),
          T("in the centre"), T("at the middle right"), T("at the bottom left"), T("at the bottom centre"),
          T("at the bottom right")]
"""Where a market position lies, after a card's name: "the Mine (middle) at the bottom centre"
(not "(bottom middle)": the card's variant already has its brackets and its "middle")."""

VARIANTS = {"left": T("{name} (left)"), "middle": T("{name} (middle)"),
            "right": T("{name} (right)")}

# the English name -> its form with the article (every name of the data)
_THE = {
    "Mine": T("the Mine"), "Workshop": T("the Workshop"), "Factory": T("the Factory"),
    "Laboratory": T("the Laboratory"),
    "Working-Class Neighborhood": T("the Working-Class Neighborhood"),
    "Residence": T("the Residence"), "University": T("the University"),
    "Luxury Home": T("the Luxury Home"), "Mansion": T("the Mansion"), "Palace": T("the Palace"),
    "Miner": T("the Miner"), "Geologist": T("the Geologist"), "Apprentice": T("the Apprentice"),
    "Bureaucrat": T("the Bureaucrat"), "Architect": T("the Architect"),
    "Engineer": T("the Engineer"), "Banker": T("the Banker"), "Adviser": T("the Adviser"),
    "Financier": T("the Financier"),
    "Automation": T("Automation"), "Capitalization": T("Capitalization"), "Crane": T("the Crane"),
    "Engineering": T("Engineering"), "Taylorism": T("Taylorism"), "Commerce": T("Commerce"),
    "Lobbying": T("Lobbying"),
}
_BARE = {
    "Mine": T("Mine"), "Workshop": T("Workshop"), "Factory": T("Factory"),
    "Laboratory": T("Laboratory"), "Working-Class Neighborhood": T("Working-Class Neighborhood"),
    "Residence": T("Residence"), "University": T("University"), "Luxury Home": T("Luxury Home"),
    "Mansion": T("Mansion"), "Palace": T("Palace"), "Miner": T("Miner"),
    "Geologist": T("Geologist"), "Apprentice": T("Apprentice"), "Bureaucrat": T("Bureaucrat"),
    "Architect": T("Architect"), "Engineer": T("Engineer"), "Banker": T("Banker"),
    "Adviser": T("Adviser"), "Financier": T("Financier"), "Automation": T("Automation"),
    "Capitalization": T("Capitalization"), "Crane": T("Crane"), "Engineering": T("Engineering"),
    "Taylorism": T("Taylorism"), "Commerce": T("Commerce"), "Lobbying": T("Lobbying"),
}
_NEXT = {en: T("next to " + the.template) for en, the in _THE.items()}
"""The name after "next to" (Italian contracts it with the article: "accanto alla Miniera")."""
_YOUR = {en: T("your " + en) for en, t in _BARE.items()}
"""A player's own card ("your Mine" / "la tua Miniera")."""

EVENT_NAMES = {
    "ev-token-bounty": T("Windfall"), "ev-spyrium-residence": T("Residence for Spyrium"),
    "ev-buy-vp": T("Buy prestige"), "ev-sell-spyrium": T("Sell Spyrium"),
    "ev-reuse-building": T("Overtime"), "ev-hire-worker": T("Recruitment"),
    "ev-late-placement": T("Late placement"),
}
"""The events' names (the data's English ``name_en``; the rulebook prints none: ours)."""

KINDS = {"building": T("building"), "character": T("character"), "technique": T("technique")}
SYMBOLS = {"factory": T("Factory"), "mine": T("Mine"), "research": T("Research")}

CATEGORY_NAMES = {"characters": T("Characters"), "building use": T("Building use"),
                  "residence": T("Residence track"), "events": T("Events"),
                  "build tokens": T("Build tokens"), "buildings": T("Buildings"),
                  "techniques": T("Techniques"), "total": T("Total")}
"""The score categories of ``score_breakdown`` (``Game.score_categories``)."""


def _name_en(t: str) -> str:
    return TECHNIQUES[t].name_en if t in TECHNIQUES else CARD_TYPES[t].name_en


def _variant(t: str) -> Optional[str]:
    v = CARD_TYPES[t].variant if t in CARD_TYPES else None
    return v if v in VARIANTS else None


def card_name(card: str) -> Text:
    """"Mine (left)" / "Miniera (sinistra)"."""
    t = type_of(card)
    base = _BARE[_name_en(t)]
    v = _variant(t)
    return T(VARIANTS[v].template, name=base) if v else base


def bare_name(card: str) -> Text:
    """The name on a card face, without the variant: "Mine" / "Miniera" (the same name as
    everywhere else, the rulebook's: the board gives a long name the lines it needs)."""
    return _BARE[_name_en(type_of(card))]


def the_card(card: str) -> Text:
    """"the Mine (left)" / "la Miniera (sinistra)"."""
    t = type_of(card)
    base = _THE[_name_en(t)]
    v = _variant(t)
    return T(VARIANTS[v].template, name=base) if v else base


def next_to_card(card: str) -> Text:
    """"next to the Mine (left)" / "accanto alla Miniera (sinistra)"."""
    t = type_of(card)
    base = _NEXT[_name_en(t)]
    v = _variant(t)
    return T(VARIANTS[v].template, name=base) if v else base


def your_card(card: str) -> Text:
    """"your Mine (left)" / "la tua Miniera (sinistra)"."""
    t = type_of(card)
    base = _YOUR[_name_en(t)]
    v = _variant(t)
    return T(VARIANTS[v].template, name=base) if v else base


def next_to(state, q: int) -> Text:
    """"next to the Mine (left) at the top left" (a position that holds a card)."""
    return T("{card} {at}", card=next_to_card(state.market[q]), at=AT_POS[q])


def variant_text(card: str) -> Optional[Text]:
    v = _variant(type_of(card))
    return {"left": T("left"), "middle": T("middle"), "right": T("right")}[v] if v else None


def event_name(event: str) -> Text:
    return EVENT_NAMES[event]


def amount(kind: str, n: Any) -> Text:
    """"£3", "3 VP", "1 worker", "2 Spyrium"."""
    if kind == "money":
        return T("£{n}", n=n)
    if kind == "vp":
        return T("{n} VP", n=n)
    if kind == "workers":
        return T("{n} worker", n=n) if n == 1 else T("{n} workers", n=n)
    return T("{n} Spyrium", n=n)


def join(items: list, sep: str = ", ") -> Text:
    """Texts joined by a separator that needs no translation (", ", " + ")."""
    items = list(items)
    if not items:
        return T("nothing")
    out = items[0]
    for it in items[1:]:
        out = T("{a}" + sep + "{b}", a=out, b=it)
    return out


def and_list(items: list) -> Text:
    """"a, b and c" / "a, b e c"."""
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else T("nothing")
    return T("{a} and {b}", a=join(items[:-1]), b=items[-1])


def place(state, q: int) -> Text:
    """A market position with what lies there: "the Mine (left) at the top left"."""
    card = state.market[q]
    if card is None:
        return T("the empty space {at}", at=AT_POS[q])
    return T("{card} {at}", card=the_card(card), at=AT_POS[q])


def slot_text(state, slot: str) -> Text:
    """A worker slot named by its two sides (§5.2): "between the Mine at the top left and the
    empty space at the top centre"."""
    a, b = SLOT_POSITIONS[SLOT_INDEX[slot]]
    return T("between {a} and {b}", a=place(state, a), b=place(state, b))


def side_of(slot: str, pos: int) -> Text:
    """Where a slot lies from the card at ``pos``: "left of it", "below it"."""
    a, b = SLOT_POSITIONS[SLOT_INDEX[slot]]
    horizontal = a // 3 == b // 3
    if pos == a:
        return T("right of it") if horizontal else T("below it")
    return T("left of it") if horizontal else T("above it")


# ---- the card texts (hover tips and card faces) ----------------------------------------------

def _gain_list(gains: dict, value: Any = None) -> list[Text]:
    out = []
    for k, v in gains.items():
        n = value if v == "token" and value is not None else v
        if n == "token":
            out.append({"money": T("£ equal to the token"), "spyrium": T("Spyrium equal to the token"),
                        "vp": T("VP equal to the token"), "workers": T("workers equal to the token")}[k])
        elif n == "workers_owned":
            out.append(T("£1 per worker you own"))
        else:
            out.append(amount(k, n))
    return out


def option_text(ct, o, workers: Optional[int] = None) -> Text:
    """A building option: "1 worker + 2 Spyrium → 6 VP" (free when it costs nothing)."""
    w = o.workers if workers is None else workers
    cost = ([amount("workers", w)] if w else []) + ([amount("spyrium", o.spyrium)] if o.spyrium else [])
    return T("{cost} → {gain}", cost=join(cost, " + ") if cost else T("free"),
             gain=join(_gain_list(o.gain)))


def workers_when_built(n: int) -> Text:
    """"When built: +1 worker, active" (the Working-Class Neighborhood): one sentence for one
    worker and one for several, so that Italian agrees ("+1 lavoratore, attivo", "+2
    lavoratori, attivi")."""
    return (T("When built: +{n} worker, active", n=n) if n == 1
            else T("When built: +{n} workers, active", n=n))


@lru_cache(maxsize=None)
def card_effects(t: str) -> tuple[Text, ...]:
    """What a card does, one short Text per ability (the card face)."""
    if t in TECHNIQUES:
        return (T(TECHNIQUES[t].ongoing),)
    ct = CARD_TYPES[t]
    out: list[Text] = []
    if ct.type == "building":
        for o in ct.activate_options:
            out.append(option_text(ct, o))
        for b in ct.on_build:
            if b.gain_workers:
                out.append(workers_when_built(b.gain_workers))
            if b.residence_action:
                out.append(T("When built: one Residence action"))
            if b.gain_spyrium_equal_token:
                out.append(T("When built: Spyrium equal to its token"))
            if b.gain_vp_equal_token:
                out.append(T("When built: VP equal to its token"))
        return tuple(out)
    h = ct.hire_effect
    assert h is not None  # not a building: a character, which has a hire effect (CardType._coherent)
    bits: list[Text] = []
    k: str  # a price's, then a gain's resource
    if h.discard_token:
        bits.append(T("discard a token"))
    for k, v in h.pay.items():
        bits.append(T("pay {what}", what=_gain_list({k: v})[0]))
    for k, v in h.gain.items():
        bits.append(T("gain {what}", what=_gain_list({k: v})[0]))
    if h.residence_action:
        bits.append(T("one Residence action"))
    return (join(bits),)


@lru_cache(maxsize=None)
def card_tip(t: str) -> Text:
    """The full text of a card type, for its hover tip (§10)."""
    if t in TECHNIQUES:
        tt = TECHNIQUES[t]
        return T("{name}: technique, period {period}, cost £{cost}. {ongoing} At the end: {end} "
                 "(at most {cap} VP).", name=card_name(t), period=tt.period, cost=tt.cost,
                 ongoing=T(tt.ongoing), end=T(tt.end_game.text), cap=tt.vp_cap)
    ct = CARD_TYPES[t]
    head = T("{name}: {kind}, period {period}, cost £{cost}.", name=card_name(t),
             kind=KINDS[ct.type], period=ct.period, cost=ct.cost)
    return join([head, *card_facts(t)], " ")


@lru_cache(maxsize=None)
def card_facts(t: str) -> tuple[Text, ...]:
    """What a building or character card type does, after its name, kind, period and cost
    (the tip's sentences; the "How to play" reference uses them too)."""
    ct = CARD_TYPES[t]
    parts: list[Text] = []
    if ct.type == "building":
        parts.append(T("{vp} VP at the end.", vp=ct.vp))
        if ct.symbols:
            parts.append(T("Symbols: {symbols}.", symbols=and_list([SYMBOLS[s] for s in ct.symbols])))
        effects = card_effects(t)
        if ct.activate_options:
            parts.append(T("Use (one option): {options}.", options=join(
                [option_text(ct, o) for o in ct.activate_options], "; ")))
        for e in effects[len(ct.activate_options):]:
            parts.append(T("{effect}.", effect=e))
        if not ct.activate_options:
            parts.append(T("No ability to use."))
    else:
        parts.append(T("When hired: {effect}.", effect=card_effects(t)[0]))
        if ct.token == "players_minus_one":
            parts.append(T("Gets one token fewer than the number of players."))
        elif ct.token == "one":
            parts.append(T("Gets one token."))
    if ct.type == "building" and ct.token == "one":
        parts.append(T("Gets one token."))
    return tuple(parts)


def event_tip(event: str) -> Text:
    e = EVENTS[event]
    phases = T("Phase I and Phase II") if len(e.phases) == 2 else (
        T("Phase II only") if e.phases == ["II"] else T("Phase I only"))
    return T("{name}: {text} ({phases})", name=event_name(event), text=T(e.text), phases=phases)


def event_effect(event: str) -> Text:
    return T(EVENTS[event].text)


def outcome_text(state, a: Any) -> Text:
    """The line of a chance outcome ``a`` dealt at the node ``state`` is at (its log line and
    its label): everything Spyrium draws is face up, so it names what was drawn."""
    kind = state.dealing
    if kind == "event":
        return T("The next event is turned face up: {name}", name=event_name(a.event))
    if kind == "first_player":
        return T("{player} receives the first player card", player=player(a.seat))
    if kind == "card":
        return T("{card} is dealt {at}", card=the_card(a.card), at=AT_POS[state.dealing_pos])
    if kind == "event_token":
        return T("Token {t} is drawn for the next event", t=a.value)
    return T("Token {t} is drawn for {card}", t=a.value, card=place(state, state.dealing_pos))
