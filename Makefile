# Adjutant — developer commands (GNU make).
#
#   make run      open the app (bundled default mission); make run ARGS="--lang zh_CN"
#   make test     ruff, ruff format --check, mypy, import-linter, pytest (Qt offscreen)
#   make bench    performance figures (tests/benchmarks/bench_*.py)
#   make fuzz     mutation fuzzer, deep profile: 10,000 mutants of every bundled file (summary line)
#   make package  PyInstaller one-folder bundle in dist/adjutant/
#
# Every target creates/refreshes .venv first (python3.11, or python3 if it is 3.11/3.12) and
# checks the Debian packages Qt needs; missing ones are installed when running as root with
# apt-get, otherwise the exact `sudo apt-get install` command is printed and make stops.
#
# Display: `make run` lets Qt pick the platform (xcb on X11, wayland on Wayland). Without a
# display, pass HEADLESS=1 to run the real window inside xvfb-run. `make test` and `make bench`
# use QT_QPA_PLATFORM=offscreen unless QT_QPA_PLATFORM is already set in the environment
# (e.g. QT_QPA_PLATFORM=xcb xvfb-run -a make test, for the real window).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

VENV       := .venv
PY         := $(VENV)/bin/python
STAMP      := $(VENV)/.stamp
PKG_STAMP  := $(VENV)/.stamp-package
ARGS       ?=
HEADLESS   ?=
PYTEST_ARGS ?=

# Debian packages. Offscreen Qt (tests, bench, --smoke): what libqoffscreen.so and QtGui/Widgets
# link against (ldd). The real window additionally needs the xcb platform plugin's libraries
# (Qt's error message blames xcb-cursor even when icccm4/keysyms1 are what is missing).
DEBS_OFFSCREEN := libegl1 libgl1 libfontconfig1 libxkbcommon0 libx11-6 libglib2.0-0 libdbus-1-3
DEBS_WINDOW    := $(DEBS_OFFSCREEN) libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxkbcommon-x11-0 \
                  libx11-xcb1 libxcb-image0 libxcb-randr0 libxcb-render-util0 libxcb-shape0 \
                  libxcb-xfixes0 libxcb-xkb1 libxcb-sync1 libxcb-shm0
DEBS_XVFB      := xvfb xauth

TS := $(wildcard resources/i18n/*.ts)
QM := $(TS:.ts=.qm)

.PHONY: help venv run test lint bench fuzz package translations fmt clean distclean \
        syscheck-offscreen syscheck-window

help:
	@sed -n '2,8p' Makefile | sed 's/^# \{0,1\}//'

# ---------------------------------------------------------------------------------------------
# venv: (re)create .venv and install '.[dev]' only when pyproject.toml changed since last time.
venv: $(STAMP)

$(STAMP): pyproject.toml
	@if ! $(PY) -c 'import sys; assert (3, 11) <= sys.version_info < (3, 13)' 2>/dev/null; then \
	  base=""; \
	  for c in python3.11 python3.12 python3; do \
	    if command -v $$c >/dev/null 2>&1 && \
	       $$c -c 'import sys; assert (3, 11) <= sys.version_info < (3, 13)' 2>/dev/null; then \
	      base=$$c; break; \
	    fi; \
	  done; \
	  if [ -z "$$base" ]; then \
	    echo "error: Python 3.11 or 3.12 is required (tried python3.11, python3.12, python3)" >&2; \
	    exit 1; \
	  fi; \
	  echo "Creating $(VENV) with $$(command -v $$base) ($$($$base --version))"; \
	  rm -rf $(VENV); \
	  $$base -m venv $(VENV); \
	fi
	$(PY) -m pip install --disable-pip-version-check -q -e '.[dev]'
	@rm -f $(PKG_STAMP)
	@touch $@

# package extra (PyInstaller) only for `make package`.
$(PKG_STAMP): $(STAMP)
	$(PY) -m pip install --disable-pip-version-check -q -e '.[dev,package]'
	@touch $@

# ---------------------------------------------------------------------------------------------
# System packages: install when root with apt-get, else print the command and fail.
# $(1) = package list, $(2) = what they are for.
define ensure_debs
	@if command -v dpkg-query >/dev/null 2>&1; then \
	  missing=""; \
	  for p in $(1); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' \
	      || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	      echo "Installing system packages for $(2):$$missing"; \
	      apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	    else \
	      echo "error: system packages missing for $(2):$$missing" >&2; \
	      echo "run:   sudo apt-get install -y$$missing" >&2; \
	      exit 1; \
	    fi; \
	  fi; \
	fi
endef

syscheck-offscreen:
	$(call ensure_debs,$(DEBS_OFFSCREEN),offscreen Qt)

syscheck-window:
	$(call ensure_debs,$(DEBS_WINDOW) $(if $(filter 1,$(HEADLESS)),$(DEBS_XVFB)),the Qt window)

# ---------------------------------------------------------------------------------------------
# Translations: .ts (source, in git) -> .qm (compiled, gitignored), only when the .ts is newer.
translations: $(QM)

resources/i18n/%.qm: resources/i18n/%.ts | $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

# ---------------------------------------------------------------------------------------------
run: $(STAMP) syscheck-window $(QM)
ifeq ($(HEADLESS),1)
	xvfb-run -a -s '-screen 0 1920x1080x24' $(VENV)/bin/adjutant $(ARGS)
else
	$(VENV)/bin/adjutant $(ARGS)
endif

# Static checks and the test suite. QT_QPA_PLATFORM is exported for pytest only here (conftest
# does not force it, so pytest-xvfb / a real display still work when it is set otherwise).
test: export QT_QPA_PLATFORM ?= offscreen
test: $(STAMP) syscheck-offscreen $(QM)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# The static checks alone (fast).
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache --no-logo

# Apply ruff's formatter and safe fixes.
fmt: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# fuzz: the deep mutation-fuzz profile (issue 16): 10,000 mutants of every bundled scenario, tile library and
# board; prints one summary line and fails on any traceback, hang or accepted-then-crashing file.
fuzz: export QT_QPA_PLATFORM ?= offscreen
fuzz: $(STAMP) syscheck-offscreen $(QM)
	$(PY) -m tests.reliability.mutation --mutants $(or $(MUTANTS),10000) $(ARGS)

bench: export QT_QPA_PLATFORM ?= offscreen
bench: $(STAMP) syscheck-offscreen $(QM)
	$(PY) tests/benchmarks/run.py $(ARGS)

package: $(PKG_STAMP) syscheck-offscreen $(QM)
	$(VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN \
	  --distpath dist --workpath build/pyinstaller packaging/adjutant.spec
	@# the interpreter (pyenv/distro build) carries debug symbols: -25 MB. Wheels' libraries are left
	@# alone (stripping numpy.libs breaks numpy).
	@if command -v strip >/dev/null 2>&1; then \
	  strip --strip-unneeded dist/adjutant/_internal/libpython3*.so* \
	    dist/adjutant/_internal/python3*/lib-dynload/*.so 2>/dev/null || true; \
	fi
	@du -sh dist/adjutant

# ---------------------------------------------------------------------------------------------
clean:
	rm -rf build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis .import_linter_cache \
	  *.egg-info resources/i18n/*.qm
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
