"""``n_jobs=None`` defers to joblib's active configuration (scikit-learn's convention).

Outside any ``joblib.parallel_config`` the resampling functions run serially in this
thread; inside one, ``n_jobs=None`` follows the context's backend and ``n_jobs``, so a
user moves the same call to threads, processes or a Dask cluster without touching it.
Every result is the same whatever runs it: each task has its own child random stream.
"""

from __future__ import annotations

import contextlib
import threading
import time

import joblib
import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import make_classification
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.tree import DecisionTreeClassifier

import patterneval as pe
from patterneval._engine import is_serial, run_tasks

#: Where each fit ran: (thread name, dask worker address or None). Appended to by fits
#: that run in this process (serial, threads, an in-process Dask cluster).
FITS: list[tuple[str, str | None]] = []


def _dask_worker():
    try:
        from distributed import get_worker
    except ImportError:
        return None
    try:
        return get_worker().address
    except ValueError:  # not inside a Dask task
        return None


class Recording(ClassifierMixin, BaseEstimator):
    """A small decision tree that records, on each fit, the thread and Dask worker it ran on.

    (A tree, not k-nearest neighbours: scikit-learn's neighbour search would itself run
    through the active joblib backend and blur what these tests count.)
    """

    def __init__(self, max_depth=2):
        self.max_depth = max_depth

    def fit(self, X, y):
        FITS.append((threading.current_thread().name, _dask_worker()))
        self.model_ = DecisionTreeClassifier(max_depth=self.max_depth, random_state=0).fit(X, y)
        self.classes_ = self.model_.classes_
        return self

    def predict(self, X):
        return self.model_.predict(X)


@pytest.fixture()
def data():
    return make_classification(n_samples=60, n_features=4, n_informative=2, random_state=0)


@pytest.fixture(autouse=True)
def _clear_fits():
    FITS.clear()
    yield
    FITS.clear()


#: Repeated 5-fold cross-validation, twice (the splitter carries its own seed).
RSKF = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)


def _run_all(X, y):
    """cross_val_error, bootstrap_error and permutation_test with n_jobs=None."""
    cv = pe.cross_val_error(Recording(), X, y, cv=RSKF, rng=1)
    boot = pe.bootstrap_error(Recording(), X, y, n_resamples=20, method=".632+", rng=2)
    perm = pe.permutation_test(Recording(), X, y, n_resamples=19, cv=3, rng=3)
    return cv, boot, perm


def _assert_same(a, b):
    cv_a, boot_a, perm_a = a
    cv_b, boot_b, perm_b = b
    assert cv_a.error == cv_b.error
    np.testing.assert_array_equal(cv_a.fold_errors, cv_b.fold_errors)
    assert boot_a.estimate == boot_b.estimate
    assert boot_a.oob == boot_b.oob
    assert perm_a.statistic == perm_b.statistic
    np.testing.assert_array_equal(perm_a.null_distribution, perm_b.null_distribution)


def test_is_serial_follows_the_context():
    assert is_serial(1) and is_serial(None)
    assert not is_serial(2) and not is_serial(-1)
    with joblib.parallel_config(backend="threading", n_jobs=2):
        assert not is_serial(None)
        assert is_serial(1)  # an explicit 1 stays serial
    with joblib.parallel_config(n_jobs=1):
        assert is_serial(None)


def test_run_tasks_serial_outside_any_context():
    names = run_tasks(lambda i: (i, threading.current_thread().name), [(i,) for i in range(6)])
    assert names == [(i, threading.main_thread().name) for i in range(6)]


def test_none_outside_a_context_runs_in_this_thread(data):
    X, y = data
    _run_all(X, y)
    assert FITS and {thread for thread, _ in FITS} == {threading.main_thread().name}


def test_none_follows_parallel_config_threading(data):
    """Under ``parallel_config(backend="threading", n_jobs=2)`` the fits run on joblib's
    worker threads, and every result equals the serial run's bit for bit."""
    X, y = data
    serial = (
        pe.cross_val_error(Recording(), X, y, cv=RSKF, rng=1, n_jobs=1),
        pe.bootstrap_error(Recording(), X, y, n_resamples=20, method=".632+", rng=2, n_jobs=1),
        pe.permutation_test(Recording(), X, y, n_resamples=19, cv=3, rng=3, n_jobs=1),
    )
    FITS.clear()
    with joblib.parallel_config(backend="threading", n_jobs=2):
        threaded = _run_all(X, y)
    main = threading.main_thread().name
    assert any(thread != main for thread, _ in FITS), "n_jobs=None ignored parallel_config"
    _assert_same(threaded, serial)


class _CountingBackend(joblib._parallel_backends.ThreadingBackend):
    """joblib's threading backend, counting the batches it is handed."""

    batches = 0

    def submit(self, func, callback=None):
        type(self).batches += 1
        return super().submit(func, callback=callback)


def test_none_uses_a_registered_backend(data):
    X, y = data
    joblib.register_parallel_backend("patterneval-counting", _CountingBackend)
    _CountingBackend.batches = 0
    serial = pe.cross_val_error(Recording(), X, y, cv=5, rng=4, n_jobs=1)
    with joblib.parallel_config(backend="patterneval-counting", n_jobs=2):
        res = pe.cross_val_error(Recording(), X, y, cv=5, rng=4)
    assert _CountingBackend.batches > 0
    assert res.error == serial.error
    np.testing.assert_array_equal(res.fold_errors, serial.fold_errors)


@contextlib.contextmanager
def _local_dask(distributed):
    """A ``distributed.LocalCluster`` of two in-process workers (threads: no ports, no
    subprocesses, starts in about a second) as joblib's backend; yields the workers'
    addresses."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        joblib.parallel_config(backend="dask"),
    ):
        yield set(client.scheduler_info()["workers"])


def test_dask_local_cluster(data):
    """A permutation test and a bootstrap on a real ``distributed.LocalCluster`` through
    ``joblib.parallel_config(backend="dask")`` with ``n_jobs=None``: the fits run on the
    cluster's workers and the results equal ``n_jobs=1``'s."""
    distributed = pytest.importorskip("distributed")
    X, y = data
    serial_perm = pe.permutation_test(Recording(), X, y, n_resamples=19, cv=3, rng=5, n_jobs=1)
    serial_boot = pe.bootstrap_error(
        Recording(), X, y, n_resamples=20, method=".632+", rng=6, n_jobs=1
    )
    FITS.clear()
    start = time.perf_counter()
    with _local_dask(distributed) as workers:
        perm = pe.permutation_test(Recording(), X, y, n_resamples=19, cv=3, rng=5)
        boot = pe.bootstrap_error(Recording(), X, y, n_resamples=20, method=".632+", rng=6)
    ran_on = {worker for _, worker in FITS if worker is not None}
    assert ran_on and ran_on <= workers, (
        f"no fit ran on the cluster's workers {workers}: {FITS[:3]}"
    )
    assert perm.statistic == serial_perm.statistic
    np.testing.assert_array_equal(perm.null_distribution, serial_perm.null_distribution)
    assert boot.estimate == serial_boot.estimate
    assert boot.oob == serial_boot.oob
    assert time.perf_counter() - start < 60


class RecordingProba(Recording):
    """:class:`Recording` with ``predict_proba``, so that the reports also take out-of-fold
    scores (AUC, calibration) from the models of the cross-validation."""

    def predict_proba(self, X):
        return self.model_.predict_proba(X)


def _same_fields(a, b, path="report"):
    """Every field of two results (dataclasses, nested), equal to the bit."""
    import dataclasses

    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        assert type(a) is type(b), path
        for f in dataclasses.fields(a):
            _same_fields(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, dict):
        assert a.keys() == b.keys(), path
        for key in a:
            _same_fields(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, z) in enumerate(zip(a, b)):
            _same_fields(x, z, f"{path}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype, path
        np.testing.assert_array_equal(a, b, err_msg=path, strict=True)
    elif hasattr(a, "get_n_splits"):  # the splitter the report ran: equal by its parameters
        assert repr(a) == repr(b), path
    elif isinstance(a, float) and np.isnan(a):
        assert np.isnan(b), path
    else:
        assert a == b, path


def _reports(X, y, **kw):
    """evaluate_classifier and compare_classifiers, out-of-fold scores from repeated CV."""
    evaluated = pe.evaluate_classifier(RecordingProba(), X, y, cv=RSKF, n_resamples=10, rng=7, **kw)
    compared = pe.compare_classifiers(
        [RecordingProba(1), RecordingProba(3)], X, y, cv=RSKF, rng=8, **kw
    )
    return evaluated, compared


def test_reports_on_a_dask_local_cluster(data):
    """evaluate_classifier and compare_classifiers under ``joblib.parallel_config(
    backend="dask")`` with ``n_jobs=None``: their fits (each split fitted once, its model
    giving both the error or score and the out-of-fold scores) run on the cluster's
    workers, and every field of both reports equals the ``n_jobs=1`` run's, bit for bit."""
    distributed = pytest.importorskip("distributed")
    X, y = data
    serial = _reports(X, y, n_jobs=1)
    assert serial[0].auc is not None and serial[1].auc is not None  # scores from the CV fits
    n_serial = len(FITS)
    assert n_serial == (10 + 1 + 10) + 2 * 10  # report 1: CV + bootstrap; report 2: CV x 2
    FITS.clear()
    with _local_dask(distributed) as workers:
        on_dask = _reports(X, y)
    ran_on = {worker for _, worker in FITS if worker is not None}
    assert ran_on and ran_on <= workers, (
        f"no fit ran on the cluster's workers {workers}: {FITS[:3]}"
    )
    assert len(FITS) == n_serial
    for serial_report, dask_report in zip(serial, on_dask):
        _same_fields(serial_report, dask_report)
