"""The step-by-step picker: a long list of legal actions shown as a tree of short lists.

Each legal action comes with its steps (``Game.action_steps``: the successive choices
that make it up, e.g. "Terraform a tile" / "B7 (forest/sea): +3 VP" / "Pay green
directly" / "Wildcards for the other 1: 3 blue"). When there are more than ``HANDFUL``
actions and some have several steps, the player sees the distinct first steps, picks
one, sees the next steps of the actions under it, and so on; an option that leads to one
action plays it. Otherwise the list is flat: one button per action, as it always was.

Plain Python (no DOM), so the shell's choices are tested on CPython (``tests/ui``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

HANDFUL = 10  # up to this many buttons, one list reads best
JOIN = ", "  # between the steps of one action when they share a button


@dataclass(frozen=True)
class Choice:
    """One legal action as the picker sees it: its index in ``legal_actions``, its
    steps and its full button label (used when the action gets a button of its own
    from the top of the list)."""
    index: int
    steps: tuple[str, ...]
    label: str


@dataclass
class Option:
    """One button of a level: ``step`` is None for an action's own button (it plays
    ``indexes[0]``), else the step it goes down into, leading to ``indexes``."""
    text: str
    indexes: list[int]
    step: str | None = None

    @property
    def ways(self) -> int:
        return len(self.indexes)


@dataclass
class Level:
    """What to show for a path of chosen steps: the breadcrumb (``path``, the chosen
    steps plus those every remaining action shares), the options, and whether the
    tree is in use at all (``tree`` False: the flat list of every action)."""
    path: list[str]
    options: list[Option] = field(default_factory=list)
    tree: bool = False


def make_choices(items: list[tuple[int, list[str], str]]) -> list[Choice]:
    """Choices from (index, steps, label) triples; empty steps fall back to the label."""
    return [Choice(i, tuple(steps) if steps else (label,), label) for i, steps, label in items]


def uses_tree(choices: list[Choice]) -> bool:
    """The tree pays off only for more than a handful of actions with several steps."""
    return len(choices) > HANDFUL and any(len(c.steps) > 1 for c in choices)


def level(choices: list[Choice], chosen: list[str]) -> Level:
    """The options after the steps ``chosen`` (a path that no action follows any more,
    e.g. after the position changed, counts as the start)."""
    if not uses_tree(choices):
        return Level([], [Option(c.label, [c.index]) for c in choices], tree=False)
    path = list(chosen)
    under = [c for c in choices if c.steps[:len(path)] == tuple(path)]
    if not under:
        path, under = [], list(choices)
    # a step every remaining action shares is no choice: follow it at once
    while len(under) > 1 and all(len(c.steps) > len(path) for c in under) \
            and len({c.steps[len(path)] for c in under}) == 1:
        path.append(under[0].steps[len(path)])
    depth = len(path)
    options: list[Option] = []
    groups: dict[str, Option] = {}
    for c in under:
        if len(c.steps) <= depth:  # steps that are a prefix of others': its own button
            options.append(Option(c.label, [c.index]))
            continue
        step = c.steps[depth]
        opt = groups.get(step)
        if opt is None:
            opt = groups[step] = Option(step, [], step)
            options.append(opt)
        opt.indexes.append(c.index)
    # small groups are opened in place, smallest first and groups of one size together
    # (peers stay alike), while the list stays a handful: fewer clicks; a step that leads
    # to one action is that action's own button
    by_index = {c.index: c for c in under}
    for ways in sorted({o.ways for o in options if o.step is not None}):
        same = [o for o in options if o.step is not None and o.ways == ways]
        if ways > 1 and len(options) + len(same) * (ways - 1) > HANDFUL:
            break
        for opt in same:
            at = options.index(opt)
            options[at:at + 1] = [
                Option(c.label if depth == 0 else JOIN.join(c.steps[depth:]), [c.index])
                for c in (by_index[i] for i in opt.indexes)]
    return Level(path, options, tree=True)


def go_back(choices: list[Choice], chosen: list[str]) -> list[str]:
    """The chosen steps after the Back button: back to the level shown before this one
    (steps taken automatically, being no choice, are skipped)."""
    here = level(choices, chosen).path
    back = list(chosen)
    while back:
        back.pop()
        if level(choices, back).path != here:
            return back
    return []


def can_go_back(choices: list[Choice], chosen: list[str]) -> bool:
    """Whether the level for ``chosen`` is below the first one."""
    return level(choices, chosen).path != level(choices, []).path


def largest_level(choices: list[Choice]) -> tuple[int, int]:
    """(most buttons shown at once, number of levels visited) when every path of the tree
    is walked: the figure the bench and the tests watch."""
    most, seen = 0, 0
    stack: list[list[str]] = [[]]
    while stack:
        chosen = stack.pop()
        lv = level(choices, chosen)
        seen += 1
        most = max(most, len(lv.options))
        if lv.tree:
            stack.extend(lv.path + [o.step] for o in lv.options if o.step is not None)
    return most, seen


def describe(options: list[Option], tips: dict[int, str], labels: dict[int, str], chosen: bool = False) -> list[str]:
    """What the board tells of each option of a level (its tooltip there), so that the list
    can show it too: ``tips[i]`` is the board's tip for action ``i`` (a spot's text: a
    recruit's ability, a space's reward), ``labels[i]`` its label.

    An option's text is the lines of the tips shared by all its actions, without the lines
    that only repeat an action's label or the option's own text; below a step already
    ``chosen`` (the level's breadcrumb), also without the lines shared by every option of the
    level (what was chosen, e.g. the active recruit when the hidden one is being picked).
    "" when nothing is left."""
    def lines(i: int) -> list[str]:
        said = (labels.get(i, "").casefold(),)
        return [ln.strip() for ln in tips.get(i, "").split("\n")
                if ln.strip() and not any(s.endswith(ln.strip().casefold()) for s in said)]

    def shared(indexes: list[int]) -> list[str]:
        first = lines(indexes[0]) if indexes else []
        rest = [set(lines(i)) for i in indexes[1:]]
        return [ln for ln in first if all(ln in r for r in rest)]

    own = [shared(o.indexes) for o in options]
    everyone = set(shared([i for o in options for i in o.indexes])) if chosen and len(options) > 1 else set()
    return ["\n".join(ln for ln in mine if ln not in everyone and ln.casefold() != o.text.casefold())
            for o, mine in zip(options, own)]
