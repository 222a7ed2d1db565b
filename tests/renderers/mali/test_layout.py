"""Mali board layout: names stay clear of each other, of the markers and of the pieces a view adds."""
from __future__ import annotations

import math
from itertools import pairwise

from games.mali.board import BOARD
from renderers import mali
from renderers.common import font
from renderers.mali import PRISON_BOX
from renderers.mali.geometry import (
    BIG_TOKEN,
    DISTRICT_LABEL_SIZE,
    LABEL_SIZE,
    MAP_BOX,
    Box,
    district_token_xy,
    edge_polyline,
    label_boxes,
    label_line_xy,
    marker_discs,
    undelivered_box,
)
from renderers.mali.samples import PUBLIC

Named = tuple[str, Box]


def _hit(p: Box, q: Box) -> bool:
    return min(p[2], q[2]) > max(p[0], q[0]) and min(p[3], q[3]) > max(p[1], q[1])


def _covers(box: Box, disc: tuple[float, float, float]) -> bool:
    x, y, r = disc
    dx, dy = max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3])
    return dx * dx + dy * dy < r * r


def _district_pieces() -> list[Named]:
    """Each district's big token and its undelivered squares (never both at once, both checked)."""
    out = []
    for d in BOARD.districts:
        x, y = district_token_xy(d)
        out.append((f"{d} big token", (x - BIG_TOKEN, y - BIG_TOKEN, x + BIG_TOKEN, y + BIG_TOKEN)))
        out.append((f"{d} squares", undelivered_box(d)))
    return out


def _seg_crosses(a: tuple[float, float], b: tuple[float, float], box: Box, pad: float) -> bool:
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    steps = max(2, int(math.dist(a, b) / 2))
    return any(x0 <= a[0] + (b[0] - a[0]) * i / steps <= x1 and y0 <= a[1] + (b[1] - a[1]) * i / steps <= y1
               for i in range(steps + 1))


def static_clashes(paths: bool = False) -> list[str]:
    """Every overlap among names, location markers, district pieces and the prison on the bare map
    (and, with paths=True, names or district pieces lying on a path or a plain space)."""
    labels = list(label_boxes().items())
    markers = [(n, disc) for n, disc in marker_discs().items()
               if paths or BOARD.nodes[n]["kind"] == "location"]  # plain spaces lie on the paths
    pieces = _district_pieces()
    out = []
    for i, (a, box) in enumerate(labels):
        out += [f"label {a} / label {b}" for b, other in labels[i + 1:] if _hit(box, other)]
        out += [f"label {a} / marker {b}" for b, disc in markers if _covers(box, disc)]
        out += [f"label {a} / {b}" for b, other in pieces if _hit(box, other)]
        if _hit(box, PRISON_BOX):
            out.append(f"label {a} / prison")
        if not (MAP_BOX[0] < box[0] and MAP_BOX[1] < box[1] and box[2] < MAP_BOX[2] and box[3] < MAP_BOX[3]):
            out.append(f"label {a} / map edge")
        for edge_id in BOARD.edges if paths else []:
            line = edge_polyline(edge_id)
            if any(_seg_crosses(p, q, box, -3) for p, q in pairwise(line)):
                out.append(f"label {a} / path {edge_id}")
    for i, (a, box) in enumerate(pieces):
        out += [f"{a} / marker {b}" for b, disc in markers if _covers(box, disc)]
        out += [f"{a} / {b}" for b, other in pieces[i + 1:]
                if _hit(box, other) and a.split()[0] != b.split()[0]]
        if _hit(box, PRISON_BOX):
            out.append(f"{a} / prison")
        for edge_id in BOARD.edges if paths else []:
            line = edge_polyline(edge_id)
            if any(_seg_crosses(p, q, box, 0) for p, q in pairwise(line)):
                out.append(f"{a} / path {edge_id}")
    return out


def test_label_boxes_use_the_renderers_fonts() -> None:
    boxes = label_boxes()
    assert set(boxes) == set(BOARD.locations) | set(BOARD.districts)
    fnt = font(LABEL_SIZE, True)
    for loc in BOARD.locations:
        x0, y0, x1, y1 = boxes[loc]
        for (x, y), text in label_line_xy(loc):
            assert x0 <= x and x + fnt.getlength(text) <= x1 + 1 and y0 <= y + LABEL_SIZE / 2 <= y1
    for d, district in BOARD.districts.items():
        x0, _, x1, _ = boxes[d]
        assert x1 - x0 >= font(DISTRICT_LABEL_SIZE, True).getlength(district["name"].upper())


def test_names_clear_each_other_the_markers_and_the_district_pieces() -> None:
    assert static_clashes() == []


def test_scouts_bunch_away_from_the_name() -> None:
    view = PUBLIC["extended_draft"]()  # four scouts on each start location
    for loc in BOARD.raw["start_locations"]:
        here = [b for kind, b in mali.token_boxes(view) if kind == "scout"
                and _covers(b, marker_discs()[loc])]
        assert len(here) == len(view["players"])


def test_warm_builds_the_static_map_once() -> None:
    from renderers.mali.base import base_map

    mali.warm()
    assert base_map.cache_info().currsize == 1
    hits = base_map.cache_info().hits
    mali.board_png(PUBLIC["basic_midgame"]())
    assert base_map.cache_info().hits == hits + 1


# Names and district pieces that still lie on a path: the board is too crowded round the centre
# for all of them to move off. The check fails if the set grows (or shrinks: then trim it).
ON_PATHS = {
    "label aleja_szucha / path stary_mokotow--aleja_szucha",
    "label bank_polski / marker pwpw--elektrownia#3",
    "label bank_polski / path pwpw--elektrownia",
    "label bank_polski / path starowka--bank_polski",
    "label bank_polski / path starowka--uniwersytet",
    "label browary / marker palacyk_michla--pawiak#1",
    "label browary / path palacyk_michla--pawiak",
    "label dworzec_pocztowy / path filtry--dworzec_pocztowy",
    "label dworzec_pocztowy / path sggw--dworzec_pocztowy",
    "label past / path past--plac_trzech_krzyzy",  # moved off the spaces where the soldier hid it
    "label plac_trzech_krzyzy / marker aleja_szucha--przyczolek#3",
    "label plac_trzech_krzyzy / marker plac_trzech_krzyzy--przyczolek#1",
    "label plac_trzech_krzyzy / path aleja_szucha--przyczolek",
    "label pwpw / path cytadela--pwpw",
    "label srodmiescie / path bank_polski--browary",
    "label srodmiescie / path bank_polski--past",
    "label starowka / marker pwpw--elektrownia#2",
    "label starowka / path pwpw--elektrownia",
    # Uniwersytet's name moved to the right of its own space (it sat over Budynek PAST-y's start space).
    "label uniwersytet / path pwpw--elektrownia",
    "ochota big token / marker palacyk_michla--plac_narutowicza#3",
    "ochota big token / path palacyk_michla--plac_narutowicza",
    # Ochota's name and big token moved off the plain space Pałacyk Michla – Plac Narutowicza #2
    # (a scout there covered them in a real game).
    "ochota big token / path plac_narutowicza--dworzec_pocztowy",
    "powisle big token / marker aleja_szucha--filtry#1",
    "powisle big token / path aleja_szucha--filtry",
    "srodmiescie big token / marker browary--pawiak#2",
    "srodmiescie big token / marker palacyk_michla--pawiak#3",
    "srodmiescie big token / path browary--pawiak",
    "srodmiescie big token / path palacyk_michla--pawiak",
}


def test_names_and_district_pieces_keep_off_the_paths() -> None:
    assert set(static_clashes(paths=True)) == ON_PATHS
