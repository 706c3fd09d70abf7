"""The end-of-game audit of a game whose cards are dealt by mental poker (``t5`` links,
``tavolo_ui.dealt``; issue 39, promise 4: "when a game ends, the seats release what they
kept secret and every device verifies the whole game: shuffles, commitments, draws,
signatures"). Pure Python: the headless tool ``tools/distance_game.py --deal`` and the
CPython tests use it, through ``tavolo_ui.audit.audit_dealt_game`` (its entry for a ``t5`` record).

**Releasing the secrets.** While the game runs each seat's deck secret
(``engines.core.deck.DeckSecret``: every key and permutation of its steps follows from it)
never leaves its device. Once the game is over the last mover's final link, to every player,
carries its secret, and each other seat answers every player with its own: one message per
other seat, which a server would not need. A secret travels as a deal-part entry
(``secret_entry``)::

    x<seat>.<secret>.<sig>

the secret in base64url (43 characters) and the seat's Ed25519 signature (its seat key,
bound in its first ``t4`` segment) of the game id, the seat and the secret
(``secret_message``). It is signed so that nobody can put another secret in a seat's name
and have the audit blame that seat. A device takes a secret in (``take_secrets``) only
when its seat signed it and it opens that seat's key commitments of lap 2 in every deck
(``check_secret``, one hash per position): a secret that does not is refused at once,
naming its seat.

**The audit** (``audit_deal_game``), from scratch, on each device, with every seat's secret:

1. every ``t4`` segment's signature over the masked record (``seal.check_signatures``);
2. every seat's secret there, signed by it and opening its commitments;
3. every step of every deck (``deal_book_audit``): its signature by its seat, then
   ``deck.audit`` over the steps: each shuffle a permutation of the deck before, locked by
   the seat's deck key, each lock step with the committed position keys, every key released
   in the game the committed one (a step the book holds as its hash alone is recomputed
   from its seat's secret and must hash to what that seat signed);
4. the record made plain from the deal (``plain_record``): every drawn position read with
   every seat's key, at the position the reserve rule gave it (``dealt.run_deal``), and the
   masked record replayed with those cards; each move must be legal with them (a move
   naming a card its player was not dealt is not), and each draw written plainly must name
   the card dealt at its position;
5. the ``t4`` audit of the rest (``audit.audit_transcript``: the lap, every revealed value,
   every public draw), on the plain record.

The first check that fails names its seat, and its move when it is one (``distance.Audit``).

**Not covered yet** (said plainly): hand-overs (no entry carries them yet, so ``deck.audit``
gets none); Citadels' characters (the King's to deal); the page (it makes no ``t5`` link
yet). A seat that never releases its secret leaves the game not verified, naming it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from engines.core.chance import ChanceError
from engines.core.deck import (DeckError, DeckSecret, DeckSpec, Step, audit as deck_audit, commitment, first_deck,
                               lock_step, read, release, shuffle_step)
from engines.core.game import Game
from engines.core.i18n import player, texts
from engines.core.masked import Key, World, texts_in, token_key
from engines.core.record import GameRecord
from engines.core.seal import SealError, SeatKey, b64, bound_keys, canonical, check_signatures, signed_by, unb64

from .dealt import (DealBook, MoveFacts, card_names, deal_specs, move_facts, played_world, run_deal, step_hash,
                    step_message)
from .distance import FAILED, VERIFIED, Audit

T = texts("ui")

_SECRET_PERSON = b"tavolo-deal-open"
_SECRET_RE = re.compile(r"x([0-9]{1,2})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{86})")


class RevealedSecret(NamedTuple):
    """A seat's deck secret released at the end of the game, as a link carries it: the
    secret (``DeckSecret.to_text``) and the seat's signature of it (``secret_message``)."""

    seat: int
    secret: str
    sig: str


# ---- releasing a secret --------------------------------------------------------------------

def secret_message(gid: str, seat: int, secret: str) -> bytes:
    """What a seat signs when it releases its deck secret."""
    return _SECRET_PERSON + canonical({"gid": gid, "seat": seat, "secret": secret})


def reveal_secret(gid: str, secret: DeckSecret, key: SeatKey) -> RevealedSecret:
    """``secret`` released by its seat, signed with the seat's key (only once the game is over)."""
    text = secret.to_text()
    return RevealedSecret(secret.seat, text, b64(key.sign(secret_message(gid, secret.seat, text))))


def secret_entry(revealed: RevealedSecret) -> str:
    """The deal-part entry of a released secret (module doc)."""
    return f"x{revealed.seat}.{revealed.secret}.{revealed.sig}"


def split_secrets(text: str) -> tuple[str, list[RevealedSecret]]:
    """A deal part without its released secrets (what ``dealt.parse_deal`` reads), and those
    secrets (their shape only; ``take_secrets`` checks them)."""
    rest: list[str] = []
    found: list[RevealedSecret] = []
    for item in text.split("~") if text else []:
        match = _SECRET_RE.fullmatch(item)
        if match is None:
            rest.append(item)
        else:
            found.append(RevealedSecret(int(match[1]), match[2], match[3]))
    return "~".join(rest), found


def with_secrets(text: str, revealed: Sequence[RevealedSecret]) -> str:
    """A deal part with ``revealed``'s entries after its own."""
    return "~".join([*([text] if text else []), *map(secret_entry, revealed)])


def check_secret(spec: DeckSpec, book: DealBook, seat: int, text: str) -> None:
    """``seat``'s released secret against its lap-2 key commitments of deck ``spec`` (in
    ``book``): each position's key made from it must hash to the commitment the seat signed.
    A ``DeckError`` naming the seat when it is damaged or opens another commitment."""
    secret = DeckSecret.from_text(text, seat)
    step = next((s for s in book.locked(spec.name) if s["seat"] == seat), None)
    if step is None:
        raise DeckError(T("The deal of the cards is not complete: {player}'s secret cannot be checked.",
                          player=player(seat)), seat=seat, detail=T("no step of lap 2 in deck {deck}", deck=spec.name))
    for p, committed in enumerate(step["keys"]):
        if commitment(spec, seat, p, secret.position_key(spec, p)) != committed:
            raise DeckError(T("{player}'s secret, revealed at the end of the game, does not match the keys "
                              "{player} committed to in the deal of the cards.", player=player(seat)),
                            seat=seat, position=p, detail=T("deck {deck}", deck=spec.name))


def check_revealed(revealed: RevealedSecret, gid: str, keys: Mapping[int, bytes], book: DealBook,
                   specs: Mapping[str, DeckSpec]) -> None:
    """One released secret checked: signed by its seat's bound key (``keys``), then opening
    its commitments in every deck (``check_secret``). A ``DeckError`` naming the seat."""
    public = keys.get(revealed.seat)
    signature = unb64(revealed.sig, 64)
    if public is None or signature is None or not signed_by(public, secret_message(gid, revealed.seat,
                                                                                   revealed.secret), signature):
        raise DeckError(T("{player}'s secret, revealed at the end of the game, is not signed by {player}.",
                          player=player(revealed.seat)), seat=revealed.seat, detail=T("the secret's entry"))
    for spec in specs.values():
        check_secret(spec, book, revealed.seat, revealed.secret)


def take_secrets(held: Mapping[int, RevealedSecret], entries: Sequence[RevealedSecret], gid: str,
                 keys: Mapping[int, bytes], book: DealBook, specs: Mapping[str, DeckSpec]
                 ) -> dict[int, RevealedSecret]:
    """``held`` with a link's released secrets (``entries``), each checked first
    (``check_revealed``); ``held`` is not changed. A seat's secret already held must come the
    same (two different secrets of one seat: the second cannot open its commitments too)."""
    out = dict(held)
    for entry in entries:
        if entry.seat >= next(iter(specs.values())).seats:
            raise DeckError(T("{player}'s secret, revealed at the end of the game, is not signed by {player}.",
                              player=player(entry.seat)), detail=T("a seat not in the game"))
        if entry.seat in out and out[entry.seat].secret == entry.secret:
            continue
        check_revealed(entry, gid, keys, book, specs)
        out[entry.seat] = entry
    return out


# ---- the audit of the deal -------------------------------------------------------------------

def _filled(spec: DeckSpec, steps: Sequence[Mapping[str, Any]], secrets: Mapping[int, str]) -> list[Step]:
    """The steps of ``spec``'s deck as ``deck.audit`` takes them (``seat``, ``lap``, ``deck``,
    ``keys``): a step the book holds as its hash alone gets the deck its seat's secret makes
    from the step before, when that deck hashes to the hash the seat signed; else, and for
    every step after it, no deck (``deck.audit`` then names that step's seat)."""
    out: list[Step] = []
    before: Any = first_deck(spec)
    sender: int | None = None
    lost = False
    for step in steps:
        seat, lap = step["seat"], step["lap"]
        deck = step.get("deck")
        if deck is None and not lost:
            secret = DeckSecret.from_text(secrets.get(seat), seat)
            made = (shuffle_step(spec, before, secret, sender) if lap == 1
                    else lock_step(spec, before, secret, sender if sender is not None else seat))
            deck = made["deck"] if step_hash(made["deck"]) == step["hash"] else None
        lost = lost or deck is None
        out.append({"seat": seat, "lap": lap, "deck": None if lost else deck,
                    **({"keys": step.get("keys")} if lap == 2 else {})})
        before, sender = deck, seat
    return out


def deal_book_audit(specs: Mapping[str, DeckSpec], book: DealBook, secrets: Mapping[int, str],
                    keys: Mapping[int, bytes]) -> None:
    """Every deck's deal in ``book`` checked with every seat's secret (``secrets``): each
    step's signature by its seat (``keys``: the transcript's bound keys), then ``deck.audit``
    over the steps (``_filled``) and every key released in the game. A ``DeckError`` naming
    the seat of the first step or key that does not check."""
    for name, spec in specs.items():
        steps = book.steps.get(name, [])
        for step in steps:
            public, signature = keys.get(step["seat"]), unb64(step.get("sig"), 64)
            message = step_message(spec.gid, name, step["seat"], step["lap"], step["hash"], step.get("keys", []))
            if public is None or signature is None or not signed_by(public, message, signature):
                raise DeckError(T("{player}'s part of the deal of the cards is not signed by {player}.",
                                  player=player(step["seat"])), seat=step["seat"], detail=T("a step of deck {deck}", deck=name))
        released = [(seat, p, key) for p, by in sorted(book.releases.get(name, {}).items())
                    for seat, key in sorted(by.items())]
        deck_audit(spec, _filled(spec, steps, secrets), secrets, released)


# ---- the record made plain from the deal ------------------------------------------------------

class _DealtWorld(World):
    """The world of a masked record in which every drawn position holds the card dealt there
    (read with every seat's key): no fill, so each move is played with the true cards."""

    def first_unplayable(self, masked: GameRecord) -> tuple[int, int | None] | None:
        """Play the masked moves one at a time: the index of the first the rules refuse with
        the dealt cards (or whose outcomes they do not offer) and the seat that was to make
        it, or None when all are played."""
        for m in range(len(self.record.actions), len(masked.actions)):
            mover = self.game.to_move(self.state)
            try:
                self._play(masked.model_copy(update={"actions": masked.actions[:m + 1]}))
            except (ValueError, ChanceError):
                return m, mover if mover is not None and mover >= 0 else None
        return None


def dealt_cards(game: Game, record: GameRecord, book: DealBook, specs: Mapping[str, DeckSpec],
                secrets: Mapping[int, str]) -> tuple[dict[Key, str], MoveFacts]:
    """Every position drawn in the masked ``record``, by its label, with the card dealt there,
    and the facts of the moves it was found from: the reserve rule run over the moves
    (``dealt.run_deal``) gives each label its dealt position, read with every seat's key
    (from ``secrets``). Which deck and who saw each draw are the same in every world, so the
    rule runs on a world of the cards read so far, again until it reads no more (a world
    with too few cards may stop early: ``played_world``)."""
    names = card_names(game, record)
    owners = {s: DeckSecret.from_text(text, s) for s, text in secrets.items()}
    cache: dict[tuple[str, int], str] = {}

    def card(deck: str, at: int) -> str:
        if (deck, at) not in cache:
            spec = specs[deck]
            keys = {s: release(spec, owner, at) for s, owner in owners.items()}
            cache[(deck, at)] = names[deck][read(spec, book.locked(deck), at, keys, None)]
        return cache[(deck, at)]

    known: dict[Key, str] = {}
    for _ in range(8):
        facts = move_facts(game, played_world(game, record, known).record)
        more = {key: card(deck, at) for key, (deck, at) in run_deal(game, specs, facts).slot.items()}
        if more == known:
            break
        known = more
    return known, facts


NOT_DEALT = T("A card in this move is not the card the deal gave: the cards dealt, opened with every player’s "
              "secret, do not allow it.")
"""Why the audit refuses a move of the record made plain from the deal (``plain_record``)."""
NOT_DRAWN = T("A card drawn here is not the one dealt at its place in the deck: the cards dealt, opened with every "
              "player’s secret, show another.")
"""Why the audit refuses a draw written plainly with another card than the one dealt (``plain_record``)."""


class SetUpError(SealError):
    """A check of ``plain_record`` that fails in the set-up: the dealer's part of the set-up,
    not its first move, is named (``Audit.in_set_up``)."""


def _dealer_of(transcript: Sequence[Mapping[str, Any]], index: int) -> tuple[int | None, int]:
    """The seat whose segment holds outcome ``index`` of the record, and the move it falls
    after (0 in the set-up)."""
    for segment in transcript:
        c0, c1 = segment["c"]
        if c0 <= index < c1:
            return segment["seat"], max(segment["a"][1] - 1, 0)
    return None, 0


def plain_record(game: Game, record: GameRecord, transcript: Sequence[Mapping[str, Any]],
                 every: Mapping[Key, str], facts: MoveFacts) -> GameRecord:
    """The masked ``record`` made plain from the deal (``every``: each drawn position's card,
    and ``facts``: where each was drawn, ``dealt_cards``), checked against it: a
    ``SealError`` naming the seat and the move when an outcome written plainly names another
    card than the one dealt at its position (naming the seat whose segment dealt it; a
    ``SetUpError`` in the set-up), or a move cannot be played with the dealt cards (it uses a
    card its player was not dealt)."""
    for draws in facts.draws:
        for draw in draws:
            data = record.chance[draw.chance]
            if draw.key not in every or any(token_key(v) for v in data.values()):
                continue   # a token: the world puts the dealt card there
            shown = set(texts_in({k: v for k, v in data.items() if k != "type"}))
            if shown.isdisjoint(game.card_names(draw.key.deck, every[draw.key])):
                seat, move = _dealer_of(transcript, draw.chance)
                error = SetUpError if draw.chance < facts.dealt[0] else SealError
                raise error(NOT_DRAWN, seat=seat, move=move, detail=f"outcome {draw.chance}")
    try:
        world = _DealtWorld(game, record, every, play=False)   # the set-up dealt
    except (ValueError, ChanceError):
        raise SetUpError(NOT_DRAWN, seat=_dealer_of(transcript, 0)[0], move=0, detail="the set-up") from None
    bad = world.first_unplayable(record)
    if bad is not None:
        raise SealError(NOT_DEALT, seat=bad[1], move=bad[0], detail=T("move {n}", n=bad[0]))
    return world.record


# ---- the whole game ----------------------------------------------------------------------------

def audit_deal_game(record: GameRecord, transcript: Any, book: DealBook, revealed: Mapping[int, RevealedSecret], *,
                    gid: str, own: Mapping[int, bytes] | None = None) -> Audit:
    """The whole ``t5`` game ``record`` (masked) checked from scratch, with its transcript,
    the deal's steps and keys this device kept (``book``) and every seat's released secret
    (``revealed``): ``VERIFIED`` (``Audit.dealt``), or ``FAILED`` at the first check that
    does not hold, naming its seat, and its move when it is one (module doc)."""
    from .audit import audit_transcript
    from engines.core.registry import get_game

    game = get_game(record.game)
    try:
        check_signatures(record, transcript, gid=gid, own=own)
    except SealError as exc:
        return Audit(FAILED, seat=exc.seat, move=exc.move, reason=exc.reason,
                     first_mover=_first_mover(transcript, record.players))
    keys = bound_keys(transcript)
    specs = deal_specs(game, record, gid)
    try:
        for seat in range(record.players):
            if seat not in revealed:
                raise DeckError(T("{player} has not revealed their secret for the deal of the cards yet: the "
                                  "game cannot be checked.", player=player(seat)), seat=seat, detail=T("no secret"))
            check_revealed(revealed[seat], gid, keys, book, specs)
        secrets = {seat: entry.secret for seat, entry in revealed.items()}
        deal_book_audit(specs, book, secrets, keys)
        plain = plain_record(game, record, transcript, *dealt_cards(game, record, book, specs, secrets))
    except SealError as exc:   # a DeckError too: a step or a key, with no move
        return Audit(FAILED, seat=exc.seat, move=exc.move, reason=exc.reason,
                     first_mover=None if isinstance(exc, SetUpError) else _first_mover(transcript, record.players))
    result = audit_transcript(record, transcript, gid=gid, revealed=True, own=dict(own or {}),
                              replay=lambda _masked: plain)
    return Audit(VERIFIED, dealt=True) if result.outcome == VERIFIED else result


def _first_mover(transcript: Any, players: int) -> int | None:
    """The seat of the game's first move (the segment after the lap holding move 0), or None
    when the transcript has none or is damaged (``check_signatures`` then said why)."""
    try:
        return next((s["seat"] for s in transcript[players:] if s["a"][0] == 0 and s["a"][1] > 0), None)
    except (KeyError, TypeError, IndexError):
        return None
