"""Exercises of the chapter ``permutation-tests``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
