"""Every text of Citadels a person reads, as ``Text`` of the "citadels" catalogue.

English is written here once (``T("...")``); the Italian is ``i18n/it.json``. Component
names come in two forms: bare ("King", for a card face or a list) and with the article ("the
King" / "il Re", for sentences: Italian articles differ by name). The Italian names are those
of the Italian rulebook (La Tana dei Goblin, 2001) for the characters and the purple
districts, and the data's ``name_it`` for the other districts (the rulebook names only the
purple cards).
"""

from __future__ import annotations

from engines.core.i18n import Text, texts

from .components import CHARACTERS, DISTRICTS, C, effect

T = texts("citadels")

#: bare names of the characters by rank (index 0 unused)
_CHAR = [None, T("Assassin"), T("Thief"), T("Magician"), T("King"), T("Bishop"), T("Merchant"),
         T("Architect"), T("Warlord")]
_THE_CHAR = [None, T("the Assassin"), T("the Thief"), T("the Magician"), T("the King"), T("the Bishop"),
             T("the Merchant"), T("the Architect"), T("the Warlord")]

_DISTRICT = {
    "tavern": (T("Tavern"), T("the Tavern")),
    "trading_post": (T("Trading Post"), T("the Trading Post")),
    "market": (T("Market"), T("the Market")),
    "docks": (T("Docks"), T("the Docks")),
    "harbor": (T("Harbor"), T("the Harbor")),
    "town_hall": (T("Town Hall"), T("the Town Hall")),
    "manor": (T("Manor"), T("the Manor")),
    "castle": (T("Castle"), T("the Castle")),
    "palace": (T("Palace"), T("the Palace")),
    "temple": (T("Temple"), T("the Temple")),
    "church": (T("Church"), T("the Church")),
    "monastery": (T("Monastery"), T("the Monastery")),
    "cathedral": (T("Cathedral"), T("the Cathedral")),
    "watchtower": (T("Watchtower"), T("the Watchtower")),
    "prison": (T("Prison"), T("the Prison")),
    "battlefield": (T("Battlefield"), T("the Battlefield")),
    "fortress": (T("Fortress"), T("the Fortress")),
    "haunted_city": (T("Haunted City"), T("the Haunted City")),
    "keep": (T("Keep"), T("the Keep")),
    "laboratory": (T("Laboratory"), T("the Laboratory")),
    "smithy": (T("Smithy"), T("the Smithy")),
    "graveyard": (T("Graveyard"), T("the Graveyard")),
    "observatory": (T("Observatory"), T("the Observatory")),
    "school_of_magic": (T("School of Magic"), T("the School of Magic")),
    "library": (T("Library"), T("the Library")),
    "university": (T("University"), T("the University")),
    "dragon_gate": (T("Dragon Gate"), T("the Dragon Gate")),
}
assert set(_DISTRICT) == set(DISTRICTS), "a district without its name in texts.py"
assert all(str(_CHAR[r]) == CHARACTERS[r].name_en for r in range(1, 9))  # type: ignore[union-attr]
assert all(str(n) == DISTRICTS[k].name_en for k, (n, _) in _DISTRICT.items())

COLOUR = {"yellow": T("yellow"), "blue": T("blue"), "green": T("green"), "red": T("red"),
          "purple": T("purple")}
#: a colour with what it stands for (the rulebook's "Giallo (nobiltà)")
COLOUR_MEANING = {"yellow": T("yellow (noble)"), "blue": T("blue (religious)"),
                  "green": T("green (trade)"), "red": T("red (military)"),
                  "purple": T("purple (special)")}
#: "your yellow (noble) districts", for district income
YOUR_COLOUR_DISTRICTS = {"yellow": T("your yellow (noble) districts"),
                         "blue": T("your blue (religious) districts"),
                         "green": T("your green (trade) districts"),
                         "red": T("your red (military) districts")}


def char(rank: int) -> Text:
    """The bare name of a character ("King" / "Re")."""
    return _CHAR[rank]  # type: ignore[return-value]


def the_char(rank: int) -> Text:
    """A character with its article ("the King" / "il Re")."""
    return _THE_CHAR[rank]  # type: ignore[return-value]


def district(kind_id: str) -> Text:
    """The bare name of a district ("Palace" / "Palazzo")."""
    return _DISTRICT[kind_id][0]


def the_district(kind_id: str) -> Text:
    """A district with its article ("the Palace" / "il Palazzo")."""
    return _DISTRICT[kind_id][1]


def gold(n: int) -> Text:
    """"1 gold", "3 gold" / "1 moneta d’oro", "3 monete d’oro"."""
    return T("1 gold") if n == 1 else T("{n} gold", n=n)


def cards(n: int) -> Text:
    return T("1 card") if n == 1 else T("{n} cards", n=n)


def districts(n: int) -> Text:
    return T("1 district") if n == 1 else T("{n} districts", n=n)


def points(n: int) -> Text:
    return T("1 point") if n == 1 else T("{n} points", n=n)


def who(seat: int, rank: int = 0) -> Text:
    """A player, with the character he is playing when there is one: "Player 2 (the King)"."""
    from engines.core.i18n import player
    if not rank:
        return player(seat)
    return T("{player} ({character})", player=player(seat), character=the_char(rank))


# ---- what the cards say (tooltips) -----------------------------------------------------------
CHARACTER_ABILITY = [
    None,
    T("Once in his turn he names a character (not a player) to kill. The killed character stays "
      "silent when called and loses the whole turn."),
    T("Once in his turn he names a character to rob: not the Assassin, not himself, not the killed "
      "character. When the robbed character is revealed, its player hands all his gold to the Thief."),
    T("Once in his turn he either exchanges his whole hand with another player’s hand (even an "
      "empty one), or puts any number of cards from his hand at the bottom of the deck and draws "
      "as many."),
    T("He takes the crown as soon as he is revealed and chooses first next round. Income: "
      "1 gold for each yellow (noble) district of his city."),
    T("The Warlord cannot destroy the districts of his city this round (unless he was killed). "
      "Income: 1 gold for each blue (religious) district of his city."),
    T("He receives 1 extra gold at the start of his turn. Income: 1 gold for each green (trade) "
      "district of his city."),
    T("He draws 2 extra cards and keeps both, and may build up to 3 districts this turn."),
    T("Income: 1 gold for each red (military) district of his city. At the end of his turn he may "
      "destroy a district of any city that is not complete, paying its cost minus 1 gold."),
]

DISTRICT_ABILITY = {
    "haunted_city": T("At the end of the game it counts as a colour of your choice for the "
                      "five-colour bonus, unless it was built in the final round."),
    "keep": T("The Warlord cannot destroy it."),
    "laboratory": T("Once in your turn you may discard a card from your hand (to the bottom of "
                    "the deck) and take {gold}.", gold=gold(effect("laboratory", "gain_gold"))),
    "smithy": T("Once in your turn you may pay {gold} to draw {cards}.",
                gold=gold(effect("smithy", "pay_gold")), cards=cards(effect("smithy", "draw"))),
    "graveyard": T("When the Warlord destroys a district, you may pay {gold} to take it into your "
                   "hand, unless you are the Warlord.", gold=gold(effect("graveyard", "pay_gold"))),
    "observatory": T("When you draw cards for your income you may draw 3 instead of 2; you still "
                     "keep one and put the others at the bottom of the deck."),
    "school_of_magic": T("For district income it counts as a district of the colour of your "
                         "character (King, Bishop, Merchant or Warlord)."),
    "library": T("When you draw cards for your income you keep both (with the Observatory, two "
                 "of the three)."),
    "university": T("It costs 6 gold but is worth 8 points at the end of the game."),
    "dragon_gate": T("It costs 6 gold but is worth 8 points at the end of the game."),
}

#: names of the score categories of ``scoring.breakdown`` (the end-of-game table)
SCORE_CATEGORY = {
    "districts": T("Districts"),
    "five_colours": T("All five colours (+{n})", n=C.bonus_all_five_colors),
    "first_complete": T("First complete city (+{n})", n=C.bonus_first_complete),
    "complete_city": T("Complete city (+{n})", n=C.bonus_other_complete),
}

#: the options of the New game form (``CitadelsOptions``)
OPTION = {
    "short_game": T("Short game: the game ends when a city has {n} districts instead of {m}",
                    n=C.completion_threshold_short_variant, m=C.completion_threshold),
    "killed_king_heir": T("A killed King’s player takes the crown at the end of the round"),
    "forbid_duplicate_districts": T("No two districts of the same name in one city"),
    "first_crown": T("Seat holding the crown at the start"),
}


def card_text(kind_id: str) -> Text:
    """A district card's text (tooltips): its name and the German card's, colour, cost, points
    and power."""
    d = DISTRICTS[kind_id]
    if d.vp != d.cost:
        text = T("{district} (German card: {german}): {colour}, costs {cost}, worth {points}.",
                 district=district(kind_id), german=d.name_de, colour=COLOUR_MEANING[d.color],
                 cost=gold(d.cost), points=points(d.vp))
    else:
        text = T("{district} (German card: {german}): {colour}, costs {cost} and is worth as many points.",
                 district=district(kind_id), german=d.name_de, colour=COLOUR_MEANING[d.color], cost=gold(d.cost))
    ability = DISTRICT_ABILITY.get(kind_id)
    return T("{card} {ability}", card=text, ability=ability) if ability else text


def character_text(rank: int) -> Text:
    """A character card's text (tooltips): rank, name and the German card's, power."""
    return T("{rank}. {character} (German card: {german}): {ability}", rank=rank, character=char(rank),
             german=CHARACTERS[rank].name_de, ability=CHARACTER_ABILITY[rank])  # type: ignore[union-attr]
