#!/usr/bin/env bash
# The one command that installs everything the tests need and runs every test.
# Made for a fresh Debian machine as root (CI runs it through .ci/run):
#   - from apt, whatever is missing of: Chromium (Playwright drives it; no browser download),
#     Node and npm (build.py), pip
#   - the Python test tools from requirements-dev.txt
#   - python3 build.py (fetches the pinned Pyodide/PyScript/wheels into .cache/, assembles public/)
#   - mypy on what pyproject.toml's [tool.mypy] lists
#   - pytest on every test (engine, build and browser tests), 2 workers; a browser test whose
#     Chromium renderer crashed runs once more (listed as a rerun)
# Exits non-zero when anything fails, and when no test ran.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1

# What apt must add on a fresh machine: Chromium, Node and npm (build.py fetches the runtime
# with `npm pack` and byte-compiles with Pyodide under Node), pip.
APT=()
if [ ! -x /usr/bin/chromium ]; then APT+=(chromium); fi
if ! command -v node >/dev/null 2>&1 && ! command -v nodejs >/dev/null 2>&1; then APT+=(nodejs); fi
if ! command -v npm >/dev/null 2>&1; then APT+=(npm); fi
if ! "$PY" -m pip --version >/dev/null 2>&1; then APT+=(python3-pip); fi
if [ "${#APT[@]}" -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  echo "== installing ${APT[*]} (apt)"
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q "${APT[@]}"
fi

echo "== installing test tools (pip)"
PIP_FLAGS=()
if "$PY" -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))' \
   && [ -z "${VIRTUAL_ENV:-}" ]; then
  PIP_FLAGS+=(--break-system-packages)   # Debian's own python3: install for this machine
fi
"$PY" -m pip install -q "${PIP_FLAGS[@]}" -r requirements-dev.txt

echo "== building public/"
"$PY" build.py

# Browser tests must run (not skip) once the page exists.
if [ -f web/index.html ]; then export TAVOLO_REQUIRE_BROWSER=1; fi

echo "== type checking (mypy, on what pyproject.toml's [tool.mypy] lists)"
"$PY" -m mypy

echo "== running every test"
mkdir -p test-output
set +e
if [ "$#" -eq 0 ]; then set -- tests; fi   # `bash scripts/test.sh tests/web` runs a part
# A test whose Chromium renderer process died runs once more; the summary lists it as a rerun.
# Playwright says so as "Target crashed" (an action under way) or "Page crashed" (a wait under
# way, e.g. for the page to be ready). Any other failure fails at once.
"$PY" -m pytest -n 2 -ra --durations=15 --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed" "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "scripts/test.sh: no tests were collected: failing" >&2
  exit 1
fi
exit "$status"
