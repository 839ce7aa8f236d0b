"""Scenario end conditions and victory points (seed 000, SCENARIOS).

The game ends when a side has no figure left on the table, when all of a
side's figures are knocked down at the end of a turn (All-Out Battle and
Ambush only: below), when a player concedes,
when a scenario goal is met (the treasure carried off the table), or at the
agreed turn limit (match option `turn_limit`, none by default). The side with
more victory points wins; equal points are a draw.

Victory points, per scenario ("defeated" = killed, routed off the table, or
knocked down when counted):
- All-Out Battle, On Difficult Ground: 1 per 20 points of defeated opponents.
- Ambush: 1 per 20 (attacker) or per 30 (defender) points of defeated opponents.
- Treasure Hunt: 1 per 25, plus 5 for carrying the treasure off one's baseline.
- Place of Power: 1 per 25, plus 3 per magic-user standing on the Place of Power.
- Quest for a Magic Item: 1 per 25 points of "defeated opponents (killed or
  routed off the table)" -- its own definition: knocked down models do not
  count -- plus 3 for getting the magic item (read as: the side holding it
  when the game ends).

All knocked down: seed 000, ALL-OUT BATTLE (and AMBUSH) end the game when "all
models on one side are defeated (routed off the table, knocked down or
killed)", checked at the end of a turn; a side with a figure still hidden
behind an Ambush marker or carried by a mount has one that is not knocked down.
Only those two scenarios say so. ON DIFFICULT GROUND ends only when "all models
on one side have fled out of the tabletop or are dead"; TREASURE HUNT, PLACE OF
POWER and QUEST FOR A MAGIC ITEM take only their terrain "as per All-Out
Battle" and state no end, so END OF THE GAME's "until one side is wiped out
(all models are killed or run off the table)" holds there: knocked down models
do not end them.
"""

from __future__ import annotations

from server.rules.sbh.state import SEATS, SbhState, other

# seed 000, BASIC SCENARIOS TABLE (ROLL ONE DIE): the scenario for each result, 1-6.
# "If you do not have a GM, you may determine what scenario will be fought rolling one
# die on the Scenarios table after players have designed their warbands": the match
# option scenario = RANDOM_SCENARIO (setup.do_submit_list rolls it).
BASIC_SCENARIOS_TABLE = ("all_out_battle", "ambush", "treasure_hunt", "place_of_power",
                         "on_difficult_ground", "quest_for_a_magic_item")
RANDOM_SCENARIO = "random"
# Each scenario's name as the lobby offers it (the `catalog` request's `scenarios`).
SCENARIO_NAMES = {"all_out_battle": "All-Out Battle", "ambush": "Ambush",
                  "treasure_hunt": "Treasure Hunt", "place_of_power": "Place of Power",
                  "on_difficult_ground": "On Difficult Ground",
                  "quest_for_a_magic_item": "Quest for a Magic Item",
                  RANDOM_SCENARIO: "Random (one die, once both lists are in)"}

# The scenarios whose text ends the game when every model of a side is knocked down.
KNOCKED_DOWN_ENDS = ("all_out_battle", "ambush")
VP_DIVISOR = {"all_out_battle": 20, "on_difficult_ground": 20, "ambush": 20,
              "treasure_hunt": 25, "place_of_power": 25, "quest_for_a_magic_item": 25}


def victory_points(state: SbhState) -> dict[str, int]:
    scenario = state.options.get("scenario", "all_out_battle")
    # seed 000, QUEST FOR A MAGIC ITEM: "(killed or routed off the table)"
    knocked_down = scenario != "quest_for_a_magic_item"
    lost = dict.fromkeys(SEATS, 0)  # points of each side's defeated figures (every view asks)
    for f in state.figures.values():
        if f.status in ("dead", "fled") or (knocked_down and f.fallen and f.status == "ready"
                                            and f.pos is not None):
            lost[f.seat] += f.points
    points = {}
    for seat in SEATS:
        divisor = VP_DIVISOR[scenario]
        if scenario == "ambush" and state.attacker is not None and seat != state.attacker:
            divisor = 30
        vp = lost[other(seat)] // divisor
        if scenario == "treasure_hunt" and state.treasure_escaped_by == seat:
            vp += 5
        if scenario == "quest_for_a_magic_item" and state.treasure_carrier is not None \
                and state.figures[state.treasure_carrier].seat == seat:
            vp += 3
        if scenario == "place_of_power":
            vp += 3 * sum(1 for f in state.on_table(seat)
                          if f.has("Magic-User") and f.pos in state.place_of_power)
        points[seat] = vp
    return points


def wiped_out(state: SbhState) -> list[str]:
    """Sides with no figure on the table (or hidden behind an Ambush marker)."""
    present = set()
    for f in state.figures.values():  # (Figure.on_table inlined: asked after every event)
        if f.status == "ready" and f.pos is not None and f.seat not in present:
            present.add(f.seat)
            if len(present) == len(SEATS):
                return []
    if state.markers:
        present.update(state.figures[m["figure"]].seat for m in state.markers.values()
                       if m["figure"] is not None)
    return [seat for seat in SEATS if seat not in present]


def all_knocked_down(state: SbhState) -> list[str]:
    """Sides whose every figure still in the battle lies fallen on the table (a
    figure hidden behind an Ambush marker or carried aboard a mount is in the
    battle and not knocked down). Only in All-Out Battle and Ambush."""
    if state.options.get("scenario", "all_out_battle") not in KNOCKED_DOWN_ENDS:
        return []
    sides = []
    for seat in SEATS:
        in_battle = [f for f in state.side(seat) if f.status == "ready"]
        if state.on_table(seat) and all(f.on_table and f.fallen for f in in_battle):
            sides.append(seat)
    return sides


def goal_met(state: SbhState) -> bool:
    return state.treasure_escaped_by is not None


def winner_by_points(state: SbhState) -> str | None:
    vp = victory_points(state)
    if vp["a"] == vp["b"]:
        return None
    return "a" if vp["a"] > vp["b"] else "b"
