"""The log lines stay word for word the same: a golden hash over many seeded games.

Every action's public line (``log_text``) and every automatic event (``event_texts``) of
``GAMES_PER_COUNT`` games at each player count from 2 to 7 (seeded random legal moves, the
options varied with the seed so that the short game, the killed King's heir and the rule
against duplicate districts all occur), plus a few games of the heuristic bot, are rendered
in English and Italian and hashed. ``EXPECTED`` was produced by running this test on the
code before the automatic events were read from a before/after diff (when the rules still
replayed each move on a copy with a module-global sink): the lines are unchanged if and only
if the hash still matches. Each game also checks that the events are one list per move.
"""

from __future__ import annotations

import hashlib

from engines.core.i18n import render
from engines.core.rng import Rng

from .helpers import GAME

GAMES_PER_COUNT = 26   # x 6 player counts = 156 random games
BOT_GAMES = 6
EXPECTED = "2070f8fc2b0f318f87bf98a00977a8c233eace165e6deb6e92191d2bb7319b1a"


def _options(seed: int) -> dict:
    """The options of game ``seed``: each variant on in about half of the games."""
    return {"short_game": seed % 2 == 1, "killed_king_heir": seed % 3 != 0,
            "forbid_duplicate_districts": seed % 5 == 2, "first_crown": 0}


def _lines(state, action) -> list[str]:
    """The move's own line and its automatic events, each in English then Italian."""
    after = state.clone()
    GAME.apply(after, action)
    texts = [GAME.log_text(state, action), *GAME.event_texts(state, action, after)]
    return [render(t, lang) for t in texts for lang in ("en", "it")]


def _play(digest, players: int, seed: int, choose) -> None:
    state = GAME.new_game(players, seed, _options(seed))
    rng = Rng.from_seed(seed * 31 + players)
    while not GAME.is_over(state):
        action = choose(state, rng)
        lines = _lines(state, action)
        GAME.apply(state, action)
        digest.update("\n".join(lines).encode())
        digest.update(b"\x00")


def _random(state, rng):
    return rng.choice(GAME.legal_actions(state))


def test_log_and_event_lines_are_unchanged():
    digest = hashlib.sha256()
    for players in range(GAME.min_players, GAME.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            _play(digest, players, seed, _random)
    bot = GAME.bots()["heuristic"]
    for seed in range(BOT_GAMES):
        _play(digest, 2 + seed % 6, 1000 + seed, lambda s, rng: bot(GAME, s, rng))
    assert digest.hexdigest() == EXPECTED
