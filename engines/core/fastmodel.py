"""Pydantic models on the engines' hot paths, without pydantic's checks where they cannot fail.

A game's rules assign state fields thousands of times a game and copy whole states for every
search iteration. Pydantic validates on construction and goes through its own ``__setattr__``
on assignment; for models the engine itself builds from values it knows to be valid, both are
pure cost. Two helpers remove it, and nothing else:

- ``built(cls, fields, fields_set)``: a model from a dict of already valid field values, as
  ``model_construct`` makes it but without its pass over the defaults;
- ``plain_setattr(cls)``: field assignment that stores the value and marks the field set, as
  pydantic does without ``validate_assignment``, in one step.

Everything that comes from outside (records, links, files, the CLI, dicts) still goes through
full validation (``model_validate``); these helpers are only for the engine's own copies.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# the slots every pydantic model has, set directly (what ``model_construct`` sets)
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def built(cls: type[M], fields: dict, fields_set: set) -> M:
    """A model of ``cls`` holding ``fields`` (the dict itself, not a copy: every field, each
    value valid for it) with ``fields_set`` as its set fields; no validation, no defaults."""
    m = _new(cls)
    _set_dict(m, fields)
    _set_fields(m, fields_set)
    _set_extra(m, None)
    _set_private(m, None)
    return m


def plain_setattr(cls: type[BaseModel]) -> None:
    """Make assigning a field of ``cls`` store the value and mark the field set in one step,
    as pydantic does without ``validate_assignment``; other attributes go the usual way."""
    fields = frozenset(cls.model_fields)
    slow = cls.__setattr__

    def __setattr__(self, name: str, value) -> None:
        if name in fields:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            slow(self, name, value)

    setattr(cls, "__setattr__", __setattr__)
