"""Settings read from the environment (WARBAND_*), overridable on the command line."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./warband.db"


class ConfigError(Exception):
    """A setting that cannot be used; reported as one line by the CLI."""


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE_URL

    @classmethod
    def from_env(cls) -> Settings:
        port = os.environ.get("WARBAND_PORT", str(cls.port))
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"WARBAND_PORT must be a port number from 1 to 65535, not {port!r}")
        return cls(
            host=os.environ.get("WARBAND_HOST", cls.host),
            port=int(port),
            database_url=os.environ.get("WARBAND_DATABASE_URL", DEFAULT_DATABASE_URL),
        )
