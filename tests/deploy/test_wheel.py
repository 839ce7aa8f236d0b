"""warband installed from a wheel, as a deployment installs it (deploy/README.md),
not run from this checkout: the wheel must carry what the code reads besides its
modules (the rosters and cost tables, the migrations, the built web client).

The wheel is built from the checkout's tracked files, copied to a temporary
directory, and installed there with `pip install --target`; every command below
runs from that copy (PYTHONPATH), in a directory of its own."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "clients" / "web" / "dist"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    for name in filter(None, tracked):
        if (ROOT / name).is_file():  # (a tracked file deleted in this checkout is skipped)
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                    str(work / "dist"), str(source)], check=True)
    [wheel] = (work / "dist").glob("warband-*.whl")
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
                    "--target", str(site), str(wheel)], check=True)
    (work / "run").mkdir()
    return site


def warband(site: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=site.parent / "run",
                          env={**os.environ, "PYTHONPATH": str(site)}, capture_output=True,
                          text=True, timeout=120)


def test_the_installed_copy_is_the_one_that_runs(installed):
    found = subprocess.run(
        [sys.executable, "-c", "import server, clients, protocol; "
         "print(server.__file__, clients.__path__[0], protocol.__file__)"],
        cwd=installed.parent / "run", env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True, text=True, check=True).stdout.split()
    assert all(path.startswith(str(installed)) for path in found), found


def test_the_installed_catalog_is_the_whole_roster(installed):
    """seed 000's profiles and cost table are data files (server/rules/sbh/data)."""
    got = warband(installed, "catalog", "sbh", "--json")
    assert got.returncode == 0, got.stderr
    here = subprocess.run([sys.executable, "-m", "server.cli", "catalog", "sbh", "--json"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(got.stdout) == json.loads(here.stdout)
    assert len(json.loads(got.stdout)) > 200


def test_the_installed_server_migrates_a_new_database_and_serves_the_web_client(installed):
    database = f"sqlite+aiosqlite:///{installed.parent / 'run' / 'warband.db'}"
    upgraded = warband(installed, "db", "upgrade", "--database", database)
    assert upgraded.returncode == 0, upgraded.stderr
    with subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", "--port", "0", "--database", database],
            cwd=installed.parent / "run", env={**os.environ, "PYTHONPATH": str(installed)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            line = server.stdout.readline()
            port = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
            assert port, (line, server.stderr.read() if server.poll() is not None else "")
            base = f"http://127.0.0.1:{port.group(1)}"
            for path, file in (("/", "index.html"), ("/app.js", "app.js"),
                               ("/style.css", "style.css")):
                with urllib.request.urlopen(base + path, timeout=10) as response:
                    assert response.status == 200
                    assert response.read() == (DIST / file).read_bytes()
            with urllib.request.urlopen(base + "/healthz", timeout=10) as response:
                assert response.read() == b"ok\n"
        finally:
            server.terminate()
            assert server.wait(timeout=30) == 0  # (SIGTERM: a clean stop)
