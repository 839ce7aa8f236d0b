"""An append whose answer is lost after the database committed it (a database that
goes away between its commit and its reply): the command was refused retryably,
yet it is stored. Acknowledged means stored, and stored must mean told: the match
loads the stored command, sends its events and the next prompt to every
subscriber, and the command (then and on a retry with its id) is answered with
exactly what was stored (issue 29, finding 6). Played with the kernel's example
game on SQLite; the fault is the real store's own write followed by a lost answer."""

from __future__ import annotations

import pytest

from server.app import ServerOptions, WarbandServer
from server.rules import registry
from tests.server.test_watching import drain, event_seqs, seated_pair


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'lost.db'}"))
    await instance.start()
    yield instance
    await instance.stop()


def lose_the_next_answer(store) -> None:
    """The next append is written, and then its answer is lost."""
    write = store.write_appends

    async def written_then_lost(appends):
        store.write_appends = write  # (once)
        await write(appends)
        raise ConnectionResetError("the database went away before it answered")

    store.write_appends = written_then_lost


async def test_a_command_stored_despite_a_lost_answer_reaches_every_stream(server):
    ann, bob, match_id = await seated_pair(server)
    for client in (ann, bob):
        await client.request("subscribe", match_id=match_id)
    await drain(ann)
    await drain(bob)
    lose_the_next_answer(server.store)
    first = await ann.request("command", match_id=match_id, command="bid", args={"amount": 1},
                              request_id="ann-bid-1")
    [stored] = await server.store.commands(match_id)
    assert stored.request_id == "ann-bid-1"
    assert (first["first_seq"], first["last_seq"]) == (stored.first_seq, stored.last_seq)

    told = await drain(bob)  # the stored event, and the prompt that follows it
    assert event_seqs(told) == list(range(stored.first_seq, stored.last_seq + 1))
    assert told[-1]["type"] == "prompt" and told[-1]["seq"] == stored.last_seq
    assert told[-1]["decision"] is not None, "Bob is asked for his bid"

    again = await ann.request("command", match_id=match_id, command="bid",
                              args={"amount": 1}, request_id="ann-bid-1")
    assert (again["first_seq"], again["last_seq"]) == (stored.first_seq, stored.last_seq)
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert len(await server.store.commands(match_id)) == 2, "applied once"
