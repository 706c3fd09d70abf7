"""The corpus of old records: share links and records of the first format ("tavolo/1"),
written by the engines before chance became explicit, with what each replays to.

Each entry of ``tests/corpus/<game>.json`` holds a share link (its record inside) and the
fingerprint of the position the record replays to, at its end and at its middle:
whose move it is, the scores, every seat's view and the spectator's (as JSON), and the legal
actions. A record of the old format must open and replay to the same position, byte for byte
in those figures, however the engines keep their state (``test_corpus.py``).

The games: every player count, bots random and heuristic mixed, some played to the end, some
cut short, and two forked (played on from a position with what one seat had not seen dealt
again, as the review's "Play from here" does).
"""

from __future__ import annotations

import hashlib
import json

from engines.core.bots import get_bot
from engines.core.game import Game
from engines.core.record import Fork, GameRecord, new_record, positions, start
from engines.core.rng import Rng

GAMES = 10
FORKED = 2


def _sha(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fingerprint(game: Game, state) -> dict:
    """What a position is, for the corpus: whose move, scores, the views, the legal actions."""
    views = [game.view(state, None)] + [game.view(state, p) for p in range(state.players)]
    return {"to_move": game.to_move(state), "scores": list(game.scores(state)), "views": _sha(views),
            "legal": _sha([game.dump_action(a) for a in game.legal_actions(state)])}


def state_after(game: Game, record: GameRecord, upto: int | None = None):
    state = start(game, record)
    for position in positions(game, record, state, upto=upto):
        state = position.after
    return state


def _play(game: Game, record: GameRecord, state, bots: list, rngs: list, limit: int):
    for _ in range(limit):
        seat = game.to_move(state)
        if seat is None:
            break
        action = bots[seat](game, state, rngs[seat])
        record.actions.append(game.dump_action(action))
        game.apply(state, action)
    return state


def make_corpus(game: Game) -> list[dict]:
    from tavolo_ui.links import encode_record  # the page's own encoder

    span = game.max_players - game.min_players + 1
    entries = []
    for i in range(GAMES + FORKED):
        players = game.min_players + i % span
        seed = 9100 + i
        kinds = ["heuristic" if (i + p) % 2 else "random" for p in range(players)]
        bots = [get_bot(game, k) for k in kinds]
        rngs = [Rng.from_seed(seed * 7 + p) for p in range(players)]
        record = new_record(game, players, seed, None,
                            [{"name": f"P{p + 1}", "kind": f"bot:{k}"} for p, k in enumerate(kinds)])
        limit = 3000 if i % 3 == 0 else 40 + 25 * i  # every third game to its end, the others cut short
        state = _play(game, record, game.new_game(players, seed), bots, rngs, limit)
        if i >= GAMES:  # forked: "Play from here" as seat 0, then played on
            record.forks.append(Fork(at=len(record.actions), seat=0, seed=4242 + i))
            state = _play(game, record, state_after(game, record), bots, rngs, 60)
        half = len(record.actions) // 2
        entries.append({"link": encode_record(record), "moves": len(record.actions),
                        "end": fingerprint(game, state_after(game, record)),
                        "middle": {"upto": half, **fingerprint(game, state_after(game, record, half))}})
    return entries
