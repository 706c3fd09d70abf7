"""The reference of the "How to play" screen (``Game.reference``): every component of
Citadels with its kind, name and what it does, in English or Italian.

Built from the component data (``components``) and the tooltip texts of ``texts`` (the same
``Text`` builders the table shows), so a card's text is written once. Order: the 8 characters
by rank, the 27 district types in data order (by colour, then cost), then the other pieces on
the table (crown, bank, deck). Ids are the components' internal keys (``"king"``,
``"haunted_city"``...); the page makes them anchors ``ref-<id>`` (``_`` becomes ``-``).
"""

from __future__ import annotations

from engines.core.i18n import Text, render_entries

from .components import CHARACTERS, DISTRICTS
from .texts import T, card_text, cards, char, character_text, district

KIND_CHARACTER = T("Character")
KIND_DISTRICT = T("District")
KIND_PIECE = T("Game piece")

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
    return out


def reference(lang: str = "en") -> list[dict]:
    """``Game.reference``: the entries rendered in ``lang``."""
    return render_entries(entries(), lang)


__all__ = ["reference", "entries", "district_text", "PIECES"]
