"""Exercises of the chapter ``selective-sampling``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
