"""Attacks tied to their weapons (seed 003, SAMPLE UNITS): the Dragon's
"Fire breath (...) or bite +2 Damage, Second attack: Claws +1 Damage, Third
attack: Tail sweep(Rear 90 degrees only)", the Elf maiden's "Second attack
(Unicorn horn)", the Elf Blade master's "Second attack (Sword or Dagger)" and
the Griffon Mount's "Beak attack, Claws (second attack)" (EXAMPLE OF A SPECIAL
HERO).

Read from the kit's order, as the book prints them: a figure's first attack
is made with its own weapon of the phase (attacks.weapon_for); every
"Additional attack" opens one more attack, and so does a mount bought as a
figure of its own ("Figure": "1 Hit, 1 Attack"); the first hand to hand
weapon (or Claws) after the opening is that attack's weapon. An attack
nothing follows is made with the figure's own weapon.

- A weapon printed for one arc (weapons.toml `arc`, the tail's "rear")
  reaches only an enemy there; beside it the figure's other attacks reach
  only enemies outside that arc (jaws and forelegs do not reach behind).
- A declared attack takes the first of its attacks not yet made this turn
  whose weapon reaches the target; an attack made before the hand to hand
  phase (a breath, a shot, a spell) spends the first.
docs/rules/sns.md, "Attacks tied to their weapons"."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from server.rules.board.measured import arc
from server.rules.sns.army.catalog import Weapon, load
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

OPENS_ATTACK = ("Additional attack", "Figure")
CREATURE_WEAPONS = ("Claws",)  # a creature's own attack the catalog lists as an ability


@dataclass(frozen=True)
class Slot:
    """One of a figure's attacks: its weapon ("": the figure's own weapon of the
    phase), whether a mount bought as a figure makes it, and the arc it reaches
    ("any", "rear", or "ahead": anywhere but the rear)."""

    weapon: str
    mount: bool = False
    arc: str = "any"


@functools.cache
def attack_slots(kit: tuple[str, ...]) -> tuple[Slot, ...]:
    catalog = load()
    slots: list[Slot] = [Slot("")]
    waiting: list[int] = []
    mount = False
    for text in kit:
        item = catalog.item(text.split("|")[0])
        if item.name in OPENS_ATTACK:
            mount = mount or item.name == "Figure"
            for _ in range(max(1, item.level)):
                slots.append(Slot("", mount))
                waiting.append(len(slots) - 1)
        elif waiting and _strikes(item):
            index = waiting.pop(0)
            arc_of = item.entry.arc if isinstance(item.entry, Weapon) else "any"
            slots[index] = Slot(item.name, slots[index].mount, arc_of)
    if any(s.arc == "rear" for s in slots):
        slots = [s if s.arc == "rear" else Slot(s.weapon, s.mount, "ahead") for s in slots]
    return tuple(slots)


def _strikes(item) -> bool:
    """A hand to hand weapon, or a creature's own attack (a bow is no attack's)."""
    if isinstance(item.entry, Weapon):
        return item.entry.category != "ranged"
    return item.name in CREATURE_WEAPONS


def slots_of(figure: Figure) -> tuple[Slot, ...]:
    return attack_slots(figure.kit)


def is_tied(figure: Figure) -> bool:
    """Whether any attack of the figure has a weapon of its own."""
    return any(s.weapon or s.mount for s in slots_of(figure))


def _reaches(figure: Figure, slot: Slot, target: Figure) -> bool:
    if slot.arc == "any":
        return True
    behind = arc(figure.base, figure.facing, target.base.centre) == "rear"
    return behind == (slot.arc == "rear")


def slots_used(state: State, figure: Figure, earlier: list[str]) -> list[int]:
    """The attacks made or declared this turn: the first ones for those made
    before the hand to hand phase, then one for each target in `earlier` (the
    targets of its attacks declared before, in order)."""
    used = list(range(min(figure.attacks_made, len(slots_of(figure)))))
    for uid in earlier:
        index = next_slot(figure, state.figure(uid), used)
        if index is not None:
            used.append(index)
    return used


def next_slot(figure: Figure, target: Figure, used: list[int]) -> int | None:
    return next((i for i, s in enumerate(slots_of(figure))
                 if i not in used and _reaches(figure, s, target)), None)


def slot_for_target(state: State, figure: Figure, target: Figure,
                    earlier: list[str] | None = None) -> int | None:
    """The attack the figure makes on `target` after its attacks on `earlier`
    (by default every attack it has declared this turn); None when no attack it
    has left reaches that target."""
    if earlier is None:
        earlier = [t for a, t, s in state.declared if a == figure.uid and not s]
    return next_slot(figure, target, slots_used(state, figure, earlier))


def slot_weapon(figure: Figure, index: int) -> str:
    """The weapon of the figure's attack `index` ("": its own weapon)."""
    slots = slots_of(figure)
    return slots[index].weapon if index < len(slots) else ""


def own_weapon_bonuses(figure: Figure, index: int) -> bool:
    """Whether the attack is made with the figure's own weapon, which a magic
    weapon's bonuses ("Magic sword +1", the Rune Sword's) belong to: not an
    attack with a weapon of its own (the unicorn's horn, the griffon's beak)."""
    return not slot_weapon(figure, index)


def by_mount(figure: Figure, index: int) -> bool:
    slots = slots_of(figure)
    return index < len(slots) and slots[index].mount


def has_mount(figure: Figure) -> bool:
    return any(s.mount for s in slots_of(figure))


def attacks_per_turn(figure: Figure) -> int:
    """"Each figure can make one attack per turn", plus its additional attacks
    and a mount's own ("1 Hit, 1 Attack")."""
    prof = figure_profile(figure)
    return 1 + prof.level("Additional attack") + prof.level("Figure")
