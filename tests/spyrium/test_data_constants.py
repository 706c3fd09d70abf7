"""The figures of the rule text live in ``data.json`` (its ``rules_constants`` section), each
with the spec section it comes from, and the engine follows them: a copy of the engine whose
data says otherwise plays by the new figures."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from engines.spyrium import rules
from engines.spyrium.actions import Build, EarnMoney
from engines.spyrium.components import (COMMERCE_KEEP_CAP, CRANE_DISCOUNT, DATA,
                                        REPLACE_DISCOUNT, RulesConstants)

from .helpers import clear_market, fresh, phase2, place, put

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
from engines.spyrium import rules
from engines.spyrium.actions import Build, EarnMoney
from tests.spyrium.helpers import (clear_market, fresh, give_building, give_technique, phase2,
                                   place, put)

s = fresh(2)
clear_market(s)
put(s, 0, "B-factory-left")           # printed cost 6
put(s, 2, "A-mine-left")
place(s, 0, "V00")
place(s, 0, "V02")
place(s, 1, "H00")                    # one other worker next to the Factory
place(s, 1, "H01")                    # one other worker next to the Mine
for k in range(4):
    give_building(s, 0, "A-workshop-left", copy=k + 1)   # shares the Factory symbol
give_technique(s, 0, "A-crane")
give_technique(s, 0, "A-capitalization")
give_technique(s, 0, "B-commerce")
phase2(s, 0)
p = s.players_[0]
for t in (1, 2, 3, 1, 2):
    rules._release_token(s, p, t)
print(json.dumps({
    "replace": rules.activation_cost(s, 0, Build(slot="V00", pos=0, replace=0))[0],
    "new_space": rules.activation_cost(s, 0, Build(slot="V00", pos=0))[0],
    "earn": rules.earnings(s, p, 2),
    "kept": len(p.kept_tokens),
}))
"""


def _probe(root: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=root, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_rules_constants_carry_the_spec_figures_and_their_source():
    rc = DATA.rules_constants
    assert (REPLACE_DISCOUNT, CRANE_DISCOUNT, COMMERCE_KEEP_CAP) == (3, 3, 7)  # §8.4, §11.6
    for name in RulesConstants.model_fields:
        if name != "note":
            assert "spyrium.md" in getattr(rc, name).source and "§" in getattr(rc, name).source
    # the technique VP cap of 7 (§10.3, D-34) comes with each technique of the spec's data
    assert {t.vp_cap for t in DATA.techniques} == {7}


def test_the_engine_follows_changed_figures_in_a_copy_of_the_data(tmp_path):
    """Same position, two data files: the spec's figures, then other ones."""
    parts = [f"engines/{f.name}" for f in (ROOT / "engines").iterdir()  # the package's own modules and data
             if f.suffix in (".py", ".json")]
    for part in (*parts, "engines/core", "engines/spyrium", "tests/__init__.py",
                 "tests/spyrium/__init__.py", "tests/spyrium/helpers.py"):
        src, dst = ROOT / part, tmp_path / part
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy(src, dst)
    data_file = tmp_path / "engines/spyrium/data.json"
    data = json.loads(data_file.read_text("utf-8"))
    rc = data["rules_constants"]
    expected_spec = {"replace": 6 - 3 + 1, "new_space": 6 + 1 + 4 - 3, "earn": 1 + 2, "kept": 5}
    assert _probe(tmp_path) == expected_spec
    for key, value in (("replace_shared_symbol_discount", 1), ("crane_space_discount", 1),
                       ("space_fee_per_building", 2), ("surcharge_per_other_worker", 2),
                       ("earn_per_other_worker", 3), ("capitalization_earn_bonus", 4),
                       ("commerce_kept_token_cap", 2)):
        rc[key]["value"] = value
    data_file.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    assert _probe(tmp_path) == {"replace": 6 - 1 + 2, "new_space": 6 + 2 + 2 * 4 - 1,
                                "earn": 3 + 4, "kept": 2}


def test_surcharge_and_earnings_use_the_per_worker_rates():
    s = fresh(3)
    clear_market(s)
    put(s, 4, "B-factory-left")
    place(s, 0, "H10")
    place(s, 1, "H11", 2)
    place(s, 2, "V01")
    phase2(s, 0)
    assert rules.market_surcharge(s, 4) == 3 * rules.SURCHARGE_PER_WORKER
    assert rules.earnings(s, s.players_[0], 4) == 3 * rules.EARN_PER_WORKER
    assert rules.activation_cost(s, 0, Build(slot="H10", pos=4))[0] == 6 + 3
    assert EarnMoney(slot="H10", pos=4) in rules.legal_actions(s)
