"""patterneval's estimators take scikit-learn's ``random_state`` (None, an int, a
Generator or a RandomState) and no second name, so that scikit-learn's machinery
(``check_estimator``, meta-estimators, ``clone``) can seed them. Functions keep ``rng``
(SPEC 7). Each estimator's full ``check_estimator`` run lives in its own test file
(parametrize_with_checks); here the shared conventions across all of them."""

import inspect

import numpy as np
import pytest
from sklearn.base import BaseEstimator, clone
from sklearn.datasets import load_iris, make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.naive_bayes import GaussianNB

import patterneval as pe

X, Y = make_classification(120, 5, n_informative=3, random_state=0)
X_IRIS, Y_IRIS = load_iris(return_X_y=True)

RANDOMISED = {
    # name: (estimator with its other options, fit data, what to compare after fit)
    "AdaBoost": (
        lambda **kw: pe.AdaBoost(n_estimators=6, mode="resample", **kw),
        (X, Y),
        lambda m: m.alphas_,
    ),
    "Bagging": (lambda **kw: pe.Bagging(n_estimators=4, **kw), (X, Y), lambda m: m.samples_),
    "RandomForest": (
        lambda **kw: pe.RandomForest(n_estimators=4, **kw),
        (X, Y),
        lambda m: m.samples_,
    ),
    "Stacking": (
        lambda **kw: pe.Stacking([GaussianNB()], cv=3, **kw),
        (X, Y),
        lambda m: m.oof_features_,
    ),
    "KMeans": (
        lambda **kw: pe.KMeans(3, init="random", **kw),
        (X_IRIS,),
        lambda m: m.init_centers_,
    ),
    "ISODATA": (
        lambda **kw: pe.ISODATA(3, n_iter=2, **kw),
        (X_IRIS,),
        lambda m: m.cluster_centers_,
    ),
    "FastICA": (lambda **kw: pe.FastICA(2, **kw), (X_IRIS[:, :2],), lambda m: m.components_),
    "CART": (lambda **kw: pe.CART(max_features=2, **kw), (X, Y), lambda m: m.tree_.feature),
    "CARTRegressor": (
        lambda **kw: pe.CARTRegressor(max_features=2, max_depth=4, **kw),
        (X, X[:, 0]),
        lambda m: m.tree_.feature,
    ),
}


def _estimator_classes():
    return {
        name: obj
        for name, obj in vars(pe).items()
        if inspect.isclass(obj) and issubclass(obj, BaseEstimator)
    }


def test_no_estimator_takes_rng():
    classes = _estimator_classes()
    assert set(RANDOMISED) <= set(classes)
    for name, cls in classes.items():
        params = inspect.signature(cls.__init__).parameters
        assert "rng" not in params, f"{name} still takes rng"
        if name in RANDOMISED:
            assert params["random_state"].default is None, name


def test_genetic_algorithm_is_not_an_estimator_and_keeps_rng():
    # it runs an optimisation (run(), no fit/predict), so SPEC 7's rng is its name
    assert not issubclass(pe.GeneticAlgorithm, BaseEstimator)
    assert "rng" in inspect.signature(pe.GeneticAlgorithm).parameters


@pytest.mark.parametrize("name", list(RANDOMISED))
def test_random_state_accepts_int_generator_and_randomstate(name):
    make, data, key = RANDOMISED[name]
    by_int = key(make(random_state=7).fit(*data))
    again = key(make(random_state=7).fit(*data))
    by_gen = key(make(random_state=np.random.default_rng(7)).fit(*data))
    np.testing.assert_array_equal(by_int, again)
    np.testing.assert_array_equal(by_int, by_gen)  # an int is default_rng(int)
    # a RandomState (what scikit-learn's meta-estimators hold) gives one int32 seed
    seed = int(np.random.RandomState(3).randint(np.iinfo(np.int32).max))
    by_rs = key(make(random_state=np.random.RandomState(3)).fit(*data))
    np.testing.assert_array_equal(by_rs, key(make(random_state=seed).fit(*data)))
    # clone keeps the seed (get_params / set_params round trip)
    model = make(random_state=7)
    assert clone(model).get_params()["random_state"] == 7
    np.testing.assert_array_equal(key(clone(model).fit(*data)), by_int)
    with pytest.raises(TypeError, match="random_state must be None, an int seed"):
        make(random_state="seven").fit(*data)


@pytest.mark.parametrize(
    "base",
    [pe.AdaBoost(n_estimators=3), pe.CART(max_features="sqrt"), pe.Stacking([GaussianNB()], cv=3)],
)
def test_scikit_learn_meta_estimators_seed_them(base):
    a = BaggingClassifier(base, n_estimators=3, random_state=0).fit(X, Y)
    b = BaggingClassifier(base, n_estimators=3, random_state=0).fit(X, Y)
    seeds = [m.random_state for m in a.estimators_]
    assert all(isinstance(s, (int, np.integer)) for s in seeds) and len(set(seeds)) == 3
    np.testing.assert_array_equal(a.predict_proba(X), b.predict_proba(X))
