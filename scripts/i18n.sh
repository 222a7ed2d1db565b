#!/usr/bin/env bash
# The translation catalogs: `scripts/i18n.sh extract` (templates from the code and the command tree),
# `update` (every language's .po brought up to its template), `check` (what is missing or wrong).
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python scripts/i18n.py "$@"
