"""Settings read from the environment (WARBAND_*), overridable on the command line."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from server.admission import parse_proxies
from server.chat.limits import ChatSettings
from server.compression import COMPRESSIONS

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./warband.db"
NODE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # (it names NATS subjects and lease owners)
# a websocket address, or a path clients resolve against the address they reached
ADVERTISE_URL = re.compile(r"(wss?://[^\s/?#]+)?/[^\s#]*")


class ConfigError(Exception):
    """A setting that cannot be used; reported as one line by the CLI."""


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE_URL
    compression: str = "none"
    rules_workers: int = 0
    per_address: int = 256
    trusted_proxies: frozenset[str] = frozenset()
    # Several nodes (docs/cluster.md): this node's id (none: one process owns every
    # match), the NATS server the nodes share, and how long a match's lease lasts.
    node_id: str | None = None
    nats_url: str = "nats://127.0.0.1:4222"
    lease_ttl: float = 10.0
    # the Redis the nodes share for quick pairing and the limits per address and
    # account (none: those stay per node)
    redis_url: str | None = None
    # the cluster's name on the NATS server (none: named after the shared database)
    cluster: str | None = None
    # the websocket address clients can reach this node by, or its path on the address
    # they reached (none: not told, forwarded)
    advertise_url: str | None = None
    chat: ChatSettings = ChatSettings()

    @classmethod
    def from_env(cls) -> Settings:
        port = os.environ.get("WARBAND_PORT", str(cls.port))
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"WARBAND_PORT must be a port number from 1 to 65535, not {port!r}")
        compression = os.environ.get("WARBAND_COMPRESSION", cls.compression)
        if compression not in COMPRESSIONS:
            raise ConfigError(f"WARBAND_COMPRESSION must be one of {', '.join(COMPRESSIONS)}, "
                              f"not {compression!r}")
        workers = os.environ.get("WARBAND_RULES_WORKERS", str(cls.rules_workers))
        if not workers.isdigit():
            raise ConfigError(f"WARBAND_RULES_WORKERS must be a number of processes (0 or "
                              f"more), not {workers!r}")
        per_address = os.environ.get("WARBAND_MAX_CONNECTIONS_PER_ADDRESS", str(cls.per_address))
        if not per_address.isdigit() or int(per_address) < 1:
            raise ConfigError("WARBAND_MAX_CONNECTIONS_PER_ADDRESS must be a number of "
                              f"connections (1 or more), not {per_address!r}")
        try:
            proxies = parse_proxies(os.environ.get("WARBAND_TRUSTED_PROXIES", ""))
        except ValueError as bad:
            raise ConfigError(f"WARBAND_TRUSTED_PROXIES must be IP addresses separated by "
                              f"commas: {bad}") from None
        node_id = os.environ.get("WARBAND_NODE_ID") or None
        if node_id is not None and not NODE_ID.fullmatch(node_id):
            raise ConfigError("WARBAND_NODE_ID must be 1 to 64 letters, digits, '-' or '_', "
                              f"not {node_id!r}")
        cluster = os.environ.get("WARBAND_CLUSTER") or None
        if cluster is not None and not NODE_ID.fullmatch(cluster):
            raise ConfigError("WARBAND_CLUSTER must be 1 to 64 letters, digits, '-' or '_', "
                              f"not {cluster!r}")
        advertise_url = os.environ.get("WARBAND_ADVERTISE_URL") or None
        if advertise_url is not None and not ADVERTISE_URL.fullmatch(advertise_url):
            raise ConfigError("WARBAND_ADVERTISE_URL must be a websocket address, "
                              "ws://HOST[:PORT]/PATH or wss://..., or a path such as "
                              f"/node/north/ws, not {advertise_url!r}")
        ttl = os.environ.get("WARBAND_LEASE_TTL", str(cls.lease_ttl))
        try:
            lease_ttl = float(ttl)
        except ValueError:
            lease_ttl = 0.0
        if not 1.0 <= lease_ttl <= 300.0:
            raise ConfigError(f"WARBAND_LEASE_TTL must be seconds from 1 to 300, not {ttl!r}")
        guests_write = os.environ.get("WARBAND_CHAT_GUESTS_WRITE", "0").strip().lower()
        if guests_write not in ("0", "1", "true", "false", "yes", "no", ""):
            raise ConfigError(f"WARBAND_CHAT_GUESTS_WRITE must be 1 (guests may write in "
                              f"chat) or 0, not {guests_write!r}")
        # (the listed words are replaced by asterisks in chat: server.chat.filter)
        words = tuple(w.strip() for w in os.environ.get("WARBAND_CHAT_FILTER", "").split(",")
                      if w.strip())
        return cls(
            host=os.environ.get("WARBAND_HOST", cls.host),
            port=int(port),
            database_url=os.environ.get("WARBAND_DATABASE_URL", DEFAULT_DATABASE_URL),
            compression=compression,
            rules_workers=int(workers),
            per_address=int(per_address),
            trusted_proxies=proxies,
            node_id=node_id,
            nats_url=os.environ.get("WARBAND_NATS_URL", cls.nats_url),
            lease_ttl=lease_ttl,
            redis_url=os.environ.get("WARBAND_REDIS_URL") or None,
            cluster=cluster,
            advertise_url=advertise_url,
            chat=ChatSettings(guests_write=guests_write in ("1", "true", "yes"),
                              filtered_words=words),
        )
