"""The length of sealed move links (``tavolo_ui.sealed``) against today's move links
(``distance.move_fragment``), per title, at the start, middle and end of a game played at a
distance by the headless tool (``tools/distance_game.py``), and what bots at one device cost.

    python bench/distance_links.py                    # every game, 4 players, seed 1
    python bench/distance_links.py citadels --players 4 --seed 3 --bots 1

Printed per title and point (the first link, the one in the middle, the last): the moves in
the game, the sealed link's length in characters, its seals part alone, and the length of
today's move link for the same record. Then the longest sealed link of the game (target:
under 16,000 characters). With ``--bots``: the links sent only because a bot's turn goes to
its host (the creator's device) where today the device reaching it plays it: a person other
than the host hands a bot's turn on, and the person after the bots is not the host.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "tools"))

import distance_game as tool  # noqa: E402
from engines import list_games  # noqa: E402
from engines.core.seal import turns  # noqa: E402
from tavolo_ui.distance import EVERY_SEAT, move_fragment  # noqa: E402
from tavolo_ui.sealed import parse_sealed  # noqa: E402


def measure(name: str, players: int, seed: int, bots: int, folder: Path) -> dict:
    summary = tool.play(name, players, seed, folder, bots=bots)
    files = sorted((folder / "links").iterdir())
    links = [parse_sealed(tool.link_text(f)) for f in files]
    points = {"start": 0, "middle": len(files) // 2, "end": len(files) - 1}
    rows = {}
    for point, k in points.items():
        fragment, link = tool.link_text(files[k]), links[k]
        seals = fragment.split(".t3.", 1)[1].split(".", 1)[0]
        today = move_fragment(link.record, link.gid, 0 if link.seat == EVERY_SEAT else link.seat)
        rows[point] = {"moves": len(link.record.actions), "sealed": len(fragment), "seals": int(seals),
                       "today": len(today)}
    return {"game": name, "links": summary["links"], "moves": summary["moves"], "rows": rows,
            "longest": max(len(tool.link_text(f)) for f in files), "extra": extra_messages(links, bots)}


def extra_messages(links: list, bots: int) -> int:
    """The links sent to the host only because a bot is to move (see the module doc)."""
    if not bots:
        return 0
    record = links[-1].record
    movers = turns(record).movers
    human = [seat.kind == "human" for seat in record.seats]
    host, extra = 0, 0
    for link in links:  # a link to the host at a bot's turn comes from another person's device
        n = len(link.record.actions)
        if n < len(movers) and not human[movers[n]] and link.seat == host:
            after = next((movers[i] for i in range(n, len(movers)) if human[movers[i]]), host)
            extra += after != host  # today that person's device would have sent it there
    return extra


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", type=int, default=0)
    args = ap.parse_args()
    print(f"{'game':10} {'links':>5} {'moves':>5}  {'point':6} {'moves':>5} {'sealed':>7} {'seals':>6} {'today':>6}"
          f"  {'longest':>7} {'bot msgs':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.games:
            m = measure(name, args.players, args.seed, args.bots, Path(tmp) / name)
            for i, (point, row) in enumerate(m["rows"].items()):
                lead = f"{m['game']:10} {m['links']:5} {m['moves']:5}" if i == 0 else " " * 22
                tail = f"  {m['longest']:7} {m['extra']:8}" if i == 0 else ""
                print(f"{lead}  {point:6} {row['moves']:5} {row['sealed']:7} {row['seals']:6} {row['today']:6}{tail}")


if __name__ == "__main__":
    main()
