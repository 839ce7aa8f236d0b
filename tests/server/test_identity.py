"""Who a name stands for, through a real server and socket on SQLite and
PostgreSQL: a username is one account whatever its case and look-alike
characters (also when registered at once), login finds it by any of them, the
house bot's and the server's names are nobody's, and a guest is marked as one
wherever a name is shown, so that it never passes for the registered player of
that name."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from clients.client import Client, ServerError
from server.store.schema import accounts
from tests.server.test_accounts import refused

PASSWORD = "correct horse"


@pytest.fixture
async def connect(server):
    opened: list[Client] = []

    async def new_connection() -> Client:
        opened.append(await Client.connect(server.url))
        return opened[-1]

    yield new_connection
    for client in opened:
        await client.close()




async def usernames(server) -> list[str]:
    async with server.store.engine.connect() as conn:
        return sorted((await conn.execute(select(accounts.c.username)
                                          .where(accounts.c.username.is_not(None)))).scalars())


# -- one name, one account -----------------------------------------------------------------
@pytest.mark.parametrize(("first", "second"), [
    ("bob", "Bob"), ("bob", "BOB"), ("Bob", "b0b"), ("bill", "Bi11"), ("lily", "IiIy"),
    ("ann-lee", "ann_lee"), ("Ann_Lee", "ANN-LEE")])
async def test_a_username_differing_only_in_case_or_look_alikes_is_taken(server, connect,
                                                                        first, second):
    client = await connect()
    await client.request("register", username=first, password=PASSWORD)
    taken = await refused(await connect(), "register", username=second, password=PASSWORD)
    assert taken.code == "username_taken"
    assert "case" in taken.message
    assert await usernames(server) == [first]


async def test_case_variants_registered_at_once_make_exactly_one_account(server, connect):
    """The database's unique key decides between registrations that arrive together,
    not a check made before writing."""
    spellings = ["zed", "Zed", "ZED", "zEd", "ZeD", "zeD"]
    clients = [await connect() for _ in spellings]

    async def register(client: Client, username: str):
        try:
            return await client.request("register", username=username, password=PASSWORD)
        except ServerError as error:
            return error.code

    outcomes = await asyncio.gather(*(register(c, u) for c, u in
                                      zip(clients, spellings, strict=True)))
    sessions = [o for o in outcomes if isinstance(o, dict)]
    assert len(sessions) == 1
    assert sorted(o for o in outcomes if isinstance(o, str)) == ["username_taken"] * 5
    assert await usernames(server) == [sessions[0]["username"]]


async def test_login_finds_the_account_by_any_spelling_and_keeps_its_own(connect):
    """Logging in as "BOB" or "b0b" logs in Bob, who is still shown as he registered;
    failures under any spelling count against that one account."""
    registered = await (await connect()).request("register", username="Bob",
                                                 password=PASSWORD)
    for spelling in ("bob", "BOB", "b0b", "Bob"):
        session = await (await connect()).request("login", username=spelling,
                                                  password=PASSWORD)
        assert (session["account_id"], session["name"], session["username"]) == \
            (registered["account_id"], "Bob", "Bob")
    guesser = await connect()
    for spelling in ("bob", "BOB", "b0b", "B0B", "bOb"):
        assert (await refused(guesser, "login", username=spelling,
                              password="wrong guess")).code == "auth_failed"
    assert (await refused(guesser, "login", username="Bob", password=PASSWORD)).code \
        == "login_locked"


# -- names nobody may take -----------------------------------------------------------------
@pytest.mark.parametrize("username", [
    "housebot", "House_bot", "HOUSE-B0T", "housebot_heuristic", "admin", "Adm1n",
    "administrator", "warband", "Warband_Team", "system", "server", "moderator", "mod"])
async def test_reserved_usernames_are_refused(server, connect, username):
    error = await refused(await connect(), "register", username=username, password=PASSWORD)
    assert (error.code, error.retryable) == ("reserved_name", False)
    assert await usernames(server) == []


@pytest.mark.parametrize("name", [
    "House bot (heuristic)", "House bot (random)", "house bot", "HOUSE BOT",
    "House b0t (heuristic)", "House\u200bbot", "  Admin  ", "Warband staff"])
async def test_guests_cannot_take_a_reserved_name(connect, name):
    """A guest asking for a reserved name is refused (not renamed): the player
    chose it and is told why, and picks another."""
    client = await connect()
    assert (await refused(client, "guest", name=name)).code == "reserved_name"
    assert (await refused(client, "list_open")).code == "not_authenticated"


async def test_a_guest_name_is_made_plain(connect):
    """Control and format characters (which could turn the guest mark round or hide
    it) are dropped, spaces collapsed, the rest kept and cut to 32 characters."""
    client = await connect()
    assert (await client.request("guest", name=" Ann\u202e\u200b\tLee\n"))["name"] == "Ann Lee"
    assert (await client.request("guest", name="ｂｏｂ"))["name"] == "bob"  # (NFKC)
    assert (await client.request("guest", name="x" * 40))["name"] == "x" * 32
    assert (await client.request("guest", name="\u202e\u200b"))["name"].startswith("Guest-")


# -- guests marked wherever a name is shown --------------------------------------------------
async def test_a_guest_called_bob_is_never_shown_as_the_registered_bob(connect):
    """In the open list, the live list, the subscribe reply, the replay list and the
    replay itself a guest's name carries the guest mark and the registered account's
    does not; list_replays' player filter finds the registered account only."""
    bob = await connect()
    await bob.request("register", username="bob", password=PASSWORD)
    fake = await connect()
    await fake.request("guest", name="bob")
    eve = await connect()
    await eve.request("guest", name="Eve")

    match_id = (await fake.request("create_match", system="sbh"))["match_id"]
    [listed] = (await eve.request("list_open"))["matches"]
    assert listed["players"] == {"a": "bob (guest)"}
    await bob.request("join", match_id=match_id)
    both = {"a": "bob (guest)", "b": "bob"}
    [live] = (await eve.request("list_live"))["matches"]
    assert live["players"] == both
    assert (await eve.request("subscribe", match_id=match_id, spectate=True))["players"] \
        == both
    await fake.request("resign", match_id=match_id)
    await eve.next_push("match_over")

    guests_only = (await eve.request("create_match", system="sbh"))["match_id"]
    await fake.request("join", match_id=guests_only)
    await eve.request("resign", match_id=guests_only)

    [replay] = (await eve.request("list_replays", player="bob"))["replays"]
    assert (replay["match_id"], replay["players"]) == (match_id, both)
    assert [r["match_id"] for r in (await eve.request("list_replays", player="BOB"))["replays"]] \
        == [match_id]
    assert (await eve.request("list_replays", player="bob (guest)"))["replays"] == []
    assert (await eve.request("list_replays", player="Eve"))["replays"] == []
    assert (await eve.request("get_replay", match_id=match_id))["players"] == both
    assert (await eve.request("get_replay", match_id=guests_only))["players"] == \
        {"a": "Eve (guest)", "b": "bob (guest)"}


async def test_the_house_bot_is_named_by_the_server_alone(connect):
    """The bot's seat shows the house bot's name; a guest in the other seat is marked."""
    ann = await connect()
    await ann.request("guest", name="Ann")
    match_id = (await ann.request("create_match", system="sbh", opponent="bot:random",
                                  options={"turn_limit": 4}))["match_id"]
    [live] = (await ann.request("list_live"))["matches"]
    assert (live["match_id"], live["players"]) == \
        (match_id, {"a": "Ann (guest)", "b": "House bot (random)"})
