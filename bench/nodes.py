"""What a second node costs (issue 35, "Tests and figures"): the same SBH load (random-
legal players, one spectator a match) on one node, then on two nodes where every
match runs on one node while one player and the spectator sit on the other (every
command of theirs forwarded, every push relayed through NATS). Measures the CPU time
of the warband processes and of the NATS server per acknowledged command, and prints
the ratio of two nodes to one (goal: at most 1.2), then the CPU a spectator on another
node costs per event, and what that makes of 100,000 matches with 100,000
spectators. Each node is a `warband serve` process on a fresh PostgreSQL database.
Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/nodes.py [--matches 20] [--turns 4]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test]
        [--profile FOLDER (py-spy each node: .venv/bin/pip install py-spy)] [--logs FOLDER]

Then the same two nodes telling Bob and the spectator where the match runs
(`--advertise-url`; subscribe with `follow` answers `node_url` at once, nothing set up
at the first node) and both following it there, as
clients/following.py does: nothing of theirs crosses nodes; then Bob following and the
spectator relayed (as a spectator past the owner's own audience is, or one whose client
does not follow): the difference is what a relayed spectator costs.

`--pairs N [--only one followed]`: N rounds of the runs named (all seven by default), every
other round in the reverse order, each round's ratios, their medians and the ratios of
the CPU pooled over all rounds (on a shared machine, the fewer runs a round, the nearer
in time the two runs of a ratio are, and the less the load between them moves it).

Also prints one node run as a cluster of one (`--node-id`: leases, fenced appends, NATS
connected but no forwarding), to tell what the cluster's mode costs from what
forwarding does; the ratio is against the plain one node.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
from sqlalchemy import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clients.client import Client  # noqa: E402
from server.store.engine import asyncpg_dsn  # noqa: E402
from tests.server.test_full_match import SETUP  # noqa: E402
from tests.server.test_restart import Player, ServerProcess  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def user_system(pid: int) -> tuple[float, float]:
    """User and system CPU of a process so far (a profile samples a process waiting
    for a core in its last system call: this says what it really spent where)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def nats_pid() -> int | None:
    found = subprocess.run(["pgrep", "-x", "nats-server"], capture_output=True, text=True)
    return int(found.stdout.split()[0]) if found.stdout.strip() else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Node(ServerProcess):
    def __init__(self, database_url: str, log_path, name: str | None,
                 advertise: bool = False) -> None:
        super().__init__(database_url, log_path)
        # (every client here comes from one address)
        self.extra_args = ["--max-connections-per-address", "100000",
                           "--handshakes-per-second", "100000"]
        if name is not None:
            self.extra_args += ["--node-id", name]
        if advertise:  # (its address told to players relayed from the other node)
            self.port = free_port()
            self.extra_args += ["--advertise-url", self.url]


async def follow(p: Player, url: str, match_id: str) -> tuple[Client, Client]:
    """Bob as a client that follows: connected to `url`, it subscribes there with
    `follow`, is told at once the address of the node that runs its match (`node_url`,
    `"subscribed": false`: nothing set up at `url`), and takes the match's traffic
    there (as clients/following.py does), keeping its first connection (the lobby's).
    Both connections are returned; the match's is second."""
    first = await Client.connect(url)
    await first.request("authenticate", token=p.token)
    answer = await first.request("subscribe", match_id=match_id, follow=True)
    if answer.get("subscribed") is not False:
        return first, first  # (its node runs it, or no address is told: forwarded)
    there = await Client.connect(answer["node_url"])
    await there.request("authenticate", token=p.token)
    await there.request("subscribe", match_id=match_id, after_seq=0)
    return first, there


async def watch(url: str, match_id: str, follow: bool = False) -> int:
    """A spectator on `url`; `follow`: one told where the match runs (`node_url`) takes
    it there, as clients/following.py does (the owner tells it while its own audience
    is small: server/cluster/serving.py)."""
    client = await Client.connect(url)
    token = (await client.request("guest", name="Wes"))["token"]
    answer = await client.request("subscribe", match_id=match_id, spectate=True,
                                  **({"follow": True} if follow else {}))
    if answer.get("subscribed") is False:  # (told where: nothing set up here)
        first, client = client, await Client.connect(answer["node_url"])
        await client.request("authenticate", token=token)
        await client.request("subscribe", match_id=match_id, spectate=True, after_seq=0)
        await first.close()
    events = 0
    while (await client.next_push("event", "match_over", timeout=120))["type"] == "event":
        events += 1
    await client.close()
    return events


async def warm(url: str, clients: int) -> None:
    """As many clients at once as the run will have sign in and leave: the node's pool
    of database connections is as warm as the matches' node's is from the setup (a
    node's first connections cost it more than the whole run's forwarding did: the
    profile of the other node in a followed run was half asyncpg opening connections)."""
    async def one(index: int) -> None:
        client = await Client.connect(url)
        await client.request("guest", name=f"Warm{index}")
        await client.close()
    await asyncio.gather(*(one(index) for index in range(clients)))


async def play(nodes: list[Node], matches: int, turns: int, spectators: bool,
               profile: str | None = None, followed: str | None = None) -> dict:
    """`matches` matches run by nodes[0]; Bob and the spectators on nodes[-1] (Bob
    taking his match's traffic to nodes[0] when `followed` is "players" or
    "everyone", the spectators too when "everyone")."""
    home, away = nodes[0], nodes[-1]
    setup = SETUP | {"options": {"turn_limit": turns}}
    games = []
    for index in range(matches):
        ann, bob = await Client.connect(home.url), await Client.connect(home.url)
        players = [Player("a", (await ann.request("guest", name="Ann"))["token"],
                          random.Random(index * 2)),
                   Player("b", (await bob.request("guest", name="Bob"))["token"],
                          random.Random(index * 2 + 1))]
        match_id = (await ann.request("create_match", system="sbh", **setup))["match_id"]
        await bob.request("join", match_id=match_id)  # (on home: home runs it)
        games.append((match_id, players))
        await ann.close()
        await bob.close()
    await asyncio.gather(*(warm(node.url, 2 * matches) for node in nodes))
    clustered = any("--node-id" in node.extra_args for node in nodes)  # (NATS in use)
    pids = [n.process.pid for n in nodes] + ([nats_pid()] if clustered else [])
    before = [cpu_seconds(pid) for pid in pids if pid]
    io_before = [user_system(pid) for pid in pids if pid]
    started = time.perf_counter()
    spies = [await asyncio.create_subprocess_exec(
        str(Path(sys.executable).with_name("py-spy")), "record", "--nonblocking",
        "--format", "raw", "--rate", "200",
        "--pid", str(node.process.pid), "-o", f"{profile}-{index}.txt",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        for index, node in enumerate(nodes)] if profile else []

    async def player(p: Player, match_id: str, url: str) -> None:
        client = await p.reconnect(url, match_id)
        await p.play(client, match_id)
        await client.close()

    async def follower(p: Player, match_id: str, url: str) -> None:
        first, there = await follow(p, url, match_id)
        await p.play(there, match_id)
        for client in {first, there}:
            await client.close()

    tasks = []
    for match_id, (ann, bob) in games:
        tasks += [player(ann, match_id, home.url),
                  (follower if followed else player)(bob, match_id, away.url)]
        if spectators:
            tasks.append(watch(away.url, match_id, follow=followed == "everyone"))
    results = await asyncio.gather(*tasks)
    after = [cpu_seconds(pid) for pid in pids if pid]
    io_after = [user_system(pid) for pid in pids if pid]
    for spy in spies:
        spy.send_signal(signal.SIGINT)
        await spy.wait()
    commands = sum(len(p.acked) for _, players in games for p in players)
    events = sum(r for r in results if isinstance(r, int))
    return {"cpu": sum(after) - sum(before), "commands": commands, "events": events,
            "seconds": time.perf_counter() - started,
            "split": [a - b for a, b in zip(after, before, strict=True)],
            "user_system": [tuple(round(x - y, 2) for x, y in zip(a, b, strict=True))
                   for a, b in zip(io_after, io_before, strict=True)]}


async def fresh_database(admin, base: str) -> str:
    name = "warband_nodes_" + uuid.uuid4().hex[:8]
    await admin.execute(f'CREATE DATABASE "{name}"')
    return make_url(base).set(database=name).render_as_string(hide_password=False)


async def run_with(admin, options, folder: Path, names: list[str | None],
                   spectators: bool, label: str, followed: str | None = None) -> dict:
    """`followed`: who takes the match's traffic to the node running it (play)."""
    url = await fresh_database(admin, options.postgres)
    nodes = [Node(url, folder / f"{label}-{name}.log", name, advertise=bool(followed))
             for name in names]
    try:
        for node in nodes:
            await node.start()
        profile = f"{options.profile}/{label}" if options.profile else None
        return await play(nodes, options.matches, options.turns, spectators, profile,
                          followed)
    finally:
        for node in nodes:
            await node.stop()
        await admin.execute(f'DROP DATABASE IF EXISTS "{make_url(url).database}" '
                            'WITH (FORCE)')


def describe(label: str, figures: dict) -> float:
    per = figures["cpu"] / max(1, figures["commands"]) * 1000
    print(f"{label}: {figures['commands']} commands, {figures['events']} spectator events, "
          f"{figures['cpu']:.2f} s CPU ({per:.2f} ms a command; by process, the match's "
          f"node first, NATS last: {', '.join(f'{c:.2f}' for c in figures['split'])} s), "
          f"{figures['seconds']:.1f} s")
    print("  (user, system) s by process:", figures["user_system"])
    return per


async def run(options) -> None:
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    try:
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(options.logs or folder)
            one = describe("one node", await run_with(admin, options, folder, [None], True,
                                                      "one"))
            one_bare = describe("one node, no spectators", await run_with(
                admin, options, folder, [None], False, "one-bare"))
            alone = describe("one node as a cluster of one", await run_with(
                admin, options, folder, ["n1"], True, "alone"))
            watched = await run_with(admin, options, folder, ["n1", "n2"], True, "two")
            two = describe("two nodes (Bob and the spectator on the other)", watched)
            bare = await run_with(admin, options, folder, ["n1", "n2"], False, "bare")
            unwatched = describe("two nodes, no spectators", bare)
            followed = describe("two nodes, Bob and the spectator told where the match "
                                "runs and following", await run_with(
                                    admin, options, folder, ["n1", "n2"], True, "followed",
                                    followed="everyone"))
            relayed = describe("two nodes, Bob following, the spectator relayed",
                               await run_with(admin, options, folder, ["n1", "n2"], True,
                                              "followed-relayed", followed="players"))
            followed_bare = describe("two nodes, Bob following, no spectators",
                                     await run_with(admin, options, folder, ["n1", "n2"],
                                                    False, "followed-bare", followed="players"))
    finally:
        await admin.close()
    print(f"ratio two nodes / one node, CPU a command: forwarded {two / one:.2f}, "
          f"followed {followed / one:.2f} (goal: at most 1.2), followed with the "
          f"spectators relayed {relayed / one:.2f}; without spectators: "
          f"forwarded {unwatched / one_bare:.2f}, followed {followed_bare / one_bare:.2f}; "
          f"a cluster of one / one node: {alone / one:.2f}")
    # a spectator on another node: the CPU the watched run spent beyond the same
    # commands unwatched, per event the spectators got
    extra = watched["cpu"] - unwatched / 1000 * watched["commands"]
    per_event = max(0.0, extra) / max(1, watched["events"]) * 1000
    print(f"a spectator on another node: {per_event:.3f} ms CPU an event it gets")
    print_sizing({"forwarded": two, "followed": followed})


def print_sizing(ms_a_command: dict[str, float]) -> None:
    """The nodes 100,000 matches need, players forwarded or followed, from the CPU
    (ms) a command of each costs. A match sends a command every PACE seconds (people
    thinking), its events go to one spectator (as in the watched runs, whose CPU a
    command already counts their spectator: it was counted twice before); a node is
    one process, one core kept under 70 % busy."""
    pace, busy = 10.0, 0.7
    commands_per_second = 100_000 / pace
    for how, per_command in ms_a_command.items():
        cpu = commands_per_second * per_command / 1000
        print(f"100,000 matches (a command each {pace:g} s) with 100,000 spectators, "
              f"players {how}: {cpu:.1f} cores busy, so {int(-(-cpu // busy))} nodes at "
              f"{busy:.0%} each")


# `--pairs`' runs: (label, nodes, a spectator a match, who follows the match's node)
RUNS = [("one", [None], True, None), ("forwarded", ["n1", "n2"], True, None),
        ("followed", ["n1", "n2"], True, "everyone"),
        ("followed-relayed", ["n1", "n2"], True, "players"),
        ("one-bare", [None], False, None),
        ("followed-bare", ["n1", "n2"], False, "players"),
        ("alone", ["n1"], True, None)]  # (a cluster of one: leases, fenced appends)
# each ratio's two runs: two nodes, one node
RATIOS = {"forwarded": ("forwarded", "one"), "followed": ("followed", "one"),
          "followed, spectators relayed": ("followed-relayed", "one"),
          "followed, no spectators": ("followed-bare", "one-bare"),
          "a cluster of one": ("alone", "one")}


async def pairs(options) -> None:
    """`--pairs N`: N rounds of one node, two nodes forwarded and two nodes followed
    (with a spectator a match), then one node and two followed without spectators, one
    right after the other, each round's ratios printed and their medians: on a machine
    others share, the load moves between the runs of the whole sequence more than the
    ratios differ (one node's CPU a command went from 0.85 to 1.17 ms in an hour)."""
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    ratios: dict[str, list[float]] = {name: [] for name in RATIOS}
    relayed_spectator = []  # ms of CPU an event a spectator relayed costs beyond one followed
    pooled: dict[str, list[float]] = {}  # label -> [CPU s, commands] over every round
    failures = 0
    try:
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(options.logs or folder)
            runs = [run for run in RUNS if not options.only or run[0] in options.only]
            for index in range(options.pairs):
                cost = {}
                # (every other round in the reverse order: a load that grows or falls
                # through a round weighs on both ends of it alike)
                for label, names, watched, followed in runs if index % 2 == 0 \
                        else runs[::-1]:
                    for attempt in range(3):
                        try:
                            figures = await run_with(admin, options, folder, names, watched,
                                                     f"{label}-{index}-{attempt}", followed)
                            break
                        except (TimeoutError, ConnectionError) as failed:
                            # (said, and counted: docs/cluster.md, "Found on the way")
                            print(f"round {index + 1}, {label}: the run failed "
                                  f"({type(failed).__name__}: {failed}); once more",
                                  flush=True)
                            failures += 1
                    else:
                        raise RuntimeError("three runs in a row failed")
                    cost[label] = describe(f"round {index + 1}, {label}", figures)
                    total = pooled.setdefault(label, [0.0, 0])
                    total[0] += figures["cpu"]
                    total[1] += figures["commands"]
                    cost[label, "events"] = figures["events"] / max(1, figures["commands"])
                for name, (two, one) in RATIOS.items():
                    if two in cost and one in cost:
                        ratios[name].append(cost[two] / cost[one])
                if "followed-relayed" in cost and "followed" in cost:
                    relayed_spectator.append((cost["followed-relayed"] - cost["followed"])
                                             / max(1e-9, cost["followed-relayed", "events"]))
                print(f"round {index + 1} ratios:", ", ".join(
                    f"{k} {v[-1]:.2f}" for k, v in ratios.items() if v), flush=True)
    finally:
        await admin.close()
    print("median ratios two nodes / one node, CPU a command (goal: at most 1.2):",
          ", ".join(f"{k} {statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})"
                    for k, v in ratios.items() if v),
          f"; runs failed and done again: {failures}")
    if relayed_spectator:
        print("a spectator relayed rather than following: "
              f"{statistics.median(relayed_spectator) * 1000:.0f} us of CPU an event it "
              f"gets (median; {min(relayed_spectator) * 1000:.0f}-"
              f"{max(relayed_spectator) * 1000:.0f})")
    # every round's CPU over every round's commands: less moved by one round's load
    per_command = {label: cpu / max(1, n) * 1000 for label, (cpu, n) in pooled.items()}
    print("pooled over the rounds, ms of CPU a command:", ", ".join(
        f"{label} {ms:.3f}" for label, ms in per_command.items()))
    print("pooled ratios:", ", ".join(
        f"{name} {per_command[two] / per_command[one]:.2f}"
        for name, (two, one) in RATIOS.items() if two in per_command and one in per_command))
    print_sizing({how: per_command[how] for how in ("forwarded", "followed")
                  if how in per_command})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--profile", metavar="FOLDER",
                        help="record each node with py-spy (raw stacks, FOLDER/RUN-NODE.txt)")
    parser.add_argument("--logs", metavar="FOLDER", help="keep the nodes' logs there")
    parser.add_argument("--pairs", type=int, metavar="N",
                        help="instead: N rounds of one node, forwarded and followed, run "
                        "back to back, and the median of each round's ratios")
    parser.add_argument("--only", nargs="+", metavar="RUN",
                        choices=[run[0] for run in RUNS],
                        help="with --pairs: only these runs (e.g. one followed: more rounds "
                        "in the same time, each pair nearer in time)")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    options = parser.parse_args()
    asyncio.run(pairs(options) if options.pairs else run(options))


if __name__ == "__main__":
    main()
