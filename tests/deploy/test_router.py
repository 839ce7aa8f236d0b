"""deploy/k8s/router.yaml's nginx configuration, taken out of the manifest's ConfigMap
and run in a real nginx (the file tested is the file deployed): `/node/<pod IP>/ws`
leads to that pod alone on warband's port, with the client's address passed on;
`/healthz` and the rest go to the Service; a path naming anything but an address of
the pod network is refused by the router and reaches no one.

Only addresses change in the copy: the Service becomes a warband on 127.0.0.2:P, the pod
port 8000 becomes P, the pod network 127.0.0.0/30 (127.0.0.1-3: the whole 127/8 is
loopback, so nodes can share a port on different addresses). Skips without nginx."""

from __future__ import annotations

import asyncio
import socket

import pytest
import yaml
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from tests.deploy.test_nginx import DEPLOY, fetch, free_port, nginx_binary, nginx_running

ROUTER = DEPLOY / "k8s" / "router.yaml"
POD_NETWORK_LINE = "10.244.0.0/16 1;"  # (the manifest's pod network)
OUTSIDE = "127.0.0.5"  # loopback, but not in the test's pod network


def router_config() -> str:
    """The nginx configuration in the router's ConfigMap, as deployed."""
    [config] = [d for d in yaml.safe_load_all(ROUTER.read_text())
                if d and d["kind"] == "ConfigMap" and d["metadata"]["name"] == "warband-router"]
    [text] = config["data"].values()
    return text


def replaced(source: str, old: str, new: str) -> str:
    assert source.count(old) == 1, f"the router's nginx configuration no longer has {old!r}"
    return source.replace(old, new)


def router_for_test(service: list[str], pod_port: int, listen: int,
                    pod_network: str = "127.0.0.0/30") -> str:
    """The router's configuration with the test's addresses: `service` the
    "host:port"s behind the Service, `pod_port` the pods' port."""
    site = router_config()
    site = replaced(site, "server warband:80;",
                    "\n".join(f"server {address};" for address in service))
    site = replaced(site, ":8000/ws", f":{pod_port}/ws")
    site = replaced(site, "listen 8080;", f"listen 127.0.0.1:{listen};")
    return replaced(site, POD_NETWORK_LINE, f"{pod_network} 1;")


class Sentinel:
    """A listener at an address the router must never lead to: counts who came."""

    def __init__(self) -> None:
        self.connections = 0
        self.server: asyncio.Server | None = None

    async def start(self, host: str, port: int) -> None:
        async def arrived(reader, writer):
            self.connections += 1
            writer.close()
        self.server = await asyncio.start_server(arrived, host, port)


@pytest.fixture
async def routed(tmp_path):
    """(the router's http base URL, the warband behind it at 127.0.0.2, a sentinel on
    the same port at an address outside the pod network)."""
    nginx = nginx_binary()
    pod = WarbandServer(ServerOptions(
        host="127.0.0.2", port=0, database_url=f"sqlite+aiosqlite:///{tmp_path / 'w.db'}",
        static_dir=tmp_path / "static", trusted_proxies=frozenset({"127.0.0.0/8"})))
    await pod.start()
    sentinel = Sentinel()
    listen = free_port()
    try:
        await sentinel.start(OUTSIDE, pod.port)
        (tmp_path / "site.conf").write_text(
            router_for_test([f"127.0.0.2:{pod.port}"], pod.port, listen))
        async with nginx_running(nginx, tmp_path, tmp_path / "site.conf", listen):
            yield f"http://127.0.0.1:{listen}", pod, sentinel
    finally:
        if sentinel.server is not None:
            sentinel.server.close()
        await pod.stop()


async def test_a_pods_own_path_leads_to_it_with_the_clients_address(routed):
    base, pod, _ = routed
    url = base.replace("http", "ws") + "/node/127.0.0.2/ws"
    # as the Ingress sends it: X-Forwarded-For names the player
    client = Client(await connect(url, max_size=None,
                                  additional_headers={"X-Forwarded-For": "203.0.113.7"}))
    try:
        assert (await client.request("guest", name="Ann"))["token"]
        assert [c.address for c in pod.clients] == ["203.0.113.7"]
    finally:
        await client.close()
    # reached from inside the cluster, without one: the router's peer
    async with Client(await connect(url, max_size=None)) as inside:
        await inside.request("guest", name="Bob")
        assert "127.0.0.1" in [c.address for c in pod.clients]  # (Ann's may be closing)


async def test_health_and_the_lobby_websocket_go_to_the_service(routed):
    base, pod, _ = routed
    status, _, body = await asyncio.to_thread(fetch, base + "/healthz")
    assert (status, body) == (200, b"ok\n")
    # the metrics are scraped from each pod inside the cluster, never through the router
    status, _, body = await asyncio.to_thread(fetch, base + "/metrics")
    assert status == 404 and b"nginx" in body
    async with Client(await connect(base.replace("http", "ws") + "/ws", max_size=None)) as c:
        created = await c.request("guest", name="Ann")
        assert created["token"] and len(pod.clients) == 1


@pytest.mark.parametrize("path", [
    f"/node/{OUTSIDE}/ws",              # an address, but not of the pod network
    "/node/127.0.0.02/ws",              # not the one way of writing an address
    "/node/127.0.0.256/ws",
    "/node/localhost/ws",               # a name: never resolved
    "/node/127.0.0.2:22/ws",            # the port is the router's to choose
    "/node/127.0.0.2/metrics",          # only the websocket
    "/node/127.0.0.2/ws/",
    "/node/127.0.0.2/ws/../../metrics",
    "/node/127.0.0.2",
    "/node/",
])
async def test_any_other_node_path_is_refused_and_reaches_no_one(routed, path):
    base, pod, sentinel = routed
    status, _, body = await asyncio.to_thread(fetch, base + path)
    assert status == 404 and b"nginx" in body  # (the router's own answer)
    with pytest.raises(InvalidStatus) as refused:  # (a websocket handshake too)
        await connect(base.replace("http", "ws") + path, open_timeout=5)
    assert refused.value.response.status_code == 404
    assert sentinel.connections == 0 and not pod.clients


async def test_an_unreachable_pod_is_a_gateway_error_not_a_hang(tmp_path):
    """A pod gone since it was advertised: the client is answered at once (and falls
    back to forwarding, docs/cluster.md), rather than held."""
    nginx = nginx_binary()
    with socket.socket() as closed:  # (a port of 127.0.0.3 nothing listens on)
        closed.bind(("127.0.0.3", 0))
        port = closed.getsockname()[1]
    listen = free_port()
    (tmp_path / "site.conf").write_text(router_for_test([f"127.0.0.3:{port}"], port, listen))
    async with nginx_running(nginx, tmp_path, tmp_path / "site.conf", listen):
        status, _, _ = await asyncio.to_thread(
            fetch, f"http://127.0.0.1:{listen}/node/127.0.0.3/ws")
    assert status == 502
