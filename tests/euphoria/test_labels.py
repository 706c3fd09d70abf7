"""The public log line (``describe``), the private button text (``action_label``),
``reveals_information`` and trading (§23.5, D-46)."""

from __future__ import annotations

import json

import pytest

from engines.core.errors import IllegalAction
from engines.core.rng import Rng
from engines.euphoria.actions import EndTurn, Trade
from engines.euphoria import GAME
from engines.euphoria.bot import choose as heuristic
from engines.euphoria.components import MARKETS, RECRUITS

from .helpers import blank, choose, goods, options, place


def _secret_names(s) -> list[str]:
    """Names of everything hidden from some player: recruits not face up, unbuilt or unused tiles."""
    out = []
    for pl in s.p:
        out += [RECRUITS[r].name for r in pl.hidden + pl.dealt + pl.pack]
    out += [RECRUITS[r].name for r in s.recruit_deck + s.recruits_out]
    for t in s.tasks:
        out += [RECRUITS[r].name for r in t.get("drawn", [])]
    out += [MARKETS[x].name for site, x in s.site_tile.items() if not s.built[site]]
    out += [MARKETS[x].name for x in s.markets_out + s.market_pile]
    for pl in s.p:
        kept = [pl.kept_tile] if pl.kept_tile and pl.kept_tile not in s.site_tile.values() else []
        out += [MARKETS[x].name for x in pl.tiles_dealt + kept]
    # a face-up recruit may share no name with a hidden one; drop names shown face up
    shown = {RECRUITS[r].name for pl in s.p for r in pl.active} if s.phase != "setup" else set()
    return [n for n in out if n not in shown]


def _walk(players: int, seed: int, options: dict, steps: int):
    """Positions of a mixed heuristic/random game (every position yielded before its action)."""
    s = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    for i in range(steps):
        if GAME.is_over(s):
            return
        yield s
        acts = GAME.legal_actions(s)
        a = rng.choice(acts) if i % 3 == 0 else heuristic(GAME, s, rng)
        GAME.apply(s, a)


CASES = [(2, 3, {}), (3, 4, {"recruit_draft": True, "market_selection": True}),
         (4, 5, {"morale_knowledge_placement": True, "first_printing_recruits": True}),
         (6, 6, {"recruit_draft": True})]


@pytest.mark.parametrize("players,seed,opts", CASES)
def test_contract_action_labels_distinct_and_describe_public(players, seed, opts):
    """Every legal action has its own button text; the public line names no hidden card."""
    for n, s in enumerate(_walk(players, seed, opts, 700)):
        acts = GAME.legal_actions(s)
        labels = [GAME.action_label(s, a) for a in acts]
        assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1][:3]
        assert all(lbl and "|" not in lbl and "art:" not in lbl for lbl in labels)
        if n % 3:
            continue
        if s.tasks[-1]["k"] == "turn":  # check() agrees with legal_actions on trades and End turn
            for a in [Trade(partner=q) for q in range(players)] + [EndTurn()]:
                try:
                    GAME.check(s, a)
                    ok = True
                except IllegalAction:
                    ok = False
                assert ok == (a in acts), a
        secret = _secret_names(s)
        for a in acts:
            line = GAME.describe(s, a)
            for name in secret:
                assert name not in line, (line, name)


def test_rule_4_7_keep_choice_is_secret_in_the_log():
    """§4.7: the log says a player chose, not which recruits; the button names them."""
    s = GAME.new_game(2, 1)
    a = GAME.legal_actions(s)[0]
    line, lbl = GAME.describe(s, a), GAME.action_label(s, a)
    act, hid = a.option.split(">")
    assert RECRUITS[act].name not in line and RECRUITS[hid].name not in line
    assert RECRUITS[act].name in lbl and RECRUITS[hid].name in lbl and "hidden" in lbl


def test_contract_place_label_names_space_and_worker():
    s = blank(2)
    goods(s, 0, energy=1)
    acts = GAME.legal_actions(s)
    lbl = {GAME.action_label(s, a) for a in acts if a.type == "place" and a.space == "TUN_EUP"}
    assert lbl == {"Place your 1 on Euphorian Tunnel", "Place your 2 on Euphorian Tunnel"}


PHONE_LABEL_MAX = 58
"""Characters that fit one button line across a 390 px phone (11 px text, ``Canvas.text_width``)."""


@pytest.mark.parametrize("players,seed,opts", CASES[:2])
def test_labels_fit_a_phone_button(players, seed, opts):
    """Issue 5: button texts stay short enough not to shrink on a phone (full detail is in the
    board's tips): one line of a 390 px button row; a retrieval naming several workers, or the
    set-up choice naming two recruits, at most two (the renderer wraps them)."""
    longest, longest_two = "", ""
    for s in _walk(players, seed, dict(opts, trading=True), 500):
        for a in GAME.legal_actions(s):
            lbl = GAME.action_label(s, a)
            if a.type == "retrieve" or s.tasks[-1]["k"] == "keep":
                longest_two = max(longest_two, lbl, key=len)
            else:
                longest = max(longest, lbl, key=len)
    assert len(longest) <= PHONE_LABEL_MAX, longest
    assert len(longest_two) <= 2 * PHONE_LABEL_MAX, longest_two


def test_recruit_ability_labels_are_short():
    """Every recruit option of the current and the 1st printing, with its short name."""
    from engines.euphoria.labels import _hook_words
    common = ["skip", "use", "roll", "apply", "knowledge", "morale", "energy", "food", "water",
              "stone", "bliss", "use:gold", "use:energy", "set:6"]
    own = {"esme_the_fireman": ["book", "bifocals:knowledge", "balloons:morale"],
           "geek_the_oracle": ["geek"], "jonathan_the_gambler": ["gambler"],
           "jacko_the_archivist": ["bifocals+balloons"]}
    for rid in RECRUITS:
        for o in common + own.get(rid, []):
            assert len(str(_hook_words(rid, o))) <= PHONE_LABEL_MAX, (rid, o)


def test_contract_reveals_information():
    """Secret choices and draws reveal; a plain payment choice does not."""
    s = GAME.new_game(2, 1)
    before = s.clone()
    GAME.apply(s, GAME.legal_actions(s)[0])  # secret keep choice
    assert GAME.reveals_information(before, None, s)
    s = blank(2)
    goods(s, 0, energy=1, water=1)
    place(s, 0, "TUN_EUP")
    before = s.clone()
    a = next(a for a in GAME.legal_actions(s) if a.type == "choose" and a.option == "gold")
    GAME.apply(s, a)  # reward gold: nothing drawn or rolled
    assert not GAME.reveals_information(before, a, s)
    s = blank(2)
    goods(s, 0, energy=1)
    place(s, 0, "TUN_EUP")
    before = s.clone()
    a = next(a for a in GAME.legal_actions(s) if a.type == "choose" and a.option == "artifact")
    GAME.apply(s, a)  # draws a card
    assert GAME.reveals_information(before, a, s)


def test_rule_23_5_trade_offered_after_the_turns_last_placement():
    """T4 (§23.2, D-46): after the last placement the active player may still trade, then ends."""
    s = blank(2, trading=True)
    goods(s, 0, gold=2)
    goods(s, 1, water=1)
    place(s, 0, "GEN")  # the 1 and the 2 differ: no follow-up
    types = {a.type for a in GAME.legal_actions(s)}
    assert s.current == 0 and types == {"trade", "end_turn"}
    GAME.apply(s, {"type": "trade", "partner": 1})
    choose(s, "give:gold")
    choose(s, "give:gold")
    choose(s, "get:water")
    choose(s, "propose")
    assert GAME.to_move(s) == 1 and set(options(s)) == {"accept", "refuse"}
    choose(s, "accept")
    assert s.p[0].goods["gold"] == 0 and s.p[1].goods["gold"] == 2
    assert s.p[0].goods["water"] == 1 and s.p[1].goods["water"] == 0
    assert {a.type for a in GAME.legal_actions(s)} == {"trade", "end_turn"}
    GAME.apply(s, {"type": "end_turn"})
    assert s.current == 1


def test_rule_23_5_trade_after_retrieval_and_refusal_changes_nothing():
    s = blank(2, trading=True)
    goods(s, 0, clay=1)
    goods(s, 1, food=1)
    s.p[0].where[0] = "GEN"
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    assert s.current == 0 and {a.type for a in GAME.legal_actions(s)} == {"trade", "end_turn"}
    GAME.apply(s, {"type": "trade", "partner": 1})
    choose(s, "give:clay")
    choose(s, "get:food")
    choose(s, "propose")
    snapshot = [dict(pl.goods) for pl in s.p]
    choose(s, "refuse")
    assert [dict(pl.goods) for pl in s.p] == snapshot


def test_rule_5_trade_has_no_item_cap():
    """§5 "trade freely": more than four items may be offered in one proposal."""
    s = blank(2, trading=True)
    goods(s, 0, gold=6)
    GAME.apply(s, {"type": "trade", "partner": 1})
    for _ in range(6):
        assert "give:gold" in options(s)
        choose(s, "give:gold")
    assert "give:gold" not in options(s)


def test_describe_names_no_hidden_card_in_the_view_json():
    """D-40/§1: the public log kept in the state is in every view; it names no hidden card."""
    for s in _walk(3, 9, {"recruit_draft": True}, 400):
        pass
    text = json.dumps(GAME.view(s, None))
    for name in _secret_names(s):
        assert name not in text


def test_contract_paying_artifact_cards_reveals_them():
    """Cards paid from a secret hand go face up on the discard pile: no undo past that."""
    from .helpers import give_cards
    s = blank(2)
    give_cards(s, 0, "bat", "bat", "box")
    place(s, 0, "ART_EUP")
    assert set(options(s)) == {"art:bat,art:bat", "art:bat,art:bat,art:box"}
    before = s.clone()
    a = next(a for a in GAME.legal_actions(s) if a.type == "choose" and a.option == "art:bat,art:bat")
    assert GAME.action_label(s, a) == "Pay 2 Bat"
    GAME.apply(s, a)
    assert s.art_discard[-2:] == ["bat", "bat"]
    assert GAME.reveals_information(before, a, s)


def test_rule_23_5_trade_offered_before_chase_the_miners_extra_placement():
    """§23.5: trades between two placements, Chase the Miner's extra one (D-47) included."""
    from .helpers import fresh_turn, give_recruit, finish_choices
    s = blank(2, trading=True)
    give_recruit(s, 0, "chase_the_miner")
    s.p[0].where = ["avail", "avail", "pool", "pool"]
    s.p[0].dice = [1, 2, 3, 1]
    goods(s, 0, water=3, gold=1)
    fresh_turn(s, 0)
    place(s, 1, "WAT_WATER")
    finish_choices(s)
    if s.turn.get("chase") is None:  # the new worker was lost to the check: nothing to offer
        return
    acts = GAME.legal_actions(s)
    assert {a.type for a in acts} >= {"place", "trade", "choose"}
    GAME.apply(s, {"type": "trade", "partner": 1})
    choose(s, "cancel")
    assert s.turn["chase"] is not None and any(a.type == "place" for a in GAME.legal_actions(s))


def test_rule_23_5_no_trade_offered_when_neither_side_holds_anything():
    s = blank(2, trading=True)
    s.p[0].where[0] = "GEN"
    GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    assert s.current == 0 and [a.type for a in GAME.legal_actions(s)] == ["end_turn"]


def test_rule_23_5_trade_answer_is_asked_whatever_the_partner_holds():
    """Hidden information: asking for an artifact the partner lacks is not refused at once (that
    would show the proposer the partner's hand); the partner is asked either way, and the public
    log reads the same."""
    from .helpers import give_cards
    seen = []
    for ask in ("bat", "book"):  # the partner holds a Bat, no Book
        s = blank(2, trading=True)
        give_cards(s, 1, "bat")
        give_cards(s, 0, "box")
        GAME.apply(s, {"type": "trade", "partner": 1})
        choose(s, f"get:art:{ask}")
        choose(s, "propose")
        assert GAME.to_move(s) == 1 and s.tasks[-1]["k"] == "trade_answer"
        pending = GAME.view(s, 0)["pending"]
        assert pending["kind"] == "trade_answer" and "options" not in pending
        log = len(s.log)
        choose(s, "refuse")
        seen.append(s.log[log:])
        assert GAME.to_move(s) == 0 and s.p[1].hand == ["bat"]
    assert seen[0] == seen[1] == ["Player 2 refuses the trade"]


def test_the_trade_log_reads_as_plain_sentences():
    """Issue 27: each step of a trade is a sentence in the log ("Player 2 refuses the trade",
    not "Player 2: Refuse: get 1 clay, give 1 food"), and the buttons say what each answer
    does; in both languages."""
    from engines.core.i18n import render
    lines: dict[str, list[str]] = {}
    buttons: set[str] = set()
    for answer in ("accept", "refuse"):
        s = blank(2, trading=True)
        goods(s, 0, clay=1)
        goods(s, 1, food=1)
        s.p[0].where[0] = "GEN"
        GAME.apply(s, {"type": "retrieve", "dice": [0], "pay": "free"})
        out = lines.setdefault(answer, [])
        for a in [{"type": "trade", "partner": 1}] + [{"type": "choose", "option": o} for o in
                                                      ("give:clay", "get:food", "propose", answer)]:
            act = GAME.action_adapter.validate_python(a)
            buttons |= {GAME.action_label(s, x, "en") for x in GAME.legal_actions(s)}
            out += [render(GAME.log_text(s, act), lang) for lang in ("en", "it")]
            GAME.apply(s, act)
    assert lines["accept"][2:] == [
        "Player 1 offers 1 clay", "Giocatore 1 offre 1 argilla",
        "Player 1 asks for 1 food", "Giocatore 1 chiede 1 cibo",
        "Player 1 proposes the trade to Player 2: 1 clay for 1 food",
        "Giocatore 1 propone lo scambio a Giocatore 2: 1 argilla in cambio di 1 cibo",
        "Player 2 accepts the trade: gets 1 clay and gives 1 food",
        "Giocatore 2 accetta lo scambio: riceve 1 argilla e dà 1 cibo"]
    assert lines["refuse"][-2:] == ["Player 2 refuses the trade", "Giocatore 2 rifiuta lo scambio"]
    assert {"Accept the trade: you get 1 clay and give 1 food",
            "Refuse the trade: nothing changes hands"} <= buttons
    assert not any(": " in line.split(" ", 2)[-1][:12] for line in lines["refuse"][2:])
