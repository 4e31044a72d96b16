"""Exercises of the chapter ``cv-intervals``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
