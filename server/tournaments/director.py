"""The director runs hosted events: it pairs each round once the previous one has
ended, creates its matches through the lobby with the seats set and the locked lists
submitted, tells the players (`event_round_started`), takes the results of finished
matches, decides games still going when the round's time ends (the event's rule: the
scenario's points at that moment, or a draw) and forfeits a no-show.

All of an event's state is in the store (server/tournaments/store.py); the director
keeps none of its own. Each step reads the rows, does the next thing, and writes it
in a way a repeat finds done: a round is inserted once with its pairings (its primary
key), each pairing's match id is chosen with it (so its match is created once), and a
round is marked started only once its matches exist. After a kill -9 the director
reads where each running event stands and goes on from there."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import msgspec

from protocol.messages import CreateMatch
from server.accounts import Account
from server.cluster.exclusive import one_node_at_a_time
from server.rules.kernel import Command
from server.rules.registry import get_system
from server.stopping import cancel_and_wait
from server.store.store import Store, unpack
from server.tournaments import history as rows_to
from server.tournaments.event_settings import ServedSettings, from_stored
from server.tournaments.format import TournamentError
from server.tournaments.store import EventStore

log = logging.getLogger("warband.events")
LIST_REQUEST = "event-list"  # request id of the locked list the director submits
TIME_REASON = "round time"  # a result's reason begins so when the round's time decided it
NO_SHOW_REASON = "no-show"
DROP_REASON = "dropped"  # the organiser dropped a player whose game was still going


class Director:
    def __init__(self, store: Store, lobby, hub, connections_of: Callable[[str], list],
                 *, tick: float = 1.0, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.events = EventStore(store.engine)
        self.lobby = lobby
        self.hub = hub
        self.connections_of = connections_of
        self.tick = tick
        self.clock = clock
        self.locks: dict[str, asyncio.Lock] = {}
        self.problems: dict[str, str] = {}  # event id -> why it cannot go on (unpairable)
        self._nudged = asyncio.Event()
        self._task: asyncio.Task | None = None
        hub.finished_listeners.append(lambda _match_id: self.nudge())

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="event-director")

    async def stop(self) -> None:
        await cancel_and_wait(self._task)

    def nudge(self) -> None:
        self._nudged.set()

    def lock(self, event_id: str) -> asyncio.Lock:
        return self.locks.setdefault(event_id, asyncio.Lock())

    async def _loop(self) -> None:
        while True:
            self._nudged.clear()
            try:
                for event_id in await self.events.event_ids("running"):
                    await self.advance(event_id)
            except Exception:  # (the database went away, say: the next tick tries again)
                log.exception("the event director's pass failed")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._nudged.wait(), self.tick)

    # -- one step of one event -----------------------------------------------------
    async def advance(self, event_id: str) -> None:
        async with self.lock(event_id):
            if getattr(self.hub, "keeper", None) is None:  # one node: no one else to ask
                await self._steps(event_id)
                return
            async with one_node_at_a_time(self.store.engine, f"event:{event_id}") as mine:
                if mine:  # (several nodes: another is on it this time)
                    await self._steps(event_id)

    async def _steps(self, event_id: str) -> None:
        for _ in range(3):  # (a round that ends at once, all byes, goes straight on)
            if not await self._step(event_id):
                return

    async def _step(self, event_id: str) -> bool:
        """Do the next thing the event needs; True if something changed."""
        event = await self.events.event(event_id)
        if event is None or event["status"] != "running":
            return False
        settings = from_stored(event["settings"])
        rounds = await self.events.rounds(event_id)
        now = self.clock()
        if not rounds or rounds[-1]["status"] == "ended":
            return await self._next_round(event, settings, len(rounds) + 1, now)
        current = rounds[-1]
        if current["status"] == "paired":
            if now < current["paired_at"] + settings.start_delay:
                return False
            await self.start_round(event, settings, current["number"])
            return True
        return await self._collect(event, settings, current, now)

    async def _next_round(self, event, settings: ServedSettings, number: int,
                          now: float) -> bool:
        event_id = event["id"]
        rows = await self.events.pairings(event_id)
        entries = await self.events.entries(event_id)
        if number > 1 and number > rows_to.total_rounds(settings, entries, rows):
            await self.events.set_event(event_id, only_if="running", status="finished",
                                        finished_at=now)
            self._tell_all(rows, {"type": "event_finished", "event_id": event_id})
            return False
        if now < scheduled_start(settings, number):
            return False  # (its time is stored with the event: a restart waits for it too)
        tables = await self.draw(event, settings, number)
        if tables is None:
            return False
        for table in tables:
            if table["player_b"] is not None and table["result"] is None:
                table["match_id"] = secrets.token_hex(8)
        return await self.events.add_round(event_id, number, now, tables)

    async def draw(self, event, settings: ServedSettings, number: int):
        """Round `number`'s tables, or None (the reason kept for get_event) if the
        round cannot be paired."""
        entries = await self.events.entries(event["id"])
        rows = [p for p in await self.events.pairings(event["id"]) if p["round"] < number]
        try:
            tables = rows_to.next_tables(settings, entries, rows, number,
                                         checked_in_only=settings.check_in and number == 1)
        except TournamentError as refused:
            if self.problems.get(event["id"]) != refused.message:  # (once, not every tick)
                log.warning("event %s: round %d cannot be paired: %s", event["id"], number,
                            refused.message)
            self.problems[event["id"]] = refused.message
            return None
        self.problems.pop(event["id"], None)
        return tables

    # -- starting a round ----------------------------------------------------------
    async def start_round(self, event, settings: ServedSettings, number: int) -> None:
        """Create the round's matches (those not created by an earlier run), submit the
        locked lists, then mark the round started and tell the players."""
        event_id = event["id"]
        entries = {e["account_id"]: e for e in await self.events.entries(event_id)}
        tables = await self.events.pairings(event_id, number)
        system = get_system(event["system"])
        for table in tables:
            if table["match_id"] is not None and table["result"] is None:
                await self._ensure_match(event, settings, system, table, entries)
        now = self.clock()
        await self.events.set_round(event_id, number, only_if="paired", status="playing",
                                    started_at=now, deadline=now + settings.round_length)
        for table in tables:
            for seat, pid, other in (("a", table["player_a"], table["player_b"]),
                                     ("b", table["player_b"], table["player_a"])):
                if pid is None:
                    continue
                self._push(pid, {"type": "event_round_started", "event_id": event_id,
                                 "round": number, "table": table["table_no"],
                                 "match_id": table["match_id"],
                                 "seat": system.seats[0 if seat == "a" else 1]
                                 if other else None,
                                 "opponent": entries[other]["name"] if other else None,
                                 "bye": other is None,
                                 "deadline": now + settings.round_length})

    async def _ensure_match(self, event, settings: ServedSettings, system, table,
                            entries) -> None:
        match_id = table["match_id"]
        seat_a, seat_b = system.seats[0], system.seats[1]
        row = await self.store.match(match_id)
        if row is None:
            request = CreateMatch(v=1, id=f"event-{match_id}", system=event["system"],
                                  scenario=settings.scenario_of(table["round"]),
                                  points_limit=settings.points_limit,
                                  board_size=settings.board_size,
                                  options=dict(settings.options), private=True, seat=seat_a,
                                  rated=settings.rated, time_control=settings.time_control)
            await self.lobby.create(_account(entries[table["player_a"]]), request,
                                    match_id=match_id)
            row = await self.store.match(match_id)
        if row["status"] == "open":
            await self.lobby.join(_account(entries[table["player_b"]]), match_id, None,
                                  seat_b, private_ok=True)
        actor = await self.hub.running(match_id)
        if actor is None:
            return
        if actor.asleep is not None or actor.prompt_pending:  # (resumed: who must act
            await actor.submit("prompt")  # is known once it is loaded with its prompt)
        for seat, pid in ((seat_a, table["player_a"]), (seat_b, table["player_b"])):
            decision = actor.asked.decisions.get(seat)
            wanted = decision is not None and any(
                spec.get("type") == "submit_list"
                for spec in msgspec.msgpack.decode(decision).get("options", ()))
            if wanted:  # the locked list, as the seat's first command
                await actor.submit("command", seat=seat, request_id=f"{LIST_REQUEST}-{seat}",
                                   command=Command(seat, "submit_list", {
                                       "list": entries[pid]["warband"],
                                       "salt": secrets.token_hex(8)}))

    # -- results -------------------------------------------------------------------
    async def _collect(self, event, settings: ServedSettings, current, now: float) -> bool:
        event_id, number = event["id"], current["number"]
        tables = await self.events.pairings(event_id, number)
        system = get_system(event["system"])
        changed = False
        for table in tables:
            if table["result"] is not None:
                continue
            row = await self.store.match(table["match_id"])
            if row is not None and row["status"] in ("finished", "aborted"):
                result = _from_match(row, table, system.seats)
                changed |= await self.events.set_result(event_id, number, table["table_no"],
                                                        result)
            elif row is not None and row["status"] == "active":
                await self._decide_if_due(settings, current, table, system.seats, now)
        tables = await self.events.pairings(event_id, number)
        if all(t["result"] is not None for t in tables):
            changed |= await self.events.set_round(event_id, number, only_if="playing",
                                                   status="ended")
        return changed

    async def _decide_if_due(self, settings, current, table, seats, now: float) -> None:
        match_id = table["match_id"]
        if now >= current["deadline"]:
            result = await self._at_round_time(settings, match_id, seats)
        elif settings.no_show_after is not None \
                and now >= current["started_at"] + settings.no_show_after:
            acted = await self._acted(match_id)
            if len(acted) != 1:
                return  # both played (or neither did: the round's time decides it)
            [present] = acted
            absent = next(s for s in seats if s != present)
            result = {"winner": present, "scores": {},
                      "reason": f"{NO_SHOW_REASON}: {absent} did not play in time"}
        else:
            return
        actor = await self.hub.running(match_id)
        if actor is not None:
            with contextlib.suppress(Exception):  # (it ended meanwhile: its result stands)
                await actor.submit("adjudicate", result=result)

    async def _at_round_time(self, settings, match_id: str, seats) -> dict[str, Any]:
        scores: dict[str, int] = {}
        if settings.timeout_rule == "points":
            actor = await self.hub.running(match_id)
            if actor is not None:
                view = await actor.submit("view", seat=None)
                shown = view["view"]
                if isinstance(shown, msgspec.Raw):
                    shown = msgspec.msgpack.decode(shown)
                scores = dict(shown.get("victory_points") or {})
        a, b = (scores.get(seat, 0) for seat in seats[:2])
        winner = None if a == b else (seats[0] if a > b else seats[1])
        how = "the scenario's points" if settings.timeout_rule == "points" else "a draw"
        return {"winner": winner, "scores": scores,
                "reason": f"{TIME_REASON}: decided by {how}"}

    async def _acted(self, match_id: str) -> set[str]:
        """The seats that made a command of their own (the locked list is not one)."""
        return {c.seat for c in await self.store.commands(match_id)
                if not c.request_id.startswith(LIST_REQUEST)}

    # -- pushes --------------------------------------------------------------------
    def _push(self, account_id: str, body: dict[str, Any]) -> None:
        for connection in self.connections_of(account_id):
            connection.push({"v": 1, **body})

    def _tell_all(self, rows, body: dict[str, Any]) -> None:
        for pid in {p for r in rows for p in (r["player_a"], r["player_b"]) if p}:
            self._push(pid, body)


def scheduled_start(settings: ServedSettings, number: int) -> float:
    """When round `number` may be paired: its time in `round_starts`, or at once."""
    starts = settings.round_starts
    return starts[number - 1] if number <= len(starts) else 0.0


def _account(entry: dict[str, Any]) -> Account:
    return Account(entry["account_id"], entry["display_name"], None, entry["guest"])


def _from_match(row: dict[str, Any], table: dict[str, Any], seats) -> dict[str, Any]:
    """A finished match's result in the event's terms (account ids, not seats)."""
    wire = unpack(row["result"]) if row["result"] else {"winner": None}
    scores = wire.get("scores") or {}
    reason = wire.get("reason") or ""
    how = ("round_time" if reason.startswith(TIME_REASON)
           else "no_show" if reason.startswith(NO_SHOW_REASON)
           else "forfeit" if reason.startswith(DROP_REASON)
           else "aborted" if row["status"] == "aborted" else "played")
    players = {seats[0]: table["player_a"], seats[1]: table["player_b"]}
    return {"winner": players.get(wire.get("winner")), "vp_a": int(scores.get(seats[0], 0)),
            "vp_b": int(scores.get(seats[1], 0)), "how": how}
