"""Told where to go behind nginx (docs/cluster.md, "Told where to go"): the compose
file's nginx (deploy/nginx/compose.conf) in front of two nodes advertising their own
locations, `/node/<id>/ws`; a following session that nginx gave to one node takes its
match's traffic through nginx to the node that runs it. The same behind the Kubernetes
router (deploy/k8s/router.yaml), pods told `/node/<pod IP>/ws`. Only the addresses are
changed in a copy of the file. Skips without nginx or NATS."""

from __future__ import annotations

import pytest

from clients.client import Client
from clients.session import Session
from server.app import ServerOptions, WarbandServer
from tests.cluster.test_nodes import nats_running
from tests.deploy.test_nginx import DEPLOY, free_port, nginx_binary, nginx_running
from tests.deploy.test_router import router_for_test

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")
NODES = {"warband": "warband-1", "warband-2": "warband-2"}  # compose service -> node id


def site_for_test(ports: dict[str, int], listen: int) -> str:
    site = (DEPLOY / "nginx" / "compose.conf").read_text()
    for service, port in ports.items():
        for old in (f"server {service}:8000;", f"http://{service}:8000/ws;"):
            assert site.count(old) == 1, f"deploy/nginx/compose.conf no longer has {old!r}"
            site = site.replace(old, old.replace(f"{service}:8000", f"127.0.0.1:{port}"))
    assert site.count("listen 80;") == 1
    return site.replace("listen 80;", f"listen 127.0.0.1:{listen};")


async def a_match_started_on_the_other_node(base: str, nodes: dict[str, WarbandServer]):
    """Ann, following, signed in through the balancer at `base` (which gave her the
    `home` node), creates a match that Bob's join on the `other` node starts there:
    (ann, bob, match id, home, other)."""
    before = {name: len(node.clients) for name, node in nodes.items()}
    ann = await Session.open(base + "/ws", follow_matches=True)
    await ann.guest("Ann")
    [home] = [name for name, node in nodes.items() if len(node.clients) > before[name]]
    [other] = [name for name in nodes if name != home]
    match_id = (await ann.create_match("secret-bids", options={"target": 30}))["match_id"]
    bob = await Client.connect(nodes[other].url)  # (his join starts it there)
    await bob.request("guest", name="Bob")
    await bob.request("join", match_id=match_id)
    return ann, bob, match_id, home, other


async def both_bid_and_ann_sees_every_event(ann: Session, bob: Client, match_id: str,
                                            stream) -> None:
    """A bid each; Ann's stream gets the match's events in order (then both leave)."""
    placed = await ann.command(match_id, "bid", {"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert placed["first_seq"] == 1
    seqs = []
    while not seqs or seqs[-1] < 4:
        seqs.append((await stream.next("event", timeout=10))["seq"])
    assert seqs == [1, 2, 3, 4]
    await ann.close()
    await bob.close()


@pytest.fixture
async def behind_nginx(database_url, tmp_path, monkeypatch):
    from server.rules import registry
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    nginx = nginx_binary()
    servers = {}
    for service, node_id in NODES.items():
        servers[service] = WarbandServer(ServerOptions(
            port=0, database_url=database_url, static_dir=tmp_path / "static",
            node_id=node_id, lease_ttl=1.5, rate=500, burst=500,
            advertise_url=f"/node/{node_id}/ws"))
        await servers[service].start()
    listen = free_port()
    (tmp_path / "site.conf").write_text(site_for_test(
        {service: server.port for service, server in servers.items()}, listen))
    try:
        async with nginx_running(nginx, tmp_path, tmp_path / "site.conf", listen):
            yield f"ws://127.0.0.1:{listen}", servers
    finally:
        for server in servers.values():
            await server.stop()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_session_behind_nginx_follows_its_match_to_the_node_that_runs_it(
        behind_nginx):
    base, servers = behind_nginx
    ann, bob, match_id, home, other = await a_match_started_on_the_other_node(base, servers)
    stream = await ann.watch(match_id)
    assert ann.followed_url(match_id) == f"{base}/node/{NODES[other]}/ws"
    assert not servers[home].hub.forwarder.relays  # (nothing of hers relayed)
    await both_bid_and_ann_sees_every_event(ann, bob, match_id, stream)


# Kubernetes (deploy/k8s/router.yaml): two pods on different addresses and one port, as
# pods are, each advertising `/node/<its address>/ws`; the router's configuration is the
# manifest's own (tests/deploy/test_router.py says what is changed in the copy).
PODS = ("127.0.0.2", "127.0.0.3")


@pytest.fixture
async def behind_the_router(database_url, tmp_path, monkeypatch):
    from server.rules import registry
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    nginx = nginx_binary()
    pods: dict[str, WarbandServer] = {}
    port = 0  # (the first pod's, then every pod's)
    try:
        for address in PODS:
            pods[address] = WarbandServer(ServerOptions(
                host=address, port=port, database_url=database_url,
                static_dir=tmp_path / "static", node_id=f"warband-{address[-1]}",
                lease_ttl=1.5, rate=500, burst=500, advertise_url=f"/node/{address}/ws"))
            await pods[address].start()
            port = pods[address].port
        listen = free_port()
        (tmp_path / "site.conf").write_text(router_for_test(
            [f"{address}:{port}" for address in PODS], port, listen))
        async with nginx_running(nginx, tmp_path, tmp_path / "site.conf", listen):
            yield f"ws://127.0.0.1:{listen}", pods
    finally:
        for pod in pods.values():
            await pod.stop()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_session_behind_the_k8s_router_follows_its_match_to_the_pod_that_runs_it(
        behind_the_router):
    base, pods = behind_the_router
    ann, bob, match_id, home, other = await a_match_started_on_the_other_node(base, pods)
    stream = await ann.watch(match_id)
    assert ann.followed_url(match_id) == f"{base}/node/{other}/ws"
    assert len(pods[other].clients) == 2  # (Bob, and Ann's followed connection)
    assert not pods[home].hub.forwarder.relays  # (nothing of hers relayed)
    await both_bid_and_ann_sees_every_event(ann, bob, match_id, stream)
