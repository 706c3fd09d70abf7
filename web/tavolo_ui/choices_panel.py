"""The table's choices: the side panel's "Your choices" and the board's chooser, as a
step-by-step tree.

A part of the table screen (``table.TableScreen.choices``). The legal actions are
grouped by their steps (``Game.action_steps``) into a tree (``choices.make_choices``): a level
shows a button per option; an option that is one action plays it (``data-cmd="act"``), an
option that is a step opens the next level (``data-cmd="pick"``), with a breadcrumb and Back
above it; Escape goes back one step too (``escape_step``). The side panel offers every legal
action; the chooser, opened by a board spot that stands for several actions, offers only
those (``chooser_acts``). What was picked in each (``picked``) holds for one position only.
"""

from __future__ import annotations

from html import escape as h

import js  # type: ignore[import-not-found]

from .choices import Choice, Level, can_go_back, describe, go_back, level, make_choices
from .page import L, _el


class ChoicesPanel:
    """The table's choices: the side panel's and the board's chooser's."""

    def __init__(self, table) -> None:
        """``table``: the table screen (``table.TableScreen``) this is a part of."""
        self.table = table
        self.page = table.page
        # the step-by-step picker: steps chosen in the side panel and in the board's chooser
        self.picked: dict[str, list[str]] = {"panel": [], "chooser": []}
        self.pick_key: tuple | None = None  # the position those steps were chosen in
        self.chooser_acts: list[int] = []  # the actions of the board spot the chooser offers

    def choice_list(self, indexes: list[int] | None = None) -> list[Choice]:
        """The legal actions (or those among ``indexes``) with their steps and labels."""
        s = self.page.session
        acts = s.action_dicts(self.tip_details()) if self.table.mode == "play" else []
        if not acts:
            return []
        key = (len(s.record.actions), s.to_move())
        if key != self.pick_key:  # another position: start from the first step again
            self.pick_key = key
            self.picked = {"panel": [], "chooser": []}
        legal = s.legal_actions()
        keep = None if indexes is None else set(indexes)
        items = []
        for a in acts:
            i = a["index"]
            if keep is not None and i not in keep:
                continue
            try:
                steps = [s.rename(t) for t in s.game.action_steps(s.state, legal[i], self.page.lang)]
            except Exception as exc:  # a steps bug must not hide the action: one flat button
                js.console.error(f"action_steps failed: {exc!r}")
                steps = []
            items.append((i, steps, a["label"]))
        return make_choices(items)

    def choices_html(self, where: str, choices: list[Choice]) -> tuple[str, Level]:
        """One level of the picker: breadcrumb and Back when below the first level, then
        a button per option. An action's button plays it (``data-arg`` = its index); a
        step's button opens the next level (``data-acts`` = the actions under it)."""
        chosen = self.picked[where]
        lv = level(choices, chosen)
        head = ""
        if lv.tree and lv.path:
            back = (f'<button class="pick-back" data-cmd="pick-back" data-arg="{where}">← {h(L("Back"))}</button>'
                    if can_go_back(choices, chosen) else "")
            path = " › ".join(f"<span>{h(p)}</span>" for p in lv.path)
            head = (f'<div class="pick-crumbs">{back}<div class="pick-path" aria-label="{h(L("Chosen so far"))}">'
                    f'{path}</div></div>')
        btns = []
        texts = describe(lv.options, self.board_tips(), {c.index: c.label for c in choices}, bool(lv.path))
        for j, (o, text) in enumerate(zip(lv.options, texts)):
            desc_id = f"{where}-about-{j}"
            about = f' aria-describedby="{desc_id}" title="{h(text)}"' if text else ""
            more = " has-more" if text else ""
            if o.step is None:
                btns.append(f'<button class="act{more}" data-cmd="act" data-arg="{o.indexes[0]}"{about}>{h(o.text)}</button>')
            else:
                btns.append(f'<button class="act pick-step{more}" data-cmd="pick" data-arg="{where}:{j}" '
                            f'data-acts="{" ".join(map(str, o.indexes))}" aria-label="{h(o.text)}: {h(L("{n} ways", n=o.ways))}"{about}>'
                            f'<span>{h(o.text)}</span><span class="ways" aria-hidden="true">{h(L("{n} ways", n=o.ways))} ›</span></button>')
            if text:
                btns.append(self.about_html(desc_id, o.text, text))
        return f'{head}<div class="act-list" role="group">{"".join(btns)}</div>', lv

    @staticmethod
    def about_html(desc_id: str, name: str, text: str) -> str:
        """An option's text (what the board's tooltip says of it) beside its button: an "i"
        that opens it under the button, by a click, a tap or the keyboard (a ``<details>``,
        no script); the button's ``aria-describedby`` reads it to a screen reader and its
        ``title`` shows it on hover."""
        return (f'<details class="act-more"><summary aria-label="{h(L("About: {what}", what=name))}">i</summary>'
                f'<p id="{desc_id}">{h(text)}</p></details>')

    def board_tips(self) -> dict[int, str]:
        """Each legal action's tooltip on the board (the first spot that stands for it), with
        the seats' names (``Session.rename``)."""
        s = self.page.session
        out: dict[int, str] = {}
        for t in (self.table.cv.hits if self.table.cv is not None else []):
            for i in t.actions:
                if t.tip and i not in out:
                    out[i] = s.rename(t.tip)
        return out

    def render_actions(self) -> None:
        """The side panel's "Your choices"."""
        choices = self.choice_list()
        if not choices:
            _el("actions").innerHTML = ""
            return
        body, _ = self.choices_html("panel", choices)
        suggestion = self.table.hints.suggestion_html(self.action_text)
        _el("actions").innerHTML = f"<h3>{h(L('Your choices'))}</h3>{body}{suggestion}"
        self.table.guide.mark_choices(_el("actions"))

    def action_text(self, index: int) -> str:
        """Legal action ``index`` in words (its label, with the seats' names)."""
        s = self.page.session
        try:
            return s.rename(s.game.action_label(s.state, s.legal_actions()[index], self.page.lang))
        except Exception:
            return L("Move {n}", n=index + 1)

    def open_chooser(self, acts: list[int]) -> None:
        """The board's chooser filled for the actions ``acts`` of one spot, at its first step."""
        self.chooser_acts = acts
        self.picked["chooser"] = []
        self.render_chooser()

    def render_chooser(self) -> None:
        """The board's chooser for the actions of one spot (``chooser_acts``)."""
        ch = _el("chooser")
        choices = self.choice_list(self.chooser_acts)
        if not ch or not choices:
            return
        body, lv = self.choices_html("chooser", choices)
        title = "" if lv.path else f'<div class="chooser-title">{h(L("Which one?"))}</div>'
        ch.innerHTML = f'{title}{body}<button data-cmd="close-chooser">{h(L("Cancel"))}</button>'
        self.table.guide.mark_choices(ch)

    def pick(self, arg: str, back: bool = False) -> None:
        """A step button (``where:option``) or Back (``where``) was pressed."""
        where, _, j = arg.partition(":")
        if where not in self.picked:
            return
        choices = self.choice_list(self.chooser_acts if where == "chooser" else None)
        if back:
            self.picked[where] = go_back(choices, self.picked[where])
        else:
            options = level(choices, self.picked[where]).options
            step = options[int(j)].step if j.isdigit() and int(j) < len(options) else None
            if step is None:
                return
            self.picked[where] = level(choices, self.picked[where]).path + [step]
        if where == "chooser":
            self.render_chooser()
        else:
            self.render_actions()
        box = _el(where if where == "chooser" else "actions")
        first = box.querySelector(".act-list button") if box else None
        if first:
            first.focus()  # the keyboard goes on with the next level

    def escape_step(self, target) -> bool:
        """Escape pressed on ``target``: when it is inside a step picker (the chooser or the
        side panel) that has a step to go back to, go back one (as Back does, the focus on
        the first button of that level). False when there is none: the chooser closes then."""
        closest = getattr(target, "closest", None)
        box = closest("#chooser, #actions") if closest else None
        if not box or not box.querySelector("button.pick-back"):
            return False
        self.pick("chooser" if str(box.id) == "chooser" else "panel", back=True)
        return True

    def tip_details(self) -> dict[int, str]:
        """For each action that has its own spot on the board, the first line of its tip."""
        out: dict[int, str] = {}
        for t in (self.table.cv.hits if self.table.cv is not None else []):
            if len(t.actions) == 1 and t.tip and t.actions[0] not in out:
                first = t.tip.strip().split("\n")[0]
                for sep in (":", " (", ". "):  # the name, not the whole card text
                    head = first.split(sep, 1)[0]
                    if len(head) >= 3 and sep in first and not (sep == ". " and head.isdigit()):
                        first = head
                out[t.actions[0]] = first if len(first) <= 70 else first[:69] + "…"
        return out
