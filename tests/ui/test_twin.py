"""The text twin of the board (issue 15, "Screen reader"): ``tavolo_ui.twin``.

Each game is played by its heuristic bots from a seed and cut at several positions (the
start, points spread over the game, the end). At each position the twin must:

- render in every language, every text translated (nothing of the game's catalogue in
  ``i18n.MISSING``), with no raw data, internal identifier or ASCII quote in it;
- have the "you" section exactly when the viewer is a seat, and one section per other player;
- say nothing that the view does not: the twin of seat p's view of the real state equals the
  twin of p's view of a determinized state (the other players' hidden cards redrawn), so it
  cannot read anything but the view;
- name the viewer's own hidden things (Citadels' hand, Euphoria's artifact cards and hidden
  recruits, Myraclia's reserved tile) in the "you" section.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

import engines
from engines.core import i18n
from engines.core.bots import get_bot
from engines.core.i18n import LANGS, player
from engines.core.i18n_check import problems_in
from engines.core.rng import Rng
from tavolo_ui.twin import describe, twin_html

GAMES = [("citadels", 4), ("citadels", 7), ("spyrium", 3), ("euphoria", 3), ("euphoria", 6),
         ("myraclia", 2), ("myraclia", 5)]
CUTS = 6
"""Positions per game besides the start and the end."""


@lru_cache(maxsize=None)
def positions(name: str, players: int, seed: int = 3) -> tuple:
    """(state, seat to move) at the start, at ``CUTS`` points of a bot game, and at its end."""
    game = engines.get_game(name)
    state = game.new_game(players, seed)
    bot = get_bot(game, "heuristic")
    states = [state.clone()]
    moves = 0
    while not game.is_over(state) and moves < 4000:
        game.apply(state, bot(game, state.clone(), Rng.from_seed(seed * 7919 + moves)))
        states.append(state.clone())
        moves += 1
    picked = [states[0]] + [states[len(states) * k // (CUTS + 1)] for k in range(1, CUTS + 1)] + [states[-1]]
    return tuple(picked)


def _you(lang: str, seat: int) -> str:
    return f"{player(seat).render(lang)} ("


@pytest.mark.parametrize("name,players", GAMES)
def test_the_twin_renders_everywhere_in_every_language(name, players):
    game = engines.get_game(name)
    i18n.MISSING.clear()
    for state in positions(name, players):
        for me in (None, 0, players - 1):
            view = game.view(state, me)
            for lang in LANGS:
                sections = describe(name, view, me, lang)
                heads = [head for head, _ in sections]
                assert heads, f"{name}: an empty twin"
                assert all(lines for _, lines in sections)
                others = [q for q in range(players) if q != me]
                if me is None:
                    assert len(heads) == 1 + players and heads[1:] == [player(q).render(lang) for q in others]
                else:
                    assert heads[0].startswith(_you(lang, me)) and heads[0] != player(me).render(lang)
                    assert len(heads) == 1 + 1 + len(others)
                    assert heads[2:] == [player(q).render(lang) for q in others]
                for head, lines in sections:
                    for text in [head, *lines]:
                        assert problems_in(text) == [], (name, lang, text)
                assert sum(len(lines) for _, lines in sections) < 120, f"{name}: the twin is too long"
            # the same sections in both languages, and their words differ
            en, it = describe(name, view, me, "en"), describe(name, view, me, "it")
            assert [len(lines) for _, lines in en] == [len(lines) for _, lines in it]
            assert en[-1] != it[-1] or en[0] != it[0]
    missing = sorted(t for d, lang, t in i18n.MISSING if d in (name, "core"))
    assert missing == [], missing


@pytest.mark.parametrize("name,players", GAMES)
def test_the_twin_reads_only_the_view(name, players):
    """A determinized state (the hidden cards of the others redrawn, for seat p) gives p the
    same view, hence the same twin; and the determinization did change something hidden."""
    game = engines.get_game(name)
    changed = 0
    for k, state in enumerate(positions(name, players)):
        for p in range(players):
            try:
                det = game.determinize(state, p, Rng.from_seed(100 * k + p))
            except NotImplementedError:
                pytest.skip(f"{name} has no determinize")
            changed += det.model_dump() != state.model_dump()
            for lang in LANGS:
                assert describe(name, game.view(det, p), p, lang) == describe(name, game.view(state, p), p, lang)
    if name in ("citadels", "euphoria"):  # games with hidden hands: the test must not be vacuous
        assert changed, f"{name}: no determinization changed the hidden state"


def _you_text(name: str, view: dict, me: int, lang: str) -> str:
    head, lines = describe(name, view, me, lang)[0]
    assert head.startswith(_you(lang, me))
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_citadels_you_name_every_card_of_your_hand_and_nobody_else_s(lang):
    from engines.citadels import texts as tx
    from engines.citadels.components import kind
    game = engines.get_game("citadels")
    seen = 0
    for state in positions("citadels", 4):
        for p in range(4):
            view = game.view(state, p)
            mine = _you_text("citadels", view, p, lang)
            for card in view["private"]["hand"]:
                assert tx.district(kind(card)).render(lang) in mine
                seen += 1
            # another seat's twin never shows p's hand: it is not in its view at all
            for q in range(4):
                if q != p:
                    assert "hand" not in game.view(state, q)["seats"][p]
    assert seen


@pytest.mark.parametrize("lang", LANGS)
def test_euphoria_you_name_your_artifact_cards_and_hidden_recruits(lang):
    from engines.euphoria import texts
    game = engines.get_game("euphoria")
    seen = 0
    for state in positions("euphoria", 3):
        for p in range(3):
            view = game.view(state, p)
            mine = _you_text("euphoria", view, p, lang)
            own = view["players"][p]
            for a in own["hand"]:
                assert texts.artifact(a).render(lang) in mine
                seen += 1
            for r in own["hidden"]:
                assert texts.recruit(r).render(lang) in mine
                seen += 1
            # the others' hidden recruits are counts in p's view: their names are nowhere
            text = "\n".join(line for _, lines in describe("euphoria", view, p, lang) for line in lines)
            for q in range(3):
                hidden_elsewhere = [texts.recruit(r).render(lang) for r in state.p[q].hidden
                                    if q != p and r not in own["hidden"] and r not in own["active"]
                                    and not any(r in (o["active"] if isinstance(o["active"], list) else [])
                                                for o in view["players"])]
                assert not [n for n in hidden_elsewhere if n in text], (p, q)
    assert seen


def test_myraclia_and_spyrium_you_name_your_tiles_and_buildings():
    from engines.myraclia.texts import tile_name
    from engines.spyrium.texts import card_name
    game = engines.get_game("myraclia")
    for state in positions("myraclia", 2)[2:]:
        view = game.view(state, 0)
        mine = _you_text("myraclia", view, 0, "en")
        for t in view["seats"][0]["tiles"]:
            assert tile_name(t).render("en") in mine
        if view["seats"][0]["reserved"]:
            assert tile_name(view["seats"][0]["reserved"]).render("en") in mine
    game = engines.get_game("spyrium")
    state = positions("spyrium", 3)[-2]
    view = game.view(state, 1)
    mine = _you_text("spyrium", view, 1, "it")
    for b in view["players"][1]["buildings"]:
        assert card_name(b["card"]).render("it") in mine


def test_the_html_escapes_every_text():
    html = twin_html([("Player 1 (you) <b>", ["a & b", "<script>x</script>"]), ("Table", ["\"q\""])])
    assert html == ("<h3>Player 1 (you) &lt;b&gt;</h3><ul><li>a &amp; b</li><li>&lt;script&gt;x&lt;/script&gt;</li></ul>"
                    "<h3>Table</h3><ul><li>&quot;q&quot;</li></ul>")
    assert twin_html([]) == ""


def test_a_game_without_a_twin_describes_nothing():
    assert describe("toy", {"anything": 1}, 0, "en") == []
