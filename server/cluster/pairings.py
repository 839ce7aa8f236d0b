"""Quick pairing's claims, kept until their match is made (docs/cluster.md, "A pairing
node that dies"). Claiming two seeks used to remove them from the pool: a node that
died (or paused) between the claim and making their match left both seekers waiting,
told nothing. Now the claim moves the seeks into `<prefix>:pairings` (pairing id ->
the two seeks, the claiming node, a deadline by Redis's clock), in the same script
that takes them from the pool, and the pairing goes only once its match is made and
both seekers told. The pairing id is the match's id, so making it is repeatable: a
second maker finds the match made (or its seat taken) and goes on from there.

A node sweeping its waiting seeks also looks at the pairings: one whose node is gone
(its presence expired) or past its deadline is taken over, by one node (a script
that swaps the record only if it is unchanged), which either makes the match and
tells both seekers (both seekers' nodes alive, or the match already started) or, when
a seeker's node is gone and the match has not started, withdraws the match if it was
created and puts the live seeker's seek back in the pool to be paired again."""

from __future__ import annotations

import json
from typing import Any

DEADLINE = 10.0  # seconds a pairing node has to make its match before another may

# Remove the given seeks from the pool (ARGV[3..]) and keep the pairing (ARGV[1] ->
# ARGV[2]), or do nothing if one is gone (another node took it, or it was cancelled).
CLAIM = """
for i = 3, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then return 0 end
end
if #ARGV > 2 then redis.call('HDEL', KEYS[1], unpack(ARGV, 3)) end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
"""

# Replace the pairing ARGV[1]'s record ARGV[2] with ARGV[3], only if unchanged.
RETAKE = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""

# Drop the pairing ARGV[1] (if still ARGV[2]) and put seeks back in the pool:
# ARGV[3..] are seek id, record, seek id, record...
PUT_BACK = """
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
"""


class Pairings:
    """The claimed pairings in Redis, beside the pool of waiting seeks."""

    def __init__(self, redis: Any, prefix: str, pool_key: str, node: str) -> None:
        self.redis, self.node = redis, node
        self.pool_key, self.key = pool_key, f"{prefix}:pairings"
        self._claim = redis.register_script(CLAIM)
        self._retake = redis.register_script(RETAKE)
        self._put_back = redis.register_script(PUT_BACK)

    def record(self, first: dict, second: dict, now: float) -> str:
        """A pairing of two seeks (their pool records, with their ids), this node's."""
        return json.dumps({"by": self.node, "until": now + DEADLINE,
                           "first": first, "second": second})

    async def claim(self, pairing_id: str, record: str, from_pool: list[str]) -> bool:
        """Take `from_pool` out of the pool and keep the pairing, or nothing."""
        return bool(await self._claim(keys=[self.pool_key, self.key],
                                      args=[pairing_id, record, *from_pool]))

    async def holds(self, pairing_id: str) -> bool:
        """Whether the pairing is still this node's (not taken over, nor given back)."""
        text = await self.redis.hget(self.key, pairing_id)
        return text is not None and json.loads(text)["by"] == self.node

    async def done(self, pairing_id: str) -> None:
        await self.redis.hdel(self.key, pairing_id)

    async def put_back(self, pairing_id: str, record: str, seeks: list[tuple[str, str]]
                       ) -> bool:
        """Drop the pairing (if still `record`) and put `seeks` (id, pool record) back."""
        flat = [part for seek in seeks for part in seek]
        return bool(await self._put_back(keys=[self.pool_key, self.key],
                                         args=[pairing_id, record, *flat]))

    async def overdue(self, now: float, alive: Any) -> list[tuple[str, str]]:
        """The pairings another node may take over, each now this node's (id, record):
        their node is gone (`alive(nodes)` says which are present) or their deadline
        passed. Of nodes looking at once, one takes each."""
        found = await self.redis.hgetall(self.key)
        if not found:
            return []
        records = {pairing_id: (text, json.loads(text)) for pairing_id, text in found.items()}
        present = await alive({record["by"] for _, record in records.values()})
        taken = []
        for pairing_id, (text, record) in records.items():
            if record["by"] in present and record["until"] > now:
                continue  # (its node is making it)
            mine = json.dumps(record | {"by": self.node, "until": now + DEADLINE})
            if await self._retake(keys=[self.key], args=[pairing_id, text, mine]):
                taken.append((pairing_id, mine))
        return taken
