"""Euphoria's factions are told apart by more than colour (issue "A table for every
player"): every area the board draws in a faction's colour (a region's header, each of the
region's spaces) carries that faction's mark, and so does every recruit on a player's mat;
the mark is the first letter of the faction's name in the page's language (through the
game's catalogue), white on a dark shade of the faction's colour, at the smallest board
text size or more.

The boards are those of tests/ui/test_board_text.py: a game of heuristic bots cut at several
positions, drawn for seat 0 at a laptop's and a phone's board width, in English and Italian.
"""

from __future__ import annotations

import pytest

from engines.core.i18n import render
from engines.euphoria import texts
from engines.euphoria.components import RECRUITS
from tavolo_ui.canvas import MIN_TEXT
from tavolo_ui.renderers.euphoria import FACTION_INK, MARK_R, REGIONS, faction_letter

from .test_board_text import BOARDS, paint, positions
from .test_palette import _linear

FACTIONS = [reg[0] for reg in REGIONS]
FILLS = {reg[2]: reg[0] for reg in REGIONS}
"""A region's colour -> its faction."""


def _marks(cv, lang: str) -> list[tuple[str, float, float, bool]]:
    """Every faction mark drawn: (faction, x, y, hidden), a disc of the faction's colour with
    the faction's letter on it."""
    out = []
    discs = [op for op in cv.ops if op[0] == "circle"]
    for op in cv.ops:
        if op[0] != "text":
            continue
        for f in FACTIONS:
            if op[3] != faction_letter(f, lang) or op[4] < MIN_TEXT:
                continue
            for d in discs:
                hidden = d[4] == "#ffffff" and d[5] == FACTION_INK[f]
                if (d[4] == FACTION_INK[f] or hidden) and abs(d[1] - op[1]) < 1 and abs(d[2] - op[2]) < 2:
                    out.append((f, d[1], d[2], hidden))
    return out


def _boards():
    for s in positions("euphoria", 3)[::3]:
        for width, height in BOARDS:
            for lang in ("en", "it"):
                yield s, width, lang, paint(s, width, height, lang)


def test_each_faction_has_its_own_letter_in_both_languages():
    for lang in ("en", "it"):
        letters = [faction_letter(f, lang) for f in FACTIONS]
        assert len(set(letters)) == 4, letters
        for f, letter in zip(FACTIONS, letters):
            assert render(texts.faction(f), lang).upper().startswith(letter)


def test_the_letters_read_on_their_marks():
    def luminance(c: str) -> float:
        r, g, b = _linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    for f, ink in FACTION_INK.items():
        assert (1.05) / (luminance(ink) + 0.05) >= 4.5, f  # white on the mark: WCAG AA for text
    assert 2 * MARK_R >= MIN_TEXT + 4


def test_every_faction_coloured_area_carries_its_mark():
    checked = 0
    for _s, width, lang, cv in _boards():
        marks = _marks(cv, lang)
        for op in cv.ops:
            if op[0] != "rect" or op[5] not in FILLS:
                continue
            faction = FILLS[op[5]]
            _, x, y, w, h = op[:5]
            inside = [m for m in marks if m[0] == faction and x < m[1] - MARK_R + 0.5 and m[1] + MARK_R - 0.5 < x + w
                      and y < m[2] - MARK_R + 0.5 and m[2] + MARK_R - 0.5 <= y + h]
            assert inside, (width, lang, faction, op[:5])
            assert not [m for m in marks if m[0] != faction and x < m[1] < x + w and y < m[2] < y + h]
            checked += 1
    assert checked >= 2 * 2 * 4 * 5


def test_every_recruit_on_a_mat_follows_its_faction_mark():
    checked = 0
    for s, width, lang, cv in _boards():
        marks = _marks(cv, lang)
        view = s.game.view(s.state, 0)
        for pl in view["players"]:
            shown = [(rid, False) for rid in (pl["active"] if isinstance(pl["active"], list) else [])]
            shown += [(rid, True) for rid in (pl["hidden"] if isinstance(pl["hidden"], list) else [])]
            for rid, hidden in shown:
                name = render(texts.recruit(rid), lang)
                ops = [op for op in cv.ops if op[0] == "text" and op[3].startswith(name)]
                assert ops, (lang, name)
                for op in ops:
                    near = [m for m in marks if abs(m[2] - op[2]) <= 2 and 0 < op[1] - m[1] <= 2 * MARK_R + 6]
                    assert [(m[0], m[3]) for m in near] == [(RECRUITS[rid].faction, hidden)], (lang, name, near)
                    checked += 1
    assert checked >= 8


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_marks_do_not_cover_the_dice_on_a_space(lang):
    """A faction space's mark (top right) and its dice (foot, right) never overlap."""
    for s in positions("euphoria", 3):
        for width, height in BOARDS:
            cv = paint(s, width, height, lang)
            marks = _marks(cv, lang)
            dice = [op for op in cv.ops if op[0] == "rect" and op[3] == op[4] == 17]
            for _f, mx, my, _h in marks:
                for d in dice:
                    _, x, y, w, h = d[:5]
                    clear = mx + MARK_R <= x or mx - MARK_R >= x + w or my + MARK_R <= y or my - MARK_R >= y + h
                    assert clear, (width, lang, (mx, my), d[:5])


def test_no_text_in_a_faction_area_is_squeezed_beside_its_mark():
    """The mark takes room from a space's first line only: every label and cost line inside
    a faction-coloured area fits its width at its own size (the browser would otherwise
    squeeze it narrower, below the size the renderer asked for)."""
    squeezed = set()
    for _s, width, lang, cv in _boards():
        areas = [op[1:5] for op in cv.ops if op[0] == "rect" and op[5] in FILLS]
        for op in cv.ops:
            if op[0] != "text" or not op[9]:
                continue
            if not any(x <= op[1] <= x + w and y <= op[2] <= y + h for x, y, w, h in areas):
                continue
            need = cv.text_width(op[3], op[4]) * (1.1 if op[8] else 1.0)
            if need > op[9] + 0.5:
                squeezed.add((width, lang, op[3]))
    assert not squeezed, sorted(squeezed)[:20]
