"""The Big Corpse Pile's interact action (seed 004, TERRAINS, BIG CORPSE PILE:
"SO MANY DEAD 0 — Perform 1 [will] test. On a success, all Blocked squares on
this Corpse Pile count as Open squares for this model until the end of the
turn"; INTERACT: "A model in contact with an element can interact with it").

In contact: adjacent to one of the pile's squares with nothing between (the
CONTACT test). "Until the end of the turn": the end of the activation in
progress, as lasting.py reads "turn" (PLAYING THE GAME: "Each time a player
does so, it is during their turn"); the pile's squares then count as OPEN for
this model alone (`State.corpse_open`, read by movement.own_field). An action of
0 AP could be tried again and again: our reading, a model tries each pile once
an activation (`State.corpse_tried`). The will test is will_tokens.py's (LUCKY
CHARM and BLINDING POWDER are asked before it). Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import conditions, will_tokens
from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec, Event

CORPSE_PILE = "seed 004, TERRAINS, BIG CORPSE PILE"
TERRAIN = "big_corpse_pile"


def piles(field: Battlefield) -> list[int]:
    return [i for i, zone in enumerate(field.zones) if zone.terrain == TERRAIN]


def specs(state: State, pack, field: Battlefield, uid: str) -> list[CommandSpec]:
    model = state.model(uid)
    card = pack.terrains.get("Big Corpse Pile")
    if card is None or card.action is None or model.ap < (card.action.ap or 0):
        return []
    found = []
    for index in piles(field):
        if (uid, index) in state.corpse_tried:
            continue
        if field.in_contact(list(model.squares), sorted(field.zones[index].squares)):
            found.append(CommandSpec("interact_corpse_pile",
                                     label=f"{model.card} climbs the corpse pile "
                                           "(will test)", args={"zone": index}))
    return found


def event(state: State, pack, args: dict, dice) -> Event:
    """`corpse_pile_tested`: the will die rolled (`faces`) and whether it passed."""
    model = state.model(state.active_model)
    recorded = Recorded(dice)
    _, _, passed = will_tokens.roll(state, pack, recorded, model)
    return Event("corpse_pile_tested", {"model": model.uid, "zone": args["zone"],
                                        "faces": list(recorded.faces), "passed": passed})


def tested(state: State, pack, d: dict) -> State:
    """The tokens and lasting changes the roll used spent, the shaken token
    gone with the roll, the pile tried, and open to the model on a success."""
    model = state.model(d["model"])
    state, _, _ = will_tokens.roll(state, pack, Recorded(faces=d["faces"]), model)
    state = state.with_model(conditions.after_roll(state.model(d["model"])))
    key = (d["model"], d["zone"])
    state = replace(state, corpse_tried=state.corpse_tried + (key,))
    return replace(state, corpse_open=state.corpse_open + (key,)) if d["passed"] else state
