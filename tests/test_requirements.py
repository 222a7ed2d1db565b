"""The requirements: what the code imports is declared, and the locks are complete and fresh."""
from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ("bot", "cogs", "games", "renderers", "localdiscord", "lang")  # what `python -m bot` runs
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;\\#]+)", re.MULTILINE)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, str]:
    return {canonical(name): version for name, version in PIN.findall(path.read_text())}


def imported_modules(folders: tuple[str, ...]) -> set[str]:
    found: set[str] = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    found.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module.split(".")[0])
    return found


def test_every_package_the_bot_imports_is_declared() -> None:
    declared = set(pins(ROOT / "requirements.txt"))
    owners = packages_distributions()
    own = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    missing = []
    for module in sorted(imported_modules(RUNTIME) - own - set(sys.stdlib_module_names) - {"zstandard"}):
        dists = {canonical(d) for d in owners.get(module, [module])}
        if not dists & declared:
            missing.append(f"{module} ({', '.join(sorted(dists))})")
    assert not missing, f"imported but not in requirements.txt: {missing}"
    assert {"yarl", "pydantic", "pydantic-settings"} <= declared


def test_locks_hold_every_pin_at_its_version_with_hashes() -> None:
    for source, lock in (("requirements.txt", "requirements.lock"),
                         ("requirements-dev.txt", "requirements-dev.lock")):
        locked = pins(ROOT / lock)
        wanted = pins(ROOT / source)
        if source == "requirements-dev.txt":
            wanted |= pins(ROOT / "requirements.txt")
        stale = {n: v for n, v in wanted.items() if locked.get(n) != v}
        assert not stale, f"{lock} is stale for {stale}: run scripts/lock.sh"
        entries = re.split(r"\n(?=[A-Za-z0-9])", (ROOT / lock).read_text().split("\n", 2)[2])
        assert len(entries) == len(locked)
        for entry in entries:
            assert "--hash=sha256:" in entry, f"no hash in {lock}: {entry.splitlines()[0]}"


def test_the_runtime_lock_agrees_with_the_dev_lock() -> None:
    runtime, dev = pins(ROOT / "requirements.lock"), pins(ROOT / "requirements-dev.lock")
    assert {n: dev.get(n) for n in runtime} == runtime


def test_installs_go_through_the_locks_with_hashes() -> None:
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    assert "--require-hashes" in setup
    assert "setup.sh requirements.lock" in (ROOT / "scripts" / "run.sh").read_text()
    assert "setup.sh requirements-dev.lock" in (ROOT / "scripts" / "test.sh").read_text()
    docker = (ROOT / "Dockerfile").read_text()
    assert "--require-hashes -r requirements.lock" in docker


def test_readme_names_the_lock_tool_and_how_to_refresh() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "uv pip compile --universal --generate-hashes" in readme and "`scripts/lock.sh`" in readme
    lock_script = (ROOT / "scripts" / "lock.sh").read_text()
    assert "--generate-hashes" in lock_script and "--universal" in lock_script
    for lock in ("requirements.lock", "requirements-dev.lock"):
        assert (ROOT / lock).read_text().splitlines()[1] == "#    scripts/lock.sh"  # made by it
