"""The end-of-game audit of a game at a distance (issue 39, promise 4: "when a game ends, every
device verifies the whole game; the end screen says 'verified' or names the seat and the move
that do not check").

Pure Python, run on each device once its game is over (the link that ends it opened, or its
own last move): ``audit`` checks the whole stored transcript *from scratch*, trusting nothing
this device checked or signed before (``seal.verify`` with no ``known``):

- every segment's signature by its seat's bound key (and each seat bound to one key, this
  device's own seats to the keys it holds), every link of the hash chain, every move made by
  the seat that was to move, every draw sealed by the device that dealt it;
- in a game dealt by commit and reveal (``t4``, ``engines.core.reveal``): the set-up lap,
  every revealed value against its seat's commitment (its chain's anchor), and every public
  draw recomputed from the values all seats had revealed when it was dealt.

What a ``t4`` game keeps secret until its end and no check needs: the seats' chance secrets
(each device's, ``Distance.chances``). Every value a draw was dealt from is revealed in the
segment that deals it and checked against the anchor committed in the lap; the values a
chain did not reveal dealt nothing. A chain runs 256 values and no game uses more than 109
per seat (``engines.core.reveal``), so no second chain, whose anchor only the secret would
tie to the first, is ever committed. So nothing is released at the end.

What it cannot check, and the end screen does not claim: the draws only their drawer sees (a
card into a hand, a face-down character) are dealt by the drawer's device from its own
entropy in ``t4`` links, with no commitment (``Audit.private``); and a ``t4`` link still shows
every hidden card to whoever decodes it by hand (issue 39 stage 3 is not in the page's links
yet). A ``t5`` game (its cards dealt by mental poker, ``tavolo_ui.dealt``) releases each
seat's deck secret at its end and is checked whole, the deal too (``audit_dealt_game``,
``tavolo_ui.dealt_audit``). A ``t3`` game (sealed before draws were fixed by every seat) is
checked for its signatures only (``SIGNED``): each mover's device dealt its draws. A game made before sealed
links (no seal) cannot be checked at all (``NOT_VERIFIABLE``).

The result is an ``Audit`` (``distance.Audit``: pure, so the end screen's words,
``distance.end_words``, need no signature library).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.chance import ChanceError
from engines.core.errors import IllegalAction
from engines.core.record import GameRecord, RecordError
from engines.core.registry import get_game
from engines.core.reveal import Replay, is_public, require_lap
from engines.core.seal import SeatKey, SealError, turns, verify
from engines.core.i18n import texts
from engines.core.inbound import InputError

from .distance import FAILED, NOT_VERIFIABLE, SIGNED, VERIFIED, Audit, Distance

T = texts("ui")


def audit(record: GameRecord, info: Distance) -> Audit:
    """The whole game ``record`` at a distance, as this device keeps it (``info``: its seal,
    its seats' keys), verified from scratch (see the module doc)."""
    own = own_keys(info)
    if isinstance(own, Audit):
        return own
    return audit_transcript(record, as_sent(record, info), gid=info.gid, revealed=info.revealed, own=own)


def own_keys(info: Distance) -> dict[int, bytes] | Audit:
    """The public keys of this device's seats, from its seal (``info``), or the ``Audit`` that
    says why the game cannot be checked here: no seal (``NOT_VERIFIABLE``), damaged seals or
    keys (``FAILED``)."""
    if info.seal is None:
        return Audit(NOT_VERIFIABLE)
    if info.seal.damaged:
        return Audit(FAILED, reason=T("The seals of this game stored on this device are damaged: it can neither "
                                      "sign nor check its moves."))
    try:
        return {seat: SeatKey.from_text(text).public for seat, text in info.seal.keys.items()}
    except InputError as exc:
        return Audit(FAILED, reason=exc.reason)


def audit_dealt_game(record: GameRecord, info: Distance, book: Any, released: Mapping[int, Any]) -> Audit:
    """A ``t5`` game (its cards dealt by mental poker, ``tavolo_ui.dealt``), as this device
    keeps it: its masked ``record``, its seal (``info``), the deal's steps and keys it kept
    (``book``: a ``dealt.DealBook``) and the deck secrets the seats released once it was over
    (``released``: seat -> ``dealt_audit.RevealedSecret``), verified from scratch: the deal
    (every shuffle, lock and key, with the secrets), every card the record used the one dealt
    at its position, then the ``t4`` audit of the rest (``dealt_audit.audit_deal_game``,
    imported only here: a page with no ``t5`` game never loads the deal's code)."""
    own = own_keys(info)
    if isinstance(own, Audit):
        return own
    from .dealt_audit import audit_deal_game

    assert info.seal is not None   # own_keys said so
    return audit_deal_game(record, info.seal.transcript, book, released, gid=info.gid, own=own)


def as_sent(record: GameRecord, info: Distance) -> list[dict]:
    """The whole transcript of ``record`` as this device's next link carries it: the stored
    one, with this device's own moves not sealed yet (its last turn: the page seals a turn
    when its link is made) sealed as that link seals them (``revealed.seal_pending``,
    ``sealed.seal_moves``; Ed25519 signatures are deterministic, RFC 8032, so they are the
    link's). The stored one as it is when they cannot be sealed here (moves of another
    seat, damaged chance secrets): the audit then says which move is not signed."""
    assert info.seal is not None
    try:
        if info.revealed:
            from .revealed import seal_pending
            if info.chances is None:
                return info.seal.transcript
            return seal_pending(record, info.seal, info.chances, gid=info.gid).transcript
        from .sealed import seal_moves
        return seal_moves(record, info.seal, gid=info.gid).transcript
    except (ValueError, InputError, RecordError):
        return info.seal.transcript


def audit_transcript(record: GameRecord, transcript: Any, *, gid: str, revealed: bool,
                     own: dict[int, bytes] | None = None, replay: Replay | None = None) -> Audit:
    """``transcript`` (every segment of the game ``gid``) checked from scratch against
    ``record``: ``VERIFIED`` (``revealed``: a ``t4`` game, its commitments and public draws
    checked too, ``private`` counting the draws no commitment covers), ``SIGNED`` (a ``t3``
    game: its signatures only), or ``FAILED`` at the first check that does not hold, naming
    its seat and its move (``SealError``'s). ``own``: this device's seats' public keys.
    ``replay``: for the masked record of a ``t5`` game, its plain record made from the deal
    (``dealt_audit.plain_record``), in which the movers and the public draws are found (the
    signatures still hash ``record`` as it is: ``seal.verify``)."""
    try:
        moved = turns(record if replay is None else replay(record))
    except RecordError as exc:
        return Audit(FAILED, reason=exc.reason)
    try:
        if revealed:
            require_lap(record, transcript)
        verify(record, transcript, moved.movers, gid=gid, drawn=moved.drawn, own=own, known=None, replay=replay)
    except SealError as exc:
        return Audit(FAILED, seat=exc.seat, move=exc.move, reason=exc.reason,
                     first_mover=moved.movers[0] if moved.movers else None)
    if not revealed:
        return Audit(SIGNED)
    return Audit(VERIFIED, private=private_draws(record))


def private_draws(record: GameRecord) -> int:
    """How many outcomes of ``record`` were dealt at a node whose outcomes not everyone sees
    (``reveal.is_public`` false: a card into a hand, a face-down card): in a ``t4`` game the
    drawer's device dealt them from its own entropy, so no commitment covers them."""
    game = get_game(record.game)

    class Count:
        private = 0

        def pick(self, g, state):  # type: ignore[no-untyped-def]
            j = getattr(state, "dealt", 0)
            if j >= len(record.chance):
                return None
            weights = g.chance_weights(state)
            if not is_public(g, state, weights):
                self.private += 1
            return g.parse_action(record.chance[j])

    count = Count()
    try:
        state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
        game.deal(state, count)
        for data in record.actions:
            game.apply(state, game.parse_action(data))
            game.deal(state, count)
    except (IllegalAction, ChanceError, ValueError):  # verify replayed it whole: never here
        pass
    return count.private
