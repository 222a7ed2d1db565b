"""bench/strength.py runs whole games on the toy game, resumes where its file stopped, and its
report parses. Nothing here asserts a time or a win rate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import strength as bench

PAIRINGS = "toy:easy-random,toy-coop-2:easy"


def table_rows(report: str, first: str) -> list[list[str]]:
    """The rows of the markdown table whose first header cell is `first`."""
    rows: list[list[str]] = []
    inside = False
    for line in report.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first:
            inside = True
        elif not line.startswith("|"):
            inside = False
        elif inside and not set(cells[0]) <= {"-"}:
            rows.append(cells)
    return rows


def test_games_are_appended_resumed_and_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "strength.jsonl"
    assert bench.main(["--games", "1", "--pairings", PAIRINGS, "--results", str(results)]) == 0
    assert bench.main(["--games", "2", "--pairings", PAIRINGS, "--results", str(results)]) == 0
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted((d["pairing"], d["index"]) for d in lines) == [
        ("toy-coop-2:easy", 0),
        ("toy-coop-2:easy", 1),
        ("toy:easy-random", 0),
        ("toy:easy-random", 1),
    ]
    duel = [d for d in lines if d["pairing"] == "toy:easy-random"]
    assert [d["seats"] for d in duel] == [{"p1": "easy", "p2": "random"}, {"p1": "random", "p2": "easy"}]
    assert duel[0]["seed"] != duel[1]["seed"]
    for d in lines:
        assert d["result"] in ("strong", "weak", "tie", "none", "win", "draw", "loss")
        assert d["commit"] and d["outcome"]["reason"]
        for policy, spent in d["decisions"].items():
            assert policy in d["seats"].values()
            assert spent["count"] > 0 and 0 <= spent["median_cpu_s"] <= spent["max_cpu_s"]

    capsys.readouterr()
    assert bench.main(["--report", "--results", str(results)]) == 0
    report = capsys.readouterr().out
    [duel_row] = table_rows(report, "pairing")
    assert duel_row[0] == "toy:easy-random" and duel_row[1] == "2"
    assert sum(int(c) for c in duel_row[2:7]) == 2
    strong = sum(1 for d in duel if d["result"] == "strong")
    assert duel_row[2] == str(strong)
    weak = sum(1 for d in duel if d["result"] == "weak")
    assert duel_row[9] == "-" if strong + weak == 0 else duel_row[9].startswith(f"{strong} of {strong + weak}: ")
    [team_row] = table_rows(report, "team")
    assert team_row[0] == "toy-coop-2:easy" and team_row[1] == "2"
    assert sum(int(c) for c in team_row[2:6]) == 2


def test_a_line_cut_short_is_played_again(tmp_path: Path) -> None:
    results = tmp_path / "strength.jsonl"
    bench.main(["--games", "1", "--pairings", "toy:easy-random", "--results", str(results)])
    whole = results.read_text()
    results.write_text(whole[: len(whole) // 2])
    bench.main(["--games", "1", "--pairings", "toy:easy-random", "--results", str(results)])
    again = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    assert [same_game(d) for d in again] == [same_game(json.loads(whole))]


def same_game(line: dict[str, Any]) -> dict[str, Any]:
    """A game's line without its CPU seconds (which vary from run to run)."""
    return {**line, "decisions": {p: d["count"] for p, d in line["decisions"].items()}}


def test_the_wilson_interval() -> None:
    low, high = bench.wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_an_unknown_pairing_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "strength.jsonl"
    with pytest.raises(SystemExit):
        bench.main(["--pairings", "chess:easy-random", "--results", str(results)])
    assert "No pairing 'chess:easy-random'" in capsys.readouterr().err
    assert not results.exists()


def test_who_did_better_when_nobody_won() -> None:
    pairing = bench.pairing_table()["mali:easy-random"]
    line: dict[str, Any] = {
        "seats": {"p1": "random", "p2": "easy"},
        "outcome": {
            "winners": [],
            "scores": {"p1": 0, "p2": 0},
            "reason": "fourth_token",
            "breakdown": {"p1": {"delivered": 1}, "p2": {"delivered": 3}},
        },
    }
    assert bench.ahead(pairing, line) == 1
    line["outcome"]["breakdown"]["p1"]["delivered"] = 4
    assert bench.ahead(pairing, line) == -1
    line["outcome"]["scores"] = {"p1": 0, "p2": 2}
    assert bench.ahead(pairing, line) == 1
    line["outcome"] = {"winners": [], "scores": {"p1": 1, "p2": 1}, "reason": "abandoned"}
    assert bench.ahead(pairing, line) == 0


def test_the_second_reading_counts_wins_and_who_was_ahead() -> None:
    pairing = bench.pairing_table()["mali:easy-random"]
    seats = {"p1": "easy", "p2": "random"}

    def lost(p1: int, p2: int) -> dict[str, Any]:
        return {"seats": seats, "result": "none", "outcome": {"winners": [], "scores": {"p1": p1, "p2": p2}}}

    lines = [{"seats": seats, "result": "strong"}, {"seats": seats, "result": "weak"}, lost(3, 1), lost(1, 1),
             lost(2, 0), {"seats": seats, "result": "tie"}]
    assert bench.better_rate(pairing, lines) == "3 of 4: 75% (30%-95%)"
    assert bench.better_rate(pairing, [lost(1, 1)]) == "-"


def test_the_report_splits_by_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "strength.jsonl"
    seats = {"p1": "medium", "p2": "easy"}

    def game(index: int, sealed: bool, result: str) -> str:
        return json.dumps({"pairing": "africa:medium-easy", "index": index, "game": "africa", "players": 2,
                           "options": {"target_vp": 42, "sealed_auction": sealed}, "seats": seats,
                           "result": result, "outcome": {"winners": ["p1"]}, "decisions": {}, "commit": "x"})

    results.write_text("\n".join([game(0, False, "strong"), game(1, False, "weak"), game(2, True, "strong")]) + "\n")
    assert bench.main(["--report", "--by-variant", "--results", str(results)]) == 0
    rows = {r[0]: r for r in table_rows(capsys.readouterr().out, "pairing")}
    assert list(rows) == ["africa:medium-easy", "africa:medium-easy (open auction)",
                          "africa:medium-easy (sealed auction)"]
    assert [rows[k][1:4] for k in rows] == [["3", "2", "1"], ["2", "1", "1"], ["1", "1", "0"]]


def test_two_runs_are_compared_game_by_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seats = {"p1": "easy", "p2": "random"}

    def game(index: int, seed: int, result: str, scores: tuple[int, int] = (0, 0)) -> str:
        return json.dumps({"pairing": "mali:easy-random", "index": index, "game": "mali", "players": 2,
                           "options": {"variant": "basic"}, "seed": seed, "seats": seats, "result": result,
                           "outcome": {"winners": [], "scores": {"p1": scores[0], "p2": scores[1]}},
                           "decisions": {}, "commit": "x"})

    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    # index 0: won here, lost there; 1: ahead in a game nobody won, lost there; 2: lost here, won
    # there; 3: the same; 4: another seed there (not the same game); 5: only here
    here.write_text("\n".join([game(0, 10, "strong"), game(1, 11, "none", (3, 1)), game(2, 12, "weak"),
                               game(3, 13, "strong"), game(4, 14, "strong"), game(5, 15, "strong")]) + "\n")
    there.write_text("\n".join([game(0, 10, "weak"), game(1, 11, "weak"), game(2, 12, "strong"),
                                game(3, 13, "strong"), game(4, 99, "weak")]) + "\n")
    assert bench.main(["--report", "--results", str(here), "--paired", str(there)]) == 0
    [row] = table_rows(capsys.readouterr().out, "pairing")[1:]
    assert row == ["mali:easy-random", "4", "3", "2", "2", "1", "1.000"]
    assert bench.paired(here, tmp_path / "none.jsonl").startswith("No head-to-head game")


def test_the_sign_test() -> None:
    assert bench.sign_test(0, 0) == 1.0
    assert bench.sign_test(5, 0) == bench.sign_test(0, 5) == 0.0625
    assert round(bench.sign_test(62, 35), 3) == 0.008
