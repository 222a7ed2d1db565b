"""The presenter posts only where messages can go: a category or a forum id (a table opened in a
channel since turned into one, a mistyped id) is reported and skipped, never handed on to fail on
`send` later."""
from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.presenter import Presenter


def bare(kind: type[object]) -> object:
    """A channel of one discord.py class, without a connection (only its class matters here)."""
    return object.__new__(kind)


def presenter_seeing(cached: object | None, fetched: object | None = None) -> Presenter:
    async def fetch_channel(_channel_id: int) -> object:
        if fetched is None:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "unknown channel")
        return fetched

    bot = SimpleNamespace(get_channel=lambda _channel_id: cached, fetch_channel=fetch_channel)
    return Presenter(bot)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [discord.TextChannel, discord.Thread, discord.VoiceChannel, discord.DMChannel])
async def test_a_channel_that_takes_messages_is_handed_on(kind: type[object]) -> None:
    channel = bare(kind)
    assert await presenter_seeing(channel).channel(5) is channel
    assert await presenter_seeing(None, fetched=channel).channel(5) is channel


@pytest.mark.parametrize("kind", [discord.CategoryChannel, discord.ForumChannel])
async def test_a_channel_without_messages_is_skipped_and_logged(kind: type[object],
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    assert await presenter_seeing(bare(kind)).channel(5) is None
    assert await presenter_seeing(None, fetched=bare(kind)).channel(6) is None
    assert [r.getMessage() for r in caplog.records] == [
        f"channel {n} takes no messages ({kind.__name__})" for n in (5, 6)]


async def test_an_unreachable_channel_is_none(caplog: pytest.LogCaptureFixture) -> None:
    assert await presenter_seeing(None).channel(7) is None
    assert [r.getMessage() for r in caplog.records] == ["cannot reach channel 7"]
