"""The book's data: worked examples from the course notes and generated data sets.

Every function here is defined in the module of the chapter that uses it and re-exported
here, so that a reader looking for "the PlayTennis table" or "the two-Gaussian problem"
finds it in one place (scikit-learn's ``sklearn.datasets``). They are chapter helpers, not
evaluation methods: none is in ``patterneval.__all__``. Import them from here::

    from patterneval.datasets import play_tennis, two_gaussians

or as ``patterneval.datasets.play_tennis``. Generated data take a keyword-only ``rng``
(None, an int seed or a ``numpy.random.Generator``, SPEC 7); worked examples take none.

Worked examples (tables of the course notes and of the papers the book reproduces)
    :func:`play_tennis` (tree learning), :func:`enjoy_sport` (concept learning),
    :func:`gridworld` (reinforcement learning), :func:`demsar_table` (comparing many
    classifiers).

Generated data with a known truth
    :func:`two_gaussians` (interval estimates), :func:`blob_data` (internal indices),
    :func:`stability_blobs` (cluster stability), :func:`cocktail_party` (ICA),
    :func:`correlated_pair` (diversity), :func:`binormal_scores` (ROC and AUC),
    :func:`miscalibrated_forecasts` (calibration).

Examples
--------
>>> from patterneval.book.tree_learning import play_tennis
>>> from patterneval.datasets import two_gaussians
>>> play_tennis().X.shape
(14, 4)
>>> X, y = two_gaussians(6, rng=0)
>>> X.shape, y.tolist()
((6, 2), [0, 0, 0, 1, 1, 1])
"""

from ._api import public_names as _public_names

__all__ = _public_names(globals())
