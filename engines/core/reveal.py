"""Public chance at a distance, fixed by every seat: per-seat hash chains, commit then reveal.

Issue 39, stage 2 ("nobody chooses or re-draws chance"). Without this module the device of
the seat that moves deals every outcome its moves meet from its own entropy and writes it in
the record, so a sender can replace a public draw (a die, Spyrium's market, Myraclia's tiles,
the first player) by another possible one. Here every *public* outcome (``chance_seen_by``
None: everyone sees it) follows from values that every seat committed to before any of them
was known, and every device recomputes every public outcome of a link it opens. Private and
face-down draws (a card into a hand, a face-down character) are dealt from the mover's
entropy as before: deriving them from public values would show them to everyone (stage 3
deals them with a mental-poker protocol).

**The chains** (a Lamport hash chain, as in S/KEY one-time passwords, RFC 1760). Each seat's
device makes a secret random seed (``Chains``) and the chain ``v_N = seed``, ``v_{k-1} = H(v_k)``
(``HashChain``), and commits the *anchor* ``v_0`` in its first segment; each later segment of
that seat *reveals* the next value, ``v_1``, ``v_2``, ... (one per segment), which anyone
checks with one hash: ``H(v_k) == v_{k-1}``. One-wayness makes the reveals unpredictable
(nobody can compute ``v_k`` from ``v_{k-1}``) and binding (the seat itself cannot choose
``v_k``: only one value hashes to ``v_{k-1}``). This is a commit-then-reveal scheme (Blum's
coin flipping by telephone), with one commitment for a whole game.

``H`` is BLAKE2b-256 (RFC 7693) with the personalisation ``tavolo-reveal-ch``, and, an
improvement on S/KEY's bare chain, *tweaked* as the chains of WOTS+/XMSS are (RFC 8391): each
step also hashes the game id, the seat, the chain's number and the step's index
(``step``). So a chain belongs to one seat of one game: a seat cannot commit another seat's
(or another game's) anchor and mirror its values, and the many chains of all games give an
attacker no multi-target shortcut to a preimage.

``N`` (``CHAIN_LENGTH``, 256) covers the longest games: a seat signs at most 109 segments in
whole games of the four titles played by the heuristic bot (Euphoria at 2 players, seed 3;
the most over seeds 1 to 40 at 2 and 3 players: Spyrium 69, Myraclia 35, Citadels 29;
``bench/seal.py --reveal`` prints them), so a game rarely needs a second chain. When it does, the segment
that reveals a chain's last value ``v_N`` also commits the anchor of the seat's next chain
(its ``anchor`` field), and the seat's next segment reveals that chain's ``v_1``. The seeds
of a seat's chains all follow from one secret the device made before the game began
(``Chains``: keyed BLAKE2b as a PRF), so a new chain gives its seat nothing to choose; and
were it chosen afresh, it would be chosen before the other seats reveal the values it is
combined with.

**The set-up lap.** No outcome may be drawn until every seat has committed its anchor. The
creator's device signs the first segment, with no moves and its anchor (and the bots'
anchors: they sit there, in their own segments at once); then each other person's device
adds its anchor in a segment with no moves, in turn (the lap of links); back at the creator,
the set-up is dealt in a segment that reveals the creator's ``v_1``. So the transcript
starts with one segment per seat (the *lap*, ``seal.lap_size``), then the creator's *deal
segment*. The seat that commits last, knowing every other anchor, still cannot steer the
set-up: it is dealt from the creator's ``v_1``, which nobody but the creator knows and
which the creator fixed (by its anchor) before seeing any other; choosing one's own anchor
changes the outcome in a way one cannot foresee. The creator cannot steer it either: its
``v_1`` was fixed before the others' anchors existed.

**An outcome.** The ``j``-th outcome of the game (``j`` = ``state.dealt``, its index in
``record.chance``), when public, is ``weighted(chance_weights(state), r)`` with
``r = int(H_draw(gid, j, w_0, ..., w_{n-1})) mod W``: ``w_s`` the latest value seat ``s``
revealed in the transcript up to and including the segment that deals it (its anchor before
its first reveal), ``W`` the sum of the weights, ``H_draw`` BLAKE2b-256 personalised
``tavolo-reveal-dr``. Reducing a 256-bit number modulo ``W`` biases an outcome's probability
by at most ``W / 2**256`` (under ``2**-240`` for any node of these games, whose weights sum
to a few hundred at most): no bias anyone can measure. ``Beacon`` is the ``Source`` that deals
so (``Game.deal``): public nodes from the seats' values, the others from ``Entropy``.

**Checking** (``check_commitments``, called by ``seal.verify`` when the transcript starts
with a lap): every reveal hashes to its seat's previous value; every segment after the lap
reveals one; no anchor changes mid-game (a new one only with a chain's last value); then the
record is replayed and every public outcome recomputed. Each refusal is a ``SealError``
naming the seat and the move. ``seal.verify`` also refuses, before any of this, a draw or a
move before the lap ends, a set-up dealt by another seat than the creator, and a seat's turn
sealed in two segments (which would let it choose between two of its values for its draws).

What this does NOT protect:

- **A seat foresees the public draws of its own turn.** It knows its own next value and
  every other seat's latest, so its device can compute the draws its moves would meet before
  it sends them (a modified page can show them; the page's undo changes nothing, since the
  values do not change). It cannot choose them.
- **The device hosting bots knows the bots' values**, so it foresees their draws too; and a
  game of one person with bots is that person's alone.
- **A seat that stops answering** when it dislikes what comes (the creator, who sees the
  set-up first, can abandon the game and start another), and **all other seats colluding**.
- **Private draws**, still dealt by the mover's device (stage 3).
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .chance import ENTROPY, Source, weighted
from .errors import IllegalAction, reason_of
from .i18n import player, texts

if TYPE_CHECKING:
    from .game import Game, GameState
    from .record import GameRecord

_T = texts("core")

VALUE_BYTES = 32
"""Length of a chain's values (the seed, the anchor, each reveal): a BLAKE2b-256 digest."""
CHAIN_LENGTH = 256
"""``N``: how many values a chain reveals after its anchor (see the module doc)."""
_CHAIN = b"tavolo-reveal-ch"
"""BLAKE2b personalisation (16 bytes at most) of a chain's step."""
_DRAW = b"tavolo-reveal-dr"
"""BLAKE2b personalisation of an outcome's number."""
_SEED = b"tavolo-reveal-sd"
"""BLAKE2b personalisation of a chain's seed made from a seat's secret (``Chains``)."""


# ---- the chains --------------------------------------------------------------------------

def _gid_bytes(gid: str) -> bytes:
    """The game id, length-prefixed (so that no two inputs of a hash are one byte string)."""
    data = gid.encode("utf-8")
    if len(data) > 255:
        raise ValueError("a game id is at most 255 bytes")
    return bytes([len(data)]) + data


def step(gid: str, seat: int, chain: int, k: int, value: bytes) -> bytes:
    """``v_{k-1}`` from ``v_k`` (``value``) in chain number ``chain`` of ``seat`` in the game
    ``gid``: BLAKE2b-256 personalised ``tavolo-reveal-ch`` of the tweak (game id, seat, chain,
    ``k``; as WOTS+'s hash addresses, RFC 8391) followed by the value."""
    tweak = _gid_bytes(gid) + struct.pack(">BII", seat, chain, k)
    return hashlib.blake2b(tweak + value, digest_size=VALUE_BYTES, person=_CHAIN).digest()


class HashChain:
    """One seat's secret chain (a Lamport hash chain): ``value(N)`` is the seed, ``value(k -
    1)`` is ``step(..., k, value(k))``, ``anchor`` is ``value(0)``. ``number``: the seat's
    chains are numbered from 0 (a new one when one runs out). A device makes its seats'
    chains from their secrets (``Chains``); a seed never leaves the device, and ``repr``
    never shows it."""

    def __init__(self, seed: bytes, gid: str, seat: int, number: int = 0, length: int | None = None) -> None:
        if len(seed) != VALUE_BYTES:
            raise ValueError(f"a chain's seed is {VALUE_BYTES} bytes, not {len(seed)}")
        self.seed, self.gid, self.seat, self.number = seed, gid, seat, number
        self.length = length or CHAIN_LENGTH

    def value(self, k: int) -> bytes:
        """``v_k`` (0 <= k <= N), hashing down from the seed (N - k steps; N is small)."""
        if not 0 <= k <= self.length:
            raise ValueError(f"a chain has values 0 to {self.length}, not {k}")
        value = self.seed
        for i in range(self.length, k, -1):
            value = step(self.gid, self.seat, self.number, i, value)
        return value

    @property
    def anchor(self) -> bytes:
        """``v_0``: what the seat commits to."""
        return self.value(0)

    def __repr__(self) -> str:  # never show the seed
        return f"HashChain(seat={self.seat}, number={self.number}, length={self.length})"


class Chains:
    """The chains of one seat on its device, all made from one secret (32 bytes of the
    system's entropy, ``new``; kept on the device as ``to_text``, never in a link): chain
    ``c``'s seed is BLAKE2b-256 keyed with the secret (a PRF, RFC 7693's keyed mode) of ``c``,
    so the whole family is fixed when the first anchor is committed."""

    def __init__(self, secret: bytes, gid: str, seat: int) -> None:
        if len(secret) != VALUE_BYTES:
            raise ValueError(f"a seat's chance secret is {VALUE_BYTES} bytes, not {len(secret)}")
        self._secret, self.gid, self.seat = secret, gid, seat

    @classmethod
    def new(cls, gid: str, seat: int) -> "Chains":
        return cls(secrets.token_bytes(VALUE_BYTES), gid, seat)

    def to_text(self) -> str:
        from .seal import b64
        return b64(self._secret)

    def chain(self, number: int) -> HashChain:
        """Chain number ``number`` of the seat."""
        seed = hashlib.blake2b(struct.pack(">I", number), digest_size=VALUE_BYTES, key=self._secret,
                               person=_SEED).digest()
        return HashChain(seed, self.gid, self.seat, number)

    @property
    def anchor(self) -> bytes:
        """The anchor the seat commits in its lap segment (its first chain's ``v_0``)."""
        return self.chain(0).anchor

    def next_share(self, transcript: Sequence[dict], players: int) -> tuple[bytes, bytes | None]:
        """What the seat's next segment after ``transcript`` reveals, and the anchor of its
        next chain when that value is its chain's last (else None)."""
        revealed = sum(1 for segment in transcript[players:] if segment["seat"] == self.seat)
        length = CHAIN_LENGTH
        number, k = divmod(revealed, length)
        value = self.chain(number).value(k + 1)
        return value, (self.chain(number + 1).anchor if k + 1 == length else None)

    def __repr__(self) -> str:  # never show the secret
        return f"Chains(seat={self.seat})"


def latest_values(transcript: Sequence[dict], players: int) -> list[bytes]:
    """Each seat's latest value in ``transcript`` (a transcript that starts with a lap, as the
    device verified it): its last reveal, or its anchor before any. The mover's device puts
    its own next value in its place (``Chains.next_share``) to deal its turn (``Beacon``)."""
    from .seal import unb64

    values: dict[int, bytes] = {}
    for k, segment in enumerate(transcript):
        value = unb64(segment.get("anchor" if k < players else "reveal"), VALUE_BYTES)
        if value is not None:
            values[segment["seat"]] = value
    if len(values) != players:
        raise ValueError("the lap is not complete: a seat has not committed yet")
    return [values[seat] for seat in range(players)]


def follows(gid: str, seat: int, chain: int, k: int, value: bytes, previous: bytes) -> bool:
    """Whether ``value`` is a valid ``v_k`` after ``previous`` (``v_{k-1}``): one hash."""
    return len(value) == VALUE_BYTES and step(gid, seat, chain, k, value) == previous


# ---- outcomes ----------------------------------------------------------------------------

def draw_number(gid: str, j: int, values: Sequence[bytes]) -> int:
    """The 256-bit number of the ``j``-th outcome of the game ``gid``, from each seat's value
    in force (in seat order): BLAKE2b-256 personalised ``tavolo-reveal-dr``."""
    data = _gid_bytes(gid) + struct.pack(">IB", j, len(values)) + b"".join(values)
    return int.from_bytes(hashlib.blake2b(data, digest_size=32, person=_DRAW).digest(), "big")


def is_public(game: "Game", state: "GameState", weights: Sequence[tuple[Any, int]]) -> bool:
    """Whether the chance node ``state`` is at is public: everyone sees each of its outcomes
    (``chance_seen_by`` None). Only those are dealt from the seats' values."""
    return all(game.chance_seen_by(state, outcome) is None for outcome, _ in weights)


def public_outcome(game: "Game", state: "GameState", weights: Sequence[tuple[Any, int]], gid: str,
                   values: Sequence[bytes]) -> Any:
    """The outcome the seats' ``values`` fix at the public node ``state`` is at (its index
    ``j`` is ``state.dealt``): ``weighted(weights, draw_number mod the total weight)``."""
    total = sum(weight for _, weight in weights)
    return weighted(weights, draw_number(gid, getattr(state, "dealt", 0), values) % total)


class Beacon:
    """A chance ``Source`` for the mover's device in a game dealt by commit and reveal: each
    public node's outcome follows from ``values`` (each seat's value in force, the mover's
    own next one included; ``public_outcome``), any other node's from ``private``
    (``Entropy`` by default: a private card is not derived from public values)."""

    def __init__(self, gid: str, values: Sequence[bytes], private: Source = ENTROPY) -> None:
        self.gid, self.values, self.private = gid, list(values), private

    def pick(self, game: "Game", state: "GameState") -> Any:
        weights = game.chance_weights(state)
        if is_public(game, state, weights):
            return public_outcome(game, state, weights, self.gid, self.values)
        return self.private.pick(game, state)


# ---- checking ----------------------------------------------------------------------------

@dataclass
class _Chain:
    """What a verifier knows of one seat's chain: its number, how many values it revealed
    (``k``), the last of them (``previous``: the anchor before any), and the seat's value in
    force (``value``: the same, but for a new chain's anchor, which is no value in force)."""

    number: int
    k: int
    previous: bytes
    value: bytes


def values_in_force(gid: str, transcript: Sequence[dict], players: int, length: int) -> list[list[bytes]]:
    """For each segment after the lap, each seat's value in force for the draws it deals (the
    latest revealed up to it, its own included), in seat order; the first list is the deal
    segment's. Checks every anchor and reveal on the way (``SealError``, naming the seat
    and the move): the lap (the first ``players`` segments, one per seat, as ``seal.verify``
    checked) commits each seat's anchor and reveals nothing; each later segment reveals its
    seat's next value, which hashes to the previous one; an anchor only comes with a chain's
    last value."""
    from .seal import SealError, unb64  # seal imports this module's checks from verify

    chains: dict[int, _Chain] = {}
    for segment in transcript[:players]:
        seat, anchor = segment["seat"], unb64(segment.get("anchor"), VALUE_BYTES)
        if anchor is None or "reveal" in segment:
            raise SealError(_T("{player} did not commit to the draws before the game began.", player=player(seat)),
                            seat=seat, move=0, detail=_T("a lap segment without an anchor, or with a reveal"))
        chains[seat] = _Chain(0, 0, anchor, anchor)
    out: list[list[bytes]] = []
    for k, segment in enumerate(transcript[players:], start=players):
        seat, move = segment["seat"], segment["a"][0]
        chain = chains[seat]
        value = unb64(segment.get("reveal"), VALUE_BYTES)
        if value is None:
            raise SealError(_T("{player} did not reveal a share of the draws at move {n}.", player=player(seat),
                               n=move + 1), seat=seat, move=move, detail=_T("segment {k} has no reveal", k=k))
        if not follows(gid, seat, chain.number, chain.k + 1, value, chain.previous):
            raise SealError(_T("{player}'s share of the draws at move {n} is not the one {player} committed to.",
                               player=player(seat), n=move + 1), seat=seat, move=move,
                            detail=_T("segment {k}: value {value} of chain {chain} does not hash to the one before",
                                      k=k, value=chain.k + 1, chain=chain.number))
        chain.k, chain.previous, chain.value = chain.k + 1, value, value
        anchor = unb64(segment.get("anchor"), VALUE_BYTES)
        if (chain.k == length) != (anchor is not None):
            raise SealError(_T("{player}'s commitment to the draws changed at move {n}.", player=player(seat),
                               n=move + 1), seat=seat, move=move,
                            detail=_T("segment {k}: an anchor with value {value} of {length}", k=k, value=chain.k,
                                      length=length))
        out.append([chains[s].value for s in range(players)])
        if anchor is not None:  # the last value: the seat's next chain starts here
            chains[seat] = _Chain(chain.number + 1, 0, anchor, value)
    return out


class _Checker:
    """A chance ``Source`` that replays a record's outcomes and recomputes each public one
    from the seats' values in force in the segment that dealt it; the first that differs is
    a ``SealError`` naming the seat and the move after which it was dealt (``move``: the
    record's index of the last action played, -1 for the set-up).

    ``signed``: the record the transcript signs, when ``record`` is a device's replay of it
    (``check_commitments``' ``replay``: its world's plain record). Then a node that draws
    from a deck is the deal's, not the seats' values (not recomputed here), and every
    other public outcome must be written the same in both (the one signed is the one
    checked)."""

    def __init__(self, record: "GameRecord", transcript: Sequence[dict], values: list[list[bytes]],
                 players: int, gid: str, signed: "GameRecord | None" = None) -> None:
        self.record, self.gid, self.move, self.signed = record, gid, -1, signed
        self.owner: list[tuple[int, list[bytes]]] = [(-1, [])] * len(record.chance)
        for segment, segment_values in zip(transcript[players:], values):
            for j in range(*segment["c"]):
                self.owner[j] = (segment["seat"], segment_values)

    def pick(self, game: "Game", state: "GameState") -> Any | None:
        from .chance import ChanceError
        from .seal import SealError

        j = getattr(state, "dealt", 0)
        if j >= len(self.record.chance):
            return None
        data = self.record.chance[j]
        outcome = game.parse_action(data)
        weights = game.chance_weights(state)
        if all(outcome != o for o, _ in weights):
            raise ChanceError(j, data)
        if self.signed is not None and game.chance_deck(state) is not None:
            return outcome   # a card of a deck dealt by mental poker: checked against the deal
        if is_public(game, state, weights):
            seat, values = self.owner[j]
            if self.signed is not None and self.signed.chance[j] != data:
                raise SealError(_T("The game record is damaged: {what} cannot be read.", what=_T("its draws")),
                                seat=seat, move=max(self.move, 0),
                                detail=_T("draw {n} of the record is not the one signed", n=j + 1))
            if outcome != public_outcome(game, state, weights, self.gid, values):
                if self.move < 0:
                    raise SealError(_T("The set-up dealt by {player} does not follow from the seats' commitments.",
                                       player=player(seat)), seat=seat, move=0, detail=_T("draw {n} of the record", n=j + 1))
                raise SealError(_T("The draw at {player}'s move {n} does not follow from the seats' commitments.",
                                   player=player(seat), n=self.move + 1), seat=seat, move=self.move,
                                detail=_T("draw {n} of the record", n=j + 1))
        return outcome


def require_lap(record: "GameRecord", transcript: Sequence[dict]) -> None:
    """``SealError`` unless ``transcript`` starts with a lap (its first segment commits an
    anchor): a link that promises draws by commit and reveal (a page opening such a game)
    must not pass for a game sealed without them, whose draws nobody could check."""
    from .seal import SealError, lap_size

    if transcript and not lap_size(transcript, record.players):
        seat = transcript[0].get("seat") if isinstance(transcript[0], dict) else None
        creator = seat if type(seat) is int and 0 <= seat < record.players else 0
        raise SealError(_T("{player} set this game up without the seats' commitments to the draws: its draws "
                           "cannot be checked.", player=player(creator)), seat=creator, move=0,
                        detail=_T("a transcript of draws by commit and reveal whose first segment has no anchor"))


Replay = Callable[["GameRecord"], "GameRecord"]
"""How a device replays the record a transcript signs: the plain record the rules replay,
the same moves and outcomes in number. The default is the record itself (a ``t3``/``t4``
record is plain). A masked record (``engines.core.masked``: tokens for the cards a device
may not read) is replayed in the device's own world: its hook gives the world's plain
record (``masked.World.record``, ``engines.core.table.DeviceTable.world``), its fills in
place of the tokens it cannot read."""


def check_commitments(record: "GameRecord", transcript: Sequence[dict], gid: str,
                      length: int | None = None, *, replay: Replay | None = None) -> None:
    """Check the commitments and reveals of a transcript that starts with a lap
    (``values_in_force``), then replay ``record`` and recompute every public outcome
    (``SealError`` for the first that differs: "the draw at Bea's move 14 does not follow
    from the seats' commitments"). ``seal.verify`` calls it after the layout and the
    signatures have checked.

    ``replay`` (``Replay``): for a masked record, the device's replay of it. The public
    outcomes are then recomputed on the device's world (its state at each node: the
    public table is the same in every world), and written in it as in ``record``; a node
    that draws from a deck (``Game.chance_deck``) is left to the deal: a card drawn face
    up is read with every seat's key (``engines.core.deck``), which the caller checks, not
    recomputed from the seats' values (the cards left in a deck are not the same in two
    worlds, so neither would the outcome the values fall on)."""
    from .chance import ChanceError
    from .record import FORMAT_2
    from .registry import get_game
    from .seal import SealError

    players = record.players
    values = values_in_force(gid, transcript, players, length or CHAIN_LENGTH)
    if record.format != FORMAT_2:
        raise SealError(_T("The game record is damaged: {what} cannot be read.", what=_T("its draws")),
                        detail=_T("a game dealt by commit and reveal writes its outcomes ({format})", format=FORMAT_2))
    game = get_game(record.game)
    plain = record if replay is None else replay(record)
    if len(plain.actions) != len(record.actions) or len(plain.chance) != len(record.chance):
        raise SealError(_T("The game record is damaged: {what} cannot be read.", what=_T("its draws")),
                        detail=_T("the replay on this device has other moves or outcomes than the record signed"))
    checker = _Checker(plain, transcript, values, players, gid, None if replay is None else record)
    try:
        state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
        game.deal(state, checker)
        for i, data in enumerate(plain.actions):
            checker.move = i
            game.apply(state, game.parse_action(data))
            game.deal(state, checker)
    except SealError:
        raise
    except (IllegalAction, ChanceError, ValueError) as exc:  # turns() replayed it first: never with the page
        raise SealError(_T("The game record is damaged: {what} cannot be read.", what=_T("its draws")),
                        move=max(checker.move, 0), detail=reason_of(exc)) from None
