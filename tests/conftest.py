"""Shared pytest configuration: a deterministic hypothesis profile.

``derandomize=True`` makes hypothesis draw its examples from a fixed seed derived from
each test, so a run is reproducible bit for bit (STYLE.md, "a deterministic hypothesis
profile"). Select another registered profile with ``HYPOTHESIS_PROFILE=dev`` to explore
more examples locally.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=150,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=2_000,
    deadline=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
