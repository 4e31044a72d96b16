"""Exercises of the chapter ``many-classifiers``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
