"""The rules screen's Markdown subset and reference list (tavolo_ui.rules_page)."""

from tavolo_ui.rules_page import filter_reference, inline, markdown_html, page_html, reference_html

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
