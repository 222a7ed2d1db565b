#!/usr/bin/env bash
# Sets up the environment on a fresh machine and runs every check: ruff, mypy (strict, pyproject.toml),
# then the whole test suite. PostgreSQL (127.0.0.1:5432, database "test") is used when it answers;
# those tests say so when skipped; so do the browser tests where no Chromium could be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh requirements-dev.lock
# The browser tests drive the system's headless Chromium (tests/browser/): install it where we can.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver \
            || echo "could not install chromium: the browser tests will be skipped" >&2
    fi
fi
.venv/bin/ruff check .
.venv/bin/mypy games bot cogs renderers tests bench localdiscord
# Two workers (CI has two cores), each handed one test at a time: with the known slow tests
# first (tests/conftest.py), no long test is left to run alone at the end.
exec .venv/bin/python -m pytest -q -rs -n 2 --maxschedchunk 1 "$@"
