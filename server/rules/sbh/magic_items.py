"""Quest for a Magic Item: what the item is and what it does (seed 000, QUEST FOR A
MAGIC ITEM and MAGIC ITEMS TABLE).

"A model must spend 2 actions to pick up the magic item. Roll a die on the magic
items table, below, to see what it is." The die is rolled when the item is first
picked up; dropped and picked up again, it stays what it was, with what is left of
its power. Its powers work for whoever carries it:

1) Magic sword: "Increase model's Combat by 2 until the player rolls a 1 in
   combat" -- +2 in melee until the carrier's own combat die shows a 1.
3) Magic cloak: "Model gets the Stealth special rule until the player rolls a 1
   in melee combat with that model" (not for a Heavy Armor wearer: HEAVY ARMOR
   "may not benefit from the Stealth rule").
4) Regeneration ring: "immune to poison and ignores the first kill or gruesome
   kill result it receives. The ring then loses its powers."
2) Magic javelins: thrown as a ranged attack, as Shooter (Short) at +1, one javelin
   a throw (no missile-expenditure roll: they are counted), by a carrier that has not
   attacked this turn (shooting.py).
5) strength belt and 6) scroll are found (their die rolls are recorded) but their
   use is not played yet (docs/rules/sbh.md).
"""

from __future__ import annotations

from server.rules.sbh.figures import Figure

ITEMS = {1: "magic sword", 2: "magic javelins", 3: "magic cloak", 4: "regeneration ring",
         5: "strength belt", 6: "scroll"}


def carried(state, fig: Figure, name: str) -> bool:
    """Whether `fig` carries the item `name` and it still has its power."""
    item = state.magic_item
    return (item is not None and item["name"] == name and not item.get("spent")
            and state.treasure_carrier == fig.id)


def found(ctx, fig: Figure) -> None:
    """Roll on the table the first time the item is picked up."""
    if ctx.state.magic_item is not None:
        return
    [die] = ctx.roll(1)
    extra = {}
    if die == 2:
        extra["javelins"] = ctx.roll(1)[0]  # "1 to 6 javelins (roll a die)"
    elif die == 5:
        extra["strength"] = 3
    elif die == 6:
        extra["quality"] = ctx.roll(1)[0]  # "the result is the Quality of the scroll"
    ctx.emit("magic_item_found", figure=fig.id, dice=[die], name=ITEMS[die], **extra)


def javelins_left(state, fig: Figure) -> int:
    """2) "Model finds 1 to 6 javelins ... thrown as a ranged attack with +1 on
    Combat ... treated as having the Shooter (Short) rule while using the javelins"."""
    if not carried(state, fig, "magic javelins"):
        return 0
    return state.magic_item.get("javelins", 0)


def melee_bonus(state, fig: Figure) -> int:
    return 2 if carried(state, fig, "magic sword") else 0


def cloaked(state, fig: Figure) -> bool:
    return carried(state, fig, "magic cloak") and not fig.has("Heavy Armor")


def after_melee(ctx, figures_and_dice) -> None:
    """A 1 on the carrier's combat die ends the sword's magic and tears the cloak."""
    for fig, die in figures_and_dice:
        for name in ("magic sword", "magic cloak"):
            if die == 1 and carried(ctx.state, fig, name):
                ctx.emit("magic_item_spent", figure=fig.id, name=name,
                         reason="rolled a 1 in melee")


def ring_saves(ctx, fig: Figure) -> bool:
    """The ring takes the first kill or gruesome kill: True if it did."""
    if not carried(ctx.state, fig, "regeneration ring"):
        return False
    ctx.emit("magic_item_spent", figure=fig.id, name="regeneration ring",
             reason="it ignored a kill")
    return True


def immune_to_poison(state, fig: Figure) -> bool:
    return carried(state, fig, "regeneration ring")
