"""Bootstrap error estimates: out-of-bag (leave-one-out bootstrap), .632 and .632+ (Efron & Tibshirani 1997).

Placeholder: being written (issue 3). Each function raises NotImplementedError."""

__all__ = ["bootstrap_error", ]


def bootstrap_error(*args, **kwargs):
    raise NotImplementedError("bootstrap_error is being written")
