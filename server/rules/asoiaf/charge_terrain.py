"""The charge terrain action (seed 004, CHARGE TERRAIN ACTION): "A charge terrain
combines a [move 1] and a SPECIAL ATTACK 1 action ... a model must be unengaged
and have LoS to its target terrain ... if they become in contact with the
target, roll for the SPECIAL ATTACK 1 action. The first number found on the
terrain description is the number of dice rolled ... If at least 1 die result is
equal to or higher than the target value (the second number), the charge
terrain action is a success. The terrain element is destroyed, and its token
flipped. If the terrain is successfully destroyed, the model who performed the
charge terrain action can surge forth 1 square."

Doors are the only terrain of the book on which a charge roll is written (the
pack's `charge = [dice, value]`); the state remembers each flipped door as
(opening index, state) in `State.doors`.

A large model charges a door as LARGE MODEL MOVEMENT moves it ("it only needs a
single free OPEN square all along the way ... must end its move ... in a group
of four OPEN squares"): its move ends on any four squares it may occupy, in
contact when one of them is a square the door is interacted with from; its
distance to the door is its nearest square's. Its surge: one of its four
squares steps 1 square through the door into the door's other square, and it
reorients on four free squares around it ("A large model may reorient after
surging forth, if possible"; "Large models can't be placed over walls")."""

from __future__ import annotations

from functools import cache

from server.rules.asoiaf import conditions, movement
from server.rules.asoiaf.battlefield import DOOR_CARDS, Battlefield
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.board.square import Square, footprint
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec, Decision

CHARGE_TERRAIN = "seed 004, CHARGE TERRAIN ACTION"
CHARGE_TERRAIN_AP = movement.MOVE_AP + 1  # the move and the SPECIAL ATTACK 1
D10 = 10


def battlefield(field: Battlefield, doors: tuple) -> Battlefield:
    """The scenario's battlefield with the doors flipped so far."""
    for index, state in doors:
        field = field.with_opening_state(field.openings[index], state)
    return field


@cache
def field_of(scenario: str, doors: tuple) -> Battlefield:
    """The packaged scenario's battlefield with its doors as they stand now
    (cached: every rule that needs the board of a state asks for it)."""
    from server.rules.asoiaf.scenarios import packaged_scenarios

    return battlefield(packaged_scenarios()[scenario].battlefield, doors)


def field_now(state: State) -> Battlefield:
    """The state's battlefield: its scenario's, with its doors as they stand."""
    return field_of(state.scenario, state.doors)


def flipped(doors: tuple, index: int, state: str) -> tuple:
    return tuple(sorted({**dict(doors), index: state}.items()))


def _roll(terrains, opening):
    """The [dice, value] of the opening's terrain card, () when it has none."""
    card = terrains.get(opening.card) if opening.card else None
    return tuple(card.charge) if card and card.charge else ()


def _gap(sq, opening, large: bool = False) -> int:
    """Squares from the model (standing on `sq`, or the four of a large model
    whose top-left it is) to the door's nearer square."""
    cells = footprint(Square(*sq)) if large else (sq,)
    return min(max(abs(c[0] - s.x), abs(c[1] - s.y)) for c in cells for s in opening.side)


def _touches(sq, opening, field: Battlefield, large: bool) -> bool:
    """"if they become in contact with the target": a square it stands on is one
    the door is interacted with from."""
    cells = footprint(Square(*sq)) if large else (Square(*sq),)
    touching = field.interact_squares(opening)
    return any(c in touching for c in cells)


def options(state: State, terrains, field: Battlefield, uid: str) -> dict[int, list]:
    """Chargeable doors (index) and the squares the charge's move may end on:
    nearer the door than the start, or in contact with it (one of the squares
    from which it is interacted with: our reading of "in contact")."""
    model = state.model(uid)
    if model.ap < CHARGE_TERRAIN_AP or movement.is_engaged(state, field, uid):
        return {}
    here = Square(*model.square)
    others = [sq for m in state.models if m.on_battlefield and m.uid != uid for sq in m.squares]
    found = {}
    for index, opening in enumerate(field.openings):
        if not _roll(terrains, opening) \
                or not field.sees_opening(list(model.squares), opening, others):
            continue
        ends = [[sq.x, sq.y] for sq in movement.move_destinations(state, field, uid)
                if _touches(sq, opening, field, model.large)
                or _gap(sq, opening, model.large) < _gap(here, opening, model.large)]
        if ends:
            found[index] = ends
    return found


def specs(state: State, terrains, field: Battlefield, uid: str) -> list[CommandSpec]:
    return [CommandSpec("charge_terrain", args={"opening": door}, params={"square": ends})
            for door, ends in options(state, terrains, field, uid).items()]


def decision(state: State) -> Decision:
    seat = state.model(state.surging).seat if state.surging else state.to_act
    return Decision(seat, "The door is broken: surge forth 1 square, or hold.",
                    (CommandSpec("surge", params={"square": [list(sq) for sq in state.surge]}),
                     CommandSpec("hold")))


def roll(state: State, terrains, field: Battlefield, uid: str, index: int, square,
         dice: Dice) -> dict:
    """The event data: the move, then the SPECIAL ATTACK roll if the model ends
    in contact with the door."""
    opening = field.openings[index]
    data = {"model": uid, "opening": index, "square": list(square), "faces": [],
            "results": [], "destroyed_into": ""}
    model = state.model(uid)
    if _touches(square, opening, field, model.large):
        count, value = _roll(terrains, opening)
        faces = dice.roll(count, D10)
        # the model's roll: shaken takes 2 from every die but a natural 10
        results = conditions.results(faces, Condition.SHAKEN in model.conditions)
        data["faces"], data["results"] = list(faces), list(results)
        if any(r >= value for r in results):
            data["destroyed_into"] = DOOR_CARDS[terrains[opening.card].destroyed_into]
    return data


def charged(state: State, field: Battlefield, d: dict) -> State:
    """Move, spend the AP (none for a granted one: granted.py), flip a destroyed
    door, and offer the surge."""
    model = state.model(d["model"])
    spent = 0 if d.get("granted") else CHARGE_TERRAIN_AP
    model = replace(model, square=tuple(d["square"]), ap=model.ap - spent)
    if d["faces"]:  # "After this roll is made, remove the [shaken token]"
        model = conditions.after_roll(model)
    state = state.with_model(model)
    if not d["destroyed_into"]:
        return state
    doors = flipped(state.doors, d["opening"], d["destroyed_into"])
    state = replace(state, doors=doors, surging=model.uid if d.get("granted") else "")
    return replace(state, surge=tuple(surge_squares(state, battlefield(field, doors),
                                                    model.uid, d["opening"])))


def surge_squares(state: State, field: Battlefield, uid: str, index: int) -> list:
    """"can surge forth 1 square": one step, through the broken door, into a free
    square of the door's side (our reading: the surge is the charge's momentum
    carrying it through)."""
    model = state.model(uid)
    enemies = [sq for m in state.models if m.on_battlefield and m.seat != model.seat
               for sq in m.squares]
    friends = [sq for m in state.models
               if m.on_battlefield and m.seat == model.seat and m.uid != uid for sq in m.squares]
    if model.large:
        return _large_surge(field, model, field.openings[index], enemies + friends)
    steps = field.movement.reachable(Square(*model.square), 1, enemies, friends)
    return sorted((sq.x, sq.y) for sq in field.openings[index].side
                  if sq in steps and steps[sq] == 1)


def _large_surge(field: Battlefield, model, opening, others) -> list:
    """The top-left squares of the fours a large model may stand on after one of
    its squares stepped 1 square into the door's square it does not stand on."""
    own = set(model.squares)
    board = field.movement
    found = set()
    for square in opening.side - own:
        if square in others or not any(
                board.reachable(cell, 1, others).get(square) == 1 for cell in own):
            continue
        for dx in (0, -1):
            for dy in (0, -1):
                anchor = Square(square.x + dx, square.y + dy)
                if board.can_place_large(anchor, others):
                    found.add((anchor.x, anchor.y))
    return sorted(found)


def surger(state: State) -> str:
    """The model that broke the door: a granted charge's, else the active one."""
    return state.surging or state.active_model


def surged(state: State, square) -> State:
    if square:
        model = state.model(surger(state))
        state = state.with_model(replace(model, square=tuple(square)))
    return replace(state, surge=(), surging="")
