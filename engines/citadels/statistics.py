"""Citadels' end-of-game statistics (``Game.statistics``), folded over the record's steps.

Per seat:

- **Characters taken**: how many rounds the seat kept each character (every ``choose_character``
  of the draft; revealed or not, the end of the game shows them all).
- **Gold**: what came in, by where from — the income action (take 2 gold), character abilities
  (district income, collected or automatic at the end of the turn, and the Merchant's extra
  gold), robbery as the Thief, and anything else (the Laboratory) — and what went out: spent on
  building districts, spent otherwise (the Warlord's destructions, the Smithy, the Graveyard),
  and lost to the Thief. For every seat: starting gold + everything in − everything out =
  final gold.
- **Districts**: built, by colour (every ``build``, including districts destroyed later), and
  lost to the Warlord.
- **Misfortunes and the end**: times murdered (the Assassin named a character the seat held),
  times robbed (the Thief's victim was revealed and gold changed hands, even none), and the
  round in which the seat completed its city (the first to do so is marked).
"""

from __future__ import annotations

from typing import cast

from engines.core.i18n import Text
from engines.core.statistics import StatRow, Value, steps

from . import actions as A
from . import texts as tx
from .components import DISTRICTS, MERCHANT, RANKS, C
from .rules import (GRAVEYARD_PRICE, LABORATORY_GOLD, SMITHY_PRICE, destroy_cost, district_income,
                    income_colour, threshold)
from .state import CitadelsState
from .texts import T

_GOLD_IN = ("gold_income", "gold_abilities", "gold_stolen", "gold_other")
_GOLD_OUT = ("gold_building", "gold_spent_other", "gold_lost_to_thief")


def _known_gold(before, seat: int, action, n: int) -> dict[str, list[int]]:
    """The gold each seat gains or spends by the action's own effect and the rules it sets off
    (all but robbery), by kind: {kind: [amount per seat]} (amounts positive)."""
    out = {k: [0] * n for k in (*_GOLD_IN, *_GOLD_OUT)}
    kind = type(action)
    if kind is A.TakeGold:
        out["gold_income"][seat] += C.income_take_gold
    elif kind is A.CollectIncome:
        out["gold_abilities"][seat] += district_income(before, seat, before.called)
    elif kind is A.EndTurn:  # §7.6, D-11: district income not collected yet comes by itself
        if income_colour(before.called) is not None and not before.district_income_taken:
            out["gold_abilities"][seat] += district_income(before, seat, before.called)
    elif kind is A.Build:
        out["gold_building"][seat] += DISTRICTS[action.district].cost
    elif kind is A.Destroy:
        out["gold_spent_other"][seat] += destroy_cost(action.district)
    elif kind is A.Smithy:
        out["gold_spent_other"][seat] += SMITHY_PRICE
    elif kind is A.GraveyardTake:
        out["gold_spent_other"][seat] += GRAVEYARD_PRICE
    elif kind is A.Laboratory:
        out["gold_other"][seat] += LABORATORY_GOLD
    return out


def statistics(game, record) -> list[StatRow]:
    """The rows described in the module doc, for the finished game of ``record``."""
    n = record.players
    chars = {r: [0] * n for r in RANKS}
    gold = {k: [0] * n for k in (*_GOLD_IN, *_GOLD_OUT)}
    built = {c: [0] * n for c in C.colors}
    lost_districts = [0] * n
    murdered = [0] * n
    robbed = [0] * n
    completed: list[int] = [0] * n  # the round each seat completed its city (0: never)
    last = None
    for st in steps(game, record):
        # the states of a Citadels record are Citadels states
        b, a = cast(CitadelsState, st.before), cast(CitadelsState, st.after)
        action, seat = st.action, st.seat
        last = a
        kind = type(action)
        if kind is A.ChooseCharacter:
            chars[action.rank][seat] += 1
        elif kind is A.Build:
            built[DISTRICTS[action.district].color][seat] += 1
        elif kind is A.Destroy:
            lost_districts[action.target] += 1
        elif kind is A.Assassinate and b.holder[action.rank] >= 0:
            murdered[b.holder[action.rank]] += 1
        # gold: the known effects, then the Merchant's extra gold, then robbery (the rest)
        known = _known_gold(b, seat, action, n)
        if MERCHANT in a.revealed and MERCHANT not in b.revealed:
            known["gold_abilities"][a.holder[MERCHANT]] += C.merchant_bonus_gold
        robbery = a.robbed and a.robbed in a.revealed and a.robbed not in b.revealed
        victim = a.holder[a.robbed] if robbery else -1
        if robbery and victim != a.thief_seat:
            robbed[victim] += 1
        for q in range(n):
            for k in _GOLD_IN:
                gold[k][q] += known[k][q]
            for k in _GOLD_OUT:
                gold[k][q] += known[k][q]
            rest = (a.gold[q] - b.gold[q]) - (sum(known[k][q] for k in _GOLD_IN)
                                               - sum(known[k][q] for k in _GOLD_OUT))
            if rest and robbery and q == a.thief_seat:
                gold["gold_stolen"][q] += rest
            elif rest and robbery and q == victim:
                gold["gold_lost_to_thief"][q] -= rest
            elif rest > 0:  # nothing else moves gold; kept so the books always balance
                gold["gold_other"][q] += rest
            elif rest < 0:
                gold["gold_spent_other"][q] -= rest
        need = threshold(a)
        for q in range(n):
            if not completed[q] and len(a.cities[q]) >= need:
                completed[q] = b.round
    first = last.first_complete if last is not None else -1

    def city(q: int) -> Text:
        if not completed[q]:
            return T("not completed")
        if q == first:
            return T("round {n}, first", n=completed[q])
        return T("round {n}", n=completed[q])

    g_chars, g_gold = T("Characters taken"), T("Gold")
    g_districts, g_misc = T("Districts"), T("Misfortunes and the end")
    # the counts are list[int]: a list[Value] for StatRow, which only reads them (list is invariant)
    rows = [StatRow(f"character_{r}", tx.char(r), cast(list[Value], chars[r]), g_chars) for r in RANKS]
    labels = {
        "gold_income": T("Taken as income"),
        "gold_abilities": T("From character abilities"),
        "gold_stolen": T("Stolen as the Thief"),
        "gold_other": T("From other sources"),
        "gold_building": T("Spent on building"),
        "gold_spent_other": T("Spent otherwise"),
        "gold_lost_to_thief": T("Lost to the Thief"),
    }
    rows += [StatRow(k, labels[k], cast(list[Value], gold[k]), g_gold) for k in (*_GOLD_IN, *_GOLD_OUT)]
    rows += [StatRow(f"built_{c}", T("Built: {colour}", colour=tx.COLOUR_MEANING[c]), cast(list[Value], built[c]),
                     g_districts)
             for c in C.colors]
    rows.append(StatRow("destroyed", T("Destroyed by the Warlord"), cast(list[Value], lost_districts),
                        g_districts))
    rows += [
        StatRow("murdered", T("Times murdered"), cast(list[Value], murdered), g_misc),
        StatRow("robbed", T("Times robbed"), cast(list[Value], robbed), g_misc),
        StatRow("city_completed", T("City completed"), [city(q) for q in range(n)], g_misc),
    ]
    return rows
