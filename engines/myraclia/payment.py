"""Paying for a tile: direct matches, wildcards ("jolly") and the hand rule (spec §8.1).

Multisets of elements are 7-tuples of counts indexed by colour (see ``components``);
a tile's missing elements ``M`` are a sorted tuple of distinct colour indices.

* ``covers(P, M)``: §8.1.2/§8.1.5, every element of ``P`` is used either as a direct match
  or inside a wildcard group (3 of one colour, or 5 of any colours).
* ``is_legal(P, M)``: §8.1.3, the hand rule ("regola della mano") formalised as
  minimality: ``P`` covers ``M`` and no proper sub-multiset of ``P`` does (D16).
* ``legal_payments(reserve, M)``: every legal ``P`` drawn from the reserve (§8.1.5, "the
  engine offers the player any legal P"), in a deterministic order.

No rule tells one colour from another here (a direct match is any missing colour, a wildcard
any colours), so renaming the colours renames the payments: ``legal_payments`` computes each
case once for its colours sorted by how many the reserve holds (``_SORTED``), which the games
meet far more often than each exact reserve.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

from operator import add as _add, le as _le

from .components import NCOL

Counts = tuple[int, ...]

_COVERS: dict[tuple[Counts, tuple[int, ...]], bool] = {}
_LEGAL: dict[tuple[Counts, tuple[int, ...]], bool] = {}
_PAYMENTS: dict[tuple[Counts, tuple[int, ...]], list[Counts]] = {}
_CACHE_LIMIT = 200_000


def _subsets(items: tuple[int, ...]):
    for n in range(len(items) + 1):
        yield from combinations(items, n)


def covers(pay: Counts, missing: tuple[int, ...]) -> bool:
    """§8.1.5 ``covers``: ``pay`` can be split, using every element, into direct matches
    and wildcard groups (3 of a kind / 5 of any) for the remaining items of ``missing``."""
    key = (pay, missing)
    hit = _COVERS.get(key)
    if hit is not None:
        return hit
    total = sum(pay)
    result = False
    for direct in _subsets(missing):
        if any(pay[c] < 1 for c in direct):
            continue
        rest = list(pay)
        for c in direct:
            rest[c] -= 1
        left = total - len(direct)
        k = len(missing) - len(direct)
        triples = sum(n // 3 for n in rest)
        for a in range(k + 1):
            b = k - a
            if 3 * a + 5 * b == left and triples >= a:
                result = True
                break
        if result:
            break
    if len(_COVERS) > _CACHE_LIMIT:
        _COVERS.clear()
    _COVERS[key] = result
    return result


def is_legal(pay: Counts, missing: tuple[int, ...]) -> bool:
    """§8.1.3 hand rule: ``pay`` covers ``missing`` and no proper sub-multiset does."""
    key = (pay, missing)
    hit = _LEGAL.get(key)
    if hit is not None:
        return hit
    result = covers(pay, missing)
    if result:
        for sub in product(*(range(n + 1) for n in pay)):
            if sub != pay and sum(sub) >= len(missing) and covers(sub, missing):
                result = False
                break
    if len(_LEGAL) > _CACHE_LIMIT:
        _LEGAL.clear()
    _LEGAL[key] = result
    return result


_MULTISETS: dict[tuple[int, tuple[int, ...]], list[Counts]] = {}


def _bounded_multisets(size: int, caps: list[int]) -> list[Counts]:
    """Every count vector summing to ``size`` with each colour within ``caps`` (remembered:
    the caps of ``_covers_of`` are 0, 1 or 2, so there are few; callers must not change it)."""
    key = (size, tuple(caps))
    hit = _MULTISETS.get(key)
    if hit is None:
        hit = _MULTISETS[key] = _multisets(size, caps)
    return hit


def _multisets(size: int, caps: list[int]) -> list[Counts]:
    n = len(caps)
    room = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + caps[i]
    out: list[Counts] = []
    cur = [0] * n

    def rec(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(cur))
            return
        if i == n or room[i] < left:
            return
        for k in range(min(left, caps[i]), -1, -1):
            cur[i] = k
            rec(i + 1, left - k)
        cur[i] = 0

    rec(0, size)
    return out


def _covers_of(reserve: Counts, missing: tuple[int, ...]) -> set[Counts]:
    """Every cover of ``missing`` drawn from ``reserve`` that could be minimal.

    Generated from the structure of a cover (direct matches, a groups of 3-same, b groups
    of 5-any). Two shapes are left out because they are never minimal: a wildcard element
    of a colour that the wildcards cover (pay it directly instead), and 5-any groups
    holding 3 or more of one colour between them (those 3 make a 3-same group and the
    other elements still fill the remaining 5-any groups, with 2 to spare). So every
    *minimal* cover from the reserve is in the result.
    """
    found: set[Counts] = set()
    put = found.add
    for direct in _subsets(missing):
        if any(reserve[c] < 1 for c in direct):
            continue
        k = len(missing) - len(direct)
        base = list(reserve)
        paid = [0] * NCOL  # the direct matches
        for c in direct:
            base[c] -= 1
            paid[c] = 1
        wild = [c for c in missing if c not in direct]  # their colours are no wildcard material
        triple_colours = [c for c in range(NCOL) if c not in wild and base[c] >= 3]
        for a in range(k + 1):
            b = k - a
            for triple_cols in combinations_with_replacement(triple_colours, a):
                after = list(base)
                pay = list(paid)
                ok = True
                for c in triple_cols:
                    after[c] -= 3
                    pay[c] += 3
                    if after[c] < 0:
                        ok = False
                if not ok:
                    continue
                if not b:
                    put(tuple(pay))
                    continue
                for c in wild:
                    after[c] = 0
                caps = [x if x < 2 else 2 for x in after]
                for fives in _bounded_multisets(5 * b, caps):
                    put(tuple(map(_add, fives, pay)))
    return found


def can_pay(reserve: Counts, missing: tuple[int, ...]) -> bool:
    """Whether some payment for ``missing`` can be drawn from ``reserve`` at all, cheaply.

    If any cover exists, one exists that pays every missing colour the reserve holds
    directly: a held colour ``c`` covered by a wildcard group instead can be paid directly
    and that group dropped. With those ``d`` direct matches, the ``k - d`` other items need
    ``a`` groups of 3 of one colour and ``k - d - a`` groups of 5 of any colours from the
    ``total - d`` other elements, and taking as many 3-groups as the reserve has is best.
    So this agrees exactly with ``legal_payments(reserve, missing) != []``.
    """
    direct = 0
    triples = 0
    for c in missing:
        if reserve[c]:
            direct += 1
    lack = len(missing) - direct
    if not lack:
        return True
    for c, n in enumerate(reserve):
        if n:
            if c in missing:
                n -= 1
            triples += n // 3
    a = lack if triples >= lack else triples
    return 3 * a + 5 * (lack - a) <= sum(reserve) - direct


def cheapest_payment(reserve: Counts, missing: tuple[int, ...]) -> Counts | None:
    """The first of ``legal_payments(reserve, missing)`` (fewest elements, then the most of
    the commonest colours), or None when there is none, without listing the others.

    The fewest elements: every held missing colour paid directly (a wildcard group instead
    costs at least 3 for 1), then as many 3-of-a-kind groups as the reserve allows (3 elements
    instead of 5). Among those covers, the most of the commonest colours: 3-groups from the
    commonest colour first; when every 3-group is used the remaining elements are at most 2
    of each colour and the 5-any groups take the commonest first. Such a cover is minimal
    (nothing smaller covers), so it is a legal payment, and the first one listed.
    """
    key = (reserve, missing)
    if key in _CHEAPEST:
        return _CHEAPEST[key]
    if len(_CHEAPEST) > _CACHE_LIMIT:
        _CHEAPEST.clear()
    out = _CHEAPEST[key] = _cheapest(reserve, missing)
    return out


_CHEAPEST: dict[tuple[Counts, tuple[int, ...]], Counts | None] = {}


def _cheapest(reserve: Counts, missing: tuple[int, ...]) -> Counts | None:
    pay = [0] * len(reserve)
    base = list(reserve)
    lack = 0
    for c in missing:
        if base[c]:
            pay[c] = 1
            base[c] -= 1
        else:
            lack += 1
    if not lack:
        return tuple(pay)
    triples = 0
    for n in base:
        triples += n // 3
    if triples >= lack:
        a = lack
        for c, n in enumerate(base):
            if not a:
                break
            k = n // 3
            if k > a:
                k = a
            pay[c] += 3 * k
            a -= k
        return tuple(pay)
    five = 5 * (lack - triples)
    if five > sum(base) - 3 * triples:
        return None
    for c, n in enumerate(base):
        k = n // 3
        pay[c] += 3 * k
        rest = n - 3 * k
        if five and rest:
            take = rest if rest < five else five
            pay[c] += take
            five -= take
    return tuple(pay)


def legal_payments(reserve: Counts, missing: tuple[int, ...]) -> list[Counts]:
    """Every legal payment for ``missing`` from ``reserve`` (§8.1.5), fewest elements first.

    A cover P from the reserve is minimal exactly when no *other* candidate cover from the
    reserve is a sub-multiset of P: any cover inside P contains a minimal one, and every
    minimal cover is among the candidates (see ``_covers_of``). Tests cross-check this
    against the brute-force ``is_legal``.
    """
    key = (reserve, missing)
    hit = _PAYMENTS.get(key)
    if hit is not None:
        return hit
    result = _renamed(reserve, missing) if can_pay(reserve, missing) else []
    if len(_PAYMENTS) > _CACHE_LIMIT:
        _PAYMENTS.clear()
    _PAYMENTS[key] = result
    return result


def _order(p: Counts) -> tuple:
    """The order of ``legal_payments``: fewest elements first, then the most of the commonest
    colours (a total order: it tells any two payments apart)."""
    return (sum(p), tuple([-x for x in p]))


_SORTED: dict[tuple[Counts, int], list[Counts]] = {}
#: per missing tuple, the other colours
_OTHERS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _renamed(reserve: Counts, missing: tuple[int, ...]) -> list[Counts]:
    """``_minimal_covers(reserve, missing)`` through the colours renamed in a standard order.

    The new names: the missing colours first, then the others, each part by its count in
    the reserve (ties in any order: they give the same counts). The minimal covers of the
    renamed case (remembered in ``_SORTED``) are named back and put in ``_order``.
    """
    others = _OTHERS.get(missing)
    if others is None:
        others = _OTHERS[missing] = tuple(c for c in range(NCOL) if c not in missing)
    count = reserve.__getitem__
    names = sorted(missing, key=count) + sorted(others, key=count)  # new name i -> colour names[i]
    key = (tuple(map(count, names)), len(missing))
    covers_ = _SORTED.get(key)
    if covers_ is None:
        if len(_SORTED) > _CACHE_LIMIT:
            _SORTED.clear()
        covers_ = _SORTED[key] = _minimal_covers(key[0], tuple(range(len(missing))))
    new_name = [0] * NCOL
    for i, c in enumerate(names):
        new_name[c] = i
    out = [tuple([q[i] for i in new_name]) for q in covers_]
    out.sort(key=_order)
    return out


def _minimal_covers(reserve: Counts, missing: tuple[int, ...]) -> list[Counts]:
    """``legal_payments`` computed: the minimal ones of ``_covers_of``, in ``_order``."""
    cands = sorted(_covers_of(reserve, missing), key=_order)
    result: list[Counts] = []
    sizes: list[int] = []
    for p in cands:  # smaller first: a dominated cover always contains an accepted one
        sp = sum(p)
        for q, sq in zip(result, sizes):
            if sq < sp and all(map(_le, q, p)):
                break
        else:
            result.append(p)
            sizes.append(sp)
    return result
