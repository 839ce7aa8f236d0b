"""Settings read from the environment (WARBAND_*), overridable on the command line."""

from __future__ import annotations

import os
from dataclasses import dataclass

from server.admission import parse_proxies
from server.compression import COMPRESSIONS

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./warband.db"


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
        return cls(
            host=os.environ.get("WARBAND_HOST", cls.host),
            port=int(port),
            database_url=os.environ.get("WARBAND_DATABASE_URL", DEFAULT_DATABASE_URL),
            compression=compression,
            rules_workers=int(workers),
            per_address=int(per_address),
            trusted_proxies=proxies,
        )
