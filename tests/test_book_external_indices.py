"""The simulations behind the section on information-based indices of the chapter
"External indices" (patterneval.book.external_indices)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import patterneval as pe
from patterneval.book.external_indices import chance_information, vi_triangle_slack
from patterneval.book.simulation import check_mean


def test_chance_information_replicates_are_permutations_of_one_clustering():
    out = chance_information(40, [3], n_rep=20, rng=5)
    g = np.random.default_rng(5)
    u, v = g.integers(0, 3, 40), g.integers(0, 3, 40)
    perms = [g.permutation(v) for _ in range(20)]
    assert out[3]["expected_mi"] == pe.expected_mutual_info(u, v)
    assert np.array_equal(out[3]["mi"], [pe.mutual_info(u, w) for w in perms])
    assert np.array_equal(out[3]["ami"], [pe.adjusted_mutual_info(u, w) for w in perms])


def test_chance_information_is_reproducible_and_depends_on_the_seed():
    a = chance_information(30, [2, 4], n_rep=5, rng=1)
    b = chance_information(30, [2, 4], n_rep=5, rng=1)
    c = chance_information(30, [2, 4], n_rep=5, rng=2)
    assert np.array_equal(a[4]["ami"], b[4]["ami"])
    assert not np.array_equal(a[4]["mi"], c[4]["mi"])


def test_mean_mutual_information_of_permutations_is_the_expected_one_and_ami_averages_zero():
    out = chance_information(60, [2, 6], n_rep=400, rng=7)
    for sim in out.values():
        assert check_mean(sim["mi"], sim["expected_mi"]).passed
        assert check_mean(sim["ami"], 0.0).passed
    assert 0 < out[2]["expected_mi"] < out[6]["expected_mi"]


def test_expected_mutual_info_is_the_mean_over_every_permutation():
    """Exhaustively: the 6! / (2! 2! 2!) = 90 distinct relabellings, each as often."""
    u = np.array([0, 0, 1, 1, 2, 2])
    v = np.array([0, 0, 0, 1, 1, 2])
    mis = [pe.mutual_info(u, v[list(p)]) for p in itertools.permutations(range(6))]
    assert pe.expected_mutual_info(u, v) == pytest.approx(np.mean(mis), rel=1e-12)


def test_vi_triangle_slack_is_the_smallest_of_three_sides():
    slack = vi_triangle_slack(8, 3, n_triples=3, rng=9)
    g = np.random.default_rng(9)
    for t in range(3):
        p = [g.integers(0, g.integers(2, 4), 8) for _ in range(3)]
        d = pe.variation_of_information
        sides = (
            d(p[0], p[1]) + d(p[1], p[2]) - d(p[0], p[2]),
            d(p[0], p[1]) + d(p[0], p[2]) - d(p[1], p[2]),
            d(p[0], p[2]) + d(p[1], p[2]) - d(p[0], p[1]),
        )
        assert slack[t] == pytest.approx(min(sides), abs=1e-15)


def test_vi_triangle_holds_and_is_sometimes_tight():
    slack = vi_triangle_slack(8, 3, n_triples=400, rng=4)
    assert slack.min() >= -1e-12
    assert np.any(np.abs(slack) < 1e-12)  # nested partitions meet it with equality


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(n_samples=1, cluster_counts=[2]), "n_samples"),
        (dict(n_samples=10, cluster_counts=[3, 2]), "cluster_counts"),
        (dict(n_samples=10, cluster_counts=[11]), "cluster_counts"),
        (dict(n_samples=10, cluster_counts=[2], n_rep=1), "n_rep"),
    ],
)
def test_chance_information_rejects_bad_arguments(kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        chance_information(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(n_samples=5, max_clusters=1), "max_clusters"),
        (dict(n_samples=5, max_clusters=6), "max_clusters"),
        (dict(n_samples=5, max_clusters=2, n_triples=0), "n_triples"),
    ],
)
def test_vi_triangle_slack_rejects_bad_arguments(kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        vi_triangle_slack(**kwargs)
