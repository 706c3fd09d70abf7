"""Sealed games at a distance in the page (issue 39): a bot's turn goes to the device that
hosts the bots (its creator's), which signs their moves; other devices never play it."""

from __future__ import annotations

from tavolo_ui.bidi import isolate
from tavolo_ui.distance import Distance, SealState, bots_host, waits_for
from tavolo_ui.session import Session

_ROOT = __import__('pathlib').Path(__file__).resolve().parents[2]

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot Carlo", "kind": "bot:easy"}]
KINDS = [s["kind"] for s in SEATS]


def sealed(mine: list[int], host: int, turn: int = -1) -> Distance:
    return Distance("g" * 12, mine, turn=turn, seal=SealState({}, host))


def test_a_sealed_game_s_bots_move_only_at_their_host_s_device():
    assert bots_host(sealed([1], host=0)) == 0  # Bea's device: the bots sit at Ada's
    assert bots_host(sealed([0], host=0)) is None  # Ada's device hosts them
    assert bots_host(Distance("g" * 12, [1])) is None  # an old unsealed game: any device plays a bot


def test_at_a_bot_s_turn_another_device_sends_the_link_to_the_host():
    s = Session.start("citadels", SEATS, 5)
    bot = 2
    while s.to_move() != bot:  # play on to the bot's turn, every seat here (hot-seat)
        s.apply(s.legal_actions()[0])
    s.play_here([1])  # now Bea's device, the bots at Ada's
    s.bots_host = bots_host(sealed([1], host=0))
    assert s.bot_to_move() is None and s.away_to_move() == 0
    assert s.status() == f"{isolate('Bot Carlo')} to play."  # it does not think on this device
    s.bots_host = None  # the host's device (or an unsealed game): the bot plays here
    assert s.bot_to_move() == bot and s.away_to_move() is None


def test_the_inbox_waits_for_the_bots_host_at_a_bot_s_turn():
    assert waits_for(sealed([1], host=0, turn=2), KINDS) == 0
    assert waits_for(sealed([0], host=0, turn=2), KINDS) is None  # here the bot plays
    assert waits_for(sealed([1], host=0, turn=0), KINDS) == 0
    assert waits_for(sealed([1], host=0, turn=1), KINDS) is None  # Bea's own turn
    assert waits_for(Distance("g" * 12, [1], turn=2), KINDS) is None  # unsealed: the bot moves here



def test_a_sealed_links_game_is_read_without_the_seals_library():
    """The page loads a link's game wheel before it opens the link, when the seals' library
    (python-ecdsa) is not loaded yet: the game of a sealed link is read without it."""
    import os
    import subprocess
    import sys

    from tavolo_ui.sealed import make_link, new_seal

    s = Session.start("citadels", SEATS, 5)
    s.apply(s.legal_actions()[0])
    fragment, _seal = make_link(s.record, new_seal(s.record, [0, 2]), gid="g" * 12, to=1)
    code = ("import sys\n"
            "sys.modules['ecdsa'] = None  # every import of the seals' library fails\n"
            "from tavolo_ui.open_links import game_of_fragment\n"
            "print(game_of_fragment(sys.argv[1]))\n")
    fake = ("import sys, types\n"  # open_links is a screen module: a fake browser
            "ffi = types.ModuleType('pyodide.ffi'); ffi.create_proxy = ffi.create_once_callable = ffi.to_js = None\n"
            "sys.modules.update({'js': types.SimpleNamespace(), 'pyodide.ffi': ffi,\n"
            "                    'pyodide': types.SimpleNamespace(ffi=ffi)})\n")
    path = f"{_ROOT}{os.pathsep}{_ROOT / 'web'}"
    done = subprocess.run([sys.executable, "-c", fake + code, "#" + fragment.lstrip("#")], capture_output=True,
                          text=True, cwd=str(_ROOT), env={**os.environ, "PYTHONPATH": path})
    assert done.stdout.split() == ["citadels"], done.stderr
