"""Interacting with doors (seed 004, INTERACT 0, 1 or 2: "A model in contact
with an element can interact with it by using this action ... you choose
whether or not to interact with a [may]. Some interact actions may cost AP")
and the idle action (IDLE ACTION 1: "The model simply does nothing").

Doors: DOORS AND WINDOWS, "They can be interacted with from any of the adjacent
squares" (Battlefield.interact_squares: the six squares touching its side).
The action is the door token's terrain card's (data/packs/core/terrains.toml):
WOODEN DOOR "OPEN 1 — Flip this token", OPEN DOOR "CLOSE 1 — Flip this token",
the barred door "A model is in a square with a straddling barred door. They can
choose to spend 2 AP to destroy the barred door. They can then flip the barred
door terrain to a broken door and move 1 square": read as a model standing on
one of the two squares the door's side parts (the door straddles its square's
edge), which then may move 1 square by the MOVE ACTION's rules on the
battlefield with the door broken, or stay (`square` its own). The flip is
remembered in `State.doors`, as a charge terrain's. Windows have no card and
no interact action in the book. Rule module: reads state.py, never imports
system.py."""

from __future__ import annotations

from server.rules.asoiaf import charge_terrain, movement, terrain_entry
from server.rules.asoiaf.battlefield import DOOR_CARDS, Battlefield
from server.rules.asoiaf.cards.vocabulary import FlipTerrain, MoveModel
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec, Event

INTERACT = "seed 004, INTERACT 0, 1 or 2; DOORS AND WINDOWS"
IDLE = "seed 004, IDLE ACTION 1"
IDLE_AP = 1  # "IDLE ACTION 1"
VERBS = {"Open": "opens", "Close": "closes", "Destroy": "breaks down"}


def _action(terrains, opening):
    card = terrains.get(opening.card) if opening.card else None
    return card.action if card and card.action else None


def _move(action) -> int:
    """The squares the action moves its model afterwards (the barred door's 1)."""
    return next((e.squares for e in action.effects if isinstance(e, MoveModel)), 0)


def _into(action) -> str:
    return next(DOOR_CARDS[e.into] for e in action.effects if isinstance(e, FlipTerrain))


def _reaches(model, opening, field: Battlefield, straddling: bool) -> bool:
    """From where the door is interacted with: any adjacent square, or for an
    action that moves the model through it (the barred door), a square of the
    two its side parts."""
    where = opening.side if straddling else field.interact_squares(opening)
    return any(sq in where for sq in model.squares)


def door_specs(state: State, terrains, field: Battlefield, uid: str) -> list[CommandSpec]:
    """The doors the active model may interact with now, each in words."""
    model = state.model(uid)
    found = []
    for index, opening in enumerate(field.openings):
        action = _action(terrains, opening)
        if action is None or model.ap < (action.ap or 0) \
                or not _reaches(model, opening, field, bool(_move(action))):
            continue
        words = f"{model.card} {VERBS.get(action.name, action.name.lower())} the " \
                f"{opening.card.lower()}"
        params = {}
        if _move(action):
            params = {"square": [list(model.square),
                                 *_after_squares(state, field, uid, index, action)]}
        found.append(CommandSpec("interact_door", label=words,
                                 args={"opening": index, "action": action.name},
                                 params=params))
    return found


def _after_squares(state: State, field: Battlefield, uid: str, index: int, action) -> list:
    broken = field.with_opening_state(field.openings[index], _into(action))
    return movement.move_squares(state, broken, uid, _move(action))


def door_event(state: State, pack, field: Battlefield, args: dict, dice) -> Event:
    """`door_used`: the door flipped into its new state, the AP spent, and for the
    barred door the square moved to (with the terrain it entered)."""
    uid, index = state.active_model, args["opening"]
    opening = field.openings[index]
    action = _action(pack.terrains, opening)
    data = {"model": uid, "opening": index, "action": action.name,
            "from": opening.state, "into": _into(action), "ap": action.ap or 0,
            "square": None}
    square = args.get("square")
    if square is not None and list(square) != list(state.model(uid).square):
        broken = field.with_opening_state(opening, data["into"])
        data["square"] = list(square)
        data.update(terrain_entry.event_data(state, pack, broken, uid, square,
                                             _move(action), (), dice))
    return Event("door_used", data)


def door_used(state: State, pack, field: Battlefield, d: dict) -> State:
    """Flip the door, spend the AP, move the model if it moved (its terrain)."""
    state = replace(state, doors=charge_terrain.flipped(state.doors, d["opening"], d["into"]))
    model = state.model(d["model"])
    state = state.with_model(replace(model, ap=model.ap - d["ap"]))
    if d["square"] is None:
        return state
    model = state.model(d["model"])
    state = state.with_model(replace(model, square=tuple(d["square"])))
    field = field.with_opening_state(field.openings[d["opening"]], d["into"])
    return terrain_entry.replayed(state, pack, field, d["model"], d)


def idle_spec(state: State, uid: str) -> list[CommandSpec]:
    model = state.model(uid)
    if model.ap < IDLE_AP:
        return []
    return [CommandSpec("idle", label=f"{model.card} stands idle", args={"model": uid})]


def idled(state: State, uid: str) -> State:
    """The idle action: 1 AP spent, nothing else."""
    model = state.model(uid)
    return state.with_model(replace(model, ap=model.ap - IDLE_AP))

