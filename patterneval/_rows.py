"""Row selection for functions that resample an estimator: ``X`` is handed to the
estimator unchanged (as scikit-learn's ``cross_validate`` does), so a pandas DataFrame
stays a DataFrame (a pipeline can select its columns by name), a sparse matrix stays
sparse and NaN reaches an imputing pipeline. Only rows are taken."""

from __future__ import annotations

import numpy as np

__all__ = ["take_rows"]


def take_rows(X, indices):
    """The rows ``indices`` (an int array) of ``X``: ``X.iloc[indices]`` for pandas objects,
    a list for a list or tuple, and ``X[indices]`` for numpy arrays, scipy sparse matrices
    and arrays (CSR/CSC after ``patterneval._validation.check_X_y(..., pass_through=True)``) and other
    array-likes with numpy-style indexing.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval._rows import take_rows
    >>> take_rows(np.arange(6).reshape(3, 2), np.array([2, 0])).tolist()
    [[4, 5], [0, 1]]
    >>> take_rows(["a", "b", "c"], np.array([1, 1]))
    ['b', 'b']
    """
    indices = np.asarray(indices)
    if hasattr(X, "iloc"):
        return X.iloc[indices]
    if isinstance(X, (list, tuple)):
        return [X[i] for i in indices]
    return X[indices]
