"""The container image (issue 35, Deploy): built without a daemon or a registry
(deploy/container/build.sh: a Debian base made here with mmdebstrap, then buildah),
started with podman (runc, as this machine allows), serving /healthz and the web
client, and migrating a database with `warband db upgrade`. Skipped, saying why,
where buildah, podman or mmdebstrap is not installed."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("buildah", "podman", "mmdebstrap")
TAG = "localhost/warband:test"
# runc refuses rlimits above what this sandbox grants; these are plenty for a test
RUN = ["podman", "run", "--runtime", "runc", "--no-healthcheck", "--ulimit",
       "nofile=4096:4096", "--ulimit", "nproc=4096:4096"]


@pytest.fixture(scope="module")
def image():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (apt-get install -y buildah podman "
                    "mmdebstrap runc): the image is not built here")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    built = subprocess.run([str(ROOT / "deploy" / "container" / "build.sh"), TAG], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    yield TAG
    subprocess.run(["podman", "rmi", "-f", TAG], capture_output=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_image_serves_health_and_the_web_client(image):
    name, port = f"warband-test-{uuid.uuid4().hex[:8]}", free_port()
    started = subprocess.run([*RUN, "-d", "--name", name, "-p", f"127.0.0.1:{port}:8000",
                              image], capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert r.read() == b"ok\n"
                    break
            except OSError:
                if time.monotonic() > deadline:
                    logs = subprocess.run(["podman", "logs", name], capture_output=True,
                                          text=True).stdout
                    pytest.fail(f"no /healthz within 30 s:\n{logs}")
                time.sleep(0.3)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            assert b"warband" in page.read()
        user = subprocess.run(["podman", "exec", name, "id", "-u"], capture_output=True,
                              text=True)
        assert user.stdout.strip() == "10001"  # not root
    finally:
        subprocess.run(["podman", "rm", "-f", name], capture_output=True, timeout=60)


def test_the_image_migrates_a_database(image):
    done = subprocess.run([*RUN, "--rm", "-e", "WARBAND_DATABASE_URL=sqlite+aiosqlite:////tmp/"
                           "w.db", image, "db", "upgrade"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "upgraded from empty to revision" in done.stdout
