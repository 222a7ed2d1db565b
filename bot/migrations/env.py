"""Alembic environment (async). Programmatic runs (bot.db.upgrade) pass a live connection in
config.attributes["connection"]; the command line builds an engine from DATABASE_URL."""
from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection

from bot.db import database_url, make_engine, normalise_url
from bot.models import Base

config = context.config
target_metadata = Base.metadata


def cli_url() -> str:
    """DATABASE_URL, else sqlalchemy.url if alembic.ini is given one, else the bot's default."""
    return str(normalise_url(os.environ.get("DATABASE_URL") or config.get_main_option("sqlalchemy.url")
                             or database_url()))


def do_run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    engine = make_engine(cli_url(), poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(do_run_migrations)
        await connection.commit()
    await engine.dispose()


def run_migrations_offline() -> None:
    context.configure(url=cli_url(), target_metadata=target_metadata, literal_binds=True,
                      dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    do_run_migrations(connection)
elif context.is_offline_mode():
    run_migrations_offline()
else:
    if config.config_file_name is not None:
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    asyncio.run(run_async_migrations())
