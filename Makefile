# wuerfelwerk: `make run` installs and starts the main job, `make test` installs everything
# and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
SYSTEM_STAMP := $(VENV)/.installed-system

.PHONY: run test lint typecheck pytest pytest-rules pytest-compiled compiled screenshots clean

# The site runs on the compiled engine where a C compiler is present ($$CC, else the one
# Python was built with; built once into build/compiled, again when core/ or games/
# change), else on the pure-Python package, saying so in one line. `wuerfelwerk --version`
# and GET /api/health say which one runs. `make run PORT=8080` serves on another port.
PORT ?= 8000
run: $(STAMP)
	@if ! $(BIN)/python -c "$$HAS_COMPILER"; then \
		echo "No C compiler found: serving the pure-Python build (slower; install gcc for the compiled one)."; \
	elif ! $(MAKE) --no-print-directory compiled; then \
		echo "The compiled build failed (see above): serving the pure-Python build instead."; \
	else \
		export PYTHONPATH="$(abspath $(COMPILED))"; \
	fi; \
	$(BIN)/wuerfelwerk --version && exec $(BIN)/wuerfelwerk serve --host 127.0.0.1 --port $(PORT)

# The build of the compiled engine (minutes, in one process) runs beside the checks
# that do not need it, two at a time, each one's output printed whole once it ends; then
# the whole suite runs on it.
test: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target compiled lint typecheck pytest-rules
	$(MAKE) --no-print-directory pytest-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP) $@

# Debian packages the checks need (the tests run as root on a Debian machine): Caddy and
# certutil for the deployment test (tests/server/test_deploy.py).
SYSTEM_PACKAGES := chromium postgresql caddy libnss3-tools
$(SYSTEM_STAMP): Makefile
	@if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		missing=""; for p in $(SYSTEM_PACKAGES); do \
			dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
		if [ -n "$$missing" ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		fi; \
	fi
	touch $@

LINT_PATHS := $(wildcard src tests benchmarks examples docs deploy)
lint: $(DEV_STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

# `make test` runs the rules tests (core, every game, the conformance suite), the
# package's doctests and `make run`'s fallback to the pure package on the pure package,
# and the whole suite on the compiled build, the one `make run` serves. `make pytest`
# runs the whole suite on the pure package.
PYTEST := $(BIN)/pytest -n 2 --dist worksteal --timeout 600
RULES_TESTS := tests/core tests/malefiz tests/widget tests/mojave tests/wurfweg \
	tests/dimenticato tests/conformance tests/test_make_run.py src/wuerfelwerk

pytest: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(PYTEST) --durations 15

pytest-rules: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(PYTEST) $(RULES_TESTS)

# The compiled build (core/ and games/ through mypyc, hatch_build.py), installed beside
# the pure package. Only core/ and games/ are compiled; every other file of the package is
# copied from src/ as it is now, so a change elsewhere needs no new build.
COMPILED := build/compiled
COMPILED_STAMP := $(COMPILED)/.installed
COMPILED_SOURCES := $(shell find src/wuerfelwerk/core src/wuerfelwerk/games -name '*.py')
export HAS_COMPILER := import os, shutil, sys, sysconfig; \
	cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"; \
	sys.exit(shutil.which(cc.split()[0]) is None)

$(COMPILED_STAMP): $(STAMP) pyproject.toml hatch_build.py $(COMPILED_SOURCES)
	@echo "Building the compiled engine with mypyc into $(COMPILED): this takes a few minutes," \
		"once, and again after a change to core/ or games/."
	rm -rf $(COMPILED)
	WUERFELWERK_COMPILE=1 $(BIN)/pip install --quiet --no-deps --target $(COMPILED) .
	@# mypyc's runtime library, at the version the build needs (its wheel names it).
	$(BIN)/pip install --quiet "$$(sed -n 's/^Requires-Dist: \(librt==[^ ;]*\).*/\1/p' \
		$(COMPILED)/wuerfelwerk-*.dist-info/METADATA)"
	touch $@

compiled: $(COMPILED_STAMP)
	cp -R src/wuerfelwerk/. $(COMPILED)/wuerfelwerk/
	PYTHONPATH=$(COMPILED) $(BIN)/python -m wuerfelwerk.cli --version | grep -q "(compiled build)"

pytest-compiled: compiled $(DEV_STAMP) $(SYSTEM_STAMP)
	PYTHONPATH=$(abspath $(COMPILED)) $(PYTEST) -p no:cacheprovider --durations 15 tests

# The screenshots docs/web.md shows (docs/screenshots/), taken from a server of its own.
screenshots: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(BIN)/python docs/screenshots.py

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
