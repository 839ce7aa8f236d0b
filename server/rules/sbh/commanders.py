"""Overall commander and sub-commanders (seed 000, OPTIONAL: SUB-COMMANDERS).

"Buy all of them with the Leader special rule. Choose one of them as the
overall commander and the others as sub-commanders. As long as the overall
commander is alive and on the battlefield, the sub-commanders' leadership
range is 1 x Medium. When the overall commander dies, one of the
sub-commanders (your choice) becomes the new overall commander, and his
leadership radius is increased to 1 x Long. Note that the warband and the
sub-commanders make Morale checks for loss of a Leader only when the overall
commander dies or flees the battlefield."

Played with the match option `sub_commanders`. A warband list may name its
overall commander (`"commander": n`, the n-th model, counting from 1); by
default it is the first Leader in the list. Without the option every Leader
commands at Long and every Leader's loss is a loss of a Leader.
"""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh.figures import Figure
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import LONG, MEDIUM

SUB_COMMANDERS = "seed 000, OPTIONAL: SUB-COMMANDERS"


def enabled(state: SbhState) -> bool:
    return bool(state.options.get("sub_commanders"))


def first_commander(seat: str, warband: dict) -> str | None:
    """The figure id of a revealed list's overall commander."""
    models = warband["models"]
    chosen = warband.get("commander")
    if chosen is not None:
        return f"{seat}{chosen}"
    for index, model in enumerate(models, start=1):
        if any(r == "Leader" for r in model.get("rules", ())):
            return f"{seat}{index}"
    return None


def command_radius(state: SbhState, leader: Figure) -> int:
    """Long for the overall commander (and for every Leader without the option);
    Medium for a sub-commander while the overall commander is on the table."""
    if not enabled(state):
        return LONG
    commander_id = state.commanders.get(leader.seat)
    if commander_id is None or commander_id == leader.id:
        return LONG
    commander = state.figures.get(commander_id)
    return MEDIUM if commander is not None and commander.on_table else LONG


def loss_of_a_leader(state: SbhState, fig: Figure) -> bool:
    """Whether losing `fig` makes its warband test morale for the loss of a Leader."""
    if not fig.has("Leader"):
        return False
    return not enabled(state) or state.commanders.get(fig.seat) == fig.id


def succession(ctx, lost: Figure) -> None:
    """The overall commander is gone: its owner names a sub-commander as the new
    one (pushed after the morale tests, so it is settled before they roll: the
    new commander's radius decides who gets his +1)."""
    s = ctx.state
    if not enabled(s) or s.commanders.get(lost.seat) != lost.id:
        return
    heirs = sorted(f.id for f in s.on_table(lost.seat) if f.has("Leader") and f.id != lost.id)
    if len(heirs) == 1:
        ctx.emit("commander_named", seat=lost.seat, figure=heirs[0])
    elif heirs:
        ctx.push({"kind": "succession", "seat": lost.seat, "figure": lost.id,
                  "options": heirs})


def succession_specs(item: dict) -> list[CommandSpec]:
    return [CommandSpec("name_commander", "Name the new overall commander",
                        params={"figure": list(item["options"])})]
