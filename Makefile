# The two commands of the README: `make run` serves the site, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SITE := $(VENV)/.installed-site
TOOLS := $(VENV)/.installed-tools
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
ADDRESS ?= 127.0.0.1:8000
# Served to this computer only, the site runs with debug on; to any other address (the phones on
# the club's Wi-Fi), with debug off under gunicorn, with a secret key made once for this laptop.
LOOPBACK := $(filter 127.0.0.1:% localhost:% [::1]:%,$(ADDRESS))
SECRET := $(VENV)/secret-key

.PHONY: test run bench messages clean

# The suite runs on every core (pytest-xdist), a test file to a worker: a file's session
# fixtures (the checkers npm installs, the refreshed catalogues) are then made once.
PARALLEL := --numprocesses auto --dist loadfile

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
	$(BIN)/pytest $(PARALLEL)

$(SECRET): | $(SITE)
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $@
	chmod 600 $@

run: $(SITE) $(SECRET)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
ifneq ($(LOOPBACK),)
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver $(ADDRESS)
else
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$$(cat $(SECRET))" $(BIN)/python manage.py collectstatic --noinput -v 0
	DJANGO_DEBUG=0 DJANGO_HTTPS=0 DJANGO_SECRET_KEY="$$(cat $(SECRET))" \
		$(BIN)/gunicorn tarokclub.wsgi --bind $(ADDRESS) --workers 2 --threads 4 --access-logfile -
endif

bench: $(SITE)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.flat_costs
	$(BIN)/python -m bench.spreadsheets
	$(BIN)/python -m bench.sitting_import
	$(BIN)/python -m bench.hostile_files
	$(BIN)/python -m bench.draw
	$(BIN)/python -m bench.tournament_standings
	$(BIN)/python -m bench.ledger
	$(BIN)/python -m bench.evenings
	$(BIN)/python -m bench.ratings
	$(BIN)/python -m bench.writes

# After changing translatable text: refresh the German and Danish catalogues, translate, then
# compile.
messages: $(SITE)
	$(BIN)/python manage.py makemessages -l de -l da --ignore=.venv --ignore=tests --ignore=bench --no-obsolete
	$(BIN)/python manage.py compilemessages -l de -l da --ignore=.venv

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
