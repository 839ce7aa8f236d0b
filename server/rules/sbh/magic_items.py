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
5) Strength belt: "3 Strength points ... Each point can be used to add +1 to one
   melee Combat roll. More points can be combined on a single roll. These
   Strength points may be used even during the opponent's turn." Once both
   combat dice of a melee (or free hack) of the carrier are rolled and any Hero
   has decided on a re-roll, the carrier's owner may spend points on it.
6) Scroll: "Roll one die: the result is the Quality of the scroll. Model can cast
   a spell from the scroll by making a Quality roll using the scroll's Quality, in
   the same way as a magic-user would cast a spell. If the model is already a
   magic-user and the spell casting roll from the scroll is a triple failure, the
   magic user does not run out of magical power (he has used the power of the
   scroll and not his own!)". The carrier activates declaring a cast from the
   scroll and rolls against the scroll's Quality (with the modifiers of his own
   Quality rolls). As with a spellcasting bonus (seed 000, MAGIC: "apply the bonus
   only to the dice that are used to cast"), a success only the scroll's Quality
   gives is for the spell alone. Three failures exhaust the scroll, not the mage.
"""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.quality import roll_quality, succeeds

ITEMS_TABLE = "seed 000, QUEST FOR A MAGIC ITEM, MAGIC ITEMS TABLE"

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


# -- 6) the scroll: an activation rolled against the scroll's Quality --------------

def scroll_quality(state, fig: Figure) -> int | None:
    return state.magic_item.get("quality") if carried(state, fig, "scroll") else None


def scroll_options(state, ready: list[Figure]) -> list[CommandSpec]:
    return [CommandSpec("activate", f"Activate {f.name}, casting a spell from the scroll "
                        f"(Quality {scroll_quality(state, f)})", args={"scroll": True},
                        params={"figure": [f.id], "dice": [1, 2, 3]})
            for f in ready if f.pos is not None and scroll_quality(state, f) is not None]


def roll_for_scroll(ctx, fig: Figure, dice: int) -> dict:
    quality = scroll_quality(ctx.state, fig)
    if quality is None:
        raise illegal(f"{fig.name} carries no scroll with power left.", ITEMS_TABLE)
    scroll = (f"the scroll's Quality {quality}", fig.effective_quality - quality)
    return roll_quality(ctx, fig, dice, situational=(scroll,))


def scroll_only_successes(state, fig: Figure, roll: dict) -> int:
    """Dice that succeed against the scroll's Quality but not the figure's own."""
    own = roll["target"] + fig.effective_quality - state.magic_item["quality"]
    return sum(1 for d in roll["dice"] if succeeds(d, roll["target"]) and not succeeds(d, own))


# -- 5) the strength belt: a choice after the melee dice are rolled ------------------

def strength_left(state, fig: Figure) -> int:
    return state.magic_item.get("strength", 0) if carried(state, fig, "strength belt") else 0


def offer_strength(ctx, spec: dict) -> bool:
    """Ask the carrier's owner (once per roll) whether to spend Strength points on
    this melee; True if the combat now waits for the answer."""
    for fid in (spec["attacker"], spec["defender"]):
        left = strength_left(ctx.state, ctx.state.figures[fid])
        if left and fid not in spec.get("belt_asked", ()):
            ctx.push({"kind": "strength_belt", "seat": ctx.state.figures[fid].seat,
                      "figure": fid, "combat": spec, "points": list(range(left + 1))})
            return True
    return False


def strength_bonus(spec: dict, fig: Figure) -> int:
    return spec.get("strength", {}).get(fig.id, 0)


def pending_text(state, item: dict) -> str:
    name = state.figures[item["figure"]].name
    dice = item["combat"]["dice"]
    return (f"{name} may spend the strength belt's points, +1 each, on this melee "
            f"(dice {dice[0]} against {dice[1]}; {item['points'][-1]} left)")


def pending_specs(item: dict) -> list[CommandSpec]:
    return [CommandSpec("spend_strength", "Spend Strength points (+1 each)",
                        params={"points": list(item["points"])})]


def spend_strength(ctx, args: dict) -> dict:
    """The carrier's answer to a `strength_belt` item: the points spent on the
    melee, and the combat to go on with (attacks.strength_spent goes on)."""
    item = ctx.state.pending[-1]
    points = args.get("points")
    if type(points) is not int or points not in item["points"]:
        raise illegal(f"Spend from 0 to {item['points'][-1]} Strength points.", ITEMS_TABLE)
    ctx.pop()
    spec = dict(item["combat"], belt_asked=[*item["combat"].get("belt_asked", ()),
                                            item["figure"]])
    if points:
        left = item["points"][-1] - points
        ctx.emit("strength_spent", figure=item["figure"], points=points, left=left)
        spec["strength"] = {**spec.get("strength", {}), item["figure"]: points}
    return spec
