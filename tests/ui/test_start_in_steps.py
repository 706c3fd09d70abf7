"""Opening a game at the start: its rules and its renderer are imported each in a task of its
own (``game_load.import_in_steps``, awaited by ``App.start``), so the table's task that follows
does not hold the page for their imports as well on a slow phone's CPU."""

from __future__ import annotations

import asyncio
import importlib


def _steps(monkeypatch, game_fails=False) -> list[str]:
    # the modules as they are now (another test may have imported the UI's modules again)
    game_load = importlib.import_module("tavolo_ui.game_load")
    renderers = importlib.import_module("tavolo_ui.renderers")
    log: list[str] = []

    async def next_task(_delay):
        log.append("new task")

    def get_game(name):
        if game_fails:
            raise ImportError("a damaged wheel")
        log.append(f"rules of {name}")

    monkeypatch.setattr(game_load.asyncio, "sleep", next_task)
    monkeypatch.setattr(game_load, "get_game", get_game)
    monkeypatch.setattr(renderers, "get_renderer", lambda name: log.append(f"renderer of {name}"))
    asyncio.run(game_load.import_in_steps("citadels"))
    return log


def test_the_rules_and_the_renderer_are_imported_in_tasks_of_their_own(monkeypatch):
    assert _steps(monkeypatch) == ["new task", "rules of citadels", "new task", "renderer of citadels", "new task"]


def test_a_game_that_does_not_import_is_left_to_the_opening_to_say(monkeypatch):
    assert _steps(monkeypatch, game_fails=True) == ["new task"]  # no error here, nothing more
