"""Exercises of the chapter ``why-ensembles-work``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
