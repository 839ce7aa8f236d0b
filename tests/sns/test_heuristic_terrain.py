"""The house bot's table-changing spells and Teleport (server/rules/sns/
heuristic_terrain.py), chosen from the wire prompt and the view as a client
has them (clients/bots/sns.py HeuristicBot): seed 003, SPELLS. Each place it
sends is one the server takes (the prompt's check, then the rules' decide)."""

from collections import Counter
from dataclasses import replace

import pytest

from clients.bots.sns import HeuristicBot, RandomBot
from server.rules.board.measured_areas import terrain_change_corners
from server.rules.board.measured_segments import Polygon
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer, check_prompt
from server.rules.runner import apply_command
from server.rules.sns.army.ready import army_list
from server.rules.sns.spells import SPELLS
from server.rules.sns.system import SYSTEM
from tests.sns.table import events_of, run, table

TABLE_SPELLS = ("Stone Wall", "Fire Wall", "Alter Terrain", "Stone to Mud", "Teleport")


def _bot_turn(state, seat: str = "a"):
    """The heuristic bot's command for the wire decision and the seat's view,
    checked as the server checks it, and the events it makes."""
    prompt = SYSTEM.prompt(state)
    decision = prompt.for_seat(seat)
    kind, args = HeuristicBot(1).choose(decision.to_wire(), SYSTEM.view(state, Viewer(seat)))
    command = Command(seat, kind, args)
    check_prompt(prompt, command, SPELLS)
    _, events = run(state, command, SeededDice(b"terrain"))
    return command, events, decision


def _described(decision, spell: str) -> dict:
    spec = next(s for s in decision.options if s.type == "cast" and s.args["spell"] == spell)
    return spec.params["place"].describe()


@pytest.mark.parametrize("spell", ["Stone Wall", "Fire Wall"])
def test_a_wall_goes_up_between_the_enemy_and_the_leader_it_comes_for(spell):
    """Stone Wall: "10" long, 3" high, ½" thick, Permanent, Range = 10""; Fire
    Wall: "10" long, 3" high, fear ability, Units that cross it are attacked
    immediately (Attack roll +1), Range = 10"". An Orc 7" from the Cleric (a
    leader the bot keeps out of hand to hand) and the wall its only spell: the
    wall it raises crosses the line from the Orc to the Cleric and stands
    clear of every base (the server lays it)."""
    state = table(("a1", "Cleric", 180, 200), ("b1", "Orc", 180, 130, 180),
                  ("a2", "Swordsman", 330, 60), ("b2", "Orc", 330, 20, 180),
                  phase="ranged", acting="a", hands=(("a1", (spell,)),))
    command, events, decision = _bot_turn(state)
    assert command.type == "cast" and command.args["spell"] == spell
    wall = Polygon(terrain_change_corners(_described(decision, spell), command.args["place"]))
    assert wall.crossed_by((180, 130), (180, 200))  # across the Orc's way to the Cleric
    (changed,) = events_of(events, "terrain_changed")
    assert changed["piece"][2] == ("wall" if spell == "Stone Wall" else "open")


def test_alter_terrain_lays_mud_under_the_enemies_coming_on():
    """Alter Terrain: "Change the terrain in a 5" Radius permanently, (Add or
    remove obstacles), Range = 10"": two Orcs coming for the Wizard (6" off; a
    caster the bot keeps out of hand to hand) get a 5" patch of mud under them
    (half speed, "-1 Attacker on unstable ground"), the Wizard outside it."""
    state = table(("a1", "Wizard", 180, 200), ("b1", "Orc", 170, 140, 180),
                  ("b2", "Orc", 195, 140, 180), phase="ranged", acting="a",
                  hands=(("a1", ("Alter Terrain",)),))
    command, events, decision = _bot_turn(state)
    assert command.args["spell"] == "Alter Terrain" and command.args["place"][0] == "mud"
    mud = Polygon(terrain_change_corners(_described(decision, "Alter Terrain"),
                                         command.args["place"]))
    assert mud.locate((170, 140)) != "outside" and mud.locate((195, 140)) != "outside"
    assert mud.locate((180, 200)) == "outside"
    (changed,) = events_of(events, "terrain_changed")
    assert changed["piece"][2] == "unstable"


def test_alter_terrain_removes_the_wood_the_enemy_s_crossbows_shoot_from():
    """Alter Terrain "(Add or remove obstacles)" against "-1 Ranged attack vs
    unit partially under cover": two Orc Bolters stand in the wood; removing it
    (both lose their cover) beats mud under the one near enough to come on."""
    state = table(("a1", "Wizard", 100, 210), ("b1", "Orc Bolter", 75, 100, 180),
                  ("b2", "Orc Bolter", 120, 140, 180), phase="ranged", acting="a",
                  layout="wood_and_boulder", hands=(("a1", ("Alter Terrain",)),))
    command, events, _ = _bot_turn(state)
    assert command.args["spell"] == "Alter Terrain" and command.args["place"][0] == "remove"
    (changed,) = events_of(events, "terrain_changed")
    assert "wood" in changed["removed"] and "boulder" not in changed["removed"]


def test_stone_to_mud_destroys_the_wall_across_its_archer_s_sight():
    """Stone to Mud: "Destroys Earth obstacles (10" length of wall) Range =
    10"": a stone wall stands between the Yeoman and the Orc it would shoot
    (and across the Wizard's way to it); the bot destroys it."""
    wall = ("stone wall 1", ((50, 130), (150, 130), (150, 135), (50, 135)), "wall", True, 30)
    state = table(("a1", "Wizard", 160, 200), ("a2", "Yeoman", 100, 200),
                  ("b1", "Orc", 100, 60, 180), phase="ranged", acting="a",
                  hands=(("a1", ("Stone to Mud",)),))
    state = replace(state, layout=replace(state.layout, added=(wall,)))
    command, events, _ = _bot_turn(state)
    assert (command.args["spell"], command.args["piece"]) == ("Stone to Mud", "stone wall 1")
    assert events_of(events, "terrain_changed") == [{"removed": ["stone wall 1"]}]


def test_teleport_takes_a_leader_out_of_a_melee_it_is_losing():
    """Teleport: "Move self or unit within 10" anywhere on table": the Cleric (a
    leader) in contact with two Orcs goes to a place 6" or more from every
    enemy."""
    state = table(("a1", "Wizard", 200, 200), ("a2", "Cleric", 120, 150),
                  ("b1", "Orc", 120, 140, 180), ("b2", "Orc", 130, 150, 270),
                  phase="ranged", acting="a", hands=(("a1", ("Teleport",)),))
    command, events, _ = _bot_turn(state)
    assert (command.args["spell"], command.args["target"]) == ("Teleport", "a2")
    x, y = command.args["to"]
    assert all((x - ex) ** 2 + (y - ey) ** 2 >= (10 + 60) ** 2 for ex, ey in ((120, 140),
                                                                             (130, 150)))
    assert events_of(events, "teleported") == [{"figure": "a2", "to": [x, y]}]


def test_over_seeded_games_the_bot_casts_each_table_spell_and_is_never_refused():
    """SPELLS: "each spellcaster draws a number of cards equal to the number of
    spells they know": four Wizards (7 spells each) and a Cleric (4) draw the
    whole deck, so the bot holds every table-changing spell and Teleport. Over
    four seeded games against the random bot, from the wire prompts, it casts
    each of them at least once, and the server takes every command it sends."""
    army = army_list("medieval-men")
    for i in (2, 3, 4, 5):
        army["units"][i] = {"unit": "Wizard"}
    setup = {"options": {"armies": {"a": army, "b": army_list("orcs")}}}
    cast: Counter = Counter()
    for seed in range(4):
        bots = {"a": HeuristicBot(seed), "b": RandomBot(seed)}
        state, dice = SYSTEM.initial(setup), SeededDice(seed.to_bytes(8, "big"))
        while not SYSTEM.is_over(state):
            prompt = SYSTEM.prompt(state)
            decision = prompt.decisions[0]
            view = SYSTEM.view(state, Viewer(decision.seat))
            command = Command(decision.seat, *bots[decision.seat].choose(decision.to_wire(),
                                                                        view))
            check_prompt(prompt, command, SPELLS)  # (raises on a command not offered)
            if command.seat == "a" and command.type == "cast":
                cast[command.args["spell"]] += 1
            state, _ = apply_command(SYSTEM, state, command, dice, checksums=False,
                                     keep_input=False)
    assert all(cast[spell] >= 1 for spell in TABLE_SPELLS), cast


def test_the_bot_walks_round_a_fire_wall():
    """Fire Wall: "Units that cross it are attacked immediately": a Swordsman
    going for an Orc beyond a fire wall chooses a move that does not cross it
    (there is one: the wall is 10" long)."""
    fire = ("fire wall 1", ((130, 170), (230, 170), (230, 175), (130, 175)), "open", True, 30)
    state = table(("a1", "Swordsman", 180, 200), ("b1", "Orc", 180, 60, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(fire,)))
    prompt = SYSTEM.prompt(state)
    view = SYSTEM.view(state, Viewer("a"))
    for seed in range(5):
        kind, args = HeuristicBot(seed).choose(prompt.for_seat("a").to_wire(), view)
        assert kind == "move"
        assert not Polygon(fire[1]).near_segment((180, 200), tuple(args["to"]), 0)
