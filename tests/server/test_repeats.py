"""A command sent again with its request id (its reply was lost, say) is answered with
its original result and never applied twice: the newest few from the match's memory,
older ones from the store's log of commands (docs/protocol.md, "Repeated requests")."""

from __future__ import annotations

import pytest

from server.matches.commands import RECENT_REQUESTS
from server.rules import registry
from tests.server.test_watching import seated_pair


@pytest.fixture
def bids(monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")


async def test_a_repeat_older_than_the_memory_is_answered_from_the_store(server, bids):
    ann, bob, match_id = await seated_pair(server)
    sent = []  # (client, request id, fields, reply)
    for round_ in range(RECENT_REQUESTS + 2):  # both seats: twice the memory and more
        for client, name in ((ann, "ann"), (bob, "bob")):
            fields = {"match_id": match_id, "command": "bid", "args": {"amount": 1}}
            request_id = f"{name}-{round_}"
            sent.append((client, request_id, fields,
                         await client.request("command", request_id=request_id, **fields)))
    last = sent[-1][3]["last_seq"]
    # The oldest (forgotten by the match: asked of the store), one in the middle and the
    # newest (remembered), each sent again while the same command is legal again.
    for client, request_id, fields, reply in (sent[0], sent[len(sent) // 2], sent[-1]):
        assert await client.request("command", request_id=request_id, **fields) == reply
    view = await ann.request("get_view", match_id=match_id)
    assert view["seq"] == last, "nothing was applied twice"
    for client in (ann, bob):
        await client.close()
