# Two commands do all set-up: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

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
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

# Rebuild the browser client (clients/web/dist, committed) from clients/web/src: needs Node.
web:
	cd clients/web && npm ci --no-audit --no-fund && npm run build
