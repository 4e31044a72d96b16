"""Exercises of the chapter ``feature-selection``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
