"""Exercises of the chapter ``your-models``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
