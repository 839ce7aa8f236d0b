"""The house bot's seats across nodes (issue 35: "the house bot's seats ... work
across nodes"). A bot's seat is played by the node that holds its match's lease,
beside the match's actor (server/matches/hub.py `_seat_bot`, owning.py `lost`): the
node that takes a match over seats the bot again, and a node that lost the match
stops its own bot, whose writes the lease's fencing refuses meanwhile. Two nodes on
one database and the real NATS; skipped, saying so, without NATS."""

from __future__ import annotations

import asyncio
import random

from sqlalchemy import select

from clients.client import Client, ServerError
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from server.store.schema import commands
from tests.cluster.test_bounded_stop import until
from tests.cluster.test_nodes import TTL, guest, nodes, pytestmark  # noqa: F401
from tests.sbh.test_games import WARBANDS

SHORT = {"options": {"turn_limit": 4}}


async def play(client: Client, match_id: str, seat: str, seed: int) -> list[int]:
    """Act from prompts until the match ends (a command refused as moved is sent
    again, with its request id, as a client does); the seqs of the events seen."""
    rng, seen, sent = random.Random(seed), [], 0
    while True:
        push = await client.next_push("event", "prompt", "match_over", timeout=60)
        if push["type"] == "event":
            seen.append(push["seq"])
        elif push["type"] == "match_over":
            return seen
        elif push["decision"] is not None and client.pushes.empty():
            command = random_command(Prompt((Decision.from_wire(push["decision"]),)), seat,
                                     rng, WARBANDS[seat])
            sent += 1
            while True:
                try:
                    await client.request("command", match_id=match_id,
                                         command=command.type, args=dict(command.args),
                                         at_seq=push["seq"], request_id=f"ann-{sent}")
                    break
                except ServerError as refused:
                    if refused.code == "stale_prompt":
                        break  # (the bot moved first: a newer prompt comes)
                    assert refused.code == "match_moved", refused
                    await asyncio.sleep(0.1)


async def test_the_bots_seat_is_played_by_the_node_that_owns_the_match(nodes):  # noqa: F811
    """North runs a match against the bot, then pauses past its lease (as a node that
    died): south takes the match and seats the bot; north's bot stops once north
    finds the match gone; the bot's seat is played to the end, by one node at a time."""
    north, south = nodes
    ann = await guest(north, "Ann")
    created = await ann.request("create_match", system="sbh", opponent="bot:random", **SHORT)
    match_id = created["match_id"]
    assert match_id in north.hub.bots and match_id not in south.hub.bots
    await ann.request("subscribe", match_id=match_id)

    north.hub.keeper._task.cancel()  # north pauses: its lease runs out, south takes it
    await until(lambda: match_id in south.hub.bots, "south to seat the bot", 20 * TTL)
    taken_at = south.hub.actors[match_id].seq
    seen = await asyncio.wait_for(play(ann, match_id, "a", seed=3), 300)
    assert seen == list(range(1, len(seen) + 1)), "each event once, in order"
    assert match_id not in north.hub.bots, "north's bot stopped when north lost the match"
    async with south.store.engine.connect() as conn:
        bot_moves = (await conn.execute(select(commands.c.first_seq).where(
            commands.c.match_id == match_id, commands.c.seat == "b"))).scalars().all()
    assert any(seq > taken_at for seq in bot_moves), "south's bot played on"
    row = await south.store.match(match_id)
    assert row["status"] == "finished"
