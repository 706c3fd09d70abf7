"""The "How to play" screen: a game's rules text and its searchable reference, as HTML.

The rules are written per game and language in ``tavolo_ui/rules/<game>/<lang>.md``, in a
small Markdown subset (nothing else is recognised, and everything is escaped):

- ``## Title {#id}`` and ``### Subtitle {#id}``: sections with stable ids (the table's phase
  hints and tooltips link to them);
- paragraphs (lines separated by a blank line), ``- `` bullet lists, ``1. `` numbered lists;
- ``**bold**`` and links to a section or a reference entry, ``[text](#id)``.

The reference comes from the game (``Game.reference(lang)``: every card, tile, character...
with its kind, name and text); each entry gets the id ``ref-<id>`` so a link can open it.
Plain Python on strings, so it runs the same in the page and in CPython tests.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent / "rules"

_HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
_BULLET = re.compile(r"^\s*-\s+(.*)$")
_NUMBER = re.compile(r"^\s*\d+\.\s+(.*)$")
_INLINE = re.compile(r"\*\*(.+?)\*\*|\[([^\]]+)\]\(#([a-z0-9][a-z0-9-]*)\)")


def rules_text(game: str, lang: str) -> str | None:
    """The Markdown rules of ``game`` in ``lang`` (English when that language is missing),
    or None when the game has no rules text yet."""
    for code in (lang, "en"):
        path = RULES_DIR / game / f"{code}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def inline(text: str) -> str:
    """One line of text as HTML: escaped, with ``**bold**`` and ``[text](#id)`` links."""
    out, pos = [], 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(f"<b>{escape(m.group(1))}</b>")
        else:
            out.append(f'<a href="#{m.group(3)}" data-cmd="rules-go" data-arg="{m.group(3)}">{escape(m.group(2))}</a>')
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def markdown_html(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """(HTML, table of contents) of a rules text. The contents list (level, id, title) of
    every heading; section ids are prefixed ``rule-`` in the page (ids of the page's own
    elements cannot clash with them)."""
    html: list[str] = []
    toc: list[tuple[int, str, str]] = []
    para: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal list_tag
        if para:
            html.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            html.append(f"<{list_tag}>" + "".join(f"<li>{inline(i)}</li>" for i in items) + f"</{list_tag}>")
            items.clear()
            list_tag = ""

    for line in text.splitlines():
        heading = _HEADING.match(line)
        bullet = _BULLET.match(line)
        number = _NUMBER.match(line)
        listed = bullet or number
        if heading:
            flush()
            level = len(heading.group(1))
            title, ident = heading.group(2), heading.group(3)
            toc.append((level, ident, title))
            html.append(f'<h{level} id="rule-{ident}">{inline(title)}</h{level}>')
        elif listed:
            tag = "ul" if bullet else "ol"
            if para or (items and tag != list_tag):
                flush()
            list_tag = tag
            items.append(listed.group(1))
        elif not line.strip():
            flush()
        elif items and line.startswith(("  ", "\t")):
            items[-1] += " " + line.strip()  # a list item continued on the next line
        else:
            if items:
                flush()
            para.append(line.strip())
    flush()
    return "".join(html), toc


def ref_anchor(ident: str) -> str:
    """The element id of reference entry ``ident`` in the page: ``ref-`` and the id in lower
    case, every character other than a-z, 0-9 and ``-`` made a ``-``."""
    return "ref-" + re.sub(r"[^a-z0-9-]", "-", str(ident).lower())


def reference_html(entries: list[dict], search_label: str, empty_text: str) -> str:
    """The reference as a searchable list: one ``<article id="ref-<id>">`` per entry, with a
    ``data-search`` text (name, kind and text, lower case) the page filters on."""
    rows = []
    for e in entries:
        anchor = ref_anchor(e.get("id", ""))
        name, kind, text = str(e.get("name", "")), str(e.get("kind", "")), str(e.get("text", ""))
        search = escape(f"{name} {kind} {text}".lower(), quote=True)
        rows.append(f'<article class="ref" id="{anchor}" data-search="{search}">'
                    f'<h4>{escape(name)} <span class="muted">{escape(kind)}</span></h4><p>{escape(text)}</p></article>')
    return (f'<label class="ref-search">{escape(search_label)} <input type="search" id="ref-search" '
            f'autocomplete="off"></label><div id="ref-list">{"".join(rows)}</div>'
            f'<p id="ref-empty" class="muted" hidden>{escape(empty_text)}</p>')


def page_html(title: str, rules_md: str | None, entries: list[dict], labels: dict[str, str],
              toc_open: bool = True, at: str = "") -> str:
    """The whole screen's main content: contents, rules, reference. ``labels`` holds the
    translated words of the page: "contents", "reference", "search", "none", "missing". The
    contents list is a ``<details>``, open unless ``toc_open`` is false (a phone folds it).
    ``at``: where the view is opened (a section id or a reference entry's ``ref-`` anchor);
    its contents entry is marked ``aria-current`` (``contents_entry``)."""
    toc: list[tuple[int, str, str]]
    if rules_md is None:
        body, toc = f'<p class="muted">{escape(labels["missing"])}</p>', []
    else:
        body, toc = markdown_html(rules_md)
    current = contents_entry(at, [ident for _, ident, _ in toc]) if at else None

    def mark(ident: str) -> str:
        return ' aria-current="location"' if ident == current else ""
    contents = "".join(
        f'<li class="toc-{level}"><a href="#rule-{ident}" data-cmd="rules-go" data-arg="{ident}"{mark(ident)}>'
        f'{inline(t)}</a></li>' for level, ident, t in toc)
    contents += (f'<li class="toc-2"><a href="#reference" data-cmd="rules-go" data-arg="reference"{mark("reference")}>'
                 f'{escape(labels["reference"])}</a></li>') if entries else ""
    ref = (f'<h2 id="rule-reference">{escape(labels["reference"])}</h2>'
           + reference_html(entries, labels["search"], labels["none"])) if entries else ""
    return (f'<main class="rules"><h1>{escape(title)}</h1>'
            f'<details class="toc-box"{" open" if toc_open else ""}><summary>{escape(labels["contents"])}</summary>'
            f'<nav class="toc" aria-label="{escape(labels["contents"])}"><ol>{contents}</ol></nav></details>'
            f'<div class="rules-text">{body}</div>{ref}</main>')


def contents_entry(at: str, sections: list[str] | set[str]) -> str | None:
    """The entry of the contents to mark as where the view is when it is opened or scrolled
    to ``at`` (``RulesScreen.rules_go``'s argument): the section itself (``phase-ii`` or
    ``rule-phase-ii``), ``reference`` for the reference and each of its entries
    (``ref-<id>``); None for anything else. A link from the table to a card's entry thus
    marks "Reference", never a section that merely lies under the pointer."""
    if at in sections:
        return at
    if at.startswith("rule-") and at[5:] in sections:
        return at[5:]
    if at in ("reference", "rule-reference") or at.startswith("ref-"):
        return "reference"
    return None


def filter_reference(entries: list[dict], query: str) -> list[str]:
    """The ids of the entries whose name, kind or text contains every word of ``query``
    (case-insensitive): the same test the page applies to ``data-search``."""
    out = []
    for e in entries:
        if matches(f"{e.get('name', '')} {e.get('kind', '')} {e.get('text', '')}", query):
            out.append(str(e.get("id")))
    return out


def matches(search: str, query: str) -> bool:
    """Whether an entry's ``data-search`` text holds every word of ``query`` (case-insensitive)."""
    hay = search.lower()
    return all(w in hay for w in query.lower().split())


def section_ids(rules_md: str | None) -> set[str]:
    """The section ids of a rules text (without the page's ``rule-`` prefix)."""
    return set() if rules_md is None else {ident for _, ident, _ in markdown_html(rules_md)[1]}


_ROMAN = {1: "i", 2: "ii", 3: "iii", 4: "iv"}


def phase_section(view, ids: set[str]) -> str | None:
    """The rules section of the phase a game's view is in: ``phase-<phase>`` when the rules
    have that id, else None (no link). The phase is the view's ``phase`` (Citadels, Myraclia,
    Euphoria), else the phase of the seat to move as a Roman numeral (a Spyrium player is in
    Phase 1 or 2: ``phase-i``, ``phase-ii``)."""
    if not isinstance(view, dict):
        return None
    found = []
    phase = view.get("phase")
    if isinstance(phase, str) and phase:
        found.append(phase)
    players, seat = view.get("players"), view.get("to_move")
    if isinstance(players, list) and type(seat) is int and 0 <= seat < len(players) and isinstance(players[seat], dict):
        own = players[seat].get("phase")
        if type(own) is int and own in _ROMAN:
            found.append(_ROMAN[own])
        elif isinstance(own, str) and own:
            found.append(own)
    for name in found:
        ident = "phase-" + re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
        if ident in ids:
            return ident
    return None
