"""How the package states its public API once: ``__all__`` from the imports, and the
docstring parts that several public functions share.

Each ``__init__`` imports its public names explicitly (no star imports) and ends with
``__all__ = public_names(globals())``, so the list of names is written once, in the
imports. A module whose functions share a docstring section (the same parameters, the same
reference) writes it once in a dict and fills it in with :func:`doc_parts` (the idiom of
SciPy's ``doccer``): the filled docstring is what ``help``, numpydoc and doctest see. The
sections every estimator method shares (the ``X`` of ``predict``, ``self`` returned by
``fit``, the labels of ``predict``) are written once in :data:`ESTIMATOR_PARTS` and filled
in by the class decorator :func:`estimator_docs`. Parts are for such boilerplate only: an
Examples section is written out in full in each docstring, so that a failing doctest shows
its data where it is read. A ``%(name)s`` that the decorator's parts lack raises a KeyError
at import.
"""

from __future__ import annotations

import functools
import inspect
import re
from types import FunctionType, ModuleType

__all__ = [
    "ESTIMATOR_PARTS",
    "OTHER_NAMES",
    "doc_parts",
    "estimator_docs",
    "keywords",
    "public_names",
]

_CV = (
    "an int number of folds (stratified for a classifier), a scikit-learn splitter such as "
    "RepeatedStratifiedKFold(n_splits=10, n_repeats=5), or an iterable of (train, test) "
    "index pairs"
)
_RNG = (
    "functions take rng (None, an int seed or a numpy.random.Generator, SPEC 7); "
    "estimators keep scikit-learn's random_state"
)

_COUNT = (
    "n_resamples counts resamples of the caller's one data set; a Monte Carlo study counts "
    "its fresh data sets with n_datasets, posterior draws are n_draws, independent runs of "
    "a randomised algorithm n_runs"
)

#: Keyword names a user may carry from other libraries (or earlier versions of this one),
#: each with the names that may say it here and why. A function decorated with
#: :func:`keywords` that has one of the new names but not the old one answers the old one
#: with a TypeError naming the new one, never a silent alias.
OTHER_NAMES = {
    "random_state": (("rng", _RNG),),
    "seed": (("rng", _RNG),),
    "random_seed": (("rng", _RNG),),
    "n_splits": (("cv", _CV),),
    "n_folds": (("cv", _CV),),
    "n_repeats": (("cv", _CV),),
    "stratify": (("cv", _CV),),
    "n_resamples": (("n_datasets", _COUNT), ("n_draws", _COUNT), ("n_runs", _COUNT)),
    "n_replicates": (("n_datasets", _COUNT), ("n_runs", _COUNT)),
    "n_seeds": (("n_runs", _COUNT),),
}


def keywords(func):
    """Decorate a public function so that an old or foreign keyword raises a TypeError
    that names this library's keyword (:data:`OTHER_NAMES`).

    Parameters
    ----------
    func : callable
        A function with one of the new names of :data:`OTHER_NAMES` (``rng``, ``cv``,
        ``n_datasets``...); otherwise it is returned as is.

    Returns
    -------
    callable
        ``func``, wrapped (``functools.wraps``: same name, docstring and signature).

    Examples
    --------
    >>> from patterneval._api import keywords
    >>> @keywords
    ... def draw(n, *, rng=None):
    ...     return n
    >>> draw(3, random_state=0)
    Traceback (most recent call last):
    ...
    TypeError: draw() takes rng=, not random_state=: functions take rng (None, an int seed or a numpy.random.Generator, SPEC 7); estimators keep scikit-learn's random_state.
    """
    params = inspect.signature(func).parameters
    guarded = {}
    for old, choices in OTHER_NAMES.items():
        # the first of the new names the function takes is the one the message names
        match = next(((new, why) for new, why in choices if new in params), None)
        if old not in params and match is not None:
            guarded[old] = match
    if not guarded:
        return func

    @functools.wraps(func)
    def checked(*args, **kwargs):
        if not guarded.keys().isdisjoint(kwargs):
            old = next(k for k in kwargs if k in guarded)
            new, why = guarded[old]
            who = func.__qualname__.removesuffix(".__init__")  # an estimator: Stacking()
            raise TypeError(f"{who}() takes {new}=, not {old}=: {why}.")
        return func(*args, **kwargs)

    checked.__keywords_guarded__ = tuple(sorted(guarded))
    return checked


def public_names(namespace: dict) -> list[str]:
    """The sorted public names of a module namespace, its submodules left out.

    Parameters
    ----------
    namespace : dict
        A module's ``globals()``, once its imports are done.

    Returns
    -------
    list of str
        Every name that does not start with ``_`` and is not bound to a module.

    Examples
    --------
    >>> import math
    >>> from patterneval._api import public_names
    >>> public_names({"pi": math.pi, "math": math, "_private": 1, "floor": math.floor})
    ['floor', 'pi']
    """
    return sorted(
        name
        for name, value in namespace.items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    )


def doc_parts(parts: dict):
    """A decorator that replaces each ``%(name)s`` of a docstring by ``parts[name]``.

    Parameters
    ----------
    parts : dict of str to str
        Docstring sections by name, their continuation lines indented by four spaces
        (as in the docstring of a module-level function); in a deeper docstring (a
        method's) they are indented as the line of the ``%(name)s`` they replace.

    Returns
    -------
    callable
        Takes a function, fills its docstring in place and returns the function. Given a
        class, it fills the docstrings of the functions its body defines (and of the
        methods ``available_if`` wraps), ``%(cls)s`` becoming the class name.

    Raises
    ------
    KeyError
        When it fills a docstring that asks for a ``%(name)s`` that ``parts`` does not
        have, naming the part and the function: at import, not in what ``help()`` shows.

    Examples
    --------
    >>> from patterneval._api import doc_parts
    >>> @doc_parts({"returns": "Returns\\n    -------\\n    float"})
    ... def f():
    ...     '''One.
    ...
    ...     %(returns)s
    ...     '''
    >>> print(f.__doc__.strip())
    One.
    <BLANKLINE>
        Returns
        -------
        float
    """

    def fill(obj):
        if not isinstance(obj, type):
            obj.__doc__ = _filled(obj.__doc__, parts, obj.__qualname__)
            return obj
        named = {"cls": obj.__name__}
        mine = {**{k: _filled(v, named) for k, v in parts.items()}, **named}
        for attr in vars(obj).values():
            # sklearn's available_if keeps the method in .fn, staticmethod in .__func__
            func = getattr(attr, "fn", getattr(attr, "__func__", attr))
            if isinstance(func, FunctionType) and func.__doc__:
                func.__doc__ = _filled(func.__doc__, mine, func.__qualname__)
                if func is not attr:
                    attr.__doc__ = func.__doc__
        return obj

    return fill


def _filled(doc: str | None, parts: dict, where: str | None = None) -> str | None:
    """``doc`` with each ``%(name)s`` of ``parts`` replaced, re-indented to its line.

    Given ``where`` (the qualified name of the function whose docstring ``doc`` is), a
    ``%(name)s`` that ``parts`` lacks raises a KeyError naming the part and ``where``: a
    misspelt part fails at import, never reaching ``help()`` as a placeholder. Without
    ``where`` (a part filled in with the class name) other placeholders are left as they are.
    """
    if doc is None:
        return None
    if where is not None:
        unknown = sorted(set(re.findall(r"%\((\w+)\)s", doc)) - parts.keys())
        if unknown:
            raise KeyError(
                f"{where}: the docstring asks for part(s) "
                f"{', '.join(f'%({name})s' for name in unknown)} that this "
                f"doc_parts decorator does not have (it has: "
                f"{', '.join(sorted(parts))})"
            )

    def one(match):
        line_start = doc.rfind("\n", 0, match.start()) + 1
        indent = re.match(r"[ \t]*", doc[line_start:]).group()
        return parts[match.group(1)].replace("\n    ", "\n" + indent)

    return re.sub(r"%\((\w+)\)s", lambda m: one(m) if m.group(1) in parts else m.group(), doc)


#: Docstring sections that the methods of many estimators share (scikit-learn's API),
#: filled in by :func:`estimator_docs`; ``%(cls)s`` is the estimator's class name.
ESTIMATOR_PARTS = {
    "params_X": """Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        Samples, one per row, with the columns seen in ``fit``.""",
    "params_fit_X": """Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        Training samples, one per row.
    y : None
        Ignored; present for scikit-learn's API.""",
    "params_fit_Xy": """Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        Training samples, one per row.
    y : array_like, shape (n_samples,)
        Class labels.""",
    "params_fit_Xy_two": """Parameters
    ----------
    X : array_like, shape (n_samples, n_features)
        Training samples, one per row; at least two.
    y : array_like, shape (n_samples,)
        Class labels.""",
    "y_ignored": """y : None
        Ignored; present for scikit-learn's API.""",
    "sample_weight": """sample_weight : array_like, shape (n_samples,), optional
        Non-negative weights with a positive sum; default all 1.""",
    "returns_self": """Returns
    -------
    %(cls)s
        ``self``, fitted.""",
    "returns_labels": """Returns
    -------
    ndarray, shape (n_samples,)
        Labels from ``classes_``.""",
    "returns_proba": """Returns
    -------
    ndarray, shape (n_samples, n_classes)
        Columns in the order of ``classes_``; rows sum to 1.""",
}

#: Fills the ``%(name)s`` parts of the methods of an estimator class from
#: :data:`ESTIMATOR_PARTS` (a class decorator).
estimator_docs = doc_parts(ESTIMATOR_PARTS)
