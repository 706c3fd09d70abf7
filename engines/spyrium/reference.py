"""The reference of the "How to play" screen (``Game.reference``): every component of Spyrium
with its kind, name and what it does, in English or Italian.

Built from the component data (``components``) and the card texts of ``texts`` (the same
``Text`` builders the table's tooltips use: ``card_facts``, ``event_effect``...), so a card's
text is written once. Order: the building cards, the character cards (data order), the
techniques, the events, then the board and the other pieces on the table. Ids are the
components' internal keys (``"A-mine-left"``, ``"ev-token-bounty"``, ``"residence-track"``);
the page makes them anchors ``ref-<id>`` in lower case.
"""

from __future__ import annotations

from engines.core.i18n import Text, render_entries

from .components import (BONUS_HIGH, BONUS_LOW, BONUS_MONEY, CARD_TYPES, DATA, EVENTS,
                          MARKET_SIZE, RESIDENCE_VALUES, ROUNDS, START, TECHNIQUES,
                          TOKEN_SUPPLY, WORKERS_PER_COLOUR)
from .texts import T, and_list, card_facts, card_name, event_effect, event_name, join

KIND_BUILDING = T("Building card")
KIND_CHARACTER = T("Character card")
KIND_TECHNIQUE = T("Technique card")
KIND_EVENT = T("Event card")
KIND_BOARD = T("Board")
KIND_PIECE = T("Game piece")
KIND_RULE = T("Rule")

_PHASES = {("I", "II"): T("Phase I and Phase II"), ("II",): T("Phase II only"), ("I",): T("Phase I only")}


def _pieces() -> dict[str, tuple[Text, Text, Text]]:
    """The board and the pieces that are neither cards nor events: id -> (kind, name, text)."""
    slots = len(DATA.market.slots)
    return {
        "phase-i": (KIND_RULE, T("Phase I: placement"), T(
            "Each turn of Phase I is one of: place an active worker from your start card in a worker "
            "slot, use the turn event, or move to Phase II and take a Phase II action at once. Once in "
            "Phase II you cannot come back to Phase I this round.")),
        "phase-ii": (KIND_RULE, T("Phase II: activation"), T(
            "Each turn of Phase II is one of: take back a worker from the market to earn money, hire a "
            "character, build a building or patent a technique next to it, paying the card’s price plus "
            "£1 per other worker next to the card; use one of your buildings (once per round, paying its "
            "workers from your start card); use the turn event; or pass, once none of your workers is "
            "left in the market.")),
        "market": (KIND_BOARD, T("Market"), T(
            "The {n} cards of the round, face up in a 3 × 3 grid. Cards never slide or refill: a "
            "card built or patented leaves an empty space until the end of the round.", n=MARKET_SIZE)),
        "worker-slot": (KIND_BOARD, T("Worker slot"), T(
            "The {n} gaps between two side-by-side cards of the market (none on the outer edge, none "
            "diagonal). Any number of workers of any colour may stand in a slot, as long as at "
            "least one of its two cards is still there.", n=slots)),
        "turn-event": (KIND_BOARD, T("Turn event"), T(
            "The event of this round: every player may use it once, in Phase I or Phase II "
            "(as the card says), and it is discarded at the end of the round.")),
        "next-event": (KIND_BOARD, T("Next event"), T(
            "The event of the next round, face up so everyone can plan for it. Of the {n} events, "
            "{k} are used in a game.", n=len(EVENTS), k=ROUNDS)),
        "score-track": (KIND_BOARD, T("Score track"), T(
            "Your victory points (VP) during the game. The first time you reach {a} VP you choose "
            "a bonus, and at {b} VP you receive the other one.", a=BONUS_LOW, b=BONUS_HIGH)),
        "residence-track": (KIND_BOARD, T("Residence track"), T(
            "Spaces worth {values}; everyone starts on {first}. At the start of every round you "
            "receive £ equal to your space. A Residence action moves your disc one space on, or "
            "gives VP equal to your space (only the VP from the last space).",
            values=join([str(v) for v in RESIDENCE_VALUES]), first=RESIDENCE_VALUES[0])),
        "neighborhood": (KIND_PIECE, T("Neighborhood"), T(
            "Your own area: techniques to the left of your start card, buildings to the right. "
            "A new building space costs £1 per building you already have; replacing a building "
            "costs no space.")),
        "start-card": (KIND_PIECE, T("Start card"), T(
            "The middle of your neighborhood, with no ability: your active workers stand on it "
            "and your spent workers lie beside it.")),
        "worker": (KIND_PIECE, T("Worker"), T(
            "{n} per colour: you start with {a} active on your start card and {r} in your "
            "reserve. Workers go into the market in Phase I, come back (spent) in Phase II, "
            "pay for building uses, and all become active again at the start of each round.",
            n=WORKERS_PER_COLOUR, a=START.workers_active, r=START.workers_in_reserve)),
        "spyrium": (KIND_PIECE, T("Spyrium crystals"), T(
            "The precious mineral, unlimited in the bank: you start with {n}. Mines and some "
            "characters produce it; Workshops, Factories and Laboratories turn it into VP. Left "
            "over at the end, it scores only with Automation.", n=START.spyrium)),
        "money": (KIND_PIECE, T("Money (£)"), T(
            "Unlimited in the bank: you start with £{n} and get your Residence income every round. "
            "It pays for cards, surcharges and building spaces. Left over at the end, it scores "
            "only with Capitalization.", n=START.money)),
        "numbered-token": (KIND_PIECE, T("Numbered token"), T(
            "{n} tokens worth 1, 2 or 3, drawn face down and placed face up: one on each market "
            "building with a token symbol, one fewer than the number of players on each character "
            "with one, one on the {event} event. Used tokens go to a discard pile, shuffled into "
            "a new reserve when needed.", n=len(TOKEN_SUPPLY),
            event=and_list([event_name(e) for e, ev in EVENTS.items() if ev.token_on_reveal]))),
        "bonus-marker": (KIND_PIECE, T("Bonus markers"), T(
            "Two per player, a worker and £{m}. The first time you reach {a} VP you choose one "
            "(the worker arrives active on your start card); at {b} VP you receive the other.",
            m=BONUS_MONEY, a=BONUS_LOW, b=BONUS_HIGH)),
        "first-player": (KIND_PIECE, T("First player card"), T(
            "Its holder acts first in the round. The first holder is drawn at random; the card "
            "passes to the next player on the left at the end of every round.")),
    }


def card_reference_text(t: str) -> Text:
    """A building's or character's reference text: period, cost, copies, then the tip's facts."""
    ct = CARD_TYPES[t]
    head = T("Period {period}, cost £{cost}, {copies}.", period=ct.period, cost=ct.cost,
             copies=_copies(ct.copies))
    return join([head, *card_facts(t)], " ")


def technique_reference_text(t: str) -> Text:
    tt = TECHNIQUES[t]
    return T("Period {period}, cost £{cost}. {ongoing} At the end: {end} (at most {cap} VP).",
             period=tt.period, cost=tt.cost, ongoing=T(tt.ongoing), end=T(tt.end_game.text),
             cap=tt.vp_cap)


def event_reference_text(e: str) -> Text:
    ev = EVENTS[e]
    return T("{text} Usable in: {phases}.", text=event_effect(e), phases=_PHASES[tuple(ev.phases)])


def _copies(n: int) -> Text:
    return T("{n} copy in the game", n=n) if n == 1 else T("{n} copies in the game", n=n)


def entries() -> list[tuple[str, Text, Text, Text]]:
    """(id, kind, name, text) of every component, as ``Text``."""
    out: list[tuple[str, Text, Text, Text]] = []
    for kind, label in (("building", KIND_BUILDING), ("character", KIND_CHARACTER)):
        for t, ct in CARD_TYPES.items():
            if ct.type == kind:
                out.append((t, label, card_name(t), card_reference_text(t)))
    for t in TECHNIQUES:
        out.append((t, KIND_TECHNIQUE, card_name(t), technique_reference_text(t)))
    for e in EVENTS:
        out.append((e, KIND_EVENT, event_name(e), event_reference_text(e)))
    for k, (piece_kind, name, text) in _pieces().items():
        out.append((k, piece_kind, name, text))
    return out


PIECES: list[str] = list(_pieces())
"""The ids of the rules, the board's parts and the other pieces (neither cards nor events)."""


def reference(lang: str = "en") -> list[dict]:
    """``Game.reference``: the entries rendered in ``lang``."""
    return render_entries(entries(), lang)


__all__ = ["reference", "entries", "PIECES", "card_reference_text", "technique_reference_text",
           "event_reference_text"]
