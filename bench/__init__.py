"""Benchmarks (run as scripts: .venv/bin/python bench/NAME.py); a package so they can share modules."""
