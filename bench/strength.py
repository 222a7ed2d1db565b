"""Computer players' strength (issue #24): whole games, one JSON line each, and a report.

Run:    nice -n 19 .venv/bin/python bench/strength.py [--games N] [--pairings ID,...] [--workers W]
Report: .venv/bin/python bench/strength.py --report [--by-variant] [--paired OTHER]

Competitive games (mali, africa), two seats, the stronger side against the weaker: easy vs
random, medium vs easy, hard vs medium; pairing ids such as `mali:easy-random`. Game i of a
pairing has its own seed, seats the stronger side first when i is even and second when it is odd,
and plays the game's variants in turn for each pair of games (Mali basic / extended, Africa open /
sealed auction). Co-operative games (westerplatte with 1 and 4 officers, maquis solo and a team of
2), every seat played by one policy; ids such as `westerplatte-4:medium`. Policies: "random" is a
uniform choice among the legal actions (the cheapest honest floor); "playout" is the game's own
play-out policy as computer/playout.py uses it (`playout_weights`, drawn on a state sampled from
the seat's view); easy, medium and hard are `computer.choose`.

Every finished game appends one line to the results file (default bench/results/strength.jsonl):
game, players, options, seed, the policy of each seat, the result, and per policy the decisions
(a seat's turn with more than one legal action) with the median and largest CPU seconds of this
process per decision, and the commit. A run plays, for each pairing in order, the games its lines
do not hold yet up to N: stop it any time and run it again to continue. Game i of a pairing has
the same seed and seats in every run, so two runs (say, two versions of the code) can be compared
game by game: `--paired OTHER` counts the games where the stronger side fared better in one run
than in the other, with an exact sign test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
import zlib
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import computer
from computer.playout import pick
from computer.sealed import Sealed
from games import registry
from games.base import Action, Game, Outcome, resolve_options
from tests.computer.toy import ToyGuided

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "strength.jsonl"
POLICIES = ("random", "playout", *computer.STRENGTHS)
LADDER = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "mali": [{"variant": "basic"}, {"variant": "extended"}],
    "africa": [{"sealed_auction": False}, {"sealed_auction": True}],
}
COMPETITIVE = ("mali", "africa")
TEAMS = (("westerplatte", 1), ("westerplatte", 4), ("maquis", 1), ("maquis", 2))
MAX_ACTIONS = 5000  # a game not over by then is recorded as "cut"
Z95 = 1.959964


@dataclass(frozen=True)
class Pairing:
    """Either two policies head to head (`strong` against `weak`) or a team of one `policy`."""

    key: str
    game: str
    players: int
    strong: str
    weak: str | None = None

    @property
    def cooperative(self) -> bool:
        return self.weak is None


def games() -> dict[str, Game]:
    table: dict[str, Game] = dict(registry.GAMES)
    table["toy"] = ToyGuided()
    table["toy-coop"] = ToyGuided(cooperative=True)
    return table


def head_to_head(game: str, strong: str, weak: str) -> Pairing:
    return Pairing(f"{game}:{strong}-{weak}", game, 2, strong, weak)


def team(game: str, players: int, policy: str) -> Pairing:
    return Pairing(f"{game}-{players}:{policy}", game, players, policy)


def all_pairings() -> list[Pairing]:
    """Every pairing, cheapest first: easy vs random, the teams' cheap policies, medium vs easy,
    the teams at medium, hard vs medium, the teams at hard; then the toy game's."""
    found = [head_to_head(g, "easy", "random") for g in COMPETITIVE]
    found += [team(g, n, p) for p in ("random", "playout", "easy") for g, n in TEAMS]
    found += [head_to_head(g, "medium", "easy") for g in COMPETITIVE]
    found += [team(g, n, "medium") for g, n in TEAMS]
    found += [head_to_head(g, "hard", "medium") for g in COMPETITIVE]
    found += [team(g, n, "hard") for g, n in TEAMS]
    found += [head_to_head("toy", s, w) for s, w in LADDER]
    found += [team("toy-coop", 2, p) for p in POLICIES]
    return found


def pairing_table() -> dict[str, Pairing]:
    return {p.key: p for p in all_pairings()}


def base_seed(key: str) -> int:
    return (zlib.crc32(key.encode()) % 100_000) * 10_000


def plan(pairing: Pairing, index: int, game: Game) -> tuple[dict[str, str], dict[str, Any], int]:
    """Game `index` of a pairing: the policy of each seat, the options and the seed."""
    seats = [f"p{i + 1}" for i in range(pairing.players)]
    if pairing.weak is None:
        policies = dict.fromkeys(seats, pairing.strong)
    else:
        order = [pairing.strong, pairing.weak] if index % 2 == 0 else [pairing.weak, pairing.strong]
        policies = dict(zip(seats, order, strict=True))
    variants = VARIANTS.get(pairing.game, [{}])
    options = resolve_options(game, variants[(index // 2) % len(variants)])
    return policies, options, base_seed(pairing.key) + index


def decide(game: Game, state: Any, seat: str, policy: str, legal: list[Action], rng: random.Random,
           had: list[str]) -> Action:
    """`policy`'s action for `seat`; all but "random" decide from the seat's view alone (the
    computer's view, `computer.view_for`). `had`: the seat's positions earlier in this turn, as
    the bot's thinker keeps them (a computer never goes back to one)."""
    if policy == "random":
        return rng.choice(legal)
    view = computer.view_for(game, state, seat)
    seed = rng.randrange(2**31)
    if policy == "playout":
        sealed = Sealed(game, view, seat)
        handle = sealed.sample(random.Random(seed))
        return pick(sealed, handle, seat, sealed.legal(handle, seat), random.Random(seed + 1))
    return computer.choose(game, view, seat, policy, seed, computer.remember(had, view, seat))


def classify(pairing: Pairing, policies: dict[str, str], outcome: Outcome | None) -> str:
    """ "win"/"draw"/"loss" for a team; for a head-to-head, "strong" or "weak" (that side alone
    wins), "tie" (both sides among the winners) or "none" (nobody wins: Mali's "everybody
    loses"); "cut" when the game did not end."""
    if outcome is None:
        return "cut"
    winners = set(outcome.get("winners") or [])
    if pairing.cooperative:
        return "win" if winners else "draw" if outcome.get("reason") == "draw" else "loss"
    sides = {policies[s] == pairing.strong for s in winners}
    return "strong" if sides == {True} else "weak" if sides == {False} else "tie" if sides else "none"


def play(pairing: Pairing, index: int, commit: str) -> dict[str, Any]:
    """One whole game of the pairing: its line for the results file."""
    game = games()[pairing.game]
    policies, options, seed = plan(pairing, index, game)
    state = game.setup(list(policies), options, seed)
    rng = random.Random(seed ^ 0x57E4)
    seconds: dict[str, list[float]] = {p: [] for p in set(policies.values())}
    actions = 0
    last, had = "", list[str]()  # the seat that moved last, and its positions in this turn
    while game.outcome(state) is None and actions < MAX_ACTIONS:
        seat = game.to_act(state)[0]
        if seat != last:
            last, had = seat, []
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            start = time.process_time()
            action = decide(game, state, seat, policies[seat], legal, rng, had)
            seconds[policies[seat]].append(time.process_time() - start)
        state, _ = game.apply(state, seat, action)
        actions += 1
    outcome = game.outcome(state)
    return {
        "pairing": pairing.key,
        "index": index,
        "game": pairing.game,
        "players": pairing.players,
        "options": options,
        "seed": seed,
        "seats": policies,
        "result": classify(pairing, policies, outcome),
        "outcome": dict(outcome) if outcome is not None else None,
        "actions": actions,
        "decisions": {p: summary(s) for p, s in sorted(seconds.items())},
        "commit": commit,
    }


def summary(seconds: list[float]) -> dict[str, Any]:
    return {
        "count": len(seconds),
        "median_cpu_s": round(statistics.median(seconds), 4) if seconds else 0.0,
        "max_cpu_s": round(max(seconds), 4) if seconds else 0.0,
    }


def current_commit() -> str:
    """HEAD, with "+dirty" when games/ or computer/ differ from it (the code measured)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False).stdout.strip()

    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--", "games", "computer") else "")


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The file's finished games; a line cut short by a killed run is skipped."""
    if not path.exists():
        return []
    found = []
    for line in path.read_text().splitlines():
        try:
            found.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return found


def todo(pairings: list[Pairing], count: int, done: list[dict[str, Any]]) -> list[tuple[Pairing, int]]:
    have = {(d["pairing"], d["index"]) for d in done}
    return [(p, i) for p in pairings for i in range(count) if (p.key, i) not in have]


def _play_task(task: tuple[str, int, str]) -> dict[str, Any]:
    key, index, commit = task
    return play(pairing_table()[key], index, commit)


def run(pairings: list[Pairing], count: int, path: Path, workers: int) -> Iterator[dict[str, Any]]:
    """Play what the file lacks, appending each game's line as it finishes."""
    tasks = todo(pairings, count, read_lines(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    commit = current_commit()
    args = [(p.key, i, commit) for p, i in tasks]
    if path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n"):
        with path.open("a") as out:
            out.write("\n")  # after a line cut short by a killed run
    with path.open("a") as out:
        if workers <= 1:
            lines: Iterable[dict[str, Any]] = map(_play_task, args)
            yield from _append(lines, out)
            return
        with ProcessPoolExecutor(workers) as pool:
            yield from _append(pool.map(_play_task, args), out)


def _append(lines: Iterable[dict[str, Any]], out: Any) -> Iterator[dict[str, Any]]:
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
        out.flush()
        yield line


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of `wins` in `n` (0..1 when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def cpu(lines: list[dict[str, Any]], policy: str) -> str:
    """`policy`'s CPU seconds per decision over the games: median of the games' medians / largest."""
    rows = [d["decisions"][policy] for d in lines if d["decisions"].get(policy, {}).get("count")]
    if not rows:
        return "-"
    return f"{statistics.median(r['median_cpu_s'] for r in rows):.3f} / {max(r['max_cpu_s'] for r in rows):.3f}"


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def ahead(pairing: Pairing, line: dict[str, Any]) -> int:
    """In a game nobody won: +1 when the stronger side did better (its score, then the orders it
    delivered where the outcome counts them: Mali's everybody-loses), -1 worse, 0 even."""
    outcome = line["outcome"] or {}
    strong = [s for s, p in line["seats"].items() if p == pairing.strong]
    weak = [s for s, p in line["seats"].items() if p != pairing.strong]
    breakdown = outcome.get("breakdown") or {}
    for measure in (outcome.get("scores") or {}, {s: b.get("delivered", 0) for s, b in breakdown.items()}):
        if all(s in measure for s in strong + weak):
            mine, theirs = max(measure[s] for s in strong), max(measure[s] for s in weak)
            if mine != theirs:
                return 1 if mine > theirs else -1
    return 0


def behind_or_ahead(pairing: Pairing, lines: list[dict[str, Any]]) -> str:
    marks = [ahead(pairing, d) for d in lines if d["result"] == "none"]
    return f"{marks.count(1)} / {marks.count(-1)} / {marks.count(0)}" if marks else "-"


def better_rate(pairing: Pairing, lines: list[dict[str, Any]]) -> str:
    """The second reading: how often the stronger side did better than the weaker, over every game
    either side did better in (a win, or ahead when nobody won), with its Wilson interval."""
    marks = [standing(pairing, d) for d in lines]
    better, worse = sum(1 for m in marks if m > 0), sum(1 for m in marks if m < 0)
    if not better + worse:
        return "-"
    low, high = wilson(better, better + worse)
    return f"{better} of {better + worse}: {percent(better / (better + worse))} ({percent(low)}-{percent(high)})"


def variant_name(line: dict[str, Any]) -> str:
    """The variant a head-to-head game was played in, in words (the options `VARIANTS` takes in turn)."""
    options = line.get("options") or {}
    if "sealed_auction" in options:
        return "sealed auction" if options["sealed_auction"] else "open auction"
    return str(options.get("variant", "-"))


def report(path: Path, by_variant: bool = False) -> str:
    """Two markdown tables (head to head; teams), a row per pairing the file has games of; with
    `by_variant`, a head-to-head row per pairing and variant as well."""
    lines = read_lines(path)
    by: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        by.setdefault(line["pairing"], []).append(line)
    known = pairing_table()
    order = [p for p in all_pairings() if p.key in by]
    order += [Pairing(k, by[k][0]["game"], by[k][0]["players"], "?") for k in sorted(set(by) - set(known))]
    if by_variant:
        split = []
        for p in order:
            split.append(p)
            if p.weak is None:
                continue
            for name in sorted({variant_name(d) for d in by[p.key]}):
                key = f"{p.key} ({name})"
                by[key] = [d for d in by[p.key] if variant_name(d) == name]
                split.append(Pairing(key, p.game, p.players, p.strong, p.weak))
        order = split
    head = [
        (
            "| pairing | games | stronger wins | weaker wins | ties | nobody wins | cut | stronger's win rate, "
            "decisive games (95% CI) | nobody wins: stronger ahead / behind / even | stronger did better, "
            "all games (95% CI) | CPU s per decision, stronger: median / max | weaker |"
        ),
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    teams = [
        "| team | games | wins | draws | losses | cut | win rate (95% CI) | CPU s per decision: median / max |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p in order:
        got = by[p.key]
        n = len(got)
        tally = {
            r: sum(1 for d in got if d["result"] == r)
            for r in ("strong", "weak", "tie", "none", "win", "draw", "loss", "cut")
        }
        if p.weak is not None:
            decisive = tally["strong"] + tally["weak"]
            low, high = wilson(tally["strong"], decisive)
            rate = f"{percent(tally['strong'] / decisive)} ({percent(low)}-{percent(high)})" if decisive else "-"
            head.append(
                f"| {p.key} | {n} | {tally['strong']} | {tally['weak']} | {tally['tie']} | {tally['none']} | "
                f"{tally['cut']} | {rate} | {behind_or_ahead(p, got)} | {better_rate(p, got)} | {cpu(got, p.strong)} | "
                f"{cpu(got, p.weak)} |"
            )
        elif p.strong != "?":
            low, high = wilson(tally["win"], n)
            teams.append(
                f"| {p.key} | {n} | {tally['win']} | {tally['draw']} | {tally['loss']} | {tally['cut']} | "
                f"{percent(tally['win'] / n)} ({percent(low)}-{percent(high)}) | {cpu(got, p.strong)} |"
            )
    commits = sorted({d["commit"] for d in lines})
    return "\n".join([*head, "", *teams, "", f"Games: {len(lines)}; commits measured: {', '.join(commits) or '-'}."])


def standing(pairing: Pairing, line: dict[str, Any]) -> int:
    """How the stronger side did in one game: +1 better (a win, or ahead when nobody won), -1 worse, 0 even."""
    if line["result"] in ("strong", "weak"):
        return 1 if line["result"] == "strong" else -1
    return ahead(pairing, line) if line["result"] == "none" else 0


def sign_test(more: int, fewer: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if either side were as
    likely to come out ahead in a game where they differ."""
    n = more + fewer
    if not n:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(more, fewer) + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired(path: Path, other: Path) -> str:
    """A markdown table comparing two runs game by game on the seeds they share (a head-to-head
    pairing's game i has the same seed and seats in every run): where the stronger side fared
    better in this run's game than in the other's, where worse, and the sign test's p."""
    here, there = read_lines(path), read_lines(other)
    theirs = {(d["pairing"], d["index"], d["seed"]): d for d in there}
    rows = [
        ("| pairing | games on the same seeds | stronger did better, this run | the other run | better here | "
         "better there | sign test p |"),
        "|---|---|---|---|---|---|---|",
    ]
    for p in [p for p in all_pairings() if p.weak is not None]:
        both = [(d, theirs[(d["pairing"], d["index"], d["seed"])]) for d in here
                if d["pairing"] == p.key and (d["pairing"], d["index"], d["seed"]) in theirs]
        if not both:
            continue
        marks = [(standing(p, a), standing(p, b)) for a, b in both]
        more = sum(1 for a, b in marks if a > b)
        fewer = sum(1 for a, b in marks if a < b)
        rows.append(f"| {p.key} | {len(both)} | {sum(1 for a, _ in marks if a > 0)} | "
                    f"{sum(1 for _, b in marks if b > 0)} | {more} | {fewer} | {sign_test(more, fewer):.3f} |")
    if len(rows) == 2:
        return f"No head-to-head game of {path} has a game on the same seed in {other}."
    return "\n".join(rows)


def choose_pairings(text: str | None) -> list[Pairing]:
    """`--pairings`: ids, or prefixes such as `mali:` and suffixes such as `:easy-random`,
    comma-separated; none: all. The toy game's (for the tests) only when named: `toy:`, `toy-coop-2:`."""
    everything = all_pairings()
    real = [p for p in everything if not p.game.startswith("toy")]
    if not text:
        return real
    chosen: list[Pairing] = []
    for part in (t.strip() for t in text.split(",")):
        if not part:
            continue
        hits = [p for p in everything if p.key == part or (part.endswith(":") and p.key.startswith(part))]
        hits += [p for p in real if part.startswith(":") and p.key.endswith(part)]
        if not hits:
            raise ValueError(f"No pairing {part!r}: the ids are {', '.join(p.key for p in everything)}.")
        chosen += [p for p in hits if p not in chosen]
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--pairings", help="comma-separated ids or prefixes (`mali:`, `:easy-random`); default all")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the JSON-lines file")
    parser.add_argument("--report", action="store_true", help="print the markdown report and stop")
    parser.add_argument("--by-variant", action="store_true", help="the report: a row per variant too")
    parser.add_argument("--paired", type=Path, metavar="OTHER",
                        help="the report: compare the results game by game with another run's, on the same seeds")
    args = parser.parse_args(argv)
    if args.report:
        print(report(args.results, args.by_variant))
        if args.paired is not None:
            print()
            print(paired(args.results, args.paired))
        return 0
    try:
        pairings = choose_pairings(args.pairings)
    except ValueError as exc:
        parser.error(str(exc))
    if args.games < 0 or args.workers < 1:
        parser.error("--games must be 0 or more and --workers 1 or more.")
    for line in run(pairings, args.games, args.results, args.workers):
        print(json.dumps({k: line[k] for k in ("pairing", "index", "result", "actions", "decisions")}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
