r"""Tie rules that round-off cannot flip.

The course-note learners pick among candidates (the best split, the nearest centre, the
closest pair of clusters, the best action, the fittest individual). Two candidates that are
equal in exact arithmetic are computed through different floating-point paths (numpy's SIMD
kernels and the BLAS kernel depend on the CPU), so they differ in the last bits, and
``np.argmax`` would then pick whichever this CPU happened to round up. The helpers here make
the rule explicit: values within

.. math:: \mathrm{tol} = \mathrm{rtol}\cdot \mathrm{scale} + \mathrm{atol}

of the best count as tied (``scale`` defaults to the largest magnitude among the candidates;
callers pass the magnitude of the quantities the values were computed from when the values
themselves can cancel to zero), and among tied candidates the **lowest index wins**.
:data:`TIE_RTOL` (1e-12) is four orders of magnitude above double-precision round-off of
well-conditioned sums and far below any difference the book's examples care about.
"""

from __future__ import annotations

import numpy as np

__all__ = ["TIE_RTOL", "argmax_tied", "argmin_tied", "argsort_tied", "no_spread", "tie_tolerance"]

#: Relative tolerance below which two candidates count as tied (lowest index wins).
TIE_RTOL = 1e-12


def tie_tolerance(values, *, rtol=TIE_RTOL, atol=0.0, scale=None, axis=None):
    """``rtol * scale + atol``, ``scale`` defaulting to max |finite values| (along ``axis``)."""
    v = np.asarray(values, dtype=float)
    if scale is None:
        finite = np.where(np.isfinite(v), np.abs(v), 0.0)
        scale = finite.max(axis=axis, keepdims=axis is not None) if finite.size else 0.0
    return rtol * np.asarray(scale, dtype=float) + atol


def no_spread(values, scale, *, axis=-1):
    """Whether ``values`` are all equal up to round-off along ``axis``: their range is at
    most ``TIE_RTOL * scale`` (vectorised over the other axes). A variance of 1e-34 left by
    round-off is not evidence of spread."""
    return np.ptp(values, axis=axis) <= TIE_RTOL * np.asarray(scale, dtype=float)


def argmax_tied(values, *, rtol=TIE_RTOL, atol=0.0, scale=None, axis=None):
    """Index of the maximum, where values within the tie tolerance of the maximum are tied
    and the lowest index among them wins (along ``axis``, or of the flattened array).

    NaN entries never win. Examples: ``argmax_tied([1.0, 3.0, 3.0 + 1e-15])`` is 1.

    >>> int(argmax_tied([1.0, 3.0, 3.0 + 1e-15]))
    1
    >>> argmax_tied([[0.0, 1.0], [2.0, 2.0]], axis=1).tolist()
    [1, 0]
    """
    v = np.asarray(values, dtype=float)
    w = np.where(np.isnan(v), -np.inf, v)
    if axis is None:
        w = w.reshape(-1)
        best = w.max()
        tol = tie_tolerance(w, rtol=rtol, atol=atol, scale=scale)
        return int(np.argmax(w >= best - tol))
    best = w.max(axis=axis, keepdims=True)
    tol = tie_tolerance(w, rtol=rtol, atol=atol, scale=scale, axis=axis)
    return np.argmax(w >= best - tol, axis=axis)


def argmin_tied(values, *, rtol=TIE_RTOL, atol=0.0, scale=None, axis=None):
    """Index of the minimum with the same tie rule as :func:`argmax_tied` (lowest index
    among the values within the tolerance of the minimum).

    >>> int(argmin_tied([2.0, 1.0 + 1e-15, 1.0]))
    1
    """
    v = np.asarray(values, dtype=float)
    w = np.where(np.isnan(v), np.inf, v)
    if axis is None:
        w = w.reshape(-1)
        best = w.min()
        tol = tie_tolerance(w, rtol=rtol, atol=atol, scale=scale)
        return int(np.argmax(w <= best + tol))
    best = w.min(axis=axis, keepdims=True)
    tol = tie_tolerance(w, rtol=rtol, atol=atol, scale=scale, axis=axis)
    return np.argmax(w <= best + tol, axis=axis)


def argsort_tied(values, *, rtol=TIE_RTOL, atol=0.0, scale=None):
    """Indices that sort ``values`` (1-d) in increasing order, where runs of values within
    the tie tolerance of the first value of the run count as tied and keep their index
    order. So a rounding-level difference between two values cannot swap them.

    >>> argsort_tied([0.3, 0.1 + 0.2, 0.0]).tolist()
    [2, 0, 1]
    """
    v = np.asarray(values, dtype=float).reshape(-1)
    order = np.argsort(v, kind="stable")
    if v.size < 2:
        return order
    tol = float(tie_tolerance(v, rtol=rtol, atol=atol, scale=scale))
    s = v[order]
    group = np.empty(v.size, dtype=np.intp)
    start, g = s[0], 0
    for k in range(
        v.size
    ):  # a new run starts where a value leaves the tolerance of the run's start
        if s[k] > start + tol:
            start, g = s[k], g + 1
        group[k] = g
    return order[np.lexsort((order, group))]
