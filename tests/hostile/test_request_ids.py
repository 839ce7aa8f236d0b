"""Request ids have one documented limit on every database (issue 29, finding 3: a
`command` or `resign` whose id was longer than the store's 64-character column
failed with a retryable `store_unavailable` on PostgreSQL, for ever)."""

from __future__ import annotations

import asyncio
import uuid

from clients.client import Client
from protocol.codec import encode_request
from protocol.messages import MAX_REQUEST_ID


async def seated_pair(server):
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    await ann.request("guest", name="Ann")
    await bob.request("guest", name="Bob")
    match_id = (await ann.request("create_match", system="sbh"))["match_id"]
    await bob.request("join", match_id=match_id)
    return ann, bob, match_id


async def test_an_id_over_the_limit_is_refused_at_once_and_for_good(server):
    ann, bob, match_id = await seated_pair(server)
    too_long = f"{uuid.uuid4()}-{uuid.uuid4()}"  # two UUIDs joined: 73 characters
    assert len(too_long) > MAX_REQUEST_ID
    try:
        await ann.send_raw(encode_request({"type": "resign", "id": too_long,
                                           "match_id": match_id}))
        refused = await ann.next_push("error", timeout=10)
        async with asyncio.timeout(10):
            await ann.websocket.wait_closed()
        assert refused["id"] == too_long  # (answered, so a client can tell which request)
        assert (refused["code"], refused["retryable"]) == ("invalid_message", False)
        assert refused["message"] == "Request ids are at most 64 characters; this one has 73."
        assert ann.websocket.close_code == 1007
        assert server.hub.actor(match_id) is not None, "the match goes on"
    finally:
        await ann.close()
        await bob.close()


async def test_an_id_at_the_limit_is_stored_and_answered_again(server):
    ann, bob, match_id = await seated_pair(server)
    longest = ("x" * MAX_REQUEST_ID)
    try:
        first = await bob.request("resign", match_id=match_id, request_id=longest)
        again = await bob.request("resign", match_id=match_id, request_id=longest)
        assert again == first == {"match_id": match_id, "first_seq": 1, "last_seq": 1}
        [stored] = await server.store.commands(match_id)
        assert stored.request_id == longest
    finally:
        await ann.close()
        await bob.close()
