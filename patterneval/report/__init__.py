"""One call per question, with the reasoning shown: reports that run the book's methods
on a classifier, on two or more classifiers, on scores over many data sets, or on a
clustering, and render what they found as tables, a figure, a summary in words and a
methods paragraph (Markdown or LaTeX) whose every method links to the chapter that
derives it."""

from .._api import public_names as _public_names

from ._base import set_book_url
from .classifier import ClassifierReport, evaluate_classifier
from .comparison import ComparisonReport, PairComparison, compare_classifiers
from .clustering import ClusteringReport, assess_clustering
from .datasets import DatasetsReport, compare_on_datasets

__all__ = _public_names(globals())
