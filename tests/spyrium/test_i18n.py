"""Spyrium speaks English and Italian: every text a person reads goes through the catalogue.

The translation walk (``engines.core.i18n_check.walk``) plays seeded games at every player
count to the end and checks, in both languages, every log line, automatic-event line,
button label, picker step, refusal reason and every text and tip the renderer draws; the
refusals reached must each name their rule (none is a generic fallback); the automatic
events of the rules (income, the first player card passing, the 20 VP bonus, round end and
final scoring...) have their log lines.
"""

from __future__ import annotations

from engines.core import i18n
from engines.core.errors import IllegalAction
from engines.core.i18n_check import problems_in, walk
from engines.spyrium import GAME as G
from engines.spyrium.actions import ChooseBonus, Hire, Pass, PlaceWorker
from engines.spyrium.components import CARD_TYPES, EVENT_IDS, SLOT_IDS, TECHNIQUES
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import spyrium as R

from .helpers import clear_market, fresh, phase2, place, put

IDENTIFIERS = [*SLOT_IDS, *CARD_TYPES, *TECHNIQUES, *EVENT_IDS, "choose_bonus", "taylorism",
               "players_minus_one", "token_on_reveal"]
"""Internal names no text may show: slot ids, card and event ids, action types and data keys
that are not also English words."""

GENERIC = {"That is not a legal move now.", "Questa mossa non è consentita ora.",
           "You cannot use that option of the turn event now.", "You cannot pay for that option now."}


_SEEN = {"state": None, "count": 0}


def renderer_texts(state, lang: str, every: int = 4):
    """Every text the renderer draws and every tip, for the player to move, at a laptop and
    a phone width, at one position in ``every`` (the walk asks for each language in turn
    with the same state, so both languages get the same positions)."""
    if _SEEN["state"] is not state:
        _SEEN["state"], _SEEN["count"] = state, _SEEN["count"] + 1
    if _SEEN["count"] % every:
        return
    yield from _drawn(state, lang, 1100 if _SEEN["count"] % (2 * every) else 390)


def _drawn(state, lang: str, width: float):
    me = G.to_move(state)
    me = 0 if me is None else me
    actions = [{"index": i, "action": G.dump_action(a), "label": G.action_label(state, a, lang)}
               for i, a in enumerate(G.legal_actions(state))]
    cv = Canvas(width, 700, lang=lang)
    R.render(cv, G.view(state, me), actions, me)
    for op in cv.ops:
        if op[0] == "text":
            yield op[3]
    for h in cv.hits:
        if h.tip:
            yield h.tip


def _bot(game, state, rng):
    return G.bots()["heuristic"](game, state, rng)


def test_translation_walk_every_player_count_to_the_end():
    problems = walk(G, [(2, 1), (3, 2), (4, 3), (5, 4)], identifiers=IDENTIFIERS, bot=_bot,
                    extra=renderer_texts)
    problems += walk(G, [(3, 7), (5, 8)], identifiers=IDENTIFIERS, max_steps=80)
    assert problems == [], "\n".join(problems[:30])


def test_end_of_game_board_in_both_languages():
    """The final position (the walk stops before it): the board, without a score table of
    its own (the page's end panel has it)."""
    from engines.core.rng import Rng
    state = G.new_game(4, 3)
    rng = Rng.from_seed(3)
    while not G.is_over(state):
        G.apply(state, _bot(G, state, rng))
    drawn = {lang: list(_drawn(state, lang, width)) for lang in i18n.LANGS for width in (1100,)}
    problems = [p for lang in drawn for t in drawn[lang] for p in problems_in(t, IDENTIFIERS)]
    assert problems == []
    assert "Final scores by category" not in drawn["en"] and "Punteggio finale per categoria" not in drawn["it"]
    assert any(t.endswith("· partita finita") for t in drawn["it"]) and "Evento Attivo" in drawn["it"]


def test_refusals_reached_are_specific():
    """Refusals of actions from other positions and of legal actions with a field changed
    (as in the walk): every reason names its rule, none is a generic fallback."""
    from engines.core.rng import Rng
    seen: dict[str, int] = {}
    for players, seed in [(2, 11), (4, 12)]:
        state = G.new_game(players, seed)
        rng = Rng.from_seed(seed)
        previous: list = []
        while not G.is_over(state):
            legal = G.legal_actions(state)
            dumped = [G.dump_action(a) for a in legal]
            candidates = [G.dump_action(a) for a in previous]
            for d in dumped[:6]:
                for key, value in d.items():
                    if isinstance(value, int) and not isinstance(value, bool):
                        candidates.append({**d, key: value + 1})
                    elif isinstance(value, bool):
                        candidates.append({**d, key: not value})
                    elif value is None and key in ("token", "commerce"):
                        candidates.append({**d, key: 2})
                    elif value is None and key == "residence":
                        candidates.append({**d, key: "vp"})
            for data in candidates:
                if data in dumped:
                    continue
                try:
                    G.apply(state.clone(), data)
                except IllegalAction as exc:
                    for lang in i18n.LANGS:
                        seen[exc.message(lang)] = seen.get(exc.message(lang), 0) + 1
                else:
                    raise AssertionError(f"{data} applied although not legal")
            previous = legal[:5]
            G.apply(state, _bot(G, state, rng) if rng.below(2) else rng.choice(legal))
    assert len(seen) >= 20, sorted(seen)
    assert not (set(seen) & GENERIC), sorted(set(seen) & GENERIC)


def test_refusal_reasons_name_their_rule():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "A-architect", tokens=(2,))
    place(s, 0, "V00")
    place(s, 1, "H00", 2)
    phase2(s, 0)
    s.players_[0].money = 1
    try:
        G.apply(s, Hire(slot="V00", pos=0, token=2, residence="vp"))
    except IllegalAction as exc:
        assert exc.message() == ("You cannot afford it: it costs £5 (£1 for the card, £2 for the 2 "
                                 "other workers next to it, £2 for the token) and you have £1.")
        assert exc.message("it").startswith("Non puoi permettertelo: costa £5")
    else:
        raise AssertionError("refused")
    s.players_[0].money = 10
    for action, reason in [
        (Hire(slot="V00", pos=0, token=2), "Choose the Residence action"),
        (Hire(slot="V00", pos=0, token=3, residence="vp"), "There is no token 3 on that card."),
        (Hire(slot="V00", pos=0, token=2, residence="vp", lobbying=True), "You have not patented Lobbying."),
        (PlaceWorker(slot="H01"), "You are in Phase II: you cannot place workers"),
        (Pass(), "You cannot pass while you have workers in the market"),
        (ChooseBonus(bonus="money"), "You have no bonus to choose now"),
    ]:
        try:
            G.apply(s, action)
        except IllegalAction as exc:
            assert exc.message().startswith(reason), exc.message()
            assert exc.message("it") != exc.message()
        else:
            raise AssertionError(action)


def _play_until(state, pred, bot=True):
    from engines.core.rng import Rng
    rng = Rng.from_seed(5)
    while not G.is_over(state):
        a = _bot(G, state, rng)
        before = state.clone()
        G.apply(state, a)
        lines = [str(t) for t in G.event_texts(before, a, state)]
        if pred(before, a, state):
            return lines
    raise AssertionError("never happened")


def test_events_round_end_income_first_player_and_final_scoring():
    s = G.new_game(3, 21)
    first = s.first_player
    lines = _play_until(s, lambda b, a, af: af.round != b.round)
    assert "Everyone has passed: round 1 ends" in lines
    assert f"The first player card passes to Player {(first + 1) % 3 + 1}" in lines
    assert "Round 2 of 6 begins (period A)" in lines
    assert any(ln.startswith("Income from the Residence track: Player 1 £") for ln in lines)
    assert any(ln.endswith("becomes the turn event") or "becomes the turn event, with token" in ln
               for ln in lines)
    assert any("are dealt to the market" in ln for ln in lines)
    lines = _play_until(s, lambda b, a, af: af.over)
    assert "The game is over after round 6: final scoring" in lines
    assert any(" wins with " in ln or "share the victory" in ln for ln in lines)
    assert sum(ln.startswith("Player ") and "VP on the score track" in ln for ln in lines) == 3


def test_events_bonus_and_gains_reveal_nothing_hidden():
    s = fresh(2)
    clear_market(s)
    put(s, 0, "A-apprentice")
    place(s, 0, "V00")
    phase2(s, 0)
    p = s.players_[0]
    p.vp, p.vp_log = 19, {"characters": 19}
    p.bonuses_left = ["money"]
    before = s.clone()
    a = Hire(slot="V00", pos=0)
    G.apply(s, a)
    lines = [str(t) for t in G.event_texts(before, a, s)]
    assert lines[0] == "Player 1 gains 3 VP"
    assert "Player 1 reaches 20 VP and receives the remaining bonus: +£5" in lines
    it = [t.render("it") for t in G.event_texts(before, a, s)]
    assert it[0] == "Giocatore 1 ottiene 3 PV"


def test_score_categories_and_option_label_in_both_languages():
    en, it = G.score_categories("en"), G.score_categories("it")
    state = G.new_game(2, 1)
    assert set(G.score_breakdown(state)[0]) <= set(en)
    assert all(en[k] != it[k] for k in en)
    assert en["residence"] == "Residence track" and it["residence"] == "Tracciato Dimora"
