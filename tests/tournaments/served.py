"""Helpers for hosted-event tests: a server whose event director runs fast, players
that register with a ready-made list and bots that play their event's games over the
protocol (random legal commands from the prompts, short games)."""

from __future__ import annotations

import asyncio
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


async def guests(url: str, prefix: str, count: int) -> list[Client]:
    """`count` guest players (no password to hash: quick) for an unrated event."""
    out = []
    for n in range(count):
        client = await Client.connect(url)
        session = await client.request("guest", name=f"{prefix}{n}")
        client.account = session["account_id"]
        out.append(client)
    return out


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


async def resign_or_wait(client: Client, match_id: str, seat: str) -> dict:
    """A short game: one of the two resigns (which one, the match id's last digit says,
    so both bots agree without talking); the match_over push."""
    await client.request("subscribe", match_id=match_id)
    if (int(match_id, 16) % 2 == 0) == (seat == "a"):
        await client.request("resign", match_id=match_id)
    return await client.next_push("match_over", timeout=60)


async def play_event(client: Client, band: dict, seed: int, *,
                     current: dict | None = None, resign: bool = False) -> list[dict]:
    """Play every game the event gives this player, from the pushes (and `current`:
    a round start read from get_event after a restart), or with `resign` settle each
    at once; the round pushes seen."""
    rng = random.Random(seed)
    seen = []
    while True:
        push = current or await client.next_push("event_round_started", "event_finished",
                                                 timeout=180)
        current = None
        if push["type"] == "event_finished":
            return seen
        seen.append(push)
        if push["bye"]:
            continue
        if resign:
            await resign_or_wait(client, push["match_id"], push["seat"])
        else:
            await play_match(client, push["match_id"], push["seat"], rng, band)


async def open_event(organiser, fmt: str, **settings) -> str:
    created = await organiser.request("create_event", name=f"A {fmt} test", system="sbh",
                                      settings={"format": fmt, **MATCHES, **settings})
    assert created["status"] == "registration"
    return created["event_id"]


async def run_event(org, field: list[Client], fmt: str, seed: int, *, resign: bool = False,
                    **settings) -> dict:
    """Open an event, enter the field (player n with list n), start it, let the bots
    play it to its end (`resign`: each game settled by a resignation at once); the event
    as get_event shows it then."""
    event_id = await open_event(org, fmt, **settings)
    for n, client in enumerate(field):
        await client.request("register_event", event_id=event_id, warband=warband(n))
    await org.request("start_event", event_id=event_id)
    await asyncio.wait_for(asyncio.gather(*(
        play_event(client, warband(n), seed=seed + n, resign=resign)
        for n, client in enumerate(field))), 600)
    return await org.request("get_event", event_id=event_id)


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


def went_through(game: dict, seeds: list[str]) -> str:
    """Who went on from a bracket game: the winner, or after a draw more victory points,
    then the higher seed."""
    r = game["result"]
    if r["winner"] is not None or game["bye"]:
        return r["winner"] or game["player_a"]
    if r["vp_a"] != r["vp_b"]:
        return game["player_a"] if r["vp_a"] > r["vp_b"] else game["player_b"]
    return min((game["player_a"], game["player_b"]), key=seeds.index)
