"""The shell's step-by-step picker (``tavolo_ui.choices``) on made-up choices."""

from __future__ import annotations

from tavolo_ui.choices import HANDFUL, can_go_back, go_back, largest_level, level, make_choices


def _pay_choices(tiles: int = 3, ways: int = 6):
    """``tiles`` tiles with ``ways`` payments each, a trade and the end of the turn."""
    items = []
    for t in range(tiles):
        for w in range(ways):
            items.append((len(items), ["Terraform a tile", f"T{t}", f"pay way {w}"], f"Terraform T{t} way {w}"))
    items.append((len(items), ["Trade", "red for blue"], "Trade red for blue"))
    items.append((len(items), ["End your turn"], "End your turn"))
    return make_choices(items)


def _walk_to(choices, index: int) -> tuple[list[str], str, int]:
    """The clicks a player makes to reach action ``index``: (steps, last button, clicks)."""
    chosen: list[str] = []
    for clicks in range(1, 20):
        lv = level(choices, chosen)
        opt = next(o for o in lv.options if index in o.indexes)
        if opt.step is None:
            return lv.path, opt.text, clicks
        chosen = lv.path + [opt.step]
    raise AssertionError("no end")


def test_few_or_single_step_actions_stay_one_flat_list() -> None:
    few = make_choices([(i, ["A", f"b{i}"], f"label {i}") for i in range(HANDFUL)])
    lv = level(few, [])
    assert not lv.tree and [o.text for o in lv.options] == [f"label {i}" for i in range(HANDFUL)]
    flat = make_choices([(i, [f"label {i}"], f"label {i}") for i in range(40)])
    assert not level(flat, []).tree and len(level(flat, []).options) == 40


def test_tree_levels_kind_then_tile_then_payment() -> None:
    choices = _pay_choices()
    top = level(choices, [])
    assert top.tree and top.path == []
    # the small groups are opened in place: the trade and the end of the turn are buttons
    assert [(o.text, o.ways, o.step) for o in top.options] == [
        ("Terraform a tile", 18, "Terraform a tile"), ("Trade red for blue", 1, None),
        ("End your turn", 1, None)]
    tiles = level(choices, ["Terraform a tile"])
    assert [o.text for o in tiles.options] == ["T0", "T1", "T2"] and all(o.ways == 6 for o in tiles.options)
    assert can_go_back(choices, ["Terraform a tile"]) and not can_go_back(choices, [])
    pays = level(choices, ["Terraform a tile", "T1"])
    assert [o.indexes for o in pays.options] == [[6], [7], [8], [9], [10], [11]]
    assert pays.options[0].text == "pay way 0" and pays.options[0].step is None
    assert go_back(choices, ["Terraform a tile", "T1"]) == ["Terraform a tile"]
    assert _walk_to(choices, 9) == (["Terraform a tile", "T1"], "pay way 3", 3)
    assert largest_level(choices) == (6, 5)


def test_shared_steps_are_followed_at_once_and_back_skips_them() -> None:
    """A chooser for one tile: every action starts with the same two steps."""
    items = [(i, ["Terraform a tile", "T7", f"direct {i // 4}", f"wild {i % 4}"], f"L{i}") for i in range(16)]
    choices = make_choices(items)
    lv = level(choices, [])
    assert lv.path == ["Terraform a tile", "T7"] and [o.ways for o in lv.options] == [4, 4, 4, 4]
    assert not can_go_back(choices, [])
    deeper = lv.path + ["direct 2"]
    assert level(choices, deeper).options[1].indexes == [9]
    assert go_back(choices, deeper) == ["Terraform a tile", "T7"]
    assert not can_go_back(choices, go_back(choices, deeper))


def test_every_action_is_reachable_even_with_clashing_steps() -> None:
    """Steps that are a prefix of others' (a bug of the game's steps) still give a button."""
    items = [(i, ["Play", f"card {i}"], f"Play card {i}") for i in range(12)] + [(12, ["Play"], "Play nothing")]
    choices = make_choices(items)
    lv = level(choices, [])
    assert lv.path == [] or "Play nothing" in [o.text for o in lv.options]
    reached = set()
    for i in range(13):
        reached.add(i) if _walk_to(choices, i) else None
    assert reached == set(range(13))
    assert "Play nothing" in [o.text for o in level(choices, ["Play"]).options]


def test_a_stale_path_starts_again_from_the_top() -> None:
    choices = _pay_choices()
    assert level(choices, ["Terraform a tile", "T9"]).path == []
    empty = make_choices([(0, [], "Only label")] + [(i, ["A", str(i)], f"L{i}") for i in range(1, 12)])
    assert empty[0].steps == ("Only label",)
