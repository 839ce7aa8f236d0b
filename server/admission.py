"""Who may open a connection: the client's address (behind a trusted reverse proxy,
the one the proxy forwards), at most `per_address` connections open at once from
one address, and new connections from one address at a bounded rate. A flood from
one address is refused at the handshake (HTTP 429) and costs the server neither a
connection nor its memory; everyone else is served meanwhile."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict

PER_ADDRESS = 256  # connections open at once from one address
HANDSHAKES_PER_SECOND = 20.0  # new connections from one address, on average...
HANDSHAKE_BURST = 3 * HANDSHAKES_PER_SECOND  # ...with bursts up to this many
REMEMBERED_ADDRESSES = 10_000  # addresses whose handshake rate is kept (least recent go)


class TokenBucket:
    def __init__(self, rate: float, burst: float, clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def parse_proxies(text: str) -> frozenset[str]:
    """A comma-separated list of IP addresses or networks (WARBAND_TRUSTED_PROXIES:
    "127.0.0.1", or "10.0.0.0/8" where the proxy's address is not fixed, as in a
    container network); ValueError names the one that is neither."""
    proxies = set()
    for item in (part.strip() for part in text.split(",")):
        if item:
            proxies.add(str(ipaddress.ip_network(item)) if "/" in item
                        else str(ipaddress.ip_address(item)))
    return frozenset(proxies)


class Admission:
    def __init__(self, *, per_address: int = PER_ADDRESS,
                 rate: float = HANDSHAKES_PER_SECOND, burst: float = HANDSHAKE_BURST,
                 trusted_proxies: frozenset[str] = frozenset()) -> None:
        self.per_address = per_address
        self.rate, self.burst = rate, burst
        self.trusted_proxies = trusted_proxies
        self._trusted_networks = [ipaddress.ip_network(p) for p in trusted_proxies if "/" in p]
        self.open: dict[str, int] = {}  # address -> connections open now
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def client_address(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: the socket's peer, unless that is a trusted proxy
        that says whom it forwards (the last address of X-Forwarded-For, the one the
        proxy itself appended; earlier ones are the client's to write)."""
        if forwarded_for and self._trusted(peer):
            last = forwarded_for.split(",")[-1].strip()
            try:
                return str(ipaddress.ip_address(last))
            except ValueError:
                return peer
        return peer

    def _trusted(self, peer: str) -> bool:
        if peer in self.trusted_proxies:
            return True
        if not self._trusted_networks:
            return False
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in self._trusted_networks)

    def refusal(self, address: str) -> str | None:
        """Why a handshake from `address` is refused now (None: it may go on)."""
        if self.open.get(address, 0) >= self.per_address:
            return self._too_many()
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = TokenBucket(self.rate, self.burst)
            while len(self._buckets) > REMEMBERED_ADDRESSES:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(address)
        if not bucket.take():
            return self._too_fast()
        return None

    def _too_many(self) -> str:
        return (f"Too many connections from your address (at most {self.per_address} "
                "at once); close some and try again.")

    @staticmethod
    def _too_fast() -> str:
        return "Too many new connections from your address; wait a moment and try again."

    # What the server calls: in one process, the counts above; several nodes count
    # together in Redis (server.cluster.shared_limits.SharedAdmission).
    async def check(self, address: str) -> str | None:
        return self.refusal(address)

    async def admit(self, address: str) -> bool:
        return self.opened(address)

    async def release(self, address: str) -> None:
        self.closed(address)

    def opened(self, address: str) -> bool:
        """Count a connection that is open; False (not counted) if that would pass the
        limit (handshakes that were all under way at once)."""
        count = self.open.get(address, 0)
        if count >= self.per_address:
            return False
        self.open[address] = count + 1
        return True

    def closed(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)
