"""The smaller items of issue 38 ("Games at a distance as a person lives them", item 5) that can
be read in Python: Euphoria's "none" agreeing with what it counts in Italian, the trade
builder's summary of the offer so far, Myraclia's tiles named one way on the whole map, and
the New game form's kinds of seat. (The form at 390 px and the busy Start button are in
``tests/web/test_small_items_38_page.py``.)"""

from __future__ import annotations

import re

import pytest

from engines import get_game
from engines.core.bots import get_bot
from engines.core.rng import Rng
from engines.myraclia import texts as myraclia_texts
from tavolo_ui import new_game
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import euphoria as euphoria_renderer
from tavolo_ui.renderers import get_renderer
from tavolo_ui.twin import euphoria as euphoria_twin
from tavolo_ui.twin import spyrium as spyrium_twin

from tests.euphoria.helpers import blank, goods

EUPHORIA = get_game("euphoria")


# ---- Euphoria: "none" agrees with what it counts -------------------------------------------
def test_no_active_recruits_reads_nessuno_and_no_cards_nessuna():
    """"Specialisti" is masculine: "Specialisti attivi: nessuno" (it read "nessuna", the
    gender of the cards); "Carte artefatto: nessuna" stays."""
    s = blank(2)
    s.p[0].active = []
    lines = [line.render("it") for line in euphoria_twin.player_lines(EUPHORIA.view(s, 0), 0)]
    assert "Specialisti attivi: nessuno" in lines, lines
    assert "Carte artefatto: nessuna" in lines, lines
    english = [line.render("en") for line in euphoria_twin.player_lines(EUPHORIA.view(s, 0), 0)]
    assert "Active recruits: none" in english and "Artifact cards: none" in english, english


def test_spyrium_no_discarded_tokens_reads_none_not_empty():
    """The same mistake nearby: Spyrium's discarded tokens, none yet, read "gettoni scartati:
    vuoto" (a pile's word, in the singular, for a list of tokens): now "nessuno"."""
    game = get_game("spyrium")
    s = game.new_game(3, 1)
    view = game.view(s, 0)
    assert not view["token_discard"]
    said = " ".join(line.render("it") for line in spyrium_twin.table(view))
    assert "gettoni scartati: nessuno ·" in said, said
    assert "discarded tokens: none ·" in " ".join(line.render("en") for line in spyrium_twin.table(view))


# ---- Euphoria: the trade builder shows the offer so far --------------------------------------
def _board_texts(state, me: int, lang: str) -> list[str]:
    """Every text drawn on Euphoria's board for seat ``me``, as the page draws it."""
    cv = Canvas(1280, 900, lang)
    actions = [{"index": i, "action": EUPHORIA.dump_action(a), "label": EUPHORIA.action_label(state, a, lang)}
               for i, a in enumerate(EUPHORIA.legal_actions(state))]
    euphoria_renderer.render(cv, EUPHORIA.view(state, me), actions, me)
    return [op[3] for op in cv.ops if op[0] == "text"]


def _choose(state, option: str) -> None:
    [action] = [a for a in EUPHORIA.legal_actions(state) if getattr(a, "option", None) == option]
    EUPHORIA.apply(state, action)


def test_the_trade_builder_shows_what_you_give_and_get_as_it_is_built():
    s = blank(2, trading=True)
    goods(s, 0, clay=2)
    goods(s, 1, food=1)
    [propose] = [a for a in EUPHORIA.legal_actions(s) if a.type == "trade"]
    EUPHORIA.apply(s, propose)
    assert "Your offer: you give nothing so far; you get nothing so far" in _board_texts(s, 0, "en")
    _choose(s, "give:clay")
    _choose(s, "give:clay")
    assert "Your offer: you give 2 clay; you get nothing so far" in _board_texts(s, 0, "en")
    _choose(s, "get:food")
    assert "Your offer: you give 2 clay; you get 1 food" in _board_texts(s, 0, "en")
    assert "La tua offerta: dai 2 argilla; ricevi 1 cibo" in _board_texts(s, 0, "it")
    # the screen reader's words of the board say it too, first in the builder's own section
    you = euphoria_twin.sections(EUPHORIA.view(s, 0), 0)[0][1]
    assert you[0].render("en") == "Your offer: you give 2 clay; you get 1 food"
    # only the builder's board says "Your offer" (the partner answers once it is proposed)
    assert not [t for t in _board_texts(s, 1, "en") if t.startswith("Your offer")]


# ---- Myraclia: the tiles of the map named one way ---------------------------------------------
def _myraclia_midgame():
    """A seeded Myraclia game of 3 after 60 moves of its heuristic bots: terraformed and
    reserved tiles, of one surface and of two, on the map."""
    game = get_game("myraclia")
    state = game.new_game(3, 5)
    choose, rng = get_bot(game, "heuristic"), Rng.from_seed(104)
    for _ in range(60):
        game.apply(state, choose(game, state, rng))
    return game, state


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("width", [380, 1100])
def test_myraclia_names_every_tile_of_the_map_the_same_way(lang, width):
    """The map named some tiles in words ("Foresta") and others by letters ("Z", "M") on the
    same phone screen: now every tile in words where they all fit, else every tile by its
    letters, Italian's water by "A" (Acqua), not the "Z" of "Zona"."""
    game, state = _myraclia_midgame()
    me = game.to_move(state)
    view = game.view(state, me)
    tiles = [t for t in view["surface"] if not t.get("darkness")]
    assert not any(t.get("tokens") for t in tiles)  # no Eternity token's letter to mistake for a tile's
    words = {"/".join(myraclia_texts.surface(s).render(lang) for s in t["surfaces"]) for t in tiles}
    letters = {"/".join(myraclia_texts.surface_letter(s).render(lang) for s in t["surfaces"]) for t in tiles}
    cv = Canvas(width, 900, lang)
    get_renderer("myraclia")(cv, view, [], me)
    drawn = cv.texts()
    in_words = [t for t in drawn if t in words]
    in_letters = [t for t in drawn if t in letters]
    assert len(in_words) + len(in_letters) == len(tiles), (in_words, in_letters)
    assert not (in_words and in_letters), f"words {in_words} and letters {in_letters} on one map"
    if width == 1100:
        assert in_words  # room for the names: the game's own words
    if in_letters:
        assert "Z" not in drawn
        legend = " · ".join(drawn)
        water = {"en": "W water", "it": "A Zona d’Acqua"}[lang]
        assert water in legend


# ---- the New game form: the kinds of seat in two groups -------------------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_seat_is_a_person_here_or_a_friend_at_a_distance_or_a_bot(lang):
    """"Friend at a distance" sat among the bot levels (after Hard, before the bots kept for
    tests): now the seat's list has the people first (here, at a distance), then the bots."""
    game = get_game("euphoria")
    html = new_game.seat_kind_options(new_game.offered_levels(game), "human", lang, game, far=True)
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', html, re.S)
    assert [label for label, _ in groups] == {"en": ["People", "Bots"], "it": ["Persone", "Bot"]}[lang]
    values = [re.findall(r'<option value="([^"]*)"', inner) for _, inner in groups]
    assert values[0] == ["human", new_game.FRIEND]
    assert values[1][:3] == ["bot:easy", "bot:normal", "bot:hard"] and all(v.startswith("bot:") for v in values[1])
    assert html.count("<option") == sum(len(v) for v in values)  # no option outside the two groups
