"""Fixtures for the terminal client's tests: a real server in this process
(port 0, SQLite in tmp_path) whose match dice are seeded, and an opponent that
plays from its prompts through a `Session`."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from clients.client import ServerError
from clients.session import MatchStream, Session
from server.app import ServerOptions, WarbandServer
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from tests.sbh.test_games import WARBANDS

# A small table and no turn limit: contact comes within a few activations.
SETUP = {"board_size": 12, "scenario": "all_out_battle", "points_limit": 400}


@pytest.fixture
async def server(tmp_path, monkeypatch):
    # Seeded dice (instead of a secret random seed), so a run can be repeated.
    monkeypatch.setattr("server.lobby.new_seed", lambda: b"tui-tests-dice-seed-000000000000")
    instance = WarbandServer(ServerOptions(port=0,
                                           database_url=f"sqlite+aiosqlite:///{tmp_path}/t.db",
                                           static_dir=tmp_path / "static"))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.stop()


async def play_randomly(session: Session, stream: MatchStream, seed: int) -> dict:
    """Act on every prompt of the stream's seat with a random legal command
    (seeded) until the match is over; returns the match_over push."""
    rng = random.Random(seed)
    while True:
        push = await stream.next("prompt", "match_over")
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not stream.pushes.empty():
            continue  # not ours, or a newer prompt is already queued
        seat = push["decision"]["seat"]
        prompt = Prompt((Decision.from_wire(push["decision"]),))
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        with contextlib.suppress(ServerError):  # stale: the other seat moved first
            await session.command(stream.match_id, command.type, dict(command.args),
                                  at_seq=push["seq"])


@contextlib.asynccontextmanager
async def opponent(url: str, name: str, seed: int, *, create: bool = True,
                   match_id: str | None = None, invite_code: str | None = None,
                   setup: dict | None = None):
    """A Python client that creates (or joins) a match and plays it randomly in
    the background; yields (session, match_id)."""
    session = await Session.open(url)
    task = None
    try:
        await session.guest(name)
        if create:
            match_id = (await session.create_match("sbh", **(setup or SETUP)))["match_id"]
        else:
            match_id = (await session.join(match_id, invite_code=invite_code))["match_id"]
        stream = await session.watch(match_id)
        task = asyncio.create_task(play_randomly(session, stream, seed))
        yield session, match_id, task
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await session.close()
