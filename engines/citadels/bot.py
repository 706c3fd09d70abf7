"""A heuristic Citadels bot. It decides from ``view`` and the legal actions only.

Plan of a turn: take gold when the hand already holds something to build, else draw; keep
the best card; use the character's power (Assassin and Thief aim at the characters the
leader is likely to take, the Magician swaps for a bigger hand); build the most valuable
affordable district (preferring missing colours), collect district income after building,
and end. As Warlord it knocks down a cheap district of the leader.
"""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng

from .components import ARCHITECT, ASSASSIN, BISHOP, CHARACTERS, DISTRICTS, KING, MAGICIAN, MERCHANT, THIEF, WARLORD, kind


def _hand_kinds(v: dict) -> list[str]:
    return [kind(c) for c in v["private"]["hand"]]


def _city_kinds(v: dict, seat: int) -> list[str]:
    return [d["district"] for d in v["seats"][seat]["city"]]


def _card_value(v: dict, seat: int, k: str, gold: int) -> float:
    d = DISTRICTS[k]
    colours = {DISTRICTS[c].color for c in _city_kinds(v, seat)}
    val = d.vp + (1.5 if d.color not in colours else 0.0)
    if k in _city_kinds(v, seat) and v["options"]["forbid_duplicate_districts"]:
        return -10
    if d.cost > gold + 4:
        val -= 2 * (d.cost - gold - 4)
    if k in ("library", "observatory", "smithy", "laboratory", "school_of_magic", "keep") and v["round"] < 6:
        val += 1.5
    return val


def _leader(v: dict, me: int) -> int:
    others = [s for s in range(v["players"]) if s != me]
    return max(others, key=lambda s: (v["scores"][s] + len(v["seats"][s]["city"]), v["seats"][s]["gold"]))


def _colour_count(v: dict, seat: int, colour: str) -> int:
    return sum(1 for k in _city_kinds(v, seat) if DISTRICTS[k].color == colour or k == "school_of_magic")


def _character_value(v: dict, me: int, rank: int) -> float:
    gold = v["seats"][me]["gold"]
    hand = _hand_kinds(v)
    n = len(v["seats"][me]["city"])
    colour = CHARACTERS[rank].income_color
    val = 0.0
    if colour:
        val += 1.2 * _colour_count(v, me, colour)
    if rank == KING:
        val += 1.5
    if rank == MERCHANT:
        val += 1.5
    if rank == ARCHITECT:
        val += 1.0 + (1.5 if gold >= 5 and len(hand) >= 2 else 0) + (1.5 if len(hand) <= 1 else 0)
    if rank == WARLORD:
        val += 1.0
    if rank == BISHOP:
        val += 0.5 + (2.0 if n >= v["threshold"] - 2 else 0)
    if rank == ASSASSIN:
        val += 2.0
    if rank == THIEF:
        val += 0.5 + 0.3 * max(s["gold"] for s in v["seats"])
    if rank == MAGICIAN:
        most = max(s["hand_size"] for s in v["seats"] if s["seat"] != me)
        val += 0.5 + (2.5 if len(hand) <= 1 and most >= 3 else 0)
    return val


def choose(game: Any, state: Any, rng: Rng) -> Any:
    me = game.to_move(state)
    v = game.view(state, me)
    legal = game.legal_actions(state)
    types = {a.type for a in legal}
    gold = v["seats"][me]["gold"]

    if "choose_character" in types:
        return max(legal, key=lambda a: _character_value(v, me, a.rank) + rng.below(100) / 400)
    if "discard_character" in types:
        # put face down the character most useful to the opponents (highest general value)
        return max(legal, key=lambda a: _character_value(v, me, a.rank))
    if "graveyard_take" in types:
        d = DISTRICTS[kind(v["destroyed"]["card"])]
        return legal[0] if d.cost >= 2 and gold >= 1 else legal[1]
    if "destroy" in types or "no_destroy" in types:
        leader = _leader(v, me)
        best, best_val = None, 0.0
        for a in legal:
            if a.type != "destroy" or a.target == me:
                continue
            cost = DISTRICTS[a.district].cost - 1
            val = (3.0 if a.target == leader else 1.0) * (1 + len(v["seats"][a.target]["city"]) / 4) - cost * 0.8
            if val > best_val:
                best, best_val = a, val
        return best if best is not None else next(a for a in legal if a.type == "no_destroy")
    if "keep_card" in types:
        return max(legal, key=lambda a: _card_value(v, me, a.district, gold))
    if "put_bottom" in types:
        return legal[0]
    if "magician_draw" in types:
        hand = _hand_kinds(v)
        bad = [a for a in legal if a.type == "magician_discard"
               and DISTRICTS[a.district].cost > gold + 4]
        return bad[0] if bad and len(hand) > 1 else next(a for a in legal if a.type == "magician_draw")

    hand = _hand_kinds(v)
    t = v["turn"]
    # character abilities first
    if "assassinate" in types:
        leader = _leader(v, me)
        mine = set(v["private"]["characters"])
        weights = {}
        for a in legal:
            if a.type != "assassinate":
                continue
            r = a.rank
            if r in mine or any(c["rank"] == r and c["status"] == "removed" for c in v["characters"]):
                continue
            weights[r] = 1.0 + (1.0 if r in (KING, MERCHANT, ARCHITECT) else 0) + 0.3 * _colour_count(
                v, leader, CHARACTERS[r].income_color or "none")
        if weights:
            r = max(weights, key=lambda r: weights[r] + rng.below(100) / 60)
            return next(a for a in legal if a.type == "assassinate" and a.rank == r)
    if "rob" in types:
        mine = set(v["private"]["characters"])
        opts = [a for a in legal if a.type == "rob" and a.rank not in mine and not any(
            c["rank"] == a.rank and c["status"] == "removed" for c in v["characters"])]
        if opts:
            pref = {MERCHANT: 3, KING: 2, ARCHITECT: 2.5, BISHOP: 1.5, WARLORD: 1.5, MAGICIAN: 1}
            return max(opts, key=lambda a: pref.get(a.rank, 0) + rng.below(100) / 80)
    if "magician_exchange" in types:
        best = max((a for a in legal if a.type == "magician_exchange"),
                   key=lambda a: v["seats"][a.target]["hand_size"])
        if v["seats"][best.target]["hand_size"] >= len(hand) + 2:
            return best
    if "architect_draw" in types:
        return next(a for a in legal if a.type == "architect_draw")
    if not t["income_taken"]:
        affordable_now = [k for k in hand if DISTRICTS[k].cost <= gold]
        affordable_after_gold = [k for k in hand if DISTRICTS[k].cost <= gold + 2]
        short_of_cards = not hand or (affordable_now and len(hand) <= 2 and gold >= 4) or (
            not affordable_after_gold and len(hand) < 3)
        if "draw_cards" in types and short_of_cards:
            draws = [a for a in legal if a.type == "draw_cards"]
            return max(draws, key=lambda a: a.count)
        return next(a for a in legal if a.type == "take_gold")
    if "smithy" in types and gold >= 7 and len(hand) <= 1:
        return next(a for a in legal if a.type == "smithy")
    builds = [a for a in legal if a.type == "build"]
    if builds:
        best = max(builds, key=lambda a: _card_value(v, me, a.district, gold) + DISTRICTS[a.district].cost)
        return best
    if "laboratory" in types and len(hand) >= 3:
        worst = min((a for a in legal if a.type == "laboratory"),
                    key=lambda a: _card_value(v, me, a.district, gold))
        return worst
    if "collect_income" in types:
        return next(a for a in legal if a.type == "collect_income")
    return next(a for a in legal if a.type == "end_turn")
