"""The one way the benchmarks time a call and measure its memory."""

from __future__ import annotations

import gc
import statistics
import time
import timeit
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


def paired_times(ours, peer, repeats):
    """Best wall and best CPU seconds of ``ours()`` and ``peer()``, alternating in every
    repeat (so load from other jobs hits both sides alike):
    ``((ours_wall, ours_cpu), (peer_wall, peer_cpu))``."""
    best = [[float("inf")] * 2 for _ in range(2)]
    for _ in range(repeats):
        for side, func in enumerate((ours, peer)):
            gc.collect()
            wall, cpu = time.perf_counter(), time.process_time()
            func()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            best[side] = [min(best[side][0], wall), min(best[side][1], cpu)]
    return best


def paired_medians(ours, peer, repeats: int) -> tuple[float, float]:
    """Median wall seconds per call of ``ours()`` and ``peer()`` over ``repeats`` rounds,
    the two sides alternating in every round. A round times ``number`` calls of each side,
    ``number`` chosen by ``timeit.Timer.autorange`` on the slower side (at least 0.2 s),
    so that fast calls are timed in batches."""
    timers = timeit.Timer(ours), timeit.Timer(peer)
    number = min(timer.autorange()[0] for timer in timers)
    times: tuple[list, list] = ([], [])
    for _ in range(repeats):
        for side, timer in enumerate(timers):
            times[side].append(timer.timeit(number))
    return statistics.median(times[0]) / number, statistics.median(times[1]) / number


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
