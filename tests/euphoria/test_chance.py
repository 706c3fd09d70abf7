"""Euphoria's chance nodes (``engines/euphoria/rules/chance.py``): the weights at every node of
seeded games, every kind of random event met, the future not in the state, private and
face-down outcomes hidden from the other seats' views and from the log, and reveals from who
saw an outcome."""

from __future__ import annotations

import json

from engines.core.chance import ENTROPY
from engines.core.rng import Rng
from engines.euphoria import GAME
from engines.euphoria.actions import choose, outcome_value
from engines.euphoria.effects import push, task
from engines.euphoria.rules import run

from .helpers import blank

#: every kind of chance node (``rules/chance.py``)
KINDS = {"deal_dilemma", "die", "first_player", "deal_tile", "six_tile", "site_tile", "deal_recruit",
         "fight_recruit", "art", "placement_start", "rolloff"}
VARIANTS = [{}, {"market_selection": True, "recruit_draft": True, "morale_knowledge_placement": True}]


class Checked:
    """A chance source dealing from ``dealer`` that checks each node as it deals it."""

    def __init__(self, dealer, met: dict):
        self.dealer, self.met = dealer, met

    def pick(self, game, state):
        weights = game.chance_weights(state)
        assert all(isinstance(w, int) and w > 0 for _, w in weights)
        assert abs(sum(p for _, p in game.chance_outcomes(state)) - 1) < 1e-9
        assert game.legal_actions(state) == [o for o, _ in weights]
        outcome = self.dealer.pick(game, state)
        assert any(outcome == o for o, _ in weights), (state.tasks[-1], outcome)
        kind = state.tasks[-1]["k"]
        self.met[kind] = self.met.get(kind, 0) + 1
        _check_hidden(state, outcome)
        return outcome


def _check_hidden(state, outcome) -> None:
    """A private or face-down outcome: the other seats' views do not depend on it, no log line
    names it, and the seats that see it count it (``reveals_to``)."""
    seen = GAME.chance_seen_by(state, outcome)
    after = state.clone()
    GAME.play_chance(after, outcome)
    for q in range(state.players):
        saw = seen is None or q in seen
        assert after.seen[q] - state.seen[q] == int(saw)
        if saw:
            assert GAME.reveals_to(state, outcome, after, q)
    if seen is None:
        return
    name = str(outcome_value(outcome))
    for lang in ("en", "it"):
        line = GAME.log_text(state, outcome).render(lang)
        assert name not in line and _words(outcome, lang) not in line, line
    others = [o for o, _ in GAME.chance_weights(state) if o != outcome]
    if not others:
        return
    twin = state.clone()
    GAME.play_chance(twin, others[0])
    for q in range(state.players):
        if q not in seen:
            assert GAME.view(after, q) == GAME.view(twin, q), (state.tasks[-1], q)


def _words(outcome, lang: str) -> str:
    """The outcome's item as a person reads it (a card's, a recruit's, a tile's name)."""
    return GAME.action_label(GAME.new_game(2, 1), outcome, lang).split(": ", 1)[-1]


def _play(players: int, seed: int, options: dict, met: dict, steps: int) -> None:
    state = GAME.new_game(players, seed, options, deal=False)
    source = Checked(state.dealer, met)
    state.dealer = None  # apply deals nothing: every node goes through the checking source
    GAME.deal(state, source)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        acts = GAME.legal_actions(state)
        GAME.apply(state, acts[rng.below(len(acts))])
        GAME.deal(state, source)
        assert not GAME.is_chance(state)


def test_every_node_of_seeded_games_has_weights_summing_to_one_and_every_kind_occurs():
    """40 seeded games (2 to 6 players, with and without the set-up variants), each node
    checked as it is dealt (``Checked``); the roll-off of a tie at the end, rare in play, from
    a position made for it."""
    met: dict[str, int] = {}
    for i in range(40):
        _play(2 + i % 5, 3000 + i, VARIANTS[i % 2], met, 120 if i % 8 else 400)
    s = blank(2)  # Fight the Oppressor (§19), from a position made for it
    source = Checked(s.dealer, met)
    s.dealer = None
    push(s, task("dil_side", 0))
    run(s)
    GAME.apply(s, choose("fight"))
    GAME.deal(s, source)
    assert s.tasks[-1]["k"] == "dil_keep" and len(s.tasks[-1]["drawn"]) == 2
    s = blank(3)
    s.p[1].stars = s.p[2].stars = 0
    s.p[1].morale = s.p[2].morale = 5  # tied on every tie-break but the roll-off (§21)
    push(s, task("end_check", 0))
    run(s)
    source = Checked(s.dealer, met)
    GAME.deal(s, source)
    assert s.phase == "over" and len(s.winners) == 1
    assert set(met) == KINDS, KINDS - set(met)


def test_the_state_does_not_fix_the_future():
    """The same seed and the same player choices, the outcomes from entropy: the games differ
    (the set-up already), and one position dealt on twice from entropy diverges."""
    dealt = []
    for _ in range(2):
        state = GAME.new_game(4, 77, dealer=False, deal=False)
        assert state.dealer is None and GAME.is_chance(state)
        dealt.append([GAME.dump_action(o) for o in GAME.deal(state, ENTROPY)])
    assert dealt[0] != dealt[1]
    state = GAME.new_game(3, 78)
    rng = Rng.from_seed(1)
    while True:  # on to a move followed by chance (a roll, a draw)
        acts = GAME.legal_actions(state)
        a = acts[rng.below(len(acts))]
        trial = state.clone()
        trial.dealer = None
        GAME.apply(trial, a)
        if GAME.is_chance(trial):
            break
        GAME.apply(state, a)
    runs = set()
    for _ in range(12):
        world = trial.clone()
        GAME.deal(world, ENTROPY)
        runs.add(json.dumps([GAME.view(world, q) for q in range(3)], sort_keys=True))
    assert len(runs) > 1


def test_seen_by_drives_reveals_to():
    """A die is seen by everyone, an artifact drawn by its drawer only, a site's tile by
    nobody; ``reveals_to`` follows."""
    s = blank(2)
    s.art_deck = sorted(s.art_deck)
    push(s, task("draw", 1, n=1, plain=True))
    run(s)
    assert GAME.is_chance(s) and GAME.to_move(s) == -1
    o = GAME.legal_actions(s)[0]
    assert GAME.chance_seen_by(s, o) == (1,)
    after = s.clone()
    GAME.play_chance(after, o)
    assert GAME.reveals_to(s, o, after, 1)
    assert after.seen[1] == s.seen[1] + 1 and after.seen[0] == s.seen[0]
    fresh = GAME.new_game(2, 5, deal=False)
    assert fresh.tasks[-1]["k"] == "deal_dilemma"
    while fresh.tasks[-1]["k"] != "site_tile":
        GAME.play_chance(fresh, fresh.dealer.pick(GAME, fresh))
    o = GAME.legal_actions(fresh)[0]
    assert GAME.chance_seen_by(fresh, o) == ()
    after = fresh.clone()
    GAME.play_chance(after, o)
    assert after.seen == fresh.seen
    assert not any(GAME.reveals_to(fresh, o, after, q) for q in range(2))
