"""`python -m bot`: run the bot on Discord, or without a token on the local table in the browser."""
from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import ConfigError, MissingToken, Settings, local_table_allowed


def main() -> int:
    local = False
    try:
        settings = Settings.from_env()
    except MissingToken as exc:
        if not local_table_allowed():
            print(exc, file=sys.stderr)
            return 2
        try:
            settings = Settings.from_env(need_token=False)
        except ConfigError as again:
            print(again, file=sys.stderr)
            return 2
        local = True
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        if local:
            from bot.local import run_local

            asyncio.run(run_local(settings))
        else:
            from bot.app import run

            asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
