#!/usr/bin/env bash
# Sets up the environment on a fresh machine and runs every check: ruff, mypy (strict on games/),
# then the whole test suite. PostgreSQL (127.0.0.1:5432, database "test") is used when it answers;
# those tests say so when skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh requirements-dev.txt
.venv/bin/ruff check .
.venv/bin/mypy games bot cogs renderers tests bench localdiscord
# Two workers: CI has two cores.
exec .venv/bin/python -m pytest -q -rs -n 2 "$@"
