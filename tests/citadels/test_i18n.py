"""Citadels in Italian and English: the translation walk over whole games, the refusal
reasons (each names its own rule), the automatic-event log lines, and the renderer's texts."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from engines.citadels import Citadels
from engines.citadels import texts as tx
from engines.citadels.components import DISTRICTS
from engines.core.errors import IllegalAction
from engines.core.i18n import LANGS, Text, render
from engines.core.i18n_check import walk
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers.citadels import render as draw

from .helpers import GAME, at_turn, give, new, play

A, T, MAG, K, B, M, AR, W = range(1, 9)

#: internal names that must never reach a person: phase names and the ids of characters and
#: districts as the data spells them (lower case; snake_case ids are caught by the checker itself)
IDENTIFIERS = ["draft", "warlord", "graveyard", "assassin", "magician", "bishop", "laboratory", "observatory"]

#: refusals that name no rule (the fallbacks the engine must not need)
GENERIC = {"That is not a legal move now.", "An unknown move", "{player} makes an unknown move"}


class _Recording(Citadels):
    """Citadels that remembers every refusal reason it gives (for the specificity test)."""

    def __init__(self):
        self.reasons: list = []

    def apply(self, state, action):
        try:
            super().apply(state, action)
        except IllegalAction as exc:
            self.reasons.append(exc.reason)
            raise


def _renderer_texts(game):
    """``extra`` of the walk: every text drawn and every tip of the table, for the player to
    move and for a spectator, in ``lang``; tips first (their number does not depend on the
    language), then the drawn texts."""
    calls = [0]

    def extra(state, lang):
        calls[0] += 1
        if (calls[0] - 1) // len(LANGS) % 3:        # every third position (the same in each language)
            return []
        me = game.to_move(state)
        acts = [] if me is None else [
            {"index": i, "action": game.dump_action(a), "label": game.action_label(state, a, lang)}
            for i, a in enumerate(game.legal_actions(state))]
        out_tips, out_texts = [], []
        for seat, actions, width in ((me, acts, 1280), (None, [], 390)):
            cv = Canvas(width, 700, lang)
            draw(cv, game.view(state, seat), actions, seat)
            out_tips += [h.tip for h in cv.hits if h.tip]
            out_texts += [op[3] for op in cv.ops if op[0] == "text"]
        return out_tips + out_texts
    return extra


_BOT = GAME.bots()["heuristic"]


def _heuristic(game, state, rng):
    return _BOT(game, state, rng)


def test_translation_walk_over_whole_games_at_every_player_count():
    game = _Recording()
    problems = walk(game, [(p, 11 + p) for p in range(2, 8)], max_steps=1500, identifiers=IDENTIFIERS,
                    bot=_heuristic, extra=_renderer_texts(game), refusal_samples=3)
    problems += walk(game, [(3, 5), (5, 2)], max_steps=150, identifiers=IDENTIFIERS, refusal_samples=6)
    assert problems == [], "\n".join(problems[:30])
    # every refusal reached names its rule: a Text of the catalogue, never a generic fallback
    assert game.reasons, "the walk reached no refusal"
    assert all(isinstance(r, Text) for r in game.reasons), [r for r in game.reasons if not isinstance(r, Text)][:5]
    generic = [str(r) for r in game.reasons if r.template in GENERIC]
    assert generic == [], generic[:10]
    assert len({r.template for r in game.reasons}) >= 10     # many different rules were reached


def test_the_italian_table_has_the_same_fields_and_typographic_apostrophes():
    table = json.loads((Path(tx.__file__).parent / "i18n" / "it.json").read_text(encoding="utf-8"))
    fields = string.Formatter()
    for en, it in table.items():
        assert sorted(f for _, f, _, _ in fields.parse(en) if f) == sorted(f for _, f, _, _ in fields.parse(it) if f), en
        assert "'" not in en and "'" not in it, en


def test_component_names_are_those_of_the_italian_edition():
    names = {r: tx.char(r).render("it") for r in range(1, 9)}
    assert names == {1: "Assassino", 2: "Ladro", 3: "Mago", 4: "Re", 5: "Predicatore", 6: "Mercante",
                     7: "Costruttore", 8: "Mercenario"}
    for k, d in DISTRICTS.items():
        assert tx.district(k).render("it") == d.name_it
        assert tx.district(k).render("en") == d.name_en
    assert tx.the_char(A).render("it") == "l’Assassino" and tx.the_district("keep").render("it") == "la Torre di Guardia"


def test_labels_log_lines_and_options_in_both_languages():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=["palace-1"], city=["manor-1", "castle-1"], gold=5)
    play(s, type="take_gold")
    build = [a for a in GAME.legal_actions(s) if a.type == "build"][0]
    assert GAME.action_label(s, build, "it") == "Costruisci il Palazzo (5 monete d’oro)"
    assert GAME.describe(s, build, "it") == "Giocatore 1 (il Re) costruisce il Palazzo per 5 monete d’oro"
    assert GAME.action_steps(s, build, "it") == ["Costruisci il Palazzo (5 monete d’oro)"]
    assert GAME.score_categories("it")["five_colours"] == "Tutti e cinque i colori (+3)"
    assert set(GAME.score_categories("en")) == set(GAME.score_breakdown(s)[0])
    for name in GAME.options_model.model_fields:
        assert GAME.option_label(name, "en") != GAME.option_label(name, "it")
        assert GAME.option_label(name, "en") == GAME.options_model.model_fields[name].description
    assert "7" in GAME.option_label("short_game", "it")


# ---- refusals: one rule each -------------------------------------------------------------------------
def _reason(state, action: dict) -> IllegalAction:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert state.model_dump_json() == before
    return info.value


def test_refusals_name_the_rule_that_forbids_the_move():
    s = at_turn(new(4), W, {W: 0, B: 1}, revealed=[B])
    give(s, 1, city=["temple-1"])
    give(s, 2, city=["tavern-1", "tavern-2", "temple-2", "church-1", "manor-1", "castle-1", "palace-1", "market-1"])
    give(s, 3, city=["cathedral-1", "watchtower-1"])
    give(s, 0, gold=1)
    play(s, type="take_gold")
    assert "end of his turn" in str(_reason(s, {"type": "destroy", "target": 1, "district": "temple"}))
    play(s, type="end_turn")
    assert str(_reason(s, {"type": "destroy", "target": 1, "district": "temple"})) == (
        "The Bishop protects the city of Player 2: you cannot destroy its districts this round.")
    assert _reason(s, {"type": "destroy", "target": 1, "district": "temple"}).message("it") == (
        "Il Predicatore protegge la città di Player 2: in questo turno di gioco non puoi distruggerne gli edifici."
        .replace("Player 2", "Giocatore 2"))
    assert "complete" in str(_reason(s, {"type": "destroy", "target": 2, "district": "tavern"}))
    assert str(_reason(s, {"type": "destroy", "target": 3, "district": "cathedral"})) == (
        "Destroying the Cathedral costs 4 gold: you have only 3 gold.")
    assert str(_reason(s, {"type": "destroy", "target": 9, "district": "temple"})).startswith("There is no such player")

    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, city=["laboratory-1"], hand=["tavern-1"], gold=2)
    assert str(_reason(s, {"type": "smithy"})) == "You have no Smithy in your city."
    assert str(_reason(s, {"type": "laboratory", "district": "palace"})) == "You have no Palace in your hand."
    play(s, type="laboratory", district="tavern")
    assert str(_reason(s, {"type": "laboratory", "district": "tavern"})) == "You have already used the Laboratory this turn."
    assert str(_reason(s, {"type": "magician_exchange", "target": 0})) == "You cannot exchange hands with yourself."
    assert str(_reason(s, {"type": "rob", "rank": M})) == "Only the Thief robs a character: you are the Magician."

    s = at_turn(new(4), MAG, {MAG: 0})
    give(s, 0, city=["smithy-1"], gold=2)
    assert str(_reason(s, {"type": "smithy"})) == "The Smithy costs 3 gold: you have only 2 gold."

    s = at_turn(new(4), T, {T: 0}, killed=K)
    assert str(_reason(s, {"type": "rob", "rank": K})) == "The Thief may not rob the killed character (the King)."
    assert str(_reason(s, {"type": "rob", "rank": A})) == "The Thief may not rob the Assassin."
    assert str(_reason(s, {"type": "collect_income"})) == "The Thief has no district income."
    assert _reason(s, {"type": "collect_income"}).message("it") == "Il personaggio Ladro non guadagna dagli edifici."


# ---- automatic events -----------------------------------------------------------------------------------
def _events(state, action: dict, lang: str = "en") -> list[str]:
    after = state.clone()
    GAME.apply(after, action)
    out = [render(e, lang) for e in GAME.event_texts(state, action, after)]
    state.__dict__.update(after.__dict__)
    return out


def test_events_of_reveals_crown_robbery_merchant_and_automatic_income():
    s = at_turn(new(4), T, {T: 0, K: 1, M: 2, W: 3})
    s.crown = 0
    give(s, 2, gold=4)
    give(s, 3, city=["prison-1", "fortress-1"])
    play(s, type="rob", rank=M)
    play(s, type="take_gold")
    ev = _events(s, {"type": "end_turn"})
    assert ev == ["Call of the Magician: nobody answers", "Player 2 reveals the King", "Player 2 takes the crown"]
    play(s, type="take_gold")
    ev = _events(s, {"type": "end_turn"})
    assert ev[:2] == ["Player 2 (the King) collects 0 gold of district income", "Call of the Bishop: nobody answers"]
    assert ev[2:] == ["Player 3 reveals the Merchant", "Player 1 (the Thief) takes 4 gold from Player 3",
                      "Player 3 (the Merchant) receives 1 gold extra"]
    play(s, type="take_gold")
    ev = _events(s, {"type": "end_turn"}, "it")
    assert "Giocatore 4 rivela il Mercenario" in ev
    play(s, type="take_gold")
    ev = _events(s, {"type": "end_turn"})
    assert ev[0] == "Player 4 (the Warlord) collects 2 gold of district income"
    assert "Player 4 (the Warlord) may now destroy a district" in ev


def test_the_thief_takes_the_income_the_end_of_the_turn_collected_first():
    """The one figure of the events not on the table after the move: the robbed player ends
    his King's turn, his district income (D-11) is collected, then his robbed Merchant is
    revealed and the Thief takes everything, that income included."""
    s = at_turn(new(3), K, {T: 0, K: 1, M: 1}, robbed=M, thief_seat=0, revealed=[T])
    give(s, 1, city=["manor-1", "castle-1"], gold=3)
    give(s, 0, gold=1)
    play(s, type="take_gold")                          # 3 + 2 = 5 gold, 2 more at the end of the turn
    ev = _events(s, {"type": "end_turn"})
    assert ev == ["Player 2 (the King) collects 2 gold of district income", "Call of the Bishop: nobody answers",
                  "Player 2 reveals the Merchant", "Player 1 (the Thief) takes 7 gold from Player 2",
                  "Player 2 (the Merchant) receives 1 gold extra"]
    assert s.gold[:2] == [8, 1]


def test_events_of_the_end_of_a_round_and_of_the_game():
    s = at_turn(new(4), W, {W: 0, K: 1}, revealed=[K])
    play(s, type="take_gold")
    s.gold = [0] * 4                                   # nothing to destroy: the round ends
    ev = _events(s, {"type": "end_turn"})
    assert ev[:2] == ["Player 1 (the Warlord) collects 0 gold of district income",
                      "Round 2 begins: Player 1 holds the crown and chooses first"]
    assert len(ev) == 4 and all(e.startswith("Set aside face up for this round: ") for e in ev[2:])
    s = GAME.new_game(3, 4)
    bot = GAME.bots()["heuristic"]
    from engines.core.rng import Rng
    rng = Rng.from_seed(1)
    seen: list[str] = []
    while not GAME.is_over(s):
        seen += _events(s, GAME.dump_action(bot(GAME, s, rng)))
    assert any(e.startswith("This is the final round") for e in seen)
    assert any(" is the first to complete a city " in e for e in seen)
    assert any(e.endswith("the game is over") for e in seen)
    assert sum(" scores " in e for e in seen) == 3
    assert any(e.endswith("wins the game") or e.endswith("shares the victory") for e in seen)


def test_events_never_name_a_card_drawn_or_kept():
    s = at_turn(new(4), K, {K: 0})
    from .helpers import put_on_top
    put_on_top(s, ["palace-1", "tavern-1"])
    ev = _events(s, {"type": "draw_cards", "count": 2})
    ev += _events(s, {"type": "keep_card", "district": "palace"})
    assert ev == ["The last drawn card goes to the bottom of the deck"]
    for lang in LANGS:
        assert not any(tx.district(k).render(lang) in e for e in ev for k in ("palace", "tavern"))


def test_the_renderer_writes_in_the_language_of_the_canvas():
    state = GAME.new_game(4, 3)
    me = GAME.to_move(state)
    acts = [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(state, a, "it")}
            for i, a in enumerate(GAME.legal_actions(state))]
    cv = Canvas(1280, 700, "it")
    draw(cv, GAME.view(state, me), acts, me)
    texts = cv.texts()
    assert "La tua mano (4)" in texts and any(t.startswith("Turno di gioco 1") for t in texts)
    assert not any("Player" in t or "gold" in t for t in texts + [h.tip or "" for h in cv.hits])
