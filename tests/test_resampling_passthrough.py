"""The functions that resample an estimator hand X to it unchanged.

A pandas DataFrame with missing values goes through a ColumnTransformer pipeline that
selects columns by name (imputer + scaler on the numeric ones, one-hot on a string one);
a sparse matrix stays sparse. The function itself checks only y and the row count. Where
scikit-learn has the same computation (given the same folds) the errors agree exactly."""

import numpy as np
import pandas as pd
import pytest
import scipy.sparse
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import LeaveOneOut, StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

import patterneval as pe
from patterneval._engine import make_folds
from patterneval._rows import take_rows


def _frame(n=60, seed=0):
    g = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    df = pd.DataFrame(
        {
            "age": g.normal(40, 10, n) + 8 * y,
            "income": g.normal(3.0, 1.0, n) - 0.8 * y,
            "city": np.where(g.random(n) < 0.3 + 0.4 * y, "north", "south"),
        }
    )
    df.loc[g.choice(n, 6, replace=False), "age"] = np.nan
    df.loc[g.choice(n, 4, replace=False), "income"] = np.nan
    return df, y


def _pipeline():
    numeric = make_pipeline(SimpleImputer(strategy="median"), StandardScaler())
    columns = ColumnTransformer(
        [
            ("num", numeric, ["age", "income"]),
            ("cat", OneHotEncoder(handle_unknown="ignore"), ["city"]),
        ]
    )
    return make_pipeline(columns, LogisticRegression())


DF, Y = _frame()


def test_the_frame_has_missing_values_and_strings():
    assert DF.isna().sum().sum() == 10 and not pd.api.types.is_numeric_dtype(DF["city"])


def test_cross_val_error_equals_scikit_learns_on_the_same_folds():
    res = pe.cross_val_error(_pipeline(), DF, Y, cv=5, rng=0)
    folds = make_folds(Y, n_splits=5, n_repeats=1, stratify=True, rng=np.random.default_rng(0))[0]
    accuracy = cross_val_score(_pipeline(), DF, Y, cv=folds)
    np.testing.assert_allclose(res.fold_errors[0], 1 - accuracy, rtol=0, atol=1e-12)
    assert 0.0 <= res.error < 0.5


def test_leave_one_out_error_equals_scikit_learns():
    X, y = DF.iloc[::3], Y[::3]  # 20 rows, 20 fits
    res = pe.leave_one_out_error(_pipeline(), X, y)
    accuracy = cross_val_score(_pipeline(), X, y, cv=LeaveOneOut())
    assert res.error == pytest.approx(1 - accuracy.mean(), abs=1e-12)


def test_bootstrap_error_runs_on_the_frame():
    res = pe.bootstrap_error(_pipeline(), DF, Y, n_resamples=10, method=".632+", rng=0)
    assert 0.0 <= res.estimate < 0.5
    assert res.replicate_errors.shape == (10,)


def test_permutation_test_statistic_equals_scikit_learns():
    res = pe.permutation_test(_pipeline(), DF, Y, n_resamples=4, cv=3, rng=0)
    accuracy = cross_val_score(_pipeline(), DF, Y, cv=StratifiedKFold(3))
    assert res.statistic == pytest.approx(1 - accuracy.mean(), abs=1e-12)
    assert res.pvalue == pytest.approx(0.2)  # no permuted error as low: 1 / (4 + 1)


def test_selection_cv_error_fits_the_column_transformer_inside_the_folds():
    columns = _pipeline().steps[0][1]
    res = pe.selection_cv_error(columns, LogisticRegression(), DF, Y, cv=5, rng=0)
    ref = pe.cross_val_error(_pipeline(), DF, Y, cv=5, rng=0)
    np.testing.assert_allclose(res.fold_errors, ref.fold_errors[0], rtol=0, atol=1e-12)
    assert res.n_features == 3


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
def test_sparse_X_stays_sparse_and_gives_the_dense_result(fmt):
    g = np.random.default_rng(1)
    dense = g.random((40, 6)) * (g.random((40, 6)) < 0.4)
    y = np.repeat([0, 1], 20)
    dense[y == 1, 0] += 1.0
    seen = []

    class Spy(LogisticRegression):
        def fit(self, X, y):
            seen.append(scipy.sparse.issparse(X))
            return super().fit(X, y)

    sparse = scipy.sparse.coo_matrix(dense).asformat(fmt)
    a = pe.cross_val_error(Spy(), sparse, y, cv=4, rng=0)
    b = pe.cross_val_error(LogisticRegression(), dense, y, cv=4, rng=0)
    assert all(seen) and len(seen) == 4
    np.testing.assert_allclose(a.fold_errors, b.fold_errors, rtol=0, atol=1e-12)


def test_nan_reaches_an_estimator_that_cannot_handle_it():
    # the estimator's own message, not ours: the function no longer inspects X's values
    with pytest.raises(ValueError, match="Input X contains NaN"):
        pe.cross_val_error(LogisticRegression(), DF[["age", "income"]], Y, cv=3, rng=0)


@pytest.mark.parametrize(
    "func",
    [
        lambda X, y: pe.cross_val_error(_pipeline(), X, y, cv=3, rng=0),
        lambda X, y: pe.leave_one_out_error(_pipeline(), X, y),
        lambda X, y: pe.bootstrap_error(_pipeline(), X, y, n_resamples=2, rng=0),
        lambda X, y: pe.permutation_test(_pipeline(), X, y, n_resamples=2, cv=3, rng=0),
        lambda X, y: pe.selection_cv_error(
            _pipeline().steps[0][1], LogisticRegression(), X, y, cv=3
        ),
    ],
)
def test_the_functions_still_check_y_and_the_row_count(func):
    with pytest.raises(ValueError, match="y has 59 entries but X has 60; they must pair up"):
        func(DF, Y[:-1])
    with pytest.raises(ValueError, match=r"y holds NaN labels \(1 of 60\)"):
        func(DF, np.where(np.arange(60) == 3, np.nan, Y))
    with pytest.raises(TypeError, match="X must be array-like with one row per sample"):
        func(3.0, Y)


def test_take_rows():
    idx = np.array([2, 0])
    assert take_rows(DF, idx).index.tolist() == [2, 0]
    assert take_rows(DF["city"], idx).tolist() == DF["city"].iloc[[2, 0]].tolist()
    assert take_rows(["a", "b", "c"], idx) == ["c", "a"]
    m = scipy.sparse.csr_matrix(np.eye(3))
    assert (take_rows(m, idx).toarray() == np.eye(3)[[2, 0]]).all()
