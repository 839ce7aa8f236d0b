"""deploy/nginx/warband.conf in a real nginx between clients and a running warband:
the web client over https, a websocket session over wss (the upgrade passed through),
/metrics to the local monitoring, and plain http sent to https.

Only what a test machine cannot have is changed in a copy of the file: the ports, the
certificate (self-signed, made here), and the IPv6 listens. Skips when nginx is not
installed (`apt-get install nginx-light`); fails instead under WARBAND_REQUIRE_NGINX=1,
which `.ci/run` sets."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from clients.client import Client
from server.app import ServerOptions, WarbandServer

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
DIST = Path(__file__).resolve().parents[2] / "clients" / "web" / "dist"
CERTS = "/etc/letsencrypt/live/warband.example.org/"


def nginx_binary() -> str:
    found = shutil.which("nginx", path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
    if found is None:
        reason = "nginx is not installed (apt-get install nginx-light)"
        if os.environ.get("WARBAND_REQUIRE_NGINX") == "1":
            pytest.fail(reason + "; it is required here (WARBAND_REQUIRE_NGINX=1)",
                        pytrace=False)
        pytest.skip(reason)
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def replaced(source: str, old: str, new: str) -> str:
    assert source.count(old) == 1, f"deploy/nginx/warband.conf no longer has {old!r}"
    return source.replace(old, new)


def site_for_test(warband_port: int, http: int, https: int, tmp: Path) -> str:
    site = (DEPLOY / "nginx" / "warband.conf").read_text()
    site = replaced(site, "server 127.0.0.1:8000;", f"server 127.0.0.1:{warband_port};")
    site = replaced(site, "listen 80;", f"listen 127.0.0.1:{http};")
    site = replaced(site, "listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
    site = replaced(site, CERTS + "fullchain.pem", str(tmp / "cert.pem"))
    site = replaced(site, CERTS + "privkey.pem", str(tmp / "key.pem"))
    return "\n".join(line for line in site.splitlines() if "[::]" not in line)


@pytest.fixture
async def proxied(tmp_path):
    """(https base URL, http base URL, an SSL context trusting the test certificate)."""
    nginx = nginx_binary()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'warband.db'}"))
    await server.start()
    http, https = free_port(), free_port()
    (tmp_path / "warband.conf").write_text(site_for_test(server.port, http, https, tmp_path))
    try:
        async with nginx_running(nginx, tmp_path, tmp_path / "warband.conf", https):
            trust = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
            yield f"https://127.0.0.1:{https}", f"http://127.0.0.1:{http}", trust
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def nginx_running(nginx: str, tmp_path: Path, site: Path, port: int):
    """`nginx` serving the `site` file from `tmp_path` (its own configuration, pid,
    logs and temporary paths there), once it accepts connections on `port`; stopped
    after."""
    temp = {kind: tmp_path / kind for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    (tmp_path / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {tmp_path / 'nginx.pid'};\n"
        f"error_log {tmp_path / 'error.log'};\nevents {{ worker_connections 64; }}\n"
        "http {\n    access_log off;\n"
        + "".join(f"    {kind}_temp_path {path};\n" for kind, path in temp.items())
        + f"    include {site};\n}}\n")
    process = await asyncio.create_subprocess_exec(
        nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e",
        str(tmp_path / "error.log"), stderr=asyncio.subprocess.PIPE)
    try:
        async with asyncio.timeout(15):
            while True:
                if process.returncode is not None:
                    pytest.fail((await process.stderr.read()).decode()
                                + (tmp_path / "error.log").read_text())
                with contextlib.suppress(OSError):
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                    break
                await asyncio.sleep(0.05)
        yield
    finally:
        process.terminate()
        await process.wait()


def fetch(url: str, context: ssl.SSLContext | None = None) -> tuple[int, dict, bytes]:
    class NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirects, urllib.request.HTTPSHandler(
        context=context))
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as answered:
        return answered.code, dict(answered.headers), answered.read()


async def test_the_web_client_and_health_come_over_https(proxied):
    https, _, trust = proxied
    for path, file in (("/", "index.html"), ("/app.js", "app.js")):
        status, _, body = await asyncio.to_thread(fetch, https + path, trust)
        assert (status, body) == (200, (DIST / file).read_bytes())
    status, _, body = await asyncio.to_thread(fetch, https + "/healthz", trust)
    assert (status, body) == (200, b"ok\n")


async def test_a_websocket_session_goes_through_the_upgrade(proxied):
    https, _, trust = proxied
    client = Client(await connect(https.replace("https", "wss") + "/ws", ssl=trust,
                                  max_size=None))
    try:
        session = await client.request("guest", name="Ann")
        created = await client.request("create_match", system="sbh")
        listed = await client.request("list_open")
        assert session["token"]
        assert created["match_id"] in [m["match_id"] for m in listed["matches"]]
    finally:
        await client.close()


async def test_metrics_answer_the_local_monitoring(proxied):
    https, _, trust = proxied
    status, _, body = await asyncio.to_thread(fetch, https + "/metrics", trust)
    assert status == 200 and b"warband_" in body


async def test_plain_http_is_sent_to_https(proxied):
    _, http, _ = proxied
    status, headers, _ = await asyncio.to_thread(fetch, http + "/lobby?x=1")
    assert status == 301
    assert headers["Location"] == "https://127.0.0.1/lobby?x=1"
