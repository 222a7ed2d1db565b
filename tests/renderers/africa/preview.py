"""Heart of Africa's images at every sample stage, in /tmp: `python -m tests.renderers.africa.preview`."""
from __future__ import annotations

from games.africa import GAME
from games.africa.samples import sample_states
from renderers.africa import board_png, private_png, summary_png


def main() -> None:
    shots = sample_states()
    for name, st in shots.items():
        with open(f"/tmp/africa-{name}.png", "wb") as f:
            f.write(board_png(GAME.view(st, None)))
        with open(f"/tmp/africa-private-{name}.png", "wb") as f:
            f.write(private_png(GAME.view(st, "s1")))
    with open("/tmp/africa-summary.png", "wb") as f:
        f.write(summary_png(GAME.view(shots["over"], None)))


if __name__ == "__main__":
    main()
