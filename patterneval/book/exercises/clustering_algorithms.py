"""Exercises of the chapter ``clustering-algorithms``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
