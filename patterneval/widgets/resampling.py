"""Explorer of the chapter "Cross-validation and the bootstrap"."""

from __future__ import annotations

from typing import Literal

import numpy as np

from ..plotting.resampling import BOOTSTRAP_VIEWS, BootstrapPainter, _equal_fold_ks
from ._base import Explorer, float_slider, int_slider, selection_slider, toggle_buttons

__all__ = ["BootstrapExplorer"]


class BootstrapExplorer(Explorer):
    """Sliders N (data-set size) and err, Err^(1), gamma, a view toggle, and sliders sigma^2,
    omega/sigma^2, gamma/sigma^2 and K over :class:`BootstrapPainter`.

    View "bootstrap": left, how the share of distinct samples in a bootstrap sample spreads
    around 1 - (1 - 1/N)^N; right, where R puts the .632+ weight, and the .632 and .632+
    estimates for the chosen resubstitution error, out-of-bag error and gamma. View "K-fold
    variance": the variance of the K-fold CV error on ``n_cv`` samples for every K that
    divides ``n_cv``, its three terms (Bengio and Grandvalet, 2004;
    :func:`~patterneval.book.cross_validation.k_fold_variance`) stacked, the naive estimate's
    expectation Var - gamma beside it, the chosen K outlined. Each view ignores the other's
    sliders.

    Parameters
    ----------
    n : int in [2, 300], default 20, keyword-only
        Initial sample size N.
    resubstitution : float in [0, 0.5], default 0.0, keyword-only
        Initial resubstitution error err.
    oob : float in [0, 0.6], default 0.3, keyword-only
        Initial leave-one-out bootstrap error Err(1).
    gamma : float in [0.05, 0.9], default 0.5, keyword-only
        Initial no-information error rate.
    n_resamples : int, default 2000, keyword-only
        Simulated bootstrap samples.
    rng : None, int or numpy.random.Generator, default 0, keyword-only
        Seed of the simulation.
    view : {"bootstrap", "K-fold variance"}, default "bootstrap", keyword-only
        Initial view.
    sigma2 : float in [0.05, 0.25], default 0.23, keyword-only
        Initial variance of one held-out error.
    omega_share : float in [0, 0.1], default 0.005, keyword-only
        Initial omega (covariance of two errors of the same test fold) over sigma2.
    gamma_share : float in [0, 0.05], default 0.013, keyword-only
        Initial gamma (covariance of two errors of different test folds) over sigma2.
    k : int, default 5, keyword-only
        Initial number of folds; a divisor of ``n_cv``.
    n_cv : int >= 4, default 60, keyword-only
        Sample size of the K-fold view.
    """

    painter = BootstrapPainter
    chapter = "book/part1/cross-validation"
    caption = (
        "Left: the share of distinct samples in a bootstrap sample around 1 - (1 - "
        "1/N)^N. Right: the .632 and .632+ estimates; sliders set N, the resubstitution"
        " and out-of-bag errors. The K-fold view stacks the three terms of the K-fold CV"
        " error's variance for each K, beside the naive estimate's expectation."
    )

    def __init__(
        self,
        *,
        n: int = 20,
        resubstitution: float = 0.0,
        oob: float = 0.3,
        gamma: float = 0.5,
        n_resamples: int = 2000,
        rng: int | np.random.Generator | None = 0,
        view: Literal["bootstrap", "K-fold variance"] = "bootstrap",
        sigma2: float = 0.23,
        omega_share: float = 0.005,
        gamma_share: float = 0.013,
        k: int = 5,
        n_cv: int = 60,
    ) -> None:
        controls = {
            "n": int_slider("N", n, 2, 300),
            "resubstitution": float_slider("err (resubst.)", resubstitution, 0.0, 0.5, 0.01),
            "oob": float_slider("Err⁽¹⁾ (OOB)", oob, 0.0, 0.6, 0.01),
            "gamma": float_slider("γ", gamma, 0.05, 0.9, 0.01),
            "view": toggle_buttons("view", list(BOOTSTRAP_VIEWS), view),
            "sigma2": float_slider("σ² (K-fold)", sigma2, 0.05, 0.25, 0.01),
            "omega_share": float_slider("ω/σ²", omega_share, 0.0, 0.1, 0.005),
            "gamma_share": float_slider("γ/σ² (K-fold)", gamma_share, 0.0, 0.05, 0.001),
            "k": selection_slider("K", _equal_fold_ks(n_cv), k),
        }
        fixed = {"n_resamples": n_resamples, "rng": rng, "n_cv": n_cv}
        super().__init__(controls, fixed=fixed, height=3.4)
