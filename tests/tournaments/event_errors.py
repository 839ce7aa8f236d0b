"""The hosted-event error codes, each produced through a real socket (used by
tests/server/test_errors.py, which checks every code of protocol/errors.py): the
request is refused and the event tables are as they were."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from clients.client import Client, ServerError
from server.tournaments.tables import entries, pairings, rounds, tournaments
from tests.tournaments.served import MATCHES, warband


async def _tables(server) -> list:
    async with server.store.engine.connect() as conn:
        return [sorted(map(tuple, (await conn.execute(select(t))).all()), key=repr)
                for t in (tournaments, entries, rounds, pairings)]


async def _expect(server, client: Client, kind: str, **fields) -> ServerError:
    before = await _tables(server)
    with pytest.raises(ServerError) as refused:
        await client.request(kind, **fields)
    assert await _tables(server) == before
    return refused.value


async def _user(server, name: str) -> Client:
    client = await Client.connect(server.url)
    session = await client.request("register", username=name, password="long enough")
    client.account = session["account_id"]
    return client


async def _event(server, **settings) -> tuple[Client, str]:
    org = await _user(server, "orga")
    created = await org.request("create_event", name="Club night", system="sbh",
                                settings={**MATCHES, **settings})
    return org, created["event_id"]


async def no_such_event(server):
    return await _expect(server, await _user(server, "ann"), "get_event", event_id="nothing")


async def invalid_event(server):
    refused = await _expect(server, await _user(server, "ann"), "create_event", name="Cup",
                            settings={"format": "ladder"})
    assert "ladder" in refused.message
    return refused


async def not_organiser(server):
    _, event_id = await _event(server)
    return await _expect(server, await _user(server, "ann"), "start_event", event_id=event_id)


async def registration_closed(server):
    _, event_id = await _event(server, registration_closes=1.0)  # (closed in 1970)
    return await _expect(server, await _user(server, "ann"), "register_event",
                         event_id=event_id, warband=warband(0))


async def already_entered(server):
    _, event_id = await _event(server)
    ann = await _user(server, "ann")
    await ann.request("register_event", event_id=event_id, warband=warband(0))
    return await _expect(server, ann, "register_event", event_id=event_id,
                         warband=warband(1))


async def not_entered(server):
    _, event_id = await _event(server)
    return await _expect(server, await _user(server, "ann"), "withdraw_event",
                         event_id=event_id)


async def invalid_list(server):
    _, event_id = await _event(server)
    refused = await _expect(server, await _user(server, "ann"), "register_event",
                            event_id=event_id,
                            warband={"name": "Too big", "models": [{"profile": "Troll"}] * 3})
    assert refused.details["problems"]
    return refused


async def event_stage(server):
    org, event_id = await _event(server)
    return await _expect(server, org, "start_event", event_id=event_id)  # (nobody entered)


async def no_such_pairing(server):
    org, event_id = await _event(server)
    return await _expect(server, org, "correct_result", event_id=event_id, round=1, table=1,
                         winner=None, why="A typo")
