#!/usr/bin/env bash
# Creates .venv (once) and installs the locked requirements given as $1 (requirements.lock or
# requirements-dev.lock: every package pinned, with hashes; scripts/lock.sh refreshes them).
set -euo pipefail
cd "$(dirname "$0")/.."
lock="${1:-requirements.lock}"
python3 -m venv .venv
stamp=".venv/.installed-$(sha256sum "$lock" | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$lock"
  touch "$stamp"
fi
