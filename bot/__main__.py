"""`python -m bot`: run the bot on Discord, or without a token on the local table in the browser."""
from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import TOKEN_HELP, ConfigError, Settings


def main() -> int:
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not settings.token and not settings.local_table:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.shards import ShardError

    try:
        if settings.token:
            from bot.app import run

            asyncio.run(run(settings))
        else:
            from bot.local import run_local

            asyncio.run(run_local(settings))
    except KeyboardInterrupt:
        pass
    except ShardError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
