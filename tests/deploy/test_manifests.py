"""The deployable pieces, checked offline (issue 35, Deploy): every Kubernetes manifest
against the Kubernetes API's schemas (kubernetes-validate, strict: no unknown field),
the Containerfile by hadolint, and the compose file's wiring."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
KUBERNETES = "1.30.0"  # (the oldest release still supported upstream in 2026)
MANIFESTS = sorted(p for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def documents(path: Path) -> list[dict]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_every_manifest_is_valid_kubernetes(path):
    for document in documents(path):
        kubernetes_validate.validate(document, KUBERNETES, strict=True)


def test_the_kustomization_applies_every_manifest_and_the_kinds_asked_for():
    listed = yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == [p.name for p in MANIFESTS]
    kinds = {d["kind"] for p in MANIFESTS for d in documents(p)}
    assert kinds >= {"Deployment", "Service", "Ingress", "Job", "ConfigMap", "Secret",
                     "PodDisruptionBudget", "HorizontalPodAutoscaler"}


def test_the_pods_run_real_commands_with_real_settings_and_probe_health():
    [deployment] = documents(K8S / "deployment.yaml")
    [job] = documents(K8S / "migrate-job.yaml")
    [server] = deployment["spec"]["template"]["spec"]["containers"]
    [migrate] = job["spec"]["template"]["spec"]["containers"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert server[probe]["httpGet"]["path"] == "/healthz"
    assert server["args"] == ["serve"] and migrate["args"] == ["db", "upgrade"]
    for args in (server["args"], migrate["args"]):  # the installed CLI knows them
        subprocess.run([sys.executable, "-m", "server.cli", *args, "--help"], cwd=ROOT,
                       check=True, capture_output=True)
    read = (ROOT / "server" / "config.py").read_text()
    # (a variable only other values expand, as $(POD_IP), is no setting of its own)
    composing = {e["name"] for e in server["env"]
                 if any(f"$({e['name']})" in other.get("value", "") for other in server["env"])}
    settings = set(documents(K8S / "configmap.yaml")[0]["data"]) | set(
        documents(K8S / "secret.yaml")[0]["stringData"]) | {
            e["name"] for e in server["env"]} - composing
    for name in settings:
        assert f'"{name}"' in read, f"{name} is no setting of server/config.py"
    ingress = documents(K8S / "ingress.yaml")[0]["metadata"]["annotations"]
    assert int(ingress["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 600


def test_each_pod_advertises_the_route_the_router_leads_to_it():
    """docs/cluster.md, "Told where to go": the pod's address names its route; the
    Ingress leads to the router, the router to the pod's port or to the Service."""
    [deployment] = documents(K8S / "deployment.yaml")
    [server] = deployment["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e for e in server["env"]}
    names = [e["name"] for e in server["env"]]
    assert env["POD_IP"]["valueFrom"]["fieldRef"]["fieldPath"] == "status.podIP"
    assert env["WARBAND_ADVERTISE_URL"]["value"] == "/node/$(POD_IP)/ws"
    assert names.index("POD_IP") < names.index("WARBAND_ADVERTISE_URL")  # (expanded only then)
    assert env["WARBAND_NODE_ID"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
    assert env["WARBAND_PORT"]["value"] == "8000"
    assert server["ports"] == [{"name": "http", "containerPort": 8000}]

    router = {d["kind"]: d for d in documents(K8S / "router.yaml")}
    [nginx] = router["Deployment"]["spec"]["template"]["spec"]["containers"]
    [config] = router["ConfigMap"]["data"].values()
    listen = int(re.search(r"listen (\d+);", config)[1])
    assert nginx["ports"] == [{"name": "http", "containerPort": listen}]
    assert "proxy_pass http://$node_address:8000/ws$is_args$args;" in config
    [service] = documents(K8S / "service.yaml")
    assert f"server {service['metadata']['name']}:{service['spec']['ports'][0]['port']};" \
        in config, "the router's other paths go to the warband Service"
    selected = router["Service"]["spec"]["selector"]
    assert selected == router["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert selected != service["spec"]["selector"], "the Service does not take routers"
    [ingress] = documents(K8S / "ingress.yaml")
    [path] = ingress["spec"]["rules"][0]["http"]["paths"]
    assert path["backend"]["service"]["name"] == router["Service"]["metadata"]["name"]


def test_the_containerfile_passes_hadolint():
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    found = subprocess.run([hadolint, "--no-color", str(ROOT / "deploy" / "container"
                                                        / "Containerfile")],
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr


def test_the_compose_file_wires_nginx_warband_postgres_and_nats():
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) >= {"nginx", "warband", "postgres", "nats", "migrate"}
    assert services["migrate"]["command"] == ["db", "upgrade"]
    assert services["warband"]["depends_on"]["migrate"]["condition"] == \
        "service_completed_successfully"
    [mount] = services["nginx"]["volumes"]
    conf = ROOT / "deploy" / mount.split(":")[0]
    text = conf.read_text()
    assert "server warband:8000" in text and "proxy_set_header Upgrade" in text
    nodes = [name for name, service in services.items()
             if service.get("command") == ["serve"]]
    assert len(nodes) >= 2, "several nodes"
    ids = {services[n]["environment"]["WARBAND_NODE_ID"] for n in nodes}
    assert len(ids) == len(nodes), "each node its own id"
    assert all(f"server {n}:8000" in text for n in nodes), "nginx reaches every node"
    assert int(re.search(r"proxy_read_timeout (\d+)s", text)[1]) >= 600
    for name in nodes:  # (each node's own location, where its players are told to go)
        node_id = services[name]["environment"]["WARBAND_NODE_ID"]
        assert services[name]["environment"]["WARBAND_ADVERTISE_URL"] == f"/node/{node_id}/ws"
        assert re.search(rf"location = /node/{node_id}/ws {{\s*proxy_pass "
                         rf"http://{name}:8000/ws;", text), f"nginx leads to {name} alone"
    assert all(services[n]["environment"]["WARBAND_REDIS_URL"] == "redis://redis:6379/0"
               for n in nodes), "the nodes count seeks and limits together"
    assert services["redis"]["image"].startswith("docker.io/library/redis:")
    url = services["warband"]["environment"]["WARBAND_DATABASE_URL"]
    assert url.startswith("postgresql+asyncpg://") and "@postgres:5432/" in url
