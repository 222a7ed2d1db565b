"""The models (bot/models.py) and the migrations (bot/migrations) agree: a database migrated to
head is what Alembic's autogenerate would build from the models, on SQLite and on PostgreSQL."""
from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, Table
from sqlalchemy.engine import Connection

from bot.models import Base
from tests.service.helpers import Db

# What autogenerate is asked to compare, beyond tables and columns (which it always compares).
OPTIONS: dict[str, Any] = {"compare_type": True, "compare_server_default": True}


def differences(connection: Connection, metadata: MetaData = Base.metadata) -> list[Any]:
    """Autogenerate's differences between the migrated database and `metadata` (none: they agree)."""
    context = MigrationContext.configure(connection, opts=OPTIONS)
    return list(compare_metadata(context, metadata))


async def test_a_database_migrated_to_head_is_what_the_models_describe(db: Db) -> None:
    async with db.engine.connect() as connection:
        found = await connection.run_sync(differences)
    assert found == [], "\n".join(map(str, found))


async def test_the_comparison_sees_a_model_the_migrations_lack(db: Db) -> None:
    """The check above can fail: a table in the models and not in the migrations is a difference."""
    more = MetaData()
    for table in Base.metadata.tables.values():
        table.to_metadata(more)
    Table("not_migrated", more, Column("id", Integer, primary_key=True))
    async with db.engine.connect() as connection:
        found = await connection.run_sync(differences, more)
    assert [d[0] for d in found] == ["add_table"] and found[0][1].name == "not_migrated"
