"""The rules service (docs/dev/service.md): `GameService` and its parts.

- `service`: GameService, the rules of opening, playing and storing games;
- `store`: rows, statements and the one write path;
- `driver`: a move's statements on the database driver's own connection;
- `records`: the typed records the service hands out;
- `cache`: the games a bot process keeps in memory;
- `errors`: the refusals, each with a sentence for the player.
"""
from bot.service.service import (
    AlreadyJoined as AlreadyJoined,
)
from bot.service.service import (
    Applied as Applied,
)
from bot.service.service import (
    Conflict as Conflict,
)
from bot.service.service import (
    GameRecord as GameRecord,
)
from bot.service.service import (
    GameService as GameService,
)
from bot.service.service import (
    Illegal as Illegal,
)
from bot.service.service import (
    LogEntry as LogEntry,
)
from bot.service.service import (
    MessageRecord as MessageRecord,
)
from bot.service.service import (
    NoSuchGame as NoSuchGame,
)
from bot.service.service import (
    NotAllowed as NotAllowed,
)
from bot.service.service import (
    NotInGame as NotInGame,
)
from bot.service.service import (
    NotYourTurn as NotYourTurn,
)
from bot.service.service import (
    OutboxEntry as OutboxEntry,
)
from bot.service.service import (
    PlayerRecord as PlayerRecord,
)
from bot.service.service import (
    ServiceError as ServiceError,
)
from bot.service.service import (
    StaleAction as StaleAction,
)
from bot.service.service import (
    TableFull as TableFull,
)
from bot.service.service import (
    UnknownGame as UnknownGame,
)
from bot.service.service import (
    WrongStatus as WrongStatus,
)
from bot.service.service import (
    valid_id as valid_id,
)

__all__ = [
    "AlreadyJoined",
    "Applied",
    "Conflict",
    "GameRecord",
    "GameService",
    "Illegal",
    "LogEntry",
    "MessageRecord",
    "NoSuchGame",
    "NotAllowed",
    "NotInGame",
    "NotYourTurn",
    "OutboxEntry",
    "PlayerRecord",
    "ServiceError",
    "StaleAction",
    "TableFull",
    "UnknownGame",
    "WrongStatus",
    "valid_id",
]
