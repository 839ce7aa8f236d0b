# Two commands do all set-up: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# test processes (pytest-xdist; a test file to each at a time): most tests wait on I/O
TEST_WORKERS ?= 3

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

.PHONY: serve test lint web
serve: $(STAMP)
	$(BIN)/warband serve

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check .

# Rebuild the browser client (clients/web/dist, committed) from clients/web/src: needs Node.
web:
	cd clients/web && npm ci --no-audit --no-fund && npm run build
