"""Tavolo's front end in Python (run by PyScript in the page; importable on CPython for tests).

- ``canvas``: the shared drawing layer (a display list with hit regions).
- ``renderers/<game>.py``: one renderer per game, ``render(cv, view, actions, me)``.
"""
