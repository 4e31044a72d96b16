"""Gap statistic, Hennig's cluster-wise stability and clValid's APN/AD/ADM/FOM
(patterneval.cluster.stability)."""

import numpy as np
import pytest
from sklearn.cluster import DBSCAN, AgglomerativeClustering, KMeans
from threadpoolctl import threadpool_limits

import patterneval as pe
from patterneval.book.cluster_stability import stability_blobs
from patterneval.cluster import stability as st
from patterneval.cluster.stability import within_dispersion


@pytest.fixture(autouse=True, scope="module")
def _one_thread():
    with threadpool_limits(limits=1):
        yield


def paper_blobs(seed):
    """Tibshirani et al. (2001), simulation (b): three clusters in two dimensions, 25, 25
    and 50 standard normal observations centred at (0, 0), (0, 5) and (5, -3)."""
    g = np.random.default_rng(seed)
    centres, sizes = ([0, 0], [0, 5], [5, -3]), (25, 25, 50)
    X = np.concatenate([g.normal(c, 1.0, (m, 2)) for c, m in zip(centres, sizes)])
    return X, np.repeat([0, 1, 2], sizes)


# ------------------------------------------------------------------ gap statistic


def test_within_dispersion_is_half_the_pair_sum_over_the_size():
    """W_k = sum_r D_r / (2 n_r), D_r the sum over ordered pairs of squared distances."""
    g = np.random.default_rng(3)
    X, labels = g.normal(size=(40, 3)), g.integers(0, 4, 40)
    slow = 0.0
    for r in np.unique(labels):
        C = X[labels == r]
        D = ((C[:, None, :] - C[None, :, :]) ** 2).sum()
        slow += D / (2 * len(C))
    assert within_dispersion(X, labels) == pytest.approx(slow, rel=1e-12)


@pytest.mark.parametrize("reference", ["uniform", "pca"])
def test_gap_picks_three_on_three_separated_blobs_across_20_seeds(reference):
    chosen = [
        pe.gap_statistic(
            paper_blobs(seed)[0],
            KMeans(n_init=3),
            range(1, 6),
            n_references=10,
            reference=reference,
            rng=seed,
        ).n_clusters
        for seed in range(20)
    ]
    assert chosen == [3] * 20


@pytest.mark.parametrize("reference", ["uniform", "pca"])
def test_gap_picks_one_on_uniform_noise_across_20_seeds(reference):
    chosen = [
        pe.gap_statistic(
            np.random.default_rng(1000 + seed).random((100, 5)),
            KMeans(n_init=3),
            range(1, 6),
            n_references=10,
            reference=reference,
            rng=seed,
        ).n_clusters
        for seed in range(20)
    ]
    assert chosen == [1] * 20


def _slow_gap(X, ks, B, reference, seed):
    """The paper's steps 1-3 written out, with the same random streams as the library."""
    gens = np.random.default_rng(seed).spawn(B + 1)

    def log_w(Z, g):
        out = []
        for k in ks:
            if k == 1:
                labels = np.zeros(len(Z), int)
            else:
                labels = KMeans(
                    n_clusters=k, n_init=3, random_state=int(g.integers(2**31 - 1))
                ).fit_predict(Z)
            W = sum(
                ((Z[labels == r][:, None] - Z[labels == r][None]) ** 2).sum()
                / (2 * (labels == r).sum())
                for r in np.unique(labels)
            )
            out.append(np.log(W))
        return np.array(out)

    mean = X.mean(axis=0)
    Xc = X - mean
    if reference == "uniform":
        V = np.eye(X.shape[1])
    else:
        V = np.linalg.svd(Xc, full_matrices=False)[2].T
        V = V * np.sign(V[np.argmax(np.abs(V), axis=0), np.arange(V.shape[1])])
    P = Xc @ V
    lo, hi = P.min(axis=0), P.max(axis=0)
    observed = log_w(X, gens[0])  # step 1: the OBSERVED data, clustered themselves
    refs = []
    for g in gens[1:]:  # step 2: B reference sets, each clustered
        Zp = lo + g.random((len(X), X.shape[1])) * (hi - lo)
        refs.append(log_w(Zp @ V.T + mean, g))
    refs = np.array(refs)
    lbar = refs.mean(axis=0)  # mean of the logs, not the log of the mean
    sd = np.sqrt(((refs - lbar) ** 2).mean(axis=0))
    return lbar - observed, sd * np.sqrt(1 + 1 / B), observed


@pytest.mark.parametrize("reference", ["uniform", "pca"])
def test_gap_against_the_papers_steps(reference):
    X, _ = paper_blobs(7)
    X = X @ np.array([[1.0, 0.6], [0.0, 1.0]])  # not axis-aligned: the two references differ
    res = pe.gap_statistic(
        X, KMeans(n_init=3), range(1, 6), n_references=6, reference=reference, rng=11
    )
    gap, s, observed = _slow_gap(X, range(1, 6), 6, reference, 11)
    np.testing.assert_allclose(res.gap, gap, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(res.std_error, s, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(res.log_w, observed, rtol=1e-12)
    np.testing.assert_allclose(res.log_w_reference, res.log_w_references.mean(axis=0), rtol=1e-12)
    # the 1-SE rule by hand
    k = next(kk for j, kk in enumerate(range(1, 5)) if gap[j] >= gap[j + 1] - s[j + 1])
    assert res.n_clusters == k and res.found


def test_gap_clusters_the_observed_data_not_the_reference():
    """The observed W_k comes from clustering X itself (a bug reported against the Python
    package gap-statistic). On three separated blobs k-means at k = 3 finds the blobs, so
    W_3 is theirs."""
    X, truth = paper_blobs(0)
    res = pe.gap_statistic(X, KMeans(n_init=3), [1, 2, 3, 4], n_references=4, rng=0)
    assert np.exp(res.log_w[2]) == pytest.approx(within_dispersion(X, truth), rel=1e-9)
    assert np.exp(res.log_w[0]) == pytest.approx(((X - X.mean(0)) ** 2).sum(), rel=1e-12)


def test_gap_reference_sets_fill_their_box():
    X, _ = paper_blobs(1)
    X = X @ np.array([[2.0, 1.0], [0.0, 0.5]])
    for reference in ("uniform", "pca"):
        frame = st._reference_frame(X, reference)
        Z = st._reference_data(frame, 5000, np.random.default_rng(0))
        centre, axes, lo, hi = frame
        P = (Z - centre) @ (np.eye(2) if axes is None else axes)
        assert np.all(P >= lo - 1e-9) and np.all(P <= hi + 1e-9)
        assert np.allclose(P.min(0), lo, atol=0.05 * (hi - lo)) and np.allclose(
            P.max(0), hi, atol=0.05 * (hi - lo)
        )
    # the uniform box is the bounding box of the features
    lo, hi = X.min(0), X.max(0)
    Z = st._reference_data(st._reference_frame(X, "uniform"), 2000, np.random.default_rng(1))
    assert np.all(Z >= lo - 1e-9) and np.all(Z <= hi + 1e-9)


def test_pca_axes_do_not_depend_on_the_sign_the_svd_returns():
    V = np.array([[0.6, -0.8], [-0.8, -0.6]])
    fixed = st._principal_axes(V)
    assert np.array_equal(fixed, st._principal_axes(-V))
    assert np.all(fixed[np.argmax(np.abs(fixed), axis=0), [0, 1]] > 0)


def test_gap_does_not_depend_on_n_jobs():
    X, _ = paper_blobs(2)
    a = pe.gap_statistic(X, KMeans(n_init=2), range(1, 5), n_references=4, rng=5)
    b = pe.gap_statistic(X, KMeans(n_init=2), range(1, 5), n_references=4, rng=5, n_jobs=2)
    np.testing.assert_array_equal(a.gap, b.gap)
    np.testing.assert_array_equal(a.log_w_references, b.log_w_references)


def test_gap_rule_with_no_k_satisfying_it_returns_the_largest():
    k, found = st._one_se_rule(
        np.array([1, 2, 3]), np.array([0.0, 1.0, 2.0]), np.array([0.1, 0.1, 0.1]), 1.0
    )
    assert (k, found) == (3, False)
    # equality up to round-off satisfies the rule
    k, found = st._one_se_rule(
        np.array([1, 2]), np.array([0.5, 0.6 + 1e-15]), np.array([0.0, 0.1]), 1.0
    )
    assert (k, found) == (1, True)


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_gap_bad_input():
    X, _ = paper_blobs(0)
    with pytest.raises(ValueError, match="k_values"):
        pe.gap_statistic(X, KMeans(), [0, 1])
    with pytest.raises(ValueError, match="k_values"):
        pe.gap_statistic(X, KMeans(), [1, len(X)])
    with pytest.raises(ValueError, match="n_references"):
        pe.gap_statistic(X, KMeans(), [1, 2], n_references=1)
    with pytest.raises(ValueError, match="reference"):
        pe.gap_statistic(X, KMeans(), [1, 2], reference="box")
    with pytest.raises(ValueError, match="k_values"):  # two distinct points: W_2 = 0
        pe.gap_statistic(
            np.repeat([[0.0, 0.0], [1.0, 1.0]], 5, axis=0),
            KMeans(n_init=1),
            [1, 2, 3],
            n_references=2,
            rng=0,
        )


# ------------------------------------------------------------------ gap: degenerate cases

#: Three distinct points with coordinates that are not integers, each repeated 7 times:
#: the cluster means are rounded sums, so W_3 came out as residue (~1e-31), not 0.
POINTS = np.array([[0.1, 0.7], [0.3, 0.2], [0.9, 0.4]])


def test_within_dispersion_of_repeated_points_is_exactly_zero():
    X = np.repeat(POINTS, 7, axis=0)
    assert within_dispersion(X, np.repeat([0, 1, 2], 7)) == 0.0
    assert within_dispersion(X + 1e8, np.repeat([0, 1, 2], 7)) == 0.0


@pytest.mark.parametrize("scale", [1.0, 10.0])
def test_gap_refuses_w_k_zero_for_non_integer_duplicates_as_for_integers(scale):
    """The old rule tested w > 0 exactly: the integer version (scale 10) raised, the same
    points at 0.1 returned Gap(3) = 69.5 from rounding residue."""
    X = np.repeat(POINTS * scale, 7, axis=0)
    with pytest.raises(ValueError, match=r"W_k = 0 at k_values \[3\]"):
        pe.gap_statistic(X, KMeans(n_init=1), [1, 2, 3], n_references=3, rng=0)
    # below k = 3 the gaps exist and do not depend on the scale of the data
    res = pe.gap_statistic(X, KMeans(n_init=1), [1, 2], n_references=3, rng=0)
    assert np.all(np.isfinite(res.gap)) and np.all(np.abs(res.gap) < 5)


def test_gap_refuses_w_k_zero_to_round_off():
    """Clusters spread by 1e-14 of the total spread are repeated points to round-off."""
    X = np.repeat(POINTS, 7, axis=0) + 1e-15 * np.random.default_rng(0).standard_normal((21, 2))
    with pytest.raises(ValueError, match=r"W_k = 0 at k_values \[3\]"):
        pe.gap_statistic(X, KMeans(n_init=1), [1, 2, 3], n_references=3, rng=0)


def test_gap_refuses_identical_samples():
    with pytest.raises(ValueError, match="identical"):
        pe.gap_statistic(np.full((10, 2), 0.1), KMeans(n_init=1), [1, 2], n_references=3, rng=0)
    # identical to round-off: a spread of 1e-6 at 1e8 (1e-14 relative) is rounding, not data
    X = 1e8 + 1e-6 * np.random.default_rng(0).random((10, 2))
    with pytest.raises(ValueError, match="identical to round-off"):
        pe.gap_statistic(X, KMeans(n_init=1), [1, 2], n_references=3, rng=0)
    # a spread of 1 at 1e8 is data: the gap is that of the same data near the origin
    Y = np.random.default_rng(0).random((30, 2))
    far = pe.gap_statistic(Y + 1e8, KMeans(n_init=1), [1, 2], n_references=3, rng=0)
    near = pe.gap_statistic(Y, KMeans(n_init=1), [1, 2], n_references=3, rng=0)
    np.testing.assert_allclose(far.gap, near.gap, rtol=1e-6)
    # one feature far from the origin and constant does not hide the spread of the other
    Z = np.column_stack([np.full(30, 1e12), Y[:, 0]])
    assert np.all(
        np.isfinite(pe.gap_statistic(Z, KMeans(n_init=1), [1, 2], n_references=3, rng=0).gap)
    )


def test_gap_refuses_a_reference_set_with_w_k_zero(monkeypatch):
    """A reference set of three repeated points (not integers) has W*_3 = 0."""

    def repeated(frame, n, rng):
        return np.repeat(rng.random((3, 2)), n // 3, axis=0)

    monkeypatch.setattr(st, "_reference_data", repeated)
    X, _ = paper_blobs(0)
    with pytest.raises(ValueError, match=r"reference set has W\*_k = 0 at k_values \[3\]"):
        pe.gap_statistic(X[:21], KMeans(n_init=1), [1, 2, 3], n_references=3, rng=0)


def test_gap_refuses_a_collapsed_reference_spread(monkeypatch):
    """sd_k = 0 across the B reference sets leaves s_k = 0: no standard error."""
    fixed = np.random.default_rng(1).random((100, 2))
    monkeypatch.setattr(st, "_reference_data", lambda frame, n, rng: fixed[:n])
    X, _ = paper_blobs(0)
    with pytest.raises(ValueError, match="agree to round-off"):
        pe.gap_statistic(X, KMeans(n_init=1), [1, 2], n_references=4, rng=0)


def test_one_se_rule_tolerance_is_absolute_for_logarithms():
    """Round-off of a logarithm is absolute: log W near 0 must not shrink the tolerance."""
    k, found = st._one_se_rule(
        np.array([1, 2]), np.array([0.5, 0.6 + 1e-14]), np.array([0.0, 0.1]), 1e-3
    )
    assert (k, found) == (1, True)


# ------------------------------------------------------------------ Hennig's stability


def _split_halves(labels_true, labels):
    table = pe.contingency_matrix(labels_true, labels)
    blob = np.argmax((table > 0).sum(axis=1))
    return np.flatnonzero(table[blob] > 0)


@pytest.mark.parametrize("method", ["bootstrap", "subsample", "noise"])
def test_true_clusters_of_separated_blobs_are_stable(method):
    for seed in range(5):
        X, _ = stability_blobs(0.7, n=150, rng=seed)
        res = pe.cluster_stability(
            X, KMeans(n_clusters=3, n_init=3), n_resamples=20, method=method, rng=seed
        )
        assert res.stability.min() > 0.85
        assert res.dissolved.sum() == 0


def test_a_spurious_split_is_flagged():
    """k-means with k = 4 on three blobs cuts one blob in two; which blob, and along which
    line, changes from one resample to the next."""
    halves_boot, lower_noise = [], []
    for seed in range(10):
        X, truth = stability_blobs(0.7, n=150, rng=seed)
        boot = pe.cluster_stability(X, KMeans(n_clusters=4, n_init=3), n_resamples=30, rng=seed)
        halves = _split_halves(truth, boot.labels)
        assert len(halves) == 2
        halves_boot.append(boot.stability[halves])
        noise = pe.cluster_stability(
            X, KMeans(n_clusters=4, n_init=3), n_resamples=30, method="noise", rng=seed
        )
        lower_noise.append(noise.stability[_split_halves(truth, noise.labels)].min())
    halves_boot = np.array(halves_boot)
    assert halves_boot.min(axis=1).max() < 0.7  # the weaker half of every split
    assert halves_boot.min(axis=1).mean() < 0.6  # below 0.6 on average
    assert max(lower_noise) < 0.6  # replacement by noise: below 0.6 every time


def test_jaccard_of_a_halved_cluster_is_one_half():
    """A cluster cut into two equal halves has Jaccard 1/2 with each: "dissolved"."""
    J = st.jaccard_table([0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 2, 2])
    assert J[0].max() == 0.5 and J[1].max() == 1.0


def test_two_disjoint_sets_cannot_both_exceed_one_half():
    """Why 0.5: if gamma(C, D1) > 1/2 and gamma(C, D2) > 1/2, D1 and D2 would each hold more
    than half of C. Checked exhaustively on small sets."""
    g = np.random.default_rng(0)
    for _ in range(2000):
        a = g.integers(0, 3, 12)
        b = g.integers(0, 4, 12)
        J = st.jaccard_table(a, b)
        assert ((J > 0.5).sum(axis=1) <= 1).all() and ((J > 0.5).sum(axis=0) <= 1).all()


def _slow_stability(X, clusterer, B, method, seed, fraction=0.5, p=0.05, c=4.0):
    """Hennig's procedure written from the paper, with the library's random streams."""
    from sklearn.base import clone

    gens = np.random.default_rng(seed).spawn(B + 1)

    def fit(Z, g):
        return clone(clusterer).set_params(random_state=int(g.integers(2**31 - 1))).fit_predict(Z)

    base = fit(X, gens[0])
    clusters = [set(np.flatnonzero(base == r)) for r in np.unique(base)]
    n = len(X)
    out = np.zeros((len(clusters), B))
    mean = X.mean(0)
    vals, vecs = np.linalg.eigh(np.cov(X, rowvar=False))
    vecs = vecs * np.sign(vecs[np.argmax(np.abs(vecs), axis=0), np.arange(vecs.shape[1])])
    for b, g in enumerate(gens[1:]):
        if method == "bootstrap":
            rows = np.unique(g.integers(0, n, n))
            new = fit(X[rows], g)
            found = [set(rows[new == r]) for r in np.unique(new)]
        elif method == "subsample":
            rows = np.sort(g.choice(n, int(fraction * n), replace=False))
            new = fit(X[rows], g)
            found = [set(rows[new == r]) for r in np.unique(new)]
        else:
            noisy = g.random(n) < p
            Xn = X.copy()
            u = g.uniform(-1, 1, (noisy.sum(), X.shape[1])) * c * np.sqrt(np.clip(vals, 0, None))
            Xn[noisy] = u @ vecs.T + mean
            new = fit(Xn, g)
            rows = np.flatnonzero(~noisy)
            found = [set(np.flatnonzero((new == r) & ~noisy)) for r in np.unique(new)]
        for j, C in enumerate(clusters):
            Cs = C & set(rows.tolist())
            out[j, b] = max(len(Cs & D) / len(Cs | D) for D in found) if Cs else np.nan
    return out


@pytest.mark.parametrize("method", ["bootstrap", "subsample", "noise"])
def test_stability_against_a_slow_reference(method):
    X, _ = stability_blobs(1.5, n=60, rng=4)
    km = KMeans(n_clusters=4, n_init=1)
    res = pe.cluster_stability(X, km, n_resamples=8, method=method, rng=9)
    np.testing.assert_array_equal(res.jaccard, _slow_stability(X, km, 8, method, 9))
    np.testing.assert_array_equal(res.stability, res.jaccard.mean(axis=1))
    np.testing.assert_array_equal(res.dissolved, (res.jaccard <= 0.5).sum(axis=1))


@pytest.mark.parametrize("method", ["bootstrap", "subsample", "noise"])
def test_stability_does_not_depend_on_n_jobs(method):
    X, _ = stability_blobs(1.0, n=60, rng=2)
    a = pe.cluster_stability(X, KMeans(n_clusters=3, n_init=1), n_resamples=6, method=method, rng=3)
    b = pe.cluster_stability(
        X, KMeans(n_clusters=3, n_init=1), n_resamples=6, method=method, rng=3, n_jobs=2
    )
    np.testing.assert_array_equal(a.jaccard, b.jaccard)


def test_stability_with_duplicates_and_a_clusterer_without_random_state():
    X, _ = stability_blobs(0.5, n=60, rng=0)
    res = pe.cluster_stability(
        X, AgglomerativeClustering(n_clusters=3), n_resamples=5, duplicates=True, rng=0
    )
    assert np.allclose(res.stability, 1.0)


def test_stability_bad_input():
    X, _ = stability_blobs(1.0, n=30)
    with pytest.raises(ValueError, match="fraction"):
        pe.cluster_stability(X, KMeans(n_clusters=2), method="subsample", fraction=0.05)
    with pytest.raises(ValueError, match="noise_fraction"):
        pe.cluster_stability(X, KMeans(n_clusters=2), noise_fraction=1.5)
    with pytest.raises(ValueError, match="method"):
        pe.cluster_stability(X, KMeans(n_clusters=2), method="jitter")
    with pytest.raises(TypeError, match="clusterer"):
        pe.cluster_stability(X, "kmeans")


# ------------------------------------------------------------------ clValid


def _slow_clvalid(X, base, removed, adjust=True):
    """Brock et al. (2008), section 2.2, observation by observation."""
    N, M = X.shape
    K = len(np.unique(base))
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    apn = ad = adm = fom = 0.0
    for l in range(M):
        cl = removed[l]
        for i in range(N):
            C0 = np.flatnonzero(base == base[i])
            Cl = np.flatnonzero(cl == cl[i])
            apn += 1 - len(np.intersect1d(C0, Cl)) / len(C0)
            ad += D[np.ix_(C0, Cl)].sum() / (len(C0) * len(Cl))
            adm += np.linalg.norm(X[Cl].mean(0) - X[C0].mean(0))
        sq = sum(((X[cl == k, l] - X[cl == k, l].mean()) ** 2).sum() for k in np.unique(cl))
        f = np.sqrt(sq / N)
        fom += f / np.sqrt((N - K) / N) if adjust else f
    return apn / (M * N), ad / (M * N), adm / (M * N), fom / M


@pytest.mark.parametrize("adjust", [True, False])
def test_clvalid_measures_against_the_papers_formulas(adjust):
    g = np.random.default_rng(0)
    X = np.concatenate([g.normal(c, 1.2, (20, 4)) for c in (0, 2.5, 5)]) + 1e3
    km = KMeans(n_clusters=3, n_init=1)
    res = pe.feature_removal_stability(X, km, adjust=adjust, rng=1)
    assert len(np.unique(res.labels_removed)) >= 2 and res.apn > 0  # the clusterings differ
    slow = _slow_clvalid(X, res.labels, res.labels_removed, adjust=adjust)
    np.testing.assert_allclose([res.apn, res.ad, res.adm, res.fom], slow, rtol=1e-9)
    assert pe.apn(X, km, rng=1) == res.apn
    assert pe.ad(X, km, rng=1) == res.ad
    assert pe.adm(X, km, rng=1) == res.adm
    assert pe.fom(X, km, adjust=adjust, rng=1) == res.fom


def test_clvalid_against_its_stability_function_formulation():
    """clValid's R code computes the same per column from the contingency table:
    APN = 1 - sum(overlap^2 / rowsums) / N, AD = sum(overlap * mean distances) / N."""
    g = np.random.default_rng(5)
    X = g.normal(size=(30, 3))
    res = pe.feature_removal_stability(X, KMeans(n_clusters=3, n_init=1), rng=2)
    for l in range(3):
        T = pe.contingency_matrix(res.labels, res.labels_removed[l]).astype(float)
        assert res.apn_by_feature[l] == pytest.approx(
            1 - (T**2 / T.sum(1, keepdims=True)).sum() / 30, rel=1e-12
        )


def test_clvalid_identical_clusterings_score_zero():
    X, _ = stability_blobs(0.3, n=60, rng=0)
    X = np.column_stack([X, X[:, 0] + X[:, 1]])
    res = pe.feature_removal_stability(X, KMeans(n_clusters=3, n_init=3), rng=0)
    assert res.apn == 0.0 and res.adm == 0.0
    assert np.allclose(res.ad_by_feature, res.ad_by_feature[0], rtol=1e-12)


def test_clvalid_metric_and_n_jobs():
    g = np.random.default_rng(1)
    X = g.normal(size=(40, 3))
    km = KMeans(n_clusters=3, n_init=1)
    a = pe.feature_removal_stability(X, km, metric="cityblock", rng=0)
    b = pe.feature_removal_stability(X, km, metric="cityblock", rng=0, n_jobs=2)
    np.testing.assert_array_equal(a.labels_removed, b.labels_removed)
    assert a.ad == b.ad
    from scipy.spatial.distance import cdist

    D = cdist(X, X, "cityblock")
    ad = 0.0
    for l in range(3):
        for i in range(40):
            C0 = np.flatnonzero(a.labels == a.labels[i])
            Cl = np.flatnonzero(a.labels_removed[l] == a.labels_removed[l][i])
            ad += D[np.ix_(C0, Cl)].mean()
    assert a.ad == pytest.approx(ad / 120, rel=1e-10)


def test_clvalid_bad_input():
    with pytest.raises(ValueError, match="X"):
        pe.apn(np.arange(10.0).reshape(-1, 1), KMeans(n_clusters=2))
    with pytest.raises(ValueError, match="metric"):
        pe.ad(np.ones((5, 2)), KMeans(n_clusters=2), metric="hamming")


# ------------------------------------------------------------------ degenerate cases


def _blobs_with_noise(seed=0):
    g = np.random.default_rng(seed)
    return np.concatenate(
        [g.normal(0, 0.3, (40, 2)), g.normal(5, 0.3, (40, 2)), g.uniform(-10, 15, (10, 2))]
    )


@pytest.mark.parametrize("method", ["bootstrap", "subsample", "noise"])
def test_dbscan_noise_is_not_a_cluster(method):
    """DBSCAN's -1 used to be a third "cluster" with a stability of its own."""
    X = _blobs_with_noise()
    db = DBSCAN(eps=0.6, min_samples=5)
    labels = db.fit_predict(X)
    assert (labels == -1).sum() > 0
    res = pe.cluster_stability(X, db, n_resamples=6, method=method, rng=0)
    assert res.stability.shape == (2,) and res.jaccard.shape == (2, 6)
    assert res.cluster_sizes.tolist() == np.bincount(labels[labels >= 0]).tolist()
    assert res.noise_share == np.mean(labels == -1)
    assert np.array_equal(res.labels == -1, labels == -1)
    assert res.noise_shares.shape == (6,) and np.all(
        (res.noise_shares >= 0) & (res.noise_shares < 1)
    )
    assert np.all(res.stability == 1.0)


def test_best_jaccard_with_noise_by_hand():
    """Original noise points joining a new cluster count in D*; points the new clustering
    calls noise are in no D, so a cluster that turns into noise has Jaccard 0."""
    base = np.array([0, 0, 0, 1, 1, -1, -1])
    new = np.array([0, 0, 0, -1, -1, 0, 1])
    gamma = st._best_jaccard(base, new, 2)
    assert gamma.tolist() == [3 / 4, 0.0]
    assert np.isnan(st._best_jaccard(np.array([0, 0, -1]), np.array([0, 0, 0]), 2)[1])


def test_dbscan_labelling_everything_noise_raises():
    with pytest.raises(ValueError, match="clusterer.*noise"):
        pe.cluster_stability(
            _blobs_with_noise(), DBSCAN(eps=1e-3, min_samples=5), n_resamples=2, rng=0
        )


def test_a_cluster_missing_from_a_replicate_is_not_dissolved():
    """A one-point cluster left out of a subsample has no Jaccard there (NaN), instead of 0
    counted as "dissolved"."""
    g = np.random.default_rng(0)
    X = np.concatenate([g.normal(0, 0.3, (20, 2)), g.normal(5, 0.3, (20, 2)), [[40.0, 40.0]]])
    km = KMeans(n_clusters=3, n_init=3)
    res = pe.cluster_stability(X, km, n_resamples=10, method="subsample", rng=0)
    single = int(np.flatnonzero(res.cluster_sizes == 1)[0])
    present = ~np.isnan(res.jaccard[single])
    assert 0 < present.sum() < 10 and res.n_compared[single] == present.sum()
    assert res.stability[single] == 1.0 and res.dissolved[single] == 0
    np.testing.assert_array_equal(
        np.isnan(res.jaccard), np.isnan(_slow_stability(X, km, 10, "subsample", 0))
    )
    # absent from every replicate: NaN and a warning
    with pytest.warns(RuntimeWarning, match=r"clusters \[1\] had no point"):
        res = pe.cluster_stability(X, km, n_resamples=1, method="subsample", rng=2)
    assert np.isnan(res.stability[1]) and res.n_compared[1] == 0


def test_fom_with_as_many_clusters_as_samples_raises():
    """K = N: FOM's adjustment sqrt((N - K)/N) is 0, and FOM came out NaN (0/0) silently."""
    X = np.random.default_rng(0).normal(size=(6, 3))
    km = KMeans(n_clusters=6, n_init=1)
    with pytest.raises(ValueError, match="clusterer.*own cluster"):
        pe.feature_removal_stability(X, km, rng=0)
    with pytest.raises(ValueError, match="clusterer.*own cluster"):
        pe.fom(X, km, rng=0)
    res = pe.feature_removal_stability(X, km, adjust=False, rng=0)
    # singletons that stay singletons: nothing moves, and d(x, x) = 0 exactly
    assert (res.apn, res.ad, res.adm, res.fom) == (0.0, 0.0, 0.0, 0.0)
    assert (
        pe.apn(X, km, rng=0) == 0.0 and pe.ad(X, km, rng=0) == 0.0 and pe.adm(X, km, rng=0) == 0.0
    )


def test_clvalid_with_a_single_cluster():
    """K = 1 is defined: nothing moves, and the adjusted FOM is the standard deviation
    (divisor N - 1) of each removed feature."""
    X = np.random.default_rng(2).normal(size=(12, 3))
    res = pe.feature_removal_stability(X, KMeans(n_clusters=1, n_init=1), rng=0)
    assert res.apn == 0.0 and res.adm == 0.0
    np.testing.assert_allclose(res.fom_by_feature, X.std(axis=0, ddof=1), rtol=1e-12)


def test_clvalid_refuses_noise_labels():
    with pytest.raises(ValueError, match="clusterer.*noise"):
        pe.feature_removal_stability(_blobs_with_noise(), DBSCAN(eps=0.6, min_samples=5))


def test_chapter_claims_the_uniform_null_conservative_in_one_dimension_only():
    """Tibshirani et al. prove the uniform reference least favourable among unimodal
    nulls in one dimension only; the chapter must not state it unconditionally."""
    import json
    import pathlib

    nb = pathlib.Path(__file__).parents[1] / "book" / "part2" / "cluster-stability.ipynb"
    text = "\n".join(
        "".join(c["source"])
        for c in json.loads(nb.read_text())["cells"]
        if c["cell_type"] == "markdown"
    )
    paragraphs = [p for p in text.split("\n\n") if "conservative" in p]
    assert paragraphs
    for p in paragraphs:
        assert "one dimension" in p and "not" in p, p


@pytest.mark.parametrize("seed", [0, np.int64(3)])
def test_stability_view_shares_one_gap_per_noise_and_seed(seed):
    """The explorer's view reuses the gap statistic of an int seed across k and methods:
    the shared result equals the one computed from the view's own data."""
    from sklearn.cluster import KMeans

    from patterneval.book.cluster_stability import stability_view

    options = dict(n=60, n_resamples=3, n_references=3, k_max=4, rng=seed)
    a = stability_view(0.8, 2, "bootstrap", **options)
    b = stability_view(0.8, 3, "noise", **options)
    assert a["gap"] is b["gap"]
    fresh = pe.gap_statistic(a["X"], KMeans(n_init=3), range(1, 5), n_references=3, rng=seed)
    np.testing.assert_array_equal(a["gap"].gap, fresh.gap)
    np.testing.assert_array_equal(a["gap"].std_error, fresh.std_error)
    assert a["gap"].n_clusters == fresh.n_clusters


def test_stability_view_with_a_generator_draws_its_gap_after_the_stability():
    from patterneval.book.cluster_stability import stability_view

    options = dict(n=60, n_resamples=3, n_references=3, k_max=4)
    a = stability_view(0.8, 2, "bootstrap", rng=np.random.default_rng(5), **options)
    b = stability_view(0.8, 2, "bootstrap", rng=np.random.default_rng(5), **options)
    assert a["gap"] is not b["gap"]
    np.testing.assert_array_equal(a["gap"].gap, b["gap"].gap)
