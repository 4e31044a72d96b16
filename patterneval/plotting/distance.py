"""Figures of the chapter "Distances": Minkowski unit balls, Mahalanobis ellipses, VDM tables.

The distances come from :mod:`patterneval.distance`; the helpers here only trace the
curves to draw (each tested: every traced point is at the stated distance).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import cast

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from .. import distance as _distance
from .._validation import check_array, check_scalar, fail
from ..distance import VDMTable, check_covariance
from ._style import BOOK_STYLE, COLORS, Painter, new_figure, reset_axes

__all__ = [
    "UnitBallPainter",
    "mahalanobis_ellipse",
    "plot_mahalanobis",
    "plot_unit_balls",
    "plot_vdm",
    "unit_ball_boundary",
]

#: The triangle drawn on the unit-ball figure: a -> b -> c against a -> c.
TRIANGLE = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])


def unit_ball_boundary(p: float, *, w: ArrayLike | None = None, n_points: int = 721) -> np.ndarray:
    r"""Points on the unit sphere :math:`\{z : (\sum_i w_i |z_i|^p)^{1/p} = 1\}` in 2-d.

    Each direction :math:`u(t) = (\cos t, \sin t)` is scaled by :math:`1 / d(u, 0)`, with
    :math:`d` the (weighted) Minkowski distance, so the curve is closed and star-shaped.
    Returns an array of shape (n_points, 2). A :class:`NotAMetricWarning` for p < 1 is
    silenced here: drawing the non-convex ball is the point.

    Parameters
    ----------
    p : float > 0 or numpy.inf
        Order of the Minkowski distance (as :func:`patterneval.minkowski`).
    w : array_like of shape (2,), optional, keyword-only
        Non-negative attribute weights (default equal weights).
    n_points : int >= 3, default 721, keyword-only
        Points on the curve, the first repeated at the end.

    Returns
    -------
    ndarray of shape (n_points, 2)
        The boundary's points (x1, x2), counter-clockwise.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.plotting import unit_ball_boundary
    >>> b = unit_ball_boundary(1.0, n_points=5)
    >>> np.abs(b).sum(axis=1).round(6).tolist()  # |x1| + |x2| = 1
    [1.0, 1.0, 1.0, 1.0, 1.0]
    """
    n_points = check_scalar("n_points", n_points, int, low=3)
    t = np.linspace(0.0, 2 * np.pi, n_points - 1, endpoint=False)
    u = np.column_stack([np.cos(t), np.sin(t)])
    u[np.abs(u) < 1e-12] = 0.0  # exact axes: |1e-16|^0.3 is not negligible
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", _distance.NotAMetricWarning)
        radius = 1.0 / cast(np.ndarray, _distance.minkowski(u, np.zeros(2), p=p, w=w))
    z = u * radius[:, None]
    return np.vstack([z, z[:1]])  # closed: the last point repeats the first


def _p_label(p) -> str:
    return "∞" if np.isinf(p) else f"{p:g}"


class UnitBallPainter(Painter):
    """Left: the unit ball of the weighted Minkowski distance for the chosen p and weights,
    over the balls of p = 1, 2 and inf. Right: the triangle inequality on the points
    a = (0, 0), b = (1, 0), c = (1, 1): d(a, c) against d(a, b) + d(b, c).

    Artists are built once; :meth:`update` sets the curve, the bar heights and the titles.
    """

    def __init__(self, fig: Figure) -> None:
        super().__init__(fig)
        with mpl.rc_context(BOOK_STYLE):
            self.ax, self.bar_ax = reset_axes(fig, 2)
            for p, ls in [(1, ":"), (2, "--"), (np.inf, "-.")]:
                z = unit_ball_boundary(p, n_points=241)
                self.ax.plot(
                    z[:, 0], z[:, 1], color=COLORS["muted"], lw=1, ls=ls, label=f"p = {_p_label(p)}"
                )
            (self.curve,) = self.ax.plot([], [], color=COLORS["primary"], lw=2, label="chosen p, w")
            self.fill = self.ax.fill([0], [0], color=COLORS["primary"], alpha=0.15)[0]
            self.ax.plot(
                *TRIANGLE[[0, 1, 2, 0]].T, color=COLORS["secondary"], lw=1, marker="o", ms=4
            )
            # few text artists: text layout is most of a redraw (the legend is in the caption)
            self.ax.set(xlim=(-2.2, 2.2), ylim=(-2.2, 2.2), aspect="equal")
            # heights relative to the detour d(a, b) + d(b, c), so the axis never changes
            # (the ratio lies in [1/2, 2^(1/0.3 - 1)] for every p and w on the sliders)
            self.bars = self.bar_ax.bar(
                [0, 1], [0, 1], color=[COLORS["secondary"], COLORS["tertiary"]], width=0.6
            )
            self.bar_ax.axhline(1.0, color=COLORS["muted"], lw=1, ls=":")
            self.bar_ax.set_xticks([0, 1], ["d(a, c)", "d(a, b) + d(b, c)"])
            self.bar_ax.set(ylim=(0, 5.6), yticks=[0, 1, 3, 5], ylabel="relative to the detour")
            self.ax.set(xticks=[-2, 0, 2], yticks=[-2, 0, 2])
            self.labels = [self.bar_ax.text(i, 0, "", ha="center", va="bottom") for i in (0, 1)]
            self.title = self.ax.set_title(" ")
            self.bar_title = self.bar_ax.set_title(" ")

    def update(self, *, p: float, w: tuple[float, float] = (1.0, 1.0)) -> Figure:
        """Draw the unit ball and the triangle inequality for ``p`` and ``w``.

        Parameters
        ----------
        p : float > 0 or numpy.inf
            Order of the Minkowski distance.
        w : pair of float >= 0, default (1.0, 1.0)
            Attribute weights.

        Returns
        -------
        matplotlib.figure.Figure
            The painter's figure.
        """
        w = np.asarray(w, dtype=float)
        z = unit_ball_boundary(p, w=w)
        self.curve.set_data(z[:, 0], z[:, 1])
        self.fill.set_xy(z)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", _distance.NotAMetricWarning)
            a, b, c = TRIANGLE
            direct = _distance.minkowski(a, c, p=p, w=w)
            detour = _distance.minkowski(a, b, p=p, w=w) + _distance.minkowski(b, c, p=p, w=w)
        for bar, label, value in zip(self.bars, self.labels, (direct, detour)):
            bar.set_height(value / detour)
            label.set_position((bar.get_x() + bar.get_width() / 2, value / detour))
            label.set_text(f"{value:.3f}")
        self.title.set_text(f"unit ball, p = {_p_label(p)}, w = ({w[0]:.2f}, {w[1]:.2f})")
        verdict = "holds" if direct <= detour + 1e-12 else "FAILS"
        self.bar_title.set_text(f"triangle inequality {verdict}")
        return self.fig


def plot_unit_balls(p: float = 0.5, *, w: tuple[float, float] = (1.0, 1.0)) -> Figure:
    """A static :class:`UnitBallPainter` figure.

    Parameters
    ----------
    p : float > 0 or numpy.inf, default 0.5
        Order of the Minkowski distance drawn over the balls of p = 1, 2 and inf.
    w : pair of float >= 0, default (1.0, 1.0), keyword-only
        Attribute weights.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from patterneval.plotting import plot_unit_balls
    >>> fig = plot_unit_balls(1.0)
    >>> len(fig.axes)
    2
    """
    fig = new_figure(width=8.0, height=3.6)
    return UnitBallPainter(fig).update(p=p, w=w)


def mahalanobis_ellipse(
    mean: ArrayLike, cov: ArrayLike, radius: float, *, n_points: int = 361
) -> np.ndarray:
    r"""Points x with Mahalanobis distance ``radius`` from ``mean`` under ``cov`` (2-d):
    :math:`x = \mu + r L u`, :math:`\Sigma = LL^{\mathsf T}`, u on the unit circle, since
    then :math:`(x-\mu)^{\mathsf T}\Sigma^{-1}(x-\mu) = r^2 u^{\mathsf T}u = r^2`.

    Parameters
    ----------
    mean : array_like of shape (2,)
        Finite centre :math:`\mu`.
    cov : array_like of shape (2, 2)
        Symmetric positive definite covariance :math:`\Sigma`.
    radius : float >= 0
        Mahalanobis distance r of the curve from ``mean``.
    n_points : int >= 2, default 361, keyword-only
        Points on the curve (the first repeated at the end).

    Returns
    -------
    ndarray of shape (n_points, 2)
        The ellipse's points (x1, x2).

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.plotting import mahalanobis_ellipse
    >>> e = mahalanobis_ellipse([0, 0], [[4, 0], [0, 1]], 1.0, n_points=5)
    >>> e.shape, np.abs(e).max(axis=0).round(6).tolist()
    ((5, 2), [2.0, 1.0])
    """
    mean = check_array("mean", mean, ndim=1)
    if mean.size != 2:
        raise fail("mean", "2 coordinates (the ellipse is drawn in 2-d)", mean.size)
    cov = check_covariance(cov, 2)
    radius = check_scalar("radius", radius, float, low=0)
    n_points = check_scalar("n_points", n_points, int, low=2)
    t = np.linspace(0.0, 2 * np.pi, n_points)
    u = np.column_stack([np.cos(t), np.sin(t)])
    lower = np.linalg.cholesky(cov)
    return mean + radius * u @ lower.T


def plot_mahalanobis(
    X: ArrayLike,
    *,
    mean: ArrayLike,
    cov: ArrayLike,
    radii: Sequence[float] = (1, 2, 3),
    query: ArrayLike | None = None,
) -> Figure:
    """Samples with the Mahalanobis ellipses (distance 1, 2, 3 from ``mean`` under ``cov``)
    on the left and the Euclidean circles of the same radii in standard-deviation units on
    the right; ``query`` points, if given, are marked on both.

    Parameters
    ----------
    X : array_like of shape (n, 2)
        Samples, drawn as grey dots.
    mean : array_like of shape (2,), keyword-only
    cov : array_like of shape (2, 2), keyword-only
        Symmetric positive definite covariance.
    radii : sequence of float >= 0, default (1, 2, 3), keyword-only
    query : array_like of shape (2,) or (m, 2), optional, keyword-only
        Points marked with stars.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=9.0, height=4.0)
    X = np.asarray(X, dtype=float)
    mean = np.asarray(mean, dtype=float)
    scale = np.sqrt(np.trace(np.asarray(cov)) / 2)
    with mpl.rc_context(BOOK_STYLE):
        axes = reset_axes(fig, 2)
        for ax, title in zip(
            axes, ["Mahalanobis: ellipses of the covariance", "Euclidean: circles"]
        ):
            ax.scatter(X[:, 0], X[:, 1], s=4, color=COLORS["muted"], alpha=0.5)
            for r in radii:
                z = (
                    mahalanobis_ellipse(mean, cov, r)
                    if ax is axes[0]
                    else mean + r * scale * unit_ball_boundary(2, n_points=361)
                )
                ax.plot(z[:, 0], z[:, 1], color=COLORS["primary"], lw=1.5)
            if query is not None:
                q = np.atleast_2d(query)
                for k, (qx, qy) in enumerate(q):
                    ax.plot(
                        qx,
                        qy,
                        marker="*",
                        ms=12,
                        color=[COLORS["secondary"], COLORS["tertiary"]][k % 2],
                    )
            ax.set(aspect="equal", title=title, xlabel="$x_1$", ylabel="$x_2$")
    return fig


def plot_vdm(result: VDMTable, *, title: str | None = None) -> Figure:
    """A :class:`patterneval.distance.VDMTable` as an annotated heat map.

    Parameters
    ----------
    result : VDMTable
        From :func:`patterneval.vdm`.
    title : str, optional, keyword-only
        Default ``"VDM_p, p = ..."``.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig = new_figure(width=4.8, height=4.0)
    names = [str(v) for v in result.values.tolist()]
    with mpl.rc_context(BOOK_STYLE):
        (ax,) = reset_axes(fig, 1)
        fig.subplots_adjust(left=0.22, bottom=0.2)
        ax.grid(False)
        image = ax.imshow(result.table, cmap="Blues", vmin=0)
        for (i, j), value in np.ndenumerate(result.table):
            dark = value > 0.6 * result.table.max()
            ax.text(
                j,
                i,
                f"{value:.2f}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if dark else "black",
            )
        ax.set_xticks(range(len(names)), names, rotation=30)
        ax.set_yticks(range(len(names)), names)
        ax.set_title(title or f"VDM_p, p = {result.p:g}")
        fig.colorbar(image, ax=ax, shrink=0.8)
    return fig
