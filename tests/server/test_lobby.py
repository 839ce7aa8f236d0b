"""The lobby through a real server and socket, on SQLite and PostgreSQL: open
challenges are listed with their free seats, private ones are reached only by
invite code, a match starts the moment it is full, seats can be given up and
challenges withdrawn before the start, and resigning after it ends the match."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from server.rules import registry
from server.store.store import unpack
from tests.kernel_example import SecretBids


class ThreeBids(SecretBids):
    """Secret bids with a third seat, so that a match can have players and still
    be open (the bidding itself only involves seats a and b)."""

    name = "three-bids"
    seats = ("a", "b", "c")


THREE = ThreeBids()


@pytest.fixture(autouse=True)
def systems(monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    monkeypatch.setitem(registry.SYSTEMS, "three-bids", "tests.server.test_lobby:THREE")


@pytest.fixture
async def player(server):
    """A new connection signed in as a guest of the given name."""
    opened: list[Client] = []

    async def sign_in(name: str) -> Client:
        client = await Client.connect(server.url)
        opened.append(client)
        await client.request("guest", name=name)
        return client

    yield sign_in
    for client in opened:
        await client.close()


async def refused(client: Client, kind: str, **fields) -> str:
    with pytest.raises(ServerError) as error:
        await client.request(kind, **fields)
    return error.value.code


async def listed(client: Client, system: str | None = None) -> dict[str, dict]:
    """The open list as match id -> entry."""
    reply = await client.request("list_open", **({"system": system} if system else {}))
    return {entry["match_id"]: entry for entry in reply["matches"]}


async def status(server, match_id: str) -> str:
    return (await server.store.match(match_id))["status"]


async def test_open_matches_are_listed_with_their_free_seats(player):
    """A new challenge is listed for everyone with its system, setup, players and
    free seats; the list can be narrowed to one system."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    sbh = await ann.request("create_match", system="sbh", board_size=24)
    assert (sbh["status"], sbh["seat"], sbh["invite_code"]) == ("open", "a", None)
    bids = await bob.request("create_match", system="secret-bids", seat="b")
    assert bids["seat"] == "b"

    everything = await listed(carol)
    assert set(everything) == {sbh["match_id"], bids["match_id"]}
    entry = everything[sbh["match_id"]]
    assert (entry["system"], entry["players"], entry["open_seats"]) == \
        ("sbh", {"a": "Ann (guest)"}, ["b"])
    assert entry["setup"]["board_size"] == 24
    assert everything[bids["match_id"]]["players"] == {"b": "Bob (guest)"}
    assert everything[bids["match_id"]]["open_seats"] == ["a"]
    assert list(await listed(carol, "sbh")) == [sbh["match_id"]]
    assert list(await listed(carol, "secret-bids")) == [bids["match_id"]]
    assert await listed(carol, "three-bids") == {}


async def test_a_private_match_is_joined_only_with_its_invite_code(server, player):
    """A private match is not listed and cannot be joined by its id; its invite code
    (in any letter case) seats the player."""
    ann, bob = await player("Ann"), await player("Bob")
    created = await ann.request("create_match", system="sbh", private=True)
    code, match_id = created["invite_code"], created["match_id"]
    assert code
    assert await listed(bob) == {}
    assert await refused(bob, "join", match_id=match_id) == "no_such_invite"
    assert await refused(bob, "join", invite_code="NOT-A-CODE") == "no_such_invite"
    assert list(await server.store.seats(match_id)) == ["a"], "nobody was seated"

    joined = await bob.request("join", invite_code=f" {code.lower()} ")
    assert joined == {"match_id": match_id, "seat": "b", "status": "active"}


async def test_list_open_with_an_invite_code_shows_that_match_only(player):
    """`list_open` with an invite code lists the open match of that code, private
    or not, so a joiner sees its setup first; an unknown code, another system or
    a started match lists nothing."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    created = await ann.request("create_match", system="sbh", private=True, board_size=36)
    await ann.request("create_match", system="secret-bids")  # (public: not listed here)
    code = created["invite_code"]
    reply = await bob.request("list_open", invite_code=f" {code.lower()} ")
    [entry] = reply["matches"]
    assert (entry["match_id"], entry["system"], entry["open_seats"]) == \
        (created["match_id"], "sbh", ["b"])
    assert entry["setup"]["board_size"] == 36
    assert (await bob.request("list_open", invite_code="NOTACODE"))["matches"] == []
    assert (await bob.request("list_open", system="secret-bids",
                              invite_code=code))["matches"] == []
    await bob.request("join", invite_code=code)
    assert (await carol.request("list_open", invite_code=code))["matches"] == []


async def test_the_match_starts_when_its_last_seat_is_taken(server, player):
    """Taking the last seat starts the match: the join says so, a player waiting on
    the match is told, it leaves the open list, and nobody else can join it."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    created = await ann.request("create_match", system="sbh")
    match_id = created["match_id"]
    waiting = await ann.request("subscribe", match_id=match_id)
    assert waiting["status"] == "open"

    assert await bob.request("join", match_id=match_id) == {
        "match_id": match_id, "seat": "b", "status": "active"}
    started = await ann.next_push("match_status")
    assert (started["match_id"], started["status"], started["seat"]) == (match_id, "active", "a")
    row = await server.store.match(match_id)
    assert row["status"] == "active" and row["started_at"] >= row["created_at"]
    assert await listed(carol) == {}
    assert await refused(carol, "join", match_id=match_id) == "match_started"
    assert await refused(bob, "join", match_id=match_id) == "match_started"
    assert await refused(bob, "leave", match_id=match_id) == "match_started"
    assert sorted(await server.store.seats(match_id)) == ["a", "b"]


async def test_joining_a_started_private_match_by_invite_is_refused(player):
    """An invite code stops working as a way in once the match has started."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    created = await ann.request("create_match", system="sbh", private=True)
    await bob.request("join", invite_code=created["invite_code"])
    assert await refused(carol, "join", invite_code=created["invite_code"]) == "match_started"


async def test_two_players_racing_for_the_last_seat(server, player):
    """Two joins for the last seat at once: exactly one gets it, the other is told the
    match has started."""
    ann = await player("Ann")
    match_id = (await ann.request("create_match", system="sbh"))["match_id"]
    bob, carol = await player("Bob"), await player("Carol")
    outcomes = await asyncio.gather(bob.request("join", match_id=match_id),
                                    carol.request("join", match_id=match_id),
                                    return_exceptions=True)
    winners = [o for o in outcomes if isinstance(o, dict)]
    losers = [o.code for o in outcomes if isinstance(o, ServerError)]
    assert len(winners) == 1 and winners[0]["status"] == "active"
    assert losers == ["match_started"]
    assert len(await server.store.seats(match_id)) == 2


async def test_leaving_before_the_start_frees_the_seat(server, player):
    """A player who leaves an open match gives the seat back: it is listed as free
    again and someone else can take it."""
    ann, bob, carol, dave = [await player(n) for n in ("Ann", "Bob", "Carol", "Dave")]
    match_id = (await ann.request("create_match", system="three-bids"))["match_id"]
    assert await bob.request("join", match_id=match_id, seat="b") == {
        "match_id": match_id, "seat": "b", "status": "open"}
    assert (await listed(carol))[match_id]["open_seats"] == ["c"]

    assert await bob.request("leave", match_id=match_id) == {"match_id": match_id,
                                                             "status": "open"}
    entry = (await listed(carol))[match_id]
    assert (entry["players"], entry["open_seats"]) == ({"a": "Ann (guest)"}, ["b", "c"])
    assert await refused(bob, "leave", match_id=match_id) == "not_in_match"

    assert (await carol.request("join", match_id=match_id, seat="b"))["status"] == "open"
    assert (await bob.request("join", match_id=match_id))["seat"] == "c"
    assert await status(server, match_id) == "active"
    assert await refused(dave, "join", match_id=match_id) == "match_started"


async def test_the_creator_can_withdraw_a_challenge(server, player):
    """Only the creator can abort an open match; it is then gone from the list and
    cannot be joined; whoever waited for it to start is told. A creator leaving
    their own match withdraws it too."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    match_id = (await ann.request("create_match", system="three-bids"))["match_id"]
    await bob.request("join", match_id=match_id)
    await bob.request("subscribe", match_id=match_id)  # waits for the start...
    assert await refused(bob, "abort", match_id=match_id) == "not_creator"
    assert await status(server, match_id) == "open"

    assert await ann.request("abort", match_id=match_id) == {"match_id": match_id,
                                                             "status": "aborted"}
    assert await bob.next_push("match_status") == {"v": 1, "type": "match_status",
                                                   "match_id": match_id, "status": "aborted"}
    assert await status(server, match_id) == "aborted"
    assert await listed(carol) == {}
    assert await refused(carol, "join", match_id=match_id) == "match_finished"
    assert await refused(ann, "abort", match_id=match_id) == "match_finished"

    other = (await ann.request("create_match", system="sbh"))["match_id"]
    assert await ann.request("leave", match_id=other) == {"match_id": other,
                                                          "status": "aborted"}
    assert await listed(carol) == {}


async def test_resigning_ends_the_match_with_the_other_seat_winning(server, player):
    """A resignation after the start finishes the match: both players are told the
    other seat won (and the seed is revealed), the result is recorded and listed
    among replays, and the match takes no more commands or joins."""
    ann, bob, carol = await player("Ann"), await player("Bob"), await player("Carol")
    match_id = (await ann.request("create_match", system="sbh"))["match_id"]
    assert await refused(ann, "resign", match_id=match_id) == "match_not_started"
    await bob.request("join", match_id=match_id)
    for client in (ann, bob):
        await client.request("subscribe", match_id=match_id)

    resigned = await ann.request("resign", match_id=match_id)
    assert resigned["match_id"] == match_id and resigned["last_seq"] >= resigned["first_seq"]
    for client in (ann, bob):
        over = await client.next_push("match_over")
        assert over["result"]["winner"] == "b"
        assert "conceded" in over["result"]["reason"]
        assert len(bytes.fromhex(over["seed"])) > 0

    row = await server.store.match(match_id)
    assert row["status"] == "finished" and row["finished_at"] >= row["started_at"]
    assert unpack(row["result"])["winner"] == "b"
    replays = (await carol.request("list_replays"))["replays"]  # (guests: no player filter)
    assert [(r["match_id"], r["result"]["winner"]) for r in replays] == [(match_id, "b")]
    assert await refused(bob, "command", match_id=match_id, command="concede") \
        == "match_finished"
    assert await refused(bob, "resign", match_id=match_id) == "match_finished"
    assert await refused(carol, "join", match_id=match_id) == "match_finished"


async def test_matches_being_played_are_listed_for_spectators(server, player):
    """Spectate any live match: list_live shows the started, listed matches with
    their players and how far they are; private ones stay unlisted."""
    ann, bob, eve = await player("Ann"), await player("Bob"), await player("Eve")
    public = (await ann.request("create_match", system="secret-bids"))["match_id"]
    await bob.request("join", match_id=public)
    hidden = await ann.request("create_match", system="secret-bids", private=True)
    await bob.request("join", invite_code=hidden["invite_code"])
    await ann.request("create_match", system="secret-bids")  # open: not live
    await ann.request("command", match_id=public, command="bid", args={"amount": 1})
    live = (await eve.request("list_live"))["matches"]
    assert [m["match_id"] for m in live] == [public]
    assert live[0]["players"] == {"a": "Ann (guest)", "b": "Bob (guest)"}
    assert live[0]["seq"] == 1
    assert (await eve.request("list_live", system="sbh"))["matches"] == []


async def test_list_mine_shows_status_players_result_and_who_must_act(server, player):
    """Your matches: every status, private ones too, newest first, with who the
    match waits for now and, once over, its result; nobody else's."""
    ann, bob, eve = await player("Ann"), await player("Bob"), await player("Eve")
    finished = (await ann.request("create_match", system="secret-bids"))["match_id"]
    await bob.request("join", match_id=finished)
    await bob.request("resign", match_id=finished)
    active = (await ann.request("create_match", system="secret-bids", private=True))
    await bob.request("join", invite_code=active["invite_code"])
    await ann.request("command", match_id=active["match_id"], command="bid",
                      args={"amount": 1})
    waiting = (await ann.request("create_match", system="secret-bids"))["match_id"]
    await eve.request("create_match", system="secret-bids")  # not Ann's
    mine = (await ann.request("list_mine"))["matches"]
    assert [m["match_id"] for m in mine] == [waiting, active["match_id"], finished]
    open_, playing, over = mine
    assert open_["status"] == "open" and open_["players"] == {"a": "Ann (guest)"}
    assert open_["waiting"] is None and open_["result"] is None
    assert playing["status"] == "active" and playing["seat"] == "a"
    assert playing["players"] == {"a": "Ann (guest)", "b": "Bob (guest)"}
    assert playing["waiting"] == ["b"]  # Ann has bid: the match waits for Bob
    assert playing["invite_code"] is None
    assert over["status"] == "finished" and over["result"]["winner"] == "a"
    assert over["finished_at"] is not None and over["waiting"] is None
    assert [m["match_id"] for m in (await bob.request("list_mine"))["matches"]] == [
        active["match_id"], finished]
    assert (await ann.request("list_mine", system="sbh"))["matches"] == []
    assert len((await ann.request("list_mine", limit=1))["matches"]) == 1
