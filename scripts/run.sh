#!/usr/bin/env bash
# Sets up the environment on a fresh machine and runs the bot (settings from .env or the environment).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh requirements.lock
exec .venv/bin/python -m bot "$@"
