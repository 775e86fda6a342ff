# jinro-gm developer commands. Needs only Python 3.11+ and pip: `make play`, `make test`.
#
# The virtualenv is built from the hash-pinned lock (requirements-dev.lock, a superset of
# requirements.lock) and re-synced only when the lock or pyproject.toml changes (stamp file in .venv).
# pip installs uv (hash-pinned, requirements-uv.lock) and uv installs the lock: 10 s where pip took 2-4 min
# of a clean clone's `make test` on a 2-core machine (pip resolves, unpacks and byte-compiles every file of
# 114 packages; uv does it in parallel and leaves compiling to the first import). If uv cannot be
# installed, pip installs the lock itself.

PYTHON ?= python3
# Python writes and reuses bytecode (__pycache__) even where the environment says not to: uv installs
# packages without .pyc, and a clean clone's `make test` starts about 40 Python processes (xdist workers,
# the containers of tests/e2e/test_process_concurrency.py, CLI and replay subprocesses), each of which would
# otherwise compile everything it imports from source again (collection alone: 31 s of CPU per worker
# without, 15 s with, on a 2-core machine).
unexport PYTHONDONTWRITEBYTECODE
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stamp-install
ARGS   ?=

# `make lock` resolves against PyPI only, ignoring any machine-local pip index or wheel folder.
LOCK_ENV     ?= env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL PIP_CONFIG_FILE=/dev/null \
                CUSTOM_COMPILE_COMMAND="make lock"
PIP_COMPILE  := $(LOCK_ENV) $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
                --no-emit-find-links --no-emit-index-url --no-emit-trusted-host
LOCK_ARGS    ?=

CHECKS := check-ruff check-mypy check-imports check-cfn

.PHONY: venv play test lint bench soak screenshots lock clean $(CHECKS) check-pytest

venv: $(STAMP)

UV_PIP      := $(BIN)/uv pip install --quiet --python $(BIN)/python
PIP         := $(BIN)/python -m pip install --quiet

$(STAMP): pyproject.toml requirements.lock requirements-dev.lock requirements-uv.lock
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "jinro-gm needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) --version 2>&1)."; \
		     echo "Run: make PYTHON=/path/to/python3.11 ..."; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	if $(PIP) --require-hashes -r requirements-uv.lock; then \
		$(UV_PIP) --require-hashes -r requirements-dev.lock && $(UV_PIP) --no-deps --no-build-isolation -e .; \
	else \
		echo "note: uv could not be installed; pip installs the lock (a few minutes)"; \
		$(PIP) --require-hashes -r requirements-dev.lock && $(PIP) --no-deps --no-build-isolation -e .; \
	fi
	touch $@

play: venv
	$(BIN)/jinro-gm play $(ARGS)

# Every check runs (make -k) so one report shows every failure; the target fails if any step failed.
lint: venv
	@$(MAKE) --no-print-directory -k $(CHECKS)

# The checks run beside pytest (-j: each is one process that would otherwise leave a core idle for half a
# minute before the tests start). A check's output is printed whole when it ends (-O line); pytest's as it
# comes (its recipe line starts with +, which make never buffers: note that `make -n` runs it too).
test: venv
	@$(MAKE) --no-print-directory -k -j --output-sync=line check-pytest $(CHECKS)

check-ruff:
	$(BIN)/ruff check .

check-mypy:
	$(BIN)/mypy core handlers infra devtools

check-imports:
	$(BIN)/lint-imports

check-cfn:
	$(BIN)/cfn-lint template.yaml

# On every core (pytest-xdist: one worker per core and one more, tests/conftest.py; a module's tests that
# share a module-scoped fixture stay on one worker, tests/grouping.py), and the 15 slowest tests at the end.
PYTEST_PARALLEL ?= -n auto --dist loadgroup
check-pytest:
	+$(BIN)/pytest -q $(PYTEST_PARALLEL) --durations=15

# The long random runs, not part of `make test`: the seeded bulk games of every game and every table size,
# 10,000 games per game (SOAK_GAMES=N for another count), each checked as in the tests (ends, nothing
# raises, no leak); prints the figures per game and size (tests/property/soak.py).
SOAK_GAMES ?= 10000
soak: venv
	SOAK_GAMES=$(SOAK_GAMES) $(BIN)/pytest -q $(PYTEST_PARALLEL) -p no:cacheprovider \
		tests/property/test_property_seeds.py::test_many_seeded_games_end_without_a_leak_and_stay_small \
		tests/property/test_politician_games.py::test_many_seeded_games_keep_every_invariant \
		tests/property/test_deathnote_games.py::test_seeded_games_of_each_size_keep_every_invariant_and_both_teams_win

bench: venv
	$(BIN)/python bench/run.py $(ARGS)

# Renders the console and the playground of each game in headless Chromium into docs/screenshots/
# (devtools/screenshots.py; needs Debian's chromium and fonts-noto-cjk, or CHROMIUM=/path).
screenshots: venv
	$(BIN)/python -m devtools.screenshots $(ARGS)

# Re-pin both locks from pyproject.toml (LOCK_ARGS=--upgrade to move to newer releases). The runtime lock
# starts from the dev lock's pins, so the two always agree on shared packages.
lock: venv
	$(PIP_COMPILE) $(LOCK_ARGS) --extra dev -o requirements-dev.lock pyproject.toml
	cp requirements-dev.lock requirements.lock
	$(PIP_COMPILE) -o requirements.lock pyproject.toml
	$(PIP_COMPILE) $(LOCK_ARGS) -o requirements-uv.lock requirements-uv.in

# `sam build` (template.yaml: Metadata BuildMethod: makefile) runs `make build-<LogicalId>` with ARTIFACTS_DIR
# set. A function's code is only the runtime packages plus the hash-pinned runtime lock, installed as wheels
# for Lambda (Linux arm64, CPython $(LAMBDA_PYTHON), the template's Runtime), byte-compiled with unchecked hashes: /var/task is read-only and zip
# keeps file times only to 2 s, so timestamp-checked .pyc would be recompiled at every cold start (aenum's
# Python 2 module, never imported on Python 3, is left out: it does not compile).
LAMBDA_TARGETS  := build-TelegramFunction build-LineFunction build-TimerFunction
LAMBDA_PACKAGES := core handlers infra
# The Lambda runtime's Python (template.yaml Runtime: python$(LAMBDA_PYTHON)). Lambda deprecated python3.11
# with Amazon Linux 2 (30 June 2026), so functions run on 3.13 while the code stays 3.11-compatible.
LAMBDA_PYTHON   := 3.13
# LAMBDA_PLATFORM=manylinux2014_x86_64 builds the same for an x86_64 machine (to import it locally).
# glibc 2.28 wheels are accepted too: Pillow's Linux arm64 wheels are manylinux_2_28 only, and the
# python3.13 runtime (Amazon Linux 2023, glibc 2.34) runs them.
LAMBDA_PLATFORM ?= manylinux2014_aarch64
LAMBDA_PLATFORM_2_28 := $(subst manylinux2014,manylinux_2_28,$(LAMBDA_PLATFORM))
LAMBDA_WHEELS   := --require-hashes --no-deps --no-compile --only-binary=:all: \
                   --platform $(LAMBDA_PLATFORM) --platform $(LAMBDA_PLATFORM_2_28) \
                   --implementation cp --python-version $(LAMBDA_PYTHON)

.PHONY: $(LAMBDA_TARGETS)
$(LAMBDA_TARGETS):
	@test -n "$(ARTIFACTS_DIR)" || { echo "ARTIFACTS_DIR is not set (sam build sets it)"; exit 1; }
	$(PYTHON) -m pip install --quiet $(LAMBDA_WHEELS) --target "$(ARTIFACTS_DIR)" -r requirements.lock
	cp -R $(LAMBDA_PACKAGES) "$(ARTIFACTS_DIR)/"
	find "$(ARTIFACTS_DIR)" -name __pycache__ -type d -prune -exec rm -rf {} +
	if $(PYTHON) -c 'import sys; sys.exit(f"{sys.version_info[0]}.{sys.version_info[1]}" != "$(LAMBDA_PYTHON)")'; then \
		$(PYTHON) -m compileall -q -j 0 --invalidation-mode unchecked-hash -x '/aenum/_py2\.py$$' "$(ARTIFACTS_DIR)"; \
	else echo "note: $(PYTHON) is not Python $(LAMBDA_PYTHON): no .pyc shipped (slower cold starts)"; fi

# Removes caches and build output; keeps .venv (delete it by hand for a from-scratch rebuild).
clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .aws-sam
	find core handlers infra tests -name __pycache__ -type d -prune -exec rm -rf {} +
