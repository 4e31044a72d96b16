"""The Result mixin (patterneval._results): reprs summarise arrays on one line."""

import dataclasses

import numpy as np

from patterneval._results import REPR_MAX_ITEMS, Result


@dataclasses.dataclass(frozen=True, repr=False)
class _Demo(Result):
    value: float
    small: np.ndarray
    big: np.ndarray
    table: np.ndarray
    parts: tuple = ()
    _hidden: int = 0


def _demo():
    return _Demo(value=0.123456789, small=np.array([1.0, 2.5]), big=np.arange(1000.0) / 4,
                 table=np.arange(600).reshape(150, 4), parts=(np.zeros(50), 3))


def test_repr_summarises_arrays_with_their_shape():
    text = repr(_demo())
    assert "\n" not in text
    assert text.startswith("_Demo(value=0.123457, small=[1. , 2.5], ")
    assert "big=array([0., 0.25, 0.5, ..., 249.25, 249.5, 249.75], shape=(1000,))" in text
    assert "table=array([[0, 1, 2, 3], [4, 5, 6, 7], ..., [592, 593, 594, 595], " \
           "[596, 597, 598, 599]], shape=(150, 4))" in text
    assert "parts=(array([0., 0., 0., ..., 0., 0., 0.], shape=(50,)), 3)" in text
    assert "_hidden" not in text
    assert len(text) < 400  # 1,650 numbers in the fields


def test_small_arrays_and_short_lists_are_shown_whole():
    r = _Demo(value=1.0, small=np.arange(REPR_MAX_ITEMS), big=np.array([0.5]),
              table=np.eye(2), parts=(1, 2))
    text = repr(r)
    assert f"small=[{', '.join(str(i) for i in range(REPR_MAX_ITEMS))}]" in text
    assert "big=[0.5]" in text and "parts=(1, 2)" in text
    assert "table=array([[1., 0.], [0., 1.]], shape=(2, 2))" in text
    long = dataclasses.replace(r, parts=tuple(range(20)))
    assert "parts=(0, 1, 2, ..., 17, 18, 19, <20 items>)" in repr(long)


def test_html_table_uses_the_same_summary():
    html = _demo()._repr_html_()
    assert "shape=(1000,)" in html and "249.75" in html and "_hidden" not in html
    assert html.count("<tr>") == 5
