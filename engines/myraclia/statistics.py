"""Myraclia's end-of-game statistics (``Game.statistics``), folded over the record's steps.

The score table shows the points by category (the score track's ledger, then the final
bonuses of §10). These figures say what stands behind them. Per seat:

- **Drafting and trading**: elements taken from the Draft board (one per ``take``), elements
  swapped in the trade zone.
- **Terraforming**: tiles terraformed (every ``terraform``, a completed reservation included),
  reservations made (new ones and moved ones), elements put on a reservation without
  completing it, tiles added to the surface, Eternity tokens placed (with the Eternity
  expansion only).
- **At the end** (what the final bonuses of §10 count): the surface symbols on the seat's
  terraformed tiles, by type (Eternity Surface tokens included), and the size of its largest
  connected area.
"""

from __future__ import annotations

from typing import cast

from engines.core.statistics import StatRow, steps

from . import actions as A
from .components import SURFACES
from .scoring import largest_area, symbols
from .state import MyracliaState
from .texts import T, surface

_COUNTED = {  # row key -> (the action types it counts, whether each counts its elements)
    "taken": ((A.Take,), False),
    "traded": ((A.Trade,), False),
    "terraformed": ((A.Terraform,), False),
    "reserved": ((A.Reserve, A.ChangeReservation), False),
    "added": ((A.AddElements,), True),
    "tiles_placed": ((A.PlaceTile,), False),
    "tokens_placed": ((A.PlaceToken,), False),
}


def statistics(game, record) -> list[StatRow]:
    """The rows described in the module doc, for the finished game of ``record``."""
    n = record.players
    counts = {k: [0] * n for k in _COUNTED}
    last: MyracliaState | None = None
    for st in steps(game, record):
        last = cast(MyracliaState, st.after)  # a cast: the steps of a Myraclia record hold Myraclia states
        for key, (kinds, by_elements) in _COUNTED.items():
            if isinstance(st.action, kinds):
                counts[key][st.seat] += len(st.action.place) if by_elements else 1
    g_draft, g_terra, g_end = T("Drafting and trading"), T("Terraforming"), T("At the end")
    labels = {
        "taken": T("Elements taken"), "traded": T("Elements traded"),
        "terraformed": T("Tiles terraformed"), "reserved": T("Reservations made"),
        "added": T("Elements added to a reservation"), "tiles_placed": T("Tiles added to the surface"),
        "tokens_placed": T("Eternity tokens placed"),
    }
    shown = [k for k in _COUNTED if k != "tokens_placed" or record.options.get("eternity")]
    rows = [StatRow(k, labels[k], counts[k], g_draft if k in ("taken", "traded") else g_terra)
            for k in shown]
    if last is not None:
        marks = [symbols(last, q) for q in range(n)]
        rows += [StatRow(f"symbols_{s}", T("Symbols: {surface}", surface=surface(s)),
                         [marks[q][s] for q in range(n)], g_end) for s in SURFACES]
        rows.append(StatRow("largest_area", T("Largest area (tiles)"),
                            [largest_area(last, q) for q in range(n)], g_end))
    return rows
