"""`warband serve`: run the match server."""

from __future__ import annotations

import argparse
import asyncio
import logging

from server.admission import HANDSHAKES_PER_SECOND, parse_proxies
from server.compression import COMPRESSIONS
from server.config import ADVERTISE_URL, NODE_ID, Settings


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("serve", help="run the match server", description="Run the match server.")
    p.add_argument("--host", default=defaults.host,
                   help=f"address to bind (default {defaults.host})")
    p.add_argument("--port", type=int, default=defaults.port,
                   help=f"port (default {defaults.port}; 0 picks a free one)")
    p.add_argument("--database", default=defaults.database_url,
                   help="SQLAlchemy database URL (default: embedded SQLite ./warband.db)")
    p.add_argument("--snapshot-every", type=int, default=500, metavar="N",
                   help="store a state snapshot every N events (default 500)")
    p.add_argument("--compression", choices=COMPRESSIONS, default=defaults.compression,
                   help="websocket permessage-deflate: none (default; CPU and memory go to "
                   "the matches), deflate (no state kept between messages) or "
                   "deflate-takeover (websockets' default: ~47 KiB per connection)")
    p.add_argument("--rules-workers", type=int, default=defaults.rules_workers, metavar="N",
                   help="run the rules of the matches in N worker processes, so a slow "
                   f"command does not hold up the others (default {defaults.rules_workers}: "
                   "in the server's own event loop)")
    p.add_argument("--max-connections-per-address", type=int, default=defaults.per_address,
                   metavar="N", help="connections open at once from one client address "
                   f"(default {defaults.per_address}); more are refused at the handshake")
    p.add_argument("--handshakes-per-second", type=float, default=HANDSHAKES_PER_SECOND,
                   metavar="R", help="new connections a second from one client address, on "
                   f"average (default {HANDSHAKES_PER_SECOND:g}; bursts of three times as "
                   "many); more are refused at the handshake")
    p.add_argument("--trusted-proxies", default=",".join(sorted(defaults.trusted_proxies)),
                   metavar="ADDRESSES", help="reverse proxies (IP addresses, comma-separated) "
                   "whose X-Forwarded-For names the client: its address then counts for "
                   "connection limits and login lock-outs (default: none)")
    p.add_argument("--node-id", default=defaults.node_id, metavar="ID",
                   help="run as one node of several over the same PostgreSQL (docs/cluster.md"
                   "): this node's id, unique among them (default: none, one process owns "
                   "every match)")
    p.add_argument("--nats-url", default=defaults.nats_url, metavar="URL",
                   help=f"the NATS server the nodes share (default {defaults.nats_url}; used "
                   "only with --node-id)")
    p.add_argument("--lease-ttl", type=float, default=defaults.lease_ttl, metavar="SECONDS",
                   help="how long a node's hold on a match lasts unless renewed: how soon "
                   "another node takes over a dead node's matches "
                   f"(default {defaults.lease_ttl:g})")
    p.add_argument("--redis-url", default=defaults.redis_url, metavar="URL",
                   help="the Redis the nodes share, so that quick pairing, connection "
                   "limits and login lock-outs per address count across nodes (e.g. "
                   "redis://127.0.0.1:6379/0; used only with --node-id; default: none, "
                   "each node counts its own)")
    p.add_argument("--cluster", default=defaults.cluster, metavar="NAME",
                   help="the cluster's name on the NATS server, the same on every node "
                   "(default: named after the shared database; give one when nodes reach "
                   "it under different database names; used only with --node-id)")
    p.add_argument("--advertise-url", default=defaults.advertise_url, metavar="URL",
                   help="the websocket address clients can reach this node by, ws:// or "
                   "wss://, or a path on the address they reached (behind a balancer, one "
                   "leading to this node alone, e.g. /node/north/ws): players of its "
                   "matches connected to other nodes are told it, so their commands need "
                   "not be forwarded (used only with --node-id; default: none, they stay "
                   "forwarded)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server import gc_tuning
    from server.app import ServerOptions, StartupError
    from server.app import run as run_server
    from server.cli import CommandError

    gc_tuning.thresholds()  # (a bad WARBAND_GC_THRESHOLDS stops it before it starts)
    try:
        proxies = parse_proxies(args.trusted_proxies)
    except ValueError as bad:
        raise CommandError(f"--trusted-proxies: {bad}") from None
    if args.node_id is not None and not NODE_ID.fullmatch(args.node_id):
        raise CommandError("--node-id: 1 to 64 letters, digits, '-' or '_'")
    if args.cluster is not None and not NODE_ID.fullmatch(args.cluster):
        raise CommandError("--cluster: 1 to 64 letters, digits, '-' or '_'")
    if not 1.0 <= args.lease_ttl <= 300.0:
        raise CommandError("--lease-ttl: seconds from 1 to 300")
    if args.advertise_url is not None and not ADVERTISE_URL.fullmatch(args.advertise_url):
        raise CommandError("--advertise-url: a websocket address, ws://HOST[:PORT]/PATH or "
                           "wss://..., or a path such as /node/north/ws")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        asyncio.run(run_server(ServerOptions(host=args.host, port=args.port,
                                             database_url=args.database,
                                             snapshot_every=args.snapshot_every,
                                             compression=args.compression,
                                             rules_workers=max(0, args.rules_workers),
                                             per_address=max(1, args.max_connections_per_address),
                                             handshake_rate=args.handshakes_per_second,
                                             handshake_burst=3 * args.handshakes_per_second,
                                             trusted_proxies=proxies,
                                             node_id=args.node_id, nats_url=args.nats_url,
                                             lease_ttl=args.lease_ttl,
                                             redis_url=args.redis_url,
                                             cluster=args.cluster,
                                             advertise_url=args.advertise_url,
                                             chat=Settings.from_env().chat)))
    except StartupError as failure:
        raise CommandError(str(failure)) from None
    return 0
