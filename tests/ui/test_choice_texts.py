"""Everything a player chooses can be read on the table (issue 27).

Each game is played by the engine's heuristic bots from a seed; at the positions where the
person at the device (seat 0) is to choose, the board is drawn as the page draws it
(``tests/ui/test_board_text.paint``) in English and in Italian. Every legal action that names a
thing (Euphoria: a recruit, market tile, artifact card or dilemma card its option names, or
the action space a worker is placed on, the dilemma card resolved;
Citadels: a character or district; Myraclia: a tile; Spyrium: the market card it earns by,
hires, builds or patents) has a spot on the board that stands for
it (its hit region's actions hold the action) whose tip holds that thing's full text (Euphoria's
action spaces too: what the space gives), taken
from the game's own data here, not from the renderer: the page shows a tip on hover, on a
long press and on a board spot's keyboard focus (``table.show_tip``, ``access``). No such
tip is merely the action's label or the thing's name said again.

The choice list says the same: ``choices.describe`` gives each option of a level the text the
board's tips tell of it, which the panel shows under an "i" beside the button
(``ChoicesPanel.about_html``). Euphoria's first decision (keep one recruit active and one
hidden) is checked at both of its steps.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from engines.citadels import texts as citadels_texts
from engines.citadels.components import kind as district_kind
from engines.core.bots import get_bot
from engines.core.i18n import Text
from engines.core.rng import Rng
from engines.euphoria import reference as euphoria_reference
from engines.euphoria import texts as euphoria_texts
from engines.euphoria.components import ARTIFACT_TYPES, DILEMMA_IDS, MARKETS, RECRUITS
from engines.myraclia.texts import tile_text
from engines.spyrium.texts import card_name, card_tip, type_of
from tavolo_ui.choices import describe, level, make_choices
from tavolo_ui.session import Session

from .test_board_text import paint

LANGS = ("en", "it")
MOST = 30
"""Positions checked per game: spread over the game (the set-up's first)."""

GAMES = [("euphoria", 2, {}), ("euphoria", 3, {"recruit_draft": True, "market_selection": True}),
         ("citadels", 4, {}), ("myraclia", 3, {}), ("spyrium", 3, {})]


@lru_cache(maxsize=None)
def choosing(game_name: str, players: int, options: tuple = (), seed: int = 11) -> list[Session]:
    """Positions of a heuristic bots' game where seat 0 (the person) chooses among actions
    that name a thing (``named``): the first ones and then evenly spread, ``MOST`` at most."""
    seats = [{"name": "Ada", "kind": "human"}] + [{"name": f"Bot {i}", "kind": "bot:heuristic"}
                                                  for i in range(1, players)]
    s = Session.start(game_name, seats, seed, dict(options) or None)
    bot = get_bot(s.game, "heuristic")
    cuts: list[int] = []
    moves = 0
    while not s.is_over() and moves < 4000:
        if s.to_move() == 0 and any(named(game_name, a["action"], s) for a in s.action_dicts()):
            cuts.append(moves)
        s.apply(bot(s.game, s.state.clone(), Rng.from_seed(seed * 7919 + moves)))
        moves += 1
    picked = cuts[:4] + cuts[4::max(1, len(cuts) // (MOST - 4))][:MOST - 4]
    record = s.record.model_dump(mode="json")
    return [Session.load({**record, "actions": record["actions"][:c]}) for c in picked]


class _Name(str):
    """A name said the same in every language (a Myraclia tile's id)."""

    def render(self, lang: str = "en") -> str:
        return str(self)


def named(game_name: str, action: dict, s: Session) -> list[tuple[Text | _Name, Text]]:
    """(name, full text) of each thing ``action`` (legal in ``s``) names, from the game's data."""
    if game_name == "euphoria":
        out = []
        for word in dict.fromkeys(re.findall(r"[a-z][a-z0-9_]*", str(action.get("option", "")))):
            if word in RECRUITS:
                out.append((euphoria_texts.recruit(word), euphoria_texts.recruit_text(word)))
            elif word in MARKETS:
                out.append((euphoria_texts.market(word), euphoria_texts.penalty(word)))
            elif word in ARTIFACT_TYPES:
                out.append((euphoria_texts.artifact(word), euphoria_reference.artifact_text(word)))
            elif word in DILEMMA_IDS:
                out.append((euphoria_texts.dilemma(word), euphoria_reference.dilemma_text(word)))
        if action.get("type") == "dilemma":  # the player's own dilemma card
            did = s.game.view(s.state, 0)["players"][0]["dilemma"]
            return [(euphoria_texts.dilemma(did), euphoria_reference.dilemma_text(did))]
        if action.get("type") == "place":  # an action space: what it gives
            return [(euphoria_texts.space(action["space"]), euphoria_reference.space_reward(action["space"]))]
        return out if action.get("type") == "choose" else []
    if game_name == "citadels":
        out = []
        if "rank" in action:
            out.append((citadels_texts.char(action["rank"]), citadels_texts.character_text(action["rank"])))
        if action.get("district"):
            kind = district_kind(action["district"])
            out.append((citadels_texts.district(kind), citadels_texts.card_text(kind)))
        return out
    if game_name == "myraclia" and action.get("tile"):
        return [(_Name(action["tile"]), tile_text(action["tile"]))]
    if game_name == "spyrium" and action.get("type") in ("earn", "hire", "build", "patent") \
            and action.get("pos") is not None:
        card = type_of(s.game.view(s.state, 0)["market"][action["pos"]]["card"])
        return [(card_name(card), card_tip(card))]
    return []


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_name,players,options", GAMES)
def test_what_a_choice_names_has_its_full_text_on_the_board(game_name, players, options):
    missing, bare = set(), set()
    positions = choosing(game_name, players, tuple(sorted(options.items())))
    assert positions
    for s in positions:
        for lang in LANGS:
            cv = paint(s, 918, 660, lang)
            for a in s.action_dicts():
                things = named(game_name, a["action"], s)
                tips = [_flat(h.tip or "") for h in cv.hits if a["index"] in h.actions]
                for name, text in things:
                    full = _flat(text.render(lang))
                    if not any(full in t for t in tips):
                        missing.add((lang, a["label"], full[:60]))
                    said = {_flat(a["label"]).casefold(), _flat(name.render(lang)).casefold()}
                    if any(t.casefold() in said for t in tips):
                        bare.add((lang, a["label"]))
    assert not bare, sorted(bare)[:20]
    assert not missing, sorted(missing)[:20]


def test_euphoria_setup_cards_are_on_the_own_mat_with_their_text():
    """The recruits dealt (and drafted, and the market tiles dealt) are drawn on the person's
    own mat, each spot with its full text, before they are chosen."""
    for key in (("euphoria", 2, ()), ("euphoria", 3, (("market_selection", True), ("recruit_draft", True)))):
        s = choosing(*key)[0]
        me = s.game.view(s.state, 0)["players"][0]
        cards = [c for part in ("dealt", "pack", "tiles_dealt") for c in me[part]]
        assert cards
        for lang in LANGS:
            cv = paint(s, 378, 704, lang)
            for card in cards:
                text = (euphoria_texts.recruit_text(card) if card in RECRUITS else euphoria_texts.penalty(card))
                assert any(h.ref == card and _flat(text.render(lang)) in _flat(h.tip or "") for h in cv.hits), card


def _board_tips(s: Session, lang: str) -> dict[int, str]:
    """Each action's first board tip (what ``ChoicesPanel.board_tips`` reads)."""
    out: dict[int, str] = {}
    for h in paint(s, 918, 660, lang).hits:
        for i in h.actions:
            if h.tip:
                out.setdefault(i, h.tip)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_euphoria_recruit_choices_in_the_list_carry_the_recruits_text(lang):
    s = choosing("euphoria", 2)[0]
    tips = _board_tips(s, lang)
    legal = s.legal_actions()
    acts = s.action_dicts()
    choices = make_choices([(a["index"], s.game.action_steps(s.state, legal[a["index"]], lang), a["label"])
                            for a in acts])
    labels = {c.index: c.label for c in choices}
    first = level(choices, [])
    assert first.tree and all(o.step for o in first.options)
    checked = 0
    for path in [[]] + [[o.step] for o in first.options]:
        lv = level(choices, path)
        for o, text in zip(lv.options, describe(lv.options, tips, labels, bool(lv.path))):
            rids = {named("euphoria", s.game.dump_action(legal[i]), s)[len(path)][1] for i in o.indexes}
            assert len(rids) == 1  # the recruit this option picks (active, then hidden)
            full = _flat(rids.pop().render(lang))
            assert full in _flat(text), (o.text, text)
            assert len(text.split("\n")) == 1, text  # that recruit only: not the one chosen already
            checked += 1
    assert checked == 4 + 4 * 3


def test_describe_keeps_what_tells_options_apart():
    """``describe``: the lines every action of an option shares, less those that only say
    the label again, and below a chosen step those every option shares (what was chosen)."""
    from tavolo_ui.choices import Option
    tips = {0: "Take A, B\nA does a\nB does b", 1: "Take A, C\nA does a\nC does c", 2: "Pass"}
    labels = {0: "Take A, B", 1: "Take A, C", 2: "Pass"}
    opts = [Option("A", [0, 1], "A"), Option("Pass", [2])]
    assert describe(opts, tips, labels) == ["A does a", ""]
    second = [Option("B", [0]), Option("C", [1])]
    assert describe(second, tips, labels, chosen=True) == ["B does b", "C does c"]
    assert describe(second, tips, labels) == ["A does a\nB does b", "A does a\nC does c"]  # A not chosen yet
    assert describe([Option("Take A, B", [0])], tips, labels) == ["A does a\nB does b"]
