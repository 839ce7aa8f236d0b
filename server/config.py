"""Settings read from the environment (WARBAND_*), overridable on the command line."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./warband.db"


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE_URL

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            host=os.environ.get("WARBAND_HOST", cls.host),
            port=int(os.environ.get("WARBAND_PORT", cls.port)),
            database_url=os.environ.get("WARBAND_DATABASE_URL", DEFAULT_DATABASE_URL),
        )
