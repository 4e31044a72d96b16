"""Label-permutation tests of whether a classifier finds real structure (p = (b + 1) / (m + 1)).

Placeholder: being written (issue 3). Each function raises NotImplementedError."""

__all__ = ["permutation_test", ]


def permutation_test(*args, **kwargs):
    raise NotImplementedError("permutation_test is being written")
