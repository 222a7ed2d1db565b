"""The Mali Powstańcy board: nodes, paths, districts and cards, loaded once from game data."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

from games.base import Say, english, say, say_p

DATA = Path(__file__).with_name("data") / "mali.json"
ORDINAL_SAYS = {2: lambda: say_p("ordinal", "2nd"), 3: lambda: say_p("ordinal", "3rd"),
                4: lambda: say_p("ordinal", "4th"), 5: lambda: say_p("ordinal", "5th"),
                6: lambda: say_p("ordinal", "6th")}


@dataclass(frozen=True)
class Board:
    raw: dict[str, Any]

    @cached_property
    def nodes(self) -> dict[str, dict[str, Any]]:
        return {n["id"]: n for n in self.raw["nodes"]}

    @cached_property
    def edges(self) -> dict[str, dict[str, Any]]:
        return {e["id"]: e for e in self.raw["edges"]}

    @cached_property
    def locations(self) -> list[str]:
        return [n["id"] for n in self.raw["nodes"] if n["kind"] == "location"]

    @cached_property
    def districts(self) -> dict[str, dict[str, Any]]:
        return {d["id"]: d for d in self.raw["districts"]}

    @cached_property
    def orders(self) -> dict[str, dict[str, Any]]:
        return {o["id"]: o for o in self.raw["orders"]}

    @cached_property
    def objectives(self) -> dict[str, dict[str, Any]]:
        return {o["id"]: o for o in self.raw["objectives"]}

    @cached_property
    def chain(self) -> dict[str, list[str]]:
        """Edge id -> its nodes in order: location a, the plain spaces, location b."""
        return {e["id"]: [e["a"], *e["spaces"], e["b"]] for e in self.raw["edges"]}

    @cached_property
    def steps(self) -> dict[str, list[tuple[str, str]]]:
        """Node -> [(neighbouring node, edge id)]: one movement point each."""
        adj: dict[str, list[tuple[str, str]]] = {n: [] for n in self.nodes}
        for edge_id, chain in self.chain.items():
            for here, there in pairwise(chain):
                adj[here].append((there, edge_id))
                adj[there].append((here, edge_id))
        return adj

    @cached_property
    def edge_of_space(self) -> dict[str, str]:
        return {s: e["id"] for e in self.raw["edges"] for s in e["spaces"]}

    @cached_property
    def paths_from(self) -> dict[str, list[str]]:
        """Location -> the edge ids (paths) that start there."""
        out: dict[str, list[str]] = {loc: [] for loc in self.locations}
        for e in self.raw["edges"]:
            out[e["a"]].append(e["id"])
            out[e["b"]].append(e["id"])
        return out

    def other_end(self, edge_id: str, location: str) -> str:
        edge = self.edges[edge_id]
        end: str = edge["b"] if edge["a"] == location else edge["a"]
        return end

    def district_of(self, node_id: str) -> str:
        district: str = self.nodes[node_id]["district"]
        return district

    def name(self, node_id: str) -> str:
        """A space's name in English (see `place`)."""
        return english(self.place(node_id))

    def place(self, node_id: str) -> str | Say:
        """A space's name in the reader's words: a location's name as the board names it, a plain
        space as a Say ("the space between A and B"); `name` is its English."""
        node = self.nodes[node_id]
        if node["kind"] == "location":
            name: str = node["name"]
            return name
        edge = self.edges[node["edge"]]
        a, b = self.nodes[edge["a"]]["name"], self.nodes[edge["b"]]["name"]
        count = len(edge["spaces"])
        if count == 1:
            return say("the space between {a} and {b}", a=a, b=b)
        index = edge["spaces"].index(node_id) + 1
        near, far, k = (a, b, index) if index <= (count + 1) // 2 else (b, a, count - index + 1)
        if k == 1:
            return say("the space next to {near} (towards {far})", near=near, far=far)
        return say("the {ordinal} space from {near} (towards {far})", ordinal=ORDINAL_SAYS[k](), near=near,
                   far=far)


# The players' colours as the players are called (a game term: the patrol's colour).
COLOURS = {"red": lambda: say_p("player", "Red"), "green": lambda: say_p("player", "Green"),
           "orange": lambda: say_p("player", "Orange"), "purple": lambda: say_p("player", "Purple")}
# The objective cards' colours.
CARD_COLOURS = {"brown": lambda: say_p("objective", "brown"), "red": lambda: say_p("objective", "red"),
                "green": lambda: say_p("objective", "green"), "blue": lambda: say_p("objective", "blue")}
# The die's faces' colours.
DIE_COLOURS = {"black": lambda: say_p("die", "black"), "red": lambda: say_p("die", "red")}


def colour_say(colour: str) -> str | Say:
    """A player's colour as their name, in the reader's words."""
    made = COLOURS.get(str(colour))
    return made() if made else str(colour).capitalize()


def card_colour(colour: str) -> str | Say:
    made = CARD_COLOURS.get(str(colour))
    return made() if made else str(colour)


def die_colour(colour: str) -> str | Say:
    made = DIE_COLOURS.get(str(colour))
    return made() if made else str(colour)


BOARD = Board(json.loads(DATA.read_text(encoding="utf-8")))


def _all_distances(board: Board) -> dict[str, dict[str, int]]:
    """Shortest step counts between every pair of nodes over the full graph (blocks ignored)."""
    out: dict[str, dict[str, int]] = {}
    for start in board.nodes:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for there, _edge in board.steps[here]:
                    if there not in dist:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
            frontier = nxt
        out[start] = dist
    return out


DIST: dict[str, dict[str, int]] = _all_distances(BOARD)
# Location -> [(neighbouring location, edge id)]: the jump targets.
JUMPS: dict[str, list[tuple[str, str]]] = {
    loc: [(BOARD.other_end(e, loc), e) for e in BOARD.paths_from[loc]] for loc in BOARD.locations
}
NODE_DISTRICT: dict[str, str] = {n: BOARD.nodes[n]["district"] for n in BOARD.nodes}
EDGE_OF_SPACE: dict[str, str] = BOARD.edge_of_space
STEPS: dict[str, list[tuple[str, str]]] = BOARD.steps
