"""What every connection of the gateway shares (server.gateway): the store and
everything built on it (accounts, lobby, quick pairing, rematches, chat rooms, hosted
events), the rate and outgoing limits a connection is held to, the replies remembered
for repeated request ids and the connections signed in with each token.

Built once by the server (server.app) and handed to each `ClientConnection`; it holds
those connections (in `token_holders`) without importing their module."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from server.accounts import Accounts
from server.admission import Admission
from server.chat.limits import ChatSettings
from server.chat.rooms import ChatRooms
from server.lobby import Lobby
from server.matches.hub import Hub
from server.metrics import Metrics
from server.rematch import Rematches
from server.seeks import SeekPool
from server.store.store import Store
from server.tournaments.director import Director
from server.tournaments.service import EventService

OUTGOING_BYTES = 8 * 2**20  # unsent bytes a slow client may owe before it is disconnected
RATE = 50.0  # messages per second a connection may send on average...
BURST = 100.0  # ...with bursts up to this many


class Services:
    """What every connection shares: the store and everything built on it."""

    def __init__(self, store: Store, hub: Hub, metrics: Metrics, *, rate: float = RATE,
                 burst: float = BURST, outgoing_bytes: int = OUTGOING_BYTES,
                 admission: Admission | None = None, chat: ChatSettings | None = None,
                 event_tick: float = 1.0) -> None:
        self.store = store
        self.admission = admission if admission is not None else Admission()
        self.hub = hub
        self.metrics = metrics
        self.accounts = Accounts(store)
        self.lobby = Lobby(store, hub)
        self.seeks = SeekPool(self.lobby, hub.ratings)  # quick pairing
        self.rematches = Rematches(self.lobby, store, self.connections_of)
        self.chat = ChatRooms(store, chat if chat is not None else ChatSettings())
        # hosted events: the director runs them (started by the server), the service
        # answers their requests
        self.director = Director(store, self.lobby, hub, self.connections_of,
                                 tick=event_tick)
        self.events = EventService(self.director, self.lobby, hub.ratings)
        self.rate, self.burst, self.outgoing_bytes = rate, burst, outgoing_bytes
        # account id (or connection key) -> "kind:request id" -> the reply, for repeats
        self.replies: OrderedDict[str, OrderedDict[str, dict]] = OrderedDict()
        self.shared_replies = None  # (several nodes: server.cluster.replies.SharedReplies)
        # token -> the connections (server.gateway.ClientConnection) signed in with it,
        # so that a logout ends them all
        self.token_holders: dict[str, set[Any]] = {}

    def connections_of(self, account_id: str) -> list[Any]:
        """The connections signed in as `account_id` now (to push to a player)."""
        return [c for holders in self.token_holders.values() for c in holders
                if c.account is not None and c.account.id == account_id]
