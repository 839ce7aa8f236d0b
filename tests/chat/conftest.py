"""Fixtures for the chat tests: a server on SQLite or PostgreSQL (the database_url
fixture of tests/server), with the chat settings a test asks for, and signed-in
clients."""

from __future__ import annotations

import contextlib

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.chat.limits import ChatSettings
from tests.server.conftest import database_url  # noqa: F401 - a fixture, parametrized

PASSWORD = "correct horse"


@pytest.fixture
async def start_server(database_url, tmp_path):  # noqa: F811
    """start_server(chat=ChatSettings(...)) -> a running server on this test's database;
    call it again after stopping one for a restart on the same database."""
    started: list[WarbandServer] = []

    async def start(chat: ChatSettings | None = None) -> WarbandServer:
        instance = WarbandServer(ServerOptions(
            port=0, database_url=database_url, static_dir=tmp_path / "static",
            chat=chat if chat is not None else ChatSettings(filtered_words=("darn",))))
        await instance.start()
        started.append(instance)
        return instance

    yield start
    for instance in started:
        with contextlib.suppress(Exception):
            await instance.stop()


@pytest.fixture
async def server(start_server):
    return await start_server()


@pytest.fixture
async def clients():
    """Connects clients and closes them at the end of the test."""
    made: list[Client] = []

    async def connect(server, name: str, *, guest: bool = False,
                      login: bool = False) -> Client:
        client = await Client.connect(server.url)
        made.append(client)
        if guest:
            client.me = await client.request("guest", name=name)
        else:
            kind = "login" if login else "register"
            client.me = await client.request(kind, username=name, password=PASSWORD)
        return client

    yield connect
    for client in made:
        with contextlib.suppress(Exception):
            await client.close()


async def started_match(ann: Client, bob: Client) -> str:
    """A match Ann created and Bob joined: being played."""
    created = await ann.request("create_match", system="sbh")
    await bob.request("join", match_id=created["match_id"])
    return created["match_id"]


async def chat_pushes(client: Client, wait: float = 0.3) -> list[dict]:
    """Every chat push the client has received so far (waiting `wait` s for more)."""
    found = []
    with contextlib.suppress(TimeoutError):
        while True:
            found.append(await client.next_push("chat_message", "chat_hidden", timeout=wait))
    return found
