"""What a search bot plays on (``engines.core.search``): ``determinize`` samples a full state
that agrees with everything one player has seen (the estimate of a position cut off before the
end is ``evaluate.py``).

Hidden from ``player`` (``view``): the other players' artifact hands, face-down recruits,
dilemma cards not yet resolved, the recruits dealt to them or in their draft pack, and in the
market-selection variant their dealt and kept market tiles; the market tiles of the unbuilt
sites; what lies out of the game (recruits, market tiles) and the order and content of the
decks (artifacts, recruits, dilemmas); the details of another player's pending choice (its
options, the cards Bradley drew, the two recruits drawn for a Fight the Oppressor choice).
Dice, goods, tracks, active recruits (after set-up), the discard pile and the board are public.

Re-dealt, each kind from the pool of the things of that kind ``player`` cannot place, pooled
in a canonical order (sorted by id) then shuffled with ``rng``, every slot keeping its size:

* **artifacts**: the other hands and the artifact deck. A card a pending trade shows in the
  proposer's offer (``give``) stays in the proposer's hand: the offer proves he holds it.
* **recruits**: the other players' face-down recruits, their dealt recruits and draft packs,
  their face-up recruit during set-up (only its count is shown then), the two recruits of
  another player's pending Fight the Oppressor choice, the recruit deck and the recruits out
  of the game. A face-down slot only takes a recruit whose faction is not called out
  (``faction_revealed``: allegiance 8, miner at 6): such a recruit would have been turned
  face up, so the view's counts already exclude it.
* **market tiles**: the tiles of the unbuilt sites, those out of the game and (variant) the
  set-aside pile, the other players' dealt tiles and kept tile before they go to the sites.
  ``player``'s own kept tile, once dealt to the sites and not visibly built, goes to one of
  the unbuilt sites; the other players' ``kept_tile`` notes are then re-drawn among the site
  tiles (the rules no longer read them).
* **dilemmas**: the other players' unresolved dilemma cards and the dilemma deck.
* **the chance to come**: nothing of it is in the state (draws and dice are chance nodes); a
  state with a seeded dealer gets a new one, from ``rng.fork()`` and the re-dealt decks.

Another player's pending choice (only when ``player`` is not the one to move: the search
always determinizes for the mover) gets its options recomputed by the rules' own step from the
re-dealt cards; Bradley's two drawn cards become the last two of the re-dealt hand. When that
player, with his re-dealt cards, could no longer answer a payment he committed to (a placement
or the dilemma), the artifacts and dilemmas are dealt again (conditioning on what the view
proves); after ``TRIES`` failed deals his own hand and dilemma are left as they are, the one
case where a sample keeps something ``player`` does not see (never in a search).

Approximations (never contradicting ``view(…, player)``): what ``player`` remembers but the
view does not show is forgotten: the recruits and market tiles he himself discarded at set-up
or to the dilemma (they are re-dealt like any unseen card), the packs he passed in the draft,
the hand Jonathan the Gambler showed this turn. The other players' past choices (which tile
they kept, which recruits they drafted) do not weight the samples.
"""

from __future__ import annotations

from engines.core.rng import Rng

from .components import FACTIONS, RECRUITS, SITES
from .dealer import EuphoriaDealer
from .effects import faction_revealed
from .rules import STEP
from .state import EuphoriaState

#: re-deals of the artifacts and dilemmas tried when another player's pending payment has no
#: answer with the re-dealt cards (see the module docstring)
TRIES = 16

#: pending choices whose options read the chooser's hidden cards: recomputed for another player
_REOPEN = {"pay", "dil_pay", "hand_limit", "discard_any", "bradley", "trade_build", "trade_answer",
           "hooks", "keep", "draft", "mkt_keep", "dil_keep"}
#: of those, the payments the chooser committed to: a re-deal leaving none is rejected
_COMMITTED = {"pay", "dil_pay"}


def determinize(state: EuphoriaState, player: int, rng: Rng) -> EuphoriaState:
    """A state ``player`` cannot tell from ``state`` (see the module docstring); ``state`` is
    not changed. The result depends only on ``player``'s view and on ``rng``."""
    s = state.clone()
    others = [q for q in range(s.players) if q != player]
    top = s.tasks[-1] if s.tasks and s.phase != "over" else None
    theirs = top if top is not None and top["p"] != player and top["k"] in _REOPEN else None
    _deal_recruits(s, others, theirs, rng)
    _deal_tiles(s, player, others, rng)
    arts = _artifact_pool(s, others, top)
    dilemmas = _dilemma_pool(s, others)
    for _ in range(TRIES):
        _deal_artifacts(s, others, arts, rng)
        _deal_dilemmas(s, others, dilemmas, rng)
        if theirs is None or _reopen(s, theirs):
            break
    else:  # no deal lets him pay what he committed to: his own cards stay (see the docstring)
        assert theirs is not None  # with no trade to reopen the first try breaks the loop
        q = theirs["p"]
        s.art_deck, s.dilemma_deck = list(state.art_deck), list(state.dilemma_deck)
        for q2 in others:
            s.p[q2].hand, s.p[q2].dilemma = list(state.p[q2].hand), state.p[q2].dilemma
        rest = [q2 for q2 in others if q2 != q]
        _deal_artifacts(s, rest, _artifact_pool(s, rest, top), rng)
        _deal_dilemmas(s, rest, _dilemma_pool(s, rest), rng)
        _reopen(s, theirs)
    _redeal_chance(s, state, rng)
    return s


def _redeal_chance(s: EuphoriaState, state: EuphoriaState, rng: Rng) -> None:
    """The world's chance source: ``rng.fork()`` (drawn whether or not it is used, as the
    generator the state once held was re-seeded here), a dealer dealing the re-dealt decks in
    the order they were dealt (their ends first) if ``state`` has a dealer, else none; then
    the decks made multisets again (sorted)."""
    fork = rng.fork()
    if state.dealer is not None:
        s.dealer = EuphoriaDealer(rng=fork, tiles=list(s.market_pile), recruits=list(s.recruit_deck),
                                  arts=list(s.art_deck), dilemmas=list(s.dilemma_deck))
    else:
        s.dealer = None
    for deck in (s.art_deck, s.recruit_deck, s.dilemma_deck, s.market_pile, s.markets_out):
        deck.sort()


# ---- artifacts ------------------------------------------------------------------------------

def _artifact_pool(s: EuphoriaState, others: list[int], top: dict | None):
    """The unseen artifacts, sorted, and per other player the cards a pending trade offer
    proves he holds (they stay in his hand)."""
    pinned: dict[int, list[str]] = {q: [] for q in others}
    if top is not None and top["k"] in ("trade_build", "trade_answer"):
        proposer = top["p"] if top["k"] == "trade_build" else top["proposer"]
        if proposer in pinned:
            hand = list(s.p[proposer].hand)
            for item in top["give"]:
                if item.startswith("art:") and item[4:] in hand:
                    hand.remove(item[4:])
                    pinned[proposer].append(item[4:])
    pool = list(s.art_deck)
    for q in others:
        hand = list(s.p[q].hand)
        for c in pinned[q]:
            hand.remove(c)
        pool += hand
    pool.sort()
    return pool, pinned


def _deal_artifacts(s: EuphoriaState, others: list[int], arts, rng: Rng) -> None:
    pool, pinned = arts
    cards = list(pool)
    rng.shuffle(cards)
    k = 0
    for q in others:
        n = len(s.p[q].hand) - len(pinned[q])
        s.p[q].hand = pinned[q] + cards[k:k + n]
        k += n
    s.art_deck = cards[k:]


# ---- dilemmas -------------------------------------------------------------------------------

def _dilemma_pool(s: EuphoriaState, others: list[int]) -> list[str]:
    return sorted(s.dilemma_deck + [s.p[q].dilemma for q in others if not s.p[q].dilemma_done])


def _deal_dilemmas(s: EuphoriaState, others: list[int], pool: list[str], rng: Rng) -> None:
    cards = list(pool)
    rng.shuffle(cards)
    for q in others:
        if not s.p[q].dilemma_done:
            s.p[q].dilemma = cards.pop()
    s.dilemma_deck = cards


# ---- recruits -------------------------------------------------------------------------------

def _deal_recruits(s: EuphoriaState, others: list[int], theirs: dict | None, rng: Rng) -> None:
    """Face-down slots first, from the recruits whose faction is not called out (the first ones
    of the shuffled pool: a uniform pick among them), then every other slot in a fixed order."""
    setup = s.phase == "setup"
    keep = theirs if theirs is not None and theirs["k"] == "dil_keep" else None
    pool = list(s.recruit_deck) + list(s.recruits_out)
    for q in others:
        pl = s.p[q]
        pool += pl.hidden + pl.dealt + pl.pack + (pl.active if setup else [])
    if keep is not None:
        pool += keep["drawn"]
    pool.sort()
    rng.shuffle(pool)
    n_hidden = sum(len(s.p[q].hidden) for q in others)
    revealed = {f for f in FACTIONS if faction_revealed(s, f)}
    face_down = [r for r in pool if RECRUITS[r].faction not in revealed][:n_hidden]
    taken = set(face_down)
    rest = [r for r in pool if r not in taken]
    k = 0
    for q in others:
        pl = s.p[q]
        n = len(pl.hidden)
        pl.hidden, face_down = face_down[:n], face_down[n:]
        for name in ("dealt", "pack") + (("active",) if setup else ()):
            n = len(getattr(pl, name))
            setattr(pl, name, rest[k:k + n])
            k += n
    if keep is not None:
        n = len(keep["drawn"])
        keep["drawn"] = rest[k:k + n]
        k += n
    n = len(s.recruit_deck)
    s.recruit_deck = rest[k:k + n]
    s.recruits_out = rest[k + n:]


# ---- market tiles ---------------------------------------------------------------------------

def _deal_tiles(s: EuphoriaState, player: int, others: list[int], rng: Rng) -> None:
    if not s.site_tile:  # market selection, before the kept tiles go to the sites
        pool = list(s.market_pile) + list(s.markets_out)
        for q in others:
            kept = s.p[q].kept_tile
            pool += s.p[q].tiles_dealt + ([kept] if kept else [])
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            n = len(s.p[q].tiles_dealt)
            s.p[q].tiles_dealt, pool = pool[:n], pool[n:]
            if s.p[q].kept_tile:
                s.p[q].kept_tile = pool.pop()
        n = len(s.market_pile)
        s.market_pile, s.markets_out = pool[:n], pool[n:]
        return
    unbuilt = [site for site in SITES if not s.built[site]]
    pool = [s.site_tile[site] for site in unbuilt] + list(s.markets_out) + list(s.market_pile)
    mine = s.p[player].kept_tile
    forced = mine if mine is not None and mine in pool else None
    if forced is not None:
        pool.remove(forced)
    pool.sort()
    rng.shuffle(pool)
    if forced is not None:
        pool.insert(rng.below(len(unbuilt)), forced)
    for site in unbuilt:
        s.site_tile[site] = pool.pop(0)
    n = len(s.market_pile)
    s.market_pile, s.markets_out = pool[:n], pool[n:]
    if any(s.p[q].kept_tile for q in others):  # notes the rules no longer read: kept consistent
        tiles = sorted(t for t in s.site_tile.values() if t != mine)
        rng.shuffle(tiles)
        for q in others:
            if s.p[q].kept_tile:
                s.p[q].kept_tile = tiles.pop()


# ---- another player's pending choice ------------------------------------------------------------

def _reopen(s: EuphoriaState, t: dict) -> bool:
    """Recompute the options of ``t`` (another player's pending choice) from the re-dealt
    cards with the rules' own step; False when a payment he committed to has no answer."""
    before = t.get("opts")
    if t["k"] == "bradley":  # the cards drawn are the last ones of his hand
        n = len(t["drawn"])
        t["drawn"] = s.p[t["p"]].hand[-n:] if n else []
    t.pop("opts", None)
    opts = STEP[t["k"]](s, t)
    if opts is None:  # the step found nothing to choose and closed the task: keep it open
        if not s.tasks or s.tasks[-1] is not t:
            s.tasks.append(t)
        t["opts"] = before
        return False
    t["opts"] = opts
    if t["k"] in _COMMITTED:
        return bool(opts) and (opts != [""] or before == [""])
    return bool(opts)
