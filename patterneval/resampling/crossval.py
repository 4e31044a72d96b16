"""Cross-validation (k-fold, repeated, stratified) and leave-one-out error estimates.

Placeholder: being written (issue 3). Each function raises NotImplementedError."""

__all__ = ["cross_val_error", "leave_one_out_error", ]


def cross_val_error(*args, **kwargs):
    raise NotImplementedError("cross_val_error is being written")


def leave_one_out_error(*args, **kwargs):
    raise NotImplementedError("leave_one_out_error is being written")
