"""The Result mixin (patterneval._results): reprs summarise arrays on one line."""

import dataclasses

import numpy as np
import pytest

from patterneval._results import REPR_MAX_CHARS, REPR_MAX_ITEMS, Result


@dataclasses.dataclass(frozen=True, repr=False)
class _Demo(Result):
    value: float
    small: np.ndarray
    big: np.ndarray
    table: np.ndarray
    parts: tuple = ()
    _hidden: int = 0


def _demo():
    return _Demo(
        value=0.123456789,
        small=np.array([1.0, 2.5]),
        big=np.arange(1000.0) / 4,
        table=np.arange(600).reshape(150, 4),
        parts=(np.zeros(50), 3),
    )


def test_repr_summarises_arrays_with_their_shape():
    text = repr(_demo())
    assert "\n" not in text
    assert text.startswith("_Demo(value=0.123457, small=[1.0, 2.5], ")
    assert "big=<float array (1000,)>" in text
    assert "table=<int array (150, 4)>" in text
    assert "parts=(<float array (50,)>, 3)" in text
    assert "_hidden" not in text
    assert len(text) < 150  # 1,650 numbers in the fields


def test_small_arrays_and_short_lists_are_shown_whole():
    r = _Demo(
        value=1.0,
        small=np.arange(REPR_MAX_ITEMS),
        big=np.array([0.5]),
        table=np.eye(2),
        parts=(1, 2),
    )
    text = repr(r)
    assert f"small=[{', '.join(str(i) for i in range(REPR_MAX_ITEMS))}]" in text
    assert "value=1.0," in text and "big=[0.5]" in text and "parts=(1, 2)" in text
    assert "table=[[1.0, 0.0], [0.0, 1.0]]" in text
    long = dataclasses.replace(r, parts=tuple(range(20)))
    assert "parts=<tuple of 20 items>" in repr(long)


def test_html_table_uses_the_same_summary():
    html = _demo()._repr_html_()
    assert "(1000,)" in html and "_hidden" not in html
    assert html.count("<tr>") == 5


@dataclasses.dataclass(frozen=True, repr=False)
class _Test(Result):
    n: int
    pvalue: float
    statistic: float
    interval_pvalue: np.ndarray
    low: float = 0.0
    high: float = 1.0
    notes: str = "x" * 400
    _means = "A statistic of {statistic:.3g}."


def test_headline_first_pvalues_as_floats_and_the_line_is_cut_at_300():
    r = _Test(n=3, pvalue=1, statistic=2.0, interval_pvalue=np.array([0, 1]))
    text = repr(r)
    assert text.startswith(
        "_Test(statistic=2.0, low=0.0, high=1.0, pvalue=1.0, interval_pvalue=[0.0, 1.0], n=3"
    )
    many = dataclasses.replace(r, notes="y" * 70)
    assert len(repr(r)) <= REPR_MAX_CHARS and len(repr(many)) <= REPR_MAX_CHARS
    assert repr(r).endswith(", ...)") or "notes=" in repr(r)
    html = r._repr_html_()
    assert html.index("statistic") < html.index("pvalue") and "low</th>" not in html
    assert "2.0, interval [0.0, 1.0]" in html


def test_summary_dict_and_frame():
    r = _Test(n=3, pvalue=0.04, statistic=2.0, interval_pvalue=np.array([0.5, 1]))
    lines = r.summary().splitlines()
    assert lines[1] == "statistic = 2.0, interval [0.0, 1.0]" and lines[-1] == "A statistic of 2."
    d = r.to_dict()
    assert set(d) == {"n", "pvalue", "statistic", "interval_pvalue", "low", "high", "notes"}
    assert d["interval_pvalue"] is r.interval_pvalue
    pd = pytest.importorskip("pandas")
    frame = r.to_frame()
    assert isinstance(frame, pd.DataFrame) and frame.shape == (1, 6)


def test_to_frame_without_pandas_says_how_to_install(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("No module named 'pandas'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="pip install pandas"):
        _demo().to_frame()


class _Opaque:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


@dataclasses.dataclass(frozen=True, repr=False)
class _Mixed(Result):
    estimate: np.ndarray
    pair: tuple
    weights: dict
    short: object
    long: object


def _mixed():
    from patterneval import ConfidenceInterval

    return _Mixed(
        estimate=np.array(0.25),
        pair=ConfidenceInterval(0.1, 0.4),
        weights={"a": 0.5, "b": 2},
        short=_Opaque("Opaque(\n  1)"),
        long=_Opaque("x" * 100),
    )


def test_named_tuples_dicts_and_other_objects_in_a_repr():
    text = repr(_mixed())
    assert text == (
        "_Mixed(estimate=0.25, pair=ConfidenceInterval(low=0.1, high=0.4), "
        "weights={'a': 0.5, 'b': 2}, short=Opaque( 1), long=<_Opaque>)"
    )
    big = dataclasses.replace(_mixed(), weights={i: i for i in range(REPR_MAX_ITEMS + 1)})
    assert f"weights=<dict of {REPR_MAX_ITEMS + 1} items>" in repr(big)


def test_to_frame_unwraps_a_0d_array():
    pytest.importorskip("pandas")
    frame = _mixed().to_frame()
    assert list(frame.columns) == ["estimate"]
    assert frame.loc["_Mixed", "estimate"] == 0.25


@dataclasses.dataclass(frozen=True, repr=False)
class _NoInterval(Result):
    estimate: float

    def confidence_interval(self, confidence_level=0.95):
        raise ValueError("no interval for this estimate")


@dataclasses.dataclass(frozen=True, repr=False)
class _ArrayInterval(Result):
    estimate: float

    def confidence_interval(self, confidence_level=0.95):
        return np.array([0.1, 0.2]), np.array([0.3, 0.4])


@pytest.mark.parametrize("cls", [_NoInterval, _ArrayInterval])
def test_summary_leaves_out_an_interval_the_defaults_cannot_give_as_two_numbers(cls):
    r = cls(estimate=0.5)
    assert r.summary().splitlines()[1] == "estimate = 0.5"
    assert "interval" not in r._repr_html_()
