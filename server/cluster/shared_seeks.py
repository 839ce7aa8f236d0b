"""Quick pairing across nodes (docs/cluster.md, "Quick pairing across nodes"): the
waiting seeks of every node in one Redis hash, `<prefix>:seeks` (seek id -> the seek),
so that seekers on two nodes find each other.

- A seek is claimed by removing it from the hash in a script that removes all the
  seeks of a pairing or none (Redis runs a script alone): of two nodes pairing the
  same waiting seek, exactly one removes it and makes the match; the other finds it
  gone and looks again. A cancel claims the same way, so a seek is either cancelled
  or paired, never both.
- A seek counts only while its node's presence key is there (server.cluster.presence):
  a node that dies stops renewing it and, within a ttl, its seekers' seeks are passed
  over and removed (its clients reconnect elsewhere and seek again).
- Windows widen with Redis's clock (TIME), the one clock all nodes read.
- Every node sweeps its own waiting seekers' seeks against the whole pool each
  second; the node that pairs two seeks makes the match (through its lobby, in the
  shared store) and tells each waiting seeker through its node (NATS subject
  `<space>.seeks.<node>`, the cluster's space).
- Core NATS delivers at most once, so the notice is first written to Redis
  (`<prefix>:paired:<seek id>`, kept an hour): the seeker's node, sweeping its waiting
  seeks each second, finds any whose notice it missed (and a cancel refused because
  a pairing took the seek looks at once), so a waiting seeker is always told.
- A claim keeps its two seeks (server.cluster.pairings) until their match is made and
  both are told: a pairing node that dies or stalls in between has its pairing taken
  over by a node sweeping its waiting seeks, which makes the match (its id chosen at
  the claim, so made once) or puts the live seeker's seek back."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

import msgspec
from redis.exceptions import RedisError

from protocol.errors import ProtocolError
from protocol.messages import CreateMatch
from server.accounts import Account
from server.cluster.pairings import Pairings
from server.rules.registry import get_system
from server.seeks import Seek, SeekPool, _shown, compatible, own_warband, paired_push
from server.store.store import pack

log = logging.getLogger("warband.seeks")
SEEK_AGAIN = "Your seek's pairing could not be completed; seek again."
NOTICE_KEPT = 3600  # seconds a pairing's notice waits in Redis for its seeker's node

# All of the given seeks are removed, or none (one is gone: another node took it).
CLAIM = """
for _, id in ipairs(ARGV) do
  if redis.call('HEXISTS', KEYS[1], id) == 0 then return 0 end
end
redis.call('HDEL', KEYS[1], unpack(ARGV))
return 1
"""


class SharedSeekPool(SeekPool):
    def __init__(self, lobby, ratings, *, redis, nats, presence,
                 space: str = "warband") -> None:
        super().__init__(lobby, ratings)
        self.redis, self.nats, self.presence = redis, nats, presence
        self.space = space  # (the cluster's NATS space: serving.cluster_space)
        self.node = presence.node
        self.pool_key = f"{presence.prefix}:seeks"
        self._claim = redis.register_script(CLAIM)
        self.pairings = Pairings(redis, presence.prefix, self.pool_key, self.node)
        self._subscription = None
        self._forgetting: set[asyncio.Task] = set()

    async def start(self) -> None:
        """Forget what this node's id left waiting before a restart (no connection
        holds those now), and hear of pairings made on other nodes."""
        stale = [seek_id for seek_id, record in (await self.redis.hgetall(self.pool_key)).items()
                 if json.loads(record)["node"] == self.node]
        if stale:
            await self.redis.hdel(self.pool_key, *stale)
        self._subscription = await self.nats.subscribe(f"{self.space}.seeks.{self.node}",
                                                       cb=self._told)

    async def seek(self, account: Account, connection: Any, request: CreateMatch) -> dict:
        new = await self._new_seek(account, connection, request)
        new.key, new.node = list(new.key), self.node  # (as a seek read back from Redis)
        async with self._pairing:
            await self._forget_gone()
            now = new.since = await self._now()
            waiting = await self._waiting()
            mates = sorted((s for s in waiting if compatible(new, s, now)),
                           key=lambda s: (abs(s.rating - new.rating), s.since))
            for mate in mates:
                pairing_id = secrets.token_hex(8)  # (the match's id)
                record = self.pairings.record(_side(mate), _side(new), now)
                if not await self.pairings.claim(pairing_id, record, [mate.seek_id]):
                    continue  # (another node paired it, or it was cancelled, meanwhile)
                try:
                    told_first, answer = await self._make(pairing_id, mate, new)
                    await self._tell(mate, told_first)
                except BaseException:  # (the store refused, say: the waiting one waits on)
                    await self.pairings.put_back(pairing_id, record,
                                                 [(mate.seek_id, _record(mate))])
                    raise
                await self.pairings.done(pairing_id)
                return answer
            await self._put(new)
            self.seeks.append(new)
        self._start_sweeping()
        return {"seek_id": new.seek_id, "status": "waiting"}

    async def cancel(self, connection: Any, seek_id: str) -> dict:
        found = [s for s in self.seeks if s.seek_id == seek_id and s.connection is connection]
        if not found or not await self._take(found[0]):
            # (taken by a pairing just now: its seek_paired is pushed first, if it is in)
            await self._collect_notices()
            raise ProtocolError("no_such_seek")
        self.seeks.remove(found[0])
        return {"seek_id": seek_id, "status": "cancelled"}

    def drop(self, connection: Any) -> None:
        gone = [s.seek_id for s in self.seeks if s.connection is connection]
        super().drop(connection)
        if gone:
            self._forget(gone)

    async def close(self) -> None:
        await super().close()
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.unsubscribe()
        if self._forgetting:
            await asyncio.gather(*self._forgetting, return_exceptions=True)
        mine = [s.seek_id for s in self.seeks]
        self.seeks = []
        if mine:  # (a graceful stop: its seekers will reconnect elsewhere and seek again)
            with contextlib.suppress(RedisError, OSError):
                await self.redis.hdel(self.pool_key, *mine)

    # -- pairing -----------------------------------------------------------------------
    async def _sweep_once(self) -> None:
        """Pair one of this node's waiting seeks with the best seek waiting on any
        node whose window now reaches it (after taking in the pairings other nodes made
        of its seeks whose NATS notice was lost)."""
        await self._collect_notices()
        async with self._pairing:
            await self._forget_gone()
            now = await self._now()
            for pairing_id, record in await self.pairings.overdue(now, self.presence.alive):
                await self._take_over(pairing_id, record)
            waiting = await self._waiting()
            mine = {s.seek_id for s in self.seeks}
            for seek in (s for s in waiting if s.seek_id in mine):
                mates = [s for s in waiting if s is not seek and compatible(seek, s, now)]
                if not mates:
                    continue
                mate = min(mates, key=lambda s: (abs(s.rating - seek.rating), s.since))
                first, second = sorted((seek, mate), key=lambda s: s.since)
                pairing_id = secrets.token_hex(8)
                record = self.pairings.record(_side(first), _side(second), now)
                if not await self.pairings.claim(pairing_id, record,
                                                 [first.seek_id, second.seek_id]):
                    return  # (one was taken meanwhile: look again at the next sweep)
                try:
                    told_first, told_second = await self._make(pairing_id, first, second)
                except BaseException:
                    await self.pairings.put_back(pairing_id, record, [
                        (s.seek_id, _record(s)) for s in (first, second)])
                    raise
                await self._tell(first, told_first)
                await self._tell(second, told_second)
                await self.pairings.done(pairing_id)
                return

    async def _make(self, pairing_id: str, first: Seek, second: Seek) -> tuple[dict, dict]:
        """The match of a pairing, `pairing_id`, made or made already (by the node that
        claimed it, which stalled or died on the way, or by one that took it over): the
        earlier seeker creates it in the first seat, the other joins. What each seeker
        is told: seek_paired's fields, and the status for a seek's own reply."""
        store = self.lobby.store
        if await store.match(pairing_id) is None:
            if not await self.pairings.holds(pairing_id):  # (this node stalled: another
                raise ProtocolError("server_busy", SEEK_AGAIN)  # gave the seeks back)
            request = msgspec.structs.replace(first.request, id=f"seek:{first.seek_id}")
            try:
                await self.lobby.create(first.account, request, match_id=pairing_id)
            except Exception:
                if await store.match(pairing_id) is None:
                    raise
                # (another node made it meanwhile)
        try:
            await self.lobby.join(second.account, pairing_id, None, None,
                                  warband=own_warband(second.request))
        except ProtocolError as made:  # (its second seat was taken by that other node)
            if made.code not in ("already_seated", "match_started"):
                raise ProtocolError("server_busy", SEEK_AGAIN) from None  # (withdrawn)
        seats = {holder: seat for seat, holder in (await store.seats(pairing_id)).items()}
        if first.account.id not in seats or second.account.id not in seats:
            # (a player joined from the open list between the create and the join)
            raise ProtocolError("server_busy", SEEK_AGAIN)
        log.info("seeks %s and %s paired: match %s", first.seek_id, second.seek_id,
                 pairing_id)
        return tuple({"seek_id": seek.seek_id, "status": "paired", "match_id": pairing_id,
                      "seat": seats[seek.account.id], "opponent": _shown(other.account)}
                     for seek, other in ((first, second), (second, first)))

    async def _take_over(self, pairing_id: str, record: str) -> None:
        """A pairing whose node died or stalled past its deadline, now this node's: its
        match is made and both seekers told if both seekers' nodes are alive (or it
        has started: it was made); else the match, if created, is withdrawn and the
        live seeker's seek goes back in the pool."""
        sides = json.loads(record)
        first, second = (_from_record(sides[k]["seek_id"], sides[k]["record"])
                         for k in ("first", "second"))
        row = await self.lobby.store.match(pairing_id)
        alive = await self.presence.alive({first.node, second.node})
        log.warning("taking over the pairing of seeks %s and %s (match %s): its node "
                    "died or stalled", first.seek_id, second.seek_id, pairing_id)
        if (row is not None and row["status"] == "active") or \
                {first.node, second.node} <= alive:
            if await self._made_and_told(pairing_id, first, second):
                return
        # Withdrawn in the database, unless the node that stalled made it meanwhile
        # (store/seating.py: a Redis check before its create fences nothing)
        if not await self.lobby.store.withdraw_unmade(_tombstone(pairing_id, first),
                                                      len(get_system(first.request.system)
                                                          .seats)):
            if await self._made_and_told(pairing_id, first, second):
                return
        await self.pairings.put_back(pairing_id, record, [
            (s.seek_id, _record(s)) for s in (first, second) if s.node in alive])

    async def _made_and_told(self, pairing_id: str, first: Seek, second: Seek) -> bool:
        try:
            told = await self._make(pairing_id, first, second)
        except ProtocolError:
            return False
        await self._tell(first, told[0])
        await self._tell(second, told[1])
        await self.pairings.done(pairing_id)
        return True

    async def _tell(self, seek: Seek, paired: dict) -> None:
        if seek.node != self.node:  # (in Redis first: the NATS notice may be lost)
            notice = json.dumps(paired)
            await self.redis.set(self._notice_key(seek.seek_id), notice, ex=NOTICE_KEPT)
            with contextlib.suppress(Exception):  # (the seeker's node sweeps it up)
                await self.nats.publish(f"{self.space}.seeks.{seek.node}", notice.encode())
            return
        self._paired_here(paired)

    async def _told(self, message) -> None:
        paired = json.loads(message.data)
        with contextlib.suppress(RedisError, OSError):  # (else it expires)
            await self.redis.delete(self._notice_key(paired["seek_id"]))
        self._paired_here(paired)

    async def _collect_notices(self) -> None:
        """Pairings of this node's waiting seeks made on other nodes, from Redis: those
        whose NATS notice was lost are told now (a second telling finds no seek)."""
        mine = [s.seek_id for s in self.seeks]
        if not mine:
            return
        keys = [self._notice_key(seek_id) for seek_id in mine]
        found = [(key, text) for key, text in zip(keys, await self.redis.mget(keys),
                                                   strict=True) if text is not None]
        if found:  # (gone from Redis before the pushes, which a seeker may act on)
            await self.redis.delete(*(key for key, _ in found))
        for _, text in found:
            self._paired_here(json.loads(text))

    def _notice_key(self, seek_id: str) -> str:
        return f"{self.presence.prefix}:paired:{seek_id}"

    def _paired_here(self, paired: dict) -> None:
        found = [s for s in self.seeks if s.seek_id == paired["seek_id"]]
        if not found:
            return  # (its connection closed meanwhile)
        self.seeks.remove(found[0])
        if found[0].current:
            found[0].connection.push(paired_push(paired))

    # -- the pool in Redis ------------------------------------------------------------
    async def _now(self) -> float:
        seconds, microseconds = await self.redis.time()
        return seconds + microseconds / 1e6

    async def _waiting(self) -> list[Seek]:
        """The seeks waiting on live nodes, earliest first; those of dead nodes go."""
        seeks = [_from_record(seek_id, record)
                 for seek_id, record in (await self.redis.hgetall(self.pool_key)).items()]
        alive = await self.presence.alive({s.node for s in seeks})
        mine = {s.seek_id for s in self.seeks}
        # (a dead node's seeks go, and this node's whose connection went while a
        # pairing held them and a take-over put them back: read under `_pairing`)
        dead = {s.seek_id for s in seeks if s.node not in alive
                or (s.node == self.node and s.seek_id not in mine)}
        if dead:
            await self.redis.hdel(self.pool_key, *dead)
        return sorted((s for s in seeks if s.seek_id not in dead), key=lambda s: s.since)

    async def _take(self, *seeks: Seek) -> bool:
        return bool(await self._claim(keys=[self.pool_key], args=[s.seek_id for s in seeks]))

    async def _put(self, *seeks: Seek) -> None:
        await self.redis.hset(self.pool_key, mapping={s.seek_id: _record(s) for s in seeks})

    async def _forget_gone(self) -> None:
        gone = [s.seek_id for s in self.seeks if not s.current]
        if gone:
            self.seeks = [s for s in self.seeks if s.current]
            await self.redis.hdel(self.pool_key, *gone)

    def _forget(self, seek_ids: list[str]) -> None:
        """Remove closed connections' seeks from the pool (drop is not awaited)."""
        async def forget() -> None:
            try:
                await self.redis.hdel(self.pool_key, *seek_ids)
            except (RedisError, OSError):  # (its node's next restart clears them)
                log.warning("removing closed connections' seeks failed", exc_info=True)
        task = asyncio.get_running_loop().create_task(forget())
        self._forgetting.add(task)
        task.add_done_callback(self._forgetting.discard)


def _side(seek: Seek) -> dict:
    """A seek as a pairing keeps it (server.cluster.pairings)."""
    return {"seek_id": seek.seek_id, "record": _record(seek)}


def _record(seek: Seek) -> str:
    account = seek.account
    return json.dumps({"node": seek.node, "account": [account.id, account.display_name,
                                                      account.username, account.guest],
                       "request": msgspec.to_builtins(seek.request), "key": list(seek.key),
                       "rating": seek.rating, "since": seek.since})


def _tombstone(pairing_id: str, first: Seek) -> dict:
    """The aborted row that keeps a withdrawn pairing's match id from being created."""
    return {"id": pairing_id, "system": first.request.system, "setup": pack({}),
            "created_by": first.account.id, "created_at": time.time(), "private": True,
            "seed": b"", "seed_commitment": ""}


def _from_record(seek_id: str, text: str) -> Seek:
    record = json.loads(text)
    return Seek(seek_id, Account(*record["account"]), None, 0,
                msgspec.convert(record["request"], CreateMatch), record["key"],
                record["rating"], since=record["since"], node=record["node"])
