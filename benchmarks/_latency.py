"""The one way the benchmarks time an explorer: a slider moved back and forth."""

from __future__ import annotations

import time

import numpy as np


def slider_latency(explorer, name, a, b, n_moves, attr="value"):
    """Median and max milliseconds of ``n_moves`` assignments alternating ``a`` and ``b``
    to the control's ``attr`` (``value``, or ``index`` for a selection slider, toggle or
    dropdown).

    Each assignment redraws synchronously (the explorer observes its sliders), so the
    time of an assignment is the time of a redraw.
    """
    slider = explorer.controls[name]
    values = [a if i % 2 == 0 else b for i in range(n_moves)]
    if getattr(slider, attr) == values[0]:  # every assignment must be a change, or no redraw
        values = values[1:] + values[:1]
    latencies = []
    for value in values:
        start = time.perf_counter()
        setattr(slider, attr, value)
        latencies.append(time.perf_counter() - start)
    ms = np.array(latencies) * 1e3
    return float(np.median(ms)), float(ms.max())
