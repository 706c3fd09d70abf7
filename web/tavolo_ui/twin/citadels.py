"""Citadels in words (see ``tavolo_ui.twin``): your hand, gold and characters; the eight
characters' status and every city; each other player's gold, cards and characters.

Reads only the view (``engines.citadels.view.view``): the other players' hands are counts
there, the characters not yet revealed have no holder, ``private`` is the viewer's own.
"""

from __future__ import annotations

from engines.citadels import public as tx
from engines.citadels.public import DISTRICTS, T, kind
from engines.core.i18n import Text, player

Lines = list[Text]


def join(items: list[Text]) -> Text:
    """Texts joined by ", " ("nothing" for none)."""
    if not items:
        return T("nothing")
    out = items[0]
    for item in items[1:]:
        out = T("{a}, {b}", a=out, b=item)
    return out


def characters(ranks: list[int]) -> Text:
    """"Assassin, King" (bare names, in calling order)."""
    return join([tx.char(r) for r in sorted(ranks)])


def hand_card(district: str) -> Text:
    """A card of your hand: "Palace (yellow (noble), 5 gold, 5 points)"."""
    d = DISTRICTS[district]
    return T("{district} ({colour}, {cost}, {points})", district=tx.district(district),
             colour=tx.COLOUR_MEANING[d.color], cost=tx.gold(d.cost), points=tx.points(d.vp))


def city_district(district: str) -> Text:
    """A district of a city: "Palace (yellow, 5 points)"."""
    d = DISTRICTS[district]
    return T("{district} ({colour}, {points})", district=tx.district(district), colour=tx.COLOUR[d.color],
             points=tx.points(d.vp))


def you(view: dict, me: int) -> Lines:
    """The viewer's own things: gold, hand (each card), characters and draft secrets."""
    seat = view["seats"][me]
    private = view.get("private", {})
    hand = private.get("hand", [])
    lines: Lines = [T("You have {gold}", gold=tx.gold(seat["gold"])), T("Your hand ({n})", n=len(hand))]
    lines += [hand_card(kind(card)) for card in hand]
    if private.get("characters"):
        lines.append(T("Your characters: {characters}", characters=characters(private["characters"])))
    if private.get("face_down"):
        lines.append(T("You put face down: {characters}", characters=characters(private["face_down"])))
    if private.get("seen_face_down"):
        lines.append(T("You saw the character set aside face down: {character}",
                       character=tx.char(private["seen_face_down"])))
    if private.get("draft_cards"):
        lines.append(T("Characters offered to you: {characters}", characters=characters(private["draft_cards"])))
    if private.get("handed"):
        lines.append(T("Characters handed to you this round: {characters}", characters=characters(private["handed"])))
    if private.get("drawn"):
        lines.append(T("Drawn cards: {cards}", cards=join([tx.district(kind(c)) for c in private["drawn"]])))
    return lines


def _doing(view: dict) -> Text:
    """What is happening now, as the board's title says it."""
    phase = view["phase"]
    if phase == "draft":
        who = player(view["drafting"])
        return (T("{player} is putting a character face down", player=who) if view.get("draft_op") == "discard"
                else T("{player} is choosing a character", player=who))
    if phase == "over":
        return T("Game over")
    if phase == "graveyard":
        return T("{player} may buy the destroyed district (Graveyard)", player=player(view["to_move"]))
    turn = view["turn"]
    if phase == "warlord":
        return T("{player} plays the Warlord and may destroy one district", player=player(turn["seat"]))
    return T("{player} plays {character}", player=player(turn["seat"]), character=tx.the_char(turn["rank"]))


def character_line(c: dict) -> Text:
    """One character of the calling order: "4. King: played by Player 2, robbed"."""
    status = c["status"]
    tags: Lines = []
    if status == "removed":
        tags.append(T("set aside face up"))
    elif status == "revealed":
        tags.append(T("played by {player}", player=player(c["holder"])))
        if c["current"]:
            tags.append(T("playing now"))
    elif status == "killed":
        tags.append(T("killed"))
    elif status == "no_answer":
        tags.append(T("no answer"))
    else:
        tags.append(T("not called yet"))
        if c["killed"]:
            tags.append(T("to be killed"))
    if c["robbed"]:
        tags.append(T("robbed"))
    return T("{rank}. {character}: {status}", rank=c["rank"], character=tx.char(c["rank"]), status=join(tags))


def table(view: dict) -> Lines:
    """The public board: what is happening, the crown, the deck, the characters, the cities."""
    lines: Lines = [T("Round {n} · {doing}", n=view["round"], doing=_doing(view)),
                    T("{player} holds the crown", player=player(view["crown"])),
                    T("Deck: {cards}", cards=tx.cards(view["deck_size"])),
                    T("a city of {districts} ends the game", districts=tx.districts(view["threshold"]))]
    if view["final_round"]:
        lines.append(T("final round (the first complete city was built in round {n})", n=view["final_round"]))
    if view["face_down_count"]:
        lines.append(T("Characters face down: {n}", n=view["face_down_count"]))
    lines += [character_line(c) for c in view["characters"]]
    if view.get("destroyed"):
        lines.append(T("Destroyed by the Warlord: {district}", district=tx.district(view["destroyed"]["district"])))
    for seat in view["seats"]:
        city = [city_district(d["district"]) for d in seat["city"]]
        lines.append(T("City of {player} ({built}/{needed}): {districts}", player=player(seat["seat"]),
                       built=len(city), needed=view["threshold"],
                       districts=join(city) if city else T("no districts yet")))
    return lines


def other(view: dict, q: int) -> Lines:
    """Another player's public figures: gold, cards in hand, districts, characters shown."""
    seat = view["seats"][q]
    lines: Lines = [T("{gold} · {cards} in hand · {built}/{needed} districts", gold=tx.gold(seat["gold"]),
                      cards=tx.cards(seat["hand_size"]), built=len(seat["city"]), needed=view["threshold"])]
    if seat["characters"]:
        lines.append(T("Characters revealed: {characters}", characters=characters(seat["characters"])))
    if seat["protected"]:
        lines.append(T("protected by the Bishop"))
    if seat["complete"]:
        lines.append(T("Complete city"))
    return lines


def sections(view: dict, me: int | None) -> list[tuple[Text, Lines]]:
    """You (when ``me`` is a seat), the table, each other player."""
    out: list[tuple[Text, Lines]] = []
    if me is not None:
        out.append((T("{player} (you)", player=player(me)), you(view, me)))
    out.append((T("The table"), table(view)))
    out += [(player(q), other(view, q)) for q in range(view["players"]) if q != me]
    return out
