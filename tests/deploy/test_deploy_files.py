"""The deployment files (deploy/README.md) are what the programs they configure accept:
the systemd unit passes `systemd-analyze verify` and runs commands warband has, the
settings file is read by `warband serve` as written and its database URL reaches
PostgreSQL, and every PostgreSQL setting is one a running server takes."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from configparser import ConfigParser
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy import make_url, text

from server.cli import build_parser
from server.config import Settings
from server.store.engine import asyncpg_dsn
from server.store.store import Store

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
INSTALLED = "/opt/warband/bin/warband"  # where deploy/README.md installs it
SOCKET_DIR = Path("/var/run/postgresql")


def unit() -> ConfigParser:
    parser = ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # (systemd's keys are case-sensitive)
    parser.read(DEPLOY / "warband.service")
    return parser


def settings_file() -> dict[str, str]:
    pairs = {}
    for line in (DEPLOY / "warband.env").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            pairs[name] = value
    return pairs


def test_the_unit_runs_warband_commands_that_exist():
    service = unit()["Service"]
    assert service["EnvironmentFile"] == "/etc/warband/warband.env"
    for key in ("ExecStartPre", "ExecStart"):
        program, *args = shlex.split(service[key])
        assert program == INSTALLED
        build_parser().parse_args(args)  # (exits on an unknown command or flag)
    assert service["KillSignal"] == "SIGTERM"  # (what `warband serve` stops cleanly on)


def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    # (verify checks that the programs exist: point it at this checkout's warband)
    here = Path(sys.executable).parent / "warband"
    copy = tmp_path / "warband.service"
    copy.write_text((DEPLOY / "warband.service").read_text().replace(INSTALLED, str(here)))
    checked = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert "warband.service" not in checked.stderr, checked.stderr


def test_the_settings_file_is_read_as_written(monkeypatch):
    pairs = settings_file()
    for name in list(os.environ):
        if name.startswith("WARBAND_"):
            monkeypatch.delenv(name)
    for name, value in pairs.items():
        monkeypatch.setenv(name, value)
    read = Settings.from_env()
    assert {"WARBAND_HOST": read.host, "WARBAND_PORT": str(read.port),
            "WARBAND_DATABASE_URL": read.database_url, "WARBAND_COMPRESSION": read.compression,
            "WARBAND_RULES_WORKERS": str(read.rules_workers),
            "WARBAND_TRUSTED_PROXIES": ",".join(sorted(read.trusted_proxies)),
            "WARBAND_MAX_CONNECTIONS_PER_ADDRESS": str(read.per_address)} == pairs


async def test_the_settings_files_database_url_reaches_postgresql_by_its_socket(postgres_url):
    """The same URL with this test's role and database: the server's engine and its
    appends' own connections both get there through the Unix socket (no address)."""
    if not (SOCKET_DIR / ".s.PGSQL.5432").exists():
        pytest.skip(f"no PostgreSQL socket in {SOCKET_DIR}")
    ours = make_url(postgres_url)
    url = make_url(settings_file()["WARBAND_DATABASE_URL"]).set(
        username=ours.username, database=ours.database)
    assert url.query == {"host": str(SOCKET_DIR)}
    store = await Store.open(url.render_as_string(hide_password=False), upgrade=False)
    try:
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("SELECT inet_server_addr()"))).scalar() is None
        async with store.append_pool.acquire() as conn:
            assert await conn.fetchval("SELECT inet_server_addr()") is None
    finally:
        await store.close()


def postgresql_settings() -> list[tuple[str, str]]:
    pairs = []
    for line in (DEPLOY / "postgresql" / "warband.conf").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


async def test_every_postgresql_setting_is_one_the_server_takes(postgres_url):
    """Settings a session may change are set (PostgreSQL parses and checks them: lz4
    must be built in); the others are checked against pg_settings' type and range."""
    conn = await asyncpg.connect(asyncpg_dsn(postgres_url))
    try:
        for name, value in postgresql_settings():
            row = await conn.fetchrow("SELECT context, vartype, enumvals, min_val, max_val, "
                                      "boot_val FROM pg_settings WHERE name = $1", name)
            assert row is not None, f"{name} is not a PostgreSQL setting"
            if row["context"] in ("user", "superuser"):
                async with conn.transaction():
                    await conn.execute("SELECT set_config($1, $2, true)", name, value)
            elif row["vartype"] == "bool":
                assert value in ("on", "off"), (name, value)
            elif row["vartype"] == "enum":
                assert value in row["enumvals"], (name, value)
            else:
                assert row["vartype"] == "integer", (name, row["vartype"])
                assert int(row["min_val"]) <= int(value) <= int(row["max_val"]), (name, value)
    finally:
        await conn.close()
    durable = {"synchronous_commit": "on", "fsync": "on", "full_page_writes": "on"}
    assert durable.items() <= dict(postgresql_settings()).items()
