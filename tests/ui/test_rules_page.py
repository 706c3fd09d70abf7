"""The rules screen's Markdown subset and reference list (tavolo_ui.rules_page)."""

import engines
import re

from tavolo_ui.rules_page import (contents_entry, filter_reference, inline, markdown_html, matches, page_html,
                                  phase_section, ref_anchor, reference_html, rules_text, section_ids)

SAMPLE = """## Goal {#goal}
Build the **finest** city.
It ends at eight districts.

## A round {#round}
### Choosing {#phase-choose}
- one *character* each
- see [the Thief](#ref-thief)
  and more
1. first
2. second

Back to text <script>alert(1)</script>.
"""


def test_headings_paragraphs_lists_and_links():
    html, toc = markdown_html(SAMPLE)
    assert toc == [(2, "goal", "Goal"), (2, "round", "A round"), (3, "phase-choose", "Choosing")]
    assert '<h2 id="rule-goal">Goal</h2>' in html
    assert "<p>Build the <b>finest</b> city. It ends at eight districts.</p>" in html
    assert "<ul><li>one *character* each</li><li>see <a href=\"#ref-thief\"" in html
    assert "the Thief</a> and more</li></ul><ol><li>first</li><li>second</li></ol>" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>" not in html


def test_inline_escapes_everything_but_its_own_marks():
    assert inline('a <b> & "c"') == "a &lt;b&gt; &amp; &quot;c&quot;"
    assert inline("[x](javascript:alert(1))") == "[x](javascript:alert(1))"  # only #id links
    assert inline("[**x**](#goal)").startswith('<a href="#goal"')


REF = [{"id": "thief", "kind": "Character", "name": "Thief", "text": "Robs a character."},
       {"id": "palace", "kind": "District", "name": "Palace <b>", "text": "Worth 5."}]


def test_reference_is_escaped_searchable_and_filtered():
    html = reference_html(REF, "Search", "Nothing found")
    assert 'id="ref-thief"' in html and 'data-search="thief character robs a character."' in html
    assert "Palace &lt;b&gt;" in html and "<b>" not in html
    assert filter_reference(REF, "ROB char") == ["thief"]
    assert filter_reference(REF, "worth") == ["palace"]
    assert filter_reference(REF, "") == ["thief", "palace"]


def test_page_has_contents_for_every_section_and_the_reference():
    labels = {"contents": "Contents", "reference": "Reference", "search": "Search", "none": "None",
              "missing": "No rules yet."}
    page = page_html("Citadels", SAMPLE, REF, labels)
    for ident in ("goal", "round", "phase-choose", "reference"):
        assert f'data-arg="{ident}"' in page
    assert 'id="rule-reference"' in page
    assert "No rules yet." in page_html("X", None, [], labels)


def _marked(page: str) -> list[str]:
    """The contents entries marked as where the view is."""
    return re.findall(r'data-arg="([^"]+)" aria-current="location"', page)


def test_the_contents_mark_the_entry_that_was_opened_and_nothing_else():
    """Issue 27: a note's "Rule" link to the Thief opened How to play with "Scoring"
    highlighted. The entry opened is marked: a reference entry marks "Reference", a section
    itself; nothing is marked when the view opens at its top."""
    labels = {"contents": "Contents", "reference": "Reference", "search": "Search", "none": "None",
              "missing": "No rules yet."}
    rules = rules_text("citadels", "en")
    entries = engines.get_game("citadels").reference("en")
    assert _marked(page_html("Citadels", rules, entries, labels, at=ref_anchor("thief"))) == ["reference"]
    assert _marked(page_html("Citadels", rules, entries, labels, at="phase-draft")) == ["phase-draft"]
    assert _marked(page_html("Citadels", rules, entries, labels, at="rule-scoring")) == ["scoring"]
    assert _marked(page_html("Citadels", rules, entries, labels)) == []
    sections = section_ids(rules)
    assert contents_entry("ref-choosing-characters", sections) == "reference"
    assert contents_entry("rule-phase-turn", sections) == "phase-turn"
    assert contents_entry("somewhere-else", sections) is None


def test_contents_fold_on_request():
    labels = {"contents": "Contents", "reference": "Reference", "search": "Search", "none": "None",
              "missing": "No rules yet."}
    assert '<details class="toc-box" open><summary>Contents</summary>' in page_html("C", SAMPLE, REF, labels)
    assert '<details class="toc-box"><summary>Contents</summary>' in page_html("C", SAMPLE, REF, labels, toc_open=False)


def test_matches_is_the_filter_of_the_page():
    assert matches("thief character robs a character.", "ROB  char")
    assert matches("anything", "") and matches("", "")
    assert not matches("thief character", "thief palace")
    for query in ("rob", "worth", "character", "x", ""):
        page = [e["id"] for e in REF
                if matches(f"{e['name']} {e['kind']} {e['text']}".lower(), query)]
        assert page == filter_reference(REF, query)


def test_section_ids():
    assert section_ids(SAMPLE) == {"goal", "round", "phase-choose"}
    assert section_ids(None) == set()


def test_phase_section_only_when_the_rules_have_it():
    ids = {"phase-draft", "phase-turn", "phase-i", "phase-ii"}
    assert phase_section({"phase": "draft"}, ids) == "phase-draft"
    assert phase_section({"phase": "Turn"}, ids) == "phase-turn"
    assert phase_section({"phase": "setup"}, ids) is None
    assert phase_section({"phase": "draft"}, set()) is None
    assert phase_section(None, ids) is None and phase_section({}, ids) is None
    # a seat's own phase (Spyrium: 1 or 2) when the view has no phase of its own
    view = {"to_move": 1, "players": [{"phase": 1}, {"phase": 2}]}
    assert phase_section(view, ids) == "phase-ii"
    assert phase_section({**view, "to_move": None}, ids) is None
    assert phase_section({**view, "to_move": 5}, ids) is None
    assert phase_section({"to_move": 0, "players": 4}, ids) is None


def test_every_game_links_its_first_phase_when_its_rules_have_one():
    for name in ("citadels", "spyrium", "myraclia", "euphoria"):
        game = engines.get_game(name)
        state = game.new_game(game.min_players, 1, {})
        for lang in ("en", "it"):
            ids = section_ids(rules_text(name, lang))
            found = phase_section(game.view(state, 0), ids)
            assert found is None or found in ids
            if name == "citadels":
                assert found == "phase-draft"
