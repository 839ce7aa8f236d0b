"""The charge action (seed 004, CHARGE ACTION): "A charge combines a [move 1]
and an ATTACK 1 action, in that order. To declare a charge, a model must be
unengaged and have LoS to its target model. The charging model must perform 1
[move] action towards its target and, if they become engaged with the target,
1 ATTACK 1 action against this target using a [close combat] attack mode"."""

from __future__ import annotations

from server.rules.asoiaf import coins, equipment_uses, movement, movement_abilities
from server.rules.asoiaf.attack_sequence import attack_specs, context
from server.rules.asoiaf.state import State, replace
from server.rules.asoiaf.targets import attack_targets
from server.rules.board.square import Square, footprint

CHARGE = "seed 004, CHARGE ACTION"
CHARGE_MOVE_AP = movement.MOVE_AP


def _distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _gap(first, second) -> int:
    """Squares between two models' nearest squares (a large model's four count)."""
    return min(_distance(a, b) for a in first for b in second)


def targets(state: State, field, uid: str, sees_all: bool = False) -> list[str]:
    """Enemies the model may charge: it is unengaged and sees them (other models
    block sight, as for a ranged attack; a large model's four squares all count;
    GLASS CANDLE sees all)."""
    return attack_targets(state, field, uid, "ranged", sees_all)


def squares(state: State, pack, field, uid: str, target_uid: str,
            ability=None) -> list[Square]:
    """The move's possible ends: a move action's destinations (with the squares
    abilities add) that end nearer the target than the model started ("towards
    its target", our reading: counted in squares, diagonals as 1, between the
    two models' nearest squares, so a large model's four all count)."""
    model = state.model(uid)
    goal = state.model(target_uid).squares
    start = _gap(model.squares, goal)
    # a destination is the model's (top-left) square: its footprint there
    return [sq for sq in movement_abilities.destinations(state, pack, field, uid, ability,
                                                         charging=True)
            if _gap(footprint(sq) if model.large else (sq,), goal) < start]


def reaches(state: State, field, uid: str, target_uid: str) -> bool:
    """"if they become engaged with the target": in contact with it after the move."""
    model, target = state.model(uid), state.model(target_uid)
    return field.in_contact(model.squares, target.squares)


def moved(state: State, uid: str, square, ap: int, purse) -> State:
    """The charge's move: the model on its new square, the whole charge's AP and
    coins paid now ("Spend all required coins" comes before resolving, step 4)."""
    model = state.model(uid)
    state = state.with_model(replace(model, square=tuple(square), ap=model.ap - ap))
    return replace(state, purses={**state.purses, model.seat: purse})


def specs(state: State, pack, field, uid: str) -> list:
    """The charge commands: one a close combat attack mode and target, with the
    squares the move may end on and the improvements the attacker can afford
    ("They declare whether they spend coins ... for the move action and the
    attack action", step 3); again with each movement ability it may use
    (`args.ability`, its coins set aside before the improvements)."""
    found = []
    model = state.model(uid)
    modes = pack.models[model.card].attacks
    for target in targets(state, field, uid, equipment_uses.sees_all(pack, model)):
        words = context(state, pack, field, uid, "close", True, target)
        # abilities adding squares (DARING DASH is for "a move action": our reading)
        extra = [a for a in movement_abilities.usable(state, pack, uid, words)
                 if movement_abilities.adds_squares(a)]
        for ability in [None, *extra]:
            ends = [list(sq) for sq in squares(state, pack, field, uid, target, ability)]
            if not ends:
                continue
            paying = state
            if ability is not None:
                purse = coins.pay(state.purses[model.seat], ability.cost)
                paying = replace(state, purses={**state.purses, model.seat: purse})
            for index, mode in enumerate(modes):
                if mode.kind != "close":
                    continue
                for spec in attack_specs(paying, pack, field, uid, index, [target], "charge",
                                         CHARGE_MOVE_AP):
                    args = {**spec.args, "ability": ability.name} if ability else spec.args
                    found.append(replace(spec, args=args,
                                         params={**spec.params, "square": ends}))
    return found
