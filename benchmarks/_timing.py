"""The one way the benchmarks time a call and measure its memory."""

from __future__ import annotations

import gc
import time
import tracemalloc


def best_time(func, repeats):
    """Best of ``repeats`` wall-clock times of ``func()`` in seconds (garbage collected
    before each call, so one call does not pay for the last one's garbage)."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(func) -> int:
    """Peak bytes traced by tracemalloc during one call of ``func``."""
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def versions(*peers: str) -> str:
    """The library versions a benchmark's numbers belong to, as one line: patterneval,
    numpy, scipy, scikit-learn, then the benchmark's other ``peers`` (distribution names,
    e.g. "statsmodels"), then Python and the machine (CPU count and architecture)."""
    import os
    import platform
    from importlib.metadata import version

    names = ("patterneval", "numpy", "scipy", "scikit-learn") + tuple(p for p in peers if p)
    libs = ", ".join(f"{name} {version(name)}" for name in dict.fromkeys(names))
    return f"{libs}; Python {platform.python_version()}, {os.cpu_count()} CPUs {platform.machine()}"
