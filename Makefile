# wuerfelwerk: `make run` installs and starts the main job, `make test` installs everything
# and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
SYSTEM_STAMP := $(VENV)/.installed-system

.PHONY: run test lint typecheck pytest pytest-compiled screenshots clean

run: $(STAMP)
	$(BIN)/wuerfelwerk serve --host 127.0.0.1 --port 8000

test: $(DEV_STAMP) $(SYSTEM_STAMP) lint typecheck pytest pytest-compiled

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

pytest: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(BIN)/pytest -n 2 --timeout 600

# The compiled build (core/ and games/ through mypyc, hatch_build.py), installed beside
# the pure package and tested on the rules: the games' own tests and the conformance suite.
COMPILED := build/compiled
COMPILED_STAMP := $(COMPILED)/.installed
COMPILED_SOURCES := $(shell find src/wuerfelwerk/core src/wuerfelwerk/games -name '*.py')
COMPILED_TESTS := tests/core tests/malefiz tests/widget tests/mojave tests/wurfweg \
	tests/dimenticato tests/conformance

$(COMPILED_STAMP): $(DEV_STAMP) pyproject.toml hatch_build.py $(COMPILED_SOURCES)
	rm -rf $(COMPILED)
	WUERFELWERK_COMPILE=1 $(BIN)/pip install --quiet --no-deps --target $(COMPILED) .
	touch $@

pytest-compiled: $(COMPILED_STAMP) $(SYSTEM_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import wuerfelwerk.games.malefiz.state as m; \
		assert m.__file__.endswith('.so'), 'not the compiled build: ' + m.__file__"
	PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 --timeout 600 -p no:cacheprovider $(COMPILED_TESTS)

# The screenshots docs/web.md shows (docs/screenshots/), taken from a server of its own.
screenshots: $(DEV_STAMP) $(SYSTEM_STAMP)
	$(BIN)/python docs/screenshots.py

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
