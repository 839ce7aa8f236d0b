"""`catalog` and `check_list`: clients build warband lists from the server's
roster catalog and its verdicts (never pricing a model themselves), then commit
the list through the match's secret-list flow (seed 000, SELECTING FIGURES;
BUILDING A WARBAND)."""

from __future__ import annotations

import pytest

from clients.client import Client, ServerError
from clients.session import Session
from server.rules.sbh.builder import normalize
from server.rules.sbh.catalog import load

CUSTOM = {"name": "Troll hunters", "models": [
    {"profile": "Orc Boss/Subcommander"},
    *[{"profile": "Orc Warrior (Shield And Sword Or Spear)"}] * 3,
    {"profile": "Troll"}]}


async def guest(server, name: str) -> Session:
    session = await Session.open(server.url)
    await session.guest(name)
    return session


async def test_the_catalog_prices_every_profile_and_says_which_presets_fit(server):
    async with await guest(server, "Ann") as ann:
        catalog = await ann.catalog("sbh", {"points_limit": 200})
    assert catalog["system"] == "sbh" and catalog["points_limit"] == 200
    assert len(catalog["profiles"]) == len(load().profiles)
    assert catalog["rosters"][:2] == ["Undead", "Humans"]  # in book order
    troll = next(p for p in catalog["profiles"] if p["name"] == "Troll")
    priced, _ = normalize({"models": [{"profile": "Troll"}]})
    assert troll["points"] == priced["models"][0]["points"] == 41
    assert troll["personality"] is True and "Tough" in troll["rules"]
    fits = {p["name"]: not p["problems"] for p in catalog["presets"]}
    assert fits["Human Patrol"] and fits["Orc Patrol"]  # 190 and 181 points
    goblins = next(p for p in catalog["presets"] if p["name"] == "Goblins")
    assert goblins["points"] == 298 and not fits["Goblins"]
    assert [v["code"] for v in goblins["problems"]] == ["over_points_limit",
                                                        "too_many_personalities"]


async def test_check_list_prices_each_model_and_names_every_violation(server):
    async with await guest(server, "Ann") as ann:
        fine = await ann.check_list(CUSTOM, {"points_limit": 400})
        tight = await ann.check_list(CUSTOM, {"points_limit": 200})
        typo = await ann.check_list({"name": "x", "models": [{"profile": "Trol"}]})
    assert fine["valid"] and fine["problems"] == [] and fine["points_limit"] == 400
    assert [m["points"] for m in fine["models"]] == [60, 23, 23, 23, 41]
    assert fine["total"] == 170 and fine["personality_points"] == 101
    assert not tight["valid"] and tight["total"] == 170
    assert [(p["code"], p["model"]) for p in tight["problems"]] == [
        ("too_many_personalities", None)]
    assert "at most one third of 200 (66)" in tight["problems"][0]["message"]
    assert tight["problems"][0]["passage"] == "seed 000, BUILDING A WARBAND"
    assert typo["problems"][0]["code"] == "unknown_profile"
    assert "Did you mean: Troll?" in typo["problems"][0]["message"]
    assert typo["models"] == [{"name": "Trol", "points": None, "personality": None}]


async def test_the_catalog_lists_the_scenarios_a_match_may_be_created_with(server):
    """Clients offer the server's scenarios, never a copy of their own: seed 000,
    SCENARIOS (SBH's six and the random roll); seed 004's scenario files (ASOIAF:
    each with its warband size and rounds); seed 003, BASIC SCENARIO and TERRAIN
    (S&S: its scenario and the table layouts, the default first)."""
    async with await guest(server, "Ann") as ann:
        sbh = await ann.catalog("sbh", {})
        asoiaf = await ann.catalog("asoiaf", {})
        sns = await ann.catalog("sns", {})
    assert [s["key"] for s in sbh["scenarios"]] == [
        "all_out_battle", "ambush", "treasure_hunt", "place_of_power", "on_difficult_ground",
        "quest_for_a_magic_item", "random"]
    assert sbh["scenarios"][0]["name"] == "All-Out Battle"
    assert [s["key"] for s in asoiaf["scenarios"]] == [
        "learn_to_play", "village_skirmish", "river_ford", "kingsroad_battle"]
    assert asoiaf["scenarios"][3] == {
        "key": "kingsroad_battle", "name": "Battle on the Kingsroad", "size": "4-8-24",
        "size_name": "large", "coins": {"gold": 4, "silver": 8, "copper": 24}, "rounds": 5}
    assert sns["system"] == "sns"
    assert sns["scenarios"] == [{"key": "basic", "name": "Basic scenario", "gold": 500}]
    assert sns["layouts"][0] == {"key": "wood_and_boulder",
                                 "name": "A wood and a boulder (the default table)"}
    assert {"open", "river_crossing", "walled_farm"} <= {x["key"] for x in sns["layouts"]}
    # the ready-made armies (data/armies.toml): the lobby's choices, the seats' defaults
    assert sns["default_armies"] == {"a": "medieval-men", "b": "orcs"}
    armies = {a["key"]: a for a in sns["armies"]}
    assert armies["orc-skirmish"] == {"key": "orc-skirmish", "name": "Orcs", "figures": 3,
                                      "units": ["Orc Warboss", "Orc", "Orc Bolter"]}
    assert armies["medieval-men"]["figures"] == 10


@pytest.mark.parametrize("request_, code, said", [
    ({"type": "check_list", "list": {}, "options": {"points_limit": "lots"}},
     "invalid_setup", "points_limit must be a whole number"),
    ({"type": "catalog", "system": "chess"}, "unknown_system", "No rules system named"),
])
async def test_bad_settings_and_unknown_systems_are_refused_with_a_reason(server, request_,
                                                                          code, said):
    client = await Client.connect(server.url)
    try:
        with pytest.raises(ServerError) as anonymous:
            await client.request("catalog")
        assert anonymous.value.code == "not_authenticated"
        await client.request("guest", name="Ann")
        fields = {k: v for k, v in request_.items() if k != "type"}
        with pytest.raises(ServerError) as refused:
            await client.request(request_["type"], **fields)
        assert refused.value.code == code and said in refused.value.message
    finally:
        await client.close()


async def test_a_list_built_from_the_catalog_is_committed_secretly_and_revealed(server):
    """The list the checker accepted goes through submit_list (its commitment
    public, its contents secret until both are in); one it refused is refused by
    the match with the same reasons."""
    async with await guest(server, "Ann") as ann, await guest(server, "Bob") as bob:
        match = await ann.create_match("sbh", points_limit=200, board_size=24)
        await bob.join(match["match_id"])
        ann_stream = await ann.watch(match["match_id"])
        bob_stream = await bob.watch(match["match_id"])
        await ann_stream.next("prompt")
        too_costly = {**CUSTOM, "models": [*CUSTOM["models"], {"profile": "Troll"}]}
        verdict = await ann.check_list(too_costly, {"points_limit": 200})
        with pytest.raises(ServerError) as refused:
            await ann.command(match["match_id"], "submit_list",
                              {"list": too_costly, "salt": "s1"}, at_seq=0)
        assert refused.value.code == "illegal_command"
        assert refused.value.details["problems"] == verdict["problems"]
        lean = {**CUSTOM, "models": CUSTOM["models"][1:]}  # no Personality over a third
        assert (await ann.check_list(lean, {"points_limit": 200}))["valid"]
        await ann.command(match["match_id"], "submit_list", {"list": lean, "salt": "s2"},
                          at_seq=0)
        seen_by_bob = (await bob_stream.next("event"))["event"]
        assert seen_by_bob["data"] == {"seat": "a", "commitment": seen_by_bob["data"][
            "commitment"]}, "the other seat sees only the commitment"
        patrol = next(p for p in (await bob.catalog("sbh", {"points_limit": 200}))["presets"]
                      if p["name"] == "Orc Patrol")
        await bob.command(match["match_id"], "submit_list", {
            "list": {"name": patrol["name"], "models": [{"profile": m}
                                                        for m in patrol["models"]]},
            "salt": "s3"}, at_seq=1)
        while (push := await ann_stream.next("event"))["event"]["type"] != "lists_revealed":
            pass
    revealed = push["event"]["data"]["lists"]["a"]
    assert revealed["name"] == "Troll hunters"
    assert [m["name"] for m in revealed["models"]] == [
        "Orc Warrior (Shield And Sword Or Spear)"] * 3 + ["Troll"]
    assert sum(m["points"] for m in revealed["models"]) == 110


async def test_an_sns_army_checked_then_created_is_the_matchs(server):
    """seed 003, BASIC SCENARIO and UNIT COSTS: check_list prices each figure of an
    S&S army (a sample unit with its printed choice, a unit of one's own) against
    the scenario's 500 gold; the army it accepts sets up the match; one it refuses
    is refused by create_match with the same first reason."""
    own = {"name": "Shield maiden", "kit": ["Infantry", "Shield", "Sword"]}
    army = {"name": "Hold", "units": [{"unit": "Dwarf Clanlord"},
                                      {"unit": "Dwarf", "choices": ["Axe"]}, own]}
    leaderless = {"name": "Leaderless", "units": [own]}
    async with await guest(server, "Ann") as ann:
        catalog = await ann.catalog("sns", {})
        verdict = await ann.check_list(army, {}, system="sns")
        refused_verdict = await ann.check_list(leaderless, {}, system="sns")
        created = await ann.create_match("sns", options={"armies": {
            "a": army, "b": {"name": "Orcs", "units": [{"unit": "Orc Warboss"}]}}})
        with pytest.raises(ServerError) as refused:
            await ann.create_match("sns", options={"armies": {"a": leaderless, "b": army}})
    assert next(s for s in catalog["samples"] if s["name"] == "Dwarf")["choices"] == [
        ["Hammer", "Axe"]]
    assert verdict["valid"] and verdict["system"] == "sns"
    assert [m["cost"] for m in verdict["models"]] == [14, 11, 7]
    assert (verdict["gold"], verdict["total"], verdict["left"]) == (500, 32, 468)
    assert [p["code"] for p in refused_verdict["problems"]] == ["no_commander"]
    assert refused.value.code == "invalid_setup"
    assert refused_verdict["problems"][0]["message"] in refused.value.message
    assert created["match_id"]
