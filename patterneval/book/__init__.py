"""The book's wing: what the chapters need and a practitioner does not.

The library's modules (everything in ``patterneval`` outside ``patterneval.book``,
``patterneval.plotting`` and ``patterneval.widgets``) hold evaluation methods and the
course's learners. The chapters also need scaffolding: worked-example data, generated data
with a known truth, simulators that check a formula, grids of results keyed by slider
positions, coverage studies. That scaffolding lives here, one module per chapter, named
after the chapter's file (``book/part1/cv-intervals.ipynb`` -> ``patterneval.book.cv_intervals``;
the test-error chapter's is ``error_rate``), plus ``simulation`` (the Monte Carlo checks
every chapter runs).

The arrows run one way: a module here imports the library; no library module imports
this package (``tests/test_layers.py`` walks the imports). The figures
(``patterneval.plotting``) and the explorers (``patterneval.widgets``) draw the chapters and
may import from here.

Nothing is imported at ``import patterneval.book``: import the chapter's module, e.g.
``from patterneval.book.tree_learning import play_tennis``.
"""
