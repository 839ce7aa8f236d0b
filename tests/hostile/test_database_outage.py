"""PostgreSQL stopped and started again under play (issue 29, finding 6: in one of
two such runs two acknowledged commands were not what the store kept, and commands
in flight were answered internal_error).

Several SBH matches are played by random-legal players over real sockets against a
PostgreSQL server of the test's own; mid-play it is stopped (`pg_ctl stop -m fast`,
what `pg_ctlcluster restart` does first), left down, and started again. Players
retry what they are told is retryable, with the same request id. Afterwards: every
answer during the outage was a retryable error (never internal_error), every
acknowledged command is stored with exactly the events its acknowledgement named,
every match finished by itself, and each replay re-runs from its commands to the
stored events (nothing half-written, nothing applied twice). The recovery time (the
database accepting connections again -> the first acknowledged command) is printed."""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.replays import replay_document, verify_document
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from server.store.store import Store
from tests.hostile.postgres_instance import PostgresInstance, available
from tests.sbh.test_games import WARBANDS
from tests.server.test_full_match import SETUP as SHORT_GAME

SETUP = SHORT_GAME | {"options": {"turn_limit": 10}}  # long enough for two outages in play
MATCHES = 3
RETRYABLE = {"database_unavailable", "store_unavailable", "server_busy"}


@pytest.fixture
async def postgres():
    if not available():
        if os.environ.get("WARBAND_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL 15's binaries are needed for the outage tests")
        pytest.skip("PostgreSQL 15's binaries (initdb, pg_ctl) are not installed")
    instance = PostgresInstance()
    await instance.create()
    try:
        yield instance
    finally:
        await instance.remove()


@dataclass
class Seat:
    seat: str
    rng: random.Random
    acked: dict[str, dict] = field(default_factory=dict)  # request id -> reply
    refusals: list[str] = field(default_factory=list)  # codes of retryable refusals
    ack_times: list[float] = field(default_factory=list)
    count: int = 0

    async def play(self, client: Client, match_id: str) -> None:
        while True:
            push = await client.next_push("prompt", "match_over", timeout=120)
            if push["type"] == "match_over":
                return
            if push["decision"] is not None and client.pushes.empty():
                await self._act(client, match_id, push)

    async def _act(self, client: Client, match_id: str, push: dict) -> None:
        prompt = Prompt((Decision.from_wire(push["decision"]),))
        command = random_command(prompt, self.seat, self.rng, WARBANDS[self.seat])
        self.count += 1
        request_id = f"{match_id}-{self.seat}-{self.count}"
        fields = {"match_id": match_id, "command": command.type, "args": dict(command.args),
                  "at_seq": push["seq"]}
        while True:  # the same request, with the same id, until it is answered for good
            try:
                self.acked[request_id] = await client.request(
                    "command", request_id=request_id, **fields)
                self.ack_times.append(time.monotonic())
                return
            except ServerError as refused:
                if refused.code == "stale_prompt":
                    return
                assert refused.retryable and refused.code in RETRYABLE, (
                    refused.code, refused.message)
                self.refusals.append(refused.code)
                await asyncio.sleep(0.1)


async def start_match(server, index: int) -> tuple[str, list[tuple[Seat, Client]]]:
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    await ann.request("guest", name=f"Ann {index}")
    await bob.request("guest", name=f"Bob {index}")
    match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
    await bob.request("join", match_id=match_id)
    for client in (ann, bob):
        await client.request("subscribe", match_id=match_id)
    return match_id, [(Seat("a", random.Random(index * 2)), ann),
                      (Seat("b", random.Random(index * 2 + 1)), bob)]


async def test_a_database_restart_under_play_loses_nothing_acknowledged(postgres, capsys):
    server = WarbandServer(ServerOptions(port=0, database_url=postgres.url, snapshot_every=20,
                                         rate=1000, burst=1000))
    await server.start()
    matches = [await start_match(server, i) for i in range(MATCHES)]
    seats = [seat for _, pairs in matches for seat, _ in pairs]
    playing = [asyncio.create_task(seat.play(client, match_id))
               for match_id, pairs in matches for seat, client in pairs]
    outages = []  # (how it stopped, seconds down, when it accepted connections again)
    try:
        for mode in ("fast", "immediate"):  # a restart; a crash of the database server
            acked = sum(len(s.acked) for s in seats)
            async with asyncio.timeout(60):  # well into the battle
                while sum(len(s.acked) for s in seats) < acked + 25 * MATCHES:
                    for task in playing:
                        if task.done():
                            task.result()  # (its failure, if it failed)
                    # (a match may end early, by a rout on these random dice: the others
                    # play on; the test needs one in play at each outage, asserted below)
                    assert not all(task.done() for task in playing), "every match ended"
                    await asyncio.sleep(0.01)
            await postgres.stop(mode)
            down_at = time.monotonic()
            await asyncio.sleep(2.0)
            await postgres.start()
            outages.append((mode, time.monotonic() - down_at, time.monotonic()))
        async with asyncio.timeout(240):
            await asyncio.gather(*playing)
    finally:
        for task in playing:
            task.cancel()
        for _, pairs in matches:
            for _, client in pairs:
                await client.close()
        await server.stop()

    refusals = [code for seat in seats for code in seat.refusals]
    assert refusals, "the outages were felt (commands were refused while they lasted)"
    acks = sorted(t for seat in seats for t in seat.ack_times)
    for mode, down, up_at in outages:
        first = next((t for t in acks if t > up_at), None)
        assert first is not None, f"play went on after the {mode} stop"
        with capsys.disabled():
            print(f"\n  stopped ({mode}) {down:.1f} s: first acknowledgement "
                  f"{first - up_at:.2f} s after it accepted connections again")
    with capsys.disabled():
        print(f"  refused {len(refusals)} times ({', '.join(sorted(set(refusals)))}); "
              f"{len(acks)} commands acknowledged")

    store = await Store.open(postgres.url)
    try:
        for match_id, pairs in matches:
            document = await replay_document(store, match_id)
            for seat, _ in pairs:
                for request_id, reply in seat.acked.items():
                    row = await store.command_by_request(match_id, seat.seat, request_id)
                    assert row is not None, f"acknowledged command {request_id} was lost"
                    assert (row.first_seq, row.last_seq) == (reply["first_seq"],
                                                             reply["last_seq"]), request_id
            assert verify_document(document).verified, "the log re-runs from its commands"
    finally:
        await store.close()
