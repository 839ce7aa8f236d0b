"""Replays: a finished match as one self-contained document (setup, revealed
seed, the rules version it was played under, every accepted command, every
event with its state checksum) and its verification by re-running `decide`
with the revealed seed.

A replay recorded under other rules (an older `rules_version`: a rule has been
fixed since) cannot be re-decided here: its events would differ without any
tampering. It is checked as far as this server can (the seed against its
commitment, the event log folded by evolve to every recorded checksum) and
reported as such, never as verified and never as diverging.

The document is what `warband replay export` writes (JSON) and what the
`get_replay` request returns (MessagePack)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.clocks import control as time_controls
from server.rules.dice import commitment
from server.rules.kernel import Command, Event
from server.rules.registry import get_system
from server.rules.runner import Applied, rebuild_check, verify
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
    # Each command with the events it caused and how far into the dice stream it
    # had drawn, as recorded when it was applied (docs/protocol.md, Fairness).
    # (and, in a timed match, the clocks it left: milliseconds for each seat)
    commands = [{**unpack(c.payload), "first_seq": c.first_seq, "last_seq": c.last_seq,
                 "dice_position": c.dice_position,
                 **({"clock": unpack(c.clock)} if c.clock else {})}
                for c in await store.commands(match_id)]
    events = [{"seq": e.seq, "event": unpack(e.payload), "checksum": e.checksum}
              for e in await store.events_after(match_id, 0)]
    return {"format": FORMAT, "match_id": match_id, "system": row["system"],
            "setup": unpack(row["setup"]), "players": names,
            "created_at": row["created_at"], "started_at": row["started_at"],
            "finished_at": row["finished_at"], "seed": row["seed"].hex(),
            "seed_commitment": row["seed_commitment"], "rules_version": row["rules_version"],
            "result": unpack(row["result"]) if row["result"] else None,
            "time_control": time_controls.from_stored(
                unpack(row["time_control"]) if row.get("time_control") else None).to_wire(),
            "commands": commands, "events": events}


@dataclass(frozen=True)
class Verdict:
    """What checking a replay found. `status`:

    - "verified": every command re-decided with the revealed seed gives the
      recorded events and checksums, and the seed matches its commitment;
    - "diverges": it does not (or the seed, the log's numbering or its
      checksums are wrong): the record is not what these rules and dice give;
    - "other_rules": recorded under a rules version this server does not run,
      so its commands were not re-decided; the seed matches its commitment
      and the events rebuild to every recorded checksum.
    """

    status: str
    detail: str = ""

    @property
    def verified(self) -> bool:
        return self.status == "verified"


def verify_document(document: dict[str, Any]) -> Verdict:
    """Check a replay document as far as this server's rules can."""
    if document.get("format") != FORMAT:
        return Verdict("diverges", f"not a {FORMAT} document")
    seed = bytes.fromhex(document["seed"])
    if commitment(seed) != document["seed_commitment"]:
        return Verdict("diverges", "the revealed seed does not match the commitment published "
                       f"at the start ({commitment(seed)} != {document['seed_commitment']})")
    seqs = [e["seq"] for e in document["events"]]
    if seqs != list(range(1, len(seqs) + 1)):
        return Verdict("diverges", "the event log has gaps or duplicates in its seq numbers")
    system = get_system(document["system"])
    recorded = [Applied(Event.from_wire(e["event"]), e["checksum"]) for e in document["events"]]
    recorded_under = document.get("rules_version")  # (None: before matches carried one)
    if recorded_under is None or recorded_under == system.rules_version:
        commands = [Command.from_wire(c) for c in document["commands"]]
        positions = [c.get("dice_position") for c in document["commands"]]
        divergence = verify(system, document["setup"], seed, commands, recorded,
                            normalize=_as_stored, positions=positions)
        if divergence is None:
            return Verdict("verified")
        if recorded_under is not None:
            return Verdict("diverges", divergence.describe())
    broken = rebuild_check(system, document["setup"], recorded, normalize=_as_stored)
    if broken is not None:
        return Verdict("diverges", broken.describe())
    under = ("before matches carried a rules version, and re-deciding its commands "
             "differs" if recorded_under is None else f"under rules version {recorded_under}")
    return Verdict("other_rules", f"recorded {under}; this server runs {system.name} rules "
                   f"version {system.rules_version}, so its commands were not re-decided and "
                   "its dice not checked against the seed. The seed matches its commitment and "
                   "every event rebuilds to its recorded checksum.")


def _as_stored(wire: Any) -> Any:
    """An event's wire form as a record read back from MessagePack has it."""
    return unpack(pack(wire))
