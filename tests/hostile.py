"""Hostile input, shared: hypothesis strategies for what a person, a damaged disk or an attacker
can put where Tavolo reads from outside (JSON text, a share link's fragment, a stored save),
and an oracle for how deep Python's JSON parser goes on a text.

Used by the gate's property tests (tests/core/test_inbound.py), the saves' and links' fuzz
tests (tests/ui/), the browser test that starts the real page on generated input
(tests/web/test_hostile_start.py) and its longer run outside CI (bench/hostile_start.py).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import json.decoder
import json.scanner
import zlib

from hypothesis import strategies as st

# ---- JSON values and text ---------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**500, max_value=10**500)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
any_text = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=200)

hostile = st.sampled_from([float("inf"), float("-inf"), float("nan"), 10**400, -10**400, 1e308, -1, 2**53,
                           "12", "2", True, False, None, [], {}, [[[[]]]], "\ud800", "x" * 300])
values = hostile | json_values


def dump(value) -> str:
    """JSON text of ``value``, NaN and Infinity written as Python writes them."""
    return json.dumps(value, allow_nan=True)


nested = st.builds(lambda n, open_, close: open_ * n + close * n, st.integers(20, 3000),
                   st.sampled_from(["[", '{"a":[']), st.sampled_from(["]", "]}"]))
"""Plainly deep text (every bracket outside strings)."""

# The pieces JSON text is made of, the troublesome ones often: brackets, quotes, escapes.
_PIECES = ["[", "]", "{", "}", '"', "\\", '\\"', "\\\\", ",", ":", "1", "-2.5e3", "a", " ", "\n",
           "true", "null", "NaN", "Infinity", "1e999", '"k":', '"]"', '"["', "\\u005b"]
json_like_text = st.lists(st.sampled_from(_PIECES), max_size=80).map("".join)
"""Text made of JSON's own pieces in any order: mostly invalid, always near a parser's edge."""


@st.composite
def gate_walkers(draw, deep: int = 2000) -> str:
    """Text that is nested deeply *outside* strings while brackets *inside* strings try to
    hide it (the shape that walked around the first nesting gate), in many arrangements."""
    n = draw(st.integers(40, deep))
    in_string = draw(st.sampled_from(["]", "}", "[", "\\]", '\\"]', "]\\\\"])) * draw(st.integers(0, 2 * n))
    opener = draw(st.sampled_from(["[", '{"k":', "[1,", '{"a":["x",']))
    closer = {"[": "]", '{"k":': "}", "[1,": "]", '{"a":["x",': "]}"}[opener]
    body = opener * n + draw(st.sampled_from(["", "0", '""'])) + closer * draw(st.integers(0, n))
    where = draw(st.sampled_from(["before", "after", "around"]))
    string = '"' + in_string + '"'
    if where == "before":
        return "[" + string + "," + body + "]"
    if where == "after":
        return "[" + body + "," + string + "]"
    return "[" + string + "," + body + "," + string + "]"


ISSUE_25_WALKER = '["' + "]" * 100_000 + '",' + "[" * 100_000 + "]" * 100_000 + "]"
"""The text of issue 25 that the first gate measured as depth 1 (it is 100,001 deep)."""

# ---- the parser's own depth (the oracle) ------------------------------------------------------


def parser_depth(text: str) -> int:
    """The deepest nesting Python's JSON parser reaches on ``text`` before it returns or stops
    at an error: the pure-Python scanner (the same grammar as the C one), with its array and
    object parsers counted. Recursion is what the gate must prevent, so keep ``text`` under
    Python's recursion limit (a few hundred levels)."""
    decoder = json.decoder.JSONDecoder()
    depth = deepest = 0

    def counted(parse):
        def inner(*args, **kwargs):
            nonlocal depth, deepest
            depth += 1
            deepest = max(deepest, depth)
            try:
                return parse(*args, **kwargs)
            finally:
                depth -= 1
        return inner

    decoder.parse_array = counted(json.decoder.JSONArray)
    decoder.parse_object = counted(json.decoder.JSONObject)
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except (ValueError, RecursionError):
        pass
    return deepest


# ---- share links and stored saves -------------------------------------------------------------


def fragment_of_text(text: str, mode: str = "play", version: str = "t1", level: int = 9) -> str:
    """A share-link fragment whose header (length, checksum) is right for ``text``: what a
    hostile person makes to reach the record parser (tavolo_ui.links' format; ``t2``: its
    moves then read as packed). Mode "move": a move link of a game at a distance around it
    (tavolo_ui.distance's format), its own header made up. ``level``: zlib's; 0 stores the
    text without compressing it, so a text that compresses far better than any record (a
    "zip bomb", which the page refuses as too large) still reaches the parser."""
    comp = zlib.compress(text.encode("utf-8", "surrogatepass"), level)
    b64 = base64.urlsafe_b64encode(comp).decode().rstrip("=")
    payload = f"{version}.{len(b64)}.{zlib.crc32(comp) & 0xFFFFFFFF:08x}.{b64}"
    if mode == "move":
        return f"#move=abcdefgh1234.1.0.00000000.{payload}"
    return f"#{mode}={payload}"


def link_bombs() -> list[str]:
    """The link bombs of issue 38 (built below): a move link of 950,000 moves, one of 250,000
    draws more than its moves need, the share link of the first, and the most a link can make
    the page read since (``MAX_MOVES`` moves, long enough for what it unpacks to). Kept out of
    ``hostile_fragments``, whose derandomized examples the CI browser test takes a prefix of."""
    return [move_bomb(moves=950_000), move_bomb(draws=250_000), "#play=" + share_bomb(moves=950_000),
            move_bomb(moves=120_000, pad=16_000)]


def _cut(text: str, at: int) -> str:
    return text[:max(8, at)]


link_bodies = st.one_of(json_like_text, gate_walkers(), nested, json_values.map(dump),
                        st.just(ISSUE_25_WALKER))
hostile_fragments = st.one_of(
    link_bodies.map(fragment_of_text),
    link_bodies.map(lambda t: fragment_of_text(t, "watch")),
    link_bodies.map(lambda t: fragment_of_text(t, "play", "t2")),
    link_bodies.map(lambda t: fragment_of_text(t, "move", "t2")),
    st.builds(_cut, link_bodies.map(fragment_of_text), st.integers(0, 400)),
    any_text.map(lambda t: "#play=" + t),
    st.sampled_from(["#play=", "#watch=t1", "#play=t9.1.00000000.AA", "#play=t1.99999999.zzzzzzzz.A", "#=",
                     "#play=t1.4.00000000.%%%%", "#rules=x", "#" + "=" * 500, "#move=", "#move=a.b.c.d.e",
                     "#move=abcdefgh1234.9.0.00000000.t2.1.00000000.A"]),
)
"""URL fragments that look like share links (or almost), carrying hostile records."""

SAVE_PREFIX = "tavolo:v1:save:"  # tavolo_ui.saves' keys, written out so the page's tests read as storage
LAST_KEY = "tavolo:v1:last"


@st.composite
def hostile_storage(draw) -> dict[str, str]:
    """localStorage content with one hostile save that the page resumes at start (named by
    ``tavolo:v1:last``), its record any of the hostile bodies, or the entry itself hostile."""
    body = draw(link_bodies)
    entry = draw(st.sampled_from(["record", "record", "entry", "name", "far"]))
    if entry == "record":
        text = '{"layout":1,"name":"x","record":' + body + "}"
    elif entry == "far":  # a game at a distance (the home screen's inbox): its record, or what it knows, hostile
        far = draw(st.sampled_from(['{"gid":"abcdefgh1234","mine":[0,5],"turn":7,"sent":{"to":9}}', body]))
        text = '{"layout":1,"name":"x","distance":' + far + ',"record":' + body + "}"
    elif entry == "name":
        text = '{"layout":1,"name":' + json.dumps(body) + ',"record":' + body + "}"
    else:
        text = body
    return {SAVE_PREFIX + "h1": text, LAST_KEY: "h1"}


def samples(strategy, n: int) -> list:
    """``n`` examples of ``strategy``, the same ones at every run (hypothesis, derandomized):
    for tests that cannot run inside ``@given`` (a browser page per example) and for the bench."""
    from hypothesis import HealthCheck, Phase, given, settings

    out: list = []

    @settings(max_examples=n, derandomize=True, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(example):
        out.append(example)

    collect()
    return out[:n]


# ---- link bombs: a small link holding more moves or draws than any game has ---------------------

BOMB_GID = "abcdefgh1234"


@functools.lru_cache(maxsize=2)
def _bomb_game(moves: int) -> str:
    return json.dumps(_play_bomb_game(moves))


def bomb_game(moves: int = 12) -> dict:
    """A real record to wrap a bomb around: Citadels, four people's seats, dealt from seed 3,
    its first ``moves`` moves chosen by the Rules of thumb bot (as JSON, second format)."""
    return json.loads(_bomb_game(moves))


def _play_bomb_game(moves: int) -> dict:
    from engines import get_game, new_record
    from engines.core.bots import get_bot
    from engines.core.rng import Rng

    game = get_game("citadels")
    seats = [{"name": name, "kind": "human"} for name in ("Ada", "Bea", "Cleo", "Dan")]
    record = new_record(game, 4, 3, None, seats, outcomes=True)
    state = game.new_game(4, 3, None, deal=False)
    record.chance += [game.dump_action(o) for o in game.deal(state)]
    bot, rng = get_bot(game, "heuristic"), Rng.from_seed(3)
    for _ in range(moves):
        action = bot(game, state, rng)
        record.actions.append(game.dump_action(action))
        record.chance += [game.dump_action(o) for o in game.apply(state, action)]
    return record.model_dump(mode="json")


def _packed(items: list[dict]) -> dict:
    """``items`` packed as a ``t2`` link packs them (tavolo_ui.links.pack_items, written out)."""
    shapes: dict[tuple, int] = {}
    rows = []
    for item in items:
        kind = item.get("type") if isinstance(item.get("type"), str) else None
        fields = tuple(k for k in item if kind is None or k != "type")
        rows.append([shapes.setdefault((kind, fields), len(shapes)), *(item[k] for k in fields)])
    return {"k": [[kind, list(fields)] for kind, fields in shapes], "v": rows}


@functools.lru_cache(maxsize=8)
def share_bomb(*, moves: int = 0, draws: int = 0, real: bool = False, pad: int = 0) -> str:
    """The payload of a ``t2`` share link (its length and checksum right) around ``bomb_game``:
    its moves replaced by ``moves`` rows of one empty shape (``[0]``), or ``draws`` draws more
    than its moves need (copies of its first); ``real``: the game as it is. ``pad``: that many
    characters that do not compress (hex of a hash chain) in an option, so the link is long
    enough for what it unpacks to (``tavolo_ui.links.INFLATE_RATIO``)."""
    record = bomb_game()
    if pad:
        chain = [hashlib.sha256(b"tavolo").digest()]
        while len(chain) * 64 < pad:
            chain.append(hashlib.sha256(chain[-1]).digest())
        record["options"] = {"pad": "".join(c.hex() for c in chain)[:pad]}
    packed = {k: _packed(record[k]) for k in ("actions", "chance")}
    if moves and not real:
        packed["actions"] = {"k": [[None, []]], "v": [[0]] * moves}
    if draws and not real:
        packed["chance"]["v"] += [packed["chance"]["v"][0]] * draws
    text = json.dumps(record | packed, separators=(",", ":"))
    comp = zlib.compress(text.encode(), 9)
    b64 = base64.urlsafe_b64encode(comp).decode().rstrip("=")
    return f"t2.{len(b64)}.{zlib.crc32(comp) & 0xFFFFFFFF:08x}.{b64}"


@functools.lru_cache(maxsize=8)
def move_bomb(*, moves: int = 0, draws: int = 0, real: bool = False, seat: int = 1, pad: int = 0) -> str:
    """A move link's fragment around ``share_bomb`` for ``seat``, its header made as a hostile
    person makes it: the number of moves the bomb holds and the checksum of the link's text
    (tavolo_ui.distance's header, written out), so only the bounds on what a link may unpack
    to and on moves and draws stop it."""
    payload = share_bomb(moves=moves, draws=draws, real=real, pad=pad)
    count = moves if moves and not real else len(bomb_game()["actions"])
    head = f"{BOMB_GID}.{seat}.{count}"
    return f"#move={head}.{zlib.crc32(f'{head}.{payload}'.encode()) & 0xFFFFFFFF:08X}.{payload}"
