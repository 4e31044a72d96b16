"""Feature-selection leakage: CV1 (select on all data, then cross-validate) vs CV2 (select inside every training fold).

Placeholder: being written (issue 3). Each function raises NotImplementedError."""

__all__ = ["selection_cv_error", ]


def selection_cv_error(*args, **kwargs):
    raise NotImplementedError("selection_cv_error is being written")
