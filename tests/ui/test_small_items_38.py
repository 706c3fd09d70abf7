"""The smaller items of issue 38 ("Games at a distance as a person lives them", item 5) that can
be read in Python: Euphoria's "none" agreeing with what it counts in Italian, the trade
builder's summary of the offer so far, Myraclia's tiles named one way on the whole map, and
the New game form's kinds of seat. (The form at 390 px and the busy Start button are in
``tests/web/test_small_items_38_page.py``.)"""

from __future__ import annotations

from engines import get_game
from tavolo_ui.twin import euphoria as euphoria_twin
from tavolo_ui.twin import spyrium as spyrium_twin

from tests.euphoria.helpers import blank

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
