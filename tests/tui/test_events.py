"""Events in plain words, made from their data."""

from __future__ import annotations

from clients.tui.events import (
    figure_names,
    format_event,
    names_from_lists,
    ratings_words,
    replay_words,
    result_words,
)

NAMES = {"a3": "Orc Warrior a3", "b2": "Elf Archer b2", "b5": "Goblin b5"}


def event(kind: str, **data) -> dict:
    return {"type": kind, "v": 1, "data": data}


def test_melee_names_both_sides_the_dice_and_the_outcome():
    line = format_event(event("melee", attacker="a3", defender="b2", dice=[5, 2],
                              totals=[8, 5], modifiers=[[], []], free_hack=False, power=False,
                              loser="defender", result="recoil", cost=1), NAMES)
    assert line == "Orc Warrior a3 attacks Elf Archer b2 (5+3 vs 2+3): Elf Archer b2 recoils"
    line = format_event(event("melee", attacker="a3", defender="b2", dice=[1, 6],
                              totals=[0, 9], free_hack=True, power=True, loser="attacker",
                              result="gruesome"), NAMES)
    assert line == ("Free hack power blow: Orc Warrior a3 attacks Elf Archer b2 (1-1 vs 6+3): "
                    "Orc Warrior a3 is killed gruesomely")
    tie = format_event(event("melee", attacker="a3", defender="b2", dice=[3, 3],
                             totals=[6, 6], loser=None, result="none"), NAMES)
    assert tie.endswith("(3+3 vs 3+3): no effect")


def test_shots_activations_moves_and_turns():
    assert format_event(event("shot", shooter="b2", target="a3", dice=[6, 1], totals=[9, 4],
                              aimed=True, loser="defender", result="fall"), NAMES) == \
        "Aimed: Elf Archer b2 shoots at Orc Warrior a3 (6+3 vs 1+3): Orc Warrior a3 is " \
        "knocked down"
    assert format_event(event("activated", figure="a3", casting=False, dice=[5, 1, 1],
                              automatic=0, target=4, successes=1, failures=2), NAMES) == \
        "Orc Warrior a3 activates: rolls 5, 1, 1 needing 4+: 1 success, 2 failures -> " \
        "1 action; turnover after this figure"
    assert format_event(event("activated", figure="a3", casting=False, dice=[3], automatic=0,
                              target=3, successes=1, failures=0,
                              modifiers=[["Leader", 1]]), NAMES).startswith(
        "Orc Warrior a3 activates: rolls 3 needing 3+ (+1 Leader): 1 success")
    assert format_event(event("moved", figure="b5", to=[3, 4], cost=2, contact=True),
                        NAMES) == "Goblin b5 moves to [3, 4] (2 actions), into contact"
    assert format_event(event("turn_passed", to="b", turn=3, reason="turnover"), NAMES,
                        me="b") == "Turn 3: b (you) to act (turnover)"
    assert format_event(event("activation_ended", figure="a3", turnover=True), NAMES) == \
        "Orc Warrior a3 ends its activation - turnover!"


def test_set_up_events_and_the_end():
    assert format_event(event("roles_rolled", rolls=[[3, 3], [2, 5]], winner="b"), {}, "a") \
        == "Roll-off for roles: a 3 vs b 3, then a 2 vs b 5; b chooses attacker or defender"
    assert format_event(event("terrain_laid", seat="a", generated=True, edges=[],
                              terrain=[[0, 0, "woods"], [1, 0, "woods"], [2, 2, "hill"]]),
                        {}) == "a lays out the terrain (generated from the match dice): " \
                               "1 hill, 2 woods hexes"
    assert format_event(event("list_submitted", seat="b", commitment="ab12"), {}) == \
        "b submitted a warband list (secret until both are in)"
    assert format_event(event("scenario_rolled", dice=[5], scenario="on_difficult_ground"),
                        {}) == "Scenario rolled: 5, on difficult ground"
    assert format_event(event("stray_shot_rolled", shooter="a1", target="b1", dice=[2],
                              hits="a2"), {"a1": "Archer", "b1": "Elf", "a2": "Orc"}) == \
        "Archer shoots into the melee around Elf: rolled 2 - the shot strays into Orc"
    assert format_event(event("game_ended", winner="a", reason="b has no figures left",
                              victory_points={"a": 6, "b": 2}), {}) == \
        "Game over: a wins (b has no figures left); victory points a 6, b 2"
    assert result_words({"winner": "a", "scores": {"a": 0, "b": 0}, "reason": "b conceded"},
                        "a") == "The match is over: You win, b conceded. Scores: a 0, b 0"


def test_the_result_says_who_by_name_and_how_and_where_to_replay_it():
    players = {"a": "Ann (guest)", "b": "bob"}
    result = {"winner": "a", "scores": {"a": 3, "b": 1}, "reason": "b conceded"}
    assert result_words(result, None, players) == \
        "The match is over: Ann (guest) wins (seat a), bob conceded. Scores: a 3, b 1"
    assert result_words(result, "b", players).startswith(
        "The match is over: Ann (guest) wins (seat a), you conceded.")
    assert result_words({"winner": None, "scores": {"a": 0, "b": 0},
                         "reason": "turn limit 2 reached"}, None, players) == \
        "The match is over: A draw, turn limit 2 reached. Scores: a 0, b 0"
    assert result_words({"winner": None}) == "The match is over."
    assert ratings_words(None, players) == ""
    assert ratings_words({"a": {"before": 1500, "change": 162, "rating": 1662, "rd": 290,
                                "games": 1, "provisional": True},
                          "b": {"before": 1400, "change": -12, "rating": 1388, "rd": 60,
                                "games": 30, "provisional": False}}, players) == \
        "Ratings: Ann (guest) 1500 -> 1662 (+162, provisional); bob 1400 -> 1388 (-12)"
    assert replay_words("wss://example.org/ws", "33e5") == (
        "To replay it: open https://example.org/#/replay/33e5 in a browser, or run: "
        "warband replay export 33e5")
    assert "open http://127.0.0.1:8000/#/replay/ab " in replay_words("ws://127.0.0.1:8000/ws",
                                                                     "ab")


def test_unknown_events_placeholders_and_bookkeeping():
    assert format_event(event("standard_destroyed", bearer="b5", by="a3", cost=1), NAMES) == \
        "Standard destroyed: bearer Goblin b5, by Orc Warrior a3, cost 1"
    assert format_event(None, NAMES) == "(a secret event)"
    assert format_event(event("pending_pushed", item={}), NAMES) is None
    odd = format_event(event("melee", attacker="a3"), NAMES)  # a payload of another shape
    assert odd == "Melee: attacker Orc Warrior a3"


def test_names_come_from_views_and_from_revealed_lists():
    assert figure_names([{"id": "a1", "name": "Wood Elf Archer (Shortsword, Longbow)"}]) == \
        {"a1": "Wood Elf Archer a1"}
    lists = {"a": {"name": "Orcs", "models": [{"name": "Orc Boss"}, {"name": "Orc (Spear)"}]},
             "b": {"name": "Elves", "models": [{"name": "Elf"}]}}
    assert names_from_lists(lists) == {"a1": "Orc Boss a1", "a2": "Orc a2", "b1": "Elf b1"}


def test_the_special_rules_added_late_have_their_own_words():
    assert format_event(event("strength_spent", figure="a3", points=2, left=1), NAMES) == \
        "Orc Warrior a3 spends 2 Strength points of the belt (1 left)"
    assert format_event(event("resurrected", figure="b5", by="a3", at=[4, 4], cost=2),
                        NAMES) == "Orc Warrior a3 raises Goblin b5 from the dead as Undead"
    assert format_event(event("turned_were", figure="b2", form="Giant Wolf", quality=3,
                              combat=3, rules=[]), NAMES).endswith("were form: Giant Wolf")
    assert "mutates" in format_event(event("mutated", figure="a3"), NAMES)
    assert "cannot reach Goblin b5" in format_event(
        event("volley_spell_short", figure="a3", target="b5", power=1), NAMES)
    assert "casting from the scroll" in format_event(
        event("activated", figure="a3", scroll=True, casting=True, dice=[3, 5], automatic=0,
              target=2, successes=1, failures=0, spell_only=1), NAMES)


def test_a_takeback_in_words():
    line = format_event(event("takeback", to_seq=36, by="a", accepted_by="b"), NAMES, me="b")
    assert line == ("Takeback: a takes back to step 36, as b (you) agreed; play goes on from "
                    "there")
