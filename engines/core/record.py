"""Game records: the save and share format, and replay.

A record is everything needed to rebuild a game: (game, options, players, seed, actions).

    {"format": "tavolo/1", "game": "citadels", "engine_version": "0.1.0", "players": 4,
     "seed": 123, "options": {}, "seats": [{"name": "Anna", "kind": "human"}, ...],
     "actions": [{...}, ...]}

Chance. In the first format ("tavolo/1") the seed fixes every draw to come, so a record (a
save, a link) knows the future. A game whose chance is explicit (``engines.core.chance``)
writes the second format ("tavolo/2"): the same fields, and ``chance``, the outcomes of its
chance nodes in the order they were dealt, so the record is replayed from itself and holds
nothing of what is still to come (its seed names no draw: the page deals from entropy).
``actions`` stays the list of the players' moves, so "move n" means the same everywhere
(undo, the review, forks, links); the outcomes dealt after a move are played right after it
(``Position.drawn``). A first-format record of such a game is replayed with the game's
seeded dealer, which deals exactly what the seed dealt before, and ``upgrade`` writes it in
the second format.

Forks. A game in progress can be played on from one of its positions by one of its seats
without that seat learning what it could not see: at the fork, everything the seat had not
seen is dealt again (``Game.determinize`` with the fork's own seed). The record keeps the
actions before the fork and lists the fork in ``forks``:

    "forks": [{"at": 83, "seat": 0, "seed": 4711}]

Rebuilding the state applies the first ``at`` actions, re-deals for ``seat`` from ``seed``,
and goes on with the actions after it (``redeal``: every rebuild of a record goes through
it). A record without forks has no ``forks`` key at all, as before.

Engine versions. ``engine_version`` is the ``engines.__version__`` that wrote the record.
Records are checked against this engine's version (``check_engine_version``) by
``parse_record`` (the gate every save, link and file goes through, so they all refuse a newer
record) and by ``replay`` for a ready ``GameRecord`` (which skips ``parse_record``):

- The versions are compared numerically by the dotted integer parts of their release
  ("0.10.0" > "0.9.2"; missing parts count as 0, so "1.2" == "1.2.0"). PEP 440 suffixes
  such as "rc1", ".dev3", ".post1" or "+local" are allowed but ignored. A version that does
  not start with a dotted release (or is longer than 64 characters) makes the record
  damaged: ``RecordError``.
- A record from a NEWER engine is rejected with ``RecordError`` before anything is replayed:
  its rules may have moves this engine does not know, and replaying it here could silently
  give another game. Nothing is changed (the record, dict or text is only read).
- A record from an equal or OLDER engine is replayed as usual. If an older record then fails
  (an illegal action, or options this engine no longer accepts), the ``RecordError`` message
  adds that the record was saved by engines X while this page runs Y, so the rules may have
  changed; its ``index`` is kept as it would be without the note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_serializer

from .errors import IllegalAction, LowerFirst, RecordError, reason_of
from .i18n import player, texts
from .inbound import InputError, check_json_value, load_json
from .chance import CHANCE, ChanceError, Tape
from .game import Chance, Game, GameState
from .registry import get_game
from .rng import Rng
from .. import version as _version

FORMAT: Literal["tavolo/1"] = "tavolo/1"
"""The first format: (game, options, players, seed, actions); the seed fixes every draw."""
FORMAT_2: Literal["tavolo/2"] = "tavolo/2"
"""The format of games whose chance is explicit: the outcomes dealt are in ``chance``."""
FORMATS = (FORMAT, FORMAT_2)


MAX_MOVES = 120_000
"""Most moves a record may hold: more than any save can keep. Games with people end in a few
hundred moves (the longest measured with Rules of thumb bots: 793, Euphoria at 6); only Euphoria
played by Random moves bots alone goes on for long (31,324 to 205,705 moves at 6 players, seeds
1 to 8, one not over at 400,000), and a save of Euphoria, at 37 characters a move, holds at
most about 107,000 within its 4 M characters (``inbound.MAX_JSON_CHARS``). Checked before the
moves are read, so a small link cannot make the page read a million (issue 38)."""
MAX_DRAWS = 10_000
"""Most draws (chance outcomes) a record may hold: twice the most measured (4,250, in the
205,705-move Euphoria of ``MAX_MOVES``; Spyrium's whole games draw about 110, Myraclia's
about 300)."""

MAX_SEED = 2**53 - 1
"""Largest seed a record may hold: every seed must survive a round trip through JavaScript,
whose numbers hold integers exactly only up to 2**53 - 1."""

_STRICT = ConfigDict(strict=True, extra="forbid")  # no "12" for 12, no true for 1, no unknown keys


class Seat(BaseModel):
    model_config = _STRICT

    name: str = Field(max_length=40)
    kind: str = Field(pattern=r"^(human|bot:[a-z0-9_-]+)$", max_length=40)


class Fork(BaseModel):
    """After ``at`` actions, what ``seat`` could not see was dealt again with ``seed``, by the
    game's re-deal number ``redeal`` (``Game.redeal``: a game that learns to sample better
    still replays its older forks as they were dealt). A fork of the first re-deal is written
    without it, as forks always were."""
    model_config = _STRICT

    at: int = Field(ge=0)
    seat: int = Field(ge=0, le=98)
    seed: int = Field(ge=0, le=MAX_SEED)
    redeal: int = Field(default=1, ge=1, le=99)

    @model_serializer(mode="wrap")
    def _without_first_redeal(self, handler):
        data = handler(self)
        if isinstance(data, dict) and data.get("redeal") == 1:
            data.pop("redeal")
        return data


class GameRecord(BaseModel):
    """A record, validated strictly: every field must have its own JSON type (a seed is a
    number, never the text "12" nor ``true``) and unknown fields are refused, so one game has
    one record and nothing rides along unseen."""

    model_config = _STRICT

    format: Literal["tavolo/1", "tavolo/2"] = FORMAT
    game: str = Field(max_length=40)
    engine_version: str
    players: int = Field(ge=1, le=99)
    seed: int = Field(ge=0, le=MAX_SEED)
    options: dict[str, Any] = {}
    seats: list[Seat]
    actions: list[dict[str, Any]] = []
    forks: list[Fork] = []  # positions where the game was played on with unseen parts re-dealt
    chance: list[dict[str, Any]] = []  # tavolo/2: the chance outcomes dealt, in order

    @model_serializer(mode="wrap")
    def _without_empty_forks(self, handler):
        data = handler(self)
        if isinstance(data, dict):
            if not data.get("forks"):
                data.pop("forks", None)  # a record that was never forked looks as it always did
            if data.get("format") == FORMAT and not data.get("chance"):
                data.pop("chance", None)  # the first format has no outcomes
        return data


# What each field of a record is, for messages ("The game record is damaged: its seed ...").
_T = texts("core")
_FIELD_NAMES = {"format": _T("its format tag"), "game": _T("the name of its game"),
                "engine_version": _T("its version"), "players": _T("its number of players"),
                "seed": _T("its seed"), "options": _T("its options"), "seats": _T("its seats"),
                "actions": _T("its moves"), "forks": _T("its forks"),
                "chance": _T("its draws")}


# A dotted release, then optional PEP 440 pre/post/dev tags and a +local part (both ignored).
_VERSION_RE = re.compile(r"(\d+(?:\.\d+)*)"
                         r"(?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview|post|rev|r|dev)\d*)*"
                         r"(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?", re.IGNORECASE)


def version_tuple(version: str) -> tuple[int, ...]:
    """The release parts of a version as integers, trailing zeros dropped: "0.10.0" -> (0, 10).

    Raises ``RecordError`` for a string that is not a version.
    """
    match = _VERSION_RE.fullmatch(version) if isinstance(version, str) and len(version) <= 64 else None
    if match is None:
        raise RecordError(_T("The record is damaged: its engine version {version} is not a version "
                             "number like {ours}.", version=repr(version), ours=_version.__version__))
    parts = [int(p) for p in match.group(1).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def check_engine_version(engine_version: str) -> None:
    """``RecordError`` if a record's ``engine_version`` is newer than this engine, or is
    malformed. Equal and older versions pass (see the module doc)."""
    ours = _version.__version__
    if version_tuple(engine_version) > version_tuple(ours):
        raise RecordError(_T("This game was saved by a newer Tavolo (engines {version}); "
                             "this page runs {ours}. Open it with the newer version.",
                             version=engine_version, ours=ours))


def _older_note(record: GameRecord):
    """For a failure while replaying an older record: which versions, or "" if not older."""
    ours = _version.__version__
    if version_tuple(record.engine_version) < version_tuple(ours):
        return _T(" (This game was saved by engines {version}; this page runs {ours}, "
                  "and the rules may have changed since.)", version=record.engine_version, ours=ours)
    return ""


def parse_record(data: str | bytes | dict) -> GameRecord:
    """A ``GameRecord`` from JSON text or a dict, or ``RecordError`` saying why it is not one.

    Everything from outside comes through here (saves, links, files, the CLI), so the checks
    of ``engines.core.inbound`` run first (size, nesting depth, non-finite numbers; the number
    of moves and draws, ``check_counts``, before anything inside them is looked at), then the
    format tag and the engine version (a newer engine's record is refused: see the module
    doc), then the strict model. Nothing else than ``RecordError`` is raised.
    """
    try:
        if isinstance(data, (str, bytes, bytearray)):
            data = load_json(data)
        check_counts(data)  # before any move is looked at
        check_json_value(data)
    except RecordError:
        raise
    except InputError as exc:
        raise RecordError(_T("The game record cannot be read: {reason}", reason=LowerFirst(exc.reason)),
                          detail=exc.technical) from None
    if not isinstance(data, dict):
        raise RecordError(_T("This is not a Tavolo game record."), detail=_T("the JSON is not an object"))
    fmt = data.get("format")
    if fmt not in FORMATS:
        if isinstance(fmt, str) and fmt.startswith("tavolo/"):
            raise RecordError(_T("The record has format '{format}', which this version of Tavolo cannot "
                                 "read (it reads '{ours}').", format=fmt[:20], ours="', '".join(FORMATS)))
        raise RecordError(_T("This is not a Tavolo game record."), detail=_T("no format tag {formats}", formats=" / ".join(FORMATS)))
    if isinstance(data.get("engine_version"), str):
        # Before the full validation: a newer engine's record may not fit this one's model.
        check_engine_version(data["engine_version"])
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        what = (_FIELD_NAMES.get(loc[0], _T("its field '{name}'", name=loc[0][:30])) if loc
                else _T("its content"))
        where = ".".join(loc) or "record"
        raise RecordError(_T("The game record is damaged: {what} cannot be read.", what=what),
                          detail=f"{where}: {err['msg']}") from None  # pydantic's own text, raw
    if len(record.seats) != record.players:
        raise RecordError(_T("The game record is damaged: it has {seats} seats for {players} players.",
                             seats=len(record.seats), players=record.players))
    if record.format == FORMAT and record.chance:
        raise RecordError(_T("The game record is damaged: {what} cannot be read.", what=_FIELD_NAMES["chance"]),
                          detail=_T("a {format} record has no chance outcomes", format=FORMAT))
    check_forks(record)
    return record


def check_counts(data: Any) -> None:
    """``RecordError`` when a record (as parsed JSON, not yet checked) holds more moves than
    ``MAX_MOVES`` or more draws than ``MAX_DRAWS``: it was made by hand, and reading it would
    only cost time. Looks at the lengths of the two lists, nothing inside them."""
    if not isinstance(data, dict):
        return
    for field, most in (("actions", MAX_MOVES), ("chance", MAX_DRAWS)):
        items = data.get(field)
        if isinstance(items, list) and len(items) > most:
            raise RecordError(too_many(field, len(items)), detail=_T("{field}: {n} items (at most {most})", field=field, n=len(items), most=most))


def too_many(field: str, count: int):
    """The reason for ``count`` moves (``field`` "actions") or draws ("chance") past the caps."""
    if field == "actions":
        return _T("The game record holds {n} moves: more than any game has (at most {most}).",
                  n=count, most=MAX_MOVES)
    return _T("The game record holds {n} draws: more than any game has (at most {most}).",
              n=count, most=MAX_DRAWS)


def check_forks(record: GameRecord) -> None:
    """``RecordError`` unless the forks are in order (a fork of a fork may be at the same
    position), within the moves, and name a seat."""
    last = 0
    for fork in record.forks:
        if fork.at < last or fork.at > len(record.actions) or fork.seat >= record.players:
            raise RecordError(_T("The game record is damaged: {what} cannot be read.", what=_FIELD_NAMES["forks"]),
                              detail=_T("a fork after {at} moves for {player} ({n} moves, {players} players)",
                                        at=fork.at, player=player(fork.seat), n=len(record.actions),
                                        players=record.players))
        last = fork.at


def redeal(game: Game, record: GameRecord, state: GameState, count: int) -> GameState:
    """The state after ``count`` actions: ``state`` itself, or, where the record was forked
    after ``count`` actions, a new state with what the fork's seat could not see dealt again
    (``Game.determinize_as`` the fork's re-deal, from its seed). Call it after every action (and with 0
    for the starting state) whenever a record is rebuilt; ``state`` is not changed."""
    for fork in record.forks:
        if fork.at == count:  # forks at the same position re-deal one after the other
            if fork.redeal > game.redeal:
                raise RecordError(_T("The game record is damaged: {what} cannot be read.", what=_FIELD_NAMES["forks"]),
                                  detail=_T("a fork after {at} moves: re-deal {redeal}, this engine has up to {most}",
                                             at=fork.at, redeal=fork.redeal, most=game.redeal))
            try:
                state = game.determinize_as(fork.redeal, state, fork.seat, Rng.from_seed(fork.seed))
            except NotImplementedError:
                raise RecordError(_T("This game cannot be played on from a position with its unseen parts "
                                     "dealt again.")) from None
    return state


def start(game: Game, record: GameRecord) -> GameState:
    """The starting position of ``record``: ``game.new_game`` from its header, its set-up's
    chance dealt (``deal_from``), re-dealt if a fork sits at 0 (``redeal``). ``RecordError``
    when the header cannot start a game (options this engine no longer accepts)."""
    state = _new(game, record, dealer=game.chance is Chance.EXPLICIT and record.format == FORMAT)
    deal_from(game, record, state)
    return redeal(game, record, state, 0)


def deal_from(game: Game, record: GameRecord, state: GameState) -> list:
    """Deal the chance nodes ``state`` is at from ``record``: from the state's seeded dealer
    (a record of the first format), or from the record's outcomes (``chance``) after the
    ``state.dealt`` already played. When the record's outcomes are all played the state
    stays at its chance node (the page deals the rest). The outcomes played are returned.
    ``RecordError`` for an outcome that cannot happen where it falls."""
    if game.chance is not Chance.EXPLICIT:
        return []
    if getattr(state, "dealer", None) is not None:
        return game.deal(state)
    tape = Tape(record.chance, getattr(state, "dealt", 0))
    try:
        return game.deal(state, tape)
    except (ChanceError, IllegalAction) as exc:
        index = exc.index if isinstance(exc, ChanceError) else tape.next
        raise RecordError(_T("The game record is damaged: draw {n} cannot happen where it falls.", n=index + 1),
                          detail=reason_of(exc)) from None


@dataclass(frozen=True, slots=True)
class Position:
    """One action of a record and the positions around it (yielded by ``positions``).

    ``index``: the action's place in ``record.actions`` (0 for the first).
    ``seat``: the seat that played it (``Game.to_move`` before it).
    ``action``: the action model (``Game.parse_action`` of the record's dict).
    ``before``: the state just before the action when ``positions`` was asked to keep it
    (``before=True``), else None.
    ``played``: the state just after the action and the chance outcomes that follow it
    (``drawn``), as the rules left it.
    ``after``: the position after the action: ``played`` itself, or, where a fork sits after
    this action, ``played`` with what the fork's seat had not seen dealt again (``redeal``).
    """

    index: int
    seat: int
    action: Any
    before: GameState | None
    played: GameState
    after: GameState
    drawn: tuple = ()
    """The chance outcomes dealt after the action, before the next player's (in ``played``)."""

    @property
    def forked(self) -> bool:
        """Whether a fork re-dealt the unseen parts after this action."""
        return self.after is not self.played


def positions(game: Game, record: GameRecord, state: GameState | None = None, first: int = 0,
              upto: int | None = None, *, before: bool = False) -> Iterator[Position]:
    """Replay the actions ``first`` to ``upto`` (the end: None) of ``record``, yielding each
    as a ``Position``: the one replay loop of records (``replay``, statistics, the bot
    worker, the page's session and review).

    ``state`` is the position after the first ``first`` actions (by default ``start(game,
    record)``, with ``first`` 0). Every action goes through ``Game.apply``'s check, and
    after every action ``redeal`` re-deals where the record was forked.

    Without ``before`` the actions are played on ``state`` itself, which each step changes
    further: a caller that keeps a position copies it (``clone``). With ``before=True``
    each action is played on a copy (one ``clone`` an action), so ``before`` is the state
    just before it and no state yielded is ever changed afterwards.

    An illegal action raises ``RecordError`` with the action's ``index``, its message naming
    the action from 1 (with the note of ``_older_note`` for a record of an older engine).
    """
    if state is None:
        state = start(game, record)
    actions = record.actions if upto is None else record.actions[:upto]
    for i in range(first, len(actions)):
        seat = game.to_move(state)
        if seat == CHANCE:
            raise RecordError(_T("The game record is damaged: a draw is missing before action {n}.", n=i + 1),
                              index=i)
        try:
            action = game.parse_action(actions[i])
            played = state.clone() if before else state
            drawn = game.apply(played, action)
        except IllegalAction as exc:
            raise RecordError(_T("Action {n} of the record is not legal: {reason}{note}", n=i + 1,
                                 reason=exc.reason, note=_older_note(record)), index=i) from None
        drawn += deal_from(game, record, played)
        after = redeal(game, record, played, i + 1)
        yield Position(i, -1 if seat is None else seat, action, state if before else None, played, after,
                       tuple(drawn))
        state = after
    if upto is None and game.chance is Chance.EXPLICIT and record.format == FORMAT_2 \
            and getattr(state, "dealt", 0) != len(record.chance):
        raise RecordError(_T("The game record is damaged: it holds {n} draws more than its moves need.",
                             n=len(record.chance) - getattr(state, "dealt", 0)))


def replay(record: GameRecord | dict | str, upto: int | None = None) -> GameState:
    """Rebuild the state of a record by re-applying and validating every action.

    ``upto`` stops after that many actions. Raises ``RecordError`` naming the first bad action.
    A record saved by a newer engine is rejected before anything is replayed; a failing record
    from an older engine says so in the message (see the module doc).
    """
    if not isinstance(record, GameRecord):
        record = parse_record(record)
    else:
        check_engine_version(record.engine_version)
    game = _game_of(record)
    check_forks(record)
    state = start(game, record)
    for position in positions(game, record, state, upto=upto):
        state = position.after
    return state


def new_record(game: Game, players: int, seed: int, options: dict | None = None,
               seats: list[dict] | None = None, *, outcomes: bool = False) -> GameRecord:
    """An empty record (no action yet). The first format by default: (seed, actions), the
    game rebuilt from its seed (tests, tools, the CLI write records so). With ``outcomes``,
    where the game's chance is explicit, the second: the outcomes dealt are to be written in
    ``chance`` (the page's games, and ``play_game``'s)."""
    seats = seats or [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)]
    opts = game.validate_options(options).model_dump(mode="json")
    second = outcomes and game.chance is Chance.EXPLICIT
    return GameRecord(format=FORMAT_2 if second else FORMAT, game=game.name,
                      engine_version=_version.__version__, players=players, seed=seed,
                      options=opts, seats=[Seat.model_validate(s) for s in seats])


def upgrade(record: GameRecord) -> GameRecord:
    """``record`` in the second format when its game's chance is explicit: a record of the
    first format replayed with its seeded dealer, each outcome the dealer dealt written in
    ``chance`` (a new record; ``record`` is not changed). Any other record is returned as it
    is. The page upgrades every record it opens, so a game it continues deals its future from
    entropy, never from the seed. ``RecordError`` as ``replay``."""
    game = _game_of(record)
    if record.format != FORMAT or game.chance is not Chance.EXPLICIT:
        return record
    check_engine_version(record.engine_version)
    state = _new(game, record, dealer=True)
    outcomes = [game.dump_action(o) for o in game.deal(state)]
    state = redeal(game, record, state, 0)
    for position in positions(game, record, state):
        outcomes += [game.dump_action(o) for o in position.drawn]
    return record.model_copy(update={"format": FORMAT_2, "chance": outcomes})


def _new(game: Game, record: GameRecord, dealer: bool) -> GameState:
    """``game.new_game`` from the header of ``record``, its chance not dealt yet (with the
    seeded dealer or without); ``RecordError`` when the header cannot start a game."""
    try:
        return game.new_game(record.players, record.seed, record.options, dealer=dealer, deal=False)
    except ValueError as exc:
        raise RecordError(_T("The record cannot start a game: {reason}{note}", reason=reason_of(exc),
                             note=_older_note(record))) from None


def _game_of(record: GameRecord) -> Game:
    try:
        return get_game(record.game)
    except KeyError:
        raise RecordError(_T("Unknown game '{name}'.", name=record.game)) from None
