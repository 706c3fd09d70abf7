"""Citadels' end-of-game statistics agree with what can be checked another way: the final
cities, the record's own moves, the gold in the bank of each seat, and the log lines the rules
write when a character is murdered or robbed."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engines.citadels import texts as tx
from engines.citadels.components import DISTRICTS, RANKS, kind
from engines.citadels.rules import GRAVEYARD_PRICE, SMITHY_PRICE, destroy_cost, threshold
from engines.core.i18n import render
from engines.core.record import replay
from engines.core.statistics import steps
from tests.core.test_statistics import finished

from .helpers import GAME

SEEDS = [(4, 11), (5, 12), (2, 13), (3, 14), (7, 15)]


def _stats(record) -> dict[str, list]:
    return {r.key: r.values for r in GAME.statistics(record)}


@pytest.fixture(scope="module", params=SEEDS, ids=[f"{p}p-seed{s}" for p, s in SEEDS])
def game(request):
    players, seed = request.param
    record = finished("citadels", players, seed)
    return record, replay(record), _stats(record)


def test_districts_built_minus_destroyed_are_the_final_cities_by_colour(game):
    record, final, st = game
    destroyed = [Counter() for _ in range(record.players)]
    for a in record.actions:
        if a["type"] == "destroy":
            destroyed[a["target"]][DISTRICTS[a["district"]].color] += 1
    for q, city in enumerate(final.cities):
        colours = Counter(DISTRICTS[kind(c)].color for c in city)
        for colour in ("yellow", "blue", "green", "red", "purple"):
            assert st[f"built_{colour}"][q] - destroyed[q][colour] == colours[colour], (q, colour)
        assert st["destroyed"][q] == sum(destroyed[q].values())


def test_gold_spent_on_building_is_the_cost_of_every_district_built(game):
    """The final city's districts, plus those the Warlord destroyed, each paid once."""
    record, final, st = game
    lost = [0] * record.players
    for a in record.actions:
        if a["type"] == "destroy":
            lost[a["target"]] += DISTRICTS[a["district"]].cost
    for q, city in enumerate(final.cities):
        assert st["gold_building"][q] == sum(DISTRICTS[kind(c)].cost for c in city) + lost[q]


def test_the_gold_books_balance_and_other_spending_is_what_the_record_paid(game):
    record, final, st = game
    start = GAME.new_game(record.players, record.seed, record.options).gold
    paid, lab = [0] * record.players, [0] * record.players
    for step in steps(GAME, record):
        a = record.actions[step.index]
        if a["type"] == "destroy":
            paid[step.seat] += destroy_cost(a["district"])
        elif a["type"] == "smithy":
            paid[step.seat] += SMITHY_PRICE
        elif a["type"] == "graveyard_take":
            paid[step.seat] += GRAVEYARD_PRICE
        elif a["type"] == "laboratory":
            lab[step.seat] += 1
    for q in range(record.players):
        gained = st["gold_income"][q] + st["gold_abilities"][q] + st["gold_stolen"][q] + st["gold_other"][q]
        lost = st["gold_building"][q] + st["gold_spent_other"][q] + st["gold_lost_to_thief"][q]
        assert start[q] + gained - lost == final.gold[q], q
        assert st["gold_spent_other"][q] == paid[q]
        assert st["gold_other"][q] == lab[q]  # nothing unexplained: only the Laboratory
        assert st["gold_income"][q] % 2 == 0
    assert sum(st["gold_stolen"]) == sum(st["gold_lost_to_thief"])


def test_murders_and_robberies_are_those_the_log_tells(game):
    """Read from the rules' own log lines (``event_texts``), not from the state."""
    record, final, st = game
    murdered, robbed, stolen = [0] * record.players, [0] * record.players, [0] * record.players
    for step in steps(GAME, record):
        for line in GAME.event_texts(step.before, step.action, step.after):
            text = render(line)
            if line.template == "Call of {character}: killed, he stays silent":
                rank = next(r for r in RANKS if tx.the_char(r) == line.params["character"])
                if step.before.holder[rank] >= 0:  # a killed character nobody holds murders nobody
                    murdered[step.before.holder[rank]] += 1
            m = re.search(r"takes (\d+) gold from Player (\d+)$", text)
            if m:
                robbed[int(m.group(2)) - 1] += 1
                stolen[int(m.group(2)) - 1] += int(m.group(1))
            m = re.search(r"robs Player (\d+), who has no gold$", text)
            if m:
                robbed[int(m.group(1)) - 1] += 1
    assert st["murdered"] == murdered
    assert st["robbed"] == robbed
    assert st["gold_lost_to_thief"] == stolen


def test_characters_taken_one_a_round_each_or_two_with_few_players(game):
    record, final, st = game
    per_round = 2 if record.players <= 3 else 1
    for q in range(record.players):
        assert sum(st[f"character_{r}"][q] for r in RANKS) == final.round * per_round


def test_the_city_completed_row_names_the_first(game):
    record, final, st = game
    for q, value in enumerate(st["city_completed"]):
        text = render(value)
        if len(final.cities[q]) >= threshold(final):
            assert text.startswith(f"round {final.final_round if q == final.first_complete else ''}")
            assert text.endswith(", first") == (q == final.first_complete)
            assert render(value, "it").startswith("turno di gioco")
        else:
            assert text == "not completed"
    assert final.first_complete >= 0

