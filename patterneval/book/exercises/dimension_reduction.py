"""Exercises of the chapter ``dimension-reduction``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
