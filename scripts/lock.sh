#!/usr/bin/env bash
# Refreshes requirements.lock and requirements-dev.lock from the pins in requirements.txt and
# requirements-dev.txt: every package, transitive ones too, pinned with the hashes of all its files,
# for every platform and Python >= 3.11 (uv's universal resolution). Versions already locked are
# kept unless a pin moved; extra arguments go to uv (e.g. --upgrade-package aiohttp).
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
tools="${TMPDIR:-/tmp}/tabletop-uv-$UV_VERSION"
if [ ! -x "$tools/bin/uv" ]; then
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
fi
for name in requirements requirements-dev; do
  "$tools/bin/uv" pip compile --quiet --universal --python-version 3.11 --generate-hashes \
    --custom-compile-command "scripts/lock.sh" "$@" "$name.txt" -o "$name.lock"
done
