"""The coach at Euphoria's table: a click on a board spot that is not a legal choice now says
why, in one sentence naming the rule, from the engine (``Game.why_not``).

- A walk over seeded games (2 to 6 players, the heuristic bot moving) draws the board from the
  seat to move's view, as the shell does, and asks the engine about every spot's probe: it is
  not legal (otherwise the spot would carry the action), its reason reads in English and in
  Italian and is never a generic fallback, and every reference id is an entry of the reference.
- Hand-built positions isolate each cause (a taken space, a cost, a tunnel not complete, the
  turn's stage, a pending choice, the dilemma) and check that the sentence names that cause,
  the most informative first (a taken space before a cost).
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

from engines.core import i18n
from engines.core.i18n import Text
from engines.core.rng import Rng
from engines.euphoria import GAME
from engines.euphoria.bot import choose as heuristic
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer

from .helpers import blank, fresh_turn, give_cards, goods, set_dice

RENDER = get_renderer("euphoria")
REF_IDS = {e["id"] for e in GAME.reference("en")}

GENERIC = ("That is not a legal move now", "Not a Euphoria action", "You cannot do that now",
           "Not allowed", "is not one of the choices", "That is not an action of a turn")
"""Fallback refusals that name no rule: the coach must never show one."""

GAMES = [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)]
MAX_STEPS = 220      # actions per game: the middle of the game, where the board is busiest
EVERY = 4            # the board is drawn at one position out of EVERY
BUDGET_S = 20.0      # the walk stops drawing once this is spent (a busy machine), keeping its figures


def _actions(state, lang: str = "en") -> list[dict]:
    """The renderer's ``actions`` as the shell builds them."""
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(state, a, lang)}
            for i, a in enumerate(GAME.legal_actions(state))]


def _board(state, me=None, lang: str = "en") -> Canvas:
    me = GAME.to_move(state) if me is None else me
    cv = Canvas(1280, 900, lang)
    RENDER(cv, GAME.view(state, me), _actions(state, lang), me)
    return cv


def _template(text) -> str:
    return text.template if isinstance(text, Text) else str(text)


def _has_italian(text) -> bool:
    """Whether the reason's own template has an Italian entry (then the two must differ)."""
    return isinstance(text, Text) and text.template in i18n.table(text.domain, "it")


def assert_specific(state, probe: dict) -> tuple[str, str]:
    """The coach's reason for ``probe`` in ``state``: present, in both languages, no fallback."""
    refusal = GAME.why_not(state, probe)
    assert refusal is not None, f"the probe {probe} is legal: its spot should carry the action"
    assert refusal.rule is None or refusal.rule in REF_IDS, (probe, refusal)  # the note's link leads somewhere
    why = refusal.text
    en, it = i18n.render(why, "en"), i18n.render(why, "it")
    assert en.strip() and it.strip(), probe
    assert en[:1].isupper() and it[:1].isupper(), (en, it)  # one sentence, from its capital letter
    if _has_italian(why):
        assert en != it, f"not translated: {en}"
    for bad in GENERIC:
        assert bad not in en, f"a generic reason for {probe}: {en}"
    assert "’" in en or "'" not in en, f"typographic apostrophe expected: {en}"
    return en, it


def test_every_refusal_reached_by_the_walk_is_specific():
    """Seeded games at each player count: every probe of the board of the seat to move gets a
    specific reason; the walk reaches many distinct reasons."""
    t0 = time.monotonic()
    spots = positions = 0
    reasons: Counter[str] = Counter()
    templates: set[str] = set()
    rules_named: set[str | None] = set()
    for players, seed in GAMES:
        state = GAME.new_game(players, seed)
        rng = Rng.from_seed(seed)
        for step in range(MAX_STEPS):
            if GAME.is_over(state) or time.monotonic() - t0 > BUDGET_S:
                break
            if step % EVERY == 0:
                positions += 1
                cv = _board(state)
                for h in cv.hits:
                    assert h.ref is None or h.ref in REF_IDS, h.ref
                    if h.probe is None:
                        continue
                    assert not h.actions
                    why = GAME.why_not(state, h.probe)
                    en, _ = assert_specific(state, h.probe)
                    spots += 1
                    reasons[en] += 1
                    templates.add(_template(why.text))
                    rules_named.add(why.rule)
            GAME.apply(state, heuristic(GAME, state, rng))
    elapsed = time.monotonic() - t0
    print(f"\ncoach walk: {positions} positions, {spots} spots with a probe, {len(reasons)} distinct reasons "
          f"({len(templates)} rules) in {elapsed:.1f}s")
    for t in sorted(templates):
        print("  ", t)
    assert spots >= 200, spots
    assert len(templates) >= 8, sorted(templates)
    assert "turn" in rules_named, rules_named  # the turn's stage refuses some clicks


def test_refs_and_probes_on_the_board():
    """Spaces, tracks, territories, workers, recruits and the dilemma carry their reference id;
    the board stands for a worker on a space, your dilemma and your placed workers; a spectator's
    board has no probe."""
    s = blank(2)
    give_cards(s, 0, "bat")
    s.p[0].where[1] = "FARM"
    cv = _board(s)
    refs = {h.ref for h in cv.hits}
    assert {"GEN", "WAT_ENERGY", "CS_EUP_A_1", "allegiance_icarite", "territory_euphorian", "miner_subterran",
            "morale", "knowledge", "worker", "star", "bat", s.p[0].dilemma} <= refs
    probes = [h.probe for h in cv.hits if h.probe]
    assert {"type": "place", "die": 0, "space": "TUN_EUP"} in probes  # no energy to pay the tunnel
    assert {"type": "dilemma"} in probes
    # the worker on the Farm: retrieving it is legal, so its spot plays it (free, or paying)
    farm = [h for h in cv.hits if h.ref == "worker" and h.actions]
    assert len(farm) == 1 and all(GAME.legal_actions(s)[i].type == "retrieve" for i in farm[0].actions)
    spectator = Canvas(1280, 900, "en")
    RENDER(spectator, GAME.view(s, None), [], None)
    assert not any(h.probe for h in spectator.hits)


def _why(s, probe: dict, lang: str = "en") -> str:
    return GAME.why_not(s, probe).render(lang)


def _place(sp: str, die: int = 0) -> dict:
    return {"type": "place", "die": die, "space": sp}


def test_a_space_is_refused_for_its_own_cause():
    s = blank(2)
    assert _why(s, _place("TUN_EUP")) == "You cannot pay for Euphorian Tunnel: it costs 1 energy."
    assert _why(s, _place("TUN_EUP"), "it") == "Non puoi pagare Tunnel Euphorian: costa 1 energia."
    assert "miner reaches 9" in _why(s, _place("TUNEND_EUP"))
    assert _why(s, _place("MKT_EUP_A")) == "The market of construction site A of Euphoria is not built yet."
    # a construction space taken by another player: "taken" comes before "you cannot pay"
    s.p[1].where[0] = "CS_EUP_A_1"
    fresh_turn(s, 0)
    assert _why(s, _place("CS_EUP_A_1")) == ("A construction space holds one worker, and space 1 of construction "
                                             "site A of Euphoria is taken.")
    goods(s, 0, stone=3, gold=3, clay=3)
    assert "is taken" in _why(s, _place("CS_EUP_A_1"))
    assert GAME.why_not(s, _place("CS_EUP_A_2")) is None  # free, payable: legal, nothing to explain
    # the probe names some worker: the space decides, whichever worker would go
    assert GAME.why_not(s, _place("CS_EUP_A_2", die=1)) is None


def test_the_turns_stage_comes_before_the_space():
    # no worker left to place: said before any space's cost
    s = blank(2)
    s.p[0].where[:2] = ["FARM", "GEN"]
    fresh_turn(s, 0)
    assert _why(s, _place("TUN_EUP")).startswith("You have no available worker")
    assert _why(s, _place("TUN_EUP"), "it").startswith("Non hai lavoratori disponibili")
    # after the turn's action (trading on: the turn's ended form)
    s = blank(2, trading=True)
    goods(s, 0, energy=2)
    set_dice(s, 0, {0: 1, 1: 2})
    GAME.apply(s, _place("AQU"))
    assert s.tasks[-1]["k"] == "turn" and s.turn.get("ended")
    assert _why(s, _place("TUN_EUP")) == "Your turn’s action is over: you may only trade or end your turn."
    assert "turn" in _why(s, {"type": "retrieve", "dice": [0], "pay": "free"})


def test_a_placed_worker_is_refused_while_a_matched_worker_may_follow():
    s = blank(2)
    set_dice(s, 0, {0: 3, 1: 3})
    fresh_turn(s, 0)
    GAME.apply(s, _place("AQU"))
    assert s.tasks[-1]["k"] == "turn" and s.turn["placed"] == 1
    en = _why(s, {"type": "retrieve", "dice": [0], "pay": "free"})
    assert en.startswith("You have placed a worker this turn: retrieving is a turn’s action of its own")
    assert _why(s, {"type": "dilemma"}).startswith("You have placed a worker this turn: resolving the dilemma")
    assert GAME.why_not(s, _place("FARM")) is None  # the matched worker may go there
    cv = _board(s)
    worker = [h for h in cv.hits if h.probe and h.probe["type"] == "retrieve"]
    assert worker and worker[0].ref == "worker"


def test_the_dilemma_and_a_pending_choice():
    s = blank(2)
    assert _why(s, {"type": "dilemma"}).startswith("You cannot pay for your ethical dilemma: it costs a ")
    give_cards(s, 0, "bat", "bear")
    fresh_turn(s, 0)
    assert GAME.why_not(s, {"type": "dilemma"}) is None
    cv = _board(s)
    card = [h for h in cv.hits if h.ref == s.p[0].dilemma]
    assert card and card[0].actions, "the dilemma card plays the dilemma when it is legal"
    s.p[0].dilemma_done = True
    fresh_turn(s, 0)
    assert _why(s, {"type": "dilemma"}) == "You have already resolved your ethical dilemma: it is once per game."
    # a choice pending (the set-up's recruits): every board spot says to answer it first
    s = GAME.new_game(3, 2)
    assert s.tasks[-1]["k"] != "turn"
    me = GAME.to_move(s)
    probes = [h.probe for h in _board(s, me).hits if h.probe]
    assert probes
    for probe in probes:
        en, it = assert_specific(s, probe)
        assert en.startswith("You are ") and en.endswith("answer that choice first.")
        assert it.startswith("Stai ")


def test_another_players_mat_proposes_a_trade_or_says_why_not():
    s = blank(2, trading=True)
    trade = [h for h in _board(s).hits if h.probe and h.probe["type"] == "trade"]
    assert [h.probe for h in trade] == [{"type": "trade", "partner": 1}]
    assert _why(s, trade[0].probe) == "Neither you nor Player 2 has anything to trade."
    assert _why(s, trade[0].probe, "it").startswith("Né tu né Giocatore 2 ")
    goods(s, 1, water=1)
    spot = [h for h in _board(s).hits if h.tip and h.tip.startswith("Propose a trade to Player 2")]
    assert spot and spot[0].actions and GAME.legal_actions(s)[spot[0].actions[0]].type == "trade"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_board_draws_the_same_probes_in_either_language(lang):
    s = blank(3)
    assert [h.probe for h in _board(s, lang=lang).hits] == [h.probe for h in _board(s).hits]


def _rule(s, probe: dict) -> str | None:
    why = GAME.why_not(s, probe)
    assert why is not None, probe
    return why.rule


def test_each_refusal_names_the_rule_that_refuses():
    """Issue 27: the note's "Rule" link opens the refusing rule: the turn, the dilemma card,
    the worker; the space's own entry (no rule) when the space itself refuses (its cost, taken)."""
    s = blank(2)
    assert _rule(s, _place("TUN_EUP")) is None  # the tunnel's cost: the space's own entry says it
    assert _rule(s, {"type": "dilemma"}) == s.p[0].dilemma  # its price is on the dilemma card
    s.p[0].where[:2] = ["FARM", "GEN"]
    fresh_turn(s, 0)
    assert _rule(s, _place("TUN_EUP")) == "turn"  # no worker left to place: the turn's choice
    s = blank(2)
    set_dice(s, 0, {0: 3, 1: 3})
    fresh_turn(s, 0)
    GAME.apply(s, _place("AQU"))
    assert _rule(s, {"type": "retrieve", "dice": [0], "pay": "free"}) == "turn"  # one action a turn
    s = blank(2)
    s.p[0].dilemma_done = True
    fresh_turn(s, 0)
    assert _rule(s, {"type": "dilemma"}) == s.p[0].dilemma  # once per game, says the card
