"""The reference of the "How to play" screen (``Game.reference``): every component of
Citadels with its kind, name and what it does, in English or Italian.

Built from the component data (``components``) and the tooltip texts of ``texts`` (the same
``Text`` builders the table shows), so a card's text is written once. Order: the 8 characters
by rank, the 27 district types in data order (by colour, then cost), then the other pieces on
the table (crown, bank, deck), then the rules the coach's refusals name (``RULES``). Ids are
the components' internal keys (``"king"``, ``"haunted_city"``...) and the rules' names
(``"choosing-characters"``); the page makes them anchors ``ref-<id>`` (``_`` becomes ``-``).
"""

from __future__ import annotations

from engines.core.i18n import Text, render_entries

from .components import CHARACTERS, DISTRICTS
from .texts import T, card_text, cards, char, character_text, district

KIND_CHARACTER = T("Character")
KIND_DISTRICT = T("District")
KIND_PIECE = T("Game piece")
KIND_RULE = T("Rule")

#: the rules the coach's refusals name that no card states: id -> (name, text)
RULES: dict[str, tuple[Text, Text]] = {
    "choosing-characters": (T("Choosing characters"), T(
        "At the start of each round the characters are shuffled and some are set aside: one face down that nobody "
        "sees, and with 4 or 5 players also face up ones that nobody can take. From the crown holder, each player "
        "keeps one character in secret and passes the others on; the last one puts one face down. Nobody may take "
        "a character set aside, nor one he put face down himself.")),
    "character-turn": (T("A character’s turn"), T(
        "When your character is called: first take your income, 2 gold or 2 cards drawn (keep one, the other goes "
        "to the bottom of the deck); only then build, one district from your hand (three with the Architect), "
        "paying its cost; never two districts of the same name in a city. Your character’s ability works once, at "
        "any moment of the turn. Then end your turn.")),
}

#: the pieces on the table that are neither characters nor districts: id -> (name, text)
PIECES: dict[str, tuple[Text, Text]] = {
    "crown": (T("Crown"), T("Its holder chooses a character first and calls the characters in rank order. The King "
                            "takes it as soon as he is revealed; if the King is not revealed alive, it stays where it is.")),
    "bank": (T("Bank"), T("The bank (unlimited gold): take 2 gold or collect district income here.")),
    "deck": (T("Deck"), T("The face-down district deck: income and card effects draw from the top, and every card "
                          "that leaves a hand or a city goes back under it. There is no discard pile.")),
}


def district_text(kind_id: str) -> Text:
    """A district's reference text: its card text and how many copies the deck holds."""
    return T("{card} {copies} in the deck.", card=card_text(kind_id), copies=cards(DISTRICTS[kind_id].copies))


def entries() -> list[tuple[str, Text, Text, Text]]:
    """(id, kind, name, text) of every component, as ``Text``."""
    out: list[tuple[str, Text, Text, Text]] = []
    for c in CHARACTERS[1:]:
        out.append((c.id, KIND_CHARACTER, char(c.rank), character_text(c.rank)))  # type: ignore[union-attr]
    for k in DISTRICTS:
        out.append((k, KIND_DISTRICT, district(k), district_text(k)))
    for k, (name, text) in PIECES.items():
        out.append((k, KIND_PIECE, name, text))
    for k, (name, text) in RULES.items():
        out.append((k, KIND_RULE, name, text))
    return out


def reference(lang: str = "en") -> list[dict]:
    """``Game.reference``: the entries rendered in ``lang``."""
    return render_entries(entries(), lang)


__all__ = ["reference", "entries", "district_text", "PIECES", "RULES"]
