# patterneval: library + executable textbook.  GNU make; needs only Python 3.11, make
# and node/npm.  Set-up is two commands:  `make book`  and  `make test`.
#
#   make book      venv + install (pinned) + npm assets + build the site into _build/html
#   make test      lint, unit tests and doctests (coverage), benchmarks --quick, the wheel alone, strict nbval, site build, browser test
#   make lab       JupyterLab on the book (sliders run live there)
#   make execute   re-execute every notebook in place, storing widget state
#
# Every recipe line runs under bash -euo pipefail: any failing command (including a
# pytest exit code 5, "no tests collected") fails the target.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
VENV_PY := $(BIN)/python
INSTALLED := $(VENV)/.installed
SITE := _build/html
KERNEL ?= python3
CELL_TIMEOUT ?= 600
NOTEBOOKS = $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)

export PYDEVD_DISABLE_FILE_VALIDATION := 1

# Strict nbval once per CPU profile (native, avx2, sse: see tools/nbval_profiles.sh),
# all against the same committed outputs.
# `make test-notebooks NBVAL_PROFILES=native NBVAL_PATHS=book/part1` runs one pass on a part.
NBVAL_PROFILES ?= native avx2 sse
NBVAL_PATHS ?= $(if $(TOC),$(COURSE_NOTEBOOKS),book/)

# A course (tools/course.py): a table of contents in _toc.yml's format naming some of the
# chapters (courses/example.yml). `make book TOC=courses/<name>.yml` builds only those, with
# the solutions, into $(COURSES)/<name>/html; SOLUTIONS=0 builds the students' site without
# them into $(COURSES)/<name>-student/html. BOOK_URL=https://... links every page outside the
# course to the full book's site (plain text without it); STUDENT_REPO=https://github.com/o/r
# gives a student build launch buttons (the book's own repository holds the solutions).
# `make frames`, `make build` and `make test-notebooks` take TOC= too. Without TOC nothing changes.
TOC ?=
SOLUTIONS ?= 1
BOOK_URL ?=
STUDENT_REPO ?=
COURSES ?= _build/courses
ifneq ($(strip $(TOC)),)
COURSE := $(basename $(notdir $(TOC)))
COURSE_OUT := $(COURSES)/$(COURSE)$(if $(filter 0,$(SOLUTIONS)),-student)
SITE := $(COURSE_OUT)/html
# the course's pages: the root and the `file:` entries of its table of contents
COURSE_DOCS := $(patsubst %.ipynb,%,$(shell sed -n -E 's/^[ -]*(root|file):[ ]*["'\'']?([^"'\'' ]+).*/\2/p' $(TOC)))
COURSE_NOTEBOOKS := $(foreach d,$(COURSE_DOCS),$(wildcard $(d).ipynb))
COURSE_CHAPTERS := $(filter book/part%,$(COURSE_NOTEBOOKS))
endif

.PHONY: help install assets frames book build test test-offsite test-browsers lint test-unit test-floors bench-quick test-wheel test-notebooks test-site test-course pdf test-pdf test-lab lab execute screenshots constraints clean

# Every public target (tests/test_makefile.py checks that each .PHONY target but `help` is here).
help:
	@echo "Set up and build:"
	@echo "  make book            build the site into $(SITE) (creates $(VENV), installs everything) and print its path"
	@echo "  make install         create $(VENV) and install patterneval with the book and test extras (pinned)"
	@echo "  make assets          install the site's browser assets (npm ci) into _offline/"
	@echo "  make frames          draw the explorers' frames for the static site (make build does this)"
	@echo "  make build           build the site with warnings as errors (FRAMES=0: without explorer frames)"
	@echo "  make book TOC=courses/example.yml   a course: only its chapters, into $(COURSES)/example/html"
	@echo "                       (SOLUTIONS=0: the students' site without solutions; BOOK_URL=: links to the full book)"
	@echo "  make pdf             the whole book as one PDF, $(PDF) (XeLaTeX; as root it apt-installs the TeX packages)"
	@echo "  make pdf PAPER=a4    the same on A4 paper (default: US letter); the build's log: $(PDF_LOG)"
	@echo "Test:"
	@echo "  make test            all tests: lint, unit + doctests, benchmarks --quick, the wheel alone, strict nbval, site build, browser"
	@echo "  make lint            ruff check, ruff format --check and mypy (the configuration is in pyproject.toml)"
	@echo "  make test-offsite    test-floors, bench-quick, test-wheel, pdf, test-pdf in turn (make test runs them beside test-unit)"
	@echo "  make test-browsers   test-site, then test-lab (make test runs them beside test-course)"
	@echo "  make test-unit       pytest: tests/ and the doctests of patterneval/, under coverage (the report is printed)"
	@echo "  make test-floors     the unit tests and doctests again in $(FLOORS_VENV), on the oldest versions pyproject.toml allows"
	@echo "  make bench-quick     every benchmark in its --quick mode (a smoke test, not a measurement)"
	@echo "  make test-wheel      build the wheel, install it alone in a fresh venv, run tests/smoke_wheel.py"
	@echo "  make test-notebooks  strict nbval on every notebook, once per CPU profile (NBVAL_PROFILES, NBVAL_PATHS)"
	@echo "  make test-site       the browser test of the built site (needs chromium)"
	@echo "  make test-course     build a four-chapter course strictly, with and without solutions, and check both"
	@echo "  make test-pdf        check the PDF: pages, embedded CJK fonts, every chapter, Chinese terms, figures"
	@echo "  make test-lab        a chapter in a real JupyterLab: Run All, citations, a slider move (needs chromium)"
	@echo "Work on the book:"
	@echo "  make lab             JupyterLab on the book (sliders run live there)"
	@echo "  make execute         re-execute notebooks in place, storing widget state (NOTEBOOKS=...)"
	@echo "  make screenshots     refresh the explorers' screenshots for the appendix and the README's"
	@echo "  make constraints     regenerate constraints.txt from $(VENV)"
	@echo "  make clean           remove _build/ and _offline/"

# --- environment ---------------------------------------------------------------------

# Debian's python3.11 lacks ensurepip unless python3.11-venv is installed: then (and only
# then) the venv is created without pip and pip is bootstrapped from PyPI. Asked when the
# rule runs (a recursive variable), so that other targets do not start Python for it.
HAS_ENSUREPIP = $(shell $(PYTHON) -c 'import ensurepip' >/dev/null 2>&1 && echo yes)

define venv_with_ensurepip
$(PYTHON) -m venv $(VENV)
endef

define venv_without_ensurepip
@echo "venv: $(PYTHON) has no ensurepip (Debian: apt-get install python3.11-venv); creating $(VENV) without pip and bootstrapping pip"
rm -rf $(VENV)
$(PYTHON) -m venv --without-pip $(VENV)
$(PYTHON) tools/bootstrap_pip.py $(VENV)
endef

$(VENV_PY):
	$(if $(HAS_ENSUREPIP),$(venv_with_ensurepip),$(venv_without_ensurepip))

$(INSTALLED): $(VENV_PY) pyproject.toml constraints.txt
	$(VENV_PY) -m pip install -c constraints.txt -e '.[book,test]'
	touch $@

install: $(INSTALLED)

# npm ci writes node_modules/.package-lock.json; third-party install scripts are not needed.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

_offline/VERSIONS.json: node_modules/.package-lock.json tools/offline_assets.py
	$(PYTHON) tools/offline_assets.py

assets: _offline/VERSIONS.json

# --- the site --------------------------------------------------------------------------

# The explorers' frames for the static site (tools/static_frames.py): each chapter runs the
# cells its explorer cell needs in a fresh kernel (the notebook is not changed) and the
# explorer is drawn on a grid of slider positions. The rule runs when a chapter or the library changes, but
# the frames directory is also the cache: a chapter whose code cells up to the explorer,
# the library and the plotting stack are unchanged keeps its frames (a text edit redraws
# nothing; a code edit redraws that chapter; a library edit, every chapter).
# `make build FRAMES=0` builds without them (the sliders then move but the figure stays).
# FRAME_JOBS: chapters drawn at once (default: every core).
FRAMES ?= 1
FRAME_JOBS ?=
# A course's frames: its chapters' only, in $(COURSES)/<name>/explorer-frames (both of its builds use them).
FRAMES_DIR := $(if $(TOC),$(COURSES)/$(COURSE)/explorer-frames,_build/explorer-frames)
FRAME_NOTEBOOKS = $(if $(TOC),$(COURSE_CHAPTERS) $(TOC),$(NOTEBOOKS))
LIBRARY_SOURCES = $(shell find patterneval -name '*.py' -not -path '*/__pycache__/*')

$(FRAMES_DIR)/manifest.json: $(FRAME_NOTEBOOKS) $(LIBRARY_SOURCES) tools/static_frames.py | $(INSTALLED)
	@start=$$(date +%s); \
	$(VENV_PY) tools/static_frames.py --out $(FRAMES_DIR) --prune $(if $(FRAME_JOBS),--jobs $(FRAME_JOBS)) $(COURSE_CHAPTERS); \
	status=$$?; echo "== frames drawn in $$(( $$(date +%s) - start )) s"; exit $$status

frames: $(FRAMES_DIR)/manifest.json

# Builds from the committed outputs (execute_notebooks: off); --all so that -W sees the
# warnings of every page, not only of the pages changed since the last build.
# A course (TOC=...): tools/course.py stages the book's sources for it in $(COURSE_OUT)/src
# (without solutions when SOLUTIONS=0), the same strict build runs on them, and the site
# moves to $(COURSE_OUT)/html.
build: $(INSTALLED) assets $(if $(filter 1,$(FRAMES)),frames)
ifeq ($(strip $(TOC)),)
	PATTERNEVAL_FRAMES=$(FRAMES) $(BIN)/jupyter-book build --all -W -n --keep-going .
else
	@start=$$(date +%s); \
	$(VENV_PY) tools/course.py stage $(TOC) $(COURSE_OUT)/src --frames $(FRAMES_DIR) \
	  $(if $(filter 0,$(SOLUTIONS)),--no-solutions) --book-url '$(BOOK_URL)' --student-repo '$(STUDENT_REPO)'; \
	PATTERNEVAL_FRAMES=$(FRAMES) $(BIN)/jupyter-book build --all -W -n --keep-going \
	  --path-output $(COURSE_OUT) $(COURSE_OUT)/src; \
	rm -rf $(SITE); mv $(COURSE_OUT)/_build/html $(SITE); \
	echo "== course $(COURSE) ($(if $(filter 0,$(SOLUTIONS)),students: no solutions,instructors: with solutions)) built in $$(( $$(date +%s) - start )) s"
endif

book: build
	@echo
	@echo "The site: $(abspath $(SITE))/index.html"

# --- the PDF ---------------------------------------------------------------------------

# The whole book as one PDF: Jupyter Book's LaTeX route (Sphinx's latex builder, then
# latexmk with XeLaTeX), from the committed outputs like the site; tools/sphinx_pdf.py puts
# each explorer's initial figure where the site has the widget. The Debian packages it
# needs (TeX Live's XeLaTeX; xeCJK from texlive-lang-cjk, which loads ctexhook from
# texlive-lang-chinese; Noto CJK and FreeFont; poppler for the test) are installed here when
# missing and running as root, like chromium in .ci/run; otherwise the target says which to
# install. On a fresh Debian 12 they are about 250 MB to download, 620 MB installed, about
# a minute to install.
PDF := _build/latex/patterneval.pdf
# `make pdf PAPER=a4` for A4 (tools/sphinx_pdf.py reads PATTERNEVAL_PAPER); US letter by default.
# The output of jupyter-book and latexmk goes to PDF_LOG; the target prints one line a stage.
PAPER ?= letter
PDF_LOG := _build/latex/make-pdf.log
PDF_DEBS := texlive-xetex texlive-latex-extra texlive-lang-cjk texlive-lang-chinese texlive-fonts-recommended lmodern latexmk fonts-noto-cjk fonts-freefont-otf poppler-utils

# (assets: _config.yml's html_static_path names _offline/, and a strict build of any kind
# fails when it is missing; make test builds the PDF before the site)
pdf: $(INSTALLED) assets
	@if command -v dpkg-query >/dev/null; then \
	  missing=$$(for p in $(PDF_DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done | xargs); \
	  if [[ -n "$$missing" && $$(id -u) == 0 ]]; then \
	    echo "pdf: installing $$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; apt-get update -q; apt-get install -y -q --no-install-recommends $$missing; \
	  elif [[ -n "$$missing" ]]; then \
	    echo "pdf: missing Debian packages; install them with: sudo apt-get install --no-install-recommends $$missing" >&2; exit 1; \
	  fi; \
	else \
	  for tool in xelatex latexmk pdfinfo; do command -v $$tool >/dev/null || { \
	    echo "pdf: $$tool not found: needs TeX Live (XeLaTeX, xeCJK, latexmk), poppler and the fonts Noto CJK SC and FreeSerif" >&2; exit 1; }; done; \
	fi
	@start=$$(date +%s); log=$(PDF_LOG); mkdir -p $$(dirname $$log); : > $$log; \
	failed() { echo "pdf: $$1 failed; the last 40 lines of $$log:" >&2; tail -n 40 $$log >&2; \
	  echo "pdf: the whole log: $$log" >&2; exit 1; }; \
	echo "pdf: writing the LaTeX sources ($(PAPER) paper; log: $$log)"; \
	PATTERNEVAL_FRAMES=0 PATTERNEVAL_PAPER=$(PAPER) $(BIN)/jupyter-book build --all -W -n --keep-going \
	  --builder latex . >>$$log 2>&1 || failed "jupyter-book (Sphinx's latex builder)"; \
	echo "pdf: LaTeX sources written; XeLaTeX (latexmk, several passes)"; \
	MAKEFLAGS= make -C $(dir $(PDF)) all-pdf >>$$log 2>&1 || failed "XeLaTeX"; \
	echo "== $(PDF): $$(pdfinfo $(PDF) | awk '/^Pages/ {print $$2}') pages, $$(du -h $(PDF) | cut -f1), built in $$(( $$(date +%s) - start )) s"; \
	if [[ -d $(SITE) ]]; then cp $(PDF) $(SITE)/patterneval.pdf; echo "pdf: copied into $(SITE) (the pages link it from the next make build)"; fi

# --- tests -----------------------------------------------------------------------------

# ruff's linter (pyflakes, pycodestyle, import order, pyupgrade, bugbear; line length 100)
# and formatter over the tree's Python, and mypy over patterneval/; `$(BIN)/ruff check --fix .`
# and `$(BIN)/ruff format .` apply what ruff can fix.
lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Line coverage of patterneval/ by the unit tests and doctests (the main process: work sent
# to joblib's worker processes is not traced); the table lists the files below 100 %.
test-unit: $(INSTALLED)
	$(VENV_PY) -m coverage erase
	$(VENV_PY) -m coverage run -m pytest
	$(VENV_PY) -m coverage report

# The dependency floors (scikit-learn's minimum-dependencies job): the lower bounds that
# pyproject.toml declares for the library and its plot and widgets extras, pinned exactly in
# constraints-floors.txt with the test tools that install alongside them, in a second venv
# made by the same recipe as $(VENV); the unit tests and doctests run there. Not the book:
# its own tests (they need nbformat, jupyter-book, the Sphinx extensions, or, as the
# exercises' written solutions, state numbers that follow the pinned versions like the
# notebooks' outputs: FLOORS_BOOK_TESTS) run in $(VENV) only. numpydoc is a test tool here
# (the docstring tests read with it).
FLOORS_VENV := .venv-floors
FLOORS_PY := $(FLOORS_VENV)/bin/python
FLOORS_INSTALLED := $(FLOORS_VENV)/.floors-installed
FLOORS_TEST_TOOLS := pytest hypothesis statsmodels mlxtend scikit-posthocs autorank baycomp distributed pandas numpydoc
FLOORS_BOOK_TESTS := test_book test_citations test_exercises test_course test_course_build test_launch test_mathtext test_notebook_state test_sphinx_apilinks test_sphinx_pdf test_static_frames

$(FLOORS_INSTALLED): pyproject.toml constraints-floors.txt
	$(MAKE) --no-print-directory VENV=$(FLOORS_VENV) $(FLOORS_PY)
	$(FLOORS_PY) -m pip install -c constraints-floors.txt -e '.[plot,widgets]' $(FLOORS_TEST_TOOLS)
	touch $@

test-floors: $(FLOORS_INSTALLED)
	@start=$$(date +%s); \
	$(FLOORS_PY) -m pip list 2>/dev/null | grep -iE '^(numpy|scipy|scikit-learn|joblib|threadpoolctl|tqdm|matplotlib|ipywidgets) '; \
	$(FLOORS_PY) -m pytest $(foreach t,$(FLOORS_BOOK_TESTS),--ignore=tests/$(t).py); \
	echo "== test-floors passed in $$(( $$(date +%s) - start )) s"

# every benchmark in its --quick mode (tiny sizes, a few seconds each, no assertions on time):
# a smoke test so that the scripts cannot rot; the numbers are not measurements
bench-quick: $(INSTALLED)
	@start=$$(date +%s); \
	for script in benchmarks/bench_*.py; do \
	  echo "== $$script --quick"; \
	  MPLBACKEND=Agg $(VENV_PY) "$$script" --quick || exit 1; \
	done; \
	echo "bench-quick: all benchmarks ran in $$(( $$(date +%s) - start )) s"

test-notebooks: $(INSTALLED)
	tools/nbval_profiles.sh $(VENV_PY) "$(NBVAL_PATHS)" $(NBVAL_PROFILES)

# The library as a practitioner installs it: build the wheel (from a copy of the sources,
# so that the tree gets no build/ or egg-info), install it non-editable into a fresh venv
# with only its runtime dependencies (pinned by constraints.txt; the venv has no pip of its
# own, our pip installs into it), and run tests/smoke_wheel.py from a temporary directory,
# in isolated mode, so that only the installed copy can be imported.
test-wheel: $(INSTALLED)
	@start=$$(date +%s); \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	mkdir "$$tmp/src" "$$tmp/dist"; \
	cp -r pyproject.toml README.md LICENSE patterneval "$$tmp/src/"; \
	$(VENV_PY) -m pip wheel --quiet --no-deps --wheel-dir "$$tmp/dist" "$$tmp/src"; \
	$(PYTHON) -m venv --without-pip "$$tmp/venv"; \
	$(VENV_PY) -m pip --python "$$tmp/venv/bin/python" install --quiet -c constraints.txt "$$tmp"/dist/*.whl; \
	cp tests/smoke_wheel.py "$$tmp/"; \
	cd "$$tmp"; \
	"$$tmp/venv/bin/python" -I smoke_wheel.py "$(CURDIR)"; \
	echo "== test-wheel passed in $$(( $$(date +%s) - start )) s"

# The browser test is marked `browser` and deselected by default (pyproject addopts).
test-site: $(INSTALLED)
	PATTERNEVAL_FRAMES=$(FRAMES) $(VENV_PY) -m pytest -m browser tests/test_site.py tests/test_site_navigation.py tests/test_site_a11y.py

# The course test (tests/test_course_build.py, marked `course`): builds a four-chapter course
# of its own (without explorer frames) strictly twice, with and without solutions, into a
# temporary folder, and checks that no page, downloadable notebook or source of the student
# site holds a solution and that links out of the course are plain text or go to BOOK_URL.
test-course: $(INSTALLED) assets
	$(VENV_PY) -m pytest -m course tests/test_course_build.py

# The PDF test (tests/test_pdf.py, marked `pdf`): reads the PDF `make pdf` built.
test-pdf: $(INSTALLED)
	$(VENV_PY) -m pytest -m pdf tests/test_pdf.py

# A chapter in JupyterLab (tests/test_lab.py, also marked `browser`): a real `jupyter lab`
# on 127.0.0.1 over a copy of one chapter; Chromium runs it (Run All), checks the citations,
# the explorer's figure and that a slider move redraws it. About a minute.
test-lab: $(INSTALLED)
	$(VENV_PY) -m pytest -m browser tests/test_lab.py

# The make targets $(1) one after another (the first failure stops them), each one's time
# printed. Called as +$(call ...): the "+" passes make's jobserver on, as a literal $(MAKE) would.
define timed_steps
@for step in $(1); do \
  start=$$(date +%s); \
  $(MAKE) --no-print-directory $$step; \
  echo "== step $$step: $$(( $$(date +%s) - start )) s"; \
done
endef

# `make test` runs its steps two at a time where each uses one core, so that a 2-core
# machine has both busy: the unit tests under coverage (one process, the longest step)
# beside the steps that need no site (the dependency floors, the benchmarks' smoke test,
# the wheel, the PDF and its test, in turn); then the notebooks (their CPU profiles share
# the cores); the site (the frames on every core); then the browser tests (the site, then
# JupyterLab) beside the course build. The PDF comes before the site, so that the site
# links it and the browser test follows that link. Each target's output is printed whole
# when it ends (--output-sync), with its time.
test-offsite: $(INSTALLED)
	+$(call timed_steps,test-floors bench-quick test-wheel pdf test-pdf)

test-browsers: $(INSTALLED)
	+$(call timed_steps,test-site test-lab)

test: $(INSTALLED)
	@start=$$(date +%s); \
	step() { local t=$$(date +%s); $(MAKE) --no-print-directory "$$@"; \
	  echo "== step $$*: $$(( $$(date +%s) - t )) s (make test at $$(( $$(date +%s) - start )) s)"; }; \
	step lint; \
	step -j2 --output-sync=target test-unit test-offsite; \
	step test-notebooks; \
	step build; \
	step -j2 --output-sync=target test-browsers test-course; \
	echo "make test: all passed in $$(( $$(date +%s) - start )) s"

# --- working on the book ---------------------------------------------------------------

# LAB_ARGS="--no-browser --port 8890" to pass options; as root (containers) --allow-root is added.
# JupyterLab neither asks about nor fetches "official Jupyter news" and update checks (nothing
# reaches the network at run time): tools/jupyterlab/overrides.json becomes the venv's default
# settings, and the server side is switched off by the two LabApp options.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
lab: $(INSTALLED)
	install -D -m 644 tools/jupyterlab/overrides.json $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ServerApp.root_dir=book --LabApp.news_url= \
	  --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
	  $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS)

execute: $(INSTALLED)
	@rm -f $(VENV)/.execute-times.tsv
	@for nb in $(NOTEBOOKS); do \
	  start=$$(date +%s%N); \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.store_widget_state=True \
	    --ExecutePreprocessor.kernel_name=$(KERNEL) \
	    --ExecutePreprocessor.timeout=$(CELL_TIMEOUT) "$$nb"; \
	  printf '%s\t%s\n' "$$nb" "$$(( ($$(date +%s%N) - start) / 1000000 ))" >> $(VENV)/.execute-times.tsv; \
	done
	$(VENV_PY) tools/normalize_notebooks.py $(NOTEBOOKS)
	$(VENV_PY) tools/check_notebooks.py --times $(VENV)/.execute-times.tsv $(NOTEBOOKS)

# Screenshots of every explorer for the appendix's Explorers page (needs chromium): build
# once so the chapters show the explorers, shoot, then build again with the new images.
screenshots: $(INSTALLED) assets
	$(BIN)/jupyter-book build --all .   # not -W: the screenshots are what is missing
	$(VENV_PY) tools/explorer_screenshots.py $(SITE)
	$(MAKE) --no-print-directory build

constraints: $(INSTALLED)
	{ sed -n '1,3p' constraints.txt; \
	  $(VENV_PY) -m pip freeze --exclude patterneval --exclude pip --exclude setuptools --exclude wheel; \
	} > constraints.txt.new
	mv constraints.txt.new constraints.txt

clean:
	rm -rf _build _offline .coverage
