"""determinize / evaluate / search levels of Citadels (the fair search bots)."""

from __future__ import annotations

import json
from collections import Counter

from engines.citadels.bot import choose
from engines.citadels.dealer import CitadelsDealer
from engines.citadels.determinize import _shuffle
from engines.core.rng import Rng

from .helpers import GAME, new


def _cards(s):
    out = Counter(s.deck) + Counter(s.bottom) + Counter(s.drawn) + Counter([s.destroyed] if s.destroyed else [])
    for h in s.hands:
        out += Counter(h)
    for c in s.cities:
        out += Counter(c)
    return out


def _ranks(s):
    held = [r for r in range(1, 9) if s.holder[r] != -1]
    return sorted(held + s.removed_up + s.face_down + ([s.removed_down] if s.removed_down else [])
                  + s.draft_cards)


def _positions(players, seed, every=7, limit=400):
    """States of a heuristic game, one every ``every`` moves."""
    s = new(players, seed)
    rng = Rng.from_seed(seed * 7 + 1)
    out, k = [], 0
    while not GAME.is_over(s) and k < limit:
        if k % every == 0:
            out.append(s.clone())
        GAME.apply(s, choose(GAME, s, rng))
        k += 1
    out.append(s)
    return out


def _dump(s):
    return json.dumps(s.model_dump(mode="json"), sort_keys=True)


def test_view_conserved_and_state_unchanged():
    n = 0
    for players in range(2, 8):
        for st in _positions(players, players, every=9):
            before = _dump(st)
            for p in range(players):
                det = GAME.determinize(st, p, Rng.from_seed(n))
                n += 1
                assert GAME.view(det, p) == GAME.view(st, p)
                assert _cards(det) == _cards(st)
                assert _ranks(det) == _ranks(st)
            assert _dump(st) == before


def _redeal_hidden(st, p, seed):
    """The same position with what ``p`` cannot see re-dealt by hand: the deck and the other
    hands pooled and shuffled back, the initial face-down rank swapped with another seat's
    unrevealed character when ``p`` cannot see either."""
    s = st.clone()
    rng = Rng.from_seed(10_000 + seed)
    others = [q for q in range(s.players) if q != p]
    pool = s.deck + s.bottom + [c for q in others for c in s.hands[q]]
    _shuffle(pool, rng)
    for q in others:
        n = len(s.hands[q])
        s.hands[q], pool = pool[:n], pool[n:]
    s.deck, s.bottom = sorted(pool), []
    called = s.called if s.phase != "draft" else 0
    hold = [r for r in range(1, 9) if r > called and r not in s.revealed
            and s.holder[r] not in (-1, p)]
    if s.removed_down and s.seen_down_by != p and hold and s.removed_down > called:
        r = hold[rng.below(len(hold))]
        s.holder[s.removed_down], s.holder[r] = s.holder[r], -1
        s.removed_down = r
    s.dealer = CitadelsDealer.from_seed(10_000 + seed)   # another future: the world must not read it
    return s


def test_depends_only_on_what_player_sees():
    for players in (2, 3, 5, 7):
        for i, st in enumerate(_positions(players, 20 + players, every=11)):
            for p in range(players):
                other = _redeal_hidden(st, p, i)
                a = GAME.determinize(st, p, Rng.from_seed(i))
                b = GAME.determinize(other, p, Rng.from_seed(i))
                assert _dump(a) == _dump(b)


def test_coverage():
    st = _positions(4, 3, every=5)[6]
    p = 0
    places = {}
    for k in range(300):
        det = GAME.determinize(st, p, Rng.from_seed(k))
        for q in range(1, 4):
            for c in det.hands[q]:
                places.setdefault(c, set()).add(q)
        for c in det.deck + det.bottom:
            places.setdefault(c, set()).add("deck")
    unseen = set(st.deck + st.bottom)
    for q in range(1, 4):
        unseen |= set(st.hands[q])
    wanted = {q for q in range(1, 4) if st.hands[q]} | {"deck"}
    for c in unseen:
        assert places[c] == wanted, c


def test_playable_from_determinizations():
    for players in range(2, 8):
        sts = _positions(players, 40 + players, every=13)
        for i, st in enumerate(sts[:: max(1, len(sts) // 3)]):
            det = GAME.determinize(st, i % players, Rng.from_seed(i))
            rng = Rng.from_seed(i + 5)
            steps = 0
            while not GAME.is_over(det) and steps < 3000:
                acts = GAME.legal_actions(det)
                assert acts
                a = acts[rng.below(len(acts))] if steps % 2 else GAME.playout_action(det, rng)
                GAME.apply(det, a)
                steps += 1
            assert GAME.is_over(det)


def test_evaluate():
    hits = total = 0
    for seed in range(12):
        players = 2 + seed % 4
        pos = _positions(players, 100 + seed, every=1, limit=5000)
        end = pos[-1]
        assert GAME.is_over(end)
        w = GAME.winners(end)
        for p in range(players):
            assert GAME.evaluate(end, p) == (1 / len(w) if p in w else 0.0)
        mid = pos[2 * len(pos) // 3]
        ev = [GAME.evaluate(mid, p) for p in range(players)]
        assert all(0 <= e <= 1 for e in ev)
        if len(w) == 1:
            total += 1
            hits += ev[w[0]] == max(ev)
    print(f"evaluate: eventual winner best at 2/3 in {hits}/{total}")
    assert hits / total > 1 / 2.5


def test_levels_and_fairness():
    bots = GAME.bots()
    assert list(bots)[-1] == "heuristic"
    assert {"easy", "normal", "hard"} <= set(bots)
    from engines.core.search import search_bot
    bot = search_bot(20, playout_steps=20)
    for st in _positions(3, 9, every=17)[1:4]:
        p = GAME.to_move(st)
        other = _redeal_hidden(st, p, 3)
        assert GAME.view(other, p) == GAME.view(st, p)
        a = bot(GAME, st, Rng.from_seed(1))
        b = bot(GAME, other, Rng.from_seed(1))
        assert a == b
    st = new(3, 1)
    a = bots["easy"](GAME, st, Rng.from_seed(2))
    assert a in GAME.legal_actions(st)


def _seats_of_steps(s):
    from engines.citadels.rules import draft_schedule
    return [(s.draft_crown + offset) % s.players for offset, _op in draft_schedule(s.players)]


def test_every_world_replays_the_draft_as_the_player_saw_it(monkeypatch):
    """At every count and moment of a round, each world's draft agrees with every hand the
    player was handed (``offers`` at his steps), and once he has been handed one the replay
    never needs the plain shuffle (before, he knows nothing of the draft: the shuffle is right)."""
    import engines.citadels.determinize as D

    def no_fallback(s, player, _rng):
        assert player not in [seat for t, seat in enumerate(_seats_of_steps(s)) if t < len(s.offers)], \
            "the draft could not be replayed"
    monkeypatch.setattr(D, "_shuffle_characters", no_fallback)
    n = 0
    for players in range(2, 8):
        for st in _positions(players, 60 + players, every=3):
            if st.phase == "over" or not st.offers:
                continue
            seats = _seats_of_steps(st)
            for p in range(players):
                det = GAME.determinize(st, p, Rng.from_seed(n))
                n += 1
                assert GAME.view(det, p) == GAME.view(st, p)
                for t, offer in enumerate(st.offers):
                    if seats[t] == p:
                        assert det.offers[t] == offer
    assert n > 500


def test_two_players_the_first_chooser_narrows_the_other_seat_to_what_it_was_handed():
    """Two players, after the draft: the crown's seat saw 7 ranks (so it knows the one set
    aside face down), then 4 (so the other seat took one of the 2 ranks gone in between and
    put the other face down), then 3 (it kept one, put one down, and passed 2: the other seat
    kept one of those). Every world agrees, and every agreeing world turns up."""
    for seed in range(1, 40):
        st = new(2, seed)
        rng = Rng.from_seed(seed)
        while st.phase == "draft" or GAME.to_move(st) < 0:
            GAME.apply(st, choose(GAME, st, rng) if GAME.to_move(st) >= 0 else GAME.sample_chance(st, rng))
        if not st.revealed and st.phase == "turn":
            break
    a = st.draft_crown
    b = 1 - a
    assert not [r for r in st.revealed if st.holder[r] == b]  # nothing of b's shown yet
    first_gone = set(st.offers[0]) - set(st.offers[3]) - {r for r in range(9) if st.holder[r] == a}
    second_gone = set(st.offers[5])
    b_first, b_second = {r for r in first_gone if st.holder[r] == b}, {r for r in second_gone if st.holder[r] == b}
    assert len(first_gone) == 2 and len(second_gone) == 2 and len(b_first) == len(b_second) == 1
    worlds = set()
    for k in range(200):
        det = GAME.determinize(st, a, Rng.from_seed(k))
        assert det.removed_down == st.removed_down                      # the one rank a never saw
        held = {r for r in range(1, 9) if det.holder[r] == b}
        assert len(held & first_gone) == 1 and len(held & second_gone) == 1, (held, first_gone, second_gone)
        worlds.add(tuple(sorted(held)))
    assert len(worlds) == 4                                            # 2 choices at each of b's keeps
