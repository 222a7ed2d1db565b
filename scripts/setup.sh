#!/usr/bin/env bash
# Creates .venv (once) and installs the pinned requirements given as $1.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements="${1:-requirements.txt}"
python3 -m venv .venv
stamp=".venv/.installed-$(sha256sum "$requirements" requirements.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
  touch "$stamp"
fi
