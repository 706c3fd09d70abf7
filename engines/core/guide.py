"""Guided first games ("Learn by playing"): a game's opening scripted move by move, with the
coach's words, for one language.

A guide is data shipped in the engine wheel beside the game's package:
``engines/<game>/guide/<lang>.json`` (one file per language, the same moves in each, only the
words differ; ``tests/core/test_guides.py`` replays every one against the engine). It holds the
game's options, the seats (seat ``learner``, the person; the others bots, with names), the
seed, and the ordered ``steps`` of the scripted stretch: every action played in it, the bots'
too, so nothing depends on a bot's choice. A learner's step says what to do and why in one or
two sentences (``say``) and may name the entry of the game's reference that holds the rule
(``rule``, an id of ``Game.reference``); a bot's step may say what that opponent did, shown
after it plays. ``end`` is the coach's last sentence, when the script is over and the game
goes on as a normal game against the bots.

The files are read from the package's folder as ``catalog.py`` reads the catalog (a path
beside the code), so finding a guide imports no game: the home screen asks ``has_guide``
for each card.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .catalog import about

ENGINES = Path(__file__).resolve().parents[1]  # the folder of the games' packages


class GuideSeat(BaseModel):
    """One seat of the guided game: its name and kind, as the page's seats are
    (``"human"`` for the learner, ``"bot:<level>"`` for the others)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: str


class GuideStep(BaseModel):
    """One action of the script: who plays it, the action (as ``Game.dump_action`` gives it),
    the coach's words (required on the learner's steps) and the reference id of its rule."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    action: dict[str, Any]
    say: str = ""
    rule: str | None = None


class Guide(BaseModel):
    """A game's guided opening in one language (see the module's docstring)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    lang: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[GuideSeat]
    learner: int = 0
    intro: str
    end: str
    steps: list[GuideStep]

    def seat_dicts(self) -> list[dict]:
        """The seats as the page's ``Session.start`` takes them."""
        return [seat.model_dump() for seat in self.seats]

    def step_at(self, played: list[dict]) -> GuideStep | None:
        """The step to play after the actions ``played`` (a game's record so far), or None
        when the script is over or the game left it (an action that is not the script's)."""
        if not self.on_script(played) or len(played) >= len(self.steps):
            return None
        return self.steps[len(played)]

    def on_script(self, played: list[dict]) -> bool:
        """Whether the actions ``played`` follow the script as far as both go (a game past the
        script's end is on it when it began with every scripted action)."""
        return all(step.action == action for step, action in zip(self.steps, played))


def guide_path(game: str, lang: str) -> Path:
    """Where ``game``'s guide in ``lang`` lives (``engines/<game>/guide/<lang>.json``)."""
    package = about(game)["module"].rpartition(".")[2]
    return ENGINES / package / "guide" / f"{lang}.json"


def has_guide(game: str) -> bool:
    """Whether ``game`` has a guided first game, as the catalog says (``guide``): the page
    lists it before the game's own wheel, which holds the guide's files, is loaded
    (``tests/core/test_catalog.py`` checks the catalog against the files)."""
    try:
        return bool(about(game).get("guide", False))
    except KeyError:
        return False


@lru_cache(maxsize=None)
def load_guide(game: str, lang: str) -> Guide | None:
    """``game``'s guide in ``lang`` (its English one when ``lang`` has none); None when the
    game has no guide. A damaged file raises (``pydantic.ValidationError``, ``ValueError``):
    the files ship with the code and a test reads every one."""
    for code in dict.fromkeys((lang, "en")):
        path = guide_path(game, code)
        if path.is_file():
            return Guide.model_validate(json.loads(path.read_text("utf-8")))
    return None
