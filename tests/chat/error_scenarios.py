"""The chat errors' scenarios for tests/server/test_errors.py (which produces every
error code through a real socket): each returns the refusal, and checks that the
chat tables are as they were."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import func, select

from clients.client import Client, ServerError
from server.store.schema import chat_messages, chat_mutes, chat_reports, chat_silences

_names = itertools.count(1)


async def _registered(server) -> Client:
    client = await Client.connect(server.url)
    client.me = await client.request("register", username=f"chatter{next(_names)}",
                                     password="long enough")
    return client


async def _chat_tables(server) -> list:
    async with server.store.engine.connect() as conn:
        return [(await conn.execute(select(func.count()).select_from(t))).scalar()
                for t in (chat_messages, chat_reports, chat_mutes, chat_silences)]


async def _refused(server, client: Client, kind: str, **fields) -> ServerError:
    before = await _chat_tables(server)
    with pytest.raises(ServerError) as refused:
        await client.request(kind, **fields)
    assert await _chat_tables(server) == before
    return refused.value


LOBBY = {"match_id": None, "room": "lobby"}


async def no_such_room(server):
    return await _refused(server, await _registered(server), "chat_history", match_id=None,
                          room="players")


async def chat_empty(server):
    return await _refused(server, await _registered(server), "chat_send", **LOBBY,
                          text=" \n ")


async def chat_too_long(server):
    refused = await _refused(server, await _registered(server), "chat_send", **LOBBY,
                             text="x" * 301)
    assert refused.details == {"limit": 300}
    return refused


async def chat_too_fast(server):
    ann = await _registered(server)
    for n in range(5):
        await ann.request("chat_send", **LOBBY, text=f"line {n}")
    return await _refused(server, ann, "chat_send", **LOBBY, text="again")


async def chat_silenced(server):
    ann, mod = await _registered(server), await _registered(server)
    await server.services.chat.chat.set_moderator(mod.me["account_id"], True)
    await mod.request("chat_silence", account_id=ann.me["account_id"], minutes=5,
                      reason="spam")
    return await _refused(server, ann, "chat_send", **LOBBY, text="hello")


async def chat_not_allowed(server):
    guest = await Client.connect(server.url)
    await guest.request("guest", name="Gus")
    return await _refused(server, guest, "chat_send", **LOBBY, text="hello")


async def chat_reason_required(server):
    ann = await _registered(server)
    sent = await ann.request("chat_send", **LOBBY, text="hello")
    return await _refused(server, ann, "chat_report", message_id=sent["message_id"],
                          reason=" ")


async def chat_bad_duration(server):
    ann, mod = await _registered(server), await _registered(server)
    await server.services.chat.chat.set_moderator(mod.me["account_id"], True)
    return await _refused(server, mod, "chat_silence", account_id=ann.me["account_id"],
                          minutes=43201, reason="spam")


async def not_a_moderator(server):
    ann = await _registered(server)
    sent = await ann.request("chat_send", **LOBBY, text="hello")
    return await _refused(server, await _registered(server), "chat_hide",
                          message_id=sent["message_id"])


async def no_such_message(server):
    return await _refused(server, await _registered(server), "chat_report", message_id=77,
                          reason="spam")


async def no_such_account(server):
    return await _refused(server, await _registered(server), "chat_mute",
                          account_id="nobody")
