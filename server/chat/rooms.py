"""Chat rooms: who may read and write each, who follows them, and what is pushed.

A match has two rooms. The players' room is written by the seated players and read
by everyone; the spectators' room is written and read by everyone else, and the
players see it only once the match has ended (as on lichess). The lobby has one
room, "lobby" (match_id None). Guests read; they write only if the server allows it.

A connection follows a match's chat (both rooms, each as it may read it) from its
`chat_history` request until it unfollows, closes, or signs out or in as someone
else: each follow records the connection's identity (server.gateway) and is served
only while that holds, so a seated player who logs out stops receiving at once.
With several nodes, each message and hiding is also published to the other nodes,
which deliver it to their own followers by the same rules (server.chat.relay)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolError
from server.accounts import Account
from server.chat.filter import WordFilter
from server.chat.limits import ChatSettings, WriteRate, clean_text
from server.chat.relay import ChatRelay
from server.chat.store import ChatStore, Message
from server.frames import Frame
from server.store.store import Store

PLAYERS, SPECTATORS, LOBBY = "players", "spectators", "lobby"
MATCH_ROOMS = (PLAYERS, SPECTATORS)
MAX_FOLLOWED = 50  # chats one connection follows at once (the oldest is dropped)
MAX_SILENCE_MINUTES = 30 * 24 * 60
MAX_REASON = 200
MAX_REPORTS = 200  # reports a moderator's chat_reports gets at most


@dataclass(frozen=True, slots=True)
class Place:
    """A chat's match as the rules of its rooms need it (None for the lobby)."""

    match_id: str | None
    live: bool  # open or being played: the players do not see the spectators' room
    players: frozenset[str]  # account ids of the seated players

    def may_read(self, room: str, account: Account) -> bool:
        return not (room == SPECTATORS and self.live and account.id in self.players)

    def why_not_write(self, room: str, account: Account, settings: ChatSettings) -> str | None:
        if account.guest and not settings.guests_write:
            return "Guests may read the chat; register to write in it."
        if room == PLAYERS and account.id not in self.players:
            return "Only the match's players write in the players' chat; spectators " \
                   "have their own room."
        if room == SPECTATORS and self.live and account.id in self.players:
            return "Players do not see or write in the spectators' chat until the " \
                   "match ends."
        return None


class ChatRooms:
    def __init__(self, store: Store, settings: ChatSettings, clock=time.time) -> None:
        self.store = store
        self.chat = ChatStore(store.engine)
        self.settings = settings
        self.filter = WordFilter(settings.filtered_words)
        self.rate = WriteRate(settings)
        self.clock = clock
        # match id (None: the lobby) -> following connection -> its identity then
        self.followers: dict[str | None, dict[Any, int]] = {}
        self.relay: ChatRelay | None = None  # several nodes: the others' followers

    async def join_cluster(self, client: Any, node: str, space: str = "warband") -> None:
        self.relay = ChatRelay(client, node, space)
        await self.relay.start(self.deliver)

    async def close(self) -> None:
        if self.relay is not None:
            await self.relay.stop()

    # -- where ------------------------------------------------------------------------
    async def place(self, match_id: str | None, room: str) -> Place:
        if (room == LOBBY) != (match_id is None) or room not in (*MATCH_ROOMS, LOBBY):
            raise ProtocolError("no_such_room")
        if match_id is None:
            return Place(None, False, frozenset())
        row = await self.store.match(match_id)
        if row is None:
            raise ProtocolError("no_such_match")
        seats = await self.store.seats(match_id)
        return Place(match_id, row["status"] in ("open", "active"), frozenset(seats.values()))

    # -- reading and following ----------------------------------------------------------
    async def history(self, connection: Any, account: Account, match_id: str | None,
                      room: str) -> dict[str, Any]:
        identity = connection.identity  # (who asked: a sign-out meanwhile voids the follow)
        place = await self.place(match_id, room)
        if not place.may_read(room, account):
            raise ProtocolError("chat_not_allowed", "Players do not see the spectators' "
                                "chat until the match ends.")
        muted = await self.chat.muted_by(account.id)
        messages = await self.chat.history(match_id, room, muted)
        self.follow(connection, match_id, identity)
        cannot = place.why_not_write(room, account, self.settings)
        return {"match_id": match_id, "room": room,
                "messages": [m.to_wire() for m in messages],
                "can_write": cannot is None, "why_not": cannot, "muted": sorted(muted),
                "moderator": await self.chat.is_moderator(account.id)}

    def follow(self, connection: Any, match_id: str | None, identity: int) -> None:
        if connection.identity != identity or connection.closing:
            return  # (signed out or in as someone else, or closed, since it asked)
        followed = connection.chat_followed
        followed.pop(match_id, None)
        followed[match_id] = True  # (most recent last)
        self.followers.setdefault(match_id, {})[connection] = identity
        while len(followed) > MAX_FOLLOWED:
            self.unfollow(connection, next(iter(followed)))

    def unfollow(self, connection: Any, *match_ids: str | None) -> None:
        """Stop pushing these chats (all it follows if none are named) to `connection`."""
        for match_id in match_ids or list(connection.chat_followed):
            connection.chat_followed.pop(match_id, None)
            following = self.followers.get(match_id)
            if following is not None:
                following.pop(connection, None)
                if not following:
                    del self.followers[match_id]

    def _current(self, match_id: str | None) -> list[tuple[Any, Account]]:
        """The followers still signed in as who followed (the others are dropped)."""
        found = []
        for connection, identity in list(self.followers.get(match_id, {}).items()):
            if connection.identity != identity or connection.account is None:
                self.unfollow(connection, match_id)
            elif not connection.closing:
                found.append((connection, connection.account))
        return found

    # -- writing ------------------------------------------------------------------------
    async def send(self, account: Account, match_id: str | None, room: str,
                   text: str) -> Message:
        place = await self.place(match_id, room)
        cannot = place.why_not_write(room, account, self.settings)
        if cannot is not None:
            raise ProtocolError("chat_not_allowed", cannot)
        now = self.clock()
        until = await self.chat.silenced_until(account.id, now)
        if until is not None:
            raise ProtocolError("chat_silenced", details={"until": until})
        text = self.filter.apply(clean_text(text, self.settings.max_length))
        await self.rate.admit(account.id)  # (last: a refused message costs no token)
        message = await self.chat.add(match_id, room, account.id, text, now)
        await self._tell({"kind": "message", "message": message.to_wire(), "room": room,
                          "live": place.live, "players": sorted(place.players),
                          "muters": sorted(await self.chat.muters_of(account.id))})
        return message

    # -- delivering -----------------------------------------------------------------------
    async def _tell(self, news: dict[str, Any]) -> None:
        """Deliver to this node's followers, then to the other nodes' (server.chat.relay)."""
        self.deliver(news)
        if self.relay is not None:
            await self.relay.publish(news)

    def deliver(self, news: dict[str, Any]) -> None:
        """A message or a hiding, to this node's followers who may read its room."""
        match_id = news["message"]["match_id"]
        room = news["room"]
        place = Place(match_id, news["live"], frozenset(news["players"]))
        muters = set(news.get("muters", ()))
        if news["kind"] == "message":
            frame = Frame({"v": 1, "type": "chat_message", **news["message"]})
        else:
            frame = Frame({"v": 1, "type": "chat_hidden", "match_id": match_id, "room": room,
                           "message_id": news["message"]["message_id"]})
        for connection, reader in self._current(match_id):
            if reader.id not in muters and place.may_read(room, reader):
                connection.push(frame)

    # -- a person's own tools -----------------------------------------------------------
    async def report(self, account: Account, message_id: int, reason: str) -> dict:
        row = await self._readable_message(account, message_id)
        reason = _reason(reason)
        fresh = await self.chat.report(row["id"], account.id, reason, self.clock())
        return {"message_id": row["id"], "reported": True, "again": not fresh}

    async def mute(self, account: Account, other_id: str, muted: bool) -> dict:
        if other_id == account.id:
            raise ProtocolError("chat_not_allowed", "You cannot mute yourself.")
        if not await self.chat.account_exists(other_id):
            raise ProtocolError("no_such_account")
        if muted:
            await self.chat.mute(account.id, other_id, self.clock())
        else:
            await self.chat.unmute(account.id, other_id)
        return {"account_id": other_id, "muted": muted}

    # -- moderation ---------------------------------------------------------------------
    async def hide(self, moderator: Account, message_id: int) -> dict:
        await self._moderator(moderator)
        row = await self.chat.message(message_id)
        if row is None:
            raise ProtocolError("no_such_message")
        await self.chat.hide(message_id, moderator.id, self.clock())
        place = await self.place(row["match_id"], row["room"])
        # (to whoever may read its room: the players are not told of the spectators')
        await self._tell({"kind": "hidden", "room": row["room"], "live": place.live,
                          "players": sorted(place.players),
                          "message": {"match_id": row["match_id"], "message_id": message_id}})
        return {"message_id": message_id, "hidden": True}

    async def silence(self, moderator: Account, account_id: str, minutes: int,
                      reason: str) -> dict:
        await self._moderator(moderator)
        if not 0 <= minutes <= MAX_SILENCE_MINUTES:
            raise ProtocolError("chat_bad_duration")
        if not await self.chat.account_exists(account_id):
            raise ProtocolError("no_such_account")
        reason = _reason(reason)
        now = self.clock()
        until = now + 60.0 * minutes
        await self.chat.silence(account_id, until, moderator.id, reason, now)
        return {"account_id": account_id, "until": until if minutes else None}

    async def reports(self, moderator: Account, limit: int) -> dict:
        await self._moderator(moderator)
        return {"reports": await self.chat.reports(min(max(1, limit), MAX_REPORTS))}

    async def _moderator(self, account: Account) -> None:
        if not await self.chat.is_moderator(account.id):
            raise ProtocolError("not_a_moderator")

    async def _readable_message(self, account: Account, message_id: int) -> dict:
        row = await self.chat.message(message_id)
        if row is None or row["hidden_at"] is not None:
            raise ProtocolError("no_such_message")
        place = await self.place(row["match_id"], row["room"])
        if not place.may_read(row["room"], account):
            raise ProtocolError("no_such_message")  # (nor may its existence be learnt)
        return row


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not 1 <= len(reason) <= MAX_REASON:
        raise ProtocolError("chat_reason_required")
    return reason
