"""Helpers for hosted-event tests: a server whose event director runs fast, players
that register with a ready-made list and bots that play their event's games over the
protocol (random legal commands from the prompts, short games)."""

from __future__ import annotations

import random

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.presets import preset
from server.rules.sbh.random_player import random_command

# Short games: 200 points, one turn (tests/server keeps CI small the same way).
MATCHES = {"points_limit": 200, "board_size": 24, "options": {"turn_limit": 1}}
PRESETS = ["elf_scouts", "goblin_mob", "human_patrol", "orc_patrol"]  # each fits 200


def warband(n: int) -> dict:
    return preset(PRESETS[n % len(PRESETS)])


def options(database_url: str, tmp_path) -> ServerOptions:
    return ServerOptions(port=0, database_url=database_url, static_dir=tmp_path / "static",
                         event_tick=0.1, rate=500, burst=500)


@pytest.fixture
async def server(database_url, tmp_path):
    instance = WarbandServer(options(database_url, tmp_path))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.stop()


async def player(server, name: str, *, login: bool = False) -> Client:
    """A registered player's connection; its account id as `client.account`."""
    client = await Client.connect(server.url)
    kind = "login" if login else "register"
    session = await client.request(kind, username=name, password="correct horse")
    client.account = session["account_id"]
    return client


async def play_match(client: Client, match_id: str, seat: str, rng: random.Random,
                     band: dict) -> dict:
    """Act from the prompts until the match is over; the match_over push."""
    await client.request("subscribe", match_id=match_id)
    while True:
        push = await client.next_push("prompt", "match_over", timeout=120)
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not client.pushes.empty():
            continue
        command = random_command(Prompt((Decision.from_wire(push["decision"]),)), seat, rng,
                                 band)
        try:
            await client.request("command", match_id=match_id, command=command.type,
                                 args=dict(command.args), at_seq=push["seq"])
        except ServerError as refused:  # the other seat moved first, or the game ended
            assert refused.code in ("stale_prompt", "match_finished", "not_your_turn"), \
                refused


async def play_event(client: Client, band: dict, seed: int, *,
                     current: dict | None = None) -> list[dict]:
    """Play every game the event gives this player, from the pushes (and `current`:
    a round start read from get_event after a restart); the round pushes seen."""
    rng = random.Random(seed)
    seen = []
    while True:
        push = current or await client.next_push("event_round_started", "event_finished",
                                                 timeout=180)
        current = None
        if push["type"] == "event_finished":
            return seen
        seen.append(push)
        if not push["bye"]:
            await play_match(client, push["match_id"], push["seat"], rng, band)


def pairs(event: dict) -> list[frozenset]:
    return [frozenset((p["player_a"], p["player_b"])) for r in event["rounds"]
            for p in r["pairings"] if not p["bye"]]


def byes(event: dict) -> list[str]:
    return [p["player_a"] for r in event["rounds"] for p in r["pairings"] if p["bye"]]


def game_in_hand(event: dict, account: str) -> dict | None:
    """The player's undecided game of the newest round, as its event_round_started push
    said it (a player finds it so after a restart: the push went with the old server)."""
    if not event["rounds"]:
        return None
    newest = event["rounds"][-1]
    for p in newest["pairings"]:
        if p["result"] is None and account in (p["player_a"], p["player_b"]):
            return {"type": "event_round_started", "match_id": p["match_id"], "bye": False,
                    "seat": "a" if p["player_a"] == account else "b",
                    "round": newest["round"]}
    return None
