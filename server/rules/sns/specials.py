"""Special attacks of the unit lists (seed 003, SAMPLE UNITS) made in the ranged
phase: the Dragon's "Fire breath (Range = 4" affects all units in 30 degree
cone. Attack roll +2. Useable 3x per day)" and the Goblin Powder Keg's "Bomb
strapped to back (1" Radius, Attack roll +2)". Each is the figure's attack of
the turn; every figure in the area is attacked, friend or foe."""

from __future__ import annotations

from server.rules.board.measured import cone_from_front, in_radius, inches
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec
from server.rules.sns import combat, movement
from server.rules.sns.attacks import Attack
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

BREATH_RANGE = 4   # inches
BREATHS = 3        # "Useable 3x per day": a battle is a day
BOMB_RADIUS = 1    # inches, from the bomber's rim
BONUS = 2          # both: "Attack roll +2"


def options(state: State, figure: Figure) -> list[CommandSpec]:
    prof = figure_profile(figure)
    if not figure.can_act or figure.routing or not combat.may_attack(state, figure):
        return []
    found = []
    if (prof.has("Fire breath") and figure.breaths < BREATHS
            and not movement.in_base_contact(state, figure)):
        found.append(CommandSpec("breathe", f"{figure.name} breathes fire (4\" cone)",
                                 {"figure": figure.uid}, {"facing": movement.Facings(
                                     lambda: movement.toward_nearest(state, figure),
                                     cone_inches=BREATH_RANGE)}))
    if prof.has("Bomb"):
        found.append(CommandSpec("detonate", f"{figure.name} sets off its bomb (1\" radius; "
                                 "it dies)", {"figure": figure.uid}))
    return found


def breathe(step: Stepper, uid: str, facing: int, dice: Dice) -> None:
    before = step.state
    dragon = before.figure(uid)
    cone = cone_from_front(dragon.base, facing, BREATH_RANGE)
    caught = [f for f in before.figures if f.on_table and f.uid != uid and cone.touches(f.base)]
    step.emit("breathed", figure=uid, facing=facing)
    _attack_all(step, before, uid, caught, "Fire breath", dice)


def detonate(step: Stepper, uid: str, dice: Dice) -> None:
    before = step.state
    bomber = before.figure(uid)
    reach = inches(BOMB_RADIUS) + bomber.radius
    caught = [f for f in before.figures if f.on_table and f.uid != uid
              and in_radius(bomber.base.centre, reach, f.base)]
    step.emit("detonated", figure=uid)
    _attack_all(step, before, uid, caught, "Bomb", dice)


def _attack_all(step: Stepper, before: State, uid: str, caught: list[Figure], weapon: str,
                dice: Dice) -> None:
    """Ranged attacks at "Attack roll +2", rolled as the attacker stood before."""
    for target in caught:
        attack = Attack(uid, target.uid, "ranged", weapon)
        (roll,) = dice.roll(1, 12)
        data = combat.rolled_attack(before, attack, roll, dice,
                                    [(BONUS, f"{weapon}: Attack roll +2")])
        step.emit("attacked", area=weapon, **data)
