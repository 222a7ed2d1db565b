"""The games a `game` option offers: one query with the typed text and a limit, the channel's
(or thread's) games first, then the server's; never another server's, never an ended game."""
from __future__ import annotations

from bot.service import GameRecord, GameService
from games import registry
from tests.service.conftest import Clock, Db
from tests.service.helpers import ALICE, BOB, CHANNEL, GUILD, started
from tests.service.toygame import GAME


def label(record: GameRecord) -> str:
    return f"#{record.id} {record.game.title} ({record.status}"


async def test_offered_games(db: Db, clock: Clock) -> None:
    service = GameService(db.engine, clock=clock, games={**registry.GAMES, GAME.key: GAME})
    elsewhere = await service.open_table(GUILD, CHANNEL + 1, ALICE, "race", {}, {})
    mali = await service.open_table(GUILD, CHANNEL, ALICE, "mali", {}, {})
    here = await service.open_table(GUILD, CHANNEL, BOB, "race", {}, {})
    threaded = await started(service, channel=CHANNEL + 2)
    await service.set_thread(threaded.id, 777)
    await service.open_table(GUILD + 1, CHANNEL, ALICE, "race", {}, {})  # another server's
    done = await service.open_table(GUILD, CHANNEL, ALICE, "race", {}, {})
    await service.abandon(done.id, ALICE, is_admin=False)
    ids = lambda found: [r.id for r in found]  # noqa: E731

    assert ids(await service.offered(GUILD, CHANNEL)) == [mali.id, here.id, elsewhere.id, threaded.id]
    assert ids(await service.offered(GUILD, 777)) == [threaded.id, elsewhere.id, mali.id, here.id]
    assert ids(await service.offered(GUILD, CHANNEL + 9)) == [elsewhere.id, mali.id, here.id, threaded.id]
    assert ids(await service.offered(GUILD, CHANNEL, limit=2)) == [mali.id, here.id]
    assert ids(await service.offered(GUILD, CHANNEL, key="race")) == [here.id, elsewhere.id, threaded.id]
    assert ids(await service.offered(GUILD, CHANNEL, "COUNTING")) == [here.id, elsewhere.id, threaded.id]
    assert ids(await service.offered(GUILD, CHANNEL, "POWSTAŃ")) == [mali.id]  # not ASCII, any case
    assert ids(await service.offered(GUILD, CHANNEL, f"#{here.id} ")) == [here.id]
    assert ids(await service.offered(GUILD, CHANNEL, "(running")) == [threaded.id]
    assert ids(await service.offered(GUILD, CHANNEL, "race (open")) == [here.id, elsewhere.id]
    for wild in ("%", "_", "/", "/%"):  # typed, never a pattern
        assert await service.offered(GUILD, CHANNEL, wild) == [], wild
    assert ids(await service.offered(GUILD + 1, CHANNEL, "")) != [] and ids(await service.offered(GUILD + 2, 1)) == []
    found = await service.offered(GUILD, CHANNEL)
    assert all(r.state is None and r.guild_id == GUILD for r in found)  # light records, this server's
    # Whatever is typed, the same games as a label match in Python, in the same order.
    everything = found
    for text in ("", "1", "2", "#", " ", "a", "Co", "mali", "(", "open", "zzz", str(threaded.id)):
        wanted = [r.id for r in everything if text.lower() in label(r).lower()]
        assert ids(await service.offered(GUILD, CHANNEL, text)) == wanted, text
