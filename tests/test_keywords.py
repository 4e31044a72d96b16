"""One convention for the public API's keywords (docs/DESIGN.md, "Conventions"): every
public function that takes ``rng`` answers ``random_state=`` (and ``seed=``) with a
TypeError naming ``rng=``; every one that takes ``cv`` answers ``n_splits=``,
``n_repeats=`` and ``stratify=`` with one naming ``cv=``; and no public function takes
``n_splits``, ``n_repeats``, ``stratify`` or ``seed`` any more."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import patterneval as pe

RETIRED = ("n_splits", "n_repeats", "stratify", "seed", "random_state")


def _public_functions():
    seen, found = set(), []
    names = ["patterneval"] + [
        m.name
        for m in pkgutil.walk_packages(pe.__path__, "patterneval.")
        if not any(p.startswith("_") for p in m.name.split("."))
    ]
    for module_name in names:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.isfunction(obj) and id(obj) not in seen:
                seen.add(id(obj))
                found.append(pytest.param(obj, id=f"{module_name}.{name}"))
    return found


FUNCTIONS = _public_functions()


@pytest.mark.parametrize("func", FUNCTIONS)
def test_no_retired_keyword(func):
    params = inspect.signature(func).parameters
    assert not set(RETIRED) & set(params), (
        f"{func.__name__} takes {sorted(set(RETIRED) & set(params))}: functions take rng= "
        f"and cv= (docs/DESIGN.md)"
    )


@pytest.mark.parametrize("func", FUNCTIONS)
def test_retired_keyword_names_the_new_one(func):
    params = inspect.signature(func).parameters
    cases = []
    if "rng" in params:
        cases += [("random_state", "rng="), ("seed", "rng=")]
    if "cv" in params:
        cases += [("n_splits", "cv="), ("n_repeats", "cv="), ("stratify", "cv=")]
    for new in ("n_datasets", "n_draws", "n_runs"):  # a count renamed from n_resamples
        if new in params and "n_resamples" not in params and ("rng" in params or "cv" in params):
            cases += [("n_resamples", new + "=")]
            break
    if not cases:
        pytest.skip("takes neither rng nor cv")
    for old, new in cases:
        # the guard answers before any argument is looked at, so no data is needed
        with pytest.raises(TypeError, match=f"takes {new}, not {old}="):
            func(**{old: 0})


def test_an_estimator_with_cv_names_it():
    """Stacking (an estimator: it keeps random_state) answers n_splits= with cv=, and its
    guarded __init__ keeps the signature scikit-learn's get_params and clone read."""
    from sklearn.base import clone
    from sklearn.linear_model import LogisticRegression

    with pytest.raises(TypeError, match=r"Stacking\(\) takes cv=, not n_splits="):
        pe.Stacking([LogisticRegression()], n_splits=3)
    model = pe.Stacking([LogisticRegression()], cv=3, random_state=0)
    assert clone(model).get_params()["cv"] == 3


def _painters():
    pytest.importorskip("matplotlib")
    from patterneval.plotting._style import Painter

    importlib.import_module("patterneval.plotting")
    found, todo = [], list(Painter.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if "rng" in inspect.signature(cls.update).parameters:
            found.append(cls)
    return sorted(found, key=lambda cls: cls.__name__)


def test_painters_with_rng_name_it():
    """A painter's update (the draw_* functions and the explorers pass their keywords on to
    it) answers random_state= and seed= with a TypeError naming rng=, before it draws."""
    painters = _painters()
    assert len(painters) >= 7
    for cls in painters:
        for old in ("random_state", "seed"):
            with pytest.raises(
                TypeError, match=rf"{cls.__name__}\.update\(\) takes rng=, not {old}="
            ):
                cls.update(object(), **{old: 0})


def test_draw_function_names_rng():
    pytest.importorskip("matplotlib")
    from patterneval.plotting import draw_bootstrap, new_figure

    with pytest.raises(TypeError, match="takes rng=, not random_state="):
        draw_bootstrap(new_figure(), random_state=0)
