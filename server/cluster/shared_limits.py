"""Limits per address and per account counted across nodes, in the nodes' Redis
(docs/cluster.md, "Shared in Redis"): what server.admission and server.accounts count
in one process, counted once for the whole cluster.

- Connections open at once from one address: `<prefix>:conns:<address>`, a hash of
  node -> connections that node has open from it. The total counts only live nodes
  (server.cluster.presence), so a dead node's connections stop counting within a ttl;
  a node starting again under its id first takes back what it had counted before.
- New connections a second from one address: one token bucket in Redis.
- Chat messages an account writes (server.chat.limits): one token bucket per account
  in Redis, so writing through two nodes at once buys no extra burst.
- Failed logins per address: `<prefix>:login:<address>`, the count and the lock's end.
- One login attempt at a time per address and per account across nodes (so guesses
  sent at once to two nodes cannot all pass the lock check before one counts): a
  short-lived Redis lock, waited for.
Each step is one script, which Redis runs alone: no count loses an update."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets

from redis.exceptions import RedisError

from server.accounts import ADDRESS_FREE_FAILURES, LOCK_BASE, LOCK_MAX, LoginGuard, _locked
from server.admission import Admission
from server.chat.limits import ChatSettings, WriteRate, too_fast

log = logging.getLogger("warband.cluster")

# KEYS[1]: the address's hash. ARGV: this node, the limit, the presence key prefix,
# and 1 to count a connection (0: only say whether one more would pass the limit).
OPEN = """
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local node = fields[i]
  if node == ARGV[1] or redis.call('EXISTS', ARGV[3] .. node) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], node)
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
if ARGV[4] == '1' then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  redis.call('EXPIRE', KEYS[1], 86400)
end
return 1
"""

CLOSE = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""

# KEYS[1]: a bucket. ARGV: rate a second, burst. {1: a token taken (else 0), tokens left}
BUCKET = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1e6
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(held[1]) or burst
local stamp = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local taken = 0
if tokens >= 1 then tokens = tokens - 1; taken = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {taken, tostring(tokens)}
"""

# KEYS[1]: the address's failures. ARGV: now, free failures, base, max. The lock's end.
FAILED = """
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local free, base, max = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local lock_end = 0
if count >= free then lock_end = tonumber(ARGV[1]) + math.min(max, base * 2 ^ (count - free)) end
redis.call('HSET', KEYS[1], 'until', tostring(lock_end))
redis.call('EXPIRE', KEYS[1], math.ceil(max) + 86400)
return tostring(lock_end)
"""

UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class SharedAdmission(Admission):
    """server.admission's limits per address, for all nodes together."""

    def __init__(self, redis, presence, **limits) -> None:
        super().__init__(**limits)
        self.redis, self.presence, self.prefix = redis, presence, presence.prefix
        self._open = redis.register_script(OPEN)
        self._close = redis.register_script(CLOSE)
        self._bucket = redis.register_script(BUCKET)
        self._mine = f"{self.prefix}:conns-of:{presence.node}"  # (addresses it counted)

    async def start(self) -> None:
        """A restart under the same node id: what it counted before is closed now."""
        for address in await self.redis.smembers(self._mine):
            await self.redis.hdel(self._conns(address), self.presence.node)
        await self.redis.delete(self._mine)

    async def check(self, address: str) -> str | None:
        try:
            if not await self._open(keys=[self._conns(address)], args=self._args(count=False)):
                return self._too_many()
            taken, _ = await self._bucket(keys=[f"{self.prefix}:handshakes:{address}"],
                                          args=[self.rate, self.burst])
            if not taken:
                return self._too_fast()
            return None
        except (RedisError, OSError):  # (Redis away: this node's own counts, not none)
            log.warning("Redis unreachable: connections counted by this node alone")
            return self.refusal(address)

    async def admit(self, address: str) -> bool:
        try:
            if not await self._open(keys=[self._conns(address)], args=self._args(count=True)):
                return False
            await self.redis.sadd(self._mine, address)
            return True
        except (RedisError, OSError):
            log.warning("Redis unreachable: connections counted by this node alone")
            return self.opened(address)

    async def release(self, address: str) -> None:
        if address in self.open:  # (admitted while Redis was away)
            self.closed(address)
            return
        with contextlib.suppress(RedisError, OSError):  # (a restart of the node clears it)
            await self._close(keys=[self._conns(address)], args=[self.presence.node])

    def _conns(self, address: str) -> str:
        return f"{self.prefix}:conns:{address}"

    def _args(self, *, count: bool) -> list:
        return [self.presence.node, self.per_address, f"{self.prefix}:node:", int(count)]


class SharedLoginGuard(LoginGuard):
    """server.accounts' per-address lock-outs and one-attempt-at-a-time, for all nodes."""

    TURN_SECONDS = 10.0  # a turn's lock outlives no crashed node by more than this
    WAIT_STEP = 0.02

    def __init__(self, redis, prefix: str) -> None:
        super().__init__()
        self.redis, self.prefix = redis, prefix
        self._failed = redis.register_script(FAILED)
        self._unlock = redis.register_script(UNLOCK)

    async def check(self, address: str, now: float) -> None:
        until = await self.redis.hget(self._key(address), "until")
        if until is not None and float(until) > now:
            raise _locked(float(until) - now)

    async def failed(self, address: str, now: float) -> None:
        await self._failed(keys=[self._key(address)],
                           args=[now, ADDRESS_FREE_FAILURES, LOCK_BASE, LOCK_MAX])

    async def succeeded(self, address: str) -> None:
        await self.redis.delete(self._key(address))

    @contextlib.asynccontextmanager
    async def turn(self, key: str):
        async with super().turn(key):  # (this node's attempts queue here, not in Redis)
            name, token = f"{self.prefix}:login-turn:{key}", secrets.token_hex(8)
            while not await self.redis.set(name, token, nx=True, px=int(self.TURN_SECONDS * 1000)):
                await asyncio.sleep(self.WAIT_STEP)
            try:
                yield
            finally:
                await self._unlock(keys=[name], args=[token])

    def _key(self, address: str) -> str:
        return f"{self.prefix}:login:{address}"


class SharedWriteRate(WriteRate):
    """server.chat.limits' bucket per account, one for all nodes: `<prefix>:chat-rate:
    <account>`, refilled by Redis's clock. Redis away: this node's own bucket, not none."""

    def __init__(self, redis, prefix: str, settings: ChatSettings) -> None:
        super().__init__(settings)
        self.redis, self.prefix = redis, prefix
        self._bucket = redis.register_script(BUCKET)

    async def admit(self, account_id: str) -> None:
        try:
            taken, tokens = await self._bucket(keys=[f"{self.prefix}:chat-rate:{account_id}"],
                                               args=[self.settings.rate, self.settings.burst])
        except (RedisError, OSError):
            log.warning("Redis unreachable: chat messages counted by this node alone")
            self.take(account_id)
            return
        if not int(taken):
            raise too_fast(float(tokens), self.settings.rate)
