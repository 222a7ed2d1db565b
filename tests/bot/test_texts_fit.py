"""Texts fitted to Discord's limits: cut at a whole word, lines packed without cutting one."""
from __future__ import annotations

from bot.texts import chunk_lines, fit


def test_fit_keeps_what_fits_and_cuts_at_a_word() -> None:
    assert fit("short", 10) == "short"
    assert fit("sealed_auction=false — Open auction", 30) == "sealed_auction=false — Open…"
    assert fit("one two three", 8) == "one two…"
    assert len(fit("x" * 200, 100)) == 100 and fit("x" * 200, 100).endswith("…")  # one long word: cut


def test_chunk_lines_packs_whole_lines() -> None:
    lines = [f"line {i} " + "w" * 20 for i in range(100)]
    chunks = chunk_lines(lines, 1024)
    assert all(len(c) <= 1024 for c in chunks) and len(chunks) > 1
    assert "\n".join(chunks).split("\n") == lines


def test_fit_keeps_a_short_bracketed_end() -> None:
    """A move button's cost stays whole where the names before it are long (Polish, Italian)."""
    label = "Przesuń hurtownika Kolonia Przylądkowa → Afryka Południowo-Zachodnia (1 PA + 2 kostki)"
    assert len(label) > 80
    assert fit(label, 80) == "Przesuń hurtownika Kolonia Przylądkowa → Afryka… (1 PA + 2 kostki)"
    long_end = "word " * 10 + "(" + "x " * 30 + ")"
    assert fit(long_end, 40) == "word word word word word word word word…"  # a long end is cut as any text
