"""Branches the rest of the suite does not reach: the conventions at degenerate data
(clusters that are single repeated points) and the bad-input messages of functions whose
sweep rows stop earlier, each through the public call."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB

import patterneval as pe
from patterneval.concept import enumerate_hypotheses
from patterneval.ensemble import forest_convergence
from patterneval.reinforcement import Episode, n_step_return

POINTS = [[0.0], [0.0], [1.0], [1.0]]  # two clusters, each one point repeated
Y_TRUE = [0, 0, 1, 1, 0, 1]
SCORES_A = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]
SCORES_B = [0.3, 0.2, 0.6, 0.7, 0.1, 0.9]


def test_dunn_index_of_separated_repeated_points_is_infinite():
    assert pe.dunn_index(POINTS, [0, 0, 1, 1]) == float("inf")


def test_davies_bouldin_index_of_clusters_without_scatter_is_zero():
    assert pe.davies_bouldin_index(POINTS, [0, 0, 1, 1]) == 0.0


def test_delong_one_sided_pvalues_are_complementary():
    less = pe.delong_test(Y_TRUE, SCORES_A, SCORES_B, alternative="less")
    greater = pe.delong_test(Y_TRUE, SCORES_A, SCORES_B, alternative="greater")
    assert less.pvalue + greater.pvalue == pytest.approx(1.0, abs=1e-12)
    assert less.pvalue < 0.5 < greater.pvalue  # B ranks the positives better here


def test_delong_interval_auc_is_its_statistic():
    interval = pe.delong_interval(Y_TRUE, SCORES_A)
    assert interval.auc == interval.statistic == pytest.approx(8 / 9)


def test_n_step_return_refuses_an_empty_episode():
    empty = Episode(
        states=np.array([0]), actions=np.array([], int), rewards=np.array([]), terminated=True
    )
    with pytest.raises(ValueError, match=r"^episode must be an Episode with at least one step"):
        n_step_return(empty, np.zeros(3), 1, gamma=0.9)


def test_hypothesis_space_size_refuses_no_attributes():
    with pytest.raises(ValueError, match=r"^domain_sizes must be a sequence of at least one"):
        pe.hypothesis_space_size(domain_sizes=[])


def test_enumerate_hypotheses_refuses_a_domain_that_is_no_sequence():
    with pytest.raises(TypeError, match=r"^domains\[1\] must be a sequence of values; got 5\."):
        enumerate_hypotheses([("a", "b"), 5])


def test_mahalanobis_ellipse_refuses_a_mean_outside_the_plane():
    plotting = pytest.importorskip("patterneval.plotting")
    with pytest.raises(ValueError, match=r"^mean must be 2 coordinates .*; got 3\."):
        plotting.mahalanobis_ellipse([0, 0, 0], np.eye(2), 1.0)


def test_forest_convergence_refuses_test_columns_unlike_X():
    X = np.random.default_rng(0).normal(size=(20, 2))
    y = np.repeat([0, 1], 10)
    with pytest.raises(ValueError, match=r"^X_test must be a 2-d array with 2 columns, as X"):
        forest_convergence(X, y, np.zeros((4, 3)), [0, 1, 0, 1])


def test_five_by_two_refuses_a_halving_that_is_no_pair():
    X = np.random.default_rng(0).normal(size=(20, 2))
    y = np.repeat([0, 1], 10)
    with pytest.raises(TypeError, match=r"^halves\[0\] must be a pair \(first, second\)"):
        pe.paired_ttest_5x2cv(GaussianNB(), GaussianNB(), X, y, halves=[(np.arange(10),)] * 5)


def test_run_coverage_study_refuses_one_method_name_for_a_list():
    from patterneval.book.cv_intervals import run_coverage_study

    with pytest.raises(TypeError, match=r"^methods must be a sequence of methods from"):
        run_coverage_study([20], methods="normal")


def test_learning_curves_carry_their_title():
    pytest.importorskip("matplotlib")
    from patterneval.plotting import plot_learning_curves

    fig = plot_learning_curves({"x": [1.0, 0.5, 0.25]}, title="TD(0) on the random walk")
    assert fig.axes[0].get_title() == "TD(0) on the random walk"
