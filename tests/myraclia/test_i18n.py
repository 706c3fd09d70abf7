"""Myraclia speaks English and Italian: the translation walk over seeded games (every log
line, label, picker step, refusal, automatic event and renderer text, in both languages),
specific refusal reasons, and the log lines of the automatic events."""

from __future__ import annotations

import time

from engines.core import i18n
from engines.core.errors import IllegalAction
from engines.core.i18n_check import walk
from engines.core.rng import Rng
from engines.myraclia import GAME
from engines.myraclia.actions import EndTurn, Pass, Take, Terraform
from engines.myraclia.components import TILES
from engines.myraclia.game import Myraclia
from engines.myraclia.state import LEDGER_KEYS
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import myraclia as renderer

from .helpers import cv as cubes, terraform_position
from .test_rules import draft_state

ALL = {"kickstarter": True, "eternity": True, "darkness": True}

#: internal names that must never reach a person: phases, action types, ledger keys
IDENTIFIERS = ["draft_queue", "terraform_actions", "tiles_to_add", "end_turn", "place_tile", "place_token",
               "released_element", "free_element", "all_surfaces", "largest_area", "surface_types",
               "None", "True", "False"]

GENERIC = ("That is not a legal move now", "not a legal move", "cannot use that")


class _WithOptions(Myraclia):
    """Myraclia whose new games have ``options`` (the walk starts games without options)."""

    def __init__(self, options: dict):
        self._options = options

    def new_game(self, players, seed, options=None):
        return super().new_game(players, seed, self._options)


def _bot(game, state, rng):
    return GAME.bots()["heuristic"](GAME, state, rng)


def renderer_texts(state, lang: str):
    """Every text the renderer draws and every tip, for the player to move, in ``lang``: at the
    wide layout or the phone layout, by turns (the same texts, placed differently)."""
    me = GAME.to_move(state)
    me = 0 if me is None else me
    # the renderer reads the labels of its buttons only (pass, end the turn): others are left out
    actions = [{"index": i, "action": GAME.dump_action(a),
                "label": GAME.action_label(state, a, lang) if a.type in ("pass", "end_turn") else ""}
               for i, a in enumerate(GAME.legal_actions(state))]
    width = 390 if (state.round + state.turn_pos + sum(state.draft_count) + len(state.surface)) % 2 else 1280
    cv = Canvas(width, 700, lang)
    renderer.render(cv, GAME.view(state, me), actions, me)
    yield from (op[3] for op in cv.ops if op[0] == "text")
    yield from (h.tip for h in cv.hits if h.tip)


def _final_texts(lang: str):
    state = GAME.new_game(3, 4)
    rng = Rng.from_seed(4)
    while not GAME.is_over(state):
        GAME.apply(state, _bot(GAME, state, rng))
    cv = Canvas(1280, 700, lang)
    renderer.render(cv, GAME.view(state, None), [], None)
    return [op[3] for op in cv.ops if op[0] == "text"] + [h.tip for h in cv.hits if h.tip]


def test_translation_walk_finds_no_problem():
    start = time.monotonic()
    problems: list[str] = []
    # random games (short: every kind of position early on) and bot games to the end
    problems += walk(GAME, [(2, 1), (5, 2)], max_steps=60, identifiers=IDENTIFIERS, extra=renderer_texts)
    problems += walk(_WithOptions(ALL), [(3, 3), (4, 4)], max_steps=400, identifiers=IDENTIFIERS,
                     bot=_bot, extra=renderer_texts, refusal_samples=2)
    problems += walk(_WithOptions({"beginner": True}), [(2, 5), (5, 6)], max_steps=400,
                     identifiers=IDENTIFIERS, bot=_bot, refusal_samples=2)
    for lang in i18n.LANGS:  # the end-of-game table
        from engines.core.i18n_check import problems_in
        for text in _final_texts(lang):
            problems += [f"final table ({lang}): {p}" for p in problems_in(text, IDENTIFIERS)]
    problems += [f"missing it translation: {t!r}" for d, lang, t in sorted(i18n.MISSING) if d == "myraclia"]
    print(f"walk took {time.monotonic() - start:.1f} s")
    assert problems == [], "\n".join(problems[:30])


# ---- refusals name their own rule -----------------------------------------------------------------
def _refusal_reasons(players: int, seed: int, options: dict, steps: int = 250):
    """The reasons of illegal actions met along a bot game: actions legal in earlier positions,
    and legal actions with a field changed (like the walk's sample, but all of them)."""
    state = GAME.new_game(players, seed, options)
    rng = Rng.from_seed(seed)
    previous: list = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        dumped = [GAME.dump_action(a) for a in legal]
        candidates = [GAME.dump_action(a) for a in previous]
        for d in dumped[:6]:
            for key, value in d.items():
                if key == "type":
                    continue
                changed = dict(d)
                changed[key] = (value + 1 if isinstance(value, int) else value[:-1] if isinstance(value, list)
                                else "P99" if key == "tile" else value)
                candidates.append(changed)
        for data in candidates:
            if data in dumped:
                continue
            try:
                GAME.apply(state.clone(), data)
            except IllegalAction as exc:
                yield exc
        previous = legal[-8:] + legal[:4]
        GAME.apply(state, _bot(GAME, state, rng))


def test_every_refusal_reason_is_specific_and_translated():
    reasons: dict[str, IllegalAction] = {}
    for players, seed, options in [(2, 11, ALL), (4, 12, {}), (5, 13, ALL)]:
        for exc in _refusal_reasons(players, seed, options):
            reasons.setdefault(exc.reason.template if isinstance(exc.reason, i18n.Text) else str(exc.reason), exc)
    assert len(reasons) >= 8, sorted(reasons)
    for template, exc in reasons.items():
        assert isinstance(exc.reason, i18n.Text), template
        english, italian = exc.message("en"), exc.message("it")
        assert not any(g.lower() in english.lower() for g in GENERIC), english
        assert english != italian, english


def test_refusals_separate_their_causes():
    """A payment: not in the reserve, not enough, or more than needed (hand rule); a reservation:
    a colour the tile does not need, completing it, or a penalty the score cannot pay; a
    position: which compact-shape rule it breaks."""
    tiles = [("P01", 0, 0, 1, True), ("P04", 1, 0), ("W06", 0, 1)]  # P04: blue + white
    s = terraform_position(tiles=tiles, reserves={0: cubes(white=1, blue=3, green=1)})
    reason = lambda a: _reason_of(s, a)
    assert reason(Terraform(tile="P04", pay=["blue", "white", "white"])) == \
        "You cannot pay 2 white: your reserve holds 1 white."
    assert reason(Terraform(tile="P04", pay=["white"])).startswith(
        "That payment does not cover the plains tile (blue + white)")
    assert "(hand rule)" in reason(Terraform(tile="P04", pay=["blue", "blue", "blue", "white"]))
    from engines.myraclia.actions import Reserve
    s.seats[0].score = 5
    assert reason(Reserve(tile="W06", place=["white"])).startswith(
        "The water tile (green + yellow + blue) does not need white")
    s.seats[0].score = 1
    assert reason(Reserve(tile="W06", place=["green"])) == \
        "You cannot pay the reservation penalty: 2 VP for 2 missing elements, and you have 1 VP."
    assert GAME.legal_actions(s)  # legality untouched: the reasons only explain it


def _reason_of(state, action) -> str:
    from engines.core import testing
    return testing.assert_illegal_leaves_state(GAME, state, action)


# ---- automatic events --------------------------------------------------------------------------------
def _events(state, action, lang="en"):
    before = state.clone()
    GAME.apply(state, action)
    return [i18n.render(t, lang) for t in GAME.event_texts(before, action, state)]


def test_events_of_a_terraform_say_who_scores_what():
    # F09 (yellow, red, blue; 1 VP; releases yellow) next to own P01 and opponent's W01
    tiles = [("P01", 0, 0, 0, True), ("W01", 1, 0, 1, True), ("F09", 0, 1)]
    s = terraform_position(tiles=tiles, reserves={0: cubes(yellow=1, red=1, blue=1)})
    lines = _events(s, Terraform(tile="F09", pay=["yellow", "red", "blue"]))
    assert "Player 1 scores 1 VP for the tile" in lines
    assert "Player 1 scores 1 VP adjacency bonus for neighbouring own tiles" in lines
    assert "Player 2 scores 1 VP for own tiles next to the terraformed tile" in lines
    assert "Player 1 gets released elements: 1 yellow" in lines


def test_events_of_the_end_of_the_draft_and_of_a_turn():
    d = draft_state(groups=[("yellow", 2), ("green", 1)])
    assert _events(d, Take(column=2)) == []  # Player 1's disc on column 2
    assert _events(d, Pass()) == [] and _events(d, Pass()) == []
    lines = _events(d, Pass())  # everyone has passed: the draft ends
    assert lines == ["The 2 elements left on the Draft board go to the discard pile",
                     "Terraforming order: Player 2, Player 3, Player 1",  # without a disc first (§6.6)
                     "Player 2’s turn to terraform"]
    d.seats[1].reserve = cubes(green=1)
    lines = _events(d, EndTurn(), "it")
    assert lines == ["Giocatore 2 mette 1 verde nella Zona di Scambio", "Tocca a Giocatore 3 terraformare"]


def test_events_of_the_end_of_a_round_and_of_the_game():
    tiles = [("W06", 0, 0, 0, True), ("F01", 1, 0)]  # W06 gives a free element every round
    s = terraform_position(tiles=tiles, options={"eternity": True})
    s.seats[0].score, s.seats[1].score = 0, 3
    GAME.apply(s, EndTurn())
    lines = _events(s, EndTurn())
    assert "End of round 1: unused elements and the trade zones go to the discard pile" in lines
    free = TILES["W06"].free
    assert f"Player 1 receives free elements: 1 {['green', 'yellow', 'orange', 'red', 'blue', 'black', 'white'][free]}" \
        in lines
    assert any(line.startswith("Drafting order for the next round: ") for line in lines)
    assert any(line.startswith("Player 1, last on the score track, draws Eternity token (") for line in lines)
    lines = _events(s, GAME.legal_actions(s)[0])
    assert lines[0] == "Round 2 begins" and lines[1].startswith("The Draft board is filled: column 1: ")
    # the end of a game: its final bonuses and its winner
    state = GAME.new_game(2, 8)
    rng = Rng.from_seed(8)
    while True:
        action = _bot(GAME, state, rng)
        before = state.clone()
        GAME.apply(state, action)
        if GAME.is_over(state):
            break
    lines = [str(t) for t in GAME.event_texts(before, action, state)]
    assert any(line.startswith("The game ends: ") for line in lines)
    assert sum("final scoring" in line for line in lines) == 2
    assert lines[-1].endswith("wins") or lines[-1].endswith("share the victory")


def test_score_categories_and_option_labels_are_translated():
    state = GAME.new_game(3, 1)
    keys = set(LEDGER_KEYS) | {"all_surfaces", "largest_area", "surface_types"}
    for lang in i18n.LANGS:
        names = GAME.score_categories(lang)
        assert keys <= set(names)
        for name in GAME.options_model.model_fields:
            assert GAME.option_label(name, lang)
    assert GAME.score_categories("it")["largest_area"] == "Area contigua più grande"
    assert GAME.option_label("eternity", "it") == "Espansione Eternità: 16 gettoni Eternità"
    assert set(GAME.score_breakdown(state)[0]) <= keys
