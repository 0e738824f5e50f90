# The two commands of the README: `make run` serves the site, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SITE := $(VENV)/.installed-site
TOOLS := $(VENV)/.installed-tools
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
ADDRESS ?= 127.0.0.1:8000

.PHONY: test run bench messages clean

# The site's requirements (make run), then the test tools on top (make test).
$(SITE): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements.txt
	touch $@

$(TOOLS): $(SITE) requirements-dev.txt
	$(PIP) -r requirements-dev.txt
	touch $@

test: $(TOOLS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy scoring
	$(BIN)/pytest

run: $(SITE)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver $(ADDRESS)

bench: $(SITE)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.deal_entry

# After changing translatable text: refresh the German catalogue, translate, then compile.
messages: $(SITE)
	$(BIN)/python manage.py makemessages -l de --ignore=.venv --ignore=tests --ignore=bench --no-obsolete
	$(BIN)/python manage.py compilemessages -l de --ignore=.venv

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
