"""The hidden draft in ``t5`` links (issue 39, stage 3): Citadels' characters dealt by the
King's device, each pass encrypted to the next chooser, each choice committed and opened
when its character is called. Pure Python; ``tools/distance_game.py --deal`` uses it.

The protocol is ``engines.core.draft``'s (read its docstring); this module puts it in links.
A ``t5`` link's deal part (``tavolo_ui.dealt``) is a list of entries joined by ``~``; the
draft adds its own entries, each starting with ``k`` (``split_entries`` takes them apart
from the deal's ``s`` and ``r`` entries, so ``dealt.parse_deal`` never sees them):

- ``kx.<seat>.<key>.<sig>``: the seat's draft key (``draft.public_key``, 43 characters),
  made with its first lap link;
- ``kd.<deck>.<dealer>.<aside>.<commitments>.<sig>``: the dealer's (the first chooser's)
  deal of the round's deck: the deal positions set aside (``_``-joined; their cards stay
  committed) and one 22-character commitment per card (``draft.deal``), in the dealer's
  first move link of the round;
- ``kc.<deck>.<step>.<seat>.<commitment>.<sig>``: a chooser's commitment to the card it
  keeps (or puts face down) at that draft step (``draft.commit_choice``);
- ``kp.<deck>.<step>.<sender>.<receiver>.<sealed>.<sig>``: the openings left, passed by the
  chooser of ``step`` to the next chooser, encrypted to the receiver's draft key
  (``draft.seal_pass``: DHIES);
- ``ko.<deck>.<step>.<seat>.<number>.<salt>``: the answer to a call: ``seat``'s choice of
  ``step`` opened (not signed: only the right card and salt open the signed commitment);
  a card is written by its number in the deck's order from 1, as the record writes it
  (Citadels: the character's rank);
- ``kn.<deck>.<number>.<seat>.<moves>.<sig>``: ``seat``'s device says nobody holds the card
  called (it knows the card is face down), with ``moves`` made in the game then. Where
  another seat's turn follows one of its own across such calls, its two segments in a row
  are two turns (``splits``, ``seal.verify``).

Every entry but an answer is signed by its seat's key (``SeatKey``, bound in its first
``t4`` segment) over the game id and the entry's text before its signature
(``entry_message``): nothing else binds a commitment or a pass to its seat. A device keeps
every entry it accepted (``DraftBook``, in order) and checks each new one
(``take_in``): its signature, a deal of one commitment per card, no seat committing twice
to one step with two different texts, an answer that opens the committed choice
(``draft.check_choice``), and a pass to its own seat opened with its own secret and checked
against the deal (``open_for``: ``draft.open_pass`` and ``draft.check_pass``). Each
refusal names the seat at fault (``draft.DraftError``).

**What a link carries** (``carried``): every draft key, and every entry of the latest two
draft decks (the round in play and the one before): a device that missed a link (the draft
goes round the table) finds there all it needs; older rounds stay in the books for the
audit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core import draft
from engines.core.deck import DeckSecret
from engines.core.draft import DraftError, DraftSpec
from engines.core.i18n import player, texts
from engines.core.seal import SeatKey, b64, canonical, signed_by, unb64

T = texts("ui")
_C = texts("core")

_PERSON = b"tavolo-draft-ent"
_B64 = r"[A-Za-z0-9_-]"
_SIG = rf"{_B64}{{86}}"
_DECK = r"[a-z0-9-]{1,30}"
_ENTRY = {
    "kx": re.compile(rf"kx\.([0-9]{{1,2}})\.({_B64}{{43}})\.({_SIG})"),
    "kd": re.compile(rf"kd\.({_DECK})\.([0-9]{{1,2}})\.([0-9_]{{0,40}})\.({_B64}{{22,800}})\.({_SIG})"),
    "kc": re.compile(rf"kc\.({_DECK})\.([0-9]{{1,3}})\.([0-9]{{1,2}})\.({_B64}{{22}})\.({_SIG})"),
    "kp": re.compile(rf"kp\.({_DECK})\.([0-9]{{1,3}})\.([0-9]{{1,2}})\.([0-9]{{1,2}})\.({_B64}{{86,4000}})\.({_SIG})"),
    "ko": re.compile(rf"ko\.({_DECK})\.([0-9]{{1,3}})\.([0-9]{{1,2}})\.([0-9]{{1,2}})\.({_B64}{{22}})"),
    "kn": re.compile(rf"kn\.({_DECK})\.([0-9]{{1,2}})\.([0-9]{{1,2}})\.([0-9]{{1,5}})\.({_SIG})"),
}
MOST_ENTRIES = 2_000


def split_entries(text: str) -> tuple[str, list[str]]:
    """A deal part taken apart: the deal's own entries (for ``dealt.parse_deal``) and the
    draft's (those starting with ``k``)."""
    items = text.split("~") if text else []
    return "~".join(i for i in items if not i.startswith("k")), [i for i in items if i.startswith("k")]


def join_entries(deal: str, entries: Sequence[str]) -> str:
    """A deal part with the draft's entries after the deal's."""
    return "~".join([*([deal] if deal else []), *entries])


def entry_message(gid: str, body: str) -> bytes:
    """What a seat signs for a draft entry: the game id and the entry's text before its
    signature."""
    return _PERSON + canonical({"gid": gid, "entry": body})


def signed(gid: str, body: str, key: SeatKey) -> str:
    """``body`` with its seat's signature appended."""
    return f"{body}.{b64(key.sign(entry_message(gid, body)))}"


def _damaged(entry: str) -> DraftError:
    return DraftError(T("This link is damaged: its draft of the characters was cut or changed."),
                      detail=T("entry {entry}", entry=entry[:30]))


@dataclass(frozen=True)
class Entry:
    """A draft entry read (its shape only): ``kind`` (``kx``, ``kd``, ...), its fields as
    texts, its ``seat`` (whose signature or opening it is), its ``deck`` ('' for a key) and
    its ``text``."""

    kind: str
    fields: tuple[str, ...]
    seat: int
    deck: str
    text: str

    @property
    def body(self) -> str:
        """The text the signature covers (all of it for an unsigned answer)."""
        return self.text if self.kind == "ko" else self.text.rsplit(".", 1)[0]


def parse_entry(text: str) -> Entry:
    """An entry's shape checked (``DraftError`` for anything else): its kind and fields."""
    found = _ENTRY.get(text[:2], None)
    match = found.fullmatch(text) if found is not None else None
    if match is None:
        raise _damaged(text)
    f = match.groups()
    seat = {"kx": 0, "kd": 1, "kc": 2, "kp": 2, "ko": 2, "kn": 2}[text[:2]]
    return Entry(text[:2], f, int(f[seat]), "" if text[:2] == "kx" else f[0], text)


# ---- what a device keeps ---------------------------------------------------------------------

@dataclass
class DraftBook:
    """A device's draft entries, each checked when it came (``take_in``), in order, and the
    cards of every draft deck in their order (a card's number is its place there from 1)."""

    entries: list[str] = field(default_factory=list)
    cards: tuple[str, ...] = ()

    def number(self, card: str) -> str:
        """How an entry writes ``card``: its number."""
        return str(self.cards.index(card) + 1)

    def card(self, number: str) -> str:
        """The card an entry's number names (``DraftError`` for none)."""
        if not 1 <= int(number) <= len(self.cards):
            raise _damaged(number)
        return self.cards[int(number) - 1]

    def read(self) -> list[Entry]:
        return [parse_entry(e) for e in self.entries]

    def keys(self) -> dict[int, str]:
        """Each seat's draft key."""
        return {e.seat: e.fields[1] for e in self.read() if e.kind == "kx"}

    def deal_of(self, deck: str) -> tuple[int, list[int], list[str]] | None:
        """Deck ``deck``'s deal: its dealer, the positions set aside and the commitments."""
        for e in self.read():
            if e.kind == "kd" and e.deck == deck:
                aside = [int(p) for p in e.fields[2].split("_") if p]
                commitments = [e.fields[3][i:i + 22] for i in range(0, len(e.fields[3]), 22)]
                return e.seat, aside, commitments
        return None

    def choices(self, deck: str) -> dict[int, tuple[int, str]]:
        """Deck ``deck``'s choices: step -> (its seat, its commitment)."""
        return {int(e.fields[1]): (e.seat, e.fields[3]) for e in self.read() if e.kind == "kc" and e.deck == deck}

    def passes(self, deck: str) -> dict[int, tuple[int, int, str]]:
        """Deck ``deck``'s passes: step -> (sender, receiver, what is sealed)."""
        return {int(e.fields[1]): (e.seat, int(e.fields[3]), e.fields[4])
                for e in self.read() if e.kind == "kp" and e.deck == deck}

    def answers(self, deck: str) -> dict[int, str]:
        """Deck ``deck``'s choices opened at a call: step -> the card."""
        return {int(e.fields[1]): self.card(e.fields[3]) for e in self.read() if e.kind == "ko" and e.deck == deck}

    def nobody(self, deck: str) -> dict[str, int]:
        """Deck ``deck``'s cards said held by nobody: card -> the seat that said so."""
        return {self.card(e.fields[1]): e.seat for e in self.read() if e.kind == "kn" and e.deck == deck}

    def decks(self) -> list[str]:
        """The draft decks dealt so far, in order."""
        return [e.deck for e in self.read() if e.kind == "kd"]


def _same_place(a: Entry, b: Entry) -> bool:
    """Whether two entries claim one place (a seat's key, a deck's deal, a step's choice, pass
    or answer, a card's "nobody")."""
    if a.kind != b.kind or a.deck != b.deck:
        return False
    if a.kind in ("kx", "kd"):
        return a.seat == b.seat if a.kind == "kx" else True
    if a.kind == "kn":
        return a.fields[1] == b.fields[1]
    return a.fields[1] == b.fields[1]


def take_in(book: DraftBook, texts_in: Iterable[str], *, gid: str, cards: Sequence[str], seats: int,
            keys: Mapping[int, bytes]) -> DraftBook:
    """A new book: ``book`` with a link's draft entries, each checked first (the book given is
    not changed): its shape, its seat's signature (``keys``: the transcript's bound keys), a
    deal of one commitment per card (``draft.check_deal``), one text per place (a seat that
    committed two different texts to one step is named), an answer that opens its seat's
    committed choice (``draft.check_choice``). Else a ``DraftError`` naming the seat."""
    new = DraftBook(list(book.entries), tuple(cards))
    for text in texts_in:
        if len(new.entries) >= MOST_ENTRIES:
            raise _damaged(text)
        if text in new.entries:
            continue
        entry = parse_entry(text)
        if entry.seat >= seats:
            raise _damaged(text)
        if entry.kind != "ko":
            public, sig = keys.get(entry.seat), unb64(entry.fields[-1], 64)
            if public is None or sig is None or not signed_by(public, entry_message(gid, entry.body), sig):
                raise DraftError(T("{player}'s part of the draft of the characters is not signed by {player}.",
                                   player=player(entry.seat)), seat=entry.seat, detail=text[:30])
        before = [e for e in new.read() if _same_place(e, entry)]
        if before:
            raise DraftError(T("{player} made two different parts of the draft of the characters.",
                               player=player(entry.seat)), seat=entry.seat, detail=text[:30])
        spec = DraftSpec(gid, entry.deck, tuple(cards), seats)
        if entry.kind == "kd":
            draft.check_deal(spec, [entry.fields[3][i:i + 22] for i in range(0, len(entry.fields[3]), 22)],
                             entry.seat)
        if entry.kind == "ko":
            step = int(entry.fields[1])
            committed = new.choices(entry.deck).get(step)
            if committed is None or committed[0] != entry.seat:
                raise _damaged(text)
            draft.check_choice(spec, committed[1], entry.seat, step,
                               {"card": new.card(entry.fields[3]), "salt": entry.fields[4]})
        if entry.kind == "kn":
            new.card(entry.fields[1])
        new.entries.append(text)
    return new


def open_for(book: DraftBook, own: DeckSecret, *, gid: str, cards: Sequence[str], seats: int,
             deck: str, step: int) -> dict[int, dict]:
    """The openings passed to ``own.seat`` for its choice at ``step`` of ``deck`` (the pass of
    ``step - 1``), opened with its secret and each checked against the dealer's
    commitments, the count the rules hand on (every card not set aside nor chosen before),
    no position twice and none set aside: position -> opening. A ``DraftError`` naming the
    sender (a pass sealed to another seat, or changed, or not what it must hold)."""
    spec = DraftSpec(gid, deck, tuple(cards), seats)
    found = book.deal_of(deck)
    passed = book.passes(deck).get(step - 1)
    if found is None or passed is None:
        raise DraftError(T("The cards of the draft passed to {player} have not come.", player=player(own.seat)),
                         seat=None, detail=T("{deck}, step {step}", deck=deck, step=step))
    dealer, aside, commitments = found
    sender, receiver, sealed = passed
    if receiver != own.seat:
        raise DraftError(_C("{player}'s cards of the draft passed to {other} cannot be opened by {other}.",
                           player=player(sender), other=player(own.seat)), seat=sender, detail=T("its receiver"))
    openings = draft.open_pass(spec, own, step - 1, sender, sealed)
    count = len(cards) - len(aside) - step
    cards_at = draft.check_pass(spec, commitments, dealer, openings, sender, count, set(aside))
    return {p: next(o for o in openings if o["at"] == p) for p in cards_at}


def carried(book: DraftBook) -> list[str]:
    """The entries a link carries (module doc): every draft key, and every entry of the latest
    two draft decks."""
    latest = book.decks()[-2:]
    return [t for t, e in zip(book.entries, book.read()) if e.kind == "kx" or e.deck in latest]


# ---- making entries ----------------------------------------------------------------------

def key_entry(gid: str, secret: DeckSecret, key: SeatKey) -> str:
    return signed(gid, f"kx.{secret.seat}.{draft.public_key(secret, gid)}", key)


def deal_entry(gid: str, deck: str, dealer: int, aside: Sequence[int], the_deal: draft.Deal, key: SeatKey) -> str:
    return signed(gid, f"kd.{deck}.{dealer}.{'_'.join(str(p) for p in aside)}.{''.join(the_deal.commitments)}", key)


def choice_entry(gid: str, deck: str, step: int, seat: int, commitment: str, key: SeatKey) -> str:
    return signed(gid, f"kc.{deck}.{step}.{seat}.{commitment}", key)


def pass_entry(gid: str, deck: str, step: int, sender: int, receiver: int, sealed: str, key: SeatKey) -> str:
    return signed(gid, f"kp.{deck}.{step}.{sender}.{receiver}.{sealed}", key)


def answer_entry(book: DraftBook, deck: str, step: int, seat: int, opening: Mapping[str, str]) -> str:
    return f"ko.{deck}.{step}.{seat}.{book.number(opening['card'])}.{opening['salt']}"


def nobody_entry(book: DraftBook, gid: str, deck: str, card: str, seat: int, moves: int, key: SeatKey) -> str:
    return signed(gid, f"kn.{deck}.{book.number(card)}.{seat}.{moves}", key)


def splits(book: DraftBook) -> dict[int, set[int]]:
    """Where a seat said nobody holds a character called: the moves made then -> those seats
    (``seal.verify``'s ``splits``)."""
    out: dict[int, set[int]] = {}
    for e in book.read():
        if e.kind == "kn":
            out.setdefault(int(e.fields[3]), set()).add(e.seat)
    return out


def decoded(entries: Sequence[str]) -> list[dict[str, Any]]:
    """The draft entries as ``--decode`` shows them (what anyone reads without a key: the
    commitments, the passes sealed, the answers opened at calls, who said nobody)."""
    out: list[dict[str, Any]] = []
    for text in entries:
        try:
            e = parse_entry(text)
        except DraftError:
            out.append({"damaged": text[:30]})
            continue
        out.append({"kind": e.kind, "deck": e.deck, "seat": e.seat, "fields": list(e.fields[1:])})
    return out
