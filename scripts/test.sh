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
.venv/bin/mypy games computer bot cogs renderers tests bench localdiscord lang
# Three workers on CI's two cores: much of the suite waits (bot processes, sockets, Chromium)
# rather than computes (two workers kept about one core busy: 6 min 46 s; three, 1.6 cores: 5 min).
# Each is handed one test at a time and the known slow tests come first (tests/conftest.py), so no
# long test is left to run alone at the end.
exec .venv/bin/python -m pytest -q -rs -n 3 --maxschedchunk 1 "$@"
