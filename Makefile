# Two commands matter: `make tutor` (play in the browser) and `make test`
# (install everything the tests need, then run the whole suite).
# Both install into the project-local virtual environment .venv/.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: tutor classic bid practice lab test lint bench bench-full clean chromium axe proxy

tutor: $(VENV)/.installed-runtime
	$(PY) -m euchre_tutor.launch

classic: $(VENV)/.installed-runtime
	$(PY) -m euchre_tutor.launch --classic

bid: $(VENV)/.installed-runtime
	$(PY) -m euchre_tutor.launch --bid

practice: $(VENV)/.installed-runtime
	$(PY) -m euchre_tutor.launch --practice

# JupyterLab on notebooks/, opened on the lessons (the teacher's pages in teacher/), for any user: as root
# it passes --allow-root; it prints its one address, token included (8888, or the next free port)
lab: $(VENV)/.installed-runtime
	$(PY) -m euchre_tutor.launch --lab

test: $(VENV)/.installed-test chromium axe proxy
	bash scripts/run-tests.sh

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# every benchmark at a quick size (minutes); bench-full: at the sizes the issues name (hours)
bench: $(VENV)/.installed-test chromium
	bash scripts/bench.sh quick

bench-full: $(VENV)/.installed-test chromium
	bash scripts/bench.sh full

chromium:
	@bash scripts/ensure-chromium.sh

# axe-core (npm, the version pinned in scripts/axe/) for the browser tests' accessibility checks
axe:
	@bash scripts/get-axe.sh

# JupyterHub's proxy (npm, the version pinned in scripts/proxy/) for the hub test (tests/hub/)
proxy:
	@bash scripts/get-proxy.sh

# the tutor as a static site (artifacts/site/): Python runs in the student's browser, no server (docs/site.md)
.PHONY: site
site: $(VENV)/bin/python
	$(PY) scripts/build_site.py

$(VENV)/bin/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "euchre_tutor needs Python 3.11 or newer; set PYTHON=python3.x")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed-runtime: $(VENV)/bin/python pyproject.toml euchre_tutor/advisor/_trickdd.c euchre_tutor/games/solitaire/advisor/_solcore.c euchre_tutor/games/classic/advisor/_worldfill.c euchre_tutor/games/classic/bots/_clubbid.c
	$(PY) -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: $(VENV)/bin/python pyproject.toml euchre_tutor/advisor/_trickdd.c euchre_tutor/games/solitaire/advisor/_solcore.c euchre_tutor/games/classic/advisor/_worldfill.c euchre_tutor/games/classic/bots/_clubbid.c
	$(PY) -m pip install -q -e '.[dev]'
	@# pyproject.toml's build requirements too: the Binder check builds the package offline with them
	$(PY) -c "import tomllib; print('\\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['build-system']['requires']))" \
	  > $(VENV)/build-requirements.txt
	$(PY) -m pip install -q -r $(VENV)/build-requirements.txt
	@touch $@ $(VENV)/.installed-runtime

clean:
	rm -rf $(VENV) artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
