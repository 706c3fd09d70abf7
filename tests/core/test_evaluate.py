"""The shared evaluation helpers (``engines.core.evaluate``): the win share at the end, the
softmax over estimated scores before it, and the spread narrowing with the game's progress.
(That the games' ``evaluate`` gives the same bits through them as before is the identity
fixtures' job: the search bots' choices depend on every bit.)"""

from __future__ import annotations

import math

import pytest

from engines.core.evaluate import narrowing_spread, softmax_share, win_share


def test_win_share_splits_a_shared_victory():
    assert [win_share([1], p) for p in range(3)] == [0.0, 1.0, 0.0]
    assert [win_share([0, 2], p) for p in range(3)] == [0.5, 0.0, 0.5]
    assert sum(win_share([0, 1, 2], p) for p in range(3)) == pytest.approx(1.0)


def test_softmax_share_is_a_win_chance():
    est = [30.0, 27.0, 12.5, 30.0]
    shares = [softmax_share(est, p, 3.0) for p in range(4)]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] == shares[3] > shares[1] > shares[2] > 0.0
    # one spread ahead is e times as likely to win
    assert shares[0] / shares[1] == pytest.approx(math.e)


def test_softmax_share_narrower_spread_trusts_the_lead_more():
    est = [20.0, 15.0]
    assert softmax_share(est, 0, 2.0) > softmax_share(est, 0, 8.0) > 0.5


def test_softmax_share_does_not_overflow_on_large_scores():
    est = [1.0e6, 1.0e6 - 1.0, -1.0e6]
    shares = [softmax_share(est, p, 0.5) for p in range(3)]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[2] == 0.0
    assert shares[0] / shares[1] == pytest.approx(math.exp(2.0))


def test_narrowing_spread_goes_from_start_to_end():
    assert narrowing_spread(8.0, 3.0, 0.0) == 8.0
    assert narrowing_spread(8.0, 3.0, 1.0) == 3.0
    assert narrowing_spread(8.0, 3.0, 0.5) == 5.5
