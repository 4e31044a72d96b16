"""Perturbation-resampling confidence interval for a linear SVM's cross-validation error (Jiang, Zhang & Cai 2008).

Placeholder: being written (issue 3). Each function raises NotImplementedError."""

__all__ = ["perturbation_interval", ]


def perturbation_interval(*args, **kwargs):
    raise NotImplementedError("perturbation_interval is being written")
