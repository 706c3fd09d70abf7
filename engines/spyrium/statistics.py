"""Spyrium's end-of-game statistics (``Game.statistics``), folded over the record's steps.

Per seat:

- **Actions**: workers placed in the market (Phase I ``place``, and an event's placement), times
  a worker was taken back to earn money, characters hired, buildings built, techniques
  patented, buildings used (Taylorism's second use included), events used.
- **Money** and **Spyrium**: the total gained and the total spent over the game (each action's
  change of the seat's money or spyrium, its gains and its losses summed apart, whoever played
  it), and what the seat held at the end (which some techniques score).
- **Points**: the points scored during play (the score track, whose sources the score table
  shows) and the points counted at the end (printed building VP and techniques); the two add
  up to the final score.
"""

from __future__ import annotations

from engines.core.game import Game
from engines.core.record import GameRecord
from engines.core.statistics import StatRow, Value, steps

from . import actions as A
from .scoring import building_vp, technique_vp
from .state import SpyriumState
from .texts import T

_COUNTED = {  # row key -> the action types it counts
    "placed": (A.PlaceWorker,),
    "earned": (A.EarnMoney,),
    "hired": (A.Hire,),
    "built": (A.Build,),
    "patented": (A.Patent,),
    "used": (A.UseBuilding, A.UseTaylorism),
    "events": (A.UseEvent,),
}


def statistics(game: Game, record: GameRecord) -> list[StatRow]:
    """The rows described in the module doc, for the finished game of ``record``."""
    n = record.players
    counts = {k: [0] * n for k in _COUNTED}
    flows = {k: [0] * n for k in ("money_in", "money_out", "spyrium_in", "spyrium_out", "vp")}
    last = None
    for st in steps(game, record):
        b, a, action = st.before, st.after, st.action
        assert isinstance(b, SpyriumState) and isinstance(a, SpyriumState)  # the states of a Spyrium record
        last = a
        for key, kinds in _COUNTED.items():
            if isinstance(action, kinds):
                counts[key][st.seat] += 1
        if isinstance(action, A.UseEvent) and action.slot is not None:
            counts["placed"][st.seat] += 1  # an event that puts a worker in the market (E7)
        for q in range(n):
            pb, pa = b.players_[q], a.players_[q]
            for good in ("money", "spyrium"):
                d = getattr(pa, good) - getattr(pb, good)
                flows[f"{good}_in" if d > 0 else f"{good}_out"][q] += abs(d)
            flows["vp"][q] += pa.vp - pb.vp
    final = last.players_ if last is not None else []
    end_points: list[Value] = [building_vp(p) + sum(technique_vp(p).values()) for p in final]
    g_actions, g_money, g_spyrium, g_points = T("Actions"), T("Money"), T("Spyrium crystals"), T("Points")
    labels = {
        "placed": T("Workers placed"), "earned": T("Workers taken back for money"),
        "hired": T("Characters hired"), "built": T("Buildings built"),
        "patented": T("Techniques patented"), "used": T("Buildings used"), "events": T("Events used"),
    }
    rows = [StatRow(k, labels[k], counts[k], g_actions) for k in _COUNTED]
    rows += [
        StatRow("money_in", T("Gained"), flows["money_in"], g_money),
        StatRow("money_out", T("Spent"), flows["money_out"], g_money),
        StatRow("money_end", T("Held at the end"), [p.money for p in final], g_money),
        StatRow("spyrium_in", T("Gained"), flows["spyrium_in"], g_spyrium),
        StatRow("spyrium_out", T("Spent"), flows["spyrium_out"], g_spyrium),
        StatRow("spyrium_end", T("Held at the end"), [p.spyrium for p in final], g_spyrium),
        StatRow("points_play", T("Scored during play"), flows["vp"], g_points),
        StatRow("points_end", T("Counted at the end"), end_points, g_points),
    ]
    return rows
