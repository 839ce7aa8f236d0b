"""The end of a match, from the store, for a subscription of another node's match
that would otherwise never hear of it (issue 35: "a relay moving while its match ends
must still deliver match_over"). Two ways it is missed:

- the match moves and ends before the subscription is made again at its new node
  (a subscription to an ended match is refused there: nothing is pushed);
- its node ends it and lets its lease go, and the relayed `match_over` is lost (core
  NATS delivers at most once), or its node stopped before publishing it.

Either way the store has it all: the events after the last one pushed, as the seat
(or a spectator) may see them, and the result; pushed as the owner would have."""

from __future__ import annotations

from typing import Any

from protocol.codec import event_push
from server.rules.kernel import SPECTATOR, Event, Viewer
from server.store.store import unpack


async def push_end(hub: Any, connection: Any, match_id: str, seat: str | None,
                   identity: int, after_seq: int) -> bool:
    """Push the match's events after `after_seq` and its `match_over` to `connection`
    (still as the account `identity` that subscribed); False if the match has not
    finished (aborted, or still active)."""
    store = hub.store
    row = await store.match(match_id)
    if row is None or row["status"] != "finished":
        return False
    rows = await store.events_after(match_id, after_seq)
    ratings = await hub.ratings.of_match(match_id)
    if connection.identity != identity:  # (signed out meanwhile: nothing more for it)
        return True
    viewer = Viewer(seat) if seat is not None else SPECTATOR
    for event_row in rows:
        event = Event.from_wire(unpack(event_row.payload)).for_viewer(viewer)
        connection.push(event_push(match_id, event_row.seq,
                                   None if event is None else event.to_wire()))
    last = rows[-1].seq if rows else max(after_seq, await store.last_seq(match_id))
    connection.push({"v": 1, "type": "match_over", "match_id": match_id, "seq": last,
                     "result": unpack(row["result"]) if row["result"] else None,
                     "seed": row["seed"].hex(), "ratings": ratings})
    return True
