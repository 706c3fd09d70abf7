"""The plain table the page falls back to when a game's own renderer fails: playable (one
box per legal action) and in the page's language."""

import pytest

from engines import get_game, list_games
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import generic


@pytest.mark.parametrize("name", list_games())
@pytest.mark.parametrize("lang, words", [("en", ("Your choices", "Seen by Player 1", "summary")),
                                         ("it", ("Le tue scelte", "Visto da Giocatore 1", "riepilogo"))])
def test_plain_table_lists_every_action_in_the_page_language(name, lang, words):
    game = get_game(name)
    state = game.new_game(game.min_players, 5)
    acts = [{"index": i, "action": game.dump_action(a), "label": game.action_label(state, a, lang)}
            for i, a in enumerate(game.legal_actions(state))]
    me = game.to_move(state)
    cv = Canvas(900, 600, lang=lang)
    generic.render(cv, game.view(state, me), acts, me)
    drawn = " | ".join(cv.texts())
    assert [h.actions for h in cv.hits] == [[a["index"]] for a in acts]
    for w in words:
        assert w in drawn.replace(f"Player {me + 1}", "Player 1").replace(f"Giocatore {me + 1}", "Giocatore 1")
