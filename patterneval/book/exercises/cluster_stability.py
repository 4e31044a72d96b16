"""Exercises of the chapter ``cluster-stability``."""

from __future__ import annotations

from . import Exercise

EXERCISES: tuple[Exercise, ...] = ()
