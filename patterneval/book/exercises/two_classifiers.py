"""Exercises of the chapter ``two-classifiers``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
