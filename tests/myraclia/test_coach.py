"""The coach at Myraclia's table: a click on a spot that is not a legal choice says why, in
one sentence naming the rule, from the engine (``Game.why_not``).

- The walk: seeded games at every player count (the heuristic bot moving, every option on
  in some), the board drawn for the seat to move as the shell draws it; every spot with a
  probe (the move it stands for) gets a reason that is not None, specific (no generic
  fallback of the core), in English and in Italian; every ``ref`` is a reference entry.
- Hand-built positions, each isolating one cause: the reason named is that cause's.
"""

from __future__ import annotations

import time

import pytest

from engines.core import i18n
from engines.core.i18n import Text
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.components import COLOURS
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer

from .helpers import cv as cubes, terraform_position
from .test_rules import draft_state

ALL = {"kickstarter": True, "eternity": True, "darkness": True}

#: the core's generic refusals (``Game.check``, ``parse_action``) and other catch-alls
GENERIC = ("That is not a legal move now", "Not a ", "You cannot do that now", "not a legal move",
           "cannot use that")

#: (players, seed, options, every how many moves a position is looked at)
GAMES = [(2, 3, ALL, 1), (2, 4, None, 2), (3, 5, None, 2), (3, 6, ALL, 2), (4, 7, ALL, 2),
         (4, 8, {"darkness": True}, 3), (5, 9, {"eternity": True}, 3), (5, 10, ALL, 3)]
BUDGET_S = 20.0  # the walk's time bound on a busy machine (it stops looking, not failing)


def _actions(state) -> list[dict]:
    """The renderer's actions as the shell builds them."""
    return [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(state, a)}
            for i, a in enumerate(GAME.legal_actions(state))]


REFS = {e["id"] for e in GAME.reference("en")}


def _spots(state, lang: str = "en"):
    """The board drawn for the seat to move (wide layout): its hits."""
    me = GAME.to_move(state)
    cv = Canvas(1280, 900, lang)
    get_renderer("myraclia")(cv, GAME.view(state, me), _actions(state), me)
    return cv.hits


def _assert_specific(refusal) -> tuple[str, str]:
    """A refusal that names its rule: a myraclia Text (not a core fallback), non-empty in
    both languages, Italian different where the catalogue translates it, and a rule that is
    an entry of the reference (or None: the spot's own entry). (en, it)."""
    assert refusal.rule is None or refusal.rule in REFS, refusal
    reason = refusal.text
    assert isinstance(reason, Text), reason
    en, it = reason.render("en"), reason.render("it")
    assert en.strip() and it.strip(), reason
    assert reason.domain == "myraclia", f"a generic refusal of the core: {en}"
    assert not any(en.startswith(g) or g.lower() in en.lower() for g in GENERIC), en
    if reason.template in i18n.table("myraclia", "it"):
        assert en != it, en
    return en, it


@pytest.fixture(scope="module")
def walk():
    """Spots with probes, the distinct reasons (template -> an English example), the probe
    kinds met, the refs met, the positions looked at and the time taken."""
    ref_ids = {e["id"] for e in GAME.reference("en")}
    t0 = time.monotonic()
    probes, positions, reasons, kinds, refs = 0, 0, {}, set(), set()
    rules_named: set[str | None] = set()
    bot = GAME.bots()["heuristic"]
    for players, seed, options, every in GAMES:
        state = GAME.new_game(players, seed, options)
        rng = Rng.from_seed(seed)
        step = 0
        while not GAME.is_over(state) and time.monotonic() - t0 < BUDGET_S * (GAMES.index(
                (players, seed, options, every)) + 1) / len(GAMES):
            if step % every == 0:
                positions += 1
                for hit in _spots(state):
                    if hit.ref is not None:
                        assert hit.ref in ref_ids, hit.ref
                        refs.add(hit.ref)
                    if hit.probe is None:
                        continue
                    assert not hit.actions
                    probes += 1
                    reason = GAME.why_not(state, hit.probe)
                    assert reason is not None, ("a probe that is legal: the spot should have its action",
                                                hit.probe, state.phase)
                    en, _it = _assert_specific(reason)
                    reasons.setdefault(reason.text.template, en)
                    rules_named.add(reason.rule)
                    kinds.add((state.phase, hit.probe["type"]))
            GAME.apply(state, bot(GAME, state, rng))
            step += 1
    return {"probes": probes, "positions": positions, "reasons": reasons, "kinds": kinds, "refs": refs,
            "rules": rules_named,
            "seconds": time.monotonic() - t0}


def test_every_refusal_reached_on_the_board_is_specific(walk):
    print(f"\ncoach walk: {walk['positions']} positions, {walk['probes']} spots with probes, "
          f"{len(walk['reasons'])} distinct reasons, {len(walk['refs'])} refs, {walk['seconds']:.1f}s")
    for template, example in sorted(walk["reasons"].items()):
        print("  -", example)
    assert walk["probes"] >= 200
    assert len(walk["reasons"]) >= 12, sorted(walk["reasons"])
    # the obvious things to click were met in each phase
    assert {("draft", "terraform"), ("draft", "take"), ("draft", "place_tile"), ("terraform", "terraform"),
            ("terraform", "take"), ("terraform", "place_tile")} <= walk["kinds"], walk["kinds"]


def test_the_refusals_met_on_the_board_name_the_phases_rules(walk):
    assert {"draft-board", "terraforming"} <= walk["rules"], walk["rules"]


def test_every_spot_with_a_reference_entry_links_to_it(walk):
    assert {"draft-board", "order-board", "score-track", "reserve", "trade-zone", "tile-bag"} <= walk["refs"]
    assert any(r.startswith("P") for r in walk["refs"]) and any(r.startswith("DARK") for r in walk["refs"])


# ---- hand-built positions: one cause each ----------------------------------------------------------
def _why(state, probe: dict) -> str:
    reason = GAME.why_not(state, probe)
    assert reason is not None, probe
    en, _ = _assert_specific(reason)
    return en


def test_a_tile_names_why_it_cannot_be_terraformed():
    tiles = [("P01", 0, 0, 1, True), ("P02", 1, 0), ("P03", 3, 0), ("P04", 0, 1, 1, False), ("DARK1", -1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cubes(orange=1, red=1)}, options={"darkness": True})
    assert GAME.why_not(s, {"type": "terraform", "tile": "P02"}) is None  # legal: payable and adjacent
    assert _why(s, {"type": "terraform", "tile": "P03"}) == "The plains tile (yellow + black) must be next to a terraformed tile."
    assert _why(s, {"type": "terraform", "tile": "P01"}) == "The plains tile (green + yellow) is already terraformed."
    assert _why(s, {"type": "terraform", "tile": "P04"}) == "The plains tile (blue + white) is reserved by Player 2."
    assert _why(s, {"type": "terraform", "tile": "DARK1"}) == "Darkness tiles can never be terraformed."
    assert GAME.why_not(s, {"type": "terraform", "tile": "P02", "pay": []}) is None  # pay left open
    assert _why(s, {"type": "terraform", "tile": "P02", "pay": ["green"]}).startswith("You cannot pay")  # a whole move
    s.founding = True
    s.seats[0].terraformed_this_round = True
    assert "in the first round only your first terraformed tile" in _why(s, {"type": "terraform", "tile": "P03"})
    s.founding = False
    s.actions_used = 3
    assert _why(s, {"type": "terraform", "tile": "P02"}) == "You have already used your 3 actions this turn."
    s.actions_used = 0
    s.seats[0].discs = 0
    assert _why(s, {"type": "terraform", "tile": "P02"}) == "You have no disc left."


def test_a_tile_names_why_it_cannot_be_paid():
    tiles = [("P01", 0, 0, 1, True), ("P02", 1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cubes()})
    assert _why(s, {"type": "terraform", "tile": "P02"}) == "Your reserve is empty: the plains tile (orange + red) needs orange, red."
    s.seats[0].reserve = cubes(orange=1, green=2)
    why = _why(s, {"type": "terraform", "tile": "P02"})
    assert why.startswith("Your elements cannot pay for the plains tile (orange + red): it needs orange, red, and you "
                          "hold 2 green, "
                          "1 orange"), why
    s.seats[0].reserve = cubes(orange=1, green=3)  # a wildcard of 3 green for the red
    assert GAME.why_not(s, {"type": "terraform", "tile": "P02"}) is None


def test_draft_columns_trades_and_the_offer_name_their_rule():
    d = draft_state(groups=[("green", 3)])
    assert _why(d, {"type": "take", "column": 2}) == "Column 2 of the Draft board has no elements."
    assert _why(d, {"type": "terraform", "tile": d.surface[0].id}).startswith(
        "Tiles are terraformed in the terraforming turns, after the draft")
    assert _why(d, {"type": "place_tile", "tile": d.offer[0]}).startswith("New tiles are added at the end of")
    assert _why(d, {"type": "trade"}).startswith("Trades are made in the terraforming turns")
    s = terraform_position(tiles=[("P01", 0, 0, 1, True), ("P02", 1, 0)], reserves={0: cubes(green=2)})
    assert _why(s, {"type": "take", "column": 1}).startswith("The draft is over for this round")
    assert _why(s, {"type": "place_tile", "tile": s.offer[0]}).startswith("New tiles are added when you end")
    assert _why(s, {"type": "trade"}) == ("There is nothing to trade with: nobody has finished their turn "
                                          "this round.")
    s.turn_pos = 1
    s.terraforming_order = [1, 0]
    assert _why(s, {"type": "trade"}).startswith("The trade zones are empty: the players who ended their turn")
    s.pool = cubes(green=1, red=1)
    assert _why(s, {"type": "trade", "take": "blue"}) == "The trade zones hold no blue element."
    assert _why(s, {"type": "trade", "take": "green"}) == ("A trade swaps two different colours: your reserve "
                                                          "holds only green elements.")
    assert GAME.why_not(s, {"type": "trade", "take": "red"}) is None
    s.seats[0].reserve = cubes()
    assert _why(s, {"type": "trade", "take": "red"}).startswith("Your reserve is empty: a trade gives")


def test_the_offer_and_the_eternity_token_in_their_own_steps():
    s = terraform_position(tiles=[("P01", 0, 0, 1, True), ("P02", 1, 0), ("P03", 0, 1), ("P04", 1, -1)],
                           options={"darkness": True})
    s.phase, s.tiles_to_add = "place", 1
    s.offer = ["P05", "DARK2", "P06"]
    assert _why(s, {"type": "place_tile", "tile": "P05"}) == "The Darkness tile in the tile offer must be added first."
    assert GAME.why_not(s, {"type": "place_tile", "tile": "DARK2"}) is None
    assert _why(s, {"type": "terraform", "tile": "P02"}).startswith("You have ended your turn")
    s.phase, s.eternity_drawn, s.eternity_placer = "eternity", "E01", 0
    assert _why(s, {"type": "place_token", "tile": "P01"}) == ("The Eternity token goes on a free tile: "
                                                               "the plains tile (green + yellow) is already terraformed.")
    assert _why(s, {"type": "terraform", "tile": "P02"}).startswith("The round is over: now put the Eternity token")


def test_the_board_carries_these_probes_for_the_seat_to_move_only():
    s = terraform_position(tiles=[("P01", 0, 0, 1, True), ("P02", 1, 0), ("P03", 3, 0)],
                           reserves={0: cubes(green=1)})
    hits = _spots(s)
    probes = [h.probe for h in hits if h.probe]
    assert {"type": "terraform", "tile": "P03"} in probes and {"type": "take", "column": 1} in probes
    assert {"type": "place_tile", "tile": s.offer[0]} in probes and {"type": "trade"} in probes
    cv = Canvas(1280, 900, "en")  # a spectator's table: no probes (the page says who is to play)
    get_renderer("myraclia")(cv, GAME.view(s, None), [], None)
    assert not any(h.probe for h in cv.hits)


def test_setup_refuses_a_bad_age_order_in_both_languages():
    with pytest.raises(ValueError) as exc:
        GAME.new_game(3, 1, {"youngest_first": [0, 0, 1]})
    reason = exc.value.args[0]
    assert isinstance(reason, Text) and "every seat" in str(reason)
    assert reason.render("it") != reason.render("en")


def test_colours_of_the_reasons_are_translated():
    s = terraform_position(tiles=[("P01", 0, 0, 1, True), ("P02", 1, 0)], reserves={0: cubes(green=2)})
    it = GAME.why_not(s, {"type": "terraform", "tile": "P02"}).render("it")
    assert "arancione" in it and not any(c in it.split() for c in COLOURS)


def _rule(state, probe: dict) -> str | None:
    why = GAME.why_not(state, probe)
    assert why is not None, probe
    return why.rule


def test_each_refusal_names_the_rule_that_refuses():
    """Issue 27: the note's "Rule" link opens the refusing rule: the phase, adjacency, the
    reservation, the wildcard payment, the trade zones, the discs; the tile's own entry (no
    rule) when the tile's kind is the reason (a Darkness tile)."""
    tiles = [("P01", 0, 0, 1, True), ("P02", 1, 0), ("P03", 3, 0), ("P04", 0, 1, 1, False), ("DARK1", -1, 0)]
    s = terraform_position(tiles=tiles, reserves={0: cubes(orange=1, red=1)}, options={"darkness": True})
    assert _rule(s, {"type": "terraform", "tile": "P03"}) == "terraforming"  # not next to a terraformed tile
    assert _rule(s, {"type": "terraform", "tile": "P04"}) == "reservation"  # reserved by another player
    assert _rule(s, {"type": "terraform", "tile": "DARK1"}) is None
    assert _rule(s, {"type": "take", "column": 1}) == "terraforming"  # the draft is over
    s.seats[0].reserve = cubes()
    assert _rule(s, {"type": "terraform", "tile": "P02"}) == "wildcard"  # nothing to pay with
    s.seats[0].discs = 0
    s.seats[0].reserve = cubes(orange=1, red=1)
    assert _rule(s, {"type": "terraform", "tile": "P02"}) == "disc"
    assert _rule(s, {"type": "trade"}) == "trade-zone"
    d = draft_state(groups=[("green", 3)])
    assert _rule(d, {"type": "take", "column": 2}) == "draft-board"
    assert _rule(d, {"type": "terraform", "tile": d.surface[0].id}) == "draft-board"  # not in the draft
