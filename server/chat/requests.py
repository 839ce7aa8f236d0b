"""The chat requests, for the gateway's connections: `chat_history` (which also
follows the match's chat), `chat_unfollow`, `chat_send`, `chat_mute`,
`chat_unmute`, `chat_report`, and the moderators' `chat_hide`, `chat_silence` and
`chat_reports`.

A mixin of `server.gateway.ClientConnection` (it uses the connection's
`_signed_in`, `services.chat` and `chat_followed`)."""

from __future__ import annotations

from typing import Any

from protocol.community_messages import (
    ChatHide,
    ChatHistory,
    ChatMute,
    ChatReport,
    ChatReports,
    ChatSend,
    ChatSilence,
    ChatUnfollow,
    ChatUnmute,
)
from protocol.errors import ProtocolError


class ChatRequests:
    _signed_in: Any  # the ClientConnection's
    services: Any
    chat_followed: dict[str | None, bool]

    async def on_chat_history(self, request: ChatHistory) -> dict:
        return await self.services.chat.history(self, self._signed_in(), request.match_id,
                                                request.room)

    async def on_chat_unfollow(self, request: ChatUnfollow) -> dict:
        self._signed_in()
        if request.match_id not in self.chat_followed:
            raise ProtocolError("not_subscribed", "You are not following that chat.")
        self.services.chat.unfollow(self, request.match_id)
        return {"match_id": request.match_id, "following": False}

    async def on_chat_send(self, request: ChatSend) -> dict:
        message = await self.services.chat.send(self._signed_in(), request.match_id,
                                                request.room, request.text)
        return message.to_wire()

    async def on_chat_mute(self, request: ChatMute) -> dict:
        return await self.services.chat.mute(self._signed_in(), request.account_id, True)

    async def on_chat_unmute(self, request: ChatUnmute) -> dict:
        return await self.services.chat.mute(self._signed_in(), request.account_id, False)

    async def on_chat_report(self, request: ChatReport) -> dict:
        return await self.services.chat.report(self._signed_in(), request.message_id,
                                               request.reason)

    async def on_chat_hide(self, request: ChatHide) -> dict:
        return await self.services.chat.hide(self._signed_in(), request.message_id)

    async def on_chat_silence(self, request: ChatSilence) -> dict:
        return await self.services.chat.silence(self._signed_in(), request.account_id,
                                                request.minutes, request.reason)

    async def on_chat_reports(self, request: ChatReports) -> dict:
        return await self.services.chat.reports(self._signed_in(), request.limit)

    def _stop_chat(self) -> None:
        """No more chat pushes (signed out, signed in as another account, or closed)."""
        self.services.chat.unfollow(self)
