"""A hidden draft dealt by its first chooser: the deal committed, each choice committed, what
is left passed on encrypted to the next chooser alone.

Issue 39, stage 3 ("nobody reads what he may not see"; "nobody chooses or re-draws chance").
A *draft* (Citadels' character selection) deals a small deck once per round: some cards are
set aside face up (seen by all) or face down (seen by nobody), the rest go to the first
chooser, who keeps one (or puts one face down) and hands the rest to the next chooser, and so
on; the last cards left go face down. The first chooser legitimately sees every card but the
one set aside face down, and can deduce it (the deck is known, and in Citadels one card is
set aside face down), so a mental-poker deal (``engines.core.deck``) would protect nothing
from him: his device deals the draft itself.
This module is the protocol alone, as pure functions over plain JSON data (the wiring puts
it in links; ``tests/core/test_draft.py`` plays whole Citadels games with it).

**What the game declares.** Nothing new: a draft deck is a deck (``Game.decks``) that is the
``Game.choice_deck`` of the states after its chance nodes (``first_chooser``), whose set-aside
nodes draw from it (``Game.chance_deck``), each face up or face down
(``Game.chance_seen_by``: None or ``()``). The calls (which card is called now, who says
"nobody") are the game's rules, read by the wiring; the checks here take cards and seats.

**The deal** (``deal``). The dealer (the first chooser) shuffles the deck's cards with
Fisher-Yates (Durstenfeld's version) driven by ``DeckSecret.private_number`` over the public
values in force (stage 2's reveals, ``engines.core.reveal``): a number nobody else can
compute (it is keyed by the dealer's deck secret) and the dealer cannot choose (the secret is
fixed by his lap-1 step before any reveal; the public values are the seats' chains: in the
wiring, ``reveal.latest_values`` in the segment that deals the round). The
order's positions are 0, 1, ..., and the dealer *commits* to the card at each: a salted hash
commitment (``commitment``: BLAKE2b-128, personalised, of the deck, the position, the card
and a 128-bit salt from the same PRF), all published in his first draft move (``Deal``). A
commitment of this kind hides the card (the salt is a secret 128-bit PRF output: the card
cannot be guessed and checked) and binds the dealer to it (another card with the same
commitment costs about 2**64 hashes, as ``deck.commitment``). Each set-aside node takes the
first position not yet taken whose card the node allows (``set_aside``: Citadels never sets
the King aside face up; the rules draw again): its position is public, a face-up card is
*opened* at once (``opening``: the card and its salt, which every device checks against the
commitment, ``check_opening``), a face-down one at the audit.

**Passing the rest on** (``seal_pass``, ``open_pass``): the openings of the positions handed
on, encrypted to the next chooser with **DHIES** (Abdalla, Bellare and Rogaway's
Diffie-Hellman Integrated Encryption Scheme, the ECIES of SEC 1 and ISO/IEC 18033-2) on
Ed25519's prime-order group: each seat publishes a *draft key* X = x * B in the set-up (``x``
from its deck secret by the PRF, ``public_key``); the sender makes an ephemeral R = r * B
(``r`` from its own secret by the PRF, one per deck and step, as RFC 6979 derives nonces, so
the audit recomputes it), the shared point r * X = x * R, and from it with BLAKE2b (RFC 7693)
as the KDF an encryption key and a MAC key; the plaintext (the openings' canonical JSON) is
XORed with BLAKE2b in counter mode (a PRF as a stream cipher, NIST SP 800-108's counter
construction) and authenticated encrypt-then-MAC by keyed BLAKE2b over R, the ciphertext and
the associated data (the game, the deck, the step, the sender and the receiver). *Why
DHIES and not EC-ElGamal of the card points or Shamir's three-pass*: what is passed is not
only cards but their openings (salts), which are not points; ElGamal would also need one
more proof that the points are the committed cards, and three-pass costs two more messages
per pass. DHIES rides in the move that goes to the next chooser anyway: **no extra
message**. The receiver's device opens it (``open_pass``: a tag that does not check, as when
the pass is encrypted to another seat, is refused naming the sender) and checks each opening
against the dealer's commitments, the count the rules hand on, no position twice and no
position set aside (``check_pass``). The rules may hand on a card set aside: Citadels at
seven seats (§5.2) hands the last chooser the face-down card; the dealer's device encrypts
its opening to the last chooser in its first draft move (``seal_pass`` with ``aside``), and
the draft's links carry it on to him (no extra message either). A chooser then knows the
cards handed to it, and nothing of what an earlier chooser kept (each chooser receives only
the positions left).

**The choices** (``commit_choice``, ``check_choice``). Each chooser's move carries a salted
commitment to the card it keeps (or puts face down), with its seat and the draft step in
the hash; the card stays hidden. When the rules call a card (Citadels' ranks, §6), its
holder's device *answers*: it opens its commitment (the card and the salt), every device
checks it (a mismatch, or a card not the one called, is refused naming the seat). Nobody
but the holder knows who holds a card, so after each turn the link goes to the whole group
and each device says whether the next call is its own.

**Who the game waits on at each call**, and the messages. The last draft move and the
move that ends each turn go to the whole group (one link for all). A card set aside face up,
or murdered (named by the Assassin: silent by the rules), is skipped by every device at
once: no message. A card chosen: the game waits on its holder's device, whose answer rides
in its first move of the turn (a server would need that move too). A card face down: the
game waits on the one device that knows it (below), whose "nobody" is one extra message,
unless that device is the one whose link called it. Counted in whole games with the bot
(``tests/core/test_draft.py``): 12 extra messages in 7 rounds at three seats (seed 3), 14 in
11 rounds at four (seed 4), 8 in 11 rounds at seven (seed 1): 0 to 2 a round, at most one per
card face down. The draft itself costs none.

**Calls nobody answers.** A card face down is known to one device: the dealer's for the one
set aside (unless the rules handed it on), the discarder's, the last chooser's for the cards
left. That device answers for it: "nobody" (``no_answer``), an extra message a server would
not need (none when that device sends the next link anyway: it answers the call before in
the same link). A holder who keeps silent and a device that says "nobody" for a card chosen
are caught at once by the holder's device (it opens its choice and refuses the link: a
false "nobody") or at the round's end (``check_round_end``): every card chosen is called
within the round, so each choice not opened at a call must then be opened, and it must be
a card the rules let pass in silence (Citadels: the murdered character, whose holder is
silent, §6.3; opening it tells only what the seats' turns already tell: the seat that did not
play a turn held it). A choice that opens to a card someone said nobody holds names that seat
(and its holder, who kept silent); a choice that opens to another card names its holder.
Cards put face down stay closed until the audit.

**The audit** (``audit``), with every secret revealed at the end of the game: the deal is
recomputed from the dealer's secret and the public values (its order and commitments: else
the dealer is named), each set-aside position is the first the rule allows, each pass is
decrypted and must be exactly what its sender was handed, less the card its choice opens
to, plus what the rules hand on (else the sender is named: a card kept and passed on too).

**What the dealer can still do** (legitimately, as the dealer of the physical game does): he
sees every card but the one set aside face down, and deduces it. He also foresees his deal
before he sends the move that deals it (as a seat foresees the public draws of its own turn,
``engines.core.reveal``), and cannot change it. **What is NOT
protected.** A dealer who passes on a card he also kept, or passes a set that is not what he
was handed (no proof of correct passing is made), is caught when both holders answer the
same call, or at the round's end, or at the audit, not when he passes it; until then the game
may be played with it. A chooser who stops answering (or a device that will not answer for a
face-down card) stops the game, as a withheld key does. Seats that collude pool what they
know. A modified page reads its own device's memory (the dealer's device holds the whole
deal, as the dealer does). The shuffle is checked only at the audit (the dealer cannot choose
it, but a dealer that deals another order is named at the end, not at once).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ecdsa.curves import Ed25519
from ecdsa.ellipticcurve import PointEdwards

from .deck import ORDER, POINT_BYTES, DeckSecret, DeckSpec, decode, encode, lock
from .i18n import Text, player, texts
from .seal import SealError, b64, unb64

if TYPE_CHECKING:
    from .game import Game, GameState

_T = texts("core")

COMMITMENT_BYTES = 16
"""Length of a card's commitment (128-bit binding, as ``deck.COMMITMENT_BYTES``)."""
SALT_BYTES = 16
"""Length of a commitment's salt."""
TAG_BYTES = 32
"""Length of a pass's MAC tag."""
_COMMIT = b"tavolo-draft-com"
"""BLAKE2b personalisation (16 bytes at most) of a card's commitment."""
_KDF = b"tavolo-draft-kdf"
"""BLAKE2b personalisation of DHIES's key derivation."""
_STREAM = b"tavolo-draft-str"
"""BLAKE2b personalisation of DHIES's keystream blocks."""
_MAC = b"tavolo-draft-mac"
"""BLAKE2b personalisation of DHIES's tag."""
_B = Ed25519.generator


class DraftError(SealError):
    """A step of a draft that does not check: ``seat`` is the seat at fault (None when it
    cannot be told before the audit)."""

    def __init__(self, reason: Any, seat: int | None = None, detail: "Text | str" = "") -> None:
        super().__init__(reason, seat=seat, move=None, detail=detail)


@dataclass(frozen=True)
class DraftSpec:
    """Which draft: the game ``gid``, the deck's name (``characters-3``: one deck per round),
    its cards in the game's order (``Game.decks``) and the number of ``seats``."""

    gid: str
    deck: str
    cards: tuple[str, ...]
    seats: int

    def tweak(self) -> bytes:
        """What every hash of this draft starts with (``deck.DeckSpec.tweak``)."""
        return DeckSpec(self.gid, self.deck, len(self.cards), self.seats).tweak()


def first_chooser(game: "Game", state: "GameState") -> tuple[str, int] | None:
    """At a chance node that sets a card of a draft deck aside: the deck and its first chooser
    (the dealer), found by playing the node's first outcomes on a copy (who chooses first
    does not depend on which cards are set aside); None at any other state."""
    deck = game.chance_deck(state)
    if deck is None:
        return None
    copy = state.clone()
    while game.is_chance(copy) and game.chance_deck(copy) == deck:
        game.play_chance(copy, game.chance_weights(copy)[0][0])
    mover = game.to_move(copy)
    if game.choice_deck(copy) != deck or mover is None or mover < 0:
        return None
    return deck, mover


# ---- commitments ---------------------------------------------------------------------------

def commitment(spec: DraftSpec, kind: bytes, seat: int, index: int, card: str, salt: bytes) -> str:
    """A salted hash commitment to ``card``: BLAKE2b-128 personalised ``tavolo-draft-com`` of
    the draft, ``kind`` (b"deal": a position of the deal; b"keep": a choice), the seat, the
    index (the position, or the draft step), the card's id and the salt."""
    name = card.encode("utf-8")
    data = spec.tweak() + kind + struct.pack(">BIB", seat, index, len(name)) + name + salt
    return b64(hashlib.blake2b(data, digest_size=COMMITMENT_BYTES, person=_COMMIT).digest())


def _salt(secret: DeckSecret, spec: DraftSpec, label: str, index: int, public: bytes) -> bytes:
    return secret.private_number(spec.gid, f"{spec.deck}/{label}", index, public).to_bytes(64, "little")[:SALT_BYTES]


class Deal(NamedTuple):
    """The dealer's deal of a draft (his device keeps it): ``order[p]``, the card at position
    ``p``; ``salts[p]``; ``commitments[p]``, what his first draft move publishes."""

    order: tuple[str, ...]
    salts: tuple[bytes, ...]
    commitments: tuple[str, ...]


def deal(spec: DraftSpec, dealer: DeckSecret, public: bytes) -> Deal:
    """The deal of ``spec`` by ``dealer`` (module doc): Fisher-Yates driven by
    ``private_number`` over ``public`` (the public values in force), and a commitment to
    each position."""
    order = list(spec.cards)
    for i in range(len(order) - 1, 0, -1):
        j = dealer.private_number(spec.gid, f"{spec.deck}/order", i, public) % (i + 1)
        order[i], order[j] = order[j], order[i]
    salts = tuple(_salt(dealer, spec, "salt", p, public) for p in range(len(order)))
    return Deal(tuple(order), salts, tuple(commitment(spec, b"deal", dealer.seat, p, card, salts[p])
                                           for p, card in enumerate(order)))


def check_deal(spec: DraftSpec, commitments: Any, dealer: int) -> list[str]:
    """The dealer's published commitments, one per card, or a ``DraftError`` naming him."""
    if not isinstance(commitments, list) or len(commitments) != len(spec.cards) \
            or any(unb64(c, COMMITMENT_BYTES) is None for c in commitments):
        raise DraftError(_T("{player}'s deal of the draft is damaged.", player=player(dealer)), seat=dealer,
                         detail=_T("not one commitment per card"))
    return commitments


def opening(the_deal: Deal, position: int) -> dict[str, Any]:
    """What opens the deal's ``position``: ``{"at", "card", "salt"}``."""
    return {"at": position, "card": the_deal.order[position], "salt": b64(the_deal.salts[position])}


def check_opening(spec: DraftSpec, commitments: Sequence[str], dealer: int, data: Any, sender: int) -> str:
    """The card an opening of a deal position shows, checked against the dealer's commitment;
    a ``DraftError`` naming ``sender`` (who passed it on, or the dealer) when it does not
    open it."""
    at = data.get("at") if isinstance(data, dict) else None
    card = data.get("card") if isinstance(data, dict) else None
    salt = unb64(data.get("salt"), SALT_BYTES) if isinstance(data, dict) else None
    if type(at) is not int or not 0 <= at < len(commitments) or card not in spec.cards or salt is None \
            or commitment(spec, b"deal", dealer, at, str(card), salt) != commitments[at]:
        raise DraftError(_T("{player} showed a card of the draft that is not the one dealt there.",
                            player=player(sender)), seat=sender, detail=_T("opening {data}", data=repr(data)))
    return str(card)


def set_aside(the_deal: Deal, taken: Collection[int], allowed: Collection[str]) -> int:
    """The position a set-aside node takes: the first not ``taken`` whose card is ``allowed``
    (the node's outcomes)."""
    return next(p for p, card in enumerate(the_deal.order) if p not in taken and card in allowed)


# ---- the seats' draft keys and the passes (DHIES) ------------------------------------------

def _seat_scalar(secret: DeckSecret, gid: str) -> int:
    return secret.private_number(gid, "draft-key", 0, b"") % (ORDER - 1) + 1


def public_key(secret: DeckSecret, gid: str) -> str:
    """The seat's draft key X = x * B (43 characters), published in the set-up."""
    return encode(lock(_B, _seat_scalar(secret, gid)))


def _key_point(text: Any, seat: int) -> PointEdwards:
    point = decode(text)
    if point is None:
        raise DraftError(_T("{player}'s key for the draft is damaged.", player=player(seat)), seat=seat,
                         detail=_T("not a point"))
    return point


def _associated(spec: DraftSpec, step: int, sender: int, receiver: int, aside: bool) -> bytes:
    return spec.tweak() + struct.pack(">IBB?", step, sender, receiver, aside)


def _keys(ephemeral: bytes, shared: bytes) -> tuple[bytes, bytes]:
    """DHIES's KDF: BLAKE2b-512 of R and the shared point, cut into the encryption key and
    the MAC key."""
    out = hashlib.blake2b(ephemeral + shared, digest_size=64, person=_KDF).digest()
    return out[:32], out[32:]


def _stream(key: bytes, data: bytes) -> bytes:
    """``data`` XORed with BLAKE2b-keyed blocks of a counter (encrypting and decrypting)."""
    blocks = b"".join(hashlib.blake2b(struct.pack(">Q", i), digest_size=64, key=key, person=_STREAM).digest()
                      for i in range((len(data) + 63) // 64))
    return bytes(a ^ b for a, b in zip(data, blocks))


def _tag(key: bytes, ephemeral: bytes, ciphertext: bytes, associated: bytes) -> bytes:
    return hashlib.blake2b(struct.pack(">I", len(associated)) + associated + ephemeral + ciphertext,
                           digest_size=TAG_BYTES, key=key, person=_MAC).digest()


def _tag_ok(expected: bytes, got: bytes) -> bool:
    """Whether a pass's tag checks (constant time)."""
    return hmac.compare_digest(expected, got)


def seal_pass(spec: DraftSpec, sender: DeckSecret, step: int, receiver: int, receiver_key: str,
              openings: Sequence[Mapping[str, Any]], aside: bool = False) -> str:
    """The openings handed on by ``sender`` to ``receiver`` after its choice at draft ``step``
    (``aside``: the dealer's pass of a card set aside that the rules hand to the chooser of
    ``step``), encrypted to ``receiver_key`` (its ``public_key``) by DHIES: R, the ciphertext
    and the tag, in base64url."""
    r = sender.private_number(spec.gid, f"{spec.deck}/{'aside' if aside else 'pass'}", step, b"") % (ORDER - 1) + 1
    ephemeral = encode(lock(_B, r))
    shared = encode(lock(_key_point(receiver_key, receiver), r))
    enc, mac = _keys(ephemeral.encode(), shared.encode())
    plain = json.dumps(sorted(openings, key=lambda o: o["at"]), separators=(",", ":"), sort_keys=True).encode()
    cipher = _stream(enc, plain)
    associated = _associated(spec, step, sender.seat, receiver, aside)
    return ephemeral + b64(cipher + _tag(mac, ephemeral.encode(), cipher, associated))


def open_pass(spec: DraftSpec, receiver: DeckSecret, step: int, sender: int, sealed: Any,
              aside: bool = False) -> list[Any]:
    """The openings ``sender`` passed to ``receiver`` at ``step`` (``seal_pass``), decrypted with
    the receiver's draft key; a ``DraftError`` naming the sender when the pass is damaged or
    its tag does not check (encrypted to another seat, or changed, or from another step)."""
    fault = DraftError(_T("{player}'s cards of the draft passed to {other} cannot be opened by {other}.",
                          player=player(sender), other=player(receiver.seat)), seat=sender, detail=_T("the tag"))
    if not isinstance(sealed, str) or len(sealed) < 43 + 43:
        raise fault
    ephemeral, rest = sealed[:43], sealed[43:]
    point = decode(ephemeral)
    body = unb64(rest, (len(rest) * 3) // 4)
    if point is None or body is None or len(body) < TAG_BYTES:
        raise fault
    shared = encode(lock(point, _seat_scalar(receiver, spec.gid)))
    enc, mac = _keys(ephemeral.encode(), shared.encode())
    cipher, tag = body[:-TAG_BYTES], body[-TAG_BYTES:]
    if not _tag_ok(_tag(mac, ephemeral.encode(), cipher, _associated(spec, step, sender, receiver.seat, aside)), tag):
        raise fault
    try:
        data = json.loads(_stream(enc, cipher))
    except (ValueError, UnicodeDecodeError):
        raise DraftError(_T("{player}'s cards of the draft passed to {other} are damaged.", player=player(sender),
                            other=player(receiver.seat)), seat=sender, detail=_T("not JSON")) from None
    if not isinstance(data, list):
        raise DraftError(_T("{player}'s cards of the draft passed to {other} are damaged.", player=player(sender),
                            other=player(receiver.seat)), seat=sender, detail=_T("not a list"))
    return data


def check_pass(spec: DraftSpec, commitments: Sequence[str], dealer: int, openings: Sequence[Any], sender: int,
               count: int, barred: Collection[int]) -> dict[int, str]:
    """The cards a pass hands on (position -> card), each opening checked against the deal
    (``check_opening``), ``count`` of them (the rules say how many), no position twice and none
    of ``barred`` (set aside, unless the rules hand it on); else a ``DraftError`` naming the
    sender."""
    cards: dict[int, str] = {}
    for data in openings:
        card = check_opening(spec, commitments, dealer, data, sender)
        at = data["at"]
        if at in cards or at in barred:
            raise DraftError(_T("{player} passed on a card of the draft that is set aside or passed twice.",
                                player=player(sender)), seat=sender, detail=_T("position {position}", position=at))
        cards[at] = card
    if len(cards) != count:
        raise DraftError(_T("{player} passed on {n} cards of the draft where the rules hand on {m}.",
                            player=player(sender), n=len(cards), m=count), seat=sender, detail=_T("the count"))
    return cards


# ---- the choices ---------------------------------------------------------------------------

def commit_choice(spec: DraftSpec, secret: DeckSecret, step: int, card: str) -> tuple[str, dict[str, str]]:
    """The commitment to ``card``, chosen by ``secret.seat`` at draft ``step``, and its
    opening ``{"card", "salt"}`` (the salt from the seat's secret: the audit recomputes it)."""
    salt = _salt(secret, spec, "keep", step, b"")
    return commitment(spec, b"keep", secret.seat, step, card, salt), {"card": card, "salt": b64(salt)}


def check_choice(spec: DraftSpec, committed: str, seat: int, step: int, data: Any) -> str:
    """The card ``seat``'s opening of its choice at ``step`` shows, or a ``DraftError`` naming
    the seat when it does not open ``committed``."""
    card = data.get("card") if isinstance(data, dict) else None
    salt = unb64(data.get("salt"), SALT_BYTES) if isinstance(data, dict) else None
    if card not in spec.cards or salt is None \
            or commitment(spec, b"keep", seat, step, str(card), salt) != committed:
        raise DraftError(_T("{player}'s card does not match the one {player} chose.", player=player(seat)),
                         seat=seat, detail=_T("the choice of step {k}", k=step))
    return str(card)


def check_answer(spec: DraftSpec, committed: str, seat: int, step: int, data: Any, called: str) -> None:
    """An answer to the call of ``called``: ``seat``'s choice of ``step`` opened to it; else a
    ``DraftError`` naming the seat."""
    if check_choice(spec, committed, seat, step, data) != called:
        raise DraftError(_T("{player} answered the call with a card that is not the one called.",
                            player=player(seat)), seat=seat, detail=_T("the choice of step {k}", k=step))


class Choice(NamedTuple):
    """A choice as the links carry it: the ``seat``, the draft ``step``, its ``commitment``."""

    seat: int
    step: int
    commitment: str


def refuse_no_answer(spec: DraftSpec, mine: Iterable[tuple[Choice, Mapping[str, str]]], called: str,
                     claimant: int) -> None:
    """What a holder's device does with a link in which ``claimant`` says nobody holds the card
    ``called``: if one of its own choices (``mine``: each with its opening) is that card, it
    refuses the link, naming the claimant (its opening is the proof)."""
    for choice, data in mine:
        if check_choice(spec, choice.commitment, choice.seat, choice.step, data) == called:
            raise DraftError(_T("{player} said nobody holds the card called, but {other} chose it.",
                                player=player(claimant), other=player(choice.seat)), seat=claimant,
                             detail=_T("{card}: the choice of step {k}", card=called, k=choice.step))


def check_round_end(spec: DraftSpec, unopened: Iterable[tuple[Choice, Any]], silent: Collection[str],
                    said_nobody: Mapping[str, int], answered: Mapping[str, int]) -> None:
    """At the round's end every card kept and not opened at a call is opened (``unopened``:
    each choice with its opening; cards put face down stay closed until the audit); each
    must open, and to a card the rules let pass in silence
    (``silent``: the murdered character). A card someone said nobody holds (``said_nobody``:
    card -> that seat) names that seat; a card another seat showed at its call
    (``answered``: card -> that seat) was passed on twice, which only the audit can pin on
    its passer (no seat named); any other card names the holder, who kept silent."""
    for choice, data in unopened:
        card = check_choice(spec, choice.commitment, choice.seat, choice.step, data)
        if card in silent:
            continue
        if card in said_nobody:
            raise DraftError(_T("{player} said nobody holds the card called, but {other} chose it.",
                                player=player(said_nobody[card]), other=player(choice.seat)),
                             seat=said_nobody[card], detail=_T("{card}: found at the end of the round", card=card))
        if card in answered:
            raise DraftError(_T("{player} and {other} both chose one card of the draft: it was passed on twice, and "
                                "the check at the end of the game will say by whom.",
                                player=player(answered[card]), other=player(choice.seat)),
                             detail=_T("{card}: the choice of step {k}", card=card, k=choice.step))
        raise DraftError(_T("{player} did not answer the call of a card {player} chose.", player=player(choice.seat)),
                         seat=choice.seat, detail=_T("{card}: the choice of step {k}", card=card, k=choice.step))


# ---- the audit -----------------------------------------------------------------------------

class Passed(NamedTuple):
    """One draft step as the audit replays it: the chooser (``seat``), its ``choice``
    commitment, its ``sealed`` pass to ``receiver`` (None when no other seat chooses next),
    and the positions set aside that the rules hand to this chooser before it chooses
    (``added``: Citadels' face-down card at seven seats) with the dealer's pass of them
    (``added_pass``)."""

    seat: int
    choice: str
    sealed: str | None
    receiver: int | None
    added: tuple[int, ...] = ()
    added_pass: str | None = None


def audit(spec: DraftSpec, dealer: int, public: bytes, commitments: Sequence[str],
          aside: Sequence[tuple[int, Collection[str]]], steps: Sequence[Passed],
          revealed: Mapping[int, Any]) -> None:
    """Check a whole draft with every seat's deck secret revealed (``revealed``: seat ->
    ``DeckSecret.to_text``): the deal recomputed (else the dealer is named), each set-aside
    position (``aside``: the position and the cards the node allowed) the first the rule
    gives, then each step: the dealer's pass of the positions added (else he is named), its
    choice one of the positions the chooser was handed, and its pass exactly those handed
    less the one chosen (else its seat is named: a card kept and passed on too)."""
    the_deal = deal(spec, DeckSecret.from_text(revealed.get(dealer), dealer), public)
    wrong_deal = _T("{player}'s deal of the draft does not follow from {player}'s secret.", player=player(dealer))
    if list(the_deal.commitments) != list(commitments):
        raise DraftError(wrong_deal, seat=dealer, detail=_T("the commitments"))
    taken: list[int] = []
    for at, allowed in aside:
        if at != set_aside(the_deal, taken, allowed):
            raise DraftError(wrong_deal, seat=dealer, detail=_T("set aside at {position}", position=at))
        taken.append(at)
    handed = {p for p in range(len(spec.cards)) if p not in taken}
    for k, step in enumerate(steps):
        secret = DeckSecret.from_text(revealed.get(step.seat), step.seat)
        if step.added:
            opened = open_pass(spec, secret, k, dealer, step.added_pass, aside=True)
            if {o.get("at") for o in opened if isinstance(o, dict)} != set(step.added):
                raise DraftError(wrong_deal, seat=dealer, detail=_T("the card set aside handed at step {k}", k=k))
            handed |= set(step.added)
        kept = [p for p in sorted(handed) if commit_choice(spec, secret, k, the_deal.order[p])[0] == step.choice]
        if not kept:
            raise DraftError(_T("{player}'s card does not match the one {player} chose.", player=player(step.seat)),
                             seat=step.seat, detail=_T("the choice of step {k} is no card handed", k=k))
        handed -= {kept[0]}
        if step.sealed is None or step.receiver is None:
            continue
        receiver = DeckSecret.from_text(revealed.get(step.receiver), step.receiver)
        passed = {o.get("at") for o in open_pass(spec, receiver, k, step.seat, step.sealed) if isinstance(o, dict)}
        if not _as_handed(passed, handed):
            raise DraftError(_T("{player} passed on other cards of the draft than those {player} was handed, less the "
                                "one kept.", player=player(step.seat)), seat=step.seat, detail=_T("step {k}", k=k))
        handed = {p for p in passed if type(p) is int}   # the next chooser is judged on what it received


def _as_handed(passed: set[Any], handed: set[int]) -> bool:
    """Whether a pass's positions are exactly those its sender was left with (the audit)."""
    return passed == handed
