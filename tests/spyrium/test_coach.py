"""The coach at Spyrium's table: a click on a spot that is not a legal choice says why.

The renderer gives every spot that stands for a move of the seat whose table it is (a market
card: hire / build / patent it; a worker slot: place a worker; a building: use it; Taylorism;
the turn event; the Pass button) that move as its ``probe``, built from the view, and every
card, event, slot, track and start card its reference id. ``GAME.why_not`` answers a probe
with the rule that forbids it, in English and Italian, never a generic fallback.

The walk plays seeded games at every player count with the heuristic bot and, at positions of
the seat to move, draws the table as the shell does (``get_renderer``, ``Canvas(1280, 900,
lang)``, the legal actions as ``{"index", "action", "label"}``); hand-built positions isolate
each cause.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

from engines.core import i18n
from engines.core.rng import Rng
from engines.spyrium import GAME as G
from engines.spyrium.actions import SwitchPhase
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer

from .helpers import clear_market, fresh, give_building, give_technique, phase2, place, put

RENDER = get_renderer("spyrium")
REFS = {e["id"] for e in G.reference("en")}

GENERIC_TEMPLATES = {
    "That is not a legal move now.", "That is not a legal move now: {move}.",
    "You cannot use that option of the turn event now.", "You cannot pay for that option now.",
    "You cannot hire {card} now.", "You cannot build {card} now.", "You cannot patent {card} now.",
    "You cannot earn money next to that card now.", "You cannot do that now",
}
"""The fallbacks a reason must never be (the core's and the engine's last resorts)."""
GENERIC_STARTS = ("That is not a legal move now", "Not a ", "You cannot do that now",
                  "Questa mossa non è consentita")

BUDGET_S = 20.0
"""The walk stops taking new positions after this long (a busy machine); it needs far less."""


def _table(state, lang: str = "en") -> Canvas:
    """The board as the shell draws it for the seat to move."""
    me = G.to_move(state)
    actions = [{"index": i, "action": G.dump_action(a), "label": G.action_label(state, a, lang)}
               for i, a in enumerate(G.legal_actions(state))]
    cv = Canvas(1280, 900, lang)
    RENDER(cv, G.view(state, me), actions, me)
    return cv


def _problems(why) -> list[str]:
    """What is wrong with one refusal: missing, empty, generic, untranslated, or a rule that
    is no entry of the reference (the note's "Rule" link would lead nowhere)."""
    if why is None:
        return ["no reason (the probe is legal: the spot should have had the action)"]
    i18n.MISSING.clear()
    en, it = why.render("en"), why.render("it")
    out = []
    if not en.strip() or not it.strip():
        out.append(f"empty: {en!r} / {it!r}")
    if i18n.MISSING:
        out.append(f"not translated: {sorted(i18n.MISSING)}")
    elif en == it:
        out.append(f"reads the same in Italian: {en!r}")
    if why.text.template in GENERIC_TEMPLATES or en.startswith(GENERIC_STARTS) or it.startswith(GENERIC_STARTS):
        out.append(f"generic: {en!r}")
    if why.rule is not None and why.rule not in REFS:
        out.append(f"rule {why.rule!r} is no reference entry: {en!r}")
    return out


def _shuffle_hidden(state, seed: int):
    """A copy where what no player can see is in another order: the three decks, the
    face-down tokens and the events below the preview."""
    other = state.clone()
    rng = Rng.from_seed(seed)
    for deck in other.decks.values():
        rng.shuffle(deck)
    rng.shuffle(other.token_reserve)
    rest = other.future_events[1:]
    rng.shuffle(rest)
    other.future_events[1:] = rest
    return other


def test_every_probe_of_the_seeded_games_gets_its_specific_reason():
    t0 = time.monotonic()
    reasons: Counter = Counter()
    rules: Counter = Counter()
    spots = positions = 0
    problems: list[str] = []
    kinds: Counter = Counter()
    for players, seed in [(2, 31), (3, 32), (4, 33), (5, 34)]:
        state = G.new_game(players, seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not G.is_over(state) and time.monotonic() - t0 < BUDGET_S:
            if step % 2 == 0:
                lang = "it" if step % 4 else "en"
                cv = _table(state, lang)
                positions += 1
                for h in cv.hits:
                    if h.ref is not None:
                        assert h.ref in REFS, f"unknown reference id {h.ref!r}"
                    if h.probe is None:
                        continue
                    assert not h.actions
                    spots += 1
                    kinds[h.probe["type"]] += 1
                    why = G.why_not(state, h.probe)
                    where = f"{players}p seed {seed} step {step} probe {h.probe}"
                    problems += [f"{where}: {p}" for p in _problems(why)]
                    if why is not None:
                        reasons[why.text.template] += 1
                        rules[why.rule] += 1
                        if step % 8 == 0:  # nothing the seat cannot see changes the reason
                            hidden = _shuffle_hidden(state, step)
                            assert G.why_not(hidden, h.probe) == why, where
            G.apply(state, G.bots()["heuristic"](G, state, rng))
            step += 1
    print(f"\n{positions} positions, {spots} spots with a probe {dict(kinds)}, "
          f"{len(reasons)} distinct reasons in {time.monotonic() - t0:.1f}s:")
    for template, n in reasons.most_common():
        print(f"{n:6d}  {template}")
    assert problems == [], "\n".join(problems[:20])
    assert positions >= 100 and spots >= 1000, (positions, spots)
    assert len(reasons) >= 15, sorted(reasons)
    assert {"place", "hire", "build", "patent", "use", "event", "pass"} <= set(kinds), kinds
    print("rules named:", dict(rules))
    assert {"phase-i", "phase-ii", "turn-event"} <= set(rules), rules  # the phases and the event refuse


def test_every_card_slot_event_track_and_start_card_links_its_reference():
    state = G.new_game(3, 5)
    give_building(state, 0, "A-mine-left")
    give_technique(state, 0, "B-taylorism")
    cv = _table(state)
    refs = {h.ref for h in cv.hits if h.ref}
    market = {c.split("#")[0] for c in state.market if c}
    assert market <= refs
    assert {"A-mine-left", "B-taylorism", state.turn_event, state.future_events[0], "worker-slot",
            "market", "score-track", "residence-track", "start-card"} <= refs
    assert refs <= REFS


def _why(state, probe) -> str:
    why = G.why_not(state, probe)
    assert why is not None, probe
    assert not _problems(why), _problems(why)
    return why.render("en")


def _market_position(players: int = 3):
    """Seat 0 to move in Phase II with a worker at V00 (under the top-left card)."""
    s = fresh(players)
    clear_market(s)
    put(s, 0, "A-architect", tokens=(2,))
    put(s, 3, "C-palace")
    put(s, 1, "A-crane")
    place(s, 0, "V00")
    phase2(s, 0)
    return s


def test_market_cards_say_what_stops_the_hire_the_build_or_the_patent():
    s = fresh(3)
    clear_market(s)
    put(s, 0, "C-palace")
    s.current = 0
    assert _why(s, {"type": "build", "pos": 0}).startswith(
        "Building is a Phase II action: in Phase I you place workers in the slots beside the cards")
    s = _market_position()
    # the Crane (top middle) has no worker of seat 0 beside it: H00 is empty
    assert _why(s, {"type": "patent", "pos": 1}) == (
        "You have no worker next to the Crane: in Phase II you can activate only a card beside one "
        "of your workers in the market.")
    assert G.why_not(s, {"type": "patent", "pos": 1}).render("it").startswith("Non hai lavoratori accanto alla Gru")
    # next to the worker: the Palace costs more than seat 0 has
    s.players_[0].money = 4
    assert _why(s, {"type": "build", "pos": 3}) == (
        "You cannot afford it: it costs £13 (£13 for the card) and you have £4.")
    # the Architect: with its token gone, it cannot be hired at all
    s.market_tokens[0] = []
    assert _why(s, {"type": "hire", "pos": 0}) == "You cannot hire the Architect: no token is left on it."
    s.market_tokens[0] = [2]
    s.players_[0].money = 10
    assert G.why_not(s, {"type": "hire", "pos": 0}) is None  # a legal hire has these fields


def test_slots_say_why_no_worker_can_be_placed():
    s = fresh(3)
    s.current = 0
    assert G.why_not(s, {"type": "place", "slot": "H00"}) is None
    s.players_[0].active = 0
    assert _why(s, {"type": "place", "slot": "H00"}) == "You have no active worker on your start card."
    s.players_[0].active = 3
    s.market[0] = s.market[1] = None
    assert _why(s, {"type": "place", "slot": "H00"}).startswith("That slot has no card on either side")
    s.players_[0].phase = 2
    assert _why(s, {"type": "place", "slot": "H01"}) == (
        "You are in Phase II: you cannot place workers any more this round.")
    t = fresh(3)
    t.current = 0
    G.apply(t, SwitchPhase())
    assert _why(t, {"type": "place", "slot": "H01"}) == "You just moved to Phase II: take a Phase II action now."


def test_buildings_and_taylorism_say_why_they_cannot_be_used():
    s = fresh(2)
    res = give_building(s, 0, "A-residence")
    shop = give_building(s, 0, "A-workshop-left")
    factory = give_building(s, 0, "B-factory-left")
    s.current = 0
    # no ability: said even in Phase I (it is never usable)
    assert _why(s, {"type": "use", "building": res}) == "You cannot use the Residence: it has no ability."
    assert _why(s, {"type": "use", "building": shop}).startswith("Using a building is a Phase II action")
    phase2(s, 0)
    s.players_[0].spyrium = 0
    assert _why(s, {"type": "use", "building": shop}) == "Using the Workshop (left) takes 1 Spyrium: you have 0."
    s.players_[0].spyrium = 5
    s.players_[0].active = 0
    assert _why(s, {"type": "use", "building": factory}) == (
        "Using the Factory (left) with option 1 takes 1 worker on your start card: you have 0.")
    s.players_[0].active = 2
    assert G.why_not(s, {"type": "use", "building": shop}) is None
    s.players_[0].buildings[shop].tapped = True
    assert _why(s, {"type": "use", "building": shop}).startswith("You already used the Workshop (left) this round")
    give_technique(s, 0, "B-taylorism")
    assert G.why_not(s, {"type": "taylorism", "building": shop}) is None
    s.players_[0].buildings[shop].tapped = False
    assert _why(s, {"type": "taylorism"}) == (
        "Taylorism uses again a building already used this round: you have not used any building yet.")
    s.players_[0].techniques[0].tapped = True
    assert _why(s, {"type": "taylorism"}) == "You already used Taylorism this round."


def _with_event(event: str, token=None):
    s = fresh(2)
    s.current = 0
    s.turn_event, s.turn_event_token = event, token
    return s


def test_the_turn_event_says_why_it_cannot_be_used():
    s = _with_event("ev-buy-vp")
    s.players_[0].money = 1
    assert _why(s, {"type": "event"}) == "You cannot afford it: it costs £3 (£3 for the event) and you have £1."
    s.players_[0].money = 9
    assert G.why_not(s, {"type": "event"}) is None
    s.players_[0].event_used = True
    assert _why(s, {"type": "event"}) == "You already used the turn event this round."
    s = _with_event("ev-late-placement")
    assert _why(s, {"type": "event"}) == "The turn event Late placement can be used only in Phase II."
    s = _with_event("ev-token-bounty")
    assert _why(s, {"type": "event"}) == "The turn event Windfall has no token, so it cannot be used."
    s = _with_event("ev-hire-worker")
    s.players_[0].reserve = 0
    assert _why(s, {"type": "event"}) == "Your reserve is empty: there is no worker to recruit."
    s = _with_event("ev-reuse-building")
    phase2(s, 0)
    give_building(s, 0, "A-mine-left")
    assert _why(s, {"type": "event"}) == (
        "Overtime uses again a building already used this round: you have not used any building yet.")


def test_pass_the_bonus_and_the_end():
    s = fresh(2)
    s.current = 0
    assert _why(s, {"type": "pass"}).startswith("Passing is a Phase II action")
    place(s, 0, "H00")
    phase2(s, 0)
    assert _why(s, {"type": "pass"}) == (
        "You cannot pass while you have workers in the market: take them back first.")
    s.pending_bonus = True
    for probe in ({"type": "pass"}, {"type": "hire", "pos": 0}, {"type": "event"}, {"type": "place", "slot": "H00"}):
        assert _why(s, probe) == "You reached 8 VP: choose your bonus (a worker or £5) first."
    s.over = True
    assert G.why_not(s, {"type": "hire", "pos": 0}).render("en") == "The game is over."


def test_a_probe_that_names_no_move_gets_the_parsers_refusal():
    s = fresh(2)
    assert G.why_not(s, {"type": "use"}) is not None  # no building named: the parser's refusal
    assert G.why_not(s, {"type": "fly"}) is not None


@pytest.mark.parametrize("players", [2, 5])
def test_the_greyed_pass_button_and_the_session_explain(players):
    """The Pass button is drawn greyed (with its probe) when passing is not legal, and the
    page's ``Session.explain`` gives the seat to move the engine's own reason."""
    from tavolo_ui.session import Session
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(players)]
    session = Session.start("spyrium", seats, 7)
    # A page that leaves the set-up's chance undealt (before it deals chance itself, issue
    # 28): the set-up is dealt here from the seed's dealer; on a page that deals, nothing.
    G.deal(session.state, G.seeded_dealer(session.state))
    session.confirm_handoff()
    state = session.state
    cv = _table(state)
    greyed = [h for h in cv.hits if h.probe == {"type": "pass"}]
    assert len(greyed) == 1 and not greyed[0].actions
    seat = G.to_move(state)
    assert session.me() == seat
    assert session.explain({"type": "pass"}) == G.why_not(state, {"type": "pass"}).render("en")
    session.lang = "it"
    assert session.explain({"type": "pass"}).startswith("Passare è un’azione della Fase II")
    assert session.explain({"type": "place", "slot": "H00"}) is None  # legal: nothing to explain


def _rule(state, probe) -> str | None:
    why = G.why_not(state, probe)
    assert why is not None, probe
    return why.rule


def test_each_refusal_names_the_rule_that_refuses_not_the_card_clicked():
    """Issue 27: the note's "Rule" link opens the refusing rule: the phase, the price, the
    turn event, the technique; the card's own entry (no rule) only when its text is the reason."""
    s = fresh(3)
    clear_market(s)
    put(s, 0, "C-palace")
    s.current = 0
    assert _rule(s, {"type": "build", "pos": 0}) == "phase-ii"  # a Phase II action in Phase I
    s = _market_position()
    assert _rule(s, {"type": "patent", "pos": 1}) == "phase-ii"  # no worker of yours beside the Crane
    s.players_[0].money = 4
    assert _rule(s, {"type": "build", "pos": 3}) == "phase-ii"  # the price and its surcharge
    assert _rule(s, {"type": "place", "slot": "H00"}) == "phase-i"  # no placing in Phase II
    assert _rule(s, {"type": "hire", "pos": 0, "slot": "V00", "lobbying": True}) == "C-lobbying"
    s.players_[0].event_used = True
    assert _rule(s, {"type": "event"}) == "turn-event"
    b = give_building(s, 0, "A-residence")  # no ability: the card's own text is the reason
    assert _rule(s, {"type": "use", "building": b}) is None
    s.players_[0].active = 0
    s.players_[0].phase = 1
    assert _rule(s, {"type": "place", "slot": "H00"}) == "start-card"
