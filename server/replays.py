"""Replays: a finished match as one self-contained document (setup, revealed
seed, every accepted command, every event with its state checksum) and its
verification by re-running `decide` with the revealed seed.

The document is what `warband replay export` writes (JSON) and what the
`get_replay` request returns (MessagePack)."""

from __future__ import annotations

from typing import Any

from server.rules.dice import commitment
from server.rules.kernel import Command, Event
from server.rules.registry import get_system
from server.rules.runner import Applied, verify
from server.store.store import Store, pack, unpack

FORMAT = "warband-replay/1"


class ReplayUnavailable(LookupError):
    """No such match, or it has not finished (its seed is still secret)."""


async def replay_document(store: Store, match_id: str) -> dict[str, Any]:
    row = await store.match(match_id)
    if row is None:
        raise ReplayUnavailable(f"there is no match {match_id!r}")
    if row["status"] != "finished":
        raise ReplayUnavailable(f"match {match_id} is {row['status']}; its replay is "
                                "available once it has finished")
    names = (await store.seat_names([match_id])).get(match_id, {})
    commands = [unpack(c.payload) for c in await store.commands(match_id)]
    events = [{"seq": e.seq, "event": unpack(e.payload), "checksum": e.checksum}
              for e in await store.events_after(match_id, 0)]
    return {"format": FORMAT, "match_id": match_id, "system": row["system"],
            "setup": unpack(row["setup"]), "players": names,
            "created_at": row["created_at"], "started_at": row["started_at"],
            "finished_at": row["finished_at"], "seed": row["seed"].hex(),
            "seed_commitment": row["seed_commitment"],
            "result": unpack(row["result"]) if row["result"] else None,
            "commands": commands, "events": events}


def verify_document(document: dict[str, Any]) -> str | None:
    """None if the replay checks out, else a description of the first divergence."""
    if document.get("format") != FORMAT:
        return f"not a {FORMAT} document"
    seed = bytes.fromhex(document["seed"])
    if commitment(seed) != document["seed_commitment"]:
        return ("the revealed seed does not match the commitment published at the start "
                f"({commitment(seed)} != {document['seed_commitment']})")
    seqs = [e["seq"] for e in document["events"]]
    if seqs != list(range(1, len(seqs) + 1)):
        return "the event log has gaps or duplicates in its seq numbers"
    system = get_system(document["system"])
    commands = [Command.from_wire(c) for c in document["commands"]]
    recorded = [Applied(Event.from_wire(e["event"]), e["checksum"]) for e in document["events"]]
    divergence = verify(system, document["setup"], seed, commands, recorded,
                        normalize=lambda wire: unpack(pack(wire)))
    return None if divergence is None else divergence.describe()
