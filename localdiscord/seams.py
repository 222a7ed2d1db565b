"""The only three places discord.py is pointed at the simulator."""

from __future__ import annotations

from collections.abc import Callable

import yarl


def point_discord_py_at(api_base: str, gateway_url: str) -> Callable[[], None]:
    """Set ``discord.http.Route.BASE``, ``discord.webhook.async_.Route.BASE`` and
    ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``; returns a function restoring them.

    (In discord.py 2.7 both Route names are the same class; both are set anyway.)
    """
    import discord.gateway
    import discord.http
    import discord.webhook.async_

    old = (discord.http.Route.BASE, discord.webhook.async_.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    discord.http.Route.BASE = api_base.rstrip("/")
    discord.webhook.async_.Route.BASE = api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE, discord.webhook.async_.Route.BASE = old[0], old[1]
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old[2]

    return restore
