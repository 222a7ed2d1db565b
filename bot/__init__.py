"""The Discord bot: persistence, the rules service and (in cogs/) the commands."""
