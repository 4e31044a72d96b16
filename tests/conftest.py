"""Shared pytest configuration: matplotlib's Agg backend and a deterministic hypothesis profile.

Agg is selected here, once, before any test module imports pyplot: figures and explorers
render off-screen. Helpers the test modules share live in ``tests/_helpers.py``; the
browser tests' fixtures (the built site served on 127.0.0.1, a headless Chromium) are
below, their machinery in ``tests/_browser.py``.

``derandomize=True`` makes hypothesis draw its examples from a fixed seed derived from
each test, so a run is reproducible bit for bit (STYLE.md, "a deterministic hypothesis
profile"). Select another registered profile with ``HYPOTHESIS_PROFILE=dev`` to explore
more examples locally.
"""

import os

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

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


@pytest.fixture(scope="module")
def site_url():
    """The built site (``tests/_browser.SITE``) served on 127.0.0.1; its URL."""
    from _browser import serve_site

    with serve_site() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium, offline (``tests/_browser.chromium``)."""
    from _browser import chromium

    with chromium() as browser:
        yield browser
