"""Match leases: each match is owned by one node at a time, through a row in the
database (`match_leases`) with an owner, an expiry and an epoch.

- `acquire` takes a match's lease if it is free, expired, or already this node's, and
  raises its epoch: the epoch is a fencing token. Every append a node makes under a
  lease names the epoch it holds, and the store refuses it (`StaleOwner`, nothing
  written) once another node has acquired the lease since (Store.write_appends).
- `renew` pushes the expiry on while the lease is still this node's at that epoch.
- `release` lets it go at once (a graceful stop hands its matches over).

Times are the database's own clock, so nodes whose clocks disagree still agree on when
a lease ends. An advisory lock alone would not do: it fences no stale owner that wakes
after a pause, and it does not survive a transaction-pooling proxy."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

ACQUIRE_CHUNK = 400  # leases taken in one statement (bound parameters stay few)


@dataclass(frozen=True, slots=True)
class Lease:
    match_id: str
    owner: str
    epoch: int
    expires_at: float  # unix seconds, the database's clock


def db_now(dialect: str) -> str:
    """The database's clock as unix seconds, in SQL."""
    if dialect == "postgresql":
        return "extract(epoch from clock_timestamp())"
    return "((julianday('now') - 2440587.5) * 86400.0)"


class Leases:
    def __init__(self, engine: AsyncEngine, node: str, ttl: float = 10.0) -> None:
        self.engine = engine
        self.node = node  # this node's id (its owner name in the rows)
        self.ttl = ttl
        now = db_now(engine.dialect.name)
        # One statement each: the row's lock makes two nodes' acquires take turns.
        self._acquire = text(f"""
            INSERT INTO match_leases (match_id, owner, epoch, expires_at)
            VALUES (:match_id, :node, 1, {now} + :ttl)
            ON CONFLICT (match_id) DO UPDATE
               SET owner = excluded.owner, epoch = match_leases.epoch + 1,
                   expires_at = excluded.expires_at
             WHERE match_leases.expires_at < {now} OR match_leases.owner = excluded.owner
            RETURNING epoch, expires_at""")
        self._renew = text(f"""
            UPDATE match_leases SET expires_at = {now} + :ttl
             WHERE match_id = :match_id AND owner = :node AND epoch = :epoch
            RETURNING expires_at""")
        self._release = text("""
            UPDATE match_leases SET expires_at = 0
             WHERE match_id = :match_id AND owner = :node AND epoch = :epoch""")

    async def acquire(self, match_id: str) -> Lease | None:
        """This node's lease of the match with a new epoch, or None if another node
        holds it and it has not expired."""
        async with self.engine.begin() as conn:
            row = (await conn.execute(self._acquire, {"match_id": match_id, "node": self.node,
                                                      "ttl": self.ttl})).first()
        return None if row is None else Lease(match_id, self.node, int(row[0]), float(row[1]))

    async def acquire_many(self, match_ids: list[str]) -> dict[str, Lease]:
        """`acquire` for many matches, in one statement a few hundred: those this node
        got (a restart or a takeover of thousands of matches, not a round trip each)."""
        got: dict[str, Lease] = {}
        now = db_now(self.engine.dialect.name)
        for first in range(0, len(match_ids), ACQUIRE_CHUNK):
            chunk = match_ids[first:first + ACQUIRE_CHUNK]
            rows = ", ".join(f"(:m{i}, :node, 1, {now} + :ttl)" for i in range(len(chunk)))
            statement = text(f"""
                INSERT INTO match_leases (match_id, owner, epoch, expires_at) VALUES {rows}
                ON CONFLICT (match_id) DO UPDATE
                   SET owner = excluded.owner, epoch = match_leases.epoch + 1,
                       expires_at = excluded.expires_at
                 WHERE match_leases.expires_at < {now} OR match_leases.owner = excluded.owner
                RETURNING match_id, epoch, expires_at""")
            values = {f"m{i}": match_id for i, match_id in enumerate(chunk)}
            async with self.engine.begin() as conn:
                for row in (await conn.execute(statement, {**values, "node": self.node,
                                                           "ttl": self.ttl})).all():
                    got[row[0]] = Lease(row[0], self.node, int(row[1]), float(row[2]))
        return got

    async def claimable(self) -> list[str]:
        """Active matches no live node owns: no lease, an expired one (its node died
        or let it go), or one of this node's own (a restart under the same node id)."""
        query = text(f"""
            SELECT m.id FROM matches m LEFT JOIN match_leases l ON l.match_id = m.id
             WHERE m.status = 'active'
               AND (l.match_id IS NULL OR l.expires_at < {db_now(self.engine.dialect.name)}
                    OR l.owner = :node)""")
        async with self.engine.connect() as conn:
            return [row[0] for row in (await conn.execute(query, {"node": self.node})).all()]

    async def renew(self, lease: Lease) -> Lease | None:
        """The lease with a later expiry; None if it is no longer this node's at that
        epoch (another node took it: stop acting for the match)."""
        async with self.engine.begin() as conn:
            row = (await conn.execute(self._renew, {"match_id": lease.match_id,
                                                    "node": self.node, "epoch": lease.epoch,
                                                    "ttl": self.ttl})).first()
        return None if row is None else Lease(lease.match_id, self.node, lease.epoch,
                                              float(row[0]))

    async def renew_many(self, leases: list[Lease]) -> dict[str, Lease]:
        """`renew` for many leases, in one statement a few hundred: match id -> the
        renewed lease, for those still this node's at their epoch (one round trip a
        round instead of one a match: with thousands of matches a node did little
        else, and under load the last renewals of a round came after their expiry)."""
        renewed: dict[str, Lease] = {}
        now = db_now(self.engine.dialect.name)
        for first in range(0, len(leases), ACQUIRE_CHUNK):
            chunk = leases[first:first + ACQUIRE_CHUNK]
            pairs = ", ".join(f"(:m{i}, :e{i})" for i in range(len(chunk)))
            if self.engine.dialect.name == "sqlite":  # (its row values need a VALUES)
                pairs = f"VALUES {pairs}"
            statement = text(f"""
                UPDATE match_leases SET expires_at = {now} + :ttl
                 WHERE owner = :node AND (match_id, epoch) IN ({pairs})
                RETURNING match_id, epoch, expires_at""")
            values = {"node": self.node, "ttl": self.ttl}
            for i, lease in enumerate(chunk):
                values[f"m{i}"], values[f"e{i}"] = lease.match_id, lease.epoch
            async with self.engine.begin() as conn:
                for row in (await conn.execute(statement, values)).all():
                    renewed[row[0]] = Lease(row[0], self.node, int(row[1]), float(row[2]))
        return renewed

    async def release(self, lease: Lease) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(self._release, {"match_id": lease.match_id, "node": self.node,
                                               "epoch": lease.epoch})

    async def holders(self, match_ids: list[str]) -> dict[str, Lease]:
        """match id -> its live lease (who holds it now), for those that have one."""
        if not match_ids:
            return {}
        names = ", ".join(f":m{i}" for i in range(len(match_ids)))
        query = text(f"""SELECT match_id, owner, epoch, expires_at FROM match_leases
                          WHERE match_id IN ({names}) AND expires_at >= {db_now(
                              self.engine.dialect.name)}""")
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query, {f"m{i}": m for i, m in enumerate(match_ids)}))
            return {row[0]: Lease(row[0], row[1], int(row[2]), float(row[3]))
                    for row in rows.all()}

    async def holder(self, match_id: str) -> Lease | None:
        """Who holds the match's lease now (None: no one, or it has expired)."""
        return (await self.holders([match_id])).get(match_id)
