"""Euphoria speaks English and Italian: every text a person reads goes through the catalogue
(``engines/euphoria/i18n/it.json``), refusals name their rule, automatic events are logged."""

from __future__ import annotations

import pytest

from engines.core import i18n
from engines.core.errors import IllegalAction
from engines.core.i18n_check import problems_in, walk
from engines.core.rng import Rng
from engines.euphoria import GAME, Euphoria
from engines.euphoria.actions import Choose
from engines.euphoria.bot import choose as heuristic
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers.euphoria import render as draw

from .helpers import blank, goods

IDENTIFIERS = ["EUP", "SUB", "WAS", "ICA", "avail", "pool"]
"""Internal names that must never reach a person (parts of space ids, where a worker is); the
walk refuses every snake_case word by itself (task kinds, ids)."""

GENERIC = ("That is not a legal move now", "Not allowed", "is not one of the choices now",
           "You cannot use that", "you cannot pay the cost")
"""Refusals that merge several causes: none may be shown."""

REFUSALS: list[str] = []
EXTRA_PROBLEMS: list[str] = []
ENDED: set[tuple[int, int]] = set()


class _Recording(Euphoria):
    """The game, remembering the English reason of every refusal the walk provokes, and the
    games it saw end."""

    def is_over(self, state):
        over = super().is_over(state)
        if over:
            ENDED.add((state.players, state.seed))
        return over

    def apply(self, state, action):
        try:
            super().apply(state, action)
        except IllegalAction as exc:
            REFUSALS.append(exc.message("en"))
            raise


def _renderer_texts(every: int = 5):
    """``extra`` of the walk: every text the renderer draws and every tip, for one position out
    of ``every`` (at 1280 and 390 px in turn), each (English, Italian) pair only the first time
    it is seen, so the walk stays quick. The walk asks for each language of a position in turn:
    both are drawn at the first call, and the same pairs are returned in the same order."""
    seen_pairs: set[tuple[str, str]] = set()
    positions: dict[str, int] = {}
    cache: dict[str, dict[str, list[str]]] = {}

    def texts(state, lang, n):
        me = GAME.to_move(state)
        acts = [{"index": i, "action": GAME.dump_action(a), "label": GAME.action_label(state, a, lang)}
                for i, a in enumerate(GAME.legal_actions(state))]
        cv = Canvas(1280 if (n // every) % 2 == 0 else 390, 700, lang=lang)
        draw(cv, GAME.view(state, me), acts, me)
        return [op[3] for op in cv.ops if op[0] == "text"], [h.tip for h in cv.hits if h.tip]

    def extra(state, lang):
        key = state.model_dump_json()
        n = positions.setdefault(key, len(positions))
        if n % every:
            return []
        if key not in cache:
            (en, en_tips), (it, it_tips) = texts(state, "en", n), texts(state, "it", n)
            assert len(en_tips) == len(it_tips), "the renderer gives the same tips in both languages"
            if len(en) != len(it):  # a longer Italian text wrapped onto more lines: check each alone
                for text in en + it:
                    EXTRA_PROBLEMS.extend(problems_in(text, IDENTIFIERS))
                en, it = [], []
            en, it = en + en_tips, it + it_tips
            keep = [(e, i) for e, i in zip(en, it) if (e, i) not in seen_pairs]
            seen_pairs.update(keep)
            cache.clear()
            cache[key] = {"en": [e for e, _ in keep], "it": [i for _, i in keep]}
        return cache[key][lang]
    return extra


def _heuristic_some(game, state, rng):
    """The heuristic bot, with a random move now and then (so more kinds of moves are seen)."""
    acts = game.legal_actions(state)
    if rng.below(5) == 0:
        return acts[rng.below(len(acts))]
    return heuristic(game, state, rng)


def test_translation_walk_to_the_end_of_games_at_each_player_count():
    """Seeded games of 2 to 6 players, played to their end: no problem in any text."""
    REFUSALS.clear()
    EXTRA_PROBLEMS.clear()
    ENDED.clear()
    game = _Recording()
    mixed, pure = [(2, 1), (3, 2), (4, 3)], [(5, 4), (6, 5)]  # longer games: the bot alone, so they end
    games = mixed + pure
    problems = walk(game, mixed, max_steps=900, identifiers=IDENTIFIERS, bot=_heuristic_some,
                    extra=_renderer_texts())
    problems += walk(game, pure, max_steps=900, identifiers=IDENTIFIERS, bot=heuristic,
                     extra=_renderer_texts())
    assert problems == [], "\n".join(problems[:30])
    assert EXTRA_PROBLEMS == [], "\n".join(EXTRA_PROBLEMS[:30])
    assert ENDED == set(games), "the walk went to the end of each game"
    assert REFUSALS, "the walk provoked no refusal"
    generic = [r for r in REFUSALS if any(g in r for g in GENERIC)]
    assert generic == [], generic[:5]


def test_variants_walk():
    """The variants' set-up choices (draft, market selection, track placement) and the first
    printing read well in both languages too (a shorter walk)."""
    opts = {"recruit_draft": True, "market_selection": True, "morale_knowledge_placement": True,
            "first_printing_recruits": True}

    class Variant(Euphoria):
        def new_game(self, players, seed, options=None):
            return super().new_game(players, seed, opts)

    problems = walk(Variant(), [(3, 7), (4, 8)], max_steps=250, identifiers=IDENTIFIERS,
                    bot=_heuristic_some, extra=_renderer_texts(11))
    assert problems == [], "\n".join(problems[:30])


def test_refusals_name_their_rule():
    """Each cause has its own sentence, in both languages."""
    s = blank(2)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "end_turn"})
    assert "must place a worker, retrieve or resolve your dilemma" in exc.value.message("en")
    assert "devi piazzare un lavoratore" in exc.value.message("it")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "place", "die": 0, "space": "TUN_EUP"})  # no energy
    assert exc.value.message("en") == "You cannot pay for Euphorian Tunnel: it costs 1 energy."
    assert exc.value.message("it") == "Non puoi pagare Tunnel Euphorian: costa 1 energia."
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "place", "die": 0, "space": "TUNEND_EUP"})
    assert "miner reaches 9" in exc.value.message("en")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "place", "die": 0, "space": "MKT_EUP_A"})
    assert exc.value.message("en") == "The market of construction site A of Euphoria is not built yet."


def _events(before, action):
    after = before.clone()
    GAME.apply(after, action)
    return [str(t) for t in GAME.event_texts(before, action, after)], \
        [i18n.render(t, "it") for t in GAME.event_texts(before, action, after)]


def test_events_turn_passes_and_goods_paid():
    """Placing the last worker of a turn: the cost paid, the reward, and the next player's turn."""
    s = blank(2)
    goods(s, 0, energy=1)
    place_tunnel = next(a for a in GAME.legal_actions(s) if a.type == "place" and a.space == "TUN_EUP")
    en, it = _events(s, place_tunnel)
    assert any(line.startswith("Player 1: −1 energy") for line in en), en
    assert any(line.startswith("Giocatore 1: −1 energia") for line in it), it
    GAME.apply(s, place_tunnel)
    gold = Choose(option="gold")  # the tunnel's reward: gold or an artifact card
    en, it = _events(s, gold)
    assert "Player 1: +1 gold" in en and "The Euphorian miner advances to 1" in en
    assert "Giocatore 1: +1 oro" in it and "Il minatore Euphorian avanza a 1" in it
    assert s.current == 0 and en[-1] == "Player 2’s turn" and it[-1] == "Turno di Giocatore 2"


def test_events_game_start_names_the_first_player_and_active_recruits():
    s = GAME.new_game(2, 1)
    while s.phase == "setup":
        before = s.clone()
        a = GAME.legal_actions(s)[0]
        GAME.apply(s, a)
    en = [str(t) for t in GAME.event_texts(before, a, s)]
    assert en[0] == f"The game begins: Player {s.first_player + 1} plays first"
    assert sum(" starts with " in line for line in en) == 2
    assert en[-1] == f"Player {s.current + 1}’s turn"


def test_events_a_whole_game_logs_markets_stars_and_the_end():
    """A played game: markets built, stars placed, allegiance, the miner, and the winner."""
    s = GAME.new_game(3, 2)
    rng = Rng.from_seed(3)
    lines = []
    while not GAME.is_over(s):
        before = s.clone()
        a = heuristic(GAME, s, rng)
        GAME.apply(s, a)
        lines += [str(t) for t in GAME.event_texts(before, a, s)]
    text = "\n".join(lines)
    for part in (" is built on construction site ", " places a star ", " allegiance: ", " miner advances to ",
                 " rolls: ", "The game is over: "):
        assert part in text, part
    # nothing hidden: no line names a recruit kept face down when it was kept
    assert not any("keeps" in line for line in lines)


def test_score_categories_and_option_labels_in_both_languages():
    assert GAME.score_categories("it")["market tiles"] == "mercati"
    assert set(GAME.score_categories("en")) >= set(GAME.score_breakdown(GAME.new_game(2, 1))[0])
    for name, field in GAME.options_model.model_fields.items():
        assert GAME.option_label(name, "en") == field.description
        assert GAME.option_label(name, "it") != field.description
