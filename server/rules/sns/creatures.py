"""The Dragon's three attacks, each with its own weapon (seed 003, SAMPLE
UNITS, Dragon: "Fire breath (...) or bite +2 Damage, Second attack: Claws +1
Damage, Third attack: Tail sweep(Rear 90 degrees only)").

- The first attack is the breath (ranged phase, specials.py) or the bite; a
  breath spends it, so a dragon that breathed has its claws and tail left.
- The bite and the claws strike an enemy outside the rear arc; the tail sweep
  only one inside it ("Rear 90 degrees only"), as the arcs of
  board/measured.py decide.
- A declared attack takes the first of its weapons the dragon has not used
  this turn: on a front or side enemy the bite, then the claws.
docs/rules/sns.md, "A creature's own attacks"."""

from __future__ import annotations

from server.rules.board.measured import arc
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

BITE, CLAWS, TAIL = "Bite", "Claws", "Tail sweep"
AHEAD = (BITE, CLAWS)  # in the order the unit list numbers them


def has_tied_attacks(figure: Figure) -> bool:
    return figure_profile(figure).tail


def in_rear(dragon: Figure, target: Figure) -> bool:
    return arc(dragon.base, dragon.facing, target.base.centre) == "rear"


def weapons_used(state: State, dragon: Figure, earlier: list[str]) -> list[str]:
    """Its weapons used this turn: the bite if it breathed (its one attack
    before the hand to hand phase), then one a target in `earlier` (the
    targets of its attacks declared before, in order)."""
    used = [BITE] if dragon.attacks_made else []
    for uid in earlier:
        weapon = next_weapon(state, dragon, state.figure(uid), used)
        if weapon:
            used.append(weapon)
    return used


def next_weapon(state: State, dragon: Figure, target: Figure, used: list[str]) -> str | None:
    if in_rear(dragon, target):
        return TAIL if TAIL not in used else None
    return next((w for w in AHEAD if w not in used), None)


def weapon_for_target(state: State, dragon: Figure, target: Figure,
                      earlier: list[str] | None = None) -> str | None:
    """The weapon of the dragon's attack on `target`, after its attacks on
    `earlier` (by default every attack it has declared this turn); None when
    no weapon it has left reaches that target."""
    if earlier is None:
        earlier = [t for a, t, s in state.declared if a == dragon.uid and not s]
    return next_weapon(state, dragon, target, weapons_used(state, dragon, earlier))
