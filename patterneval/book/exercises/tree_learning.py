"""Exercises of the chapter ``tree-learning``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
