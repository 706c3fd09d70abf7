"""A sealed transcript whose record is masked, verified in each device's own world (issue 39,
stage 3; ``seal.verify``'s and ``reveal.check_commitments``' ``replay``).

The game is real and short: the set-up lap, then ``MOVES`` heuristic moves of a 3-seat
Euphoria game, each turn dealt by ``reveal.Beacon`` and sealed as a ``t4`` device would
(``tests/core/test_reveal.play_revealed``). Its record is then masked (``mask_record``: the
cards a device may not read written as deck positions) and every segment signed again over
the masked record, as a ``t5`` device signs what its link carries. Each seat's device holds
only its world (``masked.build`` from the masked record and what the oracle lets it read):
the signatures hash the masked record, the replays run on the world."""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core import seal
from engines.core.masked import Masking, build, mask_record, token_key
from engines.core.record import GameRecord, RecordError
from engines.core.seal import SealError, b64, turns, verify
from tests.core.test_reveal import GID, key_of, play_revealed

NAME, PLAYERS, SEED, MOVES = "euphoria", 3, 2, 24


def signed_over(record: GameRecord, transcript: list) -> list:
    """``transcript`` (its ranges, anchors and reveals) signed again, segment by segment,
    over ``record`` by each segment's seat."""
    out: list = []
    for segment in transcript:
        fresh = {name: value for name, value in segment.items() if name != "sig"}
        head = seal.chain(GID, record, out)[-1]
        fresh["sig"] = b64(key_of(fresh["seat"]).sign(seal.link_hash(head, record, fresh)))
        out.append(fresh)
    return out


@pytest.fixture(scope="module")
def masked_game() -> tuple[Masking, list]:
    played = play_revealed(NAME, PLAYERS, SEED, MOVES)
    masking = mask_record(get_game(NAME), played.record)
    return masking, signed_over(masking.record, played.transcript)


def check_in_world(masking: Masking, seat: int, record: GameRecord | None = None, transcript: list | None = None):
    """``verify`` on ``seat``'s device: the transcript hashed over the masked record, the
    movers, outcomes and public draws found by replaying the device's world."""
    game, record = get_game(NAME), record or masking.record
    moves = len(masking.record.actions)
    world = build(game, masking.record, masking.knowledge.known(moves, seat), masking.knowledge.bans(moves, seat))
    moved = turns(world.record)
    return verify(record, transcript if transcript is not None else [], moved.movers, gid=GID,
                  replay=lambda _: world.record)


def test_sealed_masked_transcript_verifies_in_every_device_s_world(masked_game):
    masking, transcript = masked_game
    assert _a_token(masking.record)   # cards really masked
    for seat in range(PLAYERS):
        sealed = check_in_world(masking, seat, transcript=transcript)
        assert sealed.segments == len(transcript)
    with pytest.raises((RecordError, ValueError)):   # the plain replay of old cannot read it
        verify(masking.record, transcript, turns(masking.record).movers, gid=GID)


def _a_token(record: GameRecord) -> tuple[int, dict]:
    """The first outcome of ``record`` that is a token of a position, and its index."""
    for j, outcome in enumerate(record.chance):
        for value in outcome.values():
            if token_key(value) is not None:
                return j, outcome
    raise AssertionError("no token")


def test_tamper_masked_token_moved_to_another_position_breaks_the_signature(masked_game):
    masking, transcript = masked_game
    j, outcome = _a_token(masking.record)
    field = next(name for name, value in outcome.items() if token_key(value) is not None)
    edited = {**outcome, field: {**outcome[field], "at": outcome[field]["at"] + 1}}
    record = masking.record.model_copy(update={"chance": [*masking.record.chance[:j], edited,
                                                          *masking.record.chance[j + 1:]]})
    dealer = next(s["seat"] for s in transcript if s["c"][0] <= j < s["c"][1])
    with pytest.raises(SealError) as caught:
        check_in_world(masking, (dealer + 1) % PLAYERS, record, transcript)
    assert caught.value.seat == dealer
    assert "signature" in caught.value.detail


def test_tamper_public_draw_replaced_and_resigned_is_refused_in_the_world(masked_game):
    """A dishonest mover replaces a public draw that draws from no deck (a die) by another
    possible one in the masked record and signs its segment again (cut right after that
    draw's batch of outcomes): the device's world recomputes it from the seats' values and
    names the mover."""
    masking, transcript = masked_game
    game, record = get_game(NAME), masking.record
    moves = len(record.actions)
    first = build(game, record, masking.knowledge.known(moves, 0), masking.knowledge.bans(moves, 0)).record
    drawn = turns(first).drawn   # where the outcomes fall and the public draws: the same in every world
    j, other = _public_die(game, first, after=transcript[PLAYERS]["c"][1])
    i = next(i for i in range(1, len(drawn)) if drawn[i - 1] <= j < drawn[i])   # dealt after action i - 1
    k = next(k for k, s in enumerate(transcript) if s["a"][0] < i <= s["a"][1])
    seat = transcript[k]["seat"]
    viewer = (seat + 1) % PLAYERS   # another seat's device, in its own world
    plain = build(game, record, masking.knowledge.known(moves, viewer), masking.knowledge.bans(moves, viewer)).record
    trimmed = [*transcript[:k], {**transcript[k], "a": [transcript[k]["a"][0], i],
                                 "c": [transcript[k]["c"][0], drawn[i]]}]

    def cut(r: GameRecord) -> GameRecord:
        return r.model_copy(update={"actions": r.actions[:i],
                                    "chance": [*r.chance[:j], other, *r.chance[j + 1:drawn[i]]]})

    changed, replayed = cut(record), cut(plain)
    resigned = signed_over(changed, trimmed)
    with pytest.raises(SealError) as caught:
        verify(changed, resigned, turns(replayed).movers, gid=GID, replay=lambda _: replayed)
    assert caught.value.seat == seat
    assert "does not follow from the seats' commitments" in caught.value.message("en")


def _public_die(game, plain: GameRecord, after: int) -> tuple[int, dict]:
    """The first outcome of ``plain`` from index ``after`` on dealt at a public node that
    draws from no deck and has another outcome possible, and such another outcome."""
    state = game.new_game(plain.players, plain.seed, plain.options, dealer=False, deal=False)
    found: list[tuple[int, dict]] = []

    class Finder:
        """Replays ``plain``'s outcomes, noting each such node."""

        j = 0

        def pick(self, game_, state_):
            if Finder.j >= len(plain.chance):
                return None
            current = game.parse_action(plain.chance[Finder.j])
            options = [o for o, w in game.chance_weights(state_) if w > 0]
            if Finder.j >= after and game.chance_deck(state_) is None and len(options) > 1 \
                    and all(game.chance_seen_by(state_, o) is None for o in options):
                found.append((Finder.j, game.dump_action(next(o for o in options if o != current))))
            Finder.j += 1
            return current

    game.deal(state, Finder())
    for data in plain.actions:
        game.apply(state, game.parse_action(data))
        game.deal(state, Finder())
    assert found
    return found[0]
