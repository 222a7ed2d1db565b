"""The bot's side of bench/load.py, started as `python -m bench.bot_child CONFIG`.

A main module of its own, as small as production's `python -m bot`: the render workers, started
by spawning, import the main module again, and should carry only what the bot's workers carry."""
from __future__ import annotations

import asyncio
import json
import sys

if __name__ == "__main__":
    from bench.load import bot_child

    asyncio.run(bot_child(json.loads(sys.argv[1])))
