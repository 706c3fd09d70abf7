"""A guided first game on the table: the script (``engines.core.guide``) read against the
``Session`` being played. Pure Python (no browser): the table's collaborator ``guide`` draws
what this decides, and CPython tests drive it with a ``Session`` as the page does.

Where the guide is comes from the game's record alone: the number of actions played is the
step reached, as long as every action played is the script's (``Guide.on_script``). So an
Undo steps the guide back with the game, and a save or a reload is a normal game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.guide import Guide, GuideStep, load_guide

from .session import Session

LEARNER, BOTS, END, OFF = "learner", "bots", "end", "off"  # where a guided game is (``GuidedGame.stage``)


@dataclass
class Coach:
    """What the coach says now, in one language: ``stage`` (``LEARNER``: the learner's move is
    awaited; ``BOTS``: the bots play their scripted moves; ``END``: the script is over;
    ``OFF``: no guide), the words of the step awaited (``say``) and its reference id
    (``rule``), and what the opponents did since the learner's last move (``remarks``; the
    guide's introduction before the first move)."""

    stage: str
    say: str = ""
    rule: str | None = None
    remarks: tuple[str, ...] = ()


class GuidedGame:
    """A game started from ``game``'s guide, led by it until the learner leaves it."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.left = False  # the learner left the guide: a normal game from then on

    @classmethod
    def start(cls, game: str, lang: str) -> tuple["GuidedGame", Session]:
        """The guided game of ``game`` and its session at the start (``ValueError`` when the
        game has no guide)."""
        guide = load_guide(game, lang)
        if guide is None:
            raise ValueError(f"{game} has no guide")
        # the script's moves need its seed's draws: the seed deals until the script's end
        return cls(game), Session.start(game, guide.seat_dicts(), guide.seed, guide.options,
                                        seeded_until=len(guide.steps))

    def script(self, lang: str) -> Guide:
        """The guide's script in ``lang`` (every language has the same moves)."""
        guide = load_guide(self.game, lang)
        assert guide is not None  # ``start`` found it
        return guide

    def stage(self, s: Session) -> str:
        """Where the game ``s`` is in the script (see ``Coach.stage``)."""
        guide = self.script("en")
        played = s.record.actions
        if self.left or s.game.name != self.game or not guide.on_script(played):
            return OFF
        if len(played) >= len(guide.steps):
            return END
        return LEARNER if guide.steps[len(played)].seat == guide.learner else BOTS

    def step(self, s: Session) -> GuideStep | None:
        """The scripted step to play now, None when the guide does not lead the game."""
        return None if self.stage(s) not in (LEARNER, BOTS) else self.script("en").steps[len(s.record.actions)]

    def bot_action(self, s: Session, seat: int) -> dict | None:
        """The scripted action of bot ``seat`` when it is to move on the script (the bot does
        not think then), else None."""
        step = self.step(s)
        return step.action if step is not None and self.stage(s) == BOTS and step.seat == seat else None

    def expected_index(self, s: Session) -> int | None:
        """The index (in ``s.legal_actions()``) of the learner's scripted action, when the
        learner is to play it; None otherwise."""
        step = self.step(s)
        if step is None or self.stage(s) != LEARNER or s.to_move() != step.seat:
            return None
        for i, action in enumerate(s.legal_actions()):
            if s.game.dump_action(action) == step.action:
                return i
        return None

    def refuses(self, s: Session, index: int) -> bool:
        """Whether legal action ``index`` is refused: the learner must play the scripted one."""
        expected = self.expected_index(s)
        return expected is not None and index != expected

    def coach(self, s: Session, lang: str) -> Coach:
        """What the coach says now, in ``lang``."""
        stage = self.stage(s)
        if stage == OFF:
            return Coach(OFF)
        guide = self.script(lang)
        played = len(s.record.actions)
        if stage == END:
            return Coach(END, say=guide.end)
        remarks = self.remarks(guide, played)
        if stage == BOTS:
            return Coach(BOTS, remarks=remarks)
        step = guide.steps[played]
        return Coach(LEARNER, say=step.say, rule=step.rule, remarks=remarks)

    @staticmethod
    def remarks(guide: Guide, played: int) -> tuple[str, ...]:
        """The words of the opponents' moves played since the learner's last move, in order
        (the introduction as long as the learner has not moved yet)."""
        since = played
        while since > 0 and guide.steps[since - 1].seat != guide.learner:
            since -= 1
        said = tuple(step.say for step in guide.steps[since:played] if step.say)
        return ((guide.intro,) if since == 0 else ()) + said
