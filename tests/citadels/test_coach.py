"""The coach at the Citadels table: a spot of the board that stands for a move of the viewer
but is not a legal choice now carries that move (its ``probe``), and the engine says why not
(``Game.why_not``) in one sentence naming the rule, in English and Italian.

The walk plays seeded games with the heuristic bot at every player count and, at positions
of the seat to move, draws the board from that seat's view as the shell does; every probe
must be refused with a specific reason (never a generic fallback), and every reference id
must be an entry of ``Game.reference``. Hand-built positions then isolate each cause.
"""

from __future__ import annotations

import time

import pytest

from engines.citadels import rules
from engines.core.errors import Refusal
from engines.core.i18n import Text, table
from engines.core.rng import Rng
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer

from .helpers import GAME, at_turn, give, new, play

A, TH, MAG, K, B, M, AR, W = range(1, 9)

#: the fallbacks a coach must never need: the core's and the parser's, and the game's own
GENERIC_TEMPLATES = {"That is not a legal move now: {move}.", "Not a {game} action: {why}.",
                     "That is not a legal move now.", "You cannot do that now."}
GENERIC_STARTS = ("That is not a legal move now", "Not a ", "You cannot do that now")

RENDER = get_renderer("citadels")
REFS = {e["id"] for e in GAME.reference("en")}
BUDGET_S = 20.0         # the walk stops early on a slow machine (it has seen enough by then)


def _acts(state, lang: str = "en") -> list[dict]:
    """The actions as the shell hands them to the renderer."""
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(state, a, lang)}
            for i, a in enumerate(GAME.legal_actions(state))]


def _board(state, seat: int, lang: str = "en", width: int = 1280) -> Canvas:
    cv = Canvas(width, 900, lang)
    RENDER(cv, GAME.view(state, seat), _acts(state, lang), seat)
    return cv


def assert_specific(refusal, probe) -> tuple[str, str]:
    """A coach's refusal: a catalogue ``Text`` that is no fallback, non-empty in both
    languages and translated (different in Italian) when its template has an entry, and a
    rule that is an entry of the reference (or None: the spot's own entry)."""
    assert refusal is not None, f"{probe} is legal, yet its spot has no action"
    assert isinstance(refusal, Refusal), (probe, refusal)
    assert refusal.rule is None or refusal.rule in REFS, (probe, refusal)
    reason = refusal.text
    assert isinstance(reason, Text), (probe, reason)
    assert reason.template not in GENERIC_TEMPLATES, (probe, str(reason))
    en, it = reason.render("en"), reason.render("it")
    assert en.strip() and it.strip(), probe
    assert not en.startswith(GENERIC_STARTS), (probe, en)
    if reason.domain == "citadels":                     # every text of the game has its Italian
        assert reason.template in table("citadels", "it"), reason.template
    if reason.template in table(reason.domain, "it"):
        assert en != it, (probe, en)
    return en, it


def test_every_probe_reached_in_seeded_games_gets_a_specific_reason():
    t0 = time.monotonic()
    bot = GAME.bots()["heuristic"]
    spots, reasons, positions = 0, {}, 0
    kinds: set[str] = set()
    rules_named: set[str | None] = set()
    for players in range(2, 8):
        for seed in (3, 11):
            state = GAME.new_game(players, seed + players)
            rng = Rng.from_seed(seed)
            step = 0
            while not GAME.is_over(state) and step < 400:
                seat = GAME.to_move(state)
                if step % 2 == 0 and time.monotonic() - t0 < BUDGET_S:
                    positions += 1
                    cv = _board(state, seat)
                    for h in cv.hits:
                        if h.ref is not None:
                            assert h.ref in REFS, h.ref
                        if h.probe is None:
                            continue
                        spots += 1
                        kinds.add(h.probe["type"])
                        reason = GAME.why_not(state, h.probe)
                        en, _ = assert_specific(reason, h.probe)
                        reasons.setdefault(reason.text.template, en)
                        rules_named.add(reason.rule)
                GAME.apply(state, bot(GAME, state, rng))
                step += 1
    print(f"\n{positions} positions, {spots} spots with probes, {len(reasons)} distinct reasons "
          f"({time.monotonic() - t0:.1f} s), probe kinds: {sorted(kinds)}")
    for template in sorted(reasons):
        print("  -", reasons[template])
    assert spots >= 500
    assert {"build", "choose_character", "destroy", "draw_cards", "take_gold"} <= kinds
    assert len(reasons) >= 15, sorted(reasons)
    assert {"choosing-characters", "character-turn"} <= rules_named, rules_named


def test_the_board_reads_probes_from_the_view_only():
    """Two positions that differ only in what the viewer cannot see (another player's hand
    and character) give the same probes."""
    s = GAME.new_game(4, 5)
    seat = GAME.to_move(s)
    other = (seat + 1) % 4
    a = [(h.probe, h.ref) for h in _board(s, seat).hits]
    t = s.clone()
    t.hands[other] = list(reversed(t.hands[other]))
    t.deck = list(reversed(t.deck))
    assert [(h.probe, h.ref) for h in _board(t, seat).hits] == a


def _why(state, probe: dict, lang: str = "en") -> str:
    reason = GAME.why_not(state, probe)
    assert_specific(reason, probe)
    return reason.render(lang)


def _probes(state, seat: int) -> dict:
    """The spots with a probe: probe type and fields (as a tuple) -> probe."""
    return {tuple(sorted(h.probe.items())): h.probe for h in _board(state, seat).hits if h.probe}


def test_the_bishop_protects_this_city_and_other_destroy_refusals():
    s = at_turn(new(4), W, {W: 0, B: 1}, revealed=[B])
    give(s, 1, city=["temple-1"])
    give(s, 2, city=["keep-1", "cathedral-1", "market-2"])     # the market: something to destroy
    give(s, 3, city=["tavern-1", "tavern-2", "temple-2", "church-1", "manor-1", "castle-1", "palace-1", "market-1"])
    give(s, 0, gold=1)
    play(s, type="take_gold")
    probe = {"type": "destroy", "target": 1, "district": "temple"}
    assert probe in _probes(s, 0).values()          # the temple of player 2 stands for its destruction
    assert _why(s, probe) == "The Warlord destroys at the end of his turn: end your turn first."
    play(s, type="end_turn")
    assert s.phase == "warlord"
    assert _why(s, probe) == ("The Bishop protects the city of Player 2: you cannot destroy its districts "
                              "this round.")
    assert _why(s, probe, "it").startswith("Il Predicatore protegge la città di Giocatore 2")
    assert _why(s, {"type": "destroy", "target": 2, "district": "keep"}) == "The Keep can never be destroyed."
    assert _why(s, {"type": "destroy", "target": 2, "district": "cathedral"}) == (
        "Destroying the Cathedral costs 4 gold: you have only 3 gold.")
    assert "is complete" in _why(s, {"type": "destroy", "target": 3, "district": "tavern"})
    # as another character, the Warlord's move is named for who can make it
    s = at_turn(new(4), K, {K: 0})
    give(s, 1, city=["temple-1"])
    assert _why(s, {"type": "destroy", "target": 1, "district": "temple"}) == (
        "Only the Warlord destroys districts: you are the King.")


def test_draft_refusals_name_what_the_chooser_knows():
    s = new(4, seed=2)
    seat = GAME.to_move(s)
    op = "choose_character"
    up = s.removed_up[0]
    assert _why(s, {"type": op, "rank": up}).endswith("is set aside face up this round: nobody can take it.")
    probes = _probes(s, seat)
    assert {p["rank"] for p in probes.values() if p["type"] == op} == set(range(1, 9)) - set(s.draft_cards)
    # the first chooser sees every character but the one put face down: he knows which it is
    assert _why(s, {"type": op, "rank": s.removed_down}).endswith(
        "was put face down unseen at the start of the round: nobody plays it this round.")
    s7 = new(7, seed=2)
    assert _why(s7, {"type": op, "rank": s7.removed_down}).endswith("only the last to choose may take it.")
    taken = s.draft_cards[0]
    play(s, type=op, rank=taken)
    # the next chooser does not know where it went: only that it was not handed to him
    hidden = _why(s, {"type": op, "rank": taken})
    assert hidden == f"The {GAME.reference('en')[taken - 1]['name']} is not among the characters handed to you."
    # three players choose twice: the first one's own character is his already
    s = new(3, seed=4)
    first = GAME.to_move(s)
    mine = s.draft_cards[0]
    play(s, type=op, rank=mine)
    while GAME.to_move(s) != first:
        play(s, type=op, rank=s.draft_cards[0])
    assert _why(s, {"type": op, "rank": mine}).startswith("You already hold the ")
    # two players: the second keeps a character, then puts one face down (not the one he kept)
    s2 = new(2, seed=6)
    play(s2, type=op, rank=s2.draft_cards[0])
    kept = s2.draft_cards[0]
    play(s2, type=op, rank=kept)
    assert _why(s2, {"type": "discard_character", "rank": kept}).endswith(": put another character face down.")
    # the hand during the draft: districts are built later
    card = s.hands[first][0].rsplit("-", 1)[0]
    assert _why(s, {"type": "build", "district": card}) == (
        "Districts are built on your character’s turn: first keep a character.")
    assert _why(s, {"type": "take_gold"}) == "Characters are being chosen: keep a character first."


def test_assassin_thief_and_magician_targets():
    s = at_turn(new(4), A, {A: 0})
    assert {"type": "assassinate", "rank": A} in _probes(s, 0).values()
    assert _why(s, {"type": "assassinate", "rank": A}) == "The Assassin cannot kill himself."
    play(s, type="assassinate", rank=K)
    assert _why(s, {"type": "assassinate", "rank": B}) == "You have already used your character’s ability this turn."
    s = at_turn(new(4), TH, {TH: 0}, killed=K)
    assert {"type": "rob", "rank": A} in _probes(s, 0).values()
    assert _why(s, {"type": "rob", "rank": A}) == "The Thief may not rob the Assassin."
    assert _why(s, {"type": "rob", "rank": TH}) == "The Thief may not rob himself."
    assert _why(s, {"type": "rob", "rank": K}) == "The Thief may not rob the killed character (the King)."
    s = at_turn(new(4), MAG, {MAG: 0})
    assert {"type": "magician_exchange", "target": 0} in _probes(s, 0).values()
    assert _why(s, {"type": "magician_exchange", "target": 0}) == "You cannot exchange hands with yourself."
    swap = {"type": "magician_exchange", "target": 0}
    assert _why(s, swap, "it") == "Non puoi scambiare la mano con te stesso."


def test_hand_deck_and_bank_refusals():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=["palace-1", "tavern-1"], gold=2)
    probes = _probes(s, 0)
    assert {"type": "build", "district": "palace"} in probes.values()
    assert _why(s, {"type": "build", "district": "palace"}) == "Take your income (2 gold or cards) before building."
    play(s, type="take_gold")
    assert _why(s, {"type": "build", "district": "palace"}) == (
        "You cannot afford the Palace: it costs 5 gold, you have 4 gold.")
    assert _why(s, {"type": "take_gold"}) == "You have already taken your income this turn."
    assert _why(s, {"type": "draw_cards", "count": 2}) == "You have already taken your income this turn."
    play(s, type="collect_income")                    # the bank has nothing left for the King
    probes = _probes(s, 0)
    assert {"type": "take_gold"} in probes.values() and {"type": "draw_cards", "count": 2} in probes.values()
    play(s, type="build", district="tavern")
    assert _why(s, {"type": "build", "district": "palace"}) == "You may build only 1 district this turn."
    s = at_turn(new(4), K, {K: 0})
    s.deck = []
    assert _why(s, {"type": "draw_cards", "count": 2}) == "The deck is empty: take 2 gold."


def test_districts_with_abilities_in_your_city():
    s = at_turn(new(4), K, {K: 0})
    give(s, 0, hand=[], city=["laboratory-1", "smithy-1", "graveyard-1", "observatory-1"], gold=2)
    probes = _probes(s, 0)
    for p in ({"type": "laboratory"}, {"type": "smithy"}, {"type": "graveyard_take"}):
        assert p in probes.values(), p
    assert _why(s, {"type": "laboratory"}) == "Your hand is empty: you have no card to discard at the Laboratory."
    assert _why(s, {"type": "smithy"}) == "The Smithy costs 3 gold: you have only 2 gold."
    assert _why(s, {"type": "graveyard_take"}) == (
        "No district has just been destroyed: there is nothing to buy at the Graveyard.")
    give(s, 0, hand=["tavern-1"], gold=5)
    assert GAME.why_not(s, {"type": "laboratory"}) is None       # some card may go: the spot has the actions
    hits = [h for h in _board(s, 0).hits if h.ref == "laboratory"]
    assert hits and hits[0].actions and hits[0].probe is None
    play(s, type="laboratory", district="tavern")
    assert _why(s, {"type": "laboratory"}) == "You have already used the Laboratory this turn."
    play(s, type="smithy")
    assert _why(s, {"type": "smithy"}) == "You have already used the Smithy this turn."
    s.deck, s.bottom = s.deck[:2], []
    assert _why(s, {"type": "draw_cards", "count": 3}) == "The deck holds only 2 cards: draw 2."
    # the Warlord's own Graveyard does not take what he destroys
    s = at_turn(new(4), W, {W: 0})
    give(s, 0, city=["graveyard-1"])
    assert _why(s, {"type": "graveyard_take"}) == (
        "The Graveyard never takes a district that you destroy yourself as the Warlord.")
    assert _why(s, {"type": "graveyard_take"}, "it").startswith("Il Cimitero non prende mai")


def test_coach_answers_and_references_at_phone_width_and_in_italian():
    s = at_turn(new(5), W, {W: 0, B: 1}, revealed=[B])
    give(s, 1, city=["temple-1"])
    give(s, 2, city=["tavern-1"])
    play(s, type="take_gold")
    play(s, type="end_turn")
    assert s.phase == "warlord"
    for width, lang in ((390, "it"), (1280, "it"), (390, "en")):
        cv = _board(s, 0, lang, width)
        probed = [h for h in cv.hits if h.probe == {"type": "destroy", "target": 1, "district": "temple"}]
        assert probed and probed[0].ref == "temple"
        assert all(h.ref in REFS for h in cv.hits if h.ref)
    assert {h.ref for h in _board(s, 0).hits} >= {"crown", "deck", "bank", "warlord", "temple"}


def test_setup_refusals_are_texts_in_both_languages():
    with pytest.raises(ValueError) as info:
        GAME.new_game(3, 1, {"first_crown": 5})
    reason = info.value.args[0]
    assert isinstance(reason, Text)
    assert reason.render("en") == "The first crown must go to a seat from 1 to 3, not 6."  # seats from 1
    assert reason.render("it") == "La Corona iniziale deve andare a un posto da 1 a 3, non 6."
    with pytest.raises(ValueError):
        rules.setup(2, 1, GAME.options_model(first_crown=4))


def _rule(state, probe) -> str | None:
    why = GAME.why_not(state, probe)
    assert why is not None, probe
    return why.rule


def test_each_refusal_names_the_rule_that_refuses():
    """Issue 27: the note's "Rule" link opens the refusing rule (the selection, the turn, the
    character or district whose card states it), not the clicked spot's card."""
    s = new(4, seed=2)
    assert _rule(s, {"type": "choose_character", "rank": s.removed_up[0]}) == "choosing-characters"
    assert _rule(s, {"type": "take_gold"}) == "choosing-characters"
    s = at_turn(new(4), W, {W: 0, B: 1}, revealed=[B])
    give(s, 1, city=["temple-1"])
    give(s, 2, city=["keep-1", "cathedral-1", "market-2"])
    give(s, 0, gold=1)
    card = s.hands[0][0].rsplit("-", 1)[0]
    assert _rule(s, {"type": "build", "district": card}) == "character-turn"  # income first
    play(s, type="take_gold")
    destroy = {"type": "destroy", "target": 1, "district": "temple"}
    assert _rule(s, destroy) == "warlord"  # at the end of his turn
    play(s, type="end_turn")
    assert _rule(s, destroy) == "bishop"  # the Bishop's card protects that city
    assert _rule(s, {"type": "destroy", "target": 2, "district": "keep"}) == "keep"
    assert _rule(s, {"type": "destroy", "target": 2, "district": "cathedral"}) == "warlord"  # its price
    s = at_turn(new(4), TH, {TH: 0})
    assert _rule(s, {"type": "rob", "rank": A}) == "thief"
