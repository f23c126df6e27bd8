# Reintegro: the two commands a fresh machine needs.
#   make serve   builds everything and serves the site on http://127.0.0.1:8000
#   make test    installs what is missing and runs every test
# Other targets: make site (static build into site/), make benchmark, make fuzz,
#   make mutacion [MODULOS=regimen.py,intereses.py] [MUTACION_OPCIONES=--reanudar]
#                mutation testing of the engine (mutmut 3.8, about an hour on two
#                cores; not part of make test): table in benchmarks/mutacion.md

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.instalado

.PHONY: serve test site deps wheels chromium benchmark fuzz mutacion clean

serve: deps
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

test: deps chromium
	$(BIN)/python -m pytest

site: deps
	$(BIN)/mkdocs build --strict

deps: $(STAMP) node_modules/.instalado wheels

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation --editable .
	touch $@

node_modules/.instalado: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The pinned wheels the browser loads (calculator/wheels.json), checked by sha256.
wheels: $(STAMP)
	$(BIN)/python calculator/fetch_wheels.py

# Debian's Chromium for the browser tests (never a downloaded browser build),
# with its Spanish interface (chromium-l10n: date fields read dd/mm/aaaa).
chromium:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; }
	@dpkg -s chromium-l10n >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-l10n; }

benchmark: deps chromium
	$(BIN)/python benchmarks/benchmark.py

fuzz: deps
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/engine/test_fuzz.py

# Mutation testing in its own environment (requirements-mutacion.txt pins
# mutmut), so that make test never installs it. benchmarks/mutacion.py --help
# lists the options; MUTACION_OPCIONES passes them (--procesos 1, --reanudar).
MUTACION := .cache/mutacion/venv

mutacion: $(MUTACION)/.instalado
	$(MUTACION)/bin/python benchmarks/mutacion.py $(if $(MODULOS),--modulos $(MODULOS)) $(MUTACION_OPCIONES)

$(MUTACION)/.instalado: requirements.txt requirements-mutacion.txt
	$(PYTHON) -m venv $(MUTACION)
	$(MUTACION)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-mutacion.txt
	touch $@

clean:
	rm -rf site build .cache $(VENV) node_modules
