"""The header's "More" menu (⋯) on a phone (issue 27, "Phone": a one-row header).

At a phone's width (``web/style.css``, max-width 480 px) the table's header keeps one row: the
brand, the game's title (cut with an ellipsis), the most used control (Undo; Pause when
watching), the ⋯ button and the language switch. The other controls (Share, Save copy, Hints,
Review, How to play...) sit in a panel the ⋯ button opens below the header. Wider, the ⋯ button
is hidden and the panel is laid out in the row as before (``display: contents``), so the desktop
header does not change.

The ⋯ button is a real button (keyboard reachable) with ``aria-expanded`` and
``aria-controls``; the panel closes on a second press, on any other click (a control in it runs
its command and closes it), on Escape (the focus goes back to ⋯ when it was inside) and when
the focus moves by keyboard to a control outside ⋯ and the panel (``on_focusout``).
"""

from __future__ import annotations

from html import escape as h

import js  # type: ignore[import-not-found]

from .page import L, _el

BUTTON_ID = "more-btn"
PANEL_ID = "more-menu"


def more_menu(inner: str) -> str:
    """The ⋯ button and its panel holding ``inner`` (the controls' HTML), closed."""
    label = h(L("More controls"))
    return (f'<button data-cmd="more" id="{BUTTON_ID}" class="more-btn" aria-expanded="false" '
            f'aria-controls="{PANEL_ID}" aria-label="{label}" title="{label}">⋯</button>'
            f'<span id="{PANEL_ID}" class="more-menu">{inner}</span>')


def is_open() -> bool:
    """Whether the panel is open now."""
    btn = _el(BUTTON_ID)
    return bool(btn) and str(btn.getAttribute("aria-expanded")) == "true"


def toggle(_arg: str = "") -> None:
    """⋯ pressed: open the panel (the focus on its first control) or close it."""
    btn = _el(BUTTON_ID)
    if not btn:
        return
    if is_open():
        close()
        return
    btn.setAttribute("aria-expanded", "true")
    js.document.body.dataset.more = "1"
    first = js.document.querySelector(f"#{PANEL_ID} button:not([hidden])")
    if first:
        first.focus()


def close(refocus: bool = False) -> None:
    """Close the panel; ``refocus``: give the focus back to ⋯ if it was inside the panel."""
    btn, panel = _el(BUTTON_ID), _el(PANEL_ID)
    if not btn or not is_open():
        return
    btn.setAttribute("aria-expanded", "false")
    js.document.body.dataset.more = ""
    if refocus and panel and panel.contains(js.document.activeElement):
        btn.focus()


def on_focusout(event) -> None:
    """The focus left ⋯ or a control of the open panel: close the panel when the focus went to
    something outside both (Tab past its last control, Shift+Tab past ⋯). A focus that goes
    nowhere (a tap on the board, the window left) is the click handler's or nobody's."""
    if not is_open():
        return
    to = getattr(event, "relatedTarget", None)
    if to is None:
        return
    btn, panel = _el(BUTTON_ID), _el(PANEL_ID)
    if (btn and btn.contains(to)) or (panel and panel.contains(to)):
        return
    close()


def reachable(el):
    """``el``, or the ⋯ button when ``el`` sits in the closed panel (not shown: the focus
    given back to a control of the panel goes to ⋯, which opens it)."""
    if el and el.closest(f"#{PANEL_ID}") and not int(el.getClientRects().length):
        return _el(BUTTON_ID) or el
    return el
